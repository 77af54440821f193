//! `crystal-clans-tools bench discord`: the real bot (the same `discord::client` as `serve`,
//! images on, a SQLite store with the default durability in a scratch folder) driven
//! through the fake Discord on loopback (`crate::fake_discord`) by many matches at
//! once, each played by its own two users clicking legal choices.
//!
//! Measured, from the moment the fake sends an interaction on the gateway:
//! - **ack**: to the bot's acknowledgement (its interaction callback), every interaction;
//! - **board** (click to visible board): to the fake's acceptance of the bot's post of
//!   the board image (`match-ID-vVERSION.png` in the match's thread), for every input
//!   after which the board is posted (the match now waits for someone else, or is
//!   over). The fake keeps Discord's rate limits (5 posts per 5 s a channel) and the
//!   bot runs serenity's ratelimiter, so a post held back by it, or refused (429) and
//!   sent again, counts when it is accepted;
//! - **reply**: to the private follow-up (the bot's answer to the clicker), for context;
//! - **breakdown**: acknowledgement to board (saving, drawing, uploading), and
//!   acknowledgement to reply for the inputs without a board (saving, answering).
//!
//! The matches are all created first (those acknowledgements are reported apart, as
//! `setup_ack`: 100 interactions sent at the same instant), then played at once. Each
//! match is a closed loop: a player thinks (`think_ms`, random, so that the matches do
//! not click in step), clicks, waits for the reply, and so on. The fake and the simulated players run on their
//! own runtime (one thread) so that they are not queued behind the bot's tasks; the bot
//! runs on a default multi-threaded runtime as in `serve`. Every wait has a timeout: a
//! lost reply is reported as an error, never a hang.
//!
//! With `ai_matches`, that many more users each play a match against the AI (at
//! `ai_level`) for as long as the human matches play, starting a new one when one
//! ends; their acknowledgements are reported apart (`ai_ack`), so `ack` stays the
//! human matches' latency under the AI's load.

use crate::app::{AiSeats, App};
use crate::discord::{self, BotOptions, Clock};
use crate::fake_discord::{Fake, Recorded, TOKEN, lively_pick};
use crate::game::rng::below;
use crate::game::{Seat, State};
use crate::store::{Store, StoreOptions};
use poise::serenity_prelude as serenity;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;

/// The targets (release build, 50 matches at once). The board's is from the
/// turn-ending click to the board visible to the players (accepted by the fake) under
/// Discord's rate limits (5 posts per 5 s a channel), which the fake keeps.
pub const ACK_P99_TARGET_MS: f64 = 100.0;
pub const BOARD_P99_TARGET_MS: f64 = 1000.0;

/// How long any one answer of the bot may take before the run is an error.
const WAIT: Duration = Duration::from_secs(30);
/// How long a match's opening board may take after its Accept: thread creations in one
/// channel are rate-limited, and a burst of 200 accepts queues them for minutes.
const OPENING_WAIT: Duration = Duration::from_secs(600);
/// A match that has not ended after this many inputs is an error (the picker loops).
const MAX_INPUTS_PER_MATCH: usize = 3000;

#[derive(Debug, Clone)]
pub struct Options {
    /// Matches in progress at once (two users each).
    pub matches: usize,
    /// Board posts per match (turn-ending inputs); a match that ends sooner is followed
    /// by a new one between the same users.
    pub turns: usize,
    /// Mean pause of a player between the bot's reply and the next click (uniform
    /// between 0 and twice this), in milliseconds.
    pub think_ms: u64,
    /// The first deal's seed (the bot deals from seeds `seed`, `seed + 1`, ...).
    pub seed: u64,
    /// The store's pool size (`None`: the store's default), to see what contention
    /// between SQLite connections costs.
    pub db_connections: Option<u32>,
    /// Matches against the AI played alongside the human ones (one user each).
    pub ai_matches: usize,
    /// Their AI level (`easy`, `normal`, `hard`, `fast`).
    pub ai_level: String,
    /// AI decisions at once (`None`: the bot's default, one per core but one).
    pub ai_slots: Option<usize>,
}

/// The raw measurements of one run (milliseconds).
#[derive(Debug, Default, Clone)]
pub struct Measured {
    pub ack_ms: Vec<f64>,
    pub board_ms: Vec<f64>,
    pub reply_ms: Vec<f64>,
    /// Where the board's time goes: from the acknowledgement to the board (saving the
    /// input, drawing and uploading the image), for the inputs with a board.
    pub ack_to_board_ms: Vec<f64>,
    /// From the acknowledgement to the reply, for the inputs without a board (saving
    /// the input and answering: everything but the image).
    pub ack_to_reply_plain_ms: Vec<f64>,
    /// Inputs played (clicks on a choice).
    pub inputs: usize,
    /// Interactions sent while all matches play (inputs, and the challenges and
    /// accepts of the matches that follow one that ended).
    pub interactions: usize,
    /// The acknowledgements of the first challenges and accepts, all sent at once
    /// before the matches play (a burst no server sees; kept out of `ack_ms`).
    pub setup_ack_ms: Vec<f64>,
    /// From an Accept click to the player's answer ("Challenge accepted"), every match.
    pub accept_answer_ms: Vec<f64>,
    /// From an Accept click to the match's opening board in its thread: the thread's
    /// creation waits on the channel's rate limit, so a burst of accepts spreads here.
    pub opening_board_ms: Vec<f64>,
    pub matches_started: usize,
    pub matches_finished: usize,
    /// Board posts that came after an input the bench did not expect to end a turn.
    pub unexpected_boards: usize,
    /// Wall time of the concurrent phase.
    pub seconds: f64,
    /// Acknowledgements of the AI matches' interactions (their `play-ai` commands and
    /// clicks), kept out of `ack_ms`.
    pub ai_ack_ms: Vec<f64>,
    /// Clicks of the AI matches' users, and the AI's own moves.
    pub ai_match_inputs: usize,
    pub ai_moves: usize,
    pub ai_matches_started: usize,
    /// Every acknowledgement and board, when and where (to look at the slowest).
    pub ack_log: Vec<Sample>,
    pub board_log: Vec<Sample>,
    /// Requests the fake refused for Discord's rate limits (429) in the whole run.
    pub rate_limited: u64,
}

/// One measured latency: when its interaction was sent (seconds since the matches
/// started being created), in which match, how long.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub at_s: f64,
    pub match_id: i64,
    pub ms: f64,
}

impl Measured {
    fn merge(&mut self, o: Measured) {
        self.ack_ms.extend(o.ack_ms);
        self.board_ms.extend(o.board_ms);
        self.reply_ms.extend(o.reply_ms);
        self.ack_to_board_ms.extend(o.ack_to_board_ms);
        self.ack_to_reply_plain_ms.extend(o.ack_to_reply_plain_ms);
        self.inputs += o.inputs;
        self.interactions += o.interactions;
        self.matches_started += o.matches_started;
        self.matches_finished += o.matches_finished;
        self.unexpected_boards += o.unexpected_boards;
        self.ack_log.extend(o.ack_log);
        self.board_log.extend(o.board_log);
        self.ai_ack_ms.extend(o.ai_ack_ms);
        self.ai_match_inputs += o.ai_match_inputs;
        self.ai_moves += o.ai_moves;
        self.ai_matches_started += o.ai_matches_started;
        self.accept_answer_ms.extend(o.accept_answer_ms);
        self.opening_board_ms.extend(o.opening_board_ms);
    }
}

/// Runs the benchmark and prints the report as JSON; exit code 1 on an error (not on
/// a missed target).
pub fn cli(opts: Options) -> i32 {
    let runtimes = tokio::runtime::Runtime::new().and_then(|bot| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("fake-discord")
            .enable_all()
            .build()
            .map(|discord| (bot, discord))
    });
    let (bot_rt, discord_rt) = match runtimes {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bench discord: could not start the async runtimes: {e}");
            return 1;
        }
    };
    let load_start = loadavg();
    let result = bot_rt.block_on(run_on(bot_rt.handle(), discord_rt.handle(), &opts));
    let load_end = loadavg();
    discord_rt.shutdown_background();
    bot_rt.shutdown_background();
    match result {
        Ok(m) => {
            let r = report(&m, &opts, &load_start, &load_end);
            println!("{}", serde_json::to_string_pretty(&r).expect("json"));
            eprintln!("{}", r["summary"].as_str().unwrap_or(""));
            0
        }
        Err(e) => {
            eprintln!("bench discord: {e}");
            1
        }
    }
}

/// The first three fields of `/proc/loadavg` (the machine may be shared).
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unavailable".into())
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn summary(v: &[f64]) -> Value {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let r = |x: f64| (x * 10.0).round() / 10.0;
    json!({
        "count": s.len(),
        "p50_ms": r(percentile(&s, 0.50)),
        "p99_ms": r(percentile(&s, 0.99)),
        "max_ms": r(s.last().copied().unwrap_or(f64::NAN)),
    })
}

/// The report: counts, p50/p99/max of each latency, the targets and the verdicts.
pub fn report(m: &Measured, opts: &Options, load_start: &str, load_end: &str) -> Value {
    let ack = summary(&m.ack_ms);
    let board = summary(&m.board_ms);
    let (accept, opening) = (summary(&m.accept_answer_ms), summary(&m.opening_board_ms));
    let verdict = |s: &Value, target: f64| {
        if s["p99_ms"].as_f64().is_some_and(|p| p < target) {
            "PASS"
        } else {
            "FAIL"
        }
    };
    let (ack_verdict, board_verdict) = (
        verdict(&ack, ACK_P99_TARGET_MS),
        verdict(&board, BOARD_P99_TARGET_MS),
    );
    let line = format!(
        "bench discord ({} matches at once, {} against the AI): ack p50 {} ms p99 {} ms ({} of {ACK_P99_TARGET_MS} ms); \
         click to visible board p50 {} ms p99 {} ms ({} of {BOARD_P99_TARGET_MS} ms, under Discord's rate limits, {} answered 429); \
         accept answered p50 {} ms p99 {} ms, opening board p99 {} ms; load {load_start} -> {load_end}",
        opts.matches,
        opts.ai_matches,
        ack["p50_ms"],
        ack["p99_ms"],
        ack_verdict,
        board["p50_ms"],
        board["p99_ms"],
        board_verdict,
        m.rate_limited,
        accept["p50_ms"],
        accept["p99_ms"],
        opening["p99_ms"],
    );
    json!({
        "benchmark": "discord",
        "build": if cfg!(debug_assertions) { "debug" } else { "release" },
        "matches_at_once": opts.matches,
        "turns_per_match": opts.turns,
        "think_ms": opts.think_ms,
        "db_connections": opts.db_connections,
        "ai_matches": opts.ai_matches,
        "ai_level": opts.ai_level,
        "ai_slots": opts.ai_slots,
        "ai_matches_started": m.ai_matches_started,
        "ai_match_inputs": m.ai_match_inputs,
        "ai_moves": m.ai_moves,
        "ai_ack": summary(&m.ai_ack_ms),
        "seconds": (m.seconds * 10.0).round() / 10.0,
        "interactions": m.interactions,
        "interactions_per_second": ((m.interactions as f64 / m.seconds.max(1e-9)) * 10.0).round() / 10.0,
        "inputs": m.inputs,
        "matches_started": m.matches_started,
        "matches_finished": m.matches_finished,
        "unexpected_boards": m.unexpected_boards,
        "rate_limited_429": m.rate_limited,
        "ack": ack,
        "board": board,
        "reply": summary(&m.reply_ms),
        "setup_ack": summary(&m.setup_ack_ms),
        "accept_answer": accept,
        "opening_board": opening,
        "board_by_phase": by_phase(&m.board_log, opts.matches),
        "breakdown": {
            "ack_to_board": summary(&m.ack_to_board_ms),
            "ack_to_reply_without_board": summary(&m.ack_to_reply_plain_ms),
        },
        "targets": {"ack_p99_ms": ACK_P99_TARGET_MS, "board_p99_ms": BOARD_P99_TARGET_MS},
        "ack_verdict": ack_verdict,
        "board_verdict": board_verdict,
        "slowest_acks": slowest(&m.ack_log),
        "slowest_boards": slowest(&m.board_log),
        "loadavg_start": load_start,
        "loadavg_end": load_end,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        "summary": line,
    })
}

/// The boards split at the moment every match has posted its first one: the opening
/// burst (every match was created in the same instant, so their first boards are drawn
/// at once, which no server sees) and the steady play after it. The verdict stays on
/// all boards; this says where the slow ones are.
/// Only the `initial` matches count for the split (the lowest ids: a match that ends
/// is followed by a new one, whose first board is steady play).
fn by_phase(log: &[Sample], initial: usize) -> Value {
    let mut first: std::collections::BTreeMap<i64, f64> = std::collections::BTreeMap::new();
    for s in log {
        let t = first.entry(s.match_id).or_insert(s.at_s);
        *t = t.min(s.at_s);
    }
    let split = first.values().take(initial).copied().fold(0.0, f64::max);
    let (opening, steady): (Vec<&Sample>, Vec<&Sample>) = log.iter().partition(|s| s.at_s <= split);
    let ms = |v: &[&Sample]| v.iter().map(|s| s.ms).collect::<Vec<_>>();
    json!({
        "split_at_s": (split * 1000.0).round() / 1000.0,
        "opening": summary(&ms(&opening)),
        "steady": summary(&ms(&steady)),
    })
}

/// The ten slowest samples, slowest first.
fn slowest(log: &[Sample]) -> Value {
    let mut v = log.to_vec();
    v.sort_by(|a, b| b.ms.total_cmp(&a.ms));
    v.iter()
        .take(10)
        .map(|s| {
            json!({"sent_at_s": (s.at_s * 1000.0).round() / 1000.0, "match": s.match_id,
                   "ms": (s.ms * 10.0).round() / 10.0})
        })
        .collect()
}

/// A scratch directory for the database, removed when dropped.
struct ScratchDir(std::path::PathBuf);

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The bot, running on its runtime.
struct Bot {
    app: App,
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<()>,
}

/// Runs the whole benchmark: the bot's tasks on `bot`, the fake Discord and the
/// players on `discord` (the same handle twice is fine, e.g. in a test).
pub async fn run_on(bot: &Handle, discord: &Handle, opts: &Options) -> Result<Measured, String> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = ScratchDir(std::env::temp_dir().join(format!(
        "crystal-clans-bench-discord-{}-{nanos}",
        std::process::id()
    )));
    std::fs::create_dir_all(&dir.0).map_err(|e| format!("scratch folder: {e}"))?;
    let url = format!("sqlite://{}", dir.0.join("bench.db").display());
    let fake = discord
        .spawn(Fake::start())
        .await
        .map_err(|e| format!("the fake Discord did not start: {e}"))?;
    fake.drop_file_bytes();
    let api = fake.api.clone();
    let seed = opts.seed;
    let db_connections = opts.db_connections;
    let ai_slots = opts.ai_slots;
    let started = bot
        .spawn(async move {
            let mut store_opts = StoreOptions::new(url);
            if let Some(n) = db_connections {
                store_opts.max_connections = n;
            }
            let store = Store::open_with(store_opts)
                .await
                .map_err(|e| format!("the scratch database: {e}"))?;
            let app = App::new(store)
                .with_seeds(seed)
                .with_bot(Arc::new(AiSeats))
                .without_limits();
            let app = match ai_slots {
                Some(n) => app.with_ai_slots(n),
                None => app,
            };
            let bot_opts = BotOptions {
                token: TOKEN.into(),
                api_base: Some(api),
                tick: Duration::from_secs(30),
                clock: Clock::default(),
            };
            let mut client = tokio::time::timeout(WAIT, discord::client(app.clone(), &bot_opts))
                .await
                .map_err(|_| "the bot's client was not built in time".to_string())??;
            let shards = client.shard_manager.clone();
            let task = tokio::spawn(async move {
                if let Err(e) = discord::start(&mut client).await {
                    eprintln!("bench discord: the bot stopped: {e}");
                }
            });
            Ok::<_, String>(Bot { app, shards, task })
        })
        .await
        .map_err(|e| format!("the bot did not start: {e}"))??;
    let result = match fake.try_wait_ready(WAIT).await {
        Ok(()) => play_all(bot, discord, &fake, &started.app, opts).await,
        Err(e) => Err(e),
    };
    let Bot { app, shards, task } = started;
    let _ = bot
        .spawn(async move {
            let _ = tokio::time::timeout(WAIT, shards.shutdown_all()).await;
            task.abort();
            let _ = tokio::time::timeout(WAIT, app.store.close()).await;
        })
        .await;
    fake.disconnect();
    drop(dir);
    // A request Discord would refuse fails the run, even if the bot carried on.
    let violations = fake.violations();
    if !violations.is_empty() {
        let all: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(format!(
            "{} request(s) broke Discord's API:\n{}",
            violations.len(),
            all.join("\n")
        ));
    }
    let mut m = result?;
    m.rate_limited = fake.rate_limited();
    Ok(m)
}

/// Everything one simulated pair of players needs.
#[derive(Clone)]
struct Players {
    fake: Fake,
    app: App,
    bot: Handle,
    think_ms: u64,
    epoch: Instant,
}

/// A match being played, as the players track it (their own copy of the state,
/// advanced with the engine after each acknowledged input).
struct Running {
    id: i64,
    /// Where the board is posted (the match's thread, else its channel).
    thread: String,
    users: [u64; 2],
    state: State,
    version: i64,
    inputs: usize,
}

fn user_name(u: u64) -> String {
    format!("Player{}", u % 1000)
}

async fn play_all(
    bot: &Handle,
    discord: &Handle,
    fake: &Fake,
    app: &App,
    opts: &Options,
) -> Result<Measured, String> {
    let players = Players {
        fake: fake.clone(),
        app: app.clone(),
        bot: bot.clone(),
        think_ms: opts.think_ms,
        epoch: Instant::now(),
    };
    let pair = |k: usize| {
        let base = 740_000_000_000_000_000 + 2 * k as u64;
        [base, base + 1]
    };
    // Every match is created first, then all are played at once.
    let mut setups = vec![];
    for k in 0..opts.matches {
        let p = players.clone();
        setups.push(discord.spawn(async move {
            let mut m = Measured::default();
            let r = p.start_match(pair(k), &mut m).await;
            r.map(|r| (r, m))
        }));
    }
    let mut total = Measured::default();
    let mut running = vec![];
    let mut errors = vec![];
    for s in setups {
        match s.await {
            Ok(Ok((r, m))) => {
                total.setup_ack_ms.extend(m.ack_ms);
                total.matches_started += m.matches_started;
                total.accept_answer_ms.extend(m.accept_answer_ms);
                total.opening_board_ms.extend(m.opening_board_ms);
                running.push(r);
            }
            Ok(Err(e)) => errors.push(e),
            Err(e) => errors.push(format!("a player task failed: {e}")),
        }
    }
    if let Some(e) = errors.first() {
        return Err(format!(
            "{} of {} matches could not be created; first: {e}",
            errors.len(),
            opts.matches
        ));
    }
    // The AI matches play for as long as the human ones do.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut ai_tasks = vec![];
    for k in 0..opts.ai_matches {
        let p = players.clone();
        let stop = stop.clone();
        let level = opts.ai_level.clone();
        let user = 760_000_000_000_000_000 + k as u64;
        let seed = opts.seed.wrapping_mul(1000).wrapping_add(500 + k as u64);
        ai_tasks.push(discord.spawn(async move {
            let mut m = Measured::default();
            let r = p.play_ai(user, &level, seed, &stop, &mut m).await;
            (r, m)
        }));
    }
    let t0 = Instant::now();
    let mut tasks = vec![];
    for (k, r) in running.into_iter().enumerate() {
        let p = players.clone();
        let turns = opts.turns;
        let seed = opts.seed.wrapping_mul(1000).wrapping_add(k as u64);
        tasks.push(discord.spawn(async move {
            let mut m = Measured::default();
            let r = p.play(r, turns, seed, &mut m).await;
            (r, m)
        }));
    }
    for t in tasks {
        match t.await {
            Ok((r, m)) => {
                total.merge(m);
                if let Err(e) = r {
                    errors.push(e);
                }
            }
            Err(e) => errors.push(format!("a player task failed: {e}")),
        }
    }
    total.seconds = t0.elapsed().as_secs_f64();
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for t in ai_tasks {
        match t.await {
            Ok((r, m)) => {
                total.merge(m);
                if let Err(e) = r {
                    errors.push(format!("an AI match: {e}"));
                }
            }
            Err(e) => errors.push(format!("an AI match's player task failed: {e}")),
        }
    }
    if let Some(e) = errors.first() {
        return Err(format!(
            "{} of {} matches failed; first: {e}",
            errors.len(),
            opts.matches
        ));
    }
    Ok(total)
}

/// Milliseconds since the interaction `token` was sent, at `r`.
fn since_sent(fake: &Fake, token: &str, r: &Recorded) -> Result<f64, String> {
    let t0 = fake
        .sent_at(token)
        .ok_or_else(|| format!("the fake has no send time for {token}"))?;
    Ok(r.at.saturating_duration_since(t0).as_secs_f64() * 1000.0)
}

fn ms_between(a: &Recorded, b: &Recorded) -> f64 {
    b.at.saturating_duration_since(a.at).as_secs_f64() * 1000.0
}

impl Players {
    /// Waits for the bot's private answer to `token` for as long as the AI may take,
    /// or until `stop`; `Ok(None)` when stopped.
    async fn answer_or_stop(
        &self,
        token: &str,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Result<Option<Recorded>, String> {
        // A hard decision is 3 s; with every AI match queued for a slot, many of them.
        let deadline = Instant::now() + Duration::from_secs(600);
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            if let Ok(r) = self
                .fake
                .try_answer(token, Duration::from_millis(250))
                .await
            {
                return Ok(Some(r));
            }
            if Instant::now() > deadline {
                return Err(format!("no answer to {token} in 10 minutes"));
            }
        }
        Ok(None)
    }

    /// One user playing matches against the AI until `stop`, one after another.
    async fn play_ai(
        &self,
        user: u64,
        level: &str,
        seed: u64,
        stop: &std::sync::atomic::AtomicBool,
        m: &mut Measured,
    ) -> Result<(), String> {
        // `play-ai` offers its levels as choices, sent as their index.
        let choice = crate::ai::Level::ALL
            .iter()
            .position(|l| l.name() == level)
            .ok_or_else(|| format!("no AI level {level}"))?;
        let mut rng = Pcg32::seed_from_u64(seed);
        let rules = self.app.rules();
        let mut current: Option<i64> = None;
        let mut clicks = 0;
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            if self.think_ms > 0 {
                let ms = below(&mut rng, (2 * self.think_ms + 1) as u32) as u64;
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            let store = self.app.store.clone();
            let loaded = match current {
                Some(id) => Some(
                    self.on_bot(async move { store.load(id).await })
                        .await?
                        .map_err(|e| format!("reading AI match {id}: {e}"))?,
                ),
                None => None,
            };
            let waits = loaded
                .as_ref()
                .is_some_and(|l| l.state.winner.is_none() && l.state.waits_for(0));
            let l = match loaded {
                Some(l) if waits => l,
                loaded => {
                    if let Some(l) = loaded {
                        if l.state.winner.is_none() {
                            // The AI plays after the user's answer: its turn goes on.
                            tokio::time::sleep(Duration::from_millis(20)).await;
                            continue;
                        }
                        m.ai_moves += l.info.version as usize;
                    }
                    let t = self.fake.command(
                        user,
                        &user_name(user),
                        "play-ai",
                        json!([{"name": "level", "type": 4, "value": choice}]),
                        false,
                    );
                    self.ai_ack(&t, m).await?;
                    if self.answer_or_stop(&t, stop).await?.is_none() {
                        break;
                    }
                    let store = self.app.store.clone();
                    current = self
                        .on_bot(async move { store.active_matches_of_user(user).await })
                        .await?
                        .map_err(|e| format!("reading the AI match: {e}"))?
                        .first()
                        .map(|i| i.id);
                    if current.is_none() {
                        return Err("`play-ai` created no match".into());
                    }
                    m.ai_matches_started += 1;
                    continue;
                }
            };
            let legal = l.state.legal(rules, 0);
            let index = lively_pick(&legal, clicks);
            clicks += 1;
            let custom_id = format!("clans:{}:{}:in:{index}", l.info.id, l.info.version);
            let t = self.fake.click(user, &user_name(user), &custom_id, &[]);
            self.ai_ack(&t, m).await?;
            m.ai_match_inputs += 1;
            if self.answer_or_stop(&t, stop).await?.is_none() {
                break;
            }
        }
        // The AI's moves: every input of the matches played, less the user's clicks.
        if let Some(id) = current {
            let store = self.app.store.clone();
            if let Ok(Ok(info)) = self.on_bot(async move { store.info(id).await }).await {
                m.ai_moves += info.version as usize;
            }
        }
        m.ai_moves = m.ai_moves.saturating_sub(m.ai_match_inputs);
        Ok(())
    }

    async fn ai_ack(&self, token: &str, m: &mut Measured) -> Result<(), String> {
        let r = self
            .fake
            .try_ack(token, WAIT)
            .await
            .map_err(|e| format!("no acknowledgement of an AI match's interaction: {e}"))?;
        m.ai_ack_ms.push(since_sent(&self.fake, token, &r)?);
        Ok(())
    }

    /// Sends nothing; waits for the acknowledgement of `token` and records its latency.
    async fn ack(&self, token: &str, match_id: i64, m: &mut Measured) -> Result<Recorded, String> {
        m.interactions += 1;
        let r = self
            .fake
            .try_ack(token, WAIT)
            .await
            .map_err(|e| format!("no acknowledgement: {e}"))?;
        let ms = since_sent(&self.fake, token, &r)?;
        m.ack_ms.push(ms);
        m.ack_log.push(self.sample(token, match_id, ms));
        Ok(r)
    }

    fn sample(&self, token: &str, match_id: i64, ms: f64) -> Sample {
        let sent = self.fake.sent_at(token).unwrap_or(self.epoch);
        Sample {
            at_s: sent.saturating_duration_since(self.epoch).as_secs_f64(),
            match_id,
            ms,
        }
    }

    /// Runs a store query on the bot's runtime (where its pool lives).
    async fn on_bot<T: Send + 'static>(
        &self,
        f: impl std::future::Future<Output = T> + Send + 'static,
    ) -> Result<T, String> {
        self.bot.spawn(f).await.map_err(|e| e.to_string())
    }

    /// `/clans challenge` by `users[0]`, accepted by `users[1]`.
    async fn start_match(&self, users: [u64; 2], m: &mut Measured) -> Result<Running, String> {
        let [a, b] = users;
        let fake = &self.fake;
        let t = fake.command(
            a,
            &user_name(a),
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": b.to_string()}]),
            false,
        );
        let challenge = self.ack(&t, 0, m).await?;
        let accept = challenge
            .custom_ids()
            .into_iter()
            .find(|i| i.contains(":acc:"))
            .ok_or_else(|| format!("the challenge has no Accept button: {}", challenge.text()))?;
        let t = fake.click(b, &user_name(b), &accept, &[]);
        self.ack(&t, 0, m).await?;
        let answered = fake
            .try_answer(&t, WAIT)
            .await
            .map_err(|e| format!("no answer to an accept: {e}"))?;
        m.accept_answer_ms.push(since_sent(fake, &t, &answered)?);
        let store = self.app.store.clone();
        let id = self
            .on_bot(async move {
                let ms = store.active_matches_of_user(b).await?;
                Ok::<_, crate::store::StoreError>(ms.first().map(|info| info.id))
            })
            .await?
            .map_err(|e| format!("reading the new match: {e}"))?
            .ok_or("the accepted challenge created no match")?;
        // The player was answered first; the thread and the opening board follow, as
        // fast as the channel's thread creations are allowed.
        let name = format!("match-{id}-v0.png");
        let opening = fake
            .try_wait_for(
                |p| p.is_channel_post() && p.files.iter().any(|f| f.0 == name),
                OPENING_WAIT,
            )
            .await
            .map_err(|e| format!("match {id}: no opening board: {e}"))?;
        m.opening_board_ms.push(since_sent(fake, &t, &opening)?);
        let store = self.app.store.clone();
        let loaded = self
            .on_bot(async move { store.load(id).await })
            .await?
            .map_err(|e| format!("reading the new match: {e}"))?;
        m.matches_started += 1;
        let seat_user = |s: usize| loaded.info.seats[s].user().unwrap_or(0);
        Ok(Running {
            id: loaded.info.id,
            thread: opening
                .channel
                .clone()
                .unwrap_or_else(|| loaded.info.channel.to_string()),
            users: [seat_user(0), seat_user(1)],
            state: loaded.state,
            version: loaded.info.version,
            inputs: 0,
        })
    }

    /// Plays until `turns` boards were posted, starting a new match whenever one ends.
    async fn play(
        &self,
        mut r: Running,
        turns: usize,
        seed: u64,
        m: &mut Measured,
    ) -> Result<(), String> {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut boards = 0;
        while boards < turns {
            // Think first, so that the matches do not all click at the same moment.
            if self.think_ms > 0 {
                let ms = below(&mut rng, (2 * self.think_ms + 1) as u32) as u64;
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            if r.state.winner.is_some() {
                m.matches_finished += 1;
                r = self.start_match(r.users, m).await?;
            }
            if r.inputs >= MAX_INPUTS_PER_MATCH {
                return Err(format!(
                    "match {} did not end after {} inputs",
                    r.id, r.inputs
                ));
            }
            if self.input(&mut r, m).await? {
                boards += 1;
            }
        }
        if r.state.winner.is_some() {
            m.matches_finished += 1;
        }
        Ok(())
    }

    /// One click on a legal choice; whether the board was posted after it.
    async fn input(&self, r: &mut Running, m: &mut Measured) -> Result<bool, String> {
        let fake = &self.fake;
        let rules = self.app.rules();
        let seat: Seat = r.state.waiting()[0];
        let legal = r.state.legal(rules, seat);
        let index = lively_pick(&legal, r.inputs);
        let user = r.users[seat as usize];
        let before = r.state.clone();
        let custom_id = format!("clans:{}:{}:in:{index}", r.id, r.version);
        let t = fake.click(user, &user_name(user), &custom_id, &[]);
        let ack = self.ack(&t, r.id, m).await?;
        let reply = fake
            .try_answer(&t, WAIT)
            .await
            .map_err(|e| format!("match {}: no reply to `{custom_id}`: {e}", r.id))?;
        m.reply_ms.push(since_sent(fake, &t, &reply)?);
        if !reply.text().contains("Done") {
            return Err(format!(
                "match {}: `{custom_id}` was not applied: {}",
                r.id,
                reply.text()
            ));
        }
        r.state
            .apply(rules, seat, &legal[index])
            .map_err(|e| format!("match {}: the players' copy refused: {e:?}", r.id))?;
        r.version += 1;
        r.inputs += 1;
        m.inputs += 1;
        // The bot posts the board when someone new must act, a turn passed or the match
        // is over (right after it answers the clicker, so it is normally here already).
        let expected = crate::app::turn_log::posts_board(&before, &r.state);
        let name = format!("match-{}-v{}.png", r.id, r.version);
        let is_board = |p: &Recorded| p.is_channel_post() && p.files.iter().any(|f| f.0 == name);
        let wait = if expected { WAIT } else { Duration::ZERO };
        let board = match fake.try_wait_key(&r.thread, is_board, wait).await {
            Ok(b) => b,
            Err(_) if !expected => {
                m.ack_to_reply_plain_ms.push(ms_between(&ack, &reply));
                return Ok(false);
            }
            Err(e) => return Err(format!("match {}: no board `{name}`: {e}", r.id)),
        };
        if !expected {
            m.unexpected_boards += 1;
        }
        let ms = since_sent(fake, &t, &board)?;
        m.board_ms.push(ms);
        m.board_log.push(self.sample(&t, r.id, ms));
        m.ack_to_board_ms.push(ms_between(&ack, &board));
        Ok(true)
    }
}

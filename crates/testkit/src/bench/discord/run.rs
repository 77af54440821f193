//! The run: a scratch database and the real bot on its own runtime, the fake Discord
//! beside it, every match created at once and then played at once. Kept apart from the
//! players because this is the harness (startup, shutdown, collecting the tasks'
//! results and errors), while the players are what a single match does.

use super::players::Players;
use super::{Measured, Options, WAIT};
use crate::app::{AiSeats, App};
use crate::discord::{self, BotOptions, Clock};
use crate::fake_discord::{Fake, TOKEN};
use crate::store::{Store, StoreOptions};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;

/// A scratch directory for the database, removed when dropped.
struct ScratchDir(std::path::PathBuf);

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The bot, running on its runtime.
struct Bot {
    store: Store,
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
            let app = App::new(store.clone())
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
                user_install: false,
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
            Ok::<_, String>(Bot {
                store,
                shards,
                task,
            })
        })
        .await
        .map_err(|e| format!("the bot did not start: {e}"))??;
    let result = match fake.try_wait_ready(WAIT).await {
        Ok(()) => play_all(bot, discord, &fake, &started.store, opts).await,
        Err(e) => Err(e),
    };
    let Bot {
        store,
        shards,
        task,
    } = started;
    let _ = bot
        .spawn(async move {
            let _ = tokio::time::timeout(WAIT, shards.shutdown_all()).await;
            task.abort();
            let _ = tokio::time::timeout(WAIT, store.close()).await;
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

async fn play_all(
    bot: &Handle,
    discord: &Handle,
    fake: &Fake,
    store: &Store,
    opts: &Options,
) -> Result<Measured, String> {
    let players = Players {
        fake: fake.clone(),
        store: store.clone(),
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

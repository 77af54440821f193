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
//!
//! This file holds the options, the raw measurements and the entry point (`cli`); the
//! rest lives apart by concept: `run` (the scratch bot, the fake and the orchestration
//! of all matches), `players` (one simulated pair's clicks and what they time) and
//! `report` (the JSON and its verdicts).

mod players;
mod report;
mod run;

pub use report::{loadavg, report};
pub use run::run_on;

use std::time::Duration;

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

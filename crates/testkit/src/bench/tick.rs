//! `crystal-clans-tools bench tick`: how fast the scheduler drains a backlog of due reminders
//! (a bot that was down, or a burst of matches created together).
//!
//! A scratch SQLite store (durability as the bot's) holds `items` active matches, each
//! in its own thread with its reminder due. The backlog is drained twice through
//! `App::drain`, the bot's own timer loop, and `posting::post_all`, its poster:
//!
//! - store only: posts cost nothing, so this is the scheduler's own cost (load, claim);
//! - simulated Discord: every post waits for a global budget of `rate` requests a
//!   second and a per-channel budget of 5 per 5 seconds (Discord's limits, which
//!   serenity's ratelimiter enforces by waiting), then `latency_ms`.
//!
//! It checks that every reminder was posted exactly once, and compares the drain time
//! with the floor set by the rate limit and with the scheduler this replaced (50 items
//! a tick, a tick every 30 seconds, posts one after another).

use crate::app::{App, Outcome, posting, timers};
use crate::game::Setup;
use crate::store::{
    Deadlines, Durability, NewMatch, Player, Store, StoreOptions, Terms, block_on, now_ms,
};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Due reminders (one match each).
    pub items: usize,
    /// Simulated time of one post once Discord's limits let it go.
    pub latency_ms: u64,
    /// Simulated global limit, requests per second (Discord's is 50 for a bot).
    pub rate: f64,
    /// Posts in flight at once (the bot's setting).
    pub at_once: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            items: 10_000,
            latency_ms: 150,
            rate: 50.0,
            at_once: crate::discord::TIMER_POSTS_AT_ONCE,
        }
    }
}

/// Prints the report as JSON; exit code 0, or 1 when the drain went wrong.
pub fn cli(opts: Options) -> i32 {
    match block_on(run(opts)) {
        Ok(report) => {
            println!("{}", serde_json::to_string_pretty(&report).expect("json"));
            0
        }
        Err(e) => {
            eprintln!("bench tick: {e}");
            1
        }
    }
}

/// A scratch directory for the SQLite files, removed when dropped.
struct ScratchDir(std::path::PathBuf);

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one drain did.
struct Drain {
    seconds: f64,
    ticks: usize,
    reminders: usize,
    posts_per_channel: HashMap<Option<u64>, usize>,
    max_in_flight: usize,
}

impl Drain {
    fn report(&self, items: usize) -> Value {
        json!({
            "seconds": round3(self.seconds),
            "items_per_second": (items as f64 / self.seconds).round(),
            "ticks": self.ticks,
            "reminders": self.reminders,
            "max_posts_in_flight": self.max_in_flight,
        })
    }

    /// Every match's thread got exactly one post.
    fn check(&self, items: usize) -> Result<(), String> {
        let twice = self.posts_per_channel.values().filter(|&&n| n != 1).count();
        if self.posts_per_channel.len() != items || twice > 0 || self.reminders != items {
            return Err(format!(
                "{items} reminders due: {} reported, {} threads posted to, {twice} more than \
                 once",
                self.reminders,
                self.posts_per_channel.len()
            ));
        }
        Ok(())
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Discord's limits as serenity's ratelimiter meets them: a post waits for the global
/// budget and its channel's budget, then takes `latency`.
struct SimDiscord {
    latency: Duration,
    /// `None`: no limits and no latency (the store-only drain).
    gap: Option<Duration>,
    limits: Mutex<Limits>,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
    posts: Mutex<HashMap<Option<u64>, usize>>,
}

#[derive(Default)]
struct Limits {
    next_global: Option<Instant>,
    per_channel: HashMap<Option<u64>, VecDeque<Instant>>,
}

/// Discord's per-channel message limit: this many ...
const CHANNEL_BURST: usize = 5;
/// ... per this long.
const CHANNEL_WINDOW: Duration = Duration::from_secs(5);

impl SimDiscord {
    fn new(gap: Option<Duration>, latency: Duration) -> SimDiscord {
        SimDiscord {
            latency,
            gap,
            limits: Mutex::default(),
            in_flight: AtomicUsize::new(0),
            max_in_flight: AtomicUsize::new(0),
            posts: Mutex::default(),
        }
    }

    async fn post(&self, out: Outcome) {
        let n = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.max_in_flight.fetch_max(n, Ordering::SeqCst);
        if let Some(gap) = self.gap {
            let slot = {
                let mut l = self.limits.lock().unwrap();
                let mut slot = Instant::now().max(l.next_global.unwrap_or_else(Instant::now));
                let sent = l.per_channel.entry(out.channel).or_default();
                if sent.len() >= CHANNEL_BURST {
                    slot = slot.max(sent[sent.len() - CHANNEL_BURST] + CHANNEL_WINDOW);
                }
                sent.push_back(slot);
                if sent.len() > CHANNEL_BURST {
                    sent.pop_front();
                }
                l.next_global = Some(slot + gap);
                slot
            };
            tokio::time::sleep_until(slot.into()).await;
            tokio::time::sleep(self.latency).await;
        }
        *self.posts.lock().unwrap().entry(out.channel).or_default() += out.public.len();
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Drains everything due at `now` through `App::drain` and `post_all` into `sim`.
async fn drain(app: &App, now: i64, sim: Arc<SimDiscord>, at_once: usize) -> Drain {
    let started = Instant::now();
    let (tx, rx) = mpsc::channel(crate::discord::TIMER_QUEUE);
    let poster_sim = sim.clone();
    let poster = tokio::spawn(posting::post_all(
        rx,
        at_once,
        Duration::from_secs(60),
        move |out| {
            let sim = poster_sim.clone();
            async move { sim.post(out).await }
        },
    ));
    let reports = app.drain(&move || now, timers::TICK_BUDGET, &tx).await;
    drop(tx);
    poster.await.expect("the poster ends");
    let seconds = started.elapsed().as_secs_f64();
    Drain {
        seconds,
        ticks: reports.len(),
        reminders: reports.iter().map(|r| r.reminders).sum(),
        posts_per_channel: std::mem::take(&mut *sim.posts.lock().unwrap()),
        max_in_flight: sim.max_in_flight.load(Ordering::SeqCst),
    }
}

/// Makes every match's reminder due again (at `due`, in match order).
async fn rearm_all(store: &Store, due: i64) -> Result<(), String> {
    sqlx::query("UPDATE matches SET remind_at = $1 + id WHERE status = 'active'")
        .bind(due)
        .execute(store.pool())
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

pub async fn run(opts: Options) -> Result<Value, String> {
    let items = opts.items.max(1);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = ScratchDir(std::env::temp_dir().join(format!(
        "crystal-clans-bench-tick-{}-{nanos}",
        std::process::id()
    )));
    std::fs::create_dir_all(&dir.0).map_err(|e| e.to_string())?;
    let url = format!("sqlite://{}", dir.0.join("tick.db").display());

    // Setting up is not measured: synced commits only slow it down.
    let mut o = StoreOptions::new(url.clone());
    o.durability = Durability::Normal;
    let store = Store::open_with(o).await.map_err(|e| e.to_string())?;
    let setup_started = Instant::now();
    let now = now_ms();
    let terms = Terms {
        remind_minutes: Some(60),
        timeout_minutes: Some(7 * 24 * 60),
        ..Terms::default()
    };
    let clans = store.rules().pack.clans.len() as u64;
    for i in 0..items as u64 {
        store
            .create_match(NewMatch {
                guild: Some(1),
                channel: 2,
                reach: Default::default(),
                thread: Some(1_000_000 + i),
                seats: [Player::User(10 + 2 * i), Player::User(11 + 2 * i)],
                setup: Setup {
                    clans: [(i % clans) as u8, ((i / clans) % clans) as u8],
                    seed: i,
                    mulligan: false,
                },
                deadlines: Deadlines {
                    remind_at: Some(now - 3_600_000 + i as i64),
                    timeout_at: terms.deadlines(now).timeout_at,
                },
                terms: terms.clone(),
            })
            .await
            .map_err(|e| e.to_string())?;
    }
    let setup_seconds = setup_started.elapsed().as_secs_f64();
    store.close().await;

    // The bot's own durability from here on.
    let store = Store::open(&url).await.map_err(|e| e.to_string())?;
    let app = App::new(store.clone()).without_images();

    let free = drain(
        &app,
        now,
        Arc::new(SimDiscord::new(None, Duration::ZERO)),
        opts.at_once,
    )
    .await;
    free.check(items)?;

    rearm_all(&store, now - 3_600_000).await?;
    let gap = Duration::from_secs_f64(1.0 / opts.rate.max(0.001));
    let sim = Arc::new(SimDiscord::new(
        Some(gap),
        Duration::from_millis(opts.latency_ms),
    ));
    let limited = drain(&app, now, sim, opts.at_once).await;
    limited.check(items)?;
    store.close().await;

    let floor = items as f64 / opts.rate;
    let old = (items as f64 / 50.0).ceil() * 30.0;
    Ok(json!({
        "benchmark": "tick",
        "items": items,
        "setup_seconds": round3(setup_seconds),
        "simulated_discord": {
            "global_requests_per_second": opts.rate,
            "per_channel": format!("{CHANNEL_BURST} per {}s", CHANNEL_WINDOW.as_secs()),
            "latency_ms": opts.latency_ms,
            "posts_at_once": opts.at_once,
        },
        "store_only": free.report(items),
        "with_discord_limits": limited.report(items),
        "rate_limit_floor_seconds": round3(floor),
        "old_scheduler_model_seconds": old,
        "ratios": {
            "drain_vs_rate_limit_floor": round3(limited.seconds / floor),
            "store_share_of_drain": round3(free.seconds / limited.seconds),
            "old_scheduler_vs_drain": (old / limited.seconds * 10.0).round() / 10.0,
        },
        "every_reminder_posted_once": true,
    }))
}

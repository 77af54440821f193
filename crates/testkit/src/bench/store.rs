//! `crystal-clans-tools bench store`: the match store's costs, each beside a baseline measured
//! in the same run on the same database (absolute times on shared machines are noisy).
//!
//! - submit vs bare insert: p50/p99 of `Store::submit` (claim the version, apply, append
//!   the input, rewrite the snapshot, commit) against a transaction inserting one row
//!   into a one-table scratch table and committing, interleaved one for one.
//! - load: `Store::load` of a match with 500 inputs (from its snapshot), beside a
//!   replay of the same match from its inputs.
//! - memory: resident set of this process holding 10,000 stored matches with 1,000 of
//!   them loaded.

use crate::game::rng::below;
use crate::game::{Input, Rules, Seat, Setup, State};
use crate::store::{
    Backend, Deadlines, Durability, MatchId, NewMatch, Player, Store, StoreOptions, block_on,
    redact_url,
};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Prints the report as JSON; exit code 0, or 1 when a measurement failed.
pub fn cli(database: Option<String>, samples: usize) -> i32 {
    match block_on(run(database, samples.max(10))) {
        Ok(report) => {
            println!("{}", serde_json::to_string_pretty(&report).expect("json"));
            0
        }
        Err(e) => {
            eprintln!("bench store: {e}");
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

pub async fn run(database: Option<String>, samples: usize) -> Result<Value, String> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = ScratchDir(std::env::temp_dir().join(format!(
        "crystal-clans-bench-{}-{nanos}",
        std::process::id()
    )));
    std::fs::create_dir_all(&dir.0).map_err(|e| e.to_string())?;
    let sqlite_url = |name: &str| format!("sqlite://{}", dir.0.join(name).display());
    let rss_start = rss_kib();

    let mut opts = StoreOptions::new(sqlite_url("full.db"));
    opts.durability = Durability::Full;
    let full = open(opts).await?;
    let sqlite_full = submit_vs_insert(&full, samples).await?;
    full.close().await;

    let mut opts = StoreOptions::new(sqlite_url("normal.db"));
    opts.durability = Durability::Normal;
    let normal = open(opts).await?;
    let sqlite_normal = submit_vs_insert(&normal, samples).await?;
    let sqlite_load = load_500(&normal).await?;
    let memory = memory(&normal, rss_start).await?;
    normal.close().await;

    let mut report = json!({
        "benchmark": "store",
        "samples": samples,
        "sqlite": {
            "durability_full": sqlite_full,
            "durability_normal": sqlite_normal,
            "load_500_inputs": sqlite_load,
        },
        "memory_10000_stored_1000_loaded": memory,
        "targets": {
            "submit_vs_bare_insert_p99": "at most 3x on SQLite",
            "load_500_inputs_ms": "under 5",
            "rss_mb": "under 200",
        },
    });
    if let Some(url) = database {
        let store = open(StoreOptions::new(url.clone())).await?;
        let mut section = json!({ "database": redact_url(&url) });
        section["submit_vs_bare_insert"] = submit_vs_insert(&store, samples).await?;
        section["load_500_inputs"] = load_500(&store).await?;
        let key = store.backend().name();
        store.close().await;
        report[key] = section;
    }
    Ok(report)
}

async fn open(opts: StoreOptions) -> Result<Store, String> {
    let url = redact_url(&opts.url);
    Store::open_with(opts)
        .await
        .map_err(|e| format!("cannot open {url}: {e}"))
}

fn micros(d: Duration) -> f64 {
    (d.as_nanos() as f64 / 100.0).round() / 10.0
}

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn summary(mut v: Vec<Duration>) -> (Duration, Duration, Value) {
    v.sort();
    let (p50, p99) = (percentile(&v, 0.5), percentile(&v, 0.99));
    let mean = v.iter().sum::<Duration>() / v.len() as u32;
    (
        p50,
        p99,
        json!({
            "p50_us": micros(p50),
            "p99_us": micros(p99),
            "mean_us": micros(mean),
            "max_us": micros(*v.last().expect("samples")),
        }),
    )
}

fn ratio(a: Duration, b: Duration) -> f64 {
    (a.as_secs_f64() / b.as_secs_f64().max(1e-9) * 100.0).round() / 100.0
}

fn new_match(seed: u64) -> NewMatch {
    NewMatch {
        guild: Some(1),
        channel: 2,
        reach: Default::default(),
        thread: None,
        seats: [Player::User(10), Player::Ai(1)],
        terms: Default::default(),
        setup: Setup {
            clans: [(seed % 6) as u8, ((seed / 6) % 6) as u8],
            seed,
            mulligan: false,
        },
        deadlines: Deadlines::default(),
    }
}

fn random_input(rules: &Rules, state: &State, rng: &mut Pcg32) -> (Seat, Input) {
    let pending = state.pending();
    let seat = pending.seats[below(rng, pending.seats.len() as u32) as usize];
    let legal = state.legal(rules, seat);
    let input = legal[below(rng, legal.len() as u32) as usize];
    (seat, input)
}

/// Submits of random legal inputs and bare single-row inserts, alternating.
async fn submit_vs_insert(store: &Store, samples: usize) -> Result<Value, String> {
    let err = |e: sqlx::Error| e.to_string();
    let pool = store.pool();
    sqlx::query("DROP TABLE IF EXISTS bench_bare")
        .execute(pool)
        .await
        .map_err(err)?;
    sqlx::query("CREATE TABLE bench_bare (id BIGINT PRIMARY KEY, payload TEXT NOT NULL)")
        .execute(pool)
        .await
        .map_err(err)?;
    let rules = store.rules().clone();
    let mut rng = Pcg32::seed_from_u64(7);
    let mut created: Vec<MatchId> = Vec::new();
    let mut current: Option<(MatchId, i64, State)> = None;
    let (mut submits, mut inserts) = (Vec::new(), Vec::new());
    let warmup = 50;
    for i in 0..samples + warmup {
        if current.as_ref().is_none_or(|c| c.2.winner.is_some()) {
            let (loaded, _) = store
                .create_match(new_match(1000 + created.len() as u64))
                .await
                .map_err(|e| e.to_string())?;
            created.push(loaded.info.id);
            current = Some((loaded.info.id, 0, loaded.state));
        }
        let (id, version, state) = current.as_mut().expect("a match");
        let (seat, input) = random_input(&rules, state, &mut rng);
        let payload = serde_json::to_string(&input).expect("json");

        let t = Instant::now();
        let s = store
            .submit(*id, *version, seat, &input)
            .await
            .map_err(|e| e.to_string())?;
        let submit_time = t.elapsed();
        *version = s.version;
        *state = s.state;

        let t = Instant::now();
        let mut tx = pool.begin().await.map_err(err)?;
        sqlx::query("INSERT INTO bench_bare (id, payload) VALUES ($1, $2)")
            .bind(i as i64)
            .bind(&payload)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        tx.commit().await.map_err(err)?;
        let insert_time = t.elapsed();
        if i >= warmup {
            submits.push(submit_time);
            inserts.push(insert_time);
        }
    }
    sqlx::query("DROP TABLE bench_bare")
        .execute(pool)
        .await
        .map_err(err)?;
    for id in created {
        store.delete_match(id).await.map_err(|e| e.to_string())?;
    }
    let (s50, s99, submit) = summary(submits);
    let (i50, i99, insert) = summary(inserts);
    Ok(json!({
        "submit": submit,
        "bare_insert": insert,
        "ratio_p50": ratio(s50, i50),
        "ratio_p99": ratio(s99, i99),
    }))
}

/// Finds a random game that lasts at least `n` inputs and returns its first `n`.
fn long_game(rules: &Rules, n: usize) -> (Setup, Vec<(Seat, Input)>) {
    let mut best = None;
    for seed in 0..5000u64 {
        let setup = new_match(seed).setup;
        let Ok((mut state, _)) = State::new(rules, setup.clone()) else {
            continue;
        };
        let mut rng = Pcg32::seed_from_u64(seed ^ 0x5eed);
        let mut inputs = Vec::new();
        while state.winner.is_none() && inputs.len() < n {
            let (seat, input) = random_input(rules, &state, &mut rng);
            state.apply(rules, seat, &input).expect("a legal input");
            inputs.push((seat, input));
        }
        if inputs.len() == n {
            return (setup, inputs);
        }
        if best
            .as_ref()
            .is_none_or(|(_, b): &(Setup, Vec<_>)| b.len() < inputs.len())
        {
            best = Some((setup, inputs));
        }
    }
    best.expect("at least one game")
}

/// Load time of a match with 500 inputs: from its snapshot, and by full replay.
async fn load_500(store: &Store) -> Result<Value, String> {
    let rules = store.rules().clone();
    let (setup, inputs) = long_game(&rules, 500);
    let mut nm = new_match(0);
    nm.setup = setup;
    let (loaded, _) = store.create_match(nm).await.map_err(|e| e.to_string())?;
    let id = loaded.info.id;
    store
        .submit_many(id, 0, &inputs, None)
        .await
        .map_err(|e| e.to_string())?;
    let mut loads = Vec::new();
    let mut replays = Vec::new();
    for i in 0..220 {
        let t = Instant::now();
        let l = store.load(id).await.map_err(|e| e.to_string())?;
        let load_time = t.elapsed();
        std::hint::black_box(&l);
        let t = Instant::now();
        let r = store.replay(id).await.map_err(|e| e.to_string())?;
        let replay_time = t.elapsed();
        if r.state != l.state {
            return Err("the replay differs from the snapshot".into());
        }
        if i >= 20 {
            loads.push(load_time);
            replays.push(replay_time);
        }
    }
    store.delete_match(id).await.map_err(|e| e.to_string())?;
    let (l50, l99, load) = summary(loads);
    let (_, _, replay) = summary(replays);
    Ok(json!({
        "inputs": inputs.len(),
        "load_from_snapshot": load,
        "load_p50_ms": (l50.as_secs_f64() * 1e5).round() / 100.0,
        "load_p99_ms": (l99.as_secs_f64() * 1e5).round() / 100.0,
        "replay_from_inputs": replay,
    }))
}

/// Resident memory (KiB) of this process, from /proc/self/status (0 where unavailable).
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// 10,000 stored matches (each with a few inputs), 1,000 of them loaded and held.
async fn memory(store: &Store, rss_start: u64) -> Result<Value, String> {
    let rules = store.rules().clone();
    let mut rng = Pcg32::seed_from_u64(99);
    let mut ids = Vec::with_capacity(10_000);
    let t = Instant::now();
    for k in 0..10_000u64 {
        let (loaded, _) = store
            .create_match(new_match(50_000 + k))
            .await
            .map_err(|e| e.to_string())?;
        // A few moves in, so the snapshots look like matches in progress.
        let mut state = loaded.state;
        let mut inputs = Vec::new();
        for _ in 0..(k % 40) {
            let (seat, input) = random_input(&rules, &state, &mut rng);
            state.apply(&rules, seat, &input).expect("a legal input");
            inputs.push((seat, input));
        }
        if !inputs.is_empty() {
            store
                .submit_many(loaded.info.id, 0, &inputs, None)
                .await
                .map_err(|e| e.to_string())?;
        }
        ids.push(loaded.info.id);
    }
    let store_secs = t.elapsed().as_secs_f64();
    let rss_stored = rss_kib();
    let mut held = Vec::with_capacity(1000);
    let t = Instant::now();
    for id in ids.iter().step_by(10) {
        held.push(store.load(*id).await.map_err(|e| e.to_string())?);
    }
    let load_secs = t.elapsed().as_secs_f64();
    let rss_loaded = rss_kib();
    let mb = |kib: u64| (kib as f64 / 1024.0 * 10.0).round() / 10.0;
    let out = json!({
        "backend": Backend::Sqlite.name(),
        "stored_matches": ids.len(),
        "loaded_matches": held.len(),
        "seconds_to_store": (store_secs * 100.0).round() / 100.0,
        "seconds_to_load_1000": (load_secs * 1000.0).round() / 1000.0,
        "rss_mb_at_start": mb(rss_start),
        "rss_mb_after_storing": mb(rss_stored),
        "rss_mb_with_1000_loaded": mb(rss_loaded),
    });
    drop(held);
    Ok(out)
}

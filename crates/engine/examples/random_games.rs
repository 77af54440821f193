//! Random self-play on this crate alone, for work on the engine's speed: it builds in
//! seconds after an engine change, where the tools' `bench engine` rebuilds the bot.
//!
//! cargo run --release -p crystal-clans-engine --example random_games -- MODE [N]
//!
//! - `time SECONDS` (default 10): random full games per CPU-second of this thread
//!   (Linux), as `bench engine` counts them.
//! - `games N` (default 800): exactly N random games (seed 7, every clan pair), the fixed
//!   workload for instruction counts:
//!   `valgrind --tool=callgrind --toggle-collect='crystal_clans_engine::selfplay::run_with*'`.
//! - `fingerprint N` (default 3000): a hash of every input the random player chose in
//!   N games (a third with mulligans) and of their ends. A speed-up must not change it:
//!   the random player, replays and the AI's random streams depend on the same choices.

use crystal_clans_engine::game::{Rules, Setup};
use crystal_clans_engine::selfplay::{self, Buffers};
use std::hash::{DefaultHasher, Hash, Hasher};

fn thread_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: f64 = stat
        .split_whitespace()
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
    ns / 1e9
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "time".into());
    let n: Option<f64> = std::env::args().nth(2).and_then(|s| s.parse().ok());
    let rules = Rules::base();
    let pairs = selfplay::all_pairs(&rules);
    match mode.as_str() {
        "games" => {
            let s = selfplay::run_with(
                &rules,
                n.unwrap_or(800.0) as u64,
                7,
                &pairs,
                false,
                Buffers::Reused,
            );
            assert!(s.errors.is_empty(), "{:?}", s.errors);
            println!("{} games, {:.1} inputs each", s.games, s.average_inputs);
        }
        "fingerprint" => {
            let games = n.unwrap_or(3000.0) as u64;
            let mut h = DefaultHasher::new();
            for g in 0..games {
                let setup = Setup {
                    clans: pairs[(g % pairs.len() as u64) as usize],
                    seed: g,
                    mulligan: g % 3 == 0,
                };
                let inputs = selfplay::random_inputs(&rules, setup, g ^ 0x5EED, |_| false)
                    .expect("random play works");
                for (seat, input) in &inputs {
                    seat.hash(&mut h);
                    format!("{input:?}").hash(&mut h);
                }
            }
            println!("fingerprint of {games} games: {:016x}", h.finish());
        }
        _ => {
            let seconds = n.unwrap_or(10.0);
            selfplay::run(&rules, 200, 1, &pairs, false);
            let cpu0 = thread_cpu_seconds();
            let start = std::time::Instant::now();
            let (mut games, mut seed) = (0u64, 1000u64);
            while start.elapsed().as_secs_f64() < seconds {
                let s = selfplay::run(&rules, 100, seed, &pairs, false);
                assert!(s.errors.is_empty(), "{:?}", s.errors);
                games += s.games;
                seed += 1;
            }
            let cpu = thread_cpu_seconds() - cpu0;
            println!(
                "{games} games, {:.0} games per CPU-second, {:.0} per wall-second",
                games as f64 / cpu,
                games as f64 / start.elapsed().as_secs_f64()
            );
        }
    }
}

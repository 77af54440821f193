//! The search at a fixed iteration budget on this crate alone, for work on its speed:
//! it builds in seconds after a change, where the tools' `bench ai` rebuilds the bot,
//! and without a time limit the search is deterministic for its seed.
//!
//! cargo run --release -p crystal-clans-ai --example search_speed -- [POSITIONS] [ITERATIONS] [decide]
//!
//! Rates the answers of POSITIONS positions from random games (default 20, seed 7, as
//! `bench ai`) with ITERATIONS iterations each (default 2,000), on this thread. Prints
//! iterations per CPU-second of this thread (Linux) and a fingerprint of every rating
//! (answer, visits, mean): a speed-up that keeps the search's random streams must not
//! change it. The fixed workload for instruction counts:
//! `valgrind --tool=callgrind --toggle-collect='*search_from*'`.
//!
//! With `decide`, each position is decided (`Bot::decide`, which stops once its answer
//! is settled) instead: it also prints the CPU seconds of all the decisions, and the
//! fingerprint is of the answers chosen, the same as the whole budget's choices.

use crystal_clans_ai::mcts::MctsBot;
use crystal_clans_ai::{Bot, Budget, positions};
use crystal_clans_engine::game::Rules;
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
    let arg = |i: usize, default: u32| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let (count, iterations) = (arg(1, 20) as usize, arg(2, 2_000));
    let decide = std::env::args().nth(3).as_deref() == Some("decide");
    let rules = Rules::base();
    let positions = positions::sample(&rules, count, 7);
    let mut h = DefaultHasher::new();
    let (mut run, mut cpu) = (0u64, 0.0);
    for (i, (state, seat)) in positions.iter().enumerate() {
        let legal = state.legal(&rules, *seat);
        let view = state.view(&rules, Some(*seat));
        let budget = Budget {
            iterations,
            time: None,
        };
        let mut bot = MctsBot::new(i as u64, budget);
        let start = thread_cpu_seconds();
        if decide {
            let chosen = bot.decide(&rules, &view, &legal);
            cpu += thread_cpu_seconds() - start;
            run += bot.last_iterations();
            format!("{chosen:?}").hash(&mut h);
            continue;
        }
        let rated = bot.rate(&rules, &view, &legal);
        cpu += thread_cpu_seconds() - start;
        run += bot.last_iterations();
        for r in &rated {
            format!("{:?}", r.input).hash(&mut h);
            r.visits.hash(&mut h);
            r.mean.to_bits().hash(&mut h);
        }
    }
    println!(
        "{count} positions, {run} iterations, {:.0} iterations per CPU-second, {cpu:.2} CPU-seconds, fingerprint {:016x}",
        run as f64 / cpu,
        h.finish()
    );
}

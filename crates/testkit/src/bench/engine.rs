//! Benchmarks. They print ratios measured in one run next to absolute numbers,
//! because absolute times on shared machines are noisy.

use crate::game::rng::below;
use crate::game::{Rules, Setup, State};
use crate::selfplay::{self, Buffers};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::json;
use std::hint::black_box;
use std::time::Instant;

/// A state about halfway through a random game (with squads on the board).
fn mid_game_state(rules: &Rules) -> State {
    let setup = Setup {
        clans: [4, 3],
        seed: 11,
        mulligan: false,
    };
    let (full, _) =
        selfplay::play_random(rules, setup.clone(), 5, |_, _| Ok(())).expect("random play works");
    let (mut state, _) = State::new(rules, setup).expect("valid setup");
    let mut rng = Pcg32::seed_from_u64(5);
    let half = full.inputs / 2;
    for _ in 0..half {
        let w = state.waiting();
        let seat = w[below(&mut rng, w.len() as u32) as usize];
        let legal = state.legal(rules, seat);
        let input = legal[below(&mut rng, legal.len() as u32) as usize];
        state.apply(rules, seat, &input).expect("legal input");
    }
    state
}

fn per_op_ns(iterations: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..iterations {
        f();
    }
    start.elapsed().as_nanos() as f64 / iterations as f64
}

/// The CPU time this thread has run so far, in seconds (Linux's per-thread
/// scheduler statistics; `None` elsewhere). On a shared machine games per CPU-second
/// compare across runs where games per wall-second do not.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Random games played on this thread for about `seconds`: (games, inputs, seconds,
/// CPU seconds of this thread if known).
fn random_games(
    rules: &Rules,
    pairs: &[[u8; 2]],
    seconds: f64,
    buffers: Buffers,
) -> (u64, f64, f64, Option<f64>) {
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let mut games = 0u64;
    let mut inputs = 0f64;
    let mut seed = 1000;
    while start.elapsed().as_secs_f64() < seconds {
        let s = selfplay::run_with(rules, 100, seed, pairs, false, buffers);
        assert!(s.errors.is_empty(), "random play failed: {:?}", s.errors);
        games += s.games;
        inputs += s.average_inputs * s.games as f64;
        seed += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = cpu_start.and_then(|a| Some(thread_cpu_seconds()? - a));
    (games, inputs, elapsed, cpu)
}

/// `crystal-clans-tools bench engine`.
pub fn engine(seconds: f64) -> serde_json::Value {
    engine_counting(seconds, None)
}

/// The engine benchmark; with `allocations` (a count of the heap allocations made
/// so far, from a counting global allocator) it also reports allocations per game.
/// Only `crates/testkit/examples/bench_engine.rs` installs such an allocator: the bot's binary
/// does not pay for counting.
pub fn engine_counting(seconds: f64, allocations: Option<&dyn Fn() -> u64>) -> serde_json::Value {
    let rules = Rules::base();
    let pairs = selfplay::all_pairs(&rules);
    // Warm up, then play whole random games on this thread: first with the buffers
    // reused (`pick_legal`, `apply_legal_into`), then with a new vector per call
    // (`legal`, a new event vector) for comparison, in the same run.
    selfplay::run(&rules, 200, 1, &pairs, false);
    let (games, inputs, elapsed, cpu) = random_games(&rules, &pairs, seconds, Buffers::Reused);
    let games_per_second = games as f64 / elapsed;
    let apply_ns = elapsed * 1e9 / inputs;
    let per_cpu = cpu.map(|cpu| (games as f64 / cpu, cpu * 1e9 / inputs));
    let (fresh_games, _, fresh_elapsed, _) =
        random_games(&rules, &pairs, seconds / 2.0, Buffers::Fresh);
    let fresh_games_per_second = fresh_games as f64 / fresh_elapsed;
    let allocations_per_game = allocations.map(|count| {
        let per_game = |buffers| {
            let before = count();
            let s = selfplay::run_with(&rules, 300, 77, &pairs, false, buffers);
            ((count() - before) as f64 / s.games as f64).round()
        };
        json!({ "reused_buffers": per_game(Buffers::Reused), "fresh_vectors": per_game(Buffers::Fresh) })
    });

    let state = mid_game_state(&rules);
    let clone_ns = per_op_ns(200_000, || {
        black_box(black_box(&state).clone());
    });
    let json = serde_json::to_string(&state).expect("a state serializes");
    let serialize_ns = per_op_ns(20_000, || {
        black_box(serde_json::to_string(black_box(&state)).expect("a state serializes"));
    });
    let deserialize_ns = per_op_ns(20_000, || {
        black_box(serde_json::from_str::<State>(black_box(&json)).expect("a state deserializes"));
    });
    json!({
        "benchmark": "engine",
        "threads": 1,
        "random_games": games,
        "random_games_per_second": games_per_second.round(),
        "random_games_per_second_fresh_vectors": fresh_games_per_second.round(),
        "random_games_per_cpu_second": per_cpu.map(|(g, _)| g.round()),
        "average_inputs_per_game": (inputs / games as f64).round(),
        "ns_per_input_with_legal_generation": apply_ns.round(),
        "cpu_ns_per_input_with_legal_generation": per_cpu.map(|(_, ns)| ns.round()),
        "allocations_per_game": allocations_per_game.unwrap_or_else(|| json!(
            "not counted in this binary: cargo run --release -p crystal-clans-testkit --example bench_engine"
        )),
        "mid_game_state": {
            "clone_ns": clone_ns.round(),
            "serialize_json_ns": serialize_ns.round(),
            "deserialize_json_ns": deserialize_ns.round(),
            "json_bytes": json.len(),
        },
        "ratios": {
            "clone_vs_one_input": (clone_ns / apply_ns * 100.0).round() / 100.0,
            "serialize_vs_one_input": (serialize_ns / apply_ns * 100.0).round() / 100.0,
            "reused_vs_fresh_games_per_second":
                (games_per_second / fresh_games_per_second * 100.0).round() / 100.0,
        },
        "target": "at least 25,000 random full games per CPU-second on one core, the random player included (issue 51)",
    })
}

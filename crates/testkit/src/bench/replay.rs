//! The replay's part of `crystal-clans-tools bench render`: a fixed 40-turn match replayed
//! and drawn (time, bytes, and the time as a multiple of one board in the same run),
//! and on request the longest of many random self-play matches and a synthetic match of
//! many turns (`samples::long_story`), which must stay under Discord's 10 MB.

use crate::game::{Input, Rules, Seat, Setup, State};
use crate::render::Table;
use crate::render::replay::{self, Story};
use crate::selfplay::random_inputs;
use serde_json::json;
use std::time::Instant;

/// The turns of the fixed match the replay is timed on.
pub const FIXED_TURNS: u32 = 40;
/// Discord's attachment limit for a bot in a server without boosts.
pub const DISCORD_LIMIT: usize = 10 * 1024 * 1024;

fn game(rules: &Rules, n: u64) -> (Setup, u64) {
    let clans = rules.pack.clans.len() as u64;
    let setup = Setup {
        clans: [(n % clans) as u8, (n / clans % clans) as u8],
        seed: n,
        mulligan: false,
    };
    (setup, n ^ 0xA5A5)
}

/// The first random self-play match (by seed) that ends in its `turns`-th turn.
fn fixed_match(rules: &Rules, turns: u32) -> (u64, Setup, Vec<(Seat, Input)>) {
    (1..)
        .find_map(|n| {
            let (setup, player) = game(rules, n);
            let inputs = random_inputs(rules, setup.clone(), player, |s| s.turn > turns).ok()?;
            let (mut state, _) = State::new(rules, setup.clone()).ok()?;
            for (seat, input) in &inputs {
                state.apply(rules, *seat, input).ok()?;
            }
            (state.winner.is_some() && state.turn == turns).then_some((n, setup, inputs))
        })
        .expect("some seed ends in that turn")
}

/// Replays and draws `inputs` from `setup`: the replay and the milliseconds it took
/// (the replay of the inputs included).
fn timed(t: &Table, setup: &Setup, inputs: &[(Seat, Input)]) -> (replay::Replay, Story, f64) {
    let start = Instant::now();
    let (state, opening) = State::new(t.rules, setup.clone()).expect("deals");
    let story = Story::replay(
        t.rules,
        state,
        &opening,
        inputs.iter().map(|(s, i)| (*s, i)),
    )
    .expect("replays");
    let r = replay::replay(t, &story).expect("draws");
    (r, story, start.elapsed().as_secs_f64() * 1000.0)
}

/// The report: `runs` timed replays of the fixed match, their median against
/// `board_ms` (one board's draw and encode in the same run); with `longest` > 0 also
/// the longest of that many random self-play matches; with `long_turns` > 0 a synthetic
/// match of that many turns (run it alone under `/usr/bin/time -v` for its memory).
pub fn report(
    t: &Table,
    runs: usize,
    board_ms: f64,
    longest: u64,
    long_turns: u32,
) -> serde_json::Value {
    let (seed, setup, inputs) = fixed_match(t.rules, FIXED_TURNS);
    let mut ms = Vec::new();
    let mut last = None;
    for _ in 0..runs.max(1) {
        let (r, story, took) = timed(t, &setup, &inputs);
        ms.push(took);
        last = Some((r, story));
    }
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    let (r, story) = last.expect("one run");
    let mut out = json!({
        "format": "GIF, 560x350, one global palette (NeuQuant), changed rectangles only",
        "fixed_match": {
            "seed": seed,
            "turns": story.turns(),
            "battles": story.battles(),
            "frames": r.frames,
            "inputs": inputs.len(),
        },
        "runs": ms.len(),
        "ms_median": (median * 10.0).round() / 10.0,
        "bytes": r.gif.len(),
        "vs_one_board": (median / board_ms * 10.0).round() / 10.0,
        "under_2s": median < 2000.0,
    });
    if longest > 0 {
        let (n, turns) = (1..=longest)
            .filter_map(|n| {
                let (setup, player) = game(t.rules, n);
                let (r, _) =
                    crate::selfplay::play_random(t.rules, setup, player, |_, _| Ok(())).ok()?;
                Some((n, r.turns))
            })
            .max_by_key(|&(n, turns)| (turns, std::cmp::Reverse(n)))
            .expect("a game");
        let (setup, player) = game(t.rules, n);
        let inputs = random_inputs(t.rules, setup.clone(), player, |_| false).expect("plays");
        let (r, story, took) = timed(t, &setup, &inputs);
        out["longest_of"] = json!({
            "games": longest,
            "seed": n,
            "turns": turns,
            "battles": story.battles(),
            "frames": r.frames,
            "bytes": r.gif.len(),
            "ms": took.round(),
            "under_discord_10mb": r.gif.len() < DISCORD_LIMIT,
        });
    }
    if long_turns > 0 {
        let story = crate::render::samples::long_story(t.rules, long_turns);
        let start = Instant::now();
        let r = replay::replay(t, &story).expect("draws");
        let took = start.elapsed().as_secs_f64() * 1000.0;
        out["long_story"] = json!({
            "turns": story.turns(),
            "battles": story.battles(),
            "frames": r.frames,
            "bytes": r.gif.len(),
            "ms": took.round(),
            "under_discord_10mb": r.gif.len() < DISCORD_LIMIT,
        });
    }
    out
}

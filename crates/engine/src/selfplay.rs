//! Random self-play: the engine's fuzzer and its throughput benchmark.

use crate::game::rng::below;
use crate::game::{Input, Rules, Setup, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::Serialize;

/// A game that has not ended after this many inputs is reported as unfinished.
pub const MAX_INPUTS: u32 = 20_000;

#[derive(Debug, Clone, Serialize)]
pub struct GameResult {
    pub winner: Option<u8>,
    pub inputs: u32,
    pub turns: u32,
    pub reshuffles: u32,
}

/// How the random player gets its legal inputs and events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Buffers {
    /// One `legal` and one event buffer for the whole game (`pick_legal`,
    /// `apply_legal_into`, which trusts what `legal` offered): what self-play and the
    /// benchmark use.
    Reused,
    /// A new vector per question and per answer (`legal`, a new event vector), as
    /// most callers do: the benchmark's comparison. Both apply what `legal` offered
    /// without re-checking it, so the checks are not part of the difference.
    Fresh,
}

/// Plays one game with uniformly random legal inputs. `check` runs after every input
/// (the property tests pass their invariant checks here).
pub fn play_random(
    rules: &Rules,
    setup: Setup,
    player_seed: u64,
    check: impl FnMut(&State, &[crate::game::Event]) -> Result<(), String>,
) -> Result<(GameResult, State), String> {
    play_random_with(rules, setup, player_seed, Buffers::Reused, check)
}

/// `play_random` with the buffers chosen; both pick the same inputs.
pub fn play_random_with(
    rules: &Rules,
    setup: Setup,
    player_seed: u64,
    buffers: Buffers,
    mut check: impl FnMut(&State, &[crate::game::Event]) -> Result<(), String>,
) -> Result<(GameResult, State), String> {
    let (mut state, mut ev) = State::new(rules, setup)?;
    check(&state, &ev)?;
    let mut rng = Pcg32::seed_from_u64(player_seed);
    let mut inputs = 0;
    let mut reshuffles = 0;
    // Room for the answers to nearly any question from the start: grown from nothing,
    // the buffer was reallocated a few times in every game.
    let mut legal = Vec::with_capacity(64);
    while state.winner.is_none() && inputs < MAX_INPUTS {
        let Some(seat) = pick_seat(&state, &mut rng) else {
            return Err(format!("nobody must answer {:?}", state.pending().question));
        };
        let mut pick = |n: usize| below(&mut rng, n as u32) as usize;
        let input: Option<&Input> = match buffers {
            Buffers::Reused => state.pick_legal_asked(rules, seat, &mut legal, pick),
            Buffers::Fresh => {
                legal = state.legal(rules, seat);
                (!legal.is_empty()).then(|| &legal[pick(legal.len())])
            }
        };
        let Some(input) = input else {
            return Err(format!(
                "seat {seat} must answer {:?} but has no legal input",
                state.pending().question
            ));
        };
        match buffers {
            Buffers::Reused => {
                ev.clear();
                state.apply_legal_into(rules, seat, input, &mut ev);
            }
            Buffers::Fresh => {
                ev = Vec::new();
                state.apply_legal_into(rules, seat, input, &mut ev);
            }
        }
        reshuffles += ev
            .iter()
            .filter(|e| matches!(e, crate::game::Event::Reshuffled { .. }))
            .count() as u32;
        inputs += 1;
        check(&state, &ev)?;
    }
    Ok((
        GameResult {
            winner: state.winner,
            inputs,
            turns: state.turn,
            reshuffles,
        },
        state,
    ))
}

/// One of the seats the match waits for, at random: the one at a random index of
/// `State::waiting` (so a seed picks the seats it always has), from the bits.
fn pick_seat(state: &State, rng: &mut Pcg32) -> Option<crate::game::Seat> {
    let bits = state.waiting_bits();
    if bits == 0 {
        return None;
    }
    let k = below(rng, bits.count_ones());
    Some(if bits == 0b11 {
        k as u8
    } else {
        bits.trailing_zeros() as u8
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub games: u64,
    pub finished: u64,
    pub errors: Vec<String>,
    pub wins_by_seat: [u64; 2],
    pub wins_first_player: u64,
    pub wins_by_clan: Vec<(String, u64)>,
    pub average_inputs: f64,
    pub average_turns: f64,
    pub reshuffles: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    pub inputs_per_second: f64,
}

/// Plays `games` random games, cycling through the clan pairs given (or all pairs).
pub fn run(rules: &Rules, games: u64, seed: u64, pairs: &[[u8; 2]], mulligan: bool) -> Summary {
    run_with(rules, games, seed, pairs, mulligan, Buffers::Reused)
}

/// `run` with the random player's buffers chosen (the benchmark compares both).
pub fn run_with(
    rules: &Rules,
    games: u64,
    seed: u64,
    pairs: &[[u8; 2]],
    mulligan: bool,
    buffers: Buffers,
) -> Summary {
    let start = std::time::Instant::now();
    let mut s = Summary {
        games,
        finished: 0,
        errors: vec![],
        wins_by_seat: [0, 0],
        wins_first_player: 0,
        wins_by_clan: rules.pack.clans.iter().map(|c| (c.id.clone(), 0)).collect(),
        average_inputs: 0.0,
        average_turns: 0.0,
        reshuffles: 0,
        seconds: 0.0,
        games_per_second: 0.0,
        inputs_per_second: 0.0,
    };
    let mut inputs = 0u64;
    let mut turns = 0u64;
    for g in 0..games {
        let clans = pairs[(g % pairs.len() as u64) as usize];
        let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(g);
        let setup = Setup {
            clans,
            seed: game_seed,
            mulligan,
        };
        match play_random_with(rules, setup, game_seed ^ 0xA5A5, buffers, |_, _| Ok(())) {
            Ok((r, state)) => {
                inputs += r.inputs as u64;
                turns += r.turns as u64;
                s.reshuffles += r.reshuffles as u64;
                if let Some(w) = r.winner {
                    s.finished += 1;
                    s.wins_by_seat[w as usize] += 1;
                    if state.first_player == Some(w) {
                        s.wins_first_player += 1;
                    }
                    s.wins_by_clan[clans[w as usize] as usize].1 += 1;
                } else {
                    s.errors.push(format!(
                        "game {g} (seed {game_seed}): no winner after {} inputs",
                        r.inputs
                    ));
                }
            }
            Err(e) => s.errors.push(format!("game {g} (seed {game_seed}): {e}")),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    s.seconds = secs;
    s.average_inputs = inputs as f64 / games.max(1) as f64;
    s.average_turns = turns as f64 / games.max(1) as f64;
    s.games_per_second = games as f64 / secs;
    s.inputs_per_second = inputs as f64 / secs;
    s
}

/// Every ordered pair of clans in the pack.
pub fn all_pairs(rules: &Rules) -> Vec<[u8; 2]> {
    let n = rules.pack.clans.len() as u8;
    (0..n).flat_map(|a| (0..n).map(move |b| [a, b])).collect()
}

/// The inputs of one random game (the same game `play_random` plays for these seeds),
/// up to its end or until `stop` says so after an input: replays and their tests and
/// benchmarks need the inputs themselves.
pub fn random_inputs(
    rules: &Rules,
    setup: Setup,
    player_seed: u64,
    stop: impl Fn(&State) -> bool,
) -> Result<Vec<(crate::game::Seat, Input)>, String> {
    let (mut state, _) = State::new(rules, setup)?;
    let mut rng = Pcg32::seed_from_u64(player_seed);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut inputs = Vec::new();
    while state.winner.is_none() && inputs.len() < MAX_INPUTS as usize && !stop(&state) {
        let seat = pick_seat(&state, &mut rng).ok_or("nobody must answer")?;
        let pick = |n: usize| below(&mut rng, n as u32) as usize;
        let input = *state
            .pick_legal_asked(rules, seat, &mut legal, pick)
            .ok_or_else(|| format!("seat {seat} has no legal input"))?;
        ev.clear();
        state.apply_legal_into(rules, seat, &input, &mut ev);
        inputs.push((seat, input));
    }
    Ok(inputs)
}

//! No position without a move (issue 29): a match that is not over always waits for
//! someone, and everyone it waits for has a legal input, so no match can get stuck.
//! Random play proves it over 100,000 games (the random player stops with an error
//! the first time a seat it must ask has no legal input), every scenario's start and
//! end prove it for the positions written by hand, and `State::validate` refuses a
//! position where it fails, so neither a scenario file nor a stored state can start
//! a match there.

use crystal_clans_engine::game::state::Step;
use crystal_clans_engine::game::{Rules, State};
use crystal_clans_engine::{scenario, selfplay};
use std::path::Path;

/// Random games played for the property, split over threads (each thread's games
/// are their own seeds, so the split changes nothing but the time).
const GAMES: u64 = 100_000;
const THREADS: u64 = 4;

#[test]
fn a_hundred_thousand_random_games_always_have_a_legal_input() {
    let rules = Rules::base();
    let pairs = selfplay::all_pairs(&rules);
    let errors: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..THREADS)
            .map(|t| {
                let (rules, pairs) = (&rules, &pairs);
                // Half the games start with the optional mulligan.
                scope.spawn(move || {
                    selfplay::run(rules, GAMES / THREADS, 2900 + t, pairs, t % 2 == 0)
                })
            })
            .collect();
        runs.into_iter()
            .flat_map(|r| {
                let summary = r.join().expect("a run does not panic");
                assert_eq!(summary.games, GAMES / THREADS);
                summary.errors
            })
            .collect()
    });
    assert!(
        errors.is_empty(),
        "{} games went wrong: {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
}

fn everyone_asked_can_answer(rules: &Rules, state: &State) -> Result<(), String> {
    if state.winner.is_some() {
        return Ok(());
    }
    let waiting = state.waiting();
    if waiting.is_empty() {
        return Err("nobody is asked".into());
    }
    for seat in waiting {
        if state.legal(rules, seat).is_empty() {
            return Err(format!("seat {seat} has no legal input"));
        }
    }
    Ok(())
}

#[test]
fn every_scenario_starts_and_ends_with_a_legal_input() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the scenarios folder") {
        let path = entry.expect("a readable entry").path();
        if !path.extension().is_some_and(|e| e == "toml" || e == "json") {
            continue;
        }
        let sc = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        everyone_asked_can_answer(&sc.rules, &sc.start)
            .unwrap_or_else(|e| panic!("{}: at the start, {e}", path.display()));
        let out = scenario::run(&sc);
        everyone_asked_can_answer(&out.rules, &out.state)
            .unwrap_or_else(|e| panic!("{}: at the end, {e}", path.display()));
        checked += 1;
    }
    assert!(checked >= 200, "only {checked} scenarios");
}

/// The audit's position: the player to act has the token at the far end of her
/// opponent's side of the track (19 of 20), no squad and only a Condor (summon 5) in
/// hand, so every action is past the end of the track. A match never gets there (the
/// turn passes as soon as the token leaves her side and the neutral spaces), and a
/// file that starts there is refused when it is loaded.
#[test]
fn a_scenario_with_no_legal_move_is_refused() {
    let text = r#"
clans = ["blood", "skull"]
active = 0
token = -19

[[players]]
hand = ["Condor"]

[[players]]
hand = ["Risen Thralls"]

[expect]
pending = "action"
"#;
    let err = scenario::parse("stuck.toml", text, false).expect_err("a stuck position");
    assert!(
        err.contains("player 1 must choose an action but has no legal answer"),
        "{err}"
    );
    // The same hand and board with the token on her own side: she can replenish.
    let playable = text.replace("token = -19", "token = 2");
    scenario::parse("playable.toml", &playable, false).expect("a playable position");
}

/// A stored state whose agenda lost a trigger of an ordered group, or waits for
/// nobody, is refused rather than panicking later.
#[test]
fn validate_refuses_a_broken_agenda() {
    let rules = Rules::base();
    let setup = crystal_clans_engine::game::Setup {
        clans: [0, 1],
        seed: 3,
        mulligan: false,
    };
    let (mut state, _) = State::new(&rules, setup).unwrap();
    state.validate(&rules).expect("a new match is valid");
    let mut orphan = state.clone();
    orphan.agenda.push(Step::OrderTriggers { n: 2 });
    assert!(
        orphan
            .validate(&rules)
            .unwrap_err()
            .contains("orders 2 triggers")
    );
    state.agenda.clear();
    assert!(
        state
            .validate(&rules)
            .unwrap_err()
            .contains("waits for nobody")
    );
}

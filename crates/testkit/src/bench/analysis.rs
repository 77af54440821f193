//! `crystal-clans-tools bench analysis`: the post-game analysis of a 40-turn match at
//! the normal budget, on this thread (one core), against issue 51's 5 s.

use crate::ai::analysis::{self, ANALYSIS_VERSION};
use crate::ai::{Bot, Budget, MctsBot, RandomBot, decide_for};
use crate::game::event::Event;
use crate::game::{Input, Rules, Seat, Setup, State};
use serde_json::json;
use std::time::Instant;

/// A match cut where its `turns`-th turn ends (or where it ended, if sooner): the state
/// as dealt, its opening events and the inputs. `search`: played by two small searches
/// (that many iterations a decision, no time limit, so the same match on every
/// machine); `None`: by random play. Matches between searches end in 12 to 25 turns,
/// so the 40-turn workload is random play's, cut at its 40th turn.
pub fn match_of(
    rules: &Rules,
    seed: u64,
    turns: u32,
    search: Option<u32>,
) -> (State, Vec<Event>, Vec<(Seat, Input)>) {
    let setup = Setup {
        clans: [(seed % 4) as u8, ((seed + 1) % 4) as u8],
        seed,
        mulligan: false,
    };
    let (dealt, opening) = State::new(rules, setup).expect("the base pack deals");
    let mut bots: [Box<dyn Bot>; 2] = match search {
        Some(iterations) => {
            let budget = Budget {
                iterations,
                time: None,
            };
            [
                Box::new(MctsBot::new(seed, budget)),
                Box::new(MctsBot::new(seed + 1, budget)),
            ]
        }
        None => [
            Box::new(RandomBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        ],
    };
    let mut state = dealt.clone();
    let mut inputs = Vec::new();
    let mut passed = 0;
    while state.winner.is_none() && passed < turns {
        let seat = state.waiting()[0];
        let input = decide_for(bots[seat as usize].as_mut(), rules, &state, seat);
        let events = state
            .apply(rules, seat, &input)
            .expect("a bot's answer is legal");
        inputs.push((seat, input));
        passed += events
            .iter()
            .filter(|e| matches!(e, Event::TurnPassed { .. }))
            .count() as u32;
    }
    (dealt, opening, inputs)
}

/// `crystal-clans-tools bench analysis`.
pub fn analysis(turns: u32, iterations: u32, seed: u64) -> serde_json::Value {
    let rules = Rules::base();
    let run = |search: Option<u32>| {
        let (state, opening, inputs) = match_of(&rules, seed, turns, search);
        let t = Instant::now();
        let a = analysis::analyse(
            &rules,
            state,
            &opening,
            &inputs,
            iterations,
            seed,
            &mut |_, _| {},
        )
        .expect("the match replays");
        let secs = t.elapsed().as_secs_f64();
        let searched = a.points.len();
        json!({
            "turns": a.points.last().map_or(0, |p| p.turn),
            "inputs": inputs.len(),
            "positions_searched": searched,
            "seconds": (secs * 100.0).round() / 100.0,
            "ms_per_position": (secs * 1000.0 / searched.max(1) as f64).round(),
            "marked_turns": a.marks.iter().map(|m| m.turn).collect::<Vec<_>>(),
        })
    };
    json!({
        "benchmark": "analysis",
        "threads": 1,
        "analysis_version": ANALYSIS_VERSION,
        "iterations_per_position": iterations,
        "random_play_cut_at_turn": run(None),
        "played_by_searches_of_300": run(Some(300)),
        "target": "a 40-turn match at the normal budget in under 5 s on one core",
    })
}

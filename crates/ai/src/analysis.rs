//! The post-game analysis: each player's chance to win after every turn of a finished
//! match, and the turns where it moved most, with the move played and the move the
//! search preferred.
//!
//! The match is over, so every card's place is known: each position is searched with
//! both hands and the battle cards as they truly were (`MctsBot::search_known`, no
//! sampling of hidden cards), but with the draw piles, the crystal deck and later
//! shuffles dealt anew each iteration: a chance to win is over what the players could
//! not know at the time, not a replay of the draws that came. The budget is counted in
//! search iterations, never in time, and each position's search has a seed derived from
//! the analysis's seed and the position's number, so the same match, seed and budget
//! give the same analysis on any machine and under any load.
//!
//! A turn is what the board posts count: it ends where the engine passes the turn
//! (`Event::TurnPassed`), and the last one where the inputs end (the match's end).

use crate::game::event::Event;
use crate::game::{Input, Rules, Seat, State};
use crate::{Budget, MctsBot, derive_seed, key};
use serde::{Deserialize, Serialize};

/// Bumped when the way an analysis is computed changes, so a stored analysis made the
/// old way is computed again (it is part of the store's key with the budget).
pub const ANALYSIS_VERSION: u32 = 3;

/// The search iterations per position at the normal budget: the normal level's
/// (`Level::Normal`), without its time limit.
pub fn normal_iterations() -> u32 {
    crate::Level::Normal.budget().iterations
}

/// How many turns an analysis marks and names.
pub const MARKS: usize = 3;

/// A chance to win after a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The turn just played (0: the position before the first turn).
    pub turn: u32,
    /// Who played it (`None` for the starting position).
    pub mover: Option<Seat>,
    /// Seat 0's chance to win after it, 0..1 (seat 1's is its complement).
    pub chance: f32,
}

/// A turn where the chance moved most.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    pub turn: u32,
    pub mover: Seat,
    /// Seat 0's chance before and after the turn.
    pub before: f32,
    pub after: f32,
    /// What the turn's first answer did (its public events), and the mover's chance
    /// after the turn.
    pub played: Vec<Event>,
    pub played_chance: f32,
    /// What the search's preferred answer at the turn's start does, and the mover's
    /// chance with it; `None` when the search preferred the answer played.
    pub preferred: Option<Vec<Event>>,
    pub preferred_chance: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Search iterations per position.
    pub iterations: u32,
    pub seed: u64,
    /// The starting position, then one point per turn, in order.
    pub points: Vec<Point>,
    /// Up to [`MARKS`] turns, in turn order.
    pub marks: Vec<Mark>,
}

/// A position to search: the state at a turn's start (or the match's end).
struct Position {
    state: State,
    /// The index of the input that opens the turn starting here (none at the end).
    next_input: Option<usize>,
    /// The turn that ended here (0 at the start).
    turn: u32,
    mover: Option<Seat>,
}

/// What one search says about a position.
struct Searched {
    /// Seat 0's chance to win.
    chance: f32,
    /// The searching seat, its root arms (key, visits, mean) and its preferred key.
    me: Seat,
    arms: Vec<(u64, u32, f32)>,
    best: Option<u64>,
}

/// The positions at each turn's start of a match, from its dealt `state` through its
/// `inputs`; `Err` when an input is refused (the log does not fit the setup).
fn positions(
    rules: &Rules,
    mut state: State,
    opening: &[Event],
    inputs: &[(Seat, Input)],
) -> Result<Vec<Position>, String> {
    let started = |events: &[Event]| {
        events.iter().rev().find_map(|e| match e {
            Event::TurnStarted { turn, .. } => Some(*turn),
            _ => None,
        })
    };
    let mut out = Vec::new();
    let mut turn = started(opening);
    if turn.is_some() {
        out.push(Position {
            state: state.clone(),
            next_input: Some(0),
            turn: 0,
            mover: None,
        });
    }
    let mut mover = None;
    for (i, (seat, input)) in inputs.iter().enumerate() {
        if turn.is_some() && mover.is_none() {
            mover = Some(*seat);
        }
        let events = state
            .apply(rules, *seat, input)
            .map_err(|e| format!("input {} is refused on replay: {e:?}", i + 1))?;
        let passed = events.iter().any(|e| matches!(e, Event::TurnPassed { .. }));
        if turn.is_none() {
            // Mulligans come before the first turn: the graph starts where it starts.
            turn = started(&events);
            if turn.is_some() {
                out.push(Position {
                    state: state.clone(),
                    next_input: Some(i + 1),
                    turn: 0,
                    mover: None,
                });
            }
            continue;
        }
        if passed || i + 1 == inputs.len() {
            let ended = turn.unwrap_or(0);
            out.push(Position {
                state: state.clone(),
                next_input: (i + 1 < inputs.len()).then_some(i + 1),
                turn: ended,
                mover,
            });
            mover = None;
            turn = started(&events).or(turn.map(|t| t + 1));
        }
    }
    Ok(out)
}

fn search(rules: &Rules, state: &State, iterations: u32, seed: u64) -> Searched {
    if let Some(w) = state.winner {
        return Searched {
            chance: if w == 0 { 1.0 } else { 0.0 },
            me: 0,
            arms: Vec::new(),
            best: None,
        };
    }
    let me = state.waiting()[0];
    let mut bot = MctsBot::new(
        seed,
        Budget {
            iterations: iterations.max(1),
            time: None,
        },
    );
    let (arms, _) = bot.search_known(rules, state, me);
    // As `MctsBot::decide` plays: the arm tried most, then the better mean.
    let best = arms
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .copied();
    let mine = best.map_or(0.5, |b| b.2);
    Searched {
        chance: if me == 0 { mine } else { 1.0 - mine },
        me,
        arms,
        best: best.map(|b| b.0),
    }
}

/// The public events of `input` applied to `state` (what the log would say of it).
fn events_of(rules: &Rules, state: &State, seat: Seat, input: &Input) -> Vec<Event> {
    let mut s = state.clone();
    s.apply(rules, seat, input)
        .map(|ev| ev.iter().map(|e| e.redact(None)).collect())
        .unwrap_or_default()
}

/// Analyses a match: `state` as dealt (with `opening`, its setup's events) and every
/// input in force, searching each turn's end with `iterations` per position.
/// `progress(done, total)` is called before each position's search.
pub fn analyse(
    rules: &Rules,
    state: State,
    opening: &[Event],
    inputs: &[(Seat, Input)],
    iterations: u32,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, String> {
    let positions = positions(rules, state, opening, inputs)?;
    let total = positions.len();
    let mut searched = Vec::with_capacity(total);
    for (n, p) in positions.iter().enumerate() {
        progress(n, total);
        searched.push(search(
            rules,
            &p.state,
            iterations,
            derive_seed(seed, n as u64),
        ));
    }
    progress(total, total);
    let points: Vec<Point> = positions
        .iter()
        .zip(&searched)
        .map(|(p, s)| Point {
            turn: p.turn,
            mover: p.mover,
            chance: s.chance,
        })
        .collect();
    // The turns whose swing was largest (a tie goes to the earlier turn).
    let mut swings: Vec<(usize, f32)> = (1..points.len())
        .filter(|&j| points[j].mover.is_some())
        .map(|j| (j, (points[j].chance - points[j - 1].chance).abs()))
        .collect();
    swings.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut chosen: Vec<usize> = swings.iter().take(MARKS).map(|&(j, _)| j).collect();
    chosen.sort_unstable();
    let marks = chosen
        .into_iter()
        .filter_map(|j| mark(rules, inputs, &positions, &searched, j))
        .collect();
    Ok(Analysis {
        iterations,
        seed,
        points,
        marks,
    })
}

/// The mark for the turn that ends at position `j`.
fn mark(
    rules: &Rules,
    inputs: &[(Seat, Input)],
    positions: &[Position],
    searched: &[Searched],
    j: usize,
) -> Option<Mark> {
    let start = &positions[j - 1];
    let (seat, played) = inputs[start.next_input?];
    let mover = positions[j].mover?;
    let mine = |c: f32| if mover == 0 { c } else { 1.0 - c };
    let before = searched[j - 1].chance;
    let after = searched[j].chance;
    let at_start = &searched[j - 1];
    let keys = key::Keys::new(&start.state);
    let preferred = if at_start.me == seat {
        at_start.best.and_then(|best| {
            if keys.key(&played) == best {
                return None;
            }
            let legal = start.state.legal(rules, seat);
            let input = legal.iter().find(|i| keys.key(i) == best)?;
            let mean = at_start.arms.iter().find(|a| a.0 == best)?.2;
            Some((events_of(rules, &start.state, seat, input), mean))
        })
    } else {
        None
    };
    let played_chance = mine(after);
    let (preferred, preferred_chance) = match preferred {
        Some((events, mean)) => (Some(events), mean),
        None => (None, played_chance),
    };
    Some(Mark {
        turn: positions[j].turn,
        mover,
        before,
        after,
        played: events_of(rules, &start.state, seat, &played),
        played_chance,
        preferred,
        preferred_chance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use crate::game::Setup;

    /// A short match played by random bots, with its inputs.
    fn played(seed: u64) -> (State, Vec<Event>, Vec<(Seat, Input)>) {
        let rules = Rules::base();
        let setup = Setup {
            clans: [0, 1],
            seed,
            mulligan: true,
        };
        let (state, opening) = State::new(&rules, setup).unwrap();
        let mut s = state.clone();
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
        let mut inputs = Vec::new();
        while s.winner.is_none() && inputs.len() < 5_000 {
            let seat = s.waiting()[0];
            let input = crate::decide_for(&mut bots[seat as usize], &rules, &s, seat);
            s.apply(&rules, seat, &input).unwrap();
            inputs.push((seat, input));
        }
        (state, opening, inputs)
    }

    #[test]
    fn an_analysis_is_the_same_for_the_same_seed_and_budget() {
        let rules = Rules::base();
        let (state, opening, inputs) = played(3);
        let run = |seed| {
            analyse(
                &rules,
                state.clone(),
                &opening,
                &inputs,
                60,
                seed,
                &mut |_, _| {},
            )
            .unwrap()
        };
        let a = run(9);
        assert_eq!(a, run(9));
        assert!(a.points.len() > 3, "a random match lasts several turns");
        assert_eq!(a.points[0].turn, 0);
        for w in a.points.windows(2) {
            assert_eq!(w[1].turn, w[0].turn + 1, "one point per turn");
        }
        assert!(a.points.iter().all(|p| (0.0..=1.0).contains(&p.chance)));
        assert_eq!(a.marks.len(), MARKS);
        assert!(a.marks.iter().all(|m| !m.played.is_empty()));
    }

    #[test]
    fn the_end_of_a_won_match_is_certain_and_progress_counts_every_position() {
        let rules = Rules::base();
        let (state, opening, inputs) = played(5);
        let mut calls = Vec::new();
        let a = analyse(
            &rules,
            state.clone(),
            &opening,
            &inputs,
            30,
            1,
            &mut |d, t| calls.push((d, t)),
        )
        .unwrap();
        let mut end = state;
        for (s, i) in &inputs {
            end.apply(&rules, *s, i).unwrap();
        }
        let last = a.points.last().unwrap().chance;
        match end.winner {
            Some(0) => assert_eq!(last, 1.0),
            Some(_) => assert_eq!(last, 0.0),
            None => panic!("a random match ends within 5,000 inputs"),
        }
        let total = a.points.len();
        assert_eq!(calls.first(), Some(&(0, total)));
        assert_eq!(calls.last(), Some(&(total, total)));
    }

    #[test]
    fn a_log_that_does_not_fit_is_refused() {
        let rules = Rules::base();
        let (state, opening, mut inputs) = played(3);
        inputs.insert(3, inputs[3]);
        inputs.insert(3, (1 - inputs[3].0, Input::Invade));
        assert!(analyse(&rules, state, &opening, &inputs, 10, 1, &mut |_, _| {}).is_err());
    }
}

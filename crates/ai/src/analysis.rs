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
//!
//! **The side to move.** A search favours the seat it searches for, the one to move:
//! its rollouts start with that seat's actions and stop before the other can answer
//! them all. Over the 36 matches of `tournament --bots mcts,greedy --games 36 --seed
//! 11`, each analysed at the normal budget (496 turns; the measuring hook is not kept
//! in the code), a player's raw chance fell by 21 points on average across her own
//! turn, where a true chance would not move on average: the raw graph zigzagged by
//! about that much every turn, and its largest swings were the zigzag. Each point is
//! therefore the raw chance averaged with its neighbours (weights 1, 2, 1; the first
//! with its one neighbour). The neighbours were searched for the other seat, so a bias
//! that alternates cancels exactly, and a real swing keeps its turn as the largest step
//! (half of it at the turn, a quarter on each side). On those matches the mover's
//! average change across her own turn is then -0.6 points, and the average step
//! between points shrinks from 23 to 8 points. The end of a decided match stays exact.
//! A mark's two moves are compared within the one search of the turn's start
//! (`Mark::played_chance`).

use crate::game::event::Event;
use crate::game::{Input, Rules, Seat, State};
use crate::{Budget, MctsBot, derive_seed, key};
use serde::{Deserialize, Serialize};

/// Bumped when the way an analysis is computed changes, so a stored analysis made the
/// old way is computed again (it is part of the store's key with the budget).
pub const ANALYSIS_VERSION: u32 = 6;

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
    /// with it. Both this and `preferred_chance` come from the search of the turn's
    /// start, its arms' means moved by the same amount as that position's point was
    /// moved by the averaging above, so the preferred move's chance is the point
    /// `before` and the two differ by what that search saw between the moves. An
    /// answer that search never tried gets the mover's chance after the turn.
    pub played: Vec<Event>,
    pub played_chance: f32,
    /// What the search's preferred answer at the turn's start does, and the mover's
    /// chance with it; `None` when the search preferred the answer played or rated it at
    /// least as high as its own choice.
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
    let raw: Vec<f32> = searched.iter().map(|s| s.chance).collect();
    let decided = positions.last().is_some_and(|p| p.state.winner.is_some());
    let chances = even_out(&raw, decided);
    let points: Vec<Point> = positions
        .iter()
        .zip(&chances)
        .map(|(p, &chance)| Point {
            turn: p.turn,
            mover: p.mover,
            chance,
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
        .filter_map(|j| mark(rules, inputs, &positions, &searched, &points, j))
        .collect();
    Ok(Analysis {
        iterations,
        seed,
        points,
        marks,
    })
}

/// The raw chances with the side to move's bias taken out (module doc): each point
/// averaged with its neighbours, weights 1, 2, 1 (the first point with its one
/// neighbour, 1, 1); the last stays as it is when the match was decided there (exact),
/// and so does a graph of fewer than three points.
fn even_out(raw: &[f32], decided: bool) -> Vec<f32> {
    let n = raw.len();
    if n < 3 {
        return raw.to_vec();
    }
    (0..n)
        .map(|i| match i {
            0 => (raw[0] + raw[1]) / 2.0,
            _ if i == n - 1 => {
                if decided {
                    raw[i]
                } else {
                    (raw[i - 1] + raw[i]) / 2.0
                }
            }
            _ => (raw[i - 1] + 2.0 * raw[i] + raw[i + 1]) / 4.0,
        })
        .collect()
}

/// The mark for the turn that ends at position `j` (`points`: the evened-out chances).
fn mark(
    rules: &Rules,
    inputs: &[(Seat, Input)],
    positions: &[Position],
    searched: &[Searched],
    points: &[Point],
    j: usize,
) -> Option<Mark> {
    let start = &positions[j - 1];
    let (seat, played) = inputs[start.next_input?];
    let mover = positions[j].mover?;
    let mine = |c: f32| if mover == 0 { c } else { 1.0 - c };
    let before = points[j - 1].chance;
    let after = points[j].chance;
    let at_start = &searched[j - 1];
    let keys = key::Keys::new(&start.state);
    // The start's search, seen by the mover: its arms' means move with its point.
    let searched_here = at_start.me == seat && seat == mover;
    let shift = mine(before) - mine(at_start.chance);
    let arm = |k: u64| {
        at_start
            .arms
            .iter()
            .find(|a| a.0 == k && a.1 > 0)
            .map(|a| (a.2 + shift).clamp(0.0, 1.0))
    };
    let played_chance = searched_here
        .then(|| arm(keys.key(&played)))
        .flatten()
        .unwrap_or(mine(after));
    // Named only when rated higher than the move played: the search plays the answer
    // tried most, not always the one with the highest mean, and a move played that it
    // rated as high (the preferred one itself, too) is not one to correct.
    let preferred = searched_here
        .then_some(at_start.best)
        .flatten()
        .and_then(|best| Some((best, arm(best).filter(|&c| c > played_chance)?)))
        .and_then(|(best, chance)| {
            let legal = start.state.legal(rules, seat);
            let input = legal.iter().find(|i| keys.key(i) == best)?;
            Some((events_of(rules, &start.state, seat, input), chance))
        });
    let (preferred, preferred_chance) = match preferred {
        Some((events, chance)) => (Some(events), chance),
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
    fn evening_out_cancels_a_bias_that_alternates_with_the_side_to_move() {
        // A true chance of 0.5 throughout, searched with 0.2 for whoever moves next.
        let raw = [0.7, 0.3, 0.7, 0.3, 0.7, 1.0];
        let even = even_out(&raw, true);
        // Every point whose neighbours were both searched (the one before the exact end
        // is pulled towards it, as the true chance there would be).
        for c in &even[..4] {
            assert!((c - 0.5).abs() < 1e-6, "{even:?}");
        }
        assert_eq!(even[5], 1.0, "a decided end stays exact");
        let open = even_out(&[0.7, 0.3, 0.7, 0.3], false);
        assert!(open.iter().all(|c| (c - 0.5).abs() < 1e-6), "{open:?}");
        assert_eq!(even_out(&[0.4, 1.0], true), [0.4, 1.0]);
    }

    #[test]
    fn evening_out_keeps_a_real_swing_at_its_turn() {
        let raw = [0.3, 0.3, 0.3, 0.8, 0.8, 0.8, 0.8];
        let even = even_out(&raw, false);
        let steps: Vec<f32> = even.windows(2).map(|w| w[1] - w[0]).collect();
        let largest = (0..steps.len())
            .max_by(|&a, &b| steps[a].total_cmp(&steps[b]))
            .unwrap();
        assert_eq!(
            largest + 1,
            3,
            "the swing stays at the turn that made it: {even:?}"
        );
    }

    /// Regression: the graph zigzagged by about 25 points every turn, because each
    /// position is searched for the seat to move and a search favours that seat, so a
    /// player's chance fell across nearly every turn of her own.
    #[test]
    fn the_chance_does_not_zigzag_with_the_side_to_move() {
        let rules = Rules::base();
        let (mut raw_own, mut even_own, mut turns) = (0.0f32, 0.0f32, 0);
        for seed in [3, 5] {
            let (state, opening, inputs) = played(seed);
            let positions = positions(&rules, state, &opening, &inputs).unwrap();
            let raw: Vec<f32> = positions
                .iter()
                .enumerate()
                .map(|(n, p)| search(&rules, &p.state, 400, derive_seed(1, n as u64)).chance)
                .collect();
            let decided = positions.last().unwrap().state.winner.is_some();
            let even = even_out(&raw, decided);
            // The mover's own change on her turn, leaving out the decided end.
            for j in 1..positions.len() - 1 {
                let sign = if positions[j].mover == Some(0) {
                    1.0
                } else {
                    -1.0
                };
                raw_own += sign * (raw[j] - raw[j - 1]);
                even_own += sign * (even[j] - even[j - 1]);
                turns += 1;
            }
        }
        let (raw_own, even_own) = (raw_own / turns as f32, even_own / turns as f32);
        assert!(
            raw_own < -0.05,
            "the raw search favours the side to move: {raw_own}"
        );
        assert!(
            even_own.abs() < raw_own.abs() / 3.0,
            "evened out, a turn's mover neither gains nor loses on average: {even_own} (raw {raw_own})"
        );
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

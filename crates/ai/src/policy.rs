//! The default policies.
//!
//! - **The cheap choice** (`pick`, "greedy-lite"): score a crystal or invade when
//!   possible, otherwise a random kind of answer (summon, activate, replenish, ...) and a
//!   random answer of that kind, so the many summon combinations do not crowd out the
//!   other actions. `settle` finishes an action with it, for greedy's lookahead and the
//!   search's priors.
//! - **Rollouts** (`playout`) choose cheaply too, except an activated squad's two
//!   decisions, where to move and whether to battle. There the seat looks one action
//!   ahead as greedy does: each answer (at most [`MOVE_CANDIDATES`] of the moves, drawn
//!   at random) is finished by `settle` on one shared random stream, and the evaluation
//!   picks. A random move or battle made a leaf count battles no player would fight and
//!   miss the ones she would: the threat the search's lost games ended with (greedy
//!   winning a battle and scoring). With the lookahead the search won 97.4% of 576 games
//!   against greedy instead of 92.0% (docs/balance.md, "Sixth round").

use crate::eval;
use crate::game::rng::{below, shuffle};
use crate::game::state::Step;
use crate::game::{Event, Input, Rules, Seat, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// The kind of an input, for the balanced random choice.
fn category(input: &Input) -> u8 {
    match input {
        Input::Summon(_) | Input::SummonTo { .. } => 0,
        Input::Activate(_) => 1,
        Input::Score(_) => 2,
        Input::Replenish => 3,
        Input::Invade => 4,
        Input::Move { .. } => 5,
        Input::Stay => 6,
        _ => 7,
    }
}

/// Picks the index of one of `legal` (not empty): the first score, else an invasion,
/// else a kind of answer and an answer of that kind, each uniformly. One pass over the
/// list finds what the choice needs (it is made for every answer a rollout or a
/// settle plays).
pub fn pick(legal: &[Input], rng: &mut Pcg32) -> usize {
    pick_after_summons(0, legal, rng)
}

/// `pick` for a list of `summons` summons followed by `rest`, with the random numbers
/// drawn as from the whole list: the action question, whose summons the engine counts
/// without building them (`State::pick_legal_action`).
fn pick_after_summons(summons: usize, rest: &[Input], rng: &mut Pcg32) -> usize {
    let len = summons + rest.len();
    if len == 1 {
        return 0;
    }
    let (mut score, mut invade) = (None, None);
    let mut counts = [0u32; 8];
    counts[0] = summons as u32;
    for (i, input) in rest.iter().enumerate() {
        let c = category(input);
        match c {
            2 => score = score.or(Some(summons + i)),
            4 => invade = invade.or(Some(summons + i)),
            _ => {}
        }
        counts[c as usize] += 1;
    }
    if let Some(i) = score.or(invade) {
        return i;
    }
    let present = counts.iter().filter(|&&n| n > 0).count() as u32;
    if present <= 1 {
        return below(rng, len as u32) as usize;
    }
    let nth = below(rng, present) as usize;
    let cat = (0..8u8)
        .filter(|&c| counts[c as usize] > 0)
        .nth(nth)
        .expect("below the number of kinds present");
    let mut k = below(rng, counts[cat as usize]) as usize;
    if cat == 0 {
        if k < summons {
            return k;
        }
        k -= summons;
    }
    rest.iter()
        .enumerate()
        .filter(|(_, i)| category(i) == cat)
        .nth(k)
        .map_or(0, |(i, _)| summons + i)
}

/// Plays `state` forward with the rollout policy for at most `max_inputs` answers or
/// until the match ends, then until no battle is running (at most as many again).
/// Returns the number of answers played. `lookahead` false plays the cheap choice
/// throughout (the search of commit 8aee4f0, `mcts::BASELINE`).
pub fn playout(
    rules: &Rules,
    state: &mut State,
    rng: &mut Pcg32,
    max_inputs: u32,
    lookahead: bool,
) -> u32 {
    play_while(rules, state, rng, lookahead, |state, n| {
        n < max_inputs || (state.battle.is_some() && n < 2 * max_inputs)
    })
}

/// Answers played to finish an action, at most.
const SETTLE_INPUTS: u32 = 60;

/// Plays on with the cheap choice until the next action is chosen or the match ends:
/// the rest of the action under way (the battle it starts, the scores it causes).
pub fn settle(rules: &Rules, state: &mut State, rng: &mut Pcg32) {
    play_while(rules, state, rng, false, |state, n| {
        !matches!(state.agenda.last(), Some(Step::ChooseAction)) && n < SETTLE_INPUTS
    });
}

/// As [`settle`], but stops as soon as a battle is under way: the action played out up
/// to the battle it starts, not through it (the beginner's blind spot, `beginner.rs`).
pub fn settle_until_battle(rules: &Rules, state: &mut State, rng: &mut Pcg32) {
    play_while(rules, state, rng, false, |state, n| {
        state.battle.is_none()
            && !matches!(state.agenda.last(), Some(Step::ChooseAction))
            && n < SETTLE_INPUTS
    });
}

/// Plays while the match is on and `go(state, answers played so far)` holds: the cheap
/// choice, with the squad's lookahead if `lookahead`. Returns the number of answers
/// played.
fn play_while(
    rules: &Rules,
    state: &mut State,
    rng: &mut Pcg32,
    lookahead: bool,
    go: impl Fn(&State, u32) -> bool,
) -> u32 {
    // One legal-input and one event buffer for the whole run (rollouts run once per
    // search iteration, settles once per answer priced), from the thread's pool.
    with_buffers(|buffers| {
        let mut n = 0;
        while state.winner.is_none() && go(state, n) {
            if !step_with(rules, state, rng, lookahead, buffers) {
                break;
            }
            n += 1;
        }
        n
    })
}

/// One answer by the cheap choice (the first waiting seat). False if nothing waits.
pub fn step(rules: &Rules, state: &mut State, rng: &mut Pcg32) -> bool {
    with_buffers(|buffers| step_with(rules, state, rng, false, buffers))
}

/// One answer as a rollout gives it (the first waiting seat). False if nothing waits.
pub fn rollout_step(rules: &Rules, state: &mut State, rng: &mut Pcg32) -> bool {
    with_buffers(|buffers| step_with(rules, state, rng, true, buffers))
}

fn step_with(
    rules: &Rules,
    state: &mut State,
    rng: &mut Pcg32,
    lookahead: bool,
    (legal, events): &mut Buffers,
) -> bool {
    // The first waiting seat, read off the bits as the random player does.
    let waiting = state.waiting_bits();
    if waiting == 0 {
        return false;
    }
    let seat = waiting.trailing_zeros() as Seat;
    let input = match state.agenda.last() {
        // A squad's orders and moves are counted and the one chosen is built alone
        // (`State::pick_legal`), with the random numbers `pick` would draw from the
        // whole list: the list of a squad of five is up to 120 orders.
        Some(Step::Reorder { .. }) => state.pick_legal(rules, seat, legal, |n| pick_among(n, rng)),
        Some(Step::Move { .. }) if lookahead => rollout_move(rules, state, seat, legal, rng),
        Some(Step::Move { .. }) => state.pick_legal(rules, seat, legal, |n| pick_move(n, rng)),
        // The summons are most of the actions: counted, and the one chosen built alone.
        // The lookahead never weighs actions (`squad_decision`).
        Some(Step::ChooseAction) => state.pick_legal_action(rules, seat, legal, |summons, rest| {
            pick_after_summons(summons, rest, rng)
        }),
        _ => {
            state.legal_into(rules, seat, legal);
            match legal.len() {
                0 => None,
                _ => {
                    let i = if lookahead {
                        rollout_choice(rules, state, seat, legal, rng)
                    } else {
                        pick(legal, rng)
                    };
                    Some(&legal[i])
                }
            }
        }
    };
    let Some(&input) = input else {
        return false;
    };
    events.clear();
    state.apply_legal_into(rules, seat, &input, events);
    true
}

/// What `pick` draws for a list of `n` answers of one kind (orders): any, uniformly.
fn pick_among(n: usize, rng: &mut Pcg32) -> usize {
    match n {
        1 => 0,
        _ => below(rng, n as u32) as usize,
    }
}

/// What `pick` draws for a squad's `n` move answers (staying first, then the moves):
/// staying or moving, each half the time, then a move uniformly (drawing for staying's
/// one answer too, as `pick` does).
fn pick_move(n: usize, rng: &mut Pcg32) -> usize {
    if n == 1 {
        return 0;
    }
    if below(rng, 2) == 0 {
        1 + below(rng, n as u32 - 1) as usize
    } else {
        below(rng, 1);
        0
    }
}

/// `rollout_choice` for a squad's move, with the candidates built alone: how many
/// answers there are, then each candidate by its index (`State::pick_legal`).
fn rollout_move<'b>(
    rules: &Rules,
    state: &State,
    seat: Seat,
    legal: &'b mut Vec<Input>,
    rng: &mut Pcg32,
) -> Option<&'b Input> {
    let mut n = 0;
    state.pick_legal(rules, seat, legal, |count| {
        n = count;
        count
    });
    if n < 2 {
        return state.pick_legal(rules, seat, legal, |_| 0);
    }
    // Where the engine could not count (a squad with fliers) it built the whole list.
    let built = legal.len() == n;
    let mut some: Vec<usize> = (0..n).collect();
    shuffle(rng, &mut some);
    some.truncate(MOVE_CANDIDATES);
    let stream = rng.next_u64();
    let mut best = (f32::NEG_INFINITY, some[0]);
    for i in some {
        let input = match built {
            true => legal[i],
            false => *state.pick_legal(rules, seat, legal, |_| i)?,
        };
        let v = played_out_legal(rules, state, seat, &input, stream);
        if v > best.0 {
            best = (v, i);
        }
    }
    match built {
        true => legal.get(best.1),
        false => state.pick_legal(rules, seat, legal, |_| best.1),
    }
}

/// Moves a rollout's squad weighs at most (drawn at random): a squad of three can have
/// dozens, and each costs a `settle`. Four is the only count measured so far
/// (docs/balance.md, "Sixth round"); a normal decision then costs 15-25% more.
pub const MOVE_CANDIDATES: usize = 4;

enum SquadDecision {
    Move,
    Battle,
}

/// Which of the activated squad's decisions `legal` asks, if it asks one with a choice.
fn squad_decision(legal: &[Input]) -> Option<SquadDecision> {
    if legal.len() < 2 {
        return None;
    }
    if legal
        .iter()
        .all(|i| matches!(i, Input::Stay | Input::Move { .. }))
    {
        Some(SquadDecision::Move)
    } else if legal.iter().all(|i| matches!(i, Input::Battle(_))) {
        Some(SquadDecision::Battle)
    } else {
        None
    }
}

/// A rollout's answer: the squad's move or battle by looking one action ahead, any
/// other question by the cheap choice.
fn rollout_choice(
    rules: &Rules,
    state: &State,
    seat: Seat,
    legal: &[Input],
    rng: &mut Pcg32,
) -> usize {
    let candidates: Vec<usize> = match squad_decision(legal) {
        Some(SquadDecision::Battle) => (0..legal.len()).collect(),
        Some(SquadDecision::Move) => {
            let mut some: Vec<usize> = (0..legal.len()).collect();
            shuffle(rng, &mut some);
            some.truncate(MOVE_CANDIDATES);
            some
        }
        None => return pick(legal, rng),
    };
    // Every candidate on the same random stream, so they are compared on the same
    // luck. Ties go to the first.
    let stream = rng.next_u64();
    let mut best = (f32::NEG_INFINITY, candidates[0]);
    for i in candidates {
        let v = played_out_legal(rules, state, seat, &legal[i], stream);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// What `input` is worth to `seat` once its action has played out: the cheap choice
/// finishes it from `stream` (`settle`) and the evaluation scores the result; minus
/// infinity if `state` refuses it. What greedy, a rollout's squad and widening's priors
/// (`mcts::prior`) rank answers by; one `stream` for every answer compared puts them on
/// the same luck.
pub fn played_out(rules: &Rules, state: &State, seat: Seat, input: &Input, stream: u64) -> f32 {
    let mut s = state.clone();
    let refused = with_buffers(|(_, events)| s.apply_into(rules, seat, input, events).is_err());
    if refused {
        return f32::NEG_INFINITY;
    }
    settle(rules, &mut s, &mut Pcg32::seed_from_u64(stream));
    eval::value(rules, &s, seat)
}

/// [`played_out`] for an answer `state.legal` (or `pick_legal`) offered `seat` in this
/// very state, applied without checking it again: a rollout's candidates and
/// widening's priors, where the check was a tenth of the search's time.
pub fn played_out_legal(
    rules: &Rules,
    state: &State,
    seat: Seat,
    input: &Input,
    stream: u64,
) -> f32 {
    with_scratch(state, |s| {
        with_buffers(|(_, events)| s.apply_legal_into(rules, seat, input, events));
        settle(rules, s, &mut Pcg32::seed_from_u64(stream));
        eval::value(rules, s, seat)
    })
}

thread_local! {
    /// The state the answers priced on this thread are played out on, overwritten in
    /// place (`State::clone_from`): a new copy per answer cost two copies of the whole
    /// state and an allocation, a sixth of the search's time.
    static SCRATCH: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` on a copy of `state`: the thread's scratch state, or a new copy if it is
/// in use (pricing an answer within the pricing of another).
fn with_scratch<R>(state: &State, f: impl FnOnce(&mut State) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let s = match slot.as_mut() {
                Some(s) => {
                    s.clone_from(state);
                    s
                }
                None => slot.insert(state.clone()),
            };
            f(s)
        }
        Err(_) => f(&mut state.clone()),
    })
}

/// A legal-input and an event buffer.
type Buffers = (Vec<Input>, Vec<Event>);

thread_local! {
    /// Buffers the playouts of this thread reuse, one pair per level of nesting (a
    /// rollout's squad lookahead settles inside the rollout). Each settle and rollout
    /// with buffers of its own grew them from nothing again: a fifth of the search's
    /// time went to the allocator.
    static BUFFERS: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with a pair of buffers from this thread's pool (cleared), returned after.
fn with_buffers<R>(f: impl FnOnce(&mut Buffers) -> R) -> R {
    let mut buffers = BUFFERS.with_borrow_mut(Vec::pop).unwrap_or_default();
    buffers.0.clear();
    buffers.1.clear();
    let out = f(&mut buffers);
    BUFFERS.with_borrow_mut(|pool| pool.push(buffers));
    out
}

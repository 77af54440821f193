//! The cheap default policy of rollouts ("greedy-lite"): score a crystal or invade when
//! possible, otherwise a random kind of answer (summon, activate, replenish, ...) and a
//! random answer of that kind, so the many summon combinations do not crowd out the
//! other actions.

use crate::game::rng::below;
use crate::game::state::Step;
use crate::game::{Event, Input, Rules, Seat, State};
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

/// Picks the index of one of `legal` (not empty).
pub fn pick(legal: &[Input], rng: &mut Pcg32) -> usize {
    if legal.len() == 1 {
        return 0;
    }
    if let Some(i) = legal.iter().position(|i| matches!(i, Input::Score(_))) {
        return i;
    }
    if let Some(i) = legal.iter().position(|i| matches!(i, Input::Invade)) {
        return i;
    }
    let mut present = 0u16;
    for i in legal {
        present |= 1 << category(i);
    }
    if present.count_ones() <= 1 {
        return below(rng, legal.len() as u32) as usize;
    }
    let nth = below(rng, present.count_ones());
    let mut cat = 0;
    let mut seen = 0;
    for c in 0..16u8 {
        if present & (1 << c) != 0 {
            if seen == nth {
                cat = c;
                break;
            }
            seen += 1;
        }
    }
    let count = legal.iter().filter(|i| category(i) == cat).count() as u32;
    let k = below(rng, count) as usize;
    legal
        .iter()
        .enumerate()
        .filter(|(_, i)| category(i) == cat)
        .nth(k)
        .map(|(i, _)| i)
        .unwrap_or(0)
}

/// Plays `state` forward with the default policy for at most `max_inputs` answers or
/// until the match ends, then until no battle is running (at most as many again).
/// Returns the number of answers played.
pub fn playout(rules: &Rules, state: &mut State, rng: &mut Pcg32, max_inputs: u32) -> u32 {
    play_while(rules, state, rng, |state, n| {
        n < max_inputs || (state.battle.is_some() && n < 2 * max_inputs)
    })
}

/// Answers played to finish an action, at most.
const SETTLE_INPUTS: u32 = 60;

/// Plays on with the default policy until the next action is chosen or the match ends:
/// the rest of the action under way (the battle it starts, the scores it causes).
pub fn settle(rules: &Rules, state: &mut State, rng: &mut Pcg32) {
    play_while(rules, state, rng, |state, n| {
        !matches!(state.agenda.last(), Some(Step::ChooseAction)) && n < SETTLE_INPUTS
    });
}

/// Plays the default policy while the match is on and `go(state, answers played so
/// far)` holds. Returns the number of answers played.
fn play_while(
    rules: &Rules,
    state: &mut State,
    rng: &mut Pcg32,
    go: impl Fn(&State, u32) -> bool,
) -> u32 {
    // One legal-input and one event buffer for the whole run (rollouts run once per
    // search iteration, settles once per answer priced).
    let mut buffers = (Vec::new(), Vec::new());
    let mut n = 0;
    while state.winner.is_none() && go(state, n) {
        if !step_with(rules, state, rng, &mut buffers) {
            break;
        }
        n += 1;
    }
    n
}

/// One answer by the default policy (the first waiting seat). False if nothing waits.
pub fn step(rules: &Rules, state: &mut State, rng: &mut Pcg32) -> bool {
    step_with(rules, state, rng, &mut (Vec::new(), Vec::new()))
}

fn step_with(
    rules: &Rules,
    state: &mut State,
    rng: &mut Pcg32,
    (legal, events): &mut (Vec<Input>, Vec<Event>),
) -> bool {
    // The first waiting seat, read off the bits as the random player does.
    let waiting = state.waiting_bits();
    if waiting == 0 {
        return false;
    }
    let seat = waiting.trailing_zeros() as Seat;
    state.legal_into(rules, seat, legal);
    if legal.is_empty() {
        return false;
    }
    let i = pick(legal, rng);
    events.clear();
    state.apply_legal_into(rules, seat, &legal[i], events);
    true
}

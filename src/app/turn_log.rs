//! When the public board is posted, and what its log shows: one board post per turn.
//!
//! A player's turn is several answers (three actions, each a walk of choices, maybe a
//! battle). Their own panel answers each of them privately; the channel gets the board
//! only when someone new must act (so they are pinged), when a turn passes, or when
//! the match ends, and that post's log holds every event since the previous board: the
//! whole turn, not one line per answer.

use crate::game::{Event, Rules, Setup, State};
use crate::store::StoredInput;

/// Whether an answer that took the match from `before` to `after` posts the board:
/// the match ended, a new turn began, or a seat must answer that was not waiting
/// before (the opponent's battle card, a choice a card asks of them). An answer after
/// which the same player goes on, or after which only seats already asked still owe an
/// answer (one battle card of two is in), posts nothing.
pub fn posts_board(before: &State, after: &State) -> bool {
    if after.winner.is_some() || after.turn != before.turn {
        return true;
    }
    let was = before.waiting();
    after.waiting().iter().any(|s| !was.contains(s))
}

/// The events since the board was last posted, through the last of `inputs` (the
/// match's stored log, in order, from its setup): the log of the board posted after
/// that last input. Not redacted: the caller redacts.
pub fn since_last_board(
    rules: &Rules,
    setup: Setup,
    inputs: &[StoredInput],
) -> Result<Vec<Event>, String> {
    let (mut state, _) = State::new(rules, setup)?;
    let mut log = Vec::new();
    let mut posted = true;
    for i in inputs {
        if posted {
            log.clear();
        }
        let before = state.clone();
        let events = state
            .apply(rules, i.seat, &i.input)
            .map_err(|_| format!("input #{} is refused on replay", i.seq))?;
        log.extend(events);
        posted = posts_board(&before, &state);
    }
    Ok(log)
}

/// The events a public log narrates, in order: a payment is left out when the next
/// event is the summon or activation it paid for, whose line already names the cost
/// ("Ana summoned ... (cost 5)"), so that a turn does not read every price twice.
pub fn narrated(events: &[Event]) -> impl Iterator<Item = &Event> {
    events.iter().enumerate().filter_map(|(i, e)| {
        let echoed = match (e, events.get(i + 1)) {
            (
                Event::Paid { seat, amount, .. },
                Some(
                    Event::Summoned { seat: s, cost, .. } | Event::Activated { seat: s, cost, .. },
                ),
            ) => seat == s && amount == cost,
            _ => false,
        };
        (!echoed).then_some(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_echoed_by_its_action_is_not_narrated_twice() {
        let paid = |amount| Event::Paid {
            seat: 0,
            amount,
            token: 0,
        };
        let activated = Event::Activated {
            seat: 0,
            zone: 3,
            cost: 2,
        };
        let events = [paid(2), activated.clone(), paid(1), Event::NoDamage];
        let kept: Vec<&Event> = narrated(&events).collect();
        // The first payment is in "activated ... (cost 2)"; the second is not echoed.
        assert_eq!(kept, vec![&activated, &paid(1), &Event::NoDamage]);
    }
}

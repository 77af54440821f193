//! When the public board is posted, and what its log shows: one board post per turn.
//!
//! A player's turn is several answers (three actions, each a walk of choices, maybe a
//! battle). Their own panel answers each of them privately; the channel gets the board
//! only when someone new must act (so they are pinged), when a turn passes, or when
//! the match ends, and that post's log holds every event since the previous board: the
//! whole turn, not one line per answer (kept from click to click by
//! [`Following`](crate::app::clans::following::Following)).

use crate::game::State;

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

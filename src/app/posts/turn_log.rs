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

/// A match replayed for its board logs: the state after stored input `version` and
/// the events since the board was last posted. Kept per match between posts, so that a
/// board replays only the inputs since the one before (replaying the whole match for
/// every board made a long match's boards cost the square of its length).
#[derive(Clone)]
pub struct Replayed {
    pub version: i64,
    state: State,
    log: Vec<Event>,
    /// Whether the board was posted after input `version` (the next input's events
    /// start a new log).
    posted: bool,
}

impl Replayed {
    /// The match at its setup, before any input, under the rules it is played by.
    pub fn start(rules: &Rules, setup: Setup, rules_version: u32) -> Result<Replayed, String> {
        let (state, _) = State::new_under(rules, setup, rules_version)?;
        Ok(Replayed {
            version: 0,
            state,
            log: Vec::new(),
            posted: true,
        })
    }

    /// Plays the stored inputs after `version` (the match's inputs in force, in order;
    /// earlier ones are skipped), so that [`Replayed::log`] is the log of the board posted
    /// after the last of them. Not redacted: the caller redacts.
    pub fn extend(&mut self, rules: &Rules, inputs: &[StoredInput]) -> Result<(), String> {
        let from = self.version;
        for i in inputs.iter().filter(|i| i.seq > from) {
            // The numbers a takeback undid are skipped (the store checked the log).
            if i.seq <= self.version {
                return Err(format!("input #{} follows #{}", i.seq, self.version));
            }
            if self.posted {
                self.log.clear();
            }
            let before = self.state.clone();
            let events = self
                .state
                .apply(rules, i.seat, &i.input)
                .map_err(|_| format!("input #{} is refused on replay", i.seq))?;
            self.log.extend(events);
            self.posted = posts_board(&before, &self.state);
            self.version = i.seq;
        }
        Ok(())
    }

    pub fn log(&self) -> &[Event] {
        &self.log
    }
}

/// The events since the board was last posted, through the last of `inputs` (the
/// match's stored log, in order, from its setup). Not redacted: the caller redacts.
pub fn since_last_board(
    rules: &Rules,
    setup: Setup,
    rules_version: u32,
    inputs: &[StoredInput],
) -> Result<Vec<Event>, String> {
    let mut r = Replayed::start(rules, setup, rules_version)?;
    r.extend(rules, inputs)?;
    Ok(r.log)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: every board replayed the whole match from its setup. Replaying on
    /// from where the previous board left off must give each board the same log.
    #[test]
    fn each_board_replays_only_since_the_last_and_gets_the_same_log() {
        let rules = Rules::base();
        let setup = Setup {
            clans: [2, 5],
            seed: 11,
            mulligan: true,
        };
        let played = crate::selfplay::random_inputs(&rules, setup.clone(), 3, |_| false).unwrap();
        let stored: Vec<StoredInput> = played
            .into_iter()
            .enumerate()
            .map(|(n, (seat, input))| StoredInput {
                seq: n as i64 + 1,
                seat,
                input,
                at: 0,
            })
            .collect();
        let mut kept = Replayed::start(&rules, setup.clone(), crate::game::RULES_VERSION).unwrap();
        let (mut state, _) = State::new(&rules, setup.clone()).unwrap();
        let mut boards = 0;
        for (n, i) in stored.iter().enumerate() {
            let before = state.clone();
            state.apply(&rules, i.seat, &i.input).unwrap();
            if posts_board(&before, &state) {
                boards += 1;
                kept.extend(&rules, &stored[..=n]).unwrap();
                let fresh = since_last_board(
                    &rules,
                    setup.clone(),
                    crate::game::RULES_VERSION,
                    &stored[..=n],
                )
                .unwrap();
                assert_eq!(kept.log(), &fresh[..], "board after input #{}", i.seq);
                assert_eq!(kept.version, i.seq);
            }
        }
        assert!(boards > 10, "only {boards} boards");
    }
}

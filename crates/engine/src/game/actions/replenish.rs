//! Replenish (rulebook "REPLENISH", glossary "Replenishing", "Hand Limit"): pay 3,
//! discard any cards of the hand one at a time, then draw up to 5 (the draw is asked
//! because it can force a reshuffle).

use crate::game::Rules;
use crate::game::choice::pile_firsts;
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, illegal};
use crate::game::state::*;

impl State {
    pub(in crate::game) fn perform_replenish(
        &mut self,
        rules: &Rules,
        seat: Seat,
        ev: &mut Vec<Event>,
    ) {
        self.pay(rules, seat, REPLENISH_COST, ev);
        ev.push(Event::Replenished { seat });
        self.agenda.push(Step::ReplenishDraw { seat });
        self.agenda.push(Step::ReplenishDiscard { seat });
    }

    /// "may draw until she has 5": drawing can force a reshuffle, so ask.
    pub(in crate::game) fn run_replenish_draw(&mut self, seat: Seat) {
        let have = self.players[seat as usize].hand.len();
        let max = HAND_TARGET.saturating_sub(have) as u8;
        self.agenda.push(Step::MayDraw { seat, max });
    }

    pub(in crate::game) fn check_replenish_discard(
        &self,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Done => Ok(()),
            Input::Discard(c) => {
                if !self.players[seat as usize].hand.contains(c) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            _ => Err(self.wrong("discard cards or say you are done")),
        }
    }

    /// One card at a time; the step stays until `done`.
    pub(in crate::game) fn perform_replenish_discard(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        match input {
            Input::Done => {
                self.agenda.pop();
            }
            Input::Discard(c) => {
                self.players[seat as usize].hand.retain(|x| x != c);
                self.discard_to_owner(*c);
                ev.push(Event::CardDiscarded { seat, card: *c });
            }
            _ => unreachable!("checked by check_replenish_discard"),
        }
    }

    pub(in crate::game) fn legal_replenish_discards(&self, seat: Seat, out: &mut Vec<Input>) {
        out.push(Input::Done);
        let hand = &self.players[seat as usize].hand;
        pile_firsts(self, hand, |c| out.push(Input::Discard(c)));
    }
}

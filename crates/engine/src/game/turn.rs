//! Taking a Turn: after each action the active player acts again while the token is
//! on her side or a neutral space; free scores owed by a reshuffle come first.

use super::event::Event;
use super::state::*;

impl State {
    /// After an action the active player acts again while the token is on her side
    /// or on a neutral space (her 1, the 0, the opponent's 1).
    pub fn keeps_acting(&self, seat: Seat) -> bool {
        self.initiative(seat) >= -1
    }

    pub(super) fn end_action(&mut self, ev: &mut Vec<Event>) {
        self.activated = None;
        // Free scores owed because of a reshuffle come after the action. When both
        // seats are owed one, the active player orders them (simultaneous effects).
        match self.owed_scores.map(|n| n > 0) {
            [true, true] => {
                self.agenda.push(Step::EndAction);
                self.agenda.push(Step::OrderScores);
                return;
            }
            [a, b] if a || b => {
                let seat = if a { 0 } else { 1 };
                self.owed_scores[seat as usize] -= 1;
                self.agenda.push(Step::EndAction);
                self.agenda.push(Step::FreeScore { seat });
                return;
            }
            _ => {}
        }
        self.actions += 1;
        if !self.keeps_acting(self.active) {
            self.active = opp(self.active);
            self.turn += 1;
            ev.push(Event::TurnPassed { to: self.active });
            ev.push(Event::TurnStarted {
                seat: self.active,
                turn: self.turn,
            });
        }
    }
}

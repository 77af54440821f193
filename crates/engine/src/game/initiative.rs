//! Paying and gaining initiative (glossary: "Paying Initiative", "Gaining
//! Initiative", "Initiative"): the token on the track and what it allows.

use super::Rules;
use super::event::Event;
use super::state::*;

impl State {
    /// The token position after `seat` pays `cost`, if that stays on the track.
    pub fn token_after_paying(&self, rules: &Rules, seat: Seat, cost: u8) -> Option<i8> {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                -(cost as i32)
            } else {
                cost as i32
            };
        (-l..=l).contains(&t).then_some(t as i8)
    }

    pub fn can_afford(&self, rules: &Rules, seat: Seat, cost: u8) -> bool {
        u32::from(cost) <= self.initiative_left(rules, seat)
    }

    /// The most `seat` can pay for an action: how far the token can still move
    /// toward the opponent's end of the track.
    pub fn initiative_left(&self, rules: &Rules, seat: Seat) -> u32 {
        (i32::from(self.initiative(seat)) + i32::from(rules.board.track_length)).max(0) as u32
    }

    /// Initiative `seat` still holds: how far the token is on her side (negative when
    /// it is on the opponent's side).
    pub fn initiative(&self, seat: Seat) -> i8 {
        if seat == 0 { self.token } else { -self.token }
    }

    /// An action's cost: never past the last space (`can_afford` is checked first).
    pub(in crate::game) fn pay(
        &mut self,
        rules: &Rules,
        seat: Seat,
        cost: u8,
        ev: &mut Vec<Event>,
    ) {
        self.token = self
            .token_after_paying(rules, seat, cost)
            .expect("costs are checked before paying");
        ev.push(Event::Paid {
            seat,
            amount: cost,
            token: self.token,
        });
    }

    /// A payment that is not an action's cost (Demoralize): the token moves toward
    /// the opponent and stops on the last space (glossary, "Paying Initiative").
    pub(crate) fn pay_effect(&mut self, rules: &Rules, seat: Seat, cost: u8, ev: &mut Vec<Event>) {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                -(cost as i32)
            } else {
                cost as i32
            };
        self.token = t.clamp(-l, l) as i8;
        ev.push(Event::Paid {
            seat,
            amount: cost,
            token: self.token,
        });
    }

    /// A gain effect's step (rules version 7): the initiative, then the draw it allows.
    pub(in crate::game) fn run_gain(
        &mut self,
        rules: &Rules,
        seat: Seat,
        amount: u8,
        draw: u8,
        ev: &mut Vec<Event>,
    ) {
        self.gain(rules, seat, amount, ev);
        if draw > 0 {
            self.agenda.push(Step::MayDraw { seat, max: draw });
        }
    }

    /// Gaining initiative moves the token toward the gainer and stops at the end.
    pub fn gain(&mut self, rules: &Rules, seat: Seat, amount: u8, ev: &mut Vec<Event>) {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                amount as i32
            } else {
                -(amount as i32)
            };
        self.token = t.clamp(-l, l) as i8;
        ev.push(Event::InitiativeGained {
            seat,
            amount,
            token: self.token,
        });
    }
}

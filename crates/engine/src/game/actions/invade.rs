//! Invade (rulebook "INVADE", glossary "Invading"): control the opponent's home zone,
//! pay 3, and discard her draw pile's top cards, one per point of the invading
//! squad's attack; a reshuffle ends the invasion.

use crate::game::Rules;
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, cannot};
use crate::game::state::*;
use crate::game::why::Why;

impl State {
    pub(in crate::game) fn check_invade(&self, rules: &Rules, seat: Seat) -> Result<(), RuleError> {
        if !self.controls(seat, rules.board.homes[opp(seat) as usize]) {
            return cannot(Why::OpponentHomeNotHeld);
        }
        self.check_afford(rules, seat, INVADE_COST)
    }

    pub(in crate::game) fn perform_invade(
        &mut self,
        rules: &Rules,
        seat: Seat,
        ev: &mut Vec<Event>,
    ) {
        self.pay(rules, seat, INVADE_COST, ev);
        let victim = opp(seat);
        let zone = rules.board.homes[victim as usize];
        let attack = self.squad_attack(rules, zone, seat);
        ev.push(Event::Invaded {
            seat,
            attack: attack.min(255) as u8,
        });
        for _ in 0..attack {
            // A reshuffle ends the invasion without discarding any more.
            if self.players[victim as usize].draw.is_empty() {
                self.reshuffle(victim, ev);
                break;
            }
            let card = self.players[victim as usize].draw.remove(0);
            self.discard_to_owner(card);
            ev.push(Event::Milled { seat: victim, card });
        }
    }

    pub(in crate::game) fn legal_invades(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        if self.controls(seat, rules.board.homes[opp(seat) as usize])
            && self.can_afford(rules, seat, INVADE_COST)
        {
            out.push(Input::Invade);
        }
    }
}

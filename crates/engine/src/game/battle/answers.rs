//! The answers asked during a battle (rulebook "Battle" steps 1-4 and the effects
//! that ask): start-of-battle options, the secret battle card, whose effects resolve
//! first, removing or destroying a unit, Flank, Retreat, taking the card back.

use crate::game::Rules;
use crate::game::choice::{pile_firsts, run_tops};
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, illegal};
use crate::game::state::*;

impl State {
    pub(in crate::game) fn check_battle_option(
        &self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Done => Ok(()),
            _ if self.battle_options(rules, seat).contains(input) => Ok(()),
            _ => Err(self.wrong("use a battle-start ability or crystal you have, or say done")),
        }
    }

    pub(in crate::game) fn perform_battle_option(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        match input {
            Input::Done => {
                self.agenda.pop();
            }
            _ => self.use_battle_option(rules, seat, input, ev),
        }
    }

    pub(in crate::game) fn check_battle_card(
        &self,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::BattleCard(c) => {
                if self.battle_ref().cards[seat as usize].is_some() {
                    return illegal("you have already chosen your battle card");
                }
                if !self.players[seat as usize].hand.contains(c) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose a battle card")),
        }
    }

    /// Buffered in the battle; both cards are revealed together once both are in.
    pub(in crate::game) fn perform_battle_card(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::BattleCard(c) = input else {
            unreachable!("checked by check_battle_card")
        };
        let s = seat as usize;
        self.players[s].hand.retain(|x| x != c);
        self.battle_mut().cards[s] = Some(*c);
        ev.push(Event::BattleCardChosen {
            seat,
            from_deck: false,
            card: Some(*c),
        });
    }

    pub(in crate::game) fn legal_battle_cards(&self, seat: Seat, out: &mut Vec<Input>) {
        let hand = &self.players[seat as usize].hand;
        pile_firsts(self, hand, |c| out.push(Input::BattleCard(c)));
    }

    pub(in crate::game) fn check_order_effects(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::First(f) if *f < 2 => Ok(()),
            _ => Err(self.wrong("choose whose effects resolve first")),
        }
    }

    pub(in crate::game) fn perform_order_effects(&mut self, input: &Input, ev: &mut Vec<Event>) {
        let Input::First(first) = input else {
            unreachable!("checked by check_order_effects")
        };
        self.agenda.pop();
        ev.push(Event::EffectsOrdered { first: *first });
        self.schedule_battle(*first);
    }

    pub(in crate::game) fn check_remove_own_unit(
        &self,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Unit(c) => {
                if !self.squad(self.battle_ref().zone, seat).contains(c) {
                    return illegal("choose a unit of your battling squad");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose a unit of your battling squad to remove")),
        }
    }

    pub(in crate::game) fn perform_remove_own_unit(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Unit(c) = input else {
            unreachable!("checked by check_remove_own_unit")
        };
        self.agenda.pop();
        let zone = self.battle_ref().zone;
        self.remove_unit(zone, seat, *c);
        self.players[owner(*c) as usize].removed.push(*c);
        self.note_removed(seat);
        ev.push(Event::UnitRemovedFromGame { card: *c, zone });
        self.note_wiped(zone, seat);
    }

    pub(in crate::game) fn legal_remove_own_unit(&self, seat: Seat, out: &mut Vec<Input>) {
        let zone = self.battle_ref().zone;
        run_tops(self, self.squad(zone, seat), |c| out.push(Input::Unit(c)));
    }

    pub(in crate::game) fn check_destroy_enemy_unit(
        &self,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Unit(c) => {
                if !self.squad(self.battle_ref().zone, opp(seat)).contains(c) {
                    return illegal("choose a unit of the enemy battling squad");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose an enemy unit to destroy")),
        }
    }

    pub(in crate::game) fn perform_destroy_enemy_unit(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Unit(c) = input else {
            unreachable!("checked by check_destroy_enemy_unit")
        };
        self.agenda.pop();
        let zone = self.battle_ref().zone;
        self.destroy_units(rules, zone, opp(seat), &[*c], ev);
    }

    pub(in crate::game) fn legal_destroy_enemy_unit(&self, seat: Seat, out: &mut Vec<Input>) {
        let zone = self.battle_ref().zone;
        run_tops(self, self.squad(zone, opp(seat)), |c| {
            out.push(Input::Unit(c))
        });
    }

    pub(in crate::game) fn check_flank(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Accept(_) => Ok(()),
            _ => Err(self.wrong("decide whether to flank")),
        }
    }

    pub(in crate::game) fn perform_flank(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        if let Input::Accept(true) = input {
            self.battle_mut().from_bottom[seat as usize] = true;
            ev.push(Event::FlankUsed { seat });
        }
    }

    pub(in crate::game) fn check_retreat(
        &self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Move { cards, to } => {
                let zone = self.battle_ref().zone;
                let squad = self.squad(zone, seat);
                if cards.len() != squad.len() || cards.iter().any(|c| !squad.contains(c)) {
                    return illegal("the whole battling squad withdraws");
                }
                if !rules.board.is_adjacent(zone, *to) {
                    return illegal("the squad withdraws to an adjacent zone");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose the zone your squad withdraws to")),
        }
    }

    /// The squad is placed, not moved (glossary, "Placing"), so it may leave a zone
    /// with an enemy squad.
    pub(in crate::game) fn perform_retreat(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Move { cards, to } = input else {
            unreachable!("checked by check_retreat")
        };
        self.agenda.pop();
        let zone = self.battle_ref().zone;
        let units: Cards = std::mem::take(&mut *self.squad_mut(zone, seat));
        ev.push(Event::Placed {
            seat,
            cards: *cards,
            from: zone,
            to: *to,
        });
        self.place_units(seat, *to, &units, Some(false));
    }

    pub(in crate::game) fn legal_retreats(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        let zone = self.battle_ref().zone;
        let cards: Cards = *self.squad(zone, seat);
        for to in rules.board.neighbours(zone) {
            out.push(Input::Move { cards, to });
        }
    }

    pub(in crate::game) fn check_return_card(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Return(_) => Ok(()),
            _ => Err(self.wrong("decide whether to take your battle card back")),
        }
    }

    pub(in crate::game) fn perform_return_card(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        if let Input::Return(true) = input {
            let s = seat as usize;
            let card = self.battle_mut().cards[s].take().expect("checked by poll");
            self.players[s].hand.push(card);
            ev.push(Event::BattleCardReturned { seat, card });
        }
    }
}

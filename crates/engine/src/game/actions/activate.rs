//! Activate (rulebook "ACTIVATE"): pay the squad's activation cost, then the optional
//! steps in order: reorder (the `Reorder` step, `squads.rs`), move, battle (the offer
//! here, the battle itself in `battle/`).

use crate::game::Rules;
use crate::game::agenda::distinct;
use crate::game::board::{ZoneId, zones_in};
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, cannot, illegal};
use crate::game::pack::{Ability, MAX_COST};
use crate::game::state::*;
use crate::game::why::Why;

impl State {
    pub(in crate::game) fn check_activate(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
    ) -> Result<(), RuleError> {
        if (zone as usize) >= rules.board.zones.len() || self.squad(zone, seat).is_empty() {
            return cannot(Why::NoSquad);
        }
        self.check_afford(rules, seat, self.activation_cost(rules, zone, seat))
    }

    pub(in crate::game) fn perform_activate(
        &mut self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        ev: &mut Vec<Event>,
    ) {
        let cost = self.activation_cost(rules, zone, seat);
        self.pay(rules, seat, cost, ev);
        ev.push(Event::Activated { seat, zone, cost });
        self.activated = Some(zone);
        self.agenda.push(Step::OfferBattle { seat });
        self.agenda.push(Step::Move { seat, zone });
        self.agenda.push(Step::Reorder { seat, zone });
    }

    pub(in crate::game) fn legal_activations(
        &self,
        rules: &Rules,
        seat: Seat,
        out: &mut Vec<Input>,
    ) {
        let can_pay = self.initiative_left(rules, seat);
        // No card's activation costs more than `MAX_COST` (checked wherever a pack or
        // a scenario's override is read): with that much left, every squad is payable
        // and its units need no look. The usual case: on the default track of 20 the
        // active player has that much while the token is on her side or in the middle.
        let every_squad_payable = can_pay >= u32::from(MAX_COST);
        for z in zones_in(self.squads.occupied(seat)) {
            let squad = self.squad(z, seat);
            // Discounts only lower the cost: a squad payable at full price (most of
            // them) needs no look at its leaders and neighbours.
            if every_squad_payable
                || u32::from(self.highest_activation(rules, squad)) <= can_pay
                || self.can_afford(rules, seat, self.activation_cost(rules, z, seat))
            {
                out.push(Input::Activate(z));
            }
        }
    }

    /// A squad may move unless an enemy squad shares its zone; then only flying
    /// units under Flight may leave (see `can_fly`).
    pub(in crate::game) fn can_move(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> bool {
        let squad = self.squad(zone, seat);
        !squad.is_empty()
            && (self.squad(zone, opp(seat)).is_empty()
                || squad.iter().any(|&c| self.can_fly(rules, zone, seat, &[c])))
    }

    /// Where units of the activated squad may move, as a bit set of zones: an
    /// adjacent zone, or when they fly (`can_fly`) any zone up to 2 away; none when
    /// an enemy squad holds them in place.
    fn move_mask(&self, rules: &Rules, seat: Seat, zone: ZoneId, fly: bool) -> u16 {
        if !fly && !self.squad(zone, opp(seat)).is_empty() {
            return 0;
        }
        let near = rules.board.adjacent[zone as usize];
        if !fly {
            return near;
        }
        let mut far = near;
        for z in rules.board.neighbours(zone) {
            far |= rules.board.adjacent[z as usize];
        }
        far & !(1 << zone)
    }

    pub(in crate::game) fn check_move(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Stay => Ok(()),
            Input::Move { cards, to } => {
                let squad = self.squad(zone, seat);
                distinct(cards)?;
                if cards.is_empty() || cards.iter().any(|c| !squad.contains(c)) {
                    return illegal("choose one or more units of the activated squad to move");
                }
                let fly = self.can_fly(rules, zone, seat, cards);
                let destinations = self.move_mask(rules, seat, zone, fly);
                if destinations == 0 {
                    return illegal(
                        "a squad cannot leave a zone that holds an enemy squad, unless every unit that moves flies and the squad's top unit has Flight",
                    );
                }
                if destinations
                    .checked_shr(u32::from(*to))
                    .is_none_or(|d| d & 1 == 0)
                {
                    return illegal(
                        "a squad can only move into an adjacent zone (2 zones with Flight, when every unit that moves flies)",
                    );
                }
                Ok(())
            }
            _ => Err(self.wrong("move or stay")),
        }
    }

    /// Moved units leave the others behind; only they stay activated (glossary,
    /// "Activated Squad").
    pub(in crate::game) fn perform_move(
        &mut self,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        let Input::Move { cards, to } = input else {
            ev.push(Event::Stayed { seat, zone });
            return;
        };
        let order: Cards = self
            .squad(zone, seat)
            .iter()
            .copied()
            .filter(|c| cards.contains(c))
            .collect();
        self.squad_mut(zone, seat).retain(|c| !cards.contains(c));
        ev.push(Event::Moved {
            seat,
            cards: order,
            from: zone,
            to: *to,
        });
        self.activated = Some(*to);
        if self.squad(*to, seat).is_empty() {
            // Moved units keep the order they were given before the move.
            self.squad_mut(*to, seat).extend(order);
            self.agenda.push(Step::Entered {
                seat,
                zone: *to,
                moved: true,
            });
        } else {
            self.place_units(seat, *to, &order, Some(true));
        }
    }

    /// The two destination sets of the activated squad's units, worked out once: a
    /// subset walks, or flies (and only walks unless the top unit has Flight).
    fn walk_and_fly(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> (u16, u16) {
        let walk = self.move_mask(rules, seat, zone, false);
        let fly = if self.top_has(rules, zone, seat, Ability::Flight) {
            self.move_mask(rules, seat, zone, true)
        } else {
            walk
        };
        (walk, fly)
    }

    /// `legal_moves(..)[pick(n)]` without the list, where it can be had alone: when
    /// every subset of the squad goes to the same zones (no Flight makes some fly
    /// further; nearly every move), the answers are Stay and then each subset with
    /// each zone, so the subset and the zone follow from the index. `Err(pick)` hands
    /// the question back to be answered from the list.
    pub(in crate::game) fn pick_move<P: FnOnce(usize) -> usize>(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        pick: P,
    ) -> Result<Option<Input>, P> {
        let (walk, fly) = self.walk_and_fly(rules, seat, zone);
        if walk != fly {
            return Err(pick);
        }
        let units = self.units(zone, seat);
        let zones = walk.count_ones() as usize;
        let count = 1 + (units.count_subsets() - 1) * zones;
        let k = pick(count);
        if k >= count {
            return Ok(None);
        }
        if k == 0 {
            return Ok(Some(Input::Stay));
        }
        let (set, nth_zone) = (1 + (k - 1) / zones, (k - 1) % zones);
        let to = zones_in(walk)
            .nth(nth_zone)
            .expect("below the number of zones");
        Ok(Some(Input::Move {
            cards: units.nth_subset(set),
            to,
        }))
    }

    pub(in crate::game) fn legal_moves(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        out: &mut Vec<Input>,
    ) {
        out.push(Input::Stay);
        let squad = self.squad(zone, seat);
        let (walk, fly) = self.walk_and_fly(rules, seat, zone);
        self.units(zone, seat)
            .for_each_subset(squad.len(), |cards| {
                if cards.is_empty() {
                    return;
                }
                let mask = if fly != walk && self.can_fly(rules, zone, seat, cards) {
                    fly
                } else {
                    walk
                };
                // A mask holds zones of the board only.
                out.extend(zones_in(mask).map(|to| Input::Move { cards: *cards, to }));
            });
    }

    pub(in crate::game) fn check_offer_battle(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Battle(_) => Ok(()),
            Input::Move { .. } => illegal(
                "this squad cannot move: a squad cannot leave a zone that holds an enemy squad (unless it flies); decide whether to battle",
            ),
            _ => Err(self.wrong("decide whether to battle")),
        }
    }

    pub(in crate::game) fn perform_offer_battle(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        if let Input::Battle(true) = input {
            let zone = self.activated.expect("an activation is running");
            self.start_battle(seat, zone, ev);
        }
    }
}

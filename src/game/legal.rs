//! The legal answers: `State::legal` lists one answer per choice a seat can make now
//! (answers that differ only by interchangeable cards are one choice, see `choice.rs`),
//! in an order that is a pure function of the state (panels name a choice by its index).

use super::Rules;
use super::board::ZoneId;
use super::choice::{Classes, for_each_order};
use super::input::Input;
use super::state::*;

impl State {
    /// Every legal answer `seat` can give now: `apply` accepts each of them, and every
    /// answer `apply` accepts is the same choice (`State::same_choice`) as exactly one.
    pub fn legal(&self, rules: &Rules, seat: Seat) -> Vec<Input> {
        let mut out = Vec::new();
        if !self.waits_for(seat) {
            return out;
        }
        let s = seat as usize;
        let hand = &self.players[s].hand;
        let them = &self.players[1 - s].hand;
        let step = self.agenda.last().expect("a running match waits on a step");
        match step {
            Step::Mulligan { .. } => {
                Classes::new()
                    .pile(self, hand)
                    .for_each_subset(hand.len(), |cards| out.push(Input::Mulligan(cards)));
            }
            Step::ChooseAction => self.legal_actions(rules, seat, &mut out),
            Step::Reorder { zone, .. } => {
                for_each_order(self, self.squad(*zone, seat), |o| out.push(Input::Order(o)));
            }
            Step::DiscardDown { zone, .. } => {
                out.extend(self.units(*zone, seat).firsts().map(Input::Unit));
            }
            Step::Move { zone, .. } => {
                out.push(Input::Stay);
                let squad = self.squad(*zone, seat);
                let destinations = self.move_destinations(rules, seat, *zone);
                self.units(*zone, seat)
                    .for_each_subset(squad.len(), |cards| {
                        if !cards.is_empty() {
                            for &to in &destinations {
                                out.push(Input::Move {
                                    cards: cards.clone(),
                                    to,
                                });
                            }
                        }
                    });
            }
            Step::OfferBattle { .. } => {
                out.push(Input::Battle(true));
                out.push(Input::Battle(false));
            }
            Step::BattleOptions { .. } => {
                out.push(Input::Done);
                out.extend(self.battle_options(rules, seat));
            }
            Step::BattleCards => {
                out.extend(
                    Classes::new()
                        .pile(self, hand)
                        .firsts()
                        .map(Input::BattleCard),
                );
            }
            Step::OrderEffects | Step::OrderScores => {
                out.push(Input::First(self.active));
                out.push(Input::First(opp(self.active)));
            }
            Step::MayDraw { max, .. } => out.extend((0..=*max).map(Input::Draw)),
            Step::RemoveOwnUnit { .. } => {
                let zone = self.battle_ref().zone;
                out.extend(self.units(zone, seat).firsts().map(Input::Unit));
            }
            Step::DestroyEnemyUnit { .. } => {
                let zone = self.battle_ref().zone;
                out.extend(self.units(zone, opp(seat)).firsts().map(Input::Unit));
            }
            Step::Flank { .. } => {
                out.push(Input::Accept(true));
                out.push(Input::Accept(false));
            }
            Step::Retreat { .. } => {
                let zone = self.battle_ref().zone;
                let cards: Cards = self.squad(zone, seat).clone();
                for to in rules.board.neighbours(zone) {
                    out.push(Input::Move {
                        cards: cards.clone(),
                        to,
                    });
                }
            }
            Step::ReturnCard { .. } => {
                out.push(Input::Return(true));
                out.push(Input::Return(false));
            }
            Step::ReplenishDiscard { .. } => {
                out.push(Input::Done);
                out.extend(Classes::new().pile(self, hand).firsts().map(Input::Discard));
            }
            Step::FreeScore { .. } => out.extend(self.market.iter().map(|&c| Input::Score(c))),
            Step::FreeSummon { .. } => out = self.legal_free_summons(rules, step),
            Step::Recover { filter, .. } => {
                out.push(Input::Done);
                let matching: Pile = self.players[s]
                    .discard
                    .iter()
                    .copied()
                    .filter(|&c| self.matches(rules, c, *filter))
                    .collect();
                out.extend(
                    Classes::new()
                        .pile(self, &matching)
                        .firsts()
                        .map(Input::Pick),
                );
            }
            Step::Inform { .. } => {
                let top: Cards = self.players[s].draw.iter().take(4).copied().collect();
                for keep in Classes::new().pile(self, &top).firsts() {
                    let rest: Cards = top.iter().copied().filter(|&c| c != keep).collect();
                    for_each_order(self, &rest, |order| out.push(Input::Inform { keep, order }));
                }
            }
            Step::Spy { .. } => {
                out.push(Input::Done);
                for card in Classes::new().pile(self, them).firsts() {
                    out.push(Input::Tuck { card, top: true });
                    out.push(Input::Tuck { card, top: false });
                }
            }
            Step::Demoralize { zone, .. } => {
                out.push(Input::Done);
                // A unit's cost depends on its kind and squad only, so a run of like
                // units is affordable as a whole or not at all.
                let targets = self.demoralize_targets(rules, seat, *zone);
                out.extend(
                    self.units(*zone, opp(seat))
                        .firsts()
                        .filter(|c| targets.iter().any(|(t, _)| t == c))
                        .map(Input::Unit),
                );
            }
            Step::OpponentDiscard { .. } => {
                out.extend(Classes::new().pile(self, them).firsts().map(Input::Pick));
            }
            _ => unreachable!("automatic steps never wait"),
        }
        out
    }

    /// The units of a squad as classes (runs of like units).
    fn units(&self, zone: ZoneId, seat: Seat) -> Classes {
        Classes::new().squad(self, self.squad(zone, seat))
    }

    fn legal_actions(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        let home = rules.board.homes[seat as usize];
        // The hand and the discard pile are two places: an Undying unit in the discard
        // pile is a different choice from its twin in hand.
        let from = Classes::new()
            .pile(self, &self.players[seat as usize].hand)
            .pile(self, &self.undying_in_discard(rules, seat));
        let sites = self.summon_sites(rules, seat);
        from.for_each_subset(MAX_SUMMON, |cards| {
            if cards.is_empty() {
                return;
            }
            if self.can_afford(rules, seat, self.summon_cost(rules, seat, &cards, home)) {
                out.push(Input::Summon(cards.clone()));
            }
            self.destinations_at(rules, &sites, &cards, |zone, via| {
                if self.can_afford(rules, seat, self.summon_cost(rules, seat, &cards, zone)) {
                    out.push(Input::SummonTo {
                        cards: cards.clone(),
                        zone,
                        via,
                    });
                }
            });
        });
        for z in 0..rules.board.zones.len() as ZoneId {
            if !self.squad(z, seat).is_empty()
                && self.can_afford(rules, seat, self.activation_cost(rules, z, seat))
            {
                out.push(Input::Activate(z));
            }
        }
        if self.crystal_zones_controlled(rules, seat) >= 2 {
            for &c in &self.market {
                if self.can_afford(rules, seat, rules.pack.crystals[c as usize].cost) {
                    out.push(Input::Score(c));
                }
            }
        }
        if self.can_afford(rules, seat, REPLENISH_COST) {
            out.push(Input::Replenish);
        }
        if self.controls(seat, rules.board.homes[opp(seat) as usize])
            && self.can_afford(rules, seat, INVADE_COST)
        {
            out.push(Input::Invade);
        }
    }

    /// The answers to a free summon: done, or one unit of the hand (or of the discard
    /// pile, a place of its own, when the step allows it) that fits the step.
    pub(super) fn legal_free_summons(&self, rules: &Rules, step: &Step) -> Vec<Input> {
        let Step::FreeSummon {
            seat,
            kind,
            ty,
            from_discard,
            zone,
        } = *step
        else {
            return vec![];
        };
        let p = &self.players[seat as usize];
        let mut pool = Classes::new().pile(self, &p.hand);
        if from_discard {
            pool = pool.pile(self, &p.discard);
        }
        let mut out = vec![Input::Done];
        for c in pool.firsts() {
            if kind.is_some_and(|k| self.kinds[c as usize] != k)
                || ty.is_some_and(|t| !self.card(rules, c).types.has(t))
            {
                continue;
            }
            let cards: Cards = std::iter::once(c).collect();
            match zone {
                Some(z) => out.push(Input::SummonTo {
                    cards,
                    zone: z,
                    via: Via::Home,
                }),
                None => {
                    for (z, via) in self.special_destinations(rules, seat, &cards) {
                        out.push(Input::SummonTo {
                            cards: cards.clone(),
                            zone: z,
                            via,
                        });
                    }
                    out.push(Input::Summon(cards));
                }
            }
        }
        out
    }
}

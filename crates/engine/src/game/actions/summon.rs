//! Summon (rulebook "SUMMON", glossary "Summoning"): up to 3 units from the hand (or
//! Undying units from the discard pile) into the home zone, or where an ability
//! allows, paying their total summon cost less any discount; and the free summons
//! effects grant.

use crate::game::Rules;
use crate::game::abilities::SummonSites;
use crate::game::agenda::distinct;
use crate::game::board::ZoneId;
use crate::game::choice::Classes;
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, cannot, illegal};
use crate::game::order::ROUND_THREE;
use crate::game::pack::{Ability, CrystalEffect};
use crate::game::state::*;
use crate::game::why::Why;

impl State {
    /// The cost of summoning `cards` into `zone` as an action.
    pub fn summon_cost(&self, rules: &Rules, seat: Seat, cards: &[CardId], zone: ZoneId) -> u8 {
        // Saturates: an input may name more than `MAX_SUMMON` cards before it is
        // refused, and a cost of 255 is never payable anyway (the track is at most 60).
        let total = cards.iter().fold(0u8, |sum, &c| {
            sum.saturating_add(self.card(rules, c).summon)
        });
        total.saturating_sub(self.summon_discount(rules, seat, cards, zone))
    }

    fn check_summon_cards(
        &self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
    ) -> Result<(), RuleError> {
        distinct(cards)?;
        if cards.is_empty() || cards.len() > MAX_SUMMON {
            return cannot(Why::SummonSize {
                max: MAX_SUMMON as u8,
            });
        }
        let p = &self.players[seat as usize];
        let undying = |c: &CardId| p.discard.contains(c) && self.is_undying(rules, *c);
        if cards.iter().any(|c| !p.hand.contains(c) && !undying(c)) {
            return cannot(Why::NotInHand);
        }
        Ok(())
    }

    pub(in crate::game) fn check_summon(
        &self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Summon(cards) => {
                self.check_summon_cards(rules, seat, cards)?;
                let home = rules.board.homes[seat as usize];
                self.check_afford(rules, seat, self.summon_cost(rules, seat, cards, home))
            }
            Input::SummonTo { cards, zone, via } => {
                self.check_summon_cards(rules, seat, cards)?;
                if !self
                    .special_destinations(rules, seat, cards)
                    .contains(&(*zone, *via))
                {
                    return illegal("those units cannot be summoned into that zone");
                }
                self.check_afford(rules, seat, self.summon_cost(rules, seat, cards, *zone))
            }
            _ => unreachable!("check_action dispatches summons only"),
        }
    }

    pub(in crate::game) fn perform_summon_action(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        match input {
            Input::Summon(cards) => {
                let zone = rules.board.homes[seat as usize];
                let cost = self.summon_cost(rules, seat, cards, zone);
                self.pay(rules, seat, cost, ev);
                self.summon(rules, seat, cards, (zone, Via::Home), cost, ev);
            }
            Input::SummonTo { cards, zone, via } => {
                let cost = self.summon_cost(rules, seat, cards, *zone);
                self.pay(rules, seat, cost, ev);
                self.summon(rules, seat, cards, (*zone, *via), cost, ev);
            }
            _ => unreachable!("check_action dispatches summons only"),
        }
    }

    /// The cards a summon may take, as classes of alike cards added to `from` (built in
    /// place: handed back by value, they were copied whole), what is left to pay with,
    /// and whether any three of them can be paid for together. `from` starts empty.
    fn summon_classes(&self, rules: &Rules, seat: Seat, from: &mut Classes) -> (u32, bool) {
        // A summon costs its cards' total less Builder Support's 1 (all structures,
        // into a zone whose top unit has it): no set holding a card dearer than what
        // is left plus 1 is payable. Asked at every action with a hand that is mostly
        // too dear, so those cards are dropped before any grouping.
        let can_pay = self.initiative_left(rules, seat);
        // The dearest cost kept, noted as the cards are read: three cards cost at
        // most three times it, which is nearly always payable (the active player has
        // 19 or more on the default track, a card costs at most 5 in the base pack),
        // so the three dearest are looked for only when it is not.
        let mut dearest = 0;
        let mut payable = |c: CardId| {
            let cost = u32::from(self.card(rules, c).summon);
            if cost > can_pay + 1 {
                return false;
            }
            dearest = dearest.max(cost);
            true
        };
        let p = &self.players[seat as usize];
        from.pile_where(self, &p.hand, &mut payable);
        if self.summons_from_discard(rules, seat) {
            // The hand and the discard pile are two places: an Undying unit in the
            // discard pile is a different choice from its twin in hand.
            let undying = |c: CardId| self.is_undying(rules, c) && payable(c);
            from.pile_where(self, &p.discard, undying);
        }
        let three_payable = 3 * dearest <= can_pay || {
            let mut top = [0; MAX_SUMMON];
            for &c in from.cards() {
                let mut cost = u32::from(self.card(rules, c).summon);
                for t in &mut top {
                    if cost > *t {
                        std::mem::swap(&mut cost, t);
                    }
                }
            }
            top.iter().sum::<u32>() <= can_pay
        };
        (can_pay, three_payable)
    }

    /// The summons of the action question, counted where they are plain, listed
    /// into `out` where not; returns how many were counted and left unbuilt (0 when
    /// listed). They are plain when every set of at most `MAX_SUMMON` of the cards
    /// in `from` (the classes of `summon_classes`, added to it) is one summon into
    /// the home zone and the summons are nothing else: the three dearest cards
    /// payable together (so Builder Support's discount changes nothing) and no site
    /// elsewhere. Then `legal_summons` would list them in the order of
    /// `Classes::for_each_subset`, and they can be counted and picked alone.
    // Inlined into the action question's pick: called apart, the call took back
    // most of what looking once saved (0.7% of a random game's instructions).
    #[inline]
    pub(in crate::game) fn count_or_list_summons(
        &self,
        rules: &Rules,
        seat: Seat,
        from: &mut Classes,
        out: &mut Vec<Input>,
    ) -> usize {
        let (can_pay, three_payable) = self.summon_classes(rules, seat, from);
        if from.is_empty() {
            return 0;
        }
        // Looked at once for both ways: listing the summons looked at the classes
        // and the sites again, a fifth of its cost.
        let sites = self.summon_sites(rules, seat);
        if three_payable && sites.is_empty() {
            // Without the empty set, which `for_each_subset` lists first.
            return from.count_subsets_up_to(MAX_SUMMON) - 1;
        }
        self.list_summons(rules, seat, from, can_pay, &sites, out);
        0
    }

    pub(in crate::game) fn legal_summons(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        let mut from = Classes::new();
        let (can_pay, _) = self.summon_classes(rules, seat, &mut from);
        // With no card left there is nothing more to look at.
        if from.is_empty() {
            return;
        }
        let sites = self.summon_sites(rules, seat);
        self.list_summons(rules, seat, &from, can_pay, &sites, out);
    }

    /// Every summon of cards of `from` that `can_pay` pays for, into the home zone or
    /// one of the `sites`.
    fn list_summons(
        &self,
        rules: &Rules,
        seat: Seat,
        from: &Classes,
        can_pay: u32,
        sites: &SummonSites,
        out: &mut Vec<Input>,
    ) {
        let home = rules.board.homes[seat as usize];
        let cost = |c: CardId| u32::from(self.card(rules, c).summon);
        let home_discount = self.top_has(rules, home, seat, Ability::BuilderSupport);
        from.for_each_subset_within(MAX_SUMMON, can_pay + 1, cost, |cards, total| {
            if cards.is_empty() {
                return;
            }
            let discount =
                home_discount && self.all_of_type(rules, cards, rules.pack.known.structure);
            if total.saturating_sub(u32::from(discount)) <= can_pay {
                out.push(Input::Summon(*cards));
            }
            if sites.is_empty() {
                return;
            }
            self.destinations_at(rules, sites, cards, |zone, via| {
                if self.can_afford(rules, seat, self.summon_cost(rules, seat, cards, zone)) {
                    out.push(Input::SummonTo {
                        cards: *cards,
                        zone,
                        via,
                    });
                }
            });
        });
    }

    /// The cards a summon takes: from the hand, or Undying units from the discard pile.
    pub(in crate::game) fn take_for_summon(&mut self, seat: Seat, cards: &[CardId]) {
        let p = &mut self.players[seat as usize];
        // A few cards out of two piles: each is found where it is, rather than both
        // piles being rewritten.
        for c in cards {
            if let Some(i) = p.hand.iter().position(|h| h == c) {
                p.hand.remove(i);
            } else if let Some(i) = p.discard.iter().position(|d| d == c) {
                p.discard.remove(i);
            }
        }
    }

    pub(in crate::game) fn summon(
        &mut self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
        (zone, via): (ZoneId, Via),
        cost: u8,
        ev: &mut Vec<Event>,
    ) {
        self.take_for_summon(seat, cards);
        ev.push(Event::Summoned {
            seat,
            cards: cards.iter().copied().collect(),
            zone,
            cost,
        });
        match via {
            Via::Shift => {
                // The Shapeshifters step aside: back to hand, 1 initiative back.
                let shifter = self.top(zone, seat).expect("checked: Shift on top");
                self.remove_unit(zone, seat, shifter);
                self.players[seat as usize].hand.push(shifter);
                ev.push(Event::ReturnedToHand {
                    seat,
                    card: shifter,
                });
                self.gain(rules, seat, 1, ev);
            }
            Via::Pyramid => {
                let crystal = self
                    .face_up_crystal(rules, seat, |e| e == CrystalEffect::AstralPyramid)
                    .expect("checked: a face-up Astral Pyramid");
                if let Some(c) = self.players[seat as usize]
                    .crystals
                    .iter_mut()
                    .find(|c| c.crystal == crystal)
                {
                    c.face_down = true;
                }
                ev.push(Event::CrystalUsed { seat, crystal });
            }
            Via::Home | Via::Build | Via::RaiseTheDead => {}
        }
        // Arrival triggers run after the squad is settled and the zone's enter
        // triggers (by default: from rules version 6 on the active player orders them).
        let from = self.agenda.len();
        for &c in cards.iter().rev() {
            if matches!(
                self.card(rules, c).ability,
                Ability::Inform | Ability::Linked(_) | Ability::Rebuild(_)
            ) {
                self.agenda.push(Step::Arrived { seat, card: c });
            }
        }
        self.place_units(seat, zone, cards, Some(false));
        self.group_triggers(from);
    }

    pub(in crate::game) fn check_free_summon(
        &self,
        rules: &Rules,
        step: &Step,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Done => Ok(()),
            Input::Summon(_) | Input::SummonTo { .. } => {
                if self.free_summon_allows(rules, step, input) {
                    Ok(())
                } else {
                    illegal("that unit cannot be summoned for free here")
                }
            }
            _ => Err(self.wrong("summon the unit or say done")),
        }
    }

    /// Whether `input` is one of the answers a free summon offers.
    fn free_summon_allows(&self, rules: &Rules, step: &Step, input: &Input) -> bool {
        let mut legal = Vec::new();
        self.legal_free_summons(rules, step, &mut legal);
        legal.iter().any(|l| self.same_choice(l, input))
    }

    /// Whether a free summon has anything to offer besides `done`.
    pub(in crate::game) fn has_free_summon(&self, rules: &Rules, step: &Step) -> bool {
        let mut legal = Vec::new();
        self.legal_free_summons(rules, step, &mut legal);
        legal.len() > 1
    }

    pub(in crate::game) fn perform_free_summon(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        match input {
            Input::Done => {}
            Input::Summon(cards) => {
                let home = rules.board.homes[seat as usize];
                self.summon(rules, seat, cards, (home, Via::Home), 0, ev);
            }
            Input::SummonTo { cards, zone, via } => {
                self.summon(rules, seat, cards, (*zone, *via), 0, ev);
            }
            _ => unreachable!("checked by check_free_summon"),
        }
    }

    pub(in crate::game) fn legal_free_summons(
        &self,
        rules: &Rules,
        step: &Step,
        out: &mut Vec<Input>,
    ) {
        let Step::FreeSummon {
            seat,
            kind,
            ty,
            from_discard,
            zone,
        } = *step
        else {
            return;
        };
        let p = &self.players[seat as usize];
        let mut pool = Classes::new();
        pool.pile(self, &p.hand);
        if from_discard {
            pool.pile(self, &p.discard);
        } else if self.rules_at_least(ROUND_THREE) && self.summons_from_discard(rules, seat) {
            // Undying: "may be summoned from your discard pile as if it were in your
            // hand", so a free summon from hand (The Summoner's Seal, Clone) offers
            // them too.
            pool.pile_where(self, &p.discard, |c| self.is_undying(rules, c));
        }
        out.push(Input::Done);
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
                            cards,
                            zone: z,
                            via,
                        });
                    }
                    out.push(Input::Summon(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::choice::Classes;
    use crate::game::pack::DECK_SIZE;
    use crate::game::state::{CardId, Pile, State, Step};
    use crate::game::{Input, Rules, Setup};

    /// Seat 0 to act with `left` initiative to spend and a hand of her own cards
    /// costing `costs`.
    fn acting_with(rules: &Rules, left: i8, costs: &[u8]) -> State {
        let setup = Setup {
            clans: [0, 1],
            seed: 3,
            mulligan: false,
        };
        let (mut state, _) = State::new(rules, setup).expect("valid setup");
        state.active = 0;
        state.agenda = vec![Step::ChooseAction];
        state.token = left - rules.board.track_length;
        let mut hand = Pile::new();
        for &cost in costs {
            let card = (0..DECK_SIZE as CardId)
                .find(|&c| state.card(rules, c).summon == cost && !hand.contains(&c))
                .expect("the deck has a card of that cost");
            hand.push(card);
        }
        state.players[0].hand = hand;
        assert_eq!(state.initiative_left(rules, 0), left as u32);
        state
    }

    /// The summons are counted and built alone only where every set of up to three
    /// cards is payable: three times the dearest card within reach, or else the three
    /// dearest within reach, looked for one by one. Either way the answers picked
    /// are the ones `legal` lists.
    #[test]
    fn summons_are_plain_only_when_the_three_dearest_are_payable() {
        let rules = Rules::base();
        for (left, costs, plain) in [
            (8, &[2, 2, 1][..], true),
            (8, &[3, 3, 2][..], true),
            (8, &[3, 3, 3][..], false),
            (8, &[5, 4, 2][..], false),
            (3, &[5, 1][..], true),
        ] {
            let state = acting_with(&rules, left, costs);
            let (mut from, mut listed) = (Classes::new(), Vec::new());
            let counted = state.count_or_list_summons(&rules, 0, &mut from, &mut listed);
            assert_eq!(
                (counted > 0, listed.is_empty()),
                (plain, plain),
                "{left} to spend, costs {costs:?}"
            );
            let mut legal = Vec::new();
            state.legal_actions(&rules, 0, &mut legal);
            let mut buf = Vec::new();
            for k in 0..legal.len() {
                let picked = state.pick_legal_action(&rules, 0, &mut buf, |summons, rest| {
                    assert_eq!(summons + rest.len(), legal.len(), "{costs:?}");
                    k
                });
                assert_eq!(picked, Some(&legal[k]), "answer #{k} of {costs:?}");
            }
            assert!(legal.iter().any(|i| matches!(i, Input::Summon(_))));
        }
    }
}

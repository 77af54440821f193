//! Ability triggers (glossary "Entering a Zone", "Cartographers"; the unit abilities
//! Spy, Demoralize, Inform, Linked and Rebuild): what fires when units enter a zone or
//! arrive by summoning, and the questions those abilities ask.

use super::Rules;
use super::agenda::distinct;
use super::board::ZoneId;
use super::choice::{for_each_order, order_count, pick_order, pile_firsts, run_tops};
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::order::{ROUND_FIVE, ROUND_THREE};
use super::pack::Ability;
use super::state::*;
use arrayvec::ArrayVec;

impl State {
    /// Units entered a zone (by moving when `moved`): Spy and Demoralize.
    pub(super) fn run_entered(&mut self, rules: &Rules, seat: Seat, zone: ZoneId, moved: bool) {
        if self.spy_fires(rules, seat, zone, moved) {
            self.agenda.push(Step::Spy { seat });
        }
        if self.demoralize_fires(rules, seat, zone, moved) {
            self.agenda.push(Step::Demoralize { seat, zone });
        }
    }

    /// Demoralize, printed: "When this squad moves into a zone"; a placement (a summon
    /// too) "is not considered a move" (glossary, "Placing"). From rules version 8 on it
    /// fires on moves only, as Spy always did; before, on any entering.
    fn demoralize_fires(&self, rules: &Rules, seat: Seat, zone: ZoneId, moved: bool) -> bool {
        (moved || !self.rules_at_least(ROUND_FIVE))
            && self.top_has(rules, zone, seat, Ability::Demoralize)
    }

    fn spy_fires(&self, rules: &Rules, seat: Seat, zone: ZoneId, moved: bool) -> bool {
        moved
            && self.top_has(rules, zone, seat, Ability::Spy)
            && self.enemy_in_or_next_to(rules, seat, zone)
    }

    /// Whether units entering `zone` would trigger anything that asks (Spy with a
    /// card in the opponent's hand, Demoralize with an enemy unit to send home).
    pub(in crate::game) fn enter_trigger_fires(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        moved: bool,
    ) -> bool {
        (self.spy_fires(rules, seat, zone, moved)
            && !self.players[opp(seat) as usize].hand.is_empty())
            || (self.demoralize_fires(rules, seat, zone, moved)
                && self.can_demoralize(rules, seat, zone))
    }

    /// Whether a summoned unit's arrival trigger would do anything now.
    pub(in crate::game) fn arrival_fires(&self, rules: &Rules, seat: Seat, card: CardId) -> bool {
        let discard_has = |k| {
            self.players[seat as usize]
                .discard
                .iter()
                .any(|&c| self.kinds[c as usize] == k)
        };
        match self.card(rules, card).ability {
            Ability::Inform => true,
            Ability::Linked(k) | Ability::Rebuild(k) => discard_has(k),
            _ => false,
        }
    }

    /// A unit was summoned: Inform, Linked, Rebuild.
    pub(super) fn run_arrived(
        &mut self,
        rules: &Rules,
        seat: Seat,
        card: CardId,
        ev: &mut Vec<Event>,
    ) {
        match self.card(rules, card).ability {
            Ability::Inform => {
                let draw = &self.players[seat as usize].draw;
                if draw.len() >= 4 {
                    self.agenda.push(Step::Inform { seat });
                } else {
                    // Fewer than 4: just look, and never reshuffle.
                    looked(seat, draw, ev);
                }
            }
            Ability::Linked(k) => self.agenda.push(Step::Recover {
                seat,
                left: 1,
                filter: Filter::Kind(k),
                dest: Dest::Hand,
            }),
            Ability::Rebuild(k) => self.agenda.push(Step::Recover {
                seat,
                left: 2,
                filter: Filter::Kind(k),
                dest: Dest::Hand,
            }),
            _ => {}
        }
    }

    /// What Inform lets the seat look at: the top 4 cards of her draw pile (fewer if
    /// it holds fewer), top first.
    pub(super) fn inform_top(&self, seat: Seat) -> Cards {
        self.players[seat as usize]
            .draw
            .iter()
            .take(4)
            .copied()
            .collect()
    }

    pub(super) fn check_inform(&self, seat: Seat, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Inform { keep, order } => {
                let top = self.inform_top(seat);
                distinct(order)?;
                if !top.contains(keep)
                    || order.len() != top.len() - 1
                    || order.iter().any(|c| c == keep || !top.contains(c))
                {
                    return illegal("keep one of the top 4 cards and order the other 3");
                }
                Ok(())
            }
            _ => Err(self.wrong("keep one of the top cards of your draw pile")),
        }
    }

    pub(super) fn perform_inform(&mut self, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        let Input::Inform { keep, order } = input else {
            unreachable!("checked by check_inform")
        };
        let s = seat as usize;
        self.agenda.pop();
        let draw = &mut self.players[s].draw;
        let seen = draw.take_front(4);
        for &c in order.iter().rev() {
            draw.insert(0, c);
        }
        self.players[s].hand.push(*keep);
        looked(seat, &seen, ev);
        ev.push(Event::Kept {
            seat,
            card: Some(*keep),
        });
    }

    pub(super) fn legal_informs(&self, seat: Seat, out: &mut Vec<Input>) {
        let top = self.inform_top(seat);
        pile_firsts(self, &top, |keep| {
            let rest: Cards = top.iter().copied().filter(|&c| c != keep).collect();
            for_each_order(self, &rest, |order| out.push(Input::Inform { keep, order }));
        });
    }

    /// `legal_informs(..)[k]` for the `k` that `pick` returns (given their number;
    /// `None` past the end), counted rather than listed: each kept card's block
    /// holds the orders of the others (up to 3! each), and only the one picked is
    /// built.
    pub(super) fn pick_inform(
        &self,
        seat: Seat,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Input> {
        let top = self.inform_top(seat);
        let rest_of =
            |keep: CardId| -> Cards { top.iter().copied().filter(|&c| c != keep).collect() };
        let mut blocks: ArrayVec<(CardId, usize), 4> = ArrayVec::new();
        pile_firsts(self, &top, |keep| {
            blocks.push((keep, order_count(self, &rest_of(keep))));
        });
        if blocks.is_empty() {
            return None;
        }
        let mut k = pick(blocks.iter().map(|&(_, n)| n).sum());
        for (keep, n) in blocks {
            if k < n {
                let order = pick_order(self, &rest_of(keep), |_| k)?;
                return Some(Input::Inform { keep, order });
            }
            k -= n;
        }
        None
    }

    pub(super) fn check_spy(&self, seat: Seat, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Done if !self.rules_at_least(ROUND_THREE) => Ok(()),
            Input::Tuck { card, .. } => {
                if !self.players[opp(seat) as usize].hand.contains(card) {
                    return illegal("that card is not in your opponent's hand");
                }
                Ok(())
            }
            _ if self.rules_at_least(ROUND_THREE) => {
                Err(self.wrong("tuck a card of your opponent's hand"))
            }
            _ => Err(self.wrong("tuck a card of your opponent's hand or say done")),
        }
    }

    pub(super) fn perform_spy(&mut self, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        self.agenda.pop();
        let Input::Tuck { card, top } = input else {
            return;
        };
        let them = opp(seat) as usize;
        looked(seat, &self.players[them].hand, ev);
        self.players[them].hand.retain(|x| x != card);
        let pile = &mut self.players[owner(*card) as usize].draw;
        if *top {
            pile.insert(0, *card);
        } else {
            pile.push(*card);
        }
        ev.push(Event::Tucked {
            seat,
            top: *top,
            card: Some(*card),
        });
    }

    pub(super) fn legal_spies(&self, seat: Seat, out: &mut Vec<Input>) {
        // The printed Telescope Scouts has no "may" (rules version 6 on).
        if !self.rules_at_least(ROUND_THREE) {
            out.push(Input::Done);
        }
        let them = &self.players[opp(seat) as usize].hand;
        pile_firsts(self, them, |card| {
            out.push(Input::Tuck { card, top: true });
            out.push(Input::Tuck { card, top: false });
        });
    }

    /// Whether Demoralize may send a unit home from `zone`: any enemy unit there,
    /// unless `zone` is the enemy's home. Its payment is a game effect, not an
    /// action's cost, so no unit is out of reach: the token stops on the last space
    /// (glossary, "Paying Initiative"; `pay_effect`).
    pub(in crate::game) fn can_demoralize(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> bool {
        let enemy = opp(seat);
        rules.board.homes[enemy as usize] != zone && !self.squad(zone, enemy).is_empty()
    }

    pub(super) fn check_demoralize(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Done => Ok(()),
            Input::Unit(c) => {
                if !self.can_demoralize(rules, seat, zone)
                    || !self.squad(zone, opp(seat)).contains(c)
                {
                    return illegal("choose an enemy unit in this zone");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose an enemy unit to send home or say done")),
        }
    }

    pub(super) fn perform_demoralize(
        &mut self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        let Input::Unit(c) = input else {
            return;
        };
        let enemy = opp(seat);
        let cost = self.unit_cost_for_opponent(rules, zone, enemy, *c);
        self.pay_effect(rules, seat, cost, ev);
        self.remove_unit(zone, enemy, *c);
        ev.push(Event::Demoralized {
            seat,
            card: *c,
            cost,
        });
        let home = rules.board.homes[enemy as usize];
        self.place_units(enemy, home, &[*c], Some(false));
    }

    pub(super) fn legal_demoralizes(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
        out: &mut Vec<Input>,
    ) {
        out.push(Input::Done);
        if self.can_demoralize(rules, seat, zone) {
            run_tops(self, self.squad(zone, opp(seat)), |c| {
                out.push(Input::Unit(c))
            });
        }
    }
}

/// Tells that `seat` looked at `cards`, in one event as a rule. A look at more cards
/// than an event lists (the opponent's hand under Spy could in principle hold that
/// many; no game has come near) is told over several, in order.
fn looked(seat: Seat, cards: &[CardId], ev: &mut Vec<Event>) {
    let events = cards.len().div_ceil(Cards::CAPACITY).max(1);
    for i in 0..events {
        let part = &cards[i * Cards::CAPACITY..cards.len().min((i + 1) * Cards::CAPACITY)];
        ev.push(Event::Looked {
            seat,
            count: part.len() as u8,
            cards: Some(part.iter().copied().collect()),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn told(cards: &[CardId]) -> Vec<(u8, Vec<CardId>)> {
        let mut ev = Vec::new();
        looked(1, cards, &mut ev);
        ev.iter()
            .map(|e| match e {
                Event::Looked {
                    seat: 1,
                    count,
                    cards: Some(c),
                } => (*count, c.to_vec()),
                other => panic!("not a look by seat 1: {other:?}"),
            })
            .collect()
    }

    /// A look at more cards than an event lists is told in full, over several events
    /// in order; a look at nothing is still told (Inform with an empty draw pile).
    #[test]
    fn a_long_look_is_told_as_several_events() {
        let hand: Vec<CardId> = (30..50).collect();
        assert_eq!(
            told(&hand),
            vec![(16, hand[..16].to_vec()), (4, hand[16..].to_vec())]
        );
        assert_eq!(told(&hand[..3]), vec![(3, hand[..3].to_vec())]);
        assert_eq!(told(&[]), vec![(0, vec![])]);
    }
}

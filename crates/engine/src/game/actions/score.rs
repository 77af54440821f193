//! Score (rulebook "Score", glossary "Scoring", "Facedown Crystals"): with 2 of the 3
//! crystal zones controlled, pay a face-up crystal's cost and collect it; its gain
//! effects resolve and the market is refilled. Free scores owed by a reshuffle
//! ("Reshuffling") are taken here too.

use crate::game::Rules;
use crate::game::choice::pile_firsts;
use crate::game::event::Event;
use crate::game::input::{Input, RuleError, cannot, illegal};
use crate::game::pack::{CrystalEffect, Rank};
use crate::game::state::*;
use crate::game::why::Why;

impl State {
    pub(in crate::game) fn check_score(
        &self,
        rules: &Rules,
        seat: Seat,
        crystal: CrystalId,
    ) -> Result<(), RuleError> {
        let held = self.crystal_zones_controlled(rules, seat);
        if held < 2 {
            return cannot(Why::CrystalZones { held: held as u8 });
        }
        if !self.market.contains(&crystal) {
            return cannot(Why::NotInMarket);
        }
        let cost = rules
            .pack
            .crystals
            .get(crystal as usize)
            .map_or(u8::MAX, |c| c.cost);
        self.check_afford(rules, seat, cost)
    }

    pub(in crate::game) fn perform_score(
        &mut self,
        rules: &Rules,
        seat: Seat,
        crystal: CrystalId,
        ev: &mut Vec<Event>,
    ) {
        let cost = rules.pack.crystals[crystal as usize].cost;
        self.pay(rules, seat, cost, ev);
        self.take_crystal(rules, seat, crystal, cost, false, ev);
    }

    pub(in crate::game) fn legal_scores(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        // The market is the cheaper look: most of the time no crystal is affordable
        // or fewer than 2 crystal zones are held, and the zones need looking at only
        // when some crystal is.
        let affordable =
            |c: CrystalId| self.can_afford(rules, seat, rules.pack.crystals[c as usize].cost);
        if self.market.iter().any(|&c| affordable(c))
            && self.crystal_zones_controlled(rules, seat) >= 2
        {
            out.extend(
                self.market
                    .iter()
                    .filter(|&&c| affordable(c))
                    .map(|&c| Input::Score(c)),
            );
        }
    }

    pub(in crate::game) fn refill_market(&mut self, ev: &mut Vec<Event>) {
        while self.market.len() < 3 && !self.crystal_deck.is_empty() {
            let c = self.crystal_deck.remove(0);
            self.market.push(c);
            ev.push(Event::CrystalRevealed { crystal: c });
        }
    }

    pub(in crate::game) fn take_crystal(
        &mut self,
        rules: &Rules,
        seat: Seat,
        crystal: CrystalId,
        cost: u8,
        free: bool,
        ev: &mut Vec<Event>,
    ) {
        self.market.retain(|c| *c != crystal);
        self.players[seat as usize].crystals.push(CollectedCrystal {
            crystal,
            face_down: false,
        });
        ev.push(Event::Scored {
            seat,
            crystal,
            cost,
            free,
        });
        if self.players[seat as usize].crystals.len() >= CRYSTALS_TO_WIN {
            self.winner = Some(seat);
            ev.push(Event::Won { seat });
            return;
        }
        // The gain effects resolve first, then the market is refilled: below any step
        // the effect pushes, so it runs once they are done.
        self.agenda.push(Step::RefillMarket);
        self.on_gain(
            rules,
            seat,
            rules.pack.crystals[crystal as usize].effect,
            ev,
        );
    }

    /// Effects of a crystal when it is gained.
    pub(in crate::game) fn on_gain(
        &mut self,
        rules: &Rules,
        seat: Seat,
        effect: CrystalEffect,
        ev: &mut Vec<Event>,
    ) {
        match effect {
            CrystalEffect::WindsWish => self.agenda.push(Step::Recover {
                seat,
                left: 2,
                filter: Filter::Any,
                dest: Dest::DrawTop,
            }),
            CrystalEffect::SorensBounty => {
                ev.push(Event::Replenished { seat });
                self.agenda.push(Step::ReplenishDraw { seat });
                self.agenda.push(Step::ReplenishDiscard { seat });
            }
            CrystalEffect::BitterBlessing => self.agenda.push(Step::OpponentDiscard { seat }),
            CrystalEffect::KeeperOfSouls => self.agenda.push(Step::Recover {
                seat,
                left: 1,
                filter: Filter::Rank(Rank::Hero),
                dest: Dest::Hand,
            }),
            CrystalEffect::OnGainDraw(n) => self.draw_cards(seat, n, ev),
            CrystalEffect::OnGainInitiative(n) => self.gain(rules, seat, n, ev),
            CrystalEffect::OnGainOpponentMills(n) => self.mill(opp(seat), n, ev),
            CrystalEffect::OnGainRecover(n) => self.agenda.push(Step::Recover {
                seat,
                left: n,
                filter: Filter::Rank(Rank::Common),
                dest: Dest::Hand,
            }),
            CrystalEffect::OnGainSummon => self.agenda.push(Step::FreeSummon {
                seat,
                kind: None,
                ty: None,
                from_discard: false,
                zone: None,
            }),
            // Used as a battle starts or with a summon, not when gained.
            CrystalEffect::BrokenVessel
            | CrystalEffect::MygardsShield
            | CrystalEffect::FoxTail
            | CrystalEffect::AstralPyramid
            | CrystalEffect::BattleAttack(_)
            | CrystalEffect::BattleDefense(_) => {}
        }
    }

    pub(in crate::game) fn check_free_score(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Score(c) => {
                if !self.market.contains(c) {
                    return cannot(Why::NotInMarket);
                }
                Ok(())
            }
            _ => Err(self.wrong("choose a free crystal")),
        }
    }

    pub(in crate::game) fn perform_free_score(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Score(c) = input else {
            unreachable!("checked by check_free_score")
        };
        self.agenda.pop();
        self.take_crystal(rules, seat, *c, 0, true, ev);
    }

    pub(in crate::game) fn check_order_scores(&self, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::First(f) if *f < 2 => Ok(()),
            _ => Err(self.wrong("choose who takes a free crystal first")),
        }
    }

    /// Both seats are owed a free score: the active player says who takes one first.
    pub(in crate::game) fn perform_order_scores(&mut self, input: &Input) {
        let Input::First(first) = input else {
            unreachable!("checked by check_order_scores")
        };
        self.agenda.pop();
        self.owed_scores[*first as usize] -= 1;
        self.agenda.push(Step::FreeScore { seat: *first });
    }

    /// The Bitter Blessing: the seat picks a card of the opponent's hand to discard.
    pub(in crate::game) fn check_opponent_discard(
        &self,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Pick(c) => {
                if !self.players[opp(seat) as usize].hand.contains(c) {
                    return illegal("that card is not in your opponent's hand");
                }
                Ok(())
            }
            _ => Err(self.wrong("pick a card from your opponent's hand")),
        }
    }

    pub(in crate::game) fn perform_opponent_discard(
        &mut self,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Pick(c) = input else {
            unreachable!("checked by check_opponent_discard")
        };
        self.agenda.pop();
        self.players[opp(seat) as usize].hand.retain(|x| x != c);
        self.discard_to_owner(*c);
        ev.push(Event::HandCardDiscarded {
            seat: opp(seat),
            card: *c,
        });
    }

    pub(in crate::game) fn legal_opponent_discards(&self, seat: Seat, out: &mut Vec<Input>) {
        let them = &self.players[opp(seat) as usize].hand;
        pile_firsts(self, them, |c| out.push(Input::Pick(c)));
    }
}

//! Drawing, discarding and Reshuffling: the piles of each seat, and the steps that
//! take cards from them ("you may draw", picking cards back from the discard pile).

use super::Rules;
use super::choice::pile_firsts;
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::rng::shuffle;
use super::state::*;

impl State {
    /// The discard pile becomes the new draw pile; the opponent scores for free
    /// after the current action.
    pub(in crate::game) fn reshuffle(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let moved = std::mem::take(&mut p.discard);
        p.draw.extend(moved);
        shuffle(&mut self.rng, &mut p.draw);
        ev.push(Event::Reshuffled {
            seat,
            cards: self.players[seat as usize].draw.len() as u8,
        });
        if self.first_player.is_some() {
            // Saturates: `opponent_mills(255)` on a one-card pile reshuffles 255 times
            // in one effect. No more than `MAX_CRYSTALS` scores can ever be paid (an
            // owed score with an empty market is skipped), so a capped count plays the same.
            let owed = &mut self.owed_scores[opp(seat) as usize];
            *owed = owed.saturating_add(1);
        }
    }

    /// Takes the top card of the draw pile, reshuffling first if it is empty.
    pub(in crate::game) fn take_top(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<CardId> {
        if self.players[seat as usize].draw.is_empty() {
            self.reshuffle(seat, ev);
        }
        self.players[seat as usize].draw.pop_front()
    }

    pub(in crate::game) fn draw_cards(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        // The drawn cards are listed inline, with no allocation per draw. A draw of
        // more than a list holds (none in the pack comes close) is told as several.
        let mut drawn = Cards::new();
        let tell = |drawn: &mut Cards, ev: &mut Vec<Event>| {
            if !drawn.is_empty() {
                ev.push(Event::Drew {
                    seat,
                    count: drawn.len() as u8,
                    cards: Some(std::mem::take(drawn)),
                });
            }
        };
        for _ in 0..n {
            match self.take_top(seat, ev) {
                Some(c) => {
                    self.players[seat as usize].hand.push(c);
                    if drawn.is_full() {
                        tell(&mut drawn, ev);
                    }
                    drawn.push(c);
                }
                None => break,
            }
        }
        tell(&mut drawn, ev);
    }

    /// The seat discards the top `n` cards of her draw pile (reshuffling when it
    /// runs out, as any discard from an empty draw pile does).
    pub(in crate::game) fn mill(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        for _ in 0..n {
            match self.take_top(seat, ev) {
                Some(card) => {
                    self.discard_to_owner(card);
                    ev.push(Event::Milled { seat, card });
                }
                None => break,
            }
        }
    }

    /// Puts a card on its owner's discard pile.
    pub(in crate::game) fn discard_to_owner(&mut self, card: CardId) {
        self.players[owner(card) as usize].discard.push(card);
    }

    pub(in crate::game) fn matches(&self, rules: &Rules, card: CardId, filter: Filter) -> bool {
        match filter {
            Filter::Any => true,
            Filter::Kind(k) => self.kinds[card as usize] == k,
            Filter::Rank(r) => self.card(rules, card).rank == r,
        }
    }

    pub(super) fn check_may_draw(&self, max: u8, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Draw(n) => {
                if *n > max {
                    return illegal(format!("you may draw at most {max}"));
                }
                Ok(())
            }
            _ => Err(self.wrong("decide how many cards to draw")),
        }
    }

    pub(super) fn perform_may_draw(&mut self, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        let Input::Draw(n) = input else {
            unreachable!("checked by check_may_draw")
        };
        self.agenda.pop();
        self.draw_cards(seat, *n, ev);
    }

    pub(super) fn check_recover(
        &self,
        rules: &Rules,
        seat: Seat,
        filter: Filter,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Pick(c) => {
                if !self.players[seat as usize].discard.contains(c)
                    || !self.matches(rules, *c, filter)
                {
                    return illegal("pick a matching card from your discard pile");
                }
                Ok(())
            }
            Input::Done => Ok(()),
            _ => Err(self.wrong("pick a card from your discard pile or say done")),
        }
    }

    /// Takes one picked card back; the step asks again while picks are left.
    pub(super) fn perform_recover(
        &mut self,
        seat: Seat,
        (left, filter, dest): (u8, Filter, Dest),
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let s = seat as usize;
        self.agenda.pop();
        let Input::Pick(c) = input else {
            return;
        };
        self.players[s].discard.retain(|x| x != c);
        match dest {
            Dest::Hand => self.players[s].hand.push(*c),
            Dest::DrawTop => self.players[s].draw.insert(0, *c),
        }
        ev.push(Event::Recovered {
            seat,
            card: *c,
            to_hand: dest == Dest::Hand,
        });
        if left > 1 {
            self.agenda.push(Step::Recover {
                seat,
                left: left - 1,
                filter,
                dest,
            });
        }
    }

    pub(super) fn legal_recovers(
        &self,
        rules: &Rules,
        seat: Seat,
        filter: Filter,
        out: &mut Vec<Input>,
    ) {
        out.push(Input::Done);
        let matching: Pile = self.players[seat as usize]
            .discard
            .iter()
            .copied()
            .filter(|&c| self.matches(rules, c, filter))
            .collect();
        pile_firsts(self, &matching, |c| out.push(Input::Pick(c)));
    }
}

#[cfg(test)]
mod tests {
    use crate::game::state::{HAND_TARGET, SQUAD_CAPACITY};
    use crate::game::{Event, Rules, Setup, State};

    /// A draw longer than an event's card list is told in full, over several events,
    /// in the order the cards were drawn.
    #[test]
    fn a_long_draw_is_told_as_several_events() {
        let rules = Rules::base();
        let setup = Setup {
            clans: [0, 1],
            seed: 3,
            mulligan: false,
        };
        let (mut s, _) = State::new(&rules, setup).expect("valid setup");
        let seat = s.first_player.expect("set up");
        let top: Vec<u8> = s.players[seat as usize]
            .draw
            .iter()
            .take(20)
            .copied()
            .collect();
        let mut ev = Vec::new();
        s.draw_cards(seat, 20, &mut ev);
        let told: Vec<(u8, Vec<u8>)> = ev
            .iter()
            .map(|e| match e {
                Event::Drew {
                    count,
                    cards: Some(c),
                    ..
                } => (*count, c.to_vec()),
                other => panic!("only draws expected, got {other:?}"),
            })
            .collect();
        let counts: Vec<u8> = told.iter().map(|(n, _)| *n).collect();
        assert_eq!(counts, [SQUAD_CAPACITY as u8, 20 - SQUAD_CAPACITY as u8]);
        let cards: Vec<u8> = told.into_iter().flat_map(|(_, c)| c).collect();
        assert_eq!(cards, top);
        assert_eq!(s.players[seat as usize].hand.len(), HAND_TARGET + 20);
    }
}

//! Phase 1: exploring the cavern, freeing the creatures, collecting treasure.
//!
//! The rulebook: "note the color of the orb that completes the square [...] That orb is
//! now lit up. Remove a gem from the creature card of that color. [...] Place that gem
//! on the orb that completes the square. [...] Continue in this way until you have freed
//! all six creatures or run out of cards." And: "These treasures may be collected by
//! lighting up BOTH of the two orbs on the card."
//!
//! An orb lights only when a gem can go on it: the gem comes off its creature, so an
//! orb of a creature already freed completes no set (provisional reading; the game
//! has 18 gems, three per creature).

use crate::cavern::{Pos, Rotation};
use crate::deck::{Colour, Treasure};
use crate::play::Event;
use crate::score::Outcome;
use crate::sets::squares;
use crate::state::{Magic, Phase, State};

impl State {
    /// Draws phase 1's next card. When the pile is empty, a ready magic power that can
    /// free the last creature does ([`State::last_magic`]) and phase 2 begins; else the
    /// game ends as a Commoner.
    pub(crate) fn draw_next(&mut self, events: &mut Vec<Event>) {
        match self.draw.pop() {
            Some(card) => {
                self.drawn = Some(card);
                events.push(Event::Drew { card });
            }
            None => {
                self.drawn = None;
                let last_bond = Colour::ALL
                    .into_iter()
                    .filter(|c| self.bonds[c.index()] > 0)
                    .map(|c| (c, self.bonds[c.index()]));
                match self.last_magic(last_bond) {
                    Some(colour) => self.magic_free(colour, events),
                    None => self.finish(false, false, events),
                }
            }
        }
    }

    /// Phase 1's placement of the drawn card (already checked).
    pub(crate) fn explore_place(
        &mut self,
        card: u8,
        at: Pos,
        rot: Rotation,
        events: &mut Vec<Event>,
    ) {
        self.drawn = None;
        let cells = self.cavern.place(card, at, rot);
        events.push(Event::Placed { card, at, rot });
        let mut lit = Vec::new();
        for sq in squares(&self.cavern, &self.faces, &cells) {
            let c = sq.colour.index();
            // Two squares may share an orb: it lights once.
            if self.bonds[c] == 0 || lit.contains(&sq.orb) {
                continue;
            }
            self.bonds[c] -= 1;
            self.cavern.light(sq.orb);
            lit.push(sq.orb);
            events.push(Event::Set { square: sq });
            self.free_bond(sq.colour, events);
        }
        self.collect_treasures(&lit, events);
        self.after_explore_turn(events);
    }

    /// Phase 1's end of a turn: phase 2 once every creature is free, else the next card.
    pub(crate) fn after_explore_turn(&mut self, events: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        if self.all_freed() {
            self.start_dragon_phase(events);
        } else if self.drawn.is_none() {
            self.draw_next(events);
        }
    }

    fn free_bond(&mut self, colour: Colour, events: &mut Vec<Event>) {
        let left = self.bonds[colour.index()];
        events.push(Event::BondFreed { colour, left });
        if left == 0 {
            events.push(Event::CreatureFreed { colour });
        }
    }

    /// The magic power in phase 1: "remove one gem from any creature".
    pub(crate) fn magic_free(&mut self, colour: Colour, events: &mut Vec<Event>) {
        self.magic = Magic::Used;
        self.bonds[colour.index()] -= 1;
        events.push(Event::MagicUsed { colour });
        self.free_bond(colour, events);
        if self.all_freed() {
            // The card in hand was not placed: it is left over for phase 2.
            self.start_dragon_phase(events);
        }
    }

    /// Collects every placed treasure card whose two orbs are now lit (only cards with
    /// an orb among `lit` can have changed), and grants a completed collection's bonus.
    pub(crate) fn collect_treasures(&mut self, lit: &[Pos], events: &mut Vec<Event>) {
        let mut cards: Vec<u8> = lit
            .iter()
            .filter_map(|p| self.cavern.cell(*p).map(|c| c.card))
            .collect();
        cards.sort_unstable();
        cards.dedup();
        for card in cards {
            let Some(kind) = self.faces[card as usize].treasure else {
                continue;
            };
            if self.treasures.contains(&card) || !self.cavern.all_orbs_lit(&self.faces, card) {
                continue;
            }
            self.treasures.push(card);
            events.push(Event::Treasure { card, kind });
            if self.collected(kind) == crate::deck::PER_TREASURE {
                events.push(Event::Collection { kind });
                match kind {
                    Treasure::Magic if self.magic == Magic::Locked => self.magic = Magic::Ready,
                    Treasure::Battle if self.in_dragon_phase() => self.battle_card(events),
                    _ => {}
                }
            }
        }
    }

    /// Ends the game: its title and score.
    pub(crate) fn finish(&mut self, freed_all: bool, trapped: bool, events: &mut Vec<Event>) {
        let riches = usize::from(self.collected(Treasure::Riches) == crate::deck::PER_TREASURE);
        let cards_left = if trapped { self.face_up.len() } else { 0 };
        let outcome = Outcome::new(
            freed_all,
            trapped,
            cards_left,
            self.treasures.len() + riches,
        );
        events.push(Event::Over { outcome });
        self.phase = Phase::Over(outcome);
    }
}

//! Phase 2: trapping the Black Dragon.
//!
//! The rulebook: "If you have any cards left after freeing the creatures, add them to
//! the stack of 9 you set aside earlier. [...] Clear the play area [...] Place any
//! collected treasure cards to the side face up, and shuffle the remaining cavern
//! cards. [...] Take your stack of 9+ reserved cards and turn them all face up", then
//! the battle treasures' card, the missing-colour rule, and placing "just as you did in
//! the first round; only now when you create a crystal set, mark the orb with one gem
//! [...] **and** place another gem of that color on the Black Dragon card".
//!
//! A face-up card is chosen freely each turn (reviews: "chosen freely"); the first one
//! goes in the centre as in phase 1.

use crate::cavern::{Pos, Rotation};
use crate::deck::{Colour, Treasure};
use crate::play::Event;
use crate::rng::shuffle;
use crate::sets::squares;
use crate::state::{Magic, Phase, State};

impl State {
    pub(crate) fn start_dragon_phase(&mut self, events: &mut Vec<Event>) {
        let mut face_up = std::mem::take(&mut self.set_aside);
        face_up.extend(self.drawn.take());
        face_up.extend(std::mem::take(&mut self.draw));
        let old = std::mem::take(&mut self.cavern);
        let mut deck: Vec<u8> = old
            .placed
            .iter()
            .map(|p| p.card)
            .filter(|c| !self.treasures.contains(c))
            .collect();
        deck.append(&mut self.discarded);
        shuffle(&mut self.rng, &mut deck);
        self.cavern_deck = deck;
        self.face_up = face_up;
        events.push(Event::DragonPhase {
            face_up: self.face_up.clone(),
        });
        if self.collected(Treasure::Battle) == crate::deck::PER_TREASURE {
            self.battle_card(events);
        }
        self.next_missing_colour();
    }

    /// "If you collected all 3 **battle** treasures, draw one card off the shuffled deck
    /// of cavern cards and add it to the face up cards".
    pub(crate) fn battle_card(&mut self, events: &mut Vec<Event>) {
        if self.battle_drawn {
            return;
        }
        self.battle_drawn = true;
        if let Some(card) = self.cavern_deck.pop() {
            self.face_up.push(card);
            events.push(Event::BattleCard { card });
        }
    }

    /// The first colour whose dragon orb is open, that no face-up card carries and that
    /// the cavern deck can still supply.
    fn missing_colour(&self) -> Option<Colour> {
        if self.face_up.is_empty() {
            return None;
        }
        Colour::ALL.into_iter().find(|c| {
            !self.dragon[c.index()]
                && !self
                    .face_up
                    .iter()
                    .any(|k| self.faces[*k as usize].has_orb(*c))
                && self
                    .cavern_deck
                    .iter()
                    .any(|k| self.faces[*k as usize].has_orb(*c))
        })
    }

    fn next_missing_colour(&mut self) {
        self.phase = match self.missing_colour() {
            Some(c) => Phase::MissingColour(c),
            None => Phase::Dragon,
        };
    }

    /// "choose one of your face up cards to discard and draw from the cavern deck until
    /// you find one with an orb of the missing color. Add this card to your face up
    /// cards." The cards turned over before it stay out of play.
    pub(crate) fn search_colour(&mut self, colour: Colour, discard: u8, events: &mut Vec<Event>) {
        self.face_up.retain(|c| *c != discard);
        self.discarded.push(discard);
        let mut passed = 0u8;
        let mut found = None;
        while let Some(card) = self.cavern_deck.pop() {
            if self.faces[card as usize].has_orb(colour) {
                found = Some(card);
                break;
            }
            self.passed.push(card);
            passed += 1;
        }
        self.face_up.extend(found);
        events.push(Event::ColourSearch {
            colour,
            discarded: discard,
            found,
            passed,
        });
        self.next_missing_colour();
    }

    pub(crate) fn dragon_place(
        &mut self,
        card: u8,
        at: Pos,
        rot: Rotation,
        events: &mut Vec<Event>,
    ) {
        self.face_up.retain(|c| *c != card);
        let cells = self.cavern.place(card, at, rot);
        events.push(Event::Placed { card, at, rot });
        let mut lit = Vec::new();
        for sq in squares(&self.cavern, &self.faces, &cells) {
            let c = sq.colour.index();
            if self.dragon[c] || lit.contains(&sq.orb) {
                continue;
            }
            self.dragon[c] = true;
            self.cavern.light(sq.orb);
            lit.push(sq.orb);
            events.push(Event::Set { square: sq });
            events.push(Event::DragonMarked { colour: sq.colour });
        }
        self.collect_treasures(&lit, events);
        self.after_dragon_turn(events);
    }

    /// A face-up card discarded because none has a place.
    pub(crate) fn dragon_discard(&mut self, card: u8, events: &mut Vec<Event>) {
        self.face_up.retain(|c| *c != card);
        self.discarded.push(card);
        events.push(Event::Discarded { card });
        self.after_dragon_turn(events);
    }

    /// The magic power in phase 2: "add one gem to the Black Dragon".
    pub(crate) fn magic_mark(&mut self, colour: Colour, events: &mut Vec<Event>) {
        self.magic = Magic::Used;
        self.dragon[colour.index()] = true;
        events.push(Event::MagicUsed { colour });
        events.push(Event::DragonMarked { colour });
        self.after_dragon_turn(events);
    }

    /// "Continue in this way until you either run out of cards or succeed in placing
    /// gems on all 6 orbs of the Black Dragon cards". Out of cards, a ready magic power
    /// marks the last open orb ([`State::last_magic`]): trapped with none left.
    fn after_dragon_turn(&mut self, events: &mut Vec<Event>) {
        if self.dragon.iter().all(|m| *m) {
            self.finish(true, true, events);
        } else if self.face_up.is_empty() {
            let open = Colour::ALL
                .into_iter()
                .filter(|c| !self.dragon[c.index()])
                .map(|c| (c, 1));
            match self.last_magic(open) {
                Some(colour) => self.magic_mark(colour, events),
                None => self.finish(true, false, events),
            }
        }
    }
}

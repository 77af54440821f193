//! Canonical keys of inputs for the search tree.
//!
//! In different samples of the hidden cards, the "same" decision can name different
//! card instances (the engine offers one instance of each class of interchangeable
//! cards, and which instance a seat drew differs between samples). The tree therefore
//! keys its edges by what the input means: each card's class (kind, owner and place,
//! `game::choice`) instead of its instance id, so two answers get one key exactly when
//! they are the same choice (`State::same_choice`), in every sample.

use crate::game::choice::{Class, Places};
use crate::game::state::{SQUAD_CAPACITY, owner};
use crate::game::{CardId, Input, State, Trigger};

/// FNV-1a over a few bytes, and whole words for the cards' classes.
struct Hasher(u64);

impl Hasher {
    fn new(tag: u8) -> Hasher {
        let mut h = Hasher(0xcbf2_9ce4_8422_2325);
        h.byte(tag);
        h
    }
    fn byte(&mut self, b: u8) {
        self.0 ^= b as u64;
        self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
    }
    fn bytes(&mut self, bs: impl IntoIterator<Item = u8>) {
        for b in bs {
            self.byte(b);
        }
        self.byte(0xFE);
    }
    /// A card's class in one step: hashing its six bytes one by one was a tenth of
    /// the search's time (every answer is keyed at every node it is offered at).
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    /// Classes, then an end no class has (a class fits 48 bits).
    fn words(&mut self, ws: impl IntoIterator<Item = u64>) {
        for w in ws {
            self.word(w);
        }
        self.word(u64::MAX);
    }
}

/// Keys the answers to the question of one state: where every card is is worked out
/// once, then each answer's key is a short hash.
pub struct Keys<'s> {
    state: &'s State,
    places: Places,
}

/// A class as one number: kind, owner and place, a byte each.
fn word(k: Class) -> u64 {
    let [a, b, x, y] = k.place.bytes();
    u64::from_le_bytes([k.kind, k.owner, a, b, x, y, 0, 0])
}

impl<'s> Keys<'s> {
    pub fn new(state: &'s State) -> Keys<'s> {
        Keys {
            state,
            places: Places::new(state),
        }
    }

    /// A card's class: kind, owner, place.
    fn class(&self, c: CardId) -> u64 {
        word(self.places.class(self.state, c))
    }

    /// A unit's class as a reorder sees it (its squad, whatever its run).
    fn unit(&self, c: CardId) -> u64 {
        word(self.places.unit_class(self.state, c))
    }

    /// Hashes the classes of a set of cards, sorted (hashed in place: the sorted list
    /// handed back by value was copied whole for every answer keyed).
    fn set(&self, h: &mut Hasher, cards: &[CardId]) {
        // A plain array filled in place: an `ArrayVec` collected was moved out of
        // `collect` with a copy of its whole capacity for every answer keyed.
        let mut k = [0u64; SQUAD_CAPACITY];
        let n = cards.len().min(SQUAD_CAPACITY);
        for (slot, &c) in k.iter_mut().zip(&cards[..n]) {
            *slot = self.class(c);
        }
        let k = &mut k[..n];
        k.sort_unstable();
        h.words(k.iter().copied());
    }

    /// The key of `input` in `state` (the state the input is answered in).
    pub fn key(&self, input: &Input) -> u64 {
        let mut h;
        match input {
            Input::Mulligan(cards) => {
                h = Hasher::new(0);
                self.set(&mut h, cards);
            }
            Input::Summon(cards) => {
                h = Hasher::new(1);
                self.set(&mut h, cards);
            }
            Input::Activate(z) => {
                h = Hasher::new(2);
                h.byte(*z);
            }
            Input::Score(c) => {
                h = Hasher::new(3);
                h.byte(*c);
            }
            Input::Replenish => h = Hasher::new(4),
            Input::Invade => h = Hasher::new(5),
            Input::Order(cards) => {
                h = Hasher::new(6);
                h.words(cards.iter().map(|&c| self.unit(c)));
            }
            Input::Move { cards, to } => {
                h = Hasher::new(7);
                self.set(&mut h, cards);
                h.byte(*to);
            }
            Input::Stay => h = Hasher::new(8),
            Input::Battle(b) => {
                h = Hasher::new(9);
                h.byte(*b as u8);
            }
            Input::BattleCard(c) => {
                h = Hasher::new(10);
                h.words([self.class(*c)]);
            }
            Input::First(s) => {
                h = Hasher::new(11);
                h.byte(*s);
            }
            Input::Draw(n) => {
                h = Hasher::new(12);
                h.byte(*n);
            }
            Input::Discard(c) => {
                h = Hasher::new(13);
                h.words([self.class(*c)]);
            }
            Input::Done => h = Hasher::new(14),
            Input::Unit(c) => {
                h = Hasher::new(15);
                h.words([self.class(*c)]);
            }
            Input::Return(b) => {
                h = Hasher::new(16);
                h.byte(*b as u8);
            }
            Input::SummonTo { cards, zone, via } => {
                h = Hasher::new(17);
                self.set(&mut h, cards);
                h.byte(*zone);
                h.byte(*via as u8);
            }
            Input::Predict(style) => {
                h = Hasher::new(18);
                h.byte(*style as u8);
            }
            Input::Sacrifice(stat) => {
                h = Hasher::new(19);
                h.byte(*stat as u8);
            }
            Input::UseCrystal(c) => {
                h = Hasher::new(20);
                h.byte(*c);
            }
            Input::Accept(b) => {
                h = Hasher::new(21);
                h.byte(*b as u8);
            }
            Input::Pick(c) => {
                h = Hasher::new(22);
                h.words([self.class(*c)]);
            }
            Input::Inform { keep, order } => {
                h = Hasher::new(23);
                h.words([self.class(*keep)]);
                h.words(order.iter().map(|&c| self.class(c)));
            }
            Input::Tuck { card, top } => {
                h = Hasher::new(24);
                h.words([self.class(*card)]);
                h.byte(*top as u8);
            }
            Input::Resolve(t) => {
                // A trigger names a public card (destroyed, summoned) or a seat and
                // zone; the engine offers one trigger per kind, so the kind keys it.
                h = Hasher::new(25);
                let kind = |c: CardId| [self.state.kinds[c as usize], owner(c)];
                match *t {
                    Trigger::Death { card } => h.bytes([0].into_iter().chain(kind(card))),
                    Trigger::BattleStart { seat } => h.bytes([1, seat]),
                    Trigger::Tactical { seat } => h.bytes([2, seat]),
                    Trigger::Entered { seat, zone } => h.bytes([3, seat, zone]),
                    Trigger::Arrived { card } => h.bytes([4].into_iter().chain(kind(card))),
                    Trigger::Gain { seat, amount, draw } => h.bytes([5, seat, amount, draw]),
                }
            }
        }
        h.0
    }
}

//! Canonical keys of inputs for the search tree.
//!
//! In different samples of the hidden cards, the "same" decision can name different
//! card instances (the engine offers the first instance of each kind, and which
//! instance a seat drew differs between samples). The tree therefore keys its edges by
//! what the input means: card kinds instead of instance ids, and for a unit picked on
//! the board its kind and position in its squad.

use crate::game::state::owner;
use crate::game::{CardId, Input, State};

/// FNV-1a over a few bytes.
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
}

fn kind(state: &State, c: CardId) -> u8 {
    state.kinds[c as usize]
}

fn sorted_kinds(state: &State, cards: &[CardId]) -> impl IntoIterator<Item = u8> {
    let mut k: arrayvec::ArrayVec<u8, 16> = cards.iter().map(|&c| kind(state, c)).collect();
    k.sort_unstable();
    k
}

/// Where a unit is on the board: (zone, position in its squad).
fn board_position(state: &State, c: CardId) -> (u8, u8) {
    for (z, pair) in state.squads.iter().enumerate() {
        for squad in pair {
            if let Some(i) = squad.iter().position(|&x| x == c) {
                return (z as u8, i as u8);
            }
        }
    }
    (0xFF, 0xFF)
}

/// The key of `input` in `state` (the state the input is answered in).
pub fn key(state: &State, input: &Input) -> u64 {
    let mut h;
    match input {
        Input::Mulligan(cards) => {
            h = Hasher::new(0);
            h.bytes(sorted_kinds(state, cards));
        }
        Input::Summon(cards) => {
            h = Hasher::new(1);
            h.bytes(sorted_kinds(state, cards));
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
            h.bytes(cards.iter().map(|&c| kind(state, c)));
        }
        Input::Move { cards, to } => {
            h = Hasher::new(7);
            h.bytes(sorted_kinds(state, cards));
            h.byte(*to);
        }
        Input::Stay => h = Hasher::new(8),
        Input::Battle(b) => {
            h = Hasher::new(9);
            h.byte(*b as u8);
        }
        Input::BattleCard(c) => {
            h = Hasher::new(10);
            h.byte(kind(state, *c));
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
            h.byte(kind(state, *c));
        }
        Input::Done => h = Hasher::new(14),
        Input::Unit(c) => {
            h = Hasher::new(15);
            let (z, i) = board_position(state, *c);
            h.bytes([kind(state, *c), owner(*c), z, i]);
        }
        Input::Return(b) => {
            h = Hasher::new(16);
            h.byte(*b as u8);
        }
        Input::SummonTo { cards, zone, via } => {
            h = Hasher::new(17);
            h.bytes(sorted_kinds(state, cards));
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
            h.byte(kind(state, *c));
        }
        Input::Inform { keep, order } => {
            h = Hasher::new(23);
            h.byte(kind(state, *keep));
            h.bytes(order.iter().map(|&c| kind(state, c)));
        }
        Input::Tuck { card, top } => {
            h = Hasher::new(24);
            h.byte(kind(state, *card));
            h.byte(*top as u8);
        }
    }
    h.0
}

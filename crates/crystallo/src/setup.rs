//! The deal. The rulebook's setup: "Shuffle the remaining cards. Deal 9 of these cards
//! into a separate pile and set it aside. [...] Place the remaining cavern cards
//! face-down in a pile in front of you", then "Draw a card from the draw pile and place
//! it face-up in the center of the play area", then draw the next to place.

use crate::cavern::{Cavern, Pos, Rotation};
use crate::deck::Deck;
use crate::play::Event;
use crate::rng::shuffle;
use crate::state::{BONDS, Magic, Phase, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Cards dealt aside for the Black Dragon.
pub const SET_ASIDE: usize = 9;

impl State {
    /// A new game of `deck` from `seed` (the same seed, the same deal), with the first
    /// card in the centre and the second drawn.
    pub fn deal(deck: &Deck, seed: u64) -> (State, Vec<Event>) {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut cards: Vec<u8> = (0..deck.faces.len() as u8).collect();
        shuffle(&mut rng, &mut cards);
        let set_aside = cards.split_off(cards.len() - SET_ASIDE);
        let mut state = State {
            faces: deck.faces.clone(),
            seed,
            phase: Phase::Explore,
            cavern: Cavern::default(),
            draw: cards,
            set_aside,
            drawn: None,
            discarded: Vec::new(),
            bonds: [BONDS; 6],
            dragon: [false; 6],
            treasures: Vec::new(),
            magic: Magic::Locked,
            battle_drawn: false,
            face_up: Vec::new(),
            cavern_deck: Vec::new(),
            passed: Vec::new(),
            rng,
        };
        let mut events = Vec::new();
        let first = state.draw.pop().expect("45 cards less 9 leave a draw pile");
        // The first card is placed as every other is (a ruling: "Draw a card from the
        // draw pile and place it face-up in the center"), so a card that is itself a
        // set lights its orb, as the first card of phase 2 does; then the next is drawn.
        state.explore_place(first, Pos::new(0, 0), Rotation(0), &mut events);
        (state, events)
    }
}

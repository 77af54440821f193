//! What the player may see. Face up: the cavern, the drawn card, the creatures and the
//! dragon, the collected treasure, phase 2's face-up cards, the discarded and passed
//! cards. Face down: the draw pile and the nine set-aside cards in phase 1, and the
//! cavern deck in phase 2; of those the view keeps only which cards they are as a
//! sorted list (the player knows the deck and has seen every other card), never their
//! order or which pile holds which.

use crate::cavern::Cavern;
use crate::deck::Face;
use crate::rng::shuffle;
use crate::state::{Magic, Phase, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub faces: Vec<Face>,
    pub phase: Phase,
    pub cavern: Cavern,
    pub drawn: Option<u8>,
    pub draw_count: usize,
    pub set_aside_count: usize,
    /// The cards in the face-down piles (draw pile and set aside in phase 1, the cavern
    /// deck in phase 2), sorted.
    pub unseen: Vec<u8>,
    pub discarded: Vec<u8>,
    pub bonds: [u8; 6],
    pub dragon: [bool; 6],
    pub treasures: Vec<u8>,
    pub magic: Magic,
    pub battle_drawn: bool,
    pub face_up: Vec<u8>,
    pub passed: Vec<u8>,
}

impl View {
    pub fn of(state: &State) -> View {
        let mut unseen: Vec<u8> = state
            .draw
            .iter()
            .chain(&state.set_aside)
            .chain(&state.cavern_deck)
            .copied()
            .collect();
        unseen.sort_unstable();
        View {
            faces: state.faces.clone(),
            phase: state.phase.clone(),
            cavern: state.cavern.clone(),
            drawn: state.drawn,
            draw_count: state.draw.len(),
            set_aside_count: state.set_aside.len(),
            unseen,
            discarded: state.discarded.clone(),
            bonds: state.bonds,
            dragon: state.dragon,
            treasures: state.treasures.clone(),
            magic: state.magic,
            battle_drawn: state.battle_drawn,
            face_up: state.face_up.clone(),
            passed: state.passed.clone(),
        }
    }

    /// A full state this view could come from: the unseen cards dealt at random into
    /// the face-down piles (for a search that must not peek). Its view equals `self`.
    pub fn sample(&self, rng: &mut Pcg32) -> State {
        let mut hidden = self.unseen.clone();
        shuffle(rng, &mut hidden);
        let (mut draw, mut set_aside, mut cavern_deck) = (Vec::new(), Vec::new(), Vec::new());
        if self.draw_count + self.set_aside_count == hidden.len() && !hidden.is_empty() {
            set_aside = hidden.split_off(self.draw_count);
            draw = hidden;
        } else {
            cavern_deck = hidden;
        }
        State {
            faces: self.faces.clone(),
            seed: 0,
            phase: self.phase.clone(),
            cavern: self.cavern.clone(),
            draw,
            set_aside,
            drawn: self.drawn,
            discarded: self.discarded.clone(),
            bonds: self.bonds,
            dragon: self.dragon,
            treasures: self.treasures.clone(),
            magic: self.magic,
            battle_drawn: self.battle_drawn,
            face_up: self.face_up.clone(),
            cavern_deck,
            passed: self.passed.clone(),
            rng: Pcg32::seed_from_u64(rng.next_u64()),
        }
    }
}

//! `State`: one game, as plain serde data. It keeps the card faces it was dealt, so a
//! saved game plays on under its own deck even after the provisional deck changes.

use crate::cavern::Cavern;
use crate::deck::{Colour, Face, Treasure};
use crate::score::Outcome;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// Bonds on each creature at the start ("Place 3 gems on the orbs at the bottom of each
/// creature card").
pub const BONDS: u8 = 3;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Phase 1: place the drawn card, free the creatures.
    Explore,
    /// Phase 2's setup, step 2: no face-up card has an orb of this colour; the player
    /// chooses a face-up card to discard before the search.
    MissingColour(Colour),
    /// Phase 2: place face-up cards, trap the Black Dragon.
    Dragon,
    Over(Outcome),
}

/// The magic treasures' power: usable once, after the third is collected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Magic {
    Locked,
    Ready,
    Used,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The cavern cards' faces; a card's id is its index.
    pub faces: Vec<Face>,
    /// The deal's seed (a server's day, or a practice game's).
    pub seed: u64,
    pub phase: Phase,
    pub cavern: Cavern,
    /// Phase 1's draw pile, face down; the top is the last.
    pub draw: Vec<u8>,
    /// The nine cards dealt aside for the Black Dragon, face down until phase 2.
    pub set_aside: Vec<u8>,
    /// Phase 1's card in hand, to be placed.
    pub drawn: Option<u8>,
    /// Cards that found no place (phase 1 rejoin the cavern deck for phase 2) or were
    /// discarded for a missing colour.
    pub discarded: Vec<u8>,
    /// Gems left on each creature (by `Colour::index`).
    pub bonds: [u8; 6],
    /// The Black Dragon's orbs that hold a gem.
    pub dragon: [bool; 6],
    /// Collected treasure cards, in the order collected.
    pub treasures: Vec<u8>,
    pub magic: Magic,
    /// Whether the battle treasures' extra card was drawn.
    pub battle_drawn: bool,
    /// Phase 2's face-up cards to place.
    pub face_up: Vec<u8>,
    /// Phase 2's shuffled cavern deck (the top is the last): for the battle card and
    /// the search for a missing colour.
    pub cavern_deck: Vec<u8>,
    /// Cards turned over in a search for a missing colour, out of play.
    pub passed: Vec<u8>,
    pub rng: Pcg32,
}

impl State {
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    pub fn freed(&self) -> usize {
        self.bonds.iter().filter(|b| **b == 0).count()
    }

    pub fn all_freed(&self) -> bool {
        self.bonds.iter().all(|b| *b == 0)
    }

    pub fn collected(&self, kind: Treasure) -> usize {
        self.treasures
            .iter()
            .filter(|c| self.faces[**c as usize].treasure == Some(kind))
            .count()
    }

    /// Whether the player is in phase 2 (its setup included) or ended it.
    pub fn in_dragon_phase(&self) -> bool {
        match &self.phase {
            Phase::Explore => false,
            Phase::MissingColour(_) | Phase::Dragon => true,
            Phase::Over(o) => o.freed_all,
        }
    }

    /// The target of a ready magic power when the cards have run out and it alone can
    /// still change the title: the one creature with one bond left (phase 1) or the one
    /// open dragon orb (phase 2), from `open` (each colour still to win, and how many
    /// gems it needs). The rulebook plays "until you [...] run out of cards or succeed",
    /// and the power is the player's until used ("a complete **magic** treasure
    /// collection will allow you to place one gem on the dragon for free"), so a power
    /// made ready by the last card is still used: with one target there is no choice to
    /// ask for, and with more the title is the same whatever is chosen, so the game is
    /// scored without asking.
    pub(crate) fn last_magic(&self, open: impl Iterator<Item = (Colour, u8)>) -> Option<Colour> {
        if self.magic != Magic::Ready {
            return None;
        }
        let open: Vec<(Colour, u8)> = open.collect();
        match open[..] {
            [(colour, 1)] => Some(colour),
            _ => None,
        }
    }
}

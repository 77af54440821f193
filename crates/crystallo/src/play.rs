//! Inputs, events and refusals, and the two entry points: `legal` (every input the
//! player may give now) and `apply` (an input, checked, then played). A refused input
//! changes nothing.

use crate::cavern::{PlaceError, Pos, Rotation};
use crate::deck::{Colour, Treasure};
use crate::score::Outcome;
use crate::sets::Square;
use crate::state::{Magic, Phase, State};
use serde::{Deserialize, Serialize};

/// Everything the player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// Lay `card` (phase 1: the drawn card; phase 2: a face-up card) with its turned top
    /// left corner at `at`.
    Place { card: u8, at: Pos, rot: Rotation },
    /// Give up a card: one that has no place (phase 1's drawn card; in phase 2 any
    /// face-up card when none has a place), or the card discarded for a missing colour.
    Discard { card: u8 },
    /// The magic treasures' power: free a bond of this creature (phase 1) or mark this
    /// orb of the Black Dragon (phase 2).
    Magic { colour: Colour },
}

/// What happened, in order. The player sees every event of their own game; `Drew`
/// names a card from the hidden pile, so a public post says only the outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Placed {
        card: u8,
        at: Pos,
        rot: Rotation,
    },
    Drew {
        card: u8,
    },
    /// A set completed: its orb is lit.
    Set {
        square: Square,
    },
    /// A gem came off this creature; `left` bonds remain.
    BondFreed {
        colour: Colour,
        left: u8,
    },
    CreatureFreed {
        colour: Colour,
    },
    Treasure {
        card: u8,
        kind: Treasure,
    },
    /// The third treasure of a kind.
    Collection {
        kind: Treasure,
    },
    Discarded {
        card: u8,
    },
    MagicUsed {
        colour: Colour,
    },
    /// Phase 2 begins with these cards face up.
    DragonPhase {
        face_up: Vec<u8>,
    },
    BattleCard {
        card: u8,
    },
    ColourSearch {
        colour: Colour,
        discarded: u8,
        found: Option<u8>,
        passed: u8,
    },
    DragonMarked {
        colour: Colour,
    },
    Over {
        outcome: Outcome,
    },
}

/// Why an input is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("card {0} is not a card you may play now")]
    NotInHand(u8),
    #[error("a rotation is a quarter turn from 0 to 3")]
    BadRotation,
    #[error("{0}")]
    Placement(PlaceError),
    #[error("card {0} has a place in the cavern: only a card without one is discarded")]
    HasPlace(u8),
    #[error("choose the face-up card to discard for the missing colour first")]
    ChooseDiscard,
    #[error("the magic treasures' power is not yours to use")]
    NoMagic,
    #[error("the {0:?} creature has no bond left")]
    AlreadyFree(Colour),
    #[error("the dragon's {0:?} orb is marked already")]
    AlreadyMarked(Colour),
}

impl From<PlaceError> for RuleError {
    fn from(e: PlaceError) -> RuleError {
        RuleError::Placement(e)
    }
}

/// Every input the player may give now, in a fixed order.
pub fn legal(state: &State) -> Vec<Input> {
    let mut out = Vec::new();
    match &state.phase {
        Phase::Over(_) => return out,
        Phase::MissingColour(_) => {
            out.extend(state.face_up.iter().map(|&card| Input::Discard { card }));
            return out;
        }
        Phase::Explore => {
            if let Some(card) = state.drawn {
                let spots = state.cavern.spots(&state.faces, card);
                if spots.is_empty() {
                    out.push(Input::Discard { card });
                }
                out.extend(
                    spots
                        .into_iter()
                        .map(|(at, rot)| Input::Place { card, at, rot }),
                );
            }
        }
        Phase::Dragon => {
            for &card in &state.face_up {
                let spots = state.cavern.spots(&state.faces, card);
                out.extend(
                    spots
                        .into_iter()
                        .map(|(at, rot)| Input::Place { card, at, rot }),
                );
            }
            if out.is_empty() {
                out.extend(state.face_up.iter().map(|&card| Input::Discard { card }));
            }
        }
    }
    if state.magic == Magic::Ready {
        for c in Colour::ALL {
            if magic_target(state, c).is_ok() {
                out.push(Input::Magic { colour: c });
            }
        }
    }
    out
}

fn magic_target(state: &State, colour: Colour) -> Result<(), RuleError> {
    if state.magic != Magic::Ready {
        return Err(RuleError::NoMagic);
    }
    match state.phase {
        Phase::Explore if state.bonds[colour.index()] == 0 => Err(RuleError::AlreadyFree(colour)),
        Phase::Explore => Ok(()),
        Phase::Dragon if state.dragon[colour.index()] => Err(RuleError::AlreadyMarked(colour)),
        Phase::Dragon => Ok(()),
        Phase::MissingColour(_) => Err(RuleError::ChooseDiscard),
        Phase::Over(_) => Err(RuleError::GameOver),
    }
}

/// Plays `input`, or refuses it with the reason and leaves the state as it was.
pub fn apply(state: &mut State, input: Input) -> Result<Vec<Event>, RuleError> {
    let mut events = Vec::new();
    match (&state.phase, input) {
        (Phase::Over(_), _) => return Err(RuleError::GameOver),
        (_, Input::Magic { colour }) => {
            magic_target(state, colour)?;
            if state.phase == Phase::Explore {
                state.magic_free(colour, &mut events);
            } else {
                state.magic_mark(colour, &mut events);
            }
        }
        (Phase::MissingColour(colour), Input::Discard { card }) => {
            let colour = *colour;
            if !state.face_up.contains(&card) {
                return Err(RuleError::NotInHand(card));
            }
            state.search_colour(colour, card, &mut events);
        }
        (Phase::MissingColour(_), Input::Place { .. }) => return Err(RuleError::ChooseDiscard),
        (Phase::Explore, Input::Place { card, at, rot }) => {
            if state.drawn != Some(card) {
                return Err(RuleError::NotInHand(card));
            }
            check_rotation(rot)?;
            state.cavern.check(&state.faces, card, at, rot)?;
            state.explore_place(card, at, rot, &mut events);
        }
        (Phase::Explore, Input::Discard { card }) => {
            if state.drawn != Some(card) {
                return Err(RuleError::NotInHand(card));
            }
            if !state.cavern.spots(&state.faces, card).is_empty() {
                return Err(RuleError::HasPlace(card));
            }
            state.drawn = None;
            state.discarded.push(card);
            events.push(Event::Discarded { card });
            state.after_explore_turn(&mut events);
        }
        (Phase::Dragon, Input::Place { card, at, rot }) => {
            if !state.face_up.contains(&card) {
                return Err(RuleError::NotInHand(card));
            }
            check_rotation(rot)?;
            state.cavern.check(&state.faces, card, at, rot)?;
            state.dragon_place(card, at, rot, &mut events);
        }
        (Phase::Dragon, Input::Discard { card }) => {
            if !state.face_up.contains(&card) {
                return Err(RuleError::NotInHand(card));
            }
            if let Some(&other) = state
                .face_up
                .iter()
                .find(|c| !state.cavern.spots(&state.faces, **c).is_empty())
            {
                return Err(RuleError::HasPlace(other));
            }
            state.dragon_discard(card, &mut events);
        }
    }
    Ok(events)
}

fn check_rotation(rot: Rotation) -> Result<(), RuleError> {
    if rot.0 < 2 {
        Ok(())
    } else {
        Err(RuleError::BadRotation)
    }
}

/// The distinct places (top-left corners) `legal` offers for `card`, in its order (by
/// row, then column): the numbers the cavern image and the panel show, 1 first.
pub fn numbered_spots(legal: &[Input], card: u8) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    for i in legal {
        if let Input::Place { card: k, at, .. } = i
            && *k == card
            && !out.contains(at)
        {
            out.push(*at);
        }
    }
    out
}

/// What an input would do, as far as the player may know before choosing it: the
/// events up to the first card it would draw or turn over (those are hidden until they
/// happen). The panel's preview and the lessons read it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Foreseen {
    /// Orbs lit (a set each), by colour.
    pub lit: Vec<Colour>,
    /// Creatures freed completely.
    pub freed: Vec<Colour>,
    /// Treasures collected.
    pub treasures: usize,
}

/// Plays `input` on a copy of `state` and keeps what it does before anything hidden
/// turns up ([`Foreseen`]); nothing for an illegal input.
pub fn foresee(state: &State, input: Input) -> Foreseen {
    let mut copy = state.clone();
    let mut out = Foreseen::default();
    let Ok(events) = apply(&mut copy, input) else {
        return out;
    };
    for e in events {
        match e {
            Event::Drew { .. }
            | Event::DragonPhase { .. }
            | Event::BattleCard { .. }
            | Event::ColourSearch { .. }
            | Event::Over { .. } => break,
            Event::Set { square } => out.lit.push(square.colour),
            Event::CreatureFreed { colour } => out.freed.push(colour),
            Event::Treasure { .. } => out.treasures += 1,
            _ => {}
        }
    }
    out
}

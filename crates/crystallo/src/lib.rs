//! Crystallo (Liberty Kifer), the solo cavern game: its rules as a pure, deterministic
//! engine beside Crystal Clans' (no IO, clock or OS randomness; a game is a function of
//! its deck, its seed and the player's inputs).
//!
//! One rulebook concept per file: `deck` (the cards as data, `crates/crystallo/assets/`),
//! `setup` (the deal), `cavern` (placement and the contact rule), `sets` (crystal sets),
//! `explore` (phase 1: creatures and treasure), `dragon` (phase 2: the Black Dragon),
//! `score` (titles and the scoring table); `play` dispatches inputs, `view` is what the
//! player may see (the draw pile's order is hidden), `bots` play from a view only;
//! `lesson` is the lesson cavern: when each lesson is due, and the move suggested.

pub mod bots;
pub mod cavern;
pub mod deck;
pub mod dragon;
pub mod explore;
pub mod lesson;
pub mod play;
pub mod report;
pub mod rng;
pub mod score;
pub mod sets;
pub mod setup;
pub mod state;
pub mod view;

pub use cavern::{Pos, Rotation};
pub use deck::{Colour, Deck, DeckError, Hue, Shape, Symbol, Treasure};
pub use play::{Event, Input, RuleError, apply, legal};
pub use score::{Outcome, Title, Wealth};
pub use state::{Phase, State};
pub use view::View;

//! Crystal Clans: a rules engine for the 2-player card battle game, and the tools
//! around it. See ARCHITECTURE.md for the layers.

pub mod bench;
pub mod cards;
pub mod files;
pub mod game;
pub mod scenario;
pub mod selfplay;

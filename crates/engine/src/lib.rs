//! The Crystal Clans rules engine (`game`), the scenario format and runner, and random
//! self-play. Pure, deterministic and synchronous: this crate depends on no async,
//! database, image or network crate (its Cargo.toml is the proof), and `game` does no
//! IO at all (tests/it/architecture.rs). See ARCHITECTURE.md for the layers.

pub mod game;
pub mod scenario;
pub mod selfplay;

//! Deterministic randomness: the bounded draw and the shuffle are the ones Crystal
//! Clans' engine replays with (`crystal-clans-rng`). A day's deal is seeded by the
//! bot with its secret key (`Signer::daily_seed` in the app), not here: from the
//! public source alone, tomorrow's deal could be worked out today.

pub use crystal_clans_rng::{below, shuffle};

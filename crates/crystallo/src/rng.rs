//! Deterministic randomness: the bounded draw and the shuffle are the ones Crystal
//! Clans' engine replays with (`crystal-clans-rng`), and the seed of a day's deal.

pub use crystal_clans_rng::{below, shuffle};

/// The seed of a server's deal of a day: everyone in the server gets the same shuffle
/// that day, and neighbouring servers or days get unrelated ones (SplitMix64's mixing
/// of both numbers, so the seed is not guessable from one day to the next by adding 1).
pub fn daily_seed(server: u64, day: i64) -> u64 {
    let mut z = server ^ (day as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}

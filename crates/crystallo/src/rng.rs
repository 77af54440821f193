//! Deterministic randomness, written here rather than taken from `rand`'s helpers so a
//! stored game replays identically even if a future `rand` release changes them (the
//! same reasoning as the Crystal Clans engine's `rng.rs`).

use rand::Rng;
use rand_pcg::Pcg32;

/// A uniform integer in `0..n` (Lemire's method with rejection, no bias).
pub fn below(rng: &mut Pcg32, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = rng.next_u32() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// Fisher-Yates.
pub fn shuffle<T>(rng: &mut Pcg32, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

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

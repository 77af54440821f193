//! Deterministic randomness. The shuffle and the bounded draw are written here, not
//! taken from `rand`'s `SliceRandom`, so a stored match replays identically even if
//! a future `rand` release changes its algorithms.

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

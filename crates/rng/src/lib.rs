//! Deterministic randomness for the rules of both games (Crystal Clans' engine and
//! Crystallo). The bounded draw and the shuffle are written here, not taken from
//! `rand`'s helpers, so a stored game replays identically even if a future `rand`
//! release changes its algorithms; and they are written once, so the two games cannot
//! drift apart when one of them is fixed.

use rand::Rng;
/// The generator both games draw from, for callers that seed their own.
pub use rand_pcg::Pcg32;

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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Stored games replay through these numbers: a change to either function (or to
    /// the generator underneath) must fail here before it changes a stored game.
    #[test]
    fn the_draws_and_the_shuffle_of_a_seed_never_change() {
        let mut rng = Pcg32::seed_from_u64(7);
        let draws: Vec<u32> = (0..8).map(|_| below(&mut rng, 10)).collect();
        let mut items: Vec<u32> = (0..10).collect();
        shuffle(&mut rng, &mut items);
        assert_eq!(draws, [5, 0, 6, 8, 5, 3, 1, 8]);
        assert_eq!(items, [9, 3, 0, 8, 4, 7, 2, 5, 6, 1]);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Pcg32::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
    }
}

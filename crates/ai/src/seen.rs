//! The answers a search node has seen for one seat, found by their key (`key.rs`).
//!
//! Every answer offered at a node is looked up here at every visit, so the lookup is
//! a hash probe: a scan of the arms per answer grew with the root's visits, and a
//! binary search over the sorted keys still cost about sixty instructions an answer.
//! Keys are already hashes of what an answer means, so a multiplicative spread of
//! them is enough to place them.

/// What a node knows of one answer.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    pub key: u64,
    /// Its arm, if tried (`NO_ARM` if not).
    pub arm: u32,
    /// Its prior, once computed (NaN until then): a key is the same choice in every
    /// sample, so it is computed once.
    pub prior: f32,
    /// The visit that last offered it (`MctsBot::select`'s stamp): two
    /// interchangeable answers of one list share a key and count once.
    pub stamp: u32,
}

pub(crate) const NO_ARM: u32 = u32::MAX;

const EMPTY: u32 = u32::MAX;

/// The answers in the order first seen, and an open-addressing table of their
/// indices (at most half full).
#[derive(Debug, Clone, Default)]
pub(crate) struct Seen {
    answers: Vec<Answer>,
    slots: Vec<u32>,
}

impl Seen {
    fn slot(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The index of `key`'s answer, if seen.
    pub fn find(&self, key: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.slots[i] {
                EMPTY => return None,
                a if self.answers[a as usize].key == key => return Some(a as usize),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The index of `key`'s answer, added (untried, unpriced) if new. `expected` is
    /// how many answers the node's list has, to size the table once.
    pub fn find_or_add(&mut self, key: u64, expected: usize) -> usize {
        if let Some(a) = self.find(key) {
            return a;
        }
        if 2 * (self.answers.len() + 1) > self.slots.len() {
            self.grow(expected.max(self.answers.len() + 1));
        }
        let a = self.answers.len();
        self.answers.push(Answer {
            key,
            arm: NO_ARM,
            prior: f32::NAN,
            stamp: 0,
        });
        self.place(a);
        a
    }

    fn place(&mut self, a: usize) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(self.answers[a].key);
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = a as u32;
    }

    /// A table for at least `answers` answers at most half full.
    fn grow(&mut self, answers: usize) {
        let size = (2 * answers)
            .next_power_of_two()
            .max(2 * self.slots.len())
            .max(8);
        self.slots.clear();
        self.slots.resize(size, EMPTY);
        self.answers
            .reserve(answers.saturating_sub(self.answers.len()));
        for a in 0..self.answers.len() {
            self.place(a);
        }
    }
}

impl std::ops::Index<usize> for Seen {
    type Output = Answer;
    fn index(&self, a: usize) -> &Answer {
        &self.answers[a]
    }
}

impl std::ops::IndexMut<usize> for Seen {
    fn index_mut(&mut self, a: usize) -> &mut Answer {
        &mut self.answers[a]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_added_is_found_and_no_other() {
        let mut seen = Seen::default();
        // Keys that collide in their top bits, and many of them (the table grows).
        let keys: Vec<u64> = (0..300u64).map(|i| i << 3 | (i % 3)).collect();
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(seen.find(k), None);
            let a = seen.find_or_add(k, 4);
            assert_eq!(a, n, "answers keep the order first seen");
            seen[a].stamp = n as u32 + 1;
        }
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(seen.find(k), Some(n));
            assert_eq!(seen.find_or_add(k, 4), n);
            assert_eq!(seen[n].key, k);
            assert_eq!(seen[n].stamp, n as u32 + 1);
        }
        assert_eq!(seen.find(1 << 40), None);
    }
}

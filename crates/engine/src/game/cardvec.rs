//! A short list of card ids kept inline: what hands, piles, squads and the card
//! lists of inputs and steps are made of.
//!
//! It does what `arrayvec::ArrayVec<CardId, N>` did here, but it is `Copy`: an input,
//! a step or a whole pile copies as plain bytes and needs no drop. The random player
//! and the AI build and throw away hundreds of inputs per game, and `ArrayVec`'s drop
//! (run for every element of a cleared input list) and clone were a few percent of a
//! random game. Equality, hashing, ordering and serde see only the cards in the list
//! (serialized as a sequence, as before), never the unused room after them.

use super::state::CardId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// How many ids `insert` and `remove` move as one number (`CardVec::word`).
const WORD: usize = 16;

#[derive(Clone, Copy)]
pub struct CardVec<const N: usize> {
    len: u8,
    ids: [CardId; N],
}

impl<const N: usize> CardVec<N> {
    /// Room for `N` cards; `N` fits the `u8` length (checked at compile time).
    const FITS: () = assert!(N <= u8::MAX as usize);

    /// The most cards the list holds.
    pub const CAPACITY: usize = N;

    pub const fn new() -> Self {
        let () = Self::FITS;
        CardVec {
            len: 0,
            ids: [0; N],
        }
    }

    /// The number of cards (the slice's `len` would slice first: this is asked
    /// often enough, by every squad scan, to matter).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first card (a squad's top unit, a pile's top card): asked constantly, and
    /// with no slicing.
    pub fn first(&self) -> Option<&CardId> {
        if self.len == 0 {
            None
        } else {
            self.ids.first()
        }
    }

    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// Adds a card at the end. Panics when full, like `ArrayVec::push`: the engine
    /// sizes every list for the most cards its rules can put there.
    pub fn push(&mut self, card: CardId) {
        assert!(!self.is_full(), "a list of {N} cards is full");
        self.ids[self.len as usize] = card;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<CardId> {
        let len = self.len.checked_sub(1)?;
        self.len = len;
        Some(self.ids[len as usize])
    }

    /// Puts a card at `index`, moving the later ones back. Panics when full or past
    /// the end.
    pub fn insert(&mut self, index: usize, card: CardId) {
        let len = self.len as usize;
        assert!(index <= len, "insert at {index} past the end ({len})");
        assert!(!self.is_full(), "a list of {N} cards is full");
        match self.word() {
            Some(x) if len < WORD => {
                // Bytes below `index` stay, the rest move up one, the card goes between.
                let below = (1u128 << (8 * index)) - 1;
                let stay = below << 8 | 0xff;
                self.set_word(x & below | (x << 8) & !stay | u128::from(card) << (8 * index));
            }
            _ => {
                self.ids.copy_within(index..len, index + 1);
                self.ids[index] = card;
            }
        }
        self.len += 1;
    }

    /// Takes out the card at `index`, moving the later ones forward. Panics past the end.
    pub fn remove(&mut self, index: usize) -> CardId {
        let len = self.len as usize;
        assert!(index < len, "remove at {index} past the end ({len})");
        let card = self.ids[index];
        match self.word() {
            Some(x) if len <= WORD => {
                let below = (1u128 << (8 * index)) - 1;
                self.set_word(x & below | (x >> 8) & !below);
            }
            _ => self.ids.copy_within(index + 1..len, index),
        }
        self.len -= 1;
        card
    }

    /// The first `WORD` ids as one number (id `i` in byte `i`), if the list has room
    /// for that many. A card put in or taken out of a short list (a squad, a hand)
    /// moves the others by a shift of this number: `copy_within` called `memmove`
    /// for a few bytes at every summon and every unit lost.
    #[inline]
    fn word(&self) -> Option<u128> {
        let bytes: &[u8; WORD] = self.ids.get(..WORD)?.try_into().ok()?;
        Some(u128::from_le_bytes(*bytes))
    }

    #[inline]
    fn set_word(&mut self, x: u128) {
        self.ids[..WORD].copy_from_slice(&x.to_le_bytes());
    }

    /// Takes the first card off (the top of a pile), if any. The rest move forward as
    /// the whole array does, room after the list included: a copy of fixed length,
    /// with no call (`remove(0)` called `memmove` at every card drawn).
    pub fn pop_front(&mut self) -> Option<CardId> {
        if self.len == 0 {
            return None;
        }
        let card = self.ids[0];
        self.ids.copy_within(1..N, 0);
        self.len -= 1;
        Some(card)
    }

    /// Takes the first `n` cards off (the top of a pile). Panics past the end.
    pub fn take_front(&mut self, n: usize) -> Self {
        let len = self.len as usize;
        assert!(n <= len, "take {n} of {len} cards");
        let mut front = Self::new();
        front.ids[..n].copy_from_slice(&self.ids[..n]);
        front.len = n as u8;
        self.ids.copy_within(n..len, 0);
        self.len -= n as u8;
        front
    }

    /// Keeps the cards `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&CardId) -> bool) {
        let mut kept = 0;
        for i in 0..self.len as usize {
            let card = self.ids[i];
            if keep(&card) {
                self.ids[kept] = card;
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    pub fn truncate(&mut self, len: usize) {
        if len < self.len as usize {
            self.len = len as u8;
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn as_slice(&self) -> &[CardId] {
        &self.ids[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [CardId] {
        &mut self.ids[..self.len as usize]
    }
}

impl<const N: usize> Default for CardVec<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Deref for CardVec<N> {
    type Target = [CardId];
    fn deref(&self) -> &[CardId] {
        self.as_slice()
    }
}

impl<const N: usize> DerefMut for CardVec<N> {
    fn deref_mut(&mut self) -> &mut [CardId] {
        self.as_mut_slice()
    }
}

impl<const N: usize> Extend<CardId> for CardVec<N> {
    /// Panics past `N` cards, like `ArrayVec`'s `extend`.
    fn extend<I: IntoIterator<Item = CardId>>(&mut self, cards: I) {
        // The length stays in a register until the end (`push` would store it per card).
        let mut len = self.len as usize;
        for c in cards {
            assert!(len < N, "a list of {N} cards is full");
            self.ids[len] = c;
            len += 1;
        }
        self.len = len as u8;
    }
}

impl<'a, const N: usize> Extend<&'a CardId> for CardVec<N> {
    fn extend<I: IntoIterator<Item = &'a CardId>>(&mut self, cards: I) {
        self.extend(cards.into_iter().copied());
    }
}

impl<const N: usize> FromIterator<CardId> for CardVec<N> {
    /// Panics past `N` cards, like `ArrayVec`'s `collect`.
    fn from_iter<I: IntoIterator<Item = CardId>>(cards: I) -> Self {
        let mut v = Self::new();
        v.extend(cards);
        v
    }
}

impl<'a, const N: usize> IntoIterator for &'a CardVec<N> {
    type Item = &'a CardId;
    type IntoIter = std::slice::Iter<'a, CardId>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<const N: usize> IntoIterator for CardVec<N> {
    type Item = CardId;
    type IntoIter = std::iter::Take<std::array::IntoIter<CardId, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.len as usize)
    }
}

impl<const N: usize> PartialEq for CardVec<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for CardVec<N> {}

impl<const N: usize> PartialEq<[CardId]> for CardVec<N> {
    fn eq(&self, other: &[CardId]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize, const M: usize> PartialEq<[CardId; M]> for CardVec<N> {
    fn eq(&self, other: &[CardId; M]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize> PartialOrd for CardVec<N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for CardVec<N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl<const N: usize> std::hash::Hash for CardVec<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state)
    }
}

impl<const N: usize> fmt::Debug for CardVec<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<const N: usize> Serialize for CardVec<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de, const N: usize> Deserialize<'de> for CardVec<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Seq<const N: usize>;
        impl<'de, const N: usize> serde::de::Visitor<'de> for Seq<N> {
            type Value = CardVec<N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} card ids")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut v = CardVec::new();
                while let Some(card) = seq.next_element::<CardId>()? {
                    if v.is_full() {
                        return Err(serde::de::Error::invalid_length(N + 1, &self));
                    }
                    v.push(card);
                }
                Ok(v)
            }
        }
        d.deserialize_seq(Seq::<N>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `insert` and `remove` agree with a `Vec`'s at every index and length, in lists
    /// short enough to move as one number (`word`) and longer ones, up to full.
    #[test]
    fn insert_and_remove_move_the_others_like_a_vec() {
        fn check<const N: usize>() {
            for len in 0..=N {
                let model: Vec<CardId> = (0..len as CardId).map(|c| c + 100).collect();
                let list: CardVec<N> = model.iter().copied().collect();
                for i in 0..len {
                    let (mut m, mut l) = (model.clone(), list);
                    assert_eq!(l.remove(i), m.remove(i));
                    assert_eq!(l, m[..], "remove at {i} of {len} (room for {N})");
                }
                if len < N {
                    for i in 0..=len {
                        let (mut m, mut l) = (model.clone(), list);
                        m.insert(i, 7);
                        l.insert(i, 7);
                        assert_eq!(l, m[..], "insert at {i} of {len} (room for {N})");
                    }
                }
            }
        }
        check::<6>();
        check::<16>();
        check::<17>();
        check::<54>();
    }

    #[test]
    fn edits_keep_the_order_and_compare_only_the_cards() {
        let mut v: CardVec<6> = [5, 1, 4].into_iter().collect();
        v.insert(0, 9);
        v.insert(4, 2);
        assert_eq!(v, [9, 5, 1, 4, 2]);
        assert_eq!(v.remove(1), 5);
        v.retain(|&c| c != 4);
        assert_eq!(v, [9, 1, 2]);
        assert_eq!(v.pop(), Some(2));
        let mut pile: CardVec<6> = [3, 4, 5, 6].into_iter().collect();
        assert_eq!(pile.take_front(3), [3, 4, 5]);
        assert_eq!(pile, [6]);
        // The top card off a full list, then off an empty one.
        let mut full: CardVec<3> = [7, 8, 9].into_iter().collect();
        assert_eq!(full.pop_front(), Some(7));
        assert_eq!(full, [8, 9]);
        full.push(1);
        assert_eq!(full, [8, 9, 1]);
        full.clear();
        assert_eq!(full.pop_front(), None);
        // A card left in the unused room behind the list does not count.
        let w: CardVec<6> = [9, 1].into_iter().collect();
        assert_eq!(v, w);
        let hash = |x: &CardVec<6>| {
            use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
            BuildHasherDefault::<DefaultHasher>::default().hash_one(x)
        };
        assert_eq!(hash(&v), hash(&w));
        v.truncate(0);
        assert_eq!(v.pop(), None);
    }

    #[test]
    fn serializes_as_the_list_and_refuses_too_many() {
        let v: CardVec<3> = [7, 0, 53].into_iter().collect();
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, "[7,0,53]");
        assert_eq!(serde_json::from_str::<CardVec<3>>(&json).unwrap(), v);
        assert!(serde_json::from_str::<CardVec<3>>("[1,2,3,4]").is_err());
    }

    #[test]
    #[should_panic(expected = "full")]
    fn pushing_past_the_room_panics() {
        let mut v: CardVec<1> = CardVec::new();
        v.push(1);
        v.push(2);
    }
}

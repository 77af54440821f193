//! A small least-recently-used map: the app's in-memory caches (display names, closed
//! DMs, rate-limit windows) hold at most a fixed number of entries, so a bot that has
//! seen millions of users does not hold them all.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// At most `capacity` entries; inserting into a full map drops the entry used least
/// recently (a read with [`Lru::get_mut`] or [`Lru::get`] counts as a use).
#[derive(Debug)]
pub struct Lru<K, V> {
    capacity: usize,
    /// Each entry with the tick of its last use.
    entries: HashMap<K, (V, u64)>,
    /// Tick of last use -> key: the first is the one to drop.
    order: BTreeMap<u64, K>,
    tick: u64,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    /// `capacity` is at least 1.
    pub fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            capacity: capacity.max(1),
            entries: HashMap::new(),
            order: BTreeMap::new(),
            tick: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    fn touch(&mut self, key: &K) {
        self.tick += 1;
        let tick = self.tick;
        if let Some((_, t)) = self.entries.get_mut(key) {
            self.order.remove(t);
            *t = tick;
            self.order.insert(tick, key.clone());
        }
    }

    pub fn get(&mut self, key: &K) -> Option<&V> {
        self.touch(key);
        self.entries.get(key).map(|(v, _)| v)
    }

    pub fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.touch(key);
        self.entries.get_mut(key).map(|(v, _)| v)
    }

    /// Whether `key` is present (not a use).
    pub fn contains(&self, key: &K) -> bool {
        self.entries.contains_key(key)
    }

    /// Inserts or replaces; returns the previous value of `key`.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.tick += 1;
        let tick = self.tick;
        if let Some((old, t)) = self.entries.remove(&key) {
            self.order.remove(&t);
            self.entries.insert(key.clone(), (value, tick));
            self.order.insert(tick, key);
            return Some(old);
        }
        while self.entries.len() >= self.capacity {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            self.entries.remove(&oldest);
        }
        self.entries.insert(key.clone(), (value, tick));
        self.order.insert(tick, key);
        None
    }

    /// The value of `key`, inserted with `make` if absent.
    pub fn get_or_insert_with(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        if !self.entries.contains_key(&key) {
            self.insert(key.clone(), make());
        }
        self.get_mut(&key).expect("just inserted")
    }

    pub fn remove(&mut self, key: &K) -> Option<V> {
        let (v, t) = self.entries.remove(key)?;
        self.order.remove(&t);
        Some(v)
    }

    /// Keeps only the entries for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        let order = &mut self.order;
        self.entries.retain(|k, (v, t)| {
            let kept = keep(k, v);
            if !kept {
                order.remove(t);
            }
            kept
        });
    }
}

/// How long a row read from the store is used without reading it again, where another
/// process (another shard of the bot) may change it: its change is seen within this.
/// This process's own changes replace the kept row at once.
pub const FRESH: std::time::Duration = std::time::Duration::from_secs(60);

/// A row kept from the store, and when it was read or written.
pub struct Fresh<V> {
    value: V,
    at: std::time::Instant,
}

impl<V: Clone> Fresh<V> {
    pub fn now(value: V) -> Fresh<V> {
        Fresh {
            value,
            at: std::time::Instant::now(),
        }
    }

    /// The row, unless it is older than [`FRESH`].
    pub fn get(&self) -> Option<V> {
        (self.at.elapsed() < FRESH).then(|| self.value.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::Lru;

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut m = Lru::new(3);
        m.insert(1, "a");
        m.insert(2, "b");
        m.insert(3, "c");
        assert_eq!(m.get(&1), Some(&"a")); // 2 is now the oldest
        m.insert(4, "d");
        assert!(!m.contains(&2));
        assert!(m.contains(&1) && m.contains(&3) && m.contains(&4));
        assert_eq!(m.len(), 3);
        // Replacing a key does not evict anything.
        assert_eq!(m.insert(3, "C"), Some("c"));
        assert_eq!(m.len(), 3);
        assert_eq!(m.remove(&1), Some("a"));
        m.retain(|k, _| *k != 4);
        assert_eq!(m.len(), 1);
        assert_eq!(m.get(&3), Some(&"C"));
    }

    #[test]
    fn never_holds_more_than_its_capacity() {
        let mut m = Lru::new(100);
        for i in 0..10_000u64 {
            *m.get_or_insert_with(i % 250, || 0) += 1;
            assert!(m.len() <= 100);
        }
        assert_eq!(m.len(), 100);
        assert_eq!(m.order.len(), m.entries.len());
    }
}

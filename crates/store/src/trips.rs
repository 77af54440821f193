//! What the store was asked, counted: how many times a use case went to the database
//! and how many matches were replayed from their logs. A click's cost is these counts
//! (its target: one query, one transaction, no replay), so a test can hold it.
//!
//! A query is one use of the pool outside a transaction: a statement, or a connection
//! taken for the few statements of one read (a match's row and snapshot). A
//! transaction is one write transaction, however many statements it holds.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The counters of one store (shared by its clones).
#[derive(Debug, Default)]
pub struct Trips {
    queries: AtomicU64,
    transactions: AtomicU64,
    replays: AtomicU64,
}

/// The counts at one moment; subtract two to get what happened between them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counted {
    pub queries: u64,
    pub transactions: u64,
    pub replays: u64,
}

impl std::ops::Sub for Counted {
    type Output = Counted;
    fn sub(self, earlier: Counted) -> Counted {
        Counted {
            queries: self.queries - earlier.queries,
            transactions: self.transactions - earlier.transactions,
            replays: self.replays - earlier.replays,
        }
    }
}

impl Trips {
    pub fn now(&self) -> Counted {
        Counted {
            queries: self.queries.load(Relaxed),
            transactions: self.transactions.load(Relaxed),
            replays: self.replays.load(Relaxed),
        }
    }

    pub(crate) fn query(&self) {
        self.queries.fetch_add(1, Relaxed);
    }

    pub(crate) fn transaction(&self) {
        self.transactions.fetch_add(1, Relaxed);
    }

    /// A match's log was replayed (by the store, or by a caller that read it).
    pub fn replayed(&self) {
        self.replays.fetch_add(1, Relaxed);
    }
}

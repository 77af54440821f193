//! Presence: whether and how a player is reached. Absences (`away.rs`, `/clans away`)
//! stop the clocks of the matches waiting for a player; pings (`notify.rs`, `/clans
//! notify`) go by thread mention or DM, outside quiet hours, with a daily digest.

pub mod away;
pub mod notify;

use super::directory::{Directory, USER_CACHE};
use super::failures::Faults;
use super::lru::{Fresh, Lru};
use crate::store::{Absence, Store};
use std::sync::{Arc, Mutex};

/// The pings-and-absences service (`app.presence`), with what it uses.
#[derive(Clone)]
pub struct Presence {
    store: Store,
    directory: Directory,
    faults: Faults,
    /// Each player's current absence as last read or changed here, for the boards,
    /// which show it under whose move it is (`away.rs`).
    absences: Arc<Mutex<Lru<u64, Fresh<Option<Absence>>>>>,
}

impl Presence {
    pub fn new(store: Store, directory: Directory, faults: Faults) -> Presence {
        Presence {
            store,
            directory,
            faults,
            absences: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
        }
    }
}

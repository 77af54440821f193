//! The directory: who and where. Players' display names and languages, servers'
//! languages and settings, and whose direct messages were found closed. Every use case
//! that speaks to someone asks it; it owns the caches of those facts and reads the
//! store only for them.
//!
//! `names.rs`: display names, a seat's and a clan's name, a thread's title, where a
//! server's matches start. `language.rs`: which language to speak to whom. `dm.rs`:
//! panels by direct message. `settings.rs`: a server's settings (`/clans config`).
//! `kept.rs`: the users' and servers' stored settings, kept between clicks.

mod dm;
mod kept;
pub mod language;
mod names;
mod settings;

use super::failures::Faults;
use super::lru::{Fresh, Lru};
use crate::game::Rules;
use crate::store::{GuildSettings, Store, UserSettings};
use std::sync::{Arc, Mutex};

pub use settings::ServerChange;

/// Users remembered in memory (display names, languages, closed DMs): a name beyond it
/// is read back from the store, a closed DM is explained once more.
pub const USER_CACHE: usize = 10_000;

#[derive(Clone)]
pub struct Directory {
    store: Store,
    faults: Faults,
    names: Arc<Mutex<Lru<u64, String>>>,
    dm_closed: Arc<Mutex<Lru<u64, ()>>>,
    /// Each user's and server's languages, as known (`language.rs`).
    languages: Arc<Mutex<Lru<u64, language::Languages>>>,
    guild_languages: Arc<Mutex<Lru<u64, language::Languages>>>,
    /// The stored settings rows, as last read or written (`kept.rs`).
    user_settings: Arc<Mutex<Lru<u64, Fresh<UserSettings>>>>,
    server_settings: Arc<Mutex<Lru<u64, Fresh<GuildSettings>>>>,
}

impl Directory {
    pub fn new(store: Store, faults: Faults) -> Directory {
        Directory {
            store,
            faults,
            names: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            dm_closed: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            languages: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            guild_languages: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            user_settings: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            server_settings: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
        }
    }

    fn rules(&self) -> &Rules {
        self.store.rules()
    }

    /// Drops what memory holds of `user` (`/clans forget-me`, once the store forgot
    /// them): their name, languages, closed DMs and settings.
    pub fn forget(&self, user: u64) {
        self.names.lock().unwrap().remove(&user);
        self.dm_closed.lock().unwrap().remove(&user);
        self.languages.lock().unwrap().remove(&user);
        self.user_settings.lock().unwrap().remove(&user);
    }
}

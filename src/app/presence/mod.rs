//! Presence: whether and how a player is reached. Absences (`away.rs`, `/clans away`)
//! stop the clocks of the matches waiting for a player; pings (`notify.rs`, `/clans
//! notify`) go by thread mention or DM, outside quiet hours, with a daily digest.

pub mod away;
pub mod notify;

use super::directory::Directory;
use super::failures::Faults;
use crate::store::Store;

/// The pings-and-absences service (`app.presence`), with what it uses.
#[derive(Clone)]
pub struct Presence {
    store: Store,
    directory: Directory,
    faults: Faults,
}

impl Presence {
    pub fn new(store: Store, directory: Directory, faults: Faults) -> Presence {
        Presence {
            store,
            directory,
            faults,
        }
    }
}

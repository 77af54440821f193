//! The public posts of a match: the board after each turn (`board.rs`: the picture, the
//! embed, the turn's log, the buttons), the battle picture when battle cards are
//! revealed (`battle.rs`), and the replay of a turn's inputs that the board's log is
//! told from (`turn_log.rs`). Built only from the spectator's view and events redacted
//! for the spectator.

mod battle;
mod board;
pub mod turn_log;

use super::directory::Directory;
use super::lru::Lru;
use super::presence::Presence;
use super::ratings::Ratings;
use crate::render::Theme;
use crate::store::{MatchId, Store};
use std::sync::{Arc, Mutex};

/// Matches whose replay for the board's log is kept between posts (a state each, a few
/// kilobytes).
pub const MATCH_CACHE: usize = 2_000;

/// The boards service (`App::boards`): the public posts of a match, with what they use.
#[derive(Clone)]
pub struct Boards {
    store: Store,
    directory: Directory,
    presence: Presence,
    ratings: Ratings,
    theme: Arc<Theme>,
    /// Each recently posted match replayed up to its last board (`board.rs`).
    turn_logs: Arc<Mutex<Lru<MatchId, turn_log::Replayed>>>,
    /// Without images (fast tests and benchmarks) the posts are text and embeds only.
    images: bool,
}

impl Boards {
    pub fn new(
        store: Store,
        directory: Directory,
        presence: Presence,
        ratings: Ratings,
        theme: Arc<Theme>,
        images: bool,
    ) -> Boards {
        Boards {
            store,
            directory,
            presence,
            ratings,
            theme,
            turn_logs: Arc::new(Mutex::new(Lru::new(MATCH_CACHE))),
            images,
        }
    }

    fn rules(&self) -> &crate::game::Rules {
        self.store.rules()
    }

    /// Forgets the kept replay of match `id`'s board log (a takeback undid what it
    /// played).
    pub(crate) fn forget_turn_log(&self, id: MatchId) {
        if let Ok(mut logs) = self.turn_logs.lock() {
            logs.remove(&id);
        }
    }
}

//! The public posts of a match: the board after each turn (`board.rs`: the picture, the
//! embed, the turn's log, the buttons), the battle picture when battle cards are
//! revealed (`battle.rs`), and when an answer posts the board (`turn_log.rs`). Built only from the spectator's view and events redacted
//! for the spectator.

mod battle;
mod board;
mod lessons;
pub mod turn_log;

use crate::app::directory::Directory;
use crate::app::presence::Presence;
use crate::app::ratings::Ratings;
use crate::render::Theme;
use crate::store::Store;
use std::sync::Arc;

/// The boards service (`App::boards`): the public posts of a match, with what they use.
#[derive(Clone)]
pub struct Boards {
    store: Store,
    directory: Directory,
    presence: Presence,
    ratings: Ratings,
    theme: Arc<Theme>,
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
            images,
        }
    }
}

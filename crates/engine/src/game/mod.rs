//! The rules engine: pure, deterministic, synchronous. It does no IO, reads no clock
//! and no OS randomness, so it can only fail with a rules error.

pub mod abilities;
mod actions;
pub mod agenda;
pub mod battle;
pub mod board;
pub mod cardvec;
pub mod choice;
mod commute;
pub mod event;
mod initiative;
pub mod input;
mod order;
pub mod pack;
mod piles;
/// The bounded draw and the shuffle a stored match replays with (shared with Crystallo).
pub use crystal_clans_rng as rng;
mod setup;
pub(crate) mod source;
mod squads;
pub mod state;
pub mod takeback;
mod triggers;
mod turn;
pub mod validate;
pub mod view;
pub mod why;

pub use agenda::{PLAYABLE_RULES_VERSIONS, Pending, Question, RULES_VERSION};
pub use board::{Board, ZoneId};
pub use event::Event;
pub use input::{Input, RuleError, Trigger};
pub use pack::Pack;
pub use state::{CardId, Seat, Setup, State};
pub use turn::TURN_LIMIT;
pub use view::View;
pub use why::{Why, Wish};

/// Everything that stays fixed during a match: the cards and the board.
#[derive(Debug, Clone)]
pub struct Rules {
    pub pack: Pack,
    pub board: Board,
}

impl Rules {
    /// The embedded base pack on the default board.
    pub fn base() -> Rules {
        Rules {
            pack: Pack::base(),
            board: Board::default_board(),
        }
    }

    /// The released revision of the base pack with hash `pack_hash` on the default
    /// board: what a match that started under it is played by
    /// ([`pack::revisions`]). `None`: a revision this build does not know.
    pub fn revision(pack_hash: &str) -> Option<Rules> {
        Some(Rules {
            pack: Pack::revision(pack_hash)?,
            board: Board::default_board(),
        })
    }
}

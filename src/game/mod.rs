//! The rules engine: pure, deterministic, synchronous. It does no IO, reads no clock
//! and no OS randomness, so it can only fail with a rules error.

pub mod abilities;
pub mod battle;
pub mod board;
pub mod choice;
pub mod engine;
pub mod event;
pub mod input;
mod legal;
pub mod pack;
pub mod rng;
pub(crate) mod source;
pub mod state;
pub mod text;
pub mod validate;
pub mod view;

pub use board::{Board, ZoneId};
pub use engine::{Pending, Question, RULES_VERSION};
pub use event::Event;
pub use input::{Input, RuleError};
pub use pack::Pack;
pub use state::{CardId, Seat, Setup, State};
pub use view::View;

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
}

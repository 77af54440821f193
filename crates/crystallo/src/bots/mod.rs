//! Players that see only the `View` and the legal inputs, never the `State`: the
//! random player, the greedy player, and a search player that samples the hidden draw
//! order (`View::sample`) instead of peeking at it.

mod eval;
mod greedy;
mod random;
mod search;

pub use eval::evaluate;
pub use greedy::Greedy;
pub use random::Random;
pub use search::Search;

use crate::play::Input;
use crate::view::View;

pub trait Bot {
    fn name(&self) -> &'static str;
    /// One of `legal` (never empty).
    fn decide(&mut self, view: &View, legal: &[Input]) -> Input;
}

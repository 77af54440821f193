//! Crystal Clans in the app: a match played through its private panels (`play.rs`,
//! composed step by step in `panel/`), its public posts (`posts/`), takebacks
//! (`takeback.rs`), the AI's turns (`ai_turns.rs`), what a player looks up
//! (`lists.rs`), and each match as it is kept between clicks (`following.rs`).
//! Crystallo, the other game, is `super::crystallo`.
//!
//! [`Matches`] is the service (`app.matches`): the use cases of a match in progress
//! and after it, with what they use.

pub mod ai_turns;
// Following a match: Follow, Unfollow, the followers told when it ends.
mod follow;
pub mod following;
mod hint;
mod lists;
// A player's private notes on a match.
pub mod notes;
pub mod panel;
mod play;
pub mod posts;
pub mod takeback;
mod timeout;

pub(crate) use play::seat_of;

use super::SeatBot;
use super::challenges::Challenges;
use super::directory::Directory;
use super::failures::Faults;
use super::ids::Signing;
use super::limits::Gate;
use super::presence::Presence;
use super::replay::Replays;
use crate::render::Theme;
use crate::store::Store;
use following::Following;
use posts::Boards;
use std::sync::Arc;

/// The match-play service (`app.matches`).
#[derive(Clone)]
pub struct Matches {
    store: Store,
    directory: Directory,
    faults: Faults,
    gate: Gate,
    boards: Arc<Boards>,
    following: Following,
    replays: Arc<Replays>,
    challenges: Arc<Challenges>,
    presence: Presence,
    signing: Signing,
    theme: Arc<Theme>,
    /// Without images the final post offers no replay (fast tests and benchmarks).
    images: bool,
    ai: Ai,
}

/// The AI that plays `Player::Ai` seats, and how its turns run.
#[derive(Clone)]
pub struct Ai {
    /// `None`: AI seats are not played (nothing is faked).
    pub bot: Option<Arc<dyn SeatBot>>,
    /// The pause before each of the AI's posts, so people can follow them.
    pub pace_ms: u32,
    /// Concurrent AI decisions (each holds a core for up to its level's time limit).
    pub slots: Arc<tokio::sync::Semaphore>,
    running: ai_turns::Running,
}

impl Ai {
    pub fn new(bot: Option<Arc<dyn SeatBot>>, pace_ms: u32, slots: usize) -> Ai {
        Ai {
            bot,
            pace_ms,
            slots: Arc::new(tokio::sync::Semaphore::new(slots.max(1))),
            running: Default::default(),
        }
    }
}

/// What [`Matches`] is made of: the services it calls, named.
pub struct Parts {
    pub store: Store,
    pub directory: Directory,
    pub faults: Faults,
    pub gate: Gate,
    pub boards: Arc<Boards>,
    pub replays: Arc<Replays>,
    pub challenges: Arc<Challenges>,
    pub presence: Presence,
    pub signing: Signing,
    pub theme: Arc<Theme>,
    pub images: bool,
    pub ai: Ai,
}

impl Matches {
    pub fn new(p: Parts) -> Matches {
        Matches {
            following: Following::new(p.store.clone()),
            store: p.store,
            directory: p.directory,
            faults: p.faults,
            gate: p.gate,
            boards: p.boards,
            replays: p.replays,
            challenges: p.challenges,
            presence: p.presence,
            signing: p.signing,
            theme: p.theme,
            images: p.images,
            ai: p.ai,
        }
    }
}

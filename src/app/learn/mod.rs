//! `/clans learn`: a guided first match against the beginner AI on a fixed deal, its
//! lessons posted as the match reaches what each is about (`lessons.rs`, posted by
//! `clans::posts::lessons`). The match is a real one (the same panels, boards and
//! AI), marked assisted so that it is never rated; the learner's progress is stored,
//! so leaving and coming back resumes it, and a lesson seen is not shown again unless
//! asked.

pub mod lessons;

use super::challenges::{Challenges, Started};
use super::clans::posts::Boards;
use super::directory::Directory;
use super::failures::Faults;
use super::{Outcome, Place};
use crate::game::Setup;
use crate::i18n::messages::learn as t;
use crate::store::{Millis, Reason, Status, Store};
use std::sync::Arc;

/// The lesson deal: the Flower Clan (seat 1, the learner) against the Water Clan, on
/// one seed, so every learner starts from the same hands and the lessons can be
/// written against them. Chosen with `crystal-clans-tools lesson-deals` (6,400 deals:
/// 16 clan pairings, seeds 1-400) as the one where a newcomer who does only what the
/// lessons say meets a battle soonest (after 14 of their inputs), then takes a crystal
/// and may use its effect, and wins, in 61 inputs over 18 turns: every lesson but the
/// reshuffle's, in the rulebook's order. Tested in `tests/it/discord_e2e/learn.rs`
/// (`the_lesson_deal_brings_a_battle_early`).
pub const DEAL: Setup = Setup {
    clans: [0, 2],
    seed: 102,
    mulligan: false,
};

/// The lessons service (`app.learn`).
#[derive(Clone)]
pub struct Learn {
    store: Store,
    directory: Directory,
    faults: Faults,
    challenges: Arc<Challenges>,
    boards: Arc<Boards>,
}

impl Learn {
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        challenges: Arc<Challenges>,
        boards: Arc<Boards>,
    ) -> Learn {
        Learn {
            store,
            directory,
            faults,
            challenges,
            boards,
        }
    }

    /// `/clans learn`: the learner's lesson match, made on the lesson deal (not yet
    /// announced: the Discord layer answers and opens its thread first). `Err`: what to
    /// tell them: their lesson match still runs (unless `restart`), or a refusal.
    /// `again`: the lessons already seen are shown again.
    pub async fn start(
        &self,
        user: u64,
        place: Place,
        again: bool,
        restart: bool,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let lang = self.directory.user_lang(user).await;
        let told = |e| Outcome::private(self.faults.told(lang, None, &e));
        let progress = self.store.lessons(user).await.map_err(told)?;
        if let Some(old) = progress.and_then(|p| p.match_id) {
            let running = matches!(self.store.info(old).await, Ok(i) if i.status == Status::Active);
            if running && !restart {
                return Err(Outcome::private(format!(
                    "{}\n{}",
                    t::learn_waiting(lang, old),
                    t::learn_restart_how(lang)
                )));
            }
            if running {
                // Closed without a winner: a lesson match is never rated anyway.
                if let Err(e) = self.store.finish(old, None, None, Reason::Abandoned).await {
                    return Err(told(e));
                }
            }
        }
        let level = crate::ai::Level::Beginner.index();
        let mut started = self
            .challenges
            .create_ai_dealt(user, level, DEAL, place, None, now)
            .await?;
        let id = started.id();
        let seen = match (again, progress) {
            (false, Some(p)) => p.seen,
            _ => 0,
        };
        self.store.mark_assisted(id).await.map_err(told)?;
        started.assisted();
        self.store
            .start_lessons(user, id, seen)
            .await
            .map_err(told)?;
        Ok(started)
    }

    /// The learner's first answer: which match is theirs, and that seen lessons are
    /// not repeated unless asked.
    pub async fn begins(&self, user: u64, started: &Started) -> String {
        let lang = self.directory.user_lang(user).await;
        let clan = started.loaded().state.setup.clans[0];
        let clan = self.directory.clan_name(lang, clan);
        format!(
            "{}\n{}",
            t::learn_started(lang, started.id(), clan),
            t::learn_again(lang)
        )
    }

    /// The opening board, then the first lessons.
    pub async fn announce(&self, started: Started) -> Outcome {
        let loaded = started.loaded().clone();
        let events = started.events().to_vec();
        let mut out = self.challenges.announce(started).await;
        out.public.extend(
            self.boards
                .lessons(&loaded.state, &loaded, None, &events)
                .await,
        );
        out
    }
}

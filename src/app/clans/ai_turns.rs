//! The AI's turns, run after the human's answer has gone out (never on the path of an
//! interaction), one at a time per match, and resumed after a restart.
//!
//! A use case that leaves a match waiting for an AI seat says so
//! ([`Outcome::ai`](crate::app::Outcome)); the Discord layer answers the human first, then
//! calls [`Matches::ai_turn`] and posts what it returns, paced. A turn cut short (the
//! process stopped, or a submit failed on a database fault) is picked up again by
//! [`Matches::resume_ai_turns`] at start-up, or when a player next opens a panel.

use super::Matches;
use crate::app::Outcome;
use crate::app::clans::following::Played;
use crate::app::msg::Msg;
use crate::store::{Loaded, MatchId, Player, Status, StoreError};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Matches looked at per page when resuming AI turns at start-up.
const RESUME_PAGE: i64 = 200;

/// The matches whose AI turn runs in this process now: a second request for the same
/// match (a panel opened while the AI thinks) does not start a second turn, whose
/// submits would only lose the version race.
#[derive(Clone, Default)]
pub(super) struct Running(Arc<Mutex<HashSet<MatchId>>>);

/// Holds a match's place in [`Running`] until the turn ends (also when its task is
/// dropped).
struct Claim(Running, MatchId);

impl Running {
    fn contains(&self, id: MatchId) -> bool {
        self.0.lock().unwrap().contains(&id)
    }

    fn claim(&self, id: MatchId) -> Option<Claim> {
        self.0
            .lock()
            .unwrap()
            .insert(id)
            .then(|| Claim(self.clone(), id))
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.0.0.lock().unwrap().remove(&self.1);
    }
}

/// Whether an active match waits for an AI seat.
pub(crate) fn waits_for_ai(loaded: &Loaded) -> bool {
    loaded.info.status == Status::Active
        && loaded
            .state
            .waiting()
            .iter()
            .any(|&s| matches!(loaded.info.seats[s as usize], Player::Ai(_)))
}

impl Matches {
    /// Whether the AI must answer next in this match (and this bot runs an AI).
    pub(super) fn ai_waits(&self, loaded: &Loaded) -> bool {
        self.ai.bot.is_some() && waits_for_ai(loaded)
    }

    /// Whether this process is playing the AI's answers in `match_id` now: its last
    /// answer may be stored while the posts and lessons that follow it are still being
    /// made (they are all made before the turn ends).
    pub fn ai_turn_running(&self, match_id: MatchId) -> bool {
        self.ai.running.contains(match_id)
    }

    /// `Some(match)` when the AI must answer next: the caller runs [`Matches::ai_turn`]
    /// after it has answered the human.
    pub(super) fn ai_next(&self, loaded: &Loaded) -> Option<MatchId> {
        self.ai_waits(loaded).then_some(loaded.info.id)
    }

    /// Plays the AI's answers in a match while it waits only for the AI, and returns
    /// their public posts (paced). Nothing when the match does not wait for the AI, or
    /// when its AI turn already runs in this process.
    pub async fn ai_turn(&self, match_id: MatchId) -> Outcome {
        let Some(_claim) = self.ai.running.claim(match_id) else {
            return Outcome::default();
        };
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => {
                self.faults.fault(Some(match_id), &e);
                return Outcome::default();
            }
        };
        if !self.ai_waits(&loaded) {
            return Outcome::default();
        }
        let place = Outcome::in_match(&loaded.info);
        let (public, replay) = self.run_ai(loaded).await;
        Outcome {
            public,
            replay,
            ..place
        }
    }

    /// Finishes every AI turn cut short by a stop of the bot: each active match against
    /// the AI that waits for it gets its turn, whose posts go to `sink` (the
    /// scheduler's posting queue). Returns how many turns were resumed.
    pub async fn resume_ai_turns(&self, sink: &mpsc::Sender<Outcome>) -> usize {
        if self.ai.bot.is_none() {
            return 0;
        }
        let mut after = 0;
        let mut resumed = 0;
        loop {
            let page = match self.store.active_ai_matches(after, RESUME_PAGE).await {
                Ok(p) => p,
                Err(e) => {
                    self.faults.fault(None, &e);
                    return resumed;
                }
            };
            let Some(&last) = page.last() else {
                return resumed;
            };
            after = last;
            for id in page {
                let out = self.ai_turn(id).await;
                if out.public.is_empty() {
                    continue;
                }
                resumed += 1;
                if sink.send(out).await.is_err() {
                    return resumed;
                }
            }
        }
    }

    /// Lets AI seats answer while the match waits only for them. Without a bot plugged
    /// in (see [`Matches::with_bot`]) AI seats are not played: nothing is faked.
    /// Returns the posts of its answers, and the match when they ended it (its replay
    /// follows them).
    async fn run_ai(&self, mut loaded: Loaded) -> (Vec<Msg>, Option<MatchId>) {
        let mut public = Vec::new();
        let id = loaded.info.id;
        let Some(bot) = self.ai.bot.clone() else {
            return (public, None);
        };
        for _ in 0..200 {
            let waiting = loaded.state.waiting();
            let Some(&seat) = waiting
                .iter()
                .find(|&&s| matches!(loaded.info.seats[s as usize], Player::Ai(_)))
            else {
                break;
            };
            let Player::Ai(level) = loaded.info.seats[seat as usize] else {
                break;
            };
            // Wait for a free slot before taking a blocking thread: the queue forms
            // here, among AI matches, and the cores stay shared with human matches.
            let Ok(slot) = self.ai.slots.clone().acquire_owned().await else {
                break;
            };
            let rules = loaded.rules.clone();
            let state = loaded.state.clone();
            let bot = bot.clone();
            let input = tokio::task::spawn_blocking(move || {
                // Held for the whole decision, even if the awaiting task is dropped.
                let _slot = slot;
                let rules = &*rules;
                let legal = state.legal(rules, seat);
                let view = state.view(rules, Some(seat));
                bot.choose(rules, &view, &legal, level)
            })
            .await
            .ok()
            .flatten();
            let Some(input) = input else { break };
            match self
                .store
                .submit(id, loaded.info.version, seat, &input)
                .await
            {
                Ok(sub) => {
                    let (before, at) = (loaded.state.clone(), loaded.info.version);
                    loaded.info.version = sub.version;
                    loaded.info.deadlines = sub.deadlines;
                    loaded.state = sub.state;
                    if sub.result.is_some() {
                        loaded.info.status = Status::Finished;
                    }
                    let played = Played {
                        at_version: at,
                        seat,
                        events: &sub.events,
                    };
                    let caught = self.following.catch_up(&loaded, Some(played)).await;
                    let log = caught.as_ref().map_or(&sub.events[..], |c| &c.log[..]);
                    let posts = self
                        .boards
                        .after_input(&before, &loaded, (seat, &input), &sub.events, log)
                        .await;
                    public.extend(posts.into_iter().map(|m| Msg {
                        pace_ms: self.ai.pace_ms,
                        ..m
                    }));
                }
                // A takeback won the race for this version: the AI's turn is undone
                // with it, or the match waits for the human again.
                Err(StoreError::Stale { .. }) => break,
                Err(e) => {
                    // Logged for the operator; the AI's turn resumes when a player next
                    // opens a panel in this match, or at the bot's next start.
                    self.faults.fault(Some(id), &e);
                    break;
                }
            }
        }
        let replay = self.replays.replay_after(&loaded);
        (public, replay)
    }
}

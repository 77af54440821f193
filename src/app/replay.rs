//! Replays: a finished match as an animated GIF (`render::replay`), asked for with
//! `/clans replay` and posted in the match's thread or channel when it ends.
//!
//! Who may see one: anyone in the server where the match was played, and its players
//! anywhere. An unknown match and one the asker may not see get the same answer, so
//! the command does not tell which match numbers exist on other servers.

use super::directory::Directory;
use super::failures::Faults;
use super::limits::{Action, Gate};
use super::msg::{File, Msg};
use super::{Outcome, Place};
use crate::game::State;
use crate::i18n::Lang;
use crate::i18n::messages::log as t;
use crate::render::replay::{self, Story};
use crate::render::{Table, Theme};
use crate::store::{Loaded, MatchId, Millis, Status, Store, StoreError};
use std::sync::Arc;

/// Matches offered by the command's autocomplete.
pub const RECENT: i64 = 25;

/// A drawn replay: the post and how many frames it holds.
#[derive(Debug, Clone)]
pub struct ReplayPost {
    pub msg: Msg,
    pub turns: usize,
    pub battles: usize,
}

/// The replays service (`app.replays`), with what it uses.
#[derive(Clone)]
pub struct Replays {
    // Shared with the export (`export.rs`), the other use of a match's whole record.
    pub(super) store: Store,
    pub(super) directory: Directory,
    pub(super) faults: Faults,
    gate: Gate,
    theme: Arc<Theme>,
    /// One replay drawn at a time: each takes a core for about a second, and a burst
    /// of matches ending together must not take every core from the boards.
    replay_slot: Arc<tokio::sync::Semaphore>,
    /// Without images (fast tests) no replay is drawn.
    images: bool,
}

impl Replays {
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        gate: Gate,
        theme: Arc<Theme>,
        images: bool,
    ) -> Replays {
        Replays {
            store,
            directory,
            faults,
            gate,
            theme,
            replay_slot: Arc::new(tokio::sync::Semaphore::new(1)),
            images,
        }
    }

    /// `/clans replay`: the replay of a finished match, posted where it was asked
    /// (`place`). Refusals are private: no such match here or of the asker's, a match
    /// still being played, a rate limit.
    pub async fn replay(&self, match_id: MatchId, user: u64, place: Place, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let unknown = || Outcome::private(t::replay_unknown(lang, match_id));
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(StoreError::NotFound(_)) => return unknown(),
            Err(e) => {
                return Outcome::private(self.faults.told(
                    self.directory.user_lang(user).await,
                    Some(match_id),
                    &e,
                ));
            }
        };
        let home = place.guild.is_some() && place.guild == loaded.info.guild;
        if !home && super::clans::seat_of(&loaded, user).is_none() {
            return unknown();
        }
        if loaded.info.status != Status::Finished {
            return Outcome::private(t::replay_still_playing(lang, match_id));
        }
        // Counted only for a replay that will be drawn: a refusal costs nothing.
        if let Err(slow) = self.gate.allow(Action::Replay, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let public = self.directory.public_lang(loaded.info.guild).await;
        match self.draw_replay(&loaded, public).await {
            Some(p) => Outcome {
                public: vec![p.msg],
                ..Outcome::default()
            },
            None => Outcome::private(t::replay_failed(lang, match_id)),
        }
    }

    /// The replay's post for a match that just ended, for its thread or channel: what
    /// [`Outcome::replay`] asks the Discord layer to post after the final board.
    pub async fn replay_post(&self, match_id: MatchId) -> Option<Msg> {
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(match_id, "the replay could not load its match: {e}");
                return None;
            }
        };
        let lang = self.directory.public_lang(loaded.info.guild).await;
        self.draw_replay(&loaded, lang).await.map(|p| p.msg)
    }

    /// The match to replay once an outcome that brought the match to `after` is
    /// posted: the match ended. None without images (tests and benchmarks of
    /// everything else).
    pub(crate) fn replay_after(&self, after: &Loaded) -> Option<MatchId> {
        (self.images && after.state.winner.is_some()).then_some(after.info.id)
    }

    /// The ids (and a label) of the user's recent finished matches, newest first, for
    /// the command's autocomplete; empty on a store error (a hint, not an answer).
    pub async fn recent_replays(&self, user: u64, guild: Option<u64>) -> Vec<(MatchId, String)> {
        let entries = match guild {
            Some(g) => self.store.history_of_user_in_guild(user, g, RECENT).await,
            None => self.store.history_of_user(user, RECENT).await,
        };
        let Ok(entries) = entries else {
            return Vec::new();
        };
        let lang = self.directory.user_lang(user).await;
        let mut out = Vec::new();
        for e in entries {
            let mut names = Vec::new();
            for (s, p) in e.seats.iter().enumerate() {
                names.push(match p.user() {
                    Some(u) => self.directory.display_name(u).await,
                    None => {
                        self.directory
                            .name_of(self.directory.user_lang(user).await, *p, s as u8)
                    }
                });
            }
            let id = e.result.match_id;
            let label = t::replay_choice(lang, id, names[0].as_str(), names[1].as_str());
            out.push((id, label));
        }
        out
    }

    /// Replays `loaded` from its stored setup and inputs and draws it, off the async
    /// runtime and one replay at a time (each is about a second of a core), with its
    /// post's words in `lang`. A failure is logged with the match id.
    async fn draw_replay(&self, loaded: &Loaded, lang: Lang) -> Option<ReplayPost> {
        let id = loaded.info.id;
        let inputs = match self.store.inputs(id).await {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!(match_id = id, "the replay could not read the log: {e}");
                return None;
            }
        };
        let names = self.directory.names(loaded).await;
        let setup = loaded.info.setup.clone();
        // The rules the match was played by: an older version replays as it was played
        // (without the turn limit, for one).
        let version = loaded.state.rules_version;
        let rules = loaded.rules.clone();
        let theme: Arc<Theme> = self.theme.clone();
        let _slot = self.replay_slot.clone().acquire_owned().await.ok()?;
        let drawn = tokio::task::spawn_blocking(move || {
            let rules = &*rules;
            let (state, opening) = State::new_under(rules, setup, version)?;
            let story = Story::replay(
                rules,
                state,
                &opening,
                inputs.iter().map(|i| (i.seat, &i.input)),
            )?;
            let t = Table {
                rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            };
            let r = replay::replay(&t, &story).map_err(|e| e.to_string())?;
            let alt = crate::render::alt::replay(&t, id, story.turns(), story.battles());
            Ok::<_, String>((r, story.turns(), story.battles(), names, alt))
        })
        .await;
        let (r, turns, battles, names, alt) = match drawn {
            Ok(Ok(x)) => x,
            Ok(Err(e)) => {
                tracing::error!(match_id = id, "the replay could not be drawn: {e}");
                return None;
            }
            Err(e) => {
                tracing::error!(match_id = id, "the replay renderer failed: {e}");
                return None;
            }
        };
        Some(ReplayPost {
            msg: Msg {
                content: t::replay_post(
                    lang,
                    id,
                    names[0].as_str(),
                    names[1].as_str(),
                    turns,
                    battles,
                ),
                files: vec![File {
                    name: format!("match-{id}-replay.gif"),
                    png: r.gif,
                    alt,
                }],
                ..Msg::default()
            },
            turns,
            battles,
        })
    }
}

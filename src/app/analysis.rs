//! The post-game analysis (`/clans analysis`, the Analysis button on a match's final
//! post): each player's chance to win after every turn of a finished match, from the
//! AI's search with both hands known (`ai::analysis`), drawn as a graph
//! (`render::analysis`) and stored, so asking again is instant.
//!
//! - **Only after the end.** While a match is played the answer is the same for
//!   everyone and says nothing about any analysis: nothing is computed, read or stored
//!   for an active match, so hidden cards cannot reach anyone through it.
//! - **Who may ask.** As for a replay: anyone in the match's server, its players
//!   anywhere; an unknown match and one the asker may not see get the same answer.
//! - **Bounded work.** One analysis at a time per process ([`Queue`]), the others wait
//!   in order and are told how many are ahead; one per asker at a time. The running
//!   one takes one of the AI's slots per position searched (about 0.2 s at the normal
//!   budget) and gives it back before the next, and the slots queue in order, so an AI
//!   match's move waits at most one position's search, never a whole analysis.
//! - **Stored** under a key naming the analysis's version, its budget and the match's
//!   rules version, so a change of budget computes again. The stored body is data
//!   (chances and the marked moves' events); the words and the image are made at each
//!   request in the server's language.

use super::directory::Directory;
use super::failures::Faults;
use super::msg::{File, Msg};
use super::{Outcome, Place};
use crate::ai::analysis::{self as ai_analysis, ANALYSIS_VERSION, Analysis};
use crate::game::State;
use crate::i18n::Lang;
use crate::i18n::messages as t;
use crate::render::analysis::{self as graph, Chart, Marked};
use crate::render::{Table, Theme};
use crate::store::{Loaded, MatchId, Millis, Status, Store, StoreError};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{Semaphore, watch};

/// A post's text stays under Discord's 2,000 characters.
const MAX_POST_CHARS: usize = 1_900;

/// The analyses of this process: one runs, the others wait their turn.
#[derive(Clone)]
pub(super) struct Queue {
    running: Arc<Semaphore>,
    /// Analyses asked for and not yet done (the running one included).
    pending: Arc<AtomicUsize>,
    /// Who has one pending: one each.
    askers: Arc<Mutex<HashSet<u64>>>,
    /// Search iterations per position.
    iterations: u32,
}

impl Queue {
    pub(super) fn new(iterations: u32) -> Queue {
        Queue {
            running: Arc::new(Semaphore::new(1)),
            pending: Arc::default(),
            askers: Arc::default(),
            iterations: iterations.max(1),
        }
    }

    /// A place in the queue for `user`; `None` when they already have one.
    fn ticket(&self, user: u64) -> Option<Ticket> {
        if !self.askers.lock().unwrap().insert(user) {
            return None;
        }
        self.pending.fetch_add(1, Ordering::SeqCst);
        Some(Ticket(self.clone(), user))
    }
}

/// An asker's place in the queue, given back when the request ends (also when it is
/// dropped).
struct Ticket(Queue, u64);

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.pending.fetch_sub(1, Ordering::SeqCst);
        self.0.askers.lock().unwrap().remove(&self.1);
    }
}

/// The store's key of an analysis: how it was made.
fn key(iterations: u32, rules_version: u32) -> String {
    format!("v{ANALYSIS_VERSION}-i{iterations}-r{rules_version}")
}

/// The post-game analysis service (`app.analysis`), with what it uses.
#[derive(Clone)]
pub struct Analyses {
    store: Store,
    directory: Directory,
    faults: Faults,
    theme: Arc<Theme>,
    /// The AI's decisions and the analyses share the cores given to the AI.
    ai_slots: Arc<Semaphore>,
    /// One analysis at a time, the others queued.
    analyses: Queue,
}

impl Analyses {
    pub(super) fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        theme: Arc<Theme>,
        ai_slots: Arc<Semaphore>,
        analyses: Queue,
    ) -> Analyses {
        Analyses {
            store,
            directory,
            faults,
            theme,
            ai_slots,
            analyses,
        }
    }

    /// `/clans analysis` and the Analysis button: the graph of a finished match,
    /// posted where it was asked. `progress` receives the asker's progress line ("waits
    /// its turn", "turn 12 of 40") while it is made; a stored one is posted at once.
    pub async fn analysis(
        &self,
        match_id: MatchId,
        user: u64,
        place: Place,
        now: Millis,
        progress: Option<watch::Sender<String>>,
    ) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let unknown = || Outcome::private(t::analysis_unknown(lang, match_id));
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(StoreError::NotFound(_)) => return unknown(),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let home = place.guild.is_some() && place.guild == loaded.info.guild;
        if !home && super::clans::seat_of(&loaded, user).is_none() {
            return unknown();
        }
        if loaded.info.status != Status::Finished {
            return Outcome::private(t::analysis_after_end(lang, match_id));
        }
        let key = key(self.analyses.iterations, loaded.state.rules_version);
        if let Some(a) = self.stored_analysis(match_id, &key).await {
            return self.analysis_post(&loaded, &a, lang).await;
        }
        let Some(_ticket) = self.analyses.ticket(user) else {
            return Outcome::private(t::analysis_busy(lang));
        };
        let say = |text: String| {
            if let Some(p) = &progress {
                // Nobody listening any more is no reason to stop.
                let _ = p.send(text);
            }
        };
        let ahead = self.analyses.pending.load(Ordering::SeqCst) - 1;
        if ahead > 0 {
            say(t::analysis_queued(lang, match_id, ahead));
        }
        let Ok(_running) = self.analyses.running.clone().acquire_owned().await else {
            return Outcome::private(t::analysis_failed(lang, match_id));
        };
        // Another request may have made it while this one waited.
        if let Some(a) = self.stored_analysis(match_id, &key).await {
            return self.analysis_post(&loaded, &a, lang).await;
        }
        let Some(a) = self.compute_analysis(&loaded, lang, progress.clone()).await else {
            return Outcome::private(t::analysis_failed(lang, match_id));
        };
        let body = serde_json::to_string(&a).expect("an analysis serializes");
        if let Err(e) = self.store.put_analysis(match_id, &key, &body, now).await {
            // Posted all the same; the next request makes it again.
            tracing::warn!(match_id, "the analysis could not be stored: {e}");
        }
        self.analysis_post(&loaded, &a, lang).await
    }

    async fn stored_analysis(&self, match_id: MatchId, key: &str) -> Option<Analysis> {
        match self.store.analysis(match_id, key).await {
            Ok(Some(body)) => match serde_json::from_str(&body) {
                Ok(a) => Some(a),
                Err(e) => {
                    tracing::warn!(match_id, "a stored analysis does not read: {e}");
                    None
                }
            },
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(match_id, "the stored analysis could not be read: {e}");
                None
            }
        }
    }

    /// Runs the search over every turn of `loaded` on a blocking thread, one AI slot
    /// per position.
    async fn compute_analysis(
        &self,
        loaded: &Loaded,
        lang: Lang,
        progress: Option<watch::Sender<String>>,
    ) -> Option<Analysis> {
        let id = loaded.info.id;
        let inputs = match self.store.inputs(id).await {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!(match_id = id, "the analysis could not read the log: {e}");
                return None;
            }
        };
        let inputs: Vec<_> = inputs.into_iter().map(|i| (i.seat, i.input)).collect();
        let setup = loaded.info.setup.clone();
        let seed = setup.seed;
        let version = loaded.state.rules_version;
        let rules = loaded.rules.clone();
        let slots = self.ai_slots.clone();
        let iterations = self.analyses.iterations;
        let runtime = tokio::runtime::Handle::current();
        let done = tokio::task::spawn_blocking(move || {
            let rules = &*rules;
            let (state, opening) = State::new_under(rules, setup, version)?;
            let mut slot = None;
            ai_analysis::analyse(
                rules,
                state,
                &opening,
                &inputs,
                iterations,
                seed,
                &mut |n, total| {
                    // Given back before each position, so an AI move queued meanwhile
                    // goes first (the semaphore serves in order).
                    slot = None;
                    if n < total {
                        slot = runtime.block_on(slots.clone().acquire_owned()).ok();
                        if let Some(p) = &progress {
                            let turns = total.saturating_sub(1).max(1);
                            let _ = p.send(t::analysis_progress(lang, id, n.min(turns), turns));
                        }
                    }
                },
            )
        })
        .await;
        match done {
            Ok(Ok(a)) => Some(a),
            Ok(Err(e)) => {
                tracing::error!(match_id = id, "the match could not be analysed: {e}");
                None
            }
            Err(e) => {
                tracing::error!(match_id = id, "the analysis failed: {e}");
                None
            }
        }
    }

    /// The analysis's post: the graph, and its marked turns in words, in the server's
    /// language (`lang` is the asker's, for a failure).
    async fn analysis_post(&self, loaded: &Loaded, a: &Analysis, lang: Lang) -> Outcome {
        let id = loaded.info.id;
        let public = self.directory.public_lang(loaded.info.guild).await;
        let names = self.directory.names(loaded).await;
        let setup = loaded.info.setup.clone();
        let version = loaded.state.rules_version;
        let rules = loaded.rules.clone();
        let theme = self.theme.clone();
        let a = a.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let rules = &*rules;
            let (dealt, _) = State::new_under(rules, setup, version)?;
            let table = Table {
                rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang: public,
            };
            let points: Vec<(u32, f32)> = a.points.iter().map(|p| (p.turn, p.chance)).collect();
            let marks: Vec<Marked> = a
                .marks
                .iter()
                .map(|m| Marked {
                    turn: m.turn,
                    mover: m.mover,
                    before: m.before,
                    after: m.after,
                    played: &m.played,
                    played_chance: m.played_chance,
                    preferred: m.preferred.as_deref(),
                    preferred_chance: m.preferred_chance,
                })
                .collect();
            let chart = Chart {
                match_id: id,
                clans: dealt.setup.clans,
                kinds: &dealt.kinds,
                points: &points,
                marks: &marks,
            };
            let image = graph::analysis(&table, &chart).map_err(|e| e.to_string())?;
            let text = post_text(&table, &chart, &a, id);
            let alt = crate::render::alt::graph(&table, &chart);
            Ok::<_, String>((image.png, text, alt))
        })
        .await;
        match drawn {
            Ok(Ok((png, content, alt))) => Outcome {
                public: vec![Msg {
                    content,
                    files: vec![File {
                        name: format!("match-{id}-analysis.png"),
                        png,
                        alt,
                    }],
                    ..Msg::default()
                }],
                ..Outcome::default()
            },
            Ok(Err(e)) => {
                tracing::error!(match_id = id, "the analysis could not be drawn: {e}");
                Outcome::private(t::analysis_failed(lang, id))
            }
            Err(e) => {
                tracing::error!(match_id = id, "the analysis renderer failed: {e}");
                Outcome::private(t::analysis_failed(lang, id))
            }
        }
    }
}

/// The post's words: how the graph was made, then each marked turn in a sentence with
/// one chance figure (the image beside it draws the figures before and after; these
/// lines are not cut short on a phone).
fn post_text(t: &Table, chart: &Chart, a: &Analysis, id: MatchId) -> String {
    let lang = t.lang;
    let turns = a.points.last().map_or(0, |p| p.turn);
    let mut text = t::analysis_post(lang, id, t.names[0], t.names[1], turns, a.iterations);
    for (i, m) in chart.marks.iter().enumerate() {
        let mine = |c: f32| graph::percent(if m.mover == 0 { c } else { 1.0 - c });
        let (before, after) = (mine(m.before), mine(m.after));
        let turn = t::analysis_post_turn(
            lang,
            i as u32 + 1,
            m.turn,
            t.names[m.mover as usize],
            graph::move_words(t, chart.kinds, m.played),
            after,
            t::analysis_post_change(
                lang,
                if after >= before { "up" } else { "down" },
                after.abs_diff(before),
            ),
        );
        let ai = match m.preferred {
            Some(events) => {
                t::analysis_post_better(lang, graph::move_words(t, chart.kinds, events))
            }
            None => t::analysis_post_agrees(lang),
        };
        text.push_str(&format!("\n{turn} {ai}"));
    }
    if text.chars().count() > MAX_POST_CHARS {
        text = text.chars().take(MAX_POST_CHARS - 1).collect();
        text.push('…');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_names_the_version_the_budget_and_the_rules() {
        assert_eq!(key(10_000, 6), format!("v{ANALYSIS_VERSION}-i10000-r6"));
        assert_ne!(key(10_000, 6), key(2_000, 6));
        assert_ne!(key(10_000, 6), key(10_000, 5));
    }

    #[test]
    fn a_ticket_is_one_per_asker_and_given_back() {
        let q = Queue::new(10);
        let take = |user| q.ticket(user);
        let a = take(1).expect("a first request");
        assert!(take(1).is_none(), "a second at once is refused");
        let b = take(2).expect("another asker");
        assert_eq!(q.pending.load(Ordering::SeqCst), 2);
        drop(a);
        drop(b);
        assert_eq!(q.pending.load(Ordering::SeqCst), 0);
        assert!(take(1).is_some());
    }
}

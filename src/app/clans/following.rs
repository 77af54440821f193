//! What the app keeps of a match between clicks, so that a confirmed answer costs one
//! read and one write: the match after its last input, the events since its last board
//! (that board's log), and what a takeback would undo for each seat
//! ([`game::takeback::Tracker`](crate::game::takeback::Tracker)).
//!
//! A submit returns the new state and the input's events; recording them here keeps
//! the match current without reading the log or replaying anything. Only when the kept
//! match is missing or behind (after a restart, an input played by another process or
//! by the scheduler, a takeback) are the stored inputs since it read back and replayed,
//! from the setup at worst. Either way the result is the same: the kept match is a
//! function of the log, tested in `each_board_replays_only_since_the_last_and_gets_the_same_log`.

use crate::app::clans::posts::turn_log::posts_board;
use crate::app::lru::Lru;
use crate::game::takeback::Tracker;
use crate::game::{Event, Rules, Seat, Setup, State};
use crate::store::{Loaded, MatchId, Store, StoredInput};
use std::sync::{Arc, Mutex};

/// Matches kept between clicks (a state each, a few kilobytes).
pub const MATCH_CACHE: usize = 2_000;

/// A match as the app follows it: the state after stored input `version`, the events
/// since the board was last posted, and the takebacks' tracker.
#[derive(Clone)]
pub struct Followed {
    pub version: i64,
    state: State,
    log: Vec<Event>,
    /// Whether the board was posted after input `version` (the next input's events
    /// start a new log).
    posted: bool,
    takebacks: Tracker,
}

impl Followed {
    /// The match at its setup, before any input, under the rules it is played by.
    pub fn start(rules: &Rules, setup: Setup, rules_version: u32) -> Result<Followed, String> {
        let (state, _) = State::new_under(rules, setup, rules_version)?;
        Ok(Followed {
            version: 0,
            state,
            log: Vec::new(),
            posted: true,
            takebacks: Tracker::default(),
        })
    }

    /// Records input `seq`, which `seat` played and which gave `events` and `after`
    /// (a submit's result): nothing is replayed.
    pub fn record(&mut self, seq: i64, seat: Seat, events: &[Event], after: &State) {
        if self.posted {
            self.log.clear();
        }
        self.log.extend_from_slice(events);
        self.takebacks.record(&self.state, seat, events, after);
        self.posted = posts_board(&self.state, after);
        self.state = after.clone();
        self.version = seq;
    }

    /// Plays the stored inputs after `version` (the match's inputs in force, in order;
    /// earlier ones are skipped).
    pub fn extend(&mut self, rules: &Rules, inputs: &[StoredInput]) -> Result<(), String> {
        let from = self.version;
        for i in inputs.iter().filter(|i| i.seq > from) {
            let mut after = self.state.clone();
            let events = after
                .apply(rules, i.seat, &i.input)
                .map_err(|_| format!("input #{} is refused on replay", i.seq))?;
            self.record(i.seq, i.seat, &events, &after);
        }
        Ok(())
    }

    /// The events since the board was last posted, through input `version`: the log of
    /// the board posted after it. Not redacted: the caller redacts.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    pub fn takebacks(&self) -> &Tracker {
        &self.takebacks
    }
}

/// One input just stored: the version it was submitted at, who played it, its events.
/// The match it brought about is the `Loaded` passed with it.
pub struct Played<'a> {
    pub at_version: i64,
    pub seat: Seat,
    pub events: &'a [Event],
}

/// What a click needs of the kept match.
pub struct Caught {
    /// The log of a board posted now.
    pub log: Vec<Event>,
    pub takebacks: Tracker,
}

/// The kept matches (`App::following`, shared with the AI's turns).
#[derive(Clone)]
pub struct Following {
    store: Store,
    kept: Arc<Mutex<Lru<MatchId, Followed>>>,
}

impl Following {
    pub fn new(store: Store) -> Following {
        Following {
            store,
            kept: Arc::new(Mutex::new(Lru::new(MATCH_CACHE))),
        }
    }

    /// The kept match brought to `now` (the match as stored after `played`, when an
    /// input was just submitted): by recording `played` when the kept match is the one
    /// it was played in, else by reading and replaying the stored inputs since the kept
    /// one. `None` when the log cannot be read or replayed (logged).
    pub async fn catch_up(&self, now: &Loaded, played: Option<Played<'_>>) -> Option<Caught> {
        let id = now.info.id;
        let version = now.info.version;
        // Kept matches past `now` are of a later input whose click came first: not
        // this one's, and left for it.
        let kept = self
            .kept
            .lock()
            .ok()
            .and_then(|mut c| c.get(&id).cloned())
            .filter(|f| f.version <= version);
        let caught = match (kept, played) {
            (Some(f), _) if f.version == version => f,
            (Some(mut f), Some(p)) if f.version == p.at_version => {
                f.record(version, p.seat, p.events, &now.state);
                f
            }
            (kept, _) => self.replayed(now, kept).await?,
        };
        let out = Caught {
            log: caught.log.clone(),
            takebacks: caught.takebacks.clone(),
        };
        if let Ok(mut c) = self.kept.lock() {
            let newer = c.get(&id).is_some_and(|f| f.version > version);
            if !newer {
                c.insert(id, caught);
            }
        }
        Some(out)
    }

    /// `kept` (or the match's setup) brought to `now` by the stored inputs since.
    async fn replayed(&self, now: &Loaded, kept: Option<Followed>) -> Option<Followed> {
        let id = now.info.id;
        let through = now.info.version;
        let mut kept = kept;
        let from = kept.as_ref().map_or(0, |f| f.version);
        let mut read = self.store.inputs_between(id, from, through).await;
        if matches!(&read, Ok(b) if b.rewound) {
            // A takeback undid inputs the kept match had played: from the setup again.
            kept = None;
            read = self.store.inputs_between(id, 0, through).await;
        }
        let inputs = match read {
            Ok(b) => b.inputs,
            Err(e) => {
                tracing::warn!(match_id = id, "the match's log could not be read: {e}");
                return None;
            }
        };
        self.store.trips().replayed();
        let rules = now.rules.clone();
        let setup = now.info.setup.clone();
        let rules_version = now.info.rules_version;
        let replayed = tokio::task::spawn_blocking(move || {
            let mut f = match kept {
                Some(f) => f,
                None => Followed::start(&rules, setup, rules_version)?,
            };
            f.extend(&rules, &inputs)?;
            Ok::<_, String>(f)
        })
        .await;
        match replayed {
            Ok(Ok(f)) => Some(f),
            Ok(Err(e)) => {
                tracing::error!(match_id = id, "the match's log could not be replayed: {e}");
                None
            }
            Err(e) => {
                tracing::error!(match_id = id, "the match's replay failed: {e}");
                None
            }
        }
    }

    /// Forgets the kept match `id` (a takeback undid what it played).
    pub fn forget(&self, id: MatchId) {
        if let Ok(mut kept) = self.kept.lock() {
            kept.remove(&id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::takeback::plan;

    fn stored(rules: &Rules, setup: &Setup) -> Vec<StoredInput> {
        crate::selfplay::random_inputs(rules, setup.clone(), 3, |_| false)
            .unwrap()
            .into_iter()
            .enumerate()
            .map(|(n, (seat, input))| StoredInput {
                seq: n as i64 + 1,
                seat,
                input,
                at: 0,
            })
            .collect()
    }

    /// Regression: every board replayed the whole match from its setup. A match kept
    /// from click to click (recorded input by input, or replayed on from the last
    /// board) must give each board the same log as a replay from the setup, and each
    /// position the same takeback verdicts as the log replayed for a takeback.
    #[test]
    fn each_board_replays_only_since_the_last_and_gets_the_same_log() {
        let rules = Rules::base();
        let setup = Setup {
            clans: [2, 5],
            seed: 11,
            mulligan: true,
        };
        let version = crate::game::RULES_VERSION;
        let stored = stored(&rules, &setup);
        let mut recorded = Followed::start(&rules, setup.clone(), version).unwrap();
        let mut replayed_on = recorded.clone();
        let (mut state, _) = State::new(&rules, setup.clone()).unwrap();
        let (mut boards, mut allowed) = (0, 0);
        for (n, i) in stored.iter().enumerate() {
            let before = state.clone();
            let events = state.apply(&rules, i.seat, &i.input).unwrap();
            recorded.record(i.seq, i.seat, &events, &state);
            let played: Vec<_> = stored[..=n].iter().map(|i| (i.seat, i.input)).collect();
            for asker in [0, 1] {
                for ai in [false, true] {
                    let whole = plan(&rules, setup.clone(), version, &played, asker, ai)
                        .unwrap()
                        .map(|p| (p.first, p.replies));
                    allowed += whole.is_ok() as usize;
                    assert_eq!(recorded.takebacks().verdict(&state, asker, ai), whole);
                }
            }
            if posts_board(&before, &state) {
                boards += 1;
                replayed_on.extend(&rules, &stored[..=n]).unwrap();
                let mut fresh = Followed::start(&rules, setup.clone(), version).unwrap();
                fresh.extend(&rules, &stored[..=n]).unwrap();
                assert_eq!(
                    replayed_on.log(),
                    fresh.log(),
                    "board after input #{}",
                    i.seq
                );
                assert_eq!(recorded.log(), fresh.log(), "board after input #{}", i.seq);
                assert_eq!(replayed_on.version, i.seq);
            }
        }
        assert!(boards > 10, "only {boards} boards");
        assert!(allowed > 20, "only {allowed} takebacks allowed");
    }
}

//! Rate limits: a sliding window per user and per server for the actions that post
//! publicly or cost real work (challenges, AI matches, board reposts). The clock is
//! passed in, so the tests move time instead of sleeping.
//!
//! Memory is bounded twice: a window keeps at most `max` times, and the windows
//! themselves live in an [`Lru`] of [`Limits::KEYS`] entries. Forgetting the least
//! recently active user can only make the limiter more lenient, never refuse anyone
//! wrongly.

use super::lru::Lru;
use crate::i18n::{Lang, messages::panel as p};
use crate::store::Millis;
use std::collections::VecDeque;
use std::sync::Mutex;

/// At most `max` events in any `window_ms` milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub max: u32,
    pub window_ms: Millis,
}

impl Rate {
    pub const fn per_minutes(max: u32, minutes: i64) -> Rate {
        Rate {
            max,
            window_ms: minutes * 60_000,
        }
    }
}

/// The limit of one action for each user and for each server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub per_user: Rate,
    pub per_server: Rate,
}

/// What is limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// `/clans challenge` and Rematch.
    Challenge,
    /// `/clans play-ai`.
    AiMatch,
    /// `/clans board`.
    Board,
    /// `/clans replay`.
    Replay,
    /// `/clans league` (each draws or writes something: a join, a standings image).
    League,
    /// `/crystallo daily` and `practice` (each deals a game and draws its cavern).
    Crystallo,
}

impl Action {
    /// "10 challenges", in `lang`.
    fn what(self, lang: Lang, n: u32) -> String {
        match self {
            Action::Challenge => p::limit_challenges(lang, n),
            Action::AiMatch => p::limit_ai_matches(lang, n),
            Action::Board => p::limit_board_reposts(lang, n),
            Action::Replay => p::limit_replays(lang, n),
            Action::League => p::limit_league_commands(lang, n),
            Action::Crystallo => crate::i18n::messages::crystallo::limit_games(lang, n),
        }
    }
}

/// The limits of every action (see [`LimitConfig::default`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitConfig {
    pub challenge: Policy,
    pub ai_match: Policy,
    pub board: Policy,
    pub replay: Policy,
    pub league: Policy,
    pub crystallo: Policy,
}

impl Default for LimitConfig {
    /// Generous for people, tight for scripts: a person rarely starts more than a few
    /// challenges in ten minutes; a server-wide cap stops many accounts working
    /// together. AI matches cost seconds of CPU per move, so they are the tightest.
    fn default() -> LimitConfig {
        LimitConfig {
            challenge: Policy {
                per_user: Rate::per_minutes(10, 10),
                per_server: Rate::per_minutes(60, 10),
            },
            ai_match: Policy {
                per_user: Rate::per_minutes(5, 10),
                per_server: Rate::per_minutes(20, 10),
            },
            board: Policy {
                per_user: Rate::per_minutes(10, 1),
                per_server: Rate::per_minutes(60, 1),
            },
            // A replay is about a second of a core: a few a minute for a person.
            replay: Policy {
                per_user: Rate::per_minutes(3, 1),
                per_server: Rate::per_minutes(10, 1),
            },
            // A standings image is a fraction of a second; a join or leave a write.
            league: Policy {
                per_user: Rate::per_minutes(6, 1),
                per_server: Rate::per_minutes(30, 1),
            },
            // A new game is a deal and a drawing; a person starts a few an hour.
            crystallo: Policy {
                per_user: Rate::per_minutes(10, 10),
                per_server: Rate::per_minutes(60, 10),
            },
        }
    }
}

impl LimitConfig {
    fn policy(&self, a: Action) -> Policy {
        match a {
            Action::Challenge => self.challenge,
            Action::AiMatch => self.ai_match,
            Action::Board => self.board,
            Action::Replay => self.replay,
            Action::League => self.league,
            Action::Crystallo => self.crystallo,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Scope {
    User,
    Server,
}

/// A refusal: who hit which limit, and when to try again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlowDown {
    pub action: Action,
    /// The server's limit (else the user's own).
    pub server: bool,
    pub rate: Rate,
    /// Milliseconds until the action is allowed again.
    pub retry_ms: Millis,
}

impl SlowDown {
    /// The friendly answer in `lang`, saying when to try again.
    pub fn message(&self, lang: Lang) -> String {
        let what = self.action.what(lang, self.rate.max);
        let (window, retry) = (span(lang, self.rate.window_ms), span(lang, self.retry_ms));
        if self.server {
            p::slow_down_server(lang, what, window, retry)
        } else {
            p::slow_down_user(lang, what, window, retry)
        }
    }
}

/// A duration in words, rounded up: "1 second", "40 seconds", "3 minutes".
fn span(lang: Lang, ms: Millis) -> String {
    let secs = (ms.max(1) + 999) / 1000;
    if secs < 60 {
        p::span_seconds(lang, secs)
    } else {
        p::span_minutes(lang, (secs + 59) / 60)
    }
}

type Key = (Action, Scope, u64);

/// The sliding windows of every user and server (cheap to share behind an `Arc`).
#[derive(Debug)]
pub struct Limits {
    config: LimitConfig,
    windows: Mutex<Lru<Key, VecDeque<Millis>>>,
}

impl Limits {
    /// Windows kept in memory (users and servers, all actions): about 1 MB at most.
    pub const KEYS: usize = 20_000;

    pub fn new(config: LimitConfig) -> Limits {
        Limits::with_capacity(config, Limits::KEYS)
    }

    pub fn with_capacity(config: LimitConfig, keys: usize) -> Limits {
        Limits {
            config,
            windows: Mutex::new(Lru::new(keys)),
        }
    }

    pub fn config(&self) -> &LimitConfig {
        &self.config
    }

    /// Counts `action` by `user` (in `guild`, if any) at `now` when both the user's and
    /// the server's windows have room; otherwise counts nothing and says when to try
    /// again (the later of the two, when both are full).
    pub fn check(
        &self,
        action: Action,
        user: u64,
        guild: Option<u64>,
        now: Millis,
    ) -> Result<(), SlowDown> {
        let policy = self.config.policy(action);
        let mut keys = vec![((action, Scope::User, user), policy.per_user)];
        if let Some(g) = guild {
            keys.push(((action, Scope::Server, g), policy.per_server));
        }
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        let mut refusal: Option<SlowDown> = None;
        for (key, rate) in &keys {
            let (held, oldest) = match windows.get_mut(key) {
                Some(w) => {
                    while w.front().is_some_and(|&t| t <= now - rate.window_ms) {
                        w.pop_front();
                    }
                    (w.len(), w.front().copied())
                }
                None => (0, None),
            };
            if held >= rate.max as usize {
                // A zero limit holds no times: it refuses for a whole window.
                let retry_ms = oldest
                    .map_or(rate.window_ms, |t| t + rate.window_ms - now)
                    .max(1);
                if refusal.as_ref().is_none_or(|r| r.retry_ms < retry_ms) {
                    refusal = Some(SlowDown {
                        action,
                        server: key.1 == Scope::Server,
                        rate: *rate,
                        retry_ms,
                    });
                }
            }
        }
        if let Some(r) = refusal {
            return Err(r);
        }
        for (key, rate) in keys {
            let w = windows.get_or_insert_with(key, VecDeque::new);
            w.push_back(now);
            // A window never holds more than its limit (a zero limit holds nothing).
            while w.len() > rate.max as usize {
                w.pop_front();
            }
        }
        Ok(())
    }

    /// Windows held now (for tests of the memory bound).
    pub fn windows_held(&self) -> usize {
        self.windows.lock().map(|w| w.len()).unwrap_or(0)
    }
}

/// The rate limits as a use case asks them: counts an action and, past its limit, says
/// "slow down" in the asker's language. `None`: no limits (benchmarks).
#[derive(Clone)]
pub struct Gate {
    limits: Option<std::sync::Arc<Limits>>,
    directory: super::directory::Directory,
}

impl Gate {
    pub fn new(
        limits: Option<std::sync::Arc<Limits>>,
        directory: super::directory::Directory,
    ) -> Gate {
        Gate { limits, directory }
    }

    /// Counts `action` for `user` in `guild`; `Err` is the private "slow down", in the
    /// user's language.
    pub fn allow(
        &self,
        action: Action,
        user: u64,
        guild: Option<u64>,
        now: crate::store::Millis,
    ) -> Result<(), String> {
        // The asker's language as already known: every caller answers an interaction,
        // whose locale the Discord layer has just learnt.
        let lang = self.directory.known_langs(user, guild).0;
        match &self.limits {
            Some(l) => l
                .check(action, user, guild, now)
                .map_err(|s| s.message(lang)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tight() -> LimitConfig {
        let p = Policy {
            per_user: Rate {
                max: 2,
                window_ms: 1000,
            },
            per_server: Rate {
                max: 3,
                window_ms: 1000,
            },
        };
        LimitConfig {
            challenge: p,
            ai_match: p,
            board: p,
            replay: p,
            league: p,
            crystallo: p,
        }
    }

    #[test]
    fn a_sliding_window_per_user_and_per_server() {
        let l = Limits::new(tight());
        let t = 1_000_000;
        assert!(l.check(Action::Board, 1, Some(9), t).is_ok());
        assert!(l.check(Action::Board, 1, Some(9), t + 400).is_ok());
        let no = l.check(Action::Board, 1, Some(9), t + 500).unwrap_err();
        assert!(!no.server);
        assert_eq!(
            no.retry_ms, 500,
            "the first event leaves the window at t + 1000"
        );
        let said = no.message(Lang::En);
        assert!(said.starts_with("Slow down: you have started 2 board reposts"));
        assert!(said.contains("try again in 1 second"), "{said}");
        let german = no.message(Lang::De);
        assert!(
            german.contains("(2 Spielplan-Posts innerhalb von 1 Sekunde)")
                && german.contains("in 1 Sekunde"),
            "{german}"
        );
        // Other actions and other users have their own windows; the server's fills.
        assert!(l.check(Action::Challenge, 1, Some(9), t + 500).is_ok());
        assert!(l.check(Action::Board, 2, Some(9), t + 600).is_ok());
        let no = l.check(Action::Board, 3, Some(9), t + 700).unwrap_err();
        assert!(no.server && no.message(Lang::En).contains("this server has"));
        // The same user elsewhere (a DM, another server) meets only her own limit.
        assert!(l.check(Action::Board, 3, None, t + 700).is_ok());
        assert!(l.check(Action::Board, 3, Some(8), t + 700).is_ok());
        // The window slides: at t + 1000 the first repost has left it.
        assert!(l.check(Action::Board, 1, Some(9), t + 999).is_err());
        assert!(l.check(Action::Board, 1, Some(9), t + 1000).is_ok());
    }

    #[test]
    fn a_refusal_counts_nothing() {
        let l = Limits::new(tight());
        for dt in 0..2 {
            l.check(Action::AiMatch, 1, None, dt).unwrap();
        }
        for dt in 2..100 {
            assert!(l.check(Action::AiMatch, 1, None, dt).is_err());
        }
        assert!(l.check(Action::AiMatch, 1, None, 1000).is_ok());
    }

    #[test]
    fn a_zero_limit_refuses_everything() {
        let none = Rate {
            max: 0,
            window_ms: 5000,
        };
        let config = LimitConfig {
            board: Policy {
                per_user: none,
                per_server: none,
            },
            ..tight()
        };
        let l = Limits::new(config);
        for t in [0, 1, 10_000] {
            assert_eq!(
                l.check(Action::Board, 1, None, t).unwrap_err().retry_ms,
                5000
            );
        }
    }

    #[test]
    fn memory_is_bounded() {
        let l = Limits::with_capacity(tight(), 50);
        for u in 0..10_000 {
            let _ = l.check(Action::Challenge, u, Some(u % 7), u as i64);
            assert!(l.windows_held() <= 50);
        }
    }

    #[test]
    fn spans_read_well() {
        assert_eq!(span(Lang::En, 1), "1 second");
        assert_eq!(span(Lang::En, 40_000), "40 seconds");
        assert_eq!(span(Lang::En, 60_000), "1 minute");
        assert_eq!(span(Lang::En, 61_000), "2 minutes");
        assert_eq!(span(Lang::De, 40_000), "40 Sekunden");
        assert_eq!(span(Lang::De, 61_000), "2 Minuten");
    }
}

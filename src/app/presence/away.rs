//! Absences (`/clans away`): a player stops the clocks of every match waiting for
//! them, for up to a server's limit of days in any 30, and the clocks restart with
//! exactly the time they had left when the absence ends (on time, through the
//! scheduler, or early, with `/clans away off:True`).
//!
//! The store keeps the absences and the paused time (`store::absences`); a submit that
//! hands the turn to an away player pauses its clock in the same transaction. Here: the
//! command's checks, pausing the matches already waiting, restarting them, and what
//! opponents read ("Ana is away until ..."). Dates are Discord timestamps (`<t:..:F>`),
//! which every reader's client shows in their own language and time zone.

use super::Presence;
use crate::app::lru::Fresh;
use crate::app::{Outcome, mention};
use crate::i18n::{Lang, messages as t};
use crate::store::{
    Absence, AbsenceStart, AwayAllowance, GuildSettings, Loaded, Millis, StoreError,
};
use tokio::sync::mpsc;

/// Days a player may be away in any 30 when the server sets nothing.
pub const AWAY_DAYS_DEFAULT: u32 = 14;

/// The window the limit counts in.
pub const AWAY_WINDOW_DAYS: u32 = 30;

/// The longest note shown with an absence.
const NOTE_CHARS: usize = 100;

const DAY_MS: Millis = 24 * 60 * 60 * 1000;

/// Absences read per page when restarting clocks.
const PAGE: i64 = 100;

/// The days a server allows (`None` in its settings: the default).
pub fn away_days(s: &GuildSettings) -> u32 {
    s.away_days
        .unwrap_or(AWAY_DAYS_DEFAULT)
        .min(AWAY_WINDOW_DAYS)
}

/// What `/clans away` did: the answer to the player, and a notice for each match whose
/// clock it stopped or restarted (posted in that match's thread).
#[derive(Debug, Default)]
pub struct AwayOutcome {
    pub reply: Outcome,
    pub notices: Vec<Outcome>,
}

impl AwayOutcome {
    fn private(text: String) -> AwayOutcome {
        AwayOutcome {
            reply: Outcome::private(text),
            notices: Vec::new(),
        }
    }
}

impl Presence {
    /// `user` goes away for `days` from `now`. The limit is the strictest of the servers
    /// where they play a match now and the one they asked in, counted over the 30 days
    /// that end with this absence (absences ended early count up to their end).
    pub async fn away(
        &self,
        user: u64,
        guild: Option<u64>,
        days: u32,
        note: Option<&str>,
        now: Millis,
    ) -> AwayOutcome {
        let lang = self.directory.user_lang(user).await;
        let told = |e: &StoreError| AwayOutcome::private(self.faults.told(lang, None, e));
        let limit = match self.away_limit(user, guild).await {
            Ok(l) => l,
            Err(e) => return told(&e),
        };
        if limit == 0 {
            return AwayOutcome::private(t::away_disabled(lang));
        }
        if days == 0 || days > limit {
            return AwayOutcome::private(t::away_days_range(lang, limit));
        }
        let note = note
            .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
            .map(|n| n.chars().take(NOTE_CHARS).collect::<String>())
            .filter(|n| !n.is_empty());
        let until = now + days as Millis * DAY_MS;
        let allowance = AwayAllowance {
            window: AWAY_WINDOW_DAYS as Millis * DAY_MS,
            most: limit as Millis * DAY_MS,
        };
        let absence = match self
            .store
            .start_absence(user, now, until, note.as_deref(), allowance)
            .await
        {
            Ok(AbsenceStart::Started(a)) => a,
            Ok(AbsenceStart::AlreadyAway(a)) => {
                return AwayOutcome::private(t::away_already(lang, secs(a.ends_at)));
            }
            Ok(AbsenceStart::OverLimit { used }) => {
                let left = ((allowance.most - used).max(0) / DAY_MS) as u32;
                return AwayOutcome::private(t::away_too_long(lang, limit, AWAY_WINDOW_DAYS, left));
            }
            Err(e) => return told(&e),
        };
        self.keep_absence(user, Some(absence.clone()));
        let notices = self.pause_waiting(user, &absence, now).await;
        AwayOutcome {
            reply: Outcome::private(t::away_started(lang, secs(until), notices.len())),
            notices,
        }
    }

    /// Ends `user`'s absence at `now` and restarts their clocks.
    pub async fn away_off(&self, user: u64, now: Millis) -> AwayOutcome {
        let lang = self.directory.user_lang(user).await;
        let absence = match self.store.end_absence(user, now).await {
            Ok(Some(a)) => {
                self.keep_absence(user, None);
                a
            }
            Ok(None) => return AwayOutcome::private(t::away_not_away(lang)),
            Err(e) => return AwayOutcome::private(self.faults.told(lang, None, &e)),
        };
        let notices = match self.resume_absence(&absence, now).await {
            Ok(n) => n,
            Err(e) => {
                // Ended, but some clock did not restart: the scheduler finishes it.
                tracing::warn!(user, "could not restart every clock at once: {e}");
                Vec::new()
            }
        };
        AwayOutcome {
            reply: Outcome::private(t::away_ended(lang, notices.len())),
            notices,
        }
    }

    /// Whether and until when `user` is away.
    pub async fn away_status(&self, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        match self.store.current_absence(user, now).await {
            Ok(Some(a)) => Outcome::private(t::away_status(lang, secs(a.ends_at))),
            Ok(None) => Outcome::private(t::away_not_away(lang)),
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// The strictest limit of the servers concerned.
    async fn away_limit(&self, user: u64, guild: Option<u64>) -> Result<u32, StoreError> {
        let mut guilds: Vec<u64> = self
            .store
            .active_matches_of_user(user)
            .await?
            .iter()
            .filter_map(|m| m.guild)
            .chain(guild)
            .collect();
        guilds.sort_unstable();
        guilds.dedup();
        let mut limit = AWAY_DAYS_DEFAULT;
        for g in guilds {
            limit = limit.min(away_days(&self.directory.server_settings(g).await?));
        }
        Ok(limit)
    }

    /// Stops the clock of each active match that waits for `user` now; a notice for
    /// each one stopped.
    async fn pause_waiting(&self, user: u64, absence: &Absence, now: Millis) -> Vec<Outcome> {
        let matches = match self.store.active_matches_of_user(user).await {
            Ok(m) => m,
            Err(e) => {
                // The absence stands; each clock pauses when the scheduler meets it.
                tracing::warn!(user, "could not pause the clocks of an absence: {e}");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        for info in matches {
            let Ok(loaded) = self.store.load(info.id).await else {
                continue;
            };
            if !waits_for(&loaded, user) {
                continue;
            }
            match self.store.pause_clock(info.id, info.version, now).await {
                Ok(true) => notices.push(self.away_notice(&loaded, user, absence).await),
                Ok(false) => {}
                Err(e) => tracing::warn!(match_id = info.id, "could not pause a clock: {e}"),
            }
        }
        notices
    }

    /// Restarts, at the absence's end, the paused clocks of `absence`'s player that no
    /// other away player holds, and marks it done; a notice for each.
    async fn resume_absence(
        &self,
        absence: &Absence,
        now: Millis,
    ) -> Result<Vec<Outcome>, StoreError> {
        let at = absence.ends_at.min(now);
        let mut notices = Vec::new();
        for id in self.store.paused_matches_of(absence.user).await? {
            let loaded = match self.store.load(id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = id, "a paused match did not load: {e}");
                    continue;
                }
            };
            if self.held_by_another(&loaded, absence.user, at).await? {
                continue;
            }
            if self.store.resume_clock(id, at).await? {
                notices.push(self.back_notice(&loaded, absence.user).await);
            }
        }
        self.store.mark_resumed(absence.id, now).await?;
        Ok(notices)
    }

    /// Whether another player the match waits for is still away at `at`.
    async fn held_by_another(
        &self,
        loaded: &Loaded,
        user: u64,
        at: Millis,
    ) -> Result<bool, StoreError> {
        for other in waiting_users(loaded) {
            if other != user && self.store.current_absence(other, at).await?.is_some() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The scheduler's part: restarts the clocks of absences that ended by `now`, each
    /// notice to `sink`. Returns how many clocks restarted.
    pub(crate) async fn resume_absences(&self, now: Millis, sink: &mpsc::Sender<Outcome>) -> usize {
        let mut restarted = 0;
        loop {
            let due = match self.store.absences_to_resume(now, PAGE).await {
                Ok(d) => d,
                Err(e) => {
                    tracing::warn!("could not read absences: {e}");
                    return restarted;
                }
            };
            let full = due.len() as i64 == PAGE;
            for a in due {
                match self.resume_absence(&a, now).await {
                    Ok(notices) => {
                        restarted += notices.len();
                        for n in notices {
                            let _ = sink.send(n).await;
                        }
                    }
                    Err(e) => {
                        tracing::warn!(user = a.user, "could not restart clocks: {e}");
                        return restarted;
                    }
                }
            }
            if !full {
                return restarted;
            }
        }
    }

    /// For a due deadline: the first player the match waits for who is away at `now`,
    /// if any (a turn handed over while the absence was being recorded).
    pub(crate) async fn away_waiting(
        &self,
        loaded: &Loaded,
        now: Millis,
    ) -> Result<Option<Absence>, StoreError> {
        for u in waiting_users(loaded) {
            if let Some(a) = self.store.current_absence(u, now).await? {
                return Ok(Some(a));
            }
        }
        Ok(None)
    }

    /// "Ana is away until ..." in the match's thread, where her reminders would come.
    pub(crate) async fn away_notice(&self, loaded: &Loaded, user: u64, a: &Absence) -> Outcome {
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let name = self.seat_name(loaded, user).await;
        let mut text = t::away_notice(lang, name, secs(a.ends_at), loaded.info.id);
        if let Some(n) = &a.note {
            text.push('\n');
            text.push_str(&t::away_note(lang, n.clone()));
        }
        Outcome {
            public: vec![crate::app::msg::Msg::text(text)],
            ..Outcome::in_match(&loaded.info)
        }
    }

    /// The player is back and the match waits for them: pinged, as a reminder is.
    async fn back_notice(&self, loaded: &Loaded, user: u64) -> Outcome {
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let mut m = crate::app::msg::Msg::text(t::away_back(lang, mention(user), loaded.info.id));
        m.pings = vec![user];
        Outcome {
            public: vec![m],
            ..Outcome::in_match(&loaded.info)
        }
    }

    async fn seat_name(&self, loaded: &Loaded, user: u64) -> String {
        let names = self.directory.names(loaded).await;
        let seat = loaded
            .info
            .seats
            .iter()
            .position(|p| p.user() == Some(user));
        seat.map_or_else(|| mention(user), |s| names[s].clone())
    }

    /// `text` with a line "X is away until ..." for each of `users` away at `now`
    /// (the board post's "whose move").
    pub(crate) async fn with_away_lines(
        &self,
        mut text: String,
        users: &[(u64, String)],
        lang: Lang,
        now: Millis,
    ) -> String {
        for (u, name) in users {
            if let Some(a) = self.absence_shown(*u, now).await {
                text.push('\n');
                text.push_str(&away_line(lang, name.clone(), &a));
            }
        }
        text
    }

    /// For `/clans matches`: the opponent's absence in `match_id`, if they are away.
    pub(crate) async fn opponent_away(
        &self,
        seats: [crate::store::Player; 2],
        viewer: u64,
        lang: Lang,
        now: Millis,
    ) -> Option<String> {
        let other = seats
            .iter()
            .filter_map(|p| p.user())
            .find(|&u| u != viewer)?;
        let a = self.absence_shown(other, now).await?;
        Some(away_line(lang, mention(other), &a))
    }

    /// `user`'s absence at `now` as the boards and lists show it: kept from the last
    /// read or change here (read again after [`FRESH`](crate::app::lru::FRESH), so that
    /// an absence taken through another process shows within it). A read that fails
    /// shows none.
    async fn absence_shown(&self, user: u64, now: Millis) -> Option<Absence> {
        let kept = self
            .absences
            .lock()
            .unwrap()
            .get(&user)
            .and_then(Fresh::get);
        let current = match kept {
            Some(a) => a,
            None => {
                let a = self.store.current_absence(user, now).await.ok()?;
                self.keep_absence(user, a.clone());
                a
            }
        };
        current.filter(|a| a.starts_at <= now && now < a.ends_at)
    }

    fn keep_absence(&self, user: u64, absence: Option<Absence>) {
        self.absences
            .lock()
            .unwrap()
            .insert(user, Fresh::now(absence));
    }
}

/// "Ana is away until ...", with her note.
fn away_line(lang: Lang, name: String, a: &Absence) -> String {
    match &a.note {
        Some(n) => t::away_line_note(lang, name, secs(a.ends_at), n.clone()),
        None => t::away_line(lang, name, secs(a.ends_at)),
    }
}

fn waiting_users(loaded: &Loaded) -> Vec<u64> {
    loaded
        .state
        .waiting()
        .iter()
        .filter_map(|&s| loaded.info.seats[s as usize].user())
        .collect()
}

fn waits_for(loaded: &Loaded, user: u64) -> bool {
    waiting_users(loaded).contains(&user)
}

/// A time as Discord's timestamp markup takes it (seconds).
fn secs(ms: Millis) -> String {
    (ms / 1000).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_limit_never_passes_the_window() {
        let mut s = GuildSettings::default();
        assert_eq!(away_days(&s), AWAY_DAYS_DEFAULT);
        s.away_days = Some(99);
        assert_eq!(away_days(&s), AWAY_WINDOW_DAYS);
        s.away_days = Some(0);
        assert_eq!(away_days(&s), 0);
    }
}

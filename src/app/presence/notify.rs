//! How a player is told it is their move (`/clans notify`): a mention in the match's
//! thread (the default, and what a player who set nothing gets), a DM instead, both, or
//! neither; quiet hours in their own time zone, during which no mention or DM goes out
//! and after which one catch-up DM lists what waits; a daily digest DM at a local hour.
//!
//! Only pings change: every public post still appears, with the player's name in it
//! (a mention left out of a message's allowed mentions shows the name and notifies
//! nobody). Quiet hours delay pings, never a forfeit: deadlines are the match's terms.
//! What is owed (a catch-up, the next digest) is stored (`store::notify`), so a
//! restart owes the same; the digest's next time is always the next local `hour:00`
//! after the one sent, so a DST change neither skips nor repeats a day's digest.

use super::Presence;
use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::i18n::{Lang, messages as t};
use crate::store::{Millis, NotifyVia, Owed, StoreError, UserSettings};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use tokio::sync::mpsc;

/// Players' owed messages read per page.
const PAGE: i64 = 100;

/// Matches listed in one catch-up or digest (a DM's 2,000 characters hold about 30).
const LISTED: usize = 20;

// Local hours are the store's arithmetic too (a daily deadline): one of each.
pub use crate::store::{next_local_hour, zone};

fn zone_of(s: &UserSettings) -> TimeZone {
    s.time_zone
        .as_deref()
        .and_then(zone)
        .unwrap_or(TimeZone::UTC)
}

/// The local hour (0-23) in `tz` at `now`.
pub fn local_hour(tz: &TimeZone, now: Millis) -> u8 {
    let ts = Timestamp::from_millisecond(now).unwrap_or(Timestamp::UNIX_EPOCH);
    ts.to_zoned(tz.clone()).hour() as u8
}

/// Whether `hour` is within quiet hours `from`..`to` (across midnight when `from` is
/// later than `to`).
pub fn is_quiet((from, to): (u8, u8), hour: u8) -> bool {
    if from <= to {
        from <= hour && hour < to
    } else {
        hour >= from || hour < to
    }
}

/// A change asked for with `/clans notify` (each `None` leaves that setting).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NotifyChange {
    pub via: Option<NotifyVia>,
    pub time_zone: Option<String>,
    pub quiet_from: Option<u8>,
    pub quiet_to: Option<u8>,
    /// `Some(false)`: no quiet hours.
    pub quiet: Option<bool>,
    pub digest_hour: Option<u8>,
    /// `Some(false)`: no digest.
    pub digest: Option<bool>,
}

impl Presence {
    /// Changes how `user` is told it is their move and says what holds now.
    pub async fn set_notify(&self, user: u64, change: NotifyChange, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let mut s = match self.directory.user_settings_afresh(user).await {
            Ok(s) => s,
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let hours = [change.quiet_from, change.quiet_to, change.digest_hour];
        if hours.iter().flatten().any(|&h| h > 23) {
            return Outcome::private(t::notify_hour_range(lang));
        }
        if let Some(v) = change.via {
            s.notify = Some(v);
        }
        if let Some(name) = &change.time_zone {
            let Some(tz) = zone(name.trim()) else {
                return Outcome::private(t::notify_unknown_zone(lang, name.clone()));
            };
            s.time_zone = tz.iana_name().map(str::to_string);
        }
        if change.quiet == Some(false) {
            s.quiet_hours = None;
        } else if change.quiet_from.is_some() || change.quiet_to.is_some() {
            let (from, to) = match (change.quiet_from, change.quiet_to, s.quiet_hours) {
                (Some(f), Some(t), _) => (f, t),
                (Some(f), None, Some((_, t))) => (f, t),
                (None, Some(t), Some((f, _))) => (f, t),
                _ => return Outcome::private(t::notify_quiet_both(lang)),
            };
            if from == to {
                return Outcome::private(t::notify_quiet_both(lang));
            }
            s.quiet_hours = Some((from, to));
        }
        if change.digest == Some(false) {
            s.digest_hour = None;
        } else if let Some(h) = change.digest_hour {
            s.digest_hour = Some(h);
        }
        if let Err(e) = self.directory.set_user_settings(user, &s).await {
            return Outcome::private(self.faults.told(lang, None, &e));
        }
        // The next digest from the settings as they are now (a new zone moves it).
        let next = s.digest_hour.map(|h| next_local_hour(&zone_of(&s), h, now));
        if let Err(e) = self.store.set_digest_at(user, next).await {
            return Outcome::private(self.faults.told(lang, None, &e));
        }
        Outcome::private(self.notify_summary(lang, &s))
    }

    /// What holds for `user` now (`/clans notify` without options).
    pub async fn notify_status(&self, user: u64) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        match self.directory.user_settings(user).await {
            Ok(s) => Outcome::private(self.notify_summary(lang, &s)),
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    fn notify_summary(&self, lang: Lang, s: &UserSettings) -> String {
        let via = match s.notify.unwrap_or_default() {
            NotifyVia::Thread => t::notify_via_thread(lang),
            NotifyVia::Dm => t::notify_via_dm(lang),
            NotifyVia::Both => t::notify_via_both(lang),
            NotifyVia::Nothing => t::notify_via_nothing(lang),
        };
        let zone = s.time_zone.clone().unwrap_or_else(|| "UTC".to_string());
        let quiet = match s.quiet_hours {
            Some((f, to)) => t::notify_quiet_hours(lang, hh(f), hh(to)),
            None => t::setting_off(lang),
        };
        let digest = match s.digest_hour {
            Some(h) => t::notify_digest_at(lang, hh(h)),
            None => t::setting_off(lang),
        };
        t::notify_saved(lang, via, zone, quiet, digest)
    }

    /// `out` with each pinged player's choice applied at `now`: a mention kept or left
    /// out, a DM added, or (in their quiet hours) neither, with a catch-up owed at the
    /// hours' end. A player who chose nothing keeps the mention, with no more than one
    /// read of their settings.
    pub async fn route_pings(&self, out: &Outcome, now: Millis) -> Outcome {
        let mut out = out.clone();
        let channel = out.channel;
        for i in 0..out.public.len() {
            let pings = std::mem::take(&mut out.public[i].pings);
            let mut kept = Vec::new();
            for u in pings {
                let s = match self.directory.user_settings(u).await {
                    Ok(s) => s,
                    Err(e) => {
                        // Today's behaviour when the choice cannot be read.
                        tracing::warn!("could not read how a player is pinged: {e}");
                        kept.push(u);
                        continue;
                    }
                };
                let via = s.notify.unwrap_or_default();
                let tz = zone_of(&s);
                if let Some((_, to)) = s.quiet_hours.filter(|&q| is_quiet(q, local_hour(&tz, now)))
                {
                    if via != NotifyVia::Nothing
                        && let Err(e) = self
                            .store
                            .owe_catch_up(u, next_local_hour(&tz, to, now))
                            .await
                    {
                        tracing::warn!("could not save a held-back ping: {e}");
                    }
                    continue;
                }
                if matches!(via, NotifyVia::Thread | NotifyVia::Both) {
                    kept.push(u);
                }
                if matches!(via, NotifyVia::Dm | NotifyVia::Both)
                    && let Some(c) = channel
                    && !out.dms.iter().any(|(d, _)| *d == u)
                {
                    let lang = self.directory.user_lang(u).await;
                    out.dms
                        .push((u, Msg::text(t::notify_your_move(lang, c.to_string()))));
                }
            }
            out.public[i].pings = kept;
        }
        out
    }

    /// The scheduler's part: the catch-ups and digests owed at `now`, each a DM to
    /// `sink`. Returns how many were sent.
    pub(crate) async fn send_owed(&self, now: Millis, sink: &mpsc::Sender<Outcome>) -> usize {
        let mut sent = 0;
        for what in [Owed::CatchUp, Owed::Digest] {
            loop {
                let owed = match self.store.owed(what, now, PAGE).await {
                    Ok(o) => o,
                    Err(e) => {
                        tracing::warn!("could not read what is owed: {e}");
                        break;
                    }
                };
                let full = owed.len() as i64 == PAGE;
                let mut progress = false;
                for (user, at) in owed {
                    match self.send_one(user, what, at, now, sink).await {
                        Ok(Some(true)) => {
                            sent += 1;
                            progress = true;
                        }
                        Ok(Some(false)) => progress = true,
                        Ok(None) => {}
                        Err(e) => tracing::warn!(user, "could not send what is owed: {e}"),
                    }
                }
                if !full || !progress {
                    break;
                }
            }
        }
        sent
    }

    /// Claims and sends one owed message. `Some(sent)` when this process claimed it
    /// (nothing is sent when no match waits), `None` when another did.
    async fn send_one(
        &self,
        user: u64,
        what: Owed,
        at: Millis,
        now: Millis,
        sink: &mpsc::Sender<Outcome>,
    ) -> Result<Option<bool>, StoreError> {
        let s = self.directory.user_settings_afresh(user).await?;
        let next = match what {
            Owed::CatchUp => None,
            // Missed digests (the bot was down) collapse into this one.
            Owed::Digest => s.digest_hour.map(|h| next_local_hour(&zone_of(&s), h, now)),
        };
        if !self.store.claim_owed(user, what, at, next).await? {
            return Ok(None);
        }
        let lang = self.directory.user_lang(user).await;
        let waiting = self.waiting_for(user).await?;
        if waiting.is_empty() {
            return Ok(Some(false));
        }
        let list = waiting
            .iter()
            .take(LISTED)
            .map(|(id, channel)| t::notify_waiting_line(lang, *id, channel.to_string()))
            .collect::<Vec<_>>()
            .join("\n");
        let text = match what {
            Owed::CatchUp => t::notify_catch_up(lang, waiting.len(), list),
            Owed::Digest => t::notify_digest(lang, waiting.len(), list),
        };
        let _ = sink
            .send(Outcome {
                dms: vec![(user, Msg::text(text))],
                ..Outcome::default()
            })
            .await;
        Ok(Some(true))
    }

    /// The active matches waiting for `user` now: id and where it plays.
    pub async fn waiting_for(&self, user: u64) -> Result<Vec<(i64, u64)>, StoreError> {
        let mut out = Vec::new();
        for info in self.store.active_matches_of_user(user).await? {
            let Ok(loaded) = self.store.load(info.id).await else {
                continue;
            };
            let waits = loaded
                .state
                .waiting()
                .iter()
                .any(|&s| info.seats[s as usize].user() == Some(user));
            if waits {
                out.push((info.id, info.thread.unwrap_or(info.channel)));
            }
        }
        Ok(out)
    }
}

fn hh(h: u8) -> String {
    format!("{h:02}:00")
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: Millis = 60 * 60 * 1000;

    fn at(s: &str) -> Millis {
        s.parse::<Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn quiet_hours_may_cross_midnight() {
        assert!(is_quiet((22, 7), 23) && is_quiet((22, 7), 0) && is_quiet((22, 7), 6));
        assert!(!is_quiet((22, 7), 7) && !is_quiet((22, 7), 21) && !is_quiet((22, 7), 12));
        assert!(is_quiet((1, 5), 1) && !is_quiet((1, 5), 5) && !is_quiet((1, 5), 0));
    }

    #[test]
    fn the_next_local_hour_is_once_a_day_across_both_dst_changes() {
        let berlin = zone("Europe/Berlin").unwrap();
        // Spring forward (2025-03-30, 02:00 -> 03:00): 02:00 does not exist that day;
        // the digest comes once, at 03:00 (01:00 UTC), and the next day at 02:00 CEST.
        let before = at("2025-03-29T01:00:00Z"); // 02:00 CET the day before
        let a = next_local_hour(&berlin, 2, before);
        assert_eq!(a, at("2025-03-30T01:00:00Z"));
        let b = next_local_hour(&berlin, 2, a);
        assert_eq!(b, at("2025-03-31T00:00:00Z"));
        // Fall back (2025-10-26, 03:00 -> 02:00): 02:00 happens twice; only the first.
        let a = next_local_hour(&berlin, 2, at("2025-10-25T12:00:00Z"));
        assert_eq!(a, at("2025-10-26T00:00:00Z"));
        let b = next_local_hour(&berlin, 2, a);
        assert_eq!(
            b,
            at("2025-10-27T01:00:00Z"),
            "the repeated hour came twice"
        );
        // Every day of a year, exactly one.
        let mut t = at("2025-01-01T00:00:00Z");
        let mut days = std::collections::BTreeSet::new();
        for _ in 0..365 {
            let next = next_local_hour(&berlin, 2, t);
            assert!(next > t && next - t <= 25 * HOUR, "{t} -> {next}");
            let day = Timestamp::from_millisecond(next)
                .unwrap()
                .to_zoned(berlin.clone())
                .date();
            assert!(days.insert(day), "two digests on {day}");
            t = next;
        }
    }

    #[test]
    fn unknown_zones_are_refused_and_utc_is_the_default() {
        assert!(zone("Mars/Olympus").is_none());
        assert!(zone("America/Los_Angeles").is_some());
        assert_eq!(zone_of(&UserSettings::default()), TimeZone::UTC);
        assert_eq!(local_hour(&TimeZone::UTC, at("2025-06-01T13:30:00Z")), 13);
    }
}

//! How a match's forfeit is timed (its clock, part of its [`Terms`](crate::Terms)), and
//! the local-time arithmetic it and players' quiet hours and digests share.
//!
//! - **Per turn** (the default): `timeout_minutes` after the turn starts.
//! - **Daily deadline**: moves are due at a fixed local hour of the server's time zone,
//!   the first one at least [`DAILY_LEAST_HOURS`] after the turn starts, so a turn that
//!   starts just before the hour is not due at once. The zone is the server's when the
//!   match starts, kept with the match: a later change of the server's zone does not
//!   move a running match's deadlines.
//!
//! - **Time bank**: each player has a bank of time (`minutes` at the start) that runs
//!   only while the match waits for them; handing the turn on adds `add_minutes`,
//!   capped at the starting bank (as Board Game Arena caps it). While both players must
//!   answer (secret battle cards), both banks run and the forfeit is the smaller one's
//!   end; if both still have not answered then, nobody wins, as under any clock.
//!
//! A clock's deadline is worked out when a turn starts; after that every clock is the
//! same to the rest of the bot (an absence or a moderator pauses the time left, an
//! extension or a grace adds to it). A bank is charged, at the next move, with what the
//! running deadline used up ([`Banks::after`]), so a pause, an extension or a grace
//! counts in it without a rule of its own.

use crate::{Millis, Seat};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

/// A turn under a daily deadline lasts at least this long.
pub const DAILY_LEAST_HOURS: i64 = 12;

const HOUR_MS: Millis = 60 * 60 * 1000;

/// How a match's forfeit is timed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// `timeout_minutes` after each turn starts (no timeout: no forfeit).
    #[default]
    Turn,
    /// Due at `hour`:00 local time in `zone` (an IANA name), the first such hour at
    /// least [`DAILY_LEAST_HOURS`] after the turn starts.
    Daily { hour: u8, zone: String },
    /// A bank per player: `minutes` at the start, `add_minutes` more for each turn handed
    /// on, never above `minutes`.
    Bank { minutes: u32, add_minutes: u32 },
}

impl Clock {
    /// The `matches.clock` column: `None` for the per-turn clock, else "daily HOUR ZONE".
    pub(crate) fn column(&self) -> Option<String> {
        match self {
            Clock::Turn => None,
            Clock::Daily { hour, zone } => Some(format!("daily {hour} {zone}")),
            Clock::Bank {
                minutes,
                add_minutes,
            } => Some(format!("bank {minutes} {add_minutes}")),
        }
    }

    /// The clock of a `matches.clock` column. An unreadable one is the per-turn clock
    /// (the match stays playable; the scheduler's forfeits follow its timeout).
    pub(crate) fn from_column(c: Option<&str>) -> Clock {
        let Some(c) = c else {
            return Clock::Turn;
        };
        let mut parts = c.splitn(3, ' ');
        let (kind, first, rest) = (parts.next(), parts.next(), parts.next());
        match (kind, first.map(str::parse::<u32>), rest) {
            (Some("daily"), Some(Ok(hour)), Some(zone)) if hour < 24 => Clock::Daily {
                hour: hour as u8,
                zone: zone.to_string(),
            },
            (Some("bank"), Some(Ok(minutes)), Some(add)) if minutes > 0 => {
                match add.parse::<u32>() {
                    Ok(add_minutes) => Clock::Bank {
                        minutes,
                        add_minutes,
                    },
                    Err(_) => Clock::Turn,
                }
            }
            _ => {
                tracing::warn!("a match's clock {c:?} does not read: timed per turn");
                Clock::Turn
            }
        }
    }

    /// The forfeit of a turn that starts at `now` (`timeout_minutes`: the match's turn
    /// time, which the per-turn clock uses).
    pub fn forfeit_at(&self, timeout_minutes: Option<u32>, now: Millis) -> Option<Millis> {
        match self {
            Clock::Turn => timeout_minutes.map(|t| now + Millis::from(t) * 60_000),
            Clock::Daily { hour, zone: name } => {
                let tz = zone(name).unwrap_or(TimeZone::UTC);
                Some(next_local_hour(
                    &tz,
                    *hour,
                    now + DAILY_LEAST_HOURS * HOUR_MS,
                ))
            }
            // A bank's first turn: the whole bank (later turns: `Banks::after`).
            Clock::Bank { minutes, .. } => Some(now + Millis::from(*minutes) * 60_000),
        }
    }

    /// Each seat's bank at the start of a match under this clock (`None`: no bank).
    pub fn starting_banks(&self) -> Option<[Millis; 2]> {
        match self {
            Clock::Bank { minutes, .. } => Some([Millis::from(*minutes) * 60_000; 2]),
            _ => None,
        }
    }

    /// How long a turn lasts, about: the per-turn clock's timeout, a day for a daily
    /// deadline (what the warning before a forfeit is a fifth of).
    pub fn turn_minutes(&self, timeout_minutes: Option<u32>) -> Option<u32> {
        match self {
            Clock::Turn => timeout_minutes,
            Clock::Daily { .. } => Some(24 * 60),
            Clock::Bank { minutes, .. } => Some(*minutes),
        }
    }
}

/// The players' banks under a time bank: each seat's time when its clock last started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Banks(pub [Millis; 2]);

impl Banks {
    /// The banks after a move, and how long the turn it starts has: `waited` are the
    /// seats the clock ran for, `left` what was left of it when the move came (its
    /// forfeit minus now, or what a pause kept; `None`: unknown, nothing is charged),
    /// `waiting` the seats it runs for now. Each seat that waited is charged what the
    /// clock used (the same for all: they ran together); one that handed the turn on
    /// (waited, and no longer waits) gains `add`, never above `cap`.
    pub fn after(
        self,
        waited: &[Seat],
        left: Option<Millis>,
        waiting: &[Seat],
        add: Millis,
        cap: Millis,
    ) -> (Banks, Option<Millis>) {
        let mut banks = self.0;
        let window = waited.iter().map(|&s| self.0[s as usize]).min();
        let used = match (window, left) {
            (Some(w), Some(l)) => (w - l).max(0),
            _ => 0,
        };
        for &s in waited {
            let b = &mut banks[s as usize];
            *b = (*b - used).max(0);
            if !waiting.contains(&s) {
                *b = (*b + add).min(cap.max(*b));
            }
        }
        let banks = Banks(banks);
        let turn = banks.turn(waiting);
        (banks, turn)
    }

    /// How long a turn that waits for `waiting` lasts: the smallest of their banks
    /// (they run together). `None`: it waits for nobody.
    pub fn turn(&self, waiting: &[Seat]) -> Option<Millis> {
        waiting.iter().map(|&s| self.0[s as usize]).min()
    }
}

/// The time zone called `name`, if the IANA database knows it.
pub fn zone(name: &str) -> Option<TimeZone> {
    jiff::tz::db().get(name).ok()
}

/// The first local `hour`:00 in `tz` strictly after `after`. A day whose `hour` a DST
/// change skips gets the first moment after the gap, and one that repeats it the
/// first of the two (jiff's "compatible" rule), so each local day has exactly one.
pub fn next_local_hour(tz: &TimeZone, hour: u8, after: Millis) -> Millis {
    let ts = Timestamp::from_millisecond(after).unwrap_or(Timestamp::UNIX_EPOCH);
    let mut date = ts.to_zoned(tz.clone()).date();
    // Today's, else tomorrow's; a third day only if a zone skipped a whole day.
    for _ in 0..3 {
        if let Ok(z) = date.at(hour.min(23) as i8, 0, 0, 0).to_zoned(tz.clone()) {
            let at = z.timestamp().as_millisecond();
            if at > after {
                return at;
            }
        }
        date = match date.tomorrow() {
            Ok(d) => d,
            Err(_) => break,
        };
    }
    after + 24 * HOUR_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Millis {
        s.parse::<Timestamp>().unwrap().as_millisecond()
    }

    fn berlin(hour: u8) -> Clock {
        Clock::Daily {
            hour,
            zone: "Europe/Berlin".into(),
        }
    }

    #[test]
    fn the_column_says_the_clock_and_reads_back() {
        assert_eq!(Clock::Turn.column(), None);
        assert_eq!(Clock::from_column(None), Clock::Turn);
        let c = berlin(20);
        assert_eq!(c.column().as_deref(), Some("daily 20 Europe/Berlin"));
        assert_eq!(Clock::from_column(c.column().as_deref()), c);
        let zone = "America/Argentina/Buenos_Aires";
        let c = Clock::Daily {
            hour: 0,
            zone: zone.into(),
        };
        assert_eq!(Clock::from_column(c.column().as_deref()), c);
        for bad in ["daily", "daily 24 UTC", "daily x UTC", "weekly 3 UTC"] {
            assert_eq!(Clock::from_column(Some(bad)), Clock::Turn, "{bad}");
        }
    }

    #[test]
    fn a_daily_deadline_is_the_first_local_hour_at_least_half_a_day_away() {
        let c = berlin(20);
        // 09:00 CEST: due tonight at 20:00 CEST (18:00 UTC), 11 hours on: too soon, so
        // tomorrow's.
        assert_eq!(
            c.forfeit_at(None, at("2026-07-01T07:00:00Z")),
            Some(at("2026-07-02T18:00:00Z"))
        );
        // 07:00 CEST: tonight's 20:00 is 13 hours on.
        assert_eq!(
            c.forfeit_at(None, at("2026-07-01T05:00:00Z")),
            Some(at("2026-07-01T18:00:00Z"))
        );
        // The per-turn timeout plays no part.
        assert_eq!(
            c.forfeit_at(Some(5), at("2026-07-01T05:00:00Z")),
            Some(at("2026-07-01T18:00:00Z"))
        );
        assert_eq!(Clock::Turn.forfeit_at(None, 0), None);
        assert_eq!(Clock::Turn.forfeit_at(Some(90), 0), Some(90 * 60_000));
    }

    #[test]
    fn a_daily_deadline_keeps_its_local_hour_across_both_dst_changes() {
        let c = berlin(20);
        // Spring forward (2026-03-29): 20:00 is 19:00 UTC before and 18:00 UTC after.
        assert_eq!(
            c.forfeit_at(None, at("2026-03-28T06:00:00Z")),
            Some(at("2026-03-28T19:00:00Z"))
        );
        assert_eq!(
            c.forfeit_at(None, at("2026-03-28T19:00:00Z")),
            Some(at("2026-03-29T18:00:00Z"))
        );
        // Fall back (2026-10-25): 18:00 UTC before, 19:00 UTC after.
        assert_eq!(
            c.forfeit_at(None, at("2026-10-24T18:00:00Z")),
            Some(at("2026-10-25T19:00:00Z"))
        );
        // A deadline at 02:00, which the spring's change skips: the first moment after
        // the gap (03:00 CEST), and the day after at 02:00 again.
        let c = berlin(2);
        assert_eq!(
            c.forfeit_at(None, at("2026-03-28T12:00:00Z")),
            Some(at("2026-03-29T01:00:00Z"))
        );
        assert_eq!(
            c.forfeit_at(None, at("2026-03-29T11:00:00Z")),
            Some(at("2026-03-30T00:00:00Z"))
        );
        // Every day of a year, a turn starting at each hour is due between 12 and 37
        // hours later (a day of 25 hours), at 20:00 local.
        let c = berlin(20);
        let mut t = at("2026-01-01T00:00:00Z");
        for _ in 0..365 * 24 {
            let due = c.forfeit_at(None, t).unwrap();
            assert!(
                due - t >= 12 * HOUR_MS && due - t <= 37 * HOUR_MS,
                "{t} -> {due}"
            );
            let local = Timestamp::from_millisecond(due)
                .unwrap()
                .to_zoned(zone("Europe/Berlin").unwrap());
            assert_eq!((local.hour(), local.minute()), (20, 0));
            t += HOUR_MS;
        }
    }

    #[test]
    fn a_bank_reads_back_and_starts_full() {
        let c = Clock::Bank {
            minutes: 3 * 1440,
            add_minutes: 1440,
        };
        assert_eq!(c.column().as_deref(), Some("bank 4320 1440"));
        assert_eq!(Clock::from_column(c.column().as_deref()), c);
        assert_eq!(Clock::from_column(Some("bank 0 1440")), Clock::Turn);
        assert_eq!(Clock::from_column(Some("bank 10 x")), Clock::Turn);
        assert_eq!(c.forfeit_at(Some(5), 1_000), Some(1_000 + 3 * DAY));
        assert_eq!(c.starting_banks(), Some([3 * DAY; 2]));
        assert_eq!(Clock::Turn.starting_banks(), None);
    }

    const DAY: Millis = 24 * HOUR_MS;

    #[test]
    fn a_bank_is_charged_what_the_clock_used_and_gains_a_day_for_a_turn_handed_on() {
        let (add, cap) = (DAY, 3 * DAY);
        let full = Banks([cap, cap]);
        // Seat 0 moved after 10 hours and keeps the turn (another action): charged,
        // nothing added, its turn goes on with what is left.
        let (b, turn) = full.after(&[0], Some(cap - 10 * HOUR_MS), &[0], add, cap);
        assert_eq!(b, Banks([cap - 10 * HOUR_MS, cap]));
        assert_eq!(turn, Some(cap - 10 * HOUR_MS));
        // Then hands the turn on after 20 more hours: charged, a day added; seat 1's
        // whole bank runs.
        let (b, turn) = b.after(&[0], Some(cap - 30 * HOUR_MS), &[1], add, cap);
        assert_eq!(b, Banks([cap - 30 * HOUR_MS + DAY, cap]));
        assert_eq!(turn, Some(cap));
        // A quick move never lifts a bank above its start.
        let (b, _) = b.after(&[1], Some(cap - HOUR_MS), &[0], add, cap);
        assert_eq!(b.0[1], cap);
        // A bank run down to nothing stays at nothing, and still gains its day.
        let (b, _) = Banks([HOUR_MS, cap]).after(&[0], Some(-5), &[1], add, cap);
        assert_eq!(b.0[0], DAY);
        // Both must answer (secret battle cards): both banks run together; the turn
        // lasts as long as the smaller. Seat 1 answers after 2 hours: both are charged,
        // seat 1 gains its day, seat 0's clock goes on.
        let two = Banks([5 * HOUR_MS, 2 * DAY]);
        let (_, turn) = two.after(&[0], Some(5 * HOUR_MS), &[0, 1], add, cap);
        assert_eq!(turn, Some(5 * HOUR_MS));
        let (b, turn) = two.after(&[0, 1], Some(3 * HOUR_MS), &[0], add, cap);
        assert_eq!(b, Banks([3 * HOUR_MS, 2 * DAY - 2 * HOUR_MS + DAY]));
        assert_eq!(turn, Some(3 * HOUR_MS));
        // Unknown time left: nothing charged.
        let (b, _) = full.after(&[0], None, &[0], add, cap);
        assert_eq!(b, full);
    }

    #[test]
    fn an_unknown_zone_counts_in_utc() {
        let c = Clock::Daily {
            hour: 6,
            zone: "Mars/Olympus".into(),
        };
        assert_eq!(
            c.forfeit_at(None, at("2026-07-01T00:00:00Z")),
            Some(at("2026-07-02T06:00:00Z"))
        );
    }
}

//! The plain data the store takes and returns.

use crate::Clock;
use crate::game::{Event, Seat, Setup, State};
use serde::{Deserialize, Serialize};

/// A match's id (the `matches.id` column).
pub type MatchId = i64;

/// Milliseconds since the Unix epoch (how every time is stored).
pub type Millis = i64;

/// Who sits in a seat: a Discord user, or the AI at some level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    User(u64),
    Ai(u8),
}

impl Player {
    pub fn user(self) -> Option<u64> {
        match self {
            Player::User(u) => Some(u),
            Player::Ai(_) => None,
        }
    }
}

/// When the scheduler should next look at a match (`None`: never).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Deadlines {
    pub remind_at: Option<Millis>,
    pub timeout_at: Option<Millis>,
}

/// A match's time terms: how long a player may stay idle before a reminder, and when
/// they forfeit (its clock). Fixed when the match is created (from the challenge, else
/// the server's settings), so a later `config` change does not move the goal posts of a
/// running match.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Terms {
    pub remind_minutes: Option<u32>,
    /// The per-turn clock's turn time (`None`: no forfeit under that clock).
    pub timeout_minutes: Option<u32>,
    #[serde(default)]
    pub clock: Clock,
}

impl Terms {
    /// Whether a player who keeps the match waiting forfeits it.
    pub fn has_forfeit(&self) -> bool {
        self.clock != Clock::Turn || self.timeout_minutes.is_some()
    }

    /// How long before the forfeit the warning comes: a fifth of the turn time (at least
    /// a minute), so a 1-hour turn warns at 48 minutes and a 1-day turn (or a daily
    /// deadline) with 4.8 hours left.
    pub fn warning_lead(&self) -> Option<Millis> {
        self.clock
            .turn_minutes(self.timeout_minutes)
            .map(|t| (t as Millis * 60_000 / 5).max(60_000))
    }

    /// The deadlines of a turn that starts (someone must act) at `now`: the first
    /// reminder, or the warning if that comes first, and the forfeit.
    pub fn deadlines(&self, now: Millis) -> Deadlines {
        self.deadlines_until(now, self.clock.forfeit_at(self.timeout_minutes, now))
    }

    /// The deadlines of a turn that starts at `now` and is forfeited at `timeout_at`
    /// (a time bank's turn lasts what the bank holds): the reminder, or the warning if
    /// that comes first.
    pub fn deadlines_until(&self, now: Millis, timeout_at: Option<Millis>) -> Deadlines {
        let warn_at = self.warn_at(timeout_at).filter(|&w| w > now);
        let remind_at = self.remind_minutes.map(|r| now + r as Millis * 60_000);
        Deadlines {
            remind_at: match (remind_at, warn_at) {
                (Some(r), Some(w)) => Some(r.min(w)),
                (r, w) => r.or(w),
            },
            timeout_at,
        }
    }

    fn warn_at(&self, timeout_at: Option<Millis>) -> Option<Millis> {
        Some(timeout_at? - self.warning_lead()?)
    }

    /// Whether a reminder due at `at` is the warning before the forfeit.
    pub fn is_warning(&self, at: Millis, deadlines: &Deadlines) -> bool {
        self.warn_at(deadlines.timeout_at).is_some_and(|w| at >= w)
    }

    /// The reminder after one that fired at `at`: the warning, if it is still to come.
    pub fn next_reminder(&self, at: Millis, deadlines: &Deadlines) -> Option<Millis> {
        self.warn_at(deadlines.timeout_at).filter(|&w| w > at)
    }
}

/// What became of a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeOutcome {
    Accepted,
    Declined,
}

impl ChallengeOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeOutcome::Accepted => "accepted",
            ChallengeOutcome::Declined => "declined",
        }
    }
}

/// How the bot reaches the channel a match is played in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// It posts there (a server it is in, its own DMs).
    #[default]
    Posts,
    /// Only by answering its players' interactions there: a group DM (or a server) the
    /// app came into through a player's own install. Every post there is an answer to
    /// a click or a command; what the bot says on its own (a reminder, a timeout) goes
    /// to the players by DM.
    Interactions,
}

impl Reach {
    pub(crate) fn column(self) -> i64 {
        match self {
            Reach::Posts => 0,
            Reach::Interactions => 1,
        }
    }

    pub(crate) fn from_column(c: i64) -> Reach {
        if c == 1 {
            Reach::Interactions
        } else {
            Reach::Posts
        }
    }
}

/// Everything needed to start a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// `None`: a match outside any server (for example in direct messages).
    pub guild: Option<u64>,
    pub channel: u64,
    pub thread: Option<u64>,
    pub reach: Reach,
    pub seats: [Player; 2],
    pub setup: Setup,
    pub terms: Terms,
    pub deadlines: Deadlines,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Active,
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }
}

/// A stored match without its state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchInfo {
    pub id: MatchId,
    pub guild: Option<u64>,
    pub channel: u64,
    pub thread: Option<u64>,
    pub reach: Reach,
    pub seats: [Player; 2],
    pub pack_id: String,
    pub pack_hash: String,
    pub rules_version: u32,
    pub setup: Setup,
    pub status: Status,
    /// The number of inputs applied. Pass it back as `expected_version` to submit.
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
    pub terms: Terms,
    pub deadlines: Deadlines,
    /// Under a time bank (`Clock::Bank`), each seat's bank when its clock last started
    /// (`clock::Banks`); `None` under the other clocks.
    pub banks: Option<[Millis; 2]>,
    /// A player asked for a hint (`Store::mark_assisted`): the match is not rated.
    pub assisted: bool,
}

/// A match, its current state, and the rules it is played by (the revision of the
/// card pack it started with, `info.pack_hash`: every use of the match, its legal
/// inputs, its panels and pictures, goes by these, not by the newest pack).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub info: MatchInfo,
    pub state: State,
    pub rules: std::sync::Arc<crate::game::Rules>,
}

/// Two loads are the same match in the same state (their rules follow from
/// `info.pack_hash`).
impl PartialEq for Loaded {
    fn eq(&self, other: &Loaded) -> bool {
        self.info == other.info && self.state == other.state
    }
}

impl Eq for Loaded {}

/// What a successful submit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submitted {
    /// The match's new version (pass it with the next submit).
    pub version: i64,
    /// The engine's events for the input(s), in order (unredacted: redact per viewer).
    pub events: Vec<Event>,
    pub state: State,
    /// Set when this input ended the match (the result was recorded in the same
    /// transaction).
    pub result: Option<MatchResult>,
    /// The match's deadlines once the input is saved: the new turn's, or none when its
    /// clock starts paused (the player it waits for is away, or a moderator stopped it).
    pub deadlines: Deadlines,
}

/// Why a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The engine declared a winner (recorded by `submit` itself).
    Win,
    /// The loser resigned.
    Resign,
    /// The loser ran out of time.
    Timeout,
    /// Nobody won (cancelled, abandoned by both, damaged beyond repair).
    Abandoned,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Win => "win",
            Reason::Resign => "resign",
            Reason::Timeout => "timeout",
            Reason::Abandoned => "abandoned",
        }
    }

    pub fn parse(s: &str) -> Option<Reason> {
        Some(match s {
            "win" => Reason::Win,
            "resign" => Reason::Resign,
            "timeout" => Reason::Timeout,
            "abandoned" => Reason::Abandoned,
            _ => return None,
        })
    }
}

/// A finished match's result (the `results` table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchResult {
    pub match_id: MatchId,
    pub winner: Option<Seat>,
    pub reason: Reason,
    /// Inputs applied over the whole match.
    pub inputs: i64,
    pub finished_at: Millis,
}

/// A finished match with its players, for history and ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HistoryEntry {
    pub result: MatchResult,
    pub seats: [Player; 2],
    /// The clan of each seat.
    pub clans: [u8; 2],
    pub guild: Option<u64>,
}

/// One entry of the append-only input log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredInput {
    pub seq: i64,
    pub seat: Seat,
    pub input: crate::game::Input,
    pub at: Millis,
}

/// What is due for the scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DueKind {
    Reminder,
    Timeout,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Due {
    pub match_id: MatchId,
    pub kind: DueKind,
    pub at: Millis,
    /// The match's version when the deadline was read: pass it to act on the match so
    /// that a move made meanwhile wins.
    pub version: i64,
}

/// Per-server settings. Stored as JSON, so new fields need no migration (give them a
/// default).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GuildSettings {
    /// Where new matches are posted (`None`: wherever the command was used).
    pub channel: Option<u64>,
    /// Remind the player to move after this long idle (`None`: no reminders).
    pub reminder_minutes: Option<u32>,
    /// Forfeit a player after this long idle (`None`: no timeout).
    pub timeout_minutes: Option<u32>,
    /// Give each match its own thread (`None`: yes, where the channel allows it).
    pub threads: Option<bool>,
    /// The language of the public posts, a code of `i18n::Lang` (`None`: the server's
    /// Discord language).
    pub language: Option<String>,
    /// Whether players may take back a misclick (`None`: yes).
    pub takebacks: Option<bool>,
    /// Days a player may be away (`/clans away`) in any 30 (`None`: 14; 0: no absences).
    pub away_days: Option<u32>,
    /// The server's IANA time zone ("Europe/Berlin"; `None`: UTC): the day of its
    /// Crystallo daily runs from its local midnight to the next.
    pub time_zone: Option<String>,
    /// One automatic grace before a forfeit: a player whose turn time ran out gets this
    /// much more, once a match (`None`: off, the forfeit comes at once).
    pub grace_minutes: Option<u32>,
    /// New matches' moves are due every day at this local hour of `time_zone` (a daily
    /// deadline, `Clock::Daily`) instead of `timeout_minutes` after each turn starts
    /// (`None`: per turn).
    pub deadline_hour: Option<u8>,
    /// New matches get a time bank of this many days per player (`Clock::Bank`;
    /// `None`: no bank), with `bank_add_hours` more (default 24) for each turn handed on.
    pub bank_days: Option<u32>,
    pub bank_add_hours: Option<u32>,
}

impl GuildSettings {
    /// The terms of a match started now with these settings: the reminders, and the
    /// clock a challenge chose (`timeout`, a turn's minutes; `deadline_hour`, a daily
    /// deadline; `bank_days`, a time bank), else the server's (a daily deadline or a
    /// bank if it has one, else its turn timeout). A daily deadline keeps the server's
    /// time zone of today (UTC where none is set).
    pub fn terms(
        &self,
        timeout: Option<u32>,
        deadline_hour: Option<u8>,
        bank_days: Option<u32>,
    ) -> Terms {
        let chosen = timeout.is_some() || deadline_hour.is_some() || bank_days.is_some();
        let (hour, days) = if chosen {
            (deadline_hour, bank_days)
        } else {
            (self.deadline_hour, self.bank_days)
        };
        let clock = match (hour, days) {
            (Some(hour), _) => Clock::Daily {
                hour,
                zone: self.time_zone.clone().unwrap_or_else(|| "UTC".into()),
            },
            (None, Some(days)) if timeout.is_none() => Clock::Bank {
                minutes: days * 24 * 60,
                add_minutes: self.bank_add_hours.unwrap_or(24) * 60,
            },
            _ => Clock::Turn,
        };
        Terms {
            remind_minutes: self.reminder_minutes,
            timeout_minutes: timeout.or(self.timeout_minutes),
            clock,
        }
    }
}

/// Per-user settings. Stored as JSON, like [`GuildSettings`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct UserSettings {
    /// Send private prompts (hand, battle card) by direct message.
    pub dm_opt_in: bool,
    /// The language the bot answers this user in, a code of `i18n::Lang` (`None`: their
    /// Discord client's).
    pub language: Option<String>,
    /// How they are told it is their move (`None`: a mention in the match's thread).
    pub notify: Option<NotifyVia>,
    /// Their IANA time zone ("Europe/Berlin"; `None`: UTC), for the hours below.
    pub time_zone: Option<String>,
    /// Quiet hours, local: from this hour to that one (across midnight when `from` is
    /// later), no mention or DM, then one catch-up message. `None`: none.
    pub quiet_hours: Option<(u8, u8)>,
    /// The local hour of a daily digest DM of the matches waiting for them (`None`: none).
    pub digest_hour: Option<u8>,
}

/// Where a player is told it is their move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotifyVia {
    /// A mention in the match's thread (the post itself).
    #[default]
    Thread,
    /// A direct message instead.
    Dm,
    Both,
    /// Neither: they look for themselves (the posts still appear).
    Nothing,
}

/// The outcome of checking one match: its snapshot against a replay from its setup and
/// inputs (see `Store::verify`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// The replay reproduces the snapshot, and the row invariants hold.
    Agrees,
    /// The replay differs from the snapshot in these top-level fields of the state, or
    /// a row invariant does not hold (named in `problems`).
    Disagrees { problems: Vec<String> },
    /// A row cannot be read (bad JSON, an unknown input, a gap in the log, an input the
    /// engine refuses on replay).
    Damaged { detail: String },
    /// Stored by rules or a card pack this engine cannot replay.
    Incompatible { detail: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    pub match_id: MatchId,
    pub version: Option<i64>,
    #[serde(flatten)]
    pub verdict: Verdict,
}

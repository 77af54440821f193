//! A match's rows as the database returns them, and the statements its queries
//! share: every column of `matches` in one order (`MatchRow`), a load's snapshot and the
//! ends of its log, the inputs, and the SQL built once from them (`SQL`).

use crate::{
    Clock, Deadlines, MatchId, MatchInfo, Player, Reach, Result, Seat, Setup, Status, StoreError,
    StoredInput, Terms, id_in, id_out,
};
use sqlx::FromRow;
use std::sync::LazyLock;

// ---- rows ---------------------------------------------------------------------------

const MATCH_COLUMNS: [&str; 25] = [
    "id",
    "guild_id",
    "channel_id",
    "thread_id",
    "seat0_user",
    "seat0_ai",
    "seat1_user",
    "seat1_ai",
    "pack_id",
    "pack_hash",
    "rules_version",
    "setup",
    "status",
    "version",
    "created_at",
    "updated_at",
    "remind_at",
    "timeout_at",
    "remind_minutes",
    "timeout_minutes",
    "clock",
    "bank0_ms",
    "bank1_ms",
    "assisted",
    "reach",
];

fn match_columns(prefix: &str) -> String {
    MATCH_COLUMNS
        .iter()
        .map(|c| format!("{prefix}{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(Debug, FromRow)]
pub(crate) struct MatchRow {
    id: i64,
    guild_id: Option<i64>,
    channel_id: i64,
    thread_id: Option<i64>,
    seat0_user: Option<i64>,
    seat0_ai: Option<i64>,
    seat1_user: Option<i64>,
    seat1_ai: Option<i64>,
    pack_id: String,
    pack_hash: String,
    rules_version: i64,
    setup: String,
    status: String,
    pub(crate) version: i64,
    created_at: i64,
    updated_at: i64,
    remind_at: Option<i64>,
    timeout_at: Option<i64>,
    remind_minutes: Option<i64>,
    timeout_minutes: Option<i64>,
    /// `Clock::column` (migration 0024).
    clock: Option<String>,
    /// `MatchInfo::banks` (migration 0024).
    bank0_ms: Option<i64>,
    bank1_ms: Option<i64>,
    assisted: i64,
    /// `Reach::column` (migration 0025).
    reach: i64,
}

#[derive(Debug, FromRow)]
pub(crate) struct LoadRow {
    #[sqlx(flatten)]
    pub(crate) m: MatchRow,
    pub(crate) snap_version: Option<i64>,
    pub(crate) snap_state: Option<String>,
    /// Its log was deleted after the operator's retention (migration 0020).
    pub(crate) log_pruned_at: Option<i64>,
    #[sqlx(flatten)]
    pub(crate) log: LogEnds,
}

/// How many inputs a match's log holds and its last sequence number: read with every
/// load (an index range the size of one match), so a lost or missing input is noticed
/// before the match is shown or continued, not only by `verify`.
#[derive(Debug, FromRow)]
pub(crate) struct LogEnds {
    log_count: i64,
    log_last: Option<i64>,
}

impl LogEnds {
    pub(crate) fn check(&self, info: &MatchInfo) -> Result<()> {
        let last = self.log_last.unwrap_or(0);
        if self.log_count == info.version && last == info.version {
            return Ok(());
        }
        Err(StoreError::Corrupt {
            match_id: info.id,
            detail: format!(
                "the match is at version {} but its log holds {} inputs ending at #{last}",
                info.version, self.log_count
            ),
        })
    }
}

#[derive(Debug, FromRow)]
pub(crate) struct SnapshotRow {
    pub(crate) version: i64,
    pub(crate) state: String,
    #[sqlx(flatten)]
    pub(crate) log: LogEnds,
}

/// The columns of [`LogEnds`] for the match `$1`: its log is its inputs and its
/// takebacks together (`takeback.rs`).
const LOG_ENDS: &str = "((SELECT COUNT(*) FROM inputs WHERE match_id = $1) \
     + (SELECT COUNT(*) FROM takebacks WHERE match_id = $1)) AS log_count, \
     (SELECT MAX(seq) FROM (SELECT seq FROM inputs WHERE match_id = $1 \
     UNION ALL SELECT seq FROM takebacks WHERE match_id = $1) AS entries) AS log_last";

#[derive(Debug, FromRow)]
pub(crate) struct InputRow {
    seq: i64,
    seat: i64,
    input: String,
    at: i64,
}

/// A stored minute count; a negative or oversized one (a hand-edited row) means none.
fn minutes(m: Option<i64>) -> Option<u32> {
    m.and_then(|m| u32::try_from(m).ok())
}

pub(crate) fn seat_of(user: Option<i64>, ai: Option<i64>) -> std::result::Result<Player, String> {
    match (user, ai) {
        (Some(u), None) => Ok(Player::User(id_out(u))),
        (None, Some(level)) => u8::try_from(level)
            .map(Player::Ai)
            .map_err(|_| format!("AI level {level} is out of range")),
        _ => Err("a seat must hold exactly one of a user and an AI level".into()),
    }
}

pub(crate) fn seat_cols(p: Player) -> (Option<i64>, Option<i64>) {
    match p {
        Player::User(u) => (Some(id_in(u)), None),
        Player::Ai(level) => (None, Some(level as i64)),
    }
}

impl MatchRow {
    pub(crate) fn into_info(self) -> Result<MatchInfo> {
        let id = self.id;
        let bad = |detail: String| StoreError::Corrupt {
            match_id: id,
            detail,
        };
        let setup: Setup = serde_json::from_str(&self.setup)
            .map_err(|e| bad(format!("the setup is unreadable: {e}")))?;
        let status = match self.status.as_str() {
            "active" => Status::Active,
            "finished" => Status::Finished,
            s => return Err(bad(format!("unknown status `{s}`"))),
        };
        Ok(MatchInfo {
            id,
            guild: self.guild_id.map(id_out),
            channel: id_out(self.channel_id),
            thread: self.thread_id.map(id_out),
            reach: Reach::from_column(self.reach),
            seats: [
                seat_of(self.seat0_user, self.seat0_ai).map_err(&bad)?,
                seat_of(self.seat1_user, self.seat1_ai).map_err(&bad)?,
            ],
            pack_id: self.pack_id,
            pack_hash: self.pack_hash,
            rules_version: u32::try_from(self.rules_version)
                .map_err(|_| bad(format!("rules version {} is invalid", self.rules_version)))?,
            setup,
            status,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            terms: Terms {
                remind_minutes: minutes(self.remind_minutes),
                timeout_minutes: minutes(self.timeout_minutes),
                clock: Clock::from_column(self.clock.as_deref()),
            },
            deadlines: Deadlines {
                remind_at: self.remind_at,
                timeout_at: self.timeout_at,
            },
            banks: match (self.bank0_ms, self.bank1_ms) {
                (Some(a), Some(b)) => Some([a, b]),
                _ => None,
            },
            assisted: self.assisted != 0,
        })
    }
}

impl InputRow {
    pub(crate) fn decode(self, match_id: MatchId) -> Result<StoredInput> {
        let seq = self.seq;
        let seat = match self.seat {
            0 | 1 => self.seat as Seat,
            s => {
                return Err(StoreError::Corrupt {
                    match_id,
                    detail: format!("input #{seq} has seat {s}"),
                });
            }
        };
        let input = serde_json::from_str(&self.input).map_err(|e| StoreError::Corrupt {
            match_id,
            detail: format!("input #{seq} is not an input this engine knows ({e})"),
        })?;
        Ok(StoredInput {
            seq,
            seat,
            input,
            at: self.at,
        })
    }
}

// ---- SQL ----------------------------------------------------------------------------

pub(crate) struct Sql {
    pub(crate) load: String,
    pub(crate) select_match: String,
    pub(crate) snapshot: String,
    pub(crate) claim: String,
    pub(crate) claim_with_deadlines: String,
    pub(crate) active_of_user: String,
    pub(crate) active_of_guild: String,
    pub(crate) finish: String,
    pub(crate) finish_at_version: String,
}

pub(crate) static SQL: LazyLock<Sql> = LazyLock::new(|| {
    let bare = match_columns("");
    let m = match_columns("m.");
    Sql {
        load: format!(
            "SELECT {m}, s.version AS snap_version, s.state AS snap_state, \
             m.log_pruned_at AS log_pruned_at, {LOG_ENDS} \
             FROM matches m LEFT JOIN snapshots s ON s.match_id = m.id WHERE m.id = $1"
        ),
        select_match: format!("SELECT {bare} FROM matches WHERE id = $1"),
        snapshot: format!("SELECT version, state, {LOG_ENDS} FROM snapshots WHERE match_id = $1"),
        // Claiming the next version first takes the write lock (SQLite) or the row lock
        // (PostgreSQL) before anything is read, so two submits serialize here and the
        // second finds the version moved on. A match that moves was loadable after all:
        // the scheduler's set-aside marker (`held_at`) goes.
        claim: format!(
            "UPDATE matches SET version = $1, updated_at = $2, held_at = NULL, held_reason = NULL \
             WHERE id = $3 AND version = $4 AND status = 'active' RETURNING {bare}"
        ),
        // A time bank's clock is kept as it runs: the submit charges it and restarts it
        // once the inputs are applied (`submit.rs`, `Banks::after`), from the deadline
        // this statement would otherwise overwrite. (A takeback leaves it running.)
        claim_with_deadlines: format!(
            "UPDATE matches SET version = $1, updated_at = $2, \
             remind_at = CASE WHEN bank0_ms IS NULL THEN $5 ELSE remind_at END, \
             timeout_at = CASE WHEN bank0_ms IS NULL THEN $6 ELSE timeout_at END, \
             held_at = NULL, held_reason = NULL, \
             paused_at = CASE WHEN bank0_ms IS NULL THEN NULL ELSE paused_at END, \
             paused_remind_ms = CASE WHEN bank0_ms IS NULL THEN NULL ELSE paused_remind_ms END, \
             paused_timeout_ms = CASE WHEN bank0_ms IS NULL THEN NULL ELSE paused_timeout_ms END \
             WHERE id = $3 AND version = $4 AND status = 'active' RETURNING {bare}"
        ),
        active_of_user: format!(
            "SELECT {bare} FROM matches WHERE status = 'active' \
             AND (seat0_user = $1 OR seat1_user = $1) ORDER BY updated_at DESC, id DESC"
        ),
        active_of_guild: format!(
            "SELECT {bare} FROM matches WHERE status = 'active' AND guild_id = $1 \
             ORDER BY updated_at DESC, id DESC"
        ),
        // The whole row comes back: a result rates the players in its seats.
        finish: format!(
            "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL, \
             updated_at = $2 WHERE id = $1 AND status = 'active' RETURNING {bare}"
        ),
        finish_at_version: format!(
            "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL, \
             updated_at = $2 WHERE id = $1 AND status = 'active' AND version = $3 \
             RETURNING {bare}"
        ),
    }
});

//! Takebacks in the log: recorded, never rewriting it.
//!
//! A match's log is its inputs and its takebacks together, numbered 1, 2, 3, ... with
//! no gap, and `matches.version` is the last number: a takeback is one more entry, so
//! it claims the next version like a submit (the same optimistic lock: of two
//! takebacks and a move racing, exactly one wins) and every custom id of the version
//! before goes stale. A takeback at number `seq` undoes the inputs in force from
//! `first_undone` on; they stay in `inputs` at their numbers (append-only, as before),
//! marked undone by the takeback that follows them. What the engine replays, what a
//! board's log, a battle picture or a replay shows, are the inputs still in force
//! ([`Log::in_force`]); [`Store::log`] lists every entry, so every acknowledged input
//! stays findable.

use super::rows::InputRow;
use super::submit::claim_version;
use crate::error::Doing;
use crate::error::{db, db_row};
use crate::game::State;
use crate::game::takeback::{self, Denied};
use crate::tx::WriteTx;
use crate::{
    Deadlines, MatchId, MatchInfo, Millis, Result, Seat, Store, StoreError, StoredInput, guarded,
    now_ms,
};
use serde::Serialize;
use sqlx::{AnyConnection, FromRow};

/// A takeback as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StoredTakeback {
    /// Its number in the log (the version it brought the match to).
    pub seq: i64,
    /// Who asked.
    pub seat: Seat,
    /// The number of the first input it undid; every input in force from there on
    /// went with it.
    pub first_undone: i64,
    pub at: Millis,
}

/// One entry of a match's whole log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LogEntry {
    Input(StoredInput),
    Takeback(StoredTakeback),
}

impl LogEntry {
    pub fn seq(&self) -> i64 {
        match self {
            LogEntry::Input(i) => i.seq,
            LogEntry::Takeback(t) => t.seq,
        }
    }
}

/// What a takeback would undo, or did.
#[derive(Debug, Clone, PartialEq)]
pub struct Takeback {
    /// The inputs undone, in order: the asker's last action, and the AI's reply to it.
    pub undone: Vec<StoredInput>,
    /// How many of them are the other seat's (the AI's).
    pub replies: usize,
    /// The match as it is after the takeback.
    pub state: State,
}

/// A takeback saved: the match's new version with what it undid.
#[derive(Debug, Clone, PartialEq)]
pub struct TakenBack {
    pub version: i64,
    pub takeback: Takeback,
}

#[derive(Debug, FromRow)]
struct TakebackRow {
    seq: i64,
    seat: i64,
    first_undone: i64,
    at: i64,
}

impl TakebackRow {
    fn decode(self, match_id: MatchId) -> Result<StoredTakeback> {
        let seat = match self.seat {
            0 | 1 => self.seat as Seat,
            s => {
                return Err(StoreError::Corrupt {
                    match_id,
                    detail: format!("takeback #{} has seat {s}", self.seq),
                });
            }
        };
        Ok(StoredTakeback {
            seq: self.seq,
            seat,
            first_undone: self.first_undone,
            at: self.at,
        })
    }
}

/// A match's log as read: its inputs and takebacks, each in order.
pub(crate) struct Log {
    pub inputs: Vec<StoredInput>,
    pub takebacks: Vec<StoredTakeback>,
}

/// The inputs in force after a part of a log.
pub(crate) struct InForce {
    pub inputs: Vec<StoredInput>,
    /// A takeback in the part undid inputs before it: whoever holds the match replayed
    /// to the start of the part must start again from the setup.
    pub rewound: bool,
    /// The last number of the part (0 when it is empty).
    pub last: i64,
}

impl Log {
    /// Every entry, in order.
    pub fn entries(&self) -> Vec<LogEntry> {
        let mut all: Vec<LogEntry> = self
            .inputs
            .iter()
            .cloned()
            .map(LogEntry::Input)
            .chain(self.takebacks.iter().copied().map(LogEntry::Takeback))
            .collect();
        all.sort_by_key(LogEntry::seq);
        all
    }

    /// The inputs in force after this part of the log, which starts after number
    /// `after`. With `whole`, the part must be the whole log: numbered from 1 with no
    /// gap or repeat, each takeback undoing inputs in force.
    pub fn in_force(&self, match_id: MatchId, after: i64, whole: bool) -> Result<InForce> {
        let bad = |detail: String| StoreError::Corrupt { match_id, detail };
        let mut kept: Vec<StoredInput> = Vec::with_capacity(self.inputs.len());
        let mut rewound = false;
        let mut last = after;
        for e in self.entries() {
            if whole && e.seq() != last + 1 {
                return Err(bad(format!("the log jumps from #{last} to #{}", e.seq())));
            }
            last = e.seq();
            match e {
                LogEntry::Input(i) => kept.push(i),
                LogEntry::Takeback(t) => {
                    if t.first_undone <= after {
                        rewound = true;
                    }
                    let from = kept.partition_point(|i| i.seq < t.first_undone);
                    if whole && kept.get(from).map(|i| i.seq) != Some(t.first_undone) {
                        return Err(bad(format!(
                            "takeback #{} undoes from #{}, which is not an input in force",
                            t.seq, t.first_undone
                        )));
                    }
                    kept.truncate(from);
                }
            }
        }
        Ok(InForce {
            inputs: kept,
            rewound,
            last,
        })
    }
}

const SELECT_TAKEBACKS: &str = "SELECT seq, seat, first_undone, at FROM takebacks \
     WHERE match_id = $1 ORDER BY seq";
const SELECT_INPUTS_BETWEEN: &str = "SELECT seq, seat, input, at FROM inputs \
     WHERE match_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq";
const SELECT_TAKEBACKS_BETWEEN: &str = "SELECT seq, seat, first_undone, at FROM takebacks \
     WHERE match_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq";

/// The whole log of a match.
pub(crate) async fn read_log(conn: &mut AnyConnection, id: MatchId) -> Result<Log> {
    read_log_between(conn, id, 0, i64::MAX).await
}

/// The part of a log numbered after `after` through `through`.
async fn read_log_between(
    conn: &mut AnyConnection,
    id: MatchId,
    after: i64,
    through: i64,
) -> Result<Log> {
    let inputs: Vec<InputRow> = sqlx::query_as(SELECT_INPUTS_BETWEEN)
        .bind(id)
        .bind(after)
        .bind(through)
        .fetch_all(&mut *conn)
        .await
        .map_err(db_row(Doing::read("reading inputs"), id))?;
    let takebacks: Vec<TakebackRow> = sqlx::query_as(SELECT_TAKEBACKS_BETWEEN)
        .bind(id)
        .bind(after)
        .bind(through)
        .fetch_all(&mut *conn)
        .await
        .map_err(db_row(Doing::read("reading inputs"), id))?;
    Ok(Log {
        inputs: inputs
            .into_iter()
            .map(|r| r.decode(id))
            .collect::<Result<_>>()?,
        takebacks: takebacks
            .into_iter()
            .map(|r| r.decode(id))
            .collect::<Result<_>>()?,
    })
}

/// The inputs in force after a part of the log (see [`Store::inputs_between`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Between {
    pub inputs: Vec<StoredInput>,
    /// A takeback in the part undid inputs before it: what was replayed through `after`
    /// no longer holds, and the caller must start again from the setup.
    pub rewound: bool,
}

impl Store {
    /// The inputs in force numbered after `after` through `through`: what a board needs
    /// to replay since the previous board, so each board's read is proportional to its
    /// turn, not to the whole match.
    pub async fn inputs_between(&self, id: MatchId, after: i64, through: i64) -> Result<Between> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading inputs")))?;
        let log = read_log_between(&mut conn, id, after, through).await?;
        let part = log.in_force(id, after, false)?;
        Ok(Between {
            inputs: part.inputs,
            rewound: part.rewound,
        })
    }

    /// A match's whole log: every input acknowledged, those undone too, and the
    /// takebacks that undid them, in order.
    pub async fn log(&self, id: MatchId) -> Result<Vec<LogEntry>> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading inputs")))?;
        Ok(read_log(&mut conn, id).await?.entries())
    }

    /// The input numbered `seq`, in force or undone (`None`: the number is a takeback's
    /// or past the log).
    pub async fn input_at(&self, id: MatchId, seq: i64) -> Result<Option<StoredInput>> {
        let row: Option<InputRow> = sqlx::query_as(
            "SELECT seq, seat, input, at FROM inputs WHERE match_id = $1 AND seq = $2",
        )
        .bind(id)
        .bind(seq)
        .fetch_optional(self.db())
        .await
        .map_err(db_row(Doing::read("reading inputs"), id))?;
        row.map(|r| r.decode(id)).transpose()
    }

    /// A match's takebacks, in order.
    pub async fn takebacks(&self, id: MatchId) -> Result<Vec<StoredTakeback>> {
        let rows: Vec<TakebackRow> = sqlx::query_as(SELECT_TAKEBACKS)
            .bind(id)
            .fetch_all(self.db())
            .await
            .map_err(db_row(Doing::read("reading inputs"), id))?;
        rows.into_iter().map(|r| r.decode(id)).collect()
    }

    /// What taking back `asker`'s last action would undo in the match as `info` (at its
    /// version) says, or why the rules refuse it. Reads only.
    pub async fn takeback_plan(
        &self,
        info: &MatchInfo,
        asker: Seat,
    ) -> Result<std::result::Result<Takeback, Denied>> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading a match")))?;
        self.plan_in(&mut conn, info, asker).await
    }

    async fn plan_in(
        &self,
        conn: &mut AnyConnection,
        info: &MatchInfo,
        asker: Seat,
    ) -> Result<std::result::Result<Takeback, Denied>> {
        let id = info.id;
        let rules = self.rules_of(info)?;
        let log = read_log(conn, id).await?;
        self.trips.replayed();
        let part = log.in_force(id, 0, true)?;
        if part.last != info.version {
            // Another entry came after the version the caller read: its question is
            // about a match that moved on.
            return Err(StoreError::Stale {
                match_id: id,
                expected: info.version,
                current: part.last,
            });
        }
        let inputs = part.inputs;
        let played: Vec<_> = inputs.iter().map(|i| (i.seat, i.input)).collect();
        let other_is_ai = info.seats[1 - asker as usize].user().is_none();
        let rules = &*rules;
        let setup = info.setup.clone();
        let planned = guarded(|| {
            takeback::plan(
                rules,
                setup,
                info.rules_version,
                &played,
                asker,
                other_is_ai,
            )
        })
        .and_then(|r| r)
        .map_err(|detail| StoreError::Corrupt {
            match_id: id,
            detail: format!("replaying for a takeback: {detail}"),
        })?;
        Ok(planned.map(|p| Takeback {
            undone: inputs[p.first..].to_vec(),
            replies: p.replies,
            state: p.state,
        }))
    }

    /// Takes back `asker`'s last action (and the AI's reply to it), if the match is
    /// still at `expected_version` and the rules allow it: claims the next version,
    /// appends the takeback, writes the snapshot of the match as it was, optionally
    /// sets the deadlines, all in one transaction. `Ok(Err(..))`: the rules refuse, and
    /// nothing is written; a stale version, a finished match or a database failure
    /// write nothing either.
    pub async fn take_back(
        &self,
        id: MatchId,
        expected_version: i64,
        asker: Seat,
        deadlines: Option<Deadlines>,
    ) -> Result<std::result::Result<TakenBack, Denied>> {
        const DOING: Doing = Doing::write("saving a takeback");
        if asker > 1 {
            return Err(StoreError::Invalid(format!("there is no seat {asker}")));
        }
        let now = now_ms();
        let version = expected_version + 1;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let done = self
            .take_back_in(&mut tx, id, expected_version, asker, deadlines, now)
            .await;
        match done {
            Ok(Some(Ok(takeback))) => {
                let first = takeback.undone[0].seq;
                tx.commit_or_find_takeback(&self.pool, id, version, first, now)
                    .await?;
                Ok(Ok(TakenBack { version, takeback }))
            }
            Ok(Some(Err(denied))) => {
                tx.rollback().await;
                Ok(Err(denied))
            }
            Ok(None) => {
                tx.rollback().await;
                Err(self.why_not_claimed(id, expected_version).await)
            }
            Err(e @ StoreError::Unavailable { .. }) => Err(e),
            Err(e) => {
                tx.rollback().await;
                Err(e)
            }
        }
    }

    async fn take_back_in(
        &self,
        tx: &mut AnyConnection,
        id: MatchId,
        expected_version: i64,
        asker: Seat,
        deadlines: Option<Deadlines>,
        now: Millis,
    ) -> Result<Option<std::result::Result<Takeback, Denied>>> {
        const DOING: Doing = Doing::write("saving a takeback");
        let version = expected_version + 1;
        // The same claim as a submit's: it takes the lock before anything is read.
        let claimed = claim_version(tx, id, expected_version, version, deadlines, now, DOING);
        let Some(info) = claimed.await? else {
            return Ok(None);
        };
        // Under the claim, an Allow and a Decline of the same request are decided in
        // one place: a decline committed first stands, and the action with it.
        let declined: Option<Option<i64>> = sqlx::query_scalar(
            "SELECT declined_at FROM takeback_requests WHERE match_id = $1 AND version = $2",
        )
        .bind(id)
        .bind(expected_version)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?;
        if matches!(declined, Some(Some(_))) {
            return Ok(Some(Err(Denied::Declined)));
        }
        let takeback = match self.plan_in(tx, &info, asker).await? {
            Ok(t) => t,
            Err(denied) => return Ok(Some(Err(denied))),
        };
        sqlx::query(
            "INSERT INTO takebacks (match_id, seq, seat, first_undone, at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(version)
        .bind(asker as i64)
        .bind(takeback.undone[0].seq)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        let state_json = serde_json::to_string(&takeback.state).expect("a state serializes");
        sqlx::query("UPDATE snapshots SET version = $1, state = $2 WHERE match_id = $3")
            .bind(version)
            .bind(&state_json)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?;
        Ok(Some(Ok(takeback)))
    }
}

/// What a Decline did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decline {
    /// This click declined the request.
    Declined,
    /// It was declined already, or never made.
    Already,
    /// The match is no longer at the request's version (the action was taken back, or
    /// the match moved on or ended): nothing was declined.
    Moved,
}

/// Where a request to take back stands at one version of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Nobody asked at this version.
    None,
    /// `asker` asked; the opponent has not declined.
    Open { asker: Seat },
    /// `asker` asked and the opponent declined: the action stands.
    Declined { asker: Seat },
}

impl Store {
    /// Records that `asker` asks to take back at `version`: `Ok(true)` for the first
    /// request there, `Ok(false)` when one was already made (read it with
    /// [`Store::takeback_request`]). One request per position, so a player cannot ping
    /// the opponent again and again, nor ask again after a decline.
    pub async fn ask_takeback(
        &self,
        id: MatchId,
        version: i64,
        asker: Seat,
        now: Millis,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("saving a takeback request");
        self.still_there(DOING)?;
        let done = sqlx::query(
            "INSERT INTO takeback_requests (match_id, version, asker, asked_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (match_id, version) DO NOTHING",
        )
        .bind(id)
        .bind(version)
        .bind(asker as i64)
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db_row(DOING, id))?;
        Ok(done.rows_affected() == 1)
    }

    /// The opponent declines the request at `version`, decided under the match's
    /// version as a takeback is: the match row is claimed (locked) at `version` first,
    /// so an Allow racing this Decline either took the action back before (`Moved`:
    /// nothing declined) or finds the decline and takes nothing back.
    pub async fn decline_takeback(
        &self,
        id: MatchId,
        version: i64,
        now: Millis,
    ) -> Result<Decline> {
        const DOING: Doing = Doing::write("saving a takeback's answer");
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let held = sqlx::query(
            "UPDATE matches SET updated_at = updated_at \
             WHERE id = $1 AND version = $2 AND status = 'active'",
        )
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?;
        if held.rows_affected() == 0 {
            tx.rollback().await;
            return Ok(Decline::Moved);
        }
        let done = sqlx::query(
            "UPDATE takeback_requests SET declined_at = $3 \
             WHERE match_id = $1 AND version = $2 AND declined_at IS NULL",
        )
        .bind(id)
        .bind(version)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?;
        tx.commit().await?;
        Ok(if done.rows_affected() == 1 {
            Decline::Declined
        } else {
            Decline::Already
        })
    }

    /// The request made at `version` of match `id`, if any.
    pub async fn takeback_request(&self, id: MatchId, version: i64) -> Result<Request> {
        let row: Option<(i64, Option<i64>)> = sqlx::query_as(
            "SELECT asker, declined_at FROM takeback_requests \
             WHERE match_id = $1 AND version = $2",
        )
        .bind(id)
        .bind(version)
        .fetch_optional(self.db())
        .await
        .map_err(db_row(Doing::read("reading a takeback request"), id))?;
        Ok(match row {
            None => Request::None,
            Some((asker, declined)) => {
                let asker = Seat::try_from(asker)
                    .ok()
                    .filter(|s| *s < 2)
                    .ok_or_else(|| StoreError::Corrupt {
                        match_id: id,
                        detail: format!("a takeback request by seat {asker}"),
                    })?;
                match declined {
                    None => Request::Open { asker },
                    Some(_) => Request::Declined { asker },
                }
            }
        })
    }
}

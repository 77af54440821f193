//! A match moves on: inputs submitted, each submit one transaction that claims the
//! match's next version first (`claim_version`, which takebacks start with too), and a
//! match ended by a resignation, a timeout or abandonment (`finish`), its result and
//! ratings written in the same transaction.

use super::rows::{MatchRow, SQL, SnapshotRow};
use crate::error::Doing;
use crate::error::{db, db_row};
use crate::game::{Input, Seat};
use crate::log::{Decided, Entry, GameKind, Logged};
use crate::tx::WriteTx;
use crate::{
    Banks, Clock, Deadlines, MatchId, MatchInfo, MatchResult, Millis, Reason, Result, Store,
    StoreError, Subject, Submitted, absences, guarded, now_ms, ratings,
};
use sqlx::AnyConnection;

impl Store {
    /// Applies one input as `seat`, if the match is still at `expected_version`: claims
    /// the next version, applies with the engine, appends the input, rewrites the
    /// snapshot, all in one transaction. A stale version, a refused input, a damaged
    /// match or a database failure write nothing.
    pub async fn submit(
        &self,
        id: MatchId,
        expected_version: i64,
        seat: Seat,
        input: &Input,
    ) -> Result<Submitted> {
        self.submit_many(id, expected_version, &[(seat, *input)], None)
            .await
    }

    /// Like [`Store::submit`] for several inputs in order (all or none), optionally
    /// setting the match's deadlines in the same transaction.
    pub async fn submit_many(
        &self,
        id: MatchId,
        expected_version: i64,
        inputs: &[(Seat, Input)],
        deadlines: Option<Deadlines>,
    ) -> Result<Submitted> {
        let submit = ClansSubmit { deadlines };
        self.submit_to_log(&submit, id, expected_version, inputs, DOING)
            .await
    }

    /// After a failed claim: why (read outside the transaction).
    pub(crate) async fn why_not_claimed(&self, id: MatchId, expected: i64) -> StoreError {
        let row: std::result::Result<Option<(i64, String)>, _> =
            sqlx::query_as("SELECT version, status FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(self.db())
                .await;
        match row {
            Err(e) => db(Doing::write("saving a move"))(e),
            Ok(None) => StoreError::NotFound(id),
            Ok(Some((_, status))) if status != "active" => StoreError::Finished(Subject::Match(id)),
            Ok(Some((current, _))) => StoreError::Stale {
                match_id: id,
                expected,
                current,
            },
        }
    }

    /// Ends an active match that the engine has not ended: a resignation, a timeout
    /// (`winner` is the other seat) or an abandoned match (`winner` is `None`). With
    /// `expected_version`, only if no input was applied meanwhile (a timeout must lose
    /// against a move that just arrived).
    pub async fn finish(
        &self,
        id: MatchId,
        expected_version: Option<i64>,
        winner: Option<Seat>,
        reason: Reason,
    ) -> Result<MatchResult> {
        match (reason, winner) {
            (Reason::Win, _) => {
                return Err(StoreError::Invalid(
                    "a win is recorded by the move that wins".into(),
                ));
            }
            (Reason::Abandoned, Some(_)) => {
                return Err(StoreError::Invalid(
                    "an abandoned match has no winner".into(),
                ));
            }
            (Reason::Resign | Reason::Timeout, None) => {
                return Err(StoreError::Invalid(
                    "a resigned or timed-out match has a winner".into(),
                ));
            }
            (_, Some(w)) if w > 1 => {
                return Err(StoreError::Invalid(format!("there is no seat {w}")));
            }
            _ => {}
        }
        const DOING: Doing = Doing::write("finishing a match");
        let now = now_ms();
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let row: Option<MatchRow> = match expected_version {
            None => sqlx::query_as(&SQL.finish).bind(id).bind(now),
            Some(v) => sqlx::query_as(&SQL.finish_at_version)
                .bind(id)
                .bind(now)
                .bind(v),
        }
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?;
        let Some(row) = row else {
            tx.rollback().await;
            return Err(self
                .why_not_claimed(id, expected_version.unwrap_or(-1))
                .await);
        };
        let r = MatchResult {
            match_id: id,
            winner,
            reason,
            inputs: row.version,
            finished_at: now,
        };
        let info = match (row.into_info(), winner) {
            (Ok(info), _) => Some(info),
            // Nobody won, so nothing is rated: a damaged row may still be abandoned.
            (Err(_), None) => None,
            (Err(e), Some(_)) => {
                tx.rollback().await;
                return Err(e);
            }
        };
        record_result(&mut tx, info.as_ref(), &r)
            .await
            .map_err(db(DOING))?;
        tx.commit().await?;
        Ok(r)
    }
}

const DOING: Doing = Doing::write("saving a move");

/// A match's inputs as its log stores them: the seat that played each.
impl Entry for (Seat, Input) {
    fn seat(&self) -> Option<i64> {
        Some(self.0 as i64)
    }
    fn json(&self) -> String {
        serde_json::to_string(&self.1).expect("an input serializes")
    }
}

/// A submit to a Crystal Clans match, setting its deadlines when given.
struct ClansSubmit {
    deadlines: Option<Deadlines>,
}

impl Logged for ClansSubmit {
    type Entry = (Seat, Input);
    type Claimed = MatchInfo;
    type Answer = Submitted;
    const GAME: GameKind = GameKind::Clans;

    async fn claim(
        &self,
        tx: &mut AnyConnection,
        id: MatchId,
        expected: i64,
        new_version: i64,
        now: Millis,
    ) -> Result<Option<MatchInfo>> {
        claim_version(tx, id, expected, new_version, self.deadlines, now, DOING).await
    }

    async fn why_not(&self, store: &Store, id: MatchId, expected: i64) -> StoreError {
        store.why_not_claimed(id, expected).await
    }

    /// Continues from the snapshot (or a replay, `current_state`), applies the inputs;
    /// writes the snapshot, the rules the match now follows, the paused clock of a turn
    /// that waits for an away player, and the result (with the ratings) of a won match.
    /// An input the engine refuses is an error (`Rules`): the app offers only legal ones.
    async fn apply_and_write(
        &self,
        store: &Store,
        tx: &mut AnyConnection,
        info: MatchInfo,
        inputs: &[(Seat, Input)],
        new_version: i64,
        now: Millis,
    ) -> Result<Decided<Submitted>> {
        let id = info.id;
        let snap: Option<SnapshotRow> = sqlx::query_as(&SQL.snapshot)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_row(DOING, id))?;
        let Some(snap) = snap else {
            return Err(StoreError::Corrupt {
                match_id: id,
                detail: "the match has no snapshot".into(),
            });
        };
        snap.log.check(&info)?;
        let snapshot = (Some(snap.version), Some(snap.state));
        let rules = store.rules_of(&info)?;
        let mut state = store.current_state(&info, &rules, snapshot)?;
        let waited = state.waiting();
        let rules = &*rules;
        let mut events = Vec::new();
        for (seat, input) in inputs {
            let ev = guarded(|| state.apply(rules, *seat, input))
                .map_err(|detail| StoreError::Corrupt {
                    match_id: id,
                    detail,
                })?
                .map_err(|error| StoreError::Rules {
                    match_id: id,
                    error,
                })?;
            events.extend(ev);
        }
        let state_json = serde_json::to_string(&state).expect("a state serializes");
        sqlx::query("UPDATE snapshots SET version = $1, state = $2 WHERE match_id = $3")
            .bind(new_version)
            .bind(&state_json)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?;
        if info.rules_version != state.rules_version || info.pack_hash != rules.pack.hash {
            // Continued under the current rules: from now on the snapshot is theirs.
            sqlx::query("UPDATE matches SET rules_version = $1, pack_hash = $2 WHERE id = $3")
                .bind(state.rules_version as i64)
                .bind(&rules.pack.hash)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
        }
        let mut deadlines = info.deadlines;
        if self.deadlines.is_some() && state.winner.is_none() {
            if let Some(banks) = info.banks {
                deadlines = restart_bank(tx, &info, banks, &waited, &state.waiting(), now).await?;
            }
            // A turn that waits for an away player starts with its clock paused.
            let waiting: Vec<u64> = state
                .waiting()
                .iter()
                .filter_map(|&s| info.seats[s as usize].user())
                .collect();
            if absences::pause_in(tx, id, &waiting, now).await? {
                deadlines = Deadlines::default();
            }
        }
        let mut result = None;
        if let Some(winner) = state.winner {
            let r = MatchResult {
                match_id: id,
                winner: Some(winner),
                reason: Reason::Win,
                inputs: new_version,
                finished_at: now,
            };
            mark_finished(tx, id).await.map_err(db(DOING))?;
            record_result(tx, Some(&info), &r)
                .await
                .map_err(db(DOING))?;
            result = Some(r);
        }
        if result.is_some() {
            deadlines = Deadlines::default();
        }
        Ok(Decided::Commit(Submitted {
            version: new_version,
            events,
            state,
            result,
            deadlines,
        }))
    }
}

/// A time bank's clock after a move at `now` (the claim kept it as it ran): the banks
/// charged with what the running deadline used up, the seats that handed the turn on
/// credited, and the turn of the seats it now waits for started with their bank.
/// A row with banks under another clock keeps its deadlines as the claim left them.
async fn restart_bank(
    tx: &mut AnyConnection,
    info: &MatchInfo,
    banks: [Millis; 2],
    waited: &[Seat],
    waiting: &[Seat],
    now: Millis,
) -> Result<Deadlines> {
    let Clock::Bank {
        minutes,
        add_minutes,
    } = info.terms.clock
    else {
        return Ok(info.deadlines);
    };
    let id = info.id;
    // Running, the time left is its forfeit's distance; paused (an absence, a
    // moderator), what the pause kept.
    let left = match info.deadlines.timeout_at {
        Some(t) => Some(t - now),
        None => sqlx::query_scalar::<_, Option<i64>>(
            "SELECT paused_timeout_ms FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?,
    };
    let minute = 60_000;
    let (banks, turn) = Banks(banks).after(
        waited,
        left,
        waiting,
        Millis::from(add_minutes) * minute,
        Millis::from(minutes) * minute,
    );
    let fresh = info.terms.deadlines_until(now, turn.map(|t| now + t));
    sqlx::query(
        "UPDATE matches SET remind_at = $2, timeout_at = $3, bank0_ms = $4, bank1_ms = $5, \
         paused_at = NULL, paused_remind_ms = NULL, paused_timeout_ms = NULL WHERE id = $1",
    )
    .bind(id)
    .bind(fresh.remind_at)
    .bind(fresh.timeout_at)
    .bind(banks.0[0])
    .bind(banks.0[1])
    .execute(&mut *tx)
    .await
    .map_err(db_row(DOING, id))?;
    Ok(fresh)
}

/// Claims the next version of match `id` in `tx`: moves it from `expected_version` to
/// `new_version` (setting its deadlines when given) if it is still active at
/// `expected_version`. The update takes the write lock (SQLite) or the row lock
/// (PostgreSQL) before anything is read, so concurrent writers serialize here and all
/// but the first get `None` having written nothing. Returns the match as it was, at
/// `expected_version`. Submits and takebacks both start with it.
pub(crate) async fn claim_version(
    tx: &mut AnyConnection,
    id: MatchId,
    expected_version: i64,
    new_version: i64,
    deadlines: Option<Deadlines>,
    now: Millis,
    doing: Doing,
) -> Result<Option<MatchInfo>> {
    let claim = match deadlines {
        None => sqlx::query_as(&SQL.claim),
        Some(_) => sqlx::query_as(&SQL.claim_with_deadlines),
    }
    .bind(new_version)
    .bind(now)
    .bind(id)
    .bind(expected_version);
    let claim = match deadlines {
        Some(d) => claim.bind(d.remind_at).bind(d.timeout_at),
        None => claim,
    };
    let row: Option<MatchRow> = claim
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_row(doing, id))?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut info = row.into_info()?;
    info.version = expected_version;
    Ok(Some(info))
}

async fn mark_finished(
    tx: &mut AnyConnection,
    id: MatchId,
) -> std::result::Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL \
         WHERE id = $1",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Writes a result and what it does to the players' ratings (in the caller's
/// transaction: both commit or neither does). Without the match (`None`: a damaged row
/// being abandoned) nothing is rated.
async fn record_result(
    tx: &mut AnyConnection,
    info: Option<&MatchInfo>,
    r: &MatchResult,
) -> std::result::Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO results (match_id, winner, reason, inputs, finished_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(r.match_id)
    .bind(r.winner.map(|w| w as i64))
    .bind(r.reason.as_str())
    .bind(r.inputs)
    .bind(r.finished_at)
    .execute(&mut *tx)
    .await?;
    match info {
        Some(info) => ratings::rate_result(tx, info, r).await,
        None => Ok(()),
    }
}

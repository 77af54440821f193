//! Absences (`/clans away`) and the turn clocks they pause.
//!
//! A match's clock is paused while a player it waits for is away: its deadlines move
//! into `paused_remind_ms`/`paused_timeout_ms` as the time they had left, with
//! `remind_at`/`timeout_at` cleared, so the scheduler's deadline queries (and their
//! indexes) never see a paused match. Resuming puts back exactly that time, counted
//! from when the absence ended. A submit that makes the match wait for an away player
//! pauses it in its own transaction (`pause_in`), so no deadline of such a turn ever
//! runs.

use super::error::db;
use super::tx::WriteTx;
use super::{Backend, MatchId, Millis, Result, Store, id_in, id_out};
use crate::error::Doing;
use sqlx::AnyConnection;

/// One absence of a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Absence {
    pub id: i64,
    pub user: u64,
    pub starts_at: Millis,
    /// As planned, or when it was ended early.
    pub ends_at: Millis,
    pub note: Option<String>,
}

type AbsenceRow = (i64, i64, i64, i64, Option<String>);

fn absence((id, user, starts_at, ends_at, note): AbsenceRow) -> Absence {
    Absence {
        id,
        user: id_out(user),
        starts_at,
        ends_at,
        note,
    }
}

const COLUMNS: &str = "id, user_id, starts_at, ends_at, note";

/// How long a player may be away: at most `most` of any `window` ending with the end of
/// a new absence (absences ended early count up to their end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwayAllowance {
    pub window: Millis,
    pub most: Millis,
}

/// What [`Store::start_absence`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AbsenceStart {
    Started(Absence),
    /// This one is still running: nothing recorded.
    AlreadyAway(Absence),
    /// The player was already away this long in the window: nothing recorded.
    OverLimit {
        used: Millis,
    },
}

/// Pauses match `id`'s clock at `at` if it is running: the time left to each deadline
/// is kept, the deadlines cleared.
pub(crate) const PAUSE: &str = "UPDATE matches SET paused_at = $2, \
     paused_remind_ms = remind_at - $2, paused_timeout_ms = timeout_at - $2, \
     remind_at = NULL, timeout_at = NULL \
     WHERE id = $1 AND status = 'active' AND paused_at IS NULL \
     AND (remind_at IS NOT NULL OR timeout_at IS NOT NULL)";

impl Store {
    /// Records an absence of `user` from `now` to `until`, unless one is still running or
    /// it would take the player past `allowance`. Decided in one transaction that holds
    /// the player's lock, so two `/clans away` at once (two bot processes, PostgreSQL)
    /// book one absence, never two.
    pub async fn start_absence(
        &self,
        user: u64,
        now: Millis,
        until: Millis,
        note: Option<&str>,
        allowance: AwayAllowance,
    ) -> Result<AbsenceStart> {
        const DOING: Doing = Doing::write("saving an absence");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        lock_player(&mut tx, self.backend, user).await?;
        if let Some(running) = current(&mut tx, user, now).await? {
            tx.rollback().await;
            return Ok(AbsenceStart::AlreadyAway(running));
        }
        let until = until.max(now);
        let used = away_between(&mut tx, user, until - allowance.window, now).await?;
        if used + (until - now) > allowance.most {
            tx.rollback().await;
            return Ok(AbsenceStart::OverLimit { used });
        }
        let row: AbsenceRow = sqlx::query_as(&format!(
            "INSERT INTO absences (user_id, starts_at, ends_at, note) VALUES ($1, $2, $3, $4) \
             RETURNING {COLUMNS}"
        ))
        .bind(id_in(user))
        .bind(now)
        .bind(until)
        .bind(note)
        .fetch_one(&mut *tx)
        .await
        .map_err(db(DOING))?;
        tx.commit().await?;
        Ok(AbsenceStart::Started(absence(row)))
    }

    /// The absence of `user` running at `now`, if any.
    pub async fn current_absence(&self, user: u64, now: Millis) -> Result<Option<Absence>> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading absences")))?;
        current(&mut conn, user, now).await
    }

    /// How long `user` was or will be away between `from` and `to` (absences ended
    /// early count up to their end).
    pub async fn away_ms_between(&self, user: u64, from: Millis, to: Millis) -> Result<Millis> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading absences")))?;
        away_between(&mut conn, user, from, to).await
    }

    /// Ends `user`'s running absence at `now` (its matches' clocks are not restarted
    /// here: see [`Store::resume_clock`]). Returns it, ended, or `None` if none ran.
    pub async fn end_absence(&self, user: u64, now: Millis) -> Result<Option<Absence>> {
        const DOING: Doing = Doing::write("ending an absence");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let row: Option<AbsenceRow> = sqlx::query_as(&format!(
            "UPDATE absences SET ends_at = $2 \
             WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2 RETURNING {COLUMNS}"
        ))
        .bind(id_in(user))
        .bind(now)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(row.map(absence))
    }

    /// Up to `limit` absences over at `now` whose matches' clocks were not restarted
    /// yet, earliest end first.
    pub async fn absences_to_resume(&self, now: Millis, limit: i64) -> Result<Vec<Absence>> {
        // The filter repeats the index's condition (migration 0007), so both backends
        // answer from it instead of reading every absence.
        let rows: Vec<AbsenceRow> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM absences WHERE resumed_at IS NULL AND ends_at <= $1 \
             ORDER BY ends_at, id LIMIT $2"
        ))
        .bind(now)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading absences")))?;
        Ok(rows.into_iter().map(absence).collect())
    }

    /// Marks an absence's clocks as restarted. Returns whether this call did (of several
    /// processes, one).
    pub async fn mark_resumed(&self, absence: i64, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("ending an absence");
        let _turn = self.write_turn(DOING).await?;
        let done =
            sqlx::query("UPDATE absences SET resumed_at = $2 WHERE id = $1 AND resumed_at IS NULL")
                .bind(absence)
                .bind(now)
                .execute(self.db())
                .await
                .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Pauses match `id`'s clock at `at` if it is still at `version` and running.
    /// Returns whether it did.
    pub async fn pause_clock(&self, id: MatchId, version: i64, at: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("pausing a match's clock");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let done = sqlx::query(&format!("{PAUSE} AND version = $3"))
            .bind(id)
            .bind(at)
            .bind(version)
            .execute(self.db())
            .await
            .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Restarts match `id`'s paused clock at `at`: each deadline is `at` plus the time
    /// it had left. Returns whether it was paused.
    pub async fn resume_clock(&self, id: MatchId, at: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("restarting a match's clock");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        // A clock a moderator stopped stays stopped until a moderator resumes it.
        let done = sqlx::query(&format!("{RESUME} AND mod_paused_at IS NULL"))
            .bind(id)
            .bind(at)
            .execute(self.db())
            .await
            .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// `user`'s active matches whose clock is paused.
    pub async fn paused_matches_of(&self, user: u64) -> Result<Vec<MatchId>> {
        let rows: Vec<(MatchId,)> = sqlx::query_as(
            "SELECT id FROM matches WHERE status = 'active' \
             AND (seat0_user = $1 OR seat1_user = $1) AND paused_at IS NOT NULL ORDER BY id",
        )
        .bind(id_in(user))
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading matches")))?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Whether match `id`'s clock is paused, and since when.
    pub async fn paused_since(&self, id: MatchId) -> Result<Option<Millis>> {
        let row: Option<(Option<i64>,)> =
            sqlx::query_as("SELECT paused_at FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(self.db())
                .await
                .map_err(db(Doing::read("reading matches")))?;
        Ok(row.and_then(|(p,)| p))
    }
}

/// Restarts match `id`'s paused clock at `$2`: each deadline is `$2` plus the time it
/// had left.
pub(crate) const RESUME: &str = "UPDATE matches SET remind_at = $2 + paused_remind_ms, \
     timeout_at = $2 + paused_timeout_ms, paused_at = NULL, \
     paused_remind_ms = NULL, paused_timeout_ms = NULL \
     WHERE id = $1 AND status = 'active' AND paused_at IS NOT NULL";

/// Whether one of `users` is away at `now`.
pub(crate) async fn any_away(conn: &mut AnyConnection, users: &[u64], now: Millis) -> Result<bool> {
    for &user in users {
        if current(conn, user, now).await?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

async fn away_between(
    conn: &mut AnyConnection,
    user: u64,
    from: Millis,
    to: Millis,
) -> Result<Millis> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT starts_at, ends_at FROM absences \
         WHERE user_id = $1 AND ends_at > $2 AND starts_at < $3",
    )
    .bind(id_in(user))
    .bind(from)
    .bind(to)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(Doing::read("reading absences")))?;
    Ok(rows.into_iter().map(|(s, e)| e.min(to) - s.max(from)).sum())
}

/// Makes the transaction the only one deciding `user`'s absences until it ends.
/// PostgreSQL: a transaction-scoped advisory lock on the player (two players sharing a
/// key only wait for each other). SQLite: a write first, which takes the database's
/// write lock, so the reads that follow see every committed absence.
async fn lock_player(tx: &mut AnyConnection, backend: Backend, user: u64) -> Result<()> {
    const DOING: Doing = Doing::write("saving an absence");
    /// "AWAY": the advisory locks' first key, apart from any other use of them.
    const AWAY: i32 = 0x4157_4159;
    let query = match backend {
        Backend::Postgres => sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind(AWAY)
            .bind(((user >> 32) ^ user) as u32 as i32),
        Backend::Sqlite => sqlx::query("UPDATE absences SET note = note WHERE 1 = 0"),
    };
    query.execute(&mut *tx).await.map_err(db(DOING))?;
    Ok(())
}

async fn current(conn: &mut AnyConnection, user: u64, now: Millis) -> Result<Option<Absence>> {
    let row: Option<AbsenceRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM absences WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2 \
         ORDER BY ends_at DESC LIMIT 1"
    ))
    .bind(id_in(user))
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
    .map_err(db(Doing::read("reading absences")))?;
    Ok(row.map(absence))
}

/// Inside a submit's transaction: pauses the match's fresh deadlines at `now` when one
/// of the `waiting` users is away, or a moderator stopped its clock. Returns whether
/// it did.
pub(crate) async fn pause_in(
    tx: &mut AnyConnection,
    id: MatchId,
    waiting: &[u64],
    now: Millis,
) -> Result<bool> {
    if crate::moderation::hold_in(tx, id, now).await? {
        return Ok(true);
    }
    if !any_away(tx, waiting, now).await? {
        return Ok(false);
    }
    let done = sqlx::query(PAUSE)
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(db(Doing::write("saving a move")))?;
    Ok(done.rows_affected() == 1)
}

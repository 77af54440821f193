//! Moderators' actions (`/clans-admin`): their audit log, and the clock controls beyond
//! a turn's own (a moderator's: stop a match's clock until resumed, move its deadline;
//! a server's grace: one more stretch of time before a forfeit).
//!
//! An action is written when it is asked, with its reason, and decided once: the
//! confirmation (or the cancel) claims the row, so a double click or two bot processes
//! act once. The row then records what came of it (`outcome`).
//!
//! A moderator's pause (`mod_paused_at`) pauses the deadlines as an absence does
//! (`absences.rs`: the time left moves into the `paused_*` columns). It outlasts what
//! would restart an absence's clock: a move starts the next turn paused
//! (`absences::pause_in`), and an absence's end leaves it paused (`resume_clock`).

use crate::error::{Doing, db};
use crate::tx::WriteTx;
use crate::{MatchId, Millis, Result, Store, id_in, id_out};
use sqlx::AnyConnection;

/// What a moderator can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModAction {
    /// End a match with no result and no rating change.
    Void,
    /// Stop a match's clock until a moderator resumes it.
    Pause,
    Resume,
    /// Add minutes (`detail`) to the current deadline.
    Extend,
    /// End a match as won on time by a seat (`detail`).
    Award,
    /// End a running league with its standings as they are.
    EndLeague,
}

impl ModAction {
    pub fn as_str(self) -> &'static str {
        match self {
            ModAction::Void => "void",
            ModAction::Pause => "pause",
            ModAction::Resume => "resume",
            ModAction::Extend => "extend",
            ModAction::Award => "award",
            ModAction::EndLeague => "end-league",
        }
    }

    pub fn parse(s: &str) -> Option<ModAction> {
        Some(match s {
            "void" => ModAction::Void,
            "pause" => ModAction::Pause,
            "resume" => ModAction::Resume,
            "extend" => ModAction::Extend,
            "award" => ModAction::Award,
            "end-league" => ModAction::EndLeague,
            _ => return None,
        })
    }
}

/// An action as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewModeration {
    pub guild: u64,
    pub moderator: u64,
    pub action: ModAction,
    pub match_id: Option<MatchId>,
    pub league_id: Option<i64>,
    pub detail: Option<i64>,
    pub reason: String,
}

/// An action in the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moderation {
    pub id: i64,
    pub asked: NewModeration,
    pub asked_at: Millis,
    /// When it was confirmed or cancelled (`None`: still asked).
    pub decided_at: Option<Millis>,
    /// `done`, `cancelled`, or why nothing changed.
    pub outcome: Option<String>,
}

/// What [`Store::decide_moderation`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// This call decided it: act (or not, for a cancel) and record the outcome.
    Claimed(Moderation),
    /// Decided before (a double click, another process): nothing to do.
    Already(Moderation),
    /// No such action of this moderator.
    Unknown,
}

type Row = (
    i64,
    i64,
    i64,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    String,
    i64,
    Option<i64>,
    Option<String>,
);

const COLUMNS: &str = "id, guild_id, moderator_id, action, match_id, league_id, detail, \
     reason, asked_at, confirmed_at, outcome";

fn moderation(r: Row) -> Option<Moderation> {
    let (id, guild, moderator, action, match_id, league_id, detail, reason, asked_at, at, out) = r;
    Some(Moderation {
        id,
        asked: NewModeration {
            guild: id_out(guild),
            moderator: id_out(moderator),
            action: ModAction::parse(&action)?,
            match_id,
            league_id,
            detail,
            reason,
        },
        asked_at,
        decided_at: at,
        outcome: out,
    })
}

impl Store {
    /// Writes an action as asked; returns it.
    pub async fn ask_moderation(&self, new: &NewModeration, now: Millis) -> Result<Moderation> {
        const DOING: Doing = Doing::write("saving a moderator's action");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let row: Row = sqlx::query_as(&format!(
            "INSERT INTO moderator_actions \
             (guild_id, moderator_id, action, match_id, league_id, detail, reason, asked_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING {COLUMNS}"
        ))
        .bind(id_in(new.guild))
        .bind(id_in(new.moderator))
        .bind(new.action.as_str())
        .bind(new.match_id)
        .bind(new.league_id)
        .bind(new.detail)
        .bind(&new.reason)
        .bind(now)
        .fetch_one(self.db())
        .await
        .map_err(db(DOING))?;
        moderation(row).ok_or_else(|| crate::StoreError::Invalid("an unknown action".into()))
    }

    /// Decides action `id` of `moderator` (confirmed, or cancelled: `outcome` says
    /// which): one call claims it, every other finds it decided.
    pub async fn decide_moderation(
        &self,
        id: i64,
        moderator: u64,
        outcome: Option<&str>,
        now: Millis,
    ) -> Result<Decision> {
        const DOING: Doing = Doing::write("deciding a moderator's action");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let claimed: Option<Row> = sqlx::query_as(&format!(
            "UPDATE moderator_actions SET confirmed_at = $3, outcome = $4 \
             WHERE id = $1 AND moderator_id = $2 AND confirmed_at IS NULL RETURNING {COLUMNS}"
        ))
        .bind(id)
        .bind(id_in(moderator))
        .bind(now)
        .bind(outcome)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        if let Some(m) = claimed.and_then(moderation) {
            return Ok(Decision::Claimed(m));
        }
        Ok(match self.moderation(id).await? {
            Some(m) if m.asked.moderator == moderator => Decision::Already(m),
            _ => Decision::Unknown,
        })
    }

    /// Records what came of a confirmed action.
    pub async fn settle_moderation(&self, id: i64, outcome: &str) -> Result<()> {
        const DOING: Doing = Doing::write("saving a moderator's action");
        let _turn = self.write_turn(DOING).await?;
        sqlx::query("UPDATE moderator_actions SET outcome = $2 WHERE id = $1")
            .bind(id)
            .bind(outcome)
            .execute(self.db())
            .await
            .map_err(db(DOING))?;
        Ok(())
    }

    /// Action `id`, as logged.
    pub async fn moderation(&self, id: i64) -> Result<Option<Moderation>> {
        let row: Option<Row> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM moderator_actions WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading moderators' actions")))?;
        Ok(row.and_then(moderation))
    }

    /// A server's latest `limit` actions, newest first.
    pub async fn moderation_log(&self, guild: u64, limit: i64) -> Result<Vec<Moderation>> {
        let rows: Vec<Row> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM moderator_actions WHERE guild_id = $1 ORDER BY id DESC LIMIT $2"
        ))
        .bind(id_in(guild))
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading moderators' actions")))?;
        Ok(rows.into_iter().filter_map(moderation).collect())
    }

    /// Stops match `id`'s clock for a moderator at `now`. Returns whether this call did
    /// (not when it was stopped by a moderator before or the match is over).
    pub async fn hold_clock(&self, id: MatchId, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("pausing a match's clock");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let held = sqlx::query(
            "UPDATE matches SET mod_paused_at = $2 \
             WHERE id = $1 AND status = 'active' AND mod_paused_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        if held.rows_affected() == 0 {
            tx.rollback().await;
            return Ok(false);
        }
        // Paused by an absence already: the time left is kept as it is.
        sqlx::query(crate::absences::PAUSE)
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?;
        tx.commit().await?;
        Ok(true)
    }

    /// A moderator's resume of match `id` at `now`: the clock runs again with the time
    /// it had left, unless one of the `waiting` players is away (their absence's end
    /// restarts it). Returns whether the match was stopped by a moderator.
    pub async fn release_clock(&self, id: MatchId, waiting: &[u64], now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("restarting a match's clock");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let released = sqlx::query(
            "UPDATE matches SET mod_paused_at = NULL \
             WHERE id = $1 AND status = 'active' AND mod_paused_at IS NOT NULL",
        )
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        if released.rows_affected() == 0 {
            tx.rollback().await;
            return Ok(false);
        }
        if !crate::absences::any_away(&mut tx, waiting, now).await? {
            sqlx::query(crate::absences::RESUME)
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Adds `minutes` to match `id`'s deadlines (its reminder and forfeit, running or
    /// paused). Returns the new forfeit time (`now` plus the time left, when paused), or
    /// `None` when the match has no forfeit to move (none set, or it is over).
    pub async fn extend_deadline(
        &self,
        id: MatchId,
        minutes: u32,
        now: Millis,
    ) -> Result<Option<Millis>> {
        const DOING: Doing = Doing::write("extending a deadline");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let ms = minutes as Millis * 60_000;
        let row: Option<(Option<i64>, Option<i64>)> = sqlx::query_as(
            "UPDATE matches SET timeout_at = timeout_at + $2, remind_at = remind_at + $2, \
             paused_timeout_ms = paused_timeout_ms + $2, paused_remind_ms = paused_remind_ms + $2 \
             WHERE id = $1 AND status = 'active' \
             AND (timeout_at IS NOT NULL OR paused_timeout_ms IS NOT NULL) \
             RETURNING timeout_at, paused_timeout_ms",
        )
        .bind(id)
        .bind(ms)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(row.and_then(|(at, left)| at.or(left.map(|l| now + l))))
    }

    /// The one grace of `seat` in match `id` at `version` (its forfeit came at `now`):
    /// the forfeit moves to `now + minutes`, and the seat's grace is used. `None` when
    /// it was used before, or the match moved or ended meanwhile (the forfeit goes on,
    /// or the move wins). One statement, so two processes grant it once.
    pub async fn grant_grace(
        &self,
        id: MatchId,
        version: i64,
        seat: u8,
        minutes: u32,
        now: Millis,
    ) -> Result<Option<Millis>> {
        const DOING: Doing = Doing::write("granting a grace");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let bit = 1i64 << seat;
        let at = now + minutes as Millis * 60_000;
        let row: Option<(i64,)> = sqlx::query_as(
            "UPDATE matches SET timeout_at = $4, remind_at = NULL, grace_used = grace_used | $3 \
             WHERE id = $1 AND version = $2 AND status = 'active' AND timeout_at IS NOT NULL \
             AND (grace_used & $3) = 0 RETURNING timeout_at",
        )
        .bind(id)
        .bind(version)
        .bind(bit)
        .bind(at)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(row.map(|(t,)| t))
    }

    /// When a moderator stopped match `id`'s clock (`None`: running, or stopped only by
    /// an absence).
    pub async fn held_by_moderator(&self, id: MatchId) -> Result<Option<Millis>> {
        let row: Option<(Option<i64>,)> =
            sqlx::query_as("SELECT mod_paused_at FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(self.db())
                .await
                .map_err(db(Doing::read("reading matches")))?;
        Ok(row.and_then(|(p,)| p))
    }
}

/// Inside a submit's transaction: pauses the fresh deadlines at `now` of a match a
/// moderator stopped. Returns whether it did.
pub(crate) async fn hold_in(tx: &mut AnyConnection, id: MatchId, now: Millis) -> Result<bool> {
    let done = sqlx::query(&format!(
        "{} AND mod_paused_at IS NOT NULL",
        crate::absences::PAUSE
    ))
    .bind(id)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(db(Doing::write("saving a move")))?;
    Ok(done.rows_affected() == 1)
}

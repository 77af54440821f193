//! What the scheduler asks of the store: due deadlines page by page, reminder claims in
//! batches, setting aside matches it cannot load (and re-arming them after a repair),
//! idle matches against the AI, and old challenge claims.

use super::error::db;
use super::tx::WriteTx;
use super::{Deadlines, Due, DueKind, MatchId, Millis, Result, Store, StoreError};
use crate::error::Doing;

/// Where the previous page of [`Store::due_after`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueCursor {
    pub at: Millis,
    pub match_id: MatchId,
    pub kind: DueKind,
}

impl Due {
    /// The cursor that continues after this item.
    pub fn cursor(&self) -> DueCursor {
        DueCursor {
            at: self.at,
            match_id: self.match_id,
            kind: self.kind,
        }
    }
}

impl DueKind {
    fn as_str(self) -> &'static str {
        match self {
            DueKind::Reminder => "reminder",
            DueKind::Timeout => "timeout",
        }
    }
}

/// A reminder to move on, if the match is still where it was when it fell due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReminderClaim {
    pub match_id: MatchId,
    pub version: i64,
    /// The due time read with [`Store::due_after`].
    pub at: Millis,
    /// The next reminder (`None`: none).
    pub next: Option<Millis>,
}

/// A match the scheduler set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub match_id: MatchId,
    pub since: Millis,
    pub reason: String,
}

/// Statements per transaction when claiming reminders or pruning.
const CHUNK: usize = 200;

impl Store {
    /// Reminders and timeouts of active matches due at `now`, earliest first.
    pub async fn due(&self, now: Millis, limit: i64) -> Result<Vec<Due>> {
        self.due_after(now, None, limit).await
    }

    /// Like [`Store::due`], continuing after `cursor` (in the order at, match, kind), so
    /// that items left due on purpose (a transient failure) do not come back in the same
    /// pass and every page makes progress.
    pub async fn due_after(
        &self,
        now: Millis,
        cursor: Option<DueCursor>,
        limit: i64,
    ) -> Result<Vec<Due>> {
        let (c_at, c_id, c_kind) = match cursor {
            Some(c) => (c.at, c.match_id, c.kind.as_str()),
            None => (Millis::MIN, MatchId::MIN, ""),
        };
        let rows: Vec<(i64, String, i64, i64)> = sqlx::query_as(
            "SELECT id, kind, at, version FROM ( \
             SELECT id, 'reminder' AS kind, remind_at AS at, version FROM matches \
             WHERE status = 'active' AND remind_at <= $1 AND remind_at >= $2 \
             UNION ALL \
             SELECT id, 'timeout' AS kind, timeout_at AS at, version FROM matches \
             WHERE status = 'active' AND timeout_at <= $1 AND timeout_at >= $2 \
             ) d \
             WHERE at > $2 OR (at = $2 AND (id > $3 OR (id = $3 AND kind > $4))) \
             ORDER BY at, id, kind LIMIT $5",
        )
        .bind(now)
        .bind(c_at)
        .bind(c_id)
        .bind(c_kind)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading deadlines")))?;
        Ok(rows
            .into_iter()
            .map(|(match_id, kind, at, version)| Due {
                match_id,
                kind: if kind == "timeout" {
                    DueKind::Timeout
                } else {
                    DueKind::Reminder
                },
                at,
                version,
            })
            .collect())
    }

    /// Moves due reminders on, in one transaction per chunk (one commit, not one per
    /// reminder). A claim succeeds only if its match is still at `version` with its
    /// reminder still due `at`, so of several processes firing the same reminder exactly
    /// one wins it (and posts it). Returns, per claim, whether it was won.
    pub async fn claim_reminders(&self, claims: &[ReminderClaim]) -> Result<Vec<bool>> {
        const DOING: Doing = Doing::write("saving reminders");
        let mut won = Vec::with_capacity(claims.len());
        for chunk in claims.chunks(CHUNK) {
            let _turn = self.write_turn(DOING).await?;
            let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
            for c in chunk {
                let done = sqlx::query(
                    "UPDATE matches SET remind_at = $4 \
                     WHERE id = $1 AND version = $2 AND remind_at = $3 AND status = 'active'",
                )
                .bind(c.match_id)
                .bind(c.version)
                .bind(c.at)
                .bind(c.next)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
                won.push(done.rows_affected() == 1);
            }
            tx.commit().await?;
        }
        Ok(won)
    }

    /// Sets aside an active match the scheduler cannot load: clears its deadlines and
    /// records when and why. Only if it is still at `version` (a match that moved was
    /// loadable after all). Returns whether this call set it aside, so that of several
    /// processes one reports it.
    pub async fn hold(&self, id: MatchId, version: i64, reason: &str, now: Millis) -> Result<bool> {
        self.still_there(Doing::write("setting a match aside"))?;
        let done = sqlx::query(
            "UPDATE matches SET remind_at = NULL, timeout_at = NULL, held_at = $3, \
             held_reason = $4 WHERE id = $1 AND version = $2 AND status = 'active' \
             AND held_at IS NULL",
        )
        .bind(id)
        .bind(version)
        .bind(now)
        .bind(reason)
        .execute(self.db())
        .await
        .map_err(db(Doing::write("setting a match aside")))?;
        Ok(done.rows_affected() == 1)
    }

    /// The matches set aside by the scheduler, oldest first.
    pub async fn held(&self) -> Result<Vec<Held>> {
        let rows: Vec<(i64, i64, Option<String>)> = sqlx::query_as(
            "SELECT id, held_at, held_reason FROM matches WHERE held_at IS NOT NULL \
             ORDER BY held_at, id",
        )
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading matches")))?;
        Ok(rows
            .into_iter()
            .map(|(match_id, since, reason)| Held {
                match_id,
                since,
                reason: reason.unwrap_or_default(),
            })
            .collect())
    }

    /// Puts a match set aside back on the schedule after a repair: it must load now;
    /// its players get a fresh turn from `now` (its own terms), since the time it spent
    /// set aside was nobody's fault. Under a time bank the turn lasts what the waiting
    /// seats' banks held when their clock last started, not a full bank. Returns the new
    /// deadlines.
    pub async fn rearm(&self, id: MatchId, now: Millis) -> Result<Deadlines> {
        self.still_there(Doing::write("re-arming a match"))?;
        let loaded = self.load(id).await?;
        let terms = &loaded.info.terms;
        let deadlines = match (&terms.clock, loaded.info.banks) {
            (crate::Clock::Bank { .. }, Some(banks)) => {
                let turn = crate::Banks(banks).turn(&loaded.state.waiting());
                terms.deadlines_until(now, turn.map(|t| now + t))
            }
            _ => terms.deadlines(now),
        };
        let done = sqlx::query(
            "UPDATE matches SET remind_at = $3, timeout_at = $4, held_at = NULL, \
             held_reason = NULL WHERE id = $1 AND version = $2 AND status = 'active' \
             AND held_at IS NOT NULL",
        )
        .bind(id)
        .bind(loaded.info.version)
        .bind(deadlines.remind_at)
        .bind(deadlines.timeout_at)
        .execute(self.db())
        .await
        .map_err(db(Doing::write("re-arming a match")))?;
        if done.rows_affected() == 1 {
            Ok(deadlines)
        } else {
            Err(StoreError::Invalid(format!(
                "match {id} is not set aside (or it moved or ended meanwhile)"
            )))
        }
    }

    /// Up to `limit` active matches with an AI seat whose id is above `after`, in id
    /// order (a cursor: pass the last id of a page to read the next). The bot reads them
    /// at start-up to finish AI turns a stop cut short.
    pub async fn active_ai_matches(&self, after: MatchId, limit: i64) -> Result<Vec<MatchId>> {
        let rows: Vec<(MatchId,)> = sqlx::query_as(
            "SELECT id FROM matches \
             WHERE status = 'active' AND (seat0_ai IS NOT NULL OR seat1_ai IS NOT NULL) \
             AND id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading matches")))?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Active matches with an AI seat whose last move (or creation) is before `before`,
    /// longest idle first, with their versions.
    pub async fn idle_ai_matches(&self, before: Millis, limit: i64) -> Result<Vec<(MatchId, i64)>> {
        // The filter repeats the index's condition (migration 0003) word for word, so
        // that both backends answer from that index.
        sqlx::query_as(
            "SELECT id, version FROM matches \
             WHERE status = 'active' AND (seat0_ai IS NOT NULL OR seat1_ai IS NOT NULL) \
             AND updated_at < $1 ORDER BY updated_at, id LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading matches")))
    }

    /// Deletes up to `limit` unfinished Crystallo practice games (with their placements)
    /// whose last placement (or deal) is before `before`, oldest first. Returns how
    /// many. Dailies stay: they belong to their day's leaderboard.
    pub async fn prune_idle_practice(&self, before: Millis, limit: i64) -> Result<u64> {
        const DOING: Doing = Doing::write("expiring idle practice games");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        // The inner filter repeats the index's condition (migration 0011) word for word.
        let done = sqlx::query(
            "DELETE FROM crystallo_games WHERE id IN (SELECT id FROM crystallo_games \
             WHERE day IS NULL AND status = 'active' AND updated_at < $1 \
             ORDER BY updated_at, id LIMIT $2)",
        )
        .bind(before)
        .bind(limit)
        .execute(self.for_write())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected())
    }

    /// The operator's retention (`CLANS_KEEP_FINISHED_DAYS`): deletes the logs (inputs,
    /// takebacks, snapshot, analyses) of up to `limit` matches finished before `before`,
    /// oldest first, and marks each (`log_pruned_at`): its row, result and rating
    /// changes stay, so history, profiles and ratings read as before, and a load says
    /// the moves are gone (`StoreError::Pruned`). One transaction. Returns how many.
    pub async fn prune_finished_logs(
        &self,
        before: Millis,
        limit: i64,
        now: Millis,
    ) -> Result<u64> {
        const DOING: Doing = Doing::write("deleting finished matches' logs");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT r.match_id FROM results r JOIN matches m ON m.id = r.match_id \
             WHERE r.finished_at < $1 AND m.log_pruned_at IS NULL \
             ORDER BY r.finished_at, r.match_id LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await
        .map_err(db(DOING))?;
        for &id in &ids {
            for table in [
                "inputs",
                "takebacks",
                "takeback_requests",
                "snapshots",
                "analyses",
            ] {
                sqlx::query(&format!("DELETE FROM {table} WHERE match_id = $1"))
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(db(DOING))?;
            }
            sqlx::query("UPDATE matches SET log_pruned_at = $2 WHERE id = $1")
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
        }
        tx.commit().await?;
        Ok(ids.len() as u64)
    }

    /// Deletes up to `limit` challenge claims made before `before` (challenges long
    /// expired: nobody can accept or decline them any more). Returns how many.
    pub async fn prune_challenge_claims(&self, before: Millis, limit: i64) -> Result<u64> {
        const DOING: Doing = Doing::write("pruning challenges");
        let _turn = self.write_turn(DOING).await?;
        let done = sqlx::query(
            "DELETE FROM challenge_claims WHERE challenge IN ( \
             SELECT challenge FROM challenge_claims WHERE claimed_at < $1 \
             ORDER BY claimed_at LIMIT $2)",
        )
        .bind(before)
        .bind(limit)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected())
    }
}

//! What the bot owes a player who chose how they are pinged (`/clans notify`): a
//! catch-up message when their quiet hours end, and their next daily digest. Times only;
//! the app works out local hours. Each is claimed with a compare-and-set, so of several
//! processes one sends it, and a restart owes exactly what was stored.

use super::error::db;
use super::{Millis, Result, Store, id_in, id_out};
use crate::error::Doing;

/// Which of a player's messages is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owed {
    CatchUp,
    Digest,
}

impl Owed {
    fn column(self) -> &'static str {
        match self {
            Owed::CatchUp => "catchup_at",
            Owed::Digest => "digest_at",
        }
    }
}

impl Store {
    /// A ping to `user` was held back: the catch-up is owed at `at` (the earliest of the
    /// times owed so far).
    pub async fn owe_catch_up(&self, user: u64, at: Millis) -> Result<()> {
        const DOING: Doing = Doing::write("saving a held-back ping");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        sqlx::query(
            "INSERT INTO notify_due (user_id, catchup_at) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET catchup_at = CASE \
             WHEN notify_due.catchup_at IS NULL OR notify_due.catchup_at > excluded.catchup_at \
             THEN excluded.catchup_at ELSE notify_due.catchup_at END",
        )
        .bind(id_in(user))
        .bind(at)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(())
    }

    /// Sets (or clears) `user`'s next digest.
    pub async fn set_digest_at(&self, user: u64, at: Option<Millis>) -> Result<()> {
        const DOING: Doing = Doing::write("saving a digest time");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        sqlx::query(
            "INSERT INTO notify_due (user_id, digest_at) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET digest_at = excluded.digest_at",
        )
        .bind(id_in(user))
        .bind(at)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(())
    }

    /// When `what` is next owed to `user` (`None`: not).
    pub async fn owed_at(&self, user: u64, what: Owed) -> Result<Option<Millis>> {
        let row: Option<(Option<i64>,)> = sqlx::query_as(&format!(
            "SELECT {} FROM notify_due WHERE user_id = $1",
            what.column()
        ))
        .bind(id_in(user))
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading what is owed")))?;
        Ok(row.and_then(|(at,)| at))
    }

    /// Up to `limit` players owed `what` at `now`, with the time it was owed.
    pub async fn owed(&self, what: Owed, now: Millis, limit: i64) -> Result<Vec<(u64, Millis)>> {
        // The filter repeats the partial index's condition (migration 0007).
        let c = what.column();
        let rows: Vec<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT user_id, {c} FROM notify_due WHERE {c} IS NOT NULL AND {c} <= $1 \
             ORDER BY {c}, user_id LIMIT $2"
        ))
        .bind(now)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading what is owed")))?;
        Ok(rows.into_iter().map(|(u, at)| (id_out(u), at)).collect())
    }

    /// Claims `what` owed to `user` at `at`, moving it to `next`. Returns whether this
    /// call won it (it was still owed at `at`).
    pub async fn claim_owed(
        &self,
        user: u64,
        what: Owed,
        at: Millis,
        next: Option<Millis>,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("saving what was sent");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let c = what.column();
        let done = sqlx::query(&format!(
            "UPDATE notify_due SET {c} = $3 WHERE user_id = $1 AND {c} = $2"
        ))
        .bind(id_in(user))
        .bind(at)
        .bind(next)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }
}

//! Followers of a match (its board's Follow button): who follows which match, and the
//! ones to tell that it ended. A follower is told once: the scheduler claims each
//! (`told_at`), so two processes never both send the message.

use crate::error::{Doing, db};
use crate::{MatchId, Millis, Result, Store, id_in, id_out};

impl Store {
    /// `user` follows match `id` from `now`. Returns whether they did not before.
    pub async fn follow(&self, id: MatchId, user: u64, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("following a match");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let done = sqlx::query(
            "INSERT INTO match_followers (match_id, user_id, followed_at) VALUES ($1, $2, $3) \
             ON CONFLICT (match_id, user_id) DO NOTHING",
        )
        .bind(id)
        .bind(id_in(user))
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// `user` stops following match `id`. Returns whether they followed it.
    pub async fn unfollow(&self, id: MatchId, user: u64) -> Result<bool> {
        const DOING: Doing = Doing::write("unfollowing a match");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let done = sqlx::query("DELETE FROM match_followers WHERE match_id = $1 AND user_id = $2")
            .bind(id)
            .bind(id_in(user))
            .execute(self.db())
            .await
            .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Up to `limit` (match, follower) pairs whose match has ended and who were not told
    /// yet, oldest match first.
    pub async fn followers_to_tell(&self, limit: i64) -> Result<Vec<(MatchId, u64)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT f.match_id, f.user_id FROM match_followers f \
             JOIN results r ON r.match_id = f.match_id \
             WHERE f.told_at IS NULL ORDER BY f.match_id, f.user_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading followers")))?;
        Ok(rows.into_iter().map(|(m, u)| (m, id_out(u))).collect())
    }

    /// Claims telling `user` that match `id` ended: `true` for the one caller that does.
    pub async fn claim_follower_told(&self, id: MatchId, user: u64, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("telling a follower");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let done = sqlx::query(
            "UPDATE match_followers SET told_at = $3 \
             WHERE match_id = $1 AND user_id = $2 AND told_at IS NULL",
        )
        .bind(id)
        .bind(id_in(user))
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }
}

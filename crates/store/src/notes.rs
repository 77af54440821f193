//! A player's private notes on a match (the panel's Notes button): one per player and
//! match, read only by its writer.

use crate::error::{Doing, db};
use crate::{MatchId, Millis, Result, Store, id_in};

impl Store {
    /// `user`'s private note on match `id` (`None`: none).
    pub async fn note(&self, id: MatchId, user: u64) -> Result<Option<String>> {
        sqlx::query_scalar("SELECT note FROM match_notes WHERE match_id = $1 AND user_id = $2")
            .bind(id)
            .bind(id_in(user))
            .fetch_optional(self.db())
            .await
            .map_err(db(Doing::read("reading a note")))
    }

    /// Saves `user`'s note on match `id` (an empty one deletes it).
    pub async fn set_note(&self, id: MatchId, user: u64, note: &str, now: Millis) -> Result<()> {
        const DOING: Doing = Doing::write("saving a note");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let q = if note.is_empty() {
            sqlx::query("DELETE FROM match_notes WHERE match_id = $1 AND user_id = $2")
                .bind(id)
                .bind(id_in(user))
        } else {
            sqlx::query(
                "INSERT INTO match_notes (match_id, user_id, note, updated_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (match_id, user_id) \
                 DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at",
            )
            .bind(id)
            .bind(id_in(user))
            .bind(note)
            .bind(now)
        };
        q.execute(self.db()).await.map_err(db(DOING))?;
        Ok(())
    }
}

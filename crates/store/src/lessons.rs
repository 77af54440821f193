//! `/clans learn`'s progress: each learner's lesson match and the lessons already
//! shown, as a set of bits the app defines (`app::learn::lessons`).

use super::error::db;
use super::{MatchId, Result, Store, id_in, id_out, now_ms};
use crate::error::Doing;

/// A learner's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lessons {
    pub user: u64,
    /// The lesson match (`None`: none started, or it was closed).
    pub match_id: Option<MatchId>,
    /// The lessons already shown, one bit each.
    pub seen: u64,
    /// The lesson whose move the learner's next input answers (its bit; 0: none).
    pub asked: u64,
}

type Row = (i64, Option<i64>, i64, i64);

fn lessons((user, match_id, seen, asked): Row) -> Lessons {
    Lessons {
        user: id_out(user),
        match_id,
        seen: seen as u64,
        asked: asked as u64,
    }
}

impl Store {
    /// The progress of `user` (`None`: they never began).
    pub async fn lessons(&self, user: u64) -> Result<Option<Lessons>> {
        const DOING: Doing = Doing::read("reading a learner's lessons");
        self.still_there(DOING)?;
        let row: Option<Row> =
            sqlx::query_as("SELECT user_id, match_id, seen, asked FROM lessons WHERE user_id = $1")
                .bind(id_in(user))
                .fetch_optional(self.db())
                .await
                .map_err(db(DOING))?;
        Ok(row.map(lessons))
    }

    /// The learner whose lesson match `match_id` is, with their progress.
    pub async fn lessons_of_match(&self, match_id: MatchId) -> Result<Option<Lessons>> {
        const DOING: Doing = Doing::read("reading a lesson match's learner");
        self.still_there(DOING)?;
        let row: Option<Row> = sqlx::query_as(
            "SELECT user_id, match_id, seen, asked FROM lessons WHERE match_id = $1",
        )
        .bind(match_id)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(row.map(lessons))
    }

    /// Makes `match_id` the lesson match of `user`, with the lessons `seen` so far and
    /// nothing asked.
    pub async fn start_lessons(&self, user: u64, match_id: MatchId, seen: u64) -> Result<()> {
        const DOING: Doing = Doing::write("saving a learner's lesson match");
        self.still_there(DOING)?;
        sqlx::query(
            "INSERT INTO lessons (user_id, match_id, seen, asked, updated_at) \
             VALUES ($1, $2, $3, 0, $4) \
             ON CONFLICT (user_id) DO UPDATE SET match_id = $2, seen = $3, asked = 0, \
             updated_at = $4",
        )
        .bind(id_in(user))
        .bind(match_id)
        .bind(seen as i64)
        .bind(now_ms())
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(())
    }

    /// Adds `bits` to the lessons `user` has seen, and makes `asked` the lesson whose
    /// move their next input answers.
    pub async fn lessons_shown(&self, user: u64, bits: u64, asked: u64) -> Result<()> {
        const DOING: Doing = Doing::write("saving the lessons seen");
        self.still_there(DOING)?;
        // One statement: bits marked at the same moment by another outcome are kept.
        sqlx::query(
            "UPDATE lessons SET seen = seen | $2, asked = $3, updated_at = $4 WHERE user_id = $1",
        )
        .bind(id_in(user))
        .bind(bits as i64)
        .bind(asked as i64)
        .bind(now_ms())
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(())
    }
}

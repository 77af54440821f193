//! Post-game analyses (`analyses`, `0009_analyses.sql`): computed once per finished
//! match and key, read back on every later request. The store keeps the body as the
//! caller's JSON: it does not know what an analysis holds (the AI crate does).

use super::error::db;
use super::{MatchId, Millis, Result, Store};
use crate::error::Doing;

impl Store {
    /// The analysis of `match_id` stored under `key`, if one is.
    pub async fn analysis(&self, match_id: MatchId, key: &str) -> Result<Option<String>> {
        sqlx::query_scalar("SELECT body FROM analyses WHERE match_id = $1 AND key = $2")
            .bind(match_id)
            .bind(key)
            .fetch_optional(self.db())
            .await
            .map_err(db(Doing::read("reading an analysis")))
    }

    /// Stores an analysis. A second one under the same key (two processes computed it
    /// at once) keeps the first: both are the same, as the key fixes how it is made.
    pub async fn put_analysis(
        &self,
        match_id: MatchId,
        key: &str,
        body: &str,
        at: Millis,
    ) -> Result<()> {
        self.still_there(Doing::write("saving an analysis"))?;
        sqlx::query(
            "INSERT INTO analyses (match_id, key, body, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (match_id, key) DO NOTHING",
        )
        .bind(match_id)
        .bind(key)
        .bind(body)
        .bind(at)
        .execute(self.db())
        .await
        .map_err(db(Doing::write("saving an analysis")))?;
        Ok(())
    }
}

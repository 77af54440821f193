//! The lists a player reads: active matches (a user's, a server's), a match's result,
//! and finished matches newest first (history, profiles, ratings).

use super::clans::rows::{MatchRow, SQL, seat_of};
use super::error::db;
use super::{
    HistoryEntry, MatchId, MatchInfo, MatchResult, Reason, Result, Seat, Setup, Store, StoreError,
    id_in, id_out,
};
use crate::error::Doing;
use sqlx::FromRow;

#[derive(Debug, FromRow)]
struct HistoryRow {
    #[sqlx(flatten)]
    r: ResultRow,
    guild_id: Option<i64>,
    seat0_user: Option<i64>,
    seat0_ai: Option<i64>,
    seat1_user: Option<i64>,
    seat1_ai: Option<i64>,
    setup: String,
}

#[derive(Debug, FromRow)]
struct ResultRow {
    match_id: i64,
    winner: Option<i64>,
    reason: String,
    inputs: i64,
    finished_at: i64,
}

impl ResultRow {
    fn decode(self) -> Result<MatchResult> {
        let match_id = self.match_id;
        let bad = |detail: String| StoreError::Corrupt { match_id, detail };
        Ok(MatchResult {
            match_id,
            winner: match self.winner {
                None => None,
                Some(w @ (0 | 1)) => Some(w as Seat),
                Some(w) => return Err(bad(format!("the result names seat {w} as winner"))),
            },
            reason: Reason::parse(&self.reason)
                .ok_or_else(|| bad(format!("unknown result reason `{}`", self.reason)))?,
            inputs: self.inputs,
            finished_at: self.finished_at,
        })
    }
}

impl Store {
    /// Active matches where `user` holds a seat, most recently moved first.
    pub async fn active_matches_of_user(&self, user: u64) -> Result<Vec<MatchInfo>> {
        self.active_matches(&SQL.active_of_user, user).await
    }

    /// Active matches in a server, most recently moved first.
    pub async fn active_matches_of_guild(&self, guild: u64) -> Result<Vec<MatchInfo>> {
        self.active_matches(&SQL.active_of_guild, guild).await
    }

    async fn active_matches(&self, sql: &str, id: u64) -> Result<Vec<MatchInfo>> {
        let rows: Vec<MatchRow> = sqlx::query_as(sql)
            .bind(id_in(id))
            .fetch_all(self.db())
            .await
            .map_err(db(Doing::read("reading matches")))?;
        // A damaged row is left out here (it is reported when that match is loaded).
        Ok(rows
            .into_iter()
            .filter_map(|r| r.into_info().ok())
            .collect())
    }

    /// The result of a finished match (`None` while it runs).
    pub async fn result(&self, id: MatchId) -> Result<Option<MatchResult>> {
        let row: Option<ResultRow> = sqlx::query_as(
            "SELECT match_id, winner, reason, inputs, finished_at FROM results WHERE match_id = $1",
        )
        .bind(id)
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a result")))?;
        row.map(ResultRow::decode).transpose()
    }

    /// Finished matches of a user, newest first (history and ratings).
    pub async fn history_of_user(&self, user: u64, limit: i64) -> Result<Vec<HistoryEntry>> {
        self.history("(m.seat0_user = $1 OR m.seat1_user = $1)", &[user], limit)
            .await
    }

    /// Finished matches of a user in one server, newest first (a public profile there).
    pub async fn history_of_user_in_guild(
        &self,
        user: u64,
        guild: u64,
        limit: i64,
    ) -> Result<Vec<HistoryEntry>> {
        self.history(
            "(m.seat0_user = $1 OR m.seat1_user = $1) AND m.guild_id = $2",
            &[user, guild],
            limit,
        )
        .await
    }

    /// Finished matches played in a server, newest first.
    pub async fn history_of_guild(&self, guild: u64, limit: i64) -> Result<Vec<HistoryEntry>> {
        self.history("m.guild_id = $1", &[guild], limit).await
    }

    /// `filter` names the `ids` as `$1, $2, ...`; the limit comes after them.
    async fn history(&self, filter: &str, ids: &[u64], limit: i64) -> Result<Vec<HistoryEntry>> {
        let sql = format!(
            "SELECT r.match_id, r.winner, r.reason, r.inputs, r.finished_at, m.guild_id, \
             m.seat0_user, m.seat0_ai, m.seat1_user, m.seat1_ai, m.setup \
             FROM results r JOIN matches m ON m.id = r.match_id \
             WHERE {filter} \
             ORDER BY r.finished_at DESC, r.match_id DESC LIMIT ${}",
            ids.len() + 1
        );
        let mut q = sqlx::query_as(&sql);
        for id in ids {
            q = q.bind(id_in(*id));
        }
        let rows: Vec<HistoryRow> = q
            .bind(limit)
            .fetch_all(self.db())
            .await
            .map_err(db(Doing::read("reading match history")))?;
        rows.into_iter()
            .map(|h| {
                let match_id = h.r.match_id;
                let bad = |detail: String| StoreError::Corrupt { match_id, detail };
                let setup: Setup = serde_json::from_str(&h.setup)
                    .map_err(|e| bad(format!("the setup is unreadable: {e}")))?;
                Ok(HistoryEntry {
                    seats: [
                        seat_of(h.seat0_user, h.seat0_ai).map_err(bad)?,
                        seat_of(h.seat1_user, h.seat1_ai).map_err(bad)?,
                    ],
                    clans: setup.clans,
                    guild: h.guild_id.map(id_out),
                    result: h.r.decode()?,
                })
            })
            .collect()
    }
}

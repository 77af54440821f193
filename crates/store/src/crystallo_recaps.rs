//! The morning recaps of the servers' Crystallo dailies: which (server, day) pairs have
//! finished dailies and no recap yet, and the claim that lets one process post one.

use crate::error::{Doing, db};
use crate::{Millis, Result, Store, id_in, id_out};

impl Store {
    /// The servers and days, from `since_day` on, with a finished daily (lessons and
    /// practice games have no day; the worldwide board, [`WORLD`](crate::crystallo::WORLD),
    /// has no channel of its own) and no recap claimed yet, oldest first.
    pub async fn crystallo_recaps_pending(&self, since_day: i64) -> Result<Vec<(u64, i64)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT DISTINCT g.guild_id, g.day FROM crystallo_games g \
             WHERE g.day >= $1 AND g.status = 'finished' AND g.guild_id IS NOT NULL \
             AND g.guild_id <> $2 \
             AND NOT EXISTS (SELECT 1 FROM crystallo_recaps r \
                             WHERE r.guild_id = g.guild_id AND r.day = g.day) \
             ORDER BY g.day, g.guild_id",
        )
        .bind(since_day)
        .bind(id_in(crate::crystallo::WORLD))
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading the crystallo recaps due")))?;
        Ok(rows.into_iter().map(|(g, d)| (id_out(g), d)).collect())
    }

    /// Claims the recap of `guild`'s daily of `day`: `true` for the one caller that
    /// inserted the row (it posts), `false` when it was claimed before.
    pub async fn claim_crystallo_recap(&self, guild: u64, day: i64, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("claiming a crystallo recap");
        self.still_there(DOING)?;
        let done = sqlx::query(
            "INSERT INTO crystallo_recaps (guild_id, day, posted_at) VALUES ($1, $2, $3) \
             ON CONFLICT (guild_id, day) DO NOTHING",
        )
        .bind(id_in(guild))
        .bind(day)
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }
}

//! Ratings in the store: updated inside the transaction that records a result (so a
//! result and its rating changes commit together or not at all), and read for the
//! leaderboard, profiles and the final post.

use super::error::db;
use super::{MatchId, MatchInfo, MatchResult, Millis, Player, Result, Store, id_in, id_out};
use crate::error::Doing;
use crate::game::Seat;
use crate::glicko::{self as ratings, Rating};
use sqlx::{AnyConnection, FromRow};

/// Where a rating counts: one server, or all servers together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    Global,
    Guild(u64),
}

impl Scope {
    /// The `scope` column: 0 for all servers (no Discord id is 0), else the server's id.
    fn key(self) -> i64 {
        match self {
            Scope::Global => 0,
            Scope::Guild(g) => id_in(g),
        }
    }

    fn of_key(k: i64) -> Scope {
        match k {
            0 => Scope::Global,
            g => Scope::Guild(id_out(g)),
        }
    }

    /// The scope a match's own posts speak of: its server, or all servers for a match
    /// outside any server. No Discord id is 0, so a guild 0 (a hand-made or test row)
    /// would share the global key: it counts as no server.
    pub fn of_match(guild: Option<u64>) -> Scope {
        guild
            .filter(|&g| g != 0)
            .map_or(Scope::Global, Scope::Guild)
    }
}

/// What one rated match did to one player's rating in one scope.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub match_id: MatchId,
    pub scope: Scope,
    pub seat: Seat,
    pub user: u64,
    pub clan: u8,
    pub won: bool,
    pub before: f64,
    pub after: f64,
    pub deviation: f64,
}

/// A player's rating in a scope, with the games it counts.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    pub user: u64,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
}

/// A player's rated games with one clan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClanRecord {
    pub clan: u8,
    pub games: i64,
    pub wins: i64,
}

#[derive(FromRow)]
struct RatingRow {
    user_id: i64,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
}

impl RatingRow {
    fn decode(self) -> PlayerRating {
        PlayerRating {
            user: id_out(self.user_id),
            rating: Rating::new(self.rating, self.deviation, self.volatility).sane(),
            games: self.games,
            wins: self.wins,
        }
    }
}

#[derive(FromRow)]
struct ChangeRow {
    match_id: i64,
    scope: i64,
    seat: i64,
    user_id: i64,
    clan: i64,
    won: i64,
    rating_before: f64,
    rating_after: f64,
    deviation_after: f64,
}

/// Rates a recorded result, inside its transaction: both players in the match's server
/// and across all servers. Nobody won (abandoned), or a player against herself: no
/// change. The AI's rating is fixed ([`ratings::ai`]) and never written.
pub(super) async fn rate_result(
    tx: &mut AnyConnection,
    info: &MatchInfo,
    r: &MatchResult,
) -> std::result::Result<(), sqlx::Error> {
    let Some(winner) = r.winner else {
        return Ok(());
    };
    if info.seats[0] == info.seats[1] {
        return Ok(());
    }
    // Read in the transaction, not from `info`: a hint given just before the last
    // input still keeps the match out of the ratings.
    let assisted: i64 = sqlx::query_scalar("SELECT assisted FROM matches WHERE id = $1")
        .bind(info.id)
        .fetch_one(&mut *tx)
        .await?;
    if assisted != 0 {
        return Ok(());
    }
    let mut scopes = vec![Scope::Global];
    if let server @ Scope::Guild(_) = Scope::of_match(info.guild) {
        scopes.push(server);
    }
    // Every row this match moves, locked in one global order (scope, then user), so
    // two results being recorded at once for the same players on PostgreSQL wait for
    // each other instead of deadlocking.
    let mut keys: Vec<(Scope, u64)> = scopes
        .iter()
        .flat_map(|&s| {
            info.seats
                .iter()
                .filter_map(move |p| p.user().map(|u| (s, u)))
        })
        .collect();
    keys.sort();
    let mut current = std::collections::HashMap::new();
    for &(scope, user) in &keys {
        current.insert((scope, user), lock(tx, scope, user, r.finished_at).await?);
    }
    for scope in scopes {
        let before = [0, 1].map(|s| match info.seats[s] {
            Player::User(u) => current[&(scope, u)],
            Player::Ai(level) => ratings::ai(level),
        });
        for seat in 0..2usize {
            let Player::User(user) = info.seats[seat] else {
                continue;
            };
            let won = seat == winner as usize;
            let after = ratings::rate(before[seat], before[1 - seat], f64::from(u8::from(won)));
            sqlx::query(
                "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, \
                 games = games + 1, wins = wins + $6, updated_at = $7 \
                 WHERE scope = $1 AND user_id = $2",
            )
            .bind(scope.key())
            .bind(id_in(user))
            .bind(after.rating)
            .bind(after.deviation)
            .bind(after.volatility)
            .bind(i64::from(won))
            .bind(r.finished_at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_changes (match_id, scope, seat, user_id, clan, won, \
                 rating_before, rating_after, deviation_after) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(r.match_id)
            .bind(scope.key())
            .bind(seat as i64)
            .bind(id_in(user))
            .bind(i64::from(info.setup.clans[seat]))
            .bind(i64::from(won))
            .bind(before[seat].rating)
            .bind(after.rating)
            .bind(after.deviation)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

/// A player's rating row in a scope, created at the starting rating if she has none,
/// and locked until the transaction ends (the upsert takes the row lock on PostgreSQL;
/// SQLite's write lock is already held).
async fn lock(
    tx: &mut AnyConnection,
    scope: Scope,
    user: u64,
    now: Millis,
) -> std::result::Result<Rating, sqlx::Error> {
    let new = Rating::NEW;
    let row: RatingRow = sqlx::query_as(
        "INSERT INTO ratings (scope, user_id, rating, deviation, volatility, games, wins, \
         updated_at) VALUES ($1, $2, $3, $4, $5, 0, 0, $6) \
         ON CONFLICT (scope, user_id) DO UPDATE SET updated_at = excluded.updated_at \
         RETURNING user_id, rating, deviation, volatility, games, wins",
    )
    .bind(scope.key())
    .bind(id_in(user))
    .bind(new.rating)
    .bind(new.deviation)
    .bind(new.volatility)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    Ok(row.decode().rating)
}

impl Store {
    /// A player's rating in a scope (`None`: no rated game there yet).
    pub async fn rating(&self, scope: Scope, user: u64) -> Result<Option<PlayerRating>> {
        let row: Option<RatingRow> = sqlx::query_as(
            "SELECT user_id, rating, deviation, volatility, games, wins FROM ratings \
             WHERE scope = $1 AND user_id = $2",
        )
        .bind(scope.key())
        .bind(id_in(user))
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a rating")))?;
        Ok(row.map(RatingRow::decode))
    }

    /// The best rated players of a scope, highest rating first.
    pub async fn leaderboard(&self, scope: Scope, limit: i64) -> Result<Vec<PlayerRating>> {
        let rows: Vec<RatingRow> = sqlx::query_as(
            "SELECT user_id, rating, deviation, volatility, games, wins FROM ratings \
             WHERE scope = $1 AND games > 0 ORDER BY rating DESC, user_id LIMIT $2",
        )
        .bind(scope.key())
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading the leaderboard")))?;
        Ok(rows.into_iter().map(RatingRow::decode).collect())
    }

    /// What a match did to its players' ratings (empty: not rated, or not finished).
    pub async fn rating_changes(&self, match_id: MatchId) -> Result<Vec<RatingChange>> {
        let rows: Vec<ChangeRow> = sqlx::query_as(
            "SELECT match_id, scope, seat, user_id, clan, won, rating_before, rating_after, \
             deviation_after FROM rating_changes WHERE match_id = $1 ORDER BY scope, seat",
        )
        .bind(match_id)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading rating changes")))?;
        Ok(rows
            .into_iter()
            .map(|c| RatingChange {
                match_id: c.match_id,
                scope: Scope::of_key(c.scope),
                seat: u8::from(c.seat == 1),
                user: id_out(c.user_id),
                clan: u8::try_from(c.clan).unwrap_or(u8::MAX),
                won: c.won == 1,
                before: c.rating_before,
                after: c.rating_after,
                deviation: c.deviation_after,
            })
            .collect())
    }

    /// A player's rated games and wins per clan in a scope, most played first.
    pub async fn clan_records(&self, scope: Scope, user: u64) -> Result<Vec<ClanRecord>> {
        // The casts: PostgreSQL sums integers as NUMERIC, which the Any driver cannot read.
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT clan, COUNT(*) AS games, CAST(SUM(won) AS BIGINT) AS wins \
             FROM rating_changes WHERE user_id = $1 AND scope = $2 \
             GROUP BY clan ORDER BY games DESC, clan",
        )
        .bind(id_in(user))
        .bind(scope.key())
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading a record")))?;
        Ok(rows
            .into_iter()
            .filter_map(|(clan, games, wins)| {
                Some(ClanRecord {
                    clan: u8::try_from(clan).ok()?,
                    games,
                    wins,
                })
            })
            .collect())
    }
}

//! Server leagues in the store: a league, its players, and its rounds' boards with
//! their matches (`0008_leagues.sql`). A round is claimed by a conditional update of
//! the league's round number in the transaction that writes its boards, so of two
//! processes (or a process and its restart) exactly one starts it; a board's match is
//! attached after it is created, again conditionally.

use super::error::db;
use super::tx::WriteTx;
use super::{MatchId, Millis, Result, Store, id_in, id_out};
use crate::error::Doing;
use crate::game::{Seat, Setup};
use sqlx::FromRow;

/// A league's id (the `leagues.id` column).
pub type LeagueId = i64;

/// How a league pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeagueFormat {
    RoundRobin,
    Swiss { rounds: u32 },
}

/// Which clan each player of a league match plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClanRule {
    /// Each player's clan chosen at joining (random if none was chosen).
    Free,
    /// Everybody plays this clan.
    Fixed(u8),
    /// Drawn for each match.
    Random,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeagueStatus {
    Open,
    Running,
    Finished,
    Cancelled,
}

impl LeagueStatus {
    fn as_str(self) -> &'static str {
        match self {
            LeagueStatus::Open => "open",
            LeagueStatus::Running => "running",
            LeagueStatus::Finished => "finished",
            LeagueStatus::Cancelled => "cancelled",
        }
    }
}

/// What [`Store::join_league`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeagueJoin {
    /// In, as one of `players`.
    Joined { players: usize },
    /// Already a player: nothing changed.
    Already,
    /// The league has its most players: nothing changed.
    Full,
    /// Started, finished or cancelled (or no such league): nothing changed.
    NotOpen,
}

/// A new league's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLeague {
    pub guild: u64,
    pub channel: u64,
    pub name: String,
    pub format: LeagueFormat,
    pub days_per_round: u32,
    pub clan_rule: ClanRule,
    pub created_by: u64,
}

/// A stored league.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct League {
    pub id: LeagueId,
    pub guild: u64,
    pub channel: u64,
    pub name: String,
    pub format: LeagueFormat,
    pub days_per_round: u32,
    pub clan_rule: ClanRule,
    pub status: LeagueStatus,
    /// The current round (0: not started).
    pub round: u32,
    pub round_deadline: Option<Millis>,
    pub created_by: u64,
}

/// A player of a league.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaguePlayer {
    pub user: u64,
    pub joined_at: Millis,
    pub clan: Option<u8>,
    pub left_at: Option<Millis>,
}

/// A board of a round to write: `seats[1]` `None` is a bye; `forfeit` the seat that
/// wins without a match (the other had left the league).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewBoard {
    pub seats: [u64; 2],
    pub bye: bool,
    pub forfeit: Option<Seat>,
}

/// What became of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardResult {
    /// Its match is not created yet, or still played.
    Pending,
    /// Decided: the winning seat, or nobody.
    Decided(Option<Seat>),
}

/// A stored board of a round with its match's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueBoard {
    pub round: u32,
    pub board: u32,
    pub seats: [u64; 2],
    pub bye: bool,
    pub match_id: Option<MatchId>,
    pub forfeit: Option<Seat>,
    pub result: BoardResult,
    /// Each seat's clan, once the match exists.
    pub clans: [Option<u8>; 2],
}

#[derive(FromRow)]
struct LeagueRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    name: String,
    format: String,
    swiss_rounds: Option<i64>,
    days_per_round: i64,
    clan_rule: String,
    clan: Option<i64>,
    status: String,
    round: i64,
    round_deadline: Option<i64>,
    created_by: i64,
}

impl LeagueRow {
    fn into_league(self) -> Result<League> {
        let bad = |what: &str| super::StoreError::Invalid(format!("league {}: {what}", self.id));
        let format = match (self.format.as_str(), self.swiss_rounds) {
            ("round_robin", _) => LeagueFormat::RoundRobin,
            ("swiss", Some(r)) => LeagueFormat::Swiss {
                rounds: u32::try_from(r).map_err(|_| bad("rounds"))?,
            },
            _ => return Err(bad("format")),
        };
        let clan_rule = match (self.clan_rule.as_str(), self.clan) {
            ("free", _) => ClanRule::Free,
            ("random", _) => ClanRule::Random,
            ("fixed", Some(c)) => ClanRule::Fixed(u8::try_from(c).map_err(|_| bad("clan"))?),
            _ => return Err(bad("clan rule")),
        };
        let status = match self.status.as_str() {
            "open" => LeagueStatus::Open,
            "running" => LeagueStatus::Running,
            "finished" => LeagueStatus::Finished,
            "cancelled" => LeagueStatus::Cancelled,
            _ => return Err(bad("status")),
        };
        Ok(League {
            id: self.id,
            guild: id_out(self.guild_id),
            channel: id_out(self.channel_id),
            name: self.name,
            format,
            days_per_round: u32::try_from(self.days_per_round).map_err(|_| bad("days"))?,
            clan_rule,
            status,
            round: u32::try_from(self.round).map_err(|_| bad("round"))?,
            round_deadline: self.round_deadline,
            created_by: id_out(self.created_by),
        })
    }
}

const LEAGUE_COLUMNS: &str = "id, guild_id, channel_id, name, format, swiss_rounds, \
     days_per_round, clan_rule, clan, status, round, round_deadline, created_by";

/// A league name as looked up: trimmed, case folded.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Store {
    /// Stores a new open league; `None` when the server has an open or running league
    /// of that name.
    pub async fn create_league(&self, new: &NewLeague, now: Millis) -> Result<Option<LeagueId>> {
        const DOING: Doing = Doing::write("saving a league");
        self.still_there(DOING)?;
        let (format, rounds) = match new.format {
            LeagueFormat::RoundRobin => ("round_robin", None),
            LeagueFormat::Swiss { rounds } => ("swiss", Some(i64::from(rounds))),
        };
        let (rule, clan) = match new.clan_rule {
            ClanRule::Free => ("free", None),
            ClanRule::Fixed(c) => ("fixed", Some(i64::from(c))),
            ClanRule::Random => ("random", None),
        };
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO leagues (guild_id, channel_id, name, name_key, format, swiss_rounds, \
             days_per_round, clan_rule, clan, status, round, created_by, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', 0, $10, $11, $11) \
             ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(id_in(new.guild))
        .bind(id_in(new.channel))
        .bind(new.name.trim())
        .bind(name_key(&new.name))
        .bind(format)
        .bind(rounds)
        .bind(i64::from(new.days_per_round))
        .bind(rule)
        .bind(clan)
        .bind(id_in(new.created_by))
        .bind(now)
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(id)
    }

    /// The server's open or running league called `name` (any case).
    pub async fn league_by_name(&self, guild: u64, name: &str) -> Result<Option<League>> {
        let row: Option<LeagueRow> = sqlx::query_as(&format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues \
             WHERE guild_id = $1 AND name_key = $2 AND status IN ('open', 'running')"
        ))
        .bind(id_in(guild))
        .bind(name_key(name))
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a league")))?;
        row.map(LeagueRow::into_league).transpose()
    }

    /// A league by id, whatever its status.
    pub async fn league(&self, id: LeagueId) -> Result<Option<League>> {
        let row: Option<LeagueRow> = sqlx::query_as(&format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a league")))?;
        row.map(LeagueRow::into_league).transpose()
    }

    /// The server's most recent leagues (any status), newest first: where
    /// `/clans league standings` looks for a finished one.
    pub async fn leagues_of_guild(&self, guild: u64, limit: i64) -> Result<Vec<League>> {
        let rows: Vec<LeagueRow> = sqlx::query_as(&format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = $1 ORDER BY id DESC LIMIT $2"
        ))
        .bind(id_in(guild))
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading leagues")))?;
        rows.into_iter().map(LeagueRow::into_league).collect()
    }

    /// Every running league (the scheduler looks at each once a tick; a damaged row is
    /// skipped and logged by the caller's read of it).
    pub async fn running_leagues(&self) -> Result<Vec<LeagueId>> {
        sqlx::query_scalar("SELECT id FROM leagues WHERE status = 'running' ORDER BY id")
            .fetch_all(self.db())
            .await
            .map_err(db(Doing::read("reading leagues")))
    }

    /// Adds `user` to an open league of at most `most` players. Decided in one
    /// transaction that first locks the league's row, so joins at once (two bot
    /// processes, PostgreSQL) count each other and never pass the cap.
    pub async fn join_league(
        &self,
        id: LeagueId,
        user: u64,
        clan: Option<u8>,
        now: Millis,
        most: usize,
    ) -> Result<LeagueJoin> {
        const DOING: Doing = Doing::write("joining a league");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        // The lock: PostgreSQL's row lock (a join waiting here reads the players again
        // once the other commits), SQLite's write lock.
        let open =
            sqlx::query("UPDATE leagues SET status = status WHERE id = $1 AND status = 'open'")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
        if open.rows_affected() == 0 {
            tx.rollback().await;
            return Ok(LeagueJoin::NotOpen);
        }
        let (players, mine): (i64, i64) = sqlx::query_as(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) \
             FROM league_players WHERE league_id = $1",
        )
        .bind(id)
        .bind(id_in(user))
        .fetch_one(&mut *tx)
        .await
        .map_err(db(DOING))?;
        let verdict = if mine > 0 {
            Some(LeagueJoin::Already)
        } else if players as usize >= most {
            Some(LeagueJoin::Full)
        } else {
            None
        };
        if let Some(verdict) = verdict {
            tx.rollback().await;
            return Ok(verdict);
        }
        sqlx::query(
            "INSERT INTO league_players (league_id, user_id, joined_at, clan) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(id_in(user))
        .bind(now)
        .bind(clan.map(i64::from))
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        tx.commit().await?;
        Ok(LeagueJoin::Joined {
            players: players as usize + 1,
        })
    }

    /// `user` leaves: from an open league the row goes; from a running one it stays,
    /// marked, so the rounds played keep their opponent. `false`: not a player (or
    /// already left).
    pub async fn leave_league(&self, id: LeagueId, user: u64, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("leaving a league");
        self.still_there(DOING)?;
        let gone = sqlx::query(
            "DELETE FROM league_players WHERE league_id = $1 AND user_id = $2 AND EXISTS \
             (SELECT 1 FROM leagues WHERE id = $1 AND status = 'open')",
        )
        .bind(id)
        .bind(id_in(user))
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        if gone.rows_affected() == 1 {
            return Ok(true);
        }
        let marked = sqlx::query(
            "UPDATE league_players SET left_at = $3 \
             WHERE league_id = $1 AND user_id = $2 AND left_at IS NULL",
        )
        .bind(id)
        .bind(id_in(user))
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(marked.rows_affected() == 1)
    }

    /// A league's players in join order (the ones who left too).
    pub async fn league_players(&self, id: LeagueId) -> Result<Vec<LeaguePlayer>> {
        let rows: Vec<(i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
            "SELECT user_id, joined_at, clan, left_at FROM league_players \
             WHERE league_id = $1 ORDER BY joined_at, user_id",
        )
        .bind(id)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading a league's players")))?;
        Ok(rows
            .into_iter()
            .map(|(user, joined_at, clan, left_at)| LeaguePlayer {
                user: id_out(user),
                joined_at,
                clan: clan.and_then(|c| u8::try_from(c).ok()),
                left_at,
            })
            .collect())
    }

    /// Starts round `round` (the league must be at `round - 1`, open or running) with
    /// `boards`, ending at `deadline`, in one transaction. `false`: another process (or
    /// an earlier run of this one) started it, or the league ended.
    pub async fn start_league_round(
        &self,
        id: LeagueId,
        round: u32,
        deadline: Millis,
        boards: &[NewBoard],
        now: Millis,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("starting a league round");
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let claimed = sqlx::query(
            "UPDATE leagues SET round = $2, round_deadline = $3, status = 'running', \
             updated_at = $4 WHERE id = $1 AND round = $5 AND status IN ('open', 'running')",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(deadline)
        .bind(now)
        .bind(i64::from(round) - 1)
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        if claimed.rows_affected() != 1 {
            tx.rollback().await;
            return Ok(false);
        }
        for (i, b) in boards.iter().enumerate() {
            sqlx::query(
                "INSERT INTO league_games (league_id, round, board, seat0, seat1, forfeit) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(i64::from(round))
            .bind(i as i64)
            .bind(id_in(b.seats[0]))
            .bind((!b.bye).then(|| id_in(b.seats[1])))
            .bind(b.forfeit.map(i64::from))
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Attaches the match created for a board. `false`: the board has one already.
    pub async fn set_league_match(
        &self,
        id: LeagueId,
        round: u32,
        board: u32,
        match_id: MatchId,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("saving a league match");
        self.still_there(DOING)?;
        let done = sqlx::query(
            "UPDATE league_games SET match_id = $4 \
             WHERE league_id = $1 AND round = $2 AND board = $3 AND match_id IS NULL",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .bind(match_id)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Decides a board without its match (a player left before it was created).
    pub async fn forfeit_league_board(
        &self,
        id: LeagueId,
        round: u32,
        board: u32,
        winner: Seat,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("saving a league forfeit");
        self.still_there(DOING)?;
        let done = sqlx::query(
            "UPDATE league_games SET forfeit = $4 \
             WHERE league_id = $1 AND round = $2 AND board = $3 AND match_id IS NULL \
             AND forfeit IS NULL",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .bind(i64::from(winner))
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Every board of a league, round by round, with its match's result and clans.
    pub async fn league_boards(&self, id: LeagueId) -> Result<Vec<LeagueBoard>> {
        #[allow(clippy::type_complexity)]
        let rows: Vec<(
            i64,
            i64,
            i64,
            Option<i64>,
            Option<i64>,
            Option<i64>,
            Option<String>,
            Option<String>,
            Option<i64>,
        )> = sqlx::query_as(
            "SELECT g.round, g.board, g.seat0, g.seat1, g.match_id, g.forfeit, \
             m.setup, m.status, r.winner \
             FROM league_games g LEFT JOIN matches m ON m.id = g.match_id \
             LEFT JOIN results r ON r.match_id = g.match_id \
             WHERE g.league_id = $1 ORDER BY g.round, g.board",
        )
        .bind(id)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading a league's rounds")))?;
        Ok(rows
            .into_iter()
            .map(
                |(round, board, s0, s1, match_id, forfeit, setup, status, winner)| {
                    let forfeit = forfeit.and_then(|f| Seat::try_from(f).ok());
                    let seat = |w: i64| Seat::try_from(w).ok();
                    let result = match (forfeit, status.as_deref()) {
                        (Some(f), _) => BoardResult::Decided(Some(f)),
                        (None, Some("finished")) => BoardResult::Decided(winner.and_then(seat)),
                        _ => BoardResult::Pending,
                    };
                    let clans = setup
                        .and_then(|s| serde_json::from_str::<Setup>(&s).ok())
                        .map_or([None, None], |s| s.clans.map(Some));
                    LeagueBoard {
                        round: round as u32,
                        board: board as u32,
                        seats: [id_out(s0), s1.map_or(id_out(s0), id_out)],
                        bye: s1.is_none(),
                        match_id,
                        forfeit,
                        result,
                        clans,
                    }
                },
            )
            .collect())
    }

    /// The league a match belongs to, with its round and board.
    pub async fn league_of_match(&self, match_id: MatchId) -> Result<Option<(LeagueId, u32)>> {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT league_id, round FROM league_games WHERE match_id = $1")
                .bind(match_id)
                .fetch_optional(self.db())
                .await
                .map_err(db(Doing::read("reading a match's league")))?;
        Ok(row.map(|(l, r)| (l, r as u32)))
    }

    /// Moves a league from `from` to `to` (finished, cancelled). `false`: it was not at
    /// `from` (another process moved it first).
    pub async fn set_league_status(
        &self,
        id: LeagueId,
        from: &[LeagueStatus],
        to: LeagueStatus,
        now: Millis,
    ) -> Result<bool> {
        const DOING: Doing = Doing::write("saving a league");
        self.still_there(DOING)?;
        let from: Vec<String> = from.iter().map(|s| format!("'{}'", s.as_str())).collect();
        let done = sqlx::query(&format!(
            "UPDATE leagues SET status = $2, updated_at = $3 WHERE id = $1 AND status IN ({})",
            from.join(", ")
        ))
        .bind(id)
        .bind(to.as_str())
        .bind(now)
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }
}

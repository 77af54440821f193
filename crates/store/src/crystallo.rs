//! Crystallo games (`/crystallo`): each game is its seed plus an append-only log of
//! inputs, with the state after the last one as a snapshot, saved like a Crystal Clans
//! match. A placement is one transaction that claims the game's next version first (an
//! optimistic lock: an old panel or a double click writes nothing and gets `Stale`),
//! applies the input with the Crystallo engine, appends it and rewrites the snapshot;
//! the game's result columns are filled in the same transaction that ends it.
//!
//! A daily is one per person per server per UTC day: a unique index makes the insert
//! that only one play can win, so two clicks or two processes never deal it twice.

use super::error::db;
use super::log::{Decided, Entry, GameKind, Logged};
use super::{Millis, Result, Store, StoreError, Subject, guarded, id_in, id_out};
use crate::error::Doing;
use crystal_clans_crystallo::deck::Deck;
use crystal_clans_crystallo::{Event, Input, RuleError, State, apply};
use sqlx::AnyConnection;

pub type GameId = i64;

/// A daily's day, a practice game or a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Days since 1970-01-01, UTC.
    Daily(i64),
    Practice,
    /// `/crystallo learn`'s guided game on the lesson deal: on no leaderboard, in no
    /// best score, listed as a lesson (column `lesson`, migration 0016).
    Lesson,
}

/// A new game to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGame {
    pub guild: Option<u64>,
    pub channel: u64,
    pub user: u64,
    pub kind: Kind,
    pub seed: u64,
}

/// How a finished game ended, as its row keeps it (for the leaderboard and the log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// `crystallo::Title::id`, `crystallo::Wealth::id`.
    pub title: String,
    pub wealth: String,
    pub score: i64,
    pub treasures: i64,
}

/// A stored game: its row and its state after `version` inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub id: GameId,
    pub guild: Option<u64>,
    pub channel: u64,
    pub user: u64,
    pub kind: Kind,
    pub seed: u64,
    pub version: i64,
    pub state: State,
    pub ending: Option<Ending>,
    pub created_at: Millis,
    pub updated_at: Millis,
}

/// A finished game as the leaderboard and the adventure log list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub id: GameId,
    pub guild: Option<u64>,
    pub user: u64,
    pub kind: Kind,
    pub ending: Ending,
    pub finished_at: Millis,
}

/// What a submit did.
#[derive(Debug)]
pub enum Submitted {
    Applied {
        game: Box<Game>,
        events: Vec<Event>,
    },
    /// The engine refused the input; nothing was written.
    Refused(RuleError),
}

/// The daily insert's answer.
#[derive(Debug)]
pub enum Daily {
    /// Dealt just now.
    New(Box<Game>),
    /// This person already has today's daily in this server (unfinished or not).
    Exists(Box<Game>),
}

type GameRow = (
    i64,
    Option<i64>,
    i64,
    i64,
    Option<i64>,
    i64,
    i64,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    i64,
    i64,
    i64,
);

const COLUMNS: &str = "id, guild_id, channel_id, user_id, day, seed, version, state, status, \
     title, wealth, score, treasures, created_at, updated_at, lesson";

fn game(row: GameRow) -> Result<Game> {
    let (id, guild, channel, user, day, seed, version, state, status, title, wealth, score, t) = (
        row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11,
        row.12,
    );
    let corrupt = |detail: String| StoreError::Corrupt {
        match_id: id,
        detail: format!("crystallo game: {detail}"),
    };
    let state: State = serde_json::from_str(&state).map_err(|e| corrupt(e.to_string()))?;
    let ending = match (status.as_str(), title, wealth, score, t) {
        ("active", ..) => None,
        ("finished", Some(title), Some(wealth), Some(score), Some(treasures)) => Some(Ending {
            title,
            wealth,
            score,
            treasures,
        }),
        _ => return Err(corrupt(format!("status {status} without its result"))),
    };
    Ok(Game {
        id,
        guild: guild.map(id_out),
        channel: id_out(channel),
        user: id_out(user),
        kind: match (day, row.15) {
            (Some(d), _) => Kind::Daily(d),
            (None, 0) => Kind::Practice,
            (None, _) => Kind::Lesson,
        },
        seed: seed as u64,
        version,
        state,
        ending,
        created_at: row.13,
        updated_at: row.14,
    })
}

fn ending_of(state: &State) -> Option<Ending> {
    state.outcome().map(|o| Ending {
        title: o.title.id().to_string(),
        wealth: o.wealth.id().to_string(),
        score: o.score.into(),
        treasures: o.treasure.into(),
    })
}

fn day_of(kind: Kind) -> Option<i64> {
    match kind {
        Kind::Daily(d) => Some(d),
        Kind::Practice | Kind::Lesson => None,
    }
}

/// The server id of the worldwide daily's board (`/crystallo daily global:True`): one
/// deal a UTC day for everyone who opts in, in any server or DM, with its own
/// leaderboard. No Discord server has id 0 (ids count milliseconds since 2015), so its
/// games are stored and counted like a server's daily: one per person and day.
pub const WORLD: u64 = 0;

/// The UTC day (days since 1970-01-01) of a time.
pub fn utc_day(at: Millis) -> i64 {
    at.div_euclid(86_400_000)
}

/// When a UTC day ends (its daily's picture is no spoiler after that).
pub fn day_end(day: i64) -> Millis {
    (day + 1) * 86_400_000
}

/// The engine's deal, guarded: a panic there is a bug to report, not a crashed handler.
fn deal(seed: u64) -> Result<State> {
    guarded(|| State::deal(&Deck::provisional(), seed).0)
        .map_err(|e| StoreError::Setup(format!("the crystallo deal of seed {seed} failed: {e}")))
}

impl Store {
    /// Deals and stores a new game. A daily that this person already has in this server
    /// that day is not dealt again: `Daily::Exists` returns it.
    pub async fn create_crystallo(&self, new: NewGame, now: Millis) -> Result<Daily> {
        const DOING: Doing = Doing::write("starting a crystallo game");
        self.still_there(DOING)?;
        let state = deal(new.seed)?;
        let json = serde_json::to_string(&state).map_err(|e| StoreError::Setup(e.to_string()))?;
        let _turn = self.write_turn(DOING).await?;
        // One statement, its own transaction: the unique index decides, so two clicks or
        // two processes never deal one person's daily twice, and no read comes before
        // the write (a SQLite transaction that reads first cannot always write after).
        let inserted: Option<GameRow> = sqlx::query_as(&format!(
            "INSERT INTO crystallo_games (guild_id, channel_id, user_id, day, seed, version, \
             state, status, created_at, updated_at, lesson) \
             VALUES ($1, $2, $3, $4, $5, 0, $6, 'active', $7, $7, $8) \
             ON CONFLICT (guild_id, user_id, day) DO NOTHING RETURNING {COLUMNS}"
        ))
        .bind(new.guild.map(id_in))
        .bind(id_in(new.channel))
        .bind(id_in(new.user))
        .bind(day_of(new.kind))
        .bind(new.seed as i64)
        .bind(json)
        .bind(now)
        .bind(i64::from(new.kind == Kind::Lesson))
        .fetch_optional(self.db())
        .await
        .map_err(db(DOING))?;
        drop(_turn);
        match (inserted, new.kind) {
            (Some(row), _) => Ok(Daily::New(Box::new(game(row)?))),
            (None, Kind::Daily(day)) => match self.crystallo_daily(new.guild, new.user, day).await?
            {
                Some(g) => Ok(Daily::Exists(Box::new(g))),
                None => Err(StoreError::Invalid("a crystallo daily collided".into())),
            },
            (None, Kind::Practice | Kind::Lesson) => {
                Err(StoreError::Invalid("a practice game collided".into()))
            }
        }
    }

    pub async fn crystallo_game(&self, id: GameId) -> Result<Game> {
        let row: Option<GameRow> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM crystallo_games WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a crystallo game")))?;
        game(row.ok_or(StoreError::NotFound(id))?)
    }

    /// This person's daily of `day` in this server, if dealt.
    pub async fn crystallo_daily(
        &self,
        guild: Option<u64>,
        user: u64,
        day: i64,
    ) -> Result<Option<Game>> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading a crystallo game")))?;
        daily_in(&mut conn, guild, user, day).await
    }

    /// The seed of a daily already dealt in `guild` on `day`, by anyone.
    pub async fn crystallo_daily_seed(&self, guild: u64, day: i64) -> Result<Option<u64>> {
        let seed: Option<i64> = sqlx::query_scalar(
            "SELECT seed FROM crystallo_games WHERE guild_id = $1 AND day = $2 \
             ORDER BY id LIMIT 1",
        )
        .bind(id_in(guild))
        .bind(day)
        .fetch_optional(self.db())
        .await
        .map_err(db(Doing::read("reading a crystallo game")))?;
        Ok(seed.map(|s| s as u64))
    }

    /// The player's unfinished games, newest first.
    pub async fn crystallo_active(&self, user: u64) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM crystallo_games WHERE user_id = $1 AND status = 'active' \
             ORDER BY id DESC"
        ))
        .bind(id_in(user))
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading crystallo games")))?;
        rows.into_iter().map(game).collect()
    }

    /// Plays `input` in game `id` at `expected_version` for its player `user`, saved as
    /// a match's move is (`log.rs`): one transaction that claims the next version,
    /// applies, appends, writes the snapshot and, when it ends, the result. A stale
    /// version, a finished game or someone else's game writes nothing.
    pub async fn submit_crystallo(
        &self,
        id: GameId,
        user: u64,
        expected_version: i64,
        input: Input,
        now: Millis,
    ) -> Result<Submitted> {
        let submit = CrystalloSubmit { user, now };
        self.submit_to_log(&submit, id, expected_version, &[input], DOING)
            .await
    }

    /// The logged inputs of game `id`, in order.
    pub async fn crystallo_inputs(&self, id: GameId) -> Result<Vec<Input>> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT seq, input FROM crystallo_inputs WHERE game_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading a crystallo game")))?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, (seq, json)) in rows.into_iter().enumerate() {
            if seq != i as i64 + 1 {
                return Err(StoreError::Corrupt {
                    match_id: id,
                    detail: format!("crystallo input {} missing", i + 1),
                });
            }
            out.push(
                serde_json::from_str(&json).map_err(|e| StoreError::Corrupt {
                    match_id: id,
                    detail: e.to_string(),
                })?,
            );
        }
        Ok(out)
    }

    /// The game replayed from its seed and its logged inputs (what `verify` compares
    /// with the snapshot).
    pub async fn crystallo_replay(&self, id: GameId) -> Result<State> {
        let g = self.crystallo_game(id).await?;
        let mut state = deal(g.seed)?;
        for (i, input) in self.crystallo_inputs(id).await?.into_iter().enumerate() {
            let detail = match guarded(|| apply(&mut state, input)) {
                Ok(Ok(_)) => continue,
                Ok(Err(refused)) => format!("is refused on replay: {refused}"),
                Err(panicked) => panicked,
            };
            return Err(StoreError::Corrupt {
                match_id: id,
                detail: format!("logged crystallo input #{}: {detail}", i + 1),
            });
        }
        Ok(state)
    }

    /// Ids of Crystallo games after `after`, in order, at most `limit` (`verify` pages
    /// through them).
    pub async fn crystallo_game_ids(&self, after: GameId, limit: i64) -> Result<Vec<GameId>> {
        sqlx::query_scalar("SELECT id FROM crystallo_games WHERE id > $1 ORDER BY id LIMIT $2")
            .bind(after)
            .bind(limit)
            .fetch_all(self.db())
            .await
            .map_err(db(Doing::read("reading crystallo games")))
    }

    /// Checks one Crystallo game as `verify` checks a match: its snapshot against the
    /// replay of its seed and inputs, its version against its log, its result against
    /// the replay's ending. A damaged game is a verdict, not an error.
    pub async fn verify_crystallo(&self, id: GameId) -> Result<super::Verdict> {
        use super::Verdict;
        let g = match self.crystallo_game(id).await {
            Ok(g) => g,
            Err(StoreError::Corrupt { detail, .. }) => return Ok(Verdict::Damaged { detail }),
            Err(e) => return Err(e),
        };
        let inputs = match self.crystallo_inputs(id).await {
            Ok(i) => i,
            Err(StoreError::Corrupt { detail, .. }) => return Ok(Verdict::Damaged { detail }),
            Err(e) => return Err(e),
        };
        let replayed = match self.crystallo_replay(id).await {
            Ok(s) => s,
            Err(StoreError::Corrupt { detail, .. }) => return Ok(Verdict::Damaged { detail }),
            Err(e) => return Err(e),
        };
        let mut problems = Vec::new();
        if g.version != inputs.len() as i64 {
            problems.push(format!(
                "the game is at version {} with {} inputs",
                g.version,
                inputs.len()
            ));
        }
        if g.state != replayed {
            problems.push("the snapshot differs from the replay".into());
        }
        if g.ending != ending_of(&replayed) {
            problems.push("the stored result differs from the replay's".into());
        }
        Ok(if problems.is_empty() {
            Verdict::Agrees
        } else {
            Verdict::Disagrees { problems }
        })
    }

    /// The finished dailies of `day` in a server, best score first (ties: who finished
    /// first).
    pub async fn crystallo_leaderboard(
        &self,
        guild: u64,
        day: i64,
        limit: i64,
    ) -> Result<Vec<Played>> {
        let rows: Vec<GameRow> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM crystallo_games \
             WHERE guild_id = $1 AND day = $2 AND status = 'finished' \
             ORDER BY score DESC, updated_at ASC, id ASC LIMIT $3"
        ))
        .bind(id_in(guild))
        .bind(day)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading the crystallo leaderboard")))?;
        rows.into_iter().map(|r| game(r).and_then(played)).collect()
    }

    /// A player's finished games, newest first (the adventure log; a lesson is there as
    /// `Kind::Lesson`). `guild`: in that server only (a log read in a server never lists
    /// games played elsewhere).
    pub async fn crystallo_log(
        &self,
        user: u64,
        guild: Option<u64>,
        limit: i64,
    ) -> Result<Vec<Played>> {
        let rows: Vec<GameRow> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM crystallo_games \
             WHERE user_id = $1 AND status = 'finished' AND ($2 = 0 OR guild_id = $2) \
             ORDER BY updated_at DESC, id DESC LIMIT $3"
        ))
        .bind(id_in(user))
        .bind(id_in(guild.unwrap_or(0)))
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading the crystallo log")))?;
        rows.into_iter().map(|r| game(r).and_then(played)).collect()
    }

    /// The days (UTC) on which a player finished a daily, newest first, and their best
    /// score of all finished games but lessons, in a server (or anywhere).
    pub async fn crystallo_record(
        &self,
        user: u64,
        guild: Option<u64>,
    ) -> Result<(Vec<i64>, Option<i64>)> {
        const DOING: Doing = Doing::read("reading the crystallo log");
        let days: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT day FROM crystallo_games \
             WHERE user_id = $1 AND day IS NOT NULL AND status = 'finished' \
             AND ($2 = 0 OR guild_id = $2) ORDER BY day DESC",
        )
        .bind(id_in(user))
        .bind(id_in(guild.unwrap_or(0)))
        .fetch_all(self.db())
        .await
        .map_err(db(DOING))?;
        let best: (Option<i64>,) = sqlx::query_as(
            "SELECT MAX(score) FROM crystallo_games \
             WHERE user_id = $1 AND status = 'finished' AND lesson = 0 \
             AND ($2 = 0 OR guild_id = $2)",
        )
        .bind(id_in(user))
        .bind(id_in(guild.unwrap_or(0)))
        .fetch_one(self.db())
        .await
        .map_err(db(DOING))?;
        Ok((days.into_iter().map(|d| d.0).collect(), best.0))
    }
}

fn played(g: Game) -> Result<Played> {
    let ending = g.ending.ok_or_else(|| StoreError::Corrupt {
        match_id: g.id,
        detail: "a finished crystallo game without its result".into(),
    })?;
    Ok(Played {
        id: g.id,
        guild: g.guild,
        user: g.user,
        kind: g.kind,
        ending,
        finished_at: g.updated_at,
    })
}

async fn daily_in(
    conn: &mut sqlx::AnyConnection,
    guild: Option<u64>,
    user: u64,
    day: i64,
) -> Result<Option<Game>> {
    // `guild_id = $1` never matches a NULL server: a daily needs one.
    let row: Option<GameRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM crystallo_games WHERE guild_id = $1 AND user_id = $2 AND day = $3"
    ))
    .bind(guild.map(id_in))
    .bind(id_in(user))
    .bind(day)
    .fetch_optional(conn)
    .await
    .map_err(db(Doing::read("reading a crystallo game")))?;
    row.map(game).transpose()
}

const DOING: Doing = Doing::write("saving a crystallo placement");

/// A placement as the log stores it (one player: no seat).
impl Entry for Input {
    fn seat(&self) -> Option<i64> {
        None
    }
    fn json(&self) -> String {
        serde_json::to_string(self).expect("an input serializes")
    }
}

/// A placement in `user`'s game at the caller's time `now` (a daily's day is the
/// caller's to say).
struct CrystalloSubmit {
    user: u64,
    now: Millis,
}

impl Logged for CrystalloSubmit {
    type Entry = Input;
    type Claimed = GameId;
    type Answer = Submitted;
    const GAME: GameKind = GameKind::Crystallo;

    fn now(&self) -> Millis {
        self.now
    }

    async fn claim(
        &self,
        tx: &mut AnyConnection,
        id: GameId,
        expected: i64,
        new_version: i64,
        now: Millis,
    ) -> Result<Option<GameId>> {
        let claimed = sqlx::query(
            "UPDATE crystallo_games SET version = $5, updated_at = $4 \
             WHERE id = $1 AND user_id = $2 AND version = $3 AND status = 'active'",
        )
        .bind(id)
        .bind(id_in(self.user))
        .bind(expected)
        .bind(now)
        .bind(new_version)
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?
        .rows_affected();
        Ok((claimed == 1).then_some(id))
    }

    async fn why_not(&self, store: &Store, id: GameId, expected: i64) -> StoreError {
        let g = match store.crystallo_game(id).await {
            Ok(g) => g,
            Err(e) => return e,
        };
        if g.user != self.user {
            StoreError::Invalid(format!("crystallo game {id} is not user {}'s", self.user))
        } else if g.ending.is_some() {
            StoreError::Finished(Subject::Crystallo(id))
        } else {
            StoreError::Stale {
                match_id: id,
                expected,
                current: g.version,
            }
        }
    }

    /// Applies the placement to the game as stored; writes its snapshot and, when the
    /// game ends, its result columns. A placement the engine refuses is an answer, not
    /// an error (the panel shows it), and writes nothing.
    async fn apply_and_write(
        &self,
        _: &Store,
        tx: &mut AnyConnection,
        id: GameId,
        inputs: &[Input],
        new_version: i64,
        now: Millis,
    ) -> Result<Decided<Submitted>> {
        let row: GameRow = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM crystallo_games WHERE id = $1"
        ))
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(db(DOING))?;
        let mut g = game(row)?;
        let mut events = Vec::new();
        for input in inputs {
            match guarded(|| apply(&mut g.state, *input)) {
                Ok(Ok(more)) => events.extend(more),
                Ok(Err(refused)) => return Ok(Decided::Refuse(Submitted::Refused(refused))),
                Err(detail) => {
                    return Err(StoreError::Corrupt {
                        match_id: id,
                        detail: format!("{detail} (on this crystallo game's snapshot)"),
                    });
                }
            }
        }
        g.version = new_version;
        g.updated_at = now;
        g.ending = ending_of(&g.state);
        let state_json = serde_json::to_string(&g.state).expect("a state serializes");
        let e = g.ending.clone();
        sqlx::query(
            "UPDATE crystallo_games SET state = $2, status = $3, title = $4, wealth = $5, \
             score = $6, treasures = $7 WHERE id = $1",
        )
        .bind(id)
        .bind(state_json)
        .bind(if e.is_some() { "finished" } else { "active" })
        .bind(e.as_ref().map(|e| e.title.clone()))
        .bind(e.as_ref().map(|e| e.wealth.clone()))
        .bind(e.as_ref().map(|e| e.score))
        .bind(e.as_ref().map(|e| e.treasures))
        .execute(&mut *tx)
        .await
        .map_err(db(DOING))?;
        Ok(Decided::Commit(Submitted::Applied {
            game: Box::new(g),
            events,
        }))
    }
}

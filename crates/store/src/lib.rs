//! The match store: the only module that speaks SQL.
//!
//! One code path for both backends through sqlx's Any driver: SQLite (the embedded
//! default, WAL mode) and PostgreSQL (several bot processes). The queries are written
//! once (`$1` placeholders, `ON CONFLICT ... DO UPDATE`, `RETURNING`: all understood
//! by both); the schema is in `migrations/sqlite/` and `migrations/postgres/`, embedded
//! and run when the store opens.
//!
//! Event-sourced: a match is its setup plus the append-only `inputs` log; `snapshots`
//! holds the state after the last input for fast loading. Every submit is one
//! transaction that claims the match's next version first (an optimistic lock: a caller
//! holding an old version writes nothing and gets `StoreError::Stale`), applies the
//! input with the engine, appends it and rewrites the snapshot.

mod absences;
mod analysis;
pub mod backup;
pub mod crystallo;
pub mod durability;
mod error;
pub mod glicko;
mod keys;
mod league;
mod maintenance;
mod notify;
mod ratings;
pub mod schema;
pub mod status;
mod takeback;
mod tx;
mod types;
mod verify;

pub use verify::cli as verify_cli;

pub mod child;

pub use absences::Absence;
pub use error::StoreError;
pub use league::{
    BoardResult, ClanRule, League, LeagueBoard, LeagueFormat, LeagueId, LeaguePlayer, LeagueStatus,
    NewBoard, NewLeague,
};
pub use maintenance::{DueCursor, Held, ReminderClaim};
pub use notify::Owed;
pub use ratings::{ClanRecord, PlayerRating, RatingChange, Scope};
pub use takeback::{
    Between, LogEntry, Request as TakebackRequest, StoredTakeback, Takeback, TakenBack,
};
pub use types::*;

// The engine, under the name the modules of this crate use for it.
use crystal_clans_engine::game;

use crate::game::{
    Event, Input, PLAYABLE_RULES_VERSIONS, RULES_VERSION, Rules, Seat, Setup, State,
};
use error::{db, db_row};
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, FromRow};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, LazyLock};
use std::time::Duration;
use tx::WriteTx;

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/postgres");

/// How long a PostgreSQL start waits for another one's migration (its advisory lock).
const MIGRATION_LOCK_TIMEOUT: &str = "SET lock_timeout = 60000";

/// Where matches go when `DATABASE_URL` is unset: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://crystal-clans.db";

/// Rules versions whose matches this engine replays as they were played. A match stored
/// under one of them loads (by replaying its inputs when it is not the current version);
/// any other is refused with `StoreError::Incompatible`. Widen this only together with
/// the engine's promise that the older inputs still mean the same.
pub const REPLAYABLE_RULES_VERSIONS: &[u32] = &PLAYABLE_RULES_VERSIONS;

/// Rows per multi-row `INSERT` when several inputs are appended at once.
const INSERT_CHUNK: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// SQLite's durability of a commit. PostgreSQL is always durable (its own settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = FULL`: every commit is on disk before it returns (survives a
    /// power cut). The default.
    Full,
    /// `synchronous = NORMAL`: a commit survives a crash of the process but the last
    /// ones may be lost in a power cut. For bulk work (benchmarks, imports, tests).
    Normal,
}

#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// `sqlite://path.db` or `postgres://user:password@host/db`.
    pub url: String,
    pub max_connections: u32,
    pub durability: Durability,
    /// How long a SQLite writer waits for the lock, and how long any caller waits for
    /// a pooled connection, before giving up with `Unavailable`.
    pub busy_timeout: Duration,
    /// See [`REPLAYABLE_RULES_VERSIONS`].
    pub replayable_rules_versions: Vec<u32>,
    /// Create a SQLite file that does not exist yet (the bot), or refuse (`verify`).
    pub create: bool,
    /// Bring the schema up to this build's migrations (the bot), or leave it as it is
    /// (`verify`: see [`Store::schema`]).
    pub migrate: bool,
    /// Open for reading only (`verify` without `--rearm`): SQLite's `mode=ro`, a
    /// PostgreSQL session whose transactions are read only. Works against a database
    /// that refuses writes.
    pub read_only: bool,
}

impl StoreOptions {
    pub fn new(url: impl Into<String>) -> StoreOptions {
        let url = url.into();
        let max_connections = match Backend::of_url(&url) {
            Some(Backend::Postgres) => 8,
            _ => 4,
        };
        StoreOptions {
            url,
            max_connections,
            durability: Durability::Full,
            busy_timeout: Duration::from_secs(5),
            replayable_rules_versions: REPLAYABLE_RULES_VERSIONS.to_vec(),
            create: true,
            migrate: true,
            read_only: false,
        }
    }

    /// `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`] when it is unset or empty.
    pub fn from_env() -> StoreOptions {
        StoreOptions::new(database_url_from_env())
    }
}

/// `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`].
pub fn database_url_from_env() -> String {
    match std::env::var("DATABASE_URL") {
        Ok(u) if !u.trim().is_empty() => u.trim().to_string(),
        _ => DEFAULT_DATABASE_URL.to_string(),
    }
}

/// The store. Cheap to clone (a pool and the rules behind `Arc`s).
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    rules: Arc<Rules>,
    replayable: Arc<Vec<u32>>,
    /// SQLite takes one writer at a time: this process's writers queue here instead of
    /// in SQLite's busy handler, which sleeps in steps of up to 100 ms between retries.
    write_gate: Arc<tokio::sync::Mutex<()>>,
    busy_timeout: Duration,
    /// How to open one connection outside the pool, to find out why the pool could not
    /// (`Store::diagnose`). The URL may hold a password: never printed.
    probe: Arc<Probe>,
    /// The SQLite file opened, checked before every write (`None`: PostgreSQL, memory).
    file: Option<Arc<durability::DbFile>>,
    /// The background WAL checkpoint (a writable SQLite file), stopped with the store.
    checkpointer: Option<Arc<durability::Checkpointer>>,
}

struct Probe {
    url: String,
    on_connect: &'static str,
    timeout: Duration,
}

impl Probe {
    /// Opens one connection and prepares it as the pool would; the cause if that fails.
    async fn run(&self) -> std::result::Result<(), String> {
        use sqlx::Connection;
        let attempt = async {
            let mut conn = AnyConnection::connect(&self.url).await?;
            sqlx::Executor::execute(&mut conn, self.on_connect).await?;
            conn.close().await
        };
        let cause = match tokio::time::timeout(self.timeout, attempt).await {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(e)) => error::describe(&e),
            // What makes each kind wait that long differs: say the one that fits.
            Err(_) if self.url.starts_with("sqlite:") => format!(
                "the database did not answer within {} ms (another process holding its \
                 lock, or a very slow disk)",
                self.timeout.as_millis()
            ),
            Err(_) => format!(
                "the database did not answer within {} ms (a firewall dropping packets, or \
                 a wrong host or port)",
                self.timeout.as_millis()
            ),
        };
        Err(format!("{}: {cause}", error::location(&self.url)))
    }
}

/// The current time in milliseconds since the Unix epoch.
pub fn now_ms() -> Millis {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as Millis)
        .unwrap_or(0)
}

/// Discord ids are u64; the columns are signed 64-bit. The bits are kept as they are
/// (every id round-trips; ids are only compared for equality).
fn id_in(x: u64) -> i64 {
    x as i64
}

fn id_out(x: i64) -> u64 {
    x as u64
}

/// Runs engine code so that a panic (which only a damaged state could cause) becomes an
/// error for this match instead of taking the process down.
fn guarded<T>(f: impl FnOnce() -> T) -> std::result::Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        format!("the engine panicked: {msg}")
    })
}

// ---- rows ---------------------------------------------------------------------------

const MATCH_COLUMNS: [&str; 20] = [
    "id",
    "guild_id",
    "channel_id",
    "thread_id",
    "seat0_user",
    "seat0_ai",
    "seat1_user",
    "seat1_ai",
    "pack_id",
    "pack_hash",
    "rules_version",
    "setup",
    "status",
    "version",
    "created_at",
    "updated_at",
    "remind_at",
    "timeout_at",
    "remind_minutes",
    "timeout_minutes",
];

fn match_columns(prefix: &str) -> String {
    MATCH_COLUMNS
        .iter()
        .map(|c| format!("{prefix}{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(Debug, FromRow)]
struct MatchRow {
    id: i64,
    guild_id: Option<i64>,
    channel_id: i64,
    thread_id: Option<i64>,
    seat0_user: Option<i64>,
    seat0_ai: Option<i64>,
    seat1_user: Option<i64>,
    seat1_ai: Option<i64>,
    pack_id: String,
    pack_hash: String,
    rules_version: i64,
    setup: String,
    status: String,
    version: i64,
    created_at: i64,
    updated_at: i64,
    remind_at: Option<i64>,
    timeout_at: Option<i64>,
    remind_minutes: Option<i64>,
    timeout_minutes: Option<i64>,
}

#[derive(Debug, FromRow)]
struct LoadRow {
    #[sqlx(flatten)]
    m: MatchRow,
    snap_version: Option<i64>,
    snap_state: Option<String>,
    #[sqlx(flatten)]
    log: LogEnds,
}

/// How many inputs a match's log holds and its last sequence number: read with every
/// load (an index range the size of one match), so a lost or missing input is noticed
/// before the match is shown or continued, not only by `verify`.
#[derive(Debug, FromRow)]
struct LogEnds {
    log_count: i64,
    log_last: Option<i64>,
}

impl LogEnds {
    fn check(&self, info: &MatchInfo) -> Result<()> {
        let last = self.log_last.unwrap_or(0);
        if self.log_count == info.version && last == info.version {
            return Ok(());
        }
        Err(StoreError::Corrupt {
            match_id: info.id,
            detail: format!(
                "the match is at version {} but its log holds {} inputs ending at #{last}",
                info.version, self.log_count
            ),
        })
    }
}

#[derive(Debug, FromRow)]
struct SnapshotRow {
    version: i64,
    state: String,
    #[sqlx(flatten)]
    log: LogEnds,
}

/// The columns of [`LogEnds`] for the match `$1`: its log is its inputs and its
/// takebacks together (`takeback.rs`).
const LOG_ENDS: &str = "((SELECT COUNT(*) FROM inputs WHERE match_id = $1) \
     + (SELECT COUNT(*) FROM takebacks WHERE match_id = $1)) AS log_count, \
     (SELECT MAX(seq) FROM (SELECT seq FROM inputs WHERE match_id = $1 \
     UNION ALL SELECT seq FROM takebacks WHERE match_id = $1) AS entries) AS log_last";

#[derive(Debug, FromRow)]
struct InputRow {
    seq: i64,
    seat: i64,
    input: String,
    at: i64,
}

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

/// A stored minute count; a negative or oversized one (a hand-edited row) means none.
fn minutes(m: Option<i64>) -> Option<u32> {
    m.and_then(|m| u32::try_from(m).ok())
}

fn seat_of(user: Option<i64>, ai: Option<i64>) -> std::result::Result<Player, String> {
    match (user, ai) {
        (Some(u), None) => Ok(Player::User(id_out(u))),
        (None, Some(level)) => u8::try_from(level)
            .map(Player::Ai)
            .map_err(|_| format!("AI level {level} is out of range")),
        _ => Err("a seat must hold exactly one of a user and an AI level".into()),
    }
}

fn seat_cols(p: Player) -> (Option<i64>, Option<i64>) {
    match p {
        Player::User(u) => (Some(id_in(u)), None),
        Player::Ai(level) => (None, Some(level as i64)),
    }
}

impl MatchRow {
    fn into_info(self) -> Result<MatchInfo> {
        let id = self.id;
        let bad = |detail: String| StoreError::Corrupt {
            match_id: id,
            detail,
        };
        let setup: Setup = serde_json::from_str(&self.setup)
            .map_err(|e| bad(format!("the setup is unreadable: {e}")))?;
        let status = match self.status.as_str() {
            "active" => Status::Active,
            "finished" => Status::Finished,
            s => return Err(bad(format!("unknown status `{s}`"))),
        };
        Ok(MatchInfo {
            id,
            guild: self.guild_id.map(id_out),
            channel: id_out(self.channel_id),
            thread: self.thread_id.map(id_out),
            seats: [
                seat_of(self.seat0_user, self.seat0_ai).map_err(&bad)?,
                seat_of(self.seat1_user, self.seat1_ai).map_err(&bad)?,
            ],
            pack_id: self.pack_id,
            pack_hash: self.pack_hash,
            rules_version: u32::try_from(self.rules_version)
                .map_err(|_| bad(format!("rules version {} is invalid", self.rules_version)))?,
            setup,
            status,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            terms: Terms {
                remind_minutes: minutes(self.remind_minutes),
                timeout_minutes: minutes(self.timeout_minutes),
            },
            deadlines: Deadlines {
                remind_at: self.remind_at,
                timeout_at: self.timeout_at,
            },
        })
    }
}

impl InputRow {
    fn decode(self, match_id: MatchId) -> Result<StoredInput> {
        let seq = self.seq;
        let seat = match self.seat {
            0 | 1 => self.seat as Seat,
            s => {
                return Err(StoreError::Corrupt {
                    match_id,
                    detail: format!("input #{seq} has seat {s}"),
                });
            }
        };
        let input = serde_json::from_str(&self.input).map_err(|e| StoreError::Corrupt {
            match_id,
            detail: format!("input #{seq} is not an input this engine knows ({e})"),
        })?;
        Ok(StoredInput {
            seq,
            seat,
            input,
            at: self.at,
        })
    }
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

// ---- SQL ----------------------------------------------------------------------------

struct Sql {
    load: String,
    select_match: String,
    snapshot: String,
    claim: String,
    claim_with_deadlines: String,
    active_of_user: String,
    active_of_guild: String,
    finish: String,
    finish_at_version: String,
}

static SQL: LazyLock<Sql> = LazyLock::new(|| {
    let bare = match_columns("");
    let m = match_columns("m.");
    Sql {
        load: format!(
            "SELECT {m}, s.version AS snap_version, s.state AS snap_state, {LOG_ENDS} \
             FROM matches m LEFT JOIN snapshots s ON s.match_id = m.id WHERE m.id = $1"
        ),
        select_match: format!("SELECT {bare} FROM matches WHERE id = $1"),
        snapshot: format!("SELECT version, state, {LOG_ENDS} FROM snapshots WHERE match_id = $1"),
        // Claiming the next version first takes the write lock (SQLite) or the row lock
        // (PostgreSQL) before anything is read, so two submits serialize here and the
        // second finds the version moved on. A match that moves was loadable after all:
        // the scheduler's set-aside marker (`held_at`) goes.
        claim: format!(
            "UPDATE matches SET version = $1, updated_at = $2, held_at = NULL, held_reason = NULL \
             WHERE id = $3 AND version = $4 AND status = 'active' RETURNING {bare}"
        ),
        claim_with_deadlines: format!(
            "UPDATE matches SET version = $1, updated_at = $2, remind_at = $5, timeout_at = $6, \
             held_at = NULL, held_reason = NULL, paused_at = NULL, paused_remind_ms = NULL, \
             paused_timeout_ms = NULL \
             WHERE id = $3 AND version = $4 AND status = 'active' RETURNING {bare}"
        ),
        active_of_user: format!(
            "SELECT {bare} FROM matches WHERE status = 'active' \
             AND (seat0_user = $1 OR seat1_user = $1) ORDER BY updated_at DESC, id DESC"
        ),
        active_of_guild: format!(
            "SELECT {bare} FROM matches WHERE status = 'active' AND guild_id = $1 \
             ORDER BY updated_at DESC, id DESC"
        ),
        // The whole row comes back: a result rates the players in its seats.
        finish: format!(
            "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL, \
             updated_at = $2 WHERE id = $1 AND status = 'active' RETURNING {bare}"
        ),
        finish_at_version: format!(
            "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL, \
             updated_at = $2 WHERE id = $1 AND status = 'active' AND version = $3 \
             RETURNING {bare}"
        ),
    }
});

// ---- the store ----------------------------------------------------------------------

impl Store {
    /// Opens (creating a SQLite file if needed) and migrates the database at `url`.
    pub async fn open(url: &str) -> Result<Store> {
        Store::open_with(StoreOptions::new(url)).await
    }

    /// Opens the database named by `DATABASE_URL` (default: `crystal-clans.db`).
    pub async fn open_from_env() -> Result<Store> {
        Store::open_with(StoreOptions::from_env()).await
    }

    pub async fn open_with(opts: StoreOptions) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(&opts.url).ok_or_else(|| StoreError::Unavailable {
            doing: "opening the database",
            detail: format!(
                "the database URL must start with sqlite:// or postgres:// (got `{}`)",
                redact_url(&opts.url)
            ),
        })?;
        let mut url = opts.url.clone();
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let path = sqlite_file(&url).filter(|_| !memory);
        if let Some(path) = &path
            && opts.create
            && !opts.read_only
        {
            durability::create_private(path).map_err(|e| StoreError::Unavailable {
                doing: "opening the database",
                detail: format!(
                    "{}: the database file cannot be opened (its folder is missing or not \
                     writable): {e}",
                    error::location(&opts.url)
                ),
            })?;
        }
        if backend == Backend::Sqlite && !url.contains("mode=") && !memory {
            url.push_str(if url.contains('?') { "&" } else { "?" });
            url.push_str(match (opts.read_only, opts.create) {
                (true, _) => "mode=ro",
                (false, true) => "mode=rwc",
                (false, false) => "mode=rw",
            });
        }
        let mut pool_opts = AnyPoolOptions::new()
            .max_connections(opts.max_connections.max(1))
            .acquire_timeout(opts.busy_timeout.max(Duration::from_secs(1)));
        if url.contains(":memory:") || url.contains("mode=memory") {
            // Each connection would open its own empty database: keep exactly one, forever
            // (for experiments; nothing survives the process).
            pool_opts = pool_opts
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        }
        let wait_ms = opts.busy_timeout.as_millis();
        let on_connect = match backend {
            Backend::Sqlite => format!(
                "PRAGMA busy_timeout = {wait_ms}; {}\
                 PRAGMA foreign_keys = ON; PRAGMA synchronous = {};",
                // Switching the journal is a write; a reader takes the file as it is.
                if opts.read_only {
                    ""
                } else {
                    "PRAGMA journal_mode = WAL; "
                },
                match opts.durability {
                    Durability::Full => "FULL",
                    Durability::Normal => "NORMAL",
                }
            ),
            // A row lock held too long (another process stuck mid-submit) becomes an
            // error for the caller instead of an endless wait.
            Backend::Postgres if opts.read_only => format!(
                "SET lock_timeout = {wait_ms}; \
                 SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"
            ),
            Backend::Postgres => format!("SET lock_timeout = {wait_ms}"),
        };
        // 'static for the connect hook (a few bytes per opened store).
        let on_connect: &'static str = Box::leak(on_connect.into_boxed_str());
        pool_opts = pool_opts.after_connect(move |conn: &mut AnyConnection, _| {
            Box::pin(async move {
                sqlx::Executor::execute(conn, on_connect).await?;
                Ok(())
            })
        });
        let probe = Arc::new(Probe {
            url: url.clone(),
            on_connect,
            timeout: opts.busy_timeout.max(Duration::from_secs(1)),
        });
        // The pool retries a failing connection until its timeout and then reports only
        // "pool timed out"; one plain connection first tells the real cause (not a
        // database, refused, unknown host, bad password).
        if !url.contains(":memory:") && !url.contains("mode=memory") {
            probe
                .run()
                .await
                .map_err(|detail| StoreError::Unavailable {
                    doing: "opening the database",
                    detail,
                })?;
        }
        let pool = pool_opts
            .connect(&url)
            .await
            .map_err(db("opening the database"))?;
        if opts.migrate && !opts.read_only {
            schema::migrate(&pool, backend, &url, opts.busy_timeout).await?;
        }
        let file = match &path {
            Some(path) => Some(Arc::new(durability::DbFile::of(path).map_err(|e| {
                StoreError::Unavailable {
                    doing: "opening the database",
                    detail: format!("{}: {e}", error::location(&opts.url)),
                }
            })?)),
            None => None,
        };
        let mut checkpointer = None;
        if let Some(file) = file.as_ref().filter(|_| !opts.read_only) {
            // The schema and whatever an earlier run left in the WAL go into the file
            // now, so the `.db` alone is a whole database from here on.
            if let Err(e) = durability::checkpoint_truncate(&pool).await {
                tracing::warn!("the WAL could not be checkpointed at open: {e}");
            }
            durability::tighten_side_files(file.path());
            checkpointer = Some(Arc::new(durability::Checkpointer::spawn(
                pool.clone(),
                file.clone(),
            )));
        }
        Ok(Store {
            pool,
            backend,
            rules: Arc::new(Rules::base()),
            replayable: Arc::new(opts.replayable_rules_versions),
            write_gate: Arc::default(),
            busy_timeout: opts.busy_timeout,
            probe,
            file,
            checkpointer,
        })
    }

    /// Why the database cannot be used right now, found with a connection of its own
    /// (`None`: a connection opens and answers). For the operator's log after an
    /// `Unavailable` error, whose pool timeout alone does not say why.
    pub async fn diagnose(&self) -> Option<String> {
        self.probe.run().await.err()
    }

    /// Waits for this process's turn to write (SQLite only; PostgreSQL takes concurrent
    /// writers). Hold the guard until the transaction is committed.
    async fn write_turn(
        &self,
        doing: &'static str,
    ) -> Result<Option<tokio::sync::MutexGuard<'_, ()>>> {
        if self.backend != Backend::Sqlite {
            return Ok(None);
        }
        let turn = tokio::time::timeout(self.busy_timeout, self.write_gate.lock())
            .await
            .map_err(|_| StoreError::Unavailable {
                doing,
                detail: "the database is busy".into(),
            })?;
        // Every SQLite write transaction starts here: none goes into a removed file.
        self.still_there(doing)?;
        Ok(Some(turn))
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The connection pool, for tests and benchmarks that need raw SQL. The app never
    /// uses it: every query belongs in this module.
    #[doc(hidden)]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection, after copying the WAL into the database file (SQLite)
    /// so the file alone is the whole database. Later calls fail with `Unavailable`.
    pub async fn close(&self) {
        if self.checkpointer.is_some()
            && !self.pool.is_closed()
            && let Err(e) = self.checkpoint().await
        {
            tracing::warn!("the WAL could not be checkpointed at close: {e}");
        }
        self.pool.close().await;
    }

    /// `Gone` when the SQLite file was removed or replaced since the store opened it.
    fn still_there(&self, doing: &'static str) -> Result<()> {
        match &self.file {
            Some(file) => file.check(doing),
            None => Ok(()),
        }
    }

    // ---- matches --------------------------------------------------------------------

    /// Sets up a match with the engine and stores its setup and first snapshot
    /// (version 0). Returns it with the setup events (the opening hands and so on).
    pub async fn create_match(&self, new: NewMatch) -> Result<(Loaded, Vec<Event>)> {
        let rules = &*self.rules;
        let setup = new.setup.clone();
        let (state, events) = guarded(|| State::new(rules, setup))
            .and_then(|r| r)
            .map_err(StoreError::Setup)?;
        let setup_json = serde_json::to_string(&new.setup).expect("a setup serializes");
        let state_json = serde_json::to_string(&state).expect("a state serializes");
        let now = now_ms();
        let (s0u, s0a) = seat_cols(new.seats[0]);
        let (s1u, s1a) = seat_cols(new.seats[1]);
        let _turn = self.write_turn("saving a new match").await?;
        let mut tx = WriteTx::begin(&self.pool, "saving a new match").await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO matches (guild_id, channel_id, thread_id, seat0_user, seat0_ai, \
             seat1_user, seat1_ai, pack_id, pack_hash, rules_version, setup, status, version, \
             created_at, updated_at, remind_at, timeout_at, remind_minutes, timeout_minutes) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'active', 0, $12, $12, $13, $14, \
             $15, $16) \
             RETURNING id",
        )
        .bind(new.guild.map(id_in))
        .bind(id_in(new.channel))
        .bind(new.thread.map(id_in))
        .bind(s0u)
        .bind(s0a)
        .bind(s1u)
        .bind(s1a)
        .bind(&rules.pack.id)
        .bind(&rules.pack.hash)
        .bind(state.rules_version as i64)
        .bind(&setup_json)
        .bind(now)
        .bind(new.deadlines.remind_at)
        .bind(new.deadlines.timeout_at)
        .bind(new.terms.remind_minutes.map(i64::from))
        .bind(new.terms.timeout_minutes.map(i64::from))
        .fetch_one(&mut *tx)
        .await
        .map_err(db("saving a new match"))?;
        sqlx::query("INSERT INTO snapshots (match_id, version, state) VALUES ($1, 0, $2)")
            .bind(id)
            .bind(&state_json)
            .execute(&mut *tx)
            .await
            .map_err(db("saving a new match"))?;
        tx.commit().await?;
        let info = MatchInfo {
            id,
            guild: new.guild,
            channel: new.channel,
            thread: new.thread,
            seats: new.seats,
            pack_id: rules.pack.id.clone(),
            pack_hash: rules.pack.hash.clone(),
            rules_version: state.rules_version,
            setup: new.setup,
            status: Status::Active,
            version: 0,
            created_at: now,
            updated_at: now,
            terms: new.terms,
            deadlines: new.deadlines,
        };
        Ok((Loaded { info, state }, events))
    }

    /// The match without its state.
    pub async fn info(&self, id: MatchId) -> Result<MatchInfo> {
        let row: Option<MatchRow> = sqlx::query_as(&SQL.select_match)
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_row("reading a match", id))?;
        row.ok_or(StoreError::NotFound(id))?.into_info()
    }

    /// The match and its current state, from the snapshot (or, for a match stored under
    /// an older replayable rules version or another revision of the pack, by replaying
    /// its inputs).
    pub async fn load(&self, id: MatchId) -> Result<Loaded> {
        let mut conn = self.pool.acquire().await.map_err(db("reading a match"))?;
        let row = load_row(&mut conn, id).await?;
        let snapshot = (row.snap_version, row.snap_state);
        let info = row.m.into_info()?;
        row.log.check(&info)?;
        let state = self.current_state(&mut conn, &info, snapshot).await?;
        Ok(Loaded { info, state })
    }

    /// The state a submit continues from: the snapshot, or a replay where the snapshot
    /// was written by other rules or another revision of the pack.
    async fn current_state(
        &self,
        conn: &mut AnyConnection,
        info: &MatchInfo,
        snapshot: (Option<i64>, Option<String>),
    ) -> Result<State> {
        self.check_compatible(info)?;
        let id = info.id;
        // A match of an older rules version that this engine still plays goes on under
        // its own rules (its snapshot says which): only a changed pack needs a replay.
        if info.pack_hash != self.rules.pack.hash {
            // Another revision of the pack: only if nothing changed for this match.
            let inputs = read_inputs(conn, id).await?;
            let replayed = self.replay_inputs(info, &inputs)?;
            if parse_snapshot(info, snapshot)? != replayed {
                return Err(StoreError::Incompatible {
                    match_id: id,
                    detail: format!(
                        "the card pack changed since this match started (hash {} then, {} \
                         now) and the match no longer replays the same",
                        info.pack_hash, self.rules.pack.hash
                    ),
                });
            }
            return Ok(replayed);
        }
        let state = parse_snapshot(info, snapshot)?;
        // A snapshot that parses but holds nonsense would make the engine panic later:
        // check its card accounting and limits, and ask it what it waits for.
        guarded(|| {
            state.validate(&self.rules)?;
            state.pending();
            Ok::<(), String>(())
        })
        .and_then(|r| r)
        .map_err(|detail| StoreError::Corrupt {
            match_id: id,
            detail: format!("the snapshot is inconsistent: {detail}"),
        })?;
        Ok(state)
    }

    fn check_compatible(&self, info: &MatchInfo) -> Result<()> {
        if info.pack_id != self.rules.pack.id {
            return Err(StoreError::Incompatible {
                match_id: info.id,
                detail: format!(
                    "the match uses card pack `{}`; this engine has `{}`",
                    info.pack_id, self.rules.pack.id
                ),
            });
        }
        if !self.replayable.contains(&info.rules_version) {
            let when = if info.rules_version > RULES_VERSION {
                "a newer"
            } else {
                "an older"
            };
            return Err(StoreError::Incompatible {
                match_id: info.id,
                detail: format!(
                    "the match was played under rules version {} ({when} version); this engine \
                     runs version {RULES_VERSION} and cannot replay it",
                    info.rules_version
                ),
            });
        }
        Ok(())
    }

    /// Replays setup and inputs with the current engine, under the rules version the
    /// match is played by.
    fn replay_inputs(&self, info: &MatchInfo, log: &(Vec<StoredInput>, i64)) -> Result<State> {
        let (inputs, last) = (&log.0, log.1);
        let id = info.id;
        let bad = |detail: String| StoreError::Corrupt {
            match_id: id,
            detail,
        };
        let rules = &*self.rules;
        let setup = info.setup.clone();
        let version = info.rules_version;
        let (mut state, _) = guarded(|| State::new_under(rules, setup, version))
            .and_then(|r| r)
            .map_err(|e| bad(format!("the setup is refused by the engine: {e}")))?;
        let mut seq = 0;
        for inp in inputs {
            // Numbers skip only what takebacks undid (`read_inputs` checked the log).
            if inp.seq <= seq {
                return Err(bad(format!(
                    "the input log goes back from #{seq} to #{}",
                    inp.seq
                )));
            }
            seq = inp.seq;
            guarded(|| state.apply(rules, inp.seat, &inp.input))
                .map_err(|e| bad(format!("replaying input #{}: {e}", inp.seq)))?
                .map_err(|e| {
                    // Not the input itself: it may be a secret (a battle card not yet
                    // revealed), and this detail goes to the operator's log.
                    bad(format!(
                        "input #{} by seat {} is refused on replay: {e}",
                        inp.seq, inp.seat
                    ))
                })?;
        }
        if last != info.version {
            return Err(bad(format!(
                "the match is at version {} but its log ends at #{last}",
                info.version
            )));
        }
        Ok(state)
    }

    /// Applies one input as `seat`, if the match is still at `expected_version`: claims
    /// the next version, applies with the engine, appends the input, rewrites the
    /// snapshot, all in one transaction. A stale version, a refused input, a damaged
    /// match or a database failure write nothing.
    pub async fn submit(
        &self,
        id: MatchId,
        expected_version: i64,
        seat: Seat,
        input: &Input,
    ) -> Result<Submitted> {
        self.submit_many(id, expected_version, &[(seat, *input)], None)
            .await
    }

    /// Like [`Store::submit`] for several inputs in order (all or none), optionally
    /// setting the match's deadlines in the same transaction.
    pub async fn submit_many(
        &self,
        id: MatchId,
        expected_version: i64,
        inputs: &[(Seat, Input)],
        deadlines: Option<Deadlines>,
    ) -> Result<Submitted> {
        if inputs.is_empty() {
            return Err(StoreError::Invalid("no input to submit".into()));
        }
        const DOING: &str = "saving a move";
        let now = now_ms();
        let new_version = expected_version + inputs.len() as i64;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(&self.pool, DOING).await?;
        let done = self
            .apply_in(&mut tx, id, expected_version, inputs, deadlines, now)
            .await;
        match done {
            Ok(Some(submitted)) => {
                // The last input identifies this commit if its outcome must be checked.
                let last = &inputs[inputs.len() - 1].1;
                tx.commit_or_check(&self.pool, id, new_version, last, now)
                    .await?;
                Ok(submitted)
            }
            Ok(None) => {
                tx.rollback().await;
                Err(self.why_not_claimed(id, expected_version).await)
            }
            Err(e @ StoreError::Unavailable { .. }) => Err(e), // dropping `tx` closes it
            Err(e) => {
                tx.rollback().await;
                Err(e)
            }
        }
    }

    /// The body of a submit inside its transaction. `None`: the claim matched no row (a
    /// stale version, a finished or missing match); the caller finds out which after
    /// rolling back.
    async fn apply_in(
        &self,
        tx: &mut AnyConnection,
        id: MatchId,
        expected_version: i64,
        inputs: &[(Seat, Input)],
        deadlines: Option<Deadlines>,
        now: Millis,
    ) -> Result<Option<Submitted>> {
        const DOING: &str = "saving a move";
        let new_version = expected_version + inputs.len() as i64;
        let claimed = claim_version(tx, id, expected_version, new_version, deadlines, now, DOING);
        let Some(info) = claimed.await? else {
            return Ok(None);
        };
        let snap: Option<SnapshotRow> = sqlx::query_as(&SQL.snapshot)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_row(DOING, id))?;
        let Some(snap) = snap else {
            return Err(StoreError::Corrupt {
                match_id: id,
                detail: "the match has no snapshot".into(),
            });
        };
        snap.log.check(&info)?;
        let snapshot = (Some(snap.version), Some(snap.state));
        let mut state = self.current_state(tx, &info, snapshot).await?;
        let rules = &*self.rules;
        let mut events = Vec::new();
        for (seat, input) in inputs {
            let ev = guarded(|| state.apply(rules, *seat, input))
                .map_err(|detail| StoreError::Corrupt {
                    match_id: id,
                    detail,
                })?
                .map_err(|error| StoreError::Rules {
                    match_id: id,
                    error,
                })?;
            events.extend(ev);
        }
        for (k, chunk) in inputs.chunks(INSERT_CHUNK).enumerate() {
            let mut sql =
                String::from("INSERT INTO inputs (match_id, seq, seat, input, at) VALUES ");
            for i in 0..chunk.len() {
                let p = i * 5;
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&format!(
                    "(${}, ${}, ${}, ${}, ${})",
                    p + 1,
                    p + 2,
                    p + 3,
                    p + 4,
                    p + 5
                ));
            }
            let mut q = sqlx::query(&sql);
            for (i, (seat, input)) in chunk.iter().enumerate() {
                let seq = expected_version + (k * INSERT_CHUNK + i) as i64 + 1;
                q = q
                    .bind(id)
                    .bind(seq)
                    .bind(*seat as i64)
                    .bind(serde_json::to_string(input).expect("an input serializes"))
                    .bind(now);
            }
            q.execute(&mut *tx).await.map_err(db(DOING))?;
        }
        let state_json = serde_json::to_string(&state).expect("a state serializes");
        sqlx::query("UPDATE snapshots SET version = $1, state = $2 WHERE match_id = $3")
            .bind(new_version)
            .bind(&state_json)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?;
        if info.rules_version != state.rules_version || info.pack_hash != rules.pack.hash {
            // Continued under the current rules: from now on the snapshot is theirs.
            sqlx::query("UPDATE matches SET rules_version = $1, pack_hash = $2 WHERE id = $3")
                .bind(state.rules_version as i64)
                .bind(&rules.pack.hash)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?;
        }
        if deadlines.is_some() && state.winner.is_none() {
            // A turn that waits for an away player starts with its clock paused.
            let waiting: Vec<u64> = state
                .waiting()
                .iter()
                .filter_map(|&s| info.seats[s as usize].user())
                .collect();
            absences::pause_in(tx, id, &waiting, now).await?;
        }
        let mut result = None;
        if let Some(winner) = state.winner {
            let r = MatchResult {
                match_id: id,
                winner: Some(winner),
                reason: Reason::Win,
                inputs: new_version,
                finished_at: now,
            };
            mark_finished(tx, id).await.map_err(db(DOING))?;
            record_result(tx, Some(&info), &r)
                .await
                .map_err(db(DOING))?;
            result = Some(r);
        }
        Ok(Some(Submitted {
            version: new_version,
            events,
            state,
            result,
        }))
    }

    /// After a failed claim: why (read outside the transaction).
    async fn why_not_claimed(&self, id: MatchId, expected: i64) -> StoreError {
        let row: std::result::Result<Option<(i64, String)>, _> =
            sqlx::query_as("SELECT version, status FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await;
        match row {
            Err(e) => db("saving a move")(e),
            Ok(None) => StoreError::NotFound(id),
            Ok(Some((_, status))) if status != "active" => StoreError::Finished(id),
            Ok(Some((current, _))) => StoreError::Stale {
                match_id: id,
                expected,
                current,
            },
        }
    }

    /// Ends an active match that the engine has not ended: a resignation, a timeout
    /// (`winner` is the other seat) or an abandoned match (`winner` is `None`). With
    /// `expected_version`, only if no input was applied meanwhile (a timeout must lose
    /// against a move that just arrived).
    pub async fn finish(
        &self,
        id: MatchId,
        expected_version: Option<i64>,
        winner: Option<Seat>,
        reason: Reason,
    ) -> Result<MatchResult> {
        match (reason, winner) {
            (Reason::Win, _) => {
                return Err(StoreError::Invalid(
                    "a win is recorded by the move that wins".into(),
                ));
            }
            (Reason::Abandoned, Some(_)) => {
                return Err(StoreError::Invalid(
                    "an abandoned match has no winner".into(),
                ));
            }
            (Reason::Resign | Reason::Timeout, None) => {
                return Err(StoreError::Invalid(
                    "a resigned or timed-out match has a winner".into(),
                ));
            }
            (_, Some(w)) if w > 1 => {
                return Err(StoreError::Invalid(format!("there is no seat {w}")));
            }
            _ => {}
        }
        const DOING: &str = "finishing a match";
        let now = now_ms();
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(&self.pool, DOING).await?;
        let row: Option<MatchRow> = match expected_version {
            None => sqlx::query_as(&SQL.finish).bind(id).bind(now),
            Some(v) => sqlx::query_as(&SQL.finish_at_version)
                .bind(id)
                .bind(now)
                .bind(v),
        }
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_row(DOING, id))?;
        let Some(row) = row else {
            tx.rollback().await;
            return Err(self
                .why_not_claimed(id, expected_version.unwrap_or(-1))
                .await);
        };
        let r = MatchResult {
            match_id: id,
            winner,
            reason,
            inputs: row.version,
            finished_at: now,
        };
        let info = match (row.into_info(), winner) {
            (Ok(info), _) => Some(info),
            // Nobody won, so nothing is rated: a damaged row may still be abandoned.
            (Err(_), None) => None,
            (Err(e), Some(_)) => {
                tx.rollback().await;
                return Err(e);
            }
        };
        record_result(&mut tx, info.as_ref(), &r)
            .await
            .map_err(db(DOING))?;
        tx.commit().await?;
        Ok(r)
    }

    /// Sets the reminder and timeout of an active match. Returns false when the match is
    /// not active (finished or gone).
    pub async fn set_deadlines(&self, id: MatchId, deadlines: Deadlines) -> Result<bool> {
        self.still_there("saving deadlines")?;
        let done = sqlx::query(
            "UPDATE matches SET remind_at = $2, timeout_at = $3 \
             WHERE id = $1 AND status = 'active'",
        )
        .bind(id)
        .bind(deadlines.remind_at)
        .bind(deadlines.timeout_at)
        .execute(&self.pool)
        .await
        .map_err(db("saving deadlines"))?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives an active match new terms from `now`: its reminder and timeout, and
    /// deadlines counted from `now` (for a clock an absence has stopped, the time each
    /// deadline will have when it restarts). Returns false when the match is not active.
    pub async fn set_terms(&self, id: MatchId, terms: Terms, now: Millis) -> Result<bool> {
        const DOING: &str = "saving a match's terms";
        self.still_there(DOING)?;
        let d = terms.deadlines(now);
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(&self.pool, DOING).await?;
        let (mut changed, mut failed) = (0, None);
        for (sql, remind, timeout) in [
            (
                "UPDATE matches SET remind_minutes = $2, timeout_minutes = $3, \
                 remind_at = $4, timeout_at = $5 \
                 WHERE id = $1 AND status = 'active' AND paused_at IS NULL",
                d.remind_at,
                d.timeout_at,
            ),
            (
                "UPDATE matches SET remind_minutes = $2, timeout_minutes = $3, \
                 paused_remind_ms = $4, paused_timeout_ms = $5 \
                 WHERE id = $1 AND status = 'active' AND paused_at IS NOT NULL",
                d.remind_at.map(|t| t - now),
                d.timeout_at.map(|t| t - now),
            ),
        ] {
            let done = sqlx::query(sql)
                .bind(id)
                .bind(terms.remind_minutes.map(i64::from))
                .bind(terms.timeout_minutes.map(i64::from))
                .bind(remind)
                .bind(timeout)
                .execute(&mut *tx)
                .await
                .map_err(db_row(DOING, id));
            match done {
                Ok(done) => changed += done.rows_affected(),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        if let Some(e) = failed {
            tx.rollback().await;
            return Err(e);
        }
        tx.commit().await?;
        Ok(changed == 1)
    }

    /// Moves a match's posts into `thread` (made after the match, so that the player who
    /// accepted is answered before Discord's slow thread creation). Returns false when
    /// the match is gone.
    pub async fn set_thread(&self, id: MatchId, thread: u64) -> Result<bool> {
        self.still_there("saving a match's thread")?;
        let done = sqlx::query("UPDATE matches SET thread_id = $2 WHERE id = $1")
            .bind(id)
            .bind(id_in(thread))
            .execute(&self.pool)
            .await
            .map_err(db("saving a match's thread"))?;
        Ok(done.rows_affected() == 1)
    }

    /// Claims a challenge (by its public terms) for `user`: `Ok(false)` when it was
    /// already accepted or declined. The claim is what makes "accept" happen once, even
    /// with two clicks racing in two processes or a click after a restart.
    pub async fn claim_challenge(
        &self,
        challenge: &str,
        outcome: ChallengeOutcome,
        user: u64,
    ) -> Result<bool> {
        self.still_there("saving a challenge")?;
        let done = sqlx::query(
            "INSERT INTO challenge_claims (challenge, outcome, claimed_by, claimed_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (challenge) DO NOTHING",
        )
        .bind(challenge)
        .bind(outcome.as_str())
        .bind(id_in(user))
        .bind(now_ms())
        .execute(&self.pool)
        .await
        .map_err(db("saving a challenge"))?;
        Ok(done.rows_affected() == 1)
    }

    /// How a challenge was claimed, if it was.
    pub async fn challenge_claim(&self, challenge: &str) -> Result<Option<ChallengeOutcome>> {
        let outcome: Option<String> =
            sqlx::query_scalar("SELECT outcome FROM challenge_claims WHERE challenge = $1")
                .bind(challenge)
                .fetch_optional(&self.pool)
                .await
                .map_err(db("reading a challenge"))?;
        Ok(outcome.map(|o| {
            if o == "declined" {
                ChallengeOutcome::Declined
            } else {
                ChallengeOutcome::Accepted
            }
        }))
    }

    /// Gives a claimed challenge back (the match could not be created after all).
    pub async fn release_challenge(&self, challenge: &str) -> Result<()> {
        self.still_there("saving a challenge")?;
        sqlx::query("DELETE FROM challenge_claims WHERE challenge = $1")
            .bind(challenge)
            .execute(&self.pool)
            .await
            .map_err(db("saving a challenge"))?;
        Ok(())
    }

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
            .fetch_all(&self.pool)
            .await
            .map_err(db("reading matches"))?;
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
        .fetch_optional(&self.pool)
        .await
        .map_err(db("reading a result"))?;
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
            .fetch_all(&self.pool)
            .await
            .map_err(db("reading match history"))?;
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

    /// The inputs of a match still in force, in order (those a takeback undid are left
    /// out: [`Store::log`] has every entry): what replays the match.
    pub async fn inputs(&self, id: MatchId) -> Result<Vec<StoredInput>> {
        let mut conn = self.pool.acquire().await.map_err(db("reading inputs"))?;
        Ok(read_inputs(&mut conn, id).await?.0)
    }

    /// The match rebuilt from its setup and inputs alone (ignoring the snapshot).
    pub async fn replay(&self, id: MatchId) -> Result<Loaded> {
        let mut conn = self.pool.acquire().await.map_err(db("reading a match"))?;
        let row: Option<MatchRow> = sqlx::query_as(&SQL.select_match)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db_row("reading a match", id))?;
        let info = row.ok_or(StoreError::NotFound(id))?.into_info()?;
        self.check_compatible(&info)?;
        let inputs = read_inputs(&mut conn, id).await?;
        let state = self.replay_inputs(&info, &inputs)?;
        Ok(Loaded { info, state })
    }

    /// Deletes a match with its inputs, snapshot and result (a data-deletion request,
    /// or benchmark clean-up). Returns whether it existed.
    pub async fn delete_match(&self, id: MatchId) -> Result<bool> {
        self.still_there("deleting a match")?;
        let done = sqlx::query("DELETE FROM matches WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(db("deleting a match"))?;
        Ok(done.rows_affected() == 1)
    }

    /// Match ids after `after`, ascending (for walking every match in pages).
    pub async fn match_ids(&self, after: MatchId, limit: i64) -> Result<Vec<MatchId>> {
        sqlx::query_scalar("SELECT id FROM matches WHERE id > $1 ORDER BY id LIMIT $2")
            .bind(after)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
            .map_err(db("reading matches"))
    }

    /// Remembers a user's display name.
    pub async fn set_user_name(&self, user: u64, name: &str) -> Result<()> {
        self.still_there("saving a name")?;
        sqlx::query(
            "INSERT INTO user_names (user_id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, \
             updated_at = excluded.updated_at",
        )
        .bind(id_in(user))
        .bind(name)
        .bind(now_ms())
        .execute(&self.pool)
        .await
        .map_err(db("saving a name"))?;
        Ok(())
    }

    /// A user's last known display name.
    pub async fn user_name(&self, user: u64) -> Result<Option<String>> {
        sqlx::query_scalar("SELECT name FROM user_names WHERE user_id = $1")
            .bind(id_in(user))
            .fetch_optional(&self.pool)
            .await
            .map_err(db("reading a name"))
    }

    // ---- settings -------------------------------------------------------------------

    /// A server's settings (the defaults when none were saved).
    pub async fn guild_settings(&self, guild: u64) -> Result<GuildSettings> {
        self.get_settings("guild_settings", "guild_id", guild, "server")
            .await
    }

    pub async fn set_guild_settings(&self, guild: u64, settings: &GuildSettings) -> Result<()> {
        let json = serde_json::to_string(settings).expect("settings serialize");
        self.put_settings("guild_settings", "guild_id", guild, json)
            .await
    }

    /// A user's settings (the defaults when none were saved).
    pub async fn user_settings(&self, user: u64) -> Result<UserSettings> {
        self.get_settings("user_settings", "user_id", user, "user")
            .await
    }

    pub async fn set_user_settings(&self, user: u64, settings: &UserSettings) -> Result<()> {
        let json = serde_json::to_string(settings).expect("settings serialize");
        self.put_settings("user_settings", "user_id", user, json)
            .await
    }

    async fn get_settings<T: serde::de::DeserializeOwned + Default>(
        &self,
        table: &'static str,
        key: &'static str,
        id: u64,
        owner: &str,
    ) -> Result<T> {
        let sql = format!("SELECT settings FROM {table} WHERE {key} = $1");
        let json: Option<String> = sqlx::query_scalar(&sql)
            .bind(id_in(id))
            .fetch_optional(&self.pool)
            .await
            .map_err(db("reading settings"))?;
        match json {
            None => Ok(T::default()),
            Some(j) => serde_json::from_str(&j).map_err(|e| StoreError::BadSettings {
                owner: format!("{owner} {id}"),
                detail: e.to_string(),
            }),
        }
    }

    async fn put_settings(
        &self,
        table: &'static str,
        key: &'static str,
        id: u64,
        json: String,
    ) -> Result<()> {
        self.still_there("saving settings")?;
        let sql = format!(
            "INSERT INTO {table} ({key}, settings, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT ({key}) DO UPDATE SET settings = excluded.settings, \
             updated_at = excluded.updated_at"
        );
        sqlx::query(&sql)
            .bind(id_in(id))
            .bind(json)
            .bind(now_ms())
            .execute(&self.pool)
            .await
            .map_err(db("saving settings"))?;
        Ok(())
    }
}

/// A match row with its snapshot.
async fn load_row(conn: &mut AnyConnection, id: MatchId) -> Result<LoadRow> {
    let row: Option<LoadRow> = sqlx::query_as(&SQL.load)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_row("reading a match", id))?;
    row.ok_or(StoreError::NotFound(id))
}

async fn mark_finished(
    tx: &mut AnyConnection,
    id: MatchId,
) -> std::result::Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE matches SET status = 'finished', remind_at = NULL, timeout_at = NULL \
         WHERE id = $1",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Writes a result and what it does to the players' ratings (in the caller's
/// transaction: both commit or neither does). Without the match (`None`: a damaged row
/// being abandoned) nothing is rated.
async fn record_result(
    tx: &mut AnyConnection,
    info: Option<&MatchInfo>,
    r: &MatchResult,
) -> std::result::Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO results (match_id, winner, reason, inputs, finished_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(r.match_id)
    .bind(r.winner.map(|w| w as i64))
    .bind(r.reason.as_str())
    .bind(r.inputs)
    .bind(r.finished_at)
    .execute(&mut *tx)
    .await?;
    match info {
        Some(info) => ratings::rate_result(tx, info, r).await,
        None => Ok(()),
    }
}

/// The inputs in force, and the last number of the log (checked whole: no gap, each
/// takeback undoing inputs in force).
async fn read_inputs(conn: &mut AnyConnection, id: MatchId) -> Result<(Vec<StoredInput>, i64)> {
    let log = takeback::read_log(conn, id).await?;
    let part = log.in_force(id, 0, true)?;
    Ok((part.inputs, part.last))
}

fn parse_snapshot(info: &MatchInfo, snapshot: (Option<i64>, Option<String>)) -> Result<State> {
    let id = info.id;
    let bad = |detail: String| StoreError::Corrupt {
        match_id: id,
        detail,
    };
    let (Some(version), Some(json)) = snapshot else {
        return Err(bad("the match has no snapshot".into()));
    };
    if version != info.version {
        return Err(bad(format!(
            "the snapshot is of version {version} but the match is at version {}",
            info.version
        )));
    }
    serde_json::from_str(&json).map_err(|e| bad(format!("the snapshot is unreadable: {e}")))
}

/// The file of a `sqlite:` URL (`None` for another backend or an in-memory database).
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| path.into())
}

/// A database URL without its password, for messages.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Runs a future to completion on a fresh runtime (for the command-line tools).
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime starts")
        .block_on(f)
}

/// Claims the next version of match `id` in `tx`: moves it from `expected_version` to
/// `new_version` (setting its deadlines when given) if it is still active at
/// `expected_version`. The update takes the write lock (SQLite) or the row lock
/// (PostgreSQL) before anything is read, so concurrent writers serialize here and all
/// but the first get `None` having written nothing. Returns the match as it was, at
/// `expected_version`. Submits and takebacks both start with it.
pub(crate) async fn claim_version(
    tx: &mut AnyConnection,
    id: MatchId,
    expected_version: i64,
    new_version: i64,
    deadlines: Option<Deadlines>,
    now: Millis,
    doing: &'static str,
) -> Result<Option<MatchInfo>> {
    let claim = match deadlines {
        None => sqlx::query_as(&SQL.claim),
        Some(_) => sqlx::query_as(&SQL.claim_with_deadlines),
    }
    .bind(new_version)
    .bind(now)
    .bind(id)
    .bind(expected_version);
    let claim = match deadlines {
        Some(d) => claim.bind(d.remind_at).bind(d.timeout_at),
        None => claim,
    };
    let row: Option<MatchRow> = claim
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_row(doing, id))?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut info = row.into_info()?;
    info.version = expected_version;
    Ok(Some(info))
}

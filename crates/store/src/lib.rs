//! The match store: the only module that speaks SQL.
//!
//! One code path for both backends through sqlx's Any driver: SQLite (the embedded
//! default, WAL mode) and PostgreSQL (several bot processes). The queries are written
//! once (`$1` placeholders, `ON CONFLICT ... DO UPDATE`, `RETURNING`: all understood
//! by both); the schema is in `migrations/sqlite/` and `migrations/postgres/`, embedded
//! and run when the store opens.
//!
//! Event-sourced: a Crystal Clans match is its setup plus the append-only `inputs` log,
//! and a Crystallo game its seed plus `crystallo_inputs`; a snapshot holds the state
//! after the last input for fast loading. Both are saved by one event log (`log.rs`):
//! every submit is one transaction that claims the next version first (an optimistic
//! lock: a caller holding an old version writes nothing and gets `StoreError::Stale`),
//! applies the input with the game's engine, appends it and rewrites the snapshot.
//!
//! Where things are: this file holds [`Store`], the backends and the helpers every
//! module uses (ids, times, engine calls guarded against a panic, the SQLite writers'
//! queue); each concern is a further `impl Store` block of its own file: `open.rs`
//! (options, the pool, the probe that says why a connection fails), `schema.rs` (the
//! migrations), `log.rs` (the event log both games are saved by), `clans/` (a match:
//! its rows and shared SQL, create, load, replay, terms, deadlines, thread; its part of
//! the log and finishing it; takebacks), `crystallo.rs` (a Crystallo game), `lists.rs`
//! (active matches, results, history), `challenges.rs` (challenge claims),
//! `clock.rs` (how a forfeit is timed: per turn or a daily deadline), `settings.rs`
//! (display names, user and server settings), `ratings.rs`,
//! `absences.rs`, `notify.rs`, `league.rs`, `analysis.rs`, `keys.rs`, `moderation.rs` (moderators' actions and clock
//! controls), `forget.rs` (a player forgotten: `/clans forget-me`), `followers.rs` (who
//! follows a match), `notes.rs` (a player's notes on a match), `maintenance.rs`
//! (the scheduler's queries), `verify.rs` (both games), `status.rs`, `durability/`,
//! `backup.rs`, and the transactions in `tx.rs`.

mod absences;
mod analysis;
pub mod backup;
pub mod blocking;
mod challenges;
mod clans;
mod clock;
pub mod crystallo;
mod crystallo_recaps;
pub mod durability;
mod error;
mod followers;
mod forget;
pub mod glicko;
mod keys;
mod league;
mod lessons;
mod lists;
mod log;
mod maintenance;
mod moderation;
mod notes;
mod notify;
mod open;
mod ratings;
pub mod schema;
mod settings;
pub mod status;
mod trips;
mod tx;
mod types;
mod verify;

pub use clock::{Banks, Clock, DAILY_LEAST_HOURS, next_local_hour, zone};
pub use trips::{Counted, Trips};
pub use verify::{Finding, RearmOutcome, VerifyFailure, VerifySummary, verify_database};

pub use absences::{Absence, AbsenceStart, AwayAllowance};
pub use clans::takeback::{
    Between, Decline, LogEntry, Request as TakebackRequest, StoredTakeback, Takeback, TakenBack,
};
pub use error::{Doing, StoreError, Subject};
pub use forget::{Forgotten, PLACEHOLDER_LIMIT, is_placeholder};
pub use league::{
    BoardResult, ClanRule, League, LeagueBoard, LeagueFormat, LeagueId, LeagueJoin, LeaguePlayer,
    LeagueStatus, NewBoard, NewLeague,
};
pub use lessons::Lessons;
pub use log::GameKind;
pub use maintenance::{DueCursor, Held, ReminderClaim};
pub use moderation::{Decision, ModAction, Moderation, NewModeration};
pub use notify::Owed;
pub use open::{
    DEFAULT_DATABASE_URL, Durability, StoreOptions, database_url_from_env, redact_url, sqlite_file,
};
pub use ratings::{ClanRecord, PlayerRating, RatingChange, Scope};
pub use types::*;

// The engine, under the name the modules of this crate use for it.
use crystal_clans_engine::game;

use crate::game::{PLAYABLE_RULES_VERSIONS, RULES_VERSION, Rules, Seat, Setup};
use open::Probe;
use sqlx::AnyPool;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Rules versions whose matches this engine replays as they were played. A match stored
/// under one of them loads (by replaying its inputs when it is not the current version);
/// any other is refused with `StoreError::Incompatible`. Widen this only together with
/// the engine's promise that the older inputs still mean the same.
pub const REPLAYABLE_RULES_VERSIONS: &[u32] = &PLAYABLE_RULES_VERSIONS;

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
    /// What callers asked of the database, counted (`trips.rs`).
    trips: Arc<Trips>,
    /// The older revisions of the card pack that stored matches were started under,
    /// parsed once each (`Store::rules_of`).
    revisions: Arc<std::sync::Mutex<std::collections::HashMap<String, Arc<Rules>>>>,
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

impl Store {
    /// Waits for this process's turn to write (SQLite only; PostgreSQL takes concurrent
    /// writers). Hold the guard until the transaction is committed.
    async fn write_turn(&self, doing: Doing) -> Result<Option<tokio::sync::MutexGuard<'_, ()>>> {
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

    /// The counts of queries, transactions and replays so far (`trips.rs`).
    pub fn trips(&self) -> &Trips {
        &self.trips
    }

    /// The pool, for one query (or one connection's read), counted.
    fn db(&self) -> &AnyPool {
        self.trips.query();
        &self.pool
    }

    /// The pool, for one write transaction, counted.
    fn for_write(&self) -> &AnyPool {
        self.trips.transaction();
        &self.pool
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
    fn still_there(&self, doing: Doing) -> Result<()> {
        match &self.file {
            Some(file) => file.check(doing),
            None => Ok(()),
        }
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

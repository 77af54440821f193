//! The schema: brought up to this build's migrations when the bot opens the store, and
//! read without changing it for `status` and for `verify`, which never migrates (a
//! newer binary's `verify` would otherwise upgrade a live database under an older bot,
//! which then refuses to start).

use super::error::db;
use super::{Backend, Result, Store, StoreError};
use crate::error::Doing;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool};
use std::time::Duration;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/postgres");

/// How long a PostgreSQL start waits for another one's migration (its advisory lock).
const MIGRATION_LOCK_TIMEOUT: &str = "SET lock_timeout = 60000";

/// The schema of a database against this build's migrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    /// No tables of ours: never opened by the bot, or its schema was lost.
    Missing,
    /// Exactly this build's migrations.
    Current,
    /// Some of this build's migrations are not applied yet (the bot applies them when it
    /// starts).
    Older { applied: usize, known: usize },
    /// Migrations this build does not know are applied (a newer build opened it).
    Newer { unknown: usize },
}

impl Schema {
    /// Why a command that does not migrate refuses to go on (`None`: it may).
    pub fn refusal(self) -> Option<String> {
        match self {
            Schema::Current => None,
            Schema::Missing => Some(
                "the database has no schema (no tables of the bot's): it was never opened \
                 by the bot, or its schema was lost (for example a SQLite `-wal` file \
                 deleted or left behind by a copy); nothing was checked"
                    .into(),
            ),
            Schema::Older { applied, known } => Some(format!(
                "the database's schema is older than this build's ({applied} of its {known} \
                 migrations applied); this command never migrates: run the bot of this \
                 build once (it migrates when it starts), or use the build that matches \
                 the database"
            )),
            Schema::Newer { unknown } => Some(format!(
                "the database's schema is newer than this build's ({unknown} migrations \
                 this build does not know); use the build that matches the database"
            )),
        }
    }
}

/// Brings the schema up to this build's migrations.
pub(crate) async fn migrate(
    pool: &AnyPool,
    backend: Backend,
    url: &str,
    busy_timeout: Duration,
) -> Result<()> {
    let migrator = match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    };
    let migrated = match backend {
        Backend::Sqlite => migrator.run(pool).await,
        Backend::Postgres => {
            // Every start (several bot processes, parallel tests) queues on the
            // migrator's database-wide advisory lock, which can take longer than the
            // row-lock timeout of the store's connections: migrate on a connection of
            // its own that waits longer.
            let migrating = AnyPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(busy_timeout.max(Duration::from_secs(1)))
                .after_connect(|conn: &mut AnyConnection, _| {
                    Box::pin(async move {
                        sqlx::Executor::execute(conn, MIGRATION_LOCK_TIMEOUT).await?;
                        Ok(())
                    })
                })
                .connect(url)
                .await
                .map_err(db(Doing::write("migrating the database")))?;
            let migrated = migrator.run(&migrating).await;
            migrating.close().await;
            migrated
        }
    };
    migrated.map_err(|e| StoreError::Unavailable {
        doing: Doing::write("migrating the database"),
        detail: e.to_string(),
    })?;
    Ok(())
}

/// Applied migrations (of this build's, and unknown to it); `None` without the
/// migrations table.
pub(crate) async fn applied(
    conn: &mut AnyConnection,
    backend: Backend,
) -> std::result::Result<Option<(usize, usize)>, sqlx::Error> {
    let has_table = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'"
        }
    };
    let migrated: i64 = sqlx::query_scalar(has_table).fetch_one(&mut *conn).await?;
    if migrated == 0 {
        return Ok(None);
    }
    let versions: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = $1")
            .bind(true)
            .fetch_all(&mut *conn)
            .await?;
    let known = known_versions(backend);
    let ours = versions.iter().filter(|v| known.contains(v)).count();
    Ok(Some((ours, versions.len() - ours)))
}

pub(crate) fn known_versions(backend: Backend) -> Vec<i64> {
    match backend {
        Backend::Sqlite => SQLITE_MIGRATIONS.iter().map(|m| m.version).collect(),
        Backend::Postgres => POSTGRES_MIGRATIONS.iter().map(|m| m.version).collect(),
    }
}

/// The schema from [`applied`]'s counts.
pub(crate) fn classify(applied: Option<(usize, usize)>, backend: Backend) -> Schema {
    let known = known_versions(backend).len();
    match applied {
        None | Some((0, 0)) => Schema::Missing,
        Some((_, unknown)) if unknown > 0 => Schema::Newer { unknown },
        Some((ours, _)) if ours < known => Schema::Older {
            applied: ours,
            known,
        },
        Some(_) => Schema::Current,
    }
}

impl Store {
    /// The database's schema against this build's migrations, read only.
    pub async fn schema(&self) -> Result<Schema> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading the schema")))?;
        let found = applied(&mut conn, self.backend)
            .await
            .map_err(db(Doing::read("reading the schema")))?;
        Ok(classify(found, self.backend))
    }

    /// The highest match id ever handed out (0: no match was ever created), from
    /// SQLite's `sqlite_sequence` (the matches table is AUTOINCREMENT) or PostgreSQL's
    /// identity sequence: survives the matches' rows, so an empty table that once held
    /// matches tells lost (or deleted) matches from a new database.
    pub async fn matches_ever_created(&self) -> Result<i64> {
        let sql = match self.backend {
            Backend::Sqlite => {
                "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'matches'), 0)"
            }
            Backend::Postgres => {
                "SELECT COALESCE(pg_sequence_last_value(\
                 pg_get_serial_sequence('matches', 'id')::regclass), 0)"
            }
        };
        sqlx::query_scalar(sql)
            .fetch_one(self.db())
            .await
            .map_err(db(Doing::read("reading the match sequence")))
    }
}

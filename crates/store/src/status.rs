//! `crystal-clans status`: whether the store answers, whether its schema is the one this
//! build expects, whether it takes writes, and how much the bot has to do (active
//! matches, deadlines due). It creates no SQLite file and migrates nothing, so it can
//! run beside the bot (a container's HEALTHCHECK) or before it; its write probe is
//! rolled back and writes nothing.

use super::durability::{file_writable, probe_write};
use super::error::{describe, location};
use super::schema::{applied as applied_migrations, known_versions};
use super::{Backend, Millis, sqlite_file};
use serde::Serialize;
use sqlx::{AnyConnection, Connection};
use std::time::Duration;

/// What `status` found.
#[derive(Debug, Clone, Serialize)]
pub struct Health {
    /// Which database (never its password).
    pub database: String,
    pub backend: &'static str,
    /// Migrations this build has / the database has applied of them.
    pub migrations_known: usize,
    pub migrations_applied: usize,
    /// Applied migrations this build does not know (a newer build migrated the database).
    pub migrations_unknown: usize,
    pub active_matches: i64,
    /// Reminders and timeouts whose time has come (the scheduler is behind if this stays
    /// high).
    pub due_now: i64,
    /// Matches the scheduler set aside because they could not be loaded (`verify --all`).
    pub set_aside: i64,
    /// Why the store refuses writes (a read-only PostgreSQL, a read-only SQLite file);
    /// `None` when a rolled-back write went through (or the schema is missing, when
    /// there is nothing to write into yet).
    pub refuses_writes: Option<String>,
}

impl Health {
    /// The schema is exactly what this build expects.
    pub fn migrations_current(&self) -> bool {
        self.migrations_applied == self.migrations_known && self.migrations_unknown == 0
    }

    /// Why the bot cannot work on this store, one sentence each; empty when healthy.
    /// Every check that makes `status` fail adds its sentence here.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !self.migrations_current() {
            problems.push("the schema is not the one this build expects".to_string());
        }
        if let Some(why) = &self.refuses_writes {
            problems.push(format!("the store refuses writes: {why}"));
        }
        problems
    }
}

/// Connects once to `url` (within `timeout`) and reads the counts. `Err`: the store is
/// unreachable, with the database and the cause.
pub async fn health(url: &str, now: Millis, timeout: Duration) -> Result<Health, String> {
    sqlx::any::install_default_drivers();
    let database = location(url);
    let backend = Backend::of_url(url)
        .ok_or_else(|| "the database URL must start with sqlite:// or postgres://".to_string())?;
    let mut conn_url = url.to_string();
    if backend == Backend::Sqlite && !url.contains("mode=") {
        // Read only, and a missing file is an error rather than a new empty database.
        conn_url.push_str(if url.contains('?') { "&" } else { "?" });
        conn_url.push_str("mode=ro");
    }
    let read = async {
        let mut conn = AnyConnection::connect(&conn_url).await?;
        let counts = read_counts(&mut conn, backend, now).await;
        let counts = match counts {
            // Nothing to write into before the bot made its tables.
            Ok(c) if c.0 + c.1 > 0 => writes(url, &mut conn, backend)
                .await
                .map(|refused| (c, refused)),
            Ok(c) => Ok((c, None)),
            Err(e) => Err(e),
        };
        conn.close().await.ok();
        counts
    };
    let ((applied, unknown, active, due, held), refuses_writes) =
        match tokio::time::timeout(timeout, read).await {
            Ok(Ok(counts)) => counts,
            Ok(Err(e)) => return Err(format!("{database}: {}", describe(&e))),
            Err(_) => {
                return Err(format!(
                    "{database}: the database did not answer within {} ms",
                    timeout.as_millis()
                ));
            }
        };
    let known = known_versions(backend).len();
    Ok(Health {
        database,
        backend: backend.name(),
        migrations_known: known,
        migrations_applied: applied,
        migrations_unknown: unknown,
        active_matches: active,
        due_now: due,
        set_aside: held,
        refuses_writes,
    })
}

/// Why the store refuses writes (`None`: it takes them). SQLite: the file must be
/// writable and a connection that may write (not `status`'s read-only one, and never
/// creating the file) must get the write lock; PostgreSQL: on `status`'s own session,
/// whose transactions are as the bot's would be.
async fn writes(
    url: &str,
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<Option<String>, sqlx::Error> {
    let refused = match backend {
        Backend::Postgres => probe_write(conn, backend).await.err(),
        Backend::Sqlite => {
            if let Some(path) = sqlite_file(url)
                && let Err(why) = file_writable(&path)
            {
                return Ok(Some(why));
            }
            let rw = format!("{url}{}mode=rw", if url.contains('?') { "&" } else { "?" });
            let mut writer = AnyConnection::connect(&rw).await?;
            sqlx::Executor::execute(&mut writer, "PRAGMA busy_timeout = 1000").await?;
            let probed = probe_write(&mut writer, backend).await.err();
            writer.close().await.ok();
            probed
        }
    };
    Ok(refused.map(|e| describe(&e)))
}

type Counts = (usize, usize, i64, i64, i64);

async fn read_counts(
    conn: &mut AnyConnection,
    backend: Backend,
    now: Millis,
) -> Result<Counts, sqlx::Error> {
    // A database the bot never opened has no tables yet: nothing applied, nothing active.
    let Some((applied, unknown)) = applied_migrations(conn, backend).await? else {
        return Ok((0, 0, 0, 0, 0));
    };
    let active: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE status = 'active'")
        .fetch_one(&mut *conn)
        .await?;
    let due: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM matches WHERE status = 'active' \
         AND (remind_at <= $1 OR timeout_at <= $1)",
    )
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE held_at IS NOT NULL")
        .fetch_one(&mut *conn)
        .await?;
    Ok((applied, unknown, active, due, held))
}

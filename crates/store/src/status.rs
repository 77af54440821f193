//! `crystal-clans status`: whether the store answers, whether its schema is the one this
//! build expects, and how much the bot has to do (active matches, deadlines due). Read
//! only: it creates no SQLite file and migrates nothing, so it can run beside the bot
//! (a container's HEALTHCHECK) or before it.

use super::error::{describe, location};
use super::{Backend, Millis, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
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
}

impl Health {
    /// The schema is exactly what this build expects.
    pub fn migrations_current(&self) -> bool {
        self.migrations_applied == self.migrations_known && self.migrations_unknown == 0
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
        conn.close().await.ok();
        counts
    };
    let (applied, unknown, active, due, held) = match tokio::time::timeout(timeout, read).await {
        Ok(Ok(counts)) => counts,
        Ok(Err(e)) => return Err(format!("{database}: {}", describe(&e))),
        Err(_) => {
            return Err(format!(
                "{database}: the database did not answer within {} ms",
                timeout.as_millis()
            ));
        }
    };
    let known = match backend {
        Backend::Sqlite => SQLITE_MIGRATIONS.iter().count(),
        Backend::Postgres => POSTGRES_MIGRATIONS.iter().count(),
    };
    Ok(Health {
        database,
        backend: backend.name(),
        migrations_known: known,
        migrations_applied: applied,
        migrations_unknown: unknown,
        active_matches: active,
        due_now: due,
        set_aside: held,
    })
}

type Counts = (usize, usize, i64, i64, i64);

async fn read_counts(
    conn: &mut AnyConnection,
    backend: Backend,
    now: Millis,
) -> Result<Counts, sqlx::Error> {
    // A database the bot never opened has no tables yet: nothing applied, nothing active.
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
        return Ok((0, 0, 0, 0, 0));
    }
    let versions: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = $1")
            .bind(true)
            .fetch_all(&mut *conn)
            .await?;
    let known: Vec<i64> = match backend {
        Backend::Sqlite => SQLITE_MIGRATIONS.iter().map(|m| m.version).collect(),
        Backend::Postgres => POSTGRES_MIGRATIONS.iter().map(|m| m.version).collect(),
    };
    let applied = versions.iter().filter(|v| known.contains(v)).count();
    let unknown = versions.len() - applied;
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

/// The command: prints the report (text, or one JSON object with `json`); exit code 0
/// when the store answers with the expected schema, 1 otherwise.
pub fn cli(database: Option<String>, json: bool) -> i32 {
    let url = database.unwrap_or_else(super::database_url_from_env);
    let found = super::block_on(health(&url, super::now_ms(), Duration::from_secs(5)));
    match found {
        Ok(h) => {
            let ok = h.migrations_current();
            if json {
                let mut v = serde_json::to_value(&h).expect("a report serializes");
                v["reachable"] = true.into();
                v["migrations_current"] = ok.into();
                println!("{v}");
            } else {
                println!("store: reachable ({})", h.database);
                let schema = if ok {
                    "current".to_string()
                } else if h.migrations_unknown > 0 {
                    format!(
                        "NEWER than this build ({} migrations it does not know)",
                        h.migrations_unknown
                    )
                } else {
                    "BEHIND (the bot migrates it when it starts)".to_string()
                };
                println!(
                    "migrations: {schema}, {} of {} applied",
                    h.migrations_applied, h.migrations_known
                );
                println!("active matches: {}", h.active_matches);
                println!("reminders and timeouts due now: {}", h.due_now);
                println!("matches set aside (see `verify --all`): {}", h.set_aside);
            }
            if ok { 0 } else { 1 }
        }
        Err(cause) => {
            if json {
                println!(
                    "{}",
                    serde_json::json!({"reachable": false, "error": cause})
                );
            } else {
                println!("store: UNREACHABLE: {cause}");
            }
            1
        }
    }
}

//! `crystal-clans backup DEST`: a consistent copy of a SQLite store, taken while the bot
//! runs (SQLite's `VACUUM INTO` reads one snapshot; the bot's writes go on). PostgreSQL
//! has its own tool for that, `pg_dump`; the command says how to call it.

use super::error::{describe, location};
use super::{Backend, sqlite_file};
use sqlx::{AnyConnection, Connection};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// A backup made ([`backup`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackedUp {
    /// The SQLite file copied.
    pub source: PathBuf,
    /// The matches the copy holds (read back from it).
    pub matches: i64,
}

/// Why [`backup`] made no copy.
#[derive(Debug)]
pub enum BackupError {
    /// A PostgreSQL database: its own tool, `pg_dump`, takes the copy. `database` says
    /// which (never its password).
    Postgres { database: String },
    /// The URL is neither `sqlite://` nor `postgres://`.
    UnknownUrl,
    /// An in-memory SQLite database.
    InMemory,
    /// No SQLite file at this path (nothing was copied).
    NoFile(PathBuf),
    /// The destination exists: a backup writes a new file only, it never overwrites.
    DestinationExists,
    /// The destination file could not be created.
    Create(std::io::Error),
    /// The copy failed, or does not read back, with why; nothing was kept at the
    /// destination.
    Failed(String),
}

/// Copies the SQLite database of `url` to the new file `dest` (made readable by its
/// owner only), and reads the copy back.
pub async fn backup(url: &str, dest: &Path) -> Result<BackedUp, BackupError> {
    sqlx::any::install_default_drivers();
    match Backend::of_url(url) {
        Some(Backend::Sqlite) => {}
        Some(Backend::Postgres) => {
            return Err(BackupError::Postgres {
                database: location(url),
            });
        }
        None => return Err(BackupError::UnknownUrl),
    }
    let Some(source) = sqlite_file(url) else {
        return Err(BackupError::InMemory);
    };
    if !source.exists() {
        return Err(BackupError::NoFile(source));
    }
    // The copy holds the same hands and user ids: its owner's only, made before SQLite
    // writes into it (an empty file is what `VACUUM INTO` accepts). Made here or not at
    // all: any file already there is refused, a symbolic link too, dangling or not
    // (`create_new` does not follow one; SQLite would, and create its target with the
    // umask's mode).
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(dest)
    {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(BackupError::DestinationExists);
        }
        Err(e) => return Err(BackupError::Create(e)),
    }
    match copy(url, dest).await {
        Ok(matches) => Ok(BackedUp { source, matches }),
        Err(why) => {
            let _ = std::fs::remove_file(dest);
            Err(BackupError::Failed(why))
        }
    }
}

/// `VACUUM INTO` from a read-only connection, then the copy opened on its own: a copy
/// that does not read back is no backup.
async fn copy(url: &str, dest: &Path) -> Result<i64, String> {
    let sep = if url.contains('?') { "&" } else { "?" };
    let mut conn = AnyConnection::connect(&format!("{url}{sep}mode=ro"))
        .await
        .map_err(|e| describe(&e))?;
    sqlx::Executor::execute(&mut conn, "PRAGMA busy_timeout = 5000")
        .await
        .map_err(|e| describe(&e))?;
    let dest_text = dest
        .to_str()
        .ok_or_else(|| "the destination path is not UTF-8".to_string())?;
    sqlx::query("VACUUM INTO $1")
        .bind(dest_text)
        .execute(&mut conn)
        .await
        .map_err(|e| describe(&e))?;
    conn.close().await.ok();
    let mut copy = AnyConnection::connect(&format!("sqlite://{dest_text}?mode=rw"))
        .await
        .map_err(|e| format!("the copy does not open: {}", describe(&e)))?;
    // Epoch 0 (`durability/header.rs`): older than any file a store opened, so a bot
    // whose file this copy is put over while it runs refuses to write instead of mixing
    // its WAL into it.
    sqlx::Executor::execute(&mut copy, "PRAGMA user_version = 0")
        .await
        .map_err(|e| format!("the copy does not take its epoch: {}", describe(&e)))?;
    let matches: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(&mut copy)
        .await
        .map_err(|e| format!("the copy does not read back: {}", describe(&e)))?;
    copy.close().await.ok();
    Ok(matches)
}

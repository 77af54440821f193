//! `crystal-clans backup DEST`: what a backup (`crystal_clans::store::backup::backup`)
//! wrote, or why it did not, and the exit code.

use crystal_clans::store::backup::{BackedUp, BackupError};
use crystal_clans::store::{blocking, database_url_from_env};
use std::path::Path;

/// Copies the database of `database` (default `DATABASE_URL`) to the new file `dest`.
/// Exit code 0 when the copy is made and reads back, 1 when copying failed (nothing is
/// left at `dest`), 2 when this command cannot back this database up.
pub fn cli(dest: &Path, database: Option<String>) -> i32 {
    let url = database.unwrap_or_else(database_url_from_env);
    match blocking::backup(&url, dest) {
        Ok(BackedUp { source, matches }) => {
            println!(
                "backed up {} to {} ({matches} matches)",
                source.display(),
                dest.display()
            );
            0
        }
        Err(BackupError::Postgres { database }) => {
            eprintln!(
                "backup copies SQLite files only; for {} use PostgreSQL's own tool, which \
                 takes a consistent copy while the bot runs:\n  \
                 pg_dump --format=custom --file={} \"$DATABASE_URL\"\n\
                 (restore with: pg_restore --clean --if-exists --dbname=\"$DATABASE_URL\" {})",
                database,
                dest.display(),
                dest.display()
            );
            2
        }
        Err(BackupError::UnknownUrl) => {
            eprintln!("the database URL must start with sqlite:// or postgres://");
            2
        }
        Err(BackupError::InMemory) => {
            eprintln!("an in-memory database has nothing to back up");
            2
        }
        Err(BackupError::NoFile(source)) => {
            eprintln!(
                "no database file at {} (nothing was copied; is the path right?)",
                source.display()
            );
            2
        }
        Err(BackupError::DestinationExists) => {
            eprintln!(
                "{} already exists: backup writes a new file only, it never overwrites",
                dest.display()
            );
            1
        }
        Err(BackupError::Create(e)) => {
            eprintln!("cannot create {}: {e}", dest.display());
            1
        }
        Err(BackupError::Failed(why)) => {
            eprintln!(
                "the backup failed, nothing was kept at {}: {why}",
                dest.display()
            );
            1
        }
    }
}

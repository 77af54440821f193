//! What makes a SQLite file an operator can rely on: its WAL checkpointed into the
//! `.db` (so the file alone, copied or left without its `-wal`, holds every
//! acknowledged move but the last second's), the file's identity watched (a removed,
//! replaced or copied-over file refuses writes instead of acknowledging moves nobody will read), files
//! only their owner can read, and a write probe for the health check.

mod header;

use super::error::{StoreError, db, describe};
use super::{Backend, Result, Store};
use crate::error::Doing;
use header::{Header, HeaderReader};
use sqlx::{AnyConnection, AnyPool};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

/// How often the store copies its WAL into the database file: the longest an
/// acknowledged move lives only in the `-wal` file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The SQLite file a store opened, by device and inode (the path alone would follow a
/// file put in its place) and by its header's epoch (a file copied over it keeps the
/// inode; `header.rs`).
pub(crate) struct DbFile {
    path: PathBuf,
    dev: u64,
    ino: u64,
    header: Option<HeaderReader>,
    /// The highest epoch read from the file's header: checkpoints only raise it.
    floor: AtomicU32,
    /// A header was read once: from then on, none is a file being replaced.
    had_header: AtomicBool,
    /// Why the file's content is no longer the one opened, once found: it stays so (a
    /// copied-over file does not become the bot's again when a later read happens to
    /// pass, and its WAL no longer matches it).
    lost: std::sync::OnceLock<&'static str>,
    /// The loss was logged: every later refusal says so only to its caller.
    reported: AtomicBool,
}

impl DbFile {
    pub(crate) fn of(path: &Path) -> std::io::Result<DbFile> {
        let path = std::path::absolute(path)?;
        let m = std::fs::metadata(&path)?;
        let file = DbFile {
            dev: m.dev(),
            ino: m.ino(),
            header: match HeaderReader::open(&path) {
                Ok(reader) => Some(reader),
                Err(e) => {
                    tracing::warn!(
                        "the database file's header cannot be watched (a copy put over the \
                         file while the bot runs would go unnoticed): {e}"
                    );
                    None
                }
            },
            path,
            floor: AtomicU32::new(0),
            had_header: AtomicBool::new(false),
            lost: std::sync::OnceLock::new(),
            reported: AtomicBool::new(false),
        };
        file.why_lost();
        Ok(file)
    }

    /// `Gone` unless the path still names the file that was opened and its header was
    /// not put back to an older one (one `stat` and one 100-byte read).
    pub(crate) fn check(&self, doing: Doing) -> Result<()> {
        let Some(why) = self.why_lost() else {
            return Ok(());
        };
        let detail = format!(
            "the database file {} {why} since the bot opened it: writes are refused, as they \
             would go to a file nobody reads again (or mix with the one put there); stop \
             the bot, then restore as docs/operating.md says (\"Restoring a backup\")",
            self.path.display()
        );
        if !self.reported.swap(true, Ordering::AcqRel) {
            tracing::error!("{detail}");
        }
        Err(StoreError::Gone { doing, detail })
    }

    fn why_lost(&self) -> Option<&'static str> {
        if let Some(why) = self.lost.get() {
            return Some(why);
        }
        // By path: refused while the path names another file or none; a file (or
        // folder) moved back is the bot's again.
        match std::fs::metadata(&self.path) {
            Ok(m) if m.dev() == self.dev && m.ino() == self.ino => {}
            Ok(_) => return Some("was replaced by another file"),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Some("was removed (or its folder was)");
            }
            Err(_) => return Some("can no longer be found (its folder cannot be read)"),
        }
        let why = self.header_went_back()?;
        Some(self.lost.get_or_init(|| why))
    }

    /// `Some` when the header shows an older file than one seen before: a lower epoch,
    /// or no header after one was there.
    fn header_went_back(&self) -> Option<&'static str> {
        let header = self.header.as_ref()?.read().ok()?;
        match header {
            Header::Missing if self.had_header.load(Ordering::Acquire) => {
                Some("was overwritten (it has no SQLite header now: a copy is under way?)")
            }
            Header::Missing => None,
            Header::Epoch(epoch) => {
                self.had_header.store(true, Ordering::Release);
                let floor = self.floor.fetch_max(epoch, Ordering::AcqRel);
                (epoch < floor).then_some(
                    "was overwritten by an older copy (a backup copied over it while the bot \
                     ran?)",
                )
            }
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// Raises the file's epoch (`header.rs`) by one, in a write transaction of its own: a
/// copy of the file taken before this store opened then reads as older than the file.
/// Before the open's checkpoint, which puts it into the file.
pub(crate) async fn raise_epoch(pool: &AnyPool) -> Result<()> {
    use sqlx::Executor;
    const DOING: Doing = Doing::write("opening the database");
    let mut conn = pool.acquire().await.map_err(db(DOING))?;
    conn.execute("BEGIN IMMEDIATE").await.map_err(db(DOING))?;
    let raised = async {
        let epoch: i64 = sqlx::query_scalar("PRAGMA user_version")
            .fetch_one(&mut *conn)
            .await?;
        // user_version is a signed 32-bit field: wrap before it turns negative (a
        // wrapped epoch reads as older only to a store opened 2^31 opens earlier).
        let next = if epoch >= i64::from(i32::MAX) || epoch < 0 {
            1
        } else {
            epoch + 1
        };
        conn.execute(format!("PRAGMA user_version = {next}").as_str())
            .await?;
        conn.execute("COMMIT").await.map(|_| ())
    }
    .await;
    if raised.is_err() {
        // Its transaction state is unknown: never back to the pool.
        drop(conn.detach());
    }
    raised.map_err(db(DOING))
}

/// Creates a new SQLite file readable by its owner only, whatever the umask, before
/// SQLite opens it (SQLite gives its `-wal` and `-shm` the database file's mode). An
/// empty file is a valid new database. An existing file is left as it is.
pub(crate) fn create_private(path: &Path) -> std::io::Result<()> {
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
    {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// The `-wal` and `-shm` files grant no more than the database file itself: they hold
/// the same hands and user ids (files left by an older build were world-readable).
pub(crate) fn tighten_side_files(db: &Path) {
    let Ok(mode) = std::fs::metadata(db).map(|m| m.mode() & 0o777) else {
        return;
    };
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", db.display()));
        if let Ok(m) = std::fs::metadata(&side)
            && m.mode() & 0o777 & !mode != 0
        {
            let _ = std::fs::set_permissions(&side, std::fs::Permissions::from_mode(mode));
        }
    }
}

/// Copies the WAL into the database file and empties it. At open (so the schema the
/// migrations wrote is in the `.db`) and at close.
pub(crate) async fn checkpoint_truncate(pool: &AnyPool) -> Result<()> {
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(pool)
        .await
        .map(|_| ())
        .map_err(db(Doing::write("checkpointing the database")))
}

/// The background checkpoint of a store, stopped when the last clone of the store is
/// dropped (or its pool closed).
pub(crate) struct Checkpointer(tokio::task::AbortHandle);

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpointer {
    /// A PASSIVE checkpoint every [`CHECKPOINT_EVERY`]: it never waits for nor blocks a
    /// writer or reader, and copies what no open read still needs (the bot's reads last
    /// milliseconds). SQLite's own auto-checkpoint runs only every 1000 pages, which a
    /// quiet bot takes days to write.
    pub(crate) fn spawn(pool: AnyPool, file: std::sync::Arc<DbFile>) -> Checkpointer {
        let task = tokio::spawn(async move {
            let mut failing = false;
            loop {
                tokio::time::sleep(CHECKPOINT_EVERY).await;
                if pool.is_closed() {
                    break;
                }
                // Into a removed file is pointless; the writers report the loss.
                if file
                    .check(Doing::write("checkpointing the database"))
                    .is_err()
                {
                    continue;
                }
                let done = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&pool)
                    .await;
                match done {
                    Ok(_) if failing => {
                        failing = false;
                        tracing::info!("the WAL checkpoint works again");
                    }
                    Ok(_) => {}
                    // Once per failing stretch (a full disk fails it every second).
                    Err(e) if !failing => {
                        failing = true;
                        tracing::warn!(
                            "the WAL checkpoint failed (acknowledged moves stay in the \
                             -wal file until it works): {}",
                            describe(&e)
                        );
                    }
                    Err(_) => {}
                }
            }
        });
        Checkpointer(task.abort_handle())
    }
}

/// A write that changes nothing, rolled back: refused where the database refuses
/// writes (a read-only PostgreSQL session, database or standby; a read-only SQLite
/// file). A lock held by a writer is not a refusal: SQLite's busy answer counts as
/// writable.
pub(crate) async fn probe_write(
    conn: &mut AnyConnection,
    backend: Backend,
) -> std::result::Result<(), sqlx::Error> {
    use sqlx::Executor;
    let begin = match backend {
        // IMMEDIATE takes the write lock, which a read-only file refuses.
        Backend::Sqlite => "BEGIN IMMEDIATE",
        Backend::Postgres => "BEGIN",
    };
    if let Err(e) = conn.execute(begin).await {
        return if is_busy(&e) { Ok(()) } else { Err(e) };
    }
    // PostgreSQL refuses an UPDATE in a read-only transaction when it plans it, whether
    // or not a row matches.
    let probed = conn
        .execute("UPDATE matches SET version = version WHERE 1 = 0")
        .await;
    let rolled_back = conn.execute("ROLLBACK").await;
    probed?;
    rolled_back.map(|_| ())
}

fn is_busy(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d)
        if d.code().and_then(|c| c.parse::<i32>().ok()).is_some_and(|c| matches!(c & 0xff, 5 | 6)))
}

/// Whether the SQLite file itself could be opened for writing (not a file made
/// read-only or immutable, nor on a file system remounted read-only), asked of the
/// kernel by `faccessat` with the effective ids. Never by opening it: POSIX advisory
/// locks belong to the process, and closing any descriptor of the database file drops
/// every lock SQLite holds on it, after which an operator's read deletes the live WAL
/// under the bot and a second bot process corrupts the file.
pub(crate) fn file_writable(path: &Path) -> std::result::Result<(), String> {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS).map_err(|e| {
        format!(
            "the database file {} cannot be written: {}",
            path.display(),
            std::io::Error::from(e)
        )
    })
}

impl Store {
    /// Whether the store accepts writes now, found by writing nothing: the SQLite file
    /// still the one opened and writable, and a rolled-back write the database accepts.
    /// For the health check; the bot's writes check the file themselves.
    pub async fn check_writable(&self) -> Result<()> {
        const DOING: Doing = Doing::read("checking that the database takes writes");
        if let Some(file) = &self.file {
            file.check(DOING)?;
            file_writable(file.path()).map_err(|detail| StoreError::Unavailable {
                doing: DOING,
                detail,
            })?;
        }
        let mut conn = self.db().acquire().await.map_err(db(DOING))?;
        let probed = probe_write(&mut conn, self.backend).await;
        if probed.is_err() {
            // Its transaction state is unknown: never back to the pool.
            drop(conn.detach());
        }
        probed.map_err(|e| StoreError::Unavailable {
            doing: DOING,
            detail: describe(&e),
        })
    }

    /// Copies the WAL into the database file now and empties it (SQLite; nothing to do
    /// on PostgreSQL). The store does this by itself every [`CHECKPOINT_EVERY`] and at
    /// [`Store::close`].
    pub async fn checkpoint(&self) -> Result<()> {
        match &self.file {
            Some(file) => {
                file.check(Doing::write("checkpointing the database"))?;
                checkpoint_truncate(self.db()).await
            }
            None => Ok(()),
        }
    }
}

//! Write transactions that never give a connection back to the pool in an unknown state.
//!
//! sqlx's own `Transaction` keeps a per-connection nesting counter and, when dropped
//! without a commit, queues a `ROLLBACK` that nobody waits for. When that rollback
//! fails, or SQLite has already rolled the transaction back by itself (it may after
//! `SQLITE_FULL` or `SQLITE_IOERR`), or the transaction is still open underneath, the
//! counter and the database disagree and the connection goes back to the pool anyway.
//! The next `begin` then issues a `SAVEPOINT` inside a transaction that never commits:
//! every later submit on that connection returned `Ok` and was lost (the disk-full
//! regression in `tests/store_faults/sqlite.rs`).
//!
//! Here the store owns the transaction state instead: `BEGIN`, `COMMIT` and `ROLLBACK`
//! are plain statements on a connection taken out of the pool, and the connection goes
//! back only after a `COMMIT` or an explicit `ROLLBACK` succeeded. Any other way out (a
//! database error, a panic, a cancelled future, a failed rollback) closes the connection
//! instead: SQLite rolls back an open transaction when its handle closes, and PostgreSQL
//! when the session ends. The pool opens a fresh connection for the next caller.

use super::error::db;
use super::log::{GameKind, stored_as_written};
use super::{MatchId, Millis, Result};
use crate::error::Doing;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Executor};
use std::ops::{Deref, DerefMut};

pub(crate) struct WriteTx {
    /// `None` once the connection went back to the pool.
    conn: Option<PoolConnection<Any>>,
    doing: Doing,
}

impl WriteTx {
    pub(crate) async fn begin(pool: &AnyPool, doing: Doing) -> Result<WriteTx> {
        let conn = pool.acquire().await.map_err(db(doing))?;
        let mut tx = WriteTx {
            conn: Some(conn),
            doing,
        };
        // A failed BEGIN drops `tx`, which closes the connection.
        tx.execute("BEGIN").await.map_err(db(doing))?;
        Ok(tx)
    }

    /// Commits. On an error the outcome is unknown to this connection (the commit may
    /// have reached the disk or the server before the failure was reported), so the
    /// connection is closed and the caller must find out what happened; see
    /// [`WriteTx::commit_or_check`].
    pub(crate) async fn commit(mut self) -> Result<()> {
        let doing = self.doing;
        self.execute("COMMIT").await.map_err(db(doing))?;
        self.release();
        Ok(())
    }

    /// Commits; when the commit reports an error, asks a fresh connection whether input
    /// `seq` of `game`'s log `id` is stored as written (`json`, at time `at`): then the
    /// commit did land and this is a success. Otherwise the error stands (and, as far as
    /// anyone can tell, nothing was written). The input is serialized for the check only,
    /// so a commit that succeeds costs nothing more.
    pub(crate) async fn commit_or_check(
        self,
        pool: &AnyPool,
        game: GameKind,
        id: i64,
        seq: i64,
        json: impl FnOnce() -> String,
        at: Millis,
    ) -> Result<()> {
        let doing = self.doing;
        let Err(e) = self.commit().await else {
            return Ok(());
        };
        match stored_as_written(pool, game, id, seq, &json(), at).await {
            Ok(true) => {
                // The field a log reader filters on: `match_id` for a match, `game` for
                // a Crystallo game (as the app's own lines name it).
                match game {
                    GameKind::Clans => tracing::warn!(
                        match_id = id,
                        "{doing}: the commit reported an error but its input #{seq} is stored: {e}"
                    ),
                    GameKind::Crystallo => tracing::warn!(
                        game = id,
                        "{doing}: the commit reported an error but its input #{seq} is stored: {e}"
                    ),
                }
                Ok(())
            }
            _ => Err(e),
        }
    }

    /// [`WriteTx::commit_or_check`] for a takeback: stored at `seq`, undoing from
    /// `first_undone`, at time `at`.
    pub(crate) async fn commit_or_find_takeback(
        self,
        pool: &AnyPool,
        match_id: MatchId,
        seq: i64,
        first_undone: i64,
        at: Millis,
    ) -> Result<()> {
        let doing = self.doing;
        let Err(e) = self.commit().await else {
            return Ok(());
        };
        let found: std::result::Result<Option<i64>, _> = sqlx::query_scalar(
            "SELECT seq FROM takebacks WHERE match_id = $1 AND seq = $2 AND first_undone = $3 \
             AND at = $4",
        )
        .bind(match_id)
        .bind(seq)
        .bind(first_undone)
        .bind(at)
        .fetch_optional(pool)
        .await;
        match found {
            Ok(Some(_)) => {
                tracing::warn!(
                    match_id,
                    "{doing}: the commit reported an error but its takeback #{seq} is stored: {e}"
                );
                Ok(())
            }
            _ => Err(e),
        }
    }

    /// Rolls back on purpose (a stale version, a refused input). The connection goes back
    /// to the pool only if the rollback succeeded.
    pub(crate) async fn rollback(mut self) {
        if self.execute("ROLLBACK").await.is_ok() {
            self.release();
        }
    }

    fn release(&mut self) {
        // Dropping a pooled connection returns it to the pool.
        self.conn.take();
    }
}

impl Drop for WriteTx {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            // Not committed and not cleanly rolled back: close, never reuse. `detach`
            // frees the pool's slot; dropping the raw connection closes it (SQLite's
            // worker finishes and closes its handle, PostgreSQL's socket closes).
            drop(conn.detach());
        }
    }
}

impl Deref for WriteTx {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        self.conn
            .as_ref()
            .expect("a live transaction has its connection")
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        self.conn
            .as_mut()
            .expect("a live transaction has its connection")
    }
}

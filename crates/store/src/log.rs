//! The event log both games are stored as: a row with a version, the append-only log of
//! the inputs that brought it there, and a snapshot of the state at that version. A
//! Crystal Clans match and a Crystallo game differ in what they claim, what their
//! engine does and what else they write when one ends; how an input is saved is the
//! same, and is written here once:
//!
//! 1. wait for this process's turn to write (SQLite), begin a transaction;
//! 2. claim the next version (`UPDATE ... WHERE version = expected`): concurrent
//!    writers serialize on that row and all but the first write nothing (`Stale`);
//! 3. apply the inputs with the game's engine, guarded against a panic (which only a
//!    damaged state could cause: `Corrupt`, for this game alone);
//! 4. append the inputs and write the snapshot and the rest, in the same transaction;
//! 5. commit, and when the commit reports an error, ask a fresh connection whether the
//!    last input is stored as written: then it did land and is acknowledged.
//!
//! Anything else rolls back (a refused input, a stale version) or closes the connection
//! (a database failure: `tx.rs`), and nothing was written.

use super::error::db;
use super::tx::WriteTx;
use super::{Millis, Result, Store, StoreError, now_ms};
use crate::error::Doing;
use sqlx::AnyConnection;

/// Rows per multi-row `INSERT` when several inputs are appended at once.
const INSERT_CHUNK: usize = 100;

/// Which game a log belongs to: in its table names and in what errors call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameKind {
    /// A Crystal Clans match (`matches`, `inputs`).
    Clans,
    /// A Crystallo game (`crystallo_games`, `crystallo_inputs`).
    Crystallo,
}

impl GameKind {
    /// What a player or an operator calls one: "match", "crystallo game".
    pub fn noun(self) -> &'static str {
        match self {
            GameKind::Clans => "match",
            GameKind::Crystallo => "crystallo game",
        }
    }

    /// The log table and the column naming the game in it.
    fn inputs(self) -> (&'static str, &'static str) {
        match self {
            GameKind::Clans => ("inputs", "match_id"),
            GameKind::Crystallo => ("crystallo_inputs", "game_id"),
        }
    }

    /// Whether the log records who played each input (a match's two seats; Crystallo is
    /// played alone).
    fn has_seat(self) -> bool {
        self == GameKind::Clans
    }
}

/// One input as its log stores it: the seat that played it (two-player games) and the
/// input as JSON.
pub(crate) trait Entry {
    fn seat(&self) -> Option<i64>;
    fn json(&self) -> String;
}

/// What the game's part of a submit decided, inside its transaction.
pub(crate) enum Decided<T> {
    /// Written: commit, and `T` is the answer once the commit is sure.
    Commit(T),
    /// Refused by the engine, nothing written: roll back and answer `T`.
    Refuse(T),
}

/// A game stored as an event log: what differs between the games in a submit.
pub(crate) trait Logged {
    /// What one input of the log is.
    type Entry: Entry;
    /// The game's row as the claim found it, at the version expected.
    type Claimed;
    /// What a submit answers.
    type Answer;

    const GAME: GameKind;

    /// The time the inputs are logged at: now, unless the caller keeps its own clock.
    fn now(&self) -> Millis {
        now_ms()
    }

    /// Step 2: claims version `new_version` of game `id` if it is at `expected` (and
    /// still takes inputs); `None` when the claim matched no row.
    async fn claim(
        &self,
        tx: &mut AnyConnection,
        id: i64,
        expected: i64,
        new_version: i64,
        now: Millis,
    ) -> Result<Option<Self::Claimed>>;

    /// After a claim that matched no row, read outside the transaction: why (`Stale`,
    /// `Finished`, `NotFound`, someone else's game).
    async fn why_not(&self, store: &Store, id: i64, expected: i64) -> StoreError;

    /// Steps 3 and 4 but the appending of the inputs, which the log does after a
    /// `Commit`: applies `entries` to the claimed game with its engine (through
    /// [`guarded`](super::guarded)) and writes its snapshot and whatever else it keeps.
    async fn apply_and_write(
        &self,
        store: &Store,
        tx: &mut AnyConnection,
        claimed: Self::Claimed,
        entries: &[Self::Entry],
        new_version: i64,
        now: Millis,
    ) -> Result<Decided<Self::Answer>>;
}

impl Store {
    /// Saves `entries`, in order and all or none, into the log of game `id` at version
    /// `expected` (the steps in this module's documentation).
    pub(crate) async fn submit_to_log<L: Logged>(
        &self,
        game: &L,
        id: i64,
        expected: i64,
        entries: &[L::Entry],
        doing: Doing,
    ) -> Result<L::Answer> {
        let Some(last) = entries.last() else {
            return Err(StoreError::Invalid("no input to submit".into()));
        };
        let now = game.now();
        let new_version = expected + entries.len() as i64;
        let _turn = self.write_turn(doing).await?;
        let mut tx = WriteTx::begin(self.for_write(), doing).await?;
        let done = async {
            let Some(claimed) = game.claim(&mut tx, id, expected, new_version, now).await? else {
                return Ok(None);
            };
            let decided = game
                .apply_and_write(self, &mut tx, claimed, entries, new_version, now)
                .await?;
            if let Decided::Commit(_) = decided {
                append(&mut tx, L::GAME, id, expected, entries, now, doing).await?;
            }
            Ok(Some(decided))
        }
        .await;
        match done {
            Ok(Some(Decided::Commit(answer))) => {
                tx.commit_or_check(&self.pool, L::GAME, id, new_version, || last.json(), now)
                    .await?;
                Ok(answer)
            }
            Ok(Some(Decided::Refuse(answer))) => {
                tx.rollback().await;
                Ok(answer)
            }
            Ok(None) => {
                tx.rollback().await;
                Err(game.why_not(self, id, expected).await)
            }
            Err(e @ StoreError::Unavailable { .. }) => Err(e), // dropping `tx` closes it
            Err(e) => {
                tx.rollback().await;
                Err(e)
            }
        }
    }
}

/// Appends `entries` to game `id`'s log as numbers `after + 1` on, at time `now`.
async fn append<E: Entry>(
    tx: &mut AnyConnection,
    game: GameKind,
    id: i64,
    after: i64,
    entries: &[E],
    now: Millis,
    doing: Doing,
) -> Result<()> {
    let (table, key) = game.inputs();
    let columns = if game.has_seat() { 5 } else { 4 };
    for (k, chunk) in entries.chunks(INSERT_CHUNK).enumerate() {
        let mut sql = if game.has_seat() {
            format!("INSERT INTO {table} ({key}, seq, seat, input, at) VALUES ")
        } else {
            format!("INSERT INTO {table} ({key}, seq, input, at) VALUES ")
        };
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            let params: Vec<String> = (1..=columns)
                .map(|c| format!("${}", i * columns + c))
                .collect();
            sql.push_str(&format!("({})", params.join(", ")));
        }
        let mut q = sqlx::query(&sql);
        for (i, entry) in chunk.iter().enumerate() {
            let seq = after + (k * INSERT_CHUNK + i) as i64 + 1;
            q = q.bind(id).bind(seq);
            if game.has_seat() {
                q = q.bind(entry.seat());
            }
            q = q.bind(entry.json()).bind(now);
        }
        q.execute(&mut *tx).await.map_err(db(doing))?;
    }
    Ok(())
}

/// Whether input `seq` of game `id` is stored as written (`json` at time `at`): how a
/// commit whose outcome is unknown is settled (`WriteTx::commit_or_check`).
pub(crate) async fn stored_as_written(
    pool: &sqlx::AnyPool,
    game: GameKind,
    id: i64,
    seq: i64,
    json: &str,
    at: Millis,
) -> std::result::Result<bool, sqlx::Error> {
    let (table, key) = game.inputs();
    let found: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT seq FROM {table} WHERE {key} = $1 AND seq = $2 AND input = $3 AND at = $4"
    ))
    .bind(id)
    .bind(seq)
    .bind(json)
    .bind(at)
    .fetch_optional(pool)
    .await?;
    Ok(found.is_some())
}

//! The store's one error type: what went wrong for the logs, and what to tell a player.

use super::MatchId;
use super::log::GameKind;
use crate::game::RuleError;

/// Which game's log an error is about: a Crystal Clans match or a Crystallo game (whose
/// ids are counted apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Match(MatchId),
    Crystallo(i64),
}

impl std::fmt::Display for Subject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (game, id) = match *self {
            Subject::Match(id) => (GameKind::Clans, id),
            Subject::Crystallo(id) => (GameKind::Crystallo, id),
        };
        write!(f, "{} {id}", game.noun())
    }
}

/// What the store was doing when the database failed: its words, for the operator's
/// log, and whether it was writing (a failed read changed nothing: "try again" means
/// loading again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doing {
    pub what: &'static str,
    pub writes: bool,
}

impl Doing {
    pub const fn read(what: &'static str) -> Doing {
        Doing {
            what,
            writes: false,
        }
    }

    pub const fn write(what: &'static str) -> Doing {
        Doing { what, writes: true }
    }
}

impl std::fmt::Display for Doing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.what)
    }
}

/// Everything a store call can fail with. `Display` is the internal detail (for logs and
/// `verify`); what a player reads for it is worded by the app, in their language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The caller's `expected_version` is not the match's version any more (someone else
    /// answered first, or the panel was old). Nothing was written.
    #[error("match {match_id}: stale version {expected}, the match is at version {current}")]
    Stale {
        match_id: MatchId,
        expected: i64,
        current: i64,
    },
    /// The engine refused the input. Nothing was written.
    #[error("match {match_id}: input refused: {error}")]
    Rules { match_id: MatchId, error: RuleError },
    #[error("match {0} does not exist")]
    NotFound(MatchId),
    /// The match is over and its log was deleted after the operator's retention
    /// (`CLANS_KEEP_FINISHED_DAYS`): its row and result remain, its moves do not.
    #[error("match {0}'s moves are no longer kept")]
    Pruned(MatchId),
    /// The match or Crystallo game is over (won, resigned, timed out, scored): it takes
    /// no more inputs.
    #[error("{0} is finished")]
    Finished(Subject),
    /// The engine could not set up the match (for example an unknown clan).
    #[error("the match could not be set up: {0}")]
    Setup(String),
    /// A stored row that cannot be read back: an unreadable snapshot, an unknown input in
    /// the log, a gap in the sequence. Only this match is affected.
    #[error("match {match_id}: stored data is damaged: {detail}")]
    Corrupt { match_id: MatchId, detail: String },
    /// The match was stored by a rules version (or a card pack) this engine cannot
    /// replay. It is left untouched.
    #[error("match {match_id}: {detail}")]
    Incompatible { match_id: MatchId, detail: String },
    /// Stored settings that cannot be read back.
    #[error("{owner} settings are damaged: {detail}")]
    BadSettings { owner: String, detail: String },
    /// The call itself makes no sense (for example finishing a match as won by nobody).
    #[error("invalid request: {0}")]
    Invalid(String),
    /// The database is locked, full, gone or refused the statement. Nothing was written
    /// (the transaction was rolled back or never committed).
    #[error("database error while {doing}: {detail}")]
    Unavailable { doing: Doing, detail: String },
    /// The database itself is damaged (a SQLite page that does not read back, a file
    /// that is not a database, PostgreSQL's data or index corruption): not one match's
    /// rows, and not a hiccup that trying again fixes. Nothing was written.
    #[error("the database is damaged while {doing}: {detail}")]
    Damaged { doing: Doing, detail: String },
    /// The SQLite file this store opened was removed or replaced by another file (its
    /// folder deleted, a restore copied over it). Writing on would put moves into a file
    /// nobody will ever read again, so every write is refused until the bot restarts.
    /// Nothing was written.
    #[error("the database file is gone while {doing}: {detail}")]
    Gone { doing: Doing, detail: String },
}

impl StoreError {
    /// Whether a database failure happened while only reading (so nothing the player
    /// did can have been lost, and "try again" means loading again): every operation
    /// says whether it writes ([`Doing`]). What a player reads for each error is worded
    /// by the app, in their language (`src/app/failures.rs`).
    pub fn while_reading(&self) -> bool {
        matches!(self, StoreError::Unavailable { doing, .. } if !doing.writes)
    }

    /// The match the error is about, for the operator's log.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            StoreError::Stale { match_id, .. }
            | StoreError::Rules { match_id, .. }
            | StoreError::Corrupt { match_id, .. }
            | StoreError::Incompatible { match_id, .. } => Some(*match_id),
            StoreError::NotFound(id)
            | StoreError::Pruned(id)
            | StoreError::Finished(Subject::Match(id)) => Some(*id),
            StoreError::Finished(Subject::Crystallo(_)) => None,
            StoreError::Setup(_)
            | StoreError::BadSettings { .. }
            | StoreError::Invalid(_)
            | StoreError::Unavailable { .. }
            | StoreError::Damaged { .. }
            | StoreError::Gone { .. } => None,
        }
    }

    /// Whether the operator must hear of it: the database failing or damaged data. A
    /// stale panel, a refused move, a missing or finished match are the players' own
    /// business.
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            StoreError::Unavailable { .. }
                | StoreError::Gone { .. }
                | StoreError::Damaged { .. }
                | StoreError::Corrupt { .. }
                | StoreError::Incompatible { .. }
                | StoreError::BadSettings { .. }
                | StoreError::Setup(_)
        )
    }

    /// Whether trying the same call again later may succeed (a database hiccup, a stale
    /// panel after reloading). Rules errors, damage and missing matches are final.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            StoreError::Unavailable { .. } | StoreError::Stale { .. }
        )
    }
}

/// Maps a database error to `Unavailable` (or `Damaged`, when the database says its
/// own storage is damaged), naming the operation and the cause for the logs.
pub(crate) fn db(doing: Doing) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |e| {
        let detail = describe(&e);
        if is_damage(&e) {
            StoreError::Damaged { doing, detail }
        } else {
            StoreError::Unavailable { doing, detail }
        }
    }
}

/// SQLite's CORRUPT (11) and NOTADB (26), PostgreSQL's data_corrupted (XX001) and
/// index_corrupted (XX002): what a retry cannot mend.
fn is_damage(e: &sqlx::Error) -> bool {
    let sqlx::Error::Database(d) = e else {
        return false;
    };
    match d.code().as_deref() {
        Some("XX001") | Some("XX002") => true,
        Some(code) => code
            .parse::<i32>()
            .is_ok_and(|c| matches!(c & 0xff, 11 | 26)),
        None => false,
    }
}

/// Maps a database error on a read or write of one match's rows: a value that does not
/// decode (text in an integer column, a NULL where none belongs) is that match's damage,
/// not a database failure: retrying cannot fix it, so it must not read as transient.
pub(crate) fn db_row(doing: Doing, match_id: MatchId) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |e| match e {
        sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => StoreError::Corrupt {
            match_id,
            detail: format!("a stored value does not decode: {e}"),
        },
        e => db(doing)(e),
    }
}

/// A database error in words an operator can act on: the cause first, then the
/// driver's own message. SQLite's result codes and PostgreSQL's SQLSTATEs name the
/// causes a bot meets in operation; everything else keeps the driver's text.
pub(crate) fn describe(e: &sqlx::Error) -> String {
    let cause = match e {
        // rustls reports a refused certificate as an I/O error of the handshake.
        sqlx::Error::Io(io) if is_certificate(io) => Some(
            "the TLS connection to the database server failed: its certificate was refused \
             (a private CA: add sslrootcert=PATH-TO-CA.pem to the URL; a host name the \
             certificate does not name: connect by that name)",
        ),
        sqlx::Error::Io(io) => Some(match io.kind() {
            std::io::ErrorKind::ConnectionRefused => {
                "the database server refused the connection (is it running, on that host and \
                 port?)"
            }
            std::io::ErrorKind::TimedOut => "the database server did not answer in time",
            std::io::ErrorKind::NotFound => "the database server's host name is unknown",
            _ => "the connection to the database server failed",
        }),
        sqlx::Error::Tls(_) => Some("the TLS connection to the database server failed"),
        sqlx::Error::PoolTimedOut => Some(
            "no database connection could be had in time (all were busy, or none could be \
             opened: `Store::diagnose` finds out which)",
        ),
        sqlx::Error::PoolClosed => Some("the store was closed"),
        sqlx::Error::Database(d) => match d.code().as_deref() {
            // SQLite's primary result codes (the extended ones share the low byte).
            Some(code) if code.parse::<i32>().is_ok() => {
                match code.parse::<i32>().unwrap_or(0) & 0xff {
                    5 | 6 => Some("the database is locked by another connection or process"),
                    8 => Some(
                        "the database is read-only (file or folder permissions, or a \
                               read-only file system)",
                    ),
                    10 => Some("a disk I/O error"),
                    11 => Some("the database file is damaged"),
                    13 => Some("the disk is full"),
                    14 => Some(
                        "the database file cannot be opened (it does not exist, or \
                                its folder is missing or not writable)",
                    ),
                    26 => Some("the file is not a SQLite database"),
                    _ => None,
                }
            }
            Some("28P01") | Some("28000") => {
                Some("the database server refused the user name or password")
            }
            Some("3D000") => Some("the database does not exist on the server"),
            Some("25006") => Some(
                "the database is read-only (default_transaction_read_only, a hot standby, \
                 or a read-only role)",
            ),
            Some("53100") => Some("the database server's disk is full"),
            Some("55P03") => Some("a row lock was held too long by another connection"),
            Some("57P01") | Some("57P02") | Some("57P03") => {
                Some("the database server is shutting down or restarting")
            }
            _ => None,
        },
        _ => None,
    };
    match cause {
        Some(c) => format!("{c}: {e}"),
        None => e.to_string(),
    }
}

fn is_certificate(io: &std::io::Error) -> bool {
    let text = io.to_string().to_lowercase();
    text.contains("certificate") || text.contains("handshake")
}

/// Which database a URL names, for an error an operator reads: PostgreSQL's host, port,
/// database and user, or SQLite's file. Never the password (nor any other parameter).
pub(crate) fn location(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return "the database".into();
    };
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    if scheme == "sqlite" || url.starts_with("sqlite:") {
        return format!("the SQLite file {rest}");
    }
    let (creds, place) = match rest.rsplit_once('@') {
        Some((c, p)) => (Some(c), p),
        None => (None, rest),
    };
    let (hostport, db) = place.split_once('/').unwrap_or((place, ""));
    let hostport = match hostport {
        "" => "localhost:5432".to_string(),
        // An IPv6 literal is bracketed; its colons are not a port.
        h if h
            .rsplit_once(':')
            .is_some_and(|(_, p)| p.parse::<u16>().is_ok()) =>
        {
            h.into()
        }
        h => format!("{h}:5432"),
    };
    let mut what = format!("PostgreSQL at {hostport}");
    let user = creds.map(|c| c.split(':').next().unwrap_or(""));
    match (db, user) {
        ("", None) => {}
        (db, None) => what.push_str(&format!(" (database {db})")),
        ("", Some(u)) => what.push_str(&format!(" (user {u})")),
        (db, Some(u)) => what.push_str(&format!(" (database {db}, user {u})")),
    }
    what
}

#[cfg(test)]
mod tests {
    use super::location;

    #[test]
    fn a_connect_error_names_host_port_database_and_user_but_never_the_password() {
        let cases = [
            (
                "postgres://bot:hunter2@db.example:6432/clans?sslmode=require",
                "PostgreSQL at db.example:6432 (database clans, user bot)",
            ),
            (
                "postgresql://bot:hunter2@db.example/clans",
                "PostgreSQL at db.example:5432 (database clans, user bot)",
            ),
            (
                "postgres://[::1]:5433/x",
                "PostgreSQL at [::1]:5433 (database x)",
            ),
            (
                "postgres://[::1]/x",
                "PostgreSQL at [::1]:5432 (database x)",
            ),
            (
                "sqlite://data/clans.db?mode=rwc",
                "the SQLite file data/clans.db",
            ),
        ];
        for (url, want) in cases {
            let got = location(url);
            assert_eq!(got, want, "{url}");
            assert!(!got.contains("hunter2"), "{got}");
        }
    }
}

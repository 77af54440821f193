//! Opening the store: the options (a URL, durability, timeouts, read only or not),
//! the pool and what each of its connections is set to, the probe that says why a
//! connection fails (the pool itself reports only a timeout), the migrations, and the
//! SQLite file's checks and background checkpoint.

use super::error::{self, db};
use super::{Backend, REPLAYABLE_RULES_VERSIONS, Result, Store, StoreError, durability, schema};
use crate::error::Doing;
use crate::game::Rules;
use sqlx::AnyConnection;
use sqlx::any::AnyPoolOptions;
use std::sync::Arc;
use std::time::Duration;

/// Where matches go when `DATABASE_URL` is unset: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://crystal-clans.db";

/// SQLite's durability of a commit. PostgreSQL is always durable (its own settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = FULL`: every commit is on disk before it returns (survives a
    /// power cut). The default.
    Full,
    /// `synchronous = NORMAL`: a commit survives a crash of the process but the last
    /// ones may be lost in a power cut. For bulk work (benchmarks, imports, tests).
    Normal,
}

#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// `sqlite://path.db` or `postgres://user:password@host/db`.
    pub url: String,
    pub max_connections: u32,
    pub durability: Durability,
    /// How long a SQLite writer waits for the lock, and how long any caller waits for
    /// a pooled connection, before giving up with `Unavailable`.
    pub busy_timeout: Duration,
    /// See [`REPLAYABLE_RULES_VERSIONS`].
    pub replayable_rules_versions: Vec<u32>,
    /// Create a SQLite file that does not exist yet (the bot), or refuse (`verify`).
    pub create: bool,
    /// Bring the schema up to this build's migrations (the bot), or leave it as it is
    /// (`verify`: see [`Store::schema`]).
    pub migrate: bool,
    /// Open for reading only (`verify` without `--rearm`): SQLite's `mode=ro`, a
    /// PostgreSQL session whose transactions are read only. Works against a database
    /// that refuses writes.
    pub read_only: bool,
    /// The revision of the card pack new matches start on (its hash): the newest
    /// (`None`), or an older one for tests that store matches as an older release did.
    pub pack_revision: Option<String>,
}

impl StoreOptions {
    pub fn new(url: impl Into<String>) -> StoreOptions {
        let url = url.into();
        let max_connections = match Backend::of_url(&url) {
            Some(Backend::Postgres) => 8,
            _ => 4,
        };
        StoreOptions {
            url,
            max_connections,
            durability: Durability::Full,
            busy_timeout: Duration::from_secs(5),
            replayable_rules_versions: REPLAYABLE_RULES_VERSIONS.to_vec(),
            create: true,
            migrate: true,
            read_only: false,
            pack_revision: None,
        }
    }

    /// `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`] when it is unset or empty.
    pub fn from_env() -> StoreOptions {
        StoreOptions::new(database_url_from_env())
    }
}

/// `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`].
pub fn database_url_from_env() -> String {
    match std::env::var("DATABASE_URL") {
        Ok(u) if !u.trim().is_empty() => u.trim().to_string(),
        _ => DEFAULT_DATABASE_URL.to_string(),
    }
}

pub(crate) struct Probe {
    url: String,
    on_connect: &'static str,
    timeout: Duration,
}

impl Probe {
    /// Opens one connection and prepares it as the pool would; the cause if that fails.
    async fn run(&self) -> std::result::Result<(), String> {
        use sqlx::Connection;
        let attempt = async {
            let mut conn = AnyConnection::connect(&self.url).await?;
            sqlx::Executor::execute(&mut conn, self.on_connect).await?;
            conn.close().await
        };
        let cause = match tokio::time::timeout(self.timeout, attempt).await {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(e)) => error::describe(&e),
            // What makes each kind wait that long differs: say the one that fits.
            Err(_) if self.url.starts_with("sqlite:") => format!(
                "the database did not answer within {} ms (another process holding its \
                 lock, or a very slow disk)",
                self.timeout.as_millis()
            ),
            Err(_) => format!(
                "the database did not answer within {} ms (a firewall dropping packets, or \
                 a wrong host or port)",
                self.timeout.as_millis()
            ),
        };
        Err(format!("{}: {cause}", error::location(&self.url)))
    }
}

impl Store {
    /// Opens (creating a SQLite file if needed) and migrates the database at `url`.
    pub async fn open(url: &str) -> Result<Store> {
        Store::open_with(StoreOptions::new(url)).await
    }

    /// Opens the database named by `DATABASE_URL` (default: `crystal-clans.db`).
    pub async fn open_from_env() -> Result<Store> {
        Store::open_with(StoreOptions::from_env()).await
    }

    pub async fn open_with(opts: StoreOptions) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(&opts.url).ok_or_else(|| StoreError::Unavailable {
            doing: Doing::read("opening the database"),
            detail: format!(
                "the database URL must start with sqlite:// or postgres:// (got `{}`)",
                redact_url(&opts.url)
            ),
        })?;
        let mut url = opts.url.clone();
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let path = sqlite_file(&url).filter(|_| !memory);
        if let Some(path) = &path
            && opts.create
            && !opts.read_only
        {
            durability::create_private(path).map_err(|e| StoreError::Unavailable {
                doing: Doing::read("opening the database"),
                detail: format!(
                    "{}: the database file cannot be opened (its folder is missing or not \
                     writable): {e}",
                    error::location(&opts.url)
                ),
            })?;
        }
        if backend == Backend::Sqlite && !url.contains("mode=") && !memory {
            url.push_str(if url.contains('?') { "&" } else { "?" });
            url.push_str(match (opts.read_only, opts.create) {
                (true, _) => "mode=ro",
                (false, true) => "mode=rwc",
                (false, false) => "mode=rw",
            });
            if opts.read_only
                && let Some(path) = &path
                && nobody_can_write(path)
            {
                url.push_str("&immutable=1");
            }
        }
        let mut pool_opts = AnyPoolOptions::new()
            .max_connections(opts.max_connections.max(1))
            .acquire_timeout(opts.busy_timeout.max(Duration::from_secs(1)));
        if url.contains(":memory:") || url.contains("mode=memory") {
            // Each connection would open its own empty database: keep exactly one, forever
            // (for experiments; nothing survives the process).
            pool_opts = pool_opts
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        }
        let wait_ms = opts.busy_timeout.as_millis();
        let on_connect = match backend {
            Backend::Sqlite => format!(
                "PRAGMA busy_timeout = {wait_ms}; {}\
                 PRAGMA foreign_keys = ON; PRAGMA synchronous = {};",
                // Switching the journal is a write; a reader takes the file as it is.
                if opts.read_only {
                    ""
                } else {
                    "PRAGMA journal_mode = WAL; "
                },
                match opts.durability {
                    Durability::Full => "FULL",
                    Durability::Normal => "NORMAL",
                }
            ),
            // A row lock held too long (another process stuck mid-submit) becomes an
            // error for the caller instead of an endless wait.
            Backend::Postgres if opts.read_only => format!(
                "SET lock_timeout = {wait_ms}; \
                 SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"
            ),
            Backend::Postgres => format!("SET lock_timeout = {wait_ms}"),
        };
        // 'static for the connect hook (a few bytes per opened store).
        let on_connect: &'static str = Box::leak(on_connect.into_boxed_str());
        pool_opts = pool_opts.after_connect(move |conn: &mut AnyConnection, _| {
            Box::pin(async move {
                sqlx::Executor::execute(conn, on_connect).await?;
                Ok(())
            })
        });
        let probe = Arc::new(Probe {
            url: url.clone(),
            on_connect,
            timeout: opts.busy_timeout.max(Duration::from_secs(1)),
        });
        // The pool retries a failing connection until its timeout and then reports only
        // "pool timed out"; one plain connection first tells the real cause (not a
        // database, refused, unknown host, bad password).
        if !url.contains(":memory:") && !url.contains("mode=memory") {
            probe
                .run()
                .await
                .map_err(|detail| StoreError::Unavailable {
                    doing: Doing::read("opening the database"),
                    detail,
                })?;
        }
        let pool = pool_opts
            .connect(&url)
            .await
            .map_err(db(Doing::read("opening the database")))?;
        if opts.migrate && !opts.read_only {
            schema::migrate(&pool, backend, &url, opts.busy_timeout).await?;
        }
        let file = match &path {
            Some(path) => Some(Arc::new(durability::DbFile::of(path).map_err(|e| {
                StoreError::Unavailable {
                    doing: Doing::read("opening the database"),
                    detail: format!("{}: {e}", error::location(&opts.url)),
                }
            })?)),
            None => None,
        };
        let mut checkpointer = None;
        if let Some(file) = file.as_ref().filter(|_| !opts.read_only) {
            // A copy of the file taken before now must read as older than the file. A
            // file that refuses writes refuses this one too; the health probe says so.
            if let Err(e) = durability::raise_epoch(&pool).await {
                tracing::warn!("the database file's epoch could not be raised: {e}");
            }
            // The schema, the epoch and whatever an earlier run left in the WAL go into
            // the file now, so the `.db` alone is a whole database from here on.
            if let Err(e) = durability::checkpoint_truncate(&pool).await {
                tracing::warn!("the WAL could not be checkpointed at open: {e}");
            }
            // The epoch just raised is the one an older copy is told apart from.
            file.check(Doing::read("opening the database"))?;
            durability::tighten_side_files(file.path());
            checkpointer = Some(Arc::new(durability::Checkpointer::spawn(
                pool.clone(),
                file.clone(),
            )));
        }
        Ok(Store {
            pool,
            backend,
            rules: Arc::new(match &opts.pack_revision {
                None => Rules::base(),
                Some(hash) => Rules::revision(hash).ok_or_else(|| {
                    StoreError::Invalid(format!("no revision {hash} of the card pack"))
                })?,
            }),
            revisions: Arc::default(),
            replayable: Arc::new(opts.replayable_rules_versions),
            write_gate: Arc::default(),
            busy_timeout: opts.busy_timeout,
            probe,
            file,
            checkpointer,
            trips: Arc::default(),
        })
    }

    /// Why the database cannot be used right now, found with a connection of its own
    /// (`None`: a connection opens and answers). For the operator's log after an
    /// `Unavailable` error, whose pool timeout alone does not say why.
    pub async fn diagnose(&self) -> Option<String> {
        self.probe.run().await.err()
    }
}

/// The file of a `sqlite:` URL (`None` for another backend or an in-memory database).
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| path.into())
}

/// A database URL without its password, for messages.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Whether no process can be writing the SQLite file `path`: its folder refuses new
/// files (a read-only mount, an archive, `chattr +i`) and it has no WAL to read (no
/// `-wal`, or an empty one, which the checkpoint at close leaves, beside no `-shm`). A
/// reader of a WAL database must otherwise create the `-shm`, which such a folder
/// refuses ("unable to open database file"); and no writer can work there either, as
/// every WAL writer needs its `-shm`. So the file is read as it is (SQLite's
/// `immutable`), with no lock and no side file.
fn nobody_can_write(path: &std::path::Path) -> bool {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let side = |suffix: &str| std::path::PathBuf::from(format!("{}{suffix}", path.display()));
    let no_wal = match std::fs::metadata(side("-wal")) {
        Err(_) => true,
        Ok(wal) => wal.len() == 0 && !side("-shm").exists(),
    };
    path.exists() && no_wal && accessat(CWD, folder, Access::WRITE_OK, AtFlags::EACCESS).is_err()
}

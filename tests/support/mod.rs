//! Shared by the bot's two test binaries (`tests/it/`, `tests/store_faults/`): a
//! scratch database per test (a temporary SQLite file, or a fresh schema in the
//! PostgreSQL database named by `TEST_DATABASE_URL`) and random legal play.
#![allow(dead_code)] // the fault suite uses only its own part

use crystal_clans::game::rng::below;
use crystal_clans::game::{Input, Rules, Seat, Setup, State};
use crystal_clans::store::{Backend, Deadlines, NewMatch, Player, Store, StoreOptions, Terms};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Each named `async fn NAME(db: &TestDb)` of the calling file as two tests, one on a
/// scratch SQLite store and one on PostgreSQL (which returns early, passing, when
/// `TEST_DATABASE_URL` is unset): `mod sqlite { NAME }` and `mod postgres { NAME }`.
#[allow(unused_macros)] // only the store binaries use it
macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let db = super::TestDb::sqlite();
                    super::$name(&db).await;
                    db.cleanup().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(db) = super::TestDb::postgres().await else {
                        return;
                    };
                    super::$name(&db).await;
                    db.cleanup().await;
                }
            )*
        }
    };
}

pub mod bot;
pub mod people;
pub mod play;
pub mod process;
pub mod takeback;
pub mod variants;

/// Where this test process keeps its scratch files (SQLite databases, folders): a
/// folder of its own in cargo's `target/tmp`, not the system's temporary folder, which
/// a machine that runs the suite all day would fill. The folders of earlier runs whose
/// process is gone are removed on first use, so a run leaves behind only its own files
/// (which the author of a failing test may want to read).
pub fn scratch_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch");
        // Without /proc nothing tells a finished run from a running one: keep them all.
        if Path::new("/proc/self").exists()
            && let Ok(entries) = std::fs::read_dir(&root)
        {
            for e in entries.flatten() {
                let pid = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok());
                if pid.is_some_and(|p| !Path::new(&format!("/proc/{p}")).exists()) {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        let dir = root.join(std::process::id().to_string());
        std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
        dir
    })
}

/// A fresh path in [`scratch_dir`]: `PREFIX_pid_n_nanos` then `suffix`.
pub fn scratch_path(prefix: &str, suffix: &str) -> PathBuf {
    scratch_dir().join(format!("{}{suffix}", unique(prefix)))
}

/// A scratch SQLite store in [`scratch_dir`] (commits synced as a crash would keep
/// them, not as a power cut would: tests need no more).
pub async fn scratch_store(tag: &str) -> Store {
    open_scratch(&scratch_url(tag)).await
}

/// A fresh SQLite URL in [`scratch_dir`], for a test that opens the same store again
/// (a bot restarted): [`open_scratch`] opens it each time.
pub fn scratch_url(tag: &str) -> String {
    let path = scratch_path(&format!("crystal-clans-{tag}"), ".db");
    format!("sqlite://{}", path.display())
}

/// The store at `url` (a [`scratch_url`]), opened as [`scratch_store`] opens one.
pub async fn open_scratch(url: &str) -> Store {
    let mut o = StoreOptions::new(url);
    o.durability = crystal_clans::store::Durability::Normal;
    Store::open_with(o).await.expect("store opens")
}

// ---- test databases -----------------------------------------------------------------

static COUNTER: AtomicU32 = AtomicU32::new(0);

pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "{prefix}_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// A database for one test: a temporary SQLite file or a fresh PostgreSQL schema.
pub struct TestDb {
    pub url: String,
    pub backend: Backend,
    pub sqlite_file: Option<std::path::PathBuf>,
    pub pg_schema: Option<(String, String)>,
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        let path = scratch_path("crystal-clans-test", ".db");
        TestDb {
            url: format!("sqlite://{}", path.display()),
            backend: Backend::Sqlite,
            sqlite_file: Some(path),
            pg_schema: None,
        }
    }

    pub async fn postgres() -> Option<TestDb> {
        let base = match std::env::var("TEST_DATABASE_URL") {
            Ok(u) if !u.trim().is_empty() => u.trim().to_string(),
            _ => {
                // CI provides PostgreSQL; there a missing server is a failure, not a skip.
                assert!(
                    std::env::var_os("REQUIRE_POSTGRES").is_none_or(|v| v != "1"),
                    "REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set"
                );
                announce_skip();
                return None;
            }
        };
        let schema = unique("t");
        admin(&base, &format!("CREATE SCHEMA {schema}")).await;
        let sep = if base.contains('?') { '&' } else { '?' };
        Some(TestDb {
            url: format!("{base}{sep}options[search_path]={schema}"),
            backend: Backend::Postgres,
            sqlite_file: None,
            pg_schema: Some((base, schema)),
        })
    }

    pub async fn open(&self) -> Store {
        Store::open(&self.url).await.expect("the store opens")
    }

    pub async fn open_with(&self, f: impl FnOnce(&mut StoreOptions)) -> Store {
        let mut opts = StoreOptions::new(self.url.clone());
        f(&mut opts);
        Store::open_with(opts).await.expect("the store opens")
    }

    pub async fn cleanup(self) {
        if let Some((base, schema)) = &self.pg_schema {
            admin(base, &format!("DROP SCHEMA {schema} CASCADE")).await;
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(path) = &self.sqlite_file {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
    }
}

pub async fn admin(url: &str, sql: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url)
        .await
        .expect("TEST_DATABASE_URL connects");
    sqlx::Executor::execute(&mut conn, sql)
        .await
        .expect("admin statement");
    conn.close().await.ok();
}

/// Printed once per test run, past the test harness's output capture.
pub fn announce_skip() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = writeln!(
            std::io::stderr(),
            "tests on PostgreSQL (the store's, the sharded processes') SKIPPED: set \
             TEST_DATABASE_URL=postgres://... to run them (.ci/run does)"
        );
    });
}

// ---- helpers ------------------------------------------------------------------------

pub fn rules() -> Rules {
    Rules::base()
}

pub fn new_match(seed: u64, users: [u64; 2], guild: Option<u64>) -> NewMatch {
    NewMatch {
        guild,
        channel: 555,
        reach: Default::default(),
        thread: Some(777),
        seats: [Player::User(users[0]), Player::User(users[1])],
        setup: Setup {
            clans: [(seed % 6) as u8, ((seed / 6) % 6) as u8],
            seed,
            mulligan: seed.is_multiple_of(2),
        },
        terms: Terms::default(),
        deadlines: Deadlines::default(),
    }
}

pub fn random_input(rules: &Rules, state: &State, rng: &mut Pcg32) -> (Seat, Input) {
    let pending = state.pending();
    let seat = pending.seats[below(rng, pending.seats.len() as u32) as usize];
    let legal = state.legal(rules, seat);
    (seat, legal[below(rng, legal.len() as u32) as usize])
}

/// A whole random game's inputs (with `selfplay::play_random`'s choices).
pub fn random_game(rules: &Rules, setup: &Setup, player_seed: u64) -> (Vec<(Seat, Input)>, State) {
    let (mut state, _) = State::new(rules, setup.clone()).unwrap();
    let mut rng = Pcg32::seed_from_u64(player_seed);
    let mut inputs = Vec::new();
    while state.winner.is_none() {
        let (seat, input) = random_input(rules, &state, &mut rng);
        state.apply(rules, seat, &input).unwrap();
        inputs.push((seat, input));
    }
    (inputs, state)
}

/// The private answer of a use case that posts nothing publicly (a refusal, a setting).
pub fn private_text(out: &crystal_clans::app::Outcome) -> String {
    assert!(
        out.public.is_empty(),
        "a private answer posts nothing publicly"
    );
    out.reply
        .as_ref()
        .expect("a private answer")
        .content
        .clone()
}

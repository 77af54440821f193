//! Running the bot as an operator does: the real `crystal-clans` binary stopped with
//! SIGTERM while it answers a click, and `crystal-clans status` as a health check.

use crystal_clans::game::Setup;
use crystal_clans::store::{Deadlines, NewMatch, Player, Store, Terms, now_ms};
use crystal_clans_testkit::fake_discord::{CHANNEL, Fake, GUILD, TOKEN};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support;
use support::TestDb;
use support::process::{bin, exit_within, serve, signal};

const ANA: u64 = 730_000_000_000_000_001;
const BEN: u64 = 730_000_000_000_000_002;

fn sqlite_url(tag: &str) -> (String, std::path::PathBuf) {
    let path = support::scratch_path(tag, ".db");
    (format!("sqlite://{}", path.display()), path)
}

fn a_match(deadlines: Deadlines) -> NewMatch {
    NewMatch {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
        thread: None,
        seats: [Player::User(ANA), Player::User(BEN)],
        setup: Setup {
            clans: [0, 1],
            seed: 3,
            mulligan: false,
        },
        terms: Terms::default(),
        deadlines,
    }
}

/// A new SQLite store (its URL and file) holding one match: its id and the user to
/// move first (`tests/it/lifecycle.rs` starts its bots on one too).
pub(crate) async fn a_stored_match(tag: &str) -> (String, std::path::PathBuf, i64, u64) {
    let (url, path) = sqlite_url(tag);
    let store = Store::open(&url).await.unwrap();
    let (loaded, _) = store
        .create_match(a_match(Deadlines::default()))
        .await
        .unwrap();
    store.close().await;
    let seat = loaded.state.waiting()[0];
    (url, path, loaded.info.id, [ANA, BEN][seat as usize])
}

/// SIGTERM while a click is being worked on (its save waits for a SQLite write lock the
/// test holds): the process keeps running until that click is saved and answered, then
/// exits 0 promptly, and says in its JSON logs what it did (and which shard it ran).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_click_in_flight_then_exits_zero() {
    use sqlx::Connection;
    let (url, path, id, user) = a_stored_match("crystal-clans-sigterm").await;

    let fake = Fake::start().await;
    let mut child = serve(&fake.api, &url)
        .env("CLANS_TICK_SECONDS", "3600")
        .env("RUST_LOG_FORMAT", "json")
        // The configured range path (every other end-to-end test starts autosharded).
        .env("SHARD_COUNT", "1")
        .env("SHARD_IDS", "0-0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let logs = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap());
    fake.try_wait_ready(Duration::from_secs(60))
        .await
        .expect("the bot connects to the fake Discord");

    // Hold SQLite's write lock: the bot's save of the move waits for it (up to its
    // 5 s busy timeout).
    let mut lock = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::Executor::execute(&mut lock, "BEGIN IMMEDIATE")
        .await
        .unwrap();
    let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
    fake.try_ack(&token, Duration::from_secs(10))
        .await
        .expect("the click is acknowledged before the stop");
    tokio::time::sleep(Duration::from_millis(300)).await;
    signal(&child, "TERM");
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    assert!(
        child.try_wait().unwrap().is_none(),
        "the process waits for the click in flight"
    );
    sqlx::Executor::execute(&mut lock, "ROLLBACK")
        .await
        .unwrap();
    lock.close().await.unwrap();
    let released = Instant::now();

    let status = exit_within(child, Duration::from_secs(15))
        .await
        .expect("the process exits after its work");
    let logs = logs.join().unwrap();
    eprintln!(
        "sigterm: exited {:?} after the click's lock was released",
        released.elapsed()
    );
    assert!(status.success(), "exit status {status}; logs:\n{logs}");
    assert!(
        released.elapsed() < Duration::from_secs(10),
        "exited {:?} after the lock was released",
        released.elapsed()
    );
    let reply = fake
        .try_answer(&token, Duration::from_secs(1))
        .await
        .expect("the click was answered");
    assert!(
        !reply.text().contains("try again"),
        "the move was not refused: {}",
        reply.text()
    );
    let store = Store::open(&url).await.unwrap();
    assert_eq!(
        store.info(id).await.unwrap().version,
        1,
        "the move was saved"
    );
    store.close().await;
    // Every log line is one JSON object; the stop is among them.
    let lines: Vec<serde_json::Value> = logs
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(
        lines.iter().any(|l| l["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("SIGTERM"))),
        "{logs}"
    );
    assert!(
        lines.iter().any(|l| l["shards"] == "shard 0 of 1"),
        "ran the configured shard: {logs}"
    );
    assert!(!logs.contains(TOKEN), "the token is never logged");
    // poise asked Discord for the bot's owners and warned when that failed; the bot has
    // no owner-only commands.
    assert!(!logs.contains("Failed to insert owners"), "{logs}");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// The bug: tracing-subscriber reports a failed log write with `eprintln!`, which
/// panics when standard error itself is the broken writer. Once whatever read the bot's
/// standard error was gone (a log collector restarted, a closed terminal), every log
/// line panicked the task that wrote it: the SIGTERM handler died on its first line and
/// the bot ignored SIGTERM until killed. Now the bot keeps playing and stops cleanly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_log_reader_is_gone_keeps_playing_and_stops_on_sigterm() {
    let (url, path, id, user) = a_stored_match("crystal-clans-log-reader-gone").await;

    let fake = Fake::start().await;
    let mut child = serve(&fake.api, &url)
        .env("CLANS_TICK_SECONDS", "3600")
        // Every click logs a line at debug, so the broken writer is hit while playing.
        .env("RUST_LOG", "debug,crystal_clans=debug")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A reader that goes away when told: from then on every write to standard error
    // fails (EPIPE). Debug logs are steady, so it notices soon.
    let mut stderr = child.stderr.take().unwrap();
    let gone = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let gone = gone.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while !gone.load(std::sync::atomic::Ordering::SeqCst) {
                match std::io::Read::read(&mut stderr, &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        })
    };
    fake.try_wait_ready(Duration::from_secs(60))
        .await
        .expect("the bot connects to the fake Discord");
    gone.store(true, std::sync::atomic::Ordering::SeqCst);
    tokio::task::spawn_blocking(move || reader.join().unwrap())
        .await
        .unwrap();

    let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
    let reply = fake
        .try_answer(&token, Duration::from_secs(20))
        .await
        .expect("the click is answered with no one reading the logs");
    assert!(!reply.text().contains("try again"), "{}", reply.text());

    signal(&child, "TERM");
    let status = exit_within(child, Duration::from_secs(15))
        .await
        .expect("the bot stops on SIGTERM with no one reading its logs");
    assert!(status.success(), "exit status {status}");
    let store = Store::open(&url).await.unwrap();
    assert_eq!(
        store.info(id).await.unwrap().version,
        1,
        "the move was saved"
    );
    store.close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

fn status(url: &str) -> (i32, serde_json::Value) {
    let out = bin()
        .args(["status", "--json", "--database", url])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap(), v)
}

async fn status_counts(db: &TestDb) {
    let store = db.open().await;
    let past = now_ms() - 60_000;
    store
        .create_match(a_match(Deadlines::default()))
        .await
        .unwrap();
    store
        .create_match(a_match(Deadlines {
            remind_at: Some(past),
            timeout_at: None,
        }))
        .await
        .unwrap();
    store.close().await;
    let (code, v) = status(&db.url);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["reachable"], true);
    assert_eq!(v["migrations_current"], true, "{v}");
    assert_eq!(v["active_matches"], 2, "{v}");
    assert_eq!(v["due_now"], 1, "{v}");
    assert_eq!(v["set_aside"], 0, "{v}");
}

/// A health check: counts from a store the bot opened, exit 0.
#[tokio::test]
async fn status_reports_active_matches_and_due_deadlines() {
    let db = TestDb::sqlite();
    status_counts(&db).await;
    if let Some(db) = TestDb::postgres().await {
        status_counts(&db).await;
        db.cleanup().await;
    }
}

/// Unreachable stores exit 1 with the cause; a missing SQLite file is not created, a
/// database never migrated is reported behind, and no password is shown.
#[tokio::test]
async fn status_exits_one_when_the_store_is_unreachable_or_not_migrated() {
    let (url, path) = sqlite_url("crystal-clans-status-missing");
    let (code, v) = status(&url);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["reachable"], false, "{v}");
    assert!(!path.exists(), "status creates no database");

    let refused = "postgres://clans:hunter2@127.0.0.1:1/clans?sslmode=disable";
    let (code, v) = status(refused);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["reachable"], false, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("PostgreSQL at 127.0.0.1:1"), "{error}");
    assert!(error.contains("refused"), "{error}");
    assert!(!error.contains("hunter2"), "{error}");

    // An empty SQLite file: reachable, nothing applied.
    std::fs::write(&path, b"").unwrap();
    let (code, v) = status(&url);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["reachable"], true, "{v}");
    assert_eq!(v["migrations_current"], false, "{v}");
    assert_eq!(v["migrations_applied"], 0, "{v}");
    std::fs::remove_file(&path).unwrap();
}

// ---- verify, backup and the database files ---------------------------------------------

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn migrations(url: &str) -> i64 {
    let mut o = crystal_clans::store::StoreOptions::new(url);
    (o.migrate, o.read_only) = (false, true);
    let store = Store::open_with(o).await.unwrap();
    let n = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(store.pool())
        .await
        .unwrap();
    store.close().await;
    n
}

async fn exec(url: &str, sql: &str) {
    let mut o = crystal_clans::store::StoreOptions::new(url);
    o.migrate = false;
    let store = Store::open_with(o).await.unwrap();
    sqlx::query(sql).execute(store.pool()).await.unwrap();
    store.close().await;
}

/// Regression (issue 34, 8): `verify` migrated the schema, so a newer build's `verify`
/// upgraded a live database under an older bot. It now reads only: on an older schema
/// (its last migration row removed) and on a newer one (a migration this build does not
/// know) it refuses with a sentence, exit 1, and the schema is as it was, with and
/// without `--rearm`.
#[tokio::test]
async fn verify_never_migrates_and_refuses_another_schema() {
    let (url, _path, _, _) = a_stored_match("crystal-clans-verify-schema").await;
    let (code, out, err) = run(&["verify", "--all", "--database", &url]);
    assert_eq!(code, 0, "{out}{err}");
    let current = migrations(&url).await;
    exec(
        &url,
        "DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)",
    )
    .await;
    for rearm in [false, true] {
        let mut args = vec!["verify", "--all", "--database", &url];
        args.extend(rearm.then_some("--rearm"));
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{out}{err}");
        assert!(err.contains("older than this build"), "{err}");
        assert!(err.contains("never migrates"), "{err}");
        assert_eq!(migrations(&url).await, current - 1, "verify migrated");
    }
    exec(
        &url,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99990101000000, 'from the future', 1, x'00', 0)",
    )
    .await;
    let (code, out, err) = run(&["verify", "--all", "--database", &url]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("newer than this build"), "{err}");
}

/// Regression (issue 34, 3): a database file without its schema (its WAL lost) was
/// "checked 0", exit 0. Now a missing schema is refused, and so is an emptied matches
/// table whose ids were handed out.
#[tokio::test]
async fn verify_refuses_a_lost_schema_or_lost_matches() {
    let (url, path) = sqlite_url("crystal-clans-verify-lost");
    std::fs::write(&path, b"").unwrap();
    let (code, out, err) = run(&["verify", "--all", "--database", &url]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("no schema"), "{err}");
    assert!(!out.contains("\"checked\":0"), "{out}");
    std::fs::remove_file(&path).unwrap();

    // A new database with no match yet is fine.
    let (url, _) = sqlite_url("crystal-clans-verify-new");
    Store::open(&url).await.unwrap().close().await;
    let (code, out, err) = run(&["verify", "--all", "--database", &url]);
    assert_eq!(code, 0, "{out}{err}");

    let (url, _, _, _) = a_stored_match("crystal-clans-verify-emptied").await;
    exec(&url, "DELETE FROM matches").await;
    let (code, out, err) = run(&["verify", "--all", "--database", &url]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("match ids up to 1"), "{err}");
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Regression (issue 34, 11): the database files were created world-readable (hands and
/// user ids) under the usual umask 022. The `.db`, `-wal`, `-shm` and a backup are the
/// owner's only, whatever the umask; a `-wal` left world-readable by an older build is
/// tightened when the store opens.
#[tokio::test]
async fn database_files_and_backups_are_the_owners_only() {
    let (url, path) = sqlite_url("crystal-clans-private");
    let store = Store::open(&url).await.unwrap();
    store
        .create_match(a_match(Deadlines::default()))
        .await
        .unwrap();
    let side = |s: &str| std::path::PathBuf::from(format!("{}{s}", path.display()));
    for p in [path.clone(), side("-wal"), side("-shm")] {
        assert_eq!(mode(&p), 0o600, "{}", p.display());
    }
    store.close().await;
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::write(side("-wal"), b"").unwrap();
        std::fs::set_permissions(side("-wal"), std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let store = Store::open(&url).await.unwrap();
    assert_eq!(mode(&side("-wal")), 0o600);
    store.close().await;

    let copy = support::scratch_path("crystal-clans-backup", ".db");
    let copy_text = copy.display().to_string();
    let (code, out, err) = run(&["backup", &copy_text, "--database", &url]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("(1 matches)"), "{out}");
    assert_eq!(mode(&copy), 0o600);
}

/// Regression (issue 48, 12): `backup` into a dangling symbolic link followed it and
/// created its target with the umask's mode (0644), holding every hand and user id. A
/// link, dangling or not, is a destination that exists: refused, nothing created.
#[tokio::test]
async fn backup_into_a_dangling_symlink_creates_nothing() {
    let (url, _path, _, _) = a_stored_match("crystal-clans-backup-link").await;
    let target = support::scratch_path("crystal-clans-backup-target", ".db");
    let link = support::scratch_path("crystal-clans-backup-link", ".db");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, out, err) = run(&["backup", &link.display().to_string(), "--database", &url]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("never overwrites"), "{err}");
    assert!(!target.exists(), "the link's target was created");
    std::fs::remove_file(&link).unwrap();
}

/// `backup` copies a store the bot holds open (its last moves still in the WAL) into a
/// new file that verifies; it never overwrites; for PostgreSQL it names `pg_dump` and
/// exits 2 without showing the password.
#[tokio::test]
async fn backup_copies_a_live_store_and_names_pg_dump_for_postgres() {
    let (url, _path, id, _) = a_stored_match("crystal-clans-backup-live").await;
    let store = Store::open(&url).await.unwrap();
    let rules = store.rules().clone();
    let mut state = store.load(id).await.unwrap().state;
    let mut rng = <rand_pcg::Pcg32 as rand::SeedableRng>::seed_from_u64(5);
    for v in 0..12 {
        let (seat, input) = support::random_input(&rules, &state, &mut rng);
        state = store.submit(id, v, seat, &input).await.unwrap().state;
    }
    let copy = support::scratch_path("crystal-clans-backup-copy", ".db");
    let copy_text = copy.display().to_string();
    let (code, out, err) = run(&["backup", &copy_text, "--database", &url]);
    assert_eq!(code, 0, "{out}{err}");
    let copy_url = format!("sqlite://{copy_text}");
    let (code, out, err) = run(&["verify", "--all", "--database", &copy_url]);
    assert_eq!(code, 0, "{out}{err}");
    let mut o = crystal_clans::store::StoreOptions::new(copy_url);
    (o.migrate, o.read_only) = (false, true);
    let copied = Store::open_with(o).await.unwrap();
    assert_eq!(copied.inputs(id).await.unwrap().len(), 12);
    copied.close().await;
    store.close().await;

    let (code, _, err) = run(&["backup", &copy_text, "--database", &url]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("never overwrites"), "{err}");
    let (code, _, err) = run(&[
        "backup",
        "clans.dump",
        "--database",
        "postgres://bot:hunter2@db.example/clans",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("pg_dump --format=custom --file=clans.dump"),
        "{err}"
    );
    assert!(!err.contains("hunter2"), "{err}");
}

//! Errors that say their cause: opening, a pool timeout, `verify` on a missing file.

use super::*;

/// Opening names the real cause at once, instead of waiting out the pool's timeout and
/// saying "pool timed out".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_errors_name_their_cause() {
    let dir = support::scratch_path("crystal-clans-open", "");
    std::fs::create_dir_all(&dir).unwrap();
    let not_db = dir.join("notes.db");
    std::fs::write(
        &not_db,
        "shopping list: eggs, milk, bread, and more eggs ".repeat(40),
    )
    .unwrap();
    let cases = [
        (
            format!("sqlite://{}", not_db.display()),
            "the file is not a SQLite database",
        ),
        (
            format!("sqlite://{}", dir.join("missing/folder/x.db").display()),
            "cannot be opened",
        ),
        // Port 1 on loopback: nothing listens there.
        (
            "postgres://user:secret@127.0.0.1:1/db".to_string(),
            "refused the connection",
        ),
    ];
    for (url, cause) in cases {
        let started = std::time::Instant::now();
        let e = match Store::open(&url).await {
            Ok(_) => panic!("{url} opened"),
            Err(e) => e,
        };
        let text = e.to_string();
        assert!(text.contains(cause), "{url}: {text}");
        assert!(!text.contains("pool timed out"), "{url}: {text}");
        assert!(!text.contains("secret"), "the password leaks: {text}");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{url}: took {:?}",
            started.elapsed()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A store whose database went away mid-run: the pool can only say it timed out, and
/// `diagnose` finds the cause for the operator's log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnose_names_the_cause_of_a_pool_timeout() {
    let db = TestDb::sqlite();
    let store = db.open().await;
    assert_eq!(store.diagnose().await, None);
    let path = db.sqlite_file.clone().unwrap();
    store.close().await;
    std::fs::write(&path, "not a database any more ".repeat(200)).unwrap();
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let cause = store.diagnose().await.expect("a damaged file is diagnosed");
    assert!(cause.contains("not a SQLite database"), "{cause}");
}

/// `verify` on a path where there is no database says so and creates nothing.
#[test]
fn verify_on_a_missing_database_creates_nothing() {
    let dir = support::scratch_path("crystal-clans-verify", "");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("typo.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
        .args(["verify", "--all", "--database"])
        .arg(format!("sqlite://{}", path.display()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no database file at"), "{err}");
    assert!(err.contains("nothing was created"), "{err}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "a file was created"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

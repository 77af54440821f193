//! SQLite faults: a full disk, a lock held past the busy timeout, the database made
//! read-only, the database file alone and its folder gone.

use super::*;

/// A small tmpfs, unmounted on drop.
struct SmallFs {
    dir: std::path::PathBuf,
}

impl SmallFs {
    fn mount(size: &str) -> Result<SmallFs, String> {
        let dir = support::scratch_path("crystal-clans-fs", "");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .output()
            .map_err(|e| format!("mount: {e}"))?;
        if !out.status.success() {
            let _ = std::fs::remove_dir(&dir);
            return Err(format!(
                "cannot mount a tmpfs ({})",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(SmallFs { dir })
    }

    /// Fills the file system up to its last byte with a filler file.
    fn fill(&self) {
        use std::io::Write;
        let mut f = std::fs::File::create(self.dir.join("filler")).unwrap();
        let block = vec![0u8; 64 * 1024];
        let mut small = vec![0u8; 512];
        loop {
            if f.write_all(&block).is_err() {
                break;
            }
        }
        while f.write_all(&small).is_ok() {}
        small.truncate(1);
        while f.write_all(&small).is_ok() {}
        let _ = f.sync_all();
    }

    fn free(&self) {
        std::fs::remove_file(self.dir.join("filler")).unwrap();
    }
}

impl Drop for SmallFs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.dir)
            .status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

async fn disk_full(max_connections: u32) {
    let name = format!("sqlite disk full, {max_connections} connection(s)");
    let fs = match SmallFs::mount("16m") {
        Ok(fs) => fs,
        Err(why) => return cannot(&name, &why),
    };
    let url = format!("sqlite://{}", fs.dir.join("clans.db").display());
    let fs = std::sync::Arc::new(fs);
    let (f1, f2) = (fs.clone(), fs.clone());
    let t = through_fault(
        &url,
        |o| {
            o.max_connections = max_connections;
            o.busy_timeout = Duration::from_millis(500);
        },
        40 + max_connections as u64,
        async move |_: &Store| f1.fill(),
        40,
        async move |_: &Store| f2.free(),
        40,
    )
    .await;
    report(&name, &t);
    assert!(t.during.2 > 0, "the full disk refused nothing: {t:?}");
    assert_eq!(t.unacknowledged_writes, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_disk_full_one_connection() {
    disk_full(1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_disk_full_pooled() {
    disk_full(4).await;
}

// ---- SQLite: a lock held past the busy timeout ------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_lock_held_past_busy_timeout() {
    use sqlx::Connection;
    let db = TestDb::sqlite();
    let url = db.url.clone();
    let blocker: std::sync::Arc<tokio::sync::Mutex<Option<sqlx::AnyConnection>>> =
        Default::default();
    let (b1, b2) = (blocker.clone(), blocker.clone());
    let url2 = url.clone();
    let t = through_fault(
        &url,
        |o| o.busy_timeout = Duration::from_millis(200),
        50,
        async move |_: &Store| {
            // Another process's connection takes the write lock and keeps it.
            let mut c = sqlx::AnyConnection::connect(&url2).await.unwrap();
            sqlx::Executor::execute(&mut c, "BEGIN EXCLUSIVE")
                .await
                .unwrap();
            *b1.lock().await = Some(c);
        },
        6,
        async move |_: &Store| {
            let mut c = b2.lock().await.take().unwrap();
            sqlx::Executor::execute(&mut c, "COMMIT").await.unwrap();
            c.close().await.unwrap();
        },
        30,
    )
    .await;
    report("sqlite lock held past the busy timeout", &t);
    assert_eq!(t.during.1, 0, "a submit got past an exclusive lock: {t:?}");
    assert_eq!(t.unacknowledged_writes, 0);
}

// ---- SQLite: the database made read-only -----------------------------------------------

/// Sets or clears the immutable attribute of the database and its WAL: unlike a
/// permission change (which root ignores and open files keep), it refuses writes
/// through files that are already open. Not the shared-memory file: SQLite maps it, and
/// the kernel answers a write fault on a mapping of an immutable file with SIGBUS,
/// which no process survives (seen once Crystallo placements ran through this fault);
/// no operator's mistake can do that to a running bot either, as a file system cannot
/// be remounted read-only while files on it are open for writing.
fn immutable(db: &std::path::Path, on: bool) -> Result<(), String> {
    for suffix in ["", "-wal"] {
        let path = format!("{}{suffix}", db.display());
        let out = std::process::Command::new("chattr")
            .arg(if on { "+i" } else { "-i" })
            .arg(&path)
            .output()
            .map_err(|e| format!("chattr: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "chattr {path}: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    Ok(())
}

/// Clears the immutable attribute on drop, so that a failing test leaves no file behind
/// that nobody can delete.
struct ClearsImmutable(std::path::PathBuf);

impl Drop for ClearsImmutable {
    fn drop(&mut self) {
        let _ = immutable(&self.0, false);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_database_made_read_only() {
    let what = "sqlite database made read-only";
    let db = TestDb::sqlite();
    let path = db.sqlite_file.clone().unwrap();
    // Can this file system do it at all? (ext4 can; tmpfs and overlays may not.)
    let files = ["", "-wal"].map(|s| format!("{}{s}", path.display()));
    files.iter().for_each(|f| std::fs::write(f, b"").unwrap());
    // Cleared whatever setting did: a probe that failed half-way must not leave an
    // immutable file behind, which nobody could delete (regression: one was left).
    let set = immutable(&path, true);
    let cleared = immutable(&path, false);
    let can = set.and(cleared);
    files.iter().for_each(|f| {
        let _ = std::fs::remove_file(f);
    });
    if let Err(why) = can {
        return cannot(what, &why);
    }
    // Dropped before `db` (which deletes the files), also when the test panics.
    let _writable_again = ClearsImmutable(path.clone());
    let (p1, p2) = (path.clone(), path.clone());
    let url = db.url.clone();
    let t = through_fault(
        &db.url,
        |o| o.busy_timeout = Duration::from_millis(300),
        80,
        async move |store: &Store| {
            immutable(&p1, true).unwrap();
            // The health check says so (issue 34, 9: it said healthy).
            assert!(store.check_writable().await.is_err());
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
                .args(["status", "--json", "--database", &url])
                .output()
                .unwrap();
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(out.status.code(), Some(1), "{v}");
            assert!(v["refuses_writes"].is_string(), "{v}");
        },
        20,
        async move |_: &Store| immutable(&p2, false).unwrap(),
        30,
    )
    .await;
    report(what, &t);
    assert!(
        t.during.2 > 0,
        "the read-only database refused nothing: {t:?}"
    );
    assert_eq!(t.unacknowledged_writes, 0);
}

/// Regression (issue 48, 12): `verify` exited 2 on a WAL database in a folder that
/// refuses writes (a read-only mount, an archive), though README says it works on
/// databases that refuse writes: SQLite's reader must create the `-shm` beside it. With
/// no `-wal` there and the folder closed to new files, nobody can be writing: the file
/// is read as it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_reads_a_database_in_a_folder_that_refuses_writes() {
    let what = "verify in a read-only folder";
    let folder = support::scratch_path("crystal-clans-ro-folder", "");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("clans.db");
    let url = format!("sqlite://{}", path.display());
    let store = Store::open(&url).await.unwrap();
    store
        .create_match(new_match(4806, [1, 2], None))
        .await
        .unwrap();
    store.close().await;
    drop(store);
    // Closed: its WAL checkpointed into the file (the `-wal` gone, or left empty).
    let wal = folder.join("clans.db-wal");
    let checkpointed = || std::fs::metadata(&wal).map_or(true, |m| m.len() == 0);
    // The pool's connections finish closing on their own threads.
    for _ in 0..100 {
        if checkpointed() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(checkpointed(), "closed: a WAL with moves left");
    // As a folder copied or archived holds it: no `-shm` beside it.
    let _ = std::fs::remove_file(folder.join("clans.db-shm"));
    let set = std::process::Command::new("chattr")
        .arg("+i")
        .arg(&folder)
        .output();
    match set {
        Ok(o) if o.status.success() => {}
        Ok(o) => return cannot(what, String::from_utf8_lossy(&o.stderr).trim()),
        Err(e) => return cannot(what, &format!("chattr: {e}")),
    }
    struct Open(std::path::PathBuf);
    impl Drop for Open {
        fn drop(&mut self) {
            let _ = std::process::Command::new("chattr")
                .arg("-i")
                .arg(&self.0)
                .output();
        }
    }
    let _open_again = Open(folder.clone());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
        .args(["verify", "--all", "--database", &url])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("\"agree\":1"), "{said}");
    assert!(
        !folder.join("clans.db-shm").exists(),
        "a side file was made"
    );
}

// ---- SQLite: the database file alone, its folder gone ----------------------------------

/// A child process killed (SIGKILL) when dropped: an idle crash child left behind by a
/// failing test would otherwise wait an hour.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the crash child on match `id`, waits until it acknowledged `acks` inputs and
/// went idle with its store open, and returns it with those acknowledgements.
fn child_until_idle(url: &str, id: MatchId, acks: u32) -> (Killed, Vec<Ack>) {
    use std::io::BufRead;
    let mut child = child(Role::CrashChild {
        database: url.to_string(),
        match_id: id,
        seed: 34,
        idle_after: Some(acks),
        probe: false,
    })
    .stdout(std::process::Stdio::piped())
    .spawn()
    .expect("the test binary starts");
    let mut acked = Vec::new();
    let mut lines = self_exec::output(child.stdout.take().unwrap()).lines();
    let child = Killed(child);
    loop {
        let line = lines.next().expect("the child goes idle").unwrap();
        let mut parts = line.splitn(4, ' ');
        match parts.next() {
            Some("ack") => acked.push((
                id,
                parts.next().unwrap().parse().unwrap(),
                parts.next().unwrap().parse().unwrap(),
                parts.next().unwrap().to_string(),
            )),
            Some("idle") => break,
            Some("finished") => panic!("the match ended before {acks} inputs"),
            _ => {}
        }
    }
    (child, acked)
}

/// Every acknowledged input is in the database at `url`, opened read only (no
/// migration could paper over a lost schema), and `verify` agrees.
async fn holds_every_ack(url: &str, acked: &[Ack], what: &str) {
    let mut o = StoreOptions::new(url);
    (o.create, o.migrate, o.read_only) = (false, false, true);
    let store = Store::open_with(o)
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        store.schema().await.unwrap(),
        crystal_clans::store::schema::Schema::Current,
        "{what}: the schema is lost"
    );
    let id = acked[0].0;
    let stored = store
        .inputs(id)
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    for (_, seq, seat, json) in acked {
        let s = stored.get(*seq as usize - 1).unwrap_or_else(|| {
            panic!(
                "{what}: acknowledged input #{seq} is lost (the log has {})",
                stored.len()
            )
        });
        assert_eq!(
            (s.seat, &serde_json::to_string(&s.input).unwrap()),
            (*seat, json)
        );
    }
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    store.close().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
        .args(["verify", "--all", "--database", url])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Regression (issue 34, 3): the moves of a killed bot were all still in SQLite's WAL, so
/// a copy of the `.db` alone, or the `.db` after its `-wal` was deleted, lost every one
/// (and the schema), and `verify` called the empty file consistent. With the store's
/// checkpoints, a copy taken a checkpoint interval after the last acknowledgement holds
/// every acknowledged input; a database that did lose its matches is refused by `verify`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_database_file_alone_holds_every_acknowledged_move() {
    let db = TestDb::sqlite();
    let path = db.sqlite_file.clone().unwrap();
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(34, [1, 2], None))
        .await
        .unwrap();
    store.close().await;
    let (child, acked) = child_until_idle(&db.url, m.info.id, 40);
    assert_eq!(acked.len(), 40);
    // Past the checkpoint interval, then the crash.
    tokio::time::sleep(crystal_clans::store::durability::CHECKPOINT_EVERY * 3).await;
    drop(child); // SIGKILL
    let wal = std::fs::metadata(format!("{}-wal", path.display()))
        .map(|m| m.len())
        .unwrap_or(0);

    // A copy of the database file alone (as a file-level backup takes it).
    let copy = support::scratch_path("crystal-clans-copy", ".db");
    std::fs::copy(&path, &copy).unwrap();
    holds_every_ack(
        &format!("sqlite://{}", copy.display()),
        &acked,
        "the .db copied alone",
    )
    .await;
    // The original with its -wal and -shm deleted.
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    holds_every_ack(&db.url, &acked, "the .db without its -wal").await;
    eprintln!(
        "wal: {} acknowledged inputs, all in the .db copied alone and in the .db without its \
         -wal ({wal} bytes of WAL at the kill)",
        acked.len()
    );

    // Matches lost with the rows' ids handed out: verify refuses instead of "checked 0".
    let store = db.open().await;
    sqlx::query("DELETE FROM matches")
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
        .args(["verify", "--all", "--database", &db.url])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("holds no match") && err.contains("lost"),
        "{err}"
    );
    let _ = std::fs::remove_file(&copy);
}

/// Regression (issue 34, 4): with the database's folder removed while the bot ran, it
/// acknowledged 15 more moves into an unlinked file. Now every write is refused
/// (`Gone`) while the file is not where it was opened; moved back, the match plays on,
/// and every acknowledged move is in the file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_folder_moved_away_refuses_every_move_until_it_is_back() {
    let dir = support::scratch_path("crystal-clans-folder", "");
    std::fs::create_dir_all(&dir).unwrap();
    let away = dir.with_extension("away");
    let url = format!("sqlite://{}", dir.join("clans.db").display());
    let (d1, a1, d2, a2) = (dir.clone(), away.clone(), dir.clone(), away.clone());
    let t = through_fault(
        &url,
        |_| {},
        34,
        async move |store: &Store| {
            std::fs::rename(&d1, &a1).unwrap();
            let e = store.check_writable().await.unwrap_err();
            assert!(matches!(e, StoreError::Gone { .. }), "{e}");
            assert!(!e.is_transient());
            assert!(
                !crystal_clans::app::failures::words(crystal_clans::i18n::Lang::En, &e)
                    .contains("try again"),
                "{e}"
            );
        },
        15,
        async move |_: &Store| std::fs::rename(&a2, &d2).unwrap(),
        20,
    )
    .await;
    report("sqlite folder moved away", &t);
    assert_eq!(
        t.during.1, 0,
        "a move was acknowledged into a moved file: {t:?}"
    );
    assert_eq!(t.unacknowledged_writes, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The folder removed for good: every later move is refused as `Gone`, none
/// acknowledged, and the store's health check says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_folder_removed_refuses_every_later_move() {
    let dir = support::scratch_path("crystal-clans-removed", "");
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("clans.db").display());
    let store = Store::open(&url).await.unwrap();
    let reader = Store::open(&url).await.unwrap();
    let mut p = Player::new(store.clone(), reader, 35).await;
    assert_eq!(p.play(10).await.2, 0);
    std::fs::remove_dir_all(&dir).unwrap();
    let rules = store.rules().clone();
    let mut rng = Pcg32::seed_from_u64(35);
    let mut gone = 0;
    for _ in 0..15 {
        let (seat, input) = random_input(&rules, &p.state, &mut rng);
        match store.submit(p.id, p.version, seat, &input).await {
            Err(StoreError::Gone { .. }) => gone += 1,
            other => panic!("a move into a removed file: {other:?}"),
        }
    }
    assert!(matches!(
        store.check_writable().await,
        Err(StoreError::Gone { .. })
    ));
    assert!(matches!(
        store.set_user_name(1, "x").await,
        Err(StoreError::Gone { .. })
    ));
    eprintln!("fault sqlite folder removed: 15 submits after the removal, {gone} refused as gone");
}

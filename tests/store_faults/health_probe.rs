//! The health probe and SQLite's locks (issue 48, 1). POSIX advisory locks belong to the
//! process: closing *any* descriptor of the database file drops every lock SQLite holds
//! on it for the whole process. The probe once opened the `.db` itself to see whether it
//! was writable, so after the first health check the bot held no lock; an operator's
//! read (or `verify --rearm`), closing as the last connection it knew of, then
//! checkpointed and deleted the live `-wal` and `-shm` under the running bot, whose
//! later acknowledged moves went to an unlinked file. Two bot processes on one file
//! corrupted it.

use super::*;
use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;

/// The locks `/proc/locks` lists as held by this process on the file `path`.
fn locks_held_on(path: &std::path::Path) -> Vec<String> {
    use std::os::unix::fs::MetadataExt;
    let ino = std::fs::metadata(path).unwrap().ino();
    let pid = std::process::id().to_string();
    std::fs::read_to_string("/proc/locks")
        .unwrap()
        .lines()
        .filter(|l| {
            // "1: POSIX  ADVISORY  READ 1234 fe:00:5309218 1073741826 1073742335"
            let f: Vec<&str> = l.split_whitespace().collect();
            f.get(4) == Some(&pid.as_str())
                && f.get(5)
                    .and_then(|dev_ino| dev_ino.rsplit(':').next())
                    .is_some_and(|i| i == ino.to_string())
        })
        .map(str::to_string)
        .collect()
}

/// Regression: with the probe run, the process held no lock on its database. SQLite in
/// WAL mode keeps a shared lock on the `.db` while a connection is open; it must still
/// be there after any number of health checks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_probe_keeps_sqlites_locks() {
    let db = TestDb::sqlite();
    let path = db.sqlite_file.clone().unwrap();
    let mut o = StoreOptions::new(&db.url);
    o.max_connections = 1;
    let store = Store::open_with(o).await.unwrap();
    let (m, _) = store
        .create_match(new_match(48, [1, 2], None))
        .await
        .unwrap();
    store.info(m.info.id).await.unwrap();
    let before = locks_held_on(&path);
    assert!(
        !before.is_empty(),
        "no lock on the database before the probe: /proc/locks cannot tell anything here"
    );
    for _ in 0..3 {
        store.check_writable().await.unwrap();
    }
    store.info(m.info.id).await.unwrap();
    let after = locks_held_on(&path);
    assert!(
        !after.is_empty(),
        "the health probe dropped SQLite's locks on the database (before it: {before:?})"
    );
    store.close().await;
}

/// A crash child's lines, read on a thread so that waiting for one can time out.
struct Lines {
    rx: Receiver<String>,
    process: std::process::Child,
    acked: Vec<Ack>,
    id: MatchId,
    finished: bool,
}

impl Lines {
    fn spawn(url: &str, id: MatchId, seed: u64) -> Lines {
        let mut process = child(Role::CrashChild {
            database: url.to_string(),
            match_id: id,
            seed,
            idle_after: None,
            probe: true,
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the test binary starts");
        let stdout = process.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in self_exec::output(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            rx,
            process,
            acked: Vec::new(),
            id,
            finished: false,
        }
    }

    /// Reads lines until `n` more inputs were acknowledged or the match finished.
    fn until_acks(&mut self, n: usize) {
        let target = self.acked.len() + n;
        while self.acked.len() < target && !self.finished {
            let line = self
                .rx
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("the child stopped: {}", self.stderr()));
            let mut parts = line.splitn(4, ' ');
            match parts.next() {
                Some("ack") => self.acked.push((
                    self.id,
                    parts.next().unwrap().parse().unwrap(),
                    parts.next().unwrap().parse().unwrap(),
                    parts.next().unwrap().to_string(),
                )),
                Some("finished") => self.finished = true,
                _ => {}
            }
        }
    }

    /// SIGKILL, then whatever the child wrote to standard error.
    fn kill(&mut self) -> String {
        let _ = self.process.kill();
        let _ = self.process.wait();
        self.stderr()
    }

    fn stderr(&mut self) -> String {
        let mut err = String::new();
        if let Some(mut e) = self.process.stderr.take() {
            std::io::Read::read_to_string(&mut e, &mut err).ok();
        }
        err
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// What an operator does beside the running bot: a plain read that closes (as
/// `sqlite3 clans.db "SELECT ..."` does), then `verify --rearm`, each its own process as
/// far as SQLite's locks are concerned (this test process is not the bot's).
async fn outside_reads(url: &str) {
    use sqlx::Connection;
    let mut c = sqlx::AnyConnection::connect(url).await.unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(&mut c)
        .await
        .unwrap();
    assert!(n > 0);
    c.close().await.unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
        .args(["verify", "--all", "--rearm", "--database", url])
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "verify --rearm: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Regression: an outside read beside a bot that had run its health probe deleted the
/// live WAL; the bot acknowledged 30 more moves and a SIGKILL left 10 of 40. Now the
/// bot keeps its lock, the reader leaves the WAL alone, and every acknowledged move is
/// in the database after the kill, and the match plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_probe_then_outside_reader_loses_no_acknowledged_move() {
    let db = TestDb::sqlite();
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(48, [1, 2], None))
        .await
        .unwrap();
    store.close().await;
    let mut bot = Lines::spawn(&db.url, m.info.id, 4801);
    bot.until_acks(10);
    outside_reads(&db.url).await;
    bot.until_acks(30);
    outside_reads(&db.url).await;
    bot.until_acks(10);
    let err = bot.kill();
    assert!(!err.contains("malformed"), "{err}");
    let acked = std::mem::take(&mut bot.acked);
    assert!(acked.len() >= 20, "only {} acknowledged", acked.len());
    let n = acked.len();
    let mut p = Player::resume(db.open().await, db.open().await, m.info.id, acked, 4802).await;
    let after = p.play(20).await;
    assert_eq!(after.2, 0, "the match does not play on after the kill");
    // The child went on playing until the kill: inputs it had not yet acknowledged may
    // be stored too, as any crash allows; every acknowledged one must be.
    p.check(&db.url).await;
    eprintln!(
        "health probe and outside readers: {n} moves acknowledged around two outside reads, \
         all found after SIGKILL; 20 more played on"
    );
}

/// Regression: two bot processes on one SQLite file, each running its health probe,
/// logged "database disk image is malformed" and failed 15 of 15 challenges. Both play
/// their own match at once; neither fails, and every move either acknowledged is found.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_the_health_probe_share_one_sqlite_file() {
    let db = TestDb::sqlite();
    let store = db.open().await;
    let mut ids = Vec::new();
    for seed in [481, 482] {
        let (m, _) = store
            .create_match(new_match(seed, [1, 2], None))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    store.close().await;
    let mut a = Lines::spawn(&db.url, ids[0], 4811);
    let mut b = Lines::spawn(&db.url, ids[1], 4812);
    for _ in 0..6 {
        a.until_acks(5);
        b.until_acks(5);
    }
    outside_reads(&db.url).await;
    a.until_acks(5);
    b.until_acks(5);
    for bot in [&mut a, &mut b] {
        let err = bot.kill();
        assert!(!err.contains("malformed"), "{err}");
        assert!(
            !err.contains("store-crash-child"),
            "the child failed: {err}"
        );
    }
    let fresh = db.open().await;
    let mut total = 0;
    for bot in [&a, &b] {
        let stored = fresh.inputs(bot.id).await.unwrap();
        for (_, seq, seat, json) in &bot.acked {
            let s = stored
                .get(*seq as usize - 1)
                .unwrap_or_else(|| panic!("match {}: acknowledged #{seq} lost", bot.id));
            assert_eq!(
                (s.seat, serde_json::to_string(&s.input).unwrap()),
                (*seat, json.clone())
            );
        }
        total += bot.acked.len();
        assert_eq!(fresh.verify(bot.id).await.unwrap().verdict, Verdict::Agrees);
    }
    fresh.close().await;
    eprintln!("two processes with the health probe: {total} acknowledged moves, all found");
}

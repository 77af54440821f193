//! PostgreSQL faults: connections killed mid-match, the server restarted, a database
//! that refuses writes.

use super::*;

/// The test database's URL with an application name of its own, so that only this
/// test's connections are killed.
async fn pg_db(what: &str) -> Option<(TestDb, String, String)> {
    let Some(db) = TestDb::postgres().await else {
        cannot(what, "TEST_DATABASE_URL is not set");
        return None;
    };
    let app = unique("faults");
    let url = format!("{}&application_name={app}", db.url);
    Some((db, url, app))
}

async fn terminate(admin_url: &str, app: &str) -> u64 {
    use sqlx::Connection;
    let mut c = sqlx::AnyConnection::connect(admin_url).await.unwrap();
    let killed: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
    )
    .bind(app)
    .fetch_all(&mut c)
    .await
    .unwrap();
    c.close().await.ok();
    killed.len() as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_connections_killed_mid_match() {
    let _shared = PG_SERVER.read().await;
    let Some((db, url, app)) = pg_db("postgres connections killed").await else {
        return;
    };
    let base = db.pg_schema.as_ref().unwrap().0.clone();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let kills = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let (s1, s2, k1) = (stop.clone(), stop.clone(), kills.clone());
    let killer = std::sync::Arc::new(tokio::sync::Mutex::new(None));
    let (kl1, kl2) = (killer.clone(), killer.clone());
    let t = through_fault(
        &url,
        |o| o.busy_timeout = Duration::from_millis(1000),
        60,
        async move |_: &Store| {
            // Kill every connection of this test's stores every few milliseconds, so
            // that kills land before, inside and at the commit of a transaction.
            *kl1.lock().await = Some(tokio::spawn(async move {
                let mut rng = Pcg32::seed_from_u64(60);
                while !s1.load(std::sync::atomic::Ordering::Relaxed) {
                    let n = terminate(&base, &app).await;
                    k1.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
                    let ms = crystal_clans::game::rng::below(&mut rng, 15) as u64;
                    tokio::time::sleep(Duration::from_millis(ms)).await;
                }
            }));
        },
        40,
        async move |_: &Store| {
            s2.store(true, std::sync::atomic::Ordering::Relaxed);
            kl2.lock().await.take().unwrap().await.unwrap();
        },
        30,
    )
    .await;
    let kills = kills.load(std::sync::atomic::Ordering::Relaxed);
    report(&format!("postgres {kills} connections killed"), &t);
    assert!(kills > 0);
    assert_eq!(t.unacknowledged_writes, 0);
    db.cleanup().await;
}

/// The server stopped mid-match (submits fail while it is down) and started again.
/// `TEST_PG_CLUSTER_COMMAND` is a command that takes `stop` or `start` as its last
/// argument for the cluster behind `TEST_DATABASE_URL` (`.ci/run`: `pg_ctlcluster 15
/// main`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_server_restarted_mid_match() {
    let what = "postgres server restarted";
    let Ok(cmd) = std::env::var("TEST_PG_CLUSTER_COMMAND") else {
        return cannot(what, "TEST_PG_CLUSTER_COMMAND is not set");
    };
    // The server goes down for every PostgreSQL test of this binary: one at a time.
    let _alone = PG_SERVER.write().await;
    let Some((db, url, _)) = pg_db(what).await else {
        return;
    };
    let ctl = move |verb: &'static str| {
        let cmd = format!("{cmd} {verb}");
        move || {
            let out = std::process::Command::new("sh")
                .args(["-c", &cmd])
                .output()
                .expect("the cluster command runs");
            assert!(
                out.status.success(),
                "`{cmd}`: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    };
    let (stop, start) = (ctl("stop"), ctl("start"));
    let t = through_fault(
        &url,
        |o| o.busy_timeout = Duration::from_millis(500),
        70,
        async move |_: &Store| tokio::task::spawn_blocking(stop).await.unwrap(),
        5,
        async move |_: &Store| {
            tokio::task::spawn_blocking(start).await.unwrap();
            wait_for_server(&db_base()).await;
        },
        30,
    )
    .await;
    report(what, &t);
    assert_eq!(
        t.during.1, 0,
        "a submit succeeded with the server down: {t:?}"
    );
    assert_eq!(t.unacknowledged_writes, 0);
    db.cleanup().await;
}

fn db_base() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap()
}

async fn wait_for_server(url: &str) {
    use sqlx::Connection;
    for _ in 0..100 {
        if let Ok(c) = sqlx::AnyConnection::connect(url).await {
            c.close().await.ok();
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the PostgreSQL server did not come back");
}

// ---- PostgreSQL: a database that refuses writes ----------------------------------------

/// Regression (issue 34, 8 and 9): on a PostgreSQL whose transactions are read only
/// (`default_transaction_read_only`, as `ALTER DATABASE ... SET` or a standby gives new
/// sessions), saves are refused with a cause that says so, `status` exits 1 saying the
/// store refuses writes (it said healthy), and `verify` still checks every match (it
/// used to migrate and could not run at all). The setting is given to this test's own
/// sessions on a scratch schema, so the shared test database stays writable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_read_only_refuses_saves_and_status_says_so() {
    let _shared = PG_SERVER.read().await;
    let Some(db) = TestDb::postgres().await else {
        return cannot("postgres read-only", "TEST_DATABASE_URL is not set");
    };
    let store = db.open().await;
    let reader = db.open().await;
    let mut p = Player::new(store.clone(), reader, 36).await;
    assert_eq!(p.play(10).await.2, 0);
    let acked = p.acked.clone();
    let id = p.id;
    let read_only = format!("{}&options[default_transaction_read_only]=on", db.url);
    let mut o = StoreOptions::new(read_only.clone());
    o.migrate = false;
    let ro = Store::open_with(o).await.unwrap();
    let rules = ro.rules().clone();
    let mut rng = Pcg32::seed_from_u64(36);
    for _ in 0..5 {
        let (seat, input) = random_input(&rules, &p.state, &mut rng);
        let e = ro.submit(id, p.version, seat, &input).await.unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
    }
    let e = ro.check_writable().await.unwrap_err();
    assert!(e.to_string().contains("read-only"), "{e}");
    ro.close().await;

    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
            .args(args)
            .args(["--database", &read_only])
            .output()
            .unwrap()
    };
    let status = run(&["status", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(status.status.code(), Some(1), "{v}");
    assert!(
        v["refuses_writes"]
            .as_str()
            .is_some_and(|w| w.contains("read-only")),
        "{v}"
    );
    let verify = run(&["verify", "--all"]);
    let out = String::from_utf8_lossy(&verify.stdout);
    assert_eq!(
        verify.status.code(),
        Some(0),
        "{out} {}",
        String::from_utf8_lossy(&verify.stderr)
    );
    // The match and the Crystallo game played beside it.
    assert!(out.contains("\"agree\":2"), "{out}");
    // The writable store plays on; nothing the read-only one refused was written.
    assert_eq!(p.play(10).await.2, 0);
    let stored = p.reader.inputs(id).await.unwrap();
    let mine = p.acked.iter().filter(|a| a.0 == id).count();
    assert_eq!(stored.len(), mine);
    assert!(mine > acked.len());
    assert_eq!(p.check(&db.url).await, 0);
    db.cleanup().await;
}

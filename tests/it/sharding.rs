//! Several bot processes on one PostgreSQL store, as an operator scales the bot: two
//! real `crystal-clans serve` processes, each running one shard of two
//! (`SHARD_COUNT=2`, `SHARD_IDS=0` and `1`), behind one fake Discord that routes each
//! server's events to its shard as Discord does. A match is played to the end in each
//! of two servers that sit on different shards, so each process answers the clicks of
//! its own server; one process is killed mid-match and started again; a reminder comes
//! due while both run. Every interaction is answered exactly once, no acknowledged move
//! is lost, the reminder is posted once.
//!
//! Two matches in two servers rather than one match played through DM panels: Discord
//! routes a server's interactions by its id, so two servers on two shards is what puts
//! each process to work on its own clicks; DMs all go to shard 0 and would leave the
//! second process idle.
//!
//! Needs PostgreSQL (`TEST_DATABASE_URL`; SQLite is one process's store): skipped with
//! a note without it, a failure with `REQUIRE_POSTGRES=1` (`.ci/run`).

use crystal_clans::app::App;
use crystal_clans::discord::shutdown;
use crystal_clans::game::{Input, Seat};
use crystal_clans::store::Store;
use crystal_clans::store::{Deadlines, now_ms};
use crystal_clans_testkit::fake_discord::{
    CHANNEL, Fake, GUILD, INVALID_SHARD, Origin, Refused, TOKEN, lively_pick, shard_of,
};
use serde_json::json;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::support;

/// How long a stopped process may take: the bot's own limits (the gateway's close, the
/// run's end after it, the work in flight, the last health report) and a margin. A
/// fixed 20 s failed on a loaded machine while the bot was still inside its grace for
/// the work in flight (`shard 0 did not stop`).
const STOP_LIMIT: Duration = Duration::from_secs(
    2 * shutdown::GATEWAY_CLOSE_LIMIT.as_secs() + shutdown::SHUTDOWN_GRACE.as_secs() + 5 + 10,
);
use support::TestDb;
use support::people::*;
use support::process::{serve, signal, wait_exit};

/// A second server, on the other shard of two than [`GUILD`].
const GUILD_B: u64 = GUILD + (1 << 22);
const CHANNEL_B: u64 = 720_000_000_000_000_002;

/// A `crystal-clans serve` process running one shard; killed when dropped (a failed
/// test leaves no process behind), printing the end of its logs if the test failed.
struct Process {
    child: Child,
    shard: u64,
    logs: Option<std::thread::JoinHandle<String>>,
}

/// The fake Discord, the processes behind it, and the test's own view of their store.
struct Cluster {
    fake: Fake,
    app: App,
    /// The store `app` was built on.
    store: Store,
    url: String,
}

impl Table for Cluster {
    fn fake(&self) -> &Fake {
        &self.fake
    }
    fn app(&self) -> &App {
        &self.app
    }
    fn store(&self) -> &Store {
        &self.store
    }
}

impl Cluster {
    /// A process for `shard` of two, its schedulers ticking every second (so both see
    /// a reminder come due), its JSON logs kept.
    fn spawn(&self, shard: u64) -> Process {
        let mut child = serve(&self.fake.api, &self.url)
            .env("SHARD_COUNT", "2")
            .env("SHARD_IDS", shard.to_string())
            .env("CLANS_TICK_SECONDS", "1")
            // Reproducible deals: a random one once gave the scripted players a match
            // that cycled for ever (an invade and a shuffle back and forth).
            .env("CLANS_FIRST_SEED", "1")
            .env("RUST_LOG_FORMAT", "json")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let logs = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
        Process {
            child,
            shard,
            logs: Some(logs),
        }
    }

    /// Starts the process for `shard` and waits until it has identified and registered
    /// its commands.
    async fn start(&self, shard: u64) -> Process {
        let before = self.fake.count();
        let p = self.spawn(shard);
        self.fake
            .try_wait_shard(shard, Duration::from_secs(60))
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        // The framework registers its commands once it is set up, right after READY.
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self
            .fake
            .since(before)
            .iter()
            .any(|r| r.method == "PUT" && r.path.contains("/commands"))
        {
            assert!(
                Instant::now() < deadline,
                "shard {shard} registered no commands"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        p
    }

    /// Starts a process for `shard`, which another process runs: the gateway refuses its
    /// IDENTIFY with 4010 (each retry too), so it never gets an event.
    async fn start_refused(&self, shard: u64) -> Process {
        let p = self.spawn(shard);
        let refused = Refused {
            shard: (shard, 2),
            code: INVALID_SHARD,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.fake.refused_identifies().contains(&refused) {
            assert!(
                Instant::now() < deadline,
                "a second process for shard {shard} was not refused"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        p
    }
}

impl Process {
    fn logs(&mut self) -> String {
        let logs = self.logs.take().map(|h| h.join().unwrap_or_default());
        logs.unwrap_or_default()
    }

    /// Kills the process (SIGKILL: no goodbye) and waits for it to be gone.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.logs();
    }

    /// Stops the process as an operator does (SIGTERM); it must exit 0. Returns its logs.
    fn stop(mut self) -> String {
        signal(&self.child, "TERM");
        let status = wait_exit(&mut self.child, STOP_LIMIT);
        if status.is_none() {
            // Its logs end only when it does.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let logs = self.logs();
        let status = status.unwrap_or_else(|| panic!("shard {} did not stop\n{logs}", self.shard));
        assert!(
            status.success(),
            "shard {} exited {status}\n{logs}",
            self.shard
        );
        logs
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if std::thread::panicking() {
            let logs = self.logs();
            let tail: Vec<&str> = logs.lines().rev().take(40).collect();
            eprintln!("shard {}'s process, its last log lines:", self.shard);
            for line in tail.iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// A move the bot acknowledged: clicked at `version` by `seat`, the input it stands for.
struct Acked {
    version: i64,
    seat: Seat,
    input: Input,
}

/// The match `id`'s next move, clicked in its player's panel, answered and saved;
/// `None` once the match has a winner.
async fn step(c: &Cluster, id: i64, n: usize) -> Option<Acked> {
    let l = c.store().load(id).await.unwrap();
    if l.state.winner.is_some() {
        return None;
    }
    let seat = l.state.waiting()[0];
    let legal = l.state.legal(c.app.rules(), seat);
    let index = lively_pick(&legal, n);
    let r = play(c, id, l.info.version, user(seat), index).await;
    let saved = c.store().info(id).await.unwrap().version > l.info.version;
    assert!(saved, "the move was not applied: {}", r.text());
    Some(Acked {
        version: l.info.version,
        seat,
        input: legal[index],
    })
}

async fn winner(c: &Cluster, id: i64) -> bool {
    c.store().load(id).await.unwrap().state.winner.is_some()
}

/// Every acknowledged move is in the store's log, as the move it was, where it was.
async fn check_log(c: &Cluster, id: i64, acked: &[Acked]) {
    let log = c.store().inputs(id).await.unwrap();
    for a in acked {
        let saved = log
            .iter()
            .find(|i| i.seq == a.version + 1)
            .unwrap_or_else(|| {
                panic!("match {id}: the move acknowledged at {} is lost", a.version)
            });
        assert_eq!(
            (saved.seat, &saved.input),
            (a.seat, &a.input),
            "match {id}: seq {}",
            saved.seq
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_one_shard_each_play_restart_and_remind_once() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let started = Instant::now();
    assert_ne!(shard_of(GUILD, 2), shard_of(GUILD_B, 2));
    let (shard_a, shard_b) = (shard_of(GUILD, 2), shard_of(GUILD_B, 2));
    // The store is migrated before the processes start (they would queue on the lock).
    let store = db.open().await;
    let cluster = Cluster {
        fake: Fake::start().await,
        app: App::new(store.clone()),
        store,
        url: db.url.clone(),
    };
    let fake = &cluster.fake;
    fake.set_shard_count(2);
    fake.add_guild(GUILD_B, CHANNEL_B);
    fake.speed_up_rate_limits(1000);
    // A thousand images: the test looks at none of their bytes.
    fake.drop_file_bytes();
    let a = cluster.start(shard_a).await;
    let b = cluster.start(shard_b).await;

    // A third process configured for a shard that runs already is refused by the
    // gateway (4010) and gets nothing.
    cluster.start_refused(shard_b).await.kill();

    // Reminders after a minute in server A (its process answers the command).
    let t = fake.command(
        EVE,
        "Eve",
        "config",
        json!([{"name": "reminder_minutes", "type": 4, "value": 1}]),
        true,
    );
    let said = ack(fake, &t).await.text();
    assert!(said.contains("reminders: after 1 minute"), "{said}");

    let id_a = challenge_and_accept_in(&cluster, Origin::Guild(GUILD, CHANNEL)).await;
    let id_b = challenge_and_accept_in(&cluster, Origin::Guild(GUILD_B, CHANNEL_B)).await;
    let info_b = cluster.store.info(id_b).await.unwrap();
    assert_eq!(info_b.guild, Some(GUILD_B));

    // The two matches are played side by side, as people in two servers would.
    let play_a = async {
        let (mut acked, mut n, mut reminded) = (vec![], 0, false);
        while let Some(a) = step(&cluster, id_a, n).await {
            acked.push(a);
            n += 1;
            if n == 10 {
                remind_once(&cluster, id_a).await;
                reminded = true;
            }
        }
        assert!(reminded, "match A ended before its reminder");
        acked
    };
    let play_b = async {
        let (mut acked, mut lost, mut b, mut n) = (vec![], vec![], b, 0);
        while let Some(a) = step(&cluster, id_b, n).await {
            acked.push(a);
            n += 1;
            if n == 20 {
                // Shard B's process dies with a click in flight, mid-match.
                b = restart(&cluster, b, id_b, id_a, &mut acked, &mut lost).await;
            }
        }
        (acked, lost, b)
    };
    let (acked_a, (acked_b, lost, b)) = tokio::join!(play_a, play_b);
    assert!(winner(&cluster, id_a).await && winner(&cluster, id_b).await);
    for id in [id_a, id_b] {
        let thread = cluster.store.info(id).await.unwrap().thread.unwrap();
        fake.try_wait_key(
            &thread.to_string(),
            |r| r.is_channel_post() && r.text().contains("wins the match"),
            Duration::from_secs(20),
        )
        .await
        .unwrap_or_else(|e| panic!("match {id}'s end: {e}"));
    }
    check_log(&cluster, id_a, &acked_a).await;
    check_log(&cluster, id_b, &acked_b).await;

    // Every interaction was answered exactly once (a second answer would have been
    // refused with 40060), but those sent to shard B while it was down, which no
    // process ever saw.
    let requests = fake.requests();
    let mut answered = 0;
    for i in fake.interactions() {
        let token = i.token();
        let callbacks: Vec<_> = requests
            .iter()
            .filter(|r| r.path.ends_with(&format!("/{token}/callback")))
            .collect();
        let expected = usize::from(!lost.contains(&token.to_string()));
        assert_eq!(callbacks.len(), expected, "interaction {token}");
        assert!(callbacks.iter().all(|r| r.ok()), "interaction {token}");
        answered += callbacks.len();
    }

    let logs = [a.stop(), b.stop()];
    for l in &logs {
        assert!(!l.contains(TOKEN), "the token is never logged");
        // Sequence numbers count per session, as Discord's do.
        assert!(!l.contains("Sequence off"), "{l}");
    }
    fake.assert_no_violations();
    eprintln!(
        "sharding: 2 processes, matches of {} and {} moves, {answered} interactions \
         answered once each, in {:.1?}",
        acked_a.len(),
        acked_b.len(),
        started.elapsed()
    );
    db.cleanup().await;
}

/// Kills shard B's process right after a click in match `id_b` (in flight: it may or
/// may not be saved and answered); while it is down match `id_a` goes on in the other
/// process and a click in server B reaches nobody; then a new process takes shard B.
async fn restart(
    c: &Cluster,
    b: Process,
    id_b: i64,
    id_a: i64,
    acked_b: &mut Vec<Acked>,
    lost: &mut Vec<String>,
) -> Process {
    let fake = &c.fake;
    let shard = b.shard;
    let l = c.store().load(id_b).await.unwrap();
    let seat = l.state.waiting()[0];
    let legal = l.state.legal(c.app.rules(), seat);
    let custom = format!("clans:{id_b}:{}:in:0", l.info.version);
    let in_flight = click_panel(c, id_b, user(seat), &custom).await;
    b.kill();
    // What the process wrote before it died may still be in the fake's sockets when
    // the kill returns (regression: under load the acknowledgement landed after the
    // check, and the click counted as lost was answered): let it land first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Answered before it died: an acknowledged move like any other.
    let answered = fake.try_answer(&in_flight, Duration::ZERO).await;
    if answered.is_ok_and(|r| r.text().contains("Done")) {
        acked_b.push(Acked {
            version: l.info.version,
            seat,
            input: legal[0],
        });
    }
    if fake.try_ack(&in_flight, Duration::ZERO).await.is_err() {
        lost.push(in_flight);
    }

    // Server A's process is unaffected: match A moves on meanwhile.
    let a = c.store().info(id_a).await.unwrap().version;
    let deadline = Instant::now() + Duration::from_secs(30);
    while c.store().info(id_a).await.unwrap().version == a && !winner(c, id_a).await {
        assert!(Instant::now() < deadline, "match A stopped with shard B");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A click in server B while its shard is down reaches no process (Discord would
    // tell the user the interaction failed).
    let l = c.store().load(id_b).await.unwrap();
    let seat = l.state.waiting()[0];
    let custom = format!("clans:{id_b}:{}:turn", l.info.version);
    let thread = c.store().info(id_b).await.unwrap().thread.unwrap();
    let t = fake.click_in(thread, user(seat), name(user(seat)), &custom, &[]);
    assert!(fake.try_ack(&t, Duration::from_millis(500)).await.is_err());
    lost.push(t);

    c.start(shard).await
}

/// Match `id` comes due for its reminder while both processes tick every second: it
/// is posted once, by whichever process claimed it.
async fn remind_once(c: &Cluster, id: i64) {
    let info = c.store().info(id).await.unwrap();
    assert_eq!(info.terms.remind_minutes, Some(1), "the server's reminder");
    // A minute passes (as far as the deadline knows).
    let due = Deadlines {
        remind_at: Some(now_ms() - 1_000),
        timeout_at: None,
    };
    assert!(c.store().set_deadlines(id, due).await.unwrap());
    let thread = info.thread.unwrap().to_string();
    let text = format!("match #{id} is waiting for you");
    let reminder = |r: &crystal_clans_testkit::fake_discord::Recorded| {
        r.is_channel_post() && r.text().contains(&text)
    };
    c.fake
        .try_wait_key(&thread, reminder, Duration::from_secs(20))
        .await
        .unwrap_or_else(|e| panic!("no reminder: {e}"));
    // Both schedulers tick a few more times.
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let posts = c.fake.requests().iter().filter(|r| reminder(r)).count();
    assert_eq!(posts, 1, "the reminder was posted once");
}

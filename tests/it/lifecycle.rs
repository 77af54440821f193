//! The real `crystal-clans serve` through faults of its start-up and its stop: Discord
//! dying or falling silent before a SIGTERM, a second signal, a command registration
//! Discord answers with an error, and the health file `status` reads. Each fault test
//! plays on after the fault and then checks the moves acknowledged before it.

use crystal_clans::discord::health;
use crystal_clans::store::{Store, now_ms};
use crystal_clans_testkit::fake_discord::Fake;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::operations::a_stored_match;
use crate::support;
use support::process::{exit_within, health_file, serve, signal};

/// A running `serve` against `fake` on the store at `url`, with no timers due in the
/// test's time and a health report every second.
struct Running {
    child: Child,
    /// Its standard error, read on a thread until it exits.
    logs: std::thread::JoinHandle<String>,
    health: std::path::PathBuf,
}

impl Running {
    /// Starts it; `connected`: wait until it has a gateway session.
    async fn start(fake: &Fake, url: &str, connected: bool) -> Running {
        let mut cmd = serve(&fake.api, url);
        cmd.env("CLANS_TICK_SECONDS", "3600")
            .env("CLANS_HEALTH_SECONDS", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let health = health_file(&cmd);
        let mut child = cmd.spawn().unwrap();
        let stderr = child.stderr.take().unwrap();
        let logs = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
        if connected {
            fake.try_wait_ready(Duration::from_secs(60))
                .await
                .expect("the bot connects");
        }
        Running {
            child,
            logs,
            health,
        }
    }

    /// Waits for it to exit (at most `limit`, then kills it): its status, its logs.
    async fn exit_within(self, limit: Duration) -> (Option<std::process::ExitStatus>, String) {
        let status = exit_within(self.child, limit).await;
        (status, self.logs.join().unwrap())
    }
}

async fn version_of(url: &str, id: i64) -> i64 {
    let store = Store::open(url).await.unwrap();
    let v = store.info(id).await.unwrap().version;
    store.close().await;
    v
}

#[derive(Debug, Clone, Copy)]
enum Gone {
    Dead,
    Silent,
}

/// The bug: once Discord had gone away (dead, or no longer answering), serenity's
/// shard was in its reconnect loop with its runner removed, so `shutdown_all` returned
/// at once without ending `Client::start`, which `serve` awaited: the bot logged
/// "stopping" and then ignored that SIGTERM and every later one until killed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_after_discord_died_or_fell_silent() {
    for gone in [Gone::Dead, Gone::Silent] {
        let (url, _path, id, user) = a_stored_match("crystal-clans-gone").await;
        let fake = Fake::start().await;
        let bot = Running::start(&fake, &url, true).await;
        let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
        let reply = fake
            .try_answer(&token, Duration::from_secs(20))
            .await
            .expect("a move before the fault is answered");
        assert!(!reply.text().contains("try again"), "{}", reply.text());

        match gone {
            Gone::Dead => fake.kill(),
            Gone::Silent => fake.go_silent(),
        }
        // Long enough for the shard to notice and start reconnecting.
        tokio::time::sleep(Duration::from_secs(3)).await;
        signal(&bot.child, "TERM");
        let asked = Instant::now();
        let (status, logs) = bot.exit_within(Duration::from_secs(30)).await;
        let status = status.unwrap_or_else(|| panic!("{gone:?}: SIGTERM ignored; logs:\n{logs}"));
        eprintln!("{gone:?}: exited {:?} after SIGTERM", asked.elapsed());
        assert!(status.success(), "{gone:?}: {status}; logs:\n{logs}");
        assert!(
            asked.elapsed() < Duration::from_secs(15),
            "{gone:?}: {:?}",
            asked.elapsed()
        );
        assert_eq!(
            version_of(&url, id).await,
            1,
            "{gone:?}: the move acknowledged before the fault is kept"
        );
    }
}

/// A second SIGTERM during a stop that waits (here for a save held up by a lock) ends
/// the process at once; the click in flight was only deferred, never answered "Done".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_sigterm_ends_a_waiting_stop_at_once() {
    use sqlx::Connection;
    let (url, _path, id, user) = a_stored_match("crystal-clans-second-term").await;
    let fake = Fake::start().await;
    let mut bot = Running::start(&fake, &url, true).await;
    let mut lock = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::Executor::execute(&mut lock, "BEGIN IMMEDIATE")
        .await
        .unwrap();
    let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
    fake.try_ack(&token, Duration::from_secs(10))
        .await
        .expect("acknowledged");
    signal(&bot.child, "TERM");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(
        bot.child.try_wait().unwrap().is_none(),
        "the first stop waits for the click"
    );
    signal(&bot.child, "TERM");
    let asked = Instant::now();
    let (status, logs) = bot.exit_within(Duration::from_secs(10)).await;
    let status = status.unwrap_or_else(|| panic!("the second SIGTERM was ignored:\n{logs}"));
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(status.code(), Some(1), "{logs}");
    assert!(logs.contains("exiting at once"), "{logs}");
    sqlx::Executor::execute(&mut lock, "ROLLBACK")
        .await
        .unwrap();
    lock.close().await.unwrap();
    if let Ok(reply) = fake.try_answer(&token, Duration::from_millis(200)).await {
        panic!("nothing was answered after the deferral: {}", reply.text());
    }
    assert_eq!(version_of(&url, id).await, 0, "nothing half-saved");
}

fn registrations(fake: &Fake) -> Vec<u16> {
    fake.requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .map(|r| r.status)
        .collect()
}

/// The bug: poise runs its setup once, on the first READY; one 500 to the commands'
/// registration failed it, and every later event waited for ever for the data the setup
/// never made. The bot ran, answered nothing, and `status` called it healthy. Now the
/// registration is retried beside a bot that answers from the first second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_registration_answered_500_is_retried_and_the_bot_answers_meanwhile() {
    let (url, _path, id, user) = a_stored_match("crystal-clans-register-500").await;
    let fake = Fake::start().await;
    fake.fail_next("PUT", "/commands", 500, 1);
    let bot = Running::start(&fake, &url, true).await;
    let health_path = bot.health.clone();
    let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
    let reply = fake
        .try_answer(&token, Duration::from_secs(20))
        .await
        .expect("the click is answered despite the failed registration");
    assert!(!reply.text().contains("try again"), "{}", reply.text());
    // Registered on the second attempt, about a second later.
    let deadline = Instant::now() + Duration::from_secs(20);
    while registrations(&fake) != [500, 200] && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(registrations(&fake), [500, 200]);
    // And the bot reports itself healthy.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = health::check(&health_path, now_ms());
    while !matches!(seen, Ok(Some(_))) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        seen = health::check(&health_path, now_ms());
    }
    assert!(matches!(seen, Ok(Some(_))), "{seen:?}");
    signal(&bot.child, "TERM");
    let (status, logs) = bot.exit_within(Duration::from_secs(20)).await;
    assert!(status.is_some_and(|s| s.success()), "{logs}");
    assert!(
        logs.contains("could not register the slash commands"),
        "{logs}"
    );
    assert_eq!(
        health::check(&health_path, now_ms()),
        Ok(None),
        "a stopped bot leaves no health file"
    );
    assert_eq!(version_of(&url, id).await, 1, "the move was saved");
}

fn answers(fake: &Fake, method: &str, path: &str) -> Vec<u16> {
    fake.requests()
        .iter()
        .filter(|r| r.method == method && r.path.ends_with(path))
        .map(|r| r.status)
        .collect()
}

/// Regression (issue 48, item 10): one Discord 500 at start-up ended the process
/// (exit 1 in 0.04 s) on the token check or the gateway's address. Now both are asked
/// again as the commands' registration is, and the bot comes up and answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_500_at_start_up_is_retried_and_the_bot_comes_up() {
    let (url, _path, id, user) = a_stored_match("crystal-clans-start-500").await;
    let fake = Fake::start().await;
    fake.fail_next("GET", "/users/@me", 500, 2);
    fake.fail_next("GET", "/gateway/bot", 503, 1);
    let bot = Running::start(&fake, &url, true).await;
    assert_eq!(answers(&fake, "GET", "/users/@me")[..3], [500, 500, 200]);
    assert_eq!(answers(&fake, "GET", "/gateway/bot")[..2], [503, 200]);
    let token = fake.click(user, "Ana", &format!("clans:{id}:0:in:0"), &[]);
    fake.try_answer(&token, Duration::from_secs(20))
        .await
        .expect("the click is answered");
    signal(&bot.child, "TERM");
    let (status, logs) = bot.exit_within(Duration::from_secs(20)).await;
    assert!(status.is_some_and(|s| s.success()), "{logs}");
    assert!(logs.contains("checking the token failed"), "{logs}");
    assert_eq!(version_of(&url, id).await, 1, "the move was saved");
}

/// Commands Discord refuses for good (a 400: asking again will not help) end the
/// process with the cause, exit code 1: never a running bot without its commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_refused_for_good_end_the_process_with_the_cause() {
    let (url, _path, _, _) = a_stored_match("crystal-clans-register-400").await;
    let fake = Fake::start().await;
    fake.fail_next("PUT", "/commands", 400, 1_000);
    let bot = Running::start(&fake, &url, false).await;
    let (status, logs) = bot.exit_within(Duration::from_secs(60)).await;
    let status = status.unwrap_or_else(|| panic!("still running:\n{logs}"));
    assert_eq!(status.code(), Some(1), "{logs}");
    assert!(
        logs.contains("Discord refused the bot's slash commands"),
        "{logs}"
    );
    assert_eq!(registrations(&fake), [400], "no retry of a refusal");
}

/// The health file follows the gateway: fresh and healthy while connected; once
/// Discord is gone past the grace (nine intervals, one second each here), a problem
/// naming the gateway; gone after a stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_file_reports_a_gateway_gone_past_its_grace() {
    let (url, _path, _, _) = a_stored_match("crystal-clans-health").await;
    let fake = Fake::start().await;
    let bot = Running::start(&fake, &url, true).await;
    let health_path = bot.health.clone();
    let wait_for = |want: fn(&Result<Option<health::Report>, String>) -> bool| {
        let path = health_path.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(40);
            loop {
                let seen = health::check(&path, now_ms());
                if want(&seen) || Instant::now() > deadline {
                    return seen;
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    };
    let healthy = wait_for(|s| matches!(s, Ok(Some(r)) if r.shards_connected == 1)).await;
    assert!(matches!(healthy, Ok(Some(_))), "{healthy:?}");
    fake.kill();
    let gone = Instant::now();
    let unhealthy = wait_for(|s| s.is_err()).await;
    let why = unhealthy.expect_err("unhealthy once the gateway is gone");
    assert!(why.contains("disconnected from Discord's gateway"), "{why}");
    // The container's health check says so too (and the store alone is fine).
    let status = support::process::bin()
        .args(["status", "--database", &url])
        .env("CLANS_HEALTH_FILE", &health_path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&status.stdout);
    assert_eq!(status.status.code(), Some(1), "{said}");
    assert!(
        said.contains("bot: UNHEALTHY") && said.contains("gateway"),
        "{said}"
    );
    assert!(said.contains("writes: accepted"), "{said}");
    assert!(
        gone.elapsed() >= Duration::from_secs(9),
        "not before the grace: {:?}",
        gone.elapsed()
    );
    signal(&bot.child, "TERM");
    let (status, logs) = bot.exit_within(Duration::from_secs(30)).await;
    assert!(status.is_some_and(|s| s.success()), "{logs}");
    assert_eq!(health::check(&health_path, now_ms()), Ok(None));
    let status = support::process::bin()
        .args(["status", "--database", &url])
        .env("CLANS_HEALTH_FILE", &health_path)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "a stopped bot is not an unhealthy one"
    );
}

/// Regression (issue 48, 3): a backup copied over the live file while the bot ran (same
/// inode) went unnoticed and `status` exited 0. The bot's health probe reads the file's
/// header and reports the copy; `status` exits 1 and says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_fails_once_a_backup_was_copied_over_the_running_bots_file() {
    let (url, path, _, _) = a_stored_match("crystal-clans-health-cp").await;
    let backup = support::scratch_path("crystal-clans-health-cp-backup", ".db");
    let made = support::process::bin()
        .args(["backup", &backup.display().to_string(), "--database", &url])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let fake = Fake::start().await;
    let bot = Running::start(&fake, &url, true).await;
    let status = || {
        let out = support::process::bin()
            .args(["status", "--database", &url])
            .env("CLANS_HEALTH_FILE", &bot.health)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let deadline = Instant::now() + Duration::from_secs(40);
    while health::check(&bot.health, now_ms())
        .ok()
        .flatten()
        .is_none()
    {
        assert!(Instant::now() < deadline, "the bot never reported itself");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let (code, said) = status();
    assert_eq!(code, Some(0), "{said}");
    let cp = std::process::Command::new("cp")
        .arg(&backup)
        .arg(&path)
        .status()
        .unwrap();
    assert!(cp.success());
    let unhealthy = loop {
        match health::check(&bot.health, now_ms()) {
            Err(why) => break why,
            _ if Instant::now() > deadline => panic!("the bot still reports itself healthy"),
            _ => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    };
    assert!(unhealthy.contains("overwritten"), "{unhealthy}");
    let (code, said) = status();
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("bot: UNHEALTHY") && said.contains("overwritten"),
        "{said}"
    );
    signal(&bot.child, "TERM");
    let (stopped, logs) = bot.exit_within(Duration::from_secs(30)).await;
    assert!(stopped.is_some(), "{logs}");
}

/// The bug: a start-up error was printed with `eprintln!`, which panics when standard
/// error is closed, so the process exited 101 (a panic) instead of 1.
#[test]
fn a_start_up_error_exits_one_with_standard_error_closed() {
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec '{}' serve 2>&-",
            env!("CARGO_BIN_EXE_crystal-clans")
        ))
        .current_dir(support::scratch_dir())
        .env_remove("DISCORD_TOKEN")
        .env("DATABASE_URL", "sqlite::memory:")
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1), "{status}");
}

//! The real `crystal-clans` binary as an operator runs it (for `tests/it/operations.rs`
//! and `tests/it/sharding.rs`).

use crystal_clans_testkit::fake_discord::TOKEN;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// The binary, run in the temporary folder with none of the operator's settings.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_crystal-clans"));
    // No developer's .env, and none of the operator's settings but those given here.
    c.current_dir(super::scratch_dir());
    for var in [
        "DATABASE_URL",
        "SHARD_COUNT",
        "SHARD_IDS",
        "RUST_LOG",
        "RUST_LOG_FORMAT",
        "DISCORD_TOKEN",
        "DISCORD_API_BASE",
        "CLANS_FIRST_SEED",
        "CLANS_HEALTH_FILE",
        "CLANS_HEALTH_SECONDS",
    ] {
        c.env_remove(var);
    }
    c
}

/// `crystal-clans serve` against the fake Discord at `api`, on the store at `database`,
/// with a health file of its own ([`health_file`]).
pub fn serve(api: &str, database: &str) -> Command {
    let mut c = bin();
    c.args(["serve", "--api-base", api])
        .env("DISCORD_TOKEN", TOKEN)
        .env("DATABASE_URL", database)
        .env(
            "CLANS_HEALTH_FILE",
            super::scratch_path("crystal-clans-bot", ".health"),
        );
    c
}

/// Where a command from [`serve`] keeps its health file (one of its own: tests run in
/// parallel, and a shared one would mix their bots' reports).
pub fn health_file(c: &Command) -> std::path::PathBuf {
    c.get_envs()
        .find(|(k, _)| *k == "CLANS_HEALTH_FILE")
        .and_then(|(_, v)| v)
        .expect("made by serve()")
        .into()
}

/// Sends `signal` (`TERM`, `INT`, `KILL`) to the child.
pub fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal}");
}

/// Waits for the child to exit, at most `limit`.
pub fn wait_exit(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// [`wait_exit`] off the async runtime, killing (and reaping) the child if it has not
/// exited within `limit`.
pub async fn exit_within(mut child: Child, limit: Duration) -> Option<std::process::ExitStatus> {
    tokio::task::spawn_blocking(move || {
        let status = wait_exit(&mut child, limit);
        if status.is_none() {
            let _ = child.kill();
            let _ = child.wait();
        }
        status
    })
    .await
    .unwrap()
}

//! The running bot's own account of its health, kept fresh in a small file that
//! `crystal-clans status` (the container's health check) reads.
//!
//! A database that answers says little about the bot: the audit found a bot healthy by
//! that measure that answered no click (its slash commands were never registered, or it
//! retried a vanished gateway for ever after a stop). Only the process itself knows
//! whether it is connected, set up and able to save, so it writes that down every
//! [`WRITE_EVERY`]; a file older than [`STALE_AFTER`] means a process that is hung or
//! gone. Each failing check is a sentence for the operator.

use poise::serenity_prelude as serenity;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the bot rewrites the file, unless `CLANS_HEALTH_SECONDS` says otherwise
/// (tests shorten it). The other limits are multiples of it.
pub const WRITE_EVERY: Duration = Duration::from_secs(10);
/// A file not rewritten for this many intervals was left by a process that is hung or
/// gone.
const STALE_AFTER: u32 = 6;
/// How many intervals a fault may last before it counts: a gateway reconnect, Discord's
/// slow minute at start-up or a retried registration are normal and short.
const GRACE: u32 = 9;

/// The interval: `CLANS_HEALTH_SECONDS`, else [`WRITE_EVERY`].
pub fn interval_from_env() -> Duration {
    std::env::var("CLANS_HEALTH_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|s| *s > 0)
        .map_or(WRITE_EVERY, Duration::from_secs)
}

/// The file's path: `CLANS_HEALTH_FILE`, else `crystal-clans.health` in the working
/// directory (beside the default SQLite file; `/data` in the container).
pub fn path_from_env() -> PathBuf {
    std::env::var_os("CLANS_HEALTH_FILE")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("crystal-clans.health"))
}

/// What the file holds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Report {
    pub pid: u32,
    /// When it was written, in milliseconds since the epoch.
    pub at_ms: i64,
    /// How often it is rewritten, in milliseconds (a reader's measure of stale).
    pub every_ms: u64,
    /// The failing checks, as sentences; empty when healthy.
    pub problems: Vec<String>,
    /// Shards connected to the gateway, of those this process runs.
    pub shards_connected: usize,
    pub shards: usize,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }

    /// One line for `status`: "process 12, 1 of 1 shard(s) connected".
    pub fn summary(&self) -> String {
        format!(
            "process {}, {} of {} shard(s) connected",
            self.pid, self.shards_connected, self.shards
        )
    }
}

/// What the process knows of itself, shared by the parts that learn it.
#[derive(Clone)]
pub struct Health(Arc<Mutex<State>>);

struct State {
    /// How often the report is written; the grace is a multiple of it.
    every: Duration,
    started: Instant,
    /// The framework was set up (the first READY arrived); events are answered.
    ready: bool,
    /// `None`: the slash commands are registered.
    commands_pending: Option<String>,
    /// The last store write probe's failure.
    store: Option<String>,
    /// Since when not every shard is connected.
    gateway_down_since: Option<Instant>,
    /// The most shards seen at once: serenity forgets a shard while it reconnects.
    shards: usize,
    stopping: bool,
}

impl Default for Health {
    fn default() -> Health {
        Health::every(WRITE_EVERY)
    }
}

impl Health {
    /// Reporting every `every`.
    pub fn every(every: Duration) -> Health {
        Health(Arc::new(Mutex::new(State {
            every,
            started: Instant::now(),
            ready: false,
            commands_pending: Some("not registered yet".into()),
            store: None,
            gateway_down_since: None,
            shards: 0,
            stopping: false,
        })))
    }

    pub fn interval(&self) -> Duration {
        self.with(|s| s.every)
    }
}

impl std::fmt::Debug for Health {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Health")
    }
}

impl Health {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        // A panic elsewhere while holding the lock leaves plain data behind; go on.
        let mut s = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut s)
    }

    pub fn set_ready(&self) {
        self.with(|s| s.ready = true);
    }

    /// `None`: registered; else why not (yet).
    pub fn set_commands(&self, pending: Option<String>) {
        self.with(|s| s.commands_pending = pending);
    }

    pub fn set_store(&self, failure: Option<String>) {
        self.with(|s| s.store = failure);
    }

    pub fn set_stopping(&self) {
        self.with(|s| s.stopping = true);
    }

    /// Records the shards' connections seen now (of those serenity knows right now).
    pub fn set_gateway(&self, connected: usize, shards: usize, now: Instant) {
        self.with(|s| {
            s.shards = s.shards.max(shards);
            if connected >= s.shards.max(1) {
                s.gateway_down_since = None;
            } else if s.gateway_down_since.is_none() {
                s.gateway_down_since = Some(now);
            }
        });
    }

    /// The report as of `now`, `connected` shards connected.
    pub fn report(&self, now: Instant, at_ms: i64, connected: usize) -> Report {
        let (problems, shards, every) = self.with(|s| {
            let shards = s.shards;
            let mut p = Vec::new();
            let over = |since: Instant| now.saturating_duration_since(since) > s.every * GRACE;
            if s.stopping {
                p.push("the bot is stopping".to_string());
            }
            if !s.ready && over(s.started) {
                p.push(format!(
                    "no session with Discord's gateway in the {} s since start",
                    now.saturating_duration_since(s.started).as_secs()
                ));
            }
            if s.ready
                && let Some(since) = s.gateway_down_since.filter(|d| over(*d))
            {
                p.push(format!(
                    "{} of {shards} shard(s) disconnected from Discord's gateway for {} s",
                    shards - connected.min(shards),
                    now.saturating_duration_since(since).as_secs()
                ));
            }
            if let Some(why) = &s.commands_pending
                && s.ready
                && over(s.started)
            {
                p.push(format!("the slash commands are not registered: {why}"));
            }
            if let Some(why) = &s.store {
                p.push(format!("the match database refuses writes: {why}"));
            }
            (p, shards, s.every)
        });
        Report {
            pid: std::process::id(),
            at_ms,
            every_ms: every.as_millis() as u64,
            problems,
            shards_connected: connected,
            shards,
        }
    }
}

/// Writes `report` to `path` whole (a temporary file renamed over it), so a reader
/// never sees half of one.
pub fn write(path: &Path, report: &Report) -> std::io::Result<()> {
    let json = serde_json::to_vec(report).map_err(std::io::Error::other)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, json)?;
    std::fs::rename(&tmp, path)
}

/// What `status` makes of the file at `path` at `now_ms`: `Ok(None)` when there is none
/// (no bot runs here, or it has not written yet), `Ok(Some(report))` when it is fresh
/// and healthy, `Err` a sentence on what is wrong.
pub fn check(path: &Path, now_ms: i64) -> Result<Option<Report>, String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("the bot's health file {}: {e}", path.display())),
    };
    let report: Report = serde_json::from_slice(&bytes).map_err(|e| {
        format!(
            "the bot's health file {} is not readable: {e}",
            path.display()
        )
    })?;
    let age = now_ms.saturating_sub(report.at_ms);
    if age > (report.every_ms as i64).saturating_mul(STALE_AFTER.into()) {
        return Err(format!(
            "the bot (process {}) has not reported for {} s: it is hung, or it stopped \
             without removing {}",
            report.pid,
            age / 1000,
            path.display()
        ));
    }
    if !report.ok() {
        return Err(format!(
            "the bot (process {}) reports: {}",
            report.pid,
            report.problems.join("; ")
        ));
    }
    Ok(Some(report))
}

/// The shards this process runs and how many are connected now.
pub async fn shards(manager: &serenity::ShardManager) -> (usize, usize) {
    let runners = manager.runners.lock().await;
    let connected = runners
        .values()
        .filter(|r| r.stage == serenity::ConnectionStage::Connected)
        .count();
    (connected, runners.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRACE_TIME: Duration = Duration::from_secs(90);

    fn at(h: &Health, after: Duration) -> Report {
        let started = h.with(|s| s.started);
        h.report(started + after, 0, 1)
    }

    #[test]
    fn a_bot_with_no_session_is_unhealthy_once_the_grace_is_over() {
        let h = Health::default();
        assert!(at(&h, Duration::from_secs(5)).ok(), "still starting");
        let r = at(&h, GRACE_TIME + Duration::from_secs(1));
        assert!(r.problems[0].contains("no session"), "{r:?}");
        h.set_ready();
        h.set_commands(None);
        assert!(at(&h, GRACE_TIME * 2).ok());
    }

    #[test]
    fn commands_never_registered_and_a_gateway_down_past_the_grace_are_reported() {
        let h = Health::default();
        h.set_ready();
        h.set_commands(Some("Discord answered 500 (3 attempts)".into()));
        let started = h.with(|s| s.started);
        h.set_gateway(0, 1, started + Duration::from_secs(1));
        let r = h.report(started + GRACE_TIME + Duration::from_secs(2), 0, 0);
        assert_eq!(r.problems.len(), 2, "{r:?}");
        assert!(r.problems.iter().any(|p| p.contains("500 (3 attempts)")));
        assert!(r.problems.iter().any(|p| p.contains("1 of 1 shard")));
        // Connected again: the gateway's line goes.
        h.set_gateway(1, 1, started + GRACE_TIME + Duration::from_secs(3));
        h.set_commands(None);
        assert!(h.report(started + GRACE_TIME * 3, 0, 1).ok());
    }

    #[test]
    fn status_reads_fresh_stale_and_failing_files() {
        let dir = std::env::temp_dir().join(format!("clans-health-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bot.health");
        assert_eq!(check(&path, 0), Ok(None), "no file: no bot here");
        let mut r = Report {
            pid: 7,
            at_ms: 1_000_000,
            every_ms: 10_000,
            problems: vec![],
            shards_connected: 1,
            shards: 1,
        };
        write(&path, &r).unwrap();
        assert_eq!(check(&path, 1_005_000), Ok(Some(r.clone())));
        let stale = check(&path, 1_000_000 + 61_000).unwrap_err();
        assert!(stale.contains("has not reported for 61 s"), "{stale}");
        r.problems = vec!["the match database refuses writes: read-only".into()];
        write(&path, &r).unwrap();
        let bad = check(&path, 1_000_000).unwrap_err();
        assert!(bad.contains("refuses writes"), "{bad}");
        std::fs::write(&path, "{").unwrap();
        assert!(check(&path, 0).unwrap_err().contains("not readable"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

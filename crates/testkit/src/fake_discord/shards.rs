//! The test's hold on the gateway: waiting for the bot to connect and register its
//! commands, shards and the servers they carry, and what Discord may do to a connection
//! (ask for a heartbeat, a reconnect, close it). The websocket itself is `gateway.rs`;
//! these are the `Fake` methods a test drives it with.

use super::{Fake, Refused, gateway};
use serde_json::json;
use std::time::Duration;

impl Fake {
    /// Waits until the bot has identified on the gateway and registered its commands.
    pub async fn wait_ready(&self) {
        if let Err(e) = self.try_wait_ready(Duration::from_secs(30)).await {
            panic!("{e}");
        }
    }

    /// [`Fake::wait_ready`], with an error after `timeout`.
    pub async fn try_wait_ready(&self, timeout: Duration) -> Result<(), String> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let identified = self.shared.identified.notified();
            tokio::pin!(identified);
            identified.as_mut().enable();
            if !self.shared.gateway.lock().unwrap().conns.is_empty() {
                break;
            }
            if tokio::time::timeout_at(deadline, identified).await.is_err() {
                let made: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                    .collect();
                return Err(format!(
                    "the bot never connected to the gateway; its requests: {made:?}; violations: {:?}",
                    self.violations()
                ));
            }
        }
        // The framework registers its commands in its setup, right after READY.
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        self.try_wait_for(|r| r.method == "PUT" && r.path.contains("/commands"), left)
            .await
            .map(|_| ())
            .map_err(|_| "the bot never registered its commands".to_string())
    }

    /// Makes the gateway speak `count` shards: `GET /gateway/bot` recommends it, an
    /// IDENTIFY must name it, and each guild's events go to its shard.
    pub fn set_shard_count(&self, count: u64) {
        self.shared.gateway.lock().unwrap().shard_count = count.max(1);
    }

    /// Adds a server the bot is in, with one text channel: its events go to its shard,
    /// whose connection gets its GUILD_CREATE now (the bot joined it) or at IDENTIFY.
    pub fn add_guild(&self, guild: u64, channel: u64) {
        self.shared.guilds.lock().unwrap().push((guild, channel));
        let create = gateway::guild_create(&self.shared, guild, channel);
        let mut g = self.shared.gateway.lock().unwrap();
        let shard = g.shard_for(Some(guild));
        if g.conn(shard).is_some() {
            g.dispatch(shard, "GUILD_CREATE", create);
        }
    }

    /// Every IDENTIFY the gateway refused so far.
    pub fn refused_identifies(&self) -> Vec<Refused> {
        self.shared.gateway.lock().unwrap().refused.clone()
    }

    /// Waits until `shard` has a connection that identified or resumed.
    pub async fn try_wait_shard(&self, shard: u64, timeout: Duration) -> Result<(), String> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let identified = self.shared.identified.notified();
            tokio::pin!(identified);
            identified.as_mut().enable();
            if self.shared.gateway.lock().unwrap().conn(shard).is_some() {
                return Ok(());
            }
            if tokio::time::timeout_at(deadline, identified).await.is_err() {
                return Err(format!("shard {shard} did not connect within {timeout:?}"));
            }
        }
    }

    /// Forgets the gateway connections (the bot was stopped).
    pub fn disconnect(&self) {
        self.shared.gateway.lock().unwrap().conns.clear();
    }

    fn to_every_shard(&self, out: impl Fn(u64) -> gateway::Out) {
        for c in &self.shared.gateway.lock().unwrap().conns {
            let _ = c.tx.send(out(c.shard));
        }
    }

    /// Asks every connected shard for a heartbeat now (op 1), as Discord may.
    pub fn request_heartbeat(&self) {
        let seqs: Vec<(u64, Option<u64>)> = {
            let g = self.shared.gateway.lock().unwrap();
            g.conns.iter().map(|c| (c.shard, g.seq(c.shard))).collect()
        };
        self.to_every_shard(|shard| {
            let seq = seqs.iter().find(|s| s.0 == shard).and_then(|s| s.1);
            gateway::Out::Text(json!({"op": 1, "d": seq}).to_string())
        });
    }

    /// Tells every connected shard to reconnect and resume (op 7).
    pub fn request_reconnect(&self) {
        self.to_every_shard(|_| gateway::Out::Text(json!({"op": 7, "d": null}).to_string()));
    }

    /// Closes every gateway connection with a close code (4000 "unknown error": the
    /// client resumes; 4004 "authentication failed": it must not).
    pub fn close_gateway(&self, code: u16) {
        self.to_every_shard(|_| gateway::Out::Close(code));
    }

    /// Heartbeats received, sessions identified and sessions resumed so far.
    pub fn gateway_counts(&self) -> (u64, u64, u64) {
        let g = self.shared.gateway.lock().unwrap();
        (g.heartbeats, g.identifies, g.resumes)
    }

    /// Waits until the gateway has resumed `n` sessions in all.
    pub async fn wait_resumes(&self, n: u64, timeout: Duration) -> Result<(), String> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let more = self.shared.identified.notified();
            tokio::pin!(more);
            more.as_mut().enable();
            if self.gateway_counts().2 >= n {
                return Ok(());
            }
            if tokio::time::timeout_at(deadline, more).await.is_err() {
                return Err(format!(
                    "the bot did not resume {n} session(s) within {timeout:?}"
                ));
            }
        }
    }
}

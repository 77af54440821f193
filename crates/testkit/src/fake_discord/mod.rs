//! A fake Discord on loopback, for the end-to-end tests (`tests/it/discord_e2e.rs`) and
//! `crystal-clans-tools bench discord`; not used by the bot itself. It serves the REST API
//! the bot uses (an HTTP server; serenity's `HttpBuilder::proxy` points at it) and a
//! gateway websocket (`GET /api/v10/gateway/bot` names it). It records every request,
//! lets a caller send interactions as any user, and waits for requests efficiently:
//! each request is indexed by its interaction token or channel, so a wait looks only
//! at new requests of its own key and wakes only when one arrives. It keeps Discord's
//! visibility rule for interactions (the first follow-up after a deferral takes the
//! deferral's ephemeral flag), so a test sees what people would see
//! ([`Recorded::ephemeral`]).
//!
//! Misuse (sending before the bot is connected, the `wait_*` helpers without `try_`
//! timing out) panics: this is test support. The `try_` variants return errors.

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::Notify;

mod callback;
mod gateway;
mod limits;
mod ratelimit;
mod record;
mod rest;
mod script;
mod tls;
pub mod validate;

pub use gateway::{ALREADY_AUTHENTICATED, INVALID_SHARD, Refused, shard_of};
use record::{Log, Sent};
pub use record::{Message, Recorded, SentInteraction};
pub use script::lively_pick;
pub use validate::Violation;

pub const APP_ID: u64 = 700_000_000_000_000_001;
pub const BOT_ID: u64 = 700_000_000_000_000_002;
pub const GUILD: u64 = 710_000_000_000_000_001;
pub const CHANNEL: u64 = 720_000_000_000_000_001;
/// The permissions the bot's invite asks for (View Channels, Send Messages, Embed Links,
/// Attach Files, Read Message History, Create Public Threads, Send Messages in Threads).
pub const ALL_PERMISSIONS: u64 = 309_237_763_072;
/// Discord's permission bits for starting a public thread and posting in one.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
const ADMINISTRATOR: u64 = 1 << 3;
pub const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only-0000000000";

/// Where a slash command is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A server and one of its channels.
    Guild(u64, u64),
    /// A direct message with the bot (its channel id).
    Dm(u64),
}

struct Shared {
    log: Mutex<Log>,
    /// Woken on every new request.
    any: Notify,
    gateway: Mutex<gateway::Gateway>,
    /// Woken when a shard identifies or resumes.
    identified: Notify,
    next_id: AtomicU64,
    ws_url: String,
    /// Each interaction sent, by token, and whether it was answered (Discord's
    /// callback rules).
    interactions: callback::Interactions,
    /// The rate limit buckets.
    buckets: ratelimit::Buckets,
    /// Requests answered 429.
    rate_limited: AtomicU64,
    /// Requests (and the fake's own answers and events) that broke Discord's API.
    violations: Mutex<Vec<Violation>>,
    /// Answer 401 to everything (a refused token).
    refuse: AtomicBool,
    /// Keep the bytes of attached files (off: names only, empty bytes).
    keep_files: AtomicBool,
    /// Users whose DMs are closed (the fake answers 50007).
    dm_closed: Mutex<Vec<u64>>,
    /// The bot's permissions in the channel, sent with every interaction.
    app_permissions: AtomicU64,
    /// Channels where posting fails with 50013 Missing Permissions.
    forbidden: Mutex<Vec<String>>,
    /// DM channel id -> user.
    dms: Mutex<HashMap<String, u64>>,
    /// Threads the bot started, by id.
    threads: Mutex<HashMap<String, Thread>>,
    /// The servers the bot is in, each with its one text channel.
    guilds: Mutex<Vec<(u64, u64)>>,
    /// Each user's client locale (others: `en-US`), sent as an interaction's `locale`.
    locales: Mutex<HashMap<u64, String>>,
    /// The servers' locale (an interaction's `guild_locale` and `guild.locale`,
    /// GUILD_CREATE's `preferred_locale`).
    guild_locale: Mutex<String>,
    /// Whether Discord is there at all ([`Fake::kill`], [`Fake::go_silent`]).
    life: tokio::sync::watch::Sender<Life>,
    /// Requests to answer with an error a number of times ([`Fake::fail_next`]).
    faults: Mutex<Vec<Fault>>,
}

/// Discord as the bot's connections find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    Up,
    /// Connections are accepted and requests read, but nothing is ever answered.
    Silent,
    /// Every connection is dropped and new ones are closed at once.
    Dead,
}

/// An injected fault: requests whose method is `method` and whose path contains `path`
/// are answered `status` (or, with `status` 0, answered as usual after `delay`), `left`
/// more times.
struct Fault {
    method: String,
    path: String,
    status: u16,
    delay: Duration,
    left: u32,
}

/// What an injected fault does to one request.
pub(crate) enum Injected {
    Status(u16),
    Delay(Duration),
}

impl Shared {
    fn life(&self) -> Life {
        *self.life.borrow()
    }

    /// Resolves once Discord is no longer up (never, while it is).
    async fn gone(&self) {
        let mut rx = self.life.subscribe();
        let _ = rx.wait_for(|l| *l != Life::Up).await;
    }

    /// The injected fault for this request, if one is left (and counts it).
    fn fault(&self, method: &str, path: &str) -> Option<Injected> {
        let mut faults = self.faults.lock().unwrap();
        let f = faults
            .iter_mut()
            .find(|f| f.left > 0 && f.method == method && path.contains(&f.path))?;
        f.left -= 1;
        Some(match f.status {
            0 => Injected::Delay(f.delay),
            status => Injected::Status(status),
        })
    }
}

/// A thread the bot started: its current name and the channel it was started in.
struct Thread {
    name: String,
    parent: String,
}

/// Serves HTTP on one connection: REST requests, or a `CONNECT` to discord.com (how
/// serenity's ratelimiter reaches the fake, see `tls.rs`) answered by serving the same
/// routes over TLS inside the tunnel.
async fn serve(s: Arc<Shared>, stream: tokio::net::TcpStream) {
    use http_body_util::Full;
    use hyper::body::Bytes;
    let life = s.clone();
    let svc = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        let s = s.clone();
        async move {
            if req.method() == hyper::Method::CONNECT {
                tokio::spawn(async move {
                    let Ok(upgraded) = hyper::upgrade::on(req).await else {
                        return;
                    };
                    let io = hyper_util::rt::TokioIo::new(upgraded);
                    if let Ok(tls) = tls::acceptor().accept(io).await {
                        serve_rest(s, tls).await;
                    }
                });
                return Ok::<_, std::convert::Infallible>(hyper::Response::new(Full::new(
                    Bytes::new(),
                )));
            }
            Ok(rest::handle(&s, req).await)
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
        .with_upgrades();
    // A Discord that went away drops its connections mid-request.
    tokio::select! {
        _ = conn => {}
        _ = until_dead(&life) => {}
    }
}

/// Resolves once Discord is dead (a silent one keeps its connections open).
async fn until_dead(s: &Shared) {
    let mut rx = s.life.subscribe();
    let _ = rx.wait_for(|l| *l == Life::Dead).await;
}

/// Serves the REST routes on a connection (inside a tunnel).
async fn serve_rest<I>(s: Arc<Shared>, io: I)
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let life = s.clone();
    let svc = hyper::service::service_fn(move |req| {
        let s = s.clone();
        async move { Ok::<_, std::convert::Infallible>(rest::handle(&s, req).await) }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .serve_connection(hyper_util::rt::TokioIo::new(io), svc);
    tokio::select! {
        _ = conn => {}
        _ = until_dead(&life) => {}
    }
}

/// The fake Discord (cheap to clone). Its server tasks run on the runtime that called
/// [`Fake::start`].
#[derive(Clone)]
pub struct Fake {
    pub api: String,
    shared: Arc<Shared>,
}

fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": id == BOT_ID, "public_flags": 0, "flags": 0,
           "primary_guild": null, "avatar_decoration_data": null, "collectibles": null,
           "banner": null, "accent_color": null})
}

impl Shared {
    fn violation(&self, v: Violation) {
        self.violations.lock().unwrap().push(v);
    }

    /// Whether the bot has permission `bit` in the server's channels (what the
    /// interactions report; Administrator has every one).
    fn has_permission(&self, bit: u64) -> bool {
        let p = self.app_permissions.load(Ordering::SeqCst);
        p & (bit | ADMINISTRATOR) != 0
    }

    /// The server a channel or thread belongs to ([`GUILD`] for a channel it does not
    /// know).
    fn guild_of(&self, channel: &str) -> u64 {
        let parent = self
            .threads
            .lock()
            .unwrap()
            .get(channel)
            .map(|t| t.parent.clone());
        let channel = parent.as_deref().unwrap_or(channel);
        let guilds = self.guilds.lock().unwrap();
        guilds
            .iter()
            .find(|(_, c)| c.to_string() == channel)
            .map_or(GUILD, |(g, _)| *g)
    }

    /// The message of the interaction's original response (`@original`).
    fn original_message(&self, token: &str) -> Option<u64> {
        self.log.lock().unwrap().answers.get(token)?.message
    }
}

fn now_iso() -> &'static str {
    "2026-01-01T00:00:00.000000+00:00"
}

impl Fake {
    pub async fn start() -> Fake {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let shared = Arc::new(Shared {
            log: Mutex::default(),
            any: Notify::new(),
            gateway: Mutex::default(),
            identified: Notify::new(),
            next_id: AtomicU64::new(800_000_000_000_000_000),
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            interactions: Default::default(),
            buckets: Default::default(),
            rate_limited: AtomicU64::new(0),
            violations: Mutex::default(),
            refuse: Default::default(),
            app_permissions: AtomicU64::new(ALL_PERMISSIONS),
            forbidden: Mutex::default(),
            keep_files: AtomicBool::new(true),
            dm_closed: Mutex::default(),
            dms: Mutex::default(),
            threads: Mutex::default(),
            guilds: Mutex::new(vec![(GUILD, CHANNEL)]),
            locales: Mutex::default(),
            guild_locale: Mutex::new("en-US".into()),
            life: tokio::sync::watch::Sender::new(Life::Up),
            faults: Mutex::default(),
        });
        let fake = Fake {
            api: format!("http://{}", http.local_addr().unwrap()),
            shared: shared.clone(),
        };
        let s = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = http.accept().await {
                if s.life() == Life::Dead {
                    continue;
                }
                // Small writes go out at once (Nagle's algorithm with delayed
                // acknowledgements would hold some for 40 ms).
                let _ = stream.set_nodelay(true);
                let s = s.clone();
                tokio::spawn(serve(s, stream));
            }
        });
        let s = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                if s.life() == Life::Dead {
                    continue;
                }
                let _ = stream.set_nodelay(true);
                let s = s.clone();
                tokio::spawn(async move { gateway::gateway(s, stream).await });
            }
        });
        fake
    }

    /// Discord dies: every connection (REST and gateway) drops, and new ones are closed
    /// as soon as they are made.
    pub fn kill(&self) {
        self.shared.life.send_replace(Life::Dead);
        self.disconnect();
    }

    /// Discord stops answering: connections stay open, requests are read, no answer and
    /// no gateway event (not even a heartbeat's acknowledgement) is ever sent.
    pub fn go_silent(&self) {
        self.shared.life.send_replace(Life::Silent);
    }

    /// Answers the next `times` requests of `method` whose path contains `path` with
    /// `status` (and Discord's error body), as a Discord having a bad minute would.
    pub fn fail_next(&self, method: &str, path: &str, status: u16, times: u32) {
        self.shared.faults.lock().unwrap().push(Fault {
            method: method.to_string(),
            path: path.to_string(),
            status,
            delay: Duration::ZERO,
            left: times,
        });
    }

    /// Answers the next `times` requests of `method` whose path contains `path` only
    /// after `delay` (as a route held up by Discord's rate limits would be).
    pub fn delay_next(&self, method: &str, path: &str, delay: Duration, times: u32) {
        self.shared.faults.lock().unwrap().push(Fault {
            method: method.to_string(),
            path: path.to_string(),
            status: 0,
            delay,
            left: times,
        });
    }

    /// Closes `user`'s direct messages: sending to them fails with Discord's 50007.
    pub fn close_dms(&self, user: u64) {
        self.shared.dm_closed.lock().unwrap().push(user);
    }

    /// The user a DM channel belongs to.
    pub fn dm_user(&self, channel: &str) -> Option<u64> {
        self.shared.dms.lock().unwrap().get(channel).copied()
    }

    /// Makes `user`'s client speak `locale` (Discord's codes: `de`, `en-US`).
    pub fn set_user_locale(&self, user: u64, locale: &str) {
        self.shared
            .locales
            .lock()
            .unwrap()
            .insert(user, locale.into());
    }

    /// Sets the server's locale (its Community "primary language").
    pub fn set_guild_locale(&self, locale: &str) {
        *self.shared.guild_locale.lock().unwrap() = locale.into();
    }

    /// Sets the bot's permissions that interactions report (`app_permissions`).
    pub fn set_app_permissions(&self, bits: u64) {
        self.shared.app_permissions.store(bits, Ordering::SeqCst);
    }

    /// Makes posting in `channel` fail with Discord's 50013 Missing Permissions.
    pub fn forbid_posts_in(&self, channel: u64) {
        self.shared
            .forbidden
            .lock()
            .unwrap()
            .push(channel.to_string());
    }

    /// Makes every REST call fail with 401 (Discord's answer to a wrong token).
    pub fn refuse_token(&self) {
        self.shared.refuse.store(true, Ordering::SeqCst);
    }

    /// Stops keeping the bytes of attached files (their names stay; the bytes are
    /// empty), so that a long benchmark does not hold every posted image in memory.
    pub fn drop_file_bytes(&self) {
        self.shared.keep_files.store(false, Ordering::SeqCst);
    }

    /// When the interaction with this token was sent to the bot.
    pub fn sent_at(&self, token: &str) -> Option<Instant> {
        self.shared.interactions.get(token).map(|i| i.at)
    }

    /// Makes every rate limit window `speed` times shorter (5 posts a channel per
    /// second at 5): the limits, headers and 429s work as on Discord, faster. For tests
    /// that play whole matches at machine speed, which no player can; the benchmark
    /// and the other tests keep Discord's windows.
    pub fn speed_up_rate_limits(&self, speed: u32) {
        self.shared.buckets.set_speed(speed);
    }

    /// How many requests were refused for their rate limit (429).
    pub fn rate_limited(&self) -> u64 {
        self.shared.rate_limited.load(Ordering::SeqCst)
    }

    /// Every request the bot made that Discord would refuse (each answered 400 with
    /// code 50035), and every answer or event of the fake's own that breaks the spec.
    pub fn violations(&self) -> Vec<Violation> {
        self.shared.violations.lock().unwrap().clone()
    }

    /// Panics, printing each request and what was wrong with it, if anything broke
    /// Discord's API: a test calls this at its end (the bot may have swallowed the 400).
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        if !v.is_empty() {
            let all: Vec<String> = v.iter().map(ToString::to_string).collect();
            panic!(
                "{} request(s) broke Discord's API:\n{}",
                v.len(),
                all.join("\n")
            );
        }
    }

    /// Milliseconds from sending each interaction to the bot's acknowledgement
    /// (its interaction callback), sorted.
    pub fn ack_latencies(&self) -> Vec<f64> {
        let log = self.shared.log.lock().unwrap();
        let mut out: Vec<f64> = log
            .requests
            .iter()
            .filter(|r| r.ok() && r.path.ends_with("/callback"))
            .filter_map(|r| {
                let token = r.path.rsplit('/').nth(1)?;
                let t0 = self.shared.interactions.get(token)?.at;
                Some(r.at.duration_since(t0).as_secs_f64() * 1000.0)
            })
            .collect();
        drop(log);
        out.sort_by(|a, b| a.total_cmp(b));
        out
    }

    fn id(&self) -> u64 {
        self.shared.next_id.fetch_add(1, Ordering::SeqCst)
    }

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

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.log.lock().unwrap().requests.clone()
    }

    /// Every interaction sent to the bot so far, in order.
    pub fn interactions(&self) -> Vec<SentInteraction> {
        self.shared.log.lock().unwrap().history.clone()
    }

    /// The user (id) who sent the interaction with this token.
    pub fn interaction_user(&self, token: &str) -> Option<u64> {
        let log = self.shared.log.lock().unwrap();
        let i = log.history.iter().find(|i| i.token() == token)?;
        i.user()["id"].as_str()?.parse().ok()
    }

    pub fn since(&self, n: usize) -> Vec<Recorded> {
        self.shared.log.lock().unwrap().requests[n..].to_vec()
    }

    pub fn count(&self) -> usize {
        self.shared.log.lock().unwrap().requests.len()
    }

    /// Waits for a request matching `f` (made at any time), up to `secs`; panics with
    /// the list of requests when none came.
    pub async fn wait_for(&self, f: impl Fn(&Recorded) -> bool, secs: u64) -> Recorded {
        match self.try_wait_for(f, Duration::from_secs(secs)).await {
            Ok(r) => r,
            Err(_) => panic!(
                "no matching request; the bot made: {:#?}",
                self.requests()
                    .iter()
                    .map(|r| format!("{} {}", r.method, r.path))
                    .collect::<Vec<_>>()
            ),
        }
    }

    /// Waits for a request matching `f` (made at any time), up to `timeout`. Each
    /// request is looked at once.
    pub async fn try_wait_for(
        &self,
        f: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Result<Recorded, String> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut seen = 0;
        loop {
            let more = self.shared.any.notified();
            tokio::pin!(more);
            more.as_mut().enable();
            {
                let log = self.shared.log.lock().unwrap();
                if let Some(r) = log.requests[seen..].iter().find(|r| f(r)) {
                    return Ok(r.clone());
                }
                seen = log.requests.len();
            }
            if tokio::time::timeout_at(deadline, more).await.is_err() {
                return Err(format!("no matching request within {timeout:?}"));
            }
        }
    }

    /// Waits up to `timeout` for a request about `key` (an interaction token, or a
    /// channel id: see the module's notes) that matches `f`, made at any time. Only
    /// that key's requests are looked at, each once.
    pub async fn try_wait_key(
        &self,
        key: &str,
        f: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Result<Recorded, String> {
        let deadline = tokio::time::Instant::now() + timeout;
        let wake = {
            let mut log = self.shared.log.lock().unwrap();
            log.wake.entry(key.to_string()).or_default().clone()
        };
        let mut seen = 0;
        loop {
            let more = wake.notified();
            tokio::pin!(more);
            more.as_mut().enable();
            {
                let log = self.shared.log.lock().unwrap();
                if let Some(list) = log.by_key.get(key) {
                    if let Some(&i) = list[seen..].iter().find(|&&i| f(&log.requests[i])) {
                        return Ok(log.requests[i].clone());
                    }
                    seen = list.len();
                }
            }
            if tokio::time::timeout_at(deadline, more).await.is_err() {
                return Err(format!(
                    "no matching request about `{key}` within {timeout:?}"
                ));
            }
        }
    }

    /// The bot's acknowledgement of the interaction `token` (its callback).
    pub async fn try_ack(&self, token: &str, timeout: Duration) -> Result<Recorded, String> {
        self.try_wait_key(
            token,
            |r| r.method == "POST" && r.path.ends_with("/callback"),
            timeout,
        )
        .await
    }

    /// The choices the bot offered for the autocomplete interaction `token`, as
    /// (name, value) pairs in the order Discord shows them.
    pub async fn try_choices(
        &self,
        token: &str,
        timeout: Duration,
    ) -> Result<Vec<(String, Value)>, String> {
        let r = self.try_ack(token, timeout).await?;
        if r.status >= 300 || r.json["type"] != 8 {
            return Err(format!("not choices ({}): {}", r.status, r.json));
        }
        let choices = r.json["data"]["choices"].as_array().cloned();
        Ok(choices
            .unwrap_or_default()
            .into_iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_string(),
                    c["value"].clone(),
                )
            })
            .collect())
    }

    /// The bot's first message for the interaction `token` after its acknowledgement:
    /// an edit of its original message (filling a deferral, or updating the panel
    /// clicked) or a follow-up.
    pub async fn try_answer(&self, token: &str, timeout: Duration) -> Result<Recorded, String> {
        self.try_wait_key(
            token,
            |r| {
                r.path.starts_with("/api/v10/webhooks/")
                    && (r.method == "POST"
                        || (r.method == "PATCH" && r.path.ends_with("/@original")))
            },
            timeout,
        )
        .await
    }

    /// The private messages `user` was shown by answers to interactions, each as it is
    /// now (after its edits), oldest first: the panels they have, and the notes.
    pub fn private_messages(&self, user: u64) -> Vec<Message> {
        let log = self.shared.log.lock().unwrap();
        let mut out: Vec<Message> = log
            .messages
            .values()
            .filter(|m| m.only_for == Some(user))
            .cloned()
            .collect();
        out.sort_by_key(|m| m.id);
        out
    }

    /// An interaction message as it is now.
    pub fn message(&self, id: u64) -> Option<Message> {
        self.shared.log.lock().unwrap().messages.get(&id).cloned()
    }

    /// Sends an interaction to the bot: remembered for Discord's callback rules, checked
    /// against what serenity reads and what the spec says of its parts.
    fn interact(&self, d: Value, guild: Option<u64>, message: Option<(u64, bool)>) {
        // The payload must be one serenity can read, or the bot would never see it.
        if let Err(e) = serde_json::from_value::<poise::serenity_prelude::Interaction>(d.clone()) {
            panic!("the fake built an interaction serenity cannot read: {e}\n{d:#}");
        }
        let mut problems = vec![];
        let spec = validate::spec();
        let mut part = |schema: &str, at: &str| {
            if let Some(v) = d.pointer(at) {
                for mut p in spec.check_component(schema, v) {
                    p.pointer = format!("{at}{}", p.pointer);
                    problems.push(p);
                }
            }
        };
        part("UserResponse", "/user");
        part("UserResponse", "/member/user");
        part("MessageResponse", "/message");
        if !problems.is_empty() {
            self.shared.violation(Violation {
                by: "event",
                method: "GATEWAY".into(),
                path: "INTERACTION_CREATE".into(),
                body: d.clone(),
                problems,
            });
        }
        let token = d["token"].as_str().unwrap_or_default().to_string();
        let sent = callback::Sent {
            at: Instant::now(),
            channel: d["channel_id"].as_str().unwrap_or_default().to_string(),
            message,
            acked: None,
            autocomplete: d["type"] == 4,
        };
        self.shared
            .interactions
            .by_token
            .lock()
            .unwrap()
            .insert(token.clone(), sent);
        // Who sent it and on which message (an interaction message's visibility and
        // owner), and the interaction as sent (what a transcript draws).
        let user = d["member"]["user"]["id"]
            .as_str()
            .or(d["user"]["id"].as_str())
            .and_then(|u| u.parse().ok())
            .unwrap_or(0);
        {
            let mut log = self.shared.log.lock().unwrap();
            let message = message.map(|(id, _)| id);
            log.interactions.insert(token, Sent { user, message });
            let after = log.requests.len();
            log.history.push(SentInteraction {
                after,
                at: Instant::now(),
                payload: d.clone(),
            });
        }
        self.shared.send_event("INTERACTION_CREATE", guild, d);
    }

    fn member(user: u64, name: &str, manage: bool) -> Value {
        json!({"user": user_json(user, name), "roles": [], "joined_at": now_iso(),
               "deaf": false, "mute": false, "flags": 0, "nick": null, "avatar": null,
               "banner": null, "pending": false, "premium_since": null,
               "communication_disabled_until": null, "unusual_dm_activity_until": null,
               "permissions": if manage { "32" } else { "0" }})
    }

    /// Where a message in `channel` is: a DM channel the bot opened, or the server.
    fn origin_of(&self, channel: u64) -> Origin {
        if self
            .shared
            .dms
            .lock()
            .unwrap()
            .contains_key(&channel.to_string())
        {
            Origin::Dm(channel)
        } else {
            Origin::Guild(self.shared.guild_of(&channel.to_string()), channel)
        }
    }

    /// The fields every interaction carries, as Discord sends them for a bot installed
    /// in a server: who, where (the channel as a partial object, the server and its
    /// locale, or a DM), the bot's permissions there, the user's locale, the context
    /// and the installation that authorizes it. Returns the payload and its guild.
    fn interaction(
        &self,
        kind: u8,
        origin: Origin,
        user: u64,
        name: &str,
        manage: bool,
    ) -> (Value, String, Option<u64>) {
        let id = self.id();
        let what = match kind {
            2 => "cmd",
            4 => "auto",
            _ => "click",
        };
        let token = format!("{what}-token-{id}");
        let locale = (self.shared.locales.lock().unwrap().get(&user).cloned())
            .unwrap_or_else(|| "en-US".into());
        let guild_locale = self.shared.guild_locale.lock().unwrap().clone();
        let mut d = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "token": token, "version": 1,
            "app_permissions": self.shared.app_permissions.load(Ordering::SeqCst).to_string(),
            "attachment_size_limit": 10485760, "locale": locale, "entitlements": [],
        });
        let guild = match origin {
            Origin::Guild(guild, channel) => {
                let thread = self
                    .shared
                    .threads
                    .lock()
                    .unwrap()
                    .get(&channel.to_string())
                    .map(|t| (t.name.clone(), t.parent.clone()));
                let mut ch = match &thread {
                    Some((title, parent)) => json!({"id": channel.to_string(), "type": 11,
                        "name": title, "parent_id": parent, "owner_id": BOT_ID.to_string(),
                        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                            "archive_timestamp": now_iso(), "locked": false}}),
                    None => json!({"id": channel.to_string(), "type": 0, "name": "general",
                        "topic": null, "nsfw": false, "position": 0, "parent_id": null}),
                };
                ch["guild_id"] = json!(guild.to_string());
                ch["flags"] = json!(0);
                ch["last_message_id"] = Value::Null;
                ch["rate_limit_per_user"] = json!(0);
                ch["permissions"] = d["app_permissions"].clone();
                d["guild_id"] = json!(guild.to_string());
                d["guild"] =
                    json!({"id": guild.to_string(), "locale": guild_locale, "features": []});
                d["guild_locale"] = json!(guild_locale);
                d["channel_id"] = json!(channel.to_string());
                d["channel"] = ch;
                d["member"] = Self::member(user, name, manage);
                d["context"] = json!(0);
                d["authorizing_integration_owners"] = json!({"0": guild.to_string()});
                Some(guild)
            }
            Origin::Dm(channel) => {
                d["channel_id"] = json!(channel.to_string());
                d["channel"] = json!({"id": channel.to_string(), "type": 1, "flags": 0,
                    "last_message_id": null, "recipients": [user_json(user, name)]});
                d["user"] = user_json(user, name);
                d["context"] = json!(1);
                d["authorizing_integration_owners"] = json!({"0": "0"});
                None
            }
        };
        (d, token, guild)
    }

    /// A slash command `/clans <sub> ...` by `user` in [`GUILD`]'s [`CHANNEL`].
    /// `options` are the subcommand's options (`{"name", "type", "value"}`); returns
    /// the interaction token.
    pub fn command(
        &self,
        user: u64,
        name: &str,
        sub: &str,
        options: Value,
        manage: bool,
    ) -> String {
        self.command_in(
            Origin::Guild(GUILD, CHANNEL),
            user,
            name,
            sub,
            options,
            manage,
        )
    }

    /// [`Fake::command`] used in another server's channel or in a direct message.
    pub fn command_in(
        &self,
        origin: Origin,
        user: u64,
        name: &str,
        sub: &str,
        options: Value,
        manage: bool,
    ) -> String {
        let (mut d, token, guild) = self.interaction(2, origin, user, name, manage);
        d["data"] = Self::command_data(sub, options, guild);
        self.interact(d, guild, None);
        token
    }

    /// A slash command `/clans <group> <sub> ...` (a subcommand of a group, such as
    /// `/clans league join`) by `user` in [`GUILD`]'s [`CHANNEL`]; returns the token.
    pub fn command_group(
        &self,
        user: u64,
        name: &str,
        group: &str,
        sub: &str,
        options: Value,
        manage: bool,
    ) -> String {
        let origin = Origin::Guild(GUILD, CHANNEL);
        let (mut d, token, guild) = self.interaction(2, origin, user, name, manage);
        let mut data = Self::command_data(sub, options, guild);
        let inner = data["options"][0].take();
        data["options"] = json!([{"name": group, "type": 2, "options": [inner]}]);
        d["data"] = data;
        self.interact(d, guild, None);
        token
    }

    /// What a user typing into an option of `/clans <sub>` in [`GUILD`]'s [`CHANNEL`]
    /// sends: the options so far, the one being typed marked `"focused": true`.
    /// Returns the token; [`Fake::try_choices`] reads the bot's choices.
    pub fn autocomplete(&self, user: u64, name: &str, sub: &str, options: Value) -> String {
        let origin = Origin::Guild(GUILD, CHANNEL);
        let (mut d, token, guild) = self.interaction(4, origin, user, name, false);
        d["data"] = Self::command_data(sub, options, guild);
        self.interact(d, guild, None);
        token
    }

    /// The `data` of a `/clans <sub>` command or autocomplete interaction.
    fn command_data(sub: &str, options: Value, guild: Option<u64>) -> Value {
        let mut resolved = serde_json::Map::new();
        for o in options.as_array().into_iter().flatten() {
            if o["type"] == 6 {
                let uid: u64 = o["value"].as_str().unwrap().parse().unwrap();
                resolved.insert(
                    uid.to_string(),
                    user_json(uid, &format!("user{}", uid % 1000)),
                );
            }
        }
        let mut data = json!({"id": "900000000000000001", "name": "clans", "type": 1,
                              "options": [{"name": sub, "type": 1, "options": options}],
                              "resolved": {"users": resolved}});
        if let Some(g) = guild {
            data["guild_id"] = json!(g.to_string());
        }
        data
    }

    /// A click on a button (`values` empty) or a select, by `user`, on a message of the
    /// main channel; returns the token.
    pub fn click(&self, user: u64, name: &str, custom_id: &str, values: &[&str]) -> String {
        self.click_in(CHANNEL, user, name, custom_id, values)
    }

    /// The threads the bot started, with their current names.
    pub fn threads(&self) -> HashMap<u64, String> {
        let threads = self.shared.threads.lock().unwrap();
        threads
            .iter()
            .map(|(id, t)| (id.parse().unwrap(), t.name.clone()))
            .collect()
    }

    /// A thread that exists on the server already (started by an earlier bot process,
    /// before a restart with a fresh fake).
    pub fn add_thread(&self, id: u64, name: &str) {
        let mut threads = self.shared.threads.lock().unwrap();
        let thread = Thread {
            name: name.to_string(),
            parent: CHANNEL.to_string(),
        };
        threads.insert(id.to_string(), thread);
    }

    /// A click on the message that carries `custom_id` (the last one the bot sent with
    /// it): the interaction names that message's channel (a thread, a DM) and carries
    /// the message with its visibility, as Discord's do. A custom id the bot never sent
    /// (a forged click) is clicked on a message in `channel`.
    pub fn click_in(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let on = self
            .shared
            .log
            .lock()
            .unwrap()
            .by_custom_id
            .get(custom_id)
            .cloned();
        let (message_id, channel, ephemeral) = match on {
            Some(m) => (m.id, m.channel.parse().unwrap_or(channel), m.ephemeral),
            None => (self.id(), channel, false),
        };
        self.click_message(
            (message_id, channel, ephemeral),
            user,
            name,
            custom_id,
            values,
        )
    }

    /// A click on a component of the interaction message `message` (a panel: see
    /// [`Fake::private_messages`]); the interaction carries that message, with
    /// Discord's ephemeral flag when only its user sees it. Returns the token.
    pub fn click_on(
        &self,
        message: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let m = self.message(message);
        let private = m.as_ref().is_some_and(|m| m.only_for.is_some());
        let channel = m
            .and_then(|m| self.shared.interactions.get(&m.token))
            .and_then(|sent| sent.channel.parse().ok())
            .unwrap_or(CHANNEL);
        self.click_message((message, channel, private), user, name, custom_id, values)
    }

    /// A click on `custom_id` of the message `(id, channel, shown only to its user)`.
    fn click_message(
        &self,
        (message_id, channel, ephemeral): (u64, u64, bool),
        user: u64,
        name: &str,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let origin = self.origin_of(channel);
        let (mut d, token, guild) = self.interaction(3, origin, user, name, false);
        d["data"] = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        d["message"] = json!({
            "id": message_id.to_string(), "channel_id": channel.to_string(),
            "author": user_json(BOT_ID, "Crystal Clans"), "content": "", "timestamp": now_iso(),
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "flags": if ephemeral { 64 } else { 0 }, "components": []
        });
        self.interact(d, guild, Some((message_id, ephemeral)));
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fake's own interactions carry what Discord's do, in the shapes the spec
    /// gives them (users, members, messages) and that serenity reads; each is checked
    /// as it is sent, so a shape the spec refuses is a violation here.
    #[tokio::test]
    async fn the_fakes_interactions_match_discords_schemas() {
        let fake = Fake::start().await;
        let opponent = json!([{"name": "opponent", "type": 6, "value": "731000000000000002"}]);
        let t = fake.command(731_000_000_000_000_001, "Ana", "challenge", opponent, false);
        fake.click(731_000_000_000_000_002, "Ben", "clans:1:0:turn", &[]);
        fake.command_in(
            Origin::Dm(5),
            731_000_000_000_000_001,
            "Ana",
            "help",
            json!([]),
            false,
        );
        fake.assert_no_violations();
        // No shard connected: the events went nowhere, as on Discord.
        let events = fake.shared.gateway.lock().unwrap().unrouted.clone();
        assert_eq!(events.len(), 3);
        let d: Value = serde_json::from_str(&events[0]).unwrap();
        assert_eq!(d["d"]["token"], t);
        for (field, value) in [
            ("context", json!(0)),
            (
                "authorizing_integration_owners",
                json!({"0": GUILD.to_string()}),
            ),
            ("locale", json!("en-US")),
            ("guild_locale", json!("en-US")),
            ("app_permissions", json!(ALL_PERMISSIONS.to_string())),
        ] {
            assert_eq!(d["d"][field], value, "{field}");
        }
        let dm: Value = serde_json::from_str(&events[2]).unwrap();
        assert_eq!(dm["d"]["context"], 1);
        assert!(dm["d"].get("guild_id").is_none() && dm["d"]["user"]["id"].is_string());
    }

    /// Discord refuses a bot's message whose files pass 10 MiB (413, 40005); so does
    /// the fake, recording it as a violation, and a message just under passes.
    #[tokio::test]
    async fn files_over_ten_mib_a_message_are_refused() {
        let fake = Fake::start().await;
        let client = reqwest::Client::new();
        let url = format!("{}/api/v10/channels/{CHANNEL}/messages", fake.api);
        let post = |size: usize| {
            let mut body = b"--b\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n\
                {\"content\":\"replay\"}\r\n--b\r\nContent-Disposition: form-data; \
                name=\"files[0]\"; filename=\"r.gif\"\r\n\r\n"
                .to_vec();
            body.resize(body.len() + size, b'x');
            body.extend_from_slice(b"\r\n--b--\r\n");
            client
                .post(&url)
                .header("content-type", "multipart/form-data; boundary=b")
                .body(body)
                .send()
        };
        let under = post(limits::ATTACHMENTS_TOTAL).await.expect("answers");
        assert_eq!(under.status(), 200);
        assert!(fake.violations().is_empty());
        let over = post(limits::ATTACHMENTS_TOTAL + 1).await.expect("answers");
        assert_eq!(over.status(), 413);
        let answer: Value =
            serde_json::from_slice(&over.bytes().await.expect("a body")).expect("JSON");
        assert_eq!(answer["code"], 40005);
        assert_eq!(fake.violations().len(), 1);
    }

    #[test]
    fn the_fakes_rest_answers_match_discords_schemas() {
        let spec = validate::spec();
        let me = user_json(BOT_ID, "Crystal Clans");
        assert_eq!(spec.check_component("UserResponse", &me), vec![]);
        let msg = rest::message_json(1, "2", &json!({"content": "hi"}));
        assert_eq!(spec.check_component("MessageResponse", &msg), vec![]);
        let thread = rest::thread_json(GUILD, "3", "2", &json!("Ana vs Ben"));
        assert_eq!(spec.check_component("ThreadResponse", &thread), vec![]);
    }
}

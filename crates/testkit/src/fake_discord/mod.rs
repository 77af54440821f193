//! A fake Discord on loopback, for the end-to-end tests (`tests/it/discord_e2e/`) and
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
//!
//! The `Fake` handle's methods are split by what a test does with them: `world.rs`
//! sets up the Discord around the bot, `interact.rs` sends interactions as users,
//! `observe.rs` reads and waits for what the bot did, `shards.rs` drives the gateway.
//! This file holds the state they share and the HTTP server the routes run on.

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Notify;

mod callback;
mod gateway;
mod interact;
mod limits;
mod observe;
mod ratelimit;
mod record;
mod rest;
mod script;
mod shards;
mod tls;
pub mod validate;
mod world;

pub use gateway::{ALREADY_AUTHENTICATED, INVALID_SHARD, Refused, shard_of};
pub use interact::Origin;
use record::Log;
pub use record::{Message, Recorded, SentInteraction};
pub use script::{learner_pick, lively_pick};
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
/// Discord's permission bit for archiving, unarchiving and locking any thread.
pub const MANAGE_THREADS: u64 = 1 << 34;
pub const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only-0000000000";

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
    /// Channels the bot is not in, where a user's own install brought the app (a group
    /// DM): channel id -> that user. The bot may only answer interactions there; any
    /// request of its own about the channel is refused (50001) and a violation.
    private: Mutex<HashMap<String, u64>>,
    /// Refuse commands registered for user install (Discord does for an application
    /// whose Installation page does not allow it).
    refuse_user_install: AtomicBool,
    /// Threads the bot started, by id.
    threads: Mutex<HashMap<String, Thread>>,
    /// The servers the bot is in, each with its one text channel.
    guilds: Mutex<Vec<(u64, u64)>>,
    /// Each user's client locale (others: `en-US`), sent as an interaction's `locale`.
    locales: Mutex<HashMap<u64, String>>,
    /// Members whose roles let them manage the server: every interaction of theirs says
    /// so, a click as well as a command.
    managers: Mutex<std::collections::HashSet<u64>>,
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
    /// Archived, as Discord does after the thread's auto-archive time without a message
    /// (a week for the bot's match threads): a post unarchives it, an edit is refused.
    archived: bool,
    /// Locked by a moderator: only a member with Manage Threads unarchives it or posts.
    locked: bool,
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
            private: Mutex::default(),
            refuse_user_install: AtomicBool::new(false),
            threads: Mutex::default(),
            guilds: Mutex::new(vec![(GUILD, CHANNEL)]),
            locales: Mutex::default(),
            managers: Mutex::default(),
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

//! A fake Discord on loopback, for the end-to-end tests (`tests/discord_e2e.rs`) and
//! `crystal-clans bench discord`; not used by the bot itself. It serves the REST API
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

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Request, Response};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

pub const APP_ID: u64 = 700_000_000_000_000_001;
pub const BOT_ID: u64 = 700_000_000_000_000_002;
pub const GUILD: u64 = 710_000_000_000_000_001;
pub const CHANNEL: u64 = 720_000_000_000_000_001;
/// The permissions the bot's invite asks for (View Channels, Send Messages, Embed Links,
/// Attach Files, Read Message History, Create Public Threads, Send Messages in Threads).
pub const ALL_PERMISSIONS: u64 = 309_237_763_072;
pub const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only-0000000000";

/// Where a slash command is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A server and one of its channels.
    Guild(u64, u64),
    /// A direct message with the bot (its channel id).
    Dm(u64),
}

/// One request the bot made.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The JSON body (`payload_json` of a multipart body).
    pub json: Value,
    /// Attached files: name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
    pub at: Instant,
    /// Whether Discord would show this only to the interaction's user: the request's
    /// own flag, except for the first follow-up after a deferral and edits of the
    /// original response, which take the deferral's (see [`Fake`]'s notes).
    pub shown_ephemeral: bool,
}

impl Recorded {
    /// Would Discord show this only to the user who interacted? An ephemeral deferral
    /// or message, or the follow-up that fills an ephemeral deferral (its own flag
    /// does not matter then).
    pub fn ephemeral(&self) -> bool {
        self.shown_ephemeral
    }

    /// The request's own ephemeral flag (64), whatever Discord would make of it.
    pub fn flagged_ephemeral(&self) -> bool {
        let flags = self
            .json
            .get("flags")
            .or_else(|| self.json.get("data").and_then(|d| d.get("flags")))
            .and_then(Value::as_u64)
            .unwrap_or(0);
        flags & 64 != 0
    }

    pub fn text(&self) -> String {
        self.json.to_string()
    }

    /// A message posted to a channel (public by nature).
    pub fn is_channel_post(&self) -> bool {
        self.method == "POST"
            && self.path.contains("/channels/")
            && self.path.ends_with("/messages")
    }

    /// Every custom id in the message's components.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut out = vec![];
        let comps = self
            .json
            .get("components")
            .or_else(|| self.json.get("data").and_then(|d| d.get("components")));
        for row in comps.and_then(Value::as_array).into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_string());
                }
            }
        }
        out
    }

    /// The options of the first select, as (label, value).
    pub fn select_options(&self) -> Vec<(String, String)> {
        let mut out = vec![];
        let comps = self.json.get("components");
        for row in comps.and_then(Value::as_array).into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                for o in c["options"].as_array().into_iter().flatten() {
                    out.push((
                        o["label"].as_str().unwrap_or("").to_string(),
                        o["value"].as_str().unwrap_or("").to_string(),
                    ));
                }
            }
        }
        out
    }
}

/// Every request so far, indexed by key (see [`key_of`]).
#[derive(Default)]
struct Log {
    requests: Vec<Recorded>,
    /// Key -> indices into `requests`, in order.
    by_key: HashMap<String, Vec<usize>>,
    /// Key -> woken on each new request of that key (created by the first waiter).
    wake: HashMap<String, Arc<Notify>>,
    /// Interaction token -> how it was first answered.
    answers: HashMap<String, Answer>,
}

/// How an interaction was acknowledged (its callback), as Discord remembers it.
struct Answer {
    /// The callback's ephemeral flag.
    ephemeral: bool,
    /// A deferral (type 5) whose message no follow-up has filled yet.
    open_deferral: bool,
}

struct Shared {
    log: Mutex<Log>,
    /// Woken on every new request.
    any: Notify,
    gateway: Mutex<Option<mpsc::UnboundedSender<String>>>,
    identified: Notify,
    next_id: AtomicU64,
    seq: AtomicU64,
    ws_url: String,
    /// When each interaction was sent, by token.
    sent: Mutex<HashMap<String, Instant>>,
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
    /// Threads the bot started: id -> current name.
    threads: Mutex<HashMap<String, String>>,
}

/// What a request is about, for waiting: the interaction token of a callback or a
/// webhook (follow-up) request, else the channel of a channel request.
fn key_of(path: &str) -> Option<String> {
    let p: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match p.as_slice() {
        ["interactions", _, token, ..] | ["webhooks", _, token, ..] => Some(token.to_string()),
        ["channels", ch, ..] => Some(ch.to_string()),
        _ => None,
    }
}

/// Discord's visibility rules for an interaction's messages: a callback and a later
/// follow-up keep their own flag; the first follow-up after a deferral fills the
/// deferral's message and so takes its visibility (its own flag is ignored), as does
/// an edit of the original response.
fn shown_ephemeral(answers: &mut HashMap<String, Answer>, r: &Recorded) -> bool {
    let own = r.flagged_ephemeral();
    let p: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
    match (r.method.as_str(), p.as_slice()) {
        ("POST", ["interactions", _, token, "callback"]) => {
            let deferral = r.json.get("type").and_then(Value::as_u64) == Some(5);
            answers.insert(
                token.to_string(),
                Answer {
                    ephemeral: own,
                    open_deferral: deferral,
                },
            );
            own
        }
        ("POST", ["webhooks", _, token]) => match answers.get_mut(*token) {
            Some(a) if a.open_deferral => {
                a.open_deferral = false;
                a.ephemeral
            }
            _ => own,
        },
        (_, ["webhooks", _, token, "messages", "@original"]) => match answers.get_mut(*token) {
            Some(a) => {
                a.open_deferral = false;
                a.ephemeral
            }
            None => own,
        },
        // A channel message is public by nature (Discord has no ephemeral ones).
        (_, ["channels", ..]) => false,
        _ => own,
    }
}

impl Shared {
    fn record(&self, mut r: Recorded) {
        let key = key_of(&r.path);
        let wake = {
            let mut log = self.log.lock().unwrap();
            r.shown_ephemeral = shown_ephemeral(&mut log.answers, &r);
            let i = log.requests.len();
            log.requests.push(r);
            key.and_then(|k| {
                let w = log.wake.get(&k).cloned();
                log.by_key.entry(k).or_default().push(i);
                w
            })
        };
        if let Some(w) = wake {
            w.notify_waiters();
        }
        self.any.notify_waiters();
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
           "avatar": null, "bot": id == BOT_ID})
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
            gateway: Mutex::new(None),
            identified: Notify::new(),
            next_id: AtomicU64::new(800_000_000_000_000_000),
            seq: AtomicU64::new(1),
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            sent: Mutex::default(),
            refuse: Default::default(),
            app_permissions: AtomicU64::new(ALL_PERMISSIONS),
            forbidden: Mutex::default(),
            keep_files: AtomicBool::new(true),
            dm_closed: Mutex::default(),
            dms: Mutex::default(),
            threads: Mutex::default(),
        });
        let fake = Fake {
            api: format!("http://{}", http.local_addr().unwrap()),
            shared: shared.clone(),
        };
        let s = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = http.accept().await {
                // Small writes go out at once (Nagle's algorithm with delayed
                // acknowledgements would hold some for 40 ms).
                let _ = stream.set_nodelay(true);
                let s = s.clone();
                tokio::spawn(async move {
                    let io = hyper_util::rt::TokioIo::new(stream);
                    let svc = hyper::service::service_fn(move |req| {
                        let s = s.clone();
                        async move { Ok::<_, std::convert::Infallible>(handle(&s, req).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(io, svc)
                        .await;
                });
            }
        });
        let s = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                let _ = stream.set_nodelay(true);
                let s = s.clone();
                tokio::spawn(async move { gateway(s, stream).await });
            }
        });
        fake
    }

    /// Closes `user`'s direct messages: sending to them fails with Discord's 50007.
    pub fn close_dms(&self, user: u64) {
        self.shared.dm_closed.lock().unwrap().push(user);
    }

    /// The user a DM channel belongs to.
    pub fn dm_user(&self, channel: &str) -> Option<u64> {
        self.shared.dms.lock().unwrap().get(channel).copied()
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
        self.shared.sent.lock().unwrap().get(token).copied()
    }

    /// Milliseconds from sending each interaction to the bot's acknowledgement
    /// (its interaction callback), sorted.
    pub fn ack_latencies(&self) -> Vec<f64> {
        let sent = self.shared.sent.lock().unwrap().clone();
        let log = self.shared.log.lock().unwrap();
        let mut out: Vec<f64> = log
            .requests
            .iter()
            .filter(|r| r.path.ends_with("/callback"))
            .filter_map(|r| {
                let token = r.path.rsplit('/').nth(1)?;
                let t0 = sent.get(token)?;
                Some(r.at.duration_since(*t0).as_secs_f64() * 1000.0)
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
            if self.shared.gateway.lock().unwrap().is_some() {
                break;
            }
            if tokio::time::timeout_at(deadline, identified).await.is_err() {
                return Err("the bot never connected to the gateway".into());
            }
        }
        // The framework registers its commands in its setup, right after READY.
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        self.try_wait_for(|r| r.method == "PUT" && r.path.contains("/commands"), left)
            .await
            .map(|_| ())
            .map_err(|_| "the bot never registered its commands".to_string())
    }

    /// Forgets the gateway connection (the bot was stopped).
    pub fn disconnect(&self) {
        *self.shared.gateway.lock().unwrap() = None;
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.log.lock().unwrap().requests.clone()
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

    /// The bot's first follow-up message for the interaction `token`.
    pub async fn try_followup(&self, token: &str, timeout: Duration) -> Result<Recorded, String> {
        self.try_wait_key(
            token,
            |r| r.method == "POST" && r.path.starts_with("/api/v10/webhooks/"),
            timeout,
        )
        .await
    }

    fn dispatch(&self, kind: &str, d: Value) {
        if kind == "INTERACTION_CREATE" {
            // The payload must be one serenity can read, or the bot would never see it.
            if let Err(e) =
                serde_json::from_value::<poise::serenity_prelude::Interaction>(d.clone())
            {
                panic!("the fake built an interaction serenity cannot read: {e}\n{d:#}");
            }
        }
        let seq = self.shared.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let token = d.get("token").and_then(Value::as_str).map(str::to_string);
        let payload = json!({"op": 0, "t": kind, "s": seq, "d": d}).to_string();
        let tx = self
            .shared
            .gateway
            .lock()
            .unwrap()
            .clone()
            .expect("the bot is connected");
        if let Some(t) = token {
            self.shared.sent.lock().unwrap().insert(t, Instant::now());
        }
        tx.send(payload).expect("the gateway connection is open");
    }

    fn member(user: u64, name: &str, manage: bool) -> Value {
        json!({"user": user_json(user, name), "roles": [], "joined_at": now_iso(),
               "deaf": false, "mute": false, "flags": 0,
               "permissions": if manage { "32" } else { "0" }})
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
        let id = self.id();
        let token = format!("cmd-token-{id}");
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
        let mut d = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": 2,
            "token": token, "version": 1,
            "app_permissions": self.shared.app_permissions.load(Ordering::SeqCst).to_string(),
            "attachment_size_limit": 26214400, "locale": "en-US", "entitlements": [],
        });
        match origin {
            Origin::Guild(guild, channel) => {
                data["guild_id"] = json!(guild.to_string());
                d["guild_id"] = json!(guild.to_string());
                d["guild_locale"] = json!("en-US");
                d["channel_id"] = json!(channel.to_string());
                d["member"] = Self::member(user, name, manage);
            }
            Origin::Dm(channel) => {
                d["channel_id"] = json!(channel.to_string());
                d["user"] = user_json(user, name);
            }
        }
        d["data"] = data;
        self.dispatch("INTERACTION_CREATE", d);
        token
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
            .map(|(id, name)| (id.parse().unwrap(), name.clone()))
            .collect()
    }

    /// A thread that exists on the server already (started by an earlier bot process,
    /// before a restart with a fresh fake).
    pub fn add_thread(&self, id: u64, name: &str) {
        let mut threads = self.shared.threads.lock().unwrap();
        threads.insert(id.to_string(), name.to_string());
    }

    /// A click on a message in `channel` (the main channel or a thread the bot started):
    /// the interaction names that channel and its type, as Discord's do.
    pub fn click_in(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let thread = self
            .shared
            .threads
            .lock()
            .unwrap()
            .get(&channel.to_string())
            .cloned();
        let channel_json = match &thread {
            Some(title) => json!({"id": channel.to_string(), "type": 11, "name": title,
                                  "parent_id": CHANNEL.to_string()}),
            None => json!({"id": channel.to_string(), "type": 0, "name": "general"}),
        };
        let id = self.id();
        let token = format!("click-token-{id}");
        let data = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        let message = json!({
            "id": self.id().to_string(), "channel_id": channel.to_string(),
            "author": user_json(BOT_ID, "Crystal Clans"), "content": "", "timestamp": now_iso(),
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "flags": 0, "components": []
        });
        self.dispatch(
            "INTERACTION_CREATE",
            json!({
                "id": id.to_string(), "application_id": APP_ID.to_string(), "type": 3,
                "token": token, "version": 1, "guild_id": GUILD.to_string(),
                "channel_id": channel.to_string(), "channel": channel_json,
                "member": Self::member(user, name, false),
                "app_permissions": self.shared.app_permissions.load(Ordering::SeqCst).to_string(), "attachment_size_limit": 26214400, "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
                "data": data, "message": message
            }),
        );
        token
    }
}

fn thread_json(id: &str, parent: &str, name: &Value) -> Value {
    json!({"id": id, "type": 11, "guild_id": GUILD.to_string(), "parent_id": parent,
           "name": name, "position": 0, "permission_overwrites": [], "nsfw": false,
           "owner_id": BOT_ID.to_string(),
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
               "archive_timestamp": now_iso(), "locked": false}})
}

fn message_json(id: u64, channel: &str, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel, "author": user_json(BOT_ID, "Crystal Clans"),
        "content": body.get("content").cloned().unwrap_or(json!("")), "timestamp": now_iso(),
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)), "components": []
    })
}

/// The JSON payload and the files (with their bytes when `keep_files`) of a
/// multipart body.
fn parse_multipart(
    content_type: &str,
    body: &[u8],
    keep_files: bool,
) -> (Value, Vec<(String, Vec<u8>)>) {
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return (Value::Null, vec![]);
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let b = boundary.as_bytes();
    let mut json = Value::Null;
    let mut files = vec![];
    let mut starts = vec![];
    let mut i = 0;
    // Jump from one occurrence of the boundary's first byte to the next (a PNG is
    // large: comparing at every byte would cost the fake more than the bot).
    while i + b.len() <= body.len() {
        let Some(j) = body[i..=body.len() - b.len()]
            .iter()
            .position(|&x| x == b[0])
        else {
            break;
        };
        i += j;
        if &body[i..i + b.len()] == b {
            starts.push(i);
            i += b.len();
        } else {
            i += 1;
        }
    }
    for w in starts.windows(2) {
        let part = &body[w[0] + b.len()..w[1]];
        let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let field = |key: &str| {
            headers
                .split(&format!("{key}=\""))
                .nth(1)
                .and_then(|s| s.split('"').next())
                .map(str::to_string)
        };
        if field("name").as_deref() == Some("payload_json") {
            json = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else if let Some(f) = field("filename") {
            files.push((f, if keep_files { content.to_vec() } else { vec![] }));
        }
    }
    (json, files)
}

async fn handle(s: &Shared, req: Request<hyper::body::Incoming>) -> Response<Full<Bytes>> {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let ct = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = req
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    // Received now (parsing below is the fake's own time, not the bot's).
    let at = Instant::now();
    let (json, files) = if ct.starts_with("multipart/") {
        parse_multipart(&ct, &body, s.keep_files.load(Ordering::Relaxed))
    } else {
        (serde_json::from_slice(&body).unwrap_or(Value::Null), vec![])
    };
    s.record(Recorded {
        method: method.clone(),
        path: path.clone(),
        json: json.clone(),
        files,
        at,
        shown_ephemeral: false,
    });
    if s.refuse.load(Ordering::SeqCst) {
        return Response::builder()
            .status(401)
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(
                r#"{"message": "401: Unauthorized", "code": 0}"#,
            )))
            .unwrap();
    }
    let p: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let id = s.next_id.fetch_add(1, Ordering::SeqCst);
    let (status, out) = match (method.as_str(), p.as_slice()) {
        ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (
            200,
            json!({"url": s.ws_url, "shards": 1, "session_start_limit":
                   {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("PUT", ["applications", _, "commands"]) => (200, json!([])),
        ("GET", ["users", "@me"]) => (200, user_json(BOT_ID, "Crystal Clans")),
        ("POST", ["interactions", _, _, "callback"]) => (204, Value::Null),
        ("POST", ["webhooks", _, _]) => (200, message_json(id, &CHANNEL.to_string(), &json)),
        (_, ["webhooks", _, _, "messages", _]) => {
            (200, message_json(id, &CHANNEL.to_string(), &json))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = json["recipient_id"]
                .as_str()
                .and_then(|u| u.parse().ok())
                .or_else(|| json["recipient_id"].as_u64())
                .unwrap_or(0);
            s.dms.lock().unwrap().insert(id.to_string(), user);
            (
                200,
                json!({"id": id.to_string(), "type": 1, "last_message_id": null,
                       "recipients": [user_json(user, "someone")]}),
            )
        }
        ("POST", ["channels", ch, "messages"])
            if s.dms
                .lock()
                .unwrap()
                .get(*ch)
                .is_some_and(|u| s.dm_closed.lock().unwrap().contains(u)) =>
        {
            (
                403,
                json!({"message": "Cannot send messages to this user", "code": 50007}),
            )
        }
        ("POST", ["channels", ch, "messages"])
            if s.forbidden.lock().unwrap().iter().any(|f| f == ch) =>
        {
            (
                403,
                json!({"message": "Missing Permissions", "code": 50013}),
            )
        }
        ("POST", ["channels", ch, "messages"]) => (200, message_json(id, ch, &json)),
        ("PATCH", ["channels", ch, "messages", _]) => (200, message_json(id, ch, &json)),
        // Discord cannot start a thread from a message inside a thread.
        ("POST", ["channels", ch, "messages", _, "threads"])
            if s.threads.lock().unwrap().contains_key(*ch) =>
        {
            (
                400,
                json!({"message": "Cannot execute action on this channel type", "code": 50024}),
            )
        }
        ("POST", ["channels", ch, "messages", _, "threads"]) => {
            let name = json["name"].as_str().unwrap_or_default().to_string();
            s.threads.lock().unwrap().insert(id.to_string(), name);
            (200, thread_json(&id.to_string(), ch, &json["name"]))
        }
        ("PATCH", ["channels", ch]) if s.threads.lock().unwrap().contains_key(*ch) => {
            let name = json["name"].as_str().unwrap_or_default().to_string();
            if !(1..=100).contains(&name.chars().count()) {
                (
                    400,
                    json!({"message": "Invalid Form Body", "code": 50035,
                           "errors": {"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH",
                               "message": "Must be between 1 and 100 in length."}]}}}),
                )
            } else {
                s.threads.lock().unwrap().insert(ch.to_string(), name);
                (200, thread_json(ch, &CHANNEL.to_string(), &json["name"]))
            }
        }
        _ => (404, json!({"message": "Unknown route", "code": 0})),
    };
    let body = if status == 204 {
        Bytes::new()
    } else {
        Bytes::from(out.to_string())
    };
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(Full::new(body))
        .unwrap()
}

async fn gateway(s: Arc<Shared>, stream: tokio::net::TcpStream) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    use tokio_tungstenite::tungstenite::Message;
    let (mut tx, mut rx) = ws.split();
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<String>();
    let _ = tx
        .send(Message::Text(
            json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string(),
        ))
        .await;
    let writer = tokio::spawn(async move {
        while let Some(m) = out_rx.recv().await {
            if tx.send(Message::Text(m)).await.is_err() {
                break;
            }
        }
    });
    while let Some(Ok(msg)) = rx.next().await {
        let Message::Text(t) = msg else {
            if matches!(msg, Message::Close(_)) {
                break;
            }
            continue;
        };
        let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
        match v["op"].as_u64() {
            Some(1) => {
                let _ = out_tx.send(json!({"op": 11}).to_string());
            }
            Some(2) | Some(6) => {
                let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
                    "v": 10, "user": user_json(BOT_ID, "Crystal Clans"), "guilds": [],
                    "session_id": "fake-session", "resume_gateway_url": s.ws_url,
                    "shard": [0, 1], "application": {"id": APP_ID.to_string(), "flags": 0}}});
                let _ = out_tx.send(ready.to_string());
                *s.gateway.lock().unwrap() = Some(out_tx.clone());
                s.identified.notify_waiters();
            }
            _ => {}
        }
    }
    writer.abort();
}

/// A legal choice (an index into `legal`) that keeps a scripted match moving towards a
/// winner: a score or an invasion when offered (without them, a spread of choices can
/// walk units around for ever), battles when offered, activations often, otherwise a
/// spread of the choices by `step`.
pub fn lively_pick(legal: &[crate::game::Input], step: usize) -> usize {
    use crate::game::Input;
    let first = |f: fn(&Input) -> bool| legal.iter().position(f);
    if let Some(i) = first(|i| matches!(i, Input::Score(_)))
        .or_else(|| first(|i| matches!(i, Input::Invade)))
        .or_else(|| first(|i| *i == Input::Battle(true)))
    {
        return i;
    }
    if !step.is_multiple_of(3)
        && let Some(i) = legal.iter().position(|i| matches!(i, Input::Activate(_)))
    {
        return i;
    }
    (step * 7 + 3) % legal.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(method: &str, path: &str, json: Value) -> Recorded {
        Recorded {
            method: method.into(),
            path: path.into(),
            json,
            files: vec![],
            at: Instant::now(),
            shown_ephemeral: false,
        }
    }

    #[test]
    fn the_first_follow_up_after_a_deferral_takes_its_visibility() {
        let mut answers = HashMap::new();
        let mut shown = |r: Recorded| shown_ephemeral(&mut answers, &r);
        let private = json!({"content": "an error", "flags": 64});
        let public = json!({"content": "a board"});
        // Deferred publicly: the first follow-up is public whatever its flag says;
        // later follow-ups keep their own flag.
        assert!(!shown(req(
            "POST",
            "/api/v10/interactions/1/a/callback",
            json!({"type": 5})
        )));
        assert!(!shown(req(
            "POST",
            "/api/v10/webhooks/9/a",
            private.clone()
        )));
        assert!(shown(req("POST", "/api/v10/webhooks/9/a", private.clone())));
        // Deferred privately: the first follow-up is private, even when flagged public.
        let defer = json!({"type": 5, "data": {"flags": 64}});
        assert!(shown(req(
            "POST",
            "/api/v10/interactions/2/b/callback",
            defer
        )));
        assert!(shown(req("POST", "/api/v10/webhooks/9/b", public.clone())));
        assert!(!shown(req("POST", "/api/v10/webhooks/9/b", public.clone())));
        // A whole message as the callback keeps its own flag; so do its follow-ups.
        let reply = json!({"type": 4, "data": {"flags": 64}});
        assert!(shown(req(
            "POST",
            "/api/v10/interactions/3/c/callback",
            reply
        )));
        assert!(!shown(req("POST", "/api/v10/webhooks/9/c", public)));
        // Channel posts are public.
        assert!(!shown(req("POST", "/api/v10/channels/5/messages", private)));
    }
}

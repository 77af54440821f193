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

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

mod gateway;
mod record;
mod rest;
mod script;

use record::{Log, Sent};
pub use record::{Message, Recorded, SentInteraction};
pub use script::lively_pick;

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
                        async move { Ok::<_, std::convert::Infallible>(rest::handle(&s, req).await) }
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
                tokio::spawn(async move { gateway::gateway(s, stream).await });
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

    /// Remembers who sent the interaction `token` and on which message.
    fn note_sent(&self, token: &str, user: u64, message: Option<u64>) {
        let mut log = self.shared.log.lock().unwrap();
        log.interactions
            .insert(token.to_string(), Sent { user, message });
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
            let mut log = self.shared.log.lock().unwrap();
            let after = log.requests.len();
            log.history.push(SentInteraction {
                after,
                at: Instant::now(),
                payload: d,
            });
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
        self.note_sent(&token, user, None);
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
        let message = self.id();
        self.click_message(channel, message, 0, user, name, custom_id, values)
    }

    /// A click on a component of the interaction message `message` (a panel: see
    /// [`Fake::private_messages`]) in [`CHANNEL`]; the interaction carries that message,
    /// with Discord's ephemeral flag when only its user sees it. Returns the token.
    pub fn click_on(
        &self,
        message: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let private = self.message(message).is_some_and(|m| m.only_for.is_some());
        let flags = if private { 64 } else { 0 };
        self.click_message(CHANNEL, message, flags, user, name, custom_id, values)
    }

    #[allow(clippy::too_many_arguments)]
    fn click_message(
        &self,
        channel: u64,
        message: u64,
        flags: u64,
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
        self.note_sent(&token, user, Some(message));
        let message = json!({
            "id": message.to_string(), "channel_id": channel.to_string(),
            "author": user_json(BOT_ID, "Crystal Clans"), "content": "", "timestamp": now_iso(),
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "flags": flags, "components": []
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

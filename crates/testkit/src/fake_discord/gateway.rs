//! The gateway websocket as Discord speaks it: HELLO with a heartbeat interval,
//! heartbeats acknowledged, IDENTIFY answered by READY then a GUILD_CREATE per guild of
//! the shard, RESUME answered by the events the client missed then RESUMED (an unknown
//! session by INVALID_SESSION), and, on the test's request, a heartbeat request (op 1),
//! a RECONNECT (op 7) or a close with a close code.
//!
//! Sharding as Discord does it: `GET /gateway/bot` recommends the fake's shard count,
//! IDENTIFY names `[shard_id, num_shards]`, and each event goes to the one shard of its
//! guild (`(guild_id >> 22) % num_shards`), direct messages to shard 0. An IDENTIFY
//! with a shard outside the count is closed with 4010 "Invalid shard", and so (the
//! fake's own rules, to catch a misconfigured deployment) is one with another count
//! than the fake's or for a shard another connection holds; a second IDENTIFY on one
//! connection is closed with 4005 "Already authenticated". Sequence numbers count per
//! session, and every dispatch of a session is kept, so a resumed session loses nothing
//! sent while the bot was away; a new session (a restarted process) starts afresh.

use super::rest::thread_json;
use super::{APP_ID, BOT_ID, Shared, now_iso, user_json};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The heartbeat interval HELLO gives (Discord's is about 41 s; short here, so tests
/// see heartbeats).
pub const HEARTBEAT_MS: u64 = 2_000;

/// Discord's close code for a shard it will not accept.
pub const INVALID_SHARD: u16 = 4010;
/// Discord's close code for a second IDENTIFY on one connection.
pub const ALREADY_AUTHENTICATED: u16 = 4005;

/// How long an IDENTIFY for a shard that another connection holds waits for that
/// connection to go before it is refused: a client that reconnects drops its old
/// connection just before it opens the new one, and the fake may not have seen it yet.
const TAKEOVER_GRACE: Duration = Duration::from_secs(1);

/// What goes to the connected client.
#[derive(Debug)]
pub(super) enum Out {
    Text(String),
    /// Close the connection with this close code.
    Close(u16),
}

/// One live gateway connection (the current one of a shard).
#[derive(Clone)]
pub(super) struct Conn {
    pub(super) tx: mpsc::UnboundedSender<Out>,
    /// The shard it runs.
    pub(super) shard: u64,
}

/// A gateway session: the shard it runs, its sequence and what it was sent.
pub(super) struct Session {
    shard: u64,
    id: String,
    /// Every dispatch of the session: its sequence number (1, 2, ...) and payload.
    sent: Vec<(u64, String)>,
}

impl Session {
    pub(super) fn seq(&self) -> u64 {
        self.sent.last().map_or(0, |e| e.0)
    }
}

/// An IDENTIFY the gateway refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// The `[shard_id, num_shards]` it named.
    pub shard: (u64, u64),
    /// The close code it got.
    pub code: u16,
}

/// The shard a guild's events go to, as Discord routes them.
pub fn shard_of(guild: u64, count: u64) -> u64 {
    (guild >> 22) % count.max(1)
}

/// The gateway's state shared by connections: the sessions, the connections.
pub(super) struct Gateway {
    /// The number of shards the fake speaks (and recommends).
    pub(super) shard_count: u64,
    /// The current connection of each connected shard.
    pub(super) conns: Vec<Conn>,
    /// The current session of each shard that identified.
    pub(super) sessions: Vec<Session>,
    /// Dispatches for a shard that never identified (lost, as on Discord).
    pub(super) unrouted: Vec<String>,
    pub(super) refused: Vec<Refused>,
    pub(super) heartbeats: u64,
    pub(super) resumes: u64,
    pub(super) identifies: u64,
}

impl Default for Gateway {
    fn default() -> Gateway {
        Gateway {
            shard_count: 1,
            conns: vec![],
            sessions: vec![],
            unrouted: vec![],
            refused: vec![],
            heartbeats: 0,
            resumes: 0,
            identifies: 0,
        }
    }
}

impl Gateway {
    /// The shard that gets `guild`'s events; direct messages (no guild) go to shard 0.
    pub(super) fn shard_for(&self, guild: Option<u64>) -> u64 {
        guild.map_or(0, |g| shard_of(g, self.shard_count))
    }

    pub(super) fn conn(&self, shard: u64) -> Option<&Conn> {
        self.conns.iter().find(|c| c.shard == shard)
    }

    /// The sequence number of `shard`'s session so far.
    pub(super) fn seq(&self, shard: u64) -> Option<u64> {
        self.sessions
            .iter()
            .find(|s| s.shard == shard)
            .map(Session::seq)
    }

    /// Sends a dispatch in `shard`'s session, keeping it for resumes: to its connection
    /// now, or on the session's resume when it has none.
    pub(super) fn dispatch(&mut self, shard: u64, kind: &str, d: Value) {
        let Some(session) = self.sessions.iter_mut().find(|s| s.shard == shard) else {
            let payload = json!({"op": 0, "t": kind, "s": 0, "d": d}).to_string();
            self.unrouted.push(payload);
            return;
        };
        let seq = session.seq() + 1;
        let payload = json!({"op": 0, "t": kind, "s": seq, "d": d}).to_string();
        session.sent.push((seq, payload.clone()));
        if let Some(c) = self.conns.iter().find(|c| c.shard == shard) {
            let _ = c.tx.send(Out::Text(payload));
        }
    }
}

impl Shared {
    /// Sends a dispatch to the shard of `guild` (shard 0 when `None`).
    pub(super) fn send_event(&self, kind: &str, guild: Option<u64>, d: Value) {
        let mut g = self.gateway.lock().unwrap();
        let shard = g.shard_for(guild);
        g.dispatch(shard, kind, d);
    }
}

/// A guild as GUILD_CREATE gives it: the server with its channel and the threads the
/// bot started there.
pub(super) fn guild_create(s: &Shared, guild: u64, channel: u64) -> Value {
    let threads: Vec<Value> = s
        .threads
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, t)| t.parent == channel.to_string())
        .map(|(id, t)| thread_json(guild, id, &t.parent, &json!(t.name)))
        .collect();
    let id = guild.to_string();
    let locale = s.guild_locale.lock().unwrap().clone();
    let g = json!({
        "id": id, "name": format!("Crystal Clans test server {guild}"), "icon": null,
        "description": null, "splash": null, "discovery_splash": null, "banner": null,
        "owner_id": "710000000000000099", "region": "", "afk_channel_id": null,
        "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0,
    });
    let more = json!({
        "roles": [{"id": id, "name": "@everyone",
            "permissions": super::ALL_PERMISSIONS.to_string(), "position": 0, "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "icon": null, "unicode_emoji": null,
            "hoist": false, "managed": false, "mentionable": false, "flags": 0}],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "vanity_url_code": null, "premium_tier": 0, "preferred_locale": locale,
        "public_updates_channel_id": null, "nsfw_level": 0, "premium_progress_bar_enabled": false,
        "stickers": [], "joined_at": now_iso(), "large": false, "unavailable": false,
        "member_count": 3, "voice_states": [], "members": [], "presences": [],
        "channels": [{"id": channel.to_string(), "type": 0, "guild_id": id,
            "name": "general", "position": 0, "permission_overwrites": [], "nsfw": false,
            "topic": null, "last_message_id": null, "rate_limit_per_user": 0, "parent_id": null,
            "flags": 0}],
        "threads": threads, "stage_instances": [], "guild_scheduled_events": [],
        "soundboard_sounds": [], "embedded_activities": [], "max_members": 25000000,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50,
        "safety_alerts_channel_id": null, "incidents_data": null, "nsfw": false,
    });
    let mut g = g;
    if let (Some(g), Value::Object(m)) = (g.as_object_mut(), more) {
        g.extend(m);
    }
    g
}

impl Shared {
    /// The guilds (and their channel) whose events go to `shard`.
    fn guilds_of_shard(&self, shard: u64, count: u64) -> Vec<(u64, u64)> {
        let guilds = self.guilds.lock().unwrap();
        guilds
            .iter()
            .copied()
            .filter(|(g, _)| shard_of(*g, count) == shard)
            .collect()
    }

    /// Whether a connection other than `mine` holds `shard`, after giving it
    /// [`TAKEOVER_GRACE`] to go.
    async fn shard_taken(&self, shard: u64, mine: &mpsc::UnboundedSender<Out>) -> bool {
        let deadline = tokio::time::Instant::now() + TAKEOVER_GRACE;
        loop {
            let taken = {
                let g = self.gateway.lock().unwrap();
                g.conn(shard).is_some_and(|c| !c.tx.same_channel(mine))
            };
            if !taken || tokio::time::Instant::now() >= deadline {
                return taken;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn refuse(&self, out: &mpsc::UnboundedSender<Out>, shard: (u64, u64), code: u16) {
        self.gateway
            .lock()
            .unwrap()
            .refused
            .push(Refused { shard, code });
        let _ = out.send(Out::Close(code));
        self.identified.notify_waiters();
    }

    /// IDENTIFY: a new session for the shard named, READY, then its guilds.
    async fn identify(&self, v: &Value, out: &mpsc::UnboundedSender<Out>) -> Option<u64> {
        let shard = (
            v["d"]["shard"][0].as_u64().unwrap_or(0),
            v["d"]["shard"][1].as_u64().unwrap_or(1),
        );
        let count = self.gateway.lock().unwrap().shard_count;
        if shard.1 != count || shard.0 >= shard.1 {
            self.refuse(out, shard, INVALID_SHARD);
            return None;
        }
        if self.shard_taken(shard.0, out).await {
            self.refuse(out, shard, INVALID_SHARD);
            return None;
        }
        let session = format!(
            "fake-session-{}",
            self.next_id.fetch_add(1, Ordering::SeqCst)
        );
        let guilds = self.guilds_of_shard(shard.0, count);
        let ready = json!({
            "v": 10, "user": user_json(BOT_ID, "Crystal Clans"),
            "guilds": guilds.iter()
                .map(|(g, _)| json!({"id": g.to_string(), "unavailable": true}))
                .collect::<Vec<_>>(),
            "session_id": session, "resume_gateway_url": self.ws_url,
            "shard": [shard.0, shard.1], "private_channels": [], "presences": [],
            "relationships": [], "user_settings": {}, "geo_ordered_rtc_regions": [],
            "auth": {}, "session_type": "normal",
            "application": {"id": APP_ID.to_string(), "flags": 0}});
        let creates: Vec<Value> = guilds
            .iter()
            .map(|&(g, ch)| guild_create(self, g, ch))
            .collect();
        {
            let mut g = self.gateway.lock().unwrap();
            g.identifies += 1;
            g.conns.retain(|c| c.shard != shard.0);
            g.conns.push(Conn {
                tx: out.clone(),
                shard: shard.0,
            });
            g.sessions.retain(|s| s.shard != shard.0);
            g.sessions.push(Session {
                shard: shard.0,
                id: session,
                sent: vec![],
            });
            g.dispatch(shard.0, "READY", ready);
            for create in creates {
                g.dispatch(shard.0, "GUILD_CREATE", create);
            }
        }
        self.identified.notify_waiters();
        Some(shard.0)
    }

    /// RESUME: the session's events after the client's sequence, then RESUMED; `None`
    /// (and INVALID_SESSION) for a session the gateway does not know.
    fn resume(&self, v: &Value, out: &mpsc::UnboundedSender<Out>) -> Option<u64> {
        let session = v["d"]["session_id"].as_str().unwrap_or_default();
        let after = v["d"]["seq"].as_u64().unwrap_or(0);
        let mut g = self.gateway.lock().unwrap();
        let Some(s) = g.sessions.iter().find(|s| s.id == session) else {
            drop(g);
            let _ = out.send(Out::Text(json!({"op": 9, "d": false}).to_string()));
            return None;
        };
        let shard = s.shard;
        // Under the lock, so no new event slips between the replay and RESUMED.
        for (_, payload) in s.sent.iter().filter(|e| e.0 > after) {
            let _ = out.send(Out::Text(payload.clone()));
        }
        g.resumes += 1;
        g.conns.retain(|c| c.shard != shard);
        g.conns.push(Conn {
            tx: out.clone(),
            shard,
        });
        g.dispatch(shard, "RESUMED", json!({}));
        drop(g);
        self.identified.notify_waiters();
        Some(shard)
    }
}

pub(super) async fn gateway(s: Arc<Shared>, stream: tokio::net::TcpStream) {
    if s.life() == super::Life::Silent {
        // Held open and never greeted, until Discord dies.
        let mut life = s.life.subscribe();
        let _ = life.wait_for(|l| *l == super::Life::Dead).await;
        drop(stream);
        return;
    }
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut tx, mut rx) = ws.split();
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Out>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}});
    let _ = tx.send(Message::Text(hello.to_string())).await;
    let writer = tokio::spawn(async move {
        while let Some(m) = out_rx.recv().await {
            let sent = match m {
                Out::Text(t) => tx.send(Message::Text(t)).await,
                Out::Close(code) => {
                    let frame = CloseFrame {
                        code: CloseCode::from(code),
                        reason: "".into(),
                    };
                    let _ = tx.send(Message::Close(Some(frame))).await;
                    break;
                }
            };
            if sent.is_err() {
                break;
            }
        }
    });
    let mut shard_id = None;
    let mut identified = false;
    loop {
        let msg = tokio::select! {
            msg = rx.next() => msg,
            _ = s.gone() => None,
        };
        let Some(Ok(msg)) = msg else { break };
        let Message::Text(t) = msg else {
            if matches!(msg, Message::Close(_)) {
                break;
            }
            continue;
        };
        let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
        match v["op"].as_u64() {
            Some(1) => {
                s.gateway.lock().unwrap().heartbeats += 1;
                let _ = out_tx.send(Out::Text(json!({"op": 11}).to_string()));
            }
            Some(2) if identified => {
                let shard = (
                    v["d"]["shard"][0].as_u64().unwrap_or(0),
                    v["d"]["shard"][1].as_u64().unwrap_or(1),
                );
                s.refuse(&out_tx, shard, ALREADY_AUTHENTICATED);
            }
            Some(2) => {
                identified = true;
                shard_id = s.identify(&v, &out_tx).await;
            }
            Some(6) => {
                if let Some(id) = s.resume(&v, &out_tx) {
                    identified = true;
                    shard_id = Some(id);
                }
            }
            _ => {}
        }
    }
    if s.life() == super::Life::Silent {
        // Nothing more is said on this connection (not even a heartbeat's
        // acknowledgement), and it stays open until Discord dies.
        writer.abort();
        let mut life = s.life.subscribe();
        let _ = life.wait_for(|l| *l == super::Life::Dead).await;
    }
    // The connection is gone: its shard gets events again once it resumes.
    if let Some(id) = shard_id {
        let mut g = s.gateway.lock().unwrap();
        g.conns
            .retain(|c| c.shard != id || !c.tx.same_channel(&out_tx));
    }
    writer.abort();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake_discord::{CHANNEL, Fake, GUILD, Origin};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    type Ws = tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >;

    async fn connect(fake: &Fake) -> Ws {
        let (mut ws, _) = tokio_tungstenite::connect_async(fake.shared.ws_url.as_str())
            .await
            .unwrap();
        assert_eq!(next(&mut ws).await["op"], 10, "HELLO first");
        ws
    }

    async fn identify(ws: &mut Ws, shard: [u64; 2]) {
        let identify = json!({"op": 2, "d": {"token": "t", "intents": 0, "shard": shard,
            "properties": {"os": "linux", "browser": "test", "device": "test"}}});
        ws.send(Message::Text(identify.to_string())).await.unwrap();
    }

    /// The next payload, within a second.
    async fn next(ws: &mut Ws) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(1), ws.next())
                .await
                .expect("a payload within a second")
                .expect("the connection is open")
                .unwrap();
            match m {
                Message::Text(t) => return serde_json::from_str(&t).unwrap(),
                Message::Close(c) => panic!("closed: {c:?}"),
                _ => {}
            }
        }
    }

    /// The close code the gateway closes with, within two seconds.
    async fn closed(ws: &mut Ws) -> u16 {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(2), ws.next())
                .await
                .expect("closed within two seconds");
            match m {
                Some(Ok(Message::Close(Some(frame)))) => return u16::from(frame.code),
                Some(Ok(Message::Text(t))) => panic!("not closed: {t}"),
                Some(Ok(_)) => {}
                other => panic!("no close frame: {other:?}"),
            }
        }
    }

    /// Sharding as Discord does it: the recommended count, events to their guild's
    /// shard (DMs to shard 0) in sequences per session, and refused IDENTIFYs.
    #[tokio::test]
    async fn each_shard_gets_its_guilds_and_bad_identifies_are_closed() {
        let fake = Fake::start().await;
        fake.set_shard_count(2);
        let other = GUILD + (1 << 22);
        fake.add_guild(other, 720_000_000_000_000_002);
        let (mine0, mine1) = if shard_of(GUILD, 2) == 0 {
            (GUILD, other)
        } else {
            (other, GUILD)
        };

        // GET /gateway/bot recommends two shards.
        let addr = fake.api.trim_start_matches("http://");
        let mut http = tokio::net::TcpStream::connect(addr).await.unwrap();
        let get = format!(
            "GET /api/v10/gateway/bot HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        );
        http.write_all(get.as_bytes()).await.unwrap();
        let mut answer = String::new();
        http.read_to_string(&mut answer).await.unwrap();
        let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert_eq!(body["shards"], 2, "{answer}");

        // A shard outside the count, and another count than Discord's.
        for shard in [[2, 2], [0, 1]] {
            let mut ws = connect(&fake).await;
            identify(&mut ws, shard).await;
            assert_eq!(closed(&mut ws).await, INVALID_SHARD, "{shard:?}");
        }

        let mut s0 = connect(&fake).await;
        identify(&mut s0, [0, 2]).await;
        let ready = next(&mut s0).await;
        assert_eq!(
            (ready["t"].as_str(), ready["s"].as_u64()),
            (Some("READY"), Some(1))
        );
        assert_eq!(ready["d"]["shard"], json!([0, 2]));
        assert_eq!(ready["d"]["guilds"][0]["id"], mine0.to_string());
        let create = next(&mut s0).await;
        assert_eq!(create["t"], "GUILD_CREATE");
        assert_eq!(create["d"]["id"], mine0.to_string());
        let mut s1 = connect(&fake).await;
        identify(&mut s1, [1, 2]).await;
        assert_eq!(
            next(&mut s1).await["d"]["guilds"][0]["id"],
            mine1.to_string()
        );
        assert_eq!(next(&mut s1).await["d"]["id"], mine1.to_string());

        // Shard 1 again while its connection is up.
        let mut again = connect(&fake).await;
        identify(&mut again, [1, 2]).await;
        assert_eq!(closed(&mut again).await, INVALID_SHARD);

        // A server's click goes to its shard, a DM to shard 0, each numbered in its
        // session.
        let ch = if mine1 == GUILD {
            CHANNEL
        } else {
            720_000_000_000_000_002
        };
        fake.command_in(Origin::Guild(mine1, ch), 1, "Ana", "help", json!([]), false);
        let e = next(&mut s1).await;
        assert_eq!(
            (e["t"].as_str(), e["s"].as_u64()),
            (Some("INTERACTION_CREATE"), Some(3))
        );
        assert_eq!(e["d"]["guild_id"], mine1.to_string());
        fake.command_in(Origin::Dm(5), 1, "Ana", "help", json!([]), false);
        let e = next(&mut s0).await;
        assert_eq!(
            (e["t"].as_str(), e["s"].as_u64()),
            (Some("INTERACTION_CREATE"), Some(3))
        );
        assert!(e["d"].get("guild_id").is_none());
        // Neither went to the other shard.
        s1.send(Message::Text(json!({"op": 1, "d": 3}).to_string()))
            .await
            .unwrap();
        assert_eq!(next(&mut s1).await["op"], 11, "a heartbeat ACK, no event");

        // A second IDENTIFY on a connection.
        identify(&mut s0, [0, 2]).await;
        assert_eq!(closed(&mut s0).await, ALREADY_AUTHENTICATED);
        let refused: Vec<_> = fake.refused_identifies().iter().map(|r| r.code).collect();
        assert_eq!(refused, [4010, 4010, 4010, 4005]);
    }

    #[test]
    fn guilds_go_to_the_shard_discord_computes() {
        assert_eq!(shard_of(GUILD, 1), 0);
        let g = 41771983423143937u64; // Discord's docs' example id
        assert_eq!(shard_of(g, 2), (g >> 22) % 2);
        assert_eq!(shard_of(g, 0), 0);
    }

    /// Regression: the fake's GUILD_CREATE lacked the roles' `colors`, `icon` and
    /// `unicode_emoji`, which Discord sends and serenity requires, so serenity dropped
    /// every one and the bot never saw a server arrive (nor learnt its language).
    #[tokio::test]
    async fn guild_create_is_one_serenity_reads_with_parts_as_discord_sends_them() {
        let fake = Fake::start().await;
        fake.set_guild_locale("de");
        let create = guild_create(&fake.shared, GUILD, CHANNEL);
        let guild: poise::serenity_prelude::Guild =
            serde_json::from_value(create.clone()).expect("serenity reads GUILD_CREATE");
        assert_eq!(guild.preferred_locale, "de", "the server's language");
        let spec = crate::fake_discord::validate::spec();
        for (schema, parts) in [
            ("GuildRoleResponse", &create["roles"]),
            ("GuildChannelResponse", &create["channels"]),
        ] {
            for part in parts.as_array().expect("a list") {
                assert_eq!(spec.check_component(schema, part), vec![], "{part}");
            }
        }
    }
}

//! The gateway websocket as Discord speaks it: HELLO with a heartbeat interval,
//! heartbeats acknowledged, IDENTIFY answered by READY then a GUILD_CREATE per guild of
//! the shard, RESUME answered by the events the client missed then RESUMED (an unknown
//! session by INVALID_SESSION), and, on the test's request, a heartbeat request (op 1),
//! a RECONNECT (op 7) or a close with a close code. Every dispatch is kept with its
//! sequence number, so a resumed session loses nothing sent while the bot was away.

use super::rest::thread_json;
use super::{APP_ID, BOT_ID, CHANNEL, GUILD, Shared, now_iso, user_json};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The heartbeat interval HELLO gives (Discord's is about 41 s; short here, so tests
/// see heartbeats).
pub const HEARTBEAT_MS: u64 = 2_000;

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
    /// The shard it identified as: (id, count).
    pub(super) shard: (u64, u64),
}

/// The shard a guild's events go to, as Discord routes them.
pub fn shard_of(guild: u64, count: u64) -> u64 {
    (guild >> 22) % count.max(1)
}

/// The gateway's state shared by connections: the event log, the sessions.
#[derive(Default)]
pub(super) struct Gateway {
    /// Every dispatch sent: its sequence number, the guild it belongs to (for the
    /// shard) and the payload.
    pub(super) events: Vec<(u64, Option<u64>, String)>,
    /// The current connection of each shard id.
    pub(super) conns: Vec<(u64, Conn)>,
    /// The session of each shard id, and its shard count.
    pub(super) sessions: Vec<(u64, String, u64)>,
    pub(super) heartbeats: u64,
    pub(super) resumes: u64,
    pub(super) identifies: u64,
}

impl Gateway {
    pub(super) fn conn_for(&self, guild: Option<u64>) -> Option<&Conn> {
        self.conns
            .iter()
            .find(|(_, c)| guild.is_none_or(|g| shard_of(g, c.shard.1) == c.shard.0))
            .map(|(_, c)| c)
    }

    fn next_seq(&self) -> u64 {
        self.events.last().map_or(1, |e| e.0 + 1)
    }
}

impl Shared {
    /// Sends a dispatch to the shard of `guild` (any shard when `None`), keeping it for
    /// resumes; when no shard is connected it waits in the log for the resume.
    pub(super) fn send_event(&self, kind: &str, guild: Option<u64>, d: Value) {
        let mut g = self.gateway.lock().unwrap();
        let seq = g.next_seq();
        let payload = json!({"op": 0, "t": kind, "s": seq, "d": d}).to_string();
        if let Some(c) = g.conn_for(guild) {
            let _ = c.tx.send(Out::Text(payload.clone()));
        }
        g.events.push((seq, guild, payload));
    }
}

/// The guild as GUILD_CREATE gives it: the test server with its channel and the
/// threads the bot started.
fn guild_create(s: &Shared) -> Value {
    let threads: Vec<Value> = s
        .threads
        .lock()
        .unwrap()
        .iter()
        .map(|(id, name)| thread_json(id, &CHANNEL.to_string(), &json!(name)))
        .collect();
    let guild = json!({
        "id": GUILD.to_string(), "name": "Crystal Clans test server", "icon": null,
        "description": null, "splash": null, "discovery_splash": null, "banner": null,
        "owner_id": "710000000000000099", "region": "", "afk_channel_id": null,
        "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0,
    });
    let more = json!({
        "roles": [{"id": GUILD.to_string(), "name": "@everyone",
            "permissions": super::ALL_PERMISSIONS.to_string(), "position": 0, "color": 0,
            "hoist": false, "managed": false, "mentionable": false, "flags": 0}],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "vanity_url_code": null, "premium_tier": 0, "preferred_locale": "en-US",
        "public_updates_channel_id": null, "nsfw_level": 0, "premium_progress_bar_enabled": false,
        "stickers": [], "joined_at": now_iso(), "large": false, "unavailable": false,
        "member_count": 3, "voice_states": [], "members": [], "presences": [],
        "channels": [{"id": CHANNEL.to_string(), "type": 0, "guild_id": GUILD.to_string(),
            "name": "general", "position": 0, "permission_overwrites": [], "nsfw": false,
            "topic": null, "last_message_id": null, "rate_limit_per_user": 0, "parent_id": null,
            "flags": 0}],
        "threads": threads, "stage_instances": [], "guild_scheduled_events": [],
        "soundboard_sounds": [], "embedded_activities": [], "max_members": 25000000,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50,
        "safety_alerts_channel_id": null, "incidents_data": null, "nsfw": false,
    });
    let mut guild = guild;
    if let (Some(g), Value::Object(m)) = (guild.as_object_mut(), more) {
        g.extend(m);
    }
    guild
}

pub(super) async fn gateway(s: Arc<Shared>, stream: tokio::net::TcpStream) {
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
                s.gateway.lock().unwrap().heartbeats += 1;
                let _ = out_tx.send(Out::Text(json!({"op": 11}).to_string()));
            }
            Some(2) => {
                let shard = (
                    v["d"]["shard"][0].as_u64().unwrap_or(0),
                    v["d"]["shard"][1].as_u64().unwrap_or(1).max(1),
                );
                shard_id = Some(shard.0);
                let session = format!("fake-session-{}", s.next_id.fetch_add(1, Ordering::SeqCst));
                let conn = Conn {
                    tx: out_tx.clone(),
                    shard,
                };
                {
                    let mut g = s.gateway.lock().unwrap();
                    g.identifies += 1;
                    g.conns.retain(|(id, _)| *id != shard.0);
                    g.conns.push((shard.0, conn));
                    g.sessions.retain(|(id, _, _)| *id != shard.0);
                    g.sessions.push((shard.0, session.clone(), shard.1));
                }
                let mine = shard_of(GUILD, shard.1) == shard.0;
                let guilds = if mine {
                    vec![json!({"id": GUILD.to_string(), "unavailable": true})]
                } else {
                    vec![]
                };
                let ready = json!({
                    "v": 10, "user": user_json(BOT_ID, "Crystal Clans"), "guilds": guilds,
                    "session_id": session, "resume_gateway_url": s.ws_url,
                    "shard": [shard.0, shard.1], "private_channels": [], "presences": [],
                    "relationships": [], "user_settings": {}, "geo_ordered_rtc_regions": [],
                    "auth": {}, "session_type": "normal",
                    "application": {"id": APP_ID.to_string(), "flags": 0}});
                // READY goes to this connection only (other shards have their own).
                s.send_event_to_shard("READY", shard.0, ready);
                if mine {
                    s.send_event("GUILD_CREATE", Some(GUILD), guild_create(&s));
                }
                s.identified.notify_waiters();
            }
            Some(6) => {
                let session = v["d"]["session_id"].as_str().unwrap_or_default();
                let after = v["d"]["seq"].as_u64().unwrap_or(0);
                let mut g = s.gateway.lock().unwrap();
                let Some(&(id, _, count)) = g.sessions.iter().find(|(_, sid, _)| sid == session)
                else {
                    drop(g);
                    let _ = out_tx.send(Out::Text(json!({"op": 9, "d": false}).to_string()));
                    continue;
                };
                shard_id = Some(id);
                g.resumes += 1;
                // Under the lock, so no new event slips between the replay and RESUMED.
                for (_, guild, payload) in
                    g.events.iter().filter(|e| e.0 > after && !e.2.is_empty())
                {
                    if guild.is_none_or(|gd| shard_of(gd, count) == id) {
                        let _ = out_tx.send(Out::Text(payload.clone()));
                    }
                }
                let seq = g.next_seq();
                let resumed = json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}}).to_string();
                g.events.push((seq, None, resumed.clone()));
                let _ = out_tx.send(Out::Text(resumed));
                g.conns.retain(|(i, _)| *i != id);
                g.conns.push((
                    id,
                    Conn {
                        tx: out_tx.clone(),
                        shard: (id, count),
                    },
                ));
                drop(g);
                s.identified.notify_waiters();
            }
            _ => {}
        }
    }
    // The connection is gone: its shard gets events again once it resumes.
    if let Some(id) = shard_id {
        let mut g = s.gateway.lock().unwrap();
        g.conns
            .retain(|(i, c)| *i != id || !c.tx.same_channel(&out_tx));
    }
    writer.abort();
}

impl Shared {
    /// A dispatch for one shard's connection (READY), kept for its resumes.
    fn send_event_to_shard(&self, kind: &str, shard: u64, d: Value) {
        let mut g = self.gateway.lock().unwrap();
        let seq = g.next_seq();
        let payload = json!({"op": 0, "t": kind, "s": seq, "d": d}).to_string();
        if let Some((_, c)) = g.conns.iter().find(|(id, _)| *id == shard) {
            let _ = c.tx.send(Out::Text(payload));
        }
        // Not replayed (a resume continues the session READY began); the sequence
        // number still counts.
        g.events.push((seq, Some(u64::MAX), String::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guilds_go_to_the_shard_discord_computes() {
        assert_eq!(shard_of(GUILD, 1), 0);
        let g = 41771983423143937u64; // Discord's docs' example id
        assert_eq!(shard_of(g, 2), (g >> 22) % 2);
        assert_eq!(shard_of(g, 0), 0);
    }
}

//! The gateway websocket: hello, heartbeats, identify and resume.

use super::{APP_ID, BOT_ID, Shared, user_json};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

pub(super) async fn gateway(s: Arc<Shared>, stream: tokio::net::TcpStream) {
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

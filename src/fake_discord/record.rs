//! What the fake remembers of each request, and who Discord would show it to.

use super::Shared;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Notify;

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
    /// The fake's answer (a request Discord refused is recorded too; one refused for
    /// its rate limit is not, see [`super::Fake::rate_limited`]).
    pub status: u16,
    /// The message this request made or changed (a post, a follow-up, an edit, a
    /// message callback, an update of the clicked message).
    pub message_id: Option<u64>,
    /// The channel that message is in.
    pub channel: Option<String>,
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

    /// Accepted by the fake (2xx).
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    pub fn text(&self) -> String {
        self.json.to_string()
    }

    /// A message posted to a channel (public by nature) and accepted.
    pub fn is_channel_post(&self) -> bool {
        self.ok()
            && self.method == "POST"
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
pub(super) struct Log {
    pub(super) requests: Vec<Recorded>,
    /// Key -> indices into `requests`, in order.
    pub(super) by_key: HashMap<String, Vec<usize>>,
    /// Key -> woken on each new request of that key (created by the first waiter).
    pub(super) wake: HashMap<String, Arc<Notify>>,
    /// Interaction token -> how it was first answered.
    pub(super) answers: HashMap<String, Answer>,
    /// Custom id -> the last message that carried it (what a click on it is about).
    pub(super) by_custom_id: HashMap<String, Shown>,
}

/// A message as the people who can click it see it.
#[derive(Debug, Clone)]
pub(super) struct Shown {
    pub(super) id: u64,
    pub(super) channel: String,
    pub(super) ephemeral: bool,
}

/// How an interaction was acknowledged (its callback), as Discord remembers it.
pub(super) struct Answer {
    /// The callback's ephemeral flag.
    pub(super) ephemeral: bool,
    /// A deferral (type 5) whose message no follow-up has filled yet.
    open_deferral: bool,
    /// The original response's message (`@original`).
    pub(super) message: Option<u64>,
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
/// an edit of the original response. An update (types 6 and 7) changes the clicked
/// message, which keeps its visibility (`clicked`), and so do edits of it.
fn shown_ephemeral(
    answers: &mut HashMap<String, Answer>,
    r: &Recorded,
    clicked: Option<bool>,
) -> bool {
    let own = r.flagged_ephemeral();
    let p: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
    match (r.method.as_str(), p.as_slice()) {
        ("POST", ["interactions", _, token, "callback"]) => {
            let kind = r.json.get("type").and_then(Value::as_u64);
            let shown = match kind {
                Some(6 | 7) => clicked.unwrap_or(own),
                _ => own,
            };
            answers.insert(
                token.to_string(),
                Answer {
                    ephemeral: shown,
                    open_deferral: kind == Some(5),
                    message: r.message_id,
                },
            );
            shown
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
    /// Records a request the fake answered. `clicked` is the visibility of the message
    /// an update callback changes.
    pub(super) fn record(&self, mut r: Recorded, clicked: Option<bool>) {
        let key = key_of(&r.path);
        let wake = {
            let mut log = self.log.lock().unwrap();
            if r.ok() {
                r.shown_ephemeral = shown_ephemeral(&mut log.answers, &r, clicked);
                if let (Some(id), Some(channel)) = (r.message_id, r.channel.clone()) {
                    let shown = Shown {
                        id,
                        channel,
                        ephemeral: r.shown_ephemeral,
                    };
                    for c in r.custom_ids() {
                        log.by_custom_id.insert(c, shown.clone());
                    }
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn req(method: &str, path: &str, json: Value) -> Recorded {
        Recorded {
            method: method.into(),
            path: path.into(),
            json,
            files: vec![],
            at: Instant::now(),
            status: 200,
            message_id: None,
            channel: None,
            shown_ephemeral: false,
        }
    }

    #[test]
    fn the_first_follow_up_after_a_deferral_takes_its_visibility() {
        let mut answers = HashMap::new();
        let mut shown = |r: Recorded| shown_ephemeral(&mut answers, &r, None);
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

    #[test]
    fn an_update_keeps_the_clicked_messages_visibility() {
        let mut answers = HashMap::new();
        // A click on a private panel answered with UPDATE_MESSAGE: still private, and
        // so are edits of @original, whatever their own flags say.
        let update = json!({"type": 7, "data": {"content": "next screen"}});
        let cb = req("POST", "/api/v10/interactions/1/a/callback", update);
        assert!(shown_ephemeral(&mut answers, &cb, Some(true)));
        let edit = req(
            "PATCH",
            "/api/v10/webhooks/9/a/messages/@original",
            json!({}),
        );
        assert!(shown_ephemeral(&mut answers, &edit, None));
        // A deferred update of a public board stays public; a follow-up after it is a
        // new message with its own flag.
        let defer = json!({"type": 6});
        let cb = req("POST", "/api/v10/interactions/2/b/callback", defer);
        assert!(!shown_ephemeral(&mut answers, &cb, Some(false)));
        let private = req("POST", "/api/v10/webhooks/9/b", json!({"flags": 64}));
        assert!(shown_ephemeral(&mut answers, &private, None));
    }
}

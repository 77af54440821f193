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
    /// The id the fake gave in its answer: the new message's (a post, a follow-up),
    /// thread's or DM channel's; an edit's answer repeats it in Discord but here it is
    /// fresh and means nothing.
    pub reply_id: u64,
    /// The fake's answer (a request Discord refused is recorded too; one refused for
    /// its rate limit is not, see [`super::Fake::rate_limited`]).
    pub status: u16,
    /// The message this request made or changed (a post, a follow-up, an edit, a
    /// message callback, an update of the clicked message); for an interaction's
    /// answers, the message as Discord resolves it (a follow-up that fills a deferral
    /// is the deferral's message; see [`Message`]).
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

/// An interaction the fake sent to the bot (a slash command or a click), for drawing
/// the conversation: who did what, where, and between which requests.
#[derive(Debug, Clone)]
pub struct SentInteraction {
    /// How many requests the bot had made when it was sent.
    pub after: usize,
    pub at: Instant,
    /// The `INTERACTION_CREATE` payload as sent (token, user or member, channel, data).
    pub payload: Value,
}

impl SentInteraction {
    pub fn token(&self) -> &str {
        self.payload["token"].as_str().unwrap_or_default()
    }

    /// The user who interacted: `member.user` in a server, `user` in a DM.
    pub fn user(&self) -> &Value {
        let member = &self.payload["member"]["user"];
        if member.is_object() {
            member
        } else {
            &self.payload["user"]
        }
    }
}

/// Every request so far, indexed by key (see [`key_of`]).
#[derive(Default)]
pub(super) struct Log {
    pub(super) requests: Vec<Recorded>,
    /// Every interaction sent, in order (what the transcript draws).
    pub(super) history: Vec<SentInteraction>,
    /// Key -> indices into `requests`, in order.
    pub(super) by_key: HashMap<String, Vec<usize>>,
    /// Key -> woken on each new request of that key (created by the first waiter).
    pub(super) wake: HashMap<String, Arc<Notify>>,
    /// Interaction token -> how it was first answered.
    pub(super) answers: HashMap<String, Answer>,
    /// Interaction token -> who sent it, and on which message (a click).
    pub(super) interactions: HashMap<String, Sent>,
    /// The messages interactions' responses made, by id, as they are now.
    pub(super) messages: HashMap<u64, Message>,
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

/// An interaction the fake sent: by whom, and the message clicked (a component's).
#[derive(Debug, Clone, Copy)]
pub(super) struct Sent {
    pub(super) user: u64,
    pub(super) message: Option<u64>,
}

/// A message made by answering an interaction (its response or a follow-up), as it
/// is now: shown to one user only (ephemeral) or to everyone, and how often edited.
#[derive(Debug, Clone)]
pub struct Message {
    pub id: u64,
    /// `Some(user)`: only this user sees it (an ephemeral message).
    pub only_for: Option<u64>,
    /// Its latest content (the body that made it or last edited it).
    pub json: Value,
    /// How many requests changed it after the one that made it.
    pub edits: usize,
    /// The interaction whose answer made it.
    pub token: String,
}

impl Message {
    pub fn text(&self) -> String {
        self.json.to_string()
    }

    /// Every custom id of its components now.
    pub fn custom_ids(&self) -> Vec<String> {
        Recorded {
            method: String::new(),
            path: String::new(),
            json: self.json.clone(),
            files: vec![],
            at: Instant::now(),
            reply_id: self.id,
            status: 200,
            message_id: Some(self.id),
            channel: None,
            shown_ephemeral: self.only_for.is_some(),
        }
        .custom_ids()
    }
}

/// Ids for interaction messages the fake's answer named none for (unit tests).
const FIRST_MESSAGE: u64 = 900_000_000_000_000_000;

/// How an interaction was acknowledged (its callback), as Discord remembers it.
pub(super) struct Answer {
    /// The callback's ephemeral flag.
    pub(super) ephemeral: bool,
    /// A deferral (type 5) whose message no follow-up has filled yet.
    open_deferral: bool,
    /// Its original message (`@original`): the one its callback made (types 4, 5),
    /// or the message clicked (types 6, 7: a component's response updates that message).
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
/// an edit of the original response. A component's deferred update (type 6) or update
/// (type 7) answers on the message clicked, and an edit of the original response then
/// edits that message, which keeps its visibility. Returns whether the request is
/// shown only to the interaction's user, and the message it made or changed.
fn shown_ephemeral(log: &mut Log, r: &Recorded, clicked: Option<bool>) -> (bool, Option<u64>) {
    let own = r.flagged_ephemeral();
    let p: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
    match (r.method.as_str(), p.as_slice()) {
        ("POST", ["interactions", _, token, "callback"]) => {
            let kind = r.json.get("type").and_then(Value::as_u64);
            let sent = log.interactions.get(*token).copied();
            let (ephemeral, original) = match kind {
                Some(6) | Some(7) => {
                    // The message clicked: an interaction's message the fake knows
                    // (a panel), else a channel post, as the click showed it.
                    let on = sent.and_then(|s| s.message);
                    let shown = on
                        .and_then(|m| log.messages.get(&m))
                        .map(|m| m.only_for.is_some())
                        .or(clicked)
                        .unwrap_or(false);
                    if kind == Some(7) {
                        edit(log, on, &r.json["data"]);
                    }
                    (shown, on)
                }
                Some(4) | Some(5) => {
                    let id = new_message(log, r, token, own, sent, &r.json["data"]);
                    (own, Some(id))
                }
                _ => (own, None),
            };
            log.answers.insert(
                token.to_string(),
                Answer {
                    ephemeral,
                    open_deferral: kind == Some(5),
                    message: original,
                },
            );
            (ephemeral, original)
        }
        ("POST", ["webhooks", _, token]) => match log.answers.get_mut(*token) {
            Some(a) if a.open_deferral => {
                a.open_deferral = false;
                let (shown, original) = (a.ephemeral, a.message);
                edit(log, original, &r.json);
                (shown, original)
            }
            _ => {
                let sent = log.interactions.get(*token).copied();
                let id = new_message(log, r, token, own, sent, &r.json);
                (own, Some(id))
            }
        },
        (_, ["webhooks", _, token, "messages", "@original"]) => match log.answers.get_mut(*token) {
            Some(a) => {
                a.open_deferral = false;
                let (shown, original) = (a.ephemeral, a.message);
                if r.method == "PATCH" {
                    edit(log, original, &r.json);
                }
                (shown, original)
            }
            None => (own, None),
        },
        // A channel message is public by nature (Discord has no ephemeral ones).
        (_, ["channels", ..]) => (false, None),
        _ => (own, None),
    }
}

/// Records a new interaction message (the id the fake gave it in `r`'s answer);
/// returns its id.
fn new_message(
    log: &mut Log,
    r: &Recorded,
    token: &str,
    ephemeral: bool,
    sent: Option<Sent>,
    json: &Value,
) -> u64 {
    let id = r
        .message_id
        .unwrap_or(FIRST_MESSAGE + log.messages.len() as u64);
    log.messages.insert(
        id,
        Message {
            id,
            only_for: if ephemeral {
                sent.map(|s| s.user)
            } else {
                None
            },
            json: json.clone(),
            edits: 0,
            token: token.to_string(),
        },
    );
    id
}

/// Records an edit of an interaction message (one the fake knows).
fn edit(log: &mut Log, id: Option<u64>, json: &Value) {
    if let Some(m) = id.and_then(|id| log.messages.get_mut(&id)) {
        m.json = json.clone();
        m.edits += 1;
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
                let (shown, message) = shown_ephemeral(&mut log, &r, clicked);
                r.shown_ephemeral = shown;
                if message.is_some() {
                    r.message_id = message;
                }
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
            reply_id: 0,
            status: 200,
            message_id: None,
            channel: None,
            shown_ephemeral: false,
        }
    }

    #[test]
    fn the_first_follow_up_after_a_deferral_takes_its_visibility() {
        let mut log = Log::default();
        let mut shown = |r: Recorded| shown_ephemeral(&mut log, &r, None).0;
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
    fn a_panel_updated_in_place_keeps_its_visibility_and_stays_one_message() {
        let mut log = Log::default();
        let user = 42;
        // A click on a public board, answered with a private deferral, filled by an
        // edit of the original: one private message, for the clicker.
        log.interactions.insert(
            "a".into(),
            Sent {
                user,
                message: Some(7),
            },
        );
        let defer = json!({"type": 5, "data": {"flags": 64}});
        let (shown, panel) = shown_ephemeral(
            &mut log,
            &req("POST", "/api/v10/interactions/1/a/callback", defer),
            None,
        );
        assert!(shown);
        let panel = panel.expect("the deferral made a message");
        let edit = json!({"content": "your panel"});
        let path = "/api/v10/webhooks/9/a/messages/@original";
        assert_eq!(
            shown_ephemeral(&mut log, &req("PATCH", path, edit), None),
            (true, Some(panel))
        );
        // A click inside that panel: a deferred update, then an edit of the original,
        // which is the panel clicked (private, whatever the edit's own flags say).
        log.interactions.insert(
            "b".into(),
            Sent {
                user,
                message: Some(panel),
            },
        );
        let update = json!({"type": 6});
        let (shown, on) = shown_ephemeral(
            &mut log,
            &req("POST", "/api/v10/interactions/2/b/callback", update),
            None,
        );
        assert!(shown);
        assert_eq!(on, Some(panel));
        let next = json!({"content": "the next question"});
        let path = "/api/v10/webhooks/9/b/messages/@original";
        assert_eq!(
            shown_ephemeral(&mut log, &req("PATCH", path, next), None),
            (true, Some(panel))
        );
        // A note beside the panel (a follow-up after a deferred update) is a new message.
        let note = json!({"content": "a note", "flags": 64});
        let (shown, other) =
            shown_ephemeral(&mut log, &req("POST", "/api/v10/webhooks/9/b", note), None);
        assert!(shown && other != Some(panel));
        let m = &log.messages[&panel];
        assert_eq!((m.only_for, m.edits), (Some(user), 2));
        assert!(m.text().contains("the next question"));
        // An update (type 7) of a public message stays public.
        log.interactions.insert(
            "c".into(),
            Sent {
                user,
                message: Some(7),
            },
        );
        let update = json!({"type": 7, "data": {"content": "edited", "flags": 64}});
        assert!(
            !shown_ephemeral(
                &mut log,
                &req("POST", "/api/v10/interactions/3/c/callback", update),
                None
            )
            .0
        );
    }

    #[test]
    fn an_update_keeps_the_clicked_messages_visibility() {
        let mut log = Log::default();
        // A click on a private panel answered with UPDATE_MESSAGE: still private, and
        // so are edits of @original, whatever their own flags say.
        let update = json!({"type": 7, "data": {"content": "next screen"}});
        let cb = req("POST", "/api/v10/interactions/1/a/callback", update);
        assert!(shown_ephemeral(&mut log, &cb, Some(true)).0);
        let edit = req(
            "PATCH",
            "/api/v10/webhooks/9/a/messages/@original",
            json!({}),
        );
        assert!(shown_ephemeral(&mut log, &edit, None).0);
        // A deferred update of a public board stays public; a follow-up after it is a
        // new message with its own flag.
        let defer = json!({"type": 6});
        let cb = req("POST", "/api/v10/interactions/2/b/callback", defer);
        assert!(!shown_ephemeral(&mut log, &cb, Some(false)).0);
        let private = req("POST", "/api/v10/webhooks/9/b", json!({"flags": 64}));
        assert!(shown_ephemeral(&mut log, &private, None).0);
    }
}

//! A recording replayed the way Discord would show it: each message in its latest
//! state, who may see it, and where; and for a message edited in place (a private
//! panel), each state it showed before, so a reader sees every screen a player saw.
//!
//! Every request lands on what it changes in Discord: a post, an interaction's
//! message or a follow-up is a message under the id Discord gives it, so a later edit
//! (of a channel message, of `@original`, of a follow-up), a deletion or a thread
//! started from it finds it. A request the replay cannot place is a bug in the replay
//! (or a request Discord would refuse): it panics, naming the request, rather than
//! draw a conversation that differs from Discord's. The requests that draw nothing are
//! listed in [`draws_nothing`].

use super::{Entry, FileRef};
use serde_json::Value;
use std::collections::HashMap;

/// The bot's own user name, as the fake announces it.
pub const BOT_NAME: &str = "Crystal Clans";

/// The locale of a client the recording never heard from: Discord's default.
pub const DEFAULT_LOCALE: &str = "en-US";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChannelKind {
    /// A server's text channel.
    Text,
    /// A thread started from a message of `parent`.
    Thread { parent: String },
    /// A direct message channel between the bot and this user.
    Dm { user: String },
    /// A group DM the bot is not in (a member's own install brought the app): what it
    /// answers there is seen by its members, the users who interacted there.
    GroupDm { members: Vec<String> },
}

#[derive(Debug, Clone)]
pub struct Channel {
    pub id: String,
    pub name: String,
    pub kind: ChannelKind,
}

#[derive(Debug, Clone)]
pub struct Message {
    pub id: String,
    pub channel: String,
    pub content: String,
    pub embeds: Vec<Value>,
    /// Action rows, as sent.
    pub components: Vec<Value>,
    pub attachments: Vec<Attachment>,
    /// Shown only to this user (an ephemeral interaction response).
    pub only_for: Option<String>,
    /// Changed after it was first shown (Discord writes "(edited)").
    pub edited: bool,
    /// A deferral no message has filled yet ("Crystal Clans is thinking...").
    pub thinking: bool,
    pub deleted: bool,
    /// The slash command this answers: who used it and what it was.
    pub used: Option<(String, String)>,
    /// A thread started from this message.
    pub thread: Option<String>,
    pub ms: u64,
    /// What it showed before each edit, oldest first (not while it was "thinking").
    pub earlier: Vec<Shown>,
}

/// One state of a message: what it showed until it was edited.
#[derive(Debug, Clone)]
pub struct Shown {
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub attachments: Vec<Attachment>,
}

/// A file attached to a message, as Discord shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// Its name in the message (what `attachment://` names, and Discord's link).
    pub name: String,
    /// Its bytes, relative to the recording's folder.
    pub path: String,
    /// Its alt text: the attachment's `description`, which Discord's client shows
    /// behind an "ALT" badge on the image and screen readers read out. `None`: none
    /// was sent (absent, null or blank).
    pub description: Option<String>,
}

/// An attachment sent without alt text, and the message that first showed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithoutAltText {
    pub message: String,
    pub channel: String,
    pub name: String,
    pub path: String,
}

/// A person whose view of the conversation can be drawn; `id` None is a spectator (a
/// member of the server who never interacted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Participant {
    pub id: Option<String>,
    pub name: String,
    /// Their Discord client's language (`de`, `en-US`), which the words Discord itself
    /// writes around messages are in: a user's own, a spectator's the server's.
    pub locale: String,
}

impl Participant {
    pub fn spectator() -> Participant {
        Participant {
            id: None,
            name: "Spectator".into(),
            locale: DEFAULT_LOCALE.into(),
        }
    }

    /// A file-name-safe form of the name.
    pub fn slug(&self) -> String {
        self.name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase()
    }
}

#[derive(Debug, Default)]
pub struct Conversation {
    /// In the order they appeared.
    pub channels: Vec<Channel>,
    pub messages: Vec<Message>,
    /// User id -> display name, for mentions.
    pub names: HashMap<String, String>,
    /// Everyone who interacted, in order of first appearance.
    pub users: Vec<String>,
    /// User id -> their client's locale, as their latest interaction said.
    pub locales: HashMap<String, String>,
    /// The server's locale, as the latest interaction in it said.
    pub guild_locale: Option<String>,
    /// When the recording began (ms since the epoch), if it says.
    pub began_unix_ms: Option<u64>,
}

/// What an interaction token refers to while replaying.
struct Token {
    user: String,
    channel: String,
    /// The message `@original` names: the response (a reply or a deferral), or for a
    /// click answered by updating (types 6, 7), the clicked message.
    original: Option<usize>,
    /// The clicked message's id (a click, as Discord sends it).
    message: Option<String>,
    /// The clicked component's custom id (a click).
    custom_id: Option<String>,
    /// `/clans challenge opponent:...` (a slash command).
    command: Option<String>,
}

impl Conversation {
    /// The recording replayed.
    ///
    /// # Panics
    ///
    /// On a request it cannot place (an edit, deletion or thread of a message it does
    /// not know, a follow-up of an interaction it never saw, a route it has no rule
    /// for), with the request's method and path.
    pub fn replay(entries: &[Entry]) -> Conversation {
        let mut c = Conversation::default();
        let mut tokens: HashMap<String, Token> = HashMap::new();
        let mut by_id: HashMap<String, usize> = HashMap::new();
        for e in entries {
            match e {
                Entry::Began { unix_ms } => c.began_unix_ms = Some(*unix_ms),
                Entry::Interaction(i) => c.interaction(&i.payload, &mut tokens),
                Entry::Request(r) => c.request(r, &mut tokens, &mut by_id),
            }
        }
        c
    }

    /// Everyone whose view can be drawn: each user who interacted, then a spectator.
    pub fn participants(&self) -> Vec<Participant> {
        let locale = |l: Option<&String>| l.cloned().unwrap_or_else(|| DEFAULT_LOCALE.into());
        let mut out: Vec<Participant> = self
            .users
            .iter()
            .map(|u| Participant {
                id: Some(u.clone()),
                name: self.name(u),
                locale: locale(self.locales.get(u)),
            })
            .collect();
        out.push(Participant {
            locale: locale(self.guild_locale.as_ref()),
            ..Participant::spectator()
        });
        out
    }

    pub fn name(&self, user: &str) -> String {
        self.names
            .get(user)
            .cloned()
            .unwrap_or_else(|| "unknown-user".into())
    }

    pub fn channel(&self, id: &str) -> Option<&Channel> {
        self.channels.iter().find(|c| c.id == id)
    }

    /// Every attachment sent without alt text (Discord's `description`), once each,
    /// in the order they were first shown: the images a screen reader cannot describe.
    pub fn attachments_without_alt_text(&self) -> Vec<WithoutAltText> {
        let mut out: Vec<WithoutAltText> = vec![];
        for m in &self.messages {
            let states = m.earlier.iter().map(|s| &s.attachments);
            for a in states.chain([&m.attachments]).flatten() {
                if a.description.is_none() && !out.iter().any(|o| o.path == a.path) {
                    out.push(WithoutAltText {
                        message: m.id.clone(),
                        channel: m.channel.clone(),
                        name: a.name.clone(),
                        path: a.path.clone(),
                    });
                }
            }
        }
        out
    }

    /// Would `viewer` see this message? Ephemeral messages only their user; a DM only
    /// its user; everything else in the server everyone.
    pub fn visible(&self, m: &Message, viewer: &Participant) -> bool {
        if m.deleted {
            return false;
        }
        match self.channel(&m.channel).map(|c| &c.kind) {
            Some(ChannelKind::Dm { user }) => return viewer.id.as_deref() == Some(user.as_str()),
            Some(ChannelKind::GroupDm { members })
                if !viewer.id.as_ref().is_some_and(|v| members.contains(v)) =>
            {
                return false;
            }
            _ => {}
        }
        match &m.only_for {
            Some(u) => viewer.id.as_deref() == Some(u.as_str()),
            None => true,
        }
    }

    /// The messages `viewer` sees in `channel`, in order.
    pub fn seen_in<'a>(&'a self, channel: &str, viewer: &Participant) -> Vec<&'a Message> {
        self.messages
            .iter()
            .filter(|m| m.channel == channel && self.visible(m, viewer))
            .collect()
    }

    fn ensure_channel(&mut self, id: &str, name: &str, kind: ChannelKind) {
        if self.channel(id).is_none() {
            self.channels.push(Channel {
                id: id.to_string(),
                name: name.to_string(),
                kind,
            });
        }
    }

    fn interaction(&mut self, d: &Value, tokens: &mut HashMap<String, Token>) {
        let user = if d["member"]["user"].is_object() {
            &d["member"]["user"]
        } else {
            &d["user"]
        };
        let Some(uid) = user["id"].as_str() else {
            return;
        };
        let name = user["global_name"]
            .as_str()
            .or(user["username"].as_str())
            .unwrap_or("someone");
        self.names.insert(uid.to_string(), name.to_string());
        if !self.users.iter().any(|u| u == uid) {
            self.users.push(uid.to_string());
        }
        if let Some(locale) = d["locale"].as_str() {
            self.locales.insert(uid.to_string(), locale.to_string());
        }
        if let Some(locale) = d["guild_locale"].as_str() {
            self.guild_locale = Some(locale.to_string());
        }
        let channel = d["channel_id"].as_str().unwrap_or_default().to_string();
        if d["channel"]["type"] == 3 {
            self.ensure_channel(
                &channel,
                "group DM",
                ChannelKind::GroupDm { members: vec![] },
            );
            if let Some(Channel {
                kind: ChannelKind::GroupDm { members },
                ..
            }) = self.channels.iter_mut().find(|c| c.id == channel)
                && !members.iter().any(|m| m == uid)
            {
                members.push(uid.to_string());
            }
        } else if d["guild_id"].is_null() {
            self.ensure_channel(
                &channel,
                BOT_NAME,
                ChannelKind::Dm {
                    user: uid.to_string(),
                },
            );
        } else if d["channel"]["type"] == 11 {
            let parent = d["channel"]["parent_id"].as_str().unwrap_or_default();
            let title = d["channel"]["name"].as_str().unwrap_or("thread");
            self.ensure_channel(
                &channel,
                title,
                ChannelKind::Thread {
                    parent: parent.to_string(),
                },
            );
        } else {
            let title = d["channel"]["name"].as_str().unwrap_or("general");
            self.ensure_channel(&channel, title, ChannelKind::Text);
        }
        let data = &d["data"];
        let command = (d["type"] == 2).then(|| command_text(data));
        let custom_id = data["custom_id"].as_str().map(str::to_string);
        let message = d["message"]["id"].as_str().map(str::to_string);
        if let Some(token) = d["token"].as_str() {
            tokens.insert(
                token.to_string(),
                Token {
                    user: uid.to_string(),
                    channel,
                    original: None,
                    message,
                    custom_id,
                    command,
                },
            );
        }
    }

    fn push(&mut self, m: Message, by_id: &mut HashMap<String, usize>) -> usize {
        let i = self.messages.len();
        by_id.insert(m.id.clone(), i);
        self.messages.push(m);
        i
    }

    /// The message a click was on: the one the interaction names (Discord sends the
    /// clicked message), else (a recording whose clicks name none) the latest one its
    /// user can see in its channel that has a component with the clicked custom id.
    fn clicked(&self, t: &Token, by_id: &HashMap<String, usize>) -> Option<usize> {
        if let Some(id) = &t.message {
            return by_id.get(id).copied();
        }
        let id = t.custom_id.as_deref()?;
        let viewer = Participant {
            id: Some(t.user.clone()),
            name: String::new(),
            locale: DEFAULT_LOCALE.into(),
        };
        self.messages.iter().rposition(|m| {
            m.channel == t.channel
                && self.visible(m, &viewer)
                && custom_ids(&m.components).any(|c| c == id)
        })
    }

    /// The message `id` that a request about channel `channel` changes.
    fn known(
        &self,
        r: &super::Request,
        by_id: &HashMap<String, usize>,
        id: &str,
        channel: &str,
    ) -> usize {
        let Some(&i) = by_id.get(id) else {
            cannot_place(r, &format!("no message {id} was shown"));
        };
        if self.messages[i].channel != channel {
            cannot_place(
                r,
                &format!(
                    "message {id} is in channel {}, not {channel}",
                    self.messages[i].channel
                ),
            );
        }
        i
    }

    fn request(
        &mut self,
        r: &super::Request,
        tokens: &mut HashMap<String, Token>,
        by_id: &mut HashMap<String, usize>,
    ) {
        // Discord refused it: nothing changed for anyone.
        if !(200..300).contains(&r.status) || draws_nothing(&r.method, &r.path, &r.json) {
            return;
        }
        let p = segments(&r.path);
        let body = &r.json;
        // The id Discord gave what the request made.
        let made = r.message_id.clone().unwrap_or_else(|| r.reply_id.clone());
        match (r.method.as_str(), p.as_slice()) {
            ("POST", ["channels", ch, "messages"]) => {
                let kind = ChannelKind::Text;
                let name = if *ch == "0" { "unknown" } else { "general" };
                self.ensure_channel(ch, name, kind);
                let m = new_message(&made, ch, body, &r.files, None, r.ms);
                self.push(m, by_id);
            }
            ("PATCH", ["channels", ch, "messages", mid]) => {
                let i = self.known(r, by_id, mid, ch);
                apply_edit(&mut self.messages[i], body, &r.files, true);
            }
            ("DELETE", ["channels", ch, "messages", mid]) => {
                let i = self.known(r, by_id, mid, ch);
                self.messages[i].deleted = true;
            }
            ("POST", ["channels", ch, "messages", mid, "threads"]) => {
                let i = self.known(r, by_id, mid, ch);
                let name = body["name"].as_str().unwrap_or("thread");
                let kind = ChannelKind::Thread {
                    parent: ch.to_string(),
                };
                self.ensure_channel(&r.reply_id, name, kind);
                self.messages[i].thread = Some(r.reply_id.clone());
            }
            // A thread started without a message (shown in the channel's thread list).
            ("POST", ["channels", ch, "threads"]) => {
                let name = body["name"].as_str().unwrap_or("thread");
                let kind = ChannelKind::Thread {
                    parent: ch.to_string(),
                };
                self.ensure_channel(&r.reply_id, name, kind);
            }
            ("PATCH", ["channels", ch]) => {
                let Some(c) = self.channels.iter_mut().find(|c| c.id == *ch) else {
                    cannot_place(r, &format!("no channel {ch} was shown"));
                };
                if let Some(name) = body["name"].as_str() {
                    c.name = name.to_string();
                }
            }
            ("POST", ["users", "@me", "channels"]) => {
                let user = match &body["recipient_id"] {
                    Value::String(s) => s.clone(),
                    v => v.to_string(),
                };
                self.ensure_channel(&r.reply_id, BOT_NAME, ChannelKind::Dm { user });
            }
            ("POST", ["interactions", _, token, "callback"]) => {
                let Some(t) = tokens.get(*token) else {
                    cannot_place(r, "no interaction has this token");
                };
                let data = &body["data"];
                let only_for = r.ephemeral.then(|| t.user.clone());
                let used = t.command.as_ref().map(|c| (self.name(&t.user), c.clone()));
                let original = match body["type"].as_u64() {
                    // A message, or a deferral whose message comes later.
                    Some(ty @ (4 | 5)) => {
                        // A recording from before callbacks kept their message's id.
                        let id = r
                            .message_id
                            .clone()
                            .unwrap_or_else(|| format!("{token}@original"));
                        let mut m = new_message(&id, &t.channel, data, &r.files, only_for, r.ms);
                        m.thinking = ty == 5;
                        m.used = used;
                        self.push(m, by_id)
                    }
                    // A click answered by changing the clicked message (7) or by
                    // promising to (6: nothing shows until an edit of `@original`).
                    Some(ty @ (6 | 7)) => {
                        let Some(i) = self.clicked(t, by_id) else {
                            cannot_place(r, "the clicked message was never shown");
                        };
                        if ty == 7 {
                            apply_edit(&mut self.messages[i], data, &r.files, true);
                        }
                        i
                    }
                    other => cannot_place(r, &format!("a callback of type {other:?}")),
                };
                if let Some(t) = tokens.get_mut(*token) {
                    t.original = Some(original);
                }
            }
            ("POST", ["webhooks", _, token]) => {
                let Some(t) = tokens.get(*token) else {
                    cannot_place(r, "no interaction has this token");
                };
                // The first follow-up after a deferral fills the deferral's message.
                if let Some(i) = t.original.filter(|&i| self.messages[i].thinking) {
                    let m = &mut self.messages[i];
                    apply_edit(m, body, &r.files, false);
                    m.thinking = false;
                    for id in [&r.reply_id, &made] {
                        by_id.insert(id.clone(), i);
                    }
                    return;
                }
                let only_for = r.ephemeral.then(|| t.user.clone());
                let m = new_message(&made, &t.channel, body, &r.files, only_for, r.ms);
                self.push(m, by_id);
            }
            (method @ ("PATCH" | "DELETE"), ["webhooks", _, token, "messages", which]) => {
                let Some(t) = tokens.get(*token) else {
                    cannot_place(r, "no interaction has this token");
                };
                let target = if *which == "@original" {
                    t.original
                } else {
                    by_id.get(*which).copied()
                };
                let Some(i) = target else {
                    cannot_place(r, "the message it names was never shown");
                };
                let m = &mut self.messages[i];
                if method == "DELETE" {
                    m.deleted = true;
                } else {
                    let filling = m.thinking;
                    apply_edit(m, body, &r.files, !filling);
                    m.thinking = false;
                }
            }
            _ => cannot_place(r, "the replay has no rule for this route"),
        }
    }
}

/// A request's path without its `/api/v10/`, split at each `/`.
fn segments(path: &str) -> Vec<&str> {
    path.trim_start_matches("/api/v10/").split('/').collect()
}

/// Whether a request (Discord accepted) draws nothing in any channel, as Discord shows
/// nothing for it there. Exactly these:
///
/// - `GET` anything: a read (the gateway's address, the bot's own user, a message);
/// - the slash commands' registration (`/applications/{app}/commands`, and a server's,
///   `/applications/{app}/guilds/{guild}/commands`, any method);
/// - `POST /channels/{channel}/typing`: "is typing…", gone when the message comes;
/// - `PUT` or `DELETE /channels/{thread}/thread-members/{user}`: a thread's members;
/// - an autocomplete's answer (an interaction callback of type 8): suggestions in the
///   command box, no message;
/// - a form (an interaction callback of type 9, a modal): a dialog over the client,
///   gone once submitted, no message.
///
/// Every other request must land on a message or channel (see [`Conversation::replay`]),
/// or the replay panics. Reactions are not here: Discord shows them under the message.
pub fn draws_nothing(method: &str, path: &str, body: &Value) -> bool {
    match (method, segments(path).as_slice()) {
        ("GET", _) => true,
        (
            _,
            ["applications", _, "commands", ..] | ["applications", _, "guilds", _, "commands", ..],
        ) => true,
        ("POST", ["channels", _, "typing"]) => true,
        ("PUT" | "DELETE", ["channels", _, "thread-members", _]) => true,
        ("POST", ["interactions", _, _, "callback"]) => {
            matches!(body["type"].as_u64(), Some(8 | 9))
        }
        _ => false,
    }
}

/// A request the replay cannot place: drawing on would show a conversation that is
/// not Discord's.
fn cannot_place(r: &super::Request, why: &str) -> ! {
    panic!(
        "the transcript cannot place {} {} ({why}); every request must change a message \
         or channel it knows, or be one that draws nothing (model::draws_nothing)",
        r.method, r.path
    )
}

fn new_message(
    id: &str,
    channel: &str,
    body: &Value,
    files: &[FileRef],
    only_for: Option<String>,
    ms: u64,
) -> Message {
    let mut m = Message {
        id: id.to_string(),
        channel: channel.to_string(),
        content: String::new(),
        embeds: vec![],
        components: vec![],
        attachments: vec![],
        only_for,
        edited: false,
        thinking: false,
        deleted: false,
        used: None,
        thread: None,
        ms,
        earlier: vec![],
    };
    apply_edit(&mut m, body, files, false);
    m
}

/// Applies a message body (new or an edit): the fields it names replace the old ones,
/// new files are attached, and `attachments` (when given) says which old ones stay.
fn apply_edit(m: &mut Message, body: &Value, files: &[FileRef], mark: bool) {
    if !body.is_object() && files.is_empty() {
        return;
    }
    if mark && !m.thinking {
        m.earlier.push(Shown {
            content: m.content.clone(),
            embeds: m.embeds.clone(),
            components: m.components.clone(),
            attachments: m.attachments.clone(),
        });
    }
    if let Some(c) = body.get("content") {
        m.content = c.as_str().unwrap_or_default().to_string();
    }
    if let Some(e) = body.get("embeds") {
        m.embeds = e.as_array().cloned().unwrap_or_default();
    }
    if let Some(c) = body.get("components") {
        m.components = c.as_array().cloned().unwrap_or_default();
    }
    if let Some(kept) = body.get("attachments").and_then(Value::as_array) {
        // Old attachments stay when named by their id (which the fake never gave, so
        // any such entry keeps them all); new ones carry a filename and are in `files`.
        if !kept.iter().any(|a| a.get("filename").is_none()) {
            m.attachments.clear();
        }
    } else if !files.is_empty() {
        m.attachments.clear();
    }
    m.attachments.extend(uploaded(body, files));
    if mark {
        m.edited = true;
    }
}

/// The files a body uploads, each with the alt text its `attachments` entry gives it:
/// the entry whose `id` is the file's place among the uploads (`files[N]`), else the
/// one with its file name.
fn uploaded(body: &Value, files: &[FileRef]) -> Vec<Attachment> {
    let listed: Vec<&Value> = body["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a.get("filename").is_some())
        .collect();
    let id_of = |a: &Value| match &a["id"] {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    };
    files
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let entry = listed
                .iter()
                .find(|a| id_of(a) == Some(k as u64))
                .or_else(|| listed.iter().find(|a| a["filename"] == f.name.as_str()));
            let description = entry
                .and_then(|a| a["description"].as_str())
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(str::to_string);
            Attachment {
                name: f.name.clone(),
                path: f.path.clone(),
                description,
            }
        })
        .collect()
}

/// Every custom id in a message's action rows.
pub fn custom_ids(rows: &[Value]) -> impl Iterator<Item = &str> {
    rows.iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .filter_map(|c| c["custom_id"].as_str())
}

/// `/clans challenge opponent:@Max clan:random`, as Discord writes a used command.
fn command_text(data: &Value) -> String {
    let mut out = format!("/{}", data["name"].as_str().unwrap_or("command"));
    let mut options = data["options"].as_array();
    while let Some(opts) = options {
        // A subcommand (type 1) or group (2) nests the rest.
        match opts.first() {
            Some(o) if o["type"] == 1 || o["type"] == 2 => {
                out.push(' ');
                out.push_str(o["name"].as_str().unwrap_or_default());
                options = o["options"].as_array();
            }
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transcript::{Interaction, Request};
    use serde_json::json;

    fn req(method: &str, path: &str, json: Value, ephemeral: bool, reply: &str) -> Entry {
        Entry::Request(Request {
            method: method.into(),
            path: path.into(),
            json,
            files: vec![],
            ephemeral,
            reply_id: reply.into(),
            message_id: None,
            status: 200,
            ms: 0,
        })
    }

    fn click(token: &str, user: &str, custom_id: &str) -> Entry {
        Entry::Interaction(Interaction {
            payload: json!({"type": 3, "token": token, "guild_id": "1", "channel_id": "5",
                "channel": {"id": "5", "type": 0, "name": "general"},
                "member": {"user": {"id": user, "global_name": user.to_uppercase()}},
                "data": {"custom_id": custom_id, "component_type": 2}}),
            ms: 0,
        })
    }

    fn rows(id: &str) -> Value {
        json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": id}]}])
    }

    #[test]
    fn a_panel_updated_in_place_keeps_its_place_and_owner() {
        let entries = vec![
            req(
                "POST",
                "/api/v10/channels/5/messages",
                json!({"content": "board", "components": rows("turn")}),
                false,
                "100",
            ),
            click("t1", "ana", "turn"),
            req(
                "POST",
                "/api/v10/interactions/9/t1/callback",
                json!({"type": 4, "data": {"content": "panel 1", "flags": 64, "components": rows("next")}}),
                true,
                "101",
            ),
            click("t2", "ana", "next"),
            req(
                "POST",
                "/api/v10/interactions/9/t2/callback",
                json!({"type": 6}),
                false,
                "102",
            ),
            req(
                "PATCH",
                "/api/v10/webhooks/1/t2/messages/@original",
                json!({"content": "panel 2", "components": []}),
                true,
                "103",
            ),
            click("t3", "max", "turn"),
            req(
                "POST",
                "/api/v10/interactions/9/t3/callback",
                json!({"type": 5, "data": {"flags": 64}}),
                true,
                "104",
            ),
            req(
                "POST",
                "/api/v10/webhooks/1/t3",
                json!({"content": "not your turn"}),
                true,
                "105",
            ),
        ];
        let c = Conversation::replay(&entries);
        let ana = &c.participants()[0];
        let max = &c.participants()[1];
        let spectator = Participant::spectator();
        let seen = |p: &Participant| -> Vec<(String, bool)> {
            c.seen_in("5", p)
                .iter()
                .map(|m| (m.content.clone(), m.edited))
                .collect()
        };
        assert_eq!(
            seen(ana),
            [("board".into(), false), ("panel 2".into(), true)]
        );
        assert_eq!(
            seen(max),
            [("board".into(), false), ("not your turn".into(), false)]
        );
        assert_eq!(seen(&spectator), [("board".into(), false)]);
        // The panel keeps what it showed before its edit: the screen Ana clicked in.
        let panel = c.seen_in("5", ana)[1];
        let earlier: Vec<&str> = panel.earlier.iter().map(|s| s.content.as_str()).collect();
        assert_eq!(earlier, ["panel 1"]);
        // A deferral's "thinking" is no screen of its own.
        assert!(c.seen_in("5", max)[1].earlier.is_empty());
    }

    /// A slash command's reply, as the fake records it: the callback's message id.
    fn reply_with_id(token: &str, id: &str, json: Value) -> Entry {
        let mut e = req(
            "POST",
            &format!("/api/v10/interactions/9/{token}/callback"),
            json,
            false,
            "0",
        );
        if let Entry::Request(r) = &mut e {
            r.message_id = Some(id.into());
        }
        e
    }

    fn command(token: &str, user: &str) -> Entry {
        Entry::Interaction(Interaction {
            payload: json!({"type": 2, "token": token, "guild_id": "1", "channel_id": "5",
                "channel": {"id": "5", "type": 0, "name": "general"},
                "member": {"user": {"id": user, "global_name": user.to_uppercase()}},
                "data": {"name": "clans", "options": [{"type": 1, "name": "challenge"}]}}),
            ms: 0,
        })
    }

    /// A challenge answered by the command's reply, accepted by a click on it: the
    /// bot's later edit of the reply (through the channel) and the thread it starts
    /// from it land on the reply, which shows no live buttons any more.
    #[test]
    fn a_replys_edit_and_thread_land_on_the_reply() {
        let entries = vec![
            command("t1", "ana"),
            reply_with_id(
                "t1",
                "50",
                json!({"type": 4, "data": {"content": "a challenge", "components": rows("acc")}}),
            ),
            Entry::Interaction(Interaction {
                payload: json!({"type": 3, "token": "t2", "guild_id": "1", "channel_id": "5",
                    "channel": {"id": "5", "type": 0, "name": "general"},
                    "member": {"user": {"id": "max", "global_name": "MAX"}},
                    "message": {"id": "50"},
                    "data": {"custom_id": "acc", "component_type": 2}}),
                ms: 0,
            }),
            req(
                "POST",
                "/api/v10/interactions/9/t2/callback",
                json!({"type": 6}),
                false,
                "0",
            ),
            req(
                "POST",
                "/api/v10/channels/5/messages/50/threads",
                json!({"name": "Ana vs Max"}),
                false,
                "60",
            ),
            req(
                "PATCH",
                "/api/v10/channels/5/messages/50",
                json!({"content": "accepted", "components": []}),
                false,
                "61",
            ),
            req(
                "POST",
                "/api/v10/channels/60/messages",
                json!({"content": "the board"}),
                false,
                "62",
            ),
            req(
                "POST",
                "/api/v10/channels/60/typing",
                Value::Null,
                false,
                "0",
            ),
        ];
        let c = Conversation::replay(&entries);
        let general = c.seen_in("5", &Participant::spectator());
        assert_eq!(general.len(), 1);
        let reply = general[0];
        assert_eq!((reply.content.as_str(), reply.edited), ("accepted", true));
        assert!(reply.components.is_empty(), "no live buttons");
        assert_eq!(reply.thread.as_deref(), Some("60"));
        assert_eq!(
            c.channel("60").map(|ch| &ch.kind),
            Some(&ChannelKind::Thread { parent: "5".into() })
        );
        assert_eq!(c.seen_in("60", &Participant::spectator()).len(), 1);
    }

    /// Each user's page is in their client's language (their latest interaction's
    /// `locale`), a spectator's in the server's; a client that never said is Discord's
    /// default.
    #[test]
    fn participants_speak_their_clients_language() {
        let said = |user: &str, locale: &str| {
            let mut e = click("t", user, "x");
            if let Entry::Interaction(i) = &mut e {
                i.payload["locale"] = json!(locale);
                i.payload["guild_locale"] = json!("de");
            }
            e
        };
        let entries = vec![
            said("ana", "en-US"),
            said("ana", "de"),
            said("max", "en-GB"),
            click("t", "eve", "x"),
        ];
        let c = Conversation::replay(&entries);
        let locales: Vec<String> = c
            .participants()
            .iter()
            .map(|p| format!("{} {}", p.name, p.locale))
            .collect();
        assert_eq!(
            locales,
            ["ANA de", "MAX en-GB", "EVE en-US", "Spectator de"]
        );
        let unheard = Conversation::replay(&[click("t", "ana", "x")]);
        assert!(unheard.participants().iter().all(|p| p.locale == "en-US"));
    }

    #[test]
    #[should_panic(expected = "cannot place PATCH /api/v10/channels/5/messages/77")]
    fn an_edit_of_a_message_never_shown_fails() {
        Conversation::replay(&[req(
            "PATCH",
            "/api/v10/channels/5/messages/77",
            json!({"content": "edited"}),
            false,
            "0",
        )]);
    }

    #[test]
    #[should_panic(expected = "cannot place PUT /api/v10/channels/5/messages/1/reactions")]
    fn a_route_without_a_rule_fails() {
        Conversation::replay(&[req(
            "PUT",
            "/api/v10/channels/5/messages/1/reactions/%F0%9F%91%8D/@me",
            Value::Null,
            false,
            "0",
        )]);
    }

    /// Each upload takes the alt text of its `attachments` entry (by its place among
    /// the uploads, else its name); one without is listed, never given its file name.
    #[test]
    fn attachments_take_their_alt_text_and_those_without_are_listed() {
        let mut post = req(
            "POST",
            "/api/v10/channels/5/messages",
            json!({"attachments": [
                {"id": 0, "filename": "board.png", "description": "The board: Ana leads"},
                {"id": 1, "filename": "hand.png", "description": null}]}),
            false,
            "100",
        );
        if let Entry::Request(r) = &mut post {
            r.files = ["board.png", "hand.png"]
                .map(|n| FileRef {
                    name: n.into(),
                    path: format!("files/{n}"),
                })
                .to_vec();
        }
        let c = Conversation::replay(&[post]);
        let alts: Vec<Option<&str>> = c.messages[0]
            .attachments
            .iter()
            .map(|a| a.description.as_deref())
            .collect();
        assert_eq!(alts, [Some("The board: Ana leads"), None]);
        let missing = c.attachments_without_alt_text();
        assert_eq!(missing.len(), 1);
        assert_eq!(
            (missing[0].name.as_str(), missing[0].message.as_str()),
            ("hand.png", "100")
        );
    }
}

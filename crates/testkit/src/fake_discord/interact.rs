//! Sending interactions as users: slash commands, autocompletes and clicks on buttons
//! and selects, each built with the fields Discord sends for a bot installed in a
//! server (or a DM), checked against what serenity reads and what the spec says before
//! it goes out, and remembered for Discord's callback rules. Kept apart because it is
//! the one way in for a test's players, and the payloads are long.

use super::record::Sent;
use super::{
    APP_ID, BOT_ID, CHANNEL, Fake, GUILD, SentInteraction, Violation, callback, now_iso, user_json,
    validate,
};
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Where a slash command is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A server and one of its channels.
    Guild(u64, u64),
    /// A direct message with the bot (its channel id).
    Dm(u64),
    /// A group DM the bot is not in, where a member's own install of the app brought it
    /// ([`Fake::group_dm`]): Discord's `context` 2, no server, and the installing user
    /// as the one authorizing owner.
    GroupDm(u64),
}

impl Fake {
    fn id(&self) -> u64 {
        self.shared.next_id.fetch_add(1, Ordering::SeqCst)
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
            modal_submit: d["type"] == 5,
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
            .private
            .lock()
            .unwrap()
            .contains_key(&channel.to_string())
        {
            return Origin::GroupDm(channel);
        }
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
            5 => "modal",
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
                    .map(|t| (t.name.clone(), t.parent.clone(), t.archived, t.locked));
                let mut ch = match &thread {
                    Some((title, parent, archived, locked)) => json!({"id": channel.to_string(),
                        "type": 11, "name": title, "parent_id": parent,
                        "owner_id": BOT_ID.to_string(),
                        "thread_metadata": {"archived": archived, "auto_archive_duration": 10080,
                            "archive_timestamp": now_iso(), "locked": locked}}),
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
                let manage = manage || self.shared.managers.lock().unwrap().contains(&user);
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
            Origin::GroupDm(channel) => {
                let installer = (self.shared.private.lock().unwrap())
                    .get(&channel.to_string())
                    .copied()
                    .unwrap_or(user);
                d["channel_id"] = json!(channel.to_string());
                d["channel"] = json!({"id": channel.to_string(), "type": 3, "flags": 0,
                    "name": null, "last_message_id": null, "owner_id": installer.to_string(),
                    "recipients": [user_json(user, name)]});
                d["user"] = user_json(user, name);
                d["context"] = json!(2);
                d["authorizing_integration_owners"] = json!({"1": installer.to_string()});
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

    /// [`Fake::command_in`] of another top-level command than `/clans` (`/crystallo
    /// daily`).
    pub fn command_of(
        &self,
        top: &str,
        origin: Origin,
        user: u64,
        name: &str,
        sub: &str,
        options: Value,
    ) -> String {
        self.command_of_by(top, origin, (user, name, false), sub, options)
    }

    /// [`Fake::command_of`] by a member who may manage the server or not (`who`: the
    /// user, their name, Manage Server): `/clans-admin void`.
    pub fn command_of_by(
        &self,
        top: &str,
        origin: Origin,
        who: (u64, &str, bool),
        sub: &str,
        options: Value,
    ) -> String {
        let (user, name, manage) = who;
        let (mut d, token, guild) = self.interaction(2, origin, user, name, manage);
        d["data"] = Self::command_data(sub, options, guild);
        d["data"]["name"] = json!(top);
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

    /// `user` submits the modal `custom_id` (that the bot answered a click or command
    /// with), its text inputs holding `fields` (`(custom_id, value)`), in [`CHANNEL`] or
    /// the DM it was opened from (`channel`). Returns the token.
    pub fn submit_modal(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> String {
        let origin = self.origin_of(channel);
        let (mut d, token, guild) = self.interaction(5, origin, user, name, false);
        let rows: Vec<Value> = fields
            .iter()
            .map(|(id, value)| {
                json!({"type": 1, "components": [
                    {"type": 4, "custom_id": id, "value": value}]})
            })
            .collect();
        d["data"] = json!({"custom_id": custom_id, "components": rows});
        self.interact(d, guild, None);
        token
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

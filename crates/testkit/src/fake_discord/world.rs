//! The Discord a test sets up around the bot: whether Discord is there at all, faults
//! injected into its answers, the bot's permissions, the users' and the server's
//! locales, closed DMs and the threads that exist. Kept apart from the traffic so that
//! everything a test may change about Discord itself is found in one place.

use super::{CHANNEL, Fake, Fault, Life, Thread};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::Duration;

impl Fake {
    /// Discord dies: every connection (REST and gateway) drops, and new ones are closed
    /// as soon as they are made.
    pub fn kill(&self) {
        self.shared.life.send_replace(Life::Dead);
        self.disconnect();
    }

    /// Discord stops answering: connections stay open, requests are read, no answer and
    /// no gateway event (not even a heartbeat's acknowledgement) is ever sent.
    pub fn go_silent(&self) {
        self.shared.life.send_replace(Life::Silent);
    }

    /// Answers the next `times` requests of `method` whose path contains `path` with
    /// `status` (and Discord's error body), as a Discord having a bad minute would.
    pub fn fail_next(&self, method: &str, path: &str, status: u16, times: u32) {
        self.shared.faults.lock().unwrap().push(Fault {
            method: method.to_string(),
            path: path.to_string(),
            status,
            delay: Duration::ZERO,
            left: times,
        });
    }

    /// Answers the next `times` requests of `method` whose path contains `path` only
    /// after `delay` (as a route held up by Discord's rate limits would be).
    pub fn delay_next(&self, method: &str, path: &str, delay: Duration, times: u32) {
        self.shared.faults.lock().unwrap().push(Fault {
            method: method.to_string(),
            path: path.to_string(),
            status: 0,
            delay,
            left: times,
        });
    }

    /// Closes `user`'s direct messages: sending to them fails with Discord's 50007.
    pub fn close_dms(&self, user: u64) {
        self.shared.dm_closed.lock().unwrap().push(user);
    }

    /// The user a DM channel belongs to.
    pub fn dm_user(&self, channel: &str) -> Option<u64> {
        self.shared.dms.lock().unwrap().get(channel).copied()
    }

    /// Makes `user`'s client speak `locale` (Discord's codes: `de`, `en-US`).
    pub fn set_user_locale(&self, user: u64, locale: &str) {
        self.shared
            .locales
            .lock()
            .unwrap()
            .insert(user, locale.into());
    }

    /// Gives `user` a role with Manage Server: their interactions carry the permission
    /// from now on (a command's `manage` flag gives it to that one command only).
    pub fn grant_manage_server(&self, user: u64) {
        self.shared.managers.lock().unwrap().insert(user);
    }

    /// Sets the server's locale (its Community "primary language").
    pub fn set_guild_locale(&self, locale: &str) {
        *self.shared.guild_locale.lock().unwrap() = locale.into();
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

    /// Makes every rate limit window `speed` times shorter (5 posts a channel per
    /// second at 5): the limits, headers and 429s work as on Discord, faster. For tests
    /// that play whole matches at machine speed, which no player can; the benchmark
    /// and the other tests keep Discord's windows.
    pub fn speed_up_rate_limits(&self, speed: u32) {
        self.shared.buckets.set_speed(speed);
    }

    /// The threads the bot started, with their current names.
    pub fn threads(&self) -> HashMap<u64, String> {
        let threads = self.shared.threads.lock().unwrap();
        threads
            .iter()
            .map(|(id, t)| (id.parse().unwrap(), t.name.clone()))
            .collect()
    }

    /// A thread that exists on the server already (started by an earlier bot process,
    /// before a restart with a fresh fake).
    pub fn add_thread(&self, id: u64, name: &str) {
        let mut threads = self.shared.threads.lock().unwrap();
        let thread = Thread {
            name: name.to_string(),
            parent: CHANNEL.to_string(),
            archived: false,
            locked: false,
        };
        threads.insert(id.to_string(), thread);
    }

    /// Archives thread `id`, as Discord does once its auto-archive time (a week) passed
    /// without a message. `locked`: a moderator also locked it.
    pub fn archive_thread(&self, id: u64, locked: bool) {
        let mut threads = self.shared.threads.lock().unwrap();
        let t = threads
            .get_mut(&id.to_string())
            .expect("a thread of the fake");
        t.archived = true;
        t.locked = locked;
    }

    /// Whether thread `id` is archived now.
    pub fn thread_archived(&self, id: u64) -> bool {
        self.shared.threads.lock().unwrap()[&id.to_string()].archived
    }

    /// A group DM that `installer` brought the app into (through their own install):
    /// the bot is not in it, so it may only answer interactions there. Returns its id,
    /// for [`Origin::GroupDm`](super::Origin::GroupDm).
    pub fn group_dm(&self, installer: u64) -> u64 {
        let id = self.shared.next_id.fetch_add(1, Ordering::SeqCst);
        self.shared
            .private
            .lock()
            .unwrap()
            .insert(id.to_string(), installer);
        id
    }

    /// Refuse commands registered for user install, as Discord does when the
    /// application's Installation page does not allow it.
    pub fn refuse_user_install(&self) {
        self.shared
            .refuse_user_install
            .store(true, Ordering::SeqCst);
    }

    /// The commands the bot registered last (accepted), as it sent them.
    pub fn registered_commands(&self) -> Vec<serde_json::Value> {
        self.requests()
            .into_iter()
            .rev()
            .find(|r| r.ok() && r.method == "PUT" && r.path.ends_with("/commands"))
            .and_then(|r| r.json.as_array().cloned())
            .unwrap_or_default()
    }
}

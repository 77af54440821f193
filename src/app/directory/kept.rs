//! The users' and servers' stored settings, kept between clicks: a board post asks
//! whether takebacks are on and how each pinged player wants to hear of it, a panel
//! whether it goes by DM, and none of that should cost a read per click.
//!
//! A row read is trusted for [`FRESH`](crate::app::lru::FRESH); this process's own changes replace it at once
//! (every write goes through here). Another process (another shard of the bot) may
//! change a user's settings: that change is seen here within it. A change made
//! with a read of its own (`/clans notify`, `/clans config`) reads the row afresh
//! first, so it never writes back a kept copy over another process's change.

use super::Directory;
use crate::app::lru::Fresh;
use crate::store::{GuildSettings, StoreError, UserSettings};

impl Directory {
    /// `user`'s settings, kept or read.
    pub async fn user_settings(&self, user: u64) -> Result<UserSettings, StoreError> {
        let kept = self
            .user_settings
            .lock()
            .unwrap()
            .get(&user)
            .and_then(Fresh::get);
        match kept {
            Some(s) => Ok(s),
            None => self.user_settings_afresh(user).await,
        }
    }

    /// `user`'s settings read from the store (before a change to them).
    pub async fn user_settings_afresh(&self, user: u64) -> Result<UserSettings, StoreError> {
        let s = self.store.user_settings(user).await?;
        self.user_settings
            .lock()
            .unwrap()
            .insert(user, Fresh::now(s.clone()));
        Ok(s)
    }

    /// Stores `user`'s settings, and keeps them.
    pub async fn set_user_settings(&self, user: u64, s: &UserSettings) -> Result<(), StoreError> {
        let written = self.store.set_user_settings(user, s).await;
        let mut kept = self.user_settings.lock().unwrap();
        match written {
            Ok(()) => kept.insert(user, Fresh::now(s.clone())),
            // Whether the row changed is unknown: read it next time.
            Err(_) => kept.remove(&user),
        };
        written
    }

    /// A server's settings, kept or read.
    pub async fn server_settings(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        let kept = self
            .server_settings
            .lock()
            .unwrap()
            .get(&guild)
            .and_then(Fresh::get);
        match kept {
            Some(s) => Ok(s),
            None => self.server_settings_afresh(guild).await,
        }
    }

    /// A server's settings read from the store (before a change to them).
    pub async fn server_settings_afresh(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        let s = self.store.guild_settings(guild).await?;
        self.server_settings
            .lock()
            .unwrap()
            .insert(guild, Fresh::now(s.clone()));
        Ok(s)
    }

    /// Stores a server's settings, and keeps them.
    pub async fn set_server_settings(
        &self,
        guild: u64,
        s: &GuildSettings,
    ) -> Result<(), StoreError> {
        let written = self.store.set_guild_settings(guild, s).await;
        let mut kept = self.server_settings.lock().unwrap();
        match written {
            Ok(()) => kept.insert(guild, Fresh::now(s.clone())),
            Err(_) => kept.remove(&guild),
        };
        written
    }
}

//! What is kept per user and per server: display names (for the images and logs after
//! a restart) and settings (JSON, the defaults when none were saved).

use super::error::db;
use super::{GuildSettings, Result, Store, StoreError, UserSettings, id_in, now_ms};
use crate::error::Doing;

impl Store {
    /// Remembers a user's display name.
    pub async fn set_user_name(&self, user: u64, name: &str) -> Result<()> {
        self.still_there(Doing::write("saving a name"))?;
        sqlx::query(
            "INSERT INTO user_names (user_id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, \
             updated_at = excluded.updated_at",
        )
        .bind(id_in(user))
        .bind(name)
        .bind(now_ms())
        .execute(self.db())
        .await
        .map_err(db(Doing::write("saving a name")))?;
        Ok(())
    }

    /// A user's last known display name.
    pub async fn user_name(&self, user: u64) -> Result<Option<String>> {
        sqlx::query_scalar("SELECT name FROM user_names WHERE user_id = $1")
            .bind(id_in(user))
            .fetch_optional(self.db())
            .await
            .map_err(db(Doing::read("reading a name")))
    }

    /// A server's settings (the defaults when none were saved).
    pub async fn guild_settings(&self, guild: u64) -> Result<GuildSettings> {
        self.get_settings("guild_settings", "guild_id", guild, "server")
            .await
    }

    pub async fn set_guild_settings(&self, guild: u64, settings: &GuildSettings) -> Result<()> {
        let json = serde_json::to_string(settings).expect("settings serialize");
        self.put_settings("guild_settings", "guild_id", guild, json)
            .await
    }

    /// A user's settings (the defaults when none were saved).
    pub async fn user_settings(&self, user: u64) -> Result<UserSettings> {
        self.get_settings("user_settings", "user_id", user, "user")
            .await
    }

    pub async fn set_user_settings(&self, user: u64, settings: &UserSettings) -> Result<()> {
        let json = serde_json::to_string(settings).expect("settings serialize");
        self.put_settings("user_settings", "user_id", user, json)
            .await
    }

    async fn get_settings<T: serde::de::DeserializeOwned + Default>(
        &self,
        table: &'static str,
        key: &'static str,
        id: u64,
        owner: &str,
    ) -> Result<T> {
        let sql = format!("SELECT settings FROM {table} WHERE {key} = $1");
        let json: Option<String> = sqlx::query_scalar(&sql)
            .bind(id_in(id))
            .fetch_optional(self.db())
            .await
            .map_err(db(Doing::read("reading settings")))?;
        match json {
            None => Ok(T::default()),
            Some(j) => serde_json::from_str(&j).map_err(|e| StoreError::BadSettings {
                owner: format!("{owner} {id}"),
                detail: e.to_string(),
            }),
        }
    }

    async fn put_settings(
        &self,
        table: &'static str,
        key: &'static str,
        id: u64,
        json: String,
    ) -> Result<()> {
        self.still_there(Doing::write("saving settings"))?;
        let sql = format!(
            "INSERT INTO {table} ({key}, settings, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT ({key}) DO UPDATE SET settings = excluded.settings, \
             updated_at = excluded.updated_at"
        );
        sqlx::query(&sql)
            .bind(id_in(id))
            .bind(json)
            .bind(now_ms())
            .execute(self.db())
            .await
            .map_err(db(Doing::write("saving settings")))?;
        Ok(())
    }
}

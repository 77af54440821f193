//! Which language to speak to whom: a private answer in the user's own choice
//! (`/clans language`) or else their Discord client's; a match's public posts in the
//! server's choice (`/clans config language`) or else the server's Discord language.
//! The Discord layer tells the app the locales of every interaction
//! ([`Directory::learn_locales`]), so a use case needs only the user or the server to know
//! the language, including the timers' posts, which answer no interaction.

use super::Directory;
use crate::app::Outcome;
use crate::app::lru::Lru;
use crate::i18n::{Lang, messages as t};
use std::sync::Mutex;

/// What the app knows of the languages: the stored choices (`None`: automatic) and
/// the Discord locales last seen.
#[derive(Default)]
pub struct Languages {
    chosen_by_user: Option<Lang>,
    client: Option<Lang>,
    chosen_loaded: bool,
}

impl Directory {
    /// Remembers the locales of an interaction: the user's client and the server's.
    pub fn learn_locales(
        &self,
        user: u64,
        client_locale: Option<&str>,
        guild: Option<u64>,
        guild_locale: Option<&str>,
    ) {
        if let Some(l) = client_locale {
            let mut users = self.languages.lock().unwrap();
            let known = users.get_or_insert_with(user, Languages::default);
            known.client = Some(Lang::from_locale(l));
        }
        if let (Some(g), Some(l)) = (guild, guild_locale) {
            self.learn_guild_locale(g, l);
        }
    }

    /// Remembers a server's Discord locale (an interaction's `guild_locale`, the
    /// `preferred_locale` of the server as the gateway announces it).
    pub fn learn_guild_locale(&self, guild: u64, locale: &str) {
        let mut guilds = self.guild_languages.lock().unwrap();
        let known = guilds.get_or_insert_with(guild, Languages::default);
        known.client = Some(Lang::from_locale(locale));
    }

    /// The language of a private answer to `user`.
    pub async fn user_lang(&self, user: u64) -> Lang {
        lang_of(&self.languages, user, || async {
            match self.user_settings(user).await {
                Ok(s) => s.language.as_deref().and_then(Lang::parse),
                Err(e) => {
                    tracing::warn!("could not read a user's language: {e}");
                    None
                }
            }
        })
        .await
    }

    /// The language of the public posts in `guild` (outside a server: English).
    pub async fn public_lang(&self, guild: Option<u64>) -> Lang {
        let Some(g) = guild else {
            return Lang::En;
        };
        lang_of(&self.guild_languages, g, || async {
            match self.server_settings(g).await {
                Ok(s) => s.language.as_deref().and_then(Lang::parse),
                Err(e) => {
                    tracing::warn!("could not read a server's language: {e}");
                    None
                }
            }
        })
        .await
    }

    /// [`Directory::user_lang`] and [`Directory::public_lang`] from what is already known, for the
    /// use cases that do not wait on the store (a challenge): the Discord layer asked
    /// for both before (which loads the stored choices).
    pub fn known_langs(&self, user: u64, guild: Option<u64>) -> (Lang, Lang) {
        let known = |k: Option<&Languages>| {
            k.and_then(|k| k.chosen_by_user.or(k.client))
                .unwrap_or_default()
        };
        let user = known(self.languages.lock().unwrap().get(&user));
        let public = match guild {
            Some(g) => known(self.guild_languages.lock().unwrap().get(&g)),
            None => Lang::En,
        };
        (user, public)
    }

    /// The server's language setting changed (`/clans config language`, already stored).
    pub fn guild_language_set(&self, guild: u64, chosen: Option<Lang>) {
        let mut guilds = self.guild_languages.lock().unwrap();
        let k = guilds.get_or_insert_with(guild, Languages::default);
        k.chosen_by_user = chosen;
        k.chosen_loaded = true;
    }

    /// Stores `user`'s own language (`None`: follow their client) and says so in it.
    pub async fn set_language(&self, user: u64, chosen: Option<Lang>) -> Outcome {
        let mut s = match self.user_settings_afresh(user).await {
            Ok(s) => s,
            Err(e) => {
                return Outcome::private(self.faults.told(self.user_lang(user).await, None, &e));
            }
        };
        s.language = chosen.map(|l| l.code().to_string());
        if let Err(e) = self.set_user_settings(user, &s).await {
            return Outcome::private(self.faults.told(self.user_lang(user).await, None, &e));
        }
        {
            let mut users = self.languages.lock().unwrap();
            let k = users.get_or_insert_with(user, Languages::default);
            k.chosen_by_user = chosen;
            k.chosen_loaded = true;
        }
        let lang = self.user_lang(user).await;
        Outcome::private(match chosen {
            Some(l) => t::language_user_set(lang, t::language_name(lang, l)),
            None => t::language_user_auto(lang),
        })
    }
}

/// A user's or server's language: the stored choice (read once through `stored`, then
/// kept in `cache`), else the Discord locale learnt from their interactions, else
/// English.
async fn lang_of<F: std::future::Future<Output = Option<Lang>>>(
    cache: &Mutex<Lru<u64, Languages>>,
    id: u64,
    stored: impl FnOnce() -> F,
) -> Lang {
    let known = cache
        .lock()
        .unwrap()
        .get(&id)
        .map(|k| (k.chosen_loaded, k.chosen_by_user, k.client));
    let (chosen, client) = match known {
        Some((true, chosen, client)) => (chosen, client),
        _ => {
            let chosen = stored().await;
            let mut c = cache.lock().unwrap();
            let k = c.get_or_insert_with(id, Languages::default);
            k.chosen_by_user = chosen;
            k.chosen_loaded = true;
            (chosen, k.client)
        }
    };
    chosen.or(client).unwrap_or_default()
}

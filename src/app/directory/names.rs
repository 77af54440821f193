//! Names and places: players' display names (learnt from every interaction, kept in
//! memory and in the store for after a restart), a seat's and a clan's name in a
//! language, a match's thread title, and where a server's matches may start and
//! whether they get threads.

use super::Directory;
use crate::app::Place;
use crate::game::Seat;
use crate::i18n::Lang;
use crate::i18n::messages::panel as p;
use crate::store::{Loaded, Player};

impl Directory {
    /// Remembers a user's display name (for images and log lines), in memory and, when
    /// it is new or changed, in the store (in the background: a click does not wait).
    pub fn learn_name(&self, user: u64, name: &str) {
        let name: String = name.chars().filter(|c| !c.is_control()).take(32).collect();
        if name.is_empty() {
            return;
        }
        let old = self.names.lock().unwrap().insert(user, name.clone());
        if old.as_ref() != Some(&name)
            && let Ok(rt) = tokio::runtime::Handle::try_current()
        {
            let store = self.store.clone();
            rt.spawn(async move {
                if let Err(e) = store.set_user_name(user, &name).await {
                    tracing::warn!("could not save a display name: {e}");
                }
            });
        }
    }

    /// Fills the name cache for the players of a match from the store (after a restart
    /// nobody has clicked yet, but the images should still name them).
    async fn recall_names(&self, loaded: &Loaded) {
        for p in loaded.info.seats {
            let Player::User(u) = p else { continue };
            if self.names.lock().unwrap().contains(&u) {
                continue;
            }
            if let Ok(Some(n)) = self.store.user_name(u).await {
                let mut names = self.names.lock().unwrap();
                if !names.contains(&u) {
                    names.insert(u, n);
                }
            }
        }
    }

    /// A user's name for a list: the name last seen (memory, then the store), else a
    /// mention (which the list does not ping).
    pub async fn display_name(&self, user: u64) -> String {
        let known = self.names.lock().unwrap().get(&user).cloned();
        match known {
            Some(n) => n,
            None => match self.store.user_name(user).await {
                Ok(Some(n)) => n,
                _ => format!("<@{user}>"),
            },
        }
    }

    /// A seat's name: its player's display name as last seen, else (and for the AI)
    /// a name in `lang`.
    pub(crate) fn name_of(&self, lang: Lang, p: Player, seat: Seat) -> String {
        use crate::i18n::messages as t;
        match p {
            Player::User(u) => self
                .names
                .lock()
                .unwrap()
                .get(&u)
                .cloned()
                .unwrap_or_else(|| t::player_number(lang, seat + 1)),
            Player::Ai(level) => t::ai_name(lang, level),
        }
    }

    /// A match's thread name: "Ana vs Max · #12" (Discord allows 100 characters; display
    /// names are kept to 32).
    pub async fn thread_title(&self, loaded: &Loaded) -> String {
        let [a, b] = self.names(loaded).await;
        let lang = self.public_lang(loaded.info.guild).await;
        crate::i18n::messages::thread_title(lang, a, b, loaded.info.id)
    }

    /// The names of a match's seats (the AI's in the match's public language).
    pub(crate) async fn names(&self, loaded: &Loaded) -> [String; 2] {
        self.recall_names(loaded).await;
        let lang = self.public_lang(loaded.info.guild).await;
        [0, 1].map(|s| self.name_of(lang, loaded.info.seats[s], s as Seat))
    }

    /// A clan's name in `lang` (the German edition's where it has one).
    pub(crate) fn clan_name(&self, lang: Lang, clan: u8) -> String {
        self.rules()
            .pack
            .clans
            .get(clan as usize)
            .map_or_else(String::new, |c| {
                crate::i18n::names::clan(lang, c).to_string()
            })
    }

    /// The index of a clan by id or name (case-insensitive).
    pub fn clan_index(&self, name: &str) -> Option<u8> {
        let n = name.trim().to_lowercase();
        self.rules()
            .pack
            .clans
            .iter()
            .position(|c| c.id.to_lowercase() == n || c.name.to_lowercase() == n)
            .map(|i| i as u8)
    }

    /// Whether a match may start at `place`. `Err`: the server plays in another channel
    /// (the private explanation, in `lang`).
    pub async fn may_start_here(&self, lang: Lang, place: Place) -> Result<(), String> {
        let Some(g) = place.guild else {
            return Ok(());
        };
        match self.server_settings(g).await.unwrap_or_default().channel {
            Some(c) if c != place.channel => Err(p::play_in_channel(lang, c.to_string())),
            _ => Ok(()),
        }
    }

    /// Where a game's public posts go: the server's channel for matches (`/clans config
    /// channel`), else where the command was used.
    pub async fn post_channel(&self, place: Place) -> u64 {
        let Some(g) = place.guild else {
            return place.channel;
        };
        match self.server_settings(g).await {
            Ok(s) => s.channel.unwrap_or(place.channel),
            Err(e) => {
                tracing::warn!("could not read a server's settings: {e}");
                place.channel
            }
        }
    }

    /// Whether the server's matches get their own threads (the default).
    pub async fn threads(&self, guild: Option<u64>) -> bool {
        let Some(g) = guild else {
            return false;
        };
        self.server_settings(g).await.unwrap_or_default().threads != Some(false)
    }
}

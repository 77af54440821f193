//! Ratings as people see them: the leaderboard, a player's profile, and the rating
//! changes in a match's final post. Ratings are public information, so the leaderboard
//! and a profile are public posts; a refusal (no server, no games yet) is private.
//! A profile shown in a server speaks of that server only (its rating there, its
//! record per clan, its matches there) plus the one number across all servers, so it
//! never lists matches played elsewhere.

use super::Outcome;
use super::directory::Directory;
use super::failures::Faults;
use super::msg::{Embed, MAX_CONTENT, MAX_FIELD, Msg, clip};
use crate::game::Seat;
use crate::i18n::Lang;
use crate::i18n::messages::{self as t, panel as p};
use crate::ratings;
use crate::store::{HistoryEntry, Loaded, Player, PlayerRating, Reason, Scope, Store};

/// Players on the leaderboard.
pub const LEADERBOARD_SIZE: i64 = 10;

/// Matches listed in a profile.
pub const PROFILE_MATCHES: i64 = 10;

/// The ratings service (`app.ratings`), with what it uses.
#[derive(Clone)]
pub struct Ratings {
    store: Store,
    directory: Directory,
    faults: Faults,
}

impl Ratings {
    pub fn new(store: Store, directory: Directory, faults: Faults) -> Ratings {
        Ratings {
            store,
            directory,
            faults,
        }
    }

    /// The rating line of a finished match's post: "Ratings: Ana 1512 (+12) · Ben 1488
    /// (-12)", in the match's server (all servers for a match outside one), in `lang`.
    /// Empty when the match changed no rating (abandoned) or the changes cannot be read.
    pub(crate) async fn rating_line(&self, loaded: &Loaded, lang: Lang) -> String {
        let scope = Scope::of_match(loaded.info.guild);
        let changes = match self.store.rating_changes(loaded.info.id).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(
                    match_id = loaded.info.id,
                    "could not read rating changes: {e}"
                );
                return String::new();
            }
        };
        let mut parts = Vec::new();
        for seat in 0..2u8 {
            match loaded.info.seats[seat as usize] {
                Player::User(_) => {
                    let Some(c) = changes.iter().find(|c| c.scope == scope && c.seat == seat)
                    else {
                        continue;
                    };
                    let delta = c.after.round() as i64 - c.before.round() as i64;
                    let name = self.directory.display_name(c.user).await;
                    let rating = c.after.round() as i64;
                    // Said in words here: the leaderboard's "?" means nothing to a
                    // reader who has not seen its note.
                    parts.push(if c.deviation > ratings::PROVISIONAL_DEVIATION {
                        t::rating_change_provisional(lang, name, rating, signed(delta))
                    } else {
                        t::rating_change(lang, name, rating, signed(delta))
                    });
                }
                p @ Player::Ai(level) => {
                    if !changes.is_empty() {
                        parts.push(t::rating_ai_fixed(
                            lang,
                            self.directory.name_of(lang, p, seat),
                            ratings::ai(level).rating.round() as i64,
                        ));
                    }
                }
            }
        }
        if parts.is_empty() {
            return String::new();
        }
        t::ratings_line(lang, parts.join(" · "))
    }

    /// The server's best players, publicly. Outside a server, or with no rated match
    /// there yet, a private explanation to `asker`.
    pub async fn leaderboard(&self, guild: Option<u64>, asker: u64) -> Outcome {
        let mine = self.directory.user_lang(asker).await;
        let Some(g) = guild else {
            return Outcome::private(p::leaderboard_needs_server(mine));
        };
        let top = match self
            .store
            .leaderboard(Scope::Guild(g), LEADERBOARD_SIZE)
            .await
        {
            Ok(t) => t,
            Err(e) => return Outcome::private(self.faults.told(mine, None, &e)),
        };
        if top.is_empty() {
            return Outcome::private(p::leaderboard_empty(mine));
        }
        let lang = self.directory.public_lang(guild).await;
        let mut lines = Vec::new();
        for (i, p) in top.iter().enumerate() {
            lines.push(format!(
                "**{}.** {} · {} · {}",
                i + 1,
                self.directory.display_name(p.user).await,
                p.rating.shown(),
                t::record(lang, p.games, p.wins)
            ));
        }
        let msg = Msg {
            embed: Some(Embed {
                title: t::leaderboard_title(lang),
                description: clip(
                    &format!("{}\n\n{}", lines.join("\n"), t::leaderboard_note(lang)),
                    MAX_CONTENT,
                ),
                ..Embed::default()
            }),
            ..Msg::default()
        };
        Outcome {
            public: vec![msg],
            ..Outcome::default()
        }
    }

    /// A player's profile, publicly: rating and deviation (in this server and across
    /// all), record per clan and recent matches. No match at all: a private answer.
    /// Outside a server only `asker`'s own profile is shown: it lists matches of every
    /// server, which are nobody else's business.
    pub async fn profile(&self, guild: Option<u64>, asker: u64, user: u64) -> Outcome {
        let mine = self.directory.user_lang(asker).await;
        if guild.is_none() && asker != user {
            return Outcome::private(p::profile_needs_server(mine));
        }
        let scope = Scope::of_match(guild);
        let read = async {
            let here = self.store.rating(scope, user).await?;
            let global = match scope {
                Scope::Global => None,
                _ => self.store.rating(Scope::Global, user).await?,
            };
            let clans = self.store.clan_records(scope, user).await?;
            let recent = match guild {
                Some(g) => {
                    self.store
                        .history_of_user_in_guild(user, g, PROFILE_MATCHES)
                        .await?
                }
                None => self.store.history_of_user(user, PROFILE_MATCHES).await?,
            };
            Ok::<_, crate::store::StoreError>((here, global, clans, recent))
        };
        let (here, global, clans, recent) = match read.await {
            Ok(x) => x,
            Err(e) => return Outcome::private(self.faults.told(mine, None, &e)),
        };
        let name = self.directory.display_name(user).await;
        if here.is_none() && recent.is_empty() {
            return Outcome::private(if guild.is_some() {
                p::profile_none_server(mine, name)
            } else {
                p::profile_none(mine, name)
            });
        }
        let lang = self.directory.public_lang(guild).await;
        let rating = |label: String, r: &Option<PlayerRating>| match r {
            Some(p) => t::profile_rating(
                lang,
                label,
                p.rating.shown(),
                p.rating.deviation.round() as i64,
                t::record(lang, p.games, p.wins),
            ),
            None => t::profile_not_rated(lang, label),
        };
        let mut description = vec![rating(
            if guild.is_some() {
                t::profile_label_server(lang)
            } else {
                t::profile_label(lang)
            },
            &here,
        )];
        if guild.is_some() {
            description.push(rating(t::profile_label_all(lang), &global));
        }
        let mut fields = Vec::new();
        if !clans.is_empty() {
            let lines: Vec<String> = clans
                .iter()
                .map(|c| {
                    let record = t::record(lang, c.games, c.wins);
                    format!("{}: {record}", self.directory.clan_name(lang, c.clan))
                })
                .collect();
            fields.push((t::profile_by_clan(lang), clip(&lines.join("\n"), MAX_FIELD)));
        }
        if !recent.is_empty() {
            let mut lines = Vec::new();
            for e in &recent {
                lines.push(self.profile_line(lang, e, user).await);
            }
            // The numbers are what `/clans replay` takes.
            fields.push((t::profile_recent(lang), clip(&lines.join("\n"), MAX_FIELD)));
        }
        Outcome {
            public: vec![Msg {
                embed: Some(Embed {
                    title: clip(&t::profile_title(lang, name), 256),
                    description: description.join("\n"),
                    fields,
                    image: None,
                }),
                ..Msg::default()
            }],
            ..Outcome::default()
        }
    }

    /// "#12 · won vs Ben · Blood vs Water · <t:...:R>": the match number (a replay will
    /// hang off it), the result for `user`, the opponent, both clans, the date.
    async fn profile_line(&self, lang: Lang, e: &HistoryEntry, user: u64) -> String {
        let me = e
            .seats
            .iter()
            .position(|p| *p == Player::User(user))
            .unwrap_or(0);
        let other = 1 - me;
        let opponent = match e.seats[other] {
            Player::User(u) => self.directory.display_name(u).await,
            p => self.directory.name_of(lang, p, other as Seat),
        };
        let r = &e.result;
        let result = match (r.winner, r.reason) {
            (None, _) => t::result_abandoned(lang),
            (Some(w), reason) => {
                let won = w as usize == me;
                match (won, reason) {
                    (true, Reason::Resign) => t::result_won_resigned(lang),
                    (false, Reason::Resign) => t::result_lost_resigned(lang),
                    (true, Reason::Timeout) => t::result_won_timeout(lang),
                    (false, Reason::Timeout) => t::result_lost_timeout(lang),
                    (true, _) => t::result_won(lang),
                    (false, _) => t::result_lost(lang),
                }
            }
        };
        t::profile_line(
            lang,
            r.match_id,
            result,
            opponent,
            self.directory.clan_name(lang, e.clans[me]),
            self.directory.clan_name(lang, e.clans[other]),
            (r.finished_at / 1000).to_string(),
        )
    }
}

fn signed(d: i64) -> String {
    if d >= 0 {
        format!("+{d}")
    } else {
        format!("−{}", -d)
    }
}

//! What a player looks up: a match's board reposted where they ask, their active
//! matches, recent results, and which match a command in a channel is about.

use super::Matches;
use crate::app::limits::Action;
use crate::app::msg::{MAX_CONTENT, clip};
use crate::app::{Outcome, Place};
use crate::game::Seat;
use crate::i18n::messages::panel as p;
use crate::store::{MatchId, Millis, Player, Reason};

impl Matches {
    /// The match's posts go to `thread` from now on (a thread made after the match, so
    /// that the player who accepted is answered before Discord's slow thread creation).
    /// `false`: not saved (logged), and the match plays on where it was.
    pub async fn move_to_thread(&self, match_id: MatchId, thread: u64) -> bool {
        match self.store.set_thread(match_id, thread).await {
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(match_id, "could not save the match's thread: {e}");
                false
            }
        }
    }

    /// Makes the posted `message` in `channel` the match's live board; returns the board
    /// it replaces, whose buttons the caller takes off (a failure to save is logged: the
    /// old board keeps its buttons, whose clicks are still judged by the match).
    pub async fn live_board(
        &self,
        match_id: MatchId,
        channel: u64,
        message: u64,
    ) -> Option<(u64, u64)> {
        self.store
            .swap_live_board(match_id, channel, message)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(match_id, "could not save the match's board post: {e}");
                None
            })
    }

    /// Reposts the current board of a match where `user` asked (`place`), with its
    /// buttons and without pinging anyone. Only the match's players, or anyone in the
    /// server where the match lives, may repost it; rate-limited per user and server.
    pub async fn board(&self, match_id: MatchId, user: u64, place: Place, now: Millis) -> Outcome {
        if let Err(slow) = self.gate.allow(Action::Board, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let lang = self.directory.user_lang(user).await;
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let home = place.guild.is_some() && place.guild == loaded.info.guild;
        if !home && super::seat_of(&loaded, user).is_none() {
            return Outcome::private(p::board_not_here(lang, match_id));
        }
        let mut post = self.boards.board_post(&loaded, &[], "").await;
        post.pings.clear();
        Outcome {
            public: vec![post],
            ..Outcome::default()
        }
    }

    /// The user's active matches, as text with the channel links.
    pub async fn active(&self, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        match self.store.active_matches_of_user(user).await {
            Ok(ms) if ms.is_empty() => Outcome::private(p::no_active_matches(lang)),
            Ok(ms) => {
                // As many as one message holds (at most 20), and how many more there are:
                // never a list that looks whole but is not.
                const SHOWN: usize = 20;
                let tail = p::active_matches_more(lang, SHOWN, ms.len())
                    .chars()
                    .count();
                let mut lines: Vec<String> = Vec::new();
                let mut used = 0;
                for m in ms.iter().take(SHOWN) {
                    let channel = m.thread.unwrap_or(m.channel).to_string();
                    let mut line = p::active_match(lang, m.id, channel, m.version);
                    if let Some(away) = self.presence.opponent_away(m.seats, user, lang, now).await
                    {
                        line = format!("{line} · {away}");
                    }
                    used += line.chars().count() + 1;
                    if used + tail > MAX_CONTENT {
                        break;
                    }
                    lines.push(line);
                }
                if lines.len() < ms.len() {
                    lines.push(p::active_matches_more(
                        lang,
                        lines.len(),
                        ms.len() - lines.len(),
                    ));
                }
                Outcome::private(clip(&lines.join("\n"), MAX_CONTENT))
            }
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// Recent results: of the server (`guild`), or the user's own (`mine`, or outside a
    /// server). Names come from the store, so they read well after a restart.
    pub async fn history(&self, guild: Option<u64>, user: u64, mine: bool) -> Outcome {
        const SHOWN: i64 = 10;
        let lang = self.directory.user_lang(user).await;
        let (entries, server) = match guild.filter(|_| !mine) {
            Some(g) => (self.store.history_of_guild(g, SHOWN).await, true),
            None => (self.store.history_of_user(user, SHOWN).await, false),
        };
        let entries = match entries {
            Ok(e) => e,
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if entries.is_empty() {
            return Outcome::private(if server {
                p::history_none_server(lang)
            } else {
                p::history_none_you(lang)
            });
        }
        let mut lines = vec![if server {
            p::history_title_server(lang)
        } else {
            p::history_title_you(lang)
        }];
        for e in &entries {
            let mut names = [String::new(), String::new()];
            for (s, p) in e.seats.iter().enumerate() {
                names[s] = match p {
                    Player::User(u) => self.directory.display_name(*u).await,
                    ai => self.directory.name_of(lang, *ai, s as Seat),
                };
            }
            let r = &e.result;
            let result = match (r.winner, r.reason) {
                (Some(w), Reason::Win) => p::history_won(lang, names[w as usize].as_str()),
                (Some(w), Reason::Resign) => p::history_won_resigned(
                    lang,
                    names[w as usize].as_str(),
                    names[1 - w as usize].as_str(),
                ),
                (Some(w), _) => p::history_won_timeout(
                    lang,
                    names[w as usize].as_str(),
                    names[1 - w as usize].as_str(),
                ),
                (None, _) => p::history_abandoned(lang),
            };
            lines.push(p::history_line(
                lang,
                r.match_id,
                names[0].as_str(),
                names[1].as_str(),
                result,
                (r.finished_at / 1000).to_string(),
            ));
        }
        Outcome::private(clip(&lines.join("\n"), MAX_CONTENT))
    }

    /// The match the user plays in `channel` (or her only/latest active match).
    pub async fn match_here(&self, user: u64, channel: u64) -> Option<MatchId> {
        let ms = self.store.active_matches_of_user(user).await.ok()?;
        ms.iter()
            .find(|m| m.thread == Some(channel) || m.channel == channel)
            .or(ms.first())
            .map(|m| m.id)
    }
}

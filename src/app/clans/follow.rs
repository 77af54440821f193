//! Following a match: the board's Follow button adds the clicker to the match's thread
//! and has them told by direct message when it ends; Unfollow, in the private answer,
//! stops that. Private: nothing public says who follows. The end is told by the
//! scheduler (`Matches::tell_followers`), one place for every way a match ends (a
//! winning move, a resignation, a timeout, a moderator), each follower claimed once.

use super::Matches;
use crate::app::ids::{CustomId, Verb};
use crate::app::msg::{Button, Msg, Row, Style};
use crate::app::{JoinThread, Outcome};
use crate::i18n::messages::follow as t;
use crate::store::{MatchId, Millis, Status};
use tokio::sync::mpsc;

/// Followers told per tick at most (each is one direct message).
const TELL_CHUNK: i64 = 50;

impl Matches {
    /// The board's Follow: `user` follows match `id`, into its thread.
    pub async fn follow(&self, id: MatchId, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let info = match self.store.info(id).await {
            Ok(i) => i,
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        };
        if info.status == Status::Finished {
            return Outcome::private(t::follow_over(lang, id));
        }
        if info.seats.iter().any(|p| p.user() == Some(user)) {
            return Outcome::private(t::follow_player(lang, id));
        }
        match self.store.follow(id, user, now).await {
            Ok(true) => {}
            Ok(false) => return Outcome::private(t::follow_already(lang, id)),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        }
        let place = match info.thread {
            Some(_) => t::follow_where_thread(lang),
            None => t::follow_where_channel(lang, info.channel.to_string()),
        };
        let unfollow = CustomId::new(id, info.version, Verb::Unfollow).render();
        Outcome {
            reply: Some(Msg {
                rows: vec![Row::Buttons(vec![Button::new(
                    unfollow,
                    t::button_unfollow(lang),
                    Style::Secondary,
                )])],
                ..Msg::text(t::follow_done(lang, id, place))
            }),
            join_thread: info.thread.map(|thread| JoinThread {
                thread,
                user,
                failed: Msg::text(t::follow_join_failed(lang, id, info.channel.to_string())),
            }),
            ..Outcome::default()
        }
    }

    /// Unfollow: no message when match `id` ends. The bot cannot take someone out of a
    /// public thread (that needs Manage Threads, which it does not ask for): the answer
    /// says how to leave it.
    pub async fn unfollow(&self, id: MatchId, user: u64) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let text = match self.store.unfollow(id, user).await {
            Ok(true) => t::unfollow_done(lang, id),
            Ok(false) => t::unfollow_not(lang, id),
            Err(e) => self.faults.told(lang, Some(id), &e),
        };
        Outcome {
            reply: Some(Msg::text(text)),
            replaces: true,
            ..Outcome::default()
        }
    }

    /// The scheduler's part: each follower of a match that ended, not told yet, is
    /// claimed and sent a direct message (how it ended, a link to its thread). Returns
    /// how many were told.
    pub(crate) async fn tell_followers(&self, now: Millis, sink: &mpsc::Sender<Outcome>) -> usize {
        let due = match self.store.followers_to_tell(TELL_CHUNK).await {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("could not read the followers to tell: {e}");
                return 0;
            }
        };
        let mut told = 0;
        for (id, user) in due {
            match self.store.claim_follower_told(id, user, now).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(match_id = id, "could not claim a follower's message: {e}");
                    continue;
                }
            }
            let Some(text) = self.ended_for_follower(id, user).await else {
                continue;
            };
            told += 1;
            let _ = sink
                .send(Outcome {
                    dms: vec![(user, Msg::text(text))],
                    ..Outcome::default()
                })
                .await;
        }
        told
    }

    /// "Match #7, which you follow, has ended." with its result and a link.
    async fn ended_for_follower(&self, id: MatchId, user: u64) -> Option<String> {
        let lang = self.directory.user_lang(user).await;
        let info = self.store.info(id).await.ok()?;
        let result = self.store.result(id).await.ok()??;
        let line = match (result.winner, self.store.load(id).await) {
            (Some(w), Ok(loaded)) => {
                self.boards
                    .winner_line(&loaded, w, result.reason, lang)
                    .await
            }
            // Its log already pruned (the bot was down for the operator's retention):
            // still who won, without the ratings' line.
            (Some(w), Err(_)) => self.boards.winner_words(&info, w, result.reason, lang),
            (None, _) => crate::i18n::messages::match_abandoned(lang, id),
        };
        let link = match info.guild {
            Some(g) => format!(
                "https://discord.com/channels/{g}/{}",
                info.thread.unwrap_or(info.channel)
            ),
            None => String::new(),
        };
        Some(t::follow_ended(lang, id, line, link))
    }
}

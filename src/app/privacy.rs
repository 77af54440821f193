//! `/clans forget-me`: a player asks to be forgotten. The question says what follows
//! (the running matches resigned, what is deleted, what is kept without them); the
//! confirmation resigns each running match with its usual final post, then has the
//! store forget the player in one transaction (`Store::forget_user`), then drops what
//! the directory remembers of them in memory.
//!
//! The buttons carry no user: they act on whoever clicks them, and only that player
//! sees the question (an ephemeral reply).

use super::Outcome;
use super::clans::Matches;
use super::directory::Directory;
use super::failures::Faults;
use super::msg::{Button, Msg, Row, Style};
use crate::i18n::messages::privacy as t;
use crate::store::Store;
use std::sync::Arc;

/// The custom ids' prefix of the question's buttons: `me:forget:yes|no`.
pub const PREFIX: &str = "me";

/// A click on the question: forget (`true`) or keep; `None` for another id.
pub fn parse(custom_id: &str) -> Option<bool> {
    match custom_id {
        "me:forget:yes" => Some(true),
        "me:forget:no" => Some(false),
        _ => None,
    }
}

fn id(forget: bool) -> String {
    format!("{PREFIX}:forget:{}", if forget { "yes" } else { "no" })
}

pub struct Privacy {
    store: Store,
    directory: Directory,
    faults: Faults,
    matches: Arc<Matches>,
}

impl Privacy {
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        matches: Arc<Matches>,
    ) -> Privacy {
        Privacy {
            store,
            directory,
            faults,
            matches,
        }
    }

    /// `/clans forget-me`: what forgetting does, with Forget me and Keep my data.
    pub async fn ask(&self, user: u64) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let running = match self.store.active_matches_of_user(user).await {
            Ok(m) => m.len(),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        Outcome {
            reply: Some(Msg {
                rows: vec![Row::Buttons(vec![
                    Button::new(id(true), t::forget_button_yes(lang), Style::Danger),
                    Button::new(id(false), t::forget_button_no(lang), Style::Secondary),
                ])],
                ..Msg::text(t::forget_ask(lang, running))
            }),
            ..Outcome::default()
        }
    }

    /// The answer to the question: the first outcome replaces it, the others are the
    /// resigned matches' final posts. A second click finds nothing left to forget.
    pub async fn answer(&self, user: u64, forget: bool, now: crate::store::Millis) -> Vec<Outcome> {
        let lang = self.directory.user_lang(user).await;
        let reply = |text: String| Outcome {
            reply: Some(Msg::text(text)),
            replaces: true,
            ..Outcome::default()
        };
        if !forget {
            return vec![reply(t::forget_kept(lang))];
        }
        let running = match self.store.active_matches_of_user(user).await {
            Ok(m) => m,
            Err(e) => return vec![Outcome::private(self.faults.told(lang, None, &e))],
        };
        let mut outs = vec![Outcome::default()];
        let mut resigned = 0;
        for m in &running {
            let out = self.matches.resign(m.id, user).await;
            if !out.public.is_empty() {
                resigned += 1;
                outs.push(Outcome {
                    reply: None,
                    replaces: false,
                    ..out
                });
            }
        }
        let done = match self.store.forget_user(user, now).await {
            Ok(d) => d,
            Err(e) => {
                outs[0] = Outcome::private(self.faults.told(lang, None, &e));
                return outs;
            }
        };
        self.directory.forget(user);
        outs[0] = if done.placeholder == 0 && resigned == 0 {
            reply(t::forget_nothing(lang))
        } else {
            reply(t::forget_done(lang, resigned, done.deleted, done.replaced))
        };
        outs
    }
}

//! Hints: in a match against the AI, the move the normal level's search prefers for
//! the player who asks, with its chance to win, worded as the panel's choice (the
//! button the player would click). The search sees only what the player sees (their
//! view; the hidden cards are sampled, never read). Never in a match between people:
//! there a hint would be help from outside the game. A match with a hint is marked
//! assisted before the hint is shown, so a hint is never given unmarked; it is not
//! rated and its final post says so.

use super::Matches;
use super::panel;
use crate::ai::mcts::MctsBot;
use crate::ai::{Level, derive_seed};
use crate::app::Outcome;
use crate::i18n::messages::panel as p;
use crate::render::analysis::percent;
use crate::store::{MatchId, MatchInfo, Player};

/// Whether a match offers hints: one with an AI seat (a lesson match included).
pub(super) fn offers_hints(info: &MatchInfo) -> bool {
    info.seats.iter().any(|s| matches!(s, Player::Ai(_)))
}

impl Matches {
    /// A hint for `user` in the match at `version` (a private note beside the panel).
    pub async fn hint(&self, match_id: MatchId, version: i64, user: u64) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        if !offers_hints(&loaded.info) {
            return Outcome::private(p::hint_only_against_ai(lang));
        }
        if loaded.info.version != version {
            return Outcome::private(p::hint_out_of_date(lang));
        }
        let (state, rules) = (&loaded.state, loaded.rules.clone());
        if loaded.info.status != crate::store::Status::Active || !state.waits_for(seat) {
            return Outcome::private(p::hint_nothing(lang));
        }
        let legal = state.legal(&rules, seat);
        let players = panel::panel_names(&self.directory.names(&loaded).await);
        let players = Some([players[0].as_str(), players[1].as_str()]);
        let label = |index: usize| {
            panel::choices(lang, players, &loaded.rules, state, seat)
                .into_iter()
                .find(|c| c.index == index)
                .map(|c| c.label)
                .unwrap_or_default()
        };
        if legal.len() == 1 {
            // No help to give, so the match stays unassisted.
            return Outcome::private(p::hint_only_choice(lang, label(0)));
        }
        let view = state.view(&rules, Some(seat));
        // One core at a time with the AI's own turns (the same slots).
        let Ok(_slot) = self.ai.slots.clone().acquire_owned().await else {
            return Outcome::private(p::hint_failed(lang));
        };
        let seed = derive_seed(match_id as u64, version as u64);
        let search_legal = legal.clone();
        let rated = tokio::task::spawn_blocking(move || {
            MctsBot::new(seed, Level::Normal.budget()).rate(&rules, &view, &search_legal)
        })
        .await
        .unwrap_or_default();
        let Some(best) = rated.first() else {
            return Outcome::private(p::hint_failed(lang));
        };
        let next = rated.get(1).map(|r| r.mean);
        let Some(index) = legal.iter().position(|i| *i == best.input) else {
            return Outcome::private(p::hint_failed(lang));
        };
        match self.store.mark_assisted(match_id).await {
            Ok(true) => {}
            Ok(false) => return Outcome::private(p::hint_nothing(lang)),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        }
        let mut text = p::hint_text(
            lang,
            label(index),
            percent(best.mean),
            next.map(|n| p::hint_next(lang, percent(n)))
                .unwrap_or_default(),
        );
        if !loaded.info.assisted {
            text.push('\n');
            text.push_str(&p::hint_assisted(lang));
        }
        Outcome::private(text)
    }
}

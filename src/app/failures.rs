//! Store errors on their way to a player: logged for the operator first, so that "the
//! bot's operator has been told" is true, then worded for the player in their language.

use crate::i18n::{Lang, messages::panel as p};
use crate::store::{MatchId, Store, StoreError, Subject};
use std::sync::atomic::{AtomicBool, Ordering};

static DIAGNOSING: AtomicBool = AtomicBool::new(false);

/// Where store errors are logged and worded; it asks the store for a diagnosis.
#[derive(Clone)]
pub struct Faults {
    store: Store,
}

impl Faults {
    pub fn new(store: Store) -> Faults {
        Faults { store }
    }

    /// The player's text for a store error in `lang`, after logging it ([`Faults::fault`]).
    pub fn told(&self, lang: Lang, match_id: Option<MatchId>, e: &StoreError) -> String {
        self.fault(match_id, e);
        words(lang, e)
    }

    /// Logs a store error with the match it concerns: a fault (a database failure,
    /// damaged or incompatible data) at warn or error, a refusal at debug. The log line
    /// carries the error's own detail, which names causes and rows but never a hand, a
    /// secret battle card or a draw order. A pool timeout alone does not say why: the
    /// store is asked (`Store::diagnose`, in the background so the player's answer does
    /// not wait for it) and the cause logged after.
    pub fn fault(&self, match_id: Option<MatchId>, e: &StoreError) {
        let id = e.match_id().or(match_id);
        match e {
            StoreError::Unavailable { .. } => {
                tracing::warn!(match_id = id, "store unavailable: {e}");
                // One diagnosis at a time: a failing database fails many clicks at once.
                if !DIAGNOSING.swap(true, Ordering::AcqRel) {
                    let store = self.store.clone();
                    tokio::spawn(async move {
                        match store.diagnose().await {
                            Some(cause) => tracing::warn!("store diagnosis: {cause}"),
                            None => tracing::info!("store diagnosis: a connection opens now"),
                        }
                        DIAGNOSING.store(false, Ordering::Release);
                    });
                }
            }
            // The store said so at error level once; every refused click need not.
            StoreError::Gone { .. } => tracing::warn!(match_id = id, "store: {e}"),
            e if e.is_fault() => tracing::error!(match_id = id, "store: {e}"),
            e => tracing::debug!(match_id = id, "refused: {e}"),
        }
    }
}

/// What a player reads for a store error. The detail of a refusal (a rule the engine
/// names, a reason the store gives) exists in English only: German says that nothing
/// changed without it (the log has it).
pub fn words(lang: Lang, e: &StoreError) -> String {
    match e {
        StoreError::Stale { .. } => p::store_out_of_date(lang),
        StoreError::Rules { error, .. } => p::store_refused_move(lang, error.to_string()),
        StoreError::NotFound(_) => p::store_not_found(lang),
        StoreError::Pruned(id) => p::store_pruned(lang, *id),
        StoreError::Finished(Subject::Match(_)) => p::store_finished(lang),
        StoreError::Finished(Subject::Crystallo(_)) => p::store_game_finished(lang),
        StoreError::Setup(_) => p::store_setup(lang),
        StoreError::Corrupt { match_id, .. } => p::store_corrupt(lang, *match_id),
        StoreError::Incompatible { match_id, .. } => p::store_incompatible(lang, *match_id),
        StoreError::BadSettings { .. } => p::store_bad_settings(lang),
        StoreError::Invalid(why) => p::store_refused(lang, why.as_str()),
        e @ StoreError::Unavailable { .. } if e.while_reading() => p::store_load_failed(lang),
        StoreError::Unavailable { .. } => p::store_save_failed(lang),
        StoreError::Gone { .. } => p::store_gone(lang),
        StoreError::Damaged { .. } => p::store_damaged(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Doing;

    /// Every store error has words of its own in both languages (the store has none:
    /// regression, its English sat in `StoreError` and again here), German without the
    /// English detail, and a failed read is told apart from a failed save by the store's
    /// own word for it, not by the app reading its prose.
    #[test]
    fn store_errors_are_worded_here_in_both_languages() {
        let unavailable = |doing| StoreError::Unavailable {
            doing,
            detail: "x".into(),
        };
        let cases = [
            (
                StoreError::NotFound(3),
                "That match does not exist (any more).",
            ),
            (
                StoreError::Finished(Subject::Match(3)),
                "That match is over.",
            ),
            (
                StoreError::Pruned(3),
                "Match #3 is over, and its moves are no longer kept: this bot deletes a \
                 finished match's moves after a while. Its result stays in the history.",
            ),
            (
                StoreError::Finished(Subject::Crystallo(3)),
                "That game is over.",
            ),
            (
                StoreError::Invalid("no input to submit".into()),
                "That cannot be done: no input to submit.",
            ),
            (
                StoreError::Setup("x".into()),
                "The match could not be set up.",
            ),
            (
                StoreError::Gone {
                    doing: Doing::write("saving a move"),
                    detail: "x".into(),
                },
                "Not saved: the bot has lost its database. The bot's operator has been told.",
            ),
            (
                StoreError::Damaged {
                    doing: Doing::read("reading a match"),
                    detail: "x".into(),
                },
                "The bot's database is damaged, so this could not be done (trying again will \
                 not help). The bot's operator has been told.",
            ),
            (
                unavailable(Doing::read("reading a match")),
                "Could not load the match, try again.",
            ),
            (
                unavailable(Doing::write("saving a move")),
                "Could not save, try again.",
            ),
        ];
        for (e, english) in &cases {
            assert_eq!(words(Lang::En, e), *english);
            let de = words(Lang::De, e);
            assert!(!de.is_empty() && de != *english, "{de}");
            assert!(!de.contains("no input"), "{de}");
        }
    }
}

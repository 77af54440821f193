//! Store errors on their way to a player: logged for the operator first, so that "the
//! bot's operator has been told" is true, then worded for the player.

use super::App;
use crate::store::{MatchId, StoreError};
use std::sync::atomic::{AtomicBool, Ordering};

static DIAGNOSING: AtomicBool = AtomicBool::new(false);

impl App {
    /// The player's text for a store error, after logging a fault (a database failure,
    /// damaged or incompatible data) with the match it concerns. The log line carries
    /// the error's own detail, which names causes and rows but never a hand, a secret
    /// battle card or a draw order. A pool timeout alone does not say why: the store is
    /// asked (`Store::diagnose`, in the background so the player's answer does not wait
    /// for it) and the cause logged after.
    pub fn told(&self, match_id: Option<MatchId>, e: &StoreError) -> String {
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
            e if e.is_fault() => tracing::error!(match_id = id, "store: {e}"),
            e => tracing::debug!(match_id = id, "refused: {e}"),
        }
        e.user_message()
    }
}

//! A match whose clock ran out: the seat that kept it waiting loses (both waiting:
//! it is abandoned, and nobody wins). The scheduler finds it due (`timers.rs`), a
//! league round's deadline too (`league/rounds.rs`).

use super::Matches;
use crate::app::Outcome;
use crate::app::timers::TickReport;
use crate::store::{Due, Loaded, Reason, StoreError};
use tokio::sync::mpsc;

impl Matches {
    /// Ends the match of `d` as lost on time (or abandoned), unless it moved or ended
    /// meanwhile; its final post goes to `sink`, and `report` counts it.
    pub(crate) async fn time_out(
        &self,
        d: Due,
        loaded: &Loaded,
        sink: &mpsc::Sender<Outcome>,
        report: &mut TickReport,
    ) {
        // The seat that kept the match waiting loses (both waiting: nobody wins).
        let winner = match loaded.state.waiting().as_slice() {
            [s] => Some(1 - *s),
            _ => None,
        };
        let reason = if winner.is_some() {
            Reason::Timeout
        } else {
            Reason::Abandoned
        };
        match self
            .store
            .finish(d.match_id, Some(d.version), winner, reason)
            .await
        {
            Ok(_) => {
                let lang = self.directory.public_lang(loaded.info.guild).await;
                let line = match winner {
                    Some(w) => self.boards.winner_line(loaded, w, reason, lang).await,
                    None => crate::i18n::messages::match_abandoned(lang, d.match_id),
                };
                report.timeouts += 1;
                let _ = sink
                    .send(Outcome {
                        public: vec![self.end_post(lang, loaded, &line)],
                        replay: (self.images && winner.is_some()).then_some(d.match_id),
                        ..Outcome::in_match(&loaded.info)
                    })
                    .await;
            }
            // It moved or ended meanwhile: the move wins.
            Err(StoreError::Stale { .. } | StoreError::Finished(_)) => {}
            Err(e) => {
                tracing::warn!(match_id = d.match_id, "could not apply a timeout: {e}");
                report.deferred += 1;
            }
        }
    }
}

//! A match whose clock ran out: the seat that kept it waiting loses (both waiting:
//! it is abandoned, and nobody wins), unless the server gives a grace and theirs is
//! unused: then their forfeit moves on, once a match. The scheduler finds it due (`timers.rs`), a
//! league round's deadline too (`league/rounds.rs`).

use super::Matches;
use crate::app::Outcome;
use crate::app::timers::TickReport;
use crate::store::{Due, Loaded, Millis, Reason, StoreError};
use tokio::sync::mpsc;

impl Matches {
    /// Ends the match of `d` as lost on time (or abandoned) at `now`, unless it moved or
    /// ended meanwhile or the server's grace puts it off; its final post goes to `sink`,
    /// and `report` counts it.
    pub(crate) async fn time_out(
        &self,
        d: Due,
        loaded: &Loaded,
        now: Millis,
        sink: &mpsc::Sender<Outcome>,
        report: &mut TickReport,
    ) {
        // The seat that kept the match waiting loses (both waiting: nobody wins).
        let winner = match loaded.state.waiting().as_slice() {
            [s] => Some(1 - *s),
            _ => None,
        };
        // Its own clock ran out (a league's round has its own deadline): the server's
        // one grace a match comes first.
        if let (Some(w), Some(_)) = (winner, loaded.info.deadlines.timeout_at)
            && self.grace(&d, loaded, 1 - w, now, sink, report).await
        {
            return;
        }
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

    /// The server's grace for `late` (`GuildSettings::grace_minutes`), once a match for
    /// each player: their forfeit moves on and they are pinged. Returns whether it was
    /// granted (else the forfeit goes on: no grace here, or theirs is used).
    async fn grace(
        &self,
        d: &Due,
        loaded: &Loaded,
        late: u8,
        now: Millis,
        sink: &mpsc::Sender<Outcome>,
        report: &mut TickReport,
    ) -> bool {
        let Some(guild) = loaded.info.guild else {
            return false;
        };
        let Some(minutes) = self
            .directory
            .server_settings(guild)
            .await
            .ok()
            .and_then(|s| s.grace_minutes)
        else {
            return false;
        };
        // Counted from when the scheduler found the time run out (after a bot that was
        // down, not from a deadline long past).
        let now = now.max(d.at);
        let at = match self
            .store
            .grant_grace(d.match_id, d.version, late, minutes, now)
            .await
        {
            Ok(Some(at)) => at,
            // Used before (the forfeit goes on), or granted just now by another tick
            // (its forfeit is later than now: nothing more to do here).
            Ok(None) => {
                return self
                    .store
                    .info(d.match_id)
                    .await
                    .is_ok_and(|i| i.deadlines.timeout_at.is_some_and(|t| t > now));
            }
            Err(e) => {
                tracing::warn!(match_id = d.match_id, "could not grant a grace: {e}");
                report.deferred += 1;
                return true;
            }
        };
        report.graces += 1;
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let who = loaded.info.seats[late as usize].user();
        let line = crate::i18n::messages::grace_granted(
            lang,
            who.map(crate::app::mention).unwrap_or_default(),
            d.match_id,
            crate::app::duration_in(lang, minutes),
            at / 1000,
        );
        let _ = sink
            .send(Outcome {
                public: vec![crate::app::msg::Msg {
                    pings: who.into_iter().collect(),
                    ..crate::app::msg::Msg::text(line)
                }],
                ..Outcome::in_match(&loaded.info)
            })
            .await;
        true
    }
}

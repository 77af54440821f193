//! The morning recap of a server's daily: the day after, from 08:00 in the server's time
//! zone, the bot posts the day's leaderboard, how many reached each title, and the best
//! cavern's picture, which is no spoiler any more (that day's deal is over).
//!
//! Driven by the scheduler's tick and by the store: a (server, day) with finished
//! dailies and no recap row is due; the row is claimed before posting, so one process
//! posts it once, across restarts. A recap is only posted while it is still the next
//! day there: after a longer outage the missed ones are claimed without a post (a
//! recap of last week would only be noise).

use super::{Crystallo, LEADERBOARD_SIZE, date, local_day_end};
use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::i18n::messages::crystallo as m;
use crate::store::Millis;
use crate::store::crystallo::utc_day;
use tokio::sync::mpsc;

/// How long after a day's local midnight its recap comes: the next morning at 08:00.
pub const RECAP_AFTER_MS: Millis = 8 * 60 * 60 * 1000;

impl Crystallo {
    /// Posts every recap due at `now` to `sink`; returns how many were posted.
    pub async fn recaps(&self, now: Millis, sink: &mpsc::Sender<Outcome>) -> usize {
        // Any zone's yesterday is at most two UTC days back.
        let pending = match self.store.crystallo_recaps_pending(utc_day(now) - 2).await {
            Ok(p) => p,
            Err(e) => {
                self.faults.fault(None, &e);
                return 0;
            }
        };
        let mut posted = 0;
        for (guild, day) in pending {
            let zone = self.zone(guild).await;
            let morning = local_day_end(&zone, day) + RECAP_AFTER_MS;
            if now < morning {
                continue;
            }
            let stale = now >= local_day_end(&zone, day + 1);
            match self.store.claim_crystallo_recap(guild, day, now).await {
                Ok(true) if !stale => {}
                Ok(_) => continue,
                Err(e) => {
                    self.faults.fault(None, &e);
                    continue;
                }
            }
            if let Some(out) = self.recap(guild, day).await
                && sink.send(out).await.is_ok()
            {
                posted += 1;
            }
        }
        posted
    }

    /// The recap of `guild`'s daily of `day`, in the server's language, to the channel
    /// its best game was posted in. `None` when nobody finished it (cannot happen for
    /// a pending recap) or the store failed (logged).
    async fn recap(&self, guild: u64, day: i64) -> Option<Outcome> {
        let top = match self.store.crystallo_leaderboard(guild, day, i64::MAX).await {
            Ok(t) => t,
            Err(e) => {
                self.faults.fault(None, &e);
                return None;
            }
        };
        let best = top.first()?;
        let lang = self.directory.public_lang(Some(guild)).await;
        let mut lines = vec![m::recap_heading(lang, date(day), top.len())];
        let shown = top.len().min(LEADERBOARD_SIZE as usize);
        lines.extend(self.board_lines(lang, &top[..shown]).await);
        // How many reached each cell of the scoring table, best first.
        let mut cells: Vec<(i64, String, usize)> = Vec::new();
        for p in &top {
            let title = m::title(lang, &p.ending.wealth, &p.ending.title);
            match cells.iter_mut().find(|(_, t, _)| *t == title) {
                Some(c) => c.2 += 1,
                None => cells.push((p.ending.score, title, 1)),
            }
        }
        cells.sort_by_key(|c| std::cmp::Reverse(c.0));
        let cells: Vec<String> = cells.iter().map(|(_, t, n)| format!("{t} ×{n}")).collect();
        lines.push(m::recap_titles(lang, cells.join(" · ")));
        let name = self.directory.display_name(best.user).await;
        lines.push(m::recap_best(lang, name));
        let g = match self.store.crystallo_game(best.id).await {
            Ok(g) => g,
            Err(e) => {
                self.faults.fault(None, &e);
                return None;
            }
        };
        let mut msg = Msg::text(lines.join("\n"));
        // The day is over: the picture needs no spoiler.
        msg.files.extend(self.final_picture(&g, lang, false).await);
        Some(Outcome {
            public: vec![msg],
            channel: Some(g.channel),
            ..Outcome::default()
        })
    }
}

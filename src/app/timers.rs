//! The scheduler: due reminders and timeouts, and the store's upkeep (idle matches
//! against the AI, old challenge claims).
//!
//! A tick works through everything due, page by page, until nothing is left or its
//! time budget runs out, and hands each outcome to a sink as soon as it is decided; the
//! Discord layer posts from that sink several at a time (`super::posting`), so a backlog
//! drains at Discord's pace instead of one post after another. A match that cannot be
//! loaded is set aside once (deadlines cleared, reason recorded) so it never blocks the
//! others, and is not retried every tick.

use super::msg::Msg;
use super::{App, CHALLENGE_TTL_MS, Outcome, mention};
use crate::store::{
    Due, DueCursor, DueKind, Loaded, MatchId, Millis, Reason, ReminderClaim, StoreError,
};
use futures_util::StreamExt;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long one tick may work through due items; what is left waits for the next tick.
pub const TICK_BUDGET: Duration = Duration::from_secs(20);

/// Due items read per page (each page's reminders are claimed in one transaction).
const PAGE: i64 = 200;

/// Matches loaded at once (reading and checking a snapshot is mostly CPU).
const LOADS_AT_ONCE: usize = 4;

/// A match against the AI with no move for this many days is abandoned (the person
/// left it; the AI would wait for ever).
pub const AI_IDLE_DAYS: i64 = 30;

const DAY_MS: Millis = 24 * 60 * 60 * 1000;

/// Challenge claims are kept this long after the click: past it the challenge expired
/// long ago (a claim comes after the challenge was posted, and a challenge lives
/// [`CHALLENGE_TTL_MS`]), with an hour's margin for clocks of several bot processes.
pub const CLAIM_RETENTION_MS: Millis = CHALLENGE_TTL_MS + 60 * 60 * 1000;

/// Rows per upkeep step.
const UPKEEP_CHUNK: i64 = 500;

/// What one tick did (for the log and the tests).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TickReport {
    /// Reminders and warnings handed to the sink.
    pub reminders: usize,
    /// Matches forfeited or abandoned for running out of time.
    pub timeouts: usize,
    /// Matches this tick set aside because they cannot be loaded.
    pub held: Vec<MatchId>,
    /// Due items left for a later tick after a transient failure (the database).
    pub deferred: usize,
    /// Matches against the AI abandoned for being idle.
    pub abandoned: Vec<MatchId>,
    /// Challenge claims deleted.
    pub claims_pruned: u64,
    /// Unfinished practice games deleted after [`AI_IDLE_DAYS`] without a placement.
    pub practice_expired: u64,
    /// Finished matches whose logs were deleted after the operator's retention.
    pub logs_pruned: u64,
    /// The budget ran out with items possibly still due.
    pub out_of_time: bool,
    /// Clocks stopped because the player they wait for is away, and restarted because
    /// an absence ended (`away.rs`).
    pub paused: usize,
    pub resumed: usize,
    /// Catch-ups after quiet hours and digests sent (`notify.rs`).
    pub owed_sent: usize,
    /// Morning recaps of the servers' Crystallo dailies posted (`crystallo/recap.rs`).
    pub recaps: usize,
    /// Followers told by direct message that a match they follow ended.
    pub followers_told: usize,
    /// Forfeits put off by the server's grace (`clans/timeout.rs`).
    pub graces: usize,
}

impl App {
    /// Everything due at `now` (see [`App::tick_into`]), collected.
    pub async fn tick(&self, now: Millis) -> Vec<Outcome> {
        let (tx, mut rx) = mpsc::channel(64);
        let work = async move {
            self.tick_into(now, TICK_BUDGET, &tx).await;
        };
        let collect = async {
            let mut out = Vec::new();
            while let Some(o) = rx.recv().await {
                out.push(o);
            }
            out
        };
        tokio::join!(work, collect).1
    }

    /// Ticks back to back while each runs out of its budget (a backlog), so a backlog
    /// drains without a pause between ticks; returns the reports once a tick finishes
    /// within its budget. `clock` is read at the start of each tick.
    pub async fn drain(
        &self,
        clock: &(dyn Fn() -> Millis + Send + Sync),
        budget: Duration,
        sink: &mpsc::Sender<Outcome>,
    ) -> Vec<TickReport> {
        let mut reports = Vec::new();
        loop {
            let r = self.tick_into(clock(), budget, sink).await;
            let more = r.out_of_time;
            reports.push(r);
            if !more || sink.is_closed() {
                return reports;
            }
        }
    }

    /// Due reminders and timeouts (driven by the database, so they survive restarts),
    /// then upkeep. A reminder goes to `sink` only if this process won its claim, a
    /// timeout only if the match did not move meanwhile, so two processes never both
    /// post. Works until nothing is due or `budget` is spent.
    pub async fn tick_into(
        &self,
        now: Millis,
        budget: Duration,
        sink: &mpsc::Sender<Outcome>,
    ) -> TickReport {
        let started = Instant::now();
        let mut report = TickReport::default();
        let mut cursor: Option<DueCursor> = None;
        // First the absences that ended: their clocks' deadlines may be due already.
        report.resumed = self.presence.resume_absences(now, sink).await;
        report.owed_sent = self.presence.send_owed(now, sink).await;
        loop {
            if started.elapsed() >= budget {
                report.out_of_time = true;
                break;
            }
            let page = match self.store.due_after(now, cursor, PAGE).await {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!("the scheduler could not read deadlines: {e}");
                    break;
                }
            };
            let Some(last) = page.last() else { break };
            cursor = Some(last.cursor());
            self.work_page(now, page, sink, &mut report).await;
        }
        self.leagues.tick(now, sink, &mut report).await;
        report.recaps = self.crystallo.recaps(now, sink).await;
        report.followers_told = self.matches.tell_followers(now, sink).await;
        self.upkeep(now, started, budget, &mut report).await;
        if report != TickReport::default() {
            tracing::info!(
                reminders = report.reminders,
                timeouts = report.timeouts,
                held = report.held.len(),
                deferred = report.deferred,
                abandoned = report.abandoned.len(),
                claims_pruned = report.claims_pruned,
                practice_expired = report.practice_expired,
                logs_pruned = report.logs_pruned,
                out_of_time = report.out_of_time,
                paused = report.paused,
                resumed = report.resumed,
                owed_sent = report.owed_sent,
                recaps = report.recaps,
                followers_told = report.followers_told,
                graces = report.graces,
                "scheduler tick"
            );
        }
        report
    }

    async fn work_page(
        &self,
        now: Millis,
        page: Vec<Due>,
        sink: &mpsc::Sender<Outcome>,
        report: &mut TickReport,
    ) {
        let loaded: Vec<(Due, Result<Loaded, StoreError>)> = futures_util::stream::iter(page)
            .map(|d| async move { (d, self.store.load(d.match_id).await) })
            .buffered(LOADS_AT_ONCE)
            .collect()
            .await;
        let mut claims = Vec::new();
        let mut reminded = Vec::new();
        for (d, loaded) in loaded {
            let loaded = match loaded {
                Ok(l) => l,
                Err(e) => {
                    self.set_aside(d, e, now, report).await;
                    continue;
                }
            };
            if loaded.info.version != d.version {
                // It moved since the page was read: its deadlines were renewed.
                continue;
            }
            match self.presence.away_waiting(&loaded, now).await {
                Ok(None) => {}
                Ok(Some(absence)) => {
                    // The turn reached an away player while their absence was being
                    // recorded: its clock stops from the later of the absence's start
                    // and the turn's, as if it had stopped then.
                    let at = absence.starts_at.max(loaded.info.updated_at);
                    match self.store.pause_clock(d.match_id, d.version, at).await {
                        Ok(true) => {
                            report.paused += 1;
                            let user = absence.user;
                            let _ = sink
                                .send(self.presence.away_notice(&loaded, user, &absence).await)
                                .await;
                        }
                        Ok(false) => {}
                        Err(e) => {
                            tracing::warn!(match_id = d.match_id, "could not pause a clock: {e}");
                            report.deferred += 1;
                        }
                    }
                    continue;
                }
                Err(e) => {
                    tracing::warn!(match_id = d.match_id, "could not read absences: {e}");
                    report.deferred += 1;
                    continue;
                }
            }
            match d.kind {
                DueKind::Reminder => {
                    let (terms, dl) = (&loaded.info.terms, loaded.info.deadlines);
                    if dl.timeout_at.is_some_and(|t| t <= now) {
                        // The forfeit is due too: it says all there is to say.
                        continue;
                    }
                    // Reminders missed while the bot was down collapse into the one
                    // that applies now (the warning, if its time has come).
                    claims.push(ReminderClaim {
                        match_id: d.match_id,
                        version: d.version,
                        at: d.at,
                        next: terms.next_reminder(now, &dl),
                    });
                    reminded.push(loaded);
                }
                DueKind::Timeout => self.matches.time_out(d, &loaded, now, sink, report).await,
            }
        }
        if claims.is_empty() {
            return;
        }
        let won = match self.store.claim_reminders(&claims).await {
            Ok(w) => w,
            Err(e) => {
                tracing::warn!("the scheduler could not save reminders: {e}");
                report.deferred += claims.len();
                return;
            }
        };
        for (loaded, won) in reminded.iter().zip(won) {
            if !won {
                continue;
            }
            let lang = self.directory.public_lang(loaded.info.guild).await;
            if let Some(out) = reminder(loaded, now, lang) {
                report.reminders += 1;
                // A closed sink: the bot is shutting down; the claim is spent either way.
                let _ = sink.send(out).await;
            }
        }
    }

    /// A due item whose match did not load: set aside if it never will as it is.
    async fn set_aside(&self, d: Due, e: StoreError, now: Millis, report: &mut TickReport) {
        // Only the kind of damage goes into the log and the row: the detail may quote
        // an input (a secret battle card); `verify --match` shows it to the operator.
        let reason = match &e {
            StoreError::Corrupt { .. } => "damaged".to_string(),
            StoreError::Incompatible { detail, .. } => format!("incompatible: {detail}"),
            StoreError::NotFound(_) | StoreError::Finished(_) => return,
            _ => {
                tracing::warn!(match_id = d.match_id, "the scheduler will retry: {e}");
                report.deferred += 1;
                return;
            }
        };
        match self.store.hold(d.match_id, d.version, &reason, now).await {
            Ok(true) => {
                tracing::error!(
                    match_id = d.match_id,
                    "match {} set aside by the scheduler ({reason}): its deadlines are \
                     cleared. `crystal-clans verify --match {}` shows the damage; after a \
                     repair `crystal-clans verify --rearm` puts it back on the schedule",
                    d.match_id,
                    d.match_id
                );
                report.held.push(d.match_id);
            }
            // Another process set it aside first, or it moved meanwhile.
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(match_id = d.match_id, "could not set a match aside: {e}");
                report.deferred += 1;
            }
        }
    }

    /// Abandons idle matches against the AI, prunes old challenge claims, expires idle
    /// practice games and deletes finished matches' logs past the operator's retention,
    /// in chunks,
    /// while the tick's budget lasts (at least one chunk each).
    async fn upkeep(&self, now: Millis, started: Instant, budget: Duration, r: &mut TickReport) {
        let before = now - AI_IDLE_DAYS * DAY_MS;
        loop {
            let idle = match self.store.idle_ai_matches(before, UPKEEP_CHUNK).await {
                Ok(i) => i,
                Err(e) => {
                    tracing::warn!("could not look for idle AI matches: {e}");
                    break;
                }
            };
            let full = idle.len() as i64 == UPKEEP_CHUNK;
            let mut progress = false;
            for (id, version) in idle {
                // With the version: a move that just arrived keeps the match alive.
                match self
                    .store
                    .finish(id, Some(version), None, Reason::Abandoned)
                    .await
                {
                    Ok(_) => {
                        tracing::info!(
                            match_id = id,
                            "abandoned: no move against the AI for {AI_IDLE_DAYS} days"
                        );
                        r.abandoned.push(id);
                        progress = true;
                    }
                    Err(StoreError::Stale { .. } | StoreError::Finished(_)) => progress = true,
                    Err(e) => tracing::warn!(match_id = id, "could not abandon: {e}"),
                }
            }
            if !full || !progress || started.elapsed() >= budget {
                break;
            }
        }
        let claims_before = now - CLAIM_RETENTION_MS;
        r.claims_pruned += in_chunks("prune challenge claims", started, budget, || {
            self.store
                .prune_challenge_claims(claims_before, UPKEEP_CHUNK)
        })
        .await;
        // A practice game left unfinished for as long as an idle AI match is abandoned.
        r.practice_expired += in_chunks("expire idle practice games", started, budget, || {
            self.store.prune_idle_practice(before, UPKEEP_CHUNK)
        })
        .await;
        if let Some(days) = self.settings.keep_finished_days {
            let finished_before = now - days as Millis * DAY_MS;
            r.logs_pruned += in_chunks("delete finished matches' logs", started, budget, || {
                self.store
                    .prune_finished_logs(finished_before, UPKEEP_CHUNK, now)
            })
            .await;
        }
    }
}

/// Runs a deletion of up to [`UPKEEP_CHUNK`] rows again while each takes a whole chunk
/// and the tick's budget lasts (at least once); how many rows went. A failure is logged
/// (`what` could not be done) and ends it until the next tick.
async fn in_chunks<F, Fut>(what: &str, started: Instant, budget: Duration, mut chunk: F) -> u64
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = crate::store::Result<u64>>,
{
    let mut done = 0;
    loop {
        match chunk().await {
            Ok(n) => {
                done += n;
                if (n as i64) < UPKEEP_CHUNK || started.elapsed() >= budget {
                    return done;
                }
            }
            Err(e) => {
                tracing::warn!("could not {what}: {e}");
                return done;
            }
        }
    }
}

/// The reminder (or, once a fifth of the turn time is left, the warning) for a match
/// whose reminder this process claimed at `now`; `None` when no person is to move.
fn reminder(loaded: &Loaded, now: Millis, lang: crate::i18n::Lang) -> Option<Outcome> {
    use crate::i18n::messages as t;
    let (terms, dl) = (&loaded.info.terms, loaded.info.deadlines);
    let users: Vec<u64> = loaded
        .state
        .waiting()
        .iter()
        .filter_map(|&s| loaded.info.seats[s as usize].user())
        .collect();
    if users.is_empty() {
        return None;
    }
    let id = loaded.info.id;
    let who = users
        .iter()
        .map(|&u| mention(u))
        .collect::<Vec<_>>()
        .join(" ");
    let text = match dl.timeout_at {
        Some(at) if terms.is_warning(now, &dl) => {
            t::timeout_warning(lang, who, id, (at / 1000).to_string())
        }
        _ => t::reminder(lang, who, id),
    };
    let mut m = Msg::text(text);
    m.pings = users;
    Some(Outcome {
        public: vec![m],
        ..Outcome::in_match(&loaded.info)
    })
}

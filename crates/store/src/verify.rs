//! Checking stored matches: each snapshot against a replay of its setup and inputs, and
//! the row invariants (`crystal-clans verify`).

use super::clans::matches::{load_row, read_inputs};
use super::crystallo::GameId;
use super::error::db;
use super::{
    Deadlines, MatchId, RULES_VERSION, Result, Status, Store, StoreError, StoreOptions, Verdict,
    VerifyReport, sqlite_file,
};
use crate::error::Doing;
use crate::game::State;
use std::path::PathBuf;

impl Store {
    /// Replays one match from its setup and inputs and compares it with its snapshot.
    /// A damaged or incompatible match is a verdict, not an error; the error cases are
    /// a missing match and a database failure.
    pub async fn verify(&self, id: MatchId) -> Result<VerifyReport> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading a match")))?;
        let row = load_row(&mut conn, id).await?;
        let (snap_version, snap_state) = (row.snap_version, row.snap_state);
        let report = |version: Option<i64>, verdict: Verdict| VerifyReport {
            match_id: id,
            version,
            verdict,
        };
        let info = match row.m.into_info() {
            Ok(info) => info,
            Err(e) => {
                return Ok(report(
                    None,
                    Verdict::Damaged {
                        detail: detail_of(e),
                    },
                ));
            }
        };
        let v = Some(info.version);
        if let Err(e) = self.rules_of(&info) {
            return Ok(report(
                v,
                Verdict::Incompatible {
                    detail: detail_of(e),
                },
            ));
        }
        let replayed = match read_inputs(&mut conn, id)
            .await
            .and_then(|inputs| self.replay_inputs(&info, &inputs))
        {
            Ok(s) => s,
            Err(e @ StoreError::Corrupt { .. }) => {
                return Ok(report(
                    v,
                    Verdict::Damaged {
                        detail: detail_of(e),
                    },
                ));
            }
            Err(e) => return Err(e),
        };
        let mut problems = Vec::new();
        match (snap_version, snap_state) {
            (Some(sv), Some(json)) => {
                if sv != info.version {
                    problems.push(format!(
                        "the snapshot is of version {sv}, the match is at version {}",
                        info.version
                    ));
                }
                // A snapshot written under older (replayable) rules may have another
                // shape; such a match is checked by its replay alone.
                if info.rules_version == RULES_VERSION {
                    match serde_json::from_str::<State>(&json) {
                        Ok(snap) if snap == replayed => {}
                        Ok(snap) => problems.push(format!(
                            "the snapshot differs from the replay in {}",
                            differing_fields(&snap, &replayed)
                        )),
                        Err(e) => {
                            return Ok(report(
                                v,
                                Verdict::Damaged {
                                    detail: format!("the snapshot is unreadable: {e}"),
                                },
                            ));
                        }
                    }
                }
            }
            _ => problems.push("the match has no snapshot".into()),
        }
        let results: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM results WHERE match_id = $1")
            .bind(id)
            .fetch_one(&mut *conn)
            .await
            .map_err(db(Doing::read("reading a result")))?;
        match (info.status, results) {
            (Status::Active, 0) | (Status::Finished, 1) => {}
            (Status::Active, _) => problems.push("an active match has a result".into()),
            (Status::Finished, _) => problems.push("a finished match has no result".into()),
        }
        if replayed.winner.is_some() && info.status != Status::Finished {
            problems.push("the replay has a winner but the match is not finished".into());
        }
        Ok(report(
            v,
            if problems.is_empty() {
                Verdict::Agrees
            } else {
                Verdict::Disagrees { problems }
            },
        ))
    }
}

fn detail_of(e: StoreError) -> String {
    match e {
        StoreError::Corrupt { detail, .. } | StoreError::Incompatible { detail, .. } => detail,
        e => e.to_string(),
    }
}

/// The top-level fields in which two states differ, as "`players`, `agenda`".
fn differing_fields(a: &State, b: &State) -> String {
    let (a, b) = (
        serde_json::to_value(a).unwrap_or_default(),
        serde_json::to_value(b).unwrap_or_default(),
    );
    let mut fields = Vec::new();
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (k, va) in a {
            if b.get(k) != Some(va) {
                fields.push(format!("`{k}`"));
            }
        }
    }
    if fields.is_empty() {
        "some field".into()
    } else {
        fields.join(", ")
    }
}

/// What a verify run ([`verify_database`]) found, reported as it goes, in this order:
/// the matches (each one that does not agree, or the one match asked for), the Crystallo
/// games that do not agree, then, when re-arming, each match the scheduler set aside.
#[derive(Debug, Clone)]
pub enum Finding {
    /// A match replayed: one that does not agree, or the one match asked for.
    Match(VerifyReport),
    /// A match that could not be checked.
    MatchFailed {
        match_id: MatchId,
        error: StoreError,
    },
    /// A Crystallo game that does not agree.
    Crystallo { game: GameId, verdict: Verdict },
    /// A Crystallo game that could not be checked.
    CrystalloFailed { game: GameId, error: StoreError },
    /// A match the scheduler had set aside, and what re-arming it did.
    Rearm {
        match_id: MatchId,
        outcome: RearmOutcome,
    },
}

/// What re-arming a match the scheduler set aside did.
#[derive(Debug, Clone)]
pub enum RearmOutcome {
    /// It verifies now: back on the schedule with a fresh turn, due at these times.
    Rearmed(Deadlines),
    /// It still does not verify (or could not be checked): left aside.
    StillFails,
    /// It verifies, but putting it back failed.
    Failed(StoreError),
}

/// The counts of a verify run that went to its end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VerifySummary {
    /// Matches and Crystallo games checked (the sum of the five counts below).
    pub checked: u64,
    pub agree: u64,
    pub disagree: u64,
    pub damaged: u64,
    pub incompatible: u64,
    /// Checks that failed with an error.
    pub errors: u64,
    /// Matches still set aside by the scheduler after the run (and its re-arming).
    pub held: usize,
    /// Every match was to be checked but the database holds none, although it handed
    /// out match ids up to this one: its matches were lost (a database file copied or
    /// kept without its WAL, an older copy restored) or every one was deleted.
    pub lost: Option<i64>,
}

impl VerifySummary {
    /// Everything checked agrees.
    pub fn all_agree(&self) -> bool {
        self.agree == self.checked
    }

    /// Counts one check: its verdict, `None` when it failed.
    fn count(&mut self, verdict: Option<&Verdict>) {
        self.checked += 1;
        *match verdict {
            Some(Verdict::Agrees) => &mut self.agree,
            Some(Verdict::Disagrees { .. }) => &mut self.disagree,
            Some(Verdict::Damaged { .. }) => &mut self.damaged,
            Some(Verdict::Incompatible { .. }) => &mut self.incompatible,
            None => &mut self.errors,
        } += 1;
    }
}

/// Why a verify run checked nothing, or stopped part-way.
#[derive(Debug, Clone)]
pub enum VerifyFailure {
    /// A SQLite database whose file does not exist (nothing was created: a typo in the
    /// path must not "verify" a fresh empty file).
    NoFile(PathBuf),
    /// The database does not open.
    Open(StoreError),
    /// The schema is missing or is not this build's (why, in a sentence); nothing was
    /// checked.
    Refused(String),
    /// Reading the database failed.
    Store(StoreError),
}

/// Checks the matches of the database at `url` (only `only`, else every match and
/// Crystallo game), reporting each [`Finding`] to `found` as it goes. With `rearm`, each
/// match the scheduler set aside that now agrees (repaired) is put back on the schedule
/// with a fresh turn.
///
/// It never migrates and, without `rearm`, never writes: it opens the database read
/// only, so it runs beside a bot of another build and against a read-only database.
pub async fn verify_database(
    url: &str,
    only: Option<MatchId>,
    rearm: bool,
    found: &mut dyn FnMut(Finding),
) -> Result<VerifySummary, VerifyFailure> {
    if let Some(path) = sqlite_file(url).filter(|p| !p.exists()) {
        return Err(VerifyFailure::NoFile(path));
    }
    let mut opts = StoreOptions::new(url.to_string());
    opts.create = false;
    opts.migrate = false;
    // Re-arming writes; checking only reads.
    opts.read_only = !rearm;
    let store = Store::open_with(opts).await.map_err(VerifyFailure::Open)?;
    let schema = store.schema().await.map_err(VerifyFailure::Store)?;
    if let Some(why) = schema.refusal() {
        return Err(VerifyFailure::Refused(why));
    }
    let mut summary = VerifySummary::default();
    let mut check = async |id: MatchId, always: bool| match store.verify(id).await {
        Ok(r) => {
            summary.count(Some(&r.verdict));
            if always || r.verdict != Verdict::Agrees {
                found(Finding::Match(r));
            }
        }
        Err(error) => {
            summary.count(None);
            found(Finding::MatchFailed {
                match_id: id,
                error,
            });
        }
    };
    match only {
        Some(id) => check(id, true).await,
        None => {
            let mut after = 0;
            loop {
                let ids = store
                    .match_ids(after, 500)
                    .await
                    .map_err(VerifyFailure::Store)?;
                let Some(&last) = ids.last() else { break };
                for id in ids {
                    check(id, false).await;
                }
                after = last;
            }
            // Crystallo games are logged like matches and checked the same way.
            let mut after = 0;
            loop {
                let ids = store
                    .crystallo_game_ids(after, 500)
                    .await
                    .map_err(VerifyFailure::Store)?;
                let Some(&last) = ids.last() else { break };
                for game in ids {
                    match store.verify_crystallo(game).await {
                        Ok(Verdict::Agrees) => summary.count(Some(&Verdict::Agrees)),
                        Ok(verdict) => {
                            summary.count(Some(&verdict));
                            found(Finding::Crystallo { game, verdict });
                        }
                        Err(error) => {
                            summary.count(None);
                            found(Finding::CrystalloFailed { game, error });
                        }
                    }
                }
                after = last;
            }
        }
    }
    let held = store.held().await.map_err(VerifyFailure::Store)?;
    summary.held = held.len();
    if rearm {
        for h in &held {
            let agrees = matches!(
                store.verify(h.match_id).await.map(|r| r.verdict),
                Ok(Verdict::Agrees)
            );
            let outcome = match agrees {
                false => RearmOutcome::StillFails,
                true => match store.rearm(h.match_id, super::now_ms()).await {
                    Ok(d) => {
                        summary.held -= 1;
                        RearmOutcome::Rearmed(d)
                    }
                    Err(e) => RearmOutcome::Failed(e),
                },
            };
            found(Finding::Rearm {
                match_id: h.match_id,
                outcome,
            });
        }
    }
    // Rows can vanish without a trace a replay could find (a database file copied
    // without its WAL, a restore of an older copy): an empty table whose ids were
    // handed out is the trace.
    if only.is_none() && summary.checked == 0 {
        match store.matches_ever_created().await {
            Ok(0) => {}
            Ok(n) => summary.lost = Some(n),
            Err(e) => return Err(VerifyFailure::Store(e)),
        }
    }
    Ok(summary)
}

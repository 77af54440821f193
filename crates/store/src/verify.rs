//! Checking stored matches: each snapshot against a replay of its setup and inputs, and
//! the row invariants (`crystal-clans verify`).

use super::error::db;
use super::matches::{load_row, read_inputs};
use super::{
    MatchId, RULES_VERSION, Result, Status, Store, StoreError, StoreOptions, Verdict, VerifyReport,
    block_on, database_url_from_env, redact_url, sqlite_file,
};
use crate::game::State;

impl Store {
    /// Replays one match from its setup and inputs and compares it with its snapshot.
    /// A damaged or incompatible match is a verdict, not an error; the error cases are
    /// a missing match and a database failure.
    pub async fn verify(&self, id: MatchId) -> Result<VerifyReport> {
        let mut conn = self.pool.acquire().await.map_err(db("reading a match"))?;
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
        if let Err(e) = self.check_compatible(&info) {
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
            .map_err(db("reading a result"))?;
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

/// `crystal-clans verify`: prints one JSON line per match that does not agree (every
/// match with `--match`), then a summary line (with the number of matches the scheduler
/// set aside). With `rearm`, each match set aside that now agrees (repaired) is put back
/// on the schedule with a fresh turn, one JSON line each. Exit code 0 when all agree,
/// 1 when some do not (or the schema is not this build's, or the matches a database
/// once held are gone), 2 when the database cannot be opened.
///
/// It never migrates and, without `rearm`, never writes: it opens the database read
/// only, so it runs beside a bot of another build and against a read-only database.
pub fn cli(database: Option<String>, match_id: Option<MatchId>, rearm: bool) -> i32 {
    let url = database.unwrap_or_else(database_url_from_env);
    block_on(async move {
        // Checking must not create an empty database where none was (a typo in the path
        // would otherwise "verify" a fresh file and report it consistent).
        if let Some(path) = sqlite_file(&url).filter(|p| !p.exists()) {
            eprintln!(
                "no database file at {} (nothing was created; is the path right?)",
                path.display()
            );
            return 2;
        }
        let mut opts = StoreOptions::new(url.clone());
        opts.create = false;
        opts.migrate = false;
        // Re-arming writes; checking only reads.
        opts.read_only = !rearm;
        let store = match Store::open_with(opts).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("cannot open the database {}: {e}", redact_url(&url));
                return 2;
            }
        };
        match store.schema().await.map(|s| s.refusal()) {
            Ok(None) => {}
            Ok(Some(why)) => {
                eprintln!("verify refuses: {why}");
                return 1;
            }
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        }
        let mut counts = [0u64; 5]; // agree, disagree, damaged, incompatible, error
        let mut check = async |id: MatchId, always_print: bool| match store.verify(id).await {
            Ok(r) => {
                let k = match r.verdict {
                    Verdict::Agrees => 0,
                    Verdict::Disagrees { .. } => 1,
                    Verdict::Damaged { .. } => 2,
                    Verdict::Incompatible { .. } => 3,
                };
                counts[k] += 1;
                if k != 0 || always_print {
                    println!(
                        "{}",
                        serde_json::to_string(&r).expect("a report serializes")
                    );
                }
            }
            Err(e) => {
                counts[4] += 1;
                println!(
                    "{}",
                    serde_json::json!({ "match_id": id, "verdict": "error", "detail": e.to_string() })
                );
            }
        };
        match match_id {
            Some(id) => check(id, true).await,
            None => {
                let mut after = 0;
                loop {
                    let ids = match store.match_ids(after, 500).await {
                        Ok(ids) => ids,
                        Err(e) => {
                            eprintln!("{e}");
                            return 2;
                        }
                    };
                    let Some(&last) = ids.last() else { break };
                    for id in ids {
                        check(id, false).await;
                    }
                    after = last;
                }
                // Crystallo games are logged like matches and checked the same way.
                let mut after = 0;
                loop {
                    let ids = match store.crystallo_game_ids(after, 500).await {
                        Ok(ids) => ids,
                        Err(e) => {
                            eprintln!("{e}");
                            return 2;
                        }
                    };
                    let Some(&last) = ids.last() else { break };
                    for id in ids {
                        match store.verify_crystallo(id).await {
                            Ok(Verdict::Agrees) => counts[0] += 1,
                            Ok(verdict) => {
                                counts[match verdict {
                                    Verdict::Disagrees { .. } => 1,
                                    Verdict::Incompatible { .. } => 3,
                                    _ => 2,
                                }] += 1;
                                println!(
                                    "{}",
                                    serde_json::json!({ "crystallo_game": id, "verdict": verdict })
                                );
                            }
                            Err(e) => {
                                counts[4] += 1;
                                println!(
                                    "{}",
                                    serde_json::json!({ "crystallo_game": id, "verdict": "error",
                                        "detail": e.to_string() })
                                );
                            }
                        }
                    }
                    after = last;
                }
            }
        }
        let held = match store.held().await {
            Ok(h) => h,
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        };
        let mut still_held = held.len();
        if rearm {
            for h in &held {
                let agrees = matches!(
                    store.verify(h.match_id).await.map(|r| r.verdict),
                    Ok(Verdict::Agrees)
                );
                let line = match agrees {
                    false => serde_json::json!({
                        "match_id": h.match_id, "rearmed": false,
                        "detail": "still does not verify" }),
                    true => match store.rearm(h.match_id, super::now_ms()).await {
                        Ok(d) => {
                            still_held -= 1;
                            serde_json::json!({ "match_id": h.match_id, "rearmed": true,
                                "remind_at": d.remind_at, "timeout_at": d.timeout_at })
                        }
                        Err(e) => serde_json::json!({
                            "match_id": h.match_id, "rearmed": false, "detail": e.to_string() }),
                    },
                };
                println!("{line}");
            }
        }
        let checked: u64 = counts.iter().sum();
        // Rows can vanish without a trace a replay could find (a database file copied
        // without its WAL, a restore of an older copy): an empty table whose ids were
        // handed out is the trace.
        let mut lost = None;
        if match_id.is_none() && checked == 0 {
            match store.matches_ever_created().await {
                Ok(0) => {}
                Ok(n) => lost = Some(n),
                Err(e) => {
                    eprintln!("{e}");
                    return 2;
                }
            }
        }
        println!(
            "{}",
            serde_json::json!({
                "checked": checked,
                "agree": counts[0],
                "disagree": counts[1],
                "damaged": counts[2],
                "incompatible": counts[3],
                "errors": counts[4],
                "held": still_held,
            })
        );
        if let Some(n) = lost {
            eprintln!(
                "verify refuses: the database holds no match, but it handed out match ids up \
                 to {n}: its matches were lost (a database file copied or kept without its \
                 WAL, an older copy restored) or every one was deleted"
            );
            return 1;
        }
        if counts[0] == checked { 0 } else { 1 }
    })
}

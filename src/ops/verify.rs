//! `crystal-clans verify`: the lines and the exit code of a verify run
//! (`crystal_clans::store::verify_database`).

use crystal_clans::store::{
    Finding, MatchId, RearmOutcome, VerifyFailure, blocking, database_url_from_env, redact_url,
};

/// `crystal-clans verify`: prints one JSON line per match that does not agree (every
/// match with `--match`), then a summary line (with the number of matches the scheduler
/// set aside). With `rearm`, each match set aside that now agrees (repaired) is put back
/// on the schedule with a fresh turn, one JSON line each. Exit code 0 when all agree,
/// 1 when some do not (or the schema is not this build's, or the matches a database
/// once held are gone), 2 when the database cannot be opened.
pub fn cli(database: Option<String>, match_id: Option<MatchId>, rearm: bool) -> i32 {
    let url = database.unwrap_or_else(database_url_from_env);
    let run = blocking::verify(&url, match_id, rearm, &mut |f| {
        println!("{}", finding_line(&f));
    });
    let summary = match run {
        Ok(summary) => summary,
        Err(VerifyFailure::NoFile(path)) => {
            eprintln!(
                "no database file at {} (nothing was created; is the path right?)",
                path.display()
            );
            return 2;
        }
        Err(VerifyFailure::Open(e)) => {
            eprintln!("cannot open the database {}: {e}", redact_url(&url));
            return 2;
        }
        Err(VerifyFailure::Refused(why)) => {
            eprintln!("verify refuses: {why}");
            return 1;
        }
        Err(VerifyFailure::Store(e)) => {
            eprintln!("{e}");
            return 2;
        }
    };
    println!(
        "{}",
        serde_json::json!({
            "checked": summary.checked,
            "agree": summary.agree,
            "disagree": summary.disagree,
            "damaged": summary.damaged,
            "incompatible": summary.incompatible,
            "errors": summary.errors,
            "held": summary.held,
        })
    );
    if let Some(n) = summary.lost {
        eprintln!(
            "verify refuses: the database holds no match, but it handed out match ids up \
             to {n}: its matches were lost (a database file copied or kept without its \
             WAL, an older copy restored) or every one was deleted"
        );
        return 1;
    }
    if summary.all_agree() { 0 } else { 1 }
}

/// A finding's JSON line.
fn finding_line(f: &Finding) -> String {
    use serde_json::json;
    match f {
        Finding::Match(r) => serde_json::to_string(r).expect("a report serializes"),
        Finding::MatchFailed { match_id, error } => {
            json!({ "match_id": match_id, "verdict": "error", "detail": error.to_string() })
                .to_string()
        }
        Finding::Crystallo { game, verdict } => {
            json!({ "crystallo_game": game, "verdict": verdict }).to_string()
        }
        Finding::CrystalloFailed { game, error } => json!({ "crystallo_game": game,
            "verdict": "error", "detail": error.to_string() })
        .to_string(),
        Finding::Rearm { match_id, outcome } => match outcome {
            RearmOutcome::StillFails => json!({
                "match_id": match_id, "rearmed": false,
                "detail": "still does not verify" }),
            RearmOutcome::Rearmed(d) => json!({ "match_id": match_id, "rearmed": true,
                "remind_at": d.remind_at, "timeout_at": d.timeout_at }),
            RearmOutcome::Failed(e) => json!({
                "match_id": match_id, "rearmed": false, "detail": e.to_string() }),
        }
        .to_string(),
    }
}

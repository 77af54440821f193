//! `crystal-clans status`: the report of the store's health
//! (`crystal_clans::store::status::health`) and the bot's, as text or JSON, and the exit
//! code.

use crystal_clans::store::{blocking, database_url_from_env, now_ms};
use std::time::Duration;

/// What the running bot says of itself (its health file, which the bot's crate reads):
/// `Ok(None)` no bot reports here, `Ok(Some(summary))` it reports itself healthy,
/// `Err(why)` it is unhealthy, hung or gone.
pub type BotReport = Result<Option<String>, String>;

/// Prints a line of the report. A closed standard output (a health check's reader that
/// gave up) must not turn the exit code into a panic's 101, as `println!` would.
fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// The command: prints the report (text, or one JSON object with `json`); exit code 0
/// when the store answers with the expected schema and takes writes and the bot, if one
/// reports here, is healthy; 1 otherwise (the reasons: `Health::problems` and `bot`).
pub fn cli(database: Option<String>, json: bool, bot: BotReport) -> i32 {
    let url = database.unwrap_or_else(database_url_from_env);
    let found = blocking::health(&url, now_ms(), Duration::from_secs(5));
    let bot_problem = bot.as_ref().err().map(|why| format!("the bot: {why}"));
    let bot_line = match &bot {
        Ok(None) => "no report (no bot runs here, or it has not started)".to_string(),
        Ok(Some(summary)) => format!("healthy ({summary})"),
        Err(why) => format!("UNHEALTHY: {why}"),
    };
    match found {
        Ok(h) => {
            let mut problems = h.problems();
            problems.extend(bot_problem);
            let current = h.migrations_current();
            if json {
                let mut v = serde_json::to_value(&h).expect("a report serializes");
                v["reachable"] = true.into();
                v["migrations_current"] = current.into();
                v["bot"] = bot_line.into();
                v["healthy"] = problems.is_empty().into();
                v["problems"] = problems.clone().into();
                say(v);
            } else {
                say(format_args!("store: reachable ({})", h.database));
                let schema = if current {
                    "current".to_string()
                } else if h.migrations_unknown > 0 {
                    format!(
                        "NEWER than this build ({} migrations it does not know)",
                        h.migrations_unknown
                    )
                } else {
                    "BEHIND (the bot migrates it when it starts)".to_string()
                };
                say(format_args!(
                    "migrations: {schema}, {} of {} applied",
                    h.migrations_applied, h.migrations_known
                ));
                say(format_args!("active matches: {}", h.active_matches));
                say(format_args!(
                    "reminders and timeouts due now: {}",
                    h.due_now
                ));
                say(format_args!(
                    "matches set aside (see `verify --all`): {}",
                    h.set_aside
                ));
                match &h.refuses_writes {
                    None => say("writes: accepted"),
                    Some(why) => say(format_args!("writes: REFUSED: {why}")),
                }
                say(format_args!("bot: {bot_line}"));
                for p in &problems {
                    say(format_args!("UNHEALTHY: {p}"));
                }
            }
            if problems.is_empty() { 0 } else { 1 }
        }
        Err(cause) => {
            if json {
                say(serde_json::json!({"reachable": false, "error": cause, "bot": bot_line}));
            } else {
                say(format_args!("store: UNREACHABLE: {cause}"));
                say(format_args!("bot: {bot_line}"));
            }
            1
        }
    }
}

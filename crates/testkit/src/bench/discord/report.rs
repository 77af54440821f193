//! The report: the raw measurements turned into percentiles, verdicts against the
//! targets and the JSON `cli` prints. Kept apart from the run so the numbers' shape can
//! change (or be read by a test from `Measured` alone) without touching how they are
//! taken.

use super::{ACK_P99_TARGET_MS, BOARD_P99_TARGET_MS, Measured, Options, Sample};
use serde_json::{Value, json};

/// The first three fields of `/proc/loadavg` (the machine may be shared).
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unavailable".into())
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn summary(v: &[f64]) -> Value {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let r = |x: f64| (x * 10.0).round() / 10.0;
    json!({
        "count": s.len(),
        "p50_ms": r(percentile(&s, 0.50)),
        "p99_ms": r(percentile(&s, 0.99)),
        "max_ms": r(s.last().copied().unwrap_or(f64::NAN)),
    })
}

/// The report: counts, p50/p99/max of each latency, the targets and the verdicts.
pub fn report(m: &Measured, opts: &Options, load_start: &str, load_end: &str) -> Value {
    let ack = summary(&m.ack_ms);
    let board = summary(&m.board_ms);
    let (accept, opening) = (summary(&m.accept_answer_ms), summary(&m.opening_board_ms));
    let verdict = |s: &Value, target: f64| {
        if s["p99_ms"].as_f64().is_some_and(|p| p < target) {
            "PASS"
        } else {
            "FAIL"
        }
    };
    let (ack_verdict, board_verdict) = (
        verdict(&ack, ACK_P99_TARGET_MS),
        verdict(&board, BOARD_P99_TARGET_MS),
    );
    let line = format!(
        "bench discord ({} matches at once, {} against the AI): ack p50 {} ms p99 {} ms ({} of {ACK_P99_TARGET_MS} ms); \
         click to visible board p50 {} ms p99 {} ms ({} of {BOARD_P99_TARGET_MS} ms, under Discord's rate limits, {} answered 429); \
         accept answered p50 {} ms p99 {} ms, opening board p99 {} ms; load {load_start} -> {load_end}",
        opts.matches,
        opts.ai_matches,
        ack["p50_ms"],
        ack["p99_ms"],
        ack_verdict,
        board["p50_ms"],
        board["p99_ms"],
        board_verdict,
        m.rate_limited,
        accept["p50_ms"],
        accept["p99_ms"],
        opening["p99_ms"],
    );
    json!({
        "benchmark": "discord",
        "build": if cfg!(debug_assertions) { "debug" } else { "release" },
        "matches_at_once": opts.matches,
        "turns_per_match": opts.turns,
        "think_ms": opts.think_ms,
        "db_connections": opts.db_connections,
        "ai_matches": opts.ai_matches,
        "ai_level": opts.ai_level,
        "ai_slots": opts.ai_slots,
        "ai_matches_started": m.ai_matches_started,
        "ai_match_inputs": m.ai_match_inputs,
        "ai_moves": m.ai_moves,
        "ai_ack": summary(&m.ai_ack_ms),
        "seconds": (m.seconds * 10.0).round() / 10.0,
        "interactions": m.interactions,
        "interactions_per_second": ((m.interactions as f64 / m.seconds.max(1e-9)) * 10.0).round() / 10.0,
        "inputs": m.inputs,
        "matches_started": m.matches_started,
        "matches_finished": m.matches_finished,
        "unexpected_boards": m.unexpected_boards,
        "rate_limited_429": m.rate_limited,
        "ack": ack,
        "board": board,
        "reply": summary(&m.reply_ms),
        "setup_ack": summary(&m.setup_ack_ms),
        "accept_answer": accept,
        "opening_board": opening,
        "board_by_phase": by_phase(&m.board_log, opts.matches),
        "breakdown": {
            "ack_to_board": summary(&m.ack_to_board_ms),
            "ack_to_reply_without_board": summary(&m.ack_to_reply_plain_ms),
        },
        "targets": {"ack_p99_ms": ACK_P99_TARGET_MS, "board_p99_ms": BOARD_P99_TARGET_MS},
        "ack_verdict": ack_verdict,
        "board_verdict": board_verdict,
        "slowest_acks": slowest(&m.ack_log),
        "slowest_boards": slowest(&m.board_log),
        "loadavg_start": load_start,
        "loadavg_end": load_end,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        "summary": line,
    })
}

/// The boards split at the moment every match has posted its first one: the opening
/// burst (every match was created in the same instant, so their first boards are drawn
/// at once, which no server sees) and the steady play after it. The verdict stays on
/// all boards; this says where the slow ones are.
/// Only the `initial` matches count for the split (the lowest ids: a match that ends
/// is followed by a new one, whose first board is steady play).
fn by_phase(log: &[Sample], initial: usize) -> Value {
    let mut first: std::collections::BTreeMap<i64, f64> = std::collections::BTreeMap::new();
    for s in log {
        let t = first.entry(s.match_id).or_insert(s.at_s);
        *t = t.min(s.at_s);
    }
    let split = first.values().take(initial).copied().fold(0.0, f64::max);
    let (opening, steady): (Vec<&Sample>, Vec<&Sample>) = log.iter().partition(|s| s.at_s <= split);
    let ms = |v: &[&Sample]| v.iter().map(|s| s.ms).collect::<Vec<_>>();
    json!({
        "split_at_s": (split * 1000.0).round() / 1000.0,
        "opening": summary(&ms(&opening)),
        "steady": summary(&ms(&steady)),
    })
}

/// The ten slowest samples, slowest first.
fn slowest(log: &[Sample]) -> Value {
    let mut v = log.to_vec();
    v.sort_by(|a, b| b.ms.total_cmp(&a.ms));
    v.iter()
        .take(10)
        .map(|s| {
            json!({"sent_at_s": (s.at_s * 1000.0).round() / 1000.0, "match": s.match_id,
                   "ms": (s.ms * 10.0).round() / 10.0})
        })
        .collect()
}

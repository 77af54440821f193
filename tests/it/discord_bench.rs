//! `crystal-clans-tools bench discord` at CI size: the machinery runs to the end and measures
//! (no timing is asserted; debug builds and shared machines are slow).

use crystal_clans_testkit::bench::discord::{Options, report, run_on};
use tokio::runtime::Handle;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_discord_benchmark_runs_at_ci_size() {
    let opts = Options {
        matches: 3,
        turns: 3,
        think_ms: 0,
        seed: 1,
        db_connections: None,
        ai_matches: 2,
        ai_level: "fast".into(),
        ai_slots: Some(1),
    };
    let h = Handle::current();
    let m = run_on(&h, &h, &opts).await.expect("the benchmark runs");
    assert_eq!(m.matches_started, 3);
    assert_eq!(m.board_ms.len(), 9, "three boards per match");
    assert!(m.inputs >= 9);
    // Every interaction was acknowledged: 3 challenges and 3 accepts, then the inputs.
    assert_eq!(m.setup_ack_ms.len(), 6);
    assert_eq!(m.ack_ms.len(), m.interactions);
    assert!(m.interactions >= m.inputs);
    assert_eq!(m.reply_ms.len(), m.inputs);
    assert!(
        m.ack_ms
            .iter()
            .chain(&m.board_ms)
            .all(|x| x.is_finite() && *x >= 0.0)
    );
    let r = report(&m, &opts, "0 0 0", "0 0 0");
    assert_eq!(r["ack"]["count"], m.interactions);
    assert!(r["board"]["p99_ms"].as_f64().unwrap() >= r["board"]["p50_ms"].as_f64().unwrap());
    assert!(matches!(r["ack_verdict"].as_str(), Some("PASS" | "FAIL")));
    // The AI matches played alongside, their acknowledgements counted apart.
    assert!(m.ai_matches_started >= 2, "{}", m.ai_matches_started);
    assert!(
        m.ai_ack_ms.len() > m.ai_match_inputs,
        "each play-ai is acknowledged too"
    );
    assert_eq!(r["ai_ack"]["count"], m.ai_ack_ms.len());
}

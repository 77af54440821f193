//! The scheduler (`src/app/timers.rs`, `src/app/posting.rs`) and its store queries
//! (`crates/store/src/maintenance.rs`): damaged matches never block the queue and are reported
//! once, a backlog drains in one pass with concurrent posts and no double post, idle
//! matches against the AI are abandoned, old challenge claims are pruned. The store
//! queries also run on PostgreSQL when `TEST_DATABASE_URL` is set.

use crystal_clans::app::msg::Msg;
use crystal_clans::app::timers::{AI_IDLE_DAYS, CLAIM_RETENTION_MS, TICK_BUDGET, TickReport};
use crystal_clans::app::{App, Outcome, posting};
use crystal_clans::game::Setup;
use crystal_clans::store::{
    ChallengeOutcome, Deadlines, DueKind, MatchId, NewMatch, Player, Reason, ReminderClaim, Store,
    StoreError, Terms, now_ms,
};
use crystal_clans_testkit::bench::tick as bench_tick;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

use crate::support;
use support::scratch_store as scratch;

const MIN: i64 = 60_000;
const DAY: i64 = 24 * 60 * MIN;

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique(prefix: &str) -> String {
    format!(
        "{prefix}_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        now_ms()
    )
}

async fn exec(store: &Store, sql: &str) {
    sqlx::query(sql)
        .execute(store.pool())
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

const TERMS: Terms = Terms {
    remind_minutes: Some(60),
    timeout_minutes: Some(7 * 24 * 60),
    clock: crystal_clans::store::Clock::Turn,
};

/// A match between two people in thread `1000 + i`, its reminder due at `remind_at`.
fn human_match(i: u64, remind_at: Option<i64>, timeout_at: Option<i64>) -> NewMatch {
    NewMatch {
        guild: Some(1),
        channel: 2,
        reach: Default::default(),
        thread: Some(1000 + i),
        seats: [Player::User(10 + 2 * i), Player::User(11 + 2 * i)],
        setup: Setup {
            clans: [(i % 6) as u8, ((i / 6) % 6) as u8],
            seed: i,
            mulligan: false,
        },
        terms: TERMS,
        deadlines: Deadlines {
            remind_at,
            timeout_at,
        },
    }
}

/// Runs one tick into a sink and returns its report and what it posted.
async fn tick(app: &App, now: i64) -> (TickReport, Vec<Outcome>) {
    let (tx, mut rx) = mpsc::channel(1000);
    let report = app.tick_into(now, TICK_BUDGET, &tx).await;
    drop(tx);
    let mut out = Vec::new();
    while let Some(o) = rx.recv().await {
        out.push(o);
    }
    (report, out)
}

fn channels(out: &[Outcome]) -> Vec<u64> {
    let mut c: Vec<u64> = out.iter().filter_map(|o| o.channel).collect();
    c.sort();
    c
}

/// The case: 60 due matches of which the 50 earliest cannot be loaded (40 damaged
/// snapshots, 10 stored under a rules version this engine cannot replay). The 10
/// healthy ones get their reminders on the first tick; the 50 are set aside once
/// (reported in that tick only, never retried), listed for the operator, and one
/// repaired match is re-armed and reminded again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_matches_do_not_block_the_queue_and_are_reported_once() {
    let store = scratch("damaged").await;
    let now = now_ms();
    let mut ids = Vec::new();
    for i in 0..60u64 {
        let remind_at = now - 3_600_000 + i as i64 * 1000;
        let (m, _) = store
            .create_match(human_match(i, Some(remind_at), Some(now + 7 * DAY)))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    let repaired = ids[1];
    let good_snapshot: String =
        sqlx::query_scalar("SELECT state FROM snapshots WHERE match_id = $1")
            .bind(repaired)
            .fetch_one(store.pool())
            .await
            .unwrap();
    for (i, id) in ids[..50].iter().enumerate() {
        if i % 5 == 0 {
            exec(
                &store,
                &format!("UPDATE matches SET rules_version = 999 WHERE id = {id}"),
            )
            .await;
        } else {
            exec(
                &store,
                &format!("UPDATE snapshots SET state = 'x' WHERE match_id = {id}"),
            )
            .await;
        }
    }
    let app = App::new(store.clone()).without_images();

    let (report, out) = tick(&app, now).await;
    assert_eq!(report.reminders, 10, "{report:?}");
    assert_eq!(
        channels(&out),
        (1050..1060).collect::<Vec<u64>>(),
        "the 10 healthy matches"
    );
    assert!(
        out.iter()
            .all(|o| o.public[0].content.contains("waiting for you"))
    );
    let mut held = report.held.clone();
    held.sort();
    assert_eq!(held, ids[..50].to_vec());
    assert_eq!(report.deferred, 0);

    // Listed for the operator, with a reason that quotes nothing private.
    let listed = store.held().await.unwrap();
    assert_eq!(listed.len(), 50);
    for h in &listed {
        let i = ids.iter().position(|&x| x == h.match_id).unwrap();
        if i % 5 == 0 {
            assert!(
                h.reason.starts_with("incompatible: ") && h.reason.contains("999"),
                "{h:?}"
            );
        } else {
            assert_eq!(h.reason, "damaged");
        }
        assert_eq!(h.since, now);
    }

    // Neither retried nor reported again, however often the scheduler looks.
    for later in [now + MIN, now + 2 * DAY] {
        let (again, out) = tick(&app, later).await;
        assert!(again.held.is_empty() && again.deferred == 0, "{again:?}");
        assert!(out.is_empty(), "{out:?}");
    }
    let due = store.due(i64::MAX, 1000).await.unwrap();
    assert!(
        due.iter().all(|d| !ids[..50].contains(&d.match_id)),
        "{due:?}"
    );

    // Re-arming needs a repair first.
    assert!(matches!(
        store.rearm(repaired, now).await,
        Err(StoreError::Corrupt { .. })
    ));
    sqlx::query("UPDATE snapshots SET state = $1 WHERE match_id = $2")
        .bind(&good_snapshot)
        .bind(repaired)
        .execute(store.pool())
        .await
        .unwrap();
    let later = now + 3 * DAY;
    let dl = store.rearm(repaired, later).await.unwrap();
    assert_eq!(dl, TERMS.deadlines(later), "a fresh turn from the repair");
    assert_eq!(store.held().await.unwrap().len(), 49);
    assert!(
        store.rearm(repaired, later).await.is_err(),
        "only a match set aside"
    );
    let (r, out) = tick(&app, later + 61 * MIN).await;
    assert_eq!(channels(&out), vec![1001], "{r:?}");
}

/// The CI-sized bench: 300 due reminders drain through the bot's own timer loop and
/// poster in one tick, into a simulated Discord, each posted exactly once, several in
/// flight at once (the bench fails otherwise). `crystal-clans-tools bench tick` is the
/// 10,000-item version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backlog_drains_in_one_tick_with_concurrent_posts() {
    let r = bench_tick::run(bench_tick::Options {
        items: 300,
        latency_ms: 20,
        rate: 1000.0,
        at_once: 16,
    })
    .await
    .unwrap();
    println!("{}", serde_json::to_string_pretty(&r).unwrap());
    for phase in ["store_only", "with_discord_limits"] {
        assert_eq!(r[phase]["ticks"], 1, "{r}");
        assert_eq!(r[phase]["reminders"], 300, "{r}");
    }
    assert!(
        r["with_discord_limits"]["max_posts_in_flight"]
            .as_u64()
            .unwrap()
            > 4,
        "{r}"
    );
}

/// Two bot processes drain the same backlog at once: every reminder is posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_drain_a_backlog_once() {
    let store = scratch("two").await;
    let now = now_ms();
    for i in 0..300u64 {
        store
            .create_match(human_match(i, Some(now - DAY + i as i64), None))
            .await
            .unwrap();
    }
    let (a, b) = (
        App::new(store.clone()).without_images(),
        App::new(store.clone()).without_images(),
    );
    let ((ra, oa), (rb, ob)) = tokio::join!(tick(&a, now), tick(&b, now));
    assert_eq!(ra.reminders + rb.reminders, 300, "{ra:?} {rb:?}");
    let mut all = channels(&oa);
    all.extend(channels(&ob));
    all.sort();
    assert_eq!(all, (1000..1300).collect::<Vec<u64>>());
}

/// Reminders missed while the bot was down collapse into the one that applies now (the
/// warning), and a due forfeit is posted without a reminder before it.
#[tokio::test]
async fn missed_reminders_collapse_and_a_due_forfeit_comes_alone() {
    let store = scratch("collapse").await;
    let terms = Terms {
        remind_minutes: Some(10),
        timeout_minutes: Some(60),
        clock: crystal_clans::store::Clock::Turn,
    };
    let now = now_ms();
    let mut a = human_match(1, None, None);
    a.deadlines = terms.deadlines(now);
    a.terms = terms.clone();
    let mut b = a.clone();
    b.thread = Some(2000);
    let (a, _) = store.create_match(a).await.unwrap();
    let (b, _) = store.create_match(b).await.unwrap();
    let app = App::new(store.clone()).without_images();
    // Match b is only looked at after its forfeit is due.
    exec(
        &store,
        &format!(
            "UPDATE matches SET remind_at = NULL, timeout_at = NULL WHERE id = {}",
            b.info.id
        ),
    )
    .await;
    // 50 minutes in: the first reminder (10) and the warning (48) are both overdue.
    let (_, out) = tick(&app, now + 50 * MIN).await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].public[0].content.contains("forfeit"), "{out:?}");
    assert!(tick(&app, now + 55 * MIN).await.1.is_empty());
    // Match b: its reminder and its forfeit are both overdue; only the forfeit is posted.
    store
        .set_deadlines(b.info.id, terms.deadlines(now))
        .await
        .unwrap();
    let (r, out) = tick(&app, now + 70 * MIN).await;
    assert_eq!(r.timeouts, 2, "both matches ran out of time: {r:?}");
    assert_eq!(r.reminders, 0, "{r:?}");
    assert!(
        out.iter()
            .all(|o| o.public[0].content.contains("ran out of time")),
        "{out:?}"
    );
    for id in [a.info.id, b.info.id] {
        assert_eq!(
            store.result(id).await.unwrap().unwrap().reason,
            Reason::Timeout
        );
    }
}

/// A match against the AI with no move for 30 days is abandoned (recorded, nobody
/// wins); a younger one and a match between people are left alone. The query uses its
/// index.
#[tokio::test]
async fn idle_ai_matches_are_abandoned() {
    let store = scratch("idle").await;
    let now = now_ms();
    let mut ids = Vec::new();
    for (i, (ai, idle_days)) in [
        (true, AI_IDLE_DAYS + 1),
        (true, AI_IDLE_DAYS - 1),
        (false, 40),
    ]
    .into_iter()
    .enumerate()
    {
        let mut m = human_match(i as u64, None, None);
        if ai {
            m.seats[1] = Player::Ai(1);
        }
        let (m, _) = store.create_match(m).await.unwrap();
        exec(
            &store,
            &format!(
                "UPDATE matches SET updated_at = {} WHERE id = {}",
                now - idle_days * DAY,
                m.info.id
            ),
        )
        .await;
        ids.push(m.info.id);
    }
    let app = App::new(store.clone()).without_images();
    let (r, out) = tick(&app, now).await;
    assert_eq!(r.abandoned, vec![ids[0]]);
    assert!(out.is_empty(), "abandoned quietly: {out:?}");
    let res = store.result(ids[0]).await.unwrap().unwrap();
    assert_eq!((res.reason, res.winner), (Reason::Abandoned, None));
    for id in &ids[1..] {
        assert!(store.result(*id).await.unwrap().is_none());
    }
    assert!(tick(&app, now).await.0.abandoned.is_empty(), "once");

    let plan: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "EXPLAIN QUERY PLAN SELECT id, version FROM matches \
         WHERE status = 'active' AND (seat0_ai IS NOT NULL OR seat1_ai IS NOT NULL) \
         AND updated_at < 5 ORDER BY updated_at, id LIMIT 10",
    )
    .fetch_all(store.pool())
    .await
    .unwrap();
    assert!(
        plan.iter().any(|p| p.3.contains("matches_active_ai_idle")),
        "{plan:?}"
    );
}

/// Claims of challenges that expired long ago are pruned by the tick; recent ones stay.
#[tokio::test]
async fn old_challenge_claims_are_pruned() {
    let store = scratch("claims").await;
    for (key, outcome) in [
        ("old.1", ChallengeOutcome::Accepted),
        ("old.2", ChallengeOutcome::Declined),
        ("new.3", ChallengeOutcome::Accepted),
    ] {
        assert!(store.claim_challenge(key, outcome, 7).await.unwrap());
    }
    let now = now_ms();
    exec(
        &store,
        &format!(
            "UPDATE challenge_claims SET claimed_at = {} WHERE challenge LIKE 'old.%'",
            now - CLAIM_RETENTION_MS - 1
        ),
    )
    .await;
    let app = App::new(store.clone()).without_images();
    let (r, _) = tick(&app, now).await;
    assert_eq!(r.claims_pruned, 2);
    assert_eq!(store.challenge_claim("old.1").await.unwrap(), None);
    assert_eq!(store.challenge_claim("old.2").await.unwrap(), None);
    assert_eq!(
        store.challenge_claim("new.3").await.unwrap(),
        Some(ChallengeOutcome::Accepted)
    );
    assert_eq!(tick(&app, now).await.0.claims_pruned, 0);
}

/// Regression (issue 48, 12): unfinished practice games never expired, so every one a
/// player started and left stayed forever. Past [`AI_IDLE_DAYS`] without a placement
/// the scheduler deletes them (placements too); a daily, a finished game and a recent
/// practice stay.
#[tokio::test]
async fn idle_practice_games_expire_and_dailies_stay() {
    use crystal_clans::store::crystallo::{Daily, Kind, NewGame};
    let store = scratch("practice-expiry").await;
    let now = now_ms();
    let game = |user: u64, kind: Kind| NewGame {
        guild: Some(1 << 40),
        channel: 7,
        user,
        kind,
        seed: 4807 + user,
    };
    let mut ids = Vec::new();
    for (user, kind) in [
        (1, Kind::Practice),
        (2, Kind::Practice),
        (3, Kind::Daily(5)),
    ] {
        match store.create_crystallo(game(user, kind), now).await.unwrap() {
            Daily::New(g) => ids.push(g.id),
            Daily::Exists(_) => panic!("a fresh game"),
        }
    }
    let old = now - AI_IDLE_DAYS * 24 * 60 * 60 * 1000 - 1;
    exec(
        &store,
        &format!(
            "UPDATE crystallo_games SET updated_at = {old} WHERE id IN ({}, {})",
            ids[0], ids[2]
        ),
    )
    .await;
    let app = App::new(store.clone()).without_images();
    let (r, _) = tick(&app, now).await;
    assert_eq!(r.practice_expired, 1);
    assert!(matches!(
        store.crystallo_game(ids[0]).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(store.crystallo_inputs(ids[0]).await.unwrap().is_empty());
    for kept in [ids[1], ids[2]] {
        assert!(store.crystallo_game(kept).await.is_ok(), "game {kept}");
    }
    assert_eq!(tick(&app, now).await.0.practice_expired, 0);
}

/// The poster: one post at a time per channel in arrival order, several channels at
/// once, and a post that hangs is given up without holding back the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_go_side_by_side_in_order_per_channel_and_a_hung_one_holds_nothing() {
    const HUNG: u64 = 99;
    let (tx, rx) = mpsc::channel(8);
    let log: Arc<Mutex<Vec<(u64, String)>>> = Arc::default();
    let in_flight: Arc<Mutex<HashMap<u64, usize>>> = Arc::default();
    let max_total = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (l, f, m) = (log.clone(), in_flight.clone(), max_total.clone());
    let poster = tokio::spawn(posting::post_all(
        rx,
        8,
        Duration::from_millis(300),
        move |out: Outcome| {
            let (log, in_flight, max_total) = (l.clone(), f.clone(), m.clone());
            async move {
                let ch = out.channel.unwrap();
                {
                    let mut f = in_flight.lock().unwrap();
                    let n = f.entry(ch).or_default();
                    *n += 1;
                    assert_eq!(*n, 1, "two posts at once in channel {ch}");
                    let total: usize = f.values().sum();
                    max_total.fetch_max(total, Ordering::SeqCst);
                }
                let wait = if ch == HUNG { 3_600_000 } else { 30 };
                tokio::time::sleep(Duration::from_millis(wait)).await;
                log.lock()
                    .unwrap()
                    .push((ch, out.public[0].content.clone()));
                *in_flight.lock().unwrap().get_mut(&ch).unwrap() -= 1;
            }
        },
    ));
    let started = Instant::now();
    let post = |ch: u64, text: String| Outcome {
        public: vec![Msg::text(text)],
        channel: Some(ch),
        ..Outcome::default()
    };
    tx.send(post(HUNG, "hangs".into())).await.unwrap();
    for k in 0..4 {
        for ch in 1..=10u64 {
            tx.send(post(ch, format!("{k}"))).await.unwrap();
        }
    }
    drop(tx);
    poster.await.unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let log = log.lock().unwrap();
    assert_eq!(log.len(), 40, "all but the hung post");
    for ch in 1..=10u64 {
        let seen: Vec<&str> = log
            .iter()
            .filter(|(c, _)| *c == ch)
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(seen, ["0", "1", "2", "3"], "channel {ch} in order");
    }
    assert!(max_total.load(Ordering::SeqCst) > 2, "side by side");
}

// ---- the store's queries, on SQLite and PostgreSQL ------------------------------------

/// Due items page by page (a match with a reminder and a forfeit at the same moment
/// included) with no item twice or missed; batch claims win once; hold, list, re-arm;
/// the idle-AI and claim queries.
async fn store_queries(store: Store) {
    let now = now_ms();
    let mut ids: Vec<MatchId> = Vec::new();
    for i in 0..7u64 {
        // Pairs of matches share their due time; match 3 has both deadlines at once.
        let at = now - 1000 + (i as i64 / 2) * 10;
        let timeout = (i == 3).then_some(at);
        let (m, _) = store
            .create_match(human_match(i, Some(at), timeout))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    let all = store.due(now, 100).await.unwrap();
    assert_eq!(all.len(), 8);
    let mut paged = Vec::new();
    let mut cursor = None;
    loop {
        let page = store.due_after(now, cursor, 3).await.unwrap();
        let Some(last) = page.last() else { break };
        cursor = Some(last.cursor());
        paged.extend(page);
    }
    assert_eq!(paged, all);
    assert_eq!(
        all.iter()
            .filter(|d| d.match_id == ids[3])
            .map(|d| d.kind)
            .collect::<Vec<_>>(),
        vec![DueKind::Reminder, DueKind::Timeout]
    );

    let claims: Vec<ReminderClaim> = all
        .iter()
        .filter(|d| d.kind == DueKind::Reminder)
        .map(|d| ReminderClaim {
            match_id: d.match_id,
            version: d.version,
            at: d.at,
            next: Some(now + DAY),
        })
        .collect();
    assert_eq!(store.claim_reminders(&claims).await.unwrap(), vec![true; 7]);
    assert_eq!(
        store.claim_reminders(&claims).await.unwrap(),
        vec![false; 7]
    );
    assert_eq!(store.due(now, 100).await.unwrap().len(), 1, "the forfeit");

    assert!(store.hold(ids[3], 0, "damaged", now).await.unwrap());
    assert!(
        !store.hold(ids[3], 0, "damaged", now).await.unwrap(),
        "once"
    );
    assert!(
        !store.hold(ids[4], 5, "damaged", now).await.unwrap(),
        "moved"
    );
    assert!(
        store
            .due(i64::MAX, 100)
            .await
            .unwrap()
            .iter()
            .all(|d| d.match_id != ids[3])
    );
    let held = store.held().await.unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(
        (held[0].match_id, held[0].reason.as_str()),
        (ids[3], "damaged")
    );
    assert_eq!(
        store.rearm(ids[3], now).await.unwrap(),
        TERMS.deadlines(now)
    );
    assert!(store.held().await.unwrap().is_empty());
    // A set-aside match that moves (it was repaired before anyone re-armed it) is no
    // longer listed as set aside.
    assert!(store.hold(ids[3], 0, "damaged", now).await.unwrap());
    let l = store.load(ids[3]).await.unwrap();
    let seat = l.state.waiting()[0];
    let input = l.state.legal(store.rules(), seat)[0];
    store.submit(ids[3], 0, seat, &input).await.unwrap();
    assert!(store.held().await.unwrap().is_empty());

    let mut ai = human_match(9, None, None);
    ai.seats[0] = Player::Ai(0);
    let (ai, _) = store.create_match(ai).await.unwrap();
    assert!(
        store
            .idle_ai_matches(now - DAY, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.idle_ai_matches(now + DAY, 10).await.unwrap(),
        vec![(ai.info.id, 0)]
    );

    for k in 0..5 {
        store
            .claim_challenge(&format!("c{k}"), ChallengeOutcome::Accepted, 1)
            .await
            .unwrap();
    }
    assert_eq!(
        store.prune_challenge_claims(now - DAY, 100).await.unwrap(),
        0
    );
    assert_eq!(store.prune_challenge_claims(now + DAY, 3).await.unwrap(), 3);
    assert_eq!(store.prune_challenge_claims(now + DAY, 3).await.unwrap(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_queries_on_sqlite() {
    store_queries(scratch("queries").await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_queries_on_postgres() {
    let base = match std::env::var("TEST_DATABASE_URL") {
        Ok(u) if !u.trim().is_empty() => u.trim().to_string(),
        _ => {
            eprintln!("scheduler store queries on PostgreSQL SKIPPED: set TEST_DATABASE_URL");
            return;
        }
    };
    let schema = unique("sched");
    let admin = |sql: String| {
        let base = base.clone();
        async move {
            use sqlx::Connection;
            sqlx::any::install_default_drivers();
            let mut c = sqlx::AnyConnection::connect(&base).await.unwrap();
            sqlx::Executor::execute(&mut c, sql.as_str()).await.unwrap();
            c.close().await.ok();
        }
    };
    admin(format!("CREATE SCHEMA {schema}")).await;
    let sep = if base.contains('?') { '&' } else { '?' };
    let store = Store::open(&format!("{base}{sep}options[search_path]={schema}"))
        .await
        .unwrap();
    store_queries(store.clone()).await;
    store.close().await;
    admin(format!("DROP SCHEMA {schema} CASCADE")).await;
}

/// `crystal-clans verify --rearm` puts a match set aside back on the schedule once it
/// verifies again, and leaves it aside while it is still damaged.
#[test]
fn verify_rearm_puts_a_repaired_match_back() {
    let path = support::scratch_path("clans-sched-rearm", ".db");
    let url = format!("sqlite://{}", path.display());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let now = now_ms();
    let (id, snapshot) = rt.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let (m, _) = store
            .create_match(human_match(1, Some(now - MIN), None))
            .await
            .unwrap();
        let id = m.info.id;
        let snapshot: String =
            sqlx::query_scalar("SELECT state FROM snapshots WHERE match_id = $1")
                .bind(id)
                .fetch_one(store.pool())
                .await
                .unwrap();
        exec(
            &store,
            &format!("UPDATE snapshots SET state = '{{}}' WHERE match_id = {id}"),
        )
        .await;
        let (r, _) = tick(&App::new(store.clone()).without_images(), now).await;
        assert_eq!(r.held, vec![id]);
        store.close().await;
        (id, snapshot)
    });
    let verify = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
            .args(["verify", "--all", "--rearm", "--database", &url])
            .output()
            .unwrap()
    };
    let still = verify();
    let out = String::from_utf8_lossy(&still.stdout);
    assert_eq!(still.status.code(), Some(1), "{out}");
    assert!(
        out.contains("\"rearmed\":false") && out.contains("\"held\":1"),
        "{out}"
    );
    rt.block_on(async {
        let store = Store::open(&url).await.unwrap();
        sqlx::query("UPDATE snapshots SET state = $1 WHERE match_id = $2")
            .bind(&snapshot)
            .bind(id)
            .execute(store.pool())
            .await
            .unwrap();
        store.close().await;
    });
    let fixed = verify();
    let out = String::from_utf8_lossy(&fixed.stdout);
    assert_eq!(fixed.status.code(), Some(0), "{out}");
    assert!(
        out.contains("\"rearmed\":true") && out.contains("\"held\":0"),
        "{out}"
    );
    rt.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let info = store.info(id).await.unwrap();
        assert!(info.deadlines.remind_at.unwrap() > now, "a fresh turn");
        assert!(store.held().await.unwrap().is_empty());
        store.close().await;
    });
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// Regression (issue 34, 10): a row whose value does not decode (text where SQLite keeps
/// an integer) was a transient fault: the player read "try again", the log "store
/// unavailable", and the scheduler retried it every tick for ever. It is that match's
/// damage now: the player is told the match is damaged, and the scheduler sets it aside
/// once, as other damaged matches.
#[tokio::test]
async fn a_row_that_does_not_decode_is_damage_and_set_aside() {
    let store = scratch("undecodable").await;
    let now = now_ms();
    let mut ids = Vec::new();
    for i in 0..3u64 {
        let (m, _) = store
            .create_match(human_match(i, Some(now - MIN), Some(now + DAY)))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    let (bad, col) = (ids[0], "version");
    exec(
        &store,
        &format!("UPDATE snapshots SET {col} = 'two' WHERE match_id = {bad}"),
    )
    .await;
    let e = store.load(bad).await.unwrap_err();
    assert!(
        matches!(e, StoreError::Corrupt { match_id, .. } if match_id == bad),
        "{e:?}"
    );
    assert!(!e.is_transient());
    let app = App::new(store.clone()).without_images();
    let told = app
        .faults
        .told(crystal_clans::i18n::Lang::En, Some(bad), &e);
    assert!(
        told.contains("damaged") && !told.contains("try again"),
        "{told}"
    );

    let (report, out) = tick(&app, now).await;
    assert_eq!(report.held, vec![bad], "{report:?}");
    assert_eq!(report.deferred, 0, "{report:?}");
    assert_eq!(out.len(), 2, "the two healthy matches are reminded");
    let held = store.held().await.unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(
        (held[0].match_id, held[0].reason.as_str()),
        (bad, "damaged")
    );
    // Not retried: the next tick finds nothing due for it.
    let (again, _) = tick(&app, now + 1).await;
    assert!(again.held.is_empty() && again.deferred == 0, "{again:?}");
}

/// The server's grace (`grace_minutes`): a player whose turn time runs out gets that
/// much more, pinged, once a match; the next time it runs out they forfeit. Off by
/// default: the first timeout forfeits. Two ticks racing grant it once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grace_puts_the_forfeit_off_once_a_match() {
    let store = scratch("grace").await;
    let t0 = now_ms();
    let due = t0 + 10 * MIN;
    let (plain, _) = store
        .create_match(human_match(1, None, Some(due)))
        .await
        .unwrap();
    let app = App::new(store.clone()).without_images();
    // No grace set: the timeout forfeits.
    let (r, _) = tick(&app, due + MIN).await;
    assert_eq!((r.timeouts, r.graces), (1, 0));
    assert!(store.result(plain.info.id).await.unwrap().is_some());
    store
        .set_guild_settings(
            1,
            &crystal_clans::store::GuildSettings {
                grace_minutes: Some(120),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let app = App::new(store.clone()).without_images();
    let (graced, _) = store
        .create_match(human_match(2, None, Some(due)))
        .await
        .unwrap();
    let id = graced.info.id;
    let late = graced.info.seats[graced.state.waiting()[0] as usize]
        .user()
        .unwrap();
    let now = due + MIN;
    let (a, b) = tokio::join!(tick(&app, now), tick(&app, now));
    assert_eq!(a.0.graces + b.0.graces, 1, "granted once");
    assert_eq!(a.0.timeouts + b.0.timeouts, 0);
    let posts: Vec<&Msg> = a.1.iter().chain(&b.1).flat_map(|o| &o.public).collect();
    assert_eq!(posts.len(), 1);
    assert!(
        posts[0].content.contains("one grace a match: 2 hours more"),
        "{}",
        posts[0].content
    );
    assert_eq!(posts[0].pings, vec![late]);
    assert!(store.result(id).await.unwrap().is_none());
    assert_eq!(
        store.info(id).await.unwrap().deadlines.timeout_at,
        Some(now + 120 * MIN)
    );
    // Its time runs out again: no second grace.
    let (r, _) = tick(&app, now + 121 * MIN).await;
    assert_eq!((r.timeouts, r.graces), (1, 0));
    assert_eq!(
        store.result(id).await.unwrap().unwrap().reason,
        Reason::Timeout
    );
    // A German server's grace is said in German.
    store
        .set_guild_settings(
            1,
            &crystal_clans::store::GuildSettings {
                grace_minutes: Some(90),
                language: Some("de".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let app = App::new(store.clone()).without_images();
    let (german, _) = store
        .create_match(human_match(3, None, Some(due)))
        .await
        .unwrap();
    let (r, out) = tick(&app, due + MIN).await;
    assert_eq!(r.graces, 1);
    let post = &out[0].public[0].content;
    assert!(
        post.contains(&format!(
            "Deine Zeit für Partie #{} ist abgelaufen",
            german.info.id
        )) && post.contains("1 Stunde 30 Minuten mehr"),
        "{post}"
    );
}

/// A daily deadline (`/clans config deadline_hour`, `store::Clock::Daily`), with the
/// clock injected across three days and the spring's DST change in Berlin: each turn
/// is due at 20:00 local, at least 12 hours after it starts (19:00 UTC before the
/// change, 18:00 after); the per-turn timeout plays no part; the warning comes a fifth
/// of a day before; the forfeit comes at the hour and not before, to the seat that kept
/// the match waiting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_deadline_keeps_its_local_hour_across_days_and_a_dst_change() {
    let store = scratch("daily").await;
    let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap().as_millisecond();
    let terms = Terms {
        remind_minutes: None,
        timeout_minutes: Some(60),
        clock: crystal_clans::store::Clock::Daily {
            hour: 20,
            zone: "Europe/Berlin".into(),
        },
    };
    // Friday 09:00 CET: tonight's 20:00 is 11 hours on, too soon: Saturday's.
    let t0 = at("2026-03-27T08:00:00Z");
    let mut new = human_match(1, None, None);
    new.deadlines = terms.deadlines(t0);
    new.terms = terms.clone();
    let (loaded, _) = store.create_match(new).await.unwrap();
    let id = loaded.info.id;
    assert_eq!(
        loaded.info.terms, terms,
        "the clock is stored with the match"
    );
    let saturday = at("2026-03-28T19:00:00Z");
    assert_eq!(loaded.info.deadlines.timeout_at, Some(saturday));
    let app = App::new(store.clone()).without_images();
    // Before the hour nothing happens but the warning, 4.8 hours ahead.
    let (r, _) = tick(&app, saturday - 289 * MIN).await;
    assert_eq!((r.reminders, r.timeouts), (0, 0));
    let (r, _) = tick(&app, saturday - 287 * MIN).await;
    assert_eq!((r.reminders, r.timeouts), (1, 0), "the warning");
    // A move on Saturday at 11:00 CET: due on Sunday at 20:00, summer time by then.
    let t1 = at("2026-03-28T10:00:00Z");
    let seat = loaded.state.waiting()[0];
    let input = loaded.state.legal(&loaded.rules, seat)[0];
    let sub = store
        .submit_many(id, 0, &[(seat, input)], Some(terms.deadlines(t1)))
        .await
        .unwrap();
    let sunday = at("2026-03-29T18:00:00Z");
    assert_eq!(sub.deadlines.timeout_at, Some(sunday));
    // Saturday's hour passes, and Sunday 19:00 UTC's would have been winter time's.
    let (r, _) = tick(&app, saturday + MIN).await;
    assert_eq!(r.timeouts, 0);
    let (r, _) = tick(&app, sunday - MIN).await;
    assert_eq!(r.timeouts, 0, "not before the hour");
    assert!(store.result(id).await.unwrap().is_none());
    let waiting = sub.state.waiting();
    let (r, _) = tick(&app, sunday + MIN).await;
    assert_eq!(r.timeouts, 1);
    let result = store.result(id).await.unwrap().unwrap();
    assert_eq!(result.reason, Reason::Timeout);
    assert_eq!(result.winner, Some(1 - waiting[0]));
}

/// A time bank of 3 days each, a day more for each turn handed on.
const BANK_TERMS: Terms = Terms {
    remind_minutes: None,
    timeout_minutes: Some(60),
    clock: crystal_clans::store::Clock::Bank {
        minutes: 3 * 24 * 60,
        add_minutes: 24 * 60,
    },
};

/// A match between two people under [`BANK_TERMS`], its first turn starting at `t0`.
fn bank_match(t0: i64) -> NewMatch {
    let mut new = human_match(1, None, None);
    new.deadlines = BANK_TERMS.deadlines(t0);
    new.terms = BANK_TERMS;
    new
}

/// Regression: a match under a time bank that the scheduler set aside and a repair put
/// back (`Store::rearm`) restarted its turn with a full bank, whatever the player had
/// left. It now restarts with what the waiting player's bank held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn regression_rearm_restarted_a_time_bank_turn_with_a_full_bank() {
    let store = scratch("bank-rearm").await;
    let t0 = now_ms();
    let (loaded, _) = store.create_match(bank_match(t0)).await.unwrap();
    let id = loaded.info.id;
    let waiting = loaded.state.waiting()[0] as usize;
    exec(
        &store,
        &format!(
            "UPDATE matches SET bank{waiting}_ms = {} WHERE id = {id}",
            5 * MIN
        ),
    )
    .await;
    assert!(store.hold(id, 0, "damaged", t0).await.unwrap());
    let later = t0 + DAY;
    let dl = store.rearm(id, later).await.unwrap();
    assert_eq!(dl.timeout_at, Some(later + 5 * MIN), "{dl:?}");
    assert_eq!(store.info(id).await.unwrap().deadlines, dl);
}

/// A time bank (`Clock::Bank`, 3 days each and a day more for each turn handed on,
/// capped at 3 days): the clock runs only for the player it waits for; a move charges
/// their bank what the running deadline used up (here the deadline is moved 10 hours
/// nearer, as if 10 hours had passed) and, when it hands the turn on, adds a day, never
/// above the start; the next turn lasts what the other's bank holds; a bank run out
/// forfeits to the seat that kept the match waiting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_bank_runs_for_the_player_it_waits_for_and_is_topped_up_per_turn() {
    let store = scratch("bank").await;
    const HOUR: i64 = 60 * MIN;
    let terms = BANK_TERMS;
    let t0 = now_ms();
    let (loaded, _) = store.create_match(bank_match(t0)).await.unwrap();
    let id = loaded.info.id;
    assert_eq!(loaded.info.banks, Some([3 * DAY, 3 * DAY]));
    assert_eq!(loaded.info.deadlines.timeout_at, Some(t0 + 3 * DAY));
    let close = |a: i64, b: i64| (a - b).abs() < 60_000;
    // `hours` pass on the running clock, then the player it waits for moves.
    let mut version = 0;
    let mut state = loaded.state.clone();
    let rules = loaded.rules.clone();
    let mut move_after = async |hours: i64| {
        exec(
            &store,
            &format!(
                "UPDATE matches SET timeout_at = timeout_at - {} WHERE id = {id}",
                hours * HOUR
            ),
        )
        .await;
        let seat = state.waiting()[0];
        let input = state.legal(&rules, seat)[0];
        let before = state.waiting();
        let sub = store
            .submit_many(
                id,
                version,
                &[(seat, input)],
                Some(terms.deadlines(now_ms())),
            )
            .await
            .unwrap();
        version = sub.version;
        state = sub.state.clone();
        let info = store.info(id).await.unwrap();
        (seat, before, sub, info)
    };
    let (mover, _, sub, info) = move_after(10).await;
    let banks = info.banks.unwrap();
    let handed_on = !sub.state.waiting().contains(&mover);
    let expected = 3 * DAY - 10 * HOUR + if handed_on { DAY } else { 0 };
    assert!(
        close(banks[mover as usize], expected.min(3 * DAY)),
        "{banks:?}"
    );
    assert_eq!(
        banks[1 - mover as usize],
        3 * DAY,
        "the other's bank did not run"
    );
    let next = sub.state.waiting()[0];
    let due = sub.deadlines.timeout_at.unwrap();
    assert!(
        close(due - now_ms(), banks[next as usize]),
        "the turn lasts the bank"
    );
    assert_eq!(info.deadlines, sub.deadlines);
    // Play on: each move made 30 hours into a clock that ran for the mover alone
    // charges 30 hours, and one that hands the turn on adds a day, capped at 3 days.
    let mut topped_up = 0;
    for _ in 0..40 {
        let b0 = store.info(id).await.unwrap().banks.unwrap();
        let (mover, before, sub, info) = move_after(30).await;
        if sub.result.is_some() {
            break;
        }
        let banks = info.banks.unwrap();
        if before.as_slice() == [mover] {
            let handed_on = !sub.state.waiting().contains(&mover);
            let charged = (b0[mover as usize] - 30 * HOUR).max(0);
            let expected = (charged + if handed_on { DAY } else { 0 }).min(3 * DAY);
            assert!(
                close(banks[mover as usize], expected),
                "{b0:?} -> {banks:?}"
            );
            assert_eq!(banks[1 - mover as usize], b0[1 - mover as usize]);
            topped_up += usize::from(handed_on);
        }
        if topped_up >= 2 {
            break;
        }
    }
    assert!(topped_up >= 2, "no turns were handed on");
    // The waiting player's bank runs out: they forfeit.
    let info = store.info(id).await.unwrap();
    let late = state.waiting();
    let due = info.deadlines.timeout_at.unwrap();
    let app = App::new(store.clone()).without_images();
    let (r, _) = tick(&app, due - MIN).await;
    assert_eq!(r.timeouts, 0);
    let (r, _) = tick(&app, due + MIN).await;
    assert_eq!(r.timeouts, 1);
    let result = store.result(id).await.unwrap().unwrap();
    if let [w] = late.as_slice() {
        assert_eq!(result.winner, Some(1 - w));
        assert_eq!(result.reason, Reason::Timeout);
    }
}

/// A follower told of a match whose log the operator's retention pruned before the
/// scheduler got to them (the bot was down) reads who won, not "abandoned"
/// (regression: the message needed the whole match loaded).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_of_a_pruned_match_still_reads_who_won() {
    let store = scratch("follow-pruned").await;
    let t0 = now_ms();
    let (m, _) = store
        .create_match(human_match(1, None, Some(t0 + DAY)))
        .await
        .unwrap();
    let id = m.info.id;
    let follower = 99_000_000_000_000_000;
    assert!(store.follow(id, follower, t0).await.unwrap());
    store
        .finish(id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    assert_eq!(
        store
            .prune_finished_logs(now_ms() + 1, 10, now_ms())
            .await
            .unwrap(),
        1
    );
    assert!(store.load(id).await.is_err(), "pruned");
    let app = App::new(store.clone()).without_images();
    let (_, out) = tick(&app, now_ms()).await;
    let dms: Vec<&str> = out
        .iter()
        .flat_map(|o| &o.dms)
        .filter(|(u, _)| *u == follower)
        .map(|(_, m)| m.content.as_str())
        .collect();
    assert_eq!(dms.len(), 1, "{dms:?}");
    assert!(dms[0].contains("<@12> wins"), "{}", dms[0]);
    assert!(!dms[0].contains("abandoned"), "{}", dms[0]);
}

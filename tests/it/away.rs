//! Absences (`/clans away`, `src/app/away.rs`, `crates/store/src/absences.rs`): a
//! waiting match's clock stops and restarts with exactly the time it had left; a turn
//! handed to an away player starts paused; the scheduler's deadline queries never pick
//! a paused match; the limit counts days in any 30; a week away end to end through the
//! fake Discord, reminders paused and resumed. Store parts on SQLite and PostgreSQL.

use crystal_clans::app::App;
use crystal_clans::app::timers::{TICK_BUDGET, TickReport};
use crystal_clans::app::{Outcome, away::AwayOutcome};
use crystal_clans::discord::Clock;
use crystal_clans::store::{
    Absence, AbsenceStart, AwayAllowance, Deadlines, GuildSettings, Loaded, NewMatch, Store, Terms,
    now_ms,
};
use crystal_clans_testkit::fake_discord::GUILD;
use rand::SeedableRng;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

use crate::support::{self, TestDb};
use support::people::*;
use support::play::answer;

const MIN: i64 = 60_000;
const DAY: i64 = 24 * 60 * MIN;
/// `/clans away`'s default: 14 days in any 30.
const FOURTEEN_IN_THIRTY: AwayAllowance = AwayAllowance {
    window: 30 * DAY,
    most: 14 * DAY,
};

/// Starts an absence that must be accepted.
async fn away(store: &Store, user: u64, from: i64, until: i64, note: Option<&str>) -> Absence {
    match store
        .start_absence(user, from, until, note, FOURTEEN_IN_THIRTY)
        .await
        .unwrap()
    {
        AbsenceStart::Started(a) => a,
        other => panic!("the absence was not started: {other:?}"),
    }
}

const TERMS: Terms = Terms {
    remind_minutes: Some(60),
    timeout_minutes: Some(3 * 24 * 60),
    clock: crystal_clans::store::Clock::Turn,
};

/// A match between users 10 and 11 in server 1, its turn started at `at`.
fn a_match(at: i64) -> NewMatch {
    NewMatch {
        terms: TERMS,
        deadlines: TERMS.deadlines(at),
        ..support::new_match(1, [10, 11], Some(1))
    }
}

/// The user the match waits for (one, as the test matches are dealt).
fn waiting_user(l: &Loaded) -> u64 {
    let w = l.state.waiting();
    assert_eq!(w.len(), 1, "the match waits for one player");
    l.info.seats[w[0] as usize].user().unwrap()
}

/// Under either clock: a daily deadline's turn paused by an absence gets back the time
/// it had left, as a turn's timeout does.
async fn a_paused_clock_restarts_with_exactly_the_time_it_had_left(db: &TestDb) {
    let store = db.open().await;
    let daily = Terms {
        clock: crystal_clans::store::Clock::Daily {
            hour: 20,
            zone: "Europe/Berlin".into(),
        },
        ..TERMS
    };
    for terms in [TERMS, daily] {
        let t0 = 1_000_000 * MIN;
        let new = NewMatch {
            deadlines: terms.deadlines(t0),
            terms,
            ..support::new_match(1, [10, 11], Some(1))
        };
        let (l, _) = store.create_match(new).await.unwrap();
        let before = l.info.deadlines;
        let paused_at = t0 + 17 * MIN;
        assert!(store.pause_clock(l.info.id, 0, paused_at).await.unwrap());
        // Paused twice is paused once; a stale version pauses nothing.
        assert!(
            !store
                .pause_clock(l.info.id, 0, paused_at + 1)
                .await
                .unwrap()
        );
        assert_eq!(
            store.paused_since(l.info.id).await.unwrap(),
            Some(paused_at)
        );
        let info = store.info(l.info.id).await.unwrap();
        assert_eq!(info.deadlines, Deadlines::default());
        // The scheduler's queries never see it, however late it is.
        let due = store.due(t0 + 365 * DAY, 100).await.unwrap();
        assert!(due.iter().all(|d| d.match_id != l.info.id), "{due:?}");
        let back = t0 + 9 * DAY + 123;
        assert!(store.resume_clock(l.info.id, back).await.unwrap());
        assert!(!store.resume_clock(l.info.id, back + 1).await.unwrap());
        let info = store.info(l.info.id).await.unwrap();
        let left = |d: Option<i64>| d.map(|d| d - paused_at);
        assert_eq!(
            info.deadlines,
            Deadlines {
                remind_at: left(before.remind_at).map(|l| back + l),
                timeout_at: left(before.timeout_at).map(|l| back + l),
            }
        );
        assert_eq!(store.paused_since(l.info.id).await.unwrap(), None);
    }
    store.close().await;
}

async fn a_turn_handed_to_an_away_player_starts_paused(db: &TestDb) {
    let store = db.open().await;
    let rules = support::rules();
    let now = now_ms();
    let (l, _) = store.create_match(a_match(now)).await.unwrap();
    let mut state = l.state.clone();
    let mover = waiting_user(&l);
    let away_user = if mover == 10 { 11 } else { 10 };
    away(&store, away_user, now - MIN, now + 7 * DAY, Some("sea")).await;
    // Play the mover's turn until the match waits for the away player.
    let mut rng = rand_pcg::Pcg32::seed_from_u64(3);
    let mut version = 0;
    loop {
        let waiting: Vec<u64> = state
            .waiting()
            .iter()
            .map(|&s| l.info.seats[s as usize].user().unwrap())
            .collect();
        if waiting.contains(&away_user) {
            break;
        }
        let input = support::random_input(&rules, &state, &mut rng);
        let dl = TERMS.deadlines(now_ms());
        let sub = store
            .submit_many(l.info.id, version, &[input], Some(dl))
            .await
            .unwrap();
        version = sub.version;
        state = sub.state;
        assert!(version < 500, "the turn never passed");
    }
    let info = store.info(l.info.id).await.unwrap();
    assert_eq!(info.deadlines, Deadlines::default(), "a running clock");
    assert!(store.paused_since(l.info.id).await.unwrap().is_some());
    assert!(store.due(now + 365 * DAY, 100).await.unwrap().is_empty());
    assert_eq!(
        store.paused_matches_of(away_user).await.unwrap(),
        vec![l.info.id]
    );
    store.close().await;
}

async fn absences_count_in_their_window_and_resume_once(db: &TestDb) {
    let store = db.open().await;
    let t = 2_000_000 * MIN;
    let a = away(&store, 5, t, t + 5 * DAY, Some("holiday")).await;
    assert_eq!((a.user, a.note.as_deref()), (5, Some("holiday")));
    let again = store
        .start_absence(5, t + DAY, t + 2 * DAY, None, FOURTEEN_IN_THIRTY)
        .await
        .unwrap();
    assert_eq!(again, AbsenceStart::AlreadyAway(a.clone()));
    assert_eq!(
        store.current_absence(5, t + DAY).await.unwrap(),
        Some(a.clone())
    );
    assert_eq!(store.current_absence(6, t + DAY).await.unwrap(), None);
    assert_eq!(
        store
            .away_ms_between(5, t - 30 * DAY, t + 30 * DAY)
            .await
            .unwrap(),
        5 * DAY
    );
    assert_eq!(
        store
            .away_ms_between(5, t + 4 * DAY, t + 30 * DAY)
            .await
            .unwrap(),
        DAY
    );
    // Ended early: it counts up to its end, and is due to resume once.
    let ended = store.end_absence(5, t + 2 * DAY).await.unwrap().unwrap();
    assert_eq!(ended.ends_at, t + 2 * DAY);
    assert_eq!(store.end_absence(5, t + 3 * DAY).await.unwrap(), None);
    assert_eq!(
        store
            .away_ms_between(5, t - 30 * DAY, t + 30 * DAY)
            .await
            .unwrap(),
        2 * DAY
    );
    assert!(
        store
            .absences_to_resume(t + DAY, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let due = store.absences_to_resume(t + 2 * DAY, 10).await.unwrap();
    assert_eq!(due, vec![ended.clone()]);
    assert!(store.mark_resumed(ended.id, t + 2 * DAY).await.unwrap());
    assert!(!store.mark_resumed(ended.id, t + 2 * DAY).await.unwrap());
    assert!(
        store
            .absences_to_resume(t + 9 * DAY, 10)
            .await
            .unwrap()
            .is_empty()
    );
    store.close().await;
}

/// Regression (issue 48, 5): two `/clans away` at once on PostgreSQL (two bot
/// processes) booked two absences for 9 of 10 users, 28 days against the 14-in-30
/// limit. The check and the insert are one transaction holding the player's lock: one
/// absence each, and the limit holds.
async fn two_aways_at_once_book_one_absence(db: &TestDb) {
    let (a, b) = (db.open().await, db.open().await);
    let t = 2_100_000 * MIN;
    let users: Vec<u64> = (700..710).collect();
    let mut racing = Vec::new();
    for &user in &users {
        for (store, days) in [(a.clone(), 10), (b.clone(), 12)] {
            racing.push(tokio::spawn(async move {
                store
                    .start_absence(user, t, t + days * DAY, None, FOURTEEN_IN_THIRTY)
                    .await
            }));
        }
    }
    let mut started = 0;
    for r in racing {
        match r.await.unwrap().unwrap() {
            AbsenceStart::Started(_) => started += 1,
            AbsenceStart::AlreadyAway(_) | AbsenceStart::OverLimit { .. } => {}
        }
    }
    assert_eq!(started, users.len(), "one absence per user");
    for &user in &users {
        let used = a
            .away_ms_between(user, t - 30 * DAY, t + 30 * DAY)
            .await
            .unwrap();
        assert!(used <= 14 * DAY, "user {user}: {} days", used / DAY);
    }
    // The limit counts what came before: ended early after 10 days, 5 more are over it.
    let user = users[0];
    a.end_absence(user, t + 10 * DAY).await.unwrap();
    let later = a
        .start_absence(user, t + 11 * DAY, t + 16 * DAY, None, FOURTEEN_IN_THIRTY)
        .await
        .unwrap();
    assert!(
        matches!(later, AbsenceStart::OverLimit { used } if used >= 10 * DAY),
        "{later:?}"
    );
    a.close().await;
    b.close().await;
}

both!(
    two_aways_at_once_book_one_absence,
    a_paused_clock_restarts_with_exactly_the_time_it_had_left,
    a_turn_handed_to_an_away_player_starts_paused,
    absences_count_in_their_window_and_resume_once,
);

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

fn texts(outs: &[Outcome]) -> String {
    outs.iter()
        .flat_map(|o| o.public.iter().map(|m| m.content.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn reply(out: &AwayOutcome) -> String {
    out.reply.reply.as_ref().unwrap().content.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_week_away_stops_reminders_and_the_forfeit_then_restarts_them_exactly() {
    let store = support::scratch_store("away-week").await;
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let id = l.info.id;
    let late = waiting_user(&l);
    let app = App::new(store.clone()).without_images();
    // Two days into a three-day turn (its reminder fired), the player leaves for a week.
    let (_, reminded) = tick(&app, t0 + 61 * MIN).await;
    assert!(texts(&reminded).contains("is waiting for you"));
    let before = store.info(id).await.unwrap().deadlines;
    let leave = t0 + 2 * DAY;
    let out = app
        .presence
        .away(late, Some(1), 7, Some("  at  sea "), leave)
        .await;
    assert!(
        reply(&out).contains("You are away until"),
        "{}",
        reply(&out)
    );
    assert_eq!(out.notices.len(), 1);
    let notice = texts(&out.notices);
    let until = (leave + 7 * DAY) / 1000;
    assert!(
        notice.contains(&format!("is away until <t:{until}:F>")),
        "{notice}"
    );
    assert!(notice.contains("“at sea”"), "{notice}");
    assert!(
        out.notices[0].public[0].pings.is_empty(),
        "a notice pings nobody"
    );
    // The opponent's /clans matches says so.
    let opponent = if late == 10 { 11 } else { 10 };
    let list = app.matches.active(opponent, leave + DAY).await;
    let list = list.reply.unwrap().content;
    assert!(
        list.contains(&format!("<@{late}> is away until <t:{until}:F>")),
        "{list}"
    );
    // The warning and the forfeit were due during the week: neither comes.
    for day in 3..9 {
        let (r, posted) = tick(&app, t0 + day * DAY).await;
        assert_eq!((r.reminders, r.timeouts), (0, 0), "day {day}: {posted:?}");
    }
    // Back on time: the clock restarts at the absence's end with what it had left.
    let back = leave + 7 * DAY;
    let (r, posted) = tick(&app, back + MIN).await;
    assert_eq!(r.resumed, 1);
    assert!(
        texts(&posted).contains("you are back"),
        "{}",
        texts(&posted)
    );
    assert_eq!(posted[0].public[0].pings, vec![late]);
    let after = store.info(id).await.unwrap().deadlines;
    let shift = |d: Option<i64>| d.map(|d| d - leave + back);
    assert_eq!(after.timeout_at, shift(before.timeout_at));
    assert_eq!(after.remind_at, shift(before.remind_at));
    // The warning, then the forfeit, at their shifted times.
    let warn = after.remind_at.unwrap();
    let (r, _) = tick(&app, warn - 1).await;
    assert_eq!(r.reminders, 0);
    let (r, posted) = tick(&app, warn).await;
    assert_eq!(r.reminders, 1);
    assert!(
        texts(&posted).contains("or you forfeit"),
        "{}",
        texts(&posted)
    );
    let (r, _) = tick(&app, after.timeout_at.unwrap()).await;
    assert_eq!(r.timeouts, 1);
    assert!(store.result(id).await.unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn back_early_restarts_the_clock_with_the_time_it_had_left() {
    let store = support::scratch_store("away-early").await;
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let late = waiting_user(&l);
    let app = App::new(store.clone()).without_images();
    let before = l.info.deadlines;
    let leave = t0 + 30 * MIN;
    app.presence.away(late, None, 5, None, leave).await;
    let off = leave + DAY + 7;
    let out = app.presence.away_off(late, off).await;
    assert!(
        reply(&out).contains("1 match runs again"),
        "{}",
        reply(&out)
    );
    let after = store.info(l.info.id).await.unwrap().deadlines;
    assert_eq!(after.timeout_at, before.timeout_at.map(|t| t + off - leave));
    assert_eq!(after.remind_at, before.remind_at.map(|t| t + off - leave));
    // Nothing is left for the scheduler to restart, and the reminder comes on time.
    let (r, _) = tick(&app, after.remind_at.unwrap()).await;
    assert_eq!((r.resumed, r.reminders), (0, 1));
    let out = app.presence.away_off(late, off + MIN).await;
    assert!(reply(&out).contains("You are not away"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limit_counts_days_in_any_30_and_a_server_can_turn_absences_off() {
    let store = support::scratch_store("away-limit").await;
    let app = App::new(store.clone()).without_images();
    let t = now_ms();
    let refused = app.presence.away(7, None, 15, None, t).await;
    assert!(
        reply(&refused).contains("between 1 and 14"),
        "{}",
        reply(&refused)
    );
    assert!(refused.notices.is_empty());
    assert!(store.current_absence(7, t).await.unwrap().is_none());
    app.presence.away(7, None, 10, None, t).await;
    let twice = app.presence.away(7, None, 1, None, t + DAY).await;
    assert!(reply(&twice).contains("already away"));
    app.presence.away_off(7, t + 2 * DAY).await;
    // Two days used: 13 more would make 15 in the 30 days ending with them.
    let over = app.presence.away(7, None, 13, None, t + 3 * DAY).await;
    assert!(reply(&over).contains("12 days left"), "{}", reply(&over));
    assert!(
        store
            .current_absence(7, t + 3 * DAY)
            .await
            .unwrap()
            .is_none()
    );
    let ok = app.presence.away(7, None, 12, None, t + 3 * DAY).await;
    assert!(reply(&ok).contains("You are away until"));
    // The strictest server counts: one of the player's matches is in a server that
    // allows 3 days, and another server turns absences off.
    app.directory
        .set_server_settings(
            1,
            &GuildSettings {
                away_days: Some(3),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    app.directory
        .set_server_settings(
            2,
            &GuildSettings {
                away_days: Some(0),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    store.create_match(a_match(t)).await.unwrap();
    let strict = app.presence.away(10, None, 4, None, t).await;
    assert!(
        reply(&strict).contains("between 1 and 3"),
        "{}",
        reply(&strict)
    );
    let off = app.presence.away(20, Some(2), 1, None, t).await;
    assert!(reply(&off).contains("turned off"), "{}", reply(&off));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_reaching_an_away_player_unnoticed_is_paused_by_the_scheduler() {
    // The absence was recorded while the opponent's move was in flight (the move's
    // transaction did not see it, and the command saw the match before the move): the
    // deadline comes due, and the scheduler stops the clock instead of reminding.
    let store = support::scratch_store("away-race").await;
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let late = waiting_user(&l);
    away(&store, late, t0 + 10 * MIN, t0 + 4 * DAY, None).await;
    let app = App::new(store.clone()).without_images();
    let (r, posted) = tick(&app, t0 + 61 * MIN).await;
    assert_eq!((r.paused, r.reminders), (1, 0), "{posted:?}");
    assert!(texts(&posted).contains("is away until"));
    // Stopped as of the absence's start, when 50 of the hour's minutes were left.
    let (r, posted) = tick(&app, t0 + 4 * DAY + 49 * MIN).await;
    assert_eq!((r.resumed, r.reminders), (1, 0), "{posted:?}");
    let (r, _) = tick(&app, t0 + 4 * DAY + 50 * MIN).await;
    assert_eq!(r.reminders, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_week_away_through_discord_pauses_and_resumes_the_reminders() {
    let url = support::scratch_path("crystal-clans-away-e2e", ".db");
    let store = Store::open(&format!("sqlite://{}", url.display()))
        .await
        .unwrap();
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                reminder_minutes: Some(10),
                timeout_minutes: Some(30),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = start_bot_clocked(app, store.clone(), Duration::from_millis(100), clock).await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 50, |s| s.waiting().len() == 1).await;
    let l = bot.store.load(id).await.unwrap();
    let late = user(l.state.waiting()[0]);
    let other = if late == ANA { BEN } else { ANA };
    let t = fake.command(
        late,
        name(late),
        "away",
        json!([{"name": "days", "type": 4, "value": 7},
               {"name": "note", "type": 3, "value": "Sailing"}]),
        false,
    );
    let r = answer(fake, &t).await;
    assert!(r.ephemeral(), "the answer is private");
    assert!(r.text().contains("You are away until"), "{}", r.text());
    let notice = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("is away until"),
            10,
        )
        .await;
    assert!(notice.text().contains("Sailing"));
    // The opponent sees it in /clans matches.
    let t = fake.command(other, name(other), "matches", json!([]), false);
    let list = answer(fake, &t).await;
    assert!(list.text().contains("is away until"), "{}", list.text());
    // And on the board, under whose move it is.
    let t = fake.command(other, name(other), "board", json!([]), false);
    answer(fake, &t).await;
    let board = fake
        .wait_for(
            |r| r.is_channel_post() && r.json["embeds"].to_string().contains("is away until"),
            10,
        )
        .await;
    assert!(board.json["embeds"].to_string().contains("Sailing"));
    // A day, then six: past the reminder, the warning and the forfeit, nothing comes.
    let mark = fake.requests().len();
    for days in [1, 6] {
        offset.store(days * DAY, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    let quiet = fake.requests()[mark..]
        .iter()
        .filter(|r| r.is_channel_post())
        .map(|r| r.text())
        .collect::<Vec<_>>();
    assert!(quiet.is_empty(), "posted while away: {quiet:?}");
    assert!(bot.store.result(id).await.unwrap().is_none());
    // Back after the week: the player is pinged, the reminder comes after the ten
    // minutes that were left, the forfeit after thirty.
    offset.store(7 * DAY + MIN, Ordering::SeqCst);
    let back = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("you are back"),
            10,
        )
        .await;
    assert!(back.text().contains(&format!("<@{late}>")));
    assert!(bot.store.result(id).await.unwrap().is_none());
    offset.store(7 * DAY + 11 * MIN, Ordering::SeqCst);
    fake.wait_for(
        |r| {
            r.is_channel_post()
                && r.text().contains("waiting for you")
                && !r.text().contains("back")
        },
        10,
    )
    .await;
    offset.store(7 * DAY + 31 * MIN, Ordering::SeqCst);
    fake.wait_for(
        |r| r.is_channel_post() && r.text().contains("ran out of time"),
        10,
    )
    .await;
    assert!(bot.store.result(id).await.unwrap().is_some());
    bot.stop().await;
}

/// The scheduler's new queries read their partial indexes, not every row, each tick.
#[tokio::test]
async fn the_schedulers_absence_and_owed_queries_use_their_indexes() {
    let store = support::scratch_store("away-plans").await;
    for (sql, index) in [
        (
            "SELECT id, user_id, starts_at, ends_at, note FROM absences \
             WHERE resumed_at IS NULL AND ends_at <= 5 ORDER BY ends_at, id LIMIT 10",
            "absences_to_resume",
        ),
        (
            "SELECT user_id, catchup_at FROM notify_due WHERE catchup_at IS NOT NULL \
             AND catchup_at <= 5 ORDER BY catchup_at, user_id LIMIT 10",
            "notify_due_catchup",
        ),
        (
            "SELECT user_id, digest_at FROM notify_due WHERE digest_at IS NOT NULL \
             AND digest_at <= 5 ORDER BY digest_at, user_id LIMIT 10",
            "notify_due_digest",
        ),
        (
            "SELECT id, user_id, starts_at, ends_at, note FROM absences \
             WHERE user_id = 3 AND starts_at <= 5 AND ends_at > 5 ORDER BY ends_at DESC LIMIT 1",
            "absences_user_end",
        ),
    ] {
        let plan: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
                .fetch_all(store.pool())
                .await
                .unwrap();
        assert!(plan.iter().any(|p| p.3.contains(index)), "{sql}: {plan:?}");
    }
}

//! How a player is told it is their move (`/clans notify`, `src/app/notify.rs`,
//! `crates/store/src/notify.rs`): a mention, a DM, both or nothing; quiet hours in the
//! player's time zone across midnight and across both DST changes (an injected clock),
//! with one catch-up after them; a daily digest that a DST change neither skips nor
//! repeats; all of it stored, so a restarted bot owes the same; and end to end through
//! the fake Discord. Store parts on SQLite and PostgreSQL.

use crystal_clans::app::App;
use crystal_clans::app::Outcome;
use crystal_clans::app::msg::Msg;
use crystal_clans::app::notify::{NotifyChange, local_hour, zone};
use crystal_clans::app::timers::TICK_BUDGET;
use crystal_clans::discord::Clock;
use crystal_clans::store::{NotifyVia, Owed, Store, now_ms};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

use crate::support::{self, TestDb};
use support::people::*;
use support::play::answer;

const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;

fn at(s: &str) -> i64 {
    s.parse::<jiff::Timestamp>().unwrap().as_millisecond()
}

async fn owed_messages_are_claimed_once(db: &TestDb) {
    let store = db.open().await;
    store.owe_catch_up(4, 5_000).await.unwrap();
    // The earliest owed time holds.
    store.owe_catch_up(4, 9_000).await.unwrap();
    store.owe_catch_up(4, 3_000).await.unwrap();
    assert_eq!(store.owed_at(4, Owed::CatchUp).await.unwrap(), Some(3_000));
    store.set_digest_at(4, Some(7_000)).await.unwrap();
    store.set_digest_at(5, Some(2_000)).await.unwrap();
    assert_eq!(store.owed(Owed::CatchUp, 2_999, 10).await.unwrap(), vec![]);
    assert_eq!(
        store.owed(Owed::Digest, 8_000, 10).await.unwrap(),
        vec![(5, 2_000), (4, 7_000)]
    );
    assert!(
        store
            .claim_owed(4, Owed::CatchUp, 3_000, None)
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_owed(4, Owed::CatchUp, 3_000, None)
            .await
            .unwrap()
    );
    assert_eq!(store.owed_at(4, Owed::CatchUp).await.unwrap(), None);
    assert!(
        store
            .claim_owed(5, Owed::Digest, 2_000, Some(90_000))
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_owed(5, Owed::Digest, 2_000, Some(91_000))
            .await
            .unwrap()
    );
    assert_eq!(store.owed_at(5, Owed::Digest).await.unwrap(), Some(90_000));
    store.set_digest_at(5, None).await.unwrap();
    assert_eq!(
        store.owed(Owed::Digest, i64::MAX, 10).await.unwrap(),
        vec![(4, 7_000)]
    );
    store.close().await;
}

both!(owed_messages_are_claimed_once);

/// A board-like post in thread 777 pinging `users`.
fn pinging(users: &[u64]) -> Outcome {
    let mut m = Msg::text(users.iter().map(|u| format!("<@{u}>")).collect::<String>());
    m.pings = users.to_vec();
    Outcome {
        public: vec![m],
        channel: Some(777),
        ..Outcome::default()
    }
}

async fn set(app: &App, user: u64, change: NotifyChange, now: i64) -> String {
    app.presence
        .set_notify(user, change, now)
        .await
        .reply
        .unwrap()
        .content
}

/// A match between users `a` and `b` (no deadlines) that waits for one of them; which.
async fn waiting_match(store: &Store, a: u64, b: u64) -> (i64, u64) {
    let (l, _) = store
        .create_match(support::new_match(1, [a, b], Some(1)))
        .await
        .unwrap();
    let seat = l.state.waiting()[0];
    (l.info.id, l.info.seats[seat as usize].user().unwrap())
}

async fn tick(app: &App, now: i64) -> Vec<Outcome> {
    let (tx, mut rx) = mpsc::channel(1000);
    app.tick_into(now, TICK_BUDGET, &tx).await;
    drop(tx);
    let mut out = Vec::new();
    while let Some(o) = rx.recv().await {
        out.push(o);
    }
    out
}

fn dm_texts(outs: &[Outcome], user: u64) -> Vec<String> {
    outs.iter()
        .flat_map(|o| o.dms.iter())
        .filter(|(u, _)| *u == user)
        .map(|(_, m)| m.content.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_is_pinged_as_they_chose() {
    let store = support::scratch_store("notify-route").await;
    let app = App::new(store.clone()).without_images();
    let now = at("2025-06-01T12:00:00Z");
    for (user, via) in [
        (2, NotifyVia::Dm),
        (3, NotifyVia::Both),
        (4, NotifyVia::Nothing),
    ] {
        let change = NotifyChange {
            via: Some(via),
            ..NotifyChange::default()
        };
        set(&app, user, change, now).await;
    }
    // User 1 chose nothing: today's mention, no DM.
    let out = app.presence.route_pings(&pinging(&[1, 2, 3, 4]), now).await;
    assert_eq!(out.public[0].pings, vec![1, 3]);
    assert_eq!(
        out.public[0].content, "<@1><@2><@3><@4>",
        "the post is unchanged"
    );
    let dms: Vec<u64> = out.dms.iter().map(|(u, _)| *u).collect();
    assert_eq!(dms, vec![2, 3]);
    assert!(out.dms[0].1.content.contains("It is your move in <#777>"));
    // Nothing is owed to anyone outside quiet hours.
    for u in 1..=4 {
        assert_eq!(store.owed_at(u, Owed::CatchUp).await.unwrap(), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_across_midnight_hold_pings_then_one_catch_up_lists_what_waits() {
    let store = support::scratch_store("notify-quiet").await;
    let app = App::new(store.clone()).without_images();
    let (id, late) = waiting_match(&store, 21, 22).await;
    // 22:00 to 07:00 in New York; 23:30 there is 04:30 UTC.
    let change = NotifyChange {
        via: Some(NotifyVia::Both),
        time_zone: Some("America/New_York".into()),
        quiet_from: Some(22),
        quiet_to: Some(7),
        ..NotifyChange::default()
    };
    let said = set(&app, late, change, at("2025-01-14T20:00:00Z")).await;
    assert!(
        said.contains("America/New_York") && said.contains("22:00 to 07:00"),
        "{said}"
    );
    assert!(said.contains("a forfeit deadline never waits"), "{said}");
    for (when, quiet) in [
        ("2025-01-15T02:59:00Z", false), // 21:59
        ("2025-01-15T03:00:00Z", true),  // 22:00
        ("2025-01-15T04:30:00Z", true),  // 23:30
        ("2025-01-15T06:00:00Z", true),  // 01:00, past midnight
        ("2025-01-15T11:59:00Z", true),  // 06:59
    ] {
        let out = app.presence.route_pings(&pinging(&[late]), at(when)).await;
        assert_eq!(out.public[0].pings.is_empty(), quiet, "{when}");
        assert_eq!(out.dms.is_empty(), quiet, "{when}");
    }
    let end = at("2025-01-15T12:00:00Z"); // 07:00 EST
    assert_eq!(store.owed_at(late, Owed::CatchUp).await.unwrap(), Some(end));
    // A restarted bot owes the same: nothing before the hours end, one message then.
    let app = App::new(store.clone()).without_images();
    assert!(tick(&app, end - 1).await.iter().all(|o| o.dms.is_empty()));
    let out = tick(&app, end).await;
    let dms = dm_texts(&out, late);
    assert_eq!(dms.len(), 1, "{out:?}");
    assert!(
        dms[0].contains("While your quiet hours lasted"),
        "{}",
        dms[0]
    );
    assert!(
        dms[0].contains(&format!("match #{id} in <#777>")),
        "{}",
        dms[0]
    );
    assert!(
        tick(&app, end + HOUR)
            .await
            .iter()
            .all(|o| o.dms.is_empty())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_end_at_their_local_hour_across_both_dst_changes() {
    let store = support::scratch_store("notify-dst").await;
    let app = App::new(store.clone()).without_images();
    let change = NotifyChange {
        time_zone: Some("Europe/Berlin".into()),
        quiet_from: Some(1),
        quiet_to: Some(4),
        ..NotifyChange::default()
    };
    set(&app, 30, change, at("2025-03-01T12:00:00Z")).await;
    // Spring forward on 30 March (02:00 CET -> 03:00 CEST): 01:30 CET is quiet, and
    // the hours end at 04:00 CEST, 02:00 UTC: two real hours later, not three.
    let out = app
        .presence
        .route_pings(&pinging(&[30]), at("2025-03-30T00:30:00Z"))
        .await;
    assert!(out.public[0].pings.is_empty());
    assert_eq!(
        store.owed_at(30, Owed::CatchUp).await.unwrap(),
        Some(at("2025-03-30T02:00:00Z"))
    );
    assert!(
        store
            .claim_owed(30, Owed::CatchUp, at("2025-03-30T02:00:00Z"), None)
            .await
            .unwrap()
    );
    // 04:00 CEST is not quiet any more.
    let out = app
        .presence
        .route_pings(&pinging(&[30]), at("2025-03-30T02:00:00Z"))
        .await;
    assert_eq!(out.public[0].pings, vec![30]);
    // Fall back on 26 October (03:00 CEST -> 02:00 CET): 02:30 CEST is quiet, and the
    // hours end at 04:00 CET, 03:00 UTC: three and a half real hours later.
    let out = app
        .presence
        .route_pings(&pinging(&[30]), at("2025-10-26T00:30:00Z"))
        .await;
    assert!(out.public[0].pings.is_empty());
    assert_eq!(
        store.owed_at(30, Owed::CatchUp).await.unwrap(),
        Some(at("2025-10-26T03:00:00Z"))
    );
    // The repeated hour (02:00-03:00 twice) is quiet both times.
    for when in [
        "2025-10-26T00:10:00Z",
        "2025-10-26T01:10:00Z",
        "2025-10-26T02:50:00Z",
    ] {
        let out = app.presence.route_pings(&pinging(&[30]), at(when)).await;
        assert!(out.public[0].pings.is_empty(), "{when}");
    }
    assert_eq!(
        local_hour(&zone("Europe/Berlin").unwrap(), at("2025-10-26T03:00:00Z")),
        4
    );
}

/// Digests sent while ticking every half hour from `from` for `hours`.
async fn digests_between(app: &App, user: u64, from: i64, hours: i64) -> Vec<i64> {
    let mut sent = Vec::new();
    let mut t = from;
    while t < from + hours * HOUR {
        if !dm_texts(&tick(app, t).await, user).is_empty() {
            sent.push(t);
        }
        t += 30 * MIN;
    }
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_digest_is_neither_skipped_nor_doubled_by_a_dst_change() {
    let store = support::scratch_store("notify-digest").await;
    let app = App::new(store.clone()).without_images();
    let (id, late) = waiting_match(&store, 41, 42).await;
    // 02:00 in Berlin: the hour the spring change skips and the autumn one repeats.
    let change = NotifyChange {
        time_zone: Some("Europe/Berlin".into()),
        digest_hour: Some(2),
        ..NotifyChange::default()
    };
    let said = set(&app, late, change, at("2025-03-28T12:00:00Z")).await;
    assert!(said.contains("every day at 02:00"), "{said}");
    assert_eq!(
        store.owed_at(late, Owed::Digest).await.unwrap(),
        Some(at("2025-03-29T01:00:00Z"))
    );
    // 29, 30 (no 02:00: at 03:00 CEST) and 31 March: three digests, one a day.
    let sent = digests_between(&app, late, at("2025-03-28T12:00:00Z"), 72).await;
    assert_eq!(
        sent,
        vec![
            at("2025-03-29T01:00:00Z"),
            at("2025-03-30T01:00:00Z"),
            at("2025-03-31T00:00:00Z")
        ]
    );
    let out = tick(&app, at("2025-04-01T00:00:00Z")).await;
    let text = &dm_texts(&out, late)[0];
    assert!(text.contains("One match waits for you"), "{text}");
    assert!(text.contains(&format!("match #{id}")), "{text}");
    // 25, 26 (02:00 twice: only the first) and 27 October.
    let change = NotifyChange {
        digest_hour: Some(2),
        ..NotifyChange::default()
    };
    set(&app, late, change, at("2025-10-24T12:00:00Z")).await;
    let sent = digests_between(&app, late, at("2025-10-24T12:00:00Z"), 72).await;
    assert_eq!(
        sent,
        vec![
            at("2025-10-25T00:00:00Z"),
            at("2025-10-26T00:00:00Z"),
            at("2025-10-27T01:00:00Z")
        ]
    );
    // Turned off: none.
    let off = NotifyChange {
        digest: Some(false),
        ..NotifyChange::default()
    };
    set(&app, late, off, at("2025-10-27T12:00:00Z")).await;
    assert!(
        digests_between(&app, late, at("2025-10-27T12:00:00Z"), 48)
            .await
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_settings_are_refused_and_change_nothing() {
    let store = support::scratch_store("notify-bad").await;
    let app = App::new(store.clone()).without_images();
    let now = now_ms();
    let zone = NotifyChange {
        time_zone: Some("Mars/Olympus".into()),
        ..NotifyChange::default()
    };
    assert!(
        set(&app, 5, zone, now)
            .await
            .contains("I do not know the time zone")
    );
    let half = NotifyChange {
        quiet_from: Some(22),
        ..NotifyChange::default()
    };
    assert!(set(&app, 5, half, now).await.contains("a start and an end"));
    let hour = NotifyChange {
        digest_hour: Some(24),
        ..NotifyChange::default()
    };
    assert!(set(&app, 5, hour, now).await.contains("from 0 to 23"));
    assert_eq!(
        store.user_settings(5).await.unwrap(),
        crystal_clans::store::UserSettings::default()
    );
    assert_eq!(store.owed_at(5, Owed::Digest).await.unwrap(), None);
}

/// The direct messages `user` got (channel posts in their DM channel).
fn dms_to(fake: &crystal_clans_testkit::fake_discord::Fake, user: u64) -> Vec<String> {
    fake.requests()
        .iter()
        .filter(|r| r.is_channel_post())
        .filter(|r| {
            let ch = r.path.split('/').nth(4).unwrap_or_default();
            fake.dm_user(ch) == Some(user)
        })
        .map(|r| r.json["content"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Whether a channel post lets its mention of `user` notify them.
fn pings(r: &crystal_clans_testkit::fake_discord::Recorded, user: u64) -> bool {
    r.json["allowed_mentions"]["users"]
        .as_array()
        .is_some_and(|us| us.iter().any(|u| u.as_str() == Some(&user.to_string())))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_discord_a_dm_instead_of_a_mention_and_quiet_hours_then_a_catch_up() {
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let store = support::scratch_store("notify-e2e").await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = start_bot_clocked(app, store.clone(), Duration::from_millis(100), clock).await;
    let fake = &bot.fake;
    // Ana wants a DM instead of a mention; Ben is in his quiet hours now (Kolkata's
    // hour, whatever the time of the run), mentions in the thread otherwise.
    let via_dm = json!([{"name": "via", "type": 4, "value": 1}]);
    let t = fake.command(ANA, "Ana", "notify", via_dm, false);
    assert!(answer(fake, &t).await.text().contains("a direct message"));
    let kolkata = zone("Asia/Kolkata").unwrap();
    let h = local_hour(&kolkata, now_ms()) as i64;
    let quiet = json!([{"name": "time_zone", "type": 3, "value": "Asia/Kolkata"},
                       {"name": "quiet_from", "type": 4, "value": h},
                       {"name": "quiet_to", "type": 4, "value": (h + 2) % 24}]);
    let t = fake.command(BEN, "Ben", "notify", quiet, false);
    assert!(answer(fake, &t).await.text().contains("Asia/Kolkata"));
    let id = challenge_and_accept(&bot).await;
    let mark = fake.requests().len();
    // Play until the match has waited for each of them, and ends waiting for Ben.
    let ben = if user(0) == BEN { 0 } else { 1 };
    drive(&bot, id, 60, |s| {
        s.turn >= 3 && s.waiting().as_slice() == [ben]
    })
    .await;
    let posts: Vec<_> = fake.requests()[mark..]
        .iter()
        .filter(|r| {
            r.is_channel_post() && fake.dm_user(r.path.split('/').nth(4).unwrap()).is_none()
        })
        .cloned()
        .collect();
    assert!(!posts.is_empty());
    assert!(
        posts.iter().all(|r| !pings(r, ANA) && !pings(r, BEN)),
        "a mention notified"
    );
    let mentioned_ana = posts
        .iter()
        .any(|r| r.text().contains(&format!("<@{ANA}>")));
    assert!(mentioned_ana, "the boards still name whose move it is");
    let anas = dms_to(fake, ANA);
    assert!(!anas.is_empty() && anas.iter().all(|d| d.contains("It is your move in <#")));
    assert!(dms_to(fake, BEN).is_empty(), "a DM in quiet hours");
    // The hours end (the scheduler's clock moves there): one catch-up for Ben.
    let owed = bot
        .store
        .owed_at(BEN, Owed::CatchUp)
        .await
        .unwrap()
        .unwrap();
    offset.store(owed - now_ms() + 1_000, Ordering::SeqCst);
    let catch_up = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("While your quiet hours lasted"),
            10,
        )
        .await;
    assert_eq!(
        fake.dm_user(catch_up.path.split('/').nth(4).unwrap()),
        Some(BEN)
    );
    assert!(catch_up.text().contains(&format!("match #{id}")));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(dms_to(fake, BEN).len(), 1, "one catch-up");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_zone_is_autocompleted_from_the_iana_list() {
    let bot = start_bot("notify-zones").await;
    let typed = |t: &str| json!([{"name": "time_zone", "type": 3, "value": t, "focused": true}]);
    for (t, first) in [
        ("berlin", "Europe/Berlin"),
        ("new y", "America/New_York"),
        ("kolk", "Asia/Kolkata"),
    ] {
        let token = bot.fake.autocomplete(ANA, "Ana", "notify", typed(t));
        let choices = bot
            .fake
            .try_choices(&token, Duration::from_secs(10))
            .await
            .unwrap();
        assert_eq!(choices[0].0, first, "{t}: {choices:?}");
        assert!(choices.len() <= 25);
    }
    let token = bot
        .fake
        .autocomplete(ANA, "Ana", "notify", typed("europe/"));
    let choices = bot
        .fake
        .try_choices(&token, Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(choices.len(), 25, "{choices:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_follows_the_choice_at_the_schedulers_time() {
    use crystal_clans::store::GuildSettings;
    use crystal_clans_testkit::fake_discord::GUILD;
    let store = support::scratch_store("notify-reminder").await;
    let settings = GuildSettings {
        reminder_minutes: Some(10),
        ..Default::default()
    };
    store.set_guild_settings(GUILD, &settings).await.unwrap();
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
    // Quiet hours in UTC around the scheduler's time when the reminder is posted (its
    // clock jumps three hours), not around the real time: the poster reads that clock.
    // Two hours long, so a post a few seconds after `due` that crosses into the next
    // hour is still inside them.
    let due = now_ms() + 3 * HOUR;
    let h = local_hour(&zone("UTC").unwrap(), due) as i64;
    let quiet = json!([{"name": "via", "type": 4, "value": 2},
                       {"name": "time_zone", "type": 3, "value": "UTC"},
                       {"name": "quiet_from", "type": 4, "value": h},
                       {"name": "quiet_to", "type": 4, "value": (h + 2) % 24}]);
    let t = fake.command(late, name(late), "notify", quiet, false);
    answer(fake, &t).await;
    offset.store(3 * HOUR, Ordering::SeqCst);
    let reminder = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("is waiting for you"),
            10,
        )
        .await;
    assert!(
        reminder.text().contains(&format!("<@{late}>")),
        "the post names them"
    );
    assert!(
        !pings(&reminder, late),
        "a reminder in quiet hours notified"
    );
    assert!(dms_to(fake, late).is_empty(), "a DM in quiet hours");
    let owed = bot.store.owed_at(late, Owed::CatchUp).await.unwrap();
    let end = next_hour_after(due) + HOUR;
    assert_eq!(owed, Some(end));
    bot.stop().await;
}

/// The next full UTC hour after `t`.
fn next_hour_after(t: i64) -> i64 {
    (t / HOUR + 1) * HOUR
}

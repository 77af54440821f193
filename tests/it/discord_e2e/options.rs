//! A challenge's options and a server's settings: a declined challenge, `/clans config`
//! refused or allowed, chosen clans, turn timeouts and reminders on a controllable clock.

use crystal_clans::app::App;
use crystal_clans::discord::Clock;
use crystal_clans::store::now_ms;
use crystal_clans_testkit::fake_discord;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use super::{db_url, open};
use crate::support::people::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_challenge_and_config_refused() {
    let bot = start_bot("decline").await;
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let resp = ack(fake, &t).await;
    let decline = resp
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":dec:"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &decline, &[]);
    ack(fake, &t).await;
    // The challenge itself says so (an edit, no new post), its buttons gone.
    let edited = fake
        .wait_for(
            |r| {
                r.method == "PATCH"
                    && r.path.contains("/channels/")
                    && r.text().contains("declined")
            },
            10,
        )
        .await;
    assert!(edited.custom_ids().is_empty());
    assert!(
        bot.store
            .active_matches_of_user(BEN)
            .await
            .unwrap()
            .is_empty()
    );

    // An expired challenge (its terms are public, in the button's id, signed).
    let past = now_ms() - 60_000;
    let signer = bot.app.signing.signer().await.unwrap();
    let expired = format!(
        "clans:0:0:acc:{}",
        signer.sign(&format!("{ANA}.{BEN}.r.r.0.{past}"))
    );
    let t = fake.click(BEN, "Ben", &expired, &[]);
    assert!(ack(fake, &t).await.ephemeral());
    assert!(followup(fake, &t).await.text().contains("expired"));
    assert!(
        bot.store
            .active_matches_of_user(BEN)
            .await
            .unwrap()
            .is_empty()
    );

    // config without Manage Server.
    let t = fake.command(
        EVE,
        "Eve",
        "config",
        json!([{"name": "reminder_minutes", "type": 4, "value": 5}]),
        false,
    );
    let r = ack(fake, &t).await;
    assert!(r.ephemeral());
    assert!(r.text().contains("Manage Server"), "{}", r.text());
    bot.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_a_timeout_forfeit_with_a_controllable_clock() {
    let url = db_url("timers");
    let store = open(&url).await;
    store
        .set_guild_settings(
            fake_discord::GUILD,
            &crystal_clans::store::GuildSettings {
                channel: None,
                reminder_minutes: Some(10),
                timeout_minutes: Some(30),
                threads: None,
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
    let id = challenge_and_accept(&bot).await;
    // Both mulligan so that one player is waited for.
    drive(&bot, id, 50, |s| s.waiting().len() == 1).await;
    let l = bot.store.load(id).await.unwrap();
    let late = l.state.waiting()[0];
    offset.store(11 * 60_000, Ordering::SeqCst);
    let r = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("waiting for you"),
            10,
        )
        .await;
    assert!(r.text().contains(&format!("<@{}>", user(late))));
    offset.store(31 * 60_000, Ordering::SeqCst);
    let r = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("ran out of time"),
            10,
        )
        .await;
    assert!(r.text().contains(&format!("<@{}>", user(1 - late))));
    assert!(
        r.text().contains("Ratings: "),
        "a forfeit is rated: {}",
        r.text()
    );
    assert!(bot.store.result(id).await.unwrap().is_some());
    bot.stop().await;
}

/// The challenge's options travel to the match: chosen clans (by name), a turn timeout
/// (kept as the match's terms), and a member with Manage Server turns threads off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chosen_clans_a_turn_timeout_and_config_by_an_admin() {
    let bot = start_bot("options").await;
    let fake = &bot.fake;
    // An admin turns threads off and sets a reminder.
    let t = fake.command(
        EVE,
        "Eve",
        "config",
        json!([{"name": "threads", "type": 5, "value": false},
               {"name": "reminder_minutes", "type": 4, "value": 45}]),
        true,
    );
    let r = ack(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("45 minutes"),
        "{}",
        r.text()
    );
    let s = bot.store.guild_settings(fake_discord::GUILD).await.unwrap();
    assert_eq!((s.threads, s.reminder_minutes), (Some(false), Some(45)));
    // The bug: Discord's `max` is only its own clients' check, and a hand-made request
    // over it was saved. Refused now, and nothing changes.
    for (name, value) in [
        ("reminder_minutes", 10_081u64),
        ("timeout_minutes", 4_294_967_295),
    ] {
        let t = fake.command(
            EVE,
            "Eve",
            "config",
            json!([{"name": name, "type": 4, "value": value}]),
            true,
        );
        let r = ack(fake, &t).await;
        assert!(r.ephemeral() && r.text().contains("10080"), "{}", r.text());
    }
    let unchanged = bot.store.guild_settings(fake_discord::GUILD).await.unwrap();
    assert_eq!(unchanged, s, "nothing was changed");

    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "clan", "type": 3, "value": "Stone"},
               {"name": "their_clan", "type": 3, "value": "water"},
               {"name": "timeout", "type": 4, "value": 90}]),
        false,
    );
    let resp = ack(fake, &t).await;
    assert!(resp.text().contains("1 hour 30 minutes"), "{}", resp.text());
    let accept = resp
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &accept, &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    let m = bot.store.active_matches_of_user(BEN).await.unwrap()[0].clone();
    let rules = bot.app.rules();
    let clans = m
        .setup
        .clans
        .map(|c| rules.pack.clans[c as usize].id.clone());
    assert_eq!(clans, ["stone".to_string(), "water".to_string()]);
    assert_eq!(m.terms.timeout_minutes, Some(90));
    assert_eq!(m.terms.remind_minutes, Some(45));
    // Threads off: no thread was made, the match plays in the channel.
    assert_eq!(m.thread, None);
    assert!(!fake.requests().iter().any(|r| r.path.ends_with("/threads")));
    bot.stop().await;
}

/// A daily deadline, from the server's settings (`deadline_hour` with its `time_zone`)
/// or from a challenge: the settings and the challenge say it, the match keeps it with
/// the zone of its start (a later change of the server's zone moves nothing), its
/// forfeit is the next 20:00 there at least 12 hours on, and its board says the hour
/// and the zone beside whose move it is. An hour out of range and a challenge with two
/// clocks are refused; 24 turns the server's daily deadline off. In German too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_deadline_from_the_server_or_the_challenge() {
    for (lang, says_set, says_terms, says_board) in [
        (
            "en",
            "every day at 20:00 in Europe/Berlin",
            "Clock: moves due every day at 07:00, server time",
            "(daily deadline: 20:00, Europe/Berlin)",
        ),
        (
            "de",
            "täglich bis 20:00 Uhr in Europe/Berlin",
            "Bedenkzeit: Züge täglich bis 07:00 Uhr fällig, Serverzeit",
            "(tägliche Frist: 20:00 Uhr, Europe/Berlin)",
        ),
    ] {
        let bot = start_bot(&format!("daily-{lang}")).await;
        let fake = &bot.fake;
        if lang == "de" {
            fake.set_guild_locale("de");
            for u in [ANA, BEN, EVE] {
                fake.set_user_locale(u, "de");
            }
        }
        let config = |options: serde_json::Value| {
            let t = fake.command(EVE, "Eve", "config", options, true);
            async move { ack(fake, &t).await }
        };
        let mut options = json!([{"name": "deadline_hour", "type": 4, "value": 20},
                                 {"name": "time_zone", "type": 3, "value": "Europe/Berlin"}]);
        if lang == "de" {
            // The public posts' language set outright: the server's Discord language
            // reaches the bot with its next event, which may come after the board.
            options
                .as_array_mut()
                .unwrap()
                .push(json!({"name": "language", "type": 4, "value": 2}));
        }
        let r = config(options).await;
        assert!(r.ephemeral() && r.text().contains(says_set), "{}", r.text());
        let set = bot.store.guild_settings(fake_discord::GUILD).await.unwrap();
        assert_eq!(set.deadline_hour, Some(20));
        // Out of range: refused, nothing changed.
        let r = config(json!([{"name": "deadline_hour", "type": 4, "value": 25}])).await;
        assert!(
            r.text().contains("0") && r.text().contains("23"),
            "{}",
            r.text()
        );
        assert_eq!(
            bot.store.guild_settings(fake_discord::GUILD).await.unwrap(),
            set
        );

        // A challenge under the server's clock (Eve is refused its Accept in English).
        fake.set_user_locale(EVE, "en-US");
        let before = now_ms();
        let id = challenge_and_accept(&bot).await;
        let m = bot.store.info(id).await.unwrap();
        let daily = crystal_clans::store::Clock::Daily {
            hour: 20,
            zone: "Europe/Berlin".into(),
        };
        assert_eq!(m.terms.clock, daily);
        let due = m.deadlines.timeout_at.expect("a forfeit");
        let earliest = daily.forfeit_at(None, before).unwrap();
        let latest = daily.forfeit_at(None, now_ms()).unwrap();
        assert!(earliest <= due && due <= latest, "{due}");
        let board = fake
            .requests()
            .into_iter()
            .rev()
            .find(|r| {
                r.is_channel_post()
                    && r.custom_ids()
                        .iter()
                        .any(|c| c.starts_with(&format!("clans:{id}:")))
            })
            .expect("the opening board");
        let shown = board.json.to_string();
        assert!(shown.contains(says_board), "{shown}");
        assert!(shown.contains(&format!("<t:{}:R>", due / 1000)), "{shown}");
        // The server's zone changes: the running match keeps its own.
        config(json!([{"name": "time_zone", "type": 3, "value": "America/New_York"}])).await;
        assert_eq!(bot.store.info(id).await.unwrap().terms.clock, daily);

        // Two clocks in one challenge: refused.
        let t = fake.command(
            ANA,
            "Ana",
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": EVE.to_string()},
                   {"name": "timeout", "type": 4, "value": 90},
                   {"name": "deadline_hour", "type": 4, "value": 7}]),
            false,
        );
        let r = ack(fake, &t).await;
        assert!(r.ephemeral(), "{}", r.text());
        // A challenge's own hour, in the server's zone of today.
        let clock = json!({"name": "deadline_hour", "type": 4, "value": 7});
        let m = accepted_with(&bot, EVE, clock, says_terms).await;
        assert_eq!(
            m.terms.clock,
            crystal_clans::store::Clock::Daily {
                hour: 7,
                zone: "America/New_York".into()
            }
        );

        // 24: off again; new matches are timed per turn.
        let r = config(json!([{"name": "deadline_hour", "type": 4, "value": 24}])).await;
        assert!(r.ephemeral(), "{}", r.text());
        let set = bot.store.guild_settings(fake_discord::GUILD).await.unwrap();
        assert_eq!(set.deadline_hour, None);
        bot.stop().await;
    }
}

/// A time bank, from the server's settings (`bank_days`, `bank_add_hours`) or a
/// challenge's `bank_days`: the settings and the challenge say it, the match starts
/// with full banks, and its board shows the deadline of whoever acts and what the other
/// keeps in their bank. A bank replaces the server's daily deadline; a challenge with
/// two clocks is refused. In German too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_bank_from_the_server_or_the_challenge() {
    for (lang, says_set, says_terms, says_board) in [
        (
            "en",
            "3 days for each player, 12 hours more for each turn handed on",
            "Clock: a time bank of 2 days each",
            "(time bank: ",
        ),
        (
            "de",
            "3 Tage pro Person, 12 Stunden mehr für jeden abgegebenen Zug",
            "Bedenkzeit: ein Zeitkonto über 2 Tage pro Person",
            "(Zeitkonto: ",
        ),
    ] {
        let bot = start_bot(&format!("bank-{lang}")).await;
        let fake = &bot.fake;
        let config = |options: serde_json::Value| {
            let t = fake.command(EVE, "Eve", "config", options, true);
            async move { ack(fake, &t).await }
        };
        let mut options = json!([{"name": "deadline_hour", "type": 4, "value": 20}]);
        if lang == "de" {
            for u in [ANA, BEN, EVE] {
                fake.set_user_locale(u, "de");
            }
            options
                .as_array_mut()
                .unwrap()
                .push(json!({"name": "language", "type": 4, "value": 2}));
        }
        config(options).await;
        let r = config(json!([{"name": "bank_days", "type": 4, "value": 3},
                              {"name": "bank_add_hours", "type": 4, "value": 12}]))
        .await;
        assert!(r.ephemeral() && r.text().contains(says_set), "{}", r.text());
        let set = bot.store.guild_settings(fake_discord::GUILD).await.unwrap();
        assert_eq!(
            (set.bank_days, set.bank_add_hours, set.deadline_hour),
            (Some(3), Some(12), None),
            "a bank replaces the daily deadline"
        );
        // Both at once: refused, nothing changed.
        let r = config(json!([{"name": "bank_days", "type": 4, "value": 2},
                              {"name": "deadline_hour", "type": 4, "value": 9}]))
        .await;
        assert!(r.ephemeral(), "{}", r.text());
        assert_eq!(
            bot.store.guild_settings(fake_discord::GUILD).await.unwrap(),
            set
        );
        // A challenge's own bank.
        let clock = json!({"name": "bank_days", "type": 4, "value": 2});
        let m = accepted_with(&bot, BEN, clock, says_terms).await;
        assert_eq!(
            m.terms.clock,
            crystal_clans::store::Clock::Bank {
                minutes: 2 * 24 * 60,
                add_minutes: 12 * 60,
            }
        );
        assert_eq!(m.banks, Some([2 * 24 * 3_600_000; 2]));
        let id = m.id;
        let board = fake
            .try_wait_for(
                |r| {
                    r.is_channel_post()
                        && r.custom_ids()
                            .iter()
                            .any(|c| c.starts_with(&format!("clans:{id}:")))
                },
                Duration::from_secs(20),
            )
            .await
            .expect("the opening board");
        let shown = board.text();
        assert!(shown.contains(says_board), "{shown}");
        // Two clocks in one challenge: refused.
        let t = fake.command(
            ANA,
            "Ana",
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": EVE.to_string()},
                   {"name": "bank_days", "type": 4, "value": 2},
                   {"name": "timeout", "type": 4, "value": 60}]),
            false,
        );
        assert!(ack(fake, &t).await.ephemeral());
        bot.stop().await;
    }
}

/// Ana challenges `opponent` with one clock option, the challenge says `says_terms`,
/// `opponent` accepts: their new match.
async fn accepted_with(
    bot: &crate::support::bot::Bot,
    opponent: u64,
    clock: serde_json::Value,
    says_terms: &str,
) -> crystal_clans::store::MatchInfo {
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": opponent.to_string()}, clock]),
        false,
    );
    let resp = ack(fake, &t).await;
    assert!(resp.text().contains(says_terms), "{}", resp.text());
    let accept = resp
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    assert!(accept.len() <= 100);
    let t = fake.click(opponent, name(opponent), &accept, &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    bot.store.active_matches_of_user(opponent).await.unwrap()[0].clone()
}

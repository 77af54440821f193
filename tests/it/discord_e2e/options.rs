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

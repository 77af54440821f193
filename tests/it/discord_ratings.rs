//! Ratings and the AI rematch through the real bot and the fake Discord: a finished
//! match's post shows the rating changes, `/clans leaderboard` and `/clans profile`
//! answer publicly (and privately when there is nothing to show), and the rematch
//! button after a match against the AI starts a new one.

use crystal_clans::app::{AiSeats, App};
use crystal_clans::discord::Clock;
use crystal_clans::store::Store;
use crystal_clans::store::{Player, Status};
use crystal_clans_testkit::fake_discord::{Fake, Recorded};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::{ANA, BEN, EVE, ack, challenge_button, followup};
use support::scratch_store as scratch;

async fn start_bot(app: App, store: Store) -> Bot {
    Bot::start(app, store, Duration::from_secs(3600), Clock::default()).await
}

/// A command's answer as its user sees it: the callback's message, or the edit that
/// fills its deferral.
async fn answer(fake: &Fake, token: &str) -> Recorded {
    let r = ack(fake, token).await;
    if r.json["type"] == 5 {
        followup(fake, token).await
    } else {
        r
    }
}

/// Resigns `user` from match `id` through the buttons; returns the public end post.
async fn resign(fake: &Fake, id: i64, version: i64, user: u64, name: &str) -> Recorded {
    let t = fake.click(user, name, &format!("clans:{id}:{version}:resign!"), &[]);
    ack(fake, &t).await;
    assert!(followup(fake, &t).await.text().contains("You resigned"));
    fake.wait_for(
        |r| r.is_channel_post() && r.text().contains("the opponent resigned"),
        10,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_moves_both_ratings_and_the_leaderboard_and_profile_show_them() {
    let store = scratch("e2e-ratings").await;
    let app = App::new(store.clone()).with_seeds(3).without_images();
    let bot = start_bot(app, store.clone()).await;
    let fake = &bot.fake;
    let accept = challenge_button(fake, ANA, BEN).await;
    let t = fake.click(BEN, "Ben", &accept, &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    let id = bot.store.active_matches_of_user(BEN).await.unwrap()[0].id;

    // Nothing rated yet: the leaderboard says so, privately.
    let t = fake.command(EVE, "Eve", "leaderboard", json!([]), false);
    let r = answer(fake, &t).await;
    assert!(r.ephemeral() && r.text().contains("Nobody"), "{}", r.text());

    let end = resign(fake, id, 0, ANA, "Ana").await;
    let text = end.text();
    assert!(
        text.contains("resigned") && text.contains("Ratings: Ana "),
        "{text}"
    );
    assert!(text.contains("Ben 1"), "{text}");
    // After one game both ratings are provisional, said in words ("1662 (provisional,
    // +162)"), not with the leaderboard's "?".
    assert!(
        text.contains("(provisional, +") && text.contains("(provisional, −"),
        "{text}"
    );
    assert!(!text.contains("? ("), "{text}");
    assert!(end.custom_ids().iter().any(|i| i.contains(":rematch")));

    // The leaderboard and a profile are public; the winner leads.
    let t = fake.command(EVE, "Eve", "leaderboard", json!([]), false);
    let r = answer(fake, &t).await;
    assert!(!r.ephemeral(), "the leaderboard is public");
    let text = r.text();
    let (b, a) = (text.find("Ben").unwrap(), text.find("Ana").unwrap());
    assert!(b < a && text.contains("1 game, 1 win"), "{text}");
    let t = fake.command(
        EVE,
        "Eve",
        "profile",
        json!([{"name": "user", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let r = answer(fake, &t).await;
    assert!(!r.ephemeral(), "a profile is public");
    let text = r.text();
    assert!(text.contains("Rating on this server"), "{text}");
    assert!(
        text.contains(&format!("#{id} · won (opponent resigned) vs Ana")),
        "{text}"
    );
    // Eve has played nothing: a private answer.
    let t = fake.command(EVE, "Eve", "profile", json!([]), false);
    let r = answer(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("has not finished"),
        "{}",
        r.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rematch_button_after_a_match_against_the_ai_starts_a_new_match() {
    let store = scratch("e2e-ai-rematch").await;
    let app = App::new(store.clone())
        .with_seeds(7)
        .without_images()
        .with_bot(Arc::new(AiSeats));
    let bot = start_bot(app, store.clone()).await;
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "play-ai",
        // `easy` (the choices are offered weakest first).
        json!([{"name": "level", "type": 4, "value": 1}]),
        false,
    );
    ack(fake, &t).await;
    fake.wait_for(|r| r.text().contains("vs the AI"), 20).await;
    let m = bot.store.active_matches_of_user(ANA).await.unwrap()[0].clone();
    let version = bot.store.info(m.id).await.unwrap().version;
    let end = resign(fake, m.id, version, ANA, "Ana").await;
    assert!(end.text().contains("(fixed)"), "{}", end.text());
    let rematch = end
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":rematch"))
        .expect("a rematch button against the AI");
    // Somebody else's click changes nothing.
    let t = fake.click(EVE, "Eve", &rematch, &[]);
    ack(fake, &t).await;
    let r = followup(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("not playing"),
        "{}",
        r.text()
    );
    let t = fake.click(ANA, "Ana", &rematch, &[]);
    assert!(ack(fake, &t).await.ephemeral());
    let r = followup(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("Rematch"),
        "{}",
        r.text()
    );
    let active = bot.store.active_matches_of_user(ANA).await.unwrap();
    assert_eq!(active.len(), 1);
    let new = &active[0];
    assert_ne!(new.id, m.id);
    let begins = format!("Match #{} begins", new.id);
    fake.wait_for(|r| r.is_channel_post() && r.text().contains(&begins), 20)
        .await;
    assert_eq!(new.seats, m.seats);
    assert_eq!(new.setup.clans, m.setup.clans);
    assert_eq!(new.status, Status::Active);
    assert!(matches!(new.seats[1], Player::Ai(0)));
    bot.stop().await;
}

//! Following a match end to end (`src/app/clans/follow.rs`): the real bot against the
//! fake Discord. Someone who does not play clicks the board's Follow: they are added to
//! the thread, told so privately, and told by direct message once when the match ends
//! (however it ends: the scheduler tells every follower of an ended match); nothing
//! public names them. Unfollow stops the message. In German as well.

use crystal_clans::app::App;
use crystal_clans::discord::Clock;
use crystal_clans_testkit::fake_discord::Fake;
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::*;
use support::play::{answer, board_button};

/// The bot with its scheduler ticking every 100 ms.
async fn bot(tag: &str) -> Bot {
    let store = support::scratch_store(tag).await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    start_bot_clocked(app, store, Duration::from_millis(100), Clock::default()).await
}

/// The direct messages `user` got.
fn dms_to(fake: &Fake, user: u64) -> Vec<String> {
    fake.requests()
        .iter()
        .filter(|r| r.is_channel_post())
        .filter(|r| fake.dm_user(r.path.split('/').nth(4).unwrap_or_default()) == Some(user))
        .map(|r| r.json["content"].as_str().unwrap_or_default().to_string())
        .collect()
}

async fn click(fake: &Fake, user: u64, id: &str) -> crystal_clans_testkit::fake_discord::Recorded {
    let t = fake.click(user, name(user), id, &[]);
    answer(fake, &t).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_joins_the_thread_and_is_told_once_when_the_match_ends() {
    let bot = bot("crystal-clans-follow").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let follow = board_button(fake, ":follow").expect("the board has Follow");
    let r = click(fake, EVE, &follow).await;
    assert!(r.ephemeral(), "the answer is private");
    assert!(
        r.text().contains(&format!("You follow match #{id}")),
        "{}",
        r.text()
    );
    assert!(r.text().contains("added to its thread"), "{}", r.text());
    let thread = bot.store.info(id).await.unwrap().thread.expect("a thread");
    fake.wait_for(
        |q| {
            q.method == "PUT"
                && q.path
                    .ends_with(&format!("/channels/{thread}/thread-members/{EVE}"))
        },
        10,
    )
    .await;
    let again = click(fake, EVE, &follow).await;
    assert!(again.text().contains("already follow"), "{}", again.text());
    let player = click(fake, ANA, &follow).await;
    assert!(
        player.text().contains("You play in match"),
        "{}",
        player.text()
    );
    // The match ends; the follower is told once, by direct message, with a link.
    bot.app.matches.resign(id, BEN).await;
    let dm = fake
        .wait_for(
            |q| q.is_channel_post() && q.text().contains("which you follow, has ended"),
            10,
        )
        .await;
    assert_eq!(fake.dm_user(dm.path.split('/').nth(4).unwrap()), Some(EVE));
    assert!(dm.text().contains(&format!("/{thread}")), "{}", dm.text());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(dms_to(fake, EVE).len(), 1, "told once");
    // Nothing public names the follower.
    let public = fake
        .requests()
        .into_iter()
        .filter(|q| {
            q.is_channel_post() && fake.dm_user(q.path.split('/').nth(4).unwrap()).is_none()
        })
        .filter(|q| q.json.to_string().contains(&EVE.to_string()))
        .count();
    assert_eq!(public, 0);
    let over = click(fake, EVE, &follow).await;
    assert!(over.text().contains("is over"), "{}", over.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unfollower_is_not_told_and_a_german_follower_reads_german() {
    let bot = bot("crystal-clans-unfollow").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    fake.set_user_locale(EVE, "de");
    let follow = board_button(fake, ":follow").expect("the board has Follow");
    let r = click(fake, EVE, &follow).await;
    assert!(
        r.text().contains(&format!("Du folgst Partie #{id}")),
        "{}",
        r.text()
    );
    let unfollow = r
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":unfollow"))
        .expect("an Unfollow button");
    let t = fake.click_on(r.message_id.unwrap_or_default(), EVE, "Eve", &unfollow, &[]);
    let done = answer(fake, &t).await;
    assert!(done.text().contains("nicht mehr"), "{}", done.text());
    assert!(done.text().contains("Thread verlassen"), "{}", done.text());
    bot.app.matches.resign(id, ANA).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(
        dms_to(fake, EVE).is_empty(),
        "an unfollower gets no message"
    );
    bot.stop().await;
}

//! `/clans forget-me` end to end (`src/app/privacy.rs`): the real bot against the fake
//! Discord. The question says what follows; the confirmation resigns the running match
//! (its final post in its thread), deletes what is the player's alone and puts a
//! placeholder where others keep a record; the opponent's result and rating stay; a
//! second click finds nothing; a German player who keeps their data reads German.

use crystal_clans::store::{Player, Reason, Scope, is_placeholder};
use crystal_clans_testkit::fake_discord::{Fake, GUILD, Recorded};
use serde_json::json;

use crate::support;
use support::people::*;
use support::play::answer;

async fn forget_me(fake: &Fake, user: u64) -> Recorded {
    let t = fake.command(user, name(user), "forget-me", json!([]), false);
    let r = answer(fake, &t).await;
    assert!(r.ephemeral(), "the question is private");
    r
}

fn button(r: &Recorded, end: &str) -> String {
    r.custom_ids()
        .into_iter()
        .find(|i| i.starts_with("me:") && i.ends_with(end))
        .unwrap_or_else(|| panic!("no {end} button in {}", r.text()))
}

async fn click(fake: &Fake, user: u64, id: &str) -> String {
    let t = fake.click(user, name(user), id, &[]);
    answer(fake, &t).await.text()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_player_is_gone_and_their_opponent_keeps_the_results() {
    let bot = start_bot("crystal-clans-forget").await;
    let fake = &bot.fake;
    let finished = challenge_and_accept(&bot).await;
    bot.app.matches.resign(finished, BEN).await;
    let running = challenge_and_accept(&bot).await;
    dm_on(fake, ANA).await;
    let scope = Scope::of_match(Some(GUILD));
    let ben_before = bot.store.rating(scope, BEN).await.unwrap().unwrap();

    let asked = forget_me(fake, ANA).await;
    let text = asked.text();
    assert!(text.contains("cannot be undone"), "{text}");
    assert!(
        text.contains("Your running match is resigned first"),
        "{text}"
    );
    assert!(text.contains("anonymous former player"), "{text}");
    let yes = button(&asked, ":yes");
    let done = click(fake, ANA, &yes).await;
    assert!(
        done.contains("you are forgotten") && done.contains("One match was resigned"),
        "{done}"
    );
    // The running match ended as a resignation, posted where it is played.
    let result = bot.store.result(running).await.unwrap().expect("resigned");
    assert_eq!(result.reason, Reason::Resign);
    fake.wait_for(|r| r.is_channel_post() && r.text().contains("resigned"), 10)
        .await;
    // Nothing names Ana; her seats hold one placeholder; Ben's records are as before.
    assert_eq!(bot.store.rows_about(ANA).await.unwrap(), 0);
    let seats = |info: crystal_clans::store::MatchInfo| info.seats;
    let a = seats(bot.store.info(finished).await.unwrap());
    let b = seats(bot.store.info(running).await.unwrap());
    let placeholder = |s: [Player; 2]| {
        s.iter()
            .filter_map(|p| p.user())
            .find(|&u| is_placeholder(u))
            .expect("a placeholder seat")
    };
    assert_eq!(
        placeholder(a),
        placeholder(b),
        "one placeholder for one player"
    );
    assert!(a.contains(&Player::User(BEN)) && b.contains(&Player::User(BEN)));
    let ben_after = bot.store.rating(scope, BEN).await.unwrap().unwrap();
    assert!(
        ben_after.games > ben_before.games,
        "Ben's win by resignation is rated"
    );
    assert_eq!(bot.store.rating(scope, ANA).await.unwrap(), None);
    // A second click: nothing is left to forget.
    let again = click(fake, ANA, &yes).await;
    assert!(again.contains("nothing to forget"), "{again}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_who_keeps_their_data_changes_nothing() {
    let bot = start_bot("crystal-clans-forget-de").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    fake.set_user_locale(BEN, "de");
    let asked = forget_me(fake, BEN).await;
    assert!(asked.text().contains("Dich vergessen?"), "{}", asked.text());
    assert!(
        asked.text().contains("Deine laufende Partie"),
        "{}",
        asked.text()
    );
    let kept = click(fake, BEN, &button(&asked, ":no")).await;
    assert!(kept.contains("Nichts wurde geändert"), "{kept}");
    assert!(
        bot.store.result(id).await.unwrap().is_none(),
        "the match runs on"
    );
    assert!(bot.store.rows_about(BEN).await.unwrap() > 0);
    bot.stop().await;
}

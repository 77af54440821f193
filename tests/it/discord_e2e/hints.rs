//! Hints (issue 50): in a match against the AI the panel offers one; it comes
//! privately, beside the panel, with the search's chance, within about a second, and
//! marks the match assisted (said on its final post, not rated). Between people no
//! hint is offered, and a forged hint click is refused and marks nothing.

use std::time::{Duration, Instant};

use super::{ai_bot, play_fast_ai, wait_for_human};
use crate::support::people::*;
use crate::support::play::clickables;

fn hint_button(p: &crystal_clans_testkit::fake_discord::Recorded) -> Option<String> {
    clickables(&p.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.ends_with(":hint"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_against_the_ai_is_private_quick_and_leaves_the_match_unrated() {
    let bot = ai_bot("hint", 7).await;
    let fake = &bot.fake;
    let t = play_fast_ai(fake, ANA);
    ack(fake, &t).await;
    fake.wait_for(|r| r.text().contains("vs the AI"), 20).await;
    let id = bot.store.active_matches_of_user(ANA).await.unwrap()[0].id;
    let l = wait_for_human(&bot, id).await;
    let p = panel(&bot, id, l.info.version, ANA).await;
    let button = hint_button(&p).expect("a Hint button in the panel against the AI");
    let started = Instant::now();
    let t = fake.click_on(p.message_id.unwrap(), ANA, "Ana", &button, &[]);
    ack(fake, &t).await;
    let hint = followup(fake, &t).await;
    let took = started.elapsed();
    assert!(hint.ephemeral(), "a hint is private");
    let text = hint.json["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("Hint:"), "{text}");
    assert!(text.contains("% to win"), "{text}");
    assert!(text.contains("marked as assisted"), "{text}");
    // The normal level's budget (800 ms) bounds it, even in the test build.
    assert!(took < Duration::from_secs(3), "the hint took {took:?}");
    eprintln!("hint answered in {} ms", took.as_millis());
    assert!(bot.store.info(id).await.unwrap().assisted);

    // Ana resigns: the final post says the match was assisted, and nobody is rated.
    let version = bot.store.info(id).await.unwrap().version;
    let t = fake.click(ANA, "Ana", &format!("clans:{id}:{version}:resign!"), &[]);
    ack(fake, &t).await;
    let end = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("hints were used"),
            30,
        )
        .await;
    assert!(end.text().contains("not rated"), "{}", end.text());
    assert!(bot.store.rating_changes(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hint_between_people_and_a_forged_one_is_refused() {
    let bot = start_bot("no-hint").await;
    let id = challenge_and_accept(&bot).await;
    let l = bot.store.load(id).await.unwrap();
    for seat in l.state.waiting() {
        let p = panel(&bot, id, l.info.version, user(seat)).await;
        assert_eq!(hint_button(&p), None, "a hint offered between people");
    }
    let who = user(l.state.waiting()[0]);
    let t = click_panel(
        &bot,
        id,
        who,
        &format!("clans:{id}:{}:hint", l.info.version),
    )
    .await;
    ack(&bot.fake, &t).await;
    let refused = followup(&bot.fake, &t).await;
    assert!(
        refused.text().contains("only in matches against the AI"),
        "{}",
        refused.text()
    );
    assert!(!bot.store.info(id).await.unwrap().assisted);
    bot.stop().await;
}

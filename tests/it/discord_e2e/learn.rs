//! `/clans learn` (issue 50): a newcomer's lesson match against the beginner AI on the
//! lesson deal. The opening lessons follow the first board; the others come as the
//! match reaches them, each once; the match is not rated; a restart of the bot in the
//! middle resumes it (asking again says it is still going, and no lesson repeats);
//! `restart:True` starts a new one. In English and German.

use std::sync::Arc;

use crystal_clans::app::App;
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use serde_json::json;

use super::{db_url, open, wait_for_human};
use crate::support::people::*;

/// Every lesson post seen so far (each starts with the lessons' book).
fn lessons(bot: &crate::support::bot::Bot) -> Vec<String> {
    bot.fake
        .requests()
        .iter()
        .filter(|r| r.is_channel_post())
        .map(|r| r.json["content"].as_str().unwrap_or_default().to_string())
        .filter(|t| t.starts_with("📘 **"))
        .collect()
}

/// Waits for a public post whose text `is` the lesson wanted.
async fn lesson_posted(bot: &crate::support::bot::Bot, is: impl Fn(&str) -> bool) {
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.json["content"].as_str().is_some_and(&is),
            20,
        )
        .await;
}

/// Eve asks `/clans learn` with `options`; the private answer (filling the deferral).
async fn learn(
    fake: &crystal_clans_testkit::fake_discord::Fake,
    options: serde_json::Value,
) -> crystal_clans_testkit::fake_discord::Recorded {
    let t = fake.command(EVE, name(EVE), "learn", options, false);
    assert!(ack(fake, &t).await.ephemeral(), "deferred privately");
    fake.wait_for(|r| r.path.contains(&t) && r.method == "PATCH", 20)
        .await
}

async fn a_lesson_match(lang: &str, first: &str, summon: &str) {
    let url = db_url(&format!("learn-{lang}"));
    let store = open(&url).await;
    let app = || {
        App::new(store.clone())
            .without_images()
            .with_bot(Arc::new(crystal_clans::app::AiSeats))
    };
    let bot = start_bot_with(app(), store.clone()).await;
    bot.fake.set_user_locale(EVE, lang);
    let answer = learn(&bot.fake, json!([])).await;
    let id = bot.store.active_matches_of_user(EVE).await.unwrap()[0].id;
    assert!(
        answer.text().contains(&format!("#{id}")),
        "{}",
        answer.text()
    );
    let info = bot.store.info(id).await.unwrap();
    assert!(info.assisted, "a lesson match is never rated");
    assert_eq!(info.setup, crystal_clans::app::learn::DEAL);
    // The goal's post, then the initiative's.
    lesson_posted(&bot, |c| c.starts_with(first)).await;
    lesson_posted(&bot, |c| c.starts_with("📘 **Initiative**")).await;
    let opening = lessons(&bot);
    assert!(opening[0].starts_with(first), "{opening:?}");
    assert!(
        opening.len() >= 2,
        "the goal and the initiative: {opening:?}"
    );
    // Eve plays a few answers (as a lively player would); the lessons of what she
    // meets come once each.
    for step in 0..8 {
        let l = wait_for_human(&bot, id).await;
        if l.state.winner.is_some() {
            break;
        }
        let legal = l.state.legal(bot.app.rules(), 0);
        play(&bot, id, l.info.version, EVE, pick(&legal, step)).await;
    }
    let l = wait_for_human(&bot, id).await;
    let before = lessons(&bot);
    assert!(before.iter().any(|t| t.contains(summon)), "{before:?}");
    bot.stop().await;

    // The bot restarts: asking again says the lesson match is still going.
    let store = open(&url).await;
    let bot = start_bot_with(app(), store.clone()).await;
    bot.fake.set_user_locale(EVE, lang);
    let still = learn(&bot.fake, json!([])).await;
    assert!(still.text().contains(&format!("#{id}")), "{}", still.text());
    assert_eq!(
        bot.store.active_matches_of_user(EVE).await.unwrap().len(),
        1
    );
    // Eve plays on in it to its end: the lessons she has not seen come (the end's at
    // least), none she saw comes again.
    let mut version = l.info.version;
    for step in 0..600 {
        let l = wait_for_human(&bot, id).await;
        if l.state.winner.is_some() {
            break;
        }
        version = l.info.version;
        let legal = l.state.legal(bot.app.rules(), 0);
        play(&bot, id, version, EVE, pick(&legal, step)).await;
    }
    assert!(
        bot.store.load(id).await.unwrap().state.winner.is_some(),
        "played to the end"
    );
    // The end's lesson points on to real matches (posted after the final board).
    lesson_posted(&bot, |c| c.starts_with("📘") && c.contains("/clans")).await;
    let after = lessons(&bot);
    for t in &after {
        assert!(!before.contains(t), "repeated after the restart: {t}");
    }
    assert!(version > l.info.version, "she played on");
    // Starting over closes it and deals again; seen lessons stay seen.
    learn(
        &bot.fake,
        json!([{"name": "restart", "type": 5, "value": true}]),
    )
    .await;
    let now = bot.store.active_matches_of_user(EVE).await.unwrap();
    assert_eq!(now.len(), 1);
    assert_ne!(now[0].id, id);
    assert!(bot.store.rating_changes(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_match_in_english_resumes_after_a_restart() {
    a_lesson_match("en-US", "📘 **The goal**", "📘 **Summon**").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_match_in_german_resumes_after_a_restart() {
    a_lesson_match("de", "📘 **Das Ziel**", "📘 **Beschwören**").await;
}

//! Matches against the AI: playing one, its thread, and `/clans play-ai`'s levels (with
//! `/clans config`'s description).

use crystal_clans_testkit::fake_discord;
use crystal_clans_testkit::fake_discord::lively_pick as pick;

use super::{ai_bot, play_fast_ai, registered, wait_for_human};
use crate::support::people::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_against_the_ai() {
    let bot = ai_bot("ai", 7).await;
    let fake = &bot.fake;
    let t = play_fast_ai(fake, ANA);
    ack(fake, &t).await;
    let id = fake.wait_for(|r| r.text().contains("vs the AI"), 20).await;
    assert!(!id.ephemeral());
    let m = bot.store.active_matches_of_user(ANA).await.unwrap()[0].clone();
    // Whenever the match waits, it waits for Ana only: the AI answers by itself, after
    // Ana's own answer has gone out.
    for step in 0..6 {
        let l = wait_for_human(&bot, m.id).await;
        if l.state.winner.is_some() {
            break;
        }
        assert_eq!(l.state.waiting().as_slice(), &[0], "the AI did not answer");
        let legal = l.state.legal(bot.app.rules(), 0);
        play(&bot, m.id, l.info.version, ANA, pick(&legal, step)).await;
    }
    bot.stop().await;
}

/// `play-ai level` was free text that took English words only; `/clans config`'s
/// description left out the language setting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_ai_offers_its_levels_and_config_names_every_setting() {
    let bot = start_bot("registered").await;
    let fake = &bot.fake;
    let play_ai = registered(fake, "play-ai");
    let level = play_ai["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "level")
        .unwrap()
        .clone();
    let names: Vec<&str> = level["choices"]
        .as_array()
        .expect("level offers choices")
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "beginner: learning the game",
            "easy: knows the rules",
            "fast: quick and fairly strong",
            "normal: a real game",
            "hard: thinks longest, about as strong as normal"
        ]
    );
    let german: Vec<&str> = level["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name_localizations"]["de"].as_str().unwrap())
        .collect();
    assert_eq!(
        german,
        [
            "Anfänger: lernt das Spiel",
            "leicht: kennt die Regeln",
            "schnell: flott und recht stark",
            "normal: ein echtes Spiel",
            "schwer: rechnet am längsten, etwa so stark wie normal"
        ]
    );

    let config = registered(fake, "config");
    let says = |lang: &str| {
        let d = if lang == "en" {
            &config["description"]
        } else {
            &config["description_localizations"][lang]
        };
        d.as_str().unwrap().to_lowercase()
    };
    for (lang, settings) in [
        (
            "en",
            [
                "reminder",
                "timeout",
                "thread",
                "channel",
                "language",
                "takeback",
                "absence",
                "time zone",
                "grace",
                "deadline",
                "bank",
            ],
        ),
        (
            "de",
            [
                "erinnerung",
                "zugzeit",
                "thread",
                "kanal",
                "sprache",
                "zurücknehmen",
                "abwesen",
                "zeitzone",
                "gnade",
                "frist",
                "konto",
            ],
        ),
    ] {
        for s in settings {
            assert!(says(lang).contains(s), "{lang}: {s} not in {}", says(lang));
        }
    }
    let options: Vec<&str> = config["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        options,
        [
            "reminder_minutes",
            "timeout_minutes",
            "threads",
            "channel",
            "any_channel",
            "language",
            "takebacks",
            "away_days",
            "time_zone",
            "grace_minutes",
            "deadline_hour",
            "bank_days",
            "bank_add_hours"
        ],
        "a new setting must be named in the description too"
    );
    bot.stop().await;
}

/// The bug: a match against the AI got no thread, though every match should.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_match_gets_a_thread_named_for_it() {
    let bot = ai_bot("ai-thread", 7).await;
    let fake = &bot.fake;
    let t = play_fast_ai(fake, ANA);
    ack(fake, &t).await;
    let board = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("vs the AI"),
            20,
        )
        .await;
    let m = bot.store.active_matches_of_user(ANA).await.unwrap()[0].clone();
    let thread = m.thread.expect("the AI match has a thread");
    assert_eq!(
        board.channel,
        Some(thread.to_string()),
        "the board is in it"
    );
    let loaded = bot.store.load(m.id).await.unwrap();
    let title = bot.app.directory.thread_title(&loaded).await;
    assert!(title.contains("Ana") && title.contains(&format!("#{}", m.id)));
    assert_eq!(fake.threads().get(&thread), Some(&title));
    let made = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .expect("the thread's creation");
    assert_eq!(
        made.path,
        format!("/api/v10/channels/{}/threads", fake_discord::CHANNEL)
    );
    assert_eq!(made.json["name"], title.as_str(), "named when made");
    assert_eq!(made.json["type"], 11, "a public thread");
    let answered = followup(fake, &t).await;
    assert!(answered.text().contains("begins"), "{}", answered.text());
    assert!(answered.at < made.at, "the asker was answered first");
    // The AI's posts follow it there; nothing is ever renamed.
    wait_for_human(&bot, m.id).await;
    assert!(
        !fake.requests().iter().any(|r| r.method == "PATCH"
            && r.path.contains("/channels/")
            && !r.path.contains("/messages/")),
        "never renamed"
    );
    bot.stop().await;
}

//! Autocomplete through the real bot and the fake Discord: what a user sees while
//! typing an option (card names, rules topics, clans). Each answer is choices
//! (callback type 8, checked against Discord's spec: at most 25, names 1-100
//! characters), matches what was typed, and posts nothing.

use serde_json::json;
use std::time::Duration;

mod support;
use support::people::{ANA, start_bot};

/// The choices offered while `typed` is typed into option `option` of `/clans <sub>`.
async fn choices(
    bot: &support::bot::Bot,
    sub: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, serde_json::Value)> {
    let options = json!([{"name": option, "type": 3, "value": typed, "focused": true}]);
    let token = bot.fake.autocomplete(ANA, "Ana", sub, options);
    bot.fake
        .try_choices(&token, Duration::from_secs(10))
        .await
        .unwrap_or_else(|e| panic!("/clans {sub} {option}:{typed}: {e}"))
}

#[tokio::test]
async fn typing_an_option_offers_matching_choices_and_posts_nothing() {
    let bot = start_bot("autocomplete").await;
    let before = bot.fake.count();

    let cards = choices(&bot, "card", "name", "cav").await;
    assert!(
        cards.iter().any(|(name, _)| name == "Bumble Cavalry"),
        "{cards:?}"
    );
    for (name, value) in &cards {
        assert!(name.to_lowercase().contains("cav"), "{name}");
        assert_eq!(value, &json!(name), "the card's name is what is sent");
    }
    // Nothing typed yet: the first 25, no more.
    assert_eq!(choices(&bot, "card", "name", "").await.len(), 25);
    assert!(
        choices(&bot, "card", "name", "no such card")
            .await
            .is_empty()
    );

    let topics = choices(&bot, "rules", "topic", "fli").await;
    assert!(
        topics.iter().any(|(name, _)| name == "Flight"),
        "{topics:?}"
    );

    let clans = choices(&bot, "challenge", "clan", "sk").await;
    assert_eq!(
        clans.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["Skull Clan"]
    );
    // The word for a random clan once, though it is offered in English and the user's
    // language (the same word here).
    let random = choices(&bot, "challenge", "clan", "ran").await;
    assert_eq!(
        random.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["random"],
        "regression: an English user was offered `random` twice"
    );

    // Only the choices were sent: no message, no follow-up.
    let sent: Vec<_> = bot.fake.since(before);
    assert!(
        sent.iter()
            .all(|r| r.method == "POST" && r.path.ends_with("/callback") && r.json["type"] == 8),
        "{:#?}",
        sent.iter()
            .map(|r| (&r.method, &r.path))
            .collect::<Vec<_>>()
    );
    bot.stop().await;
}

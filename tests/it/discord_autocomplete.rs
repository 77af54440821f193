//! Autocomplete through the real bot and the fake Discord: what a user sees while
//! typing an option (card names, rules topics, clans). Each answer is choices
//! (callback type 8, checked against Discord's spec: at most 25, names 1-100
//! characters), matches what was typed, and posts nothing.

use serde_json::json;
use std::time::Duration;

use crate::support;
use support::people::{ANA, BEN, start_bot};

/// The choices offered to `user` while `typed` is typed into option `option` of
/// `/clans <sub>`.
async fn offered(
    bot: &support::bot::Bot,
    user: u64,
    sub: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, serde_json::Value)> {
    let options = json!([{"name": option, "type": 3, "value": typed, "focused": true}]);
    let token = bot.fake.autocomplete(user, "someone", sub, options);
    bot.fake
        .try_choices(&token, Duration::from_secs(10))
        .await
        .unwrap_or_else(|e| panic!("/clans {sub} {option}:{typed}: {e}"))
}

/// [`offered`] to Ana, whose client is English.
async fn choices(
    bot: &support::bot::Bot,
    sub: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, serde_json::Value)> {
    offered(bot, ANA, sub, option, typed).await
}

fn names(choices: &[(String, serde_json::Value)]) -> Vec<&str> {
    choices.iter().map(|(n, _)| n.as_str()).collect()
}

/// A German client finds cards and rules by their German or English names and is
/// offered them by their German names; an English client typing a German name is
/// offered the English one. Regression: a German user whose first interaction was an
/// autocomplete got English names (poise runs autocomplete without `pre_command`, where
/// the bot learnt the client's locale).
#[tokio::test]
async fn a_german_client_is_offered_german_names_found_in_either_language() {
    let bot = start_bot("autocomplete-de").await;
    bot.fake.set_user_locale(BEN, "de");
    let by_german = offered(&bot, BEN, "card", "name", "hummel").await;
    assert_eq!(names(&by_german), ["Königin Hummel", "Hummelkavallerie"]);
    let by_english = offered(&bot, BEN, "card", "name", "queen bum").await;
    assert_eq!(names(&by_english), ["Königin Hummel"]);
    assert_eq!(
        names(&choices(&bot, "card", "name", "hummel").await),
        ["Queen Bumble", "Bumble Cavalry"]
    );
    let topics = offered(&bot, BEN, "rules", "topic", "flie").await;
    assert!(names(&topics).contains(&"Fliegen"), "{topics:?}");
    let clans = offered(&bot, BEN, "challenge", "clan", "zuf").await;
    assert_eq!(names(&clans), ["zufällig"]);
    bot.stop().await;
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

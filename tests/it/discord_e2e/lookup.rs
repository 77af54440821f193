//! `/clans rules` and `/clans card` through Discord, in English and in German.

use crystal_clans::app::App;
use crystal_clans_testkit::fake_discord::Recorded;
use serde_json::json;
use std::time::Duration;

use super::{db_url, open};
use crate::support::people::*;

/// Issue 16: `/clans rules flight` through Discord says what Flight does and which cards
/// fly, to the one who asked; a misspelt topic is answered with close ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_flight_explains_the_ability_privately() {
    let url = db_url("rules");
    let store = open(&url).await;
    let bot = start_bot_with(App::new(store.clone()).with_seeds(1), store.clone()).await;
    let fake = &bot.fake;
    let rules = bot.app.rules().clone();
    let ask = |topic: &str| {
        fake.command(
            EVE,
            "Eve",
            "rules",
            json!([{"name": "topic", "type": 3, "value": topic}]),
            false,
        )
    };
    let t = ask("flight");
    let r = ack(fake, &t).await;
    assert!(r.ephemeral());
    let content = r.json["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let flight = crystal_clans::i18n::explain::ability(
        crystal_clans::i18n::Lang::En,
        crystal_clans::game::pack::Ability::Flight,
        &rules.pack,
    );
    assert!(content.starts_with("**Flight**"), "{content}");
    assert!(content.contains(&flight), "{content}");
    assert!(content.contains("Queen Bumble"), "{content}");
    let t = ask("fligth");
    let r = ack(fake, &t).await;
    assert!(r.ephemeral());
    assert!(
        r.text().contains("no rules topic") && r.text().contains("`Flight`"),
        "{}",
        r.text()
    );
    // Issue 50: a topic a picture explains better comes with it, privately, with alt
    // text and the example's log under the text.
    let t = ask("battle");
    assert!(ack(fake, &t).await.ephemeral(), "deferred privately");
    let answer = fake
        .wait_for(|r| r.path.contains(&t) && r.method == "PATCH", 20)
        .await;
    assert_eq!(answer.files.len(), 1, "the battle's picture");
    let alt = answer.json["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(alt.starts_with("Battle in "), "{alt}");
    assert!(answer.text().contains("Example: "), "{}", answer.text());
    bot.stop().await;
    let path = url.trim_start_matches("sqlite://");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

/// Issue 15: a German client's `/clans rules` and `/clans card` are answered in German,
/// whether they name the topic or card in German or English; an English player asking
/// the same in the same server keeps English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_and_card_lookup_answer_a_german_client_in_german() {
    use crystal_clans::game::pack::Ability;
    use crystal_clans::i18n::{Lang, explain};
    let url = db_url("rules-de");
    let store = open(&url).await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(1).without_images(),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    let rules = bot.app.rules().clone();
    fake.set_user_locale(EVE, "de");
    let ask = |user: u64, name: &str, topic: &str| {
        fake.command(
            user,
            name,
            "rules",
            json!([{"name": "topic", "type": 3, "value": topic}]),
            false,
        )
    };
    // A callback's content, or an edit's or follow-up's.
    let said = |r: &Recorded| {
        let j = &r.json;
        j["data"]["content"]
            .as_str()
            .or(j["content"].as_str())
            .unwrap_or_default()
            .to_string()
    };
    let flight_de = explain::ability(Lang::De, Ability::Flight, &rules.pack);
    for topic in ["Fliegen", "flight"] {
        let r = ack(fake, &ask(EVE, "Eve", topic)).await;
        assert!(r.ephemeral());
        assert!(said(&r).starts_with("**Fliegen**"), "{}", said(&r));
        assert!(said(&r).contains(&flight_de), "{}", said(&r));
        assert!(said(&r).contains("Königin Hummel"), "{}", said(&r));
    }
    let r = ack(fake, &ask(EVE, "Eve", "fleigen")).await;
    assert!(said(&r).contains("kein Regelthema") && said(&r).contains("`Fliegen`"));
    let r = ack(fake, &ask(ANA, "Ana", "Fliegen")).await;
    assert!(said(&r).starts_with("**Flight**"), "{}", said(&r));

    let card = |user: u64, name: &str, card: &str| {
        fake.command(
            user,
            name,
            "card",
            json!([{"name": "name", "type": 3, "value": card}]),
            false,
        )
    };
    let t = card(EVE, "Eve", "Königin Hummel");
    ack(fake, &t).await;
    let r = fake.try_answer(&t, Duration::from_secs(20)).await.unwrap();
    assert!(!r.ephemeral());
    assert!(
        said(&r).starts_with("**Königin Hummel** (Blumenklan"),
        "{}",
        r.text()
    );
    assert!(said(&r).contains("**Fliegen**"), "{}", said(&r));
    let t = card(ANA, "Ana", "königin hummel");
    ack(fake, &t).await;
    let r = fake.try_answer(&t, Duration::from_secs(20)).await.unwrap();
    assert!(said(&r).starts_with("**Queen Bumble**"), "{}", said(&r));
    bot.stop().await;
    let path = url.trim_start_matches("sqlite://");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

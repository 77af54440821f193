//! German end to end through the fake Discord: a server whose locale is German and a
//! German player, against an English player in the same server. The commands carry
//! their German names; the public posts (challenge, boards) are German, with none of
//! the English source texts in them; each player's private answers follow their own
//! client.

use crystal_clans::fake_discord::Recorded;
use crystal_clans::i18n::{self, Lang, messages as t};
use fluent_syntax::ast::{Entry, PatternElement};
use serde_json::{Value, json};

mod support;
use support::people::*;

/// Every string in a request's JSON (content, embeds, button labels), one a line.
fn words(r: &Recorded) -> String {
    fn walk(v: &Value, out: &mut String) {
        match v {
            Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            Value::Object(o) => o.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = String::new();
    walk(&r.json, &mut out);
    out
}

/// The English source texts a German message must not contain: each literal line of
/// an English message of at least two words that German does not say the same way.
fn english_sources() -> Vec<String> {
    let german: Vec<String> = i18n::sources(Lang::De)
        .iter()
        .flat_map(|(_, s)| s.lines().map(str::trim).map(str::to_string))
        .collect();
    let mut out = Vec::new();
    for (_, source) in i18n::sources(Lang::En) {
        let resource = fluent_syntax::parser::parse(*source).expect("parses");
        for entry in resource.body {
            let Entry::Message(m) = entry else { continue };
            let patterns = m
                .value
                .into_iter()
                .chain(m.attributes.into_iter().map(|a| a.value));
            for p in patterns {
                for e in p.elements {
                    let PatternElement::TextElement { value } = e else {
                        continue;
                    };
                    for line in value.lines().map(str::trim) {
                        let text: String = line
                            .trim_matches(|c: char| !c.is_alphanumeric())
                            .to_string();
                        if text.split_whitespace().count() >= 2
                            && !german.iter().any(|g| g.contains(&text))
                        {
                            out.push(text);
                        }
                    }
                }
            }
        }
    }
    out
}

fn german_names(put: &Recorded) -> Vec<String> {
    let mut names = Vec::new();
    fn walk(v: &Value, names: &mut Vec<String>) {
        if let Some(n) = v["name_localizations"]["de"].as_str() {
            names.push(n.to_string());
        }
        for o in v["options"].as_array().into_iter().flatten() {
            walk(o, names);
        }
        for c in v["choices"].as_array().into_iter().flatten() {
            if let Some(n) = c["name_localizations"]["de"].as_str() {
                names.push(n.to_string());
            }
        }
    }
    for c in put.json.as_array().expect("a list of commands") {
        walk(c, &mut names);
    }
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_server_plays_in_german_and_an_english_player_keeps_english() {
    let bot = start_bot("german").await;
    let fake = &bot.fake;

    // Registered with the German localisations (the fake checked them against the spec).
    let put = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the commands were registered");
    let names = german_names(&put);
    for n in [
        "herausfordern",
        "gegen-ki",
        "spielplan",
        "sprache",
        "automatisch",
    ] {
        assert!(names.iter().any(|x| x == n), "{n} not in {names:?}");
    }
    assert_eq!(
        put.json[0]["options"][0]["description_localizations"]["de"],
        json!(i18n::lookup(Lang::De, "cmd-clans-challenge.description").unwrap())
    );

    fake.set_guild_locale("de");
    fake.set_user_locale(ANA, "de");
    let english = english_sources();
    assert!(english.iter().any(|e| e == "Take your turn"), "{english:?}");
    let assert_german = |r: &Recorded| {
        let text = words(r);
        for e in &english {
            assert!(
                !text.contains(e.as_str()),
                "English `{e}` in a German message: {text}"
            );
        }
    };

    // Private answers follow each client: Ana's German, Ben's English.
    let help = fake.command(ANA, "Ana", "help", json!([]), false);
    let r = ack(fake, &help).await;
    assert!(r.ephemeral() && words(&r).contains(&t::help(Lang::De)));
    assert_german(&r);
    let help = fake.command(BEN, "Ben", "help", json!([]), false);
    let r = ack(fake, &help).await;
    assert!(r.ephemeral() && words(&r).contains(&t::help(Lang::En)));

    // Ana challenges Ben: the challenge and the opening board are German.
    let before = fake.requests().len();
    let accept = challenge_button(fake, ANA, BEN).await;
    let token = fake.click(BEN, "Ben", &accept, &[]);
    ack(fake, &token).await;
    let accepted = followup(fake, &token).await;
    assert!(accepted.ephemeral());
    assert!(words(&accepted).contains(&t::challenge_accepted(Lang::En)));
    let id = bot.app.store.active_matches_of_user(BEN).await.unwrap()[0].id;
    let title = format!("Partie #{id} · Zug");
    let board = fake
        .wait_for(|r| r.is_channel_post() && words(r).contains(&title), 20)
        .await;
    let posts: Vec<Recorded> = fake.requests()[before..]
        .iter()
        .filter(|r| r.ok() && !r.ephemeral() && r.method != "GET")
        .cloned()
        .collect();
    let board_words = words(&board);
    for label in [t::button_take_turn(Lang::De), t::field_whose_move(Lang::De)] {
        assert!(board_words.contains(&label), "{label}: {board_words}");
    }
    assert!(
        posts
            .iter()
            .any(|r| words(r).contains(&t::button_accept(Lang::De)))
    );
    for p in &posts {
        assert_german(p);
    }

    // Ben's own language setting is his; the server's posts stay German.
    let set = fake.command(
        BEN,
        "Ben",
        "language",
        json!([{"name": "language", "type": 4, "value": 2}]),
        false,
    );
    let r = ack(fake, &set).await;
    assert!(words(&r).contains(&t::language_user_set(Lang::De, "Deutsch")));
    assert_eq!(bot.app.user_lang(BEN).await, Lang::De);
    assert_eq!(bot.app.user_lang(ANA).await, Lang::De);
    fake.set_user_locale(ANA, "en-US");
    let help = fake.command(ANA, "Ana", "help", json!([]), false);
    assert!(words(&ack(fake, &help).await).contains(&t::help(Lang::En)));
    bot.stop().await;
}

/// A server that chose German gets its reminders and timeout warnings in German,
/// though they answer no interaction (the timers post them), also after a restart.
#[tokio::test]
async fn a_german_server_gets_german_reminders_and_warnings() {
    use crystal_clans::app::{App, Challenge, Place};
    use crystal_clans::store::{GuildSettings, now_ms};
    const GUILD: u64 = 9;
    let store = support::scratch_store("german-timers").await;
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                reminder_minutes: Some(10),
                timeout_minutes: Some(60),
                language: Some("de".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let app = App::new(store.clone());
    let now = now_ms();
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan: false,
        timeout: None,
        expires: now + 60_000,
    };
    let place = Place {
        guild: Some(GUILD),
        channel: 10,
    };
    let out = app.accept(c, BEN, place, None, now).await;
    let id = out.created.expect("a match");
    assert!(
        out.public[0]
            .all_text()
            .contains(&format!("Partie #{id} beginnt"))
    );
    // A restarted bot knows the server's language from the store.
    let app = App::new(store);
    let r = app.tick(now + 11 * 60_000).await;
    let text = &r[0].public[0].content;
    assert!(
        text.contains(&format!("Partie #{id} wartet auf dich")),
        "{text}"
    );
    let w = app.tick(now + 49 * 60_000).await;
    let text = &w[0].public[0].content;
    assert!(text.contains("sonst verlierst du die Partie"), "{text}");
}

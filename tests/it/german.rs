//! German end to end through the fake Discord: a server whose locale is German and a
//! German player, against an English player in the same server. The commands carry
//! their German names; a whole match (help, rules, a card, battles, hands, history,
//! profile, leaderboard) shows the German player no English in any public post or
//! private message, and the words of every image they were shown; each
//! player's private answers follow their own client, so the English player's stay
//! English. The whole match, searched for English, is `german_match.rs`.

use crystal_clans::i18n::{self, Lang, messages as t};
use crystal_clans_testkit::fake_discord::Recorded;
use fluent_syntax::ast::{Entry, PatternElement};
use serde_json::{Value, json};

use crate::support;
use support::people::*;

/// Every string a person reads in a request's JSON (content, embeds, labels, option
/// texts), one a line: not custom ids, select values, file names or URLs.
pub(super) fn words(r: &Recorded) -> String {
    fn walk(v: &Value, out: &mut String) {
        match v {
            Value::String(s) if !s.starts_with("clans:") => {
                out.push_str(s);
                out.push('\n');
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            Value::Object(o) => {
                // A select option's value is an index or a step, never shown.
                let option = o.contains_key("label") && o.contains_key("value");
                for (k, v) in o {
                    let hidden = matches!(
                        k.as_str(),
                        "custom_id" | "url" | "proxy_url" | "filename" | "id" | "allowed_mentions"
                    ) || (option && k == "value");
                    if !hidden {
                        walk(v, out);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = String::new();
    walk(&r.json, &mut out);
    out
}

/// The source texts of `lang` that `other` does not say the same way: each literal line
/// of a message (of every `.ftl` file) of at least two words that no line of `other`'s
/// files contains.
pub(super) fn sources_only_in(lang: Lang, other: Lang) -> Vec<String> {
    let theirs: Vec<String> = i18n::sources(other)
        .iter()
        .flat_map(|(_, s)| s.lines().map(str::trim).map(str::to_string))
        .collect();
    let mut out = Vec::new();
    for (_, source) in i18n::sources(lang) {
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
                            && !theirs.iter().any(|g| g.contains(&text))
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

/// The English source texts a German message must not contain.
pub(super) fn english_sources() -> Vec<String> {
    sources_only_in(Lang::En, Lang::De)
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
    let id = bot.store.active_matches_of_user(BEN).await.unwrap()[0].id;
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
    for label in [t::button_take_turn(Lang::De), t::field_initiative(Lang::De)] {
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
    assert_eq!(bot.app.directory.user_lang(BEN).await, Lang::De);
    assert_eq!(bot.app.directory.user_lang(ANA).await, Lang::De);
    fake.set_user_locale(ANA, "en-US");
    let help = fake.command(ANA, "Ana", "help", json!([]), false);
    assert!(words(&ack(fake, &help).await).contains(&t::help(Lang::En)));
    bot.stop().await;
}

/// Ben accepts Ana's challenge (clans 0 and 1) in channel 10 of `guild` at `now`.
async fn ben_accepts_anas_challenge(
    app: &crystal_clans::app::App,
    guild: u64,
    mulligan: bool,
    now: i64,
) -> crystal_clans::app::Outcome {
    use crystal_clans::app::{Challenge, Place};
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: now + 60_000,
    };
    let place = Place {
        guild: Some(guild),
        channel: 10,
        reach: Default::default(),
    };
    app.challenges.accept(c, BEN, place, None, now).await
}

/// A server that chose German gets its reminders and timeout warnings in German,
/// though they answer no interaction (the timers post them), also after a restart.
#[tokio::test]
async fn a_german_server_gets_german_reminders_and_warnings() {
    use crystal_clans::app::App;
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
    let out = ben_accepts_anas_challenge(&app, GUILD, false, now).await;
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

/// An absence is told in the server's language where the match plays, and to the
/// player in theirs: the notice that the clock stopped, the one that it runs again, the
/// opponent's `/clans matches`.
#[tokio::test]
async fn an_absence_is_told_in_german() {
    use crystal_clans::app::App;
    use crystal_clans::store::{GuildSettings, now_ms};
    const GUILD: u64 = 9;
    let store = support::scratch_store("german-away").await;
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
    app.directory.set_language(ANA, Some(Lang::De)).await;
    app.directory.set_language(BEN, Some(Lang::De)).await;
    let now = now_ms();
    let id = ben_accepts_anas_challenge(&app, GUILD, false, now)
        .await
        .created
        .expect("a match");
    let l = store.load(id).await.unwrap();
    let late = l.info.seats[l.state.waiting()[0] as usize].user().unwrap();
    let other = if late == ANA { BEN } else { ANA };
    let out = app
        .presence
        .away(late, Some(GUILD), 3, Some("Urlaub"), now)
        .await;
    let said = out.reply.reply.unwrap().content;
    assert!(said.contains("Du bist abwesend bis"), "{said}");
    let notice = &out.notices[0].public[0].content;
    assert!(notice.contains("ist abwesend bis"), "{notice}");
    assert!(notice.contains("Notiz: „Urlaub“"), "{notice}");
    let list = app
        .matches
        .active(other, now + 60_000)
        .await
        .reply
        .unwrap()
        .content;
    assert!(list.contains("ist abwesend bis"), "{list}");
    let back = app.tick(now + 3 * 24 * 60 * 60_000 + 60_000).await;
    let text = &back[0].public[0].content;
    assert!(text.contains("du bist zurück"), "{text}");
    let off = app
        .presence
        .away_off(late, now + 4 * 24 * 60 * 60_000)
        .await;
    let said = off.reply.reply.unwrap().content;
    assert!(said.contains("Du bist nicht abwesend"), "{said}");
}

/// A German player is told it is their move, caught up after quiet hours and sent a
/// digest in German.
#[tokio::test]
async fn pings_by_dm_a_catch_up_and_a_digest_are_german() {
    use crystal_clans::app::msg::Msg;
    use crystal_clans::app::notify::NotifyChange;
    use crystal_clans::app::{App, Outcome};
    use crystal_clans::store::NotifyVia;
    let store = support::scratch_store("german-notify").await;
    let app = App::new(store.clone());
    app.directory.set_language(ANA, Some(Lang::De)).await;
    let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap().as_millisecond();
    let (l, _) = store
        .create_match(support::new_match(1, [ANA, BEN], Some(1)))
        .await
        .unwrap();
    let late = l.info.seats[l.state.waiting()[0] as usize].user().unwrap();
    if late != ANA {
        app.directory.set_language(late, Some(Lang::De)).await;
    }
    let change = NotifyChange {
        via: Some(NotifyVia::Both),
        time_zone: Some("Europe/Berlin".into()),
        quiet_from: Some(22),
        quiet_to: Some(7),
        digest_hour: Some(9),
        ..NotifyChange::default()
    };
    let said = app
        .presence
        .set_notify(late, change, at("2025-01-14T12:00:00Z"))
        .await;
    let said = said.reply.unwrap().content;
    assert!(said.contains("So erfährst du, dass du dran bist"), "{said}");
    assert!(
        said.contains("22:00 bis 07:00") && said.contains("jeden Tag um 09:00"),
        "{said}"
    );
    let mut m = Msg::text(format!("<@{late}>"));
    m.pings = vec![late];
    let post = Outcome {
        public: vec![m],
        channel: Some(777),
        ..Outcome::default()
    };
    let out = app
        .presence
        .route_pings(&post, at("2025-01-14T12:00:00Z"))
        .await;
    assert!(out.dms[0].1.content.contains("Du bist dran in <#777>"));
    app.presence
        .route_pings(&post, at("2025-01-14T23:00:00Z"))
        .await;
    let caught = app.tick(at("2025-01-15T06:00:00Z")).await;
    let text = &caught[0].dms[0].1.content;
    assert!(text.contains("Während deiner Ruhezeit"), "{text}");
    let digest = app.tick(at("2025-01-15T08:00:00Z")).await;
    let text = &digest[0].dms[0].1.content;
    assert!(text.contains("Eine Partie wartet auf dich"), "{text}");
}

/// Regression: a server's Discord language was learnt only from its interactions, so
/// after a restart the timers' posts (which answer no one) spoke English until someone
/// there clicked again. The gateway announces every server with its language at each
/// connection (GUILD_CREATE's `preferred_locale`); a server the bot joins arrives the
/// same way, and its language is known before anyone in it has clicked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_language_is_known_from_the_gateway_before_anyone_clicks() {
    let bot = start_bot("guild-locale").await;
    let fake = &bot.fake;
    const GERMAN_GUILD: u64 = crystal_clans_testkit::fake_discord::GUILD + 1;
    assert_eq!(
        bot.app.directory.public_lang(Some(GERMAN_GUILD)).await,
        Lang::En
    );
    fake.set_guild_locale("de");
    fake.add_guild(GERMAN_GUILD, 720_000_000_000_000_009);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while bot.app.directory.public_lang(Some(GERMAN_GUILD)).await != Lang::De {
        assert!(
            std::time::Instant::now() < deadline,
            "the server's language was not learnt from its GUILD_CREATE"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Nobody in the server has clicked: the language came from the gateway alone.
    assert!(
        fake.requests()
            .iter()
            .all(|r| !r.path.contains("/interactions/")),
        "an interaction was answered"
    );
    bot.stop().await;
}

/// In a German server, each player's private answers follow their own language: the
/// German player's panel, hand and refusals are German, the English player's English,
/// while the public posts are German (and address both players as "ihr" when both
/// must answer).
#[tokio::test]
async fn an_english_player_in_a_german_server_gets_english_panels() {
    use crystal_clans::app::App;
    use crystal_clans::app::clans::panel::Nav;
    use crystal_clans::i18n::messages::panel as p;
    use crystal_clans::store::now_ms;
    const GUILD: u64 = 9;
    let store = support::scratch_store("german-panels").await;
    let app = App::new(store.clone()).with_seeds(1);
    app.directory
        .learn_locales(ANA, Some("de"), Some(GUILD), Some("de"));
    app.directory
        .learn_locales(BEN, Some("en-US"), Some(GUILD), Some("de"));
    let now = now_ms();
    let out = ben_accepts_anas_challenge(&app, GUILD, true, now).await;
    let id = out.created.expect("a match");
    let board = out.public[0].all_text();
    assert!(board.contains("ihr seid am Zug"), "{board}");
    assert!(board.contains(&t::button_mulligan(Lang::De)), "{board}");

    let panel = |user| {
        let app = app.clone();
        async move {
            let out = app.matches.panel(id, None, user, Nav::Overview).await;
            out.reply.expect("a panel").all_text()
        }
    };
    let (ana, ben) = (panel(ANA).await, panel(BEN).await);
    // Keeping one's hand is a choice of the first step, or a kind of choice there.
    let keep = |text: &str, lang| {
        text.contains(&p::choice_keep_hand(lang))
            || text.contains(&p::category_count(lang, p::category_keep(lang), 1))
    };
    assert!(
        ana.contains(&format!("**Partie #{id}**: Du musst")),
        "{ana}"
    );
    assert!(keep(&ana, Lang::De), "{ana}");
    assert!(ben.contains(&format!("**Match #{id}**: you must")), "{ben}");
    assert!(keep(&ben, Lang::En), "{ben}");
    for (text, other) in [(&ana, Lang::En), (&ben, Lang::De)] {
        let leaked = sources_only_in(other, Lang::ALL[1 - other as usize])
            .into_iter()
            .find(|s| text.contains(s.as_str()));
        assert!(leaked.is_none(), "{leaked:?} in {text}");
    }

    // Their hands and a refusal, each in their own language.
    let hand = |user| {
        let app = app.clone();
        async move {
            app.matches
                .hand(id, user)
                .await
                .reply
                .expect("a hand")
                .content
        }
    };
    assert!(
        hand(ANA)
            .await
            .starts_with(&format!("Deine Hand in Partie #{id}"))
    );
    assert!(
        hand(BEN)
            .await
            .starts_with(&format!("Your hand in match #{id}"))
    );
    // Ben answers first; after that, a click on version 0 is out of date for both.
    let done = app
        .matches
        .play(id, 0, BEN, 0)
        .await
        .reply
        .expect("done")
        .content;
    assert!(done.starts_with("Done: "), "{done}");
    for (user, lang) in [(ANA, Lang::De), (BEN, Lang::En)] {
        let late = app
            .matches
            .play(id, 0, user, 0)
            .await
            .reply
            .expect("a refusal")
            .content;
        assert!(late.starts_with(&p::panel_out_of_date(lang)), "{late}");
    }
}

/// Regression: the board's "your move" said "du" also when both players had to answer
/// (mulligans, battle cards); two pinged players are "ihr".
#[test]
fn regression_german_your_move_said_du_to_two_players() {
    let q = t::question_battle_card(Lang::De);
    assert_eq!(
        t::your_move(Lang::De, "<@1>", 1, q.as_str()),
        format!("<@1>: du bist am Zug ({q}).")
    );
    assert_eq!(
        t::your_move(Lang::De, "<@1> <@2>", 2, q.as_str()),
        format!("<@1> <@2>: ihr seid am Zug ({q}).")
    );
    assert!(t::your_move(Lang::En, "<@1> <@2>", 2, "x").ends_with(": your move (x)."));
}

/// Taking back a misclick in a German server between German players: the button, the
/// request, the opponent's private answer, the board and both panels afterwards say it
/// in German and nothing in English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_and_allowed_in_german() {
    use crate::discord_takeback::{click, ids_with, request_post, until_takeback};
    use crystal_clans::i18n::messages::takeback as tb;
    let bot = start_bot("german-takeback").await;
    let fake = &bot.fake;
    fake.set_guild_locale("de");
    fake.set_user_locale(ANA, "de");
    fake.set_user_locale(BEN, "de");
    let english = english_sources();
    let assert_german = |r: &Recorded| {
        let text = words(r);
        for e in &english {
            assert!(
                !text.contains(e.as_str()),
                "English `{e}` in a German message: {text}"
            );
        }
    };
    let de = Lang::De;
    let id = challenge_and_accept(&bot).await;
    let (v, asker, reply) = until_takeback(&bot, id, |p| p.is_ok()).await;
    let (a, b) = (user(asker), user(1 - asker));
    assert!(words(&reply).contains(&tb::button_take_back(de)));
    assert_german(&reply);
    let note = click(&bot, a, &ids_with(&reply, "tb")[0]).await;
    assert!(
        words(&note).contains(&format!("Du hast {} um Erlaubnis gebeten", name(b))),
        "{}",
        words(&note)
    );
    assert_german(&note);
    let (post, answer) = request_post(&bot, id, v).await;
    assert!(words(&post).contains("bittet darum, die letzte Aktion zurückzunehmen"));
    assert!(words(&post).contains(&tb::button_takeback_answer(de)));
    assert_german(&post);
    let wait = click(&bot, a, &answer).await;
    assert_eq!(words(&wait).trim(), tb::takeback_wait_answer(de, name(b)));
    let prompt = click(&bot, b, &answer).await;
    for label in [
        tb::button_takeback_allow(de),
        tb::button_takeback_decline(de),
    ] {
        assert!(
            words(&prompt).contains(&label),
            "{label}: {}",
            words(&prompt)
        );
    }
    assert_german(&prompt);
    let done = click(&bot, b, &ids_with(&prompt, "tb+")[0]).await;
    assert_eq!(words(&done).trim(), tb::takeback_you_allowed(de, name(a)));
    let board = fake
        .wait_for(
            |r| r.is_channel_post() && words(r).contains("hat die letzte Aktion zurückgenommen"),
            10,
        )
        .await;
    assert_german(&board);
    let version = v + 1;
    let mine = panel(&bot, id, version, a).await;
    assert!(words(&mine).contains("Deine letzte Aktion wurde zurückgenommen"));
    assert_german(&mine);
    let theirs = panel(&bot, id, version, b).await;
    assert!(words(&theirs).contains(&format!(
        "Die letzte Aktion von {} wurde zurückgenommen",
        name(a)
    )));
    assert_german(&theirs);
    let lapsed = click(&bot, b, &answer).await;
    assert_eq!(words(&lapsed).trim(), tb::takeback_lapsed(de, 24));
    let late = click(&bot, a, &format!("clans:{id}:{v}:tb")).await;
    assert_german(&late);
    // The help and the server's setting.
    let help = fake.command(a, name(a), "help", json!([]), false);
    let r = ack(fake, &help).await;
    assert!(words(&r).contains(&tb::help_takeback(de)));
    assert_german(&r);
    bot.stop().await;
}

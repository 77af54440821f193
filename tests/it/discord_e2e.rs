//! The real bot (poise/serenity) against a fake Discord on loopback: slash commands and
//! clicks go in through the gateway websocket, everything the bot says comes out as
//! recorded REST requests.

use crystal_clans::app::App;
use crystal_clans::discord::{self, BotOptions, Clock};
use crystal_clans::game::Question;
use crystal_clans::i18n::Lang;
use crystal_clans::store::{Durability, Store, StoreOptions, now_ms};
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use crystal_clans_testkit::fake_discord::{self, APP_ID, Fake, Recorded, TOKEN};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::*;
use support::scratch_store as scratch;

fn db_url(tag: &str) -> String {
    let path = support::scratch_path(&format!("crystal-clans-e2e-{tag}"), ".db");
    format!("sqlite://{}", path.display())
}

async fn open(url: &str) -> Store {
    let mut o = StoreOptions::new(url);
    o.durability = Durability::Normal;
    Store::open_with(o).await.expect("store opens")
}

fn both_pick(s: &crystal_clans::game::State) -> bool {
    s.pending().question == Question::BattleCard && s.waiting().len() == 2
}

fn public(rs: &[Recorded]) -> Vec<&Recorded> {
    rs.iter()
        .filter(|r| r.is_channel_post() || (r.path.contains("/webhooks/") && !r.ephemeral()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_play_and_a_secret_battle() {
    // The scripted players must reach a battle where both choose a card: under rules
    // version 6 the match of seed 1 takes another course and ends without one (random
    // play battles as often under 5 and 6); seed 2's has one.
    let bot = start_bot_with(
        crystal_clans::app::App::new(support::scratch_store("battle").await).with_seeds(2),
    )
    .await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    // The match's thread is named after it from the start: a rename shows as a
    // "changed the thread name" system message in every thread. It is made after the
    // player who accepted was answered, so it may arrive a moment later.
    let mut thread = None;
    for _ in 0..250 {
        thread = bot.app.store.info(id).await.unwrap().thread;
        if thread.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let thread = thread.expect("a thread");
    let title = format!("Ana vs Ben · #{id}");
    assert_eq!(fake.threads().get(&thread), Some(&title));
    let made = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .expect("the thread's creation");
    assert_eq!(made.json["name"], title.as_str(), "named when made");
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.method == "PATCH" && r.path.ends_with(&format!("/channels/{thread}"))),
        "never renamed"
    );
    // The opening board is posted publicly with its image and mentions both players.
    let board = fake
        .wait_for(|r| r.is_channel_post() && !r.files.is_empty(), 20)
        .await;
    assert!(board.files[0].0.ends_with(".png"));
    assert!(
        board.text().contains(&format!("<@{ANA}>")) || board.text().contains(&format!("<@{BEN}>"))
    );

    // A foreign click: private explanation, nothing changes.
    let v = bot.app.store.info(id).await.unwrap().version;
    let r = play(&bot, id, v, EVE, 0).await;
    assert!(r.ephemeral() && r.text().contains("not playing"));
    assert_eq!(bot.app.store.info(id).await.unwrap().version, v);

    // Play until both players must pick a battle card.
    let mut step = 0;
    loop {
        let l = bot.app.store.load(id).await.unwrap();
        if l.state.pending().question == Question::BattleCard && l.state.waiting().len() == 2 {
            break;
        }
        assert!(
            l.state.winner.is_none(),
            "the match ended before any battle"
        );
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(bot.app.rules(), seat);
        if step % 5 == 0 {
            panel(&bot, id, l.info.version, user(seat)).await;
        }
        let r = play(&bot, id, l.info.version, user(seat), pick(&legal, step)).await;
        assert!(r.ephemeral());
        assert!(
            bot.app.store.info(id).await.unwrap().version > l.info.version,
            "the input was not applied: {}",
            r.text()
        );
        if step == 0 {
            // A stale button (the version moved on): explained, nothing changes.
            let v = bot.app.store.info(id).await.unwrap().version;
            let r = play(&bot, id, l.info.version, user(seat), 0).await;
            assert!(r.text().contains("out of date"), "{}", r.text());
            assert_eq!(bot.app.store.info(id).await.unwrap().version, v);
        }
        step += 1;
        assert!(step < 400, "no battle after 400 inputs");
    }

    // The secret picks. Cards in either hand that nobody can see on the table must not
    // appear in anything public until the reveal.
    let l = bot.app.store.load(id).await.unwrap();
    let rules = bot.app.rules();
    let v = l.state.view(rules, None);
    let visible: Vec<String> = v
        .zones
        .iter()
        .flat_map(|z| z.squads.iter().flatten())
        .chain(
            v.players
                .iter()
                .flat_map(|p| p.discard.iter().chain(&p.removed)),
        )
        .map(|c| rules.pack.cards[c.kind as usize].name.clone())
        .collect();
    let secret: Vec<String> = [0usize, 1]
        .iter()
        .flat_map(|&s| l.state.players[s].hand.iter())
        .map(|&c| l.state.card(rules, c).name.clone())
        .filter(|n| !visible.contains(n))
        .collect();
    let mark = fake.count();
    let p = panel(&bot, id, l.info.version, ANA).await;
    assert!(!p.select_options().is_empty() || !p.custom_ids().is_empty());
    play(&bot, id, l.info.version, ANA, 0).await;
    let l2 = bot.app.store.load(id).await.unwrap();
    let before_reveal = fake.since(mark);
    for r in public(&before_reveal) {
        for s in &secret {
            assert!(
                !r.text().contains(s.as_str()),
                "public request names `{s}`: {}",
                r.text()
            );
        }
        for (f, _) in &r.files {
            assert!(!f.contains("hand"), "a hand image went public");
        }
    }
    // Ben's panel does not show Ana's pick, and Ben completes the battle.
    if l2.state.pending().question == Question::BattleCard {
        let p = panel(&bot, id, l2.info.version, BEN).await;
        assert!(p.text().contains("battle card"), "{}", p.text());
        play(&bot, id, l2.info.version, BEN, 0).await;
    }
    let l3 = bot.app.store.load(id).await.unwrap();
    assert!(l3.info.version > l2.info.version);
    // After both picks something public was posted (the reveal and/or the board),
    // once Discord's rate limit for the thread let it through.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let posted = || {
        public(&fake.since(mark))
            .iter()
            .any(|r| r.is_channel_post())
    };
    while !posted() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(posted());
    // The reveal posts the battle's picture (the battle began inputs earlier).
    let pictures = || {
        fake.since(mark)
            .iter()
            .filter(|r| r.is_channel_post())
            .map(battle_pictures)
            .sum::<usize>()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while pictures() == 0 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(pictures(), 1, "the reveal posts one battle picture");

    // Resign: the winner is announced publicly with a rematch button.
    let t = fake.click(BEN, "Ben", &format!("clans:{id}:0:resign!"), &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    let end = fake
        .wait_for(|r| r.is_channel_post() && r.text().contains("resigned"), 10)
        .await;
    assert!(end.text().contains(&format!("<@{ANA}>")));
    assert!(end.custom_ids().iter().any(|i| i.contains(":rematch")));
    bot.task.abort();
}

/// A whole match with images: every input that revealed battle cards (counted by
/// replaying the stored log) posted exactly one battle picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_battle_reveal_posts_its_picture() {
    use crystal_clans::game::{Event, State};
    let bot = start_bot("pictures").await;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 3000, |_| false).await;
    let l = bot.app.store.load(id).await.unwrap();
    assert!(l.state.winner.is_some(), "the match did not end");
    let rules = bot.app.rules();
    let (mut s, _) = State::new(rules, l.info.setup.clone()).unwrap();
    let mut reveals = 0;
    for i in bot.app.store.inputs(id).await.unwrap() {
        let events = s.apply(rules, i.seat, &i.input).unwrap();
        if events
            .iter()
            .any(|e| matches!(e, Event::BattleCardsRevealed { .. }))
        {
            reveals += 1;
        }
    }
    assert!(reveals > 0, "the match had no battle");
    // The last posts may still be on their way.
    let posted = || {
        bot.fake
            .requests()
            .iter()
            .filter(|r| r.is_channel_post())
            .map(battle_pictures)
            .sum::<usize>()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while posted() < reveals && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        posted(),
        reveals,
        "battle pictures posted for {reveals} reveals"
    );
    eprintln!("{reveals} battle reveals, {reveals} pictures");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_challenge_and_config_refused() {
    let bot = start_bot("decline").await;
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let resp = ack(fake, &t).await;
    let decline = resp
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":dec:"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &decline, &[]);
    ack(fake, &t).await;
    // The challenge itself says so (an edit, no new post), its buttons gone.
    let edited = fake
        .wait_for(
            |r| {
                r.method == "PATCH"
                    && r.path.contains("/channels/")
                    && r.text().contains("declined")
            },
            10,
        )
        .await;
    assert!(edited.custom_ids().is_empty());
    assert!(
        bot.app
            .store
            .active_matches_of_user(BEN)
            .await
            .unwrap()
            .is_empty()
    );

    // An expired challenge (its terms are public, in the button's id, signed).
    let past = now_ms() - 60_000;
    let signer = bot.app.signer().await.unwrap();
    let expired = format!(
        "clans:0:0:acc:{}",
        signer.sign(&format!("{ANA}.{BEN}.r.r.0.{past}"))
    );
    let t = fake.click(BEN, "Ben", &expired, &[]);
    assert!(ack(fake, &t).await.ephemeral());
    assert!(followup(fake, &t).await.text().contains("expired"));
    assert!(
        bot.app
            .store
            .active_matches_of_user(BEN)
            .await
            .unwrap()
            .is_empty()
    );

    // config without Manage Server.
    let t = fake.command(
        EVE,
        "Eve",
        "config",
        json!([{"name": "reminder_minutes", "type": 4, "value": 5}]),
        false,
    );
    let r = ack(fake, &t).await;
    assert!(r.ephemeral());
    assert!(r.text().contains("Manage Server"), "{}", r.text());
    bot.task.abort();
}

/// Issue 16: `/clans rules flight` through Discord says what Flight does and which cards
/// fly, to the one who asked; a misspelt topic is answered with close ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_flight_explains_the_ability_privately() {
    let url = db_url("rules");
    let bot = start_bot_with(App::new(open(&url).await).with_seeds(1)).await;
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
    let bot = start_bot_with(App::new(open(&url).await).with_seeds(1).without_images()).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn double_click_a_restart_mid_battle_and_a_complete_match() {
    let url = db_url("restart");
    let app = App::new(open(&url).await).with_seeds(2).without_images();
    let bot = start_bot_with(app).await;
    let id = challenge_and_accept(&bot).await;

    // A double click: the same button twice; the second is refused, nothing changes.
    let l = bot.app.store.load(id).await.unwrap();
    let seat = l.state.waiting()[0];
    let twice = format!("clans:{id}:{}:in:0", l.info.version);
    let t1 = click_panel(&bot, id, user(seat), &twice).await;
    let t2 = click_panel(&bot, id, user(seat), &twice).await;
    let (a, b) = (
        followup(&bot.fake, &t1).await,
        followup(&bot.fake, &t2).await,
    );
    let texts = [a.text(), b.text()];
    assert_eq!(
        texts.iter().filter(|t| t.contains("Done")).count(),
        1,
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.contains("out of date")), "{texts:?}");
    assert_eq!(
        bot.app.store.info(id).await.unwrap().version,
        l.info.version + 1
    );

    // To a battle; Ana picks; the bot process stops.
    drive(&bot, id, 400, both_pick).await;
    let l = bot.app.store.load(id).await.unwrap();
    assert!(both_pick(&l.state));
    play(&bot, id, l.info.version, ANA, 0).await;
    let v = bot.app.store.info(id).await.unwrap().version;
    assert_eq!(v, l.info.version + 1);
    bot.stop().await;

    // A new process on the same database: Ben's click completes the battle.
    let app = App::new(open(&url).await).with_seeds(100).without_images();
    let bot = start_bot_with(app).await;
    let p = panel(&bot, id, v, BEN).await;
    assert!(p.text().contains("battle card"), "{}", p.text());
    play(&bot, id, v, BEN, 0).await;
    let l = bot.app.store.load(id).await.unwrap();
    assert!(l.info.version > v);
    assert_ne!(l.state.pending().question, Question::BattleCard);

    // Play on to a winner, announced publicly.
    drive(&bot, id, 3000, |_| false).await;
    let l = bot.app.store.load(id).await.unwrap();
    let w = l.state.winner.expect("a winner");
    let post = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("wins the match"),
            10,
        )
        .await;
    assert!(post.text().contains(&format!("<@{}>", user(w))));
    assert!(post.custom_ids().iter().any(|i| i.contains(":rematch")));

    let acks = bot.fake.ack_latencies();
    let q = |p: f64| acks[((acks.len() - 1) as f64 * p) as usize];
    eprintln!(
        "acknowledgement latency over {} interactions (debug build, one match): p50 {:.1} ms, p99 {:.1} ms",
        acks.len(),
        q(0.5),
        q(0.99)
    );
    assert!(q(0.5) < 1000.0);

    let thread = l.info.thread.expect("the match has a thread");
    // Started before the restart: Discord still has it (this fake is a fresh one).
    bot.fake.add_thread(thread, &format!("Ana vs Ben · #{id}"));
    // Rematch, offered and accepted inside the match's thread: a new public challenge to
    // the other player, and its match plays on in that thread (Discord refuses a thread
    // started from a message inside a thread; the fake refuses it too).
    let rematch = post
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":rematch"))
        .unwrap();
    let t = bot
        .fake
        .click_in(thread, user(1 - w), name(user(1 - w)), &rematch, &[]);
    ack(&bot.fake, &t).await;
    let c = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.custom_ids().iter().any(|i| i.contains(":acc:")),
            10,
        )
        .await;
    assert!(c.text().contains(&format!("<@{}>", user(w))));
    let accept = c
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    let before = bot.fake.count();
    let t = bot
        .fake
        .click_in(thread, user(w), name(user(w)), &accept, &[]);
    ack(&bot.fake, &t).await;
    let again = loop {
        let ms = bot.app.store.active_matches_of_user(user(w)).await.unwrap();
        if let Some(m) = ms.into_iter().find(|m| m.id != id) {
            break m;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(again.thread.or(Some(again.channel)), Some(thread));
    assert!(
        !bot.fake
            .since(before)
            .iter()
            .any(|r| r.path.ends_with("/threads")),
        "a thread was requested from inside a thread"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_a_timeout_forfeit_with_a_controllable_clock() {
    let url = db_url("timers");
    let store = open(&url).await;
    store
        .set_guild_settings(
            fake_discord::GUILD,
            &crystal_clans::store::GuildSettings {
                channel: None,
                reminder_minutes: Some(10),
                timeout_minutes: Some(30),
                threads: None,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let app = App::new(store).with_seeds(1).without_images();
    let bot = start_bot_clocked(app, Duration::from_millis(100), clock).await;
    let id = challenge_and_accept(&bot).await;
    // Both mulligan so that one player is waited for.
    drive(&bot, id, 50, |s| s.waiting().len() == 1).await;
    let l = bot.app.store.load(id).await.unwrap();
    let late = l.state.waiting()[0];
    offset.store(11 * 60_000, Ordering::SeqCst);
    let r = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("waiting for you"),
            10,
        )
        .await;
    assert!(r.text().contains(&format!("<@{}>", user(late))));
    offset.store(31 * 60_000, Ordering::SeqCst);
    let r = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("ran out of time"),
            10,
        )
        .await;
    assert!(r.text().contains(&format!("<@{}>", user(1 - late))));
    assert!(
        r.text().contains("Ratings: "),
        "a forfeit is rated: {}",
        r.text()
    );
    assert!(bot.app.store.result(id).await.unwrap().is_some());
    bot.stop().await;
}

/// The bot with the AI plugged in, without images (fast).
async fn ai_bot(tag: &str, seed: u64) -> Bot {
    let app = App::new(scratch(tag).await)
        .with_seeds(seed)
        .without_images()
        .with_bot(Arc::new(crystal_clans::app::AiSeats));
    start_bot_with(app).await
}

/// `user` asks for a match against the fast AI (the level's fourth choice); the token.
fn play_fast_ai(fake: &Fake, user: u64) -> String {
    let level = json!([{"name": "level", "type": 4, "value": 3}]);
    fake.command(user, name(user), "play-ai", level, false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_against_the_ai() {
    let bot = ai_bot("ai", 7).await;
    let fake = &bot.fake;
    let t = play_fast_ai(fake, ANA);
    ack(fake, &t).await;
    let id = fake.wait_for(|r| r.text().contains("vs the AI"), 20).await;
    assert!(!id.ephemeral());
    let m = bot.app.store.active_matches_of_user(ANA).await.unwrap()[0].clone();
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

/// The match once it no longer waits for its AI seat (the AI's turn runs after the
/// human's answer), up to 60 seconds.
async fn wait_for_human(bot: &Bot, id: i64) -> crystal_clans::store::Loaded {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let l = bot.app.store.load(id).await.unwrap();
        if l.state.winner.is_some() || !l.state.waiting().contains(&1) {
            return l;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the AI never finished its turn"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_is_explained_without_the_token() {
    let fake = Fake::start().await;
    fake.refuse_token();
    let app = App::new(scratch("token").await);
    let opts = BotOptions {
        token: TOKEN.into(),
        api_base: Some(fake.api.clone()),
        tick: Duration::from_secs(3600),
        clock: Clock::default(),
    };
    let result = match discord::client(app, &opts).await {
        Err(e) => e,
        Ok(mut client) => {
            let r = tokio::time::timeout(Duration::from_secs(20), discord::start(&mut client));
            match r.await {
                Ok(Err(e)) => e,
                other => panic!("the bot did not fail: {other:?}"),
            }
        }
    };
    assert!(result.contains("refused the token"), "{result}");
    assert!(result.contains("applications.commands"));
    assert!(!result.contains(TOKEN));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn panels_by_direct_message_and_closed_dms() {
    let bot = start_bot_with(App::new(scratch("dm").await).with_seeds(1).without_images()).await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    for u in [ANA, BEN] {
        dm_on(fake, u).await;
    }
    fake.close_dms(BEN);
    let v = bot.app.store.info(id).await.unwrap().version;
    // Ana's panel goes to her DMs; the click is answered privately in the channel.
    let t = fake.click(ANA, "Ana", &format!("clans:{id}:{v}:turn"), &[]);
    assert!(followup(fake, &t).await.text().contains("direct messages"));
    let dm = fake
        .wait_for(
            |r| {
                r.method == "POST"
                    && r.path.ends_with("/messages")
                    && r.path.contains("/channels/")
                    && {
                        let ch = r.path.split('/').nth(4).unwrap_or("");
                        fake.dm_user(ch) == Some(ANA)
                    }
            },
            10,
        )
        .await;
    assert!(dm.text().contains("mulligan"), "{}", dm.text());
    // Ben's DMs are closed: told once, and the panel comes privately here instead.
    let t = fake.click(BEN, "Ben", &format!("clans:{id}:{v}:turn"), &[]);
    let r = followup(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("DMs are closed"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("mulligan"));
    let t = fake.click(BEN, "Ben", &format!("clans:{id}:{v}:turn"), &[]);
    let r = followup(fake, &t).await;
    assert!(!r.text().contains("DMs are closed"), "said only once");
    assert!(r.text().contains("mulligan"));
    bot.stop().await;
}

/// The challenge's options travel to the match: chosen clans (by name), a turn timeout
/// (kept as the match's terms), and a member with Manage Server turns threads off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chosen_clans_a_turn_timeout_and_config_by_an_admin() {
    let bot = start_bot("options").await;
    let fake = &bot.fake;
    // An admin turns threads off and sets a reminder.
    let t = fake.command(
        EVE,
        "Eve",
        "config",
        json!([{"name": "threads", "type": 5, "value": false},
               {"name": "reminder_minutes", "type": 4, "value": 45}]),
        true,
    );
    let r = ack(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("45 minutes"),
        "{}",
        r.text()
    );
    let s = bot
        .app
        .store
        .guild_settings(fake_discord::GUILD)
        .await
        .unwrap();
    assert_eq!((s.threads, s.reminder_minutes), (Some(false), Some(45)));
    // The bug: Discord's `max` is only its own clients' check, and a hand-made request
    // over it was saved. Refused now, and nothing changes.
    for (name, value) in [
        ("reminder_minutes", 10_081u64),
        ("timeout_minutes", 4_294_967_295),
    ] {
        let t = fake.command(
            EVE,
            "Eve",
            "config",
            json!([{"name": name, "type": 4, "value": value}]),
            true,
        );
        let r = ack(fake, &t).await;
        assert!(r.ephemeral() && r.text().contains("10080"), "{}", r.text());
    }
    let unchanged = bot
        .app
        .store
        .guild_settings(fake_discord::GUILD)
        .await
        .unwrap();
    assert_eq!(unchanged, s, "nothing was changed");

    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "clan", "type": 3, "value": "Stone"},
               {"name": "their_clan", "type": 3, "value": "water"},
               {"name": "timeout", "type": 4, "value": 90}]),
        false,
    );
    let resp = ack(fake, &t).await;
    assert!(resp.text().contains("1 hour 30 minutes"), "{}", resp.text());
    let accept = resp
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &accept, &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    let m = bot.app.store.active_matches_of_user(BEN).await.unwrap()[0].clone();
    let rules = bot.app.rules();
    let clans = m
        .setup
        .clans
        .map(|c| rules.pack.clans[c as usize].id.clone());
    assert_eq!(clans, ["stone".to_string(), "water".to_string()]);
    assert_eq!(m.terms.timeout_minutes, Some(90));
    assert_eq!(m.terms.remind_minutes, Some(45));
    // Threads off: no thread was made, the match plays in the channel.
    assert_eq!(m.thread, None);
    assert!(!fake.requests().iter().any(|r| r.path.ends_with("/threads")));
    bot.stop().await;
}

/// Missing channel permissions: the challenger is told which before anything starts;
/// a post the channel refuses (50013) is explained to whoever acted, and the move stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_permissions_are_explained_to_whoever_acted() {
    let bot = start_bot("permissions").await;
    let fake = &bot.fake;
    const ATTACH_FILES: u64 = 1 << 15;
    fake.set_app_permissions(fake_discord::ALL_PERMISSIONS & !ATTACH_FILES);
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let r = ack(fake, &t).await;
    assert!(r.ephemeral(), "{}", r.text());
    assert!(r.text().contains("Attach Files"), "{}", r.text());
    assert!(r.custom_ids().is_empty(), "no challenge buttons");
    fake.set_app_permissions(fake_discord::ALL_PERMISSIONS);

    // Posts go to the channel (threads off), which then stops letting the bot post.
    bot.app
        .store
        .set_guild_settings(
            fake_discord::GUILD,
            &crystal_clans::store::GuildSettings {
                threads: Some(false),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let id = challenge_and_accept(&bot).await;
    fake.forbid_posts_in(fake_discord::CHANNEL);
    // Play until a move posts the board (the match then waits for someone else).
    for step in 0..200 {
        let l = bot.app.store.load(id).await.unwrap();
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(bot.app.rules(), seat);
        let reply = play(&bot, id, l.info.version, user(seat), pick(&legal, step)).await;
        // The interaction that made the move: its token is in the reply's path.
        let t = reply.path.split('/').nth(5).unwrap().to_string();
        let after = bot.app.store.load(id).await.unwrap();
        assert!(after.info.version > l.info.version, "the move was saved");
        if crystal_clans::app::turn_log::posts_board(&l.state, &after.state) {
            let path = format!("/api/v10/webhooks/{APP_ID}/{t}");
            let note = fake
                .wait_for(
                    |r| r.path == path && r.text().contains("could not post"),
                    20,
                )
                .await;
            assert!(note.ephemeral());
            bot.stop().await;
            return;
        }
    }
    panic!("no move posted the board");
}

/// The bug: the match's thread (and its opening board) were made before the player who
/// accepted was answered, and a thread's creation waits on its channel's rate limit: 200
/// accepts at once in one channel were answered after 25 s at the median and 147 s at
/// worst. Now the answer comes first, and the thread and its board follow.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accept_is_answered_before_its_slow_thread_is_made() {
    let bot = start_bot("accept-first").await;
    let fake = &bot.fake;
    fake.delay_next("POST", "/threads", Duration::from_secs(3), 1);
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let accept = ack(fake, &t)
        .await
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &accept, &[]);
    let answered = fake.try_answer(&t, Duration::from_secs(20)).await.unwrap();
    let waited = answered.at - fake.sent_at(&t).unwrap();
    assert!(answered.text().contains("accepted"), "{}", answered.text());
    assert!(
        waited < Duration::from_millis(1_500),
        "answered after {waited:?}"
    );
    let made = fake
        .wait_for(|r| r.method == "POST" && r.path.ends_with("/threads"), 20)
        .await;
    assert!(answered.at < made.at, "the answer went out first");
    let board = fake
        .wait_for(|r| r.is_channel_post() && !r.files.is_empty(), 20)
        .await;
    let id = bot.app.store.active_matches_of_user(BEN).await.unwrap()[0].id;
    let thread = bot.app.store.info(id).await.unwrap().thread.unwrap();
    assert_eq!(
        board.channel,
        Some(thread.to_string()),
        "the board is in it"
    );
    bot.stop().await;
}

/// The options of `/clans <sub>` as registered with Discord.
fn registered(fake: &Fake, sub: &str) -> serde_json::Value {
    let put = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the commands were registered");
    let subs = put.json[0]["options"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    subs.into_iter()
        .find(|s| s["name"] == sub)
        .unwrap_or_else(|| panic!("no /clans {sub}"))
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
    assert_eq!(names, ["easy", "normal", "hard", "fast"]);
    let german: Vec<&str> = level["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name_localizations"]["de"].as_str().unwrap())
        .collect();
    assert_eq!(german, ["leicht", "normal", "schwer", "schnell"]);

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
                "reminder", "timeout", "thread", "channel", "language", "takeback", "absence",
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
            "away_days"
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
    let m = bot.app.store.active_matches_of_user(ANA).await.unwrap()[0].clone();
    let thread = m.thread.expect("the AI match has a thread");
    assert_eq!(
        board.channel,
        Some(thread.to_string()),
        "the board is in it"
    );
    let loaded = bot.app.store.load(m.id).await.unwrap();
    let title = bot.app.thread_title(&loaded).await;
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

/// The bug: the bot opened a thread without checking that it could post in one, so a
/// server that allowed Create Public Threads but not Send Messages in Threads got a
/// match whose every post failed. Now such a match plays in the channel and whoever
/// started it is told, in their language, what a server admin should grant.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_a_match_plays_in_the_channel_and_says_why() {
    use fake_discord::{ALL_PERMISSIONS, CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS};
    let bot = ai_bot("thread-perms", 3).await;
    let fake = &bot.fake;
    fake.set_app_permissions(ALL_PERMISSIONS & !SEND_MESSAGES_IN_THREADS);
    let accept = challenge_button(fake, ANA, BEN).await;
    fake.click(BEN, "Ben", &accept, &[]);
    let note = fake
        .wait_for(
            |r| r.ephemeral() && r.text().contains("Send Messages in Threads"),
            20,
        )
        .await;
    assert!(note.text().contains("channel"), "{}", note.text());
    let board = fake
        .wait_for(|r| r.is_channel_post() && r.text().contains("begins"), 20)
        .await;
    let id = bot.app.store.active_matches_of_user(BEN).await.unwrap()[0].id;
    assert_eq!(bot.app.store.info(id).await.unwrap().thread, None);
    assert_eq!(board.channel, Some(fake_discord::CHANNEL.to_string()));

    // The same for a match against the AI, told in German to a German client.
    fake.set_app_permissions(ALL_PERMISSIONS & !CREATE_PUBLIC_THREADS);
    fake.set_user_locale(EVE, "de");
    let t = fake.command(EVE, "Eve", "play-ai", json!([]), false);
    ack(fake, &t).await;
    let note = fake
        .wait_for(
            |r| r.ephemeral() && r.text().contains("Öffentliche Threads erstellen"),
            20,
        )
        .await;
    assert!(note.text().contains("Kanal"), "{}", note.text());
    let m = bot.app.store.active_matches_of_user(EVE).await.unwrap()[0].clone();
    assert_eq!(m.thread, None);
    assert!(
        !fake.requests().iter().any(|r| r.path.ends_with("/threads")),
        "no thread was tried"
    );
    bot.stop().await;
}

/// The bug: a board post's embed repeated, under "This turn", the log its image printed
/// at its foot; that heading sat under a title naming the turn now starting while it
/// told the turn that ended; a line that happened twice in a row was printed twice.
/// Now the log is the embed's alone (a phone shows it at full size; the image's foot
/// is unreadable there), each part headed by the turn it tells, repeats merged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_tells_the_turn_that_ended_once() {
    let bot = start_bot("board-log").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 400, |s| s.turn >= 4).await;
    let turn_4 = |r: &Recorded| {
        r.is_channel_post()
            && r.json["embeds"][0]["title"]
                .as_str()
                .is_some_and(|t| t.contains(" · turn 4 · "))
    };
    let last = fake.wait_for(turn_4, 20).await;
    let boards: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| r.is_channel_post() && r.json["embeds"][0]["title"].is_string())
        .collect();
    assert!(boards.len() >= 4, "{} boards", boards.len());
    let fixed = ["Whose move", "Initiative", "Crystals"];
    let mut ended = 0;
    for b in &boards {
        let embed = &b.json["embeds"][0];
        let title = embed["title"].as_str().unwrap();
        let now: u32 = title
            .split(" · turn ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no turn in {title}"));
        for f in embed["fields"].as_array().unwrap() {
            let name = f["name"].as_str().unwrap();
            if fixed.contains(&name) {
                continue;
            }
            assert!(!name.contains("This turn"), "{name}");
            let turn: u32 = match name {
                "Setup" => 0,
                _ => name
                    .strip_prefix("Turn ")
                    .and_then(|n| n.split(" (").next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("a log headed {name}")),
            };
            assert!(
                name == "Setup" || name.ends_with("(Ana)") || name.ends_with("(Ben)"),
                "{name}"
            );
            assert!(turn <= now, "{name} under {title}");
            ended += usize::from(turn < now);
            let lines: Vec<&str> = f["value"].as_str().unwrap().lines().collect();
            for pair in lines.windows(2) {
                assert_ne!(pair[0], pair[1], "repeated under {name}");
            }
            // The new turn's start is the title's and "Whose move"'s to say.
            assert!(
                !lines.iter().any(|l| l.contains("to act.")),
                "{name}: {lines:?}"
            );
        }
    }
    assert!(
        ended >= 3,
        "the ended turns were headed as such {ended} times"
    );
    // The image is the board without a caption: it no longer prints the log.
    let l = bot.app.store.load(id).await.unwrap();
    let rules = bot.app.rules();
    let theme = crystal_clans::render::Theme::default();
    let t = crystal_clans::render::Table {
        rules,
        theme: &theme,
        names: [name(ANA), name(BEN)],
        lang: crystal_clans::i18n::Lang::En,
    };
    let view = l.state.view(rules, None);
    let bare = crystal_clans::render::board(&t, &view, &[]).unwrap();
    let png = &last.files[0].1;
    assert!(png == &bare.png, "the posted board is the bare board");
    let line = "Ana paid 1 initiative.".to_string();
    let captioned = crystal_clans::render::board(&t, &view, &[line]).unwrap();
    assert!(png != &captioned.png);
    bot.stop().await;
}

/// The design's "picking battle cards in DMs": both players take their panels by direct
/// message and play a whole match there. Every step of every move (battle cards
/// included) is a click in the DM panel, sent as Discord sends a click in a DM (no
/// server, the DM channel, `context` 1), composed part by part; only "Take your turn"
/// on a new board is clicked in the server. Before, the DM test only saw a panel arrive.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_played_in_direct_messages() {
    use support::play::{answer, board_button, clickables, route};
    let bot = start_bot_with(
        App::new(scratch("dm-match").await)
            .with_seeds(3)
            .without_images(),
    )
    .await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    for u in [ANA, BEN] {
        dm_on(fake, u).await;
    }
    let rules = bot.app.rules();
    let is_dm_of = |r: &Recorded, u: u64| {
        r.channel
            .as_deref()
            .or_else(|| r.path.split('/').nth(4))
            .is_some_and(|ch| fake.dm_user(ch) == Some(u))
    };
    // Each player's DM panel as last seen: its channel and what it shows.
    let mut screens: [Option<(u64, Value)>; 2] = [None, None];
    let (mut dm_clicks, mut battle_cards) = (0, 0);
    for step in 0..3000 {
        let l = bot.app.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            break;
        }
        let seat = l.state.waiting()[0];
        let u = user(seat);
        let want = pick(&l.state.legal(rules, seat), step);
        let choices = crystal_clans::app::panel::choices(Lang::En, None, rules, &l.state, seat);
        let current = format!("clans:{id}:{}:", l.info.version);
        let now = |json: &Value| {
            clickables(json)
                .iter()
                .any(|(c, _, _)| c.starts_with(&current))
        };
        let (dm, mut screen) = match screens[seat as usize].take() {
            Some((dm, screen)) if now(&screen) => (dm, screen),
            _ => {
                // "Take your turn" on the board sends the panel to the DMs: the board
                // that asks them, when this move posted one (not every move does).
                let deadline = std::time::Instant::now() + Duration::from_secs(3);
                while !board_button(fake, ":turn").is_some_and(|b| b.starts_with(&current))
                    && std::time::Instant::now() < deadline
                {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                let turn = board_button(fake, ":turn").expect("a board");
                let mark = fake.count();
                let t = fake.click(u, name(u), &turn, &[]);
                assert!(followup(fake, &t).await.text().contains("direct messages"));
                let deadline = std::time::Instant::now() + Duration::from_secs(10);
                let post = loop {
                    let new = fake.since(mark);
                    if let Some(p) = new.iter().find(|r| r.is_channel_post() && is_dm_of(r, u)) {
                        break p.clone();
                    }
                    assert!(std::time::Instant::now() < deadline, "no panel by DM");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                };
                let ch = post.path.split('/').nth(4).unwrap().parse().unwrap();
                (ch, post.json)
            }
        };
        let before = l.info.version;
        let battle = l.state.pending().question == Question::BattleCard;
        for _ in 0..12 {
            let (cid, values) = route(&choices, want, &clickables(&screen)).unwrap_or_else(|| {
                panic!(
                    "the DM panel never offered {want}: {:#?}",
                    clickables(&screen)
                )
            });
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            let t = fake.click_in(dm, u, name(u), &cid, &values);
            // Shaped as Discord sends a click in a DM.
            let sent = fake
                .interactions()
                .into_iter()
                .rev()
                .find(|i| i.token() == t)
                .unwrap();
            assert!(sent.payload["guild_id"].is_null(), "{}", sent.payload);
            assert_eq!(sent.payload["context"], 1);
            assert_eq!(sent.payload["channel_id"], dm.to_string());
            assert!(sent.payload["user"].is_object() && sent.payload["member"].is_null());
            dm_clicks += 1;
            screen = answer(fake, &t).await.json;
            if bot.app.store.info(id).await.unwrap().version > before {
                break;
            }
        }
        assert!(
            bot.app.store.info(id).await.unwrap().version > before,
            "the move was made in the DM panel"
        );
        battle_cards += usize::from(battle);
        screens[seat as usize] = Some((dm, screen));
    }
    let end = bot.app.store.load(id).await.unwrap();
    assert!(end.state.winner.is_some(), "the match ended");
    assert!(battle_cards > 0, "battle cards were picked in the DMs");
    // No panel was shown in the server: every private answer there is a note (the panel
    // went by DM), with nothing to click.
    for u in [ANA, BEN] {
        for m in fake.private_messages(u) {
            assert!(
                m.custom_ids().is_empty(),
                "a panel in the server: {}",
                m.text()
            );
        }
    }
    eprintln!(
        "a match in DMs: {} inputs, {dm_clicks} clicks in DM panels, {battle_cards} battle cards",
        end.info.version
    );
    bot.stop().await;
}

/// `u` takes their panels by direct message (`/clans dm on:true`).
async fn dm_on(fake: &Fake, u: u64) {
    let t = fake.command(
        u,
        name(u),
        "dm",
        json!([{"name": "on", "type": 5, "value": true}]),
        false,
    );
    assert!(ack(fake, &t).await.ephemeral());
}

//! The app through a user's own install (`CLANS_USER_INSTALL`): the commands offered for
//! it only when asked, a refused registration that does not stop the bot, and a group
//! DM the bot is not in, played through interactions only. Interactions there are shaped
//! as Discord sends them from a user install (`context` 2, no server, the installing
//! user as the one authorizing owner); the fake refuses, and counts as a violation, any
//! request of the bot's own about that channel, so every test here checks that each
//! reply was one Discord allows there.

use super::*;
use crystal_clans::discord::Clock;
use crystal_clans::store::{Reach, now_ms};
use crystal_clans_testkit::fake_discord::{self, Origin};
use serde_json::Value;
use std::sync::atomic::{AtomicI64, Ordering};

async fn bot_with(tag: &str, fake: Fake, user_install: bool, clock: Clock) -> Bot {
    let store = scratch(tag).await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = Bot::start_on(
        fake,
        app,
        store,
        (Duration::from_millis(100), clock),
        user_install,
    )
    .await;
    bot.fake.speed_up_rate_limits(1000);
    bot
}

/// The registered command `name`'s field `field` (`integration_types`, `contexts`).
fn field(commands: &[Value], name: &str, field: &str) -> Value {
    let c = commands.iter().find(|c| c["name"] == name).expect(name);
    c.get(field).cloned().unwrap_or(Value::Null)
}

async fn registered(fake: &Fake) -> Vec<Value> {
    fake.try_wait_for(
        |r| r.ok() && r.method == "PUT" && r.path.ends_with("/commands"),
        Duration::from_secs(10),
    )
    .await
    .expect("the commands are registered");
    fake.registered_commands()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_for_a_users_install_only_when_asked_and_a_refusal_does_not_stop_the_bot() {
    // Off (the default): registered as before, for servers and the bot's DMs (the
    // moderators' command for servers).
    let bot = bot_with("ui-off", Fake::start().await, false, Clock::default()).await;
    let cs = registered(&bot.fake).await;
    for name in ["clans", "crystallo", "clans-admin"] {
        assert_eq!(field(&cs, name, "integration_types"), Value::Null, "{name}");
    }
    assert_eq!(field(&cs, "clans", "contexts"), Value::Null);
    assert_eq!(field(&cs, "clans-admin", "contexts"), json!([0]));
    bot.stop().await;
    // On: /clans and /crystallo for both installs, everywhere; the moderators' command
    // for servers only.
    let bot = bot_with("ui-on", Fake::start().await, true, Clock::default()).await;
    let cs = registered(&bot.fake).await;
    for name in ["clans", "crystallo"] {
        assert_eq!(
            field(&cs, name, "integration_types"),
            json!([0, 1]),
            "{name}"
        );
        assert_eq!(field(&cs, name, "contexts"), json!([0, 1, 2]), "{name}");
    }
    assert_eq!(field(&cs, "clans-admin", "integration_types"), json!([0]));
    assert_eq!(field(&cs, "clans-admin", "contexts"), json!([0]));
    bot.stop().await;
    // On, but the application does not allow user installs: Discord refuses, the bot
    // registers for servers only and answers commands all the same.
    let fake = Fake::start().await;
    fake.refuse_user_install();
    let bot = bot_with("ui-refused", fake, true, Clock::default()).await;
    let cs = registered(&bot.fake).await;
    assert_eq!(field(&cs, "clans", "integration_types"), Value::Null);
    let refused = bot
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands") && r.status == 400)
        .count();
    assert_eq!(refused, 1, "refused once, then registered for servers");
    let t = bot.fake.command(ANA, "Ana", "help", json!([]), false);
    assert!(ack(&bot.fake, &t).await.text().contains("/clans"));
    bot.stop().await;
}

/// The posts the bot made in the group DM `g`: answers to interactions there shown to
/// everyone (a response or a follow-up), never a post of its own.
fn public_in(fake: &Fake, g: u64) -> Vec<Recorded> {
    fake.requests()
        .into_iter()
        .filter(|r| {
            r.ok()
                && r.channel.as_deref() == Some(&g.to_string())
                && !r.ephemeral()
                && (r.path.contains("/webhooks/") || r.path.ends_with("/callback"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_played_in_a_group_dm_through_interactions_only() {
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let bot = bot_with("ui-group", Fake::start().await, true, clock).await;
    let fake = &bot.fake;
    fake.set_user_locale(BEN, "de");
    let g = fake.group_dm(ANA);
    let here = Origin::GroupDm(g);
    // What needs a server or the bot's own posts says what to do instead, in the
    // asker's language, and changes nothing.
    let t = fake.command_in(here, ANA, "Ana", "play-ai", json!([]), false);
    let r = ack(fake, &t).await;
    assert!(r.ephemeral(), "{}", r.text());
    assert!(
        r.text().contains("needs a server with the bot"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("/clans play-ai"), "{}", r.text());
    let t = fake.command_in(here, BEN, "Ben", "leaderboard", json!([]), false);
    let r = ack(fake, &t).await;
    assert!(r.text().contains("braucht einen Server"), "{}", r.text());
    assert!(
        bot.store
            .active_matches_of_user(ANA)
            .await
            .unwrap()
            .is_empty()
    );
    // Ana challenges Ben there, with a 30-minute turn timeout.
    let t = fake.command_in(
        here,
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "mulligan", "type": 5, "value": true},
               {"name": "timeout", "type": 4, "value": 30}]),
        false,
    );
    let challenge = ack(fake, &t).await;
    assert!(!challenge.ephemeral(), "{}", challenge.text());
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .expect("an Accept button");
    // Ben accepts: the click updates the challenge itself (the bot cannot edit a
    // message there otherwise), his answer is private, the board an answer too.
    let t = fake.click(BEN, "Ben", &accept, &[]);
    assert_eq!(
        ack(fake, &t).await.json["type"],
        6,
        "an update of the challenge"
    );
    let answer = followup(fake, &t).await;
    assert!(answer.ephemeral(), "{}", answer.text());
    let m = bot.store.active_matches_of_user(BEN).await.unwrap()[0].clone();
    let id = m.id;
    assert_eq!(
        (m.reach, m.guild, m.channel, m.thread),
        (Reach::Interactions, None, g, None)
    );
    let board = fake
        .try_wait_for(
            |r| {
                r.path
                    .contains(&format!("/webhooks/{}/{t}", fake_discord::APP_ID))
                    && r.method == "POST"
                    && r.custom_ids()
                        .iter()
                        .any(|c| c.starts_with(&format!("clans:{id}:0:")))
            },
            Duration::from_secs(20),
        )
        .await
        .expect("the opening board, a follow-up of the accept");
    assert!(!board.ephemeral(), "{}", board.text());
    let edited = fake
        .try_wait_for(
            |r| {
                r.method == "PATCH"
                    && r.path.ends_with(&format!("{t}/messages/@original"))
                    && r.text().contains(&format!("#{id}"))
            },
            Duration::from_secs(20),
        )
        .await
        .expect("the challenge says it was accepted");
    assert_eq!(edited.json["components"], json!([]), "{}", edited.json);
    // Ben takes his panels by DM elsewhere; here they stay in the group DM, private,
    // so that his moves' boards are answers there.
    dm_on(fake, BEN).await;
    let p = panel(&bot, id, 0, BEN).await;
    assert!(p.text().contains(&format!("#{id}")), "{}", p.text());
    // Both mulligan and the first player acts, through their panels there; the boards
    // after are answers to their clicks.
    let before = public_in(fake, g).len();
    drive(&bot, id, 50, |s| {
        s.pending().question == Question::Action && s.waiting().len() == 1
    })
    .await;
    let l = bot.store.load(id).await.unwrap();
    assert!(l.info.version > 1);
    // (Polled: the fake's waits hold its log, which `public_in` reads.)
    let mut waited = 0;
    while public_in(fake, g).len() <= before && waited < 200 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    assert!(
        public_in(fake, g).len() > before,
        "a move's board is an answer in the group DM"
    );
    // The one waited for lets the clock run out: the bot cannot post the result in
    // the group DM, so each player reads it by DM, in their own language, with where
    // to play on.
    let late = l.state.waiting()[0];
    offset.store(31 * 60_000, Ordering::SeqCst);
    for (u, says) in [
        (ANA, "cannot post in the group DM"),
        (BEN, "nicht selbst posten"),
    ] {
        let dm = fake
            .try_wait_for(
                |r| {
                    r.is_channel_post()
                        && fake.dm_user(r.path.split('/').nth(4).unwrap_or("")) == Some(u)
                        && r.text().contains("ran out of time")
                },
                Duration::from_secs(20),
            )
            .await
            .unwrap_or_else(|e| panic!("{} is told the result by DM: {e}", name(u)));
        assert!(dm.text().contains(says), "{}", dm.text());
        assert!(
            dm.custom_ids().is_empty(),
            "no buttons in the DM: {}",
            dm.text()
        );
    }
    let r = bot.store.result(id).await.unwrap().expect("decided");
    assert_eq!(r.winner, Some(1 - late));
    // Nothing of the bot's own in the group DM (the fake would have refused it).
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.path.contains(&format!("/channels/{g}"))),
        "the bot never posts in the group DM itself"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crystallo_in_a_group_dm() {
    let bot = bot_with("ui-cry", Fake::start().await, true, Clock::default()).await;
    let fake = &bot.fake;
    let dm = fake.group_dm(EVE);
    let here = Origin::GroupDm(dm);
    // Ana takes panels by DM elsewhere; here hers stays, so that the game's posts can
    // answer its clicks.
    dm_on(fake, ANA).await;
    let t = fake.command_of("crystallo", here, ANA, "Ana", "practice", json!([]));
    let r = ack(fake, &t).await;
    let r = if r.json["type"] == 5 {
        followup(fake, &t).await
    } else {
        r
    };
    assert!(
        r.ephemeral() && r.text().contains("practice cavern"),
        "{}",
        r.text()
    );
    // Played to its end through the panel there: each click answered in place, and
    // the game's end, a public post elsewhere, an answer to the last click here.
    let g = bot.store.crystallo_active(ANA).await.unwrap()[0].id;
    for _ in 0..400 {
        if bot.store.crystallo_game(g).await.unwrap().ending.is_some() {
            break;
        }
        crate::crystallo_discord::play_one(fake, &bot.store, g, ANA).await;
    }
    assert!(bot.store.crystallo_game(g).await.unwrap().ending.is_some());
    let end = fake
        .try_wait_for(
            |r| {
                r.ok()
                    && r.channel.as_deref() == Some(&dm.to_string())
                    && !r.ephemeral()
                    && r.path.contains("/webhooks/")
            },
            Duration::from_secs(20),
        )
        .await;
    let end = end.expect("the game's end is an answer in the group DM");
    assert!(
        end.text().contains("finished a practice cavern"),
        "{}",
        end.text()
    );
    // The server's daily needs a server; the worldwide one is offered instead.
    let t = fake.command_of("crystallo", here, ANA, "Ana", "daily", json!([]));
    let r = ack(fake, &t).await;
    assert!(r.text().contains("global:True"), "{}", r.text());
    bot.stop().await;
}

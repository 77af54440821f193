//! Moderators' actions end to end (`/clans-admin`, `src/app/moderation.rs`): the real bot
//! against the fake Discord, a moderator with Manage Server and players without it.
//! Each action is asked with a reason, confirmed (or cancelled) in the moderator's
//! private answer, acts once under a double click and under two bot processes, is
//! posted where the players read it, and is in the audit log; the ratings are right
//! after a void and after an award; a member without the permission changes nothing.

use crystal_clans::app::App;
use crystal_clans::app::moderation::{DecideId, Moderator};
use crystal_clans::discord::Clock;
use crystal_clans::store::{GuildSettings, LeagueStatus, Reason, Scope, now_ms};
use crystal_clans_testkit::fake_discord::{CHANNEL, Fake, GUILD, Origin, Recorded};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::*;
use support::play::answer;

const MIN: i64 = 60_000;
const DAY: i64 = 24 * 60 * MIN;
/// The moderator (Manage Server), who does not play.
const MODERATOR: u64 = EVE;
const CLEO: u64 = 730_000_000_000_000_004;

/// The bot, its clock `offset` ahead of the real one, on a server whose turns time out
/// after a day.
async fn bot(tag: &str) -> (Bot, Arc<AtomicI64>) {
    let store = support::scratch_store(tag).await;
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                reminder_minutes: Some(12 * 60),
                timeout_minutes: Some(24 * 60),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = start_bot_clocked(app, store, Duration::from_millis(100), clock).await;
    bot.fake.grant_manage_server(MODERATOR);
    (bot, offset)
}

fn who(u: u64) -> &'static str {
    match u {
        CLEO => "Cleo",
        u => name(u),
    }
}

/// `/clans-admin <sub> options` by `user`; returns the private answer.
async fn admin(fake: &Fake, user: u64, sub: &str, options: Value) -> Recorded {
    let t = fake.command_of_by(
        "clans-admin",
        Origin::Guild(GUILD, CHANNEL),
        (user, who(user), false),
        sub,
        options,
    );
    let r = answer(fake, &t).await;
    assert!(
        r.ephemeral(),
        "a moderator's answer is private: {}",
        r.text()
    );
    r
}

fn on_match(id: i64, reason: &str) -> Value {
    json!([{"name": "match", "type": 4, "value": id},
           {"name": "reason", "type": 3, "value": reason}])
}

/// The confirmation's button (`yes`: Confirm, else Cancel).
fn button(r: &Recorded, yes: bool) -> String {
    let end = if yes { ":yes" } else { ":no" };
    r.custom_ids()
        .into_iter()
        .find(|i| i.starts_with("mod:") && i.ends_with(end))
        .unwrap_or_else(|| panic!("no {end} button in {}", r.text()))
}

async fn click(fake: &Fake, user: u64, id: &str) -> Recorded {
    let t = fake.click(user, who(user), id, &[]);
    answer(fake, &t).await
}

/// The latest channel or thread post that contains `text`.
async fn post_with(fake: &Fake, text: &str) -> Recorded {
    fake.wait_for(|r| r.is_channel_post() && r.text().contains(text), 10)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_void_asks_then_acts_once_under_a_double_click_and_rates_nobody() {
    let (bot, _) = bot("crystal-clans-admin-void").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 40, |s| s.turn >= 2).await;
    // A player without the permission is refused, and nothing is logged.
    let r = admin(fake, BEN, "void", on_match(id, "I want out")).await;
    assert!(
        r.text().contains("Only members who can manage"),
        "{}",
        r.text()
    );
    assert!(r.custom_ids().is_empty());
    assert!(
        bot.store
            .moderation_log(GUILD, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // No such match, and a match of the server that is over, are said so.
    let r = admin(fake, MODERATOR, "void", on_match(id + 100, "x")).await;
    assert!(
        r.text().contains(&format!("no match #{}", id + 100)),
        "{}",
        r.text()
    );
    // The moderator reads what follows, then confirms twice in a row.
    let asked = admin(
        fake,
        MODERATOR,
        "void",
        on_match(id, "Duplicate of another match"),
    )
    .await;
    let text = asked.text();
    assert!(text.contains(&format!("Void match #{id}")), "{text}");
    assert!(
        text.contains("no winner") && text.contains("rating"),
        "{text}"
    );
    assert!(text.contains("Duplicate of another match"), "{text}");
    let yes = button(&asked, true);
    let (t1, t2) = (
        fake.click(MODERATOR, "Eve", &yes, &[]),
        fake.click(MODERATOR, "Eve", &yes, &[]),
    );
    let answers = [
        answer(fake, &t1).await.text(),
        answer(fake, &t2).await.text(),
    ];
    let done = answers.iter().filter(|a| a.contains("Done (")).count();
    let again = answers
        .iter()
        .filter(|a| a.contains("already confirmed"))
        .count();
    assert_eq!((done, again), (1, 1), "{answers:?}");
    let post = post_with(fake, "voided").await;
    assert!(post.text().contains("Duplicate of another match"));
    for player in [ANA, BEN] {
        assert!(
            post.text().contains(&format!("<@{player}>")),
            "{}",
            post.text()
        );
    }
    assert_eq!(
        post.json["allowed_mentions"]["users"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "both players are pinged"
    );
    let result = bot
        .store
        .result(id)
        .await
        .unwrap()
        .expect("the match ended");
    assert_eq!((result.winner, result.reason), (None, Reason::Abandoned));
    for player in [ANA, BEN] {
        let rating = bot.store.rating(Scope::of_match(Some(GUILD)), player).await;
        assert_eq!(rating.unwrap(), None, "a void rates nobody");
    }
    // The match is over: a second void says so.
    let r = admin(fake, MODERATOR, "void", on_match(id, "again")).await;
    assert!(r.text().contains("already over"), "{}", r.text());
    let log = admin(fake, MODERATOR, "log", json!([])).await.text();
    assert!(log.contains(&format!("void match #{id}")), "{log}");
    assert!(
        log.contains("Duplicate of another match") && log.contains("done"),
        "{log}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_match_is_listed_then_awarded_and_rated_as_a_timeout() {
    let (bot, offset) = bot("crystal-clans-admin-award").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 40, |s| s.waiting().len() == 1).await;
    let l = bot.store.load(id).await.unwrap();
    let late = user(l.state.waiting()[0]);
    let patient = if late == ANA { BEN } else { ANA };
    // Paused by the moderator first, so that the day's forfeit does not end it.
    let asked = admin(fake, MODERATOR, "pause", on_match(id, "Investigating")).await;
    click(fake, MODERATOR, &button(&asked, true)).await;
    offset.store(4 * DAY, Ordering::SeqCst);
    let list = admin(fake, MODERATOR, "list", json!([])).await.text();
    assert!(list.contains(&format!("**#{id}**")), "{list}");
    assert!(
        list.contains(&format!("waiting for {}", who(late))),
        "{list}"
    );
    assert!(list.contains("clock paused by a moderator"), "{list}");
    let none = admin(
        fake,
        MODERATOR,
        "list",
        json!([{"name": "days", "type": 4, "value": 30}]),
    )
    .await
    .text();
    assert!(none.contains("No match here has waited 30 days"), "{none}");
    // Awarded to someone who does not play: refused.
    let stranger = json!([{"name": "match", "type": 4, "value": id},
                          {"name": "winner", "type": 6, "value": CLEO.to_string()},
                          {"name": "reason", "type": 3, "value": "x"}]);
    let r = admin(fake, MODERATOR, "award", stranger).await;
    assert!(r.text().contains("does not play in match"), "{}", r.text());
    let award = json!([{"name": "match", "type": 4, "value": id},
                       {"name": "winner", "type": 6, "value": patient.to_string()},
                       {"name": "reason", "type": 3, "value": "No answer for four days"}]);
    let asked = admin(fake, MODERATOR, "award", award).await;
    assert!(asked.text().contains("win on time"), "{}", asked.text());
    let done = click(fake, MODERATOR, &button(&asked, true)).await;
    assert!(done.text().contains("Done ("), "{}", done.text());
    let post = post_with(fake, "awarded").await;
    assert!(
        post.text().contains("No answer for four days"),
        "{}",
        post.text()
    );
    let result = bot
        .store
        .result(id)
        .await
        .unwrap()
        .expect("the match ended");
    let seat = |u| {
        l.info
            .seats
            .iter()
            .position(|p| p.user() == Some(u))
            .unwrap() as u8
    };
    assert_eq!(
        (result.winner, result.reason),
        (Some(seat(patient)), Reason::Timeout)
    );
    let scope = Scope::of_match(Some(GUILD));
    let won = bot.store.rating(scope, patient).await.unwrap().unwrap();
    let lost = bot.store.rating(scope, late).await.unwrap().unwrap();
    assert!(won.rating.rating > lost.rating.rating, "{won:?} {lost:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_clock_stops_the_forfeit_until_resumed_and_an_extension_moves_it() {
    let (bot, offset) = bot("crystal-clans-admin-clock").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 40, |s| s.waiting().len() == 1).await;
    let before = bot
        .store
        .info(id)
        .await
        .unwrap()
        .deadlines
        .timeout_at
        .unwrap();
    // Asked and cancelled: nothing changes, and the log says so.
    let extend = |hours: i64, reason: &str| {
        json!([{"name": "match", "type": 4, "value": id},
               {"name": "hours", "type": 4, "value": hours},
               {"name": "reason", "type": 3, "value": reason}])
    };
    let asked = admin(fake, MODERATOR, "extend", extend(6, "Travelling")).await;
    assert!(asked.text().contains("6 hours more"), "{}", asked.text());
    let no = click(fake, MODERATOR, &button(&asked, false)).await;
    assert!(no.text().contains("Cancelled"), "{}", no.text());
    // A click on Confirm after the cancel acts no more.
    let late = click(fake, MODERATOR, &button(&asked, true)).await;
    assert!(late.text().contains("was cancelled"), "{}", late.text());
    assert_eq!(
        bot.store.info(id).await.unwrap().deadlines.timeout_at,
        Some(before)
    );
    // Confirmed: the forfeit moves by six hours.
    let asked = admin(fake, MODERATOR, "extend", extend(6, "Travelling")).await;
    click(fake, MODERATOR, &button(&asked, true)).await;
    let post = post_with(fake, "6 hours more").await;
    assert!(
        post.text()
            .contains(&format!("<t:{}:R>", (before + 6 * 60 * MIN) / 1000))
    );
    assert_eq!(
        bot.store.info(id).await.unwrap().deadlines.timeout_at,
        Some(before + 6 * 60 * MIN)
    );
    // Paused: days pass past every deadline, and the match waits.
    let asked = admin(fake, MODERATOR, "pause", on_match(id, "Rules question")).await;
    assert!(
        asked.text().contains("No deadline runs"),
        "{}",
        asked.text()
    );
    click(fake, MODERATOR, &button(&asked, true)).await;
    post_with(fake, "paused the clock").await;
    let again = admin(fake, MODERATOR, "pause", on_match(id, "twice")).await;
    assert!(again.text().contains("already paused"), "{}", again.text());
    offset.store(5 * DAY, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(
        bot.store.result(id).await.unwrap().is_none(),
        "no forfeit while paused"
    );
    // Resumed: the forfeit is the time that was left from now.
    let asked = admin(fake, MODERATOR, "resume", on_match(id, "Answered")).await;
    click(fake, MODERATOR, &button(&asked, true)).await;
    let post = post_with(fake, "resumed the clock").await;
    assert!(
        post.text().contains("The next forfeit is"),
        "{}",
        post.text()
    );
    let at = bot
        .store
        .info(id)
        .await
        .unwrap()
        .deadlines
        .timeout_at
        .unwrap();
    assert!(at > now_ms() + 5 * DAY, "counted from the resume");
    let again = admin(fake, MODERATOR, "resume", on_match(id, "twice")).await;
    assert!(
        again.text().contains("No moderator paused"),
        "{}",
        again.text()
    );
    let log = admin(fake, MODERATOR, "log", json!([])).await.text();
    assert!(
        log.contains("cancelled") && log.contains("resume match"),
        "{log}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_ended_early_posts_its_final_standings() {
    let (bot, _) = bot("crystal-clans-admin-league").await;
    let fake = &bot.fake;
    let league = |user: u64, sub: &str, options: Value| {
        let t = fake.command_group(user, who(user), "league", sub, options, user == MODERATOR);
        async move { answer(fake, &t).await.text() }
    };
    let named = json!([{"name": "name", "type": 3, "value": "Cup"}]);
    let create = json!([{"name": "name", "type": 3, "value": "Cup"},
                        {"name": "format", "type": 4, "value": 0}]);
    league(MODERATOR, "create", create).await;
    for player in [ANA, BEN, CLEO] {
        league(player, "join", named.clone()).await;
    }
    league(MODERATOR, "start", named.clone()).await;
    let id = bot
        .store
        .league_by_name(GUILD, "Cup")
        .await
        .unwrap()
        .unwrap()
        .id;
    let end = json!([{"name": "name", "type": 3, "value": "Cup"},
                     {"name": "reason", "type": 3, "value": "The season is over"}]);
    let asked = admin(fake, MODERATOR, "end-league", end.clone()).await;
    assert!(
        asked.text().contains("End league Cup now"),
        "{}",
        asked.text()
    );
    click(fake, MODERATOR, &button(&asked, true)).await;
    let post = post_with(fake, "ended league Cup early").await;
    assert!(
        post.text().contains("The season is over"),
        "{}",
        post.text()
    );
    let l = bot.store.league(id).await.unwrap().unwrap();
    assert_eq!(l.status, LeagueStatus::Finished);
    let r = admin(fake, MODERATOR, "end-league", end).await;
    assert!(
        r.text().contains("no open or running league"),
        "{}",
        r.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_moderator_reads_german_and_the_players_read_the_servers_language() {
    // Void first, then every other action on a second match, then a league ended early.
    let (bot, _) = bot("crystal-clans-admin-de").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    fake.set_user_locale(MODERATOR, "de");
    fake.set_guild_locale("de");
    let asked = admin(fake, MODERATOR, "void", on_match(id, "Doppelte Partie")).await;
    assert!(
        asked.text().contains(&format!("Partie #{id} annullieren")),
        "{}",
        asked.text()
    );
    let done = click(fake, MODERATOR, &button(&asked, true)).await;
    assert!(done.text().contains("Erledigt ("), "{}", done.text());
    let post = post_with(fake, "annulliert").await;
    assert!(post.text().contains("keine Wertung"), "{}", post.text());
    // Every other action, each asked, confirmed and posted in German. (The helper's
    // challenge checks Eve's refusal in English.)
    fake.set_user_locale(MODERATOR, "en-US");
    let id = challenge_and_accept(&bot).await;
    fake.set_user_locale(MODERATOR, "de");
    drive(&bot, id, 40, |s| s.waiting().len() == 1).await;
    let waiting = user(bot.store.load(id).await.unwrap().state.waiting()[0]);
    let patient = if waiting == ANA { BEN } else { ANA };
    let extend = json!([{"name": "match", "type": 4, "value": id},
                        {"name": "hours", "type": 4, "value": 6},
                        {"name": "reason", "type": 3, "value": "Auf Reisen"}]);
    let award = json!([{"name": "match", "type": 4, "value": id},
                       {"name": "winner", "type": 6, "value": patient.to_string()},
                       {"name": "reason", "type": 3, "value": "Keine Antwort"}]);
    for (sub, options, asks, posts) in [
        ("extend", extend, "6 Stunden mehr geben", "6 Stunden mehr"),
        (
            "pause",
            on_match(id, "Regelfrage"),
            "anhalten",
            "angehalten",
        ),
        (
            "resume",
            on_match(id, "Geklärt"),
            "wieder starten",
            "wieder gestartet",
        ),
        ("award", award, "zusprechen", "zugesprochen"),
    ] {
        let asked = admin(fake, MODERATOR, sub, options).await;
        assert!(asked.text().contains(asks), "{sub}: {}", asked.text());
        let done = click(fake, MODERATOR, &button(&asked, true)).await;
        assert!(done.text().contains("Erledigt ("), "{sub}: {}", done.text());
        post_with(fake, posts).await;
    }
    let list = admin(fake, MODERATOR, "list", json!([])).await.text();
    assert!(list.contains("Keine Partie hier wartet"), "{list}");
    let log = admin(fake, MODERATOR, "log", json!([])).await.text();
    assert!(
        log.contains("Die letzten Aktionen") && log.contains("zugesprochen"),
        "{log}"
    );
    let league = |user: u64, sub: &str, options: Value| {
        let t = fake.command_group(user, who(user), "league", sub, options, user == MODERATOR);
        async move { answer(fake, &t).await.text() }
    };
    let named = json!([{"name": "name", "type": 3, "value": "Pokal"}]);
    let create = json!([{"name": "name", "type": 3, "value": "Pokal"},
                        {"name": "format", "type": 4, "value": 0}]);
    league(MODERATOR, "create", create).await;
    for player in [ANA, BEN, CLEO] {
        league(player, "join", named.clone()).await;
    }
    league(MODERATOR, "start", named).await;
    let end = json!([{"name": "name", "type": 3, "value": "Pokal"},
                     {"name": "reason", "type": 3, "value": "Saisonende"}]);
    let asked = admin(fake, MODERATOR, "end-league", end).await;
    assert!(asked.text().contains("jetzt beenden"), "{}", asked.text());
    click(fake, MODERATOR, &button(&asked, true)).await;
    post_with(fake, "vorzeitig beendet").await;
    bot.stop().await;
}

/// Two bot processes share the store; the moderator's confirmation reaches both at once
/// (a retried interaction, a double click split between shards): one acts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_confirming_at_once_act_once() {
    let store = support::scratch_store("crystal-clans-admin-two").await;
    let (l, _) = store
        .create_match(support::new_match(5, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    let (one, two) = (App::new(store.clone()), App::new(store.clone()));
    let who = Moderator {
        user: MODERATOR,
        guild: Some(GUILD),
        manager: true,
    };
    let asked = one
        .moderators
        .ask_match(
            who,
            l.info.id,
            crystal_clans::app::moderation::MatchAct::Void,
            "dup",
            1,
        )
        .await;
    let id = asked
        .reply
        .as_ref()
        .unwrap()
        .rows
        .iter()
        .find_map(|r| match r {
            crystal_clans::app::msg::Row::Buttons(b) => b
                .iter()
                .find_map(|b| DecideId::parse(&b.id).filter(|d| d.confirm)),
            _ => None,
        });
    let id = id.expect("a Confirm button");
    let (a, b) = tokio::join!(
        one.moderators.decide(who, id, 2),
        two.moderators.decide(who, id, 2)
    );
    assert_eq!(
        [&a, &b].iter().filter(|o| !o.public.is_empty()).count(),
        1,
        "one post tells the players"
    );
    let texts = [a, b].map(|o| o.reply.map(|m| m.content).unwrap_or_default());
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("Done (")).count(),
        1,
        "{texts:?}"
    );
    let result = store.result(l.info.id).await.unwrap().unwrap();
    assert_eq!(result.reason, Reason::Abandoned);
}

//! Crystallo end to end through the fake Discord: two players of one server play the
//! same daily deal in their private panels (see the same cards), one of them across a
//! restart of the bot on the same store; a double click, a stale panel and someone
//! else's click change nothing; each finished game is posted publicly with its title and
//! score only; `/crystallo scores` shows the leaderboard and the adventure log; a second
//! daily play is refused.

use crate::support;
use crystal_clans::app::App;
use crystal_clans::store::crystallo::{Game, utc_day};
use crystal_clans::store::{Store, now_ms};
use crystal_clans_testkit::fake_discord::{CHANNEL, Fake, GUILD, Origin, Recorded};
use serde_json::json;
use support::people::{ANA, BEN, EVE, ack, followup, name, start_bot_with};
use support::play::clickables;

// The same store opened again after a restart.
use crate::support::{open_scratch as open, scratch_url as db_url};

/// `/crystallo <sub>` by `u` in the test server's channel; its answer.
pub async fn command(fake: &Fake, u: u64, sub: &str) -> Recorded {
    let t = fake.command_of(
        "crystallo",
        Origin::Guild(GUILD, CHANNEL),
        u,
        name(u),
        sub,
        json!([]),
    );
    let r = ack(fake, &t).await;
    if r.json["type"] == 5 {
        followup(fake, &t).await
    } else {
        r
    }
}

/// Clicks `custom_id` (with a select's `values`) on message `on` as `u`; the answer.
pub async fn click(fake: &Fake, on: u64, u: u64, custom_id: &str, values: &[&str]) -> Recorded {
    let t = fake.click_on(on, u, name(u), custom_id, values);
    ack(fake, &t).await;
    followup(fake, &t).await
}

/// The private message of `u` that is their Crystallo panel now.
pub fn panel_of(fake: &Fake, u: u64) -> u64 {
    fake.private_messages(u)
        .into_iter()
        .rev()
        .find(|m| m.text().contains("Crystallo ·"))
        .map(|m| m.id)
        .expect("a Crystallo panel")
}

/// The next click a player makes in their panel on the way to a placement "somewhere
/// else": confirm a preview, pick a place next to a card, the card it will touch, the
/// part of the cavern, a face-up card, or the one choice offered (a discard, a magic
/// treasure).
pub fn next_click(json: &serde_json::Value) -> Option<(String, Option<String>)> {
    let shown = clickables(json);
    let find = |want: &dyn Fn(&str, &Option<String>, &str) -> bool| {
        shown
            .iter()
            .find(|(id, v, label)| want(id, v, label))
            .map(|(id, v, _)| (id.clone(), v.clone()))
    };
    find(&|id, v, l| id.contains(":play:") && v.is_none() && l == "Confirm")
        .or_else(|| find(&|id, v, _| id.contains(":near:") && v.is_some()))
        .or_else(|| find(&|id, v, _| id.contains(":touch:") && v.is_some()))
        .or_else(|| find(&|id, v, _| id.contains(":part:") && v.is_some()))
        .or_else(|| find(&|id, _, _| id.contains(":look:")))
        .or_else(|| find(&|id, v, _| id.ends_with(":card") && v.is_some()))
        .or_else(|| find(&|id, v, _| id.ends_with(":play") && v.is_some()))
        .or_else(|| find(&|id, _, _| id.contains(":play:")))
}

/// One placement (or discard, or magic) by `u` in game `g`, composed click by click in
/// the panel as a person would; returns the last answer.
pub async fn play_one(fake: &Fake, store: &Store, g: i64, u: u64) -> Recorded {
    let before = store.crystallo_game(g).await.unwrap().version;
    for _ in 0..6 {
        let on = panel_of(fake, u);
        let m = fake.message(on).unwrap();
        let (id, value) =
            next_click(&m.json).unwrap_or_else(|| panic!("nothing to click in {}", m.text()));
        let values: Vec<&str> = value.iter().map(String::as_str).collect();
        let r = click(fake, on, u, &id, &values).await;
        if store.crystallo_game(g).await.unwrap().version > before {
            return r;
        }
    }
    panic!("no placement in 6 clicks");
}

async fn game_of(store: &Store, u: u64) -> Game {
    store
        .crystallo_daily(Some(GUILD), u, utc_day(now_ms()))
        .await
        .unwrap()
        .expect("a daily")
}

/// The panel's words and choices without its custom ids (which name the game).
fn choices(m: &Recorded) -> Vec<(Option<String>, String)> {
    clickables(&m.json)
        .into_iter()
        .map(|(_, v, l)| (v, l))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_one_daily_a_restart_scores_and_a_second_play_refused() {
    let url = db_url("daily");
    let store = open(&url).await;
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;

    // The same deal for both: the same first card, the same places and sets offered.
    let a = command(fake, ANA, "daily").await;
    let b = command(fake, BEN, "daily").await;
    assert!(a.ephemeral() && b.ephemeral(), "the panel is private");
    assert!(a.text().contains("today's cavern"), "{}", a.text());
    assert_eq!(choices(&a), choices(&b));
    let (ga, gb) = (
        game_of(&bot.store, ANA).await,
        game_of(&bot.store, BEN).await,
    );
    assert_ne!(ga.id, gb.id);
    assert_eq!(ga.state, gb.state);
    assert_eq!(ga.seed, gb.seed);

    // A few placements for Ana, each saved.
    for k in 1..=3 {
        play_one(fake, &bot.store, ga.id, ANA).await;
        assert_eq!(bot.store.crystallo_game(ga.id).await.unwrap().version, k);
    }

    // A double click on Confirm: one placement, then "out of date" and nothing changed.
    let on = panel_of(fake, ANA);
    let mut confirm = None;
    for _ in 0..4 {
        let json = fake.message(on).unwrap().json;
        let (id, v) = next_click(&json).unwrap();
        if id.contains(":play:") {
            confirm = Some(id);
            break;
        }
        let values: Vec<&str> = v.iter().map(String::as_str).collect();
        click(fake, on, ANA, &id, &values).await;
    }
    let confirm = confirm.expect("a Confirm button");
    let first = click(fake, on, ANA, &confirm, &[]).await;
    let second = click(fake, on, ANA, &confirm, &[]).await;
    assert_eq!(bot.store.crystallo_game(ga.id).await.unwrap().version, 4);
    assert!(!first.text().contains("out of date"), "{}", first.text());
    assert!(second.text().contains("out of date"), "{}", second.text());

    // Eve clicks Ana's panel (a forged or shared id): a private no, nothing changed.
    let r = click(fake, on, EVE, &confirm, &[]).await;
    assert!(r.text().contains("someone else's cavern"), "{}", r.text());
    assert_eq!(bot.store.crystallo_game(ga.id).await.unwrap().version, 4);
    bot.stop().await;

    let store = open(&url).await;

    // A new bot process on the same database: Ana's daily resumes where it was.
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;
    let again = command(fake, ANA, "daily").await;
    assert!(
        again.text().contains("started today's cavern"),
        "{}",
        again.text()
    );
    let resume = again
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":show"))
        .expect("a Resume button");
    let on = again.message_id.expect("an interaction message");
    let p = click(fake, on, ANA, &resume, &[]).await;
    assert!(p.text().contains("today's cavern"), "{}", p.text());
    assert_eq!(bot.store.crystallo_game(ga.id).await.unwrap().version, 4);

    // Both play to the end; each end is posted publicly, with no card named.
    for (g, u) in [(ga.id, ANA), (gb.id, BEN)] {
        if u == BEN {
            // This Discord is a fresh fake: Ben resumes his game from the command too.
            let again = command(fake, BEN, "daily").await;
            let resume = again
                .custom_ids()
                .into_iter()
                .find(|i| i.ends_with(":show"));
            let on = again.message_id.unwrap();
            click(fake, on, BEN, &resume.expect("a Resume button"), &[]).await;
        }
        for _ in 0..400 {
            if bot.store.crystallo_game(g).await.unwrap().ending.is_some() {
                break;
            }
            play_one(fake, &bot.store, g, u).await;
        }
        let done = bot.store.crystallo_game(g).await.unwrap();
        let e = done.ending.expect("the game ended");
        let post = fake
            .wait_for(
                |r| {
                    r.is_channel_post()
                        && r.text()
                            .contains(&format!("**{}** finished today", name(u)))
                },
                10,
            )
            .await;
        let text = post.text();
        assert!(text.contains(&format!("{} points", e.score)), "{text}");
        assert!(!post.ephemeral());
        assert_eq!(bot.store.crystallo_replay(g).await.unwrap(), done.state);
    }
    let (ga, gb) = (
        game_of(&bot.store, ANA).await,
        game_of(&bot.store, BEN).await,
    );
    let (ea, eb) = (ga.ending.unwrap(), gb.ending.unwrap());

    // The leaderboard (best first) and Ana's adventure log.
    let s = command(fake, ANA, "scores").await;
    assert!(s.ephemeral());
    let text = s.text();
    let (pa, pb) = (text.find("Ana").unwrap(), text.find("Ben").unwrap());
    assert_eq!(
        pa < pb,
        ea.score >= eb.score || (ea.score == eb.score),
        "{text}"
    );
    assert!(text.contains("Your adventure log"), "{text}");
    let today = crystal_clans::app::crystallo::date(utc_day(now_ms()));
    assert!(text.contains(&format!("{today} · daily · ")), "{text}");
    assert!(
        text.contains(&format!("Best score: {}", ea.score)),
        "{text}"
    );
    assert!(text.contains("Streak: 1 day in a row"), "{text}");

    // A second daily play the same day is refused, kindly.
    let r = command(fake, ANA, "daily").await;
    assert!(r.ephemeral());
    assert!(r.text().contains("played today's cavern"), "{}", r.text());
    let ids = r.custom_ids();
    assert!(
        ids.len() == 1 && ids[0].ends_with(":share"),
        "only the share line is offered: {ids:?}"
    );
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM crystallo_games")
        .fetch_one(bot.store.pool())
        .await
        .unwrap();
    assert_eq!(n, 2);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_needs_a_server_and_practice_deals_anywhere() {
    let store = support::scratch_store("cry-dm").await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(3).without_images(),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    let t = fake.command_of("crystallo", Origin::Dm(ANA), ANA, "Ana", "daily", json!([]));
    let r = ack(fake, &t).await;
    assert!(r.text().contains("dealt per server"), "{}", r.text());
    let t = fake.command_of(
        "crystallo",
        Origin::Dm(ANA),
        ANA,
        "Ana",
        "practice",
        json!([]),
    );
    let r = ack(fake, &t).await;
    assert!(r.text().contains("practice cavern"), "{}", r.text());
    let t = fake.command_of("crystallo", Origin::Dm(ANA), ANA, "Ana", "help", json!([]));
    let r = ack(fake, &t).await;
    assert!(r.text().contains("Black Dragon"), "{}", r.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panel_by_direct_message_for_who_chose_it() {
    let store = support::scratch_store("cry-dm-on").await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(4).without_images(),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    let mut s = bot.store.user_settings(ANA).await.unwrap();
    s.dm_opt_in = true;
    bot.app.directory.set_user_settings(ANA, &s).await.unwrap();
    let r = command(fake, ANA, "practice").await;
    assert!(
        r.ephemeral() && r.text().contains("direct messages"),
        "{}",
        r.text()
    );
    let dm = fake
        .wait_for(
            |r| {
                r.method == "POST" && r.path.contains("/channels/") && {
                    let ch = r.path.split('/').nth(4).unwrap_or("");
                    fake.dm_user(ch) == Some(ANA)
                }
            },
            10,
        )
        .await;
    assert!(dm.text().contains("practice cavern"), "{}", dm.text());
    // A click in the DM updates that message in place.
    let (id, v) = next_click(&dm.json).expect("a choice");
    let values: Vec<&str> = v.iter().map(String::as_str).collect();
    let on = dm.message_id.expect("a message");
    let r = click(fake, on, ANA, &id, &values).await;
    assert!(
        r.text().contains("The places next to the card"),
        "{}",
        r.text()
    );
    assert_eq!(r.message_id, Some(on));
    bot.stop().await;
}

/// A server in Los Angeles: its daily's day runs from its midnight, not UTC's. The bot's
/// clock starts at 23:30 there. Ana plays the day's daily to its end (its picture a
/// spoiler until local midnight, and the leaderboard dated that local day); after
/// local midnight `/crystallo daily` deals her the next day's, although UTC's date has
/// not changed (in UTC it changed at 16:00 there, hours before). A bad zone is refused
/// and changes nothing. Her finished daily's share line names the local date. At 08:00
/// there the next morning the day's recap is posted once, its picture plain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_follows_the_servers_time_zone_across_its_midnight() {
    use crystal_clans::app::crystallo::{date, local_day, local_day_end};
    use crystal_clans::discord::Clock;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let la = jiff::tz::TimeZone::get("America/Los_Angeles").unwrap();
    // 23:30 of the current local day there.
    let midnight = local_day_end(&la, local_day(&la, now_ms()));
    let offset = Arc::new(AtomicI64::new(midnight - 30 * 60_000 - now_ms()));
    let o = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + o.load(Ordering::SeqCst)));
    let store = support::scratch_store("crystallo-zone").await;
    let app = App::new(store.clone()).with_seeds(3);
    let bot = support::people::start_bot_clocked(
        app,
        store.clone(),
        std::time::Duration::from_millis(100),
        clock.clone(),
    )
    .await;
    let fake = &bot.fake;
    let config = |zone: &str| {
        fake.command(
            EVE,
            "Eve",
            "config",
            json!([{"name": "time_zone", "type": 3, "value": zone}]),
            true,
        )
    };
    let t = config("Mars/Olympus_Mons");
    let r = ack(fake, &t).await;
    assert!(
        r.text().contains("I do not know the time zone"),
        "{}",
        r.text()
    );
    assert_eq!(store.guild_settings(GUILD).await.unwrap().time_zone, None);
    let t = config("America/Los_Angeles");
    let r = ack(fake, &t).await;
    assert!(
        r.text()
            .contains("midnight to midnight in America/Los_Angeles"),
        "{}",
        r.text()
    );

    let now = (clock.0)();
    let today = local_day(&la, now);
    command(fake, ANA, "daily").await;
    let g = store
        .crystallo_daily(Some(GUILD), ANA, today)
        .await
        .unwrap()
        .expect("the daily of the local day");
    for _ in 0..400 {
        if store.crystallo_game(g.id).await.unwrap().ending.is_some() {
            break;
        }
        play_one(fake, &store, g.id, ANA).await;
    }
    let post = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("**Ana** finished today"),
            10,
        )
        .await;
    assert_eq!(
        post.files.first().map(|(n, _)| n.as_str()),
        Some("SPOILER_crystallo.png"),
        "the day has not ended there"
    );
    // Her share line, from the finished panel's button: the local date, the result and
    // a row of squares per phase; nothing of the deal.
    let on = panel_of(fake, ANA);
    let share = fake
        .message(on)
        .unwrap()
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":share"))
        .expect("a Share button on the finished daily");
    let r = click(fake, on, ANA, &share, &[]).await;
    let text = r.json["content"].as_str().unwrap_or_default().to_string();
    let e = store.crystallo_game(g.id).await.unwrap().ending.unwrap();
    assert!(r.ephemeral());
    assert!(
        text.contains(&format!("Crystallo {} · ", date(today))),
        "{text}"
    );
    assert!(text.contains(&format!("{} points", e.score)), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.ends_with("creatures freed") || l.ends_with("dragon orbs marked"))
        .collect();
    assert!(!rows.is_empty() && rows.len() <= 2, "{text}");
    for row in &rows {
        assert_eq!(row.split(' ').next().unwrap().chars().count(), 6, "{row}");
    }
    assert!(!text.contains("cavern-"), "no card named: {text}");
    let s = command(fake, ANA, "scores").await;
    assert!(s.text().contains(&date(today)), "{}", s.text());
    let again = command(fake, ANA, "daily").await;
    assert!(again.text().contains("already"), "{}", again.text());

    // The same from the answer to a second `daily` that day.
    let from_again = again
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":share"))
        .expect("a Share button beside the result");
    let r2 = click(fake, again.message_id.unwrap(), ANA, &from_again, &[]).await;
    assert_eq!(r2.json["content"].as_str(), Some(text.as_str()));

    // 00:30 there: the next day's cavern.
    offset.fetch_add(60 * 60_000, Ordering::SeqCst);
    let later = (clock.0)();
    assert_eq!(local_day(&la, later), today + 1);
    let next = command(fake, ANA, "daily").await;
    assert!(!next.text().contains("already"), "{}", next.text());
    let g2 = store
        .crystallo_daily(Some(GUILD), ANA, today + 1)
        .await
        .unwrap()
        .expect("the next day's daily");
    assert_ne!(g2.id, g.id);
    let recap_of = |r: &Recorded| {
        r.is_channel_post()
            && r.json["content"]
                .as_str()
                .is_some_and(|c| c.starts_with("☀️ **Crystallo · yesterday's cavern"))
    };
    assert!(
        !fake.requests().iter().any(recap_of),
        "no recap before the morning"
    );

    // 08:05 there: the recap of yesterday's daily, once, its picture plain.
    offset.fetch_add((7 * 60 + 35) * 60_000, Ordering::SeqCst);
    let recap = fake.wait_for(recap_of, 20).await;
    let text = recap.json["content"].as_str().unwrap();
    assert!(text.contains(&date(today)), "{text}");
    assert!(text.contains("1 player finished it"), "{text}");
    assert!(text.contains("**1.** Ana · "), "{text}");
    assert!(text.contains("Titles: "), "{text}");
    assert_eq!(
        recap.files.first().map(|(n, _)| n.as_str()),
        Some("crystallo.png"),
        "no spoiler: the day is over"
    );
    assert!(
        recap.json["attachments"][0]["description"]
            .as_str()
            .is_some_and(|a| !a.is_empty()),
        "alt text"
    );
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let recaps = fake.requests().iter().filter(|r| recap_of(r)).count();
    assert_eq!(recaps, 1, "posted once");
    bot.stop().await;
}

/// `/crystallo daily global:True`: the worldwide cavern of the UTC day, one deal for
/// everyone who opts in, whatever the server; its own leaderboard, shown in every
/// server's `/crystallo scores`; played once a day; the server's own daily stays apart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worldwide_daily_is_one_deal_across_servers_with_its_own_board() {
    use crystal_clans::store::crystallo::WORLD;
    const OTHER_GUILD: u64 = 711_000_000_000_000_001;
    const OTHER_CHANNEL: u64 = 721_000_000_000_000_001;
    let store = support::scratch_store("crystallo-world").await;
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;
    let ask = |u: u64, origin: Origin, sub: &str, options: serde_json::Value| {
        let t = fake.command_of("crystallo", origin, u, name(u), sub, options);
        async move {
            let r = ack(fake, &t).await;
            if r.json["type"] == 5 {
                followup(fake, &t).await
            } else {
                r
            }
        }
    };
    let global = json!([{"name": "global", "type": 5, "value": true}]);
    let here = Origin::Guild(GUILD, CHANNEL);
    let there = Origin::Guild(OTHER_GUILD, OTHER_CHANNEL);
    let a = ask(ANA, here, "daily", global.clone()).await;
    assert!(a.text().contains("worldwide cavern"), "{}", a.text());
    ask(BEN, there, "daily", global.clone()).await;
    let day = utc_day(now_ms());
    let world = |u| {
        let store = store.clone();
        async move {
            store
                .crystallo_daily(Some(WORLD), u, day)
                .await
                .unwrap()
                .expect("a worldwide daily")
        }
    };
    let (ga, gb) = (world(ANA).await, world(BEN).await);
    assert_eq!(ga.seed, gb.seed, "one deal for everyone");
    assert_eq!(ga.state.cavern, gb.state.cavern);
    assert_eq!(ga.channel, CHANNEL);
    assert_eq!(gb.channel, OTHER_CHANNEL);
    for _ in 0..400 {
        if store.crystallo_game(ga.id).await.unwrap().ending.is_some() {
            break;
        }
        play_one(fake, &store, ga.id, ANA).await;
    }
    let e = store.crystallo_game(ga.id).await.unwrap().ending.unwrap();
    fake.wait_for(
        |r| {
            r.is_channel_post()
                && r.text()
                    .contains("**Ana** finished today's worldwide cavern")
        },
        10,
    )
    .await;
    let again = ask(ANA, here, "daily", global.clone()).await;
    assert!(
        again
            .text()
            .contains("played today's worldwide cavern already"),
        "{}",
        again.text()
    );
    // The server's own daily is another game.
    ask(ANA, here, "daily", json!([])).await;
    let own = game_of(&store, ANA).await;
    assert_ne!(own.id, ga.id);
    // Ben, in the other server, sees the worldwide board with Ana on it.
    let s = ask(BEN, there, "scores", json!([])).await;
    let text = s.text();
    assert!(text.contains("worldwide, today"), "{text}");
    assert!(
        text.contains("**1.** Ana · ") && text.contains(&format!("{} points", e.score)),
        "{text}"
    );
    assert!(
        store
            .crystallo_recaps_pending(day - 2)
            .await
            .unwrap()
            .iter()
            .all(|(g, _)| *g != WORLD),
        "the worldwide board has no recap"
    );
    bot.stop().await;
}

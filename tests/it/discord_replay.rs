//! Replays through the real bot and the fake Discord: a match that ends posts its
//! replay (an animated GIF) after its final post, and `/clans replay` posts one for
//! the match's server or its players, answering everyone else privately.

use crystal_clans::app::App;
use crystal_clans::game::{Event, State};
use crystal_clans_testkit::fake_discord::{CHANNEL, GUILD, Origin, Recorded};
use serde_json::json;
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::{ANA, BEN, EVE, ack, challenge_and_accept, drive, followup, start_bot_with};
use support::scratch_store as scratch;

const OTHER_GUILD: u64 = 711_000_000_000_000_001;
const OTHER_CHANNEL: u64 = 721_000_000_000_000_001;

/// The replay GIF a request carries, if any.
fn replay_gif(r: &Recorded, id: i64) -> Option<&[u8]> {
    r.files
        .iter()
        .find(|(name, bytes)| {
            name == &format!("match-{id}-replay.gif") && bytes.starts_with(b"GIF89a")
        })
        .map(|(_, bytes)| bytes.as_slice())
}

fn frames(gif: &[u8]) -> usize {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(gif).expect("a GIF");
    let mut n = 0;
    while dec.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    n
}

/// `/clans replay match:<id>` by `user` at `origin`: the private answer (the filled
/// deferral) and the replays posted since, once `posts` of them came (and a moment
/// more, for any that should not).
async fn ask(
    bot: &Bot,
    origin: Origin,
    user: u64,
    id: i64,
    posts: usize,
) -> (Recorded, Vec<Recorded>) {
    let before = bot.fake.count();
    let options = json!([{"name": "match", "type": 4, "value": id}]);
    let t = bot
        .fake
        .command_in(origin, user, "someone", "replay", options, false);
    let deferral = ack(&bot.fake, &t).await;
    assert_eq!(deferral.json["type"], 5, "the command defers");
    assert!(deferral.ephemeral(), "privately");
    let answer = followup(&bot.fake, &t).await;
    let made = || -> Vec<Recorded> {
        bot.fake
            .since(before)
            .into_iter()
            // A board of the last moves may still be on its way: replays only.
            .filter(|r| r.is_channel_post() && r.text().contains("Replay of match"))
            .collect()
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while made().len() < posts {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{posts} posts expected"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    (answer, made())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_posts_its_replay_and_replay_answers_who_may_see_it() {
    let store = scratch("e2e-replay").await;
    // Images on: the replay is one.
    let app = App::new(store.clone()).with_seeds(1);
    let bot = start_bot_with(app, store.clone()).await;
    let fake = &bot.fake;
    let here = Origin::Guild(GUILD, CHANNEL);
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 600, |s| s.turn >= 3).await;

    // While it is played: a private "still being played"; an unknown number too.
    let (answer, posts) = ask(&bot, here, EVE, id, 0).await;
    assert!(answer.ephemeral() && answer.text().contains("still being played"));
    assert!(posts.is_empty());
    let (answer, posts) = ask(&bot, here, EVE, 999_999, 0).await;
    assert!(answer.ephemeral() && answer.text().contains("There is no match #999999"));
    assert!(posts.is_empty());

    // Ben resigns: the final post, then the replay after it, once.
    let version = bot.store.info(id).await.unwrap().version;
    let before = fake.count();
    let t = fake.click(BEN, "Ben", &format!("clans:{id}:{version}:resign!"), &[]);
    ack(fake, &t).await;
    let end = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("the opponent resigned"),
            30,
        )
        .await;
    let posted = fake
        .wait_for(|r| r.is_channel_post() && replay_gif(r, id).is_some(), 120)
        .await;
    assert!(posted.at > end.at, "the replay follows the final post");
    assert!(
        posted.text().contains(&format!("Replay of match #{id}")),
        "{}",
        posted.text()
    );
    let gif = replay_gif(&posted, id).unwrap().to_vec();
    assert!(gif.len() < 10 * 1024 * 1024);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let replays = fake
        .since(before)
        .iter()
        .filter(|r| r.is_channel_post() && replay_gif(r, id).is_some())
        .count();
    assert_eq!(replays, 1, "one replay post");

    // Its frames: one per turn played and one per battle, from the stored match.
    let info = bot.store.info(id).await.unwrap();
    let (mut state, mut log) = State::new(bot.app.rules(), info.setup.clone()).unwrap();
    for i in bot.store.inputs(id).await.unwrap() {
        log.extend(state.apply(bot.app.rules(), i.seat, &i.input).unwrap());
    }
    let count = |f: fn(&Event) -> bool| log.iter().filter(|e| f(e)).count();
    let turns = count(|e| matches!(e, Event::TurnStarted { .. }));
    let battles = count(|e| matches!(e, Event::BattleEnded { .. }));
    assert!(turns >= 3);
    assert_eq!(frames(&gif), turns + battles);

    // Now anyone on its server may post it here (the same bytes), and its players
    // anywhere; someone else elsewhere learns nothing about it.
    let (answer, posts) = ask(&bot, here, EVE, id, 1).await;
    assert!(answer.ephemeral(), "the note is private: {}", answer.text());
    assert_eq!(posts.len(), 1, "one post");
    assert!(posts[0].path.contains(&CHANNEL.to_string()));
    assert_eq!(replay_gif(&posts[0], id), Some(gif.as_slice()));
    let there = Origin::Guild(OTHER_GUILD, OTHER_CHANNEL);
    let (answer, posts) = ask(&bot, there, EVE, id, 0).await;
    assert!(answer.ephemeral() && answer.text().contains(&format!("There is no match #{id}")));
    assert!(posts.is_empty());
    let (_, posts) = ask(&bot, there, ANA, id, 1).await;
    assert_eq!(posts.len(), 1);
    assert!(posts[0].path.contains(&OTHER_CHANNEL.to_string()));
    assert!(replay_gif(&posts[0], id).is_some());
    bot.stop().await;
}

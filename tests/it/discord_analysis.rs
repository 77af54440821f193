//! The post-game analysis through the real bot and the fake Discord: refused while a
//! match is played (the same words for everyone, nothing computed or stored), then
//! after it ends a graph posted with its progress line edited in place, stored, and a
//! second request (the final post's Analysis button) answered at once with the same
//! graph. The store's table round-trips on both backends.

use crystal_clans::app::App;
use crystal_clans::store::Store;
use crystal_clans_testkit::fake_discord::{CHANNEL, Fake, GUILD, Origin, Recorded};
use serde_json::json;
use std::time::{Duration, Instant};

use crate::support;
use support::TestDb;
use support::people::{ANA, BEN, EVE, ack, challenge_and_accept, drive, start_bot_with};
use support::scratch_store as scratch;

/// Few iterations: the bot's tests build the AI unoptimized.
const ITERATIONS: u32 = 40;

fn graph(r: &Recorded, id: i64) -> Option<&[u8]> {
    r.files
        .iter()
        .find(|(name, bytes)| {
            name == &format!("match-{id}-analysis.png") && bytes.starts_with(b"\x89PNG")
        })
        .map(|(_, b)| b.as_slice())
}

/// An edit's text (its JSON body's `content`).
fn content(r: &Recorded) -> String {
    r.json["content"].as_str().unwrap_or_default().to_string()
}

/// The edits of an interaction's original response, in order.
fn edits(fake: &Fake, since: usize, token: &str) -> Vec<Recorded> {
    fake.since(since)
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.path.contains(token))
        .collect()
}

/// Waits for the edit of `token`'s answer that contains `text`.
async fn answer_with(fake: &Fake, token: &str, text: &str) -> Recorded {
    let token = token.to_string();
    let text = text.to_string();
    fake.wait_for(
        move |r| r.method == "PATCH" && r.path.contains(&token) && content(r).contains(&text),
        180,
    )
    .await
}

/// The first graph of match `id` posted after request `since`.
async fn graph_posted(fake: &Fake, since: usize, id: i64) -> Recorded {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(r) = fake
            .since(since)
            .into_iter()
            .find(|r| r.is_channel_post() && graph(r, id).is_some())
        {
            return r;
        }
        assert!(Instant::now() < deadline, "no graph posted");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `/clans analysis match:<id>` by `user` here: its token.
async fn ask(fake: &Fake, user: u64, id: i64) -> String {
    let options = json!([{"name": "match", "type": 4, "value": id}]);
    let t = fake.command_in(
        Origin::Guild(GUILD, CHANNEL),
        user,
        "someone",
        "analysis",
        options,
        false,
    );
    let deferral = ack(fake, &t).await;
    assert_eq!(deferral.json["type"], 5, "the command defers");
    assert!(deferral.ephemeral(), "privately");
    t
}

async fn stored(store: &Store) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM analyses")
        .fetch_one(store.pool())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_refused_during_a_match_then_posted_stored_and_instant() {
    let store = scratch("e2e-analysis").await;
    let app = App::new(store.clone())
        .with_seeds(1)
        .without_images()
        .with_analysis_iterations(ITERATIONS);
    let bot = start_bot_with(app, store.clone()).await;
    let fake = &bot.fake;
    // `/clans help` says it (in its embed of the features).
    let help = fake.command(ANA, "Ana", "help", json!([]), false);
    let r = ack(fake, &help).await;
    let embeds = r.json["data"]["embeds"].to_string();
    assert!(
        embeds.contains("/clans analysis match:NUMBER"),
        "{}",
        r.json
    );

    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 600, |s| s.turn >= 6).await;

    // While it is played: a player and a spectator get the same private words, which
    // say nothing of an analysis; nothing is posted or stored.
    let mut refusals = Vec::new();
    for user in [ANA, EVE] {
        let before = fake.count();
        let t = ask(fake, user, id).await;
        let answer = answer_with(fake, &t, &format!("#{id}")).await;
        assert!(answer.ephemeral());
        tokio::time::sleep(Duration::from_millis(300)).await;
        // (A board of the last moves may still be on its way: analyses only.)
        assert!(
            !fake
                .since(before)
                .iter()
                .any(|r| graph(r, id).is_some() || r.text().contains("Analysis of match")),
            "nothing posted during the match"
        );
        refusals.push(content(&answer));
    }
    assert_eq!(
        refusals[0], refusals[1],
        "the same for a player and anyone else"
    );
    assert_eq!(
        refusals[0],
        format!("Match #{id} can be analysed once it has ended.")
    );
    assert_eq!(stored(&bot.store).await, 0);

    // An unknown match: a private "no such match".
    let t = ask(fake, EVE, 999_999).await;
    answer_with(fake, &t, "There is no match #999999").await;

    // Ben resigns: the final post offers the analysis.
    let version = bot.store.info(id).await.unwrap().version;
    let t = fake.click(BEN, "Ben", &format!("clans:{id}:{version}:resign!"), &[]);
    ack(fake, &t).await;
    let end = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("the opponent resigned"),
            30,
        )
        .await;
    let button = end
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":analysis"))
        .expect("an Analysis button on the final post");

    // Ana asks: progress lines in place, then the graph posted and the answer.
    let before = fake.count();
    let t = ask(fake, ANA, id).await;
    let done = answer_with(fake, &t, "Here is the analysis, posted below.").await;
    assert!(done.ephemeral());
    let progress: Vec<String> = edits(fake, before, &t)
        .iter()
        .map(content)
        .filter(|t| t.starts_with(&format!("Analysing match #{id}: turn ")))
        .collect();
    assert!(!progress.is_empty(), "a progress line was shown");
    let post = graph_posted(fake, before, id).await;
    let text = post.json["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains(&format!("Match #{id}, ")), "{text}");
    // In a player's words, not the search's ("searched 40 positions").
    assert!(text.contains(" positions at "), "{text}");
    assert!(!text.contains("iteration"), "{text}");
    // Each of the three turns in one line with one chance figure, and what the AI
    // would have played; none of the image's own lines repeated word for word.
    let turns: Vec<&str> = text.lines().filter(|l| l.starts_with("**")).collect();
    assert_eq!(turns.len(), 3, "three turns named: {text}");
    for line in turns {
        assert_eq!(line.matches('%').count(), 1, "one chance figure: {line}");
        assert!(line.contains("The AI would have"), "{line}");
        assert!(!line.contains(".."), "{line}");
    }
    for image_words in [
        "Played: ",
        "AI preferred: ",
        "as highly as its own choice",
        " · Turn ",
    ] {
        assert!(!text.contains(image_words), "the graph's words: {text}");
    }
    let first = graph(&post, id).unwrap().to_vec();
    if let Ok(dir) = std::env::var("ANALYSIS_PNG_DIR") {
        std::fs::write(format!("{dir}/e2e-analysis.png"), &first).unwrap();
        std::fs::write(format!("{dir}/e2e-analysis.txt"), &text).unwrap();
        // As Discord shows it inline, and on a phone.
        let small = crystal_clans::render::preview(&first, 550, 350).unwrap();
        std::fs::write(format!("{dir}/e2e-analysis.550x350.png"), small).unwrap();
        let phone = crystal_clans::render::preview(&first, 390, 1000).unwrap();
        std::fs::write(format!("{dir}/e2e-analysis.390.png"), phone).unwrap();
    }
    let img = image::load_from_memory(&first).unwrap();
    assert_eq!((img.width(), img.height()), (1200, 800));
    assert_eq!(stored(&bot.store).await, 1);

    // Eve clicks the final post's button: no search, the same graph, at once.
    let before = fake.count();
    let started = Instant::now();
    let t = fake.click(EVE, "Eve", &button, &[]);
    ack(fake, &t).await;
    answer_with(fake, &t, "Here is the analysis, posted below.").await;
    let again = graph_posted(fake, before, id).await;
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "a stored analysis is instant: {:?}",
        started.elapsed()
    );
    assert!(
        !edits(fake, before, &t)
            .iter()
            .any(|r| content(r).starts_with("Analysing")),
        "nothing searched again"
    );
    assert_eq!(graph(&again, id).unwrap(), &first[..], "the same graph");
    assert_eq!(stored(&bot.store).await, 1);
    bot.stop().await;
}

// ---- the store, on both backends ------------------------------------------------------

async fn analyses_round_trip(db: &TestDb) {
    let store = db.open().await;
    let (loaded, _) = store
        .create_match(support::new_match(3, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    let id = loaded.info.id;
    assert_eq!(store.analysis(id, "v1-i10-r6").await.unwrap(), None);
    store
        .put_analysis(id, "v1-i10-r6", "{\"a\":1}", 5)
        .await
        .unwrap();
    // A second under the same key keeps the first; another key is another analysis.
    store
        .put_analysis(id, "v1-i10-r6", "{\"a\":2}", 6)
        .await
        .unwrap();
    store
        .put_analysis(id, "v1-i20-r6", "{\"b\":1}", 7)
        .await
        .unwrap();
    assert_eq!(
        store.analysis(id, "v1-i10-r6").await.unwrap().as_deref(),
        Some("{\"a\":1}")
    );
    assert_eq!(
        store.analysis(id, "v1-i20-r6").await.unwrap().as_deref(),
        Some("{\"b\":1}")
    );
    assert_eq!(store.analysis(id + 1, "v1-i10-r6").await.unwrap(), None);
}

both!(analyses_round_trip);

// ---- the queue and the AI's own moves -------------------------------------------------

/// A finished match between Ana and Ben in the test server: a random game, submitted.
async fn finished_match(app: &App, store: &Store, seed: u64) -> i64 {
    let new = support::new_match(seed, [ANA, BEN], Some(GUILD));
    let setup = new.setup.clone();
    let (loaded, _) = store.create_match(new).await.unwrap();
    let (inputs, end) = support::random_game(app.rules(), &setup, seed);
    assert!(end.winner.is_some());
    let sub = store
        .submit_many(loaded.info.id, loaded.info.version, &inputs, None)
        .await
        .unwrap();
    assert!(sub.result.is_some(), "the random game ended");
    loaded.info.id
}

/// While an analysis runs, a second asker is told their place in the queue, a second
/// request of the first asker is refused, and an AI match's move is made at once: the
/// analysis holds the AI's only slot one position at a time, never the whole match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_queues_the_next_and_lets_the_ai_move() {
    use crystal_clans::app::{AiSeats, Place};
    use crystal_clans::store::{NewMatch, Player};
    let store = scratch("analysis-queue").await;
    let app = App::new(store.clone())
        .without_images()
        .with_ai_slots(1)
        .with_bot(std::sync::Arc::new(AiSeats))
        .with_analysis_iterations(3_000);
    let place = Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    };
    let long = finished_match(&app, &store, 11).await;
    let other = finished_match(&app, &store, 12).await;

    let (tx, mut first_progress) = tokio::sync::watch::channel(String::new());
    let running = {
        let app = app.clone();
        tokio::spawn(async move { app.analysis.analysis(long, ANA, place, 1, Some(tx)).await })
    };
    first_progress.changed().await.unwrap();
    assert!(
        first_progress
            .borrow()
            .starts_with(&format!("Analysing match #{long}: turn 0 of ")),
        "{}",
        *first_progress.borrow()
    );

    // Ana again: one at a time each.
    let again = app.analysis.analysis(other, ANA, place, 2, None).await;
    assert_eq!(
        again.reply.unwrap().content,
        "Your analysis of another match is still under way: ask again once it is posted."
    );
    // Eve: queued behind Ana's.
    let (tx, mut queued) = tokio::sync::watch::channel(String::new());
    let waiting = {
        let app = app.clone();
        tokio::spawn(async move { app.analysis.analysis(other, EVE, place, 3, Some(tx)).await })
    };
    queued.changed().await.unwrap();
    assert_eq!(
        *queued.borrow(),
        format!("Your analysis of match #{other} waits its turn: one analysis is ahead of it.")
    );

    // An AI match waiting for the AI (the fast level) moves while the analysis runs.
    let mut new: NewMatch = support::new_match(13, [ANA, BEN], Some(GUILD));
    let (dealt, _) = crystal_clans::game::State::new(app.rules(), new.setup.clone()).unwrap();
    let ai_seat = dealt.waiting()[0] as usize;
    new.seats[ai_seat] = Player::Ai(3);
    new.seats[1 - ai_seat] = Player::User(BEN);
    let (ai_match, _) = store.create_match(new).await.unwrap();
    let started = Instant::now();
    let out = app.matches.ai_turn(ai_match.info.id).await;
    assert!(!out.public.is_empty(), "the AI moved");
    assert!(
        !running.is_finished(),
        "the analysis was still running when the AI's move was made ({:?})",
        started.elapsed()
    );
    assert!(store.info(ai_match.info.id).await.unwrap().version > ai_match.info.version);
    running.abort();
    waiting.abort();
}

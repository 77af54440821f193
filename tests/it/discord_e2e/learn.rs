//! `/clans learn` (issue 50): a newcomer's lesson match against the beginner AI on the
//! lesson deal. The opening lessons follow the first board; the others come as the
//! match reaches them, each once; the match is not rated; a restart of the bot in the
//! middle resumes it (asking again says it is still going, and no lesson repeats);
//! `restart:True` starts a new one. In English and German.

use std::sync::Arc;

use crystal_clans::app::App;
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use serde_json::json;

use super::{db_url, open, wait_for_human};
use crate::support::people::*;

/// Every lesson post seen so far (each starts with the lessons' book).
fn lessons(bot: &crate::support::bot::Bot) -> Vec<String> {
    bot.fake
        .requests()
        .iter()
        .filter(|r| r.is_channel_post())
        .map(|r| r.json["content"].as_str().unwrap_or_default().to_string())
        .filter(|t| t.starts_with("📘 **"))
        .collect()
}

/// Waits for a public post whose text `is` the lesson wanted.
async fn lesson_posted(bot: &crate::support::bot::Bot, is: impl Fn(&str) -> bool) {
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.json["content"].as_str().is_some_and(&is),
            20,
        )
        .await;
}

/// Eve asks `/clans learn` with `options`; the private answer (filling the deferral).
async fn learn(
    fake: &crystal_clans_testkit::fake_discord::Fake,
    options: serde_json::Value,
) -> crystal_clans_testkit::fake_discord::Recorded {
    let t = fake.command(EVE, name(EVE), "learn", options, false);
    assert!(ack(fake, &t).await.ephemeral(), "deferred privately");
    fake.wait_for(|r| r.path.contains(&t) && r.method == "PATCH", 20)
        .await
}

async fn a_lesson_match(lang: &str, first: &str, summon: &str) {
    let url = db_url(&format!("learn-{lang}"));
    let store = open(&url).await;
    let app = || {
        App::new(store.clone())
            .without_images()
            .with_bot(Arc::new(crystal_clans::app::AiSeats))
    };
    let bot = start_bot_with(app(), store.clone()).await;
    bot.fake.set_user_locale(EVE, lang);
    let answer = learn(&bot.fake, json!([])).await;
    let id = bot.store.active_matches_of_user(EVE).await.unwrap()[0].id;
    assert!(
        answer.text().contains(&format!("#{id}")),
        "{}",
        answer.text()
    );
    let info = bot.store.info(id).await.unwrap();
    assert!(info.assisted, "a lesson match is never rated");
    assert_eq!(info.setup, crystal_clans::app::learn::DEAL);
    // The goal's post, then the initiative's.
    lesson_posted(&bot, |c| c.starts_with(first)).await;
    lesson_posted(&bot, |c| c.starts_with("📘 **Initiative**")).await;
    let opening = lessons(&bot);
    assert!(opening[0].starts_with(first), "{opening:?}");
    assert!(
        opening.len() >= 2,
        "the goal and the initiative: {opening:?}"
    );
    // Eve plays a few answers (as a lively player would); the lessons of what she
    // meets come once each.
    for step in 0..8 {
        let l = wait_for_human(&bot, id).await;
        if l.state.winner.is_some() {
            break;
        }
        let legal = l.state.legal(bot.app.rules(), 0);
        play(&bot, id, l.info.version, EVE, pick(&legal, step)).await;
    }
    let l = wait_for_human(&bot, id).await;
    let before = lessons(&bot);
    assert!(before.iter().any(|t| t.contains(summon)), "{before:?}");
    bot.stop().await;

    // The bot restarts: asking again says the lesson match is still going.
    let store = open(&url).await;
    let bot = start_bot_with(app(), store.clone()).await;
    bot.fake.set_user_locale(EVE, lang);
    let still = learn(&bot.fake, json!([])).await;
    assert!(still.text().contains(&format!("#{id}")), "{}", still.text());
    assert_eq!(
        bot.store.active_matches_of_user(EVE).await.unwrap().len(),
        1
    );
    // Eve plays on in it to its end: the lessons she has not seen come (the end's at
    // least), none she saw comes again.
    let mut version = l.info.version;
    for step in 0..600 {
        let l = wait_for_human(&bot, id).await;
        if l.state.winner.is_some() {
            break;
        }
        version = l.info.version;
        let legal = l.state.legal(bot.app.rules(), 0);
        play(&bot, id, version, EVE, pick(&legal, step)).await;
    }
    assert!(
        bot.store.load(id).await.unwrap().state.winner.is_some(),
        "played to the end"
    );
    // The end's lesson points on to real matches (posted after the final board).
    lesson_posted(&bot, |c| c.starts_with("📘") && c.contains("/clans")).await;
    let after = lessons(&bot);
    for t in &after {
        assert!(!before.contains(t), "repeated after the restart: {t}");
    }
    assert!(version > l.info.version, "she played on");
    // Starting over closes it and deals again; seen lessons stay seen.
    learn(
        &bot.fake,
        json!([{"name": "restart", "type": 5, "value": true}]),
    )
    .await;
    let now = bot.store.active_matches_of_user(EVE).await.unwrap();
    assert_eq!(now.len(), 1);
    assert_ne!(now[0].id, id);
    assert!(bot.store.rating_changes(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_match_in_english_resumes_after_a_restart() {
    a_lesson_match("en-US", "📘 **The goal**", "📘 **Summon**").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_match_in_german_resumes_after_a_restart() {
    a_lesson_match("de", "📘 **Das Ziel**", "📘 **Beschwören**").await;
}

/// Waits until every lesson Eve's progress marks seen (marked before it is posted) and
/// `detours` detours (posts starting with `detour_title`) are posted, checks that no
/// more are, and returns her progress.
async fn posted(
    bot: &crate::support::bot::Bot,
    detours: usize,
    detour_title: &str,
) -> crystal_clans::store::Lessons {
    let progress = bot.store.lessons(EVE).await.unwrap().unwrap();
    let want = (progress.seen.count_ones() as usize, detours);
    let count = || {
        let all = lessons(bot);
        let d = all.iter().filter(|t| t.starts_with(detour_title)).count();
        (all.len() - d, d)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while count() != want && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(
        count(),
        want,
        "each lesson and each detour posted once: {:#?}",
        lessons(bot)
    );
    progress
}

/// What a newcomer who follows the lessons clicked, and what they read.
#[derive(Debug, Default)]
struct Followed {
    /// Their inputs, and the clicks and screens (one answer per click) they took.
    inputs: usize,
    clicks: usize,
    /// The lessons shown (and their words), and the detours explained.
    lessons: usize,
    words: usize,
    detours: usize,
}

/// Eve runs `/clans learn` in `lang` and plays her lesson match to its end through her
/// panel, clicking only what the lessons say (`learner_pick`); with `detours`, she
/// answers every lesson that asks for a move with another legal move instead, and each
/// is explained once. The lessons come each with the board and what they are about
/// outlined (alt text first) when `images`; the end offers a real match as a button,
/// which starts one against the beginner AI: not a lesson, not assisted.
async fn follow_the_lessons(lang: &str, detours: bool, images: bool) -> Followed {
    use crate::support::play::take_turn_to;
    use crystal_clans::app::learn::lessons::Lesson;
    use crystal_clans_testkit::fake_discord::learner_pick;
    let store = open(&db_url(&format!("learn-follow-{lang}-{detours}"))).await;
    let app = App::new(store.clone()).with_bot(Arc::new(crystal_clans::app::AiSeats));
    let app = if images { app } else { app.without_images() };
    let bot = start_bot_with(app, store.clone()).await;
    bot.fake.set_user_locale(EVE, lang);
    learn(&bot.fake, json!([])).await;
    let id = bot.store.active_matches_of_user(EVE).await.unwrap()[0].id;
    let info = bot.store.info(id).await.unwrap();
    let channel = info.thread.unwrap_or(info.channel);
    let detour_title = if lang == "de" {
        "📘 **Geht auch**"
    } else {
        "📘 **That works too**"
    };
    let mut done = Followed::default();
    let mut last = None;
    let mut asked_lessons = Vec::new();
    for _ in 0..1500 {
        let l = wait_for_human(&bot, id).await;
        if l.state.winner.is_some() {
            break;
        }
        // As a person would, Eve reads what was posted first: every lesson marked seen
        // (marked before it is posted; the AI's posts are paced) and every detour.
        let progress = posted(&bot, done.detours, detour_title).await;
        let rules = bot.app.rules();
        let legal = l.state.legal(rules, 0);
        let asked = progress.asked;
        let lesson = Lesson::of_bit(asked);
        let mut want = learner_pick(rules, &l.state, 0);
        let detour = lesson.and_then(|lesson| {
            let other = legal.iter().position(|i| !lesson.followed(i))?;
            Some((lesson, other))
        });
        if let (true, Some((lesson, other))) = (detours, detour) {
            want = other;
            asked_lessons.push(lesson);
        }
        let (reply, clicks) =
            take_turn_to(&bot, (id, channel), &l.state, (EVE, 0), want, last.take()).await;
        last = Some(reply);
        done.inputs += 1;
        done.clicks += clicks;
        if detours && detour.is_some() {
            done.detours += 1;
        }
    }
    assert!(
        bot.store.load(id).await.unwrap().state.winner.is_some(),
        "the lesson match ended"
    );
    // The end: its lesson, with the button to a real match.
    let end_title = if lang == "de" {
        "📘 **Das Ende**"
    } else {
        "📘 **The end**"
    };
    let end = bot
        .fake
        .wait_for(
            |r| {
                r.is_channel_post()
                    && r.json["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with(end_title))
            },
            20,
        )
        .await;
    posted(&bot, done.detours, detour_title).await;
    let shown = lessons(&bot);
    done.lessons = shown
        .iter()
        .filter(|t| !t.starts_with(detour_title))
        .count();
    done.words = shown.iter().map(|t| t.split_whitespace().count()).sum();
    // Following the lessons meets them all (a detour changes the match: not always).
    let wanted = if detours { 1 } else { 5 };
    for title in [
        "📘 **",
        if lang == "de" {
            "📘 **Kampf**"
        } else {
            "📘 **Battle**"
        },
        if lang == "de" {
            "📘 **Beschwören**"
        } else {
            "📘 **Summon**"
        },
        if lang == "de" {
            "📘 **Aktivieren**"
        } else {
            "📘 **Activate**"
        },
        if lang == "de" {
            "📘 **Kristalle**"
        } else {
            "📘 **Crystals**"
        },
    ]
    .into_iter()
    .take(wanted)
    {
        assert!(
            shown.iter().any(|t| t.starts_with(title)),
            "{title}: {shown:#?}"
        );
    }
    // Each lesson once.
    let mut titles: Vec<&str> = shown
        .iter()
        .filter(|t| !t.starts_with(detour_title))
        .map(|t| t.split(" · ").next().unwrap_or(t))
        .collect();
    titles.sort();
    let twice: Vec<_> = titles.windows(2).filter(|w| w[0] == w[1]).collect();
    assert!(twice.is_empty(), "shown twice: {twice:?}");
    if detours {
        // Every lesson that asked for a move and left another legal one.
        assert!(
            asked_lessons.contains(&Lesson::Activate),
            "{asked_lessons:?}"
        );
        assert_eq!(done.detours, asked_lessons.len());
    } else {
        assert!(
            !shown.iter().any(|t| t.starts_with(detour_title)),
            "{shown:#?}"
        );
    }
    if images {
        // Every lesson that points at something carries the board with it outlined,
        // its alt text saying first what.
        let outlined = if lang == "de" {
            "Für diese Lektion umrandet: "
        } else {
            "Outlined for this lesson: "
        };
        let posts: Vec<_> = bot
            .fake
            .requests()
            .into_iter()
            .filter(|r| {
                r.is_channel_post()
                    && r.json["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("📘 **") && !c.starts_with(detour_title))
            })
            .collect();
        let with_image = posts.iter().filter(|r| !r.files.is_empty()).count();
        assert!(
            with_image + 1 >= posts.len(),
            "all but the end: {with_image} of {}",
            posts.len()
        );
        for r in posts.iter().filter(|r| !r.files.is_empty()) {
            let alt = r.json["attachments"][0]["description"]
                .as_str()
                .unwrap_or_default();
            assert!(alt.starts_with(outlined), "{alt}");
        }
    }
    if images {
        // The lesson match as Eve saw it, for people to open (and screenshot with
        // `crystal-clans-tools transcript target/tmp/learn-transcript --screenshots`).
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let out = crate::transcript::Out::new("learn-transcript");
        crystal_clans_testkit::transcript::record_fake(&bot.fake, &out.work)
            .expect("the recording is written");
        crystal_clans_testkit::transcript::write_pages(&out.work, &out.work, 4000)
            .expect("the pages are written");
        out.finish();
    }
    // The real match, from the end's button: the beginner AI on a new deal, no lessons.
    let button = end
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":rematch"))
        .expect("the end offers a real match");
    let t = bot.fake.click_in(channel, EVE, name(EVE), &button, &[]);
    crate::support::play::answer(&bot.fake, &t).await;
    let real = bot.store.active_matches_of_user(EVE).await.unwrap();
    assert_eq!(real.len(), 1, "{real:?}");
    let real = bot.store.info(real[0].id).await.unwrap();
    assert_ne!(real.id, id);
    assert_eq!(
        real.seats[1],
        crystal_clans::store::Player::Ai(crystal_clans::ai::Level::Beginner.index())
    );
    assert!(!real.assisted, "a real match, rated");
    assert_ne!(real.setup, crystal_clans::app::learn::DEAL);
    assert_eq!(bot.store.lessons_of_match(real.id).await.unwrap(), None);
    bot.stop().await;
    eprintln!("lesson match in {lang} (detours: {detours}): {done:?}");
    done
}

/// A newcomer who clicks only what the lessons say finishes the lesson match, in
/// English (with the lessons' pictures) and in German; the clicks, screens and words
/// are printed for the note (docs/playing.md quotes them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_finishes_the_lessons_clicking_only_what_they_say() {
    let en = follow_the_lessons("en-US", false, true).await;
    let de = follow_the_lessons("de", false, false).await;
    assert_eq!(en.inputs, de.inputs, "the same match in either language");
    // The match the lesson deal was chosen by (`the_lesson_deal_brings_a_battle_early`).
    assert_eq!(en.inputs, 61, "{en:?}");
    assert_eq!(en.detours + de.detours, 0);
}

/// Every move a lesson asks for can be answered with another legal move: it is made,
/// explained once in the learner's words, and the match still ends (in English: the
/// German detours are the same code with `learn.ftl`'s German, whose keys a test
/// checks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_other_move_a_lesson_allows_is_explained_and_the_match_finishes() {
    let done = follow_the_lessons("en-US", true, false).await;
    assert!(done.detours >= 2, "{done:?}");
}

/// The lesson deal, played by a newcomer who does only what the lessons say against
/// the beginner AI as the bot plays it: a battle early, every lesson but the
/// reshuffle's in the rulebook's order, a win, a short match (the figures of
/// `app::learn::DEAL`'s choice, `crystal-clans-tools lesson-deals`).
#[test]
fn the_lesson_deal_brings_a_battle_early() {
    use crystal_clans::app::learn::lessons::Lesson as L;
    let rules = crystal_clans::game::Rules::base();
    let played =
        crystal_clans_testkit::lesson_deals::play(&rules, crystal_clans::app::learn::DEAL, 5_000)
            .unwrap();
    assert_eq!(played.first_battle, Some(14), "{played:?}");
    assert_eq!(
        played.lessons,
        [
            L::Goal,
            L::Initiative,
            L::Summon,
            L::Activate,
            L::Signature,
            L::Battle,
            L::Score,
            L::CrystalEffect,
            L::End
        ],
        "{played:?}"
    );
    assert!(played.won, "{played:?}");
    assert_eq!((played.inputs, played.turns), (61, 18), "{played:?}");
}

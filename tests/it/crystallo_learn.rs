//! `/crystallo learn` end to end through the fake Discord: a newcomer starts the lesson
//! cavern and plays it to the end clicking only what the lessons mark (📘), in English
//! and in German; each lesson comes once, in order, at its own version of the game; the
//! lesson is on no leaderboard and in the adventure log as a lesson; a restart of the
//! bot resumes it with the lesson of that moment; forged clicks get a friendly answer.

use super::crystallo_discord::{click, command, panel_of};
use crate::support;
use crystal_clans::app::App;
use crystal_clans::crystallo::lesson::SEED;
use crystal_clans::i18n::Lang;
use crystal_clans::i18n::messages::crystallo as m;
use crystal_clans::store::Store;
use crystal_clans::store::crystallo::{Game, Kind};
use crystal_clans_testkit::fake_discord::{Fake, Recorded};
use support::people::{ANA, BEN, name, start_bot_with};
use support::play::clickables;

/// The lessons' bold titles in `lang`, in the order they come ("📘 **A set:**").
fn titles(lang: Lang) -> Vec<String> {
    let head = |s: String| s[..s.find(":**").expect("a bold title") + 3].to_string();
    vec![
        head(m::lesson_contact(lang)),
        head(m::lesson_set(lang, "x", "y")),
        head(m::lesson_free(lang, "y")),
        head(m::lesson_dragon(lang, 9)),
        head(m::lesson_end(lang, "z")),
    ]
}

/// The one choice a panel marks 📘: its custom id and select value.
fn the_mark(json: &serde_json::Value) -> Option<(String, Option<String>)> {
    let marked: Vec<_> = clickables(json)
        .into_iter()
        .filter(|(_, _, label)| label.starts_with("📘"))
        .collect();
    assert!(marked.len() <= 1, "one mark a screen: {marked:?}");
    marked.into_iter().next().map(|(id, v, _)| (id, v))
}

async fn lesson_of(store: &Store, u: u64) -> Game {
    let games = store.crystallo_active(u).await.unwrap();
    games
        .into_iter()
        .find(|g| g.kind == Kind::Lesson)
        .expect("a lesson game")
}

/// What a walk through the lesson saw.
#[derive(Default)]
struct Walk {
    clicks: usize,
    panels: usize,
    /// Each lesson title shown, with the game's version on that panel.
    shown: Vec<(String, i64)>,
}

impl Walk {
    fn saw(&mut self, r: &Recorded, titles: &[String], version: i64) {
        self.panels += 1;
        for t in titles {
            if r.text().contains(t.as_str()) {
                self.shown.push((t.clone(), version));
            }
        }
    }
}

/// Clicks the marked choice of `u`'s lesson panel until nothing is marked (the end) or
/// `max` clicks; every answer is a private panel.
async fn follow_marks(fake: &Fake, store: &Store, g: i64, lang: Lang, walk: &mut Walk, max: usize) {
    let (u, titles) = (ANA, titles(lang));
    for _ in 0..max {
        let on = panel_of(fake, u);
        let now = fake.message(on).unwrap();
        let Some((id, value)) = the_mark(&now.json) else {
            return;
        };
        let values: Vec<&str> = value.iter().map(String::as_str).collect();
        let r = click(fake, on, u, &id, &values).await;
        walk.clicks += 1;
        assert!(r.ephemeral() || r.message_id == Some(on), "{}", r.text());
        let version = store.crystallo_game(g).await.unwrap().version;
        walk.saw(&r, &titles, version);
    }
}

/// A newcomer's whole lesson, clicking only the 📘 marks, in `lang`.
async fn whole_lesson(lang: Lang) {
    let store = support::scratch_store(&format!("cry-learn-{lang:?}")).await;
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;
    if lang == Lang::De {
        fake.set_user_locale(ANA, "de");
        fake.set_guild_locale("de");
    }
    let titles = titles(lang);
    let first = command(fake, ANA, "learn").await;
    assert!(first.ephemeral(), "the lesson's panel is private");
    assert!(
        first.text().contains(&m::panel_lesson(lang)),
        "{}",
        first.text()
    );
    let g = lesson_of(&bot.store, ANA).await;
    assert_eq!((g.seed, g.version, g.kind), (SEED, 0, Kind::Lesson));
    let mut walk = Walk::default();
    walk.saw(&first, &titles, 0);
    follow_marks(fake, &bot.store, g.id, lang, &mut walk, 2000).await;

    let done = bot.store.crystallo_game(g.id).await.unwrap();
    let e = done
        .ending
        .clone()
        .expect("the lesson was played to its end");
    // Each lesson at one version only (all the screens of that turn), in order.
    let mut moments: Vec<(String, i64)> = walk.shown.clone();
    moments.dedup();
    let order: Vec<&String> = moments.iter().map(|(t, _)| t).collect();
    assert_eq!(order, titles.iter().collect::<Vec<_>>(), "{moments:?}");
    assert!(
        moments.windows(2).all(|w| w[0].1 < w[1].1),
        "one version each, in order: {moments:?}"
    );
    let last = fake.message(panel_of(fake, ANA)).unwrap().text();
    assert!(last.contains("/crystallo"), "{last}");
    assert!(
        e.title == "champion" && last.contains(&format!("{}", e.score)),
        "{e:?}: {last}"
    );
    eprintln!(
        "/crystallo learn ({lang:?}): {} clicks and {} panels (the command's and one a \
         click) for {} inputs; lessons at versions {:?}; {} {}, {} points",
        walk.clicks,
        walk.panels,
        done.version,
        moments.iter().map(|(_, v)| *v).collect::<Vec<_>>(),
        e.wealth,
        e.title,
        e.score
    );

    // Nothing public, no leaderboard, no best score; the log says it was a lesson.
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.is_channel_post() && r.text().contains(name(ANA))),
        "a lesson is not posted"
    );
    let s = command(fake, ANA, "scores").await;
    let text = s.text();
    assert!(text.contains(&m::scores_empty(lang)), "{text}");
    let kind = m::log_line(lang, "D", "lesson", "R");
    let kind = kind.split(" · ").nth(1).unwrap();
    assert!(text.contains(&format!(" · {kind} · ")), "{text}");
    assert!(!text.contains(&m::best(lang, e.score)), "{text}");
    // A new lesson may begin once one is finished.
    let again = command(fake, ANA, "learn").await;
    assert!(again.text().contains(&titles[0]), "{}", again.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_learns_by_clicking_only_the_marks_in_english() {
    whole_lesson(Lang::En).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_learns_by_clicking_only_the_marks_in_german() {
    whole_lesson(Lang::De).await;
}

// The same store opened again after a restart.
use crate::support::{open_scratch as open, scratch_url as db_url};

/// A restart between two lessons: `/crystallo learn` resumes the game where it was, with
/// the lesson due at that version; a second `learn` deals no second game; forged and
/// someone else's clicks get a friendly answer and change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_the_lesson_at_its_moment() {
    let url = db_url("learn-restart");
    let store = open(&url).await;
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;
    let titles = titles(Lang::En);
    command(fake, ANA, "learn").await;
    let g = lesson_of(&bot.store, ANA).await;
    // Up to the first placement: the set's lesson is due then.
    let mut walk = Walk::default();
    for _ in 0..10 {
        follow_marks(fake, &bot.store, g.id, Lang::En, &mut walk, 1).await;
        if bot.store.crystallo_game(g.id).await.unwrap().version == 1 {
            break;
        }
    }
    let before = bot.store.crystallo_game(g.id).await.unwrap();
    assert_eq!(before.version, 1);
    let panel = fake.message(panel_of(fake, ANA)).unwrap().text();
    assert!(panel.contains(&titles[1]), "{panel}");

    // Forged ids and Ben's click on Ana's lesson: friendly, nothing changed.
    let on = panel_of(fake, ANA);
    for forged in [
        format!("cry:{}:{}:look:99999", g.id, before.version),
        format!("cry:{}:{}:play:99999", g.id, before.version),
        format!("cry:{}:{}:spot:250:7", g.id, before.version),
        format!("cry:{}:{}:nonsense", g.id, before.version),
    ] {
        let r = click(fake, on, ANA, &forged, &[]).await;
        assert!(!r.text().is_empty(), "{forged}");
    }
    let r = click(
        fake,
        on,
        BEN,
        &format!("cry:{}:{}:show", g.id, before.version),
        &[],
    )
    .await;
    assert!(r.text().contains("someone else's cavern"), "{}", r.text());
    assert_eq!(bot.store.crystallo_game(g.id).await.unwrap(), before);
    bot.stop().await;

    let store = open(&url).await;
    let bot = start_bot_with(App::new(store.clone()).without_images(), store.clone()).await;
    let fake = &bot.fake;
    let r = command(fake, ANA, "learn").await;
    let text = r.text();
    assert!(text.contains(&m::learn_resumed(Lang::En)), "{text}");
    assert!(
        text.contains(&titles[1]),
        "the lesson of that moment: {text}"
    );
    assert_eq!(bot.store.crystallo_game(g.id).await.unwrap(), before);
    assert_eq!(
        bot.store.crystallo_active(ANA).await.unwrap().len(),
        1,
        "no second lesson game"
    );
    // The marks lead on from there: the next placement, and the set's lesson is gone.
    let mut walk = Walk::default();
    for _ in 0..10 {
        follow_marks(fake, &bot.store, g.id, Lang::En, &mut walk, 1).await;
        if bot.store.crystallo_game(g.id).await.unwrap().version == 2 {
            break;
        }
    }
    let after = fake.message(panel_of(fake, ANA)).unwrap().text();
    assert!(!after.contains(&titles[1]), "{after}");
    assert_eq!(bot.store.crystallo_game(g.id).await.unwrap().version, 2);
    bot.stop().await;
}

//! A Crystallo daily through the fake Discord, drawn as the player and a spectator see
//! it (`crystal_clans_testkit::transcript`) and screenshotted with headless Chromium at
//! desktop and phone widths: `target/tmp/crystallo-transcript/` (the pages,
//! `screens/*.png`). The player composes placements in the panel (the card it will
//! touch, a place next to it, the preview, Confirm: the first, and one in a cavern of
//! 20 cards), is refused a second daily with a way back in, and
//! ends the game; the final post shows the title and score, and the cavern behind a
//! spoiler.

use crate::crystallo_discord::{click, command, play_one};
use crate::support;
use crate::transcript::Out;
use crystal_clans::app::App;
use crystal_clans::crystallo::bots::Bot;
use crystal_clans::crystallo::{Phase, View, legal};
use crystal_clans::store::crystallo::utc_day;
use crystal_clans::store::now_ms;
use crystal_clans_testkit::fake_discord::{Fake, GUILD};
use crystal_clans_testkit::transcript::{self, html, shots};
use support::people::{ANA, start_bot_with};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crystallo_daily_drawn_and_screenshotted() {
    let store = support::scratch_store("cry-transcript").await;
    let app = App::new(store.clone()).with_seeds(7);
    let bot = start_bot_with(app, store.clone()).await;
    let (fake, store) = (&bot.fake, &bot.store);

    // Today's deal is fixed (seed 7), so the screens are the same from run to run: a
    // day keeps the deal its first player got, here a player who plays no further.
    let dealt = crystal_clans::store::crystallo::NewGame {
        guild: Some(GUILD),
        channel: crystal_clans_testkit::fake_discord::CHANNEL,
        user: support::people::BEN,
        kind: crystal_clans::store::crystallo::Kind::Daily(utc_day(now_ms())),
        seed: 7,
    };
    store.create_crystallo(dealt, now_ms()).await.unwrap();
    let first = command(fake, ANA, "daily").await;
    assert_eq!(first.files.len(), 1, "the cavern image");
    let g = store
        .crystallo_daily(Some(GUILD), ANA, utc_day(now_ms()))
        .await
        .unwrap()
        .unwrap();
    // One placement composed in the panel, screen by screen.
    play_one(fake, store, g.id, ANA).await;

    // Phase 1 played on by the greedy bot (as if Ana had), with one placement in the
    // middle composed in the panel again (back in through the command: "somewhere
    // else" in a cavern of 20 cards; deck version 2 frees the creatures
    // sooner than version 1 did), then back in for the Black Dragon.
    let mut greedy = crystal_clans::crystallo::bots::Greedy;
    let mut composed = false;
    for _ in 0..400 {
        let g = store.crystallo_game(g.id).await.unwrap();
        if g.state.phase != Phase::Explore {
            break;
        }
        if !composed && g.state.cavern.placed.len() >= 20 {
            composed = true;
            resume_daily(fake).await;
            play_one(fake, store, g.id, ANA).await;
            continue;
        }
        let l = legal(&g.state);
        let input = greedy.decide(&View::of(&g.state), &l);
        let mut copy = g.state.clone();
        crystal_clans::crystallo::apply(&mut copy, input).unwrap();
        if copy.is_over() {
            break;
        }
        store
            .submit_crystallo(g.id, ANA, g.version, input, now_ms())
            .await
            .unwrap();
    }
    assert!(composed, "a placement composed in a cavern of 20 cards");
    resume_daily(fake).await;
    for _ in 0..60 {
        if store.crystallo_game(g.id).await.unwrap().ending.is_some() {
            break;
        }
        play_one(fake, store, g.id, ANA).await;
    }
    let post = fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("finished today"),
            20,
        )
        .await;
    assert!(post.files.iter().any(|(n, _)| n.starts_with("SPOILER_")));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    let out = Out::new("crystallo-transcript");
    let dir = &out.work;
    transcript::record_fake(fake, dir).expect("the recording is written");
    bot.stop().await;
    // Every request is placed (the replay panics on one it cannot place).
    // Screens of 2400 pixels: each composed placement starts a screen of its own, where
    // its first menu is drawn opened (the one a player clicks first).
    let written = transcript::write_pages(dir, dir, 2400).expect("the pages are written");
    let page = |who: &str| crate::transcript::page_of(&written, who);
    let (ana, spectator) = (page("Ana"), page("Spectator"));
    assert!(ana.contains("today&#39;s cavern") || ana.contains("today's cavern"));
    assert!(spectator.contains("finished today"));
    assert!(
        spectator.contains("class=\"imgbox spoiler\""),
        "the picture is behind a spoiler"
    );
    assert!(!spectator.contains("Place 1"), "a spectator sees no panel");
    let Some(chromium) = shots::chromium() else {
        out.finish();
        eprintln!("crystallo transcript screenshots SKIPPED: Chromium is not installed");
        return;
    };
    let pngs = shots::shoot_all(&chromium, &written, |_| true).expect("the screenshots");
    for png in &pngs {
        let (w, _) = html::png_size(&std::fs::read(png).unwrap()).expect("a PNG");
        assert!(w == 390 || w == 1280, "{}", png.display());
    }
    assert!(!pngs.is_empty());
    out.finish();
    eprintln!(
        "{} screenshots in {}",
        pngs.len(),
        out.at.join("screens").display()
    );
}

/// Ana's `/crystallo daily` again, and its Resume button clicked: back into her game's
/// panel.
async fn resume_daily(fake: &Fake) {
    let again = command(fake, ANA, "daily").await;
    let resume = again
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":show"))
        .expect("a Resume button");
    click(fake, again.message_id.unwrap(), ANA, &resume, &[]).await;
}

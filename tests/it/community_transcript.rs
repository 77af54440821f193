//! What a server's community sees of the features around matches, drawn as each
//! participant sees it (`crystal_clans_testkit::transcript`) and screenshotted at
//! desktop and phone widths when Chromium is there: `target/tmp/transcript-community/`.
//! A moderator (Eve) pauses a match's clock and lists the stalled matches; a member who
//! does not play (Cleo) follows it; a player (Ana) keeps a note and exports the match;
//! the moderator voids it. Each private answer is on its reader's page only.

use crystal_clans::app::App;
use crystal_clans_testkit::fake_discord::{CHANNEL, GUILD, Origin};
use crystal_clans_testkit::transcript::{self, shots};
use serde_json::json;
use std::time::Duration;

use crate::support;
use crate::transcript::{Out, page_of};
use support::bot::Bot;
use support::people::*;
use support::play::{answer, board_button};

const CLEO: u64 = 730_000_000_000_000_004;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_followers_notes_and_exports_drawn_per_participant() {
    let store = support::scratch_store("transcript-community").await;
    let app = App::new(store.clone()).with_seeds(3);
    let bot = Bot::start(app, store, Duration::from_secs(3600), Default::default()).await;
    let fake = &bot.fake;
    fake.grant_manage_server(EVE);
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 30, |s| s.turn >= 2).await;
    let admin = |sub: &str, options: serde_json::Value| {
        let t = fake.command_of_by(
            "clans-admin",
            Origin::Guild(GUILD, CHANNEL),
            (EVE, "Eve", false),
            sub,
            options,
        );
        async move { answer(fake, &t).await }
    };
    let confirm = |r: &crystal_clans_testkit::fake_discord::Recorded| {
        let yes = r
            .custom_ids()
            .into_iter()
            .find(|i| i.starts_with("mod:") && i.ends_with(":yes"))
            .expect("a Confirm button");
        let t = fake.click(EVE, "Eve", &yes, &[]);
        async move { answer(fake, &t).await }
    };
    // A member follows the match.
    let follow = board_button(fake, ":follow").expect("Follow");
    let t = fake.click(CLEO, "Cleo", &follow, &[]);
    answer(fake, &t).await;
    // The moderator pauses its clock, then lists the matches.
    let on = |reason: &str| {
        json!([{"name": "match", "type": 4, "value": id},
               {"name": "reason", "type": 3, "value": reason}])
    };
    let asked = admin("pause", on("A rules question is with the server's staff")).await;
    confirm(&asked).await;
    admin("list", json!([{"name": "days", "type": 4, "value": 1}])).await;
    // A player keeps a note, then exports the match.
    let l = bot.store.load(id).await.unwrap();
    let mover = user(l.state.waiting()[0]);
    let p = panel(&bot, id, l.info.version, mover).await;
    let notes = p
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":notes"))
        .expect("Notes");
    let t = fake.click_on(p.message_id.unwrap(), mover, name(mover), &notes, &[]);
    let form = fake.try_ack(&t, Duration::from_secs(10)).await.unwrap();
    let save = form.json["data"]["custom_id"].as_str().unwrap().to_string();
    let t = fake.submit_modal(
        CHANNEL,
        mover,
        name(mover),
        &save,
        &[("note", "Keep the Dragon back")],
    );
    answer(fake, &t).await;
    let t = fake.command(
        ANA,
        "Ana",
        "export",
        json!([{"name": "match", "type": 4, "value": id}]),
        false,
    );
    answer(fake, &t).await;
    // The moderator voids it.
    let asked = admin("void", on("Played twice by mistake")).await;
    confirm(&asked).await;
    fake.wait_for(|r| r.is_channel_post() && r.text().contains("voided"), 10)
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let out = Out::new("transcript-community");
    let dir = &out.work;
    transcript::record_fake(fake, dir).expect("the recording is written");
    bot.stop().await;
    let written = transcript::write_pages(dir, dir, 4000).expect("the pages are written");
    let page = |who: &str| page_of(&written, who);
    let (eve, cleo, spectator) = (page("Eve"), page("Cleo"), page("Spectator"));
    assert!(
        eve.contains("Pause the clock of match"),
        "the moderator's confirmation"
    );
    assert!(
        !spectator.contains("Pause the clock of match"),
        "is hers alone"
    );
    assert!(
        spectator.contains("paused the clock"),
        "the players' post is public"
    );
    assert!(cleo.contains(&format!("You follow match #{id}")));
    assert!(
        !spectator.contains("You follow match"),
        "nobody else sees who follows"
    );
    let writer = page(name(mover));
    assert!(writer.contains("is saved"));
    for who in ["Eve", "Cleo", "Spectator"] {
        assert!(
            !page(who).contains("Keep the Dragon back"),
            "{who} reads the note"
        );
    }
    // The moderator's and the follower's pages: the others are the match's own.
    shoot_and_finish(&out, &written, &["Eve", "Cleo"]);
}

/// Screenshots of the pages of `who` when Chromium is there (required with
/// `REQUIRE_SCREENSHOTS=1`), then the folder put in place.
fn shoot_and_finish(out: &Out, written: &transcript::Written, who: &[&str]) {
    if let Some(chromium) = shots::chromium() {
        shots::shoot_all(&chromium, written, |p| who.contains(&p.name.as_str()))
            .expect("the screenshots are taken");
    } else {
        let required = std::env::var("REQUIRE_SCREENSHOTS").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "REQUIRE_SCREENSHOTS=1 but Chromium is not installed"
        );
    }
    out.finish();
}

/// A match in a group DM the bot is not in, through Ana's own install of the app
/// (`CLANS_USER_INSTALL`): the challenge, its acceptance, the first moves (every board an
/// answer to a click there), then a forfeit on time that the players read by DM, Ben
/// in German. Drawn per participant in `target/tmp/transcript-group-dm/`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_match_through_a_users_install_drawn_per_participant() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let store = support::scratch_store("transcript-group-dm").await;
    let app = App::new(store.clone()).with_seeds(3);
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    let now = crystal_clans::store::now_ms;
    let clock = crystal_clans::discord::Clock(Arc::new(move || now() + o.load(Ordering::SeqCst)));
    let fake = crystal_clans_testkit::fake_discord::Fake::start().await;
    let tick = Duration::from_millis(100);
    let bot = Bot::start_on(fake, app, store, (tick, clock), true).await;
    let fake = &bot.fake;
    fake.set_user_locale(BEN, "de");
    let g = fake.group_dm(ANA);
    let t = fake.command_in(
        Origin::GroupDm(g),
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "timeout", "type": 4, "value": 30}]),
        false,
    );
    let accept = ack(fake, &t)
        .await
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .expect("an Accept button");
    let t = fake.click(BEN, "Ben", &accept, &[]);
    answer(fake, &t).await;
    let id = bot.store.active_matches_of_user(BEN).await.unwrap()[0].id;
    drive(&bot, id, 30, |s| s.turn >= 2).await;
    // A server's command there says what instead.
    let t = fake.command_in(Origin::GroupDm(g), ANA, "Ana", "config", json!([]), false);
    answer(fake, &t).await;
    offset.store(31 * 60_000, Ordering::SeqCst);
    fake.wait_for(
        |r| r.is_channel_post() && r.text().contains("nicht selbst posten"),
        20,
    )
    .await;
    fake.wait_for(
        |r| r.is_channel_post() && r.text().contains("cannot post in the group DM"),
        20,
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let out = Out::new("transcript-group-dm");
    let dir = &out.work;
    transcript::record_fake(fake, dir).expect("the recording is written");
    bot.stop().await;
    let written = transcript::write_pages(dir, dir, 4000).expect("the pages are written");
    let page = |who: &str| page_of(&written, who);
    let (ana, ben) = (page("Ana"), page("Ben"));
    assert!(ana.contains("cannot post in the group DM"), "Ana's DM");
    assert!(ben.contains("nicht selbst posten"), "Ben's DM, in German");
    assert!(!ana.contains("nicht selbst posten"), "Ben's DM is his");
    assert!(ana.contains("needs a server with the bot"), "the refusal");
    shoot_and_finish(&out, &written, &["Ana", "Ben"]);
}

/// Regression: after a match ended other than by its last move (a resignation, a
/// timeout, a moderator's void), its last board still offered Take your turn, My hand,
/// Resign and Follow; the final post now takes their place as the match's live board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_matchs_last_board_loses_its_buttons() {
    let bot = start_bot("crystal-clans-resign-board").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let board = fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| r.is_channel_post() && r.custom_ids().iter().any(|i| i.ends_with(":resign")))
        .expect("a board with Resign");
    let resign = board
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":resign"))
        .unwrap();
    let t = fake.click(BEN, "Ben", &resign, &[]);
    let ask = answer(fake, &t).await;
    let yes = ask
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":resign!"))
        .expect("the resignation's confirmation");
    let t = fake.click_on(ask.message_id.unwrap(), BEN, "Ben", &yes, &[]);
    answer(fake, &t).await;
    fake.wait_for(|r| r.is_channel_post() && r.text().contains("resigned"), 10)
        .await;
    assert!(bot.store.result(id).await.unwrap().is_some());
    let board_id = board.reply_id;
    fake.wait_for(
        |r| r.method == "PATCH" && r.path.ends_with(&format!("/messages/{board_id}")),
        10,
    )
    .await;
    bot.stop().await;
}

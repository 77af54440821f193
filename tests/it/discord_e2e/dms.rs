//! Panels by direct message: taking them there, closed DMs, and a whole match played in
//! DMs.

use crystal_clans::app::App;
use crystal_clans::game::Question;
use crystal_clans::i18n::Lang;
use crystal_clans_testkit::fake_discord::Recorded;
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use serde_json::Value;
use std::time::Duration;

use crate::support;
use support::people::*;
use support::scratch_store as scratch;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn panels_by_direct_message_and_closed_dms() {
    let store = scratch("dm").await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(1).without_images(),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    for u in [ANA, BEN] {
        dm_on(fake, u).await;
    }
    fake.close_dms(BEN);
    let v = bot.store.info(id).await.unwrap().version;
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

/// The design's "picking battle cards in DMs": both players take their panels by direct
/// message and play a whole match there. Every step of every move (battle cards
/// included) is a click in the DM panel, sent as Discord sends a click in a DM (no
/// server, the DM channel, `context` 1), composed part by part; only "Take your turn"
/// on a new board is clicked in the server. Before, the DM test only saw a panel arrive.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_played_in_direct_messages() {
    use support::play::{answer, board_button, clickables, route};
    let store = scratch("dm-match").await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(3).without_images(),
        store.clone(),
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
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            break;
        }
        let seat = l.state.waiting()[0];
        let u = user(seat);
        let want = pick(&l.state.legal(rules, seat), step);
        let choices =
            crystal_clans::app::clans::panel::choices(Lang::En, None, rules, &l.state, seat);
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
            if bot.store.info(id).await.unwrap().version > before {
                break;
            }
        }
        assert!(
            bot.store.info(id).await.unwrap().version > before,
            "the move was made in the DM panel"
        );
        battle_cards += usize::from(battle);
        screens[seat as usize] = Some((dm, screen));
    }
    let end = bot.store.load(id).await.unwrap();
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

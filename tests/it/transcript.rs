//! A whole match between two people through the fake Discord against the real bot,
//! drawn as each participant sees it (`crystal_clans_testkit::transcript`) and screenshotted
//! with headless Chromium at desktop and phone widths, for people to open:
//! `target/tmp/transcript/` (the pages, `screens/*.png`).
//!
//! The players click what their panels show (the choice a lively scripted player
//! wants, reached through the panel's steps), open their hands now and then, and a
//! third member clicks a button of a match she is not in.
//!
//! Without Chromium the pages are still written and checked, and the screenshots are
//! skipped with a notice; `REQUIRE_SCREENSHOTS=1` (set by `.ci/run`) makes that a failure.

use crystal_clans::app::App;
use crystal_clans::app::clans::panel;
use crystal_clans::game::State;
use crystal_clans_testkit::fake_discord::{Recorded, lively_pick};
use crystal_clans_testkit::transcript::{self, html, shots};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support;
use support::bot::Bot;

const ANA: u64 = 740_000_000_000_000_001;
const MAX: u64 = 740_000_000_000_000_002;
const EVE: u64 = 740_000_000_000_000_003;

fn name(u: u64) -> &'static str {
    match u {
        ANA => "Ana",
        MAX => "Max",
        _ => "Eve",
    }
}

/// What a player can click in a message: (custom id, the select value if a select).
fn clickables(json: &Value) -> Vec<(String, Option<String>, String)> {
    let mut out = vec![];
    let rows = json
        .get("components")
        .or_else(|| json.get("data").and_then(|d| d.get("components")));
    for row in rows.and_then(Value::as_array).into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else {
                continue;
            };
            if c["disabled"].as_bool() == Some(true) {
                continue;
            }
            match c["options"].as_array() {
                Some(opts) => {
                    for o in opts {
                        out.push((
                            id.to_string(),
                            o["value"].as_str().map(str::to_string),
                            o["label"].as_str().unwrap_or_default().to_string(),
                        ));
                    }
                }
                None => out.push((
                    id.to_string(),
                    None,
                    c["label"].as_str().unwrap_or_default().to_string(),
                )),
            }
        }
    }
    out
}

/// The bot's visible answer to an interaction: its message callback, or the message
/// that fills its deferral, or an edit of the clicked message.
async fn answer(bot: &Bot, token: &str) -> Recorded {
    let ack = bot
        .fake
        .try_ack(token, Duration::from_secs(10))
        .await
        .expect("the bot acknowledges");
    if ack.json["type"] == 4 || ack.json["type"] == 7 {
        return ack;
    }
    bot.fake
        .try_wait_key(
            token,
            |r| r.path.contains("/webhooks/") && (r.method == "POST" || r.method == "PATCH"),
            Duration::from_secs(20),
        )
        .await
        .expect("the bot answers")
}

struct Match {
    id: i64,
    /// Where its board and buttons are (its thread, or the channel).
    channel: u64,
}

/// The latest public board's button whose id ends with `suffix` (e.g. `:turn`).
fn board_button(bot: &Bot, suffix: &str) -> Option<String> {
    bot.fake.requests().iter().rev().find_map(|r| {
        if !r.is_channel_post() {
            return None;
        }
        clickables(&r.json)
            .into_iter()
            .map(|(id, _, _)| id)
            .find(|id| id.ends_with(suffix))
    })
}

/// One input for `user`, clicked through the panel as a person would: carry on in the
/// bot's last answer when it asks the current question (a turn of several inputs),
/// else open the panel from the board; then follow the steps towards the choice a
/// lively player wants. Returns the bot's answer to the input.
async fn take_turn(
    bot: &Bot,
    m: &Match,
    state: &State,
    user: u64,
    seat: u8,
    step: usize,
    last: Option<Recorded>,
) -> Recorded {
    let rules = bot.app.rules();
    let legal = state.legal(rules, seat);
    let want = lively_pick(&legal, step);
    let choices = panel::choices(
        bot.app.directory.user_lang(user).await,
        None,
        rules,
        state,
        seat,
    );
    let wanted = &choices[want];
    let before = bot.store.info(m.id).await.unwrap().version;
    let current = format!("clans:{}:{before}:", m.id);
    let mut screen = match last.filter(|r| {
        clickables(&r.json)
            .iter()
            .any(|(id, _, _)| id.starts_with(&current))
    }) {
        Some(r) => r,
        None => {
            // A person answers the board that pings them: wait for it (it is posted
            // after the previous input's reply), else use the last one.
            let deadline = Instant::now() + Duration::from_secs(3);
            while !board_button(bot, ":turn").is_some_and(|b| b.starts_with(&current))
                && Instant::now() < deadline
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let turn = board_button(bot, ":turn").expect("a Take your turn button");
            let t = bot.fake.click_in(m.channel, user, name(user), &turn, &[]);
            answer(bot, &t).await
        }
    };
    for _ in 0..10 {
        let shown = clickables(&screen.json);
        let Some((id, values)) = support::play::route(&choices, want, &shown) else {
            break;
        };
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let t = bot.fake.click_in(m.channel, user, name(user), &id, &values);
        screen = answer(bot, &t).await;
        if bot.store.info(m.id).await.unwrap().version > before {
            return screen;
        }
    }
    panic!(
        "the panel never offered {:?} ({:?} / {}); it showed {:#?}",
        legal[want],
        wanted.category,
        wanted.label,
        clickables(&screen.json)
    );
}

async fn play_a_match(bot: &Bot) -> Match {
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": MAX.to_string()},
               {"name": "clan", "type": 3, "value": "random"},
               {"name": "mulligan", "type": 5, "value": true}]),
        false,
    );
    let challenge = answer(bot, &t).await;
    let accept = clickables(&challenge.json)
        .into_iter()
        .find(|(id, _, _)| id.contains(":acc:"))
        .expect("an Accept button")
        .0;
    let t = fake.click(MAX, "Max", &accept, &[]);
    answer(bot, &t).await;
    let id = bot.store.active_matches_of_user(MAX).await.unwrap()[0].id;
    let info = bot.store.info(id).await.unwrap();
    let channel = info.thread.unwrap_or(info.channel);
    fake.wait_for(|r| r.is_channel_post() && !r.files.is_empty(), 20)
        .await;
    let m = Match { id, channel };
    // Someone who is not playing clicks "Take your turn".
    let turn = board_button(bot, ":turn").expect("a Take your turn button");
    let t = fake.click_in(channel, EVE, "Eve", &turn, &[]);
    answer(bot, &t).await;
    let mut hands = [0usize; 2];
    let mut last: [Option<Recorded>; 2] = [None, None];
    let mut took_back = false;
    for step in 0..2000 {
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            return m;
        }
        let seat = l.state.waiting()[0];
        let user = [ANA, MAX][seat as usize];
        // Each player looks at their hand at the start and now and then.
        if step % 40 == seat as usize * 20 && hands[seat as usize] < 3 {
            hands[seat as usize] += 1;
            if let Some(hand) = board_button(bot, ":hand") {
                let t = fake.click_in(channel, user, name(user), &hand, &[]);
                answer(bot, &t).await;
            }
        }
        let reply = take_turn(
            bot,
            &m,
            &l.state,
            user,
            seat,
            step,
            last[seat as usize].take(),
        )
        .await;
        if !took_back && step > 20 && take_back(bot, &m, seat, &reply).await {
            took_back = true;
            last = [None, None];
            continue;
        }
        last[seat as usize] = Some(reply);
    }
    panic!("the match did not end in 2000 inputs");
}

/// Once in the match: the player who just answered takes it back from their panel, the
/// other player opens the request and allows it (both sides of a takeback on the
/// pages). Only where the panel offers it and the other player must answer next.
async fn take_back(bot: &Bot, m: &Match, seat: u8, reply: &Recorded) -> bool {
    let Some(tb) = clickables(&reply.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.ends_with(":tb"))
    else {
        return false;
    };
    let l = bot.store.load(m.id).await.unwrap();
    if !l.state.waits_for(1 - seat) || l.state.waits_for(seat) {
        return false;
    }
    let (asker, other) = ([ANA, MAX][seat as usize], [ANA, MAX][1 - seat as usize]);
    let fake = &bot.fake;
    let t = fake.click_in(m.channel, asker, name(asker), &tb, &[]);
    answer(bot, &t).await;
    let request = fake
        .wait_for(
            |r| {
                r.is_channel_post()
                    && clickables(&r.json)
                        .iter()
                        .any(|(id, _, _)| id.contains(":tb?:"))
            },
            10,
        )
        .await;
    let open = clickables(&request.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.contains(":tb?:"))
        .unwrap();
    let t = fake.click_in(m.channel, other, name(other), &open, &[]);
    let prompt = answer(bot, &t).await;
    let allow = clickables(&prompt.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.contains(":tb+:"))
        .expect("an Allow button");
    let t = fake.click_in(m.channel, other, name(other), &allow, &[]);
    answer(bot, &t).await;
    fake.wait_for(
        |r| r.is_channel_post() && r.text().contains("took back their last action"),
        10,
    )
    .await;
    assert_eq!(bot.store.takebacks(m.id).await.unwrap().len(), 1);
    true
}

/// The size an `<img class=att>` is drawn at, from its attributes.
fn drawn_images(page: &str) -> Vec<(u32, u32, String)> {
    page.split("<img class=att ")
        .skip(1)
        .map(|tag| {
            let attr = |name: &str| -> String {
                tag.split(&format!("{name}="))
                    .nth(1)
                    .map(|s| s.trim_start_matches('"'))
                    .and_then(|s| s.split(['"', ' ', '>']).next())
                    .unwrap_or_default()
                    .to_string()
            };
            (
                attr("width").parse().unwrap(),
                attr("height").parse().unwrap(),
                attr("data-box"),
            )
        })
        .collect()
}

fn out_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("transcript")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_drawn_and_screenshotted_per_participant() {
    let began = Instant::now();
    let store = support::scratch_store("transcript").await;
    let app = App::new(store.clone()).with_seeds(3);
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Default::default(),
    )
    .await;
    play_a_match(&bot).await;
    // The last posts (the end of the match) may still be on their way.
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("wins the match"),
            20,
        )
        .await;
    // Then its replay, drawn after the final board (seconds in a debug build).
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.files.iter().any(|(n, _)| n.ends_with("-replay.gif")),
            300,
        )
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let dir = out_dir();
    let _ = std::fs::remove_dir_all(&dir);
    transcript::record_fake(&bot.fake, &dir).expect("the recording is written");
    bot.stop().await;
    let played = began.elapsed();

    // Every request is placed (the replay panics on one it cannot place).
    let written = transcript::write_pages(&dir, &dir, 4000).expect("the pages are written");
    let c = &written.conversation;
    let page = |who: &str| -> String {
        let (_, path) = written
            .pages
            .iter()
            .find(|(p, _)| p.name == who)
            .unwrap_or_else(|| panic!("no page for {who}"));
        std::fs::read_to_string(path).unwrap()
    };
    let (ana, max, spectator) = (page("Ana"), page("Max"), page("Spectator"));
    let shown = |html: &str, msg: &transcript::model::Message| {
        html.contains(&format!("id=\"m{}\"", msg.id))
    };
    let ana_id = ANA.to_string();
    let mut public = 0;
    let mut anas = 0;
    for msg in c.messages.iter().filter(|m| !m.deleted) {
        match &msg.only_for {
            None => {
                public += 1;
                for (who, html) in [("Ana", &ana), ("Max", &max), ("Spectator", &spectator)] {
                    assert!(
                        shown(html, msg),
                        "{who}'s page lacks public message {}",
                        msg.id
                    );
                }
            }
            Some(u) if *u == ana_id => {
                anas += 1;
                assert!(shown(&ana, msg), "Ana's page lacks her panel {}", msg.id);
                assert!(
                    !shown(&max, msg),
                    "Max's page shows Ana's private {}",
                    msg.id
                );
                assert!(
                    !shown(&spectator, msg),
                    "a spectator sees Ana's private {}",
                    msg.id
                );
            }
            Some(_) => assert!(
                !shown(&ana, msg),
                "Ana's page shows another's private {}",
                msg.id
            ),
        }
    }
    assert!(public > 10 && anas > 10, "{public} public, {anas} of Ana's");
    // Both sides of the takeback: the request and what was taken back in public, the
    // asker's note on their page only, the opponent's Allow on theirs only.
    for html in [&ana, &max, &spectator] {
        assert!(html.contains("asks to take back their last action"));
        assert!(html.contains("took back their last action"));
    }
    let (asked, allowed) = ("to let you take back", "You allowed it");
    assert!(
        ana.contains(asked) != max.contains(asked),
        "the asker's note is theirs"
    );
    assert!(
        ana.contains(allowed) != max.contains(allowed),
        "the answer is the other's"
    );
    assert!(!spectator.contains(asked) && !spectator.contains(allowed));
    assert!(ana.contains("Only you can see this"));
    assert!(!spectator.contains("Only you can see this"));
    assert!(!spectator.contains("class=\"msg eph\""));
    // Every image is drawn within Discord's box: 550x350 attached, 400x300 in an embed.
    let images = drawn_images(&ana);
    assert!(images.len() > 5, "Ana's page has {} images", images.len());
    for (w, h, bx) in images.iter().chain(&drawn_images(&spectator)) {
        let (bw, bh) = bx.split_once('x').unwrap();
        assert!(
            *w <= bw.parse().unwrap() && *h <= bh.parse().unwrap(),
            "{w}x{h} in {bx}"
        );
        assert!(*w <= html::INLINE_BOX.0 && *h <= html::INLINE_BOX.1);
    }
    // Each image with its alt text or the marker that it has none, never its file name.
    for html in [&ana, &spectator] {
        let badges = html.matches("class=alt-badge>").count()
            + html.matches("class=\"alt-badge none\">").count();
        assert_eq!(
            badges,
            drawn_images(html).len(),
            "an image without its ALT badge"
        );
    }
    for m in &c.messages {
        for a in &m.attachments {
            assert!(
                !ana.contains(&format!("alt=\"{}\"", a.name)),
                "{} stands in for its alt text",
                a.name
            );
        }
    }
    eprintln!(
        "attachments without alt text: {:?}",
        c.attachments_without_alt_text()
            .iter()
            .map(|a| &a.name)
            .collect::<Vec<_>>()
    );
    // The pages name people, never their raw mention syntax.
    assert!(!spectator.contains("&lt;@"), "a raw mention is drawn");

    let Some(chromium) = shots::chromium() else {
        let required = std::env::var("REQUIRE_SCREENSHOTS").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "REQUIRE_SCREENSHOTS=1 but Chromium is not installed"
        );
        eprintln!(
            "transcript screenshots SKIPPED: Chromium is not installed (Debian: apt-get \
             install chromium); the pages are in {}",
            dir.display()
        );
        return;
    };
    let shot_began = Instant::now();
    // The two players and a spectator (Eve's page, a spectator's and one refusal, is
    // written and checked but not photographed: each screenshot costs seconds).
    let pngs = shots::shoot_all(&chromium, &written, |p| p.name != "Eve")
        .expect("the screenshots are taken");
    for png in &pngs {
        let bytes = std::fs::read(png).unwrap();
        let (w, _) = html::png_size(&bytes).expect("a PNG");
        let want = if png.to_string_lossy().contains("-390-") {
            390
        } else {
            1280
        };
        assert_eq!(w, want, "{}", png.display());
    }
    eprintln!(
        "{} messages ({public} public); {} screenshots in {} (match {:.1} s, screenshots {:.1} s)",
        c.messages.len(),
        pngs.len(),
        dir.join("screens").display(),
        played.as_secs_f64(),
        shot_began.elapsed().as_secs_f64()
    );
}

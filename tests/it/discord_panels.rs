//! What a turn leaves in Discord, through the real bot and the fake: one private panel
//! per player, updated in place by every click; one board post a turn (and up to two
//! more each time the turn asks the opponent something); notes beside a panel; the
//! rate of public posts over a whole match.

use crystal_clans::app::App;
use crystal_clans::app::clans::panel;
use crystal_clans::game::Question;
use crystal_clans::i18n::Lang;
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use crystal_clans_testkit::fake_discord::{Fake, Recorded};
use serde_json::json;
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::*;
use support::scratch_store as scratch;

/// What one turn left behind in Discord (see [`play_turn`]).
#[derive(Debug, Default)]
struct TurnCount {
    /// Answers to the "choose an action" question.
    actions: usize,
    /// Times the turn asked the other player something (a battle card).
    asked_other: usize,
    /// Clicks by anyone, and the answers among them (each saved an input).
    clicks: usize,
    inputs: usize,
    /// New private messages per seat (panels and notes).
    private: [usize; 2],
    /// The panels' edits (each click in a panel updates it).
    edits: usize,
    /// Public posts in the match's thread, and the battle pictures among their files.
    posts: usize,
    pictures: usize,
}

/// The choice a player makes in [`play_turn`]: no battle when one may be declined (a
/// turn without a battle is the common case), otherwise a lively pick.
fn calm_pick(legal: &[crystal_clans::game::Input], step: usize) -> usize {
    use crystal_clans::game::Input;
    legal
        .iter()
        .position(|i| *i == Input::Battle(false))
        .unwrap_or_else(|| pick(legal, step))
}

/// Plays the turn that the match waits for now (`calm`: declining battles), as people
/// do: each player keeps one panel (`panels`, kept from turn to turn), opened once from
/// a board ("Take your turn", "Pick battle card") and brought up to date with its
/// Refresh button when the match comes back to them; every choice is made in it, each
/// answer after a step into the panel's first menu (another click, which updates it
/// too). Ends when the turn passes (its board posted) or the match ends; counts what
/// Discord then shows.
async fn play_turn(
    bot: &Bot,
    id: i64,
    step: &mut usize,
    calm: bool,
    panels: &mut [Option<u64>; 2],
) -> TurnCount {
    let fake = &bot.fake;
    let l = bot.store.load(id).await.unwrap();
    let turn = l.state.turn;
    let thread = l.info.thread.unwrap_or(l.info.channel);
    let mark = fake.count();
    let before = [ANA, BEN].map(|u| fake.private_messages(u).len());
    let edits = |fake: &Fake| -> usize {
        [ANA, BEN]
            .iter()
            .flat_map(|&u| fake.private_messages(u))
            .map(|m| m.edits)
            .sum()
    };
    let edits_before = edits(fake);
    let mut n = TurnCount::default();
    let active = l.state.waiting()[0];
    let mut other_asked = false;
    loop {
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() || l.state.turn != turn {
            break;
        }
        let asked = l.state.waiting().iter().any(|&s| s != active);
        n.asked_other += usize::from(asked && !other_asked);
        other_asked = asked;
        // The other player's answers first (a battle card), as the active one's may wait.
        let seat = *l
            .state
            .waiting()
            .iter()
            .find(|&&s| s != active)
            .unwrap_or(&active);
        let u = user(seat);
        let on = match panels[seat as usize] {
            Some(p) if fake.message(p).is_some_and(|m| !m.custom_ids().is_empty()) => p,
            // No panel yet, or one with nothing left to click: open one from the board.
            _ => {
                let p = panel(bot, id, l.info.version, u).await;
                n.clicks += 1;
                p.message_id.expect("a panel")
            }
        };
        panels[seat as usize] = Some(on);
        // "Refresh" first when the panel does not ask this question (it says it is not
        // their move, as after their battle card).
        let current = format!("clans:{id}:{}:", l.info.version);
        let shown = fake.message(on).unwrap();
        let ids = shown.custom_ids();
        if !ids.iter().any(|c| c.starts_with(&current))
            && let Some(refresh) = ids.iter().find(|c| c.ends_with(":turn:all"))
        {
            let t = fake.click_on(on, u, name(u), refresh, &[]);
            let r = followup(fake, &t).await;
            assert_eq!(r.message_id, Some(on), "a refresh updates the panel");
            n.clicks += 1;
        }
        let legal = l.state.legal(bot.app.rules(), seat);
        let is_action = l.state.pending().question == Question::Action;
        let index = if calm {
            calm_pick(&legal, *step)
        } else {
            pick(&legal, *step)
        };
        *step += 1;
        // The choice composed part by part in the panel, each click updating it.
        let choices = panel::choices(Lang::En, None, bot.app.rules(), &l.state, seat);
        let mut made = false;
        for _ in 0..12 {
            let shown = support::play::clickables(&fake.message(on).unwrap().json);
            let (cid, values) = support::play::route(&choices, index, &shown)
                .unwrap_or_else(|| panic!("the panel never offered {index}: {shown:#?}"));
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            let t = fake.click_on(on, u, name(u), &cid, &values);
            let ack = ack(fake, &t).await;
            assert_eq!(ack.json["type"], 6, "a click in a panel defers an update");
            let r = followup(fake, &t).await;
            assert!(r.ephemeral());
            assert_eq!(
                r.message_id,
                Some(on),
                "the answer replaces the panel clicked"
            );
            n.clicks += 1;
            if bot.store.info(id).await.unwrap().version > l.info.version {
                assert!(r.text().contains("Done"), "{}", r.text());
                made = true;
                break;
            }
        }
        assert!(made, "choice {index} was made in the panel");
        n.inputs += 1;
        n.actions += usize::from(is_action);
    }
    // The board that ends the turn is the last post: wait for it.
    let next = bot.store.load(id).await.unwrap();
    let key = thread.to_string();
    let last_board = |r: &Recorded| {
        r.is_channel_post()
            && (r.text().contains(&format!("turn {} ·", next.state.turn))
                || r.text().contains("wins the match"))
    };
    fake.try_wait_key(&key, last_board, Duration::from_secs(20))
        .await
        .expect("the turn's board was posted");
    let after = fake.since(mark);
    let posts: Vec<&Recorded> = after
        .iter()
        .filter(|r| r.is_channel_post() && r.path.contains(&format!("/channels/{thread}/")))
        .collect();
    n.posts = posts.len();
    n.pictures = posts.iter().map(|r| battle_pictures(r)).sum();
    for (seat, u) in [ANA, BEN].into_iter().enumerate() {
        n.private[seat] = fake.private_messages(u).len() - before[seat];
    }
    n.edits = edits(fake) - edits_before;
    // Nothing private went public, and every panel stayed private.
    for r in &after {
        if r.path.contains("/webhooks/") {
            assert!(r.ephemeral(), "an answer went public: {}", r.text());
        }
    }
    n
}

/// Waits for the opening board and the board of the match's first turn (posted right
/// after the answer to the last mulligan), so that neither is counted as a post of that
/// turn: under load the opening board, queued by the rate limiter, can reach Discord
/// after the first turn's.
async fn first_board(bot: &Bot, id: i64) {
    let thread = bot.store.info(id).await.unwrap();
    let key = thread.thread.unwrap_or(thread.channel).to_string();
    for (what, title) in [
        ("the opening board", " begins: "),
        ("the first turn's board", "turn 1 ·"),
    ] {
        let board = |r: &Recorded| r.is_channel_post() && r.text().contains(title);
        bot.fake
            .try_wait_key(&key, board, Duration::from_secs(20))
            .await
            .expect(what);
    }
}

/// Issue 18's measure of done: a complete turn of three actions through the real bot
/// leaves exactly one private panel per player (each opened once from a board, then
/// updated in place by every click, through the turns) and one board post. Every turn
/// on the way is held to the same counts (a player's first panel opens in their first
/// turn; a turn that asks the opponent something posts up to two more).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_of_three_actions_leaves_one_panel_per_player_and_one_board_post() {
    let bot = start_bot("one-panel").await;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 20, |s| s.turn >= 1).await;
    first_board(&bot, id).await;
    // From the first turn on: the panels the players have.
    let mark = [ANA, BEN].map(|u| bot.fake.private_messages(u).len());
    let mut panels = [None, None];
    let mut step = 0;
    let mut three = None;
    for _ in 0..40 {
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            break;
        }
        let active = l.state.waiting()[0] as usize;
        let n = play_turn(&bot, id, &mut step, true, &mut panels).await;
        let have: Vec<usize> = [ANA, BEN]
            .iter()
            .zip(mark)
            .map(|(&u, m)| bot.fake.private_messages(u).len() - m)
            .collect();
        eprintln!("turn {}: {n:?}, panels so far {have:?}", l.state.turn);
        assert_eq!(have[active], 1, "one panel for the player, kept: {n:?}");
        assert!(have[1 - active] <= 1, "at most one for the other: {have:?}");
        assert_eq!(
            n.edits, n.clicks,
            "every click made or updated a panel: {n:?}"
        );
        // One board for the turn; each time the opponent is asked (pinged by a board),
        // one more, and one when the turn comes back to the player.
        assert!(n.posts >= 1 && n.posts <= 1 + 2 * n.asked_other, "{n:?}");
        if n.asked_other == 0 {
            assert_eq!(n.posts, 1, "{n:?}");
        }
        if n.actions >= 3 && n.asked_other == 0 && have == [1, 1] {
            three = Some(n);
            break;
        }
    }
    let n = three.expect("no turn of three actions without an interruption in 40 turns");
    assert_eq!(n.posts, 1, "one board post");
    assert_eq!(
        n.private,
        [0, 0],
        "no new private message: each panel was updated"
    );
    assert_eq!(n.pictures, 0);
    bot.stop().await;
}

/// "My hand" on the board opens one private message with the hand's image; its "My
/// panel" button turns that same message into the panel (the image goes), so looking
/// at the hand leaves no second message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_hand_becomes_the_panel_in_place() {
    let bot = start_bot("hand-panel").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let v = bot.store.info(id).await.unwrap().version;
    let before = fake.private_messages(ANA).len();
    let t = fake.click(ANA, "Ana", &format!("clans:{id}:{v}:hand"), &[]);
    let r = followup(fake, &t).await;
    assert!(
        r.ephemeral() && r.text().contains("Your hand"),
        "{}",
        r.text()
    );
    assert!(
        r.files
            .iter()
            .any(|(n, png)| n == "hand.png" && png.starts_with(b"\x89PNG"))
    );
    // The abilities and effects the cards name are explained in the text, one a line,
    // where a phone shows them at full size (the image has no glossary).
    let content = r.json["content"].as_str().unwrap_or_default();
    assert!(
        content
            .lines()
            .skip(1)
            .any(|l| l.starts_with("**") && l.contains(":** ")),
        "{content}"
    );
    let on = r.message_id.expect("an interaction message");
    let open = fake
        .message(on)
        .unwrap()
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":turn:all"))
        .expect("a My panel button");
    let t = fake.click_on(on, ANA, "Ana", &open, &[]);
    let r = followup(fake, &t).await;
    assert_eq!(r.message_id, Some(on), "the same message");
    assert!(
        r.ephemeral() && r.text().contains("mulligan"),
        "{}",
        r.text()
    );
    assert!(
        r.files.is_empty() && r.json["attachments"] == json!([]),
        "the image goes"
    );
    assert_eq!(fake.private_messages(ANA).len(), before + 1);
    bot.stop().await;
}

/// A refusal to a click inside a panel (a choice that is not available) comes as a
/// private note of its own: the panel stays as it was, with its buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_in_a_panel_is_a_note_beside_it() {
    let store = scratch("note").await;
    let bot = start_bot_with(
        App::new(store.clone()).with_seeds(1).without_images(),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let v = bot.store.info(id).await.unwrap().version;
    let on = panel(&bot, id, v, ANA).await.message_id.expect("a panel");
    let shown = fake.message(on).unwrap();
    let t = fake.click_on(on, ANA, "Ana", &format!("clans:{id}:{v}:in:999"), &[]);
    assert_eq!(ack(fake, &t).await.json["type"], 6);
    let note = followup(fake, &t).await;
    assert!(note.text().contains("not available"), "{}", note.text());
    assert!(
        note.ephemeral() && note.method == "POST",
        "a new private message"
    );
    assert_ne!(note.message_id, Some(on));
    let now = fake.message(on).unwrap();
    assert_eq!(
        (now.edits, now.json),
        (shown.edits, shown.json),
        "the panel is untouched"
    );
    assert_eq!(
        bot.store.info(id).await.unwrap().version,
        v,
        "nothing changed"
    );
    bot.stop().await;
}

/// A whole match through the bot, turn by turn, battles accepted: a turn posts its
/// board, and up to two posts more each time it asks the opponent something (the board
/// that pings them, then the battle picture, in the board that gives the turn back), so
/// a normal turn (at most two battles) stays within Discord's channel limit of 5
/// messages per 5 seconds however fast it is played; each player keeps one panel for
/// the whole match. Prints the counts (the numbers in docs/measurements.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_posts_within_the_channel_rate_limit() {
    let store = scratch("posts").await;
    let app = App::new(store.clone()).with_seeds(3).without_images();
    let bot = start_bot_with(app, store.clone()).await;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 20, |s| s.turn >= 1).await;
    first_board(&bot, id).await;
    // From the first turn on (the mulligans before it opened panels of their own).
    let mark = bot.fake.count();
    let private_before = [ANA, BEN].map(|u| bot.fake.private_messages(u).len());
    let mut panels = [None, None];
    let mut step = 0;
    let (mut turns, mut most, mut battles, mut clicks) = (0, 0, 0, 0);
    for _ in 0..400 {
        if bot.store.load(id).await.unwrap().state.winner.is_some() {
            break;
        }
        let n = play_turn(&bot, id, &mut step, false, &mut panels).await;
        battles += n.asked_other;
        clicks += n.clicks;
        assert!(n.posts >= 1 && n.posts <= 1 + 2 * n.asked_other, "{n:?}");
        if n.asked_other <= 2 {
            assert!(
                n.posts <= 5,
                "a normal turn posted {} messages: {n:?}",
                n.posts
            );
        }
        assert!(n.private.iter().all(|&p| p <= 1), "{n:?}");
        most = most.max(n.posts);
        turns += 1;
    }
    let l = bot.store.load(id).await.unwrap();
    assert!(l.state.winner.is_some(), "the match did not end");
    let all = bot.fake.since(mark);
    let posts = all.iter().filter(|r| r.is_channel_post()).count();
    let private: usize = [ANA, BEN]
        .iter()
        .zip(private_before)
        .map(|(&u, b)| bot.fake.private_messages(u).len() - b)
        .sum();
    eprintln!(
        "a whole match: {} inputs, {turns} turns ({battles} asking the opponent), {posts} \
         public posts ({:.2} a turn, at most {most}), {private} private messages ({:.2} a \
         turn), {clicks} clicks",
        l.info.version,
        posts as f64 / turns as f64,
        private as f64 / turns as f64
    );
    assert_eq!(private, 2, "one panel per player for the whole match");
    bot.stop().await;
}

//! Taking back a misclick, end to end through the fake Discord (`src/app/clans/takeback.rs`):
//! asked and allowed, declined, lapsed, refused because it would reveal a card, turned
//! off by the server, and against the AI; forged and stale clicks change nothing.

use crate::support::bot::Bot;
use crate::support::people::*;
use crate::support::scratch_store as scratch;
use crystal_clans::app::App;
use crystal_clans::app::clans::takeback::TAKEBACK_TTL_MS;
use crystal_clans::game::Seat;
use crystal_clans::game::takeback::Denied;
use crystal_clans::store::{GuildSettings, Verdict, now_ms};
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use crystal_clans_testkit::fake_discord::{GUILD, Recorded};
use std::sync::Arc;
use std::time::Duration;

/// Plays through the bot until the player who just answered has an action `judged`
/// likes for a takeback, while the other player must answer next (the turn passed):
/// the version then, that player's seat and the reply to their answer (their panel).
pub async fn until_takeback(
    bot: &Bot,
    id: i64,
    judged: impl Fn(&Result<(), Denied>) -> bool,
) -> (i64, Seat, Recorded) {
    let store = &bot.store;
    for step in 0..400 {
        let l = store.load(id).await.unwrap();
        assert!(l.state.winner.is_none(), "the match ended first");
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(bot.app.rules(), seat);
        let r = play(
            bot,
            id,
            l.info.version,
            user(seat),
            pick(&legal, step * 7 + 3),
        )
        .await;
        let after = store.load(id).await.unwrap();
        let plan = store
            .takeback_plan(&after.info, seat)
            .await
            .unwrap()
            .map(|_| ());
        if after.state.turn > 2
            && after.state.waits_for(1 - seat)
            && !after.state.waits_for(seat)
            && judged(&plan)
        {
            return (after.info.version, seat, r);
        }
    }
    panic!("no such position in 400 inputs");
}

pub fn ids_with(r: &Recorded, verb: &str) -> Vec<String> {
    r.custom_ids()
        .into_iter()
        .filter(|c| c.split(':').nth(3) == Some(verb))
        .collect()
}

/// Clicks `custom_id` (on the last message that carries it) as `u`; the answer.
pub async fn click(bot: &Bot, u: u64, custom_id: &str) -> Recorded {
    let t = bot.fake.click(u, name(u), custom_id, &[]);
    ack(&bot.fake, &t).await;
    followup(&bot.fake, &t).await
}

/// The request post in the thread, with its "Answer" button.
pub async fn request_post(bot: &Bot, id: i64, version: i64) -> (Recorded, String) {
    let prefix = format!("clans:{id}:{version}:tb?:");
    let post = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.custom_ids().iter().any(|c| c.starts_with(&prefix)),
            10,
        )
        .await;
    let answer = post
        .custom_ids()
        .into_iter()
        .find(|c| c.starts_with(&prefix))
        .unwrap();
    (post, answer)
}

/// Asks to take back: the asker's private note, the public request, its Answer button.
async fn ask(bot: &Bot, id: i64, version: i64, asker: Seat, reply: &Recorded) -> String {
    let tb = ids_with(reply, "tb");
    assert_eq!(
        tb,
        vec![format!("clans:{id}:{version}:tb")],
        "the panel offers Take back: {}",
        reply.text()
    );
    let note = click(bot, user(asker), &tb[0]).await;
    assert!(note.ephemeral());
    let other = name(user(1 - asker));
    assert!(
        note.text()
            .contains(&format!("You asked {other} to let you take back")),
        "{}",
        note.text()
    );
    let (post, answer) = request_post(bot, id, version).await;
    assert!(!post.ephemeral());
    assert!(post.text().contains("asks to take back their last action"));
    assert!(post.text().contains(&format!("<@{}>", user(1 - asker))));
    answer
}

async fn settings(bot: &Bot, takebacks: Option<bool>) {
    let s = GuildSettings {
        takebacks,
        ..GuildSettings::default()
    };
    bot.app
        .directory
        .set_server_settings(GUILD, &s)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_asked_and_allowed() {
    let bot = start_bot("tb-allowed").await;
    let id = challenge_and_accept(&bot).await;
    let store = &bot.store;
    let (v, asker, reply) = until_takeback(&bot, id, |p| p.is_ok()).await;
    let before = store.inputs(id).await.unwrap();
    let answer = ask(&bot, id, v, asker, &reply).await;
    let (a, b) = (user(asker), user(1 - asker));
    // Nobody but the opponent answers it.
    let eve = click(&bot, EVE, &answer).await;
    assert!(eve.ephemeral() && eve.text().contains("You are not playing"));
    let own = click(&bot, a, &answer).await;
    assert!(own.text().contains(&format!("Waiting for {}", name(b))));
    // A request tampered with (another expiry under the same signature): not valid.
    let (head, tag) = answer.rsplit_once('~').unwrap();
    let forged = format!("{}9~{tag}", head);
    let r = click(&bot, b, &forged).await;
    assert!(r.text().contains("no longer valid"), "{}", r.text());
    // The opponent's private Allow / Decline.
    let prompt = click(&bot, b, &answer).await;
    assert!(prompt.ephemeral());
    assert!(
        prompt
            .text()
            .contains(&format!("{} asks to take back", name(a)))
    );
    let allow = ids_with(&prompt, "tb+");
    assert_eq!(allow.len(), 1);
    assert_eq!(ids_with(&prompt, "tb-").len(), 1);
    assert_eq!(store.info(id).await.unwrap().version, v, "nothing yet");
    let done = click(&bot, b, &allow[0]).await;
    assert!(done.ephemeral());
    assert!(done.text().contains("You allowed it"), "{}", done.text());
    let board = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.text().contains("took back their last action"),
            10,
        )
        .await;
    assert!(board.text().contains(&format!("{} allowed it", name(b))));
    assert!(
        board.text().contains(&format!("<@{a}>")),
        "it is the asker's move again"
    );
    // The store: one takeback after every acknowledged input, the undone ones kept.
    let info = store.info(id).await.unwrap();
    assert_eq!(info.version, v + 1);
    let tbs = store.takebacks(id).await.unwrap();
    assert_eq!((tbs.len(), tbs[0].seat, tbs[0].seq), (1, asker, v + 1));
    assert_eq!(store.log(id).await.unwrap().len() as i64, v + 1);
    let now = store.inputs(id).await.unwrap();
    assert!(now.len() < before.len());
    assert_eq!(before[..now.len()], now[..]);
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    let l = store.load(id).await.unwrap();
    assert!(l.state.waits_for(asker));
    // Both panels say what was taken back.
    let mine = panel(&bot, id, info.version, a).await;
    assert!(
        mine.text().contains("Your last action was taken back"),
        "{}",
        mine.text()
    );
    let theirs = panel(&bot, id, info.version, b).await;
    assert!(
        theirs
            .text()
            .contains(&format!("{}'s last action was taken back", name(a))),
        "{}",
        theirs.text()
    );
    // A second click on Allow: the request has lapsed.
    let again = click(&bot, b, &allow[0]).await;
    assert!(again.text().contains("lapsed"), "{}", again.text());
    assert_eq!(store.info(id).await.unwrap().version, v + 1);
    // The match plays on.
    let legal = l.state.legal(bot.app.rules(), asker);
    play(&bot, id, v + 1, a, legal.len() - 1).await;
    assert_eq!(store.info(id).await.unwrap().version, v + 2);
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_declined_changes_nothing() {
    let bot = start_bot("tb-declined").await;
    let id = challenge_and_accept(&bot).await;
    let (v, asker, reply) = until_takeback(&bot, id, |p| p.is_ok()).await;
    let answer = ask(&bot, id, v, asker, &reply).await;
    let (a, b) = (user(asker), user(1 - asker));
    let twice = click(&bot, a, &format!("clans:{id}:{v}:tb")).await;
    assert!(twice.text().contains("Waiting for"), "{}", twice.text());
    // The opponent takes private prompts by direct message: the Allow/Decline goes there.
    dm_on(&bot.fake, b).await;
    let said = click(&bot, b, &answer).await;
    assert!(
        said.text().contains("Sent to your direct messages"),
        "{}",
        said.text()
    );
    let prompt = bot
        .fake
        .wait_for(
            |r| r.is_channel_post() && r.custom_ids().iter().any(|c| c.contains(":tb-:")),
            10,
        )
        .await;
    assert!(prompt.text().contains("Do you allow it?"));
    let decline = ids_with(&prompt, "tb-");
    let said = click(&bot, b, &decline[0]).await;
    assert!(said.text().contains("You declined"), "{}", said.text());
    let post = bot
        .fake
        .wait_for(|r| r.is_channel_post() && r.text().contains("declined"), 10)
        .await;
    assert!(post.text().contains(&format!("<@{a}>")));
    let store = &bot.store;
    assert_eq!(store.info(id).await.unwrap().version, v);
    assert!(store.takebacks(id).await.unwrap().is_empty());
    // A decline is final: Allow on the same prompt, Answer again and a second request
    // at the same position change nothing and ping nobody.
    let allow = ids_with(&prompt, "tb+");
    let late = click(&bot, b, &allow[0]).await;
    assert!(late.ephemeral());
    assert!(late.text().contains("You declined"), "{}", late.text());
    let again = click(&bot, b, &answer).await;
    assert!(again.text().contains("You declined"), "{}", again.text());
    let asked_again = click(&bot, a, &format!("clans:{id}:{v}:tb")).await;
    assert!(asked_again.ephemeral());
    assert!(
        asked_again
            .text()
            .contains("declined taking this action back"),
        "{}",
        asked_again.text()
    );
    let requests = bot
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.is_channel_post() && r.custom_ids().iter().any(|c| c.contains(":tb?:")))
        .count();
    assert_eq!(
        requests, 1,
        "one request post, however often the asker clicks"
    );
    assert_eq!(store.info(id).await.unwrap().version, v);
    assert!(store.takebacks(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_lapses_when_the_opponent_moves_or_its_time_is_past() {
    let bot = start_bot("tb-lapsed").await;
    let id = challenge_and_accept(&bot).await;
    let store = &bot.store;
    let (v, asker, reply) = until_takeback(&bot, id, |p| p.is_ok()).await;
    let answer = ask(&bot, id, v, asker, &reply).await;
    let (a, b) = (user(asker), user(1 - asker));
    // Past its time (the app at a later clock: the expiry is checked on the click).
    let arg = answer.splitn(5, ':').nth(4).unwrap();
    let late = bot
        .app
        .matches
        .takeback_prompt(id, v, b, arg, now_ms() + TAKEBACK_TTL_MS + 60_000)
        .await;
    let text = late.reply.unwrap().content;
    assert!(
        text.contains("lapsed") && text.contains("24 hours"),
        "{text}"
    );
    // The opponent moves instead of answering.
    let l = store.load(id).await.unwrap();
    let legal = l.state.legal(bot.app.rules(), 1 - asker);
    assert!(!legal.is_empty());
    play(&bot, id, v, b, 0).await;
    assert!(store.info(id).await.unwrap().version > v);
    let r = click(&bot, b, &answer).await;
    assert!(r.text().contains("lapsed"), "{}", r.text());
    // The asker's old button too.
    let r = click(&bot, a, &format!("clans:{id}:{v}:tb")).await;
    assert!(
        r.text().contains("Too late") || r.text().contains("answered since"),
        "{}",
        r.text()
    );
    assert!(store.takebacks(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_that_would_reveal_a_card_is_refused() {
    let bot = start_bot("tb-reveals").await;
    let id = challenge_and_accept(&bot).await;
    let (v, asker, reply) = until_takeback(&bot, id, |p| *p == Err(Denied::Reveals)).await;
    assert!(
        ids_with(&reply, "tb").is_empty(),
        "no Take back offered: {}",
        reply.text()
    );
    // A forged click (the button was never shown) gets the reason, privately.
    let r = click(&bot, user(asker), &format!("clans:{id}:{v}:tb")).await;
    assert!(r.ephemeral());
    assert!(r.text().contains("can't be taken back"), "{}", r.text());
    let store = &bot.store;
    assert_eq!(store.info(id).await.unwrap().version, v);
    assert!(store.takebacks(id).await.unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_can_turn_takebacks_off() {
    let bot = start_bot("tb-off").await;
    let id = challenge_and_accept(&bot).await;
    settings(&bot, Some(false)).await;
    let (v, asker, reply) = until_takeback(&bot, id, |p| p.is_ok()).await;
    assert!(ids_with(&reply, "tb").is_empty(), "{}", reply.text());
    let r = click(&bot, user(asker), &format!("clans:{id}:{v}:tb")).await;
    assert!(r.text().contains("turned off"), "{}", r.text());
    assert_eq!(bot.store.info(id).await.unwrap().version, v);
    settings(&bot, None).await;
    bot.stop().await;
}

/// Against the AI a takeback is granted at once: with the AI's reply when it has
/// moved since (as on lichess), under the same rule.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_ai_a_takeback_is_granted_at_once() {
    let store = scratch("tb-ai").await;
    let app = App::new(store.clone())
        .with_seeds(3)
        .without_images()
        .with_bot(Arc::new(crystal_clans::app::AiSeats));
    let bot = start_bot_with(app, store.clone()).await;
    let fake = &bot.fake;
    // `fast` (the choices are offered weakest first).
    let level = serde_json::json!([{"name": "level", "type": 4, "value": 2}]);
    let t = fake.command(ANA, "Ana", "play-ai", level, false);
    ack(fake, &t).await;
    fake.wait_for(|r| r.text().contains("vs the AI"), 20).await;
    let store = &bot.store;
    let id = store.active_matches_of_user(ANA).await.unwrap()[0].id;
    let wait_for_ana = || async {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            let l = store.load(id).await.unwrap();
            if l.state.winner.is_some() || !l.state.waiting().contains(&1) {
                return l;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the AI never answered"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    for step in 0..200 {
        let l = wait_for_ana().await;
        assert!(l.state.winner.is_none(), "no takeback found before the end");
        let legal = l.state.legal(bot.app.rules(), 0);
        let reply = play(&bot, id, l.info.version, ANA, pick(&legal, step * 5 + 1)).await;
        let Some(tb) = ids_with(&reply, "tb").pop() else {
            continue;
        };
        // Ana clicks it once the AI has answered (or while it thinks).
        let after = wait_for_ana().await;
        let plan = store.takeback_plan(&after.info, 0).await.unwrap();
        let Ok(plan) = plan else { continue };
        let version: i64 = tb.split(':').nth(2).unwrap().parse().unwrap();
        if !plan.undone.iter().any(|i| i.seq == version) {
            continue;
        }
        let r = click(&bot, ANA, &tb).await;
        assert!(r.text().contains("Taken back"), "{}", r.text());
        let post = fake
            .wait_for(
                |r| r.is_channel_post() && r.text().contains("took back their last action"),
                10,
            )
            .await;
        if plan.replies > 0 {
            assert!(post.text().contains("reply"), "{}", post.text());
        }
        let info = store.info(id).await.unwrap();
        assert_eq!(info.version, after.info.version + 1);
        assert_eq!(store.load(id).await.unwrap().state, plan.state);
        assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
        // Nobody may take it back twice: the button is stale now.
        let again = click(&bot, ANA, &tb).await;
        assert!(
            again.text().contains("Too late") || again.text().contains("no action"),
            "{}",
            again.text()
        );
        bot.stop().await;
        return;
    }
    panic!("no takeback against the AI in 200 answers");
}

/// A finished match with a takeback in its log: `verify` agrees and its replay (the
/// GIF posted when a match ends) is drawn from the inputs in force.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_with_a_takeback_replays_to_its_end() {
    use crate::support::{random_input, rules, takeback::position_with_takeback};
    use rand::SeedableRng;
    let store = scratch("tb-replay").await;
    let app = App::new(store.clone()).with_seeds(1);
    let store = &store;
    let rules = rules();
    let (nm, log, asker) = position_with_takeback(5);
    let (m, _) = store.create_match(nm).await.unwrap();
    let id = m.info.id;
    store.submit_many(id, 0, &log, None).await.unwrap();
    let t = store
        .take_back(id, log.len() as i64, asker, None)
        .await
        .unwrap()
        .unwrap();
    let mut state = t.takeback.state;
    let mut rng = rand_pcg::Pcg32::seed_from_u64(5);
    let mut rest = Vec::new();
    while state.winner.is_none() {
        let (seat, input) = random_input(&rules, &state, &mut rng);
        state.apply(&rules, seat, &input).unwrap();
        rest.push((seat, input));
    }
    let done = store.submit_many(id, t.version, &rest, None).await.unwrap();
    assert!(done.result.is_some());
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    assert_eq!(store.replay(id).await.unwrap().state, state);
    let post = app
        .replays
        .replay_post(id)
        .await
        .expect("a replay is drawn");
    assert!(post.files.iter().any(|f| f.name.ends_with(".gif")));
}

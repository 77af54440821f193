//! The fake's gateway speaks as Discord does, and the bot keeps up with it: GUILD_CREATE
//! after READY, heartbeats requested and answered, and a connection lost mid-match (a
//! close with a resumable code, then Discord's RECONNECT request) resumed with every
//! event replayed, so every click sent meanwhile is answered once and every move saved.

use crystal_clans::app::App;
use crystal_clans::discord::Clock;
use crystal_clans_testkit::fake_discord::{Fake, Recorded, lively_pick};
use std::time::{Duration, Instant};

use crate::support;
use support::bot::Bot;
use support::people::{ANA, BEN, challenge_button};
use support::scratch_store as scratch;

async fn callback(fake: &Fake, token: &str) -> Recorded {
    fake.try_ack(token, Duration::from_secs(20))
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

async fn until(what: &str, f: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !f() {
        assert!(Instant::now() < deadline, "{what} did not happen");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_and_a_reconnect_request_lose_no_click() {
    let store = scratch("gateway").await;
    let app = App::new(store.clone()).with_seeds(1);
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Clock::default(),
    )
    .await;
    bot.fake.speed_up_rate_limits(1000);
    let fake = &bot.fake;
    assert_eq!(fake.gateway_counts().1, 1, "one IDENTIFY");
    // Discord may ask for a heartbeat at any time; the bot answers at once.
    let (beats, _, _) = fake.gateway_counts();
    fake.request_heartbeat();
    until("a requested heartbeat", || fake.gateway_counts().0 > beats).await;

    let accept = challenge_button(fake, ANA, BEN).await;
    let t = fake.click(BEN, "Ben", &accept, &[]);
    callback(fake, &t).await;
    let id = loop {
        if let Some(m) = bot.store.active_matches_of_user(BEN).await.unwrap().first() {
            break m.id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };

    let rules = bot.app.rules();
    let mut tokens = vec![];
    for step in 0..12 {
        let l = bot.store.load(id).await.unwrap();
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(rules, seat);
        let user = if seat as usize == 0 { ANA } else { BEN };
        // The connection goes away right before some clicks: closed with 4000 (a
        // resumable "unknown error"), or Discord's op 7 RECONNECT.
        let resumes = fake.gateway_counts().2;
        match step {
            3 => fake.close_gateway(4000),
            7 => fake.request_reconnect(),
            _ => {}
        }
        let custom = format!(
            "clans:{id}:{}:in:{}",
            l.info.version,
            lively_pick(&legal, step)
        );
        let t = fake.click(user, "Player", &custom, &[]);
        if step == 3 || step == 7 {
            fake.wait_resumes(resumes + 1, Duration::from_secs(20))
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
        callback(fake, &t).await;
        fake.try_answer(&t, Duration::from_secs(20))
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let now = bot.store.info(id).await.unwrap().version;
        assert_eq!(
            now,
            l.info.version + 1,
            "the click of step {step} was saved once"
        );
        tokens.push(t);
    }
    let (_, identifies, resumes) = fake.gateway_counts();
    assert_eq!(
        identifies, 1,
        "the bot resumed its session rather than starting anew"
    );
    assert!(resumes >= 2, "{resumes}");
    // Every click was answered exactly once (a replayed event answered twice would be
    // refused with 40060 and show here).
    let requests = fake.requests();
    for t in &tokens {
        let answers: Vec<_> = requests
            .iter()
            .filter(|r| r.path.ends_with(&format!("/{t}/callback")))
            .collect();
        assert_eq!(answers.len(), 1, "{t}");
        assert!(answers[0].ok(), "{t}: {}", answers[0].status);
    }
    bot.stop().await;
}

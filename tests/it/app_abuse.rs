//! Who may do what, at the app level (no Discord): who may repost a board and where,
//! the rate limits of challenges, AI matches and reposts (the clock is passed in, so
//! nothing sleeps), and the cap on concurrent AI decisions.

use crystal_clans::app::limits::{LimitConfig, Policy, Rate};
use crystal_clans::app::{App, Challenge, Place, SeatBot};
use crystal_clans::game::{Input, Rules, View};
use crystal_clans::store::now_ms;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::support;
use support::private_text;
use support::scratch_store as scratch;

const ANA: u64 = 111_111_111_111_111_111;
const BEN: u64 = 222_222_222_222_222_222;
const EVE: u64 = 333_333_333_333_333_333;
const GUILD: u64 = 9;
const OTHER_GUILD: u64 = 19;
const CHANNEL: u64 = 10;

fn here() -> Place {
    Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    }
}

fn elsewhere() -> Place {
    Place {
        guild: Some(OTHER_GUILD),
        channel: 20,
        reach: Default::default(),
    }
}

fn dm() -> Place {
    Place {
        guild: None,
        channel: 30,
        reach: Default::default(),
    }
}

fn challenge(by: u64, to: u64) -> Challenge {
    Challenge {
        challenger: by,
        opponent: Some(to),
        clans: [Some(0), Some(1)],
        mulligan: false,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: 0,
    }
}

/// Ana against Ben, in `GUILD`.
async fn start(app: &App) -> i64 {
    let now = now_ms();
    let c = challenge(ANA, BEN);
    let out = app.challenges.challenge(c, Some(GUILD), now).await;
    assert_eq!(out.public.len(), 1, "{:?}", out.reply);
    let c = Challenge {
        expires: now + 60_000,
        ..c
    };
    app.challenges
        .accept(c, BEN, here(), None, now)
        .await
        .created
        .expect("a match")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_players_or_the_matchs_server_may_repost_a_board_and_nobody_is_pinged() {
    let store = scratch("board").await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let id = start(&app).await;
    let now = now_ms();
    // Anyone on the match's own server, player or not.
    for user in [ANA, EVE] {
        let out = app.matches.board(id, user, here(), now).await;
        assert_eq!(out.public.len(), 1);
        let post = &out.public[0];
        assert!(post.pings.is_empty(), "a repost pings nobody");
        assert!(post.content.contains(&format!("<@{ANA}>")) || post.embed.is_some());
        assert!(
            post.all_text().contains(&format!("clans:{id}:")),
            "with its buttons"
        );
    }
    // From another server or a DM: the players only.
    for place in [elsewhere(), dm()] {
        let out = app.matches.board(id, BEN, place, now).await;
        assert_eq!(out.public.len(), 1, "a player may repost anywhere");
        assert!(out.public[0].pings.is_empty());
        let no = app.matches.board(id, EVE, place, now).await;
        let text = private_text(&no);
        assert!(text.contains("only its players"), "{text}");
    }
    // A match that does not exist: a private answer.
    assert!(!private_text(&app.matches.board(999, EVE, here(), now).await).is_empty());
}

fn tight() -> LimitConfig {
    let rate = |max| Rate {
        max,
        window_ms: 60_000,
    };
    let p = Policy {
        per_user: rate(2),
        per_server: rate(3),
    };
    LimitConfig {
        challenge: p,
        ai_match: p,
        board: p,
        replay: p,
        league: p,
        crystallo: p,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_are_rate_limited_per_user_and_per_server() {
    let store = scratch("limit-challenge").await;
    let app = App::new(store.clone()).with_limits(tight());
    let t = now_ms();
    for dt in [0, 1000] {
        assert_eq!(
            app.challenges
                .challenge(challenge(ANA, BEN), Some(GUILD), t + dt)
                .await
                .public
                .len(),
            1
        );
    }
    let no = app
        .challenges
        .challenge(challenge(ANA, BEN), Some(GUILD), t + 2000)
        .await;
    let text = private_text(&no);
    assert!(
        text.starts_with("Slow down: you have started 2 challenges in the last 1 minute."),
        "{text}"
    );
    assert!(text.contains("try again in 58 seconds"), "{text}");
    // A refused challenge is not counted: once the first leaves the window, one more.
    assert_eq!(
        app.challenges
            .challenge(challenge(ANA, BEN), Some(GUILD), t + 60_000)
            .await
            .public
            .len(),
        1
    );
    // The server's window: Ben's first is its fourth in the minute.
    let t = t + 60_000;
    assert_eq!(
        app.challenges
            .challenge(challenge(BEN, ANA), Some(GUILD), t + 1)
            .await
            .public
            .len(),
        1
    );
    let no = app
        .challenges
        .challenge(challenge(EVE, ANA), Some(GUILD), t + 2)
        .await;
    assert!(private_text(&no).contains("this server has started 3 challenges"));
    // Eve on another server, or in a DM, meets only her own limit.
    assert_eq!(
        app.challenges
            .challenge(challenge(EVE, ANA), Some(OTHER_GUILD), t + 3)
            .await
            .public
            .len(),
        1
    );
    assert_eq!(
        app.challenges
            .challenge(challenge(EVE, ANA), None, t + 4)
            .await
            .public
            .len(),
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_matches_and_board_reposts_are_rate_limited() {
    let store = scratch("limit-ai").await;
    let app = App::new(store.clone())
        .with_seeds(1)
        .without_images()
        .with_bot(Arc::new(FirstLegal::default()))
        .with_limits(tight());
    let t = now_ms();
    let mut ids = vec![];
    for dt in [0, 10] {
        let out = app
            .challenges
            .play_ai(ANA, 3, [None, None], here(), None, t + dt)
            .await;
        ids.push(out.created.expect("an AI match"));
    }
    let no = app
        .challenges
        .play_ai(ANA, 3, [None, None], here(), None, t + 20)
        .await;
    assert!(no.created.is_none());
    assert!(
        private_text(&no).contains("you have started 2 matches against the AI"),
        "{:?}",
        no.reply
    );
    // Reposts: two a minute for Ana, then a friendly refusal; Ben still may.
    let id = ids[0];
    for dt in [0, 1] {
        assert_eq!(
            app.matches
                .board(id, ANA, here(), t + dt)
                .await
                .public
                .len(),
            1
        );
    }
    let no = app.matches.board(id, ANA, here(), t + 2).await;
    assert!(private_text(&no).contains("2 board reposts"));
    assert_eq!(
        app.matches.board(id, BEN, here(), t + 3).await.public.len(),
        1
    );
    assert_eq!(
        app.matches
            .board(id, ANA, here(), t + 60_000)
            .await
            .public
            .len(),
        1
    );
}

/// An AI that answers with its first legal input after a pause, counting how many of
/// its decisions run at once.
#[derive(Default)]
struct FirstLegal {
    now: AtomicUsize,
    most: AtomicUsize,
    pause_ms: u64,
}

impl SeatBot for FirstLegal {
    fn choose(&self, _: &Rules, _: &View, legal: &[Input], _: u8) -> Option<Input> {
        let n = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(n, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(self.pause_ms));
        self.now.fetch_sub(1, Ordering::SeqCst);
        legal.first().cloned()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ai_decisions_wait_for_a_free_slot() {
    let bot = Arc::new(FirstLegal {
        pause_ms: 30,
        ..FirstLegal::default()
    });
    let store = scratch("slots").await;
    let app = App::new(store.clone())
        .with_seeds(1)
        .without_images()
        .without_limits()
        .with_bot(bot.clone())
        .with_ai_slots(2);
    // Six players each start a match and make their first move at the same time; the
    // AI then answers in all six matches.
    let mut tasks = vec![];
    for k in 0..6u64 {
        let (app, store) = (app.clone(), store.clone());
        tasks.push(tokio::spawn(async move {
            let user = 500 + k;
            let out = app
                .challenges
                .play_ai(user, 3, [None, None], here(), None, now_ms())
                .await;
            let id = out.created.expect("an AI match");
            // The AI's turn runs after each answer (the Discord layer spawns it).
            if let Some(m) = out.ai {
                app.matches.ai_turn(m).await;
            }
            let mut moved = 0;
            for _ in 0..4 {
                let l = store.load(id).await.unwrap();
                if l.state.winner.is_some() || !l.state.waits_for(0) {
                    break;
                }
                let out = app.matches.play(id, l.info.version, user, 0).await;
                assert!(out.reply.unwrap().content.starts_with("Done"));
                if let Some(m) = out.ai {
                    app.matches.ai_turn(m).await;
                }
                moved += 1;
            }
            moved
        }));
    }
    let mut moves = 0;
    for t in tasks {
        moves += t.await.unwrap();
    }
    assert!(moves >= 6);
    let most = bot.most.load(Ordering::SeqCst);
    assert!(most <= 2, "{most} AI decisions ran at once with two slots");
    assert!(most >= 1);
}

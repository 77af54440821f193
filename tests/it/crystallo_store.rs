//! Crystallo games in the store (`crates/store/src/crystallo.rs`), on SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL: a game saved after every placement and read back
//! equal to its replay; one daily per person, server and day; a stale version, someone
//! else's game, a refused input and a finished game write nothing; the leaderboard, the
//! adventure log, the record.

use crate::support;
use crystal_clans::crystallo::deck::Deck;
use crystal_clans::crystallo::{Input, State, legal};
use crystal_clans::store::crystallo::{Daily, Kind, NewGame, Submitted, day_end, utc_day};
use crystal_clans::store::{StoreError, Subject};
use support::*;

/// A daily's deal (the bot derives it with its key; any seed does here).
const DAILY_SEED: u64 = 0x5eed_0da1;

const G: u64 = 810_000_000_000_000_001;
const ANA: u64 = 1;
const BEN: u64 = 2;
const DAY: i64 = 20_418;
const NOW: i64 = DAY * 86_400_000 + 3_600_000;

fn daily(user: u64) -> NewGame {
    NewGame {
        guild: Some(G),
        channel: 7,
        user,
        kind: Kind::Daily(DAY),
        seed: DAILY_SEED,
    }
}

fn new(d: Daily) -> crystal_clans::store::crystallo::Game {
    match d {
        Daily::New(g) => *g,
        Daily::Exists(g) => panic!("dealt before: {}", g.id),
    }
}

/// Plays the first legal input until the game ends or `max` inputs, through the store;
/// checks after each that the stored game is the replay of its log.
async fn play_out(store: &crystal_clans::store::Store, id: i64, user: u64, max: usize) {
    for _ in 0..max {
        let g = store.crystallo_game(id).await.unwrap();
        if g.ending.is_some() {
            return;
        }
        let l = legal(&g.state);
        // Prefer a placement that lights something (like a player would), else the first.
        let input = l[l.len() / 2];
        match store
            .submit_crystallo(id, user, g.version, input, NOW + g.version)
            .await
            .unwrap()
        {
            Submitted::Applied { game, .. } => assert_eq!(game.version, g.version + 1),
            Submitted::Refused(e) => panic!("a legal input was refused: {e}"),
        }
    }
}

async fn a_game_round_trips_and_replays(db: &TestDb) {
    let store = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    assert_eq!(a.version, 0);
    assert_eq!(a.kind, Kind::Daily(DAY));
    assert_eq!(a.state, State::deal(&Deck::provisional(), DAILY_SEED).0);
    // The same deal for everyone in the server that day.
    let b = new(store.create_crystallo(daily(BEN), NOW).await.unwrap());
    assert_eq!(a.state, b.state);
    assert_ne!(a.id, b.id);

    play_out(&store, a.id, ANA, 10).await;
    let g = store.crystallo_game(a.id).await.unwrap();
    assert_eq!(g.version, 10);
    assert_eq!(store.crystallo_inputs(a.id).await.unwrap().len(), 10);
    assert_eq!(store.crystallo_replay(a.id).await.unwrap(), g.state);
    // A new connection pool (a restart) reads the same game.
    store.close().await;
    let store = db.open().await;
    assert_eq!(store.crystallo_game(a.id).await.unwrap(), g);
    assert_eq!(store.crystallo_active(ANA).await.unwrap().len(), 1);

    play_out(&store, a.id, ANA, 400).await;
    let g = store.crystallo_game(a.id).await.unwrap();
    let e = g.ending.clone().expect("a game ends");
    let o = g.state.outcome().unwrap();
    assert_eq!(
        (e.title.as_str(), e.score),
        (o.title.id(), i64::from(o.score))
    );
    assert_eq!(store.crystallo_replay(a.id).await.unwrap(), g.state);
    assert!(store.crystallo_active(ANA).await.unwrap().is_empty());
    // The inputs are append-only.
    assert!(
        sqlx::query("UPDATE crystallo_inputs SET at = 0")
            .execute(store.pool())
            .await
            .is_err()
    );
    // A finished game takes no more inputs, and says it is a game (regression: the
    // store called it "match N is finished", Crystallo's submit being a hand-made copy
    // of a match's).
    let any = Input::Discard { card: 0 };
    let e = store
        .submit_crystallo(a.id, ANA, g.version, any, NOW)
        .await
        .unwrap_err();
    assert_eq!(e, StoreError::Finished(Subject::Crystallo(a.id)));
    assert_eq!(
        e.to_string(),
        format!("crystallo game {} is finished", a.id)
    );
    assert_eq!(e.match_id(), None, "a game's id is no match's");
}

async fn one_daily_per_person_server_and_day(db: &TestDb) {
    let store = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    match store.create_crystallo(daily(ANA), NOW + 5).await.unwrap() {
        Daily::Exists(g) => assert_eq!(g.id, a.id),
        Daily::New(_) => panic!("a second daily was dealt"),
    }
    // Another day, another server, or practice: new games.
    let mut tomorrow = daily(ANA);
    tomorrow.kind = Kind::Daily(DAY + 1);
    new(store.create_crystallo(tomorrow, NOW).await.unwrap());
    let mut elsewhere = daily(ANA);
    elsewhere.guild = Some(G + 1);
    new(store.create_crystallo(elsewhere, NOW).await.unwrap());
    for _ in 0..2 {
        let mut p = daily(ANA);
        p.kind = Kind::Practice;
        new(store.create_crystallo(p, NOW).await.unwrap());
    }
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM crystallo_games")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(n, 5);
    assert_eq!(
        store
            .crystallo_daily(Some(G), ANA, DAY)
            .await
            .unwrap()
            .map(|g| g.id),
        Some(a.id)
    );
    assert!(
        store
            .crystallo_daily(None, ANA, DAY)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(utc_day(NOW), DAY);
    assert_eq!(day_end(DAY), (DAY + 1) * 86_400_000);
}

async fn stale_foreign_and_refused_write_nothing(db: &TestDb) {
    let store = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    let input = legal(&a.state)[0];
    // Someone else's game.
    assert!(matches!(
        store.submit_crystallo(a.id, BEN, 0, input, NOW).await,
        Err(StoreError::Invalid(_))
    ));
    // A refused input (a card not in hand).
    let drawn = a.state.drawn.unwrap();
    let wrong = Input::Discard {
        card: (drawn + 1) % 45,
    };
    assert!(matches!(
        store
            .submit_crystallo(a.id, ANA, 0, wrong, NOW)
            .await
            .unwrap(),
        Submitted::Refused(_)
    ));
    assert_eq!(store.crystallo_game(a.id).await.unwrap(), a);
    // The first click at version 0 counts; the second (a double click) is stale.
    store
        .submit_crystallo(a.id, ANA, 0, input, NOW)
        .await
        .unwrap();
    assert!(matches!(
        store.submit_crystallo(a.id, ANA, 0, input, NOW).await,
        Err(StoreError::Stale {
            expected: 0,
            current: 1,
            ..
        })
    ));
    assert_eq!(store.crystallo_inputs(a.id).await.unwrap().len(), 1);
    assert!(matches!(
        store.crystallo_game(a.id + 100).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn leaderboard_log_and_record(db: &TestDb) {
    let store = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    let b = new(store.create_crystallo(daily(BEN), NOW).await.unwrap());
    assert!(
        store
            .crystallo_leaderboard(G, DAY, 10)
            .await
            .unwrap()
            .is_empty()
    );
    play_out(&store, a.id, ANA, 400).await;
    play_out(&store, b.id, BEN, 400).await;
    // Ana's daily of the day before, in this server, and a practice game elsewhere.
    let mut before = daily(ANA);
    before.kind = Kind::Daily(DAY - 1);
    let y = new(store.create_crystallo(before, NOW).await.unwrap());
    play_out(&store, y.id, ANA, 400).await;
    let mut p = daily(ANA);
    p.kind = Kind::Practice;
    p.guild = Some(G + 1);
    let q = new(store.create_crystallo(p, NOW).await.unwrap());
    play_out(&store, q.id, ANA, 400).await;

    let board = store.crystallo_leaderboard(G, DAY, 10).await.unwrap();
    assert_eq!(board.len(), 2);
    assert!(board[0].ending.score >= board[1].ending.score);
    let users: Vec<u64> = board.iter().map(|p| p.user).collect();
    assert!(users.contains(&ANA) && users.contains(&BEN));

    let here = store.crystallo_log(ANA, Some(G), 10).await.unwrap();
    assert_eq!(
        here.len(),
        2,
        "the game in another server is not listed here"
    );
    let everywhere = store.crystallo_log(ANA, None, 10).await.unwrap();
    assert_eq!(everywhere.len(), 3);
    let (days, best) = store.crystallo_record(ANA, Some(G)).await.unwrap();
    assert_eq!(days, vec![DAY, DAY - 1]);
    let top = here.iter().map(|p| p.ending.score).max();
    assert_eq!(best, top);
}

/// `verify` checks Crystallo games as it checks matches: a played game agrees, and a
/// snapshot or a result that is not its log's replay is reported.
async fn verify_checks_crystallo_games(db: &TestDb) {
    use crystal_clans::store::Verdict;
    let store = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    let b = new(store.create_crystallo(daily(BEN), NOW).await.unwrap());
    play_out(&store, a.id, ANA, 6).await;
    play_out(&store, b.id, BEN, 400).await;
    assert_eq!(
        store.crystallo_game_ids(0, 10).await.unwrap(),
        vec![a.id, b.id]
    );
    assert_eq!(store.verify_crystallo(a.id).await.unwrap(), Verdict::Agrees);
    assert_eq!(store.verify_crystallo(b.id).await.unwrap(), Verdict::Agrees);
    // A snapshot from another point of the game: its state is not the log's replay.
    let dealt = serde_json::to_string(&a.state).unwrap();
    sqlx::query("UPDATE crystallo_games SET state = $1 WHERE id = $2")
        .bind(&dealt)
        .bind(a.id)
        .execute(store.pool())
        .await
        .unwrap();
    let Verdict::Disagrees { problems } = store.verify_crystallo(a.id).await.unwrap() else {
        panic!("a stale snapshot verified");
    };
    assert!(problems[0].contains("snapshot"), "{problems:?}");
    // A score the game did not make.
    sqlx::query("UPDATE crystallo_games SET score = score + 1 WHERE id = $1")
        .bind(b.id)
        .execute(store.pool())
        .await
        .unwrap();
    assert!(matches!(
        store.verify_crystallo(b.id).await.unwrap(),
        Verdict::Disagrees { .. }
    ));
    // Unreadable: damaged, not an error.
    sqlx::query("UPDATE crystallo_games SET state = 'x' WHERE id = $1")
        .bind(a.id)
        .execute(store.pool())
        .await
        .unwrap();
    assert!(matches!(
        store.verify_crystallo(a.id).await.unwrap(),
        Verdict::Damaged { .. }
    ));
}

/// The morning recaps: a (server, day) with a finished daily and no recap is pending
/// (a practice game or an unfinished daily makes none); a claim wins once, by one of
/// two stores on the same database, and the day is pending no more.
async fn recaps_are_pending_until_claimed_once(db: &TestDb) {
    let store = db.open().await;
    let pending = |since: i64| {
        let store = store.clone();
        async move { store.crystallo_recaps_pending(since).await.unwrap() }
    };
    let other = db.open().await;
    let a = new(store.create_crystallo(daily(ANA), NOW).await.unwrap());
    new(store.create_crystallo(daily(BEN), NOW).await.unwrap());
    let mut p = daily(ANA);
    p.kind = Kind::Practice;
    let practice = new(store.create_crystallo(p, NOW).await.unwrap());
    play_out(&store, practice.id, ANA, 400).await;
    assert!(pending(DAY - 2).await.is_empty());
    play_out(&store, a.id, ANA, 400).await;
    assert_eq!(pending(DAY - 2).await, vec![(G, DAY)]);
    assert!(pending(DAY + 1).await.is_empty());
    let claims = futures_util::future::join(
        store.claim_crystallo_recap(G, DAY, NOW),
        other.claim_crystallo_recap(G, DAY, NOW),
    )
    .await;
    assert_eq!(
        [claims.0.unwrap(), claims.1.unwrap()]
            .iter()
            .filter(|c| **c)
            .count(),
        1
    );
    assert!(!store.claim_crystallo_recap(G, DAY, NOW).await.unwrap());
    assert!(pending(DAY - 2).await.is_empty());
}

both!(
    recaps_are_pending_until_claimed_once,
    verify_checks_crystallo_games,
    a_game_round_trips_and_replays,
    one_daily_per_person_server_and_day,
    stale_foreign_and_refused_write_nothing,
    leaderboard_log_and_record,
);

//! Ratings in the store, on SQLite and (with `TEST_DATABASE_URL`) on PostgreSQL: which
//! results count, the scopes, the AI's fixed rating, and that a result and its rating
//! changes commit together or not at all.

use crystal_clans::ratings::{self, Rating};
use crystal_clans::store::{Backend, NewMatch, Player, Reason, Scope, Status, Store, Submitted};
use std::sync::Arc;

use crate::support;
use support::*;

const GUILD: u64 = 4_000_000_000_000_001;

async fn exec(store: &Store, sql: &str) {
    sqlx::query(sql).execute(store.pool()).await.unwrap();
}

/// Plays a whole random game into the store in one submit: the result is a win.
async fn win_by_play(store: &Store, new: NewMatch, seed: u64) -> (i64, Submitted) {
    let (m, _) = store.create_match(new).await.unwrap();
    let (inputs, _) = random_game(store.rules(), &m.info.setup, seed);
    let s = store
        .submit_many(m.info.id, 0, &inputs, None)
        .await
        .unwrap();
    assert!(s.result.is_some());
    (m.info.id, s)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

async fn rating(store: &Store, scope: Scope, user: u64) -> Option<(f64, i64, i64)> {
    store
        .rating(scope, user)
        .await
        .unwrap()
        .map(|p| (p.rating.rating, p.games, p.wins))
}

// ---- tests (each runs on both backends) ---------------------------------------------

/// A win by play, a resignation and a timeout each move both players' ratings, in the
/// match's server and across servers; an abandoned match moves nothing.
async fn results_move_ratings_in_both_scopes(db: &TestDb) {
    let store = db.open().await;
    let (a, b) = (11u64, 22u64);
    // A win by play in a server.
    let (id, s) = win_by_play(&store, new_match(5, [a, b], Some(GUILD)), 3).await;
    let w = s.result.unwrap().winner.unwrap() as usize;
    let (winner, loser) = ([a, b][w], [a, b][1 - w]);
    let up = ratings::rate(Rating::NEW, Rating::NEW, 1.0).rating;
    let down = ratings::rate(Rating::NEW, Rating::NEW, 0.0).rating;
    for scope in [Scope::Global, Scope::Guild(GUILD)] {
        let (r, games, wins) = rating(&store, scope, winner).await.unwrap();
        assert!(close(r, up) && games == 1 && wins == 1, "{scope:?} {r}");
        let (r, games, wins) = rating(&store, scope, loser).await.unwrap();
        assert!(close(r, down) && games == 1 && wins == 0, "{scope:?} {r}");
    }
    let changes = store.rating_changes(id).await.unwrap();
    assert_eq!(changes.len(), 4, "two seats in two scopes: {changes:?}");
    let setup = store.info(id).await.unwrap().setup;
    for c in &changes {
        assert_eq!(c.user, [a, b][c.seat as usize]);
        assert_eq!(c.clan, setup.clans[c.seat as usize]);
        assert_eq!(c.won, c.seat as usize == w);
        assert!(close(c.before, 1500.0));
        assert!(close(c.after, if c.won { up } else { down }));
    }
    // The leaderboard of the server: the winner first.
    let board = store.leaderboard(Scope::Guild(GUILD), 10).await.unwrap();
    assert_eq!(
        board.iter().map(|p| p.user).collect::<Vec<_>>(),
        [winner, loser]
    );
    assert!(
        store
            .leaderboard(Scope::Guild(GUILD + 1), 10)
            .await
            .unwrap()
            .is_empty()
    );
    let rec = store
        .clan_records(Scope::Guild(GUILD), winner)
        .await
        .unwrap();
    assert_eq!(rec.len(), 1);
    assert_eq!(
        (rec[0].clan, rec[0].games, rec[0].wins),
        (setup.clans[w], 1, 1)
    );

    // A resignation outside any server: the global ratings move, the server's do not.
    let (m2, _) = store
        .create_match(new_match(6, [winner, loser], None))
        .await
        .unwrap();
    store
        .finish(m2.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    let (_, g, wins) = rating(&store, Scope::Global, winner).await.unwrap();
    assert_eq!((g, wins), (2, 2));
    let (_, g, _) = rating(&store, Scope::Guild(GUILD), winner).await.unwrap();
    assert_eq!(g, 1);
    assert_eq!(store.rating_changes(m2.info.id).await.unwrap().len(), 2);

    // A timeout in the server counts there and globally.
    let (m3, _) = store
        .create_match(new_match(7, [winner, loser], Some(GUILD)))
        .await
        .unwrap();
    store
        .finish(m3.info.id, Some(0), Some(1), Reason::Timeout)
        .await
        .unwrap();
    let (_, g, wins) = rating(&store, Scope::Guild(GUILD), loser).await.unwrap();
    assert_eq!((g, wins), (2, 1));
    assert_eq!(store.rating_changes(m3.info.id).await.unwrap().len(), 4);

    // An abandoned match changes no rating and records no change.
    let before = store.leaderboard(Scope::Global, 10).await.unwrap();
    let (m4, _) = store
        .create_match(new_match(8, [winner, loser], Some(GUILD)))
        .await
        .unwrap();
    store
        .finish(m4.info.id, None, None, Reason::Abandoned)
        .await
        .unwrap();
    assert!(store.rating_changes(m4.info.id).await.unwrap().is_empty());
    assert_eq!(store.leaderboard(Scope::Global, 10).await.unwrap(), before);
    store.close().await;
}

/// Against the AI only the human moves, against the level's fixed rating; the AI has no
/// rating row.
async fn the_ai_has_a_fixed_rating_and_no_row(db: &TestDb) {
    let store = db.open().await;
    let mut nm = new_match(9, [33, 0], Some(GUILD));
    nm.seats[1] = Player::Ai(2);
    let (m, _) = store.create_match(nm).await.unwrap();
    store
        .finish(m.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    let expected = ratings::rate(Rating::NEW, ratings::ai(2), 1.0).rating;
    let (r, games, wins) = rating(&store, Scope::Guild(GUILD), 33).await.unwrap();
    assert!(close(r, expected) && games == 1 && wins == 1);
    let changes = store.rating_changes(m.info.id).await.unwrap();
    assert_eq!(changes.len(), 2, "the human in two scopes: {changes:?}");
    assert!(changes.iter().all(|c| c.seat == 0 && c.user == 33));
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(rows, 2);
    store.close().await;
}

/// A match in which a hint was given (issue 50) is marked assisted and not rated:
/// the result is recorded, no rating moves; a finished match cannot be marked.
async fn an_assisted_match_is_not_rated(db: &TestDb) {
    let store = db.open().await;
    let mut nm = new_match(9, [34, 0], Some(GUILD));
    nm.seats[1] = Player::Ai(1);
    let (m, _) = store.create_match(nm).await.unwrap();
    assert!(!m.info.assisted);
    assert!(store.mark_assisted(m.info.id).await.unwrap());
    assert!(store.info(m.info.id).await.unwrap().assisted);
    store
        .finish(m.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    assert!(store.rating_changes(m.info.id).await.unwrap().is_empty());
    assert_eq!(rating(&store, Scope::Guild(GUILD), 34).await, None);
    assert!(!store.mark_assisted(m.info.id).await.unwrap(), "finished");
    store.close().await;
}

/// When the rating update fails, the result is not recorded either (and the other way
/// round): the match stays active, nothing of the result or the ratings is written,
/// and once the fault is gone the same result goes through and counts once.
async fn a_result_and_its_rating_change_commit_together(db: &TestDb) {
    let store = db.open().await;
    let (fail, unfail) = match db.backend {
        Backend::Sqlite => (
            "CREATE TRIGGER no_changes BEFORE INSERT ON rating_changes \
             BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
            "DROP TRIGGER no_changes",
        ),
        Backend::Postgres => {
            exec(
                &store,
                "CREATE FUNCTION no_changes() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'injected fault'; END; $$",
            )
            .await;
            (
                "CREATE TRIGGER no_changes BEFORE INSERT ON rating_changes \
                 FOR EACH ROW EXECUTE FUNCTION no_changes()",
                "DROP TRIGGER no_changes ON rating_changes",
            )
        }
    };
    // A resignation.
    let (m, _) = store
        .create_match(new_match(10, [1, 2], Some(GUILD)))
        .await
        .unwrap();
    exec(&store, fail).await;
    assert!(
        store
            .finish(m.info.id, None, Some(0), Reason::Resign)
            .await
            .is_err()
    );
    assert_eq!(store.info(m.info.id).await.unwrap().status, Status::Active);
    assert_eq!(store.result(m.info.id).await.unwrap(), None);
    assert_eq!(rating(&store, Scope::Global, 1).await, None);
    // A winning move: the whole submit is refused, the input is not stored.
    let (m2, _) = store
        .create_match(new_match(11, [3, 4], Some(GUILD)))
        .await
        .unwrap();
    let (inputs, _) = random_game(store.rules(), &m2.info.setup, 4);
    assert!(
        store
            .submit_many(m2.info.id, 0, &inputs, None)
            .await
            .is_err()
    );
    let info = store.info(m2.info.id).await.unwrap();
    assert_eq!((info.status, info.version), (Status::Active, 0));
    assert!(store.inputs(m2.info.id).await.unwrap().is_empty());
    assert_eq!(rating(&store, Scope::Global, 3).await, None);
    // The fault is gone: both results go through and count once.
    exec(&store, unfail).await;
    store
        .finish(m.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    store
        .submit_many(m2.info.id, 0, &inputs, None)
        .await
        .unwrap();
    for u in [1, 2, 3, 4] {
        let (_, games, _) = rating(&store, Scope::Global, u).await.unwrap();
        assert_eq!(games, 1, "user {u}");
    }
    assert_eq!(store.rating_changes(m.info.id).await.unwrap().len(), 4);
    assert_eq!(store.rating_changes(m2.info.id).await.unwrap().len(), 4);
    store.close().await;
}

/// Results for the same two players recorded at once (seats swapped, so each locks the
/// players in the other order if it went by seat) all count: none is lost and none
/// deadlocks.
async fn concurrent_results_for_the_same_players_all_count(db: &TestDb) {
    let store = Arc::new(db.open().await);
    let mut ids = Vec::new();
    for k in 0..8u64 {
        let users = if k % 2 == 0 { [1, 2] } else { [2, 1] };
        let (m, _) = store
            .create_match(new_match(20 + k, users, Some(GUILD)))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    let tasks: Vec<_> = ids
        .iter()
        .map(|&id| {
            let store = store.clone();
            tokio::spawn(async move { store.finish(id, None, Some(0), Reason::Resign).await })
        })
        .collect();
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    for scope in [Scope::Global, Scope::Guild(GUILD)] {
        let (_, games, wins) = rating(&store, scope, 1).await.unwrap();
        assert_eq!((games, wins), (8, 4), "{scope:?}");
        let (_, games, wins) = rating(&store, scope, 2).await.unwrap();
        assert_eq!((games, wins), (8, 4), "{scope:?}");
    }
    store.close().await;
}

/// A stored rating that is not a number starts over instead of spreading.
async fn a_damaged_rating_row_starts_over(db: &TestDb) {
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(30, [5, 6], None))
        .await
        .unwrap();
    store
        .finish(m.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    exec(&store, "UPDATE ratings SET rating = -1 WHERE user_id = 5").await;
    let p = store.rating(Scope::Global, 5).await.unwrap().unwrap();
    assert_eq!(p.rating, Rating::NEW);
    let (m, _) = store
        .create_match(new_match(31, [5, 6], None))
        .await
        .unwrap();
    store
        .finish(m.info.id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    let p = store.rating(Scope::Global, 5).await.unwrap().unwrap();
    assert!(p.rating.rating > 1500.0 && p.games == 2, "{p:?}");
    store.close().await;
}

/// A match stored with server id 0 (as the store tests make them) was rated twice
/// under the global key, and the duplicate change refused the winning move.
async fn regression_a_match_in_server_0_was_rated_twice_and_refused(db: &TestDb) {
    let store = db.open().await;
    let (id, _) = win_by_play(&store, new_match(40, [7, 8], Some(0)), 1).await;
    assert_eq!(store.rating_changes(id).await.unwrap().len(), 2);
    let (m, _) = store
        .create_match(new_match(41, [7, 8], Some(0)))
        .await
        .unwrap();
    store
        .finish(m.info.id, None, Some(1), Reason::Resign)
        .await
        .unwrap();
    let (_, games, _) = rating(&store, Scope::Global, 7).await.unwrap();
    assert_eq!(games, 2);
    store.close().await;
}

both!(
    results_move_ratings_in_both_scopes,
    the_ai_has_a_fixed_rating_and_no_row,
    an_assisted_match_is_not_rated,
    a_result_and_its_rating_change_commit_together,
    concurrent_results_for_the_same_players_all_count,
    a_damaged_rating_row_starts_over,
    regression_a_match_in_server_0_was_rated_twice_and_refused,
);

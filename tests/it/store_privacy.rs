//! Privacy in the store, on SQLite and PostgreSQL. A player forgotten
//! (`crates/store/src/forget.rs`): what is theirs alone is deleted, the records others
//! keep name a placeholder instead, others' results and ratings read as before, and
//! nothing names the player afterwards. The operator's retention of finished matches'
//! logs (`Store::prune_finished_logs`): the moves go, the result, history and ratings
//! stay, and reading the moves says why they are gone; the scheduler applies it.

use crystal_clans::app::App;
use crystal_clans::store::{
    PLACEHOLDER_LIMIT, Player, Reason, Scope, StoreError, UserSettings, is_placeholder, now_ms,
};

use crate::support;
use support::*;

const GUILD: u64 = 1 << 42;
const ANA: u64 = 730_000_000_000_000_101;
const BEN: u64 = 730_000_000_000_000_102;

async fn a_forgotten_player_is_replaced_where_others_keep_records(db: &TestDb) {
    let store = db.open().await;
    let (l, _) = store
        .create_match(support::new_match(4, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    let id = l.info.id;
    store
        .finish(id, None, Some(1), Reason::Resign)
        .await
        .unwrap();
    let scope = Scope::of_match(Some(GUILD));
    let ben_before = store.rating(scope, BEN).await.unwrap().unwrap();
    assert!(store.rating(scope, ANA).await.unwrap().is_some());
    store.set_user_name(ANA, "Ana").await.unwrap();
    let settings = UserSettings {
        dm_opt_in: true,
        ..UserSettings::default()
    };
    store.set_user_settings(ANA, &settings).await.unwrap();
    assert!(store.rows_about(ANA).await.unwrap() >= 4);

    let done = store.forget_user(ANA, 5_000).await.unwrap();
    assert!(done.placeholder > 0 && is_placeholder(done.placeholder));
    assert!(done.deleted >= 3 && done.replaced >= 2, "{done:?}");
    assert_eq!(store.rows_about(ANA).await.unwrap(), 0, "nothing names Ana");
    assert_eq!(store.user_name(ANA).await.unwrap(), None);
    assert_eq!(
        store.user_settings(ANA).await.unwrap(),
        UserSettings::default()
    );
    assert_eq!(store.rating(scope, ANA).await.unwrap(), None);
    // The match and its result read as before, with the placeholder in Ana's seat.
    let info = store.info(id).await.unwrap();
    assert_eq!(
        info.seats,
        [Player::User(done.placeholder), Player::User(BEN)]
    );
    let result = store.result(id).await.unwrap().unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(store.rating(scope, BEN).await.unwrap().unwrap(), ben_before);
    let changes = store.rating_changes(id).await.unwrap();
    assert_eq!(
        changes
            .iter()
            .filter(|c| c.scope == scope)
            .map(|c| (c.seat, c.user))
            .collect::<Vec<_>>(),
        [(0, done.placeholder), (1, BEN)]
    );
    // Forgotten twice: nothing left, no placeholder used up.
    let again = store.forget_user(ANA, 6_000).await.unwrap();
    assert_eq!(
        (again.placeholder, again.deleted, again.replaced),
        (0, 0, 0)
    );
    // A second player gets a placeholder of their own.
    let ben = store.forget_user(BEN, 7_000).await.unwrap();
    assert!(ben.placeholder != done.placeholder && ben.placeholder < PLACEHOLDER_LIMIT);
    let info = store.info(id).await.unwrap();
    assert_eq!(
        info.seats,
        [
            Player::User(done.placeholder),
            Player::User(ben.placeholder)
        ]
    );
    store.close().await;
}

async fn a_finished_matchs_log_goes_after_the_retention_and_its_result_stays(db: &TestDb) {
    let store = db.open().await;
    let rules = support::rules();
    let (done, _) = store
        .create_match(support::new_match(6, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    let (running, _) = store
        .create_match(support::new_match(7, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    let (id, live) = (done.info.id, running.info.id);
    let mut rng = <rand_pcg::Pcg32 as rand::SeedableRng>::seed_from_u64(2);
    let input = support::random_input(&rules, &done.state, &mut rng);
    store.submit_many(id, 0, &[input], None).await.unwrap();
    store
        .finish(id, None, Some(0), Reason::Resign)
        .await
        .unwrap();
    let changes = store.rating_changes(id).await.unwrap();
    assert!(!changes.is_empty());
    // Finished after `before`: kept.
    let early = now_ms() - 60_000;
    assert_eq!(
        store
            .prune_finished_logs(early, 10, now_ms())
            .await
            .unwrap(),
        0
    );
    assert!(store.load(id).await.is_ok());
    let later = now_ms() + 1;
    assert_eq!(
        store.prune_finished_logs(later, 10, later).await.unwrap(),
        1
    );
    assert_eq!(
        store.prune_finished_logs(later, 10, later).await.unwrap(),
        0,
        "once"
    );
    assert_eq!(store.load(id).await.unwrap_err(), StoreError::Pruned(id));
    assert_eq!(store.replay(id).await.unwrap_err(), StoreError::Pruned(id));
    assert_eq!(store.inputs(id).await.unwrap_err(), StoreError::Pruned(id));
    // The result, the rating changes and the match's row stay; a running match is
    // untouched; a walk over the logs leaves the pruned one out.
    assert_eq!(store.result(id).await.unwrap().unwrap().winner, Some(0));
    assert_eq!(store.rating_changes(id).await.unwrap(), changes);
    assert_eq!(store.info(id).await.unwrap().version, 1);
    assert!(store.load(live).await.is_ok());
    assert_eq!(store.match_ids(0, 10).await.unwrap(), vec![live]);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_applies_the_operators_retention() {
    let store = support::scratch_store("crystal-clans-retention").await;
    let (l, _) = store
        .create_match(support::new_match(8, [ANA, BEN], Some(GUILD)))
        .await
        .unwrap();
    store
        .finish(l.info.id, None, Some(1), Reason::Resign)
        .await
        .unwrap();
    let keeping = App::new(store.clone()).without_images();
    let (tx, _rx) = tokio::sync::mpsc::channel(100);
    let later = now_ms() + 400 * 86_400_000;
    let r = keeping
        .tick_into(later, crystal_clans::app::timers::TICK_BUDGET, &tx)
        .await;
    assert_eq!(r.logs_pruned, 0, "no retention set: kept for ever");
    let pruning = App::new(store.clone())
        .without_images()
        .with_finished_log_retention(365);
    let r = pruning
        .tick_into(now_ms(), crystal_clans::app::timers::TICK_BUDGET, &tx)
        .await;
    assert_eq!(r.logs_pruned, 0, "finished today: kept");
    let r = pruning
        .tick_into(later, crystal_clans::app::timers::TICK_BUDGET, &tx)
        .await;
    assert_eq!(r.logs_pruned, 1);
    let out = pruning
        .replays
        .replay(
            l.info.id,
            ANA,
            crystal_clans::app::Place {
                guild: Some(GUILD),
                channel: 555,
                reach: Default::default(),
            },
            later,
        )
        .await;
    let text = support::private_text(&out);
    assert!(text.contains("no longer kept"), "{text}");
}

both!(
    a_forgotten_player_is_replaced_where_others_keep_records,
    a_finished_matchs_log_goes_after_the_retention_and_its_result_stays,
);

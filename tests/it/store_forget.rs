//! A player forgotten in the store (`crates/store/src/forget.rs`), on SQLite and
//! PostgreSQL: what is theirs alone is deleted, the records others keep name a
//! placeholder instead, others' results and ratings read as before, and nothing names
//! the player afterwards.

use crystal_clans::store::{
    PLACEHOLDER_LIMIT, Player, Reason, Scope, UserSettings, is_placeholder,
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

both!(a_forgotten_player_is_replaced_where_others_keep_records);

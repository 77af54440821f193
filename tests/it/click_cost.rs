//! What a confirmed answer costs the store: one query (the match's load), one write
//! transaction (the submit) and no replay, whether or not it posts the board, offers a
//! takeback or pings the next player (issue 47, "a click in one trip"). The counts
//! come from the store's own counters (`crates/store/src/trips.rs`).

use crystal_clans::app::App;
use crystal_clans::store::{Counted, GuildSettings, Store, now_ms};
use crystal_clans_testkit::fake_discord::lively_pick as pick;

use crate::app::{ids, start};
use crate::support::scratch_store as scratch;

const ANA: u64 = 111_111_111_111_111_111;
const BEN: u64 = 222_222_222_222_222_222;
const GUILD: u64 = 9;

/// One confirmed answer as the Discord layer handles it (the use case, then the pings
/// of its public posts), and what it cost.
async fn confirmed_click(app: &App, store: &Store, id: i64, step: usize) -> (Counted, [bool; 2]) {
    let l = store.load(id).await.unwrap();
    let seat = l.state.waiting()[0];
    let user = [ANA, BEN][seat as usize];
    let legal = l.state.legal(app.rules(), seat);
    let index = pick(&legal, step);
    // What the Discord layer does first on every click.
    app.directory
        .learn_name(user, ["Ana", "Ben"][seat as usize]);
    let before = store.trips().now();
    let out = app.matches.play(id, l.info.version, user, index).await;
    let _ = app.presence.route_pings(&out, now_ms()).await;
    let cost = store.trips().now() - before;
    let offered = out
        .reply
        .as_ref()
        .is_some_and(|m| ids(m).iter().any(|i| i.split(':').nth(3) == Some("tb")));
    let after = store.load(id).await.unwrap();
    assert!(after.info.version > l.info.version);
    // The offer kept click by click is the one the whole log, replayed, allows.
    let allowed = store
        .takeback_plan(&after.info, seat)
        .await
        .unwrap()
        .is_ok();
    assert_eq!(
        offered,
        allowed && after.state.winner.is_none(),
        "answer #{step}"
    );
    (cost, [!out.public.is_empty(), offered])
}

#[tokio::test]
async fn a_confirmed_click_loads_once_submits_once_and_replays_nothing() {
    let store = scratch("click_cost").await;
    // A server with settings of its own, read like any server's.
    store
        .set_guild_settings(GUILD, &GuildSettings::default())
        .await
        .unwrap();
    let app = App::new(store.clone()).with_seeds(3).without_images();
    let id = start(&app).await;
    let (mut clicks, mut posted, mut offered, mut total) = (0, 0, 0, Counted::default());
    for step in 0..400 {
        let l = store.load(id).await.unwrap();
        if l.state.winner.is_some() || l.state.turn > 12 {
            break;
        }
        let (cost, [posts, offers]) = confirmed_click(&app, &store, id, step).await;
        // The first answers read each player's and the server's settings once; from
        // then on they are kept.
        if step >= 4 {
            assert_eq!(
                cost,
                Counted {
                    queries: 1,
                    transactions: 1,
                    replays: 0
                },
                "answer #{step}"
            );
            clicks += 1;
            posted += posts as usize;
            offered += offers as usize;
            total.queries += cost.queries;
            total.transactions += cost.transactions;
            total.replays += cost.replays;
        }
    }
    assert!(clicks > 60, "only {clicks} answers");
    assert!(posted >= 10, "only {posted} answers posted a board");
    assert!(offered >= 3, "only {offered} answers offered a takeback");
    eprintln!("{clicks} answers ({posted} posting, {offered} offering a takeback): {total:?}");

    // A bot started again keeps nothing: its first answer reads the log since the
    // setup and replays it once, and the next ones cost one query and one write again.
    let again = App::new(store.clone()).with_seeds(3).without_images();
    let (first, _) = confirmed_click(&again, &store, id, 1000).await;
    assert_eq!(first.replays, 1, "{first:?}");
    for step in 1001..1010 {
        let (cost, _) = confirmed_click(&again, &store, id, step).await;
        assert_eq!(cost.replays, 0, "answer #{step}");
        assert_eq!(cost.transactions, 1, "answer #{step}");
    }
}

//! An upgrade from an earlier release keeps every match (issue 48, item 2): the
//! fixture is a database written by release 8aee4f0 (schema version 4, card pack
//! revision 534b2f0a8cb1d1c1), made by `tests/fixtures/upgrade/make_fixture.rs`, with
//! the list of what that release acknowledged beside it. This build opens it (running
//! its migrations), finds every acknowledged input, verifies every match, and plays
//! every unfinished one to its end under the revision it started with.

use crystal_clans::app::App;
use crystal_clans::store::schema::Schema;
use crystal_clans::store::{Durability, Status, Store, StoreOptions, Verdict};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::path::Path;

use crate::support::{random_input, scratch_path};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/upgrade/release-8aee4f0.db"
);

/// (match, version, finished) as the release acknowledged them.
fn acknowledged() -> Vec<(i64, i64, bool)> {
    std::fs::read_to_string(format!("{FIXTURE}.acknowledged"))
        .expect("the fixture's list")
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2] == "finished",
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_from_release_8aee4f0_keeps_and_continues_every_match() {
    // The committed file stays as the release wrote it: the upgrade runs on a copy.
    let path = scratch_path("upgrade-8aee4f0", ".db");
    std::fs::copy(Path::new(FIXTURE), &path).unwrap();
    let mut o = StoreOptions::new(format!("sqlite://{}", path.display()));
    o.durability = Durability::Normal;
    let store = Store::open_with(o)
        .await
        .expect("the release's database opens");
    let schema = store.schema().await.unwrap();
    assert!(matches!(schema, Schema::Current), "{schema:?}");

    let list = acknowledged();
    assert_eq!(list.len(), 48);
    let (mut older_pack, mut finished_before) = (0, 0);
    for &(id, version, finished) in &list {
        let l = store
            .load(id)
            .await
            .unwrap_or_else(|e| panic!("match {id}: {e}"));
        assert_eq!(
            l.info.version, version,
            "match {id}: every acknowledged input is there"
        );
        assert_eq!(l.info.status == Status::Finished, finished, "match {id}");
        assert_eq!(l.state.winner.is_some(), finished, "match {id}");
        older_pack += (l.rules.pack.hash != store.rules().pack.hash) as usize;
        finished_before += finished as usize;
        assert_eq!(
            store.verify(id).await.unwrap().verdict,
            Verdict::Agrees,
            "match {id}"
        );
    }
    assert_eq!(
        older_pack,
        list.len(),
        "each match keeps the revision it started with"
    );
    assert!(finished_before >= 8 && finished_before < list.len());

    // Every unfinished match is played to its end, every other one through the app.
    let app = App::new(store.clone()).without_images().without_limits();
    let mut rng = Pcg32::seed_from_u64(48);
    for (n, &(id, _, _)) in list.iter().enumerate() {
        for _ in 0..3000 {
            let l = store.load(id).await.unwrap();
            if l.state.winner.is_some() {
                break;
            }
            let (seat, input) = random_input(&l.rules, &l.state, &mut rng);
            if n % 2 == 0 {
                let user = l.info.seats[seat as usize].user().unwrap();
                let legal = l.state.legal(&l.rules, seat);
                let index = legal.iter().position(|i| *i == input).unwrap();
                app.matches.play(id, l.info.version, user, index).await;
            } else {
                store
                    .submit(id, l.info.version, seat, &input)
                    .await
                    .unwrap();
            }
            assert!(
                store.info(id).await.unwrap().version > l.info.version,
                "match {id}"
            );
        }
        let l = store.load(id).await.unwrap();
        assert!(l.state.winner.is_some(), "match {id} was played to its end");
        assert_eq!(l.info.status, Status::Finished, "match {id}");
        assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
        assert_eq!(store.replay(id).await.unwrap().state, l.state, "match {id}");
    }
    store.close().await;
}

//! A balance change must not break the matches stored before it (issue 48, item 2):
//! matches are stored under an older revision of the card pack, the bot is upgraded
//! to the newest, and every one of them loads, verifies, and is played to its end under
//! the revision it started with, through the store and through the app; new matches
//! start on the newest revision.

use crystal_clans::app::App;
use crystal_clans::game::pack::revisions::OLDER;
use crystal_clans::game::{Rules, State};
use crystal_clans::store::{Durability, Status, Store, StoreOptions, Verdict};
use rand::SeedableRng;
use rand_pcg::Pcg32;

use crate::support::{new_match, random_input, scratch_path};

const ANA: u64 = 111_111_111_111_111_111;
const BEN: u64 = 222_222_222_222_222_222;

async fn open(url: &str, revision: Option<&str>) -> Store {
    let mut o = StoreOptions::new(url);
    o.durability = Durability::Normal;
    o.pack_revision = revision.map(str::to_string);
    Store::open_with(o).await.expect("the store opens")
}

/// Whether `inputs`, replayed from `setup` under `rules`, reach `snapshot` (a match
/// that no longer replays the same under the newest pack is one the old code called
/// damaged).
fn replays_the_same(
    rules: &Rules,
    l: &crystal_clans::store::Loaded,
    inputs: &[(u8, crystal_clans::game::Input)],
) -> bool {
    let Ok((mut s, _)) = State::new_under(rules, l.info.setup.clone(), l.info.rules_version) else {
        return false;
    };
    for (seat, input) in inputs {
        if s.apply(rules, *seat, input).is_err() {
            return false;
        }
    }
    s == l.state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_balance_change_leaves_every_stored_match_playable_to_its_end() {
    // The three revisions before the newest (names and wording only, then one value
    // apart, then five more): a wording revision breaks no match, a balance change may.
    let mut broken = 0;
    for (old, _) in &OLDER[..3] {
        let path = scratch_path("pack-revision", ".db");
        let url = format!("sqlite://{}", path.display());
        let before = open(&url, Some(old)).await;
        assert_eq!(before.rules().pack.hash, *old);
        let mut rng = Pcg32::seed_from_u64(7);
        let mut ids = Vec::new();
        for seed in 0..36u64 {
            let (l, _) = before
                .create_match(new_match(seed, [ANA, BEN], Some(9)))
                .await
                .unwrap();
            // A third played to the end, the rest stopped part way.
            let stop = if seed % 3 == 0 {
                usize::MAX
            } else {
                20 + (seed as usize * 7) % 80
            };
            let mut state = l.state;
            let mut version = 0;
            for _ in 0..stop {
                if state.winner.is_some() {
                    break;
                }
                let (seat, input) = random_input(before.rules(), &state, &mut rng);
                let sub = before
                    .submit(l.info.id, version, seat, &input)
                    .await
                    .unwrap();
                version = sub.version;
                state = sub.state;
            }
            ids.push(l.info.id);
        }
        before.close().await;

        // Upgraded: the newest pack is another game for some of these matches.
        let after = open(&url, None).await;
        let newest = Rules::base();
        assert_ne!(after.rules().pack.hash, *old);
        let mut differ = 0;
        for &id in &ids {
            let l = after.load(id).await.expect("every stored match loads");
            assert_eq!(l.info.pack_hash, *old);
            assert_eq!(
                l.rules.pack.hash, *old,
                "played by the revision it started with"
            );
            let inputs: Vec<_> = after
                .inputs(id)
                .await
                .unwrap()
                .into_iter()
                .map(|i| (i.seat, i.input))
                .collect();
            assert!(replays_the_same(&l.rules, &l, &inputs));
            differ += !replays_the_same(&newest, &l, &inputs) as usize;
            let report = after.verify(id).await.unwrap();
            assert_eq!(report.verdict, Verdict::Agrees, "match {id}");
        }
        eprintln!(
            "revision {old}: {differ} of {} matches replay otherwise under the newest",
            ids.len()
        );
        broken += differ;

        // Every match is played on to its end, half through the app (the panel's
        // choices and the board's words come from the match's own revision).
        let app = App::new(after.clone()).without_images().without_limits();
        let mut finished = 0;
        for (n, &id) in ids.iter().enumerate() {
            for step in 0..2000 {
                let l = after.load(id).await.unwrap();
                if l.info.status == Status::Finished || l.state.winner.is_some() {
                    break;
                }
                let (seat, input) = random_input(&l.rules, &l.state, &mut rng);
                if n % 2 == 0 {
                    let user = [ANA, BEN][seat as usize];
                    let legal = l.state.legal(&l.rules, seat);
                    let index = legal.iter().position(|i| *i == input).unwrap();
                    let out = app.matches.play(id, l.info.version, user, index).await;
                    let text = out.reply.map(|m| m.content).unwrap_or_default();
                    assert!(!text.contains("damaged"), "match {id}, step {step}: {text}");
                } else {
                    after
                        .submit(id, l.info.version, seat, &input)
                        .await
                        .unwrap();
                }
                assert!(
                    after.info(id).await.unwrap().version > l.info.version,
                    "match {id}"
                );
            }
            let l = after.load(id).await.unwrap();
            assert!(l.state.winner.is_some(), "match {id} was played to its end");
            finished += 1;
            assert_eq!(after.verify(id).await.unwrap().verdict, Verdict::Agrees);
            assert_eq!(after.replay(id).await.unwrap().state, l.state);
        }
        assert_eq!(finished, ids.len());

        // A match begun after the upgrade starts on the newest revision.
        let (fresh, _) = after
            .create_match(new_match(99, [ANA, BEN], Some(9)))
            .await
            .unwrap();
        assert_eq!(fresh.info.pack_hash, newest.pack.hash);
        assert_eq!(fresh.rules.pack.hash, newest.pack.hash);
        after.close().await;
    }
    assert!(
        broken > 0,
        "no stored match would have broken: the test shows nothing"
    );
}

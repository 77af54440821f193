//! Takebacks in the store (`crates/store/src/clans/takeback.rs`), on SQLite and PostgreSQL:
//! recorded as an entry of the log, the undone inputs kept and findable, replays and
//! `verify` agreeing, and one winner when takebacks and moves race.

use crystal_clans::game::takeback::Denied;
use crystal_clans::game::{Input, Seat, Setup, State};
use crystal_clans::store::{
    Decline, LogEntry, NewMatch, Store, StoreError, TakebackRequest, Verdict,
};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::sync::Arc;

use crate::support;
use support::takeback::position_with_takeback;
use support::*;

fn replay(setup: &Setup, log: &[(Seat, Input)]) -> State {
    let rules = rules();
    let (mut s, _) = State::new(&rules, setup.clone()).unwrap();
    for (seat, input) in log {
        s.apply(&rules, *seat, input).unwrap();
    }
    s
}

async fn stored(store: &Store, nm: NewMatch, log: &[(Seat, Input)]) -> i64 {
    let (m, _) = store.create_match(nm).await.unwrap();
    let id = m.info.id;
    store.submit_many(id, 0, log, None).await.unwrap();
    id
}

async fn a_takeback_is_logged_and_replays(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let (nm, log, asker) = position_with_takeback(1);
    let setup = nm.setup.clone();
    let id = stored(&store, nm, &log).await;
    let v = log.len() as i64;
    let t = store.take_back(id, v, asker, None).await.unwrap().unwrap();
    assert_eq!(t.version, v + 1);
    let first = t.takeback.undone[0].seq;
    assert!(t.takeback.undone.iter().all(|i| i.seat == asker));
    assert_eq!(t.takeback.replies, 0);
    let kept = (first - 1) as usize;
    let before = replay(&setup, &log[..kept]);
    assert_eq!(t.takeback.state, before);
    let loaded = store.load(id).await.unwrap();
    assert_eq!((loaded.info.version, &loaded.state), (v + 1, &before));
    assert_eq!(store.inputs(id).await.unwrap().len(), kept);
    // Every input acknowledged is still there, at its number, and the takeback after.
    let all = store.log(id).await.unwrap();
    assert_eq!(all.len() as i64, v + 1);
    for (n, (seat, input)) in log.iter().enumerate() {
        match &all[n] {
            LogEntry::Input(i) => {
                assert_eq!((i.seq, i.seat, &i.input), (n as i64 + 1, *seat, input))
            }
            e => panic!("#{}: {e:?}", n + 1),
        }
    }
    match all.last().unwrap() {
        LogEntry::Takeback(tb) => {
            assert_eq!((tb.seq, tb.seat, tb.first_undone), (v + 1, asker, first))
        }
        e => panic!("{e:?}"),
    }
    assert_eq!(store.takebacks(id).await.unwrap().len(), 1);
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    assert_eq!(store.replay(id).await.unwrap().state, before);
    // The match plays on from there: another choice, and the log still agrees.
    let seat = before.pending().seats[0];
    let legal = before.legal(&rules, seat);
    let other = *legal.last().unwrap();
    let sub = store.submit(id, v + 1, seat, &other).await.unwrap();
    assert_eq!(sub.version, v + 2);
    let mut played: Vec<_> = log[..kept].to_vec();
    played.push((seat, other));
    assert_eq!(store.load(id).await.unwrap().state, replay(&setup, &played));
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    let inputs = store.inputs(id).await.unwrap();
    assert_eq!(inputs.last().unwrap().seq, v + 2);
    // A board's read from before the undone inputs goes on; from inside them it must
    // start again.
    let b = store.inputs_between(id, 0, v + 2).await.unwrap();
    assert!(!b.rewound);
    assert_eq!(b.inputs, inputs);
    let b = store.inputs_between(id, first - 1, v + 2).await.unwrap();
    assert!(!b.rewound);
    assert_eq!(b.inputs, vec![inputs.last().unwrap().clone()]);
    let b = store.inputs_between(id, v, v + 2).await.unwrap();
    assert!(b.rewound);
    // Append-only: the database itself refuses to change a takeback.
    let changed = sqlx::query("UPDATE takebacks SET first_undone = 1 WHERE match_id = $1")
        .bind(id)
        .execute(store.pool())
        .await;
    assert!(changed.is_err());
}

async fn a_refused_or_stale_takeback_writes_nothing(db: &TestDb) {
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(3, [1, 2], None))
        .await
        .unwrap();
    let id = m.info.id;
    assert_eq!(
        store.take_back(id, 0, 0, None).await.unwrap(),
        Err(Denied::Nothing)
    );
    assert_eq!(store.info(id).await.unwrap().version, 0);
    let (nm, log, asker) = position_with_takeback(9);
    let id = stored(&store, nm, &log).await;
    let v = log.len() as i64;
    // The other player has nothing of theirs to take back since: refused.
    assert!(matches!(
        store.take_back(id, v, 1 - asker, None).await.unwrap(),
        Err(Denied::OpponentAnswered | Denied::Nothing | Denied::Reveals)
    ));
    assert!(matches!(
        store.take_back(id, v - 1, asker, None).await,
        Err(StoreError::Stale { current, .. }) if current == v
    ));
    assert_eq!(store.info(id).await.unwrap().version, v);
    assert!(store.takebacks(id).await.unwrap().is_empty());
    // Taken back once; asking again finds the previous action, or nothing, to judge.
    store.take_back(id, v, asker, None).await.unwrap().unwrap();
    assert!(matches!(
        store.take_back(id, v, asker, None).await,
        Err(StoreError::Stale { .. })
    ));
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
}

/// Takebacks by the asker and moves by the opponent race at one version: exactly one
/// of them wins, every other is `Stale`, and the log holds exactly what was
/// acknowledged.
async fn takebacks_and_moves_race_with_one_winner(db: &TestDb) {
    let store = Arc::new(db.open().await);
    let rules = rules();
    for round in 0..6u64 {
        let (nm, log, asker) = position_with_takeback(20 + round * 7);
        let setup = nm.setup.clone();
        let id = stored(&store, nm, &log).await;
        let v = log.len() as i64;
        let state = replay(&setup, &log);
        let other = 1 - asker;
        let moves = state.legal(&rules, other);
        let tasks = 8;
        let barrier = Arc::new(tokio::sync::Barrier::new(tasks));
        let handles: Vec<_> = (0..tasks)
            .map(|t| {
                let (store, barrier) = (store.clone(), barrier.clone());
                let input = moves[t % moves.len()];
                tokio::spawn(async move {
                    barrier.wait().await;
                    if t % 2 == 0 {
                        let r = store.take_back(id, v, asker, None).await;
                        (None, r.map(|r| r.unwrap().version))
                    } else {
                        let r = store.submit(id, v, other, &input).await;
                        (Some(input), r.map(|s| s.version))
                    }
                })
            })
            .collect();
        let mut won = Vec::new();
        for h in handles {
            match h.await.unwrap() {
                (what, Ok(version)) => won.push((what, version)),
                (_, Err(StoreError::Stale { current, .. })) => assert_eq!(current, v + 1),
                (_, Err(e)) => panic!("round {round}: {e:?}"),
            }
        }
        assert_eq!(won.len(), 1, "round {round}: exactly one wins: {won:?}");
        let all = store.log(id).await.unwrap();
        assert_eq!(all.len() as i64, v + 1);
        match (&won[0].0, all.last().unwrap()) {
            (None, LogEntry::Takeback(t)) => assert_eq!(t.seat, asker),
            (Some(input), LogEntry::Input(i)) => assert_eq!((i.seat, &i.input), (other, input)),
            (w, e) => panic!("round {round}: won {w:?}, logged {e:?}"),
        }
        assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    }
}

/// Regression (issue 48, item 4): an Allow and a Decline of the same request, racing
/// from two store handles (two bot processes), both succeeded in most races: the
/// action was taken back and the request recorded as declined. Now exactly one wins,
/// the other says so, and the match plays on with every acknowledged input in its log.
async fn a_takeback_allow_and_decline_race_with_one_winner(db: &TestDb) {
    let (one, two) = (Arc::new(db.open().await), Arc::new(db.open().await));
    let rules = rules();
    let (mut allowed, mut declined) = (0, 0);
    for round in 0..12u64 {
        let (nm, log, asker) = position_with_takeback(40 + round * 5);
        let setup = nm.setup.clone();
        let id = stored(&one, nm, &log).await;
        let v = log.len() as i64;
        assert!(one.ask_takeback(id, v, asker, 1).await.unwrap());
        let barrier = Arc::new(tokio::sync::Barrier::new(2));
        let (b1, b2) = (barrier.clone(), barrier.clone());
        let (s1, s2) = (one.clone(), two.clone());
        let allow = tokio::spawn(async move {
            b1.wait().await;
            s1.take_back(id, v, asker, None).await
        });
        let decline = tokio::spawn(async move {
            b2.wait().await;
            s2.decline_takeback(id, v, 2).await
        });
        let (allow, decline) = (allow.await.unwrap(), decline.await.unwrap().unwrap());
        let request = one.takeback_request(id, v).await.unwrap();
        let entries = one.log(id).await.unwrap();
        match (allow, decline) {
            (Ok(Ok(t)), Decline::Moved) => {
                allowed += 1;
                assert_eq!(t.version, v + 1);
                assert!(matches!(entries.last(), Some(LogEntry::Takeback(_))));
                assert!(
                    matches!(request, TakebackRequest::Open { .. }),
                    "round {round}"
                );
            }
            (Ok(Err(Denied::Declined)), Decline::Declined) => {
                declined += 1;
                assert_eq!(entries.len() as i64, v, "round {round}: nothing taken back");
                assert!(matches!(request, TakebackRequest::Declined { .. }));
            }
            (a, d) => panic!("round {round}: allow {a:?}, decline {d:?}"),
        }
        // The match plays on from whichever won, to its end.
        let mut state = replay(&setup, &log);
        let mut version = one.info(id).await.unwrap().version;
        if version == v + 1 {
            state = one.load(id).await.unwrap().state;
        }
        let mut rng = Pcg32::seed_from_u64(round);
        while state.winner.is_none() {
            let (seat, input) = random_input(&rules, &state, &mut rng);
            let sub = two.submit(id, version, seat, &input).await.unwrap();
            (version, state) = (sub.version, sub.state);
        }
        assert_eq!(one.verify(id).await.unwrap().verdict, Verdict::Agrees);
    }
    assert_eq!(allowed + declined, 12);
}

both!(
    a_takeback_is_logged_and_replays,
    a_refused_or_stale_takeback_writes_nothing,
    takebacks_and_moves_race_with_one_winner,
    a_takeback_allow_and_decline_race_with_one_winner,
);

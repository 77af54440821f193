//! What the match store refuses, reports and survives: a stale or missing version,
//! concurrent submits, damaged rows, a changed rules version or pack, a failing database,
//! and `verify` (each body runs on SQLite and, with `TEST_DATABASE_URL`, PostgreSQL too:
//! see `both!` in `tests/support`). Round trips and lists are in `store.rs`.

use crystal_clans::game::{Input, RULES_VERSION, Seat, State};
use crystal_clans::store::{Backend, Durability, Store, StoreError, Verdict};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::process::Command;
use std::sync::Arc;

use crate::support;
use support::*;

/// What a player reads for a store error, in English (the app words it).
fn told(e: &crystal_clans::store::StoreError) -> String {
    crystal_clans::app::failures::words(crystal_clans::i18n::Lang::En, e)
}

async fn exec(store: &Store, sql: &str) {
    sqlx::query(sql).execute(store.pool()).await.unwrap();
}

async fn stale_refused_and_missing_write_nothing(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let (m, _) = store
        .create_match(new_match(3, [1, 2], None))
        .await
        .unwrap();
    let id = m.info.id;
    let mut rng = Pcg32::seed_from_u64(1);
    let (seat, input) = random_input(&rules, &m.state, &mut rng);
    store.submit(id, 0, seat, &input).await.unwrap();
    let before = store.load(id).await.unwrap();
    let (seat2, input2) = random_input(&rules, &before.state, &mut rng);
    // Stale: the panel was built at version 0.
    let e = store.submit(id, 0, seat2, &input2).await.unwrap_err();
    assert_eq!(
        e,
        StoreError::Stale {
            match_id: id,
            expected: 0,
            current: 1
        }
    );
    assert!(e.is_transient());
    assert!(told(&e).contains("out of date"));
    // Refused by the engine: the wrong seat, or an answer to another question.
    let other = 1 - seat2;
    let refused = if before.state.pending().seats.contains(&other) {
        (seat2, Input::Draw(200))
    } else {
        (other, input2)
    };
    let e = store
        .submit(id, 1, refused.0, &refused.1)
        .await
        .unwrap_err();
    let StoreError::Rules { match_id, error } = &e else {
        panic!("expected a rules error, got {e:?}");
    };
    assert_eq!(*match_id, id);
    assert!(told(&e).contains(&error.to_string()), "{}", told(&e));
    assert!(!e.is_transient());
    // Neither wrote anything.
    assert_eq!(store.load(id).await.unwrap(), before);
    assert_eq!(store.inputs(id).await.unwrap().len(), 1);
    // Missing match; empty batch.
    assert_eq!(
        store.submit(id + 99, 0, 0, &Input::Done).await.unwrap_err(),
        StoreError::NotFound(id + 99)
    );
    assert!(matches!(
        store.submit_many(id, 1, &[], None).await,
        Err(StoreError::Invalid(_))
    ));
    // A batch with a refused input in the middle writes none of it.
    let (s1, i1) = (seat2, input2);
    let e = store
        .submit_many(
            id,
            1,
            &[(s1, i1), (0, Input::Draw(200)), (1, Input::Draw(200))],
            None,
        )
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Rules { .. }), "{e:?}");
    assert_eq!(store.load(id).await.unwrap(), before);
    assert_eq!(store.inputs(id).await.unwrap().len(), 1);
}

/// Many tasks race to answer each question of one match: exactly one wins per version,
/// every other gets `Stale`, and the log has no gap and no duplicate.
async fn concurrent_submits_apply_once(db: &TestDb) {
    let store = Arc::new(db.open().await);
    let rules = Arc::new(rules());
    let (m, _) = store
        .create_match(new_match(5, [1, 2], None))
        .await
        .unwrap();
    let id = m.info.id;
    let tasks = 12;
    let rounds = 20;
    let mut state = m.state.clone();
    let mut rng = Pcg32::seed_from_u64(8);
    for v in 0..rounds {
        if state.winner.is_some() {
            break;
        }
        // Half the rounds: everybody sends the same input (a double click). Otherwise
        // each task picks its own legal answer (two players, two panels).
        let same = v % 2 == 0;
        let first = random_input(&rules, &state, &mut rng);
        let choices: Vec<(Seat, Input)> = (0..tasks)
            .map(|t| {
                if same || t == 0 {
                    first
                } else {
                    random_input(&rules, &state, &mut rng)
                }
            })
            .collect();
        let barrier = Arc::new(tokio::sync::Barrier::new(tasks));
        let handles: Vec<_> = choices
            .into_iter()
            .map(|(seat, input)| {
                let store = store.clone();
                let barrier = barrier.clone();
                tokio::spawn(async move {
                    barrier.wait().await;
                    (seat, input, store.submit(id, v, seat, &input).await)
                })
            })
            .collect();
        let mut winners = Vec::new();
        for h in handles {
            let (seat, input, r) = h.await.unwrap();
            match r {
                Ok(s) => winners.push((seat, input, s)),
                Err(StoreError::Stale { current, .. }) => assert_eq!(current, v + 1),
                Err(e) => panic!("round {v}: unexpected {e:?}"),
            }
        }
        assert_eq!(winners.len(), 1, "round {v}: exactly one submit wins");
        let (seat, input, s) = winners.pop().unwrap();
        state.apply(&rules, seat, &input).unwrap();
        assert_eq!((s.version, &s.state), (v + 1, &state));
    }
    let log = store.inputs(id).await.unwrap();
    assert_eq!(log.len() as i64, store.info(id).await.unwrap().version);
    assert!(log.iter().enumerate().all(|(i, e)| e.seq == i as i64 + 1));
    assert_eq!(store.load(id).await.unwrap().state, state);
    assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
}

async fn damaged_rows_are_reported_per_match(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let mut ids = Vec::new();
    for seed in 0..3 {
        let (m, _) = store
            .create_match(new_match(seed, [1, 2], None))
            .await
            .unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut state = m.state;
        for v in 0..6 {
            let (seat, input) = random_input(&rules, &state, &mut rng);
            state = store
                .submit(m.info.id, v, seat, &input)
                .await
                .unwrap()
                .state;
        }
        ids.push(m.info.id);
    }
    let (a, b, c) = (ids[0], ids[1], ids[2]);
    // a: an unreadable snapshot.
    sqlx::query("UPDATE snapshots SET state = '{\"players\": 7}' WHERE match_id = $1")
        .bind(a)
        .execute(store.pool())
        .await
        .unwrap();
    // b: an input this engine does not know, appended at the end of the log.
    sqlx::query(
        "INSERT INTO inputs (match_id, seq, seat, input, at) \
         VALUES ($1, 7, 0, '{\"teleport\": 3}', 0)",
    )
    .bind(b)
    .execute(store.pool())
    .await
    .unwrap();
    sqlx::query("UPDATE matches SET version = 7 WHERE id = $1")
        .bind(b)
        .execute(store.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE snapshots SET version = 7 WHERE match_id = $1")
        .bind(b)
        .execute(store.pool())
        .await
        .unwrap();

    let e = store.load(a).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Corrupt { match_id, detail } if *match_id == a && detail.contains("snapshot")),
        "{e:?}"
    );
    let msg = told(&e);
    assert!(
        msg.contains(&format!("#{a}")) && !msg.contains("players"),
        "{msg}"
    );
    assert!(!e.is_transient());
    let e = store.submit(a, 6, 0, &Input::Done).await.unwrap_err();
    assert!(matches!(e, StoreError::Corrupt { match_id, .. } if match_id == a));
    let e = store.inputs(b).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Corrupt { match_id, detail } if *match_id == b && detail.contains("#7")),
        "{e:?}"
    );
    // The others are untouched: listed, loaded, played on.
    assert_eq!(store.active_matches_of_user(1).await.unwrap().len(), 3);
    let lc = store.load(c).await.unwrap();
    let (seat, input) = random_input(&rules, &lc.state, &mut Pcg32::seed_from_u64(0));
    let s7 = store.submit(c, 6, seat, &input).await.unwrap().state;
    // verify names each problem.
    let verdict = |id| {
        let store = &store;
        async move { store.verify(id).await.unwrap().verdict }
    };
    assert!(matches!(verdict(a).await, Verdict::Damaged { detail } if detail.contains("snapshot")));
    assert!(matches!(verdict(b).await, Verdict::Damaged { detail } if detail.contains("#7")));
    assert_eq!(verdict(c).await, Verdict::Agrees);
    // A snapshot that parses but is not a running match (no step on the agenda) would
    // make the engine panic: reported as damage instead.
    let mut broken = s7.clone();
    broken.agenda.clear();
    put_snapshot(&store, c, &broken, Some(7)).await;
    let e = store.load(c).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Corrupt { detail, .. } if detail.contains("inconsistent")),
        "{e:?}"
    );
    assert!(
        matches!(verdict(c).await, Verdict::Disagrees { problems } if problems[0].contains("`agenda`"))
    );
    // A card in two places at once (State::validate).
    let mut twice = s7.clone();
    let card = twice.players[0].draw[0];
    twice.players[0].hand.push(card);
    put_snapshot(&store, c, &twice, Some(7)).await;
    let e = store.load(c).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Corrupt { detail, .. } if detail.contains("twice")),
        "{e:?}"
    );
    // A gap in the log.
    sqlx::query("DELETE FROM inputs WHERE match_id = $1 AND seq = 3")
        .bind(c)
        .execute(store.pool())
        .await
        .unwrap();
    assert!(matches!(verdict(c).await, Verdict::Damaged { detail } if detail.contains("jumps")));
    // The bot notices the gap itself when it loads or continues the match, with a good
    // snapshot in place (before, only `verify` did).
    put_snapshot(&store, c, &s7, Some(7)).await;
    let gap = |e: &StoreError| {
        matches!(e, StoreError::Corrupt { match_id, detail }
            if *match_id == c && detail.contains("log holds 6 inputs ending at #7"))
    };
    let e = store.load(c).await.unwrap_err();
    assert!(gap(&e), "{e:?}");
    let (seat, input) = random_input(&rules, &s7, &mut Pcg32::seed_from_u64(1));
    let e = store.submit(c, 7, seat, &input).await.unwrap_err();
    assert!(gap(&e), "{e:?}");
    // A lost last input: the log ends before the match's version.
    sqlx::query("DELETE FROM inputs WHERE match_id = $1 AND seq = 7")
        .bind(c)
        .execute(store.pool())
        .await
        .unwrap();
    let e = store.load(c).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Corrupt { detail, .. } if detail.contains("log holds 5 inputs ending at #6")),
        "{e:?}"
    );
    assert_eq!(
        store.info(c).await.unwrap().version,
        7,
        "nothing was written"
    );
}

/// Overwrites a match's snapshot behind the store's back (and its version, if given).
async fn put_snapshot(store: &Store, id: i64, state: &State, version: Option<i64>) {
    sqlx::query(
        "UPDATE snapshots SET state = $1, version = COALESCE($2, version) WHERE match_id = $3",
    )
    .bind(serde_json::to_string(state).unwrap())
    .bind(version)
    .bind(id)
    .execute(store.pool())
    .await
    .unwrap();
}

async fn rules_version_and_pack_changes(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let (m, _) = store
        .create_match(new_match(9, [1, 2], None))
        .await
        .unwrap();
    let id = m.info.id;
    let mut rng = Pcg32::seed_from_u64(9);
    let mut state = m.state.clone();
    for v in 0..5 {
        let (seat, input) = random_input(&rules, &state, &mut rng);
        state = store.submit(id, v, seat, &input).await.unwrap().state;
    }
    let set_rules = |v: i64| {
        let store = &store;
        async move {
            sqlx::query("UPDATE matches SET rules_version = $1 WHERE id = $2")
                .bind(v)
                .bind(id)
                .execute(store.pool())
                .await
                .unwrap();
        }
    };
    // A newer or an unknown older rules version: refused, clearly, and left untouched.
    set_rules(RULES_VERSION as i64 + 1).await;
    let e = store.load(id).await.unwrap_err();
    let StoreError::Incompatible { match_id, detail } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(*match_id, id);
    assert!(detail.contains("newer") && detail.contains(&format!("version {RULES_VERSION}")));
    assert!(told(&e).contains("cannot continue"));
    assert!(matches!(
        store.verify(id).await.unwrap().verdict,
        Verdict::Incompatible { .. }
    ));
    // Older than the oldest the engine plays.
    set_rules(crystal_clans::game::PLAYABLE_RULES_VERSIONS[0] as i64 - 1).await;
    let e = store.submit(id, 5, 0, &Input::Done).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Incompatible { detail, .. } if detail.contains("older")),
        "{e:?}"
    );
    // An older version the engine still plays (the previous one, 5 since version 6):
    // the match goes on under its own rules, from its snapshot, and stays there.
    let older = RULES_VERSION - 1;
    assert!(crystal_clans::game::PLAYABLE_RULES_VERSIONS.contains(&older));
    set_rules(older.into()).await;
    let mut under_older = state.clone();
    under_older.rules_version = older;
    put_snapshot(&store, id, &under_older, None).await;
    let loaded = store.load(id).await.unwrap();
    assert_eq!(
        (loaded.state.clone(), loaded.info.rules_version),
        (under_older.clone(), older)
    );
    let (seat, input) = random_input(&rules, &under_older, &mut rng);
    let s = store.submit(id, 5, seat, &input).await.unwrap();
    assert_eq!(s.state.rules_version, older, "kept its rules");
    assert_eq!(store.info(id).await.unwrap().rules_version, older);
    assert_eq!(store.load(id).await.unwrap().state, s.state);
    // A revision of the pack this build does not keep (a newer build's, an operator's
    // own file): refused, clearly, and left untouched. The revisions it keeps are
    // played by (tests/it/pack_revisions.rs).
    sqlx::query("UPDATE matches SET pack_hash = 'an-unknown-revision' WHERE id = $1")
        .bind(id)
        .execute(store.pool())
        .await
        .unwrap();
    let e = store.load(id).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Incompatible { detail, .. } if detail.contains("does not keep")),
        "{e:?}"
    );
    assert!(matches!(
        store.verify(id).await.unwrap().verdict,
        Verdict::Incompatible { .. }
    ));
    assert_eq!(store.info(id).await.unwrap().version, 6);
    // Another pack altogether.
    sqlx::query("UPDATE matches SET pack_id = 'expansion' WHERE id = $1")
        .bind(id)
        .execute(store.pool())
        .await
        .unwrap();
    let e = store.load(id).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Incompatible { detail, .. } if detail.contains("expansion")),
        "{e:?}"
    );
}

/// A database that is gone (closed) or full gives `Unavailable` with the user-facing
/// "could not save", and never a half-applied move.
async fn database_failures_write_nothing(db: &TestDb) {
    let store = db
        .open_with(|o| {
            o.max_connections = 1;
            o.durability = Durability::Normal;
        })
        .await;
    let rules = rules();
    let (m, _) = store
        .create_match(new_match(2, [1, 2], None))
        .await
        .unwrap();
    let id = m.info.id;
    let mut rng = Pcg32::seed_from_u64(2);
    let mut state = m.state.clone();
    let mut version = 0;
    if db.backend == Backend::Sqlite {
        // Cap the file at its current size: the next growth fails with SQLITE_FULL.
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(store.pool())
            .await
            .unwrap();
        exec(&store, &format!("PRAGMA max_page_count = {pages}")).await;
        let mut full = None;
        for _ in 0..500 {
            let (seat, input) = random_input(&rules, &state, &mut rng);
            match store.submit(id, version, seat, &input).await {
                Ok(s) => {
                    version = s.version;
                    state = s.state;
                }
                Err(e) => {
                    full = Some(e);
                    break;
                }
            }
            if state.winner.is_some() {
                break;
            }
        }
        let e = full.expect("the capped database fills up");
        assert!(matches!(e, StoreError::Unavailable { .. }), "{e:?}");
        assert_eq!(told(&e), "Could not save, try again.");
        assert!(e.is_transient());
        exec(&store, "PRAGMA max_page_count = 1073741823").await;
        let after = store.load(id).await.unwrap();
        assert_eq!((after.info.version, &after.state), (version, &state));
        assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    }
    store.close().await;
    let (seat, input) = random_input(&rules, &state, &mut rng);
    let e = store.submit(id, version, seat, &input).await.unwrap_err();
    assert!(matches!(e, StoreError::Unavailable { .. }), "{e:?}");
    assert_eq!(told(&e), "Could not save, try again.");
    let e = store.load(id).await.unwrap_err();
    assert_eq!(told(&e), "Could not load the match, try again.");
    let store = db.open().await;
    let after = store.load(id).await.unwrap();
    assert_eq!((after.info.version, &after.state), (version, &state));
}

/// Replaying setup and inputs reproduces the snapshot for a thousand self-played
/// matches (each stored as one batch; a few move by move).
async fn replay_equals_snapshot_for_many_matches(db: &TestDb) {
    let count: u64 = match db.backend {
        Backend::Sqlite => 1000,
        Backend::Postgres => 300,
    };
    let store = db
        .open_with(|o| {
            o.durability = Durability::Normal;
            o.max_connections = 2;
        })
        .await;
    let rules = rules();
    let mut games = 0;
    for seed in 0..count {
        let nm = new_match(seed, [seed, seed + 1], Some(seed % 7));
        let (m, _) = store.create_match(nm.clone()).await.unwrap();
        let (inputs, end) = random_game(&rules, &nm.setup, seed ^ 0xBEEF);
        // Stop some matches half way, so unfinished ones are checked too.
        let n = if seed % 3 == 0 {
            inputs.len() / 2
        } else {
            inputs.len()
        };
        if seed < 5 {
            let mut v = 0;
            for (seat, input) in &inputs[..n] {
                v = store
                    .submit(m.info.id, v, *seat, input)
                    .await
                    .unwrap()
                    .version;
            }
        } else if n > 0 {
            let s = store
                .submit_many(m.info.id, 0, &inputs[..n], None)
                .await
                .unwrap();
            if n == inputs.len() {
                assert_eq!(s.state, end);
                assert!(s.result.is_some());
            }
        }
        games += 1;
    }
    let mut after = 0;
    let mut checked = 0;
    loop {
        let ids = store.match_ids(after, 200).await.unwrap();
        let Some(&last) = ids.last() else { break };
        for id in ids {
            let r = store.verify(id).await.unwrap();
            assert_eq!(r.verdict, Verdict::Agrees, "match {id}");
            checked += 1;
        }
        after = last;
    }
    assert_eq!(checked, games);
}

/// `crystal-clans verify` reports a damaged match by id and exits 1; 0 when all agree.
#[test]
fn verify_command_reports_disagreements() {
    let db = TestDb::sqlite();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let id = rt.block_on(async {
        let store = db.open().await;
        let mut last = 0;
        for seed in 0..3 {
            let (m, _) = store
                .create_match(new_match(seed, [1, 2], None))
                .await
                .unwrap();
            last = m.info.id;
        }
        store.close().await;
        last
    });
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_crystal-clans"))
            .arg("verify")
            .args(["--database", &db.url])
            .args(args)
            .output()
            .unwrap()
    };
    let ok = run(&["--all"]);
    assert_eq!(ok.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("\"agree\":3"));
    rt.block_on(async {
        let store = db.open().await;
        exec(
            &store,
            &format!("UPDATE snapshots SET state = 'x' WHERE match_id = {id}"),
        )
        .await;
        store.close().await;
    });
    let bad = run(&[]);
    let out = String::from_utf8_lossy(&bad.stdout);
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(
        out.contains(&format!("\"match_id\":{id}")) && out.contains("damaged"),
        "{out}"
    );
    assert!(out.contains("\"agree\":2"), "{out}");
    let one = run(&["--match", "1"]);
    assert_eq!(one.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&one.stdout).contains("agrees"));
}

// ---- every test on both backends ----------------------------------------------------

both!(
    stale_refused_and_missing_write_nothing,
    concurrent_submits_apply_once,
    damaged_rows_are_reported_per_match,
    rules_version_and_pack_changes,
    database_failures_write_nothing,
    replay_equals_snapshot_for_many_matches,
);

/// Regression (issue 48, 12): a damaged page of the SQLite file (not one match's row)
/// read "try again", which cannot help. The store calls it damage, and the player reads
/// that the database is damaged and the operator was told.
#[tokio::test]
async fn a_damaged_page_is_damage_not_try_again() {
    let db = TestDb::sqlite();
    let path = db.sqlite_file.clone().unwrap();
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(4808, [1, 2], None))
        .await
        .unwrap();
    let (root, page_size): (i64, i64) = (
        sqlx::query_scalar("SELECT rootpage FROM sqlite_master WHERE name = 'matches'")
            .fetch_one(store.pool())
            .await
            .unwrap(),
        sqlx::query_scalar("PRAGMA page_size")
            .fetch_one(store.pool())
            .await
            .unwrap(),
    );
    store.close().await;
    // The table's root page overwritten with noise, as a bad disk block would.
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.seek(SeekFrom::Start(((root - 1) * page_size) as u64))
            .unwrap();
        f.write_all(&vec![0xA5; page_size as usize]).unwrap();
    }
    let store = db.open().await;
    let e = store
        .load(m.info.id)
        .await
        .expect_err("a damaged page loads");
    assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
    assert!(!e.is_transient() && e.is_fault(), "{e:?}");
    let said = told(&e);
    assert!(
        said.contains("damaged") && !said.contains("try again"),
        "{said}"
    );
    store.close().await;
}

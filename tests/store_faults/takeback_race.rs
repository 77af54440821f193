//! Takebacks racing moves across processes.

use super::*;

/// Two takebacks by the asker and a move by the opponent, each from a bot process of its
/// own (the racer, `Role::RaceChild`), race at one version of a match, told to go at
/// once: exactly one wins, the others are `Stale` at the next version, and a fresh store
/// finds every acknowledged entry at its number and the match replaying to its snapshot.
async fn takebacks_race_a_move_across_processes(db: &TestDb, rounds: u64) {
    use crystal_clans::store::LogEntry;
    use std::io::{BufRead, Write};
    use std::process::Stdio;
    let rules = rules();
    let store = db.open().await;
    // Per round: the match, the number the winner got, and what it was (the takeback's
    // seat, or the move's seat and JSON).
    let mut won: Vec<(MatchId, i64, Seat, Option<String>)> = Vec::new();
    for round in 0..rounds {
        let (nm, log, asker) = support::takeback::position_with_takeback(100 + round * 13);
        let setup = nm.setup.clone();
        let (m, _) = store.create_match(nm).await.unwrap();
        let id = m.info.id;
        store.submit_many(id, 0, &log, None).await.unwrap();
        let v = log.len() as i64;
        let (mut state, _) = State::new(&rules, setup).unwrap();
        for (seat, input) in &log {
            state.apply(&rules, *seat, input).unwrap();
        }
        let other = 1 - asker;
        let moves = state.legal(&rules, other);
        let json = serde_json::to_string(&moves[round as usize % moves.len()]).unwrap();
        // The move goes first, second or last to be told to go.
        let mut racers: Vec<(Seat, Option<String>)> = vec![(asker, None), (asker, None)];
        racers.insert(round as usize % 3, (other, Some(json)));
        let mut children: Vec<_> = racers
            .iter()
            .map(|(seat, input)| {
                let mut child = child(Role::RaceChild {
                    database: db.url.clone(),
                    match_id: id,
                    version: v,
                    seat: *seat,
                    input: input.clone(),
                })
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("the test binary starts");
                let mut out = self_exec::output(child.stdout.take().unwrap());
                let mut ready = String::new();
                out.read_line(&mut ready).unwrap();
                assert_eq!(ready.trim(), "ready", "round {round}");
                (child, out)
            })
            .collect();
        for (child, _) in &mut children {
            child.stdin.as_mut().unwrap().write_all(b"go\n").unwrap();
        }
        let mut acks = Vec::new();
        for (k, (mut child, mut out)) in children.into_iter().enumerate() {
            let mut line = String::new();
            out.read_line(&mut line).unwrap();
            assert!(child.wait().unwrap().success(), "round {round}: {line}");
            match line.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["ack", n] => acks.push((k, n.parse::<i64>().unwrap())),
                ["stale", n] => assert_eq!(n.parse::<i64>().unwrap(), v + 1, "round {round}"),
                _ => panic!("round {round}: racer {k} said `{line}`"),
            }
        }
        assert_eq!(acks.len(), 1, "round {round}: exactly one wins: {acks:?}");
        let (k, n) = acks[0];
        assert_eq!(n, v + 1);
        won.push((id, n, racers[k].0, racers[k].1.clone()));
    }
    store.close().await;
    let fresh = db.open().await;
    let (mut takebacks, mut moves) = (0, 0);
    for (id, n, seat, input) in &won {
        let log = fresh.log(*id).await.unwrap();
        assert_eq!(
            log.len() as i64,
            *n,
            "match {id}: the log ends at the winner"
        );
        match (log.last().unwrap(), input) {
            (LogEntry::Takeback(t), None) => {
                assert_eq!((t.seq, t.seat), (*n, *seat));
                takebacks += 1;
            }
            (LogEntry::Input(i), Some(json)) => {
                let stored = serde_json::to_string(&i.input).unwrap();
                assert_eq!((i.seq, i.seat, &stored), (*n, *seat, json));
                moves += 1;
            }
            (e, w) => panic!("match {id}: logged {e:?}, acknowledged {w:?}"),
        }
        // Every input before it is still there, at its number.
        assert!(log.iter().enumerate().all(|(k, e)| e.seq() == k as i64 + 1));
        assert_eq!(fresh.verify(*id).await.unwrap().verdict, Verdict::Agrees);
    }
    eprintln!(
        "takebacks racing a move ({}): {rounds} rounds, {takebacks} won by a takeback, {moves} by the move",
        db.backend.name()
    );
    fresh.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_takebacks_race_a_move_across_processes() {
    let db = TestDb::sqlite();
    takebacks_race_a_move_across_processes(&db, 12).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_takebacks_race_a_move_across_processes() {
    let _shared = PG_SERVER.read().await;
    let Some(db) = TestDb::postgres().await else {
        return cannot("postgres takeback race", "TEST_DATABASE_URL is not set");
    };
    takebacks_race_a_move_across_processes(&db, 12).await;
    db.cleanup().await;
}

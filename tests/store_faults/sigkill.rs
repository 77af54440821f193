//! SIGKILL: the process dies at any moment, and every acknowledged input survives.

use super::*;

/// The crash test: a child process (the crash child, `Role::CrashChild`) submits random
/// inputs, printing `submit SEQ` as a submit starts and `ack SEQ ...` once it committed;
/// it is killed with SIGKILL, mostly while a submit is in flight (after a random number
/// of acknowledgements, a random 0-5 ms after the next submit began). Every acknowledged
/// input must be in the reopened database and every match must replay to its snapshot.
async fn acknowledged_inputs_survive_sigkill(db: &TestDb, target_kills: u32) {
    use std::io::BufRead;
    use std::process::Stdio;
    let store = db.open().await;
    let (m, _) = store
        .create_match(new_match(21, [1, 2], None))
        .await
        .unwrap();
    store.close().await;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut rng = Pcg32::seed_from_u64(seed);
    let below = crystal_clans::game::rng::below;
    // Per match: the acknowledged inputs (seq, seat, input JSON).
    type Acked = Vec<(i64, Seat, String)>;
    let mut acked: Vec<(i64, Acked)> = vec![(m.info.id, vec![])];
    let (mut kills, mut in_submit, mut rounds) = (0u32, 0u32, 0u64);
    let started = std::time::Instant::now();
    while kills < target_kills {
        rounds += 1;
        assert!(
            rounds < 4 * target_kills as u64 + 40,
            "the children kept finishing before the kill (seed {seed})"
        );
        let id = acked.last().unwrap().0;
        let mut child = child(Role::CrashChild {
            database: db.url.clone(),
            match_id: id,
            seed: seed ^ rounds,
            idle_after: None,
            probe: false,
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the test binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            let mut r = self_exec::output(stdout);
            loop {
                let mut line = String::new();
                match r.read_line(&mut line) {
                    // A line cut off by the kill has no newline: it was not acknowledged.
                    Ok(n) if n > 0 && line.ends_with('\n') => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                    _ => break,
                }
            }
        });
        // Counting lines, not wall time, keeps the kill meaningful on a loaded machine.
        let acks_before_kill = below(&mut rng, 4);
        let mut lines = Vec::new();
        let mut acks = 0;
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let mut waiting_for_submit = true;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let Ok(line) = rx.recv_timeout(left) else {
                break; // the child ended (its match is over) or hangs
            };
            acks += u32::from(line.starts_with("ack"));
            let submit = line.starts_with("submit");
            lines.push(line);
            if acks >= acks_before_kill && submit {
                waiting_for_submit = false;
                break;
            }
        }
        if !waiting_for_submit {
            let delay = below(&mut rng, 6) as u64;
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
        }
        let killed = child.try_wait().unwrap().is_none();
        child.kill().ok(); // SIGKILL
        let status = child.wait().unwrap();
        reader.join().unwrap();
        lines.extend(rx.try_iter());
        if killed {
            kills += 1;
            // In flight: the last line is a `submit` without its `ack`.
            if lines.last().is_some_and(|l| l.starts_with("submit")) {
                in_submit += 1;
            }
        } else {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).ok();
            assert!(status.success(), "the child failed: {status} {err}");
        }
        let log = &mut acked.last_mut().unwrap().1;
        let mut finished = false;
        for line in lines {
            let mut parts = line.trim_end().splitn(4, ' ');
            match parts.next() {
                Some("ack") => {
                    let seq = parts.next().unwrap().parse().unwrap();
                    let seat = parts.next().unwrap().parse().unwrap();
                    log.push((seq, seat, parts.next().unwrap().to_string()));
                }
                Some("finished") => finished = true,
                _ => {}
            }
        }
        if finished {
            let store = db.open().await;
            let (m, _) = store
                .create_match(new_match(22 + rounds, [1, 2], None))
                .await
                .unwrap();
            store.close().await;
            acked.push((m.info.id, vec![]));
        }
    }
    let store = db.open().await;
    let mut total = 0;
    for (id, log) in &acked {
        let stored = store.inputs(*id).await.unwrap();
        assert!(
            stored.len() >= log.len(),
            "match {id}: acknowledged inputs lost"
        );
        for (seq, seat, json) in log {
            let s = &stored[*seq as usize - 1];
            assert_eq!(s.seq, *seq);
            assert_eq!(s.seat, *seat, "match {id} input #{seq}");
            assert_eq!(
                &serde_json::to_string(&s.input).unwrap(),
                json,
                "match {id} input #{seq}"
            );
        }
        total += log.len();
        assert_eq!(
            store.verify(*id).await.unwrap().verdict,
            Verdict::Agrees,
            "match {id}"
        );
    }
    store.close().await;
    assert!(total > 0, "no input was acknowledged (seed {seed})");
    assert!(
        in_submit > kills / 4,
        "too few kills landed inside a submit: {in_submit} of {kills} (seed {seed})"
    );
    eprintln!(
        "crash test ({}): {kills} kills ({in_submit} while a submit was in flight), {total} \
         acknowledged inputs in {} matches, all found; {:.1} s, seed {seed}",
        db.backend.name(),
        acked.len(),
        started.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_acknowledged_inputs_survive_sigkill() {
    let db = TestDb::sqlite();
    acknowledged_inputs_survive_sigkill(&db, 300).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_acknowledged_inputs_survive_sigkill() {
    let _shared = PG_SERVER.read().await;
    let Some(db) = TestDb::postgres().await else {
        return cannot("postgres SIGKILL", "TEST_DATABASE_URL is not set");
    };
    acknowledged_inputs_survive_sigkill(&db, 200).await;
    db.cleanup().await;
}

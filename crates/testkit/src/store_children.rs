//! The child process of the crash test (`tests/store_faults/sigkill.rs`): it plays random legal
//! inputs into one match through the store, printing `submit SEQ` as each submit starts
//! and `ack SEQ SEAT INPUT` (the input as JSON) after it has committed, so the test can
//! tell a kill inside a submit from one between submits. The test kills it with SIGKILL at random moments
//! and checks that every acknowledged input survived. Run by re-executing the test
//! binary (the test kit's `self_exec`, `Role::CrashChild`).

use crate::game::rng::below;
use crate::store::{Store, StoreError, block_on};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::io::Write;

/// With `idle_after`, the child stops submitting after that many acknowledgements,
/// prints `idle` and waits to be killed with its store open (the WAL test: what the
/// database file alone holds once the checkpoint had its time). With `probe`, it runs
/// the health check's write probe after every acknowledgement, as the bot's health loop
/// does between moves (the probe once dropped SQLite's locks for the whole process).
pub fn run(url: &str, match_id: i64, seed: u64, idle_after: Option<u32>, probe: bool) -> i32 {
    block_on(async move {
        let store = match Store::open(url).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("store-crash-child: {e}");
                return 2;
            }
        };
        let loaded = match store.load(match_id).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("store-crash-child: {e}");
                return 2;
            }
        };
        let (mut state, mut version) = (loaded.state, loaded.info.version);
        let rules = store.rules().clone();
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut out = std::io::stdout();
        println!("ready {version}");
        let mut acks = 0;
        while state.winner.is_none() {
            if idle_after.is_some_and(|n| acks >= n) {
                println!("idle");
                loop {
                    tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
                }
            }
            let pending = state.pending();
            let seat = pending.seats[below(&mut rng, pending.seats.len() as u32) as usize];
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize];
            if writeln!(out, "submit {}", version + 1)
                .and_then(|_| out.flush())
                .is_err()
            {
                return 3;
            }
            match store.submit(match_id, version, seat, &input).await {
                Ok(s) => {
                    acks += 1;
                    version = s.version;
                    state = s.state;
                    let json = serde_json::to_string(&input).expect("an input serializes");
                    // Written and flushed only after the commit returned.
                    if writeln!(out, "ack {version} {seat} {json}")
                        .and_then(|_| out.flush())
                        .is_err()
                    {
                        return 3;
                    }
                    if probe && let Err(e) = store.check_writable().await {
                        eprintln!("store-crash-child: the write probe failed: {e}");
                        return 1;
                    }
                }
                // The previous child was killed with its COMMIT already sent: the
                // server (PostgreSQL) finished it after this child loaded the match.
                // Unacknowledged but written, as any crash allows; continue from there.
                Err(StoreError::Stale { .. }) => match store.load(match_id).await {
                    Ok(l) => {
                        (state, version) = (l.state, l.info.version);
                        println!("reloaded {version}");
                    }
                    Err(e) => {
                        eprintln!("store-crash-child: {e}");
                        return 1;
                    }
                },
                Err(e) => {
                    eprintln!("store-crash-child: {e}");
                    return 1;
                }
            }
        }
        println!("finished {version}");
        0
    })
}

/// The racing child of the takeback fault test (`tests/store_faults/takeback_race.rs`): opens the
/// store, prints `ready`, waits for a line on standard input (so that several children
/// start together), then takes back `seat`'s last action (`input` `None`) or submits
/// `input` (JSON) as `seat`, both at `version`, and prints `ack VERSION` once it
/// committed, `stale CURRENT` when another process won, `denied` when the rules refuse.
/// Run by re-executing the test binary (the test kit's `self_exec`, `Role::RaceChild`).
pub fn race(url: &str, match_id: i64, version: i64, seat: u8, input: Option<&str>) -> i32 {
    let input: Option<crate::game::Input> = match input.map(serde_json::from_str).transpose() {
        Ok(i) => i,
        Err(e) => {
            eprintln!("store-race-child: the input is not JSON of an input: {e}");
            return 2;
        }
    };
    block_on(async move {
        let store = match Store::open(url).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("store-race-child: {e}");
                return 2;
            }
        };
        println!("ready");
        let mut go = String::new();
        if std::io::stdin().read_line(&mut go).is_err() {
            return 3;
        }
        let done = match input {
            None => store
                .take_back(match_id, version, seat, None)
                .await
                .map(|r| r.map(|t| t.version)),
            Some(input) => store
                .submit(match_id, version, seat, &input)
                .await
                .map(|s| Ok(s.version)),
        };
        let line = match done {
            Ok(Ok(v)) => format!("ack {v}"),
            Ok(Err(denied)) => format!("denied {denied:?}"),
            Err(StoreError::Stale { current, .. }) => format!("stale {current}"),
            Err(e) => {
                eprintln!("store-race-child: {e}");
                return 1;
            }
        };
        store.close().await;
        let mut out = std::io::stdout();
        if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
            return 3;
        }
        0
    })
}

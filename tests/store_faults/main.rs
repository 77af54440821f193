//! Fault injection: the store keeps writing through a fault and after it, and every
//! input it acknowledged is then found by a fresh reader, in order, and the match
//! replays to its snapshot (`verify`). Each scenario plays a match before the fault,
//! during it and after it; a submit may fail while the fault lasts, but one that
//! returned `Ok` must be durable, one that failed must have written nothing, and the
//! match must play on once the fault is gone.
//!
//! SQLite: a full disk (a small tmpfs, which needs root to mount), a lock held past the
//! busy timeout. PostgreSQL (with `TEST_DATABASE_URL`): connections killed with
//! `pg_terminate_backend` mid-match, and the server restarted (with
//! `TEST_PG_RESTART_COMMAND`, which `.ci/run` sets). Tests that cannot set up their
//! fault here say so on standard error and pass, unless `REQUIRE_FAULT_TESTS=1` (set by
//! `.ci/run`) makes that a failure.
//!
//! The harness (a player that keeps submitting, `through_fault`, the report) is here; each
//! fault is a module: `sqlite.rs`, `postgres.rs`, `sigkill.rs` (the crash test),
//! `errors.rs` (errors that name their cause), `takeback_race.rs`, `health_probe.rs`
//! (the probe beside outside readers and a second process). The player runs the health
//! check's write probe between its moves in every scenario.
//!
//! The crash test's child and the takeback race's racers are this test binary run again
//! (`child`, `child_process`; the test kit's `self_exec`).

use crystal_clans::game::{Seat, State};
use crystal_clans::store::{MatchId, Store, StoreError, StoreOptions, Verdict, now_ms};
use crystal_clans_testkit::self_exec::{self, Role};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::Duration;

#[path = "../support/mod.rs"]
mod support;
use support::*;

/// An acknowledged input: the match, its sequence number, the seat and the input JSON.
type Ack = (MatchId, i64, Seat, String);

/// A Crystallo game played beside the match: both games' moves are saved by the same
/// event log (`crates/store/src/log.rs`), so every fault must spare both.
struct Cavern {
    id: i64,
    version: i64,
    state: crystal_clans::crystallo::State,
    /// Acknowledged placements: (game, sequence number, input JSON).
    acked: Vec<(i64, i64, String)>,
    games: Vec<i64>,
    seed: u64,
}

const CAVE_USER: u64 = 48;

/// What a scenario did, for its report line and its assertions.
#[derive(Debug, Default)]
struct Tally {
    /// Submits attempted, acknowledged (`Ok`) and failed, during the fault.
    during: (u32, u32, u32),
    /// The same after the fault was lifted.
    after: (u32, u32, u32),
    /// Inputs found in the store that no submit acknowledged (a failed submit that wrote).
    unacknowledged_writes: u32,
}

/// A match being played through a store, recording every acknowledgement.
struct Player {
    store: Store,
    /// A second store on the same database: each acknowledgement must already be visible
    /// to it (a commit that only this connection can see is no commit).
    reader: Store,
    rng: Pcg32,
    id: MatchId,
    state: State,
    version: i64,
    acked: Vec<Ack>,
    matches: Vec<MatchId>,
    seed: u64,
    /// `None` until the first Crystallo game was dealt (a fault may refuse the deal).
    cavern: Option<Cavern>,
}

impl Player {
    async fn new(store: Store, reader: Store, seed: u64) -> Player {
        let (m, _) = store
            .create_match(new_match(seed, [1, 2], None))
            .await
            .expect("a match is created before the fault");
        Player {
            store,
            reader,
            rng: Pcg32::seed_from_u64(seed ^ 0xFA17),
            id: m.info.id,
            state: m.state,
            version: 0,
            acked: Vec::new(),
            matches: vec![m.info.id],
            seed,
            cavern: None,
        }
    }

    /// One Crystallo placement (a new game when the last one ended or none was dealt).
    /// `true` when it was acknowledged.
    async fn place(&mut self) -> bool {
        use crystal_clans::store::crystallo::{Kind, NewGame, Submitted};
        let over = self.cavern.as_ref().is_none_or(|c| c.state.is_over());
        if over {
            let seed = self.cavern.as_ref().map_or(self.seed, |c| c.seed + 1);
            let new = NewGame {
                guild: None,
                channel: 1,
                user: CAVE_USER,
                kind: Kind::Practice,
                seed,
            };
            let game = match self.store.create_crystallo(new, now_ms()).await {
                Ok(crystal_clans::store::crystallo::Daily::New(g)) => *g,
                Ok(other) => panic!("a practice game is always new: {other:?}"),
                Err(e) => {
                    assert!(
                        e.is_transient() || matches!(e, StoreError::Gone { .. }),
                        "dealing a crystallo game: {e}"
                    );
                    return false;
                }
            };
            match &mut self.cavern {
                Some(c) => {
                    (c.id, c.version, c.state, c.seed) = (game.id, game.version, game.state, seed);
                    c.games.push(game.id);
                }
                None => {
                    self.cavern = Some(Cavern {
                        id: game.id,
                        version: game.version,
                        state: game.state,
                        acked: Vec::new(),
                        games: vec![game.id],
                        seed,
                    })
                }
            }
        }
        let c = self.cavern.as_mut().expect("dealt above");
        let legal = crystal_clans::crystallo::legal(&c.state);
        let input =
            legal[crystal_clans::game::rng::below(&mut self.rng, legal.len() as u32) as usize];
        match self
            .store
            .submit_crystallo(c.id, CAVE_USER, c.version, input, now_ms())
            .await
        {
            Ok(Submitted::Applied { game, .. }) => {
                assert_eq!(game.version, c.version + 1);
                (c.version, c.state) = (game.version, game.state);
                c.acked
                    .push((c.id, c.version, serde_json::to_string(&input).unwrap()));
                true
            }
            Ok(Submitted::Refused(e)) => panic!("a legal placement was refused: {e}"),
            Err(StoreError::Unavailable { .. } | StoreError::Gone { .. }) => false,
            Err(e) => panic!("crystallo game {}: unexpected error {e:?}", c.id),
        }
    }

    /// Plays on a match another process played, taking over its acknowledgements.
    async fn resume(
        store: Store,
        reader: Store,
        id: MatchId,
        acked: Vec<Ack>,
        seed: u64,
    ) -> Player {
        let m = store.load(id).await.expect("the match loads");
        Player {
            store,
            reader,
            rng: Pcg32::seed_from_u64(seed),
            id,
            state: m.state,
            version: m.info.version,
            acked,
            matches: vec![id],
            seed,
            cavern: None,
        }
    }

    /// One random legal submit. `Ok(true)` when it was acknowledged, `Ok(false)` when it
    /// failed with a database error. A finished match is followed by a new one.
    async fn step(&mut self) -> bool {
        if self.state.winner.is_some() {
            self.seed += 1;
            match self
                .store
                .create_match(new_match(self.seed, [1, 2], None))
                .await
            {
                Ok((m, _)) => {
                    self.id = m.info.id;
                    self.state = m.state;
                    self.version = 0;
                    self.matches.push(m.info.id);
                }
                Err(e) => {
                    assert!(
                        e.is_transient() || matches!(e, StoreError::Gone { .. }),
                        "creating a match: {e}"
                    );
                    return false;
                }
            }
        }
        // The health probe runs beside the moves, as the bot's health loop runs it (it
        // once dropped SQLite's locks); during a fault it may fail like a move.
        if self.acked.len().is_multiple_of(3) {
            let _ = self.store.check_writable().await;
        }
        let rules = self.store.rules().clone();
        let (seat, input) = random_input(&rules, &self.state, &mut self.rng);
        match self.store.submit(self.id, self.version, seat, &input).await {
            Ok(s) => {
                assert_eq!(s.version, self.version + 1);
                self.version = s.version;
                self.state = s.state;
                let json = serde_json::to_string(&input).unwrap();
                self.acked.push((self.id, self.version, seat, json));
                // Visible to another connection right away (the reader may itself be
                // hit by the fault; then the final check covers it).
                if let Ok(info) = self.reader.info(self.id).await {
                    assert!(
                        info.version >= self.version,
                        "match {}: submit acknowledged version {} but another connection \
                         sees version {}",
                        self.id,
                        self.version,
                        info.version
                    );
                }
                true
            }
            Err(StoreError::Unavailable { .. } | StoreError::Gone { .. }) => false,
            Err(e) => panic!("match {}: unexpected error {e:?}", self.id),
        }
    }

    /// `n` submits, returning (attempted, acknowledged, failed).
    async fn play(&mut self, n: u32) -> (u32, u32, u32) {
        let mut ok = 0;
        for i in 0..n {
            // Every other move is a Crystallo placement: both games through each fault.
            let acked = if i % 2 == 1 {
                self.place().await
            } else {
                self.step().await
            };
            if acked {
                ok += 1;
            }
        }
        (n, ok, n - ok)
    }

    /// Closes both stores, opens a fresh one and checks every acknowledged input and
    /// every match; returns the number of stored inputs nobody acknowledged.
    async fn check(self, url: &str) -> u32 {
        self.store.close().await;
        self.reader.close().await;
        let fresh = Store::open(url)
            .await
            .expect("the database opens after the fault");
        let mut unacknowledged = 0;
        for id in &self.matches {
            let stored = fresh.inputs(*id).await.expect("the inputs read back");
            let mine: Vec<&Ack> = self.acked.iter().filter(|a| a.0 == *id).collect();
            for (seq, s) in stored.iter().enumerate() {
                assert_eq!(s.seq, seq as i64 + 1, "match {id}: a gap in the log");
            }
            for (_, seq, seat, json) in &mine {
                let s = stored.get(*seq as usize - 1).unwrap_or_else(|| {
                    panic!(
                        "match {id}: acknowledged input #{seq} is lost (the log has {})",
                        stored.len()
                    )
                });
                assert_eq!(s.seat, *seat, "match {id} input #{seq}");
                assert_eq!(
                    &serde_json::to_string(&s.input).unwrap(),
                    json,
                    "match {id} input #{seq}"
                );
            }
            unacknowledged += (stored.len() - mine.len()) as u32;
            assert_eq!(
                fresh.verify(*id).await.unwrap().verdict,
                Verdict::Agrees,
                "match {id}"
            );
        }
        if let Some(c) = &self.cavern {
            for id in &c.games {
                let stored = fresh
                    .crystallo_inputs(*id)
                    .await
                    .expect("the placements read back");
                let mine: Vec<_> = c.acked.iter().filter(|a| a.0 == *id).collect();
                for (_, seq, json) in &mine {
                    let s = stored.get(*seq as usize - 1).unwrap_or_else(|| {
                        panic!(
                            "crystallo game {id}: acknowledged placement #{seq} is lost (the \
                             log has {})",
                            stored.len()
                        )
                    });
                    assert_eq!(&serde_json::to_string(s).unwrap(), json, "game {id} #{seq}");
                }
                unacknowledged += (stored.len() - mine.len()) as u32;
                assert_eq!(
                    fresh.verify_crystallo(*id).await.unwrap(),
                    Verdict::Agrees,
                    "crystallo game {id}"
                );
            }
        }
        fresh.close().await;
        unacknowledged
    }
}

/// A fault scenario's common shape: play, inject, play through the fault, lift it, play
/// on, check with a fresh reader. Returns the tally.
async fn through_fault(
    url: &str,
    opts: impl Fn(&mut StoreOptions),
    seed: u64,
    inject: impl AsyncFnOnce(&Store),
    during: u32,
    lift: impl AsyncFnOnce(&Store),
    after: u32,
) -> Tally {
    let open = |url: &str| {
        let mut o = StoreOptions::new(url);
        opts(&mut o);
        Store::open_with(o)
    };
    let store = open(url).await.expect("the store opens");
    let reader = open(url).await.expect("a second store opens");
    let mut p = Player::new(store.clone(), reader, seed).await;
    let before = p.play(10).await;
    assert_eq!(before.2, 0, "submits failed before the fault");
    inject(&store).await;
    let d = p.play(during).await;
    lift(&store).await;
    let a = p.play(after).await;
    assert_eq!(
        a.2, 0,
        "the match does not play on after the fault: {a:?} (attempted, ok, failed)"
    );
    let unacknowledged = p.check(url).await;
    Tally {
        during: d,
        after: a,
        unacknowledged_writes: unacknowledged,
    }
}

fn report(name: &str, t: &Tally) {
    eprintln!(
        "fault {name}: during the fault {} submits, {} acknowledged, {} failed; after it \
         {} submits, {} acknowledged; every acknowledged input found; {} unacknowledged \
         writes",
        t.during.0, t.during.1, t.during.2, t.after.0, t.after.1, t.unacknowledged_writes
    );
}

/// A fault this machine cannot set up: a notice, or a failure where it is required.
fn cannot(what: &str, why: &str) {
    let msg = format!("fault test `{what}` SKIPPED: {why}");
    if std::env::var("REQUIRE_FAULT_TESTS").is_ok_and(|v| v == "1") {
        panic!("{msg} (REQUIRE_FAULT_TESTS=1)");
    }
    eprintln!("{msg}");
}

/// A child process of the fault tests (the crash child, a racer): this test binary run
/// again, as `role`, by the test below.
fn child(role: Role) -> std::process::Command {
    role.command("child_process")
}

/// The child processes' entry: this test binary run by [`child`] runs the child named in
/// its environment and exits with the child's code. In a normal test run (no child named)
/// it returns at once.
#[test]
fn child_process() {
    self_exec::run_if_asked();
}

/// PostgreSQL tests share the server; the restart test takes it alone.
static PG_SERVER: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

mod errors;
mod health_probe;
mod postgres;
mod restore;
mod sigkill;
mod sqlite;
mod takeback_race;

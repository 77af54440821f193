//! The turn limit (rules version 5 on; `crates/engine/src/game/turn.rs`, the ruling in
//! `crates/engine/assets/packs/DESIGN-NOTES.md`): the match ends when its last turn passes, and the
//! event says why; older rules replay without it, and a match that ends before it
//! plays the same under both.

use crystal_clans_engine::game::event::TieBreak;
use crystal_clans_engine::game::rng::below;
use crystal_clans_engine::game::{
    Event, PLAYABLE_RULES_VERSIONS, Question, RULES_VERSION, Rules, Setup, State, TURN_LIMIT,
};
use rand::SeedableRng;
use rand_pcg::Pcg32;

fn setup(seed: u64) -> Setup {
    Setup {
        clans: [(seed % 6) as u8, (seed / 6 % 6) as u8],
        seed,
        mulligan: false,
    }
}

/// Random legal play from `state` until it ends or `stop` says so; every event.
fn play(rules: &Rules, state: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> Vec<Event> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut log = Vec::new();
    while state.winner.is_none() && !stop(state) {
        let seat = state.pending().seats[0];
        let legal = state.legal(rules, seat);
        let input = legal[below(&mut rng, legal.len() as u32) as usize];
        log.extend(state.apply(rules, seat, &input).expect("a legal input"));
    }
    log
}

/// A match a turn before its last, under `version`.
fn near_the_end(rules: &Rules, seed: u64, version: u32) -> State {
    let (mut state, _) = State::new_under(rules, setup(seed), version).expect("deals");
    state.turn = TURN_LIMIT - 1;
    state
}

#[test]
fn a_match_ends_when_its_last_turn_passes() {
    let rules = Rules::base();
    for seed in 0..8 {
        let mut state = near_the_end(&rules, seed, RULES_VERSION);
        let log = play(&rules, &mut state, seed, |_| false);
        let at = log
            .iter()
            .position(|e| matches!(e, Event::TurnLimit { .. }))
            .expect("the limit ends the match");
        let Event::TurnLimit {
            turn,
            winner,
            crystals,
            zones,
            by,
        } = log[at]
        else {
            unreachable!()
        };
        assert_eq!(turn, TURN_LIMIT);
        assert_eq!(&log[at + 1..], &[Event::Won { seat: winner }], "{seed}");
        assert!(log.contains(&Event::TurnStarted {
            seat: state.active,
            turn: TURN_LIMIT
        }));
        assert_eq!((state.winner, state.turn), (Some(winner), TURN_LIMIT));
        assert_eq!(state.pending().question, Question::GameOver { winner });
        // The facts the event gives are the match's, and they decide as stated.
        let w = winner as usize;
        let have = |s: usize| state.players[s].crystals.len() as u8;
        assert_eq!(crystals, [have(0), have(1)]);
        let zone = |s: u8| state.crystal_zones_controlled(&rules, s) as u8;
        assert_eq!(zones, [zone(0), zone(1)]);
        match by {
            TieBreak::Crystals => assert!(crystals[w] > crystals[1 - w]),
            TieBreak::Zones => {
                assert!(crystals[0] == crystals[1] && zones[w] > zones[1 - w])
            }
            TieBreak::SecondPlayer => {
                assert!(crystals[0] == crystals[1] && zones[0] == zones[1]);
                assert_ne!(state.first_player, Some(winner));
            }
        }
    }
}

#[test]
fn older_rules_play_on_past_the_limit() {
    let rules = Rules::base();
    let mut state = near_the_end(&rules, 3, 4);
    let log = play(&rules, &mut state, 3, |s| s.turn > TURN_LIMIT + 1);
    assert!(!log.iter().any(|e| matches!(e, Event::TurnLimit { .. })));
    assert!(state.turn > TURN_LIMIT + 1 || state.winner.is_some());
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::TurnStarted { turn, .. } if *turn == TURN_LIMIT + 1))
    );
}

/// The same inputs under version 4 and version 5: the same events and states (but for
/// the version) in every match that ends before the limit. (Version 6 changed other
/// rules: `rules_version_six.rs`.)
#[test]
fn a_match_before_the_limit_plays_the_same_under_older_rules() {
    let rules = Rules::base();
    for seed in 0..40 {
        let (mut new, _) = State::new_under(&rules, setup(seed), 5).unwrap();
        let inputs = {
            let mut state = new.clone();
            let mut rng = Pcg32::seed_from_u64(seed);
            let mut inputs = Vec::new();
            while state.winner.is_none() {
                let seat = state.pending().seats[0];
                let legal = state.legal(&rules, seat);
                let input = legal[below(&mut rng, legal.len() as u32) as usize];
                state.apply(&rules, seat, &input).expect("a legal input");
                inputs.push((seat, input));
            }
            inputs
        };
        let (mut old, _) = State::new_under(&rules, setup(seed), 4).unwrap();
        for (seat, input) in &inputs {
            let (a, b) = (
                new.apply(&rules, *seat, input),
                old.apply(&rules, *seat, input),
            );
            assert_eq!(a, b, "seed {seed}");
        }
        assert!(new.winner.is_some() && new.turn < TURN_LIMIT, "seed {seed}");
        old.rules_version = new.rules_version;
        assert_eq!(old, new, "seed {seed}");
    }
}

#[test]
fn only_the_versions_this_engine_plays_are_set_up() {
    let rules = Rules::base();
    for v in PLAYABLE_RULES_VERSIONS {
        let (state, _) = State::new_under(&rules, setup(1), v).expect("a playable version");
        assert_eq!(state.rules_version, v);
    }
    assert_eq!(
        State::new(&rules, setup(1)).unwrap().0.rules_version,
        RULES_VERSION
    );
    for v in [0, 3, RULES_VERSION + 1] {
        assert!(
            State::new_under(&rules, setup(1), v).is_err(),
            "version {v}"
        );
    }
}

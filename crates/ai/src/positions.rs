//! Positions to decide in, from random games: the AI's tests and its benchmark
//! (`crystal-clans-tools bench ai`) time and check decisions there.

use crate::game::rng::below;
use crate::game::{Rules, Seat, Setup, State};
use crate::policy;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Positions where a seat must choose among several answers, from random games.
pub fn sample(rules: &Rules, count: usize, seed: u64) -> Vec<(State, Seat)> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut out = Vec::new();
    let clans = rules.pack.clans.len() as u32;
    let mut game = 0;
    while out.len() < count {
        game += 1;
        let setup = Setup {
            clans: [below(&mut rng, clans) as u8, below(&mut rng, clans) as u8],
            seed: seed ^ game,
            mulligan: false,
        };
        let (mut state, _) = State::new(rules, setup).expect("valid setup");
        // Stop somewhere in the first 300 answers, at a real choice.
        let stop = below(&mut rng, 300);
        let mut n = 0;
        while state.winner.is_none() {
            let seat = state.pending().seats[0];
            let legal = state.legal(rules, seat);
            if n >= stop && legal.len() > 1 {
                out.push((state.clone(), seat));
                break;
            }
            let i = policy::pick(&legal, &mut rng);
            state.apply(rules, seat, &legal[i]).expect("legal");
            n += 1;
        }
    }
    out
}

//! Positions for takeback tests (the store's, and the fault tests' racing processes).

use super::{new_match, random_input, rules};
use crystal_clans::game::takeback::plan;
use crystal_clans::game::{Input, RULES_VERSION, Seat, State};
use crystal_clans::store::NewMatch;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// A match played at random until `asker`'s last action may be taken back against a
/// person while the other player must answer next: its setup, its inputs, the asker.
pub fn position_with_takeback(seed: u64) -> (NewMatch, Vec<(Seat, Input)>, Seat) {
    let rules = rules();
    for s in seed.. {
        let nm = new_match(s, [1, 2], None);
        let (mut state, _) = State::new(&rules, nm.setup.clone()).unwrap();
        let mut rng = Pcg32::seed_from_u64(s);
        let mut log = Vec::new();
        while state.winner.is_none() && log.len() < 300 {
            let (seat, input) = random_input(&rules, &state, &mut rng);
            state.apply(&rules, seat, &input).unwrap();
            log.push((seat, input));
            let other = 1 - seat;
            if state.turn > 2
                && state.waits_for(other)
                && !state.waits_for(seat)
                && plan(&rules, nm.setup.clone(), RULES_VERSION, &log, seat, false)
                    .unwrap()
                    .is_ok()
            {
                return (nm, log, seat);
            }
        }
    }
    unreachable!()
}

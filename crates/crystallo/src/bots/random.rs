use super::Bot;
use crate::play::Input;
use crate::rng::below;
use crate::view::View;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Picks uniformly among the legal inputs.
pub struct Random {
    rng: Pcg32,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: Pcg32::seed_from_u64(seed),
        }
    }
}

impl Bot for Random {
    fn name(&self) -> &'static str {
        "random"
    }
    fn decide(&mut self, _view: &View, legal: &[Input]) -> Input {
        legal[below(&mut self.rng, legal.len() as u32) as usize]
    }
}

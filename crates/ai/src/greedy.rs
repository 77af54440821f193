//! The greedy bot: one action of lookahead.
//!
//! For each legal answer it samples a few states consistent with its view, applies the
//! answer, lets the default policy finish the current action (the battle it starts,
//! the free scores it causes) up to the next action choice, and scores the result with
//! the static evaluation. The same samples and random streams are used for every
//! answer, so the comparison is fair; the best average wins. Cheap and deterministic
//! for its seed.

use super::determinize::Sampler;
use super::{Bot, policy};
use crate::game::rng::below;
use crate::game::{Input, Rules, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Samples of the hidden cards per decision.
const SAMPLES: usize = 4;

pub struct GreedyBot {
    rng: Pcg32,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Pcg32::seed_from_u64(seed),
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, rules: &Rules, view: &View, legal: &[Input]) -> Input {
        if legal.len() == 1 {
            return legal[0];
        }
        let sampler = match Sampler::new(rules, view) {
            Ok(s) => s,
            Err(_) => return legal[policy::pick(legal, &mut self.rng)],
        };
        let me = sampler.seat();
        let mut totals = vec![0f32; legal.len()];
        for _ in 0..SAMPLES {
            let state = sampler.sample(&mut self.rng);
            let stream = self.rng.next_u64();
            // Common random numbers: every answer is settled with the same stream. A
            // refused answer stays at minus infinity.
            for (total, input) in totals.iter_mut().zip(legal) {
                *total += policy::played_out(rules, &state, me, input, stream);
            }
        }
        let best = totals.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let ties: Vec<usize> = (0..legal.len())
            .filter(|&i| totals[i] >= best - 1e-6)
            .collect();
        legal[ties[below(&mut self.rng, ties.len() as u32) as usize]]
    }
}

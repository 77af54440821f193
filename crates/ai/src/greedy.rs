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
use crate::game::{Input, Rules, Seat, State, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Samples of the hidden cards per decision.
const SAMPLES: usize = 4;

/// Each legal answer's total `score` over `samples` states consistent with `view`, on
/// common random numbers: every answer of a sample is scored with the same `stream`, so
/// the comparison is fair. `None` when the view cannot be sampled. The one-action
/// players (greedy, the beginner) differ only in how they score an answer.
pub(crate) fn sampled_totals(
    rules: &Rules,
    view: &View,
    legal: &[Input],
    samples: usize,
    rng: &mut Pcg32,
    mut score: impl FnMut(&State, Seat, &Input, u64) -> f32,
) -> Option<Vec<f32>> {
    let sampler = Sampler::new(rules, view).ok()?;
    let me = sampler.seat();
    let mut totals = vec![0f32; legal.len()];
    for _ in 0..samples {
        let state = sampler.sample(rng);
        let stream = rng.next_u64();
        for (total, input) in totals.iter_mut().zip(legal) {
            *total += score(&state, me, input, stream);
        }
    }
    Some(totals)
}

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
        // A refused answer scores minus infinity.
        let played_out = |state: &State, me: Seat, input: &Input, stream: u64| {
            policy::played_out(rules, state, me, input, stream)
        };
        let Some(totals) = sampled_totals(rules, view, legal, SAMPLES, &mut self.rng, played_out)
        else {
            return legal[policy::pick(legal, &mut self.rng)];
        };
        let best = totals.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let ties: Vec<usize> = (0..legal.len())
            .filter(|&i| totals[i] >= best - 1e-6)
            .collect();
        legal[ties[below(&mut self.rng, ties.len() as u32) as usize]]
    }
}

use super::Bot;
use super::eval::{Ctx, evaluate};
use super::greedy::{best_places, common_choice};
use crate::play::{Input, apply};
use crate::rng::below;
use crate::state::{Phase, State};
use crate::view::View;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Greedy with one card of lookahead. Of the `width` best placements by `evaluate`,
/// it plays the one whose cavern leaves the best next placement: in phase 1 averaged
/// over `samples` cards drawn at random from the unseen ones (each is equally likely to
/// come next, so this samples the hidden order without peeking at it); in phase 2 the
/// best over the face-up cards, which the player sees.
pub struct Search {
    rng: Pcg32,
    pub width: usize,
    pub samples: usize,
}

/// How much the next placement counts against this one.
const FUTURE: f32 = 0.7;

impl Search {
    pub fn new(seed: u64) -> Search {
        Search {
            rng: Pcg32::seed_from_u64(seed),
            width: 8,
            samples: 8,
        }
    }

    fn next_cards(&mut self, view: &View, after: &State) -> Vec<u8> {
        match after.phase {
            Phase::Explore => {
                let mut pool = view.unseen.clone();
                let mut out = Vec::new();
                while out.len() < self.samples && !pool.is_empty() {
                    let i = below(&mut self.rng, pool.len() as u32) as usize;
                    out.push(pool.swap_remove(i));
                }
                out
            }
            Phase::Dragon => after.face_up.clone(),
            Phase::MissingColour(_) | Phase::Over(_) => Vec::new(),
        }
    }

    fn future(&mut self, view: &View, after: &State) -> f32 {
        let cards = self.next_cards(view, after);
        if cards.is_empty() {
            return 0.0;
        }
        let mut ctx = Ctx::new(
            &after.faces,
            &after.cavern,
            &after.phase,
            after.bonds,
            after.dragon,
            &after.treasures,
        );
        ctx.weigh(view.unseen.iter().chain(&after.face_up).copied());
        let best: Vec<f32> = cards
            .iter()
            .map(|&card| {
                after
                    .cavern
                    .spots(&after.faces, card)
                    .into_iter()
                    .map(|(at, rot)| evaluate(&ctx, card, at, rot))
                    .fold(0.0, f32::max)
            })
            .collect();
        match after.phase {
            Phase::Explore => best.iter().sum::<f32>() / best.len() as f32,
            _ => best.iter().copied().fold(0.0, f32::max),
        }
    }
}

impl Bot for Search {
    fn name(&self) -> &'static str {
        "search"
    }
    fn decide(&mut self, view: &View, legal: &[Input]) -> Input {
        if let Some(i) = common_choice(view, legal) {
            return i;
        }
        let ctx = Ctx::of(view);
        let candidates = best_places(&ctx, legal, self.width);
        if candidates.len() < 2 {
            return candidates.first().map(|c| c.0).unwrap_or(legal[0]);
        }
        let base = view.sample(&mut self.rng);
        let mut best = (candidates[0].0, f32::MIN);
        for (input, now) in candidates {
            let mut after = base.clone();
            if apply(&mut after, input).is_err() {
                continue;
            }
            let ended = match after.outcome() {
                Some(o) => o.score as f32,
                None => 0.0,
            };
            let value = now + ended + FUTURE * self.future(view, &after);
            if value > best.1 {
                best = (input, value);
            }
        }
        best.0
    }
}

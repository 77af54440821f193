//! The beginner bot: the first rung of the ladder, between `random` and `greedy`.
//!
//! A person who has just read the rules does not play at random. She summons units,
//! activates squads, marches them toward the crystals and takes a crystal the moment
//! she may. What she lacks is the second look: she does not work out how a battle will
//! go before she starts it (or walks into one), and she does not ask what her opponent
//! is about to do. The bot is built from those two blind spots rather than from random
//! moves, so that it loses the way a newcomer loses (to a battle that goes wrong, to an
//! opponent who scores while she was busy elsewhere) and never in a way that looks
//! broken. Greedy is the same one-action player without the blind spots, so the gap
//! between them is what the blind spots cost.
//!
//! - **No lookahead into battles.** An answer is played out only until the next action
//!   or until a battle starts (`policy::settle_until_battle`): starting a battle looks
//!   as good as the position it starts from, win or lose, and so does moving next to
//!   an enemy squad. Once a battle is under way she does add up the card she is about
//!   to play (the battle is played out then), as a newcomer reads the numbers on the
//!   table. Without that she won about 14% against greedy (864 games while tuning),
//!   at the bottom of the rung's target of 10-35% (docs/balance.md, "The ladder").
//! - **Blind to threats.** The evaluation (`eval::threat_blind`) counts what is on the
//!   table on both sides (crystals, units, cards, zones held) but not the opponent's
//!   threats: that he is one crystal from winning, may score, is owed a score or
//!   stands in her home zone. So she neither blocks nor hurries.
//! - **Two guesses at the hidden cards** ([`SAMPLES`]) instead of greedy's four: she
//!   hardly weighs what the opponent might hold. One guess made her weaker and less
//!   steady from seed to seed (14% against greedy over 864 games, against 20% with two).
//! - **A little noise** (Gumbel, [`TEMPERATURE`] crystals): near-equal options are a
//!   matter of taste, so another seed plays another game. More noise weakens her
//!   quickly (while tuning, 0.1 crystals cost most of her wins against greedy) because
//!   it breaks exactly the small differences a real beginner does see.
//!
//! A crystal she can take is worth a whole crystal, far above the noise, so she always
//! scores when she may. Deterministic for its seed, no search, and cheaper than greedy
//! (half its samples, shorter playouts): well under a millisecond a decision on average.

use super::greedy::sampled_totals;
use super::{Bot, eval, policy};
use crate::game::{Input, Rules, Seat, State, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// The noise's scale, in crystals of the evaluation (a unit on the board is worth about
/// 0.15, a controlled crystal zone 0.2, a crystal 1).
pub const TEMPERATURE: f32 = 0.01;

/// Sampled deals of the hidden cards per decision (greedy: 4).
pub const SAMPLES: usize = 2;

pub struct BeginnerBot {
    rng: Pcg32,
}

impl BeginnerBot {
    pub fn new(seed: u64) -> BeginnerBot {
        BeginnerBot {
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    /// A standard Gumbel draw scaled by the temperature: the best of the noisy values
    /// is a softmax choice.
    fn noise(&mut self) -> f32 {
        let u = (self.rng.next_u32() as f64 + 0.5) / (u32::MAX as f64 + 1.0);
        (-(-u.ln()).ln()) as f32 * TEMPERATURE
    }
}

impl Bot for BeginnerBot {
    fn name(&self) -> String {
        "beginner".into()
    }

    fn decide(&mut self, rules: &Rules, view: &View, legal: &[Input]) -> Input {
        if legal.len() == 1 {
            return legal[0];
        }
        // A refused answer scores minus infinity.
        let short_sighted = |state: &State, me: Seat, input: &Input, stream: u64| {
            let mut s = state.clone();
            if s.apply(rules, me, input).is_err() {
                return f32::NEG_INFINITY;
            }
            let rng = &mut Pcg32::seed_from_u64(stream);
            if state.battle.is_some() {
                policy::settle(rules, &mut s, rng);
            } else {
                policy::settle_until_battle(rules, &mut s, rng);
            }
            eval::threat_blind(rules, &s, me)
        };
        let Some(totals) =
            sampled_totals(rules, view, legal, SAMPLES, &mut self.rng, short_sighted)
        else {
            return legal[policy::pick(legal, &mut self.rng)];
        };
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, total) in totals.iter().enumerate() {
            let v = total / SAMPLES as f32 + self.noise();
            if v > best.0 {
                best = (v, i);
            }
        }
        legal[best.1]
    }
}

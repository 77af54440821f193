//! The AI opponent: bots that play from what a player may see.
//!
//! A bot answers one question at a time through [`Bot::decide`]. It receives the
//! `Rules`, the `View` of its own seat and the legal inputs of that seat, and nothing
//! else: the API has no way to hand it the `State`. Whatever a bot needs to know about
//! hidden cards (the opponent's hand, both draw orders, an unrevealed battle card, the
//! crystal deck) it samples itself, consistently with the view (see [`determinize`]).
//!
//! Bots are plain synchronous data (`Send`, no IO, no async): the Discord layer runs
//! them with `spawn_blocking`, tournaments run them on worker threads.
//!
//! - [`RandomBot`]: uniform over the legal inputs (the engine's fuzzer).
//! - [`GreedyBot`]: one action of lookahead scored by the static evaluation.
//! - [`BeginnerBot`]: a newcomer's plausible but short-sighted moves (see `beginner.rs`).
//! - [`MctsBot`]: information-set Monte Carlo tree search (see `mcts.rs`).

pub mod analysis;
pub mod beginner;
pub mod determinize;
pub mod eval;
pub mod greedy;
pub mod key;
pub mod ladder;
pub mod mcts;
pub mod policy;
pub mod positions;
mod seen;
pub mod tournament;

// The engine, under the name the modules of this crate use for it.
use crystal_clans_engine::game;

use crate::game::rng::below;
use crate::game::{Input, Rules, Seat, State, View};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::Duration;

pub use beginner::BeginnerBot;
pub use determinize::Sampler;
pub use greedy::GreedyBot;
pub use mcts::MctsBot;

/// A player that answers the question its seat is asked.
///
/// `view` is `state.view(rules, Some(seat))` and `legal` is `state.legal(rules, seat)`,
/// which depends only on what that seat may see. The answer must be one of `legal`
/// (which is never empty when a bot is asked).
pub trait Bot: Send {
    /// A short name for tables and logs ("mcts:normal").
    fn name(&self) -> String;
    fn decide(&mut self, rules: &Rules, view: &View, legal: &[Input]) -> Input;
    /// Search iterations run by the last decision (0 for bots that do not search).
    fn last_iterations(&self) -> u64 {
        0
    }
}

/// Asks `bot` for `seat`'s answer in `state`. This helper (for the game loop and the
/// app) is the only place that touches the state: the bot sees the seat's view and
/// legal inputs.
pub fn decide_for(bot: &mut dyn Bot, rules: &Rules, state: &State, seat: Seat) -> Input {
    let view = state.view(rules, Some(seat));
    let legal = state.legal(rules, seat);
    assert!(!legal.is_empty(), "a bot was asked without a legal input");
    if legal.len() == 1 {
        return legal[0];
    }
    bot.decide(rules, &view, &legal)
}

/// Uniformly random legal inputs.
pub struct RandomBot {
    rng: Pcg32,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg32::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, _rules: &Rules, _view: &View, legal: &[Input]) -> Input {
        legal[below(&mut self.rng, legal.len() as u32) as usize]
    }
}

/// A search budget: whichever of the iterations and the time runs out first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub iterations: u32,
    /// `None`: no time limit (the search is then fully deterministic for its seed).
    pub time: Option<Duration>,
}

/// The AI's difficulty levels: the `mcts` bot's budgets, and the beginner.
///
/// A level is stored by its index in [`Level::ALL`] (an AI seat in the database), so
/// that order never changes and a new level goes at the end; [`Level::LADDER`] is the
/// order of strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Level {
    /// A quick, beatable opponent.
    Easy,
    /// The default: a real game, each decision well under a second.
    #[default]
    Normal,
    /// Six times normal's iterations, up to 3 seconds a decision; measured as strong as
    /// normal (70 of 144 games against it, docs/balance.md).
    Hard,
    /// The fixed small budget of the balance runs (about 15-25 ms a decision).
    Fast,
    /// A newcomer: plausible moves without lookahead into battles or heed of the
    /// opponent ([`BeginnerBot`]); no search.
    Beginner,
}

impl Level {
    /// Every level, in the order of their stored indices (0 easy, 1 normal, 2 hard,
    /// 3 fast, 4 beginner): append only.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Fast,
        Level::Beginner,
    ];

    /// Every level from the weakest to the strongest, as measured (docs/balance.md,
    /// "The ladder"): the order to offer them in. Fast, normal and hard are within 50
    /// points of each other; hard comes last as the one that thinks longest.
    pub const LADDER: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Fast,
        Level::Normal,
        Level::Hard,
    ];

    /// The level's index in [`Level::ALL`], as an AI seat is stored.
    pub fn index(self) -> u8 {
        Level::ALL.iter().position(|&l| l == self).unwrap_or(1) as u8
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Fast => "fast",
            Level::Beginner => "beginner",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The search's budget. The beginner does not search: its budget (one iteration,
    /// the time limit of `easy`) is only there for code that asks every level.
    pub fn budget(self) -> Budget {
        let (iterations, ms) = match self {
            // 60 since the rollouts' squad lookahead: as strong as the 150 (and before
            // them 300) iterations it had (75.7% against greedy, seed 1, 720 games;
            // 150 iterations would now win 87.4%), so its fixed rating of 1200 stays true.
            Level::Easy => (60, 100),
            Level::Normal => (10_000, 800),
            Level::Hard => (60_000, 3_000),
            Level::Fast => (2_000, 100),
            Level::Beginner => (1, 100),
        };
        Budget {
            iterations,
            time: Some(Duration::from_millis(ms)),
        }
    }
}

/// Which search an `mcts` bot runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Search {
    /// Today's search ([`mcts::PARAMS`]).
    #[default]
    Current,
    /// The search as commit 8aee4f0 shipped it ([`mcts::BASELINE`]), kept so that a
    /// change to the search is measured against it in one tournament (`mcts0`).
    Baseline,
    /// Today's search spending its whole budget on every decision ([`mcts::FULL_BUDGET`],
    /// `mcts-full`): what its early stop is measured against.
    FullBudget,
}

impl Search {
    pub fn params(self) -> mcts::Params {
        match self {
            Search::Current => mcts::PARAMS,
            Search::Baseline => mcts::BASELINE,
            Search::FullBudget => mcts::FULL_BUDGET,
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            Search::Current => "mcts",
            Search::Baseline => "mcts0",
            Search::FullBudget => "mcts-full",
        }
    }
}

/// Which bot to build: `random`, `greedy`, `mcts` (default level), `mcts:LEVEL` or
/// `mcts:N` (N iterations, no time limit); `mcts0` and its forms build the baseline
/// search ([`Search::Baseline`]) with the same budgets, `mcts-full` today's search
/// without its early stop ([`Search::FullBudget`]). `beginner` and `mcts:beginner`
/// (or either search's bare form at that level) build the [`BeginnerBot`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Greedy,
    Beginner,
    Mcts {
        label: String,
        budget: Budget,
        search: Search,
    },
}

impl BotSpec {
    /// Parses a spec; `level` is used for a bare `mcts`.
    pub fn parse(s: &str, level: Level) -> Result<BotSpec, String> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let search = match name {
            "mcts" => Some(Search::Current),
            "mcts0" => Some(Search::Baseline),
            "mcts-full" => Some(Search::FullBudget),
            _ => None,
        };
        match (name, arg, search) {
            ("random", None, _) => Ok(BotSpec::Random),
            ("greedy", None, _) => Ok(BotSpec::Greedy),
            ("beginner", None, _) => Ok(BotSpec::Beginner),
            (_, None, Some(search)) => Ok(BotSpec::mcts_with(level, search)),
            (_, Some(a), Some(search)) => {
                if let Some(l) = Level::parse(a) {
                    Ok(BotSpec::mcts_with(l, search))
                } else if let Ok(n) = a.parse::<u32>() {
                    Ok(BotSpec::Mcts {
                        label: format!("{}:{n}", search.prefix()),
                        budget: Budget {
                            iterations: n.max(1),
                            time: None,
                        },
                        search,
                    })
                } else {
                    Err(format!(
                        "unknown mcts level `{a}`: use beginner, easy, normal, hard, fast or a number of iterations"
                    ))
                }
            }
            _ => Err(format!(
                "unknown bot `{s}`: use random, greedy, beginner, mcts, mcts:LEVEL or mcts:ITERATIONS (mcts0 for the baseline search, mcts-full for today's without its early stop)"
            )),
        }
    }

    pub fn mcts(level: Level) -> BotSpec {
        BotSpec::mcts_with(level, Search::Current)
    }

    pub fn mcts_with(level: Level, search: Search) -> BotSpec {
        if level == Level::Beginner {
            return BotSpec::Beginner;
        }
        BotSpec::Mcts {
            label: format!("{}:{}", search.prefix(), level.name()),
            budget: level.budget(),
            search,
        }
    }

    pub fn label(&self) -> String {
        match self {
            BotSpec::Random => "random".into(),
            BotSpec::Greedy => "greedy".into(),
            BotSpec::Beginner => "beginner".into(),
            BotSpec::Mcts { label, .. } => label.clone(),
        }
    }

    /// The same bot without its time limit (iterations only): deterministic for a seed.
    pub fn without_time_limit(&self) -> BotSpec {
        match self {
            BotSpec::Mcts {
                label,
                budget,
                search,
            } => BotSpec::Mcts {
                label: label.clone(),
                budget: Budget {
                    iterations: budget.iterations,
                    time: None,
                },
                search: *search,
            },
            other => other.clone(),
        }
    }

    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Beginner => Box::new(BeginnerBot::new(seed)),
            BotSpec::Mcts {
                label,
                budget,
                search,
            } => Box::new(
                MctsBot::new(seed, *budget)
                    .with_params(search.params())
                    .with_name(label.clone()),
            ),
        }
    }
}

/// A seed derived from a base seed and a stream number (splitmix64).
pub fn derive_seed(base: u64, stream: u64) -> u64 {
    let mut z = base
        .wrapping_add(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

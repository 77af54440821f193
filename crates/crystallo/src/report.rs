//! Plays many deals with a bot and counts titles, wealth and scores: the numbers the
//! provisional deck is tuned by (`crystal-clans-tools crystallo-report`, docs/crystallo.md).

use crate::bots::{Bot, Greedy, Random, Search};
use crate::deck::Deck;
use crate::play::{apply, legal};
use crate::score::{Outcome, Title, Wealth};
use crate::state::State;
use crate::view::View;
use std::collections::BTreeMap;

/// A bot by name, seeded.
pub fn bot(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(Random::new(seed))),
        "greedy" => Some(Box::new(Greedy)),
        "search" => Some(Box::new(Search::new(seed))),
        _ => None,
    }
}

pub const BOTS: [&str; 3] = ["random", "greedy", "search"];

/// Plays one game of `deck` from `seed` to its end with `bot`; returns the final state.
pub fn play(deck: &Deck, seed: u64, bot: &mut dyn Bot) -> State {
    let (mut state, _) = State::deal(deck, seed);
    loop {
        let inputs = legal(&state);
        if inputs.is_empty() {
            return state;
        }
        let input = bot.decide(&View::of(&state), &inputs);
        apply(&mut state, input).expect("a bot answers with a legal input");
    }
}

/// The distribution of one bot's games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub games: usize,
    pub titles: BTreeMap<Title, usize>,
    pub wealth: BTreeMap<Wealth, usize>,
    pub scores: BTreeMap<u32, usize>,
    pub creatures_freed: usize,
    pub treasure: usize,
    pub outcomes: Vec<Outcome>,
}

impl Tally {
    pub fn add(&mut self, state: &State) {
        let o = *state.outcome().expect("a finished game has an outcome");
        self.games += 1;
        *self.titles.entry(o.title).or_default() += 1;
        *self.wealth.entry(o.wealth).or_default() += 1;
        *self.scores.entry(o.score).or_default() += 1;
        self.creatures_freed += state.freed();
        self.treasure += o.treasure as usize;
        self.outcomes.push(o);
    }

    pub fn mean_score(&self) -> f64 {
        self.outcomes.iter().map(|o| o.score as f64).sum::<f64>() / self.games.max(1) as f64
    }

    pub fn median_score(&self) -> u32 {
        let mut s: Vec<u32> = self.outcomes.iter().map(|o| o.score).collect();
        s.sort_unstable();
        s.get(s.len() / 2).copied().unwrap_or(0)
    }

    /// As a Markdown table section.
    pub fn markdown(&self, name: &str) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.games.max(1) as f64;
        let mut out = format!(
            "### {name} ({} deals)\n\nmean score {:.0}, median {}, best {}; creatures freed per game {:.2} of 6; treasure per game {:.2}\n\n| title | games | share |\n|---|---|---|\n",
            self.games,
            self.mean_score(),
            self.median_score(),
            self.outcomes.iter().map(|o| o.score).max().unwrap_or(0),
            self.creatures_freed as f64 / self.games.max(1) as f64,
            self.treasure as f64 / self.games.max(1) as f64,
        );
        for t in Title::ALL {
            let n = self.titles.get(&t).copied().unwrap_or(0);
            out += &format!("| {} | {n} | {:.1}% |\n", t.id(), pct(n));
        }
        out += "\n| wealth | games | share |\n|---|---|---|\n";
        for w in Wealth::ALL {
            let n = self.wealth.get(&w).copied().unwrap_or(0);
            out += &format!("| {} | {n} | {:.1}% |\n", w.id(), pct(n));
        }
        out += "\n| score | games |\n|---|---|\n";
        for (s, n) in &self.scores {
            out += &format!("| {s} | {n} |\n");
        }
        out
    }
}

/// `deals` games of each bot named, deal `i` from seed `seed + i` (the same deals for
/// every bot).
pub fn run(deck: &Deck, bots: &[&str], deals: u64, seed: u64) -> Vec<(String, Tally)> {
    bots.iter()
        .filter_map(|name| {
            let mut tally = Tally::default();
            for i in 0..deals {
                let mut b = bot(name, seed.wrapping_add(i).wrapping_mul(0x9e37_79b9))?;
                tally.add(&play(deck, seed.wrapping_add(i), b.as_mut()));
            }
            Some((name.to_string(), tally))
        })
        .collect()
}

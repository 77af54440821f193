//! Plays many deals with a bot and counts titles, wealth and scores: the numbers the
//! provisional deck is tuned by (`crystal-clans-tools crystallo-report`, docs/crystallo.md).

use crate::bots::{Bot, Greedy, Random, Search};
use crate::deck::Deck;
use crate::deck::Treasure;
use crate::play::{apply, legal};
use crate::score::{Outcome, Title, Wealth};
use crate::state::{Magic, State};
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
    played(deck, seed, bot).0
}

/// A finished game, and how many cards were face up when its phase 2 began (if it did).
pub type Played = (State, Option<usize>);

/// [`play`], and how many cards were face up when phase 2 began (if it did): what
/// phase 1 left decides how hard the dragon is.
fn played(deck: &Deck, seed: u64, bot: &mut dyn Bot) -> Played {
    let (mut state, _) = State::deal(deck, seed);
    let mut face_up = None;
    loop {
        let inputs = legal(&state);
        if inputs.is_empty() {
            return (state, face_up);
        }
        let input = bot.decide(&View::of(&state), &inputs);
        let events = apply(&mut state, input).expect("a bot answers with a legal input");
        for e in events {
            if let crate::play::Event::DragonPhase { face_up: up } = e {
                face_up = Some(up.len());
            }
        }
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
    /// Games by title and wealth: the scoring table's cells.
    pub cells: BTreeMap<(Title, Wealth), usize>,
    /// Games with at least one complete treasure collection (three of a kind), and
    /// with each kind complete.
    pub full_set: usize,
    pub collections: BTreeMap<Treasure, usize>,
    /// Games in which the magic power was used.
    pub magic_used: usize,
    /// Phase 2's games, and the cards face up at their start, in all.
    pub dragon_phases: usize,
    pub dragon_cards: usize,
    pub outcomes: Vec<Outcome>,
}

impl Tally {
    /// Counts one finished game ([`game`]).
    pub fn add(&mut self, (state, face_up): &Played) {
        if let Some(n) = face_up {
            self.dragon_phases += 1;
            self.dragon_cards += n;
        }
        let o = *state.outcome().expect("a finished game has an outcome");
        self.games += 1;
        *self.titles.entry(o.title).or_default() += 1;
        *self.wealth.entry(o.wealth).or_default() += 1;
        *self.scores.entry(o.score).or_default() += 1;
        self.creatures_freed += state.freed();
        self.treasure += o.treasure as usize;
        *self.cells.entry((o.title, o.wealth)).or_default() += 1;
        let complete: Vec<Treasure> = Treasure::ALL
            .into_iter()
            .filter(|k| state.collected(*k) == crate::deck::PER_TREASURE)
            .collect();
        self.full_set += usize::from(!complete.is_empty());
        for k in complete {
            *self.collections.entry(k).or_default() += 1;
        }
        self.magic_used += usize::from(state.magic == Magic::Used);
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
            "### {name} ({} deals)\n\nmean score {:.0}, median {}, best {}; creatures freed per game {:.2} of 6; treasure per game {:.2}\n\n",
            self.games,
            self.mean_score(),
            self.median_score(),
            self.outcomes.iter().map(|o| o.score).max().unwrap_or(0),
            self.creatures_freed as f64 / self.games.max(1) as f64,
            self.treasure as f64 / self.games.max(1) as f64,
        );
        if self.dragon_phases > 0 {
            out += &format!(
                "phase 2 began with {:.1} cards face up on average\n\n",
                self.dragon_cards as f64 / self.dragon_phases as f64
            );
        }
        out += &format!(
            "a complete treasure collection in {:.1}% of games (riches {}, magic {}, battle {}); the magic power used in {:.1}%\n\n",
            pct(self.full_set),
            self.collections
                .get(&Treasure::Riches)
                .copied()
                .unwrap_or(0),
            self.collections.get(&Treasure::Magic).copied().unwrap_or(0),
            self.collections
                .get(&Treasure::Battle)
                .copied()
                .unwrap_or(0),
            pct(self.magic_used),
        );
        // The scoring table's cells: titles by row, wealth by column, share of games.
        out += "| title | impoverished (0-3) | prosperous (4-6) | wealthy (7+) | all |\n|---|---|---|---|---|\n";
        for t in Title::ALL {
            let n = self.titles.get(&t).copied().unwrap_or(0);
            let cells: Vec<String> = Wealth::ALL
                .into_iter()
                .map(|w| match self.cells.get(&(t, w)).copied().unwrap_or(0) {
                    0 => "0".to_string(),
                    c => format!("{:.1}%", pct(c)),
                })
                .collect();
            out += &format!("| {} | {} | {:.1}% |\n", t.id(), cells.join(" | "), pct(n));
        }
        let cells: Vec<String> = Wealth::ALL
            .into_iter()
            .map(|w| format!("{:.1}%", pct(self.wealth.get(&w).copied().unwrap_or(0))))
            .collect();
        out += &format!("| all | {} | 100% |\n", cells.join(" | "));
        out += "\n| score | games |\n|---|---|\n";
        for (s, n) in &self.scores {
            out += &format!("| {s} | {n} |\n");
        }
        out
    }
}

/// Deal `i` of a report from `seed`, played by bot `name` (`None`: no such bot).
pub fn game(deck: &Deck, name: &str, seed: u64, i: u64) -> Option<Played> {
    let mut b = bot(name, seed.wrapping_add(i).wrapping_mul(0x9e37_79b9))?;
    Some(played(deck, seed.wrapping_add(i), b.as_mut()))
}

/// The tallies of `bots` over `deals` deals each from `games`: job `j` is deal
/// `j % deals` of bot `j / deals` ([`game`]), in any order (they are counted in deal
/// order, so the numbers do not depend on who played them when).
pub fn tallies(bots: &[&str], deals: u64, mut games: Vec<(u64, Played)>) -> Vec<(String, Tally)> {
    games.sort_by_key(|(job, _)| *job);
    let mut out: Vec<(String, Tally)> = bots
        .iter()
        .map(|n| (n.to_string(), Tally::default()))
        .collect();
    for (job, played) in &games {
        if let Some((_, tally)) = out.get_mut((job / deals) as usize) {
            tally.add(played);
        }
    }
    out
}

/// `deals` games of each bot named, deal `i` from seed `seed + i` (the same deals for
/// every bot), one after the other (`crystal-clans-tools crystallo-report` spreads
/// [`game`] over the cores).
pub fn run(deck: &Deck, bots: &[&str], deals: u64, seed: u64) -> Vec<(String, Tally)> {
    let bots: Vec<&str> = bots.iter().copied().filter(|n| BOTS.contains(n)).collect();
    let games = (0..deals * bots.len() as u64)
        .filter_map(|job| {
            let name = bots[(job / deals) as usize];
            Some((job, game(deck, name, seed, job % deals)?))
        })
        .collect();
    tallies(&bots, deals, games)
}

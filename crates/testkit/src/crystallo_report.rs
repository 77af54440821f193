//! `crystal-clans-tools crystallo-report`: each Crystallo bot plays the same deals of the
//! provisional deck; prints the distribution of titles, wealth and scores per bot as
//! Markdown (the table in docs/crystallo.md), on every core (each bot is a thread; its
//! deals are played in order, so the numbers do not depend on the threads).

use crystal_clans_crystallo::Deck;
use crystal_clans_crystallo::report::{self, BOTS};

pub fn cli(deals: u64, seed: u64, bots: Option<&str>) -> i32 {
    let names: Vec<&str> = match bots {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => BOTS.to_vec(),
    };
    if let Some(bad) = names.iter().find(|n| !BOTS.contains(n)) {
        eprintln!("unknown bot `{bad}` (random, greedy, search)");
        return 2;
    }
    let deck = Deck::provisional();
    let started = std::time::Instant::now();
    let tallies: Vec<(String, report::Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = names
            .iter()
            .map(|name| {
                let deck = &deck;
                scope.spawn(move || report::run(deck, &[name], deals, seed))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a report thread ends"))
            .collect()
    });
    println!(
        "## Crystallo: {deals} deals per bot, seed {seed}, deck version {}\n",
        deck.version
    );
    for (name, tally) in &tallies {
        println!("{}", tally.markdown(name));
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
    0
}

//! `crystal-clans-tools crystallo-report`: each Crystallo bot plays the same deals of the
//! provisional deck (or of a cavern file being tuned); prints the distribution of titles
//! by wealth, treasure and scores per bot as Markdown (the tables in docs/crystallo.md),
//! on every core (the numbers do not depend on the threads).

use crystal_clans_crystallo::Deck;
use crystal_clans_crystallo::deck::{CAVERN_FILE, CREATURES_FILE, CREATURES_TOML};
use crystal_clans_crystallo::report::{self, BOTS};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

pub fn cli(deals: u64, seed: u64, bots: Option<&str>, deck: Option<&std::path::Path>) -> i32 {
    let names: Vec<&str> = match bots {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => BOTS.to_vec(),
    };
    if let Some(bad) = names.iter().find(|n| !BOTS.contains(n)) {
        eprintln!("unknown bot `{bad}` (random, greedy, search)");
        return 2;
    }
    let (deck, source) = match deck {
        None => (Deck::provisional(), CAVERN_FILE.to_string()),
        Some(path) => {
            let file = path.display().to_string();
            let parsed = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {file}: {e}"))
                .and_then(|text| {
                    Deck::parse(&file, &text, CREATURES_FILE, CREATURES_TOML)
                        .map_err(|e| e.to_string())
                });
            match parsed {
                Ok(d) => (d, file),
                Err(e) => {
                    eprintln!("{e}");
                    return 2;
                }
            }
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = std::time::Instant::now();
    let jobs = deals * names.len() as u64;
    let next = AtomicU64::new(0);
    let games = Mutex::new(Vec::with_capacity(jobs as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    let name = names[(job / deals) as usize];
                    if let Some(g) = report::game(&deck, name, seed, job % deals) {
                        games.lock().expect("no panics while held").push((job, g));
                    }
                }
            });
        }
    });
    let games = games.into_inner().expect("no panics while held");
    let tallies = report::tallies(&names, deals, games);
    println!(
        "## Crystallo: {deals} deals per bot, seed {seed}, deck version {} ({source})\n",
        deck.version
    );
    for (name, tally) in &tallies {
        println!("{}", tally.markdown(name));
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
    0
}

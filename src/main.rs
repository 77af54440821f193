use clap::{Parser, Subcommand};
use crystal_clans::game::Rules;
use crystal_clans::selfplay;

#[derive(Parser)]
#[command(
    name = "crystal-clans",
    about = "Crystal Clans: rules engine and tools",
    version
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scenario file (a position and inputs) and print the result as JSON.
    Scenario {
        /// The scenario file (TOML or JSON, see docs/scenarios.md).
        file: std::path::PathBuf,
    },
    /// Print the card pack with the provenance of every value (docs/cards.md is its Markdown).
    Cards {
        /// Only this clan (id or name).
        #[arg(long)]
        clan: Option<String>,
        /// `md` (default) or `json`.
        #[arg(long, default_value = "md")]
        format: String,
    },
    /// Play random games and print a JSON summary.
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Two clans, e.g. `flower,skull` (default: every pair in turn).
        #[arg(long)]
        clans: Option<String>,
        #[arg(long)]
        mulligan: bool,
    },
    /// Measure performance (prints JSON with ratios measured in the same run).
    Bench {
        #[command(subcommand)]
        what: BenchTarget,
    },
}

#[derive(Subcommand)]
enum BenchTarget {
    /// Random full games per second on one thread; clone and serialize a mid-game state.
    Engine {
        /// How long to play random games.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Scenario { file } => crystal_clans::scenario::cli(&file),
        Command::Cards { clan, format } => {
            let pack = crystal_clans::game::Pack::base();
            match crystal_clans::cards::catalog(&pack, clan.as_deref()) {
                Err(e) => {
                    eprintln!("{e}");
                    2
                }
                Ok(cat) => match format.as_str() {
                    "md" => {
                        print!("{}", crystal_clans::cards::markdown(&cat));
                        0
                    }
                    "json" => {
                        println!(
                            "{}",
                            serde_json::to_string_pretty(&cat).expect("the catalog serializes")
                        );
                        0
                    }
                    other => {
                        eprintln!("unknown format `{other}`: use md or json");
                        2
                    }
                },
            }
        }
        Command::Bench {
            what: BenchTarget::Engine { seconds },
        } => {
            let report = crystal_clans::bench::engine(seconds);
            println!("{}", serde_json::to_string_pretty(&report).unwrap());
            0
        }
        Command::Selfplay {
            games,
            seed,
            clans,
            mulligan,
        } => {
            let rules = Rules::base();
            let pairs = match clans {
                None => selfplay::all_pairs(&rules),
                Some(c) => {
                    let ids: Vec<_> = c
                        .split(',')
                        .map(|x| rules.pack.clan_index(x.trim()))
                        .collect();
                    match ids.as_slice() {
                        [Some(a), Some(b)] => vec![[*a, *b]],
                        _ => {
                            eprintln!("--clans takes two clan names separated by a comma");
                            std::process::exit(2);
                        }
                    }
                }
            };
            let s = selfplay::run(&rules, games, seed, &pairs, mulligan);
            println!("{}", serde_json::to_string_pretty(&s).unwrap());
            if s.errors.is_empty() { 0 } else { 1 }
        }
    };
    std::process::exit(code);
}

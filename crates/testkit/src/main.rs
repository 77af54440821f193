//! `crystal-clans-tools`: the developers' commands (docs/development.md): the engine's scenario,
//! cards and selfplay, tournaments, the sample images, transcripts and the benchmarks.
//! Kept out of the shipped bot, which links none of the test kit.

use clap::{Parser, Subcommand};
use crystal_clans::ai::tournament;
use crystal_clans::game::Rules;
use crystal_clans::selfplay;
use crystal_clans_testkit::bench;

#[derive(Parser)]
#[command(
    name = "crystal-clans-tools",
    about = "Crystal Clans: the developers' tools (engine, AI, images, transcripts, benchmarks)",
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
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the deals and random choices; the same seed gives the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Two clans, e.g. `flower,skull` (default: every pair in turn).
        #[arg(long)]
        clans: Option<String>,
        /// Play with the optional initial mulligan.
        #[arg(long)]
        mulligan: bool,
    },
    /// Two bots play every pairing of clans in both seat orders (on all cores); prints
    /// win rates with 95% intervals, game length, time per decision, the first player's
    /// advantage and the clan-versus-clan matrix (docs/balance.md).
    Tournament {
        /// Two bots: random, greedy, beginner, mcts, mcts:LEVEL or mcts:ITERATIONS, e.g. `mcts,greedy`.
        #[arg(long)]
        bots: String,
        /// Games in all (consecutive games swap seats on the same clan pairing).
        #[arg(long, default_value_t = 72)]
        games: u64,
        /// Seed every game's deal and bots derive from; the same seed and bots give the
        /// same games (without --time-limits).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Clans to pair, e.g. `flower,skull,blood` (default: all).
        #[arg(long)]
        clans: Option<String>,
        /// Level of a bare `mcts`: beginner, easy, normal (default), hard or fast.
        #[arg(long, default_value = "normal")]
        level: String,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Play with the optional initial mulligan.
        #[arg(long)]
        mulligan: bool,
        /// Also apply the levels' time limits (faster, but no longer deterministic).
        #[arg(long)]
        time_limits: bool,
        /// Leave out mirror matches (a clan against itself): balance runs spend every
        /// game on a matchup.
        #[arg(long)]
        no_mirrors: bool,
        /// Vary the bots' random choices but keep the deals of --seed (0: the bots of
        /// --seed): the same deals played again by bots that choose differently.
        #[arg(long, default_value_t = 0)]
        bot_seed: u64,
        /// Write one CSV line per game (index, clans, A's seat, first player, winner,
        /// turns, answers) to this file, to compare two runs game by game.
        #[arg(long)]
        results: Option<std::path::PathBuf>,
        /// Start at this game (0 is the first): the games are the same whichever run
        /// plays them, so a stopped run resumes at the first game its --results file
        /// lacks, and a long run splits into processes (`--games 72` and `--games 144
        /// --from 72`) whose results add up to one run's.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Only this clan against each of the others (no mirrors), e.g. `stone`.
        #[arg(long)]
        focus: Option<String>,
        /// Play this pack file instead of the embedded base pack (try a balance change
        /// without rebuilding), e.g. a copy of crates/engine/assets/packs/base.toml.
        #[arg(long)]
        pack: Option<std::path::PathBuf>,
    },
    /// Fit Elo ratings to a round robin's results (maximum likelihood, Bradley-Terry) and
    /// print each pairing with its 95% interval and what the ratings predict
    /// (docs/balance.md, "The ladder").
    Ladder {
        /// CSV lines `a,b,a_wins,b_wins` (unfinished games left out), e.g. docs/ladder.csv.
        file: std::path::PathBuf,
        /// The bot whose rating is fixed, and its rating.
        #[arg(long, default_value = "mcts:normal=1550")]
        anchor: String,
    },
    /// Write the sample images (opening, crowded board, battle, hand, card) as PNG files,
    /// each also scaled as Discord shows it inline (550x350 box; 390 px phone width).
    Render {
        /// The folder to write into (created if missing).
        #[arg(long, default_value = "render-samples")]
        out: std::path::PathBuf,
    },
    /// Draw a recorded fake-Discord conversation (a folder with `conversation.jsonl`
    /// and its files, as the transcript test writes) as Discord would show it: one HTML
    /// page per participant (each player, a spectator), also cut into screens.
    Transcript {
        /// The recording's folder.
        dir: std::path::PathBuf,
        /// Where to write the pages (default: the recording's folder).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Also screenshot each screen with headless Chromium at 1280 and 390 pixels wide.
        #[arg(long)]
        screenshots: bool,
    },
    /// Crystallo: each bot (random, greedy, search) plays the same deals of the
    /// provisional deck; prints the distribution of titles, wealth and scores per bot
    /// (docs/crystallo.md).
    CrystalloReport {
        /// Deals per bot.
        #[arg(long, default_value_t = 1000)]
        deals: u64,
        /// Seed of the first deal (deal i uses seed + i); the same seed gives the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only these bots, e.g. `random,search` (default: all three).
        #[arg(long)]
        bots: Option<String>,
        /// Play this cavern file instead of the embedded deck (try a change to the
        /// cards without rebuilding), e.g. a copy of crates/crystallo/assets/cavern.toml.
        #[arg(long)]
        deck: Option<std::path::PathBuf>,
    },
    /// `/clans learn`'s match on many deals, played by a newcomer who does only what
    /// the lessons say against the beginner AI: when the first battle comes, which
    /// lessons come, how long it takes (to choose the lesson deal, app::learn::DEAL).
    LessonDeals {
        /// Deals per clan pairing.
        #[arg(long, default_value_t = 50)]
        seeds: u64,
        /// The first deal's seed.
        #[arg(long, default_value_t = 1)]
        first: u64,
        /// Clan pairings, the learner's clan first, e.g. `0-1,2-3` (default: 0-1).
        #[arg(long, default_value = "0-1")]
        clans: String,
    },
    /// Measure performance (prints JSON with ratios measured in the same run).
    Bench {
        #[command(subcommand)]
        what: BenchTarget,
    },
}

#[derive(Subcommand)]
enum BenchTarget {
    /// Board, battle, hand and card images: draw+encode median and p99 against the
    /// PNG-encode-only floor of the same board.
    Render {
        /// Timed runs per image.
        #[arg(long, default_value_t = 200)]
        iterations: usize,
        /// Also time the other PNG encoder settings (compression x filter) on the board.
        #[arg(long)]
        encoders: bool,
        /// Also replay the longest of this many random self-play matches (turns,
        /// frames, bytes against Discord's 10 MB, time).
        #[arg(long, default_value_t = 0)]
        longest: u64,
        /// Also replay a synthetic match of this many turns (a fixed match's scenes
        /// repeated): frames, bytes, time; its memory under `/usr/bin/time -v`.
        #[arg(long, default_value_t = 0)]
        long_turns: u32,
    },
    /// The AI: sampling, rollout and search speed, decision time of each mcts level.
    Ai {
        /// Positions (from random games) to decide in.
        #[arg(long, default_value_t = 20)]
        positions: usize,
        /// Levels to time, e.g. `fast,normal` (default: easy,normal,fast).
        #[arg(long, default_value = "easy,normal,fast")]
        levels: String,
    },
    /// The post-game analysis of a match cut at its 40th turn, on one thread.
    Analysis {
        /// Turns of the random-play match that is analysed (it is cut there).
        #[arg(long, default_value_t = 40)]
        turns: u32,
        /// Search iterations per position (default: the normal level's).
        #[arg(long)]
        iterations: Option<u32>,
        /// Seed of the matches played and of the analysis. Seed 4's random match lasts
        /// the 40 turns (seed 1's, the default before, ends at turn 27 under rules
        /// version 8).
        #[arg(long, default_value_t = 4)]
        seed: u64,
    },
    /// Random full games per second on one thread; clone and serialize a mid-game state.
    Engine {
        /// How long to play random games.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
    /// Submit vs a bare insert (p50/p99, on SQLite, and on PostgreSQL when given), load
    /// time of a 500-input match, memory with 10,000 stored and 1,000 loaded matches.
    Store {
        /// Also measure this database (postgres://...; a scratch database: the benchmark
        /// writes matches and a table `bench_bare`, and removes them afterwards).
        #[arg(long)]
        database: Option<String>,
        /// Submits (and bare inserts) timed per database.
        #[arg(long, default_value_t = 1000)]
        samples: usize,
    },
    /// The scheduler draining a backlog of due reminders through the bot's timer loop
    /// and poster, into a simulated Discord (its global and per-channel limits and a
    /// latency): drain time and items per second, against the rate limit's floor and
    /// the old scheduler (50 a tick every 30 s).
    Tick {
        /// Due reminders, one match each.
        #[arg(long, default_value_t = 10_000)]
        items: usize,
        /// Simulated time of one post once the limits let it go.
        #[arg(long, default_value_t = 150)]
        latency_ms: u64,
        /// Simulated global limit, requests per second (Discord's: 50).
        #[arg(long, default_value_t = 50.0)]
        rate: f64,
        /// Posts in flight at once (default: the bot's).
        #[arg(long, default_value_t = crystal_clans::discord::TIMER_POSTS_AT_ONCE)]
        at_once: usize,
    },
    /// The real bot through a fake Discord on loopback, many matches at once: p50/p99/max
    /// from sending an interaction to the bot's acknowledgement, and from a turn-ending
    /// click to the board visible under Discord's rate limits, against the targets
    /// (100 ms and 1 s at p99).
    Discord {
        /// Matches in progress at once (two users each).
        #[arg(long, default_value_t = 50)]
        matches: usize,
        /// Board posts (turn-ending inputs) per match; a match that ends sooner is
        /// followed by a new one.
        #[arg(long, default_value_t = 10)]
        turns: usize,
        /// Mean pause of a player before each click (random, 0 to twice this), in
        /// milliseconds; 0: click the moment the bot has answered (saturation).
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
        /// The first deal's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bot's database pool size (default: the store's default), to measure
        /// what contention between SQLite connections costs.
        #[arg(long)]
        db_connections: Option<u32>,
        /// Matches against the AI played at the same time (one user each, clicking as
        /// the others do), to see whether the AI's work slows the human matches; their
        /// latencies are reported apart (`ai_ack`).
        #[arg(long, default_value_t = 0)]
        ai_matches: usize,
        /// The AI's level in those matches (beginner, easy, normal, hard, fast).
        #[arg(long, default_value = "hard", value_parser = ["beginner", "easy", "normal", "hard", "fast"])]
        ai_level: String,
        /// AI decisions at once (default: the bot's, one per core but one).
        #[arg(long)]
        ai_slots: Option<usize>,
    },
}

fn main() {
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Scenario { file } => scenario(&file),
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
            what: BenchTarget::Store { database, samples },
        } => bench::store::cli(database, samples),
        Command::Bench {
            what:
                BenchTarget::Tick {
                    items,
                    latency_ms,
                    rate,
                    at_once,
                },
        } => bench::tick::cli(bench::tick::Options {
            items,
            latency_ms,
            rate,
            at_once,
        }),
        Command::Bench {
            what:
                BenchTarget::Discord {
                    matches,
                    turns,
                    think_ms,
                    seed,
                    db_connections,
                    ai_matches,
                    ai_level,
                    ai_slots,
                },
        } => bench::discord::cli(bench::discord::Options {
            matches,
            turns,
            think_ms,
            seed,
            db_connections,
            ai_matches,
            ai_level,
            ai_slots,
        }),
        Command::Render { out } => render_samples(&out),
        Command::Ladder { file, anchor } => ladder(&file, &anchor),
        Command::LessonDeals {
            seeds,
            first,
            clans,
        } => {
            let pairs: Result<Vec<[u8; 2]>, String> = clans
                .split(',')
                .map(|p| {
                    let (a, b) = p.split_once('-').ok_or(format!("not a pairing: {p}"))?;
                    let id = |s: &str| s.trim().parse::<u8>().map_err(|e| format!("{s}: {e}"));
                    Ok([id(a)?, id(b)?])
                })
                .collect();
            match pairs.and_then(|p| crystal_clans_testkit::lesson_deals::cli(&p, first, seeds)) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("{e}");
                    2
                }
            }
        }
        Command::CrystalloReport {
            deals,
            seed,
            bots,
            deck,
        } => crystal_clans_testkit::crystallo_report::cli(
            deals,
            seed,
            bots.as_deref(),
            deck.as_deref(),
        ),
        Command::Transcript {
            dir,
            out,
            screenshots,
        } => transcript(&dir, out.as_deref().unwrap_or(&dir), screenshots),
        Command::Bench {
            what:
                BenchTarget::Render {
                    iterations,
                    encoders,
                    longest,
                    long_turns,
                },
        } => {
            let report = bench::render::render(iterations, encoders, longest, long_turns);
            println!("{}", serde_json::to_string_pretty(&report).unwrap());
            0
        }
        Command::Tournament {
            bots,
            games,
            seed,
            clans,
            level,
            threads,
            mulligan,
            time_limits,
            no_mirrors,
            focus,
            pack,
            bot_seed,
            results,
            from,
        } => tournament(tournament::Args {
            bots,
            games,
            seed,
            clans,
            level,
            threads,
            mulligan,
            time_limits,
            no_mirrors,
            focus,
            pack,
            bot_seed,
            results,
            from,
        }),
        Command::Bench {
            what: BenchTarget::Ai { positions, levels },
        } => {
            let levels: Option<Vec<_>> = levels
                .split(',')
                .map(|l| crystal_clans::ai::Level::parse(l.trim()))
                .collect();
            match levels {
                Some(levels) => {
                    let report = bench::ai::ai(positions, &levels);
                    println!("{}", serde_json::to_string_pretty(&report).unwrap());
                    0
                }
                None => {
                    eprintln!(
                        "--levels takes beginner, easy, normal, hard or fast, separated by commas"
                    );
                    2
                }
            }
        }
        Command::Bench {
            what:
                BenchTarget::Analysis {
                    turns,
                    iterations,
                    seed,
                },
        } => {
            let iterations = iterations.unwrap_or(crystal_clans::ai::analysis::normal_iterations());
            let report = bench::analysis::analysis(turns, iterations, seed);
            println!("{}", serde_json::to_string_pretty(&report).unwrap());
            0
        }
        Command::Bench {
            what: BenchTarget::Engine { seconds },
        } => {
            let report = bench::engine::engine(seconds);
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

/// Runs a scenario file and prints the result; returns the process exit code:
/// 0 = no unexpected error and every expectation held, 1 = otherwise, 2 = the file
/// cannot be loaded.
fn scenario(path: &std::path::Path) -> i32 {
    use crystal_clans::scenario::{load, report, run};
    use std::fmt::Write as _;
    let sc = match load(path) {
        Ok(sc) => sc,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let out = run(&sc);
    let doc = report(&sc, &out);
    println!(
        "{}",
        serde_json::to_string_pretty(&doc).expect("a report is plain JSON")
    );
    if !out.passed() {
        let mut msg = String::new();
        for f in &out.expectation_failures {
            let _ = writeln!(msg, "  {f}");
        }
        eprintln!("{}: FAILED\n{msg}", sc.name);
        return 1;
    }
    0
}

/// `crystal-clans-tools ladder`: the fitted ratings, then every pairing measured against
/// what they predict. Returns the process exit code.
fn ladder(file: &std::path::Path, anchor: &str) -> i32 {
    use crystal_clans::ai::{ladder, tournament::wilson};
    let Some((name, rating)) = anchor
        .rsplit_once('=')
        .and_then(|(n, r)| Some((n, r.parse::<f64>().ok()?)))
    else {
        eprintln!("--anchor takes BOT=RATING, e.g. mcts:normal=1550");
        return 2;
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", file.display());
            return 2;
        }
    };
    let pairings = match ladder::parse(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let (kept, aside) = ladder::finite(&pairings);
    let ratings = match ladder::fit(&kept, (name, rating)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let mut sorted = ratings.clone();
    sorted.sort_by(|a, b| a.1.total_cmp(&b.1));
    println!("| bot | rating |\n|---|---|");
    for (bot, r) in &sorted {
        println!("| {bot} | {r:.0} |");
    }
    for bot in &aside {
        println!("| {bot} | none: won all its games or none |");
    }
    let of = |bot: &str| ratings.iter().find(|(n, _)| n == bot).map(|x| x.1);
    println!(
        "\n| pairing | games | wins of the first | 95% interval | the fit predicts |\n|---|---|---|---|---|"
    );
    for p in &pairings {
        let n = p.a_wins + p.b_wins;
        let (lo, hi) = wilson(p.a_wins, n);
        let predicted = match (of(&p.a), of(&p.b)) {
            (Some(a), Some(b)) => format!("{:.1}%", 100.0 * ladder::expected(a, b)),
            _ => "-".into(),
        };
        println!(
            "| {} vs {} | {n} | {} ({:.1}%) | {:.1}%-{:.1}% | {predicted} |",
            p.a,
            p.b,
            p.a_wins,
            100.0 * p.a_wins as f64 / n.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
        );
    }
    0
}

/// `crystal-clans-tools tournament`: checks the arguments, plays, prints the report.
/// Returns the process exit code.
fn tournament(args: tournament::Args) -> i32 {
    use std::time::Instant;
    use tournament::{Plan, report, results_csv, run};
    let Plan {
        rules,
        config: cfg,
        results,
    } = match args.plan() {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let games = cfg.games - cfg.from;
    let start = Instant::now();
    let step = (games / 20).max(1);
    // Each game's line is written as it ends, so a run stopped early keeps what it
    // played (resume it with --from); the file is rewritten in game order at the end.
    let file = match results.as_deref().map(|path| {
        std::fs::write(path, tournament::RESULTS_HEADER)?;
        std::fs::OpenOptions::new().append(true).open(path)
    }) {
        None => None,
        Some(Ok(f)) => Some(std::sync::Mutex::new(f)),
        Some(Err(e)) => {
            eprintln!("cannot write the results file: {e}");
            return 2;
        }
    };
    let wins = std::sync::Mutex::new([0u64; 2]);
    let records = run(&rules, &cfg, &|done, rec| {
        let [a, b] = {
            let mut w = wins.lock().expect("no panics while held");
            if let Some(s) = rec.winner {
                w[s] += 1;
            }
            *w
        };
        if let Some(f) = &file {
            use std::io::Write;
            let mut f = f.lock().expect("no panics while held");
            if let Err(e) = f.write_all(tournament::result_line(&rules, rec).as_bytes()) {
                eprintln!("cannot write the results file: {e}");
            }
        }
        if done % step == 0 || done == games {
            eprintln!(
                "{done}/{games} games, A {a} B {b} ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
        }
    });
    print!(
        "{}",
        report(&rules, &cfg, &records, start.elapsed().as_secs_f64())
    );
    if let Some(path) = results
        && let Err(e) = std::fs::write(&path, results_csv(&rules, &records))
    {
        eprintln!("cannot write {}: {e}", path.display());
        return 2;
    }
    if records.iter().any(|r| r.error.is_some()) {
        1
    } else {
        0
    }
}

/// `crystal-clans-tools render`: the sample images, and copies scaled as Discord shows them
/// inline, into 550x350 on desktop (`NAME.550x350.png`) and 390 pixels wide on a phone
/// (`NAME.390.png`), to check legibility.
fn transcript(dir: &std::path::Path, out: &std::path::Path, screenshots: bool) -> i32 {
    use crystal_clans_testkit::transcript;
    let written = match transcript::write_pages(dir, out, 4000) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    for (p, path) in &written.pages {
        println!("{}: {}", p.name, path.display());
    }
    if screenshots {
        let Some(chromium) = transcript::shots::chromium() else {
            eprintln!("error: --screenshots needs Chromium (Debian: apt-get install chromium)");
            return 1;
        };
        match transcript::shots::shoot_all(&chromium, &written, |_| true) {
            Ok(pngs) => println!(
                "{} screenshots in {}",
                pngs.len(),
                out.join("screens").display()
            ),
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
    0
}

fn render_samples(out: &std::path::Path) -> i32 {
    use crystal_clans::render;
    let rules = Rules::base();
    let images = match render::samples::all(&rules, &render::Theme::default()) {
        Ok(images) => images,
        Err(e) => {
            eprintln!("rendering failed: {e}");
            return 1;
        }
    };
    let write = |name: String, png: &[u8]| {
        let path = out.join(name);
        std::fs::create_dir_all(out)
            .and_then(|_| std::fs::write(&path, png))
            .map(|_| println!("{} ({} bytes)", path.display(), png.len()))
            .map_err(|e| eprintln!("cannot write {}: {e}", path.display()))
    };
    for (name, image) in images {
        let inline = render::preview(&image.png, 550, 350).expect("a rendered PNG decodes");
        let phone = render::preview(&image.png, 390, u32::MAX).expect("a rendered PNG decodes");
        if write(format!("{name}.png"), &image.png).is_err()
            || write(format!("{name}.550x350.png"), &inline).is_err()
            || write(format!("{name}.390.png"), &phone).is_err()
        {
            return 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every flag and argument a user can see says what it is for in `--help`.
    #[test]
    fn every_cli_flag_has_a_help_line() {
        let missing =
            crystal_clans_testkit::cli_help::undocumented(&Cli::command(), "crystal-clans-tools");
        assert!(missing.is_empty(), "no help line: {missing:#?}");
    }
}

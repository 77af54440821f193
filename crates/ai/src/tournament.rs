//! `crystal-clans-tools tournament`: two bots play every pairing of clans in both seat
//! orders, on all cores; a table of win rates with 95% Wilson intervals, game length,
//! time per decision, the first player's advantage and the clan-versus-clan matrix.
//!
//! Deterministic for a seed when the bots have no time limit (the default here: the
//! levels' iteration budgets only); the timings are the only numbers that vary.

use super::{Bot, BotSpec, derive_seed};
use crate::game::pack::PackError;
use crate::game::{Pack, Rules, Seat, Setup, State};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A game with no winner after this many answers counts as unfinished.
pub const MAX_INPUTS: u32 = 5_000;

#[derive(Debug, Clone)]
pub struct Config {
    /// Bot A and bot B.
    pub bots: [BotSpec; 2],
    /// The games are those of index `from` to `games - 1`: a game is the same whatever
    /// else is played, so a stopped run resumes at the first game it had not finished.
    pub games: u64,
    pub from: u64,
    pub seed: u64,
    /// The clans to pair (indices into the pack).
    pub clans: Vec<u8>,
    /// Also pair each clan with itself (mirror matches tell nothing about clan balance,
    /// so balance runs leave them out to spend every game on a matchup).
    pub mirrors: bool,
    /// Only the pairings of this clan with the others (no mirror): a quick measure of
    /// one clan after a change to its cards.
    pub focus: Option<u8>,
    pub threads: usize,
    pub mulligan: bool,
    /// Mixed into the bots' seeds only (0: none), so that the same deals, and with them
    /// every draw the deck order decides, are played again by bots that choose
    /// differently: a loss that comes back on the same deal is the deal's, one that
    /// does not is a decision's.
    pub bot_seed: u64,
}

impl Config {
    /// The ordered clan pairings (bot A's clan, bot B's clan) the games cycle through.
    pub fn pairings(&self) -> Vec<[u8; 2]> {
        let mut out = Vec::new();
        for &a in &self.clans {
            for &b in &self.clans {
                let keep = match self.focus {
                    Some(f) => a != b && (a == f || b == f),
                    None => self.mirrors || a != b,
                };
                if keep {
                    out.push([a, b]);
                }
            }
        }
        out
    }
}

/// Per bot, the decisions it was asked (those with more than one legal answer).
#[derive(Debug, Clone, Copy, Default)]
pub struct DecisionStats {
    pub decisions: u64,
    pub seconds: f64,
    pub max_seconds: f64,
    pub iterations: u64,
}

impl DecisionStats {
    fn add(&mut self, o: &DecisionStats) {
        self.decisions += o.decisions;
        self.seconds += o.seconds;
        self.max_seconds = self.max_seconds.max(o.max_seconds);
        self.iterations += o.iterations;
    }
}

#[derive(Debug, Clone)]
pub struct GameRecord {
    pub index: u64,
    /// Clan of bot A, clan of bot B.
    pub clans: [u8; 2],
    /// The seat bot A played.
    pub a_seat: Seat,
    /// The bot that won (0 = A, 1 = B); `None` if unfinished or failed.
    pub winner: Option<usize>,
    /// The bot that played first.
    pub first: Option<usize>,
    pub inputs: u32,
    pub turns: u32,
    /// Per bot.
    pub stats: [DecisionStats; 2],
    pub error: Option<String>,
    /// Why a match that ran without error has no winner.
    pub note: Option<String>,
}

/// Plays one match between `bots` (by seat). Returns the winner seat (if any), the
/// answers given, the turns, the first player and each seat's decision statistics.
pub fn play(
    rules: &Rules,
    setup: Setup,
    bots: &mut [Box<dyn Bot>; 2],
) -> Result<(State, u32, [DecisionStats; 2]), String> {
    let (mut state, _) = State::new(rules, setup)?;
    let mut stats = [DecisionStats::default(); 2];
    let mut inputs = 0;
    while state.winner.is_none() && inputs < MAX_INPUTS {
        let pending = state.pending();
        let seat = *pending.seats.first().ok_or("the match waits for nobody")?;
        let legal = state.legal(rules, seat);
        let input = match legal.len() {
            0 => return Err(format!("seat {seat} has no legal input")),
            1 => legal[0],
            _ => {
                let view = state.view(rules, Some(seat));
                let bot = &mut bots[seat as usize];
                let t = Instant::now();
                let input = bot.decide(rules, &view, &legal);
                let secs = t.elapsed().as_secs_f64();
                let st = &mut stats[seat as usize];
                st.decisions += 1;
                st.seconds += secs;
                st.max_seconds = st.max_seconds.max(secs);
                st.iterations += bot.last_iterations();
                input
            }
        };
        state
            .apply(rules, seat, &input)
            .map_err(|e| format!("bot answer {input:?} refused: {e}"))?;
        inputs += 1;
    }
    Ok((state, inputs, stats))
}

/// The clan pairing and seat order of game `g`: consecutive games swap seats on the
/// same pairing, so every prefix of the schedule is balanced.
pub fn schedule(pairings: &[[u8; 2]], g: u64) -> ([u8; 2], Seat) {
    let pair = (g / 2) % pairings.len() as u64;
    (pairings[pair as usize], (g % 2) as Seat)
}

/// The bot (0: A, 1: B) that plays `seat` when A plays `a_seat`.
fn bot_of(a_seat: Seat, seat: Seat) -> usize {
    if seat == a_seat { 0 } else { 1 }
}

/// Game `g` of a tournament, dealt: its clans, its seats and its bots.
pub struct Dealt {
    /// Clan of bot A, clan of bot B.
    pub clans: [u8; 2],
    /// The seat bot A plays.
    pub a_seat: Seat,
    pub setup: Setup,
    /// By seat.
    pub bots: [Box<dyn Bot>; 2],
}

impl Dealt {
    pub fn new(cfg: &Config, pairings: &[[u8; 2]], g: u64) -> Dealt {
        let (clans, a_seat) = schedule(pairings, g);
        let game_seed = derive_seed(cfg.seed, g);
        let by_seat = |seat| bot_of(a_seat, seat);
        let bots = [0, 1].map(|seat: Seat| {
            cfg.bots[by_seat(seat)].build(derive_seed(game_seed ^ cfg.bot_seed, 1 + seat as u64))
        });
        let setup = Setup {
            clans: [clans[by_seat(0)], clans[by_seat(1)]],
            seed: game_seed,
            mulligan: cfg.mulligan,
        };
        Dealt {
            clans,
            a_seat,
            setup,
            bots,
        }
    }
}

pub fn play_indexed(rules: &Rules, cfg: &Config, pairings: &[[u8; 2]], g: u64) -> GameRecord {
    let Dealt {
        clans,
        a_seat,
        setup,
        mut bots,
    } = Dealt::new(cfg, pairings, g);
    let by_seat = |seat| bot_of(a_seat, seat);
    let mut rec = GameRecord {
        index: g,
        clans,
        a_seat,
        winner: None,
        first: None,
        inputs: 0,
        turns: 0,
        stats: Default::default(),
        error: None,
        note: None,
    };
    match play(rules, setup, &mut bots) {
        Ok((state, inputs, stats)) => {
            rec.winner = state.winner.map(by_seat);
            rec.first = state.first_player.map(by_seat);
            rec.inputs = inputs;
            rec.turns = state.turn;
            rec.stats = [stats[a_seat as usize], stats[1 - a_seat as usize]];
            if state.winner.is_none() {
                let p = &state.players;
                rec.note = Some(format!(
                    "no winner after {inputs} answers: turn {}, token {}, crystals {}-{}, hands {}-{}, draw piles {}-{}, discards {}-{}",
                    state.turn,
                    state.token,
                    p[0].crystals.len(),
                    p[1].crystals.len(),
                    p[0].hand.len(),
                    p[1].hand.len(),
                    p[0].draw.len(),
                    p[1].draw.len(),
                    p[0].discard.len(),
                    p[1].discard.len(),
                ));
            }
        }
        Err(e) => rec.error = Some(e),
    }
    rec
}

/// Plays the tournament on `cfg.threads` threads. `progress` is called after each game
/// with the number of games done and its record (a long run writes each as it ends).
pub fn run(
    rules: &Rules,
    cfg: &Config,
    progress: &(dyn Fn(u64, &GameRecord) + Sync),
) -> Vec<GameRecord> {
    let pairings = cfg.pairings();
    if pairings.is_empty() {
        return Vec::new();
    }
    let next = AtomicU64::new(cfg.from);
    let done = AtomicU64::new(0);
    let records = Mutex::new(Vec::with_capacity(
        cfg.games.saturating_sub(cfg.from) as usize
    ));
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    let rec = play_indexed(rules, cfg, &pairings, g);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, &rec);
                    records.lock().expect("no panics while held").push(rec);
                }
            });
        }
    });
    let mut records = records.into_inner().expect("no panics while held");
    records.sort_by_key(|r| r.index);
    records
}

/// Two bots from `--bots` (`a,b`), a bare `mcts` at `level`.
fn parse_bots(bots: &str, level: super::Level) -> Result<[BotSpec; 2], String> {
    let specs = bots
        .split(',')
        .map(|b| BotSpec::parse(b.trim(), level))
        .collect::<Result<Vec<_>, _>>()?;
    match <[BotSpec; 2]>::try_from(specs) {
        Ok(pair) => Ok(pair),
        Err(_) => Err("--bots takes two bots separated by a comma, e.g. mcts,random".into()),
    }
}

/// The 95% Wilson score interval of `wins` out of `n`.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

fn rate(wins: u64, n: u64) -> String {
    if n == 0 {
        return "-".into();
    }
    let (lo, hi) = wilson(wins, n);
    format!(
        "{:5.1}% [{:4.1}-{:4.1}] ({wins}/{n})",
        100.0 * wins as f64 / n as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// Games won by each clan against each other clan (mirror matches excluded), counted
/// over both bots: `m[a][b]` = (wins of a, games of a against b).
pub fn clan_matrix(records: &[GameRecord], clans: usize) -> Vec<Vec<(u64, u64)>> {
    let mut m = vec![vec![(0u64, 0u64); clans]; clans];
    for r in records {
        let (Some(w), [a, b]) = (r.winner, r.clans) else {
            continue;
        };
        if a == b {
            continue;
        }
        let (a, b) = (a as usize, b as usize);
        m[a][b].1 += 1;
        m[b][a].1 += 1;
        if w == 0 {
            m[a][b].0 += 1;
        } else {
            m[b][a].0 += 1;
        }
    }
    m
}

/// The report printed by `crystal-clans-tools tournament`.
pub fn report(rules: &Rules, cfg: &Config, records: &[GameRecord], seconds: f64) -> String {
    let names = [cfg.bots[0].label(), cfg.bots[1].label()];
    let clan = |c: u8| rules.pack.clans[c as usize].id.clone();
    let mut out = String::new();
    let finished: Vec<&GameRecord> = records.iter().filter(|r| r.winner.is_some()).collect();
    let n = finished.len() as u64;
    let a_wins = finished.iter().filter(|r| r.winner == Some(0)).count() as u64;
    let pairing_note = match (cfg.focus, cfg.mirrors) {
        (Some(f), _) => format!(" (only {} against the others)", clan(f)),
        (None, false) => " (no mirror matches)".into(),
        (None, true) => String::new(),
    };
    let _ = writeln!(
        out,
        "tournament: A = {} vs B = {}; {} games, seed {}, clans {}{}, pack {} v{}, {} threads, {:.1} s",
        names[0],
        names[1],
        records.len(),
        cfg.seed,
        cfg.clans
            .iter()
            .map(|&c| clan(c))
            .collect::<Vec<_>>()
            .join(","),
        pairing_note,
        rules.pack.id,
        rules.pack.version,
        cfg.threads,
        seconds
    );
    let unfinished = records.iter().filter(|r| r.winner.is_none()).count();
    if unfinished > 0 {
        let _ = writeln!(out, "unfinished or failed games: {unfinished}");
        for r in records.iter().filter(|r| r.winner.is_none()).take(5) {
            let _ = writeln!(
                out,
                "  game {} ({} vs {}, A in seat {}): {}",
                r.index,
                clan(r.clans[0]),
                clan(r.clans[1]),
                r.a_seat + 1,
                r.error.as_deref().or(r.note.as_deref()).unwrap_or("")
            );
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "win rate of A ({})    {}", names[0], rate(a_wins, n));
    for seat in 0..2u8 {
        let games: Vec<_> = finished.iter().filter(|r| r.a_seat == seat).collect();
        let w = games.iter().filter(|r| r.winner == Some(0)).count() as u64;
        let _ = writeln!(
            out,
            "  A in seat {}             {}",
            seat + 1,
            rate(w, games.len() as u64)
        );
    }
    for first in 0..2usize {
        let games: Vec<_> = finished.iter().filter(|r| r.first == Some(first)).collect();
        let w = games.iter().filter(|r| r.winner == Some(0)).count() as u64;
        let _ = writeln!(
            out,
            "  A playing {}         {}",
            if first == 0 { "first " } else { "second" },
            rate(w, games.len() as u64)
        );
    }
    let first_wins = finished.iter().filter(|r| r.first == r.winner).count() as u64;
    let _ = writeln!(out, "first player wins         {}", rate(first_wins, n));
    let len = |f: fn(&GameRecord) -> u32| {
        finished.iter().map(|r| f(r) as f64).sum::<f64>() / (n.max(1) as f64)
    };
    let _ = writeln!(
        out,
        "game length               {:.1} turns, {:.0} answers",
        len(|r| r.turns),
        len(|r| r.inputs)
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<14} {:>10} {:>12} {:>12} {:>14}",
        "bot", "decisions", "ms/decision", "max ms", "iterations/s"
    );
    for b in 0..2 {
        let mut st = DecisionStats::default();
        for r in records {
            st.add(&r.stats[b]);
        }
        let ms = 1000.0 * st.seconds / st.decisions.max(1) as f64;
        let ips = if st.iterations > 0 {
            format!("{:.0}", st.iterations as f64 / st.seconds.max(1e-9))
        } else {
            "-".into()
        };
        let _ = writeln!(
            out,
            "{:<14} {:>10} {:>12.2} {:>12.1} {:>14}",
            format!("{} {}", ["A", "B"][b], names[b]),
            st.decisions,
            ms,
            1000.0 * st.max_seconds,
            ips
        );
    }

    // A's win rate by clan pairing.
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "A's win rate by clan (rows: A's clan, columns: B's clan)"
    );
    let _ = write!(out, "{:<8}", "");
    for &b in &cfg.clans {
        let _ = write!(out, " {:>11}", clan(b));
    }
    let _ = writeln!(out);
    for &a in &cfg.clans {
        let _ = write!(out, "{:<8}", clan(a));
        for &b in &cfg.clans {
            let games: Vec<_> = finished.iter().filter(|r| r.clans == [a, b]).collect();
            let w = games.iter().filter(|r| r.winner == Some(0)).count();
            let cell = if games.is_empty() {
                "-".into()
            } else {
                format!(
                    "{:.0}% {w}/{}",
                    100.0 * w as f64 / games.len() as f64,
                    games.len()
                )
            };
            let _ = write!(out, " {cell:>11}");
        }
        let _ = writeln!(out);
    }

    if cfg.clans.len() > 1 {
        let m = clan_matrix(records, rules.pack.clans.len());
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "clan vs clan (both bots; row clan's win rate; mirror matches left out)"
        );
        let _ = write!(out, "{:<8}", "");
        for &b in &cfg.clans {
            let _ = write!(out, " {:>11}", clan(b));
        }
        let _ = writeln!(out, " {:>24}", "overall");
        let mut outside = Vec::new();
        for &a in &cfg.clans {
            let _ = write!(out, "{:<8}", clan(a));
            let (mut tw, mut tn) = (0, 0);
            for &b in &cfg.clans {
                let (w, g) = m[a as usize][b as usize];
                tw += w;
                tn += g;
                let cell = if a == b || g == 0 {
                    "-".into()
                } else {
                    format!("{:.0}% {w}/{g}", 100.0 * w as f64 / g as f64)
                };
                let _ = write!(out, " {cell:>11}");
                if a < b && g > 0 {
                    let p = w as f64 / g as f64;
                    if !(0.4..=0.6).contains(&p) {
                        outside.push((a, b, w, g));
                    }
                }
            }
            let _ = writeln!(out, " {:>24}", rate(tw, tn));
        }
        let _ = writeln!(out);
        if names[0] != names[1] {
            let _ = writeln!(
                out,
                "(the bots differ, so this matrix mixes clan balance with bot strength; \
                 balance is measured with one bot against itself)"
            );
        } else if outside.is_empty() {
            let _ = writeln!(out, "every matchup is within 40%-60%");
        } else {
            let _ = writeln!(out, "matchups outside 40%-60%:");
            for (a, b, w, g) in outside {
                let _ = writeln!(out, "  {} vs {}: {}", clan(a), clan(b), rate(w, g));
            }
        }
    }
    out
}

/// One line per game, in the games' order: its index (the same deal in every run of a
/// seed), the clans and seat of bot A, who played first and who won (`A`, `B`, or empty
/// for none), the turns and the answers given.
pub fn results_csv(rules: &Rules, records: &[GameRecord]) -> String {
    let mut out = String::from(RESULTS_HEADER);
    for r in records {
        out.push_str(&result_line(rules, r));
    }
    out
}

/// The first line of [`results_csv`].
pub const RESULTS_HEADER: &str = "game,a_clan,b_clan,a_seat,first,winner,turns,answers\n";

/// One game's line of [`results_csv`].
pub fn result_line(rules: &Rules, r: &GameRecord) -> String {
    let side = |s: Option<usize>| match s {
        Some(0) => "A",
        Some(_) => "B",
        None => "",
    };
    let clan = |c: u8| rules.pack.clans[c as usize].id.as_str();
    format!(
        "{},{},{},{},{},{},{},{}\n",
        r.index,
        clan(r.clans[0]),
        clan(r.clans[1]),
        r.a_seat + 1,
        side(r.first),
        side(r.winner),
        r.turns,
        r.inputs
    )
}

/// The command line's arguments (see `crystal-clans-tools tournament --help`).
#[derive(Debug, Clone)]
pub struct Args {
    pub bots: String,
    pub games: u64,
    pub seed: u64,
    pub clans: Option<String>,
    pub level: String,
    pub threads: Option<usize>,
    pub mulligan: bool,
    pub time_limits: bool,
    pub no_mirrors: bool,
    pub focus: Option<String>,
    /// A pack file to play instead of the embedded base pack (to try a balance change
    /// without rebuilding).
    pub pack: Option<std::path::PathBuf>,
    /// See [`Config::bot_seed`].
    pub bot_seed: u64,
    /// Where to write one CSV line per game ([`results_csv`]), to compare two runs
    /// game by game.
    pub results: Option<std::path::PathBuf>,
    /// The first game to play (see [`Config::from`]).
    pub from: u64,
}

/// The pack file of `--pack`. The reading is here because the engine does no IO: it
/// only parses the text it is given.
fn load_pack(path: &std::path::Path) -> Result<Pack, PackError> {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Pack::parse(&file, &text),
        Err(e) => Err(PackError {
            file,
            line: None,
            item: None,
            field: None,
            message: format!("cannot read the file: {e}"),
        }),
    }
}

/// A tournament the arguments asked for, ready to play ([`Args::plan`]).
#[derive(Debug, Clone)]
pub struct Plan {
    /// The rules: the base pack, or the pack file of `--pack`.
    pub rules: Rules,
    pub config: Config,
    /// Where to write the results, one CSV line per game ([`results_csv`]).
    pub results: Option<std::path::PathBuf>,
}

impl Args {
    /// Checks the arguments (bots, level, clans, focus) and reads the pack file. `Err`:
    /// why they are refused, in a sentence.
    pub fn plan(self) -> Result<Plan, String> {
        let Args {
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
        } = self;
        if from >= games {
            return Err(format!(
                "--from {from} leaves no game to play of --games {games}"
            ));
        }
        let rules = match pack.as_deref().map(load_pack) {
            None => Rules::base(),
            Some(Ok(pack)) => Rules {
                pack,
                ..Rules::base()
            },
            Some(Err(e)) => return Err(e.to_string()),
        };
        let Some(level) = super::Level::parse(&level) else {
            return Err(format!(
                "unknown level `{level}`: use beginner, easy, normal, hard or fast"
            ));
        };
        let specs = parse_bots(&bots, level)?;
        let specs = if time_limits {
            specs
        } else {
            specs.map(|b| b.without_time_limit())
        };
        let clans: Vec<u8> = match clans.as_deref() {
            None => (0..rules.pack.clans.len() as u8).collect(),
            Some(list) => {
                let mut out = Vec::new();
                for c in list.split(',') {
                    match rules.pack.clan_index(c.trim()) {
                        Some(i) => out.push(i),
                        None => return Err(format!("unknown clan `{c}`")),
                    }
                }
                out
            }
        };
        let focus = match focus
            .as_deref()
            .map(|f| (f, rules.pack.clan_index(f.trim())))
        {
            None => None,
            Some((_, Some(i))) if clans.contains(&i) => Some(i),
            Some((f, _)) => return Err(format!("--focus `{f}` is not one of the clans played")),
        };
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        let config = Config {
            bots: specs,
            games,
            from,
            seed,
            clans,
            mirrors: !no_mirrors,
            focus,
            threads,
            mulligan,
            bot_seed,
        };
        if config.pairings().is_empty() {
            return Err(
                "no clan pairings to play: name two clans or allow mirror matches".to_string(),
            );
        }
        Ok(Plan {
            rules,
            config,
            results,
        })
    }
}

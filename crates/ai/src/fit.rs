//! Fitting the learned evaluation ([`eval::Model`]) to played games
//! (`crystal-clans-tools fit-eval`).
//!
//! Games between two bots are played on every ordered clan pairing, seats alternating.
//! At each action choice the position's [`eval::features`] are recorded for seat 0,
//! labelled with whether seat 0 went on to win; a logistic regression (Newton's method
//! with a small ridge) gives the weights. Every fifth game is held out to report how
//! well the fit predicts games it did not see, beside the hand-set evaluation.
//!
//! The positions are the true states, not a player's view: the model scores the
//! states the search samples, which are as complete.

use super::tournament::{self, Config, Dealt};
use super::{BotSpec, Level, eval};
use crate::game::state::Step;
use crate::game::{Rules, State};

const F: usize = eval::FEATURES.len();

/// One recorded position: seat 0's features, whether seat 0 won, and the hand-set
/// evaluation's chance for seat 0 (for comparison).
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub features: eval::Features,
    pub won: bool,
    pub hand: f32,
}

/// Plays `games` games between `bots` as a tournament of every ordered pairing of
/// `clans` would (the same deals, seats and bots) and returns each game's samples, by
/// game index (none for a game without a winner).
pub fn collect(
    rules: &Rules,
    bots: &[BotSpec; 2],
    clans: &[u8],
    games: u64,
    seed: u64,
    threads: usize,
) -> Vec<Vec<Sample>> {
    let cfg = Config {
        bots: bots.clone(),
        games,
        seed,
        clans: clans.to_vec(),
        mirrors: true,
        focus: None,
        threads,
        mulligan: false,
    };
    let pairings = cfg.pairings();
    if pairings.is_empty() {
        return vec![Vec::new(); games as usize];
    }
    tournament::each_game(&cfg, |g| {
        let mut dealt = Dealt::new(&cfg, &pairings, g);
        let mut samples = Vec::new();
        let mut record = |state: &State| {
            if matches!(state.agenda.last(), Some(Step::ChooseAction)) {
                samples.push(Sample {
                    features: eval::features(rules, state, 0),
                    won: false,
                    hand: eval::value(rules, state, 0),
                });
            }
        };
        let played = tournament::play_observed(rules, dealt.setup, &mut dealt.bots, &mut record);
        match played.map(|(state, _, _)| state.winner) {
            Ok(Some(w)) => {
                for s in &mut samples {
                    s.won = w == 0;
                }
                samples
            }
            _ => Vec::new(),
        }
    })
}

/// The chance to win that weights `w` give a position with `features`.
pub fn chance(w: &[f64; F], features: &eval::Features) -> f64 {
    let z: f64 = w.iter().zip(features).map(|(a, b)| a * f64::from(*b)).sum();
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression of `won` on `features` with ridge `lambda` (per sample).
pub fn fit(samples: &[Sample], lambda: f64) -> [f64; F] {
    let mut w = [0f64; F];
    let n = samples.len().max(1) as f64;
    for _ in 0..25 {
        let mut grad = [0f64; F];
        let mut hess = [[0f64; F]; F];
        for s in samples {
            let x = s.features.map(f64::from);
            let p = chance(&w, &s.features);
            let y = if s.won { 1.0 } else { 0.0 };
            let d = p * (1.0 - p);
            for i in 0..F {
                grad[i] += (p - y) * x[i];
                for j in 0..F {
                    hess[i][j] += d * x[i] * x[j];
                }
            }
        }
        for i in 0..F {
            grad[i] += lambda * n * w[i];
            hess[i][i] += lambda * n;
        }
        let step = solve(hess, grad);
        let mut change = 0.0f64;
        for i in 0..F {
            w[i] -= step[i];
            change = change.max(step[i].abs());
        }
        if change < 1e-7 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`a` is positive
/// definite here, thanks to the ridge).
fn solve(mut a: [[f64; F]; F], mut b: [f64; F]) -> [f64; F] {
    for c in 0..F {
        let p = (c..F)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot = a[c];
        for r in c + 1..F {
            let f = a[r][c] / d;
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0f64; F];
    for c in (0..F).rev() {
        let s: f64 = (c + 1..F).map(|k| a[c][k] * x[k]).sum();
        x[c] = if a[c][c].abs() < 1e-12 {
            0.0
        } else {
            (b[c] - s) / a[c][c]
        };
    }
    x
}

/// Mean log loss and accuracy of the chances `p` gives against the outcomes.
pub fn score(samples: &[Sample], p: impl Fn(&Sample) -> f64) -> (f64, f64) {
    let mut loss = 0.0;
    let mut right = 0usize;
    for s in samples {
        let q = p(s).clamp(1e-6, 1.0 - 1e-6);
        loss -= if s.won { q.ln() } else { (1.0 - q).ln() };
        right += usize::from((q > 0.5) == s.won);
    }
    let n = samples.len().max(1) as f64;
    (loss / n, right as f64 / n)
}

/// The weights as a Rust array, one feature a line.
pub fn format_weights(w: &[f64; F]) -> String {
    let mut s = String::from("[\n");
    for (x, name) in w.iter().zip(eval::FEATURES) {
        s.push_str(&format!("    {x:.4}, // {name}\n"));
    }
    s.push(']');
    s
}

/// `crystal-clans-tools fit-eval`: plays the games, fits on four games in five and
/// prints the weights with the held-out log loss and accuracy of both evaluations.
pub fn cli(bots: &str, games: u64, seed: u64, lambda: f64, threads: Option<usize>) -> i32 {
    let rules = Rules::base();
    let specs = match tournament::parse_bots(bots, Level::Fast) {
        Ok(s) => s.map(|b| b.without_time_limit()),
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let clans: Vec<u8> = (0..rules.pack.clans.len() as u8).collect();
    let threads = tournament::threads_or_all(threads);
    let t = std::time::Instant::now();
    let by_game = collect(&rules, &specs, &clans, games, seed, threads);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (g, s) in by_game.into_iter().enumerate() {
        if g % 5 == 4 {
            test.extend(s);
        } else {
            train.extend(s);
        }
    }
    let w = fit(&train, lambda);
    let (ll, acc) = score(&test, |s| chance(&w, &s.features));
    let (hll, hacc) = score(&test, |s| f64::from(s.hand));
    println!(
        "{games} games of {bots}, seed {seed}: {} positions to fit, {} held out ({:.1} s)",
        train.len(),
        test.len(),
        t.elapsed().as_secs_f64()
    );
    println!(
        "held out: learned log loss {ll:.4}, accuracy {:.1}%",
        100.0 * acc
    );
    println!(
        "held out: hand-set log loss {hll:.4}, accuracy {:.1}%",
        100.0 * hacc
    );
    println!("{}", format_weights(&w));
    0
}

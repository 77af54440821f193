//! The ladder: Elo ratings of the bots fitted to a round robin's results.
//!
//! The AI's fixed ratings (`crystal_clans_store::glicko::ai`) come from this fit, so
//! that a player's rating moves by what beating a level is actually worth. The model
//! is Bradley-Terry on the Elo scale: `P(a beats b) = 1 / (1 + 10^((r_b - r_a) / 400))`,
//! fitted by maximum likelihood to every game at once (Hunter's MM iteration), so a
//! pair that was not played, or played less, is still placed through the others.
//! Ratings are only defined up to a shift; `anchor` fixes one bot's rating.
//! Unfinished games are left out. A bot that never won (or never lost) has no finite
//! maximum-likelihood rating: [`finite`] sets such bots aside first (`random`, which
//! never beat any level, is below the whole ladder by more than games can measure).
//!
//! `crystal-clans-tools ladder FILE` runs it on a file of results (docs/balance.md,
//! "The ladder").

/// The games of one pairing: `a` won `a_wins`, `b` won `b_wins`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub a: String,
    pub b: String,
    pub a_wins: u64,
    pub b_wins: u64,
}

/// Reads pairings from CSV lines `a,b,a_wins,b_wins` (a header line and lines starting
/// with `#` are skipped).
pub fn parse(text: &str) -> Result<Vec<Pairing>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || (n == 0 && line.starts_with("a,")) {
            continue;
        }
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let num = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("line {}: `{s}` is not a count of games", n + 1))
        };
        match f.as_slice() {
            [a, b, aw, bw] => out.push(Pairing {
                a: a.to_string(),
                b: b.to_string(),
                a_wins: num(aw)?,
                b_wins: num(bw)?,
            }),
            _ => return Err(format!("line {}: expected a,b,a_wins,b_wins", n + 1)),
        }
    }
    Ok(out)
}

/// Splits `pairings` into those of bots with a finite rating and the names of the bots
/// set aside because they won every game or none (among the games left: setting one
/// aside can leave another with only wins or losses, so it repeats).
pub fn finite(pairings: &[Pairing]) -> (Vec<Pairing>, Vec<String>) {
    let mut kept = pairings.to_vec();
    let mut aside = Vec::new();
    loop {
        let mut record: Vec<(&str, u64, u64)> = Vec::new();
        for p in &kept {
            for (name, won, lost) in [(&p.a, p.a_wins, p.b_wins), (&p.b, p.b_wins, p.a_wins)] {
                match record.iter_mut().find(|r| r.0 == name) {
                    Some(r) => {
                        r.1 += won;
                        r.2 += lost;
                    }
                    None => record.push((name, won, lost)),
                }
            }
        }
        let Some(out) = record
            .iter()
            .find(|r| r.1 == 0 || r.2 == 0)
            .map(|r| r.0.to_string())
        else {
            return (kept, aside);
        };
        kept.retain(|p| p.a != out && p.b != out);
        aside.push(out);
    }
}

/// The maximum-likelihood Elo ratings of every bot named in `pairings`, with
/// `anchor.0` at `anchor.1`; in the order the bots first appear.
pub fn fit(pairings: &[Pairing], anchor: (&str, f64)) -> Result<Vec<(String, f64)>, String> {
    let mut names: Vec<String> = Vec::new();
    let mut id = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let games: Vec<(usize, usize, f64, f64)> = pairings
        .iter()
        .map(|p| (id(&p.a), id(&p.b), p.a_wins as f64, p.b_wins as f64))
        .collect();
    let k = names.len();
    let Some(anchored) = names.iter().position(|n| n == anchor.0) else {
        return Err(format!("the anchor `{}` played no game", anchor.0));
    };
    let mut wins = vec![0.0; k];
    let mut played = vec![0.0; k];
    for &(a, b, aw, bw) in &games {
        wins[a] += aw;
        wins[b] += bw;
        played[a] += aw + bw;
        played[b] += aw + bw;
    }
    for i in 0..k {
        if wins[i] == 0.0 || wins[i] == played[i] {
            return Err(format!(
                "`{}` won {} of {} games: no finite rating",
                names[i], wins[i], played[i]
            ));
        }
    }
    // Strengths gamma = 10^(r / 400); MM update gamma_i = W_i / sum_j n_ij / (gamma_i + gamma_j).
    let mut gamma = vec![1.0f64; k];
    for _ in 0..100_000 {
        let mut next = vec![0.0; k];
        let mut denom = vec![0.0; k];
        for &(a, b, aw, bw) in &games {
            let n = aw + bw;
            let d = n / (gamma[a] + gamma[b]);
            denom[a] += d;
            denom[b] += d;
        }
        for i in 0..k {
            next[i] = wins[i] / denom[i];
        }
        let scale = next[anchored];
        let mut change = 0.0f64;
        for i in 0..k {
            next[i] /= scale;
            change = change.max((next[i].ln() - gamma[i].ln()).abs());
        }
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    Ok(names
        .into_iter()
        .zip(gamma)
        .map(|(n, g)| (n, anchor.1 + 400.0 * g.log10()))
        .collect())
}

/// The chance that a bot rated `a` beats one rated `b` on the Elo scale.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &str, b: &str, a_wins: u64, b_wins: u64) -> Pairing {
        Pairing {
            a: a.into(),
            b: b.into(),
            a_wins,
            b_wins,
        }
    }

    /// Two bots: the fit is the logit of the win rate. 3 wins in 4 is 400 * log10(3),
    /// 190.85 points.
    #[test]
    fn two_bots_are_apart_by_the_logit_of_their_win_rate() {
        let r = fit(&[p("x", "y", 75, 25)], ("y", 1500.0)).unwrap();
        assert_eq!(r[1], ("y".to_string(), 1500.0));
        assert!(
            (r[0].1 - 1500.0 - 400.0 * 3f64.log10()).abs() < 1e-6,
            "{r:?}"
        );
    }

    /// A known example: three bots whose games follow strengths 4 : 2 : 1 exactly
    /// (a beats b 2 in 3, b beats c 2 in 3, a beats c 4 in 5). The likelihood's
    /// optimum is those strengths, 400 * log10(2) = 120.41 points a step.
    #[test]
    fn a_consistent_round_robin_gives_back_its_strengths() {
        let games = [
            p("a", "b", 60, 30),
            p("b", "c", 60, 30),
            p("a", "c", 80, 20),
        ];
        let r = fit(&games, ("b", 1550.0)).unwrap();
        let step = 400.0 * 2f64.log10();
        let want = [("a", 1550.0 + step), ("b", 1550.0), ("c", 1550.0 - step)];
        for ((name, got), (wname, w)) in r.iter().zip(want) {
            assert_eq!(name, wname);
            assert!((got - w).abs() < 1e-6, "{r:?}");
        }
        // The fitted ratings predict each pair's rate.
        assert!((expected(r[0].1, r[2].1) - 0.8).abs() < 1e-9);
    }

    /// A bot placed only through a third: c never met a, yet lands below it.
    #[test]
    fn an_unplayed_pair_is_placed_through_the_others() {
        let games = [p("a", "b", 50, 50), p("b", "c", 90, 10)];
        let r = fit(&games, ("a", 1000.0)).unwrap();
        assert!((r[1].1 - 1000.0).abs() < 1e-6);
        assert!(
            (r[2].1 - (1000.0 - 400.0 * 9f64.log10())).abs() < 1e-6,
            "{r:?}"
        );
    }

    #[test]
    fn a_bot_that_never_won_or_an_absent_anchor_is_refused() {
        assert!(fit(&[p("a", "b", 10, 0)], ("a", 0.0)).is_err());
        assert!(fit(&[p("a", "b", 5, 5)], ("z", 0.0)).is_err());
    }

    #[test]
    fn bots_without_a_finite_rating_are_set_aside() {
        let games = [
            p("beginner", "random", 144, 0),
            p("greedy", "random", 144, 0),
            p("greedy", "beginner", 110, 34),
        ];
        let (kept, aside) = finite(&games);
        assert_eq!(aside, ["random"]);
        assert_eq!(kept, [games[2].clone()]);
        // Without random, a bot that won only against random goes too.
        let games = [p("a", "random", 5, 0), p("a", "b", 0, 3), p("b", "c", 1, 1)];
        let (kept, aside) = finite(&games);
        assert_eq!(aside, ["random", "a"]);
        assert_eq!(kept, [games[2].clone()]);
    }

    #[test]
    fn results_parse_from_csv() {
        let text = "a,b,a_wins,b_wins\n# seed 1\nbeginner, random, 140, 4\n\n";
        assert_eq!(parse(text).unwrap(), vec![p("beginner", "random", 140, 4)]);
        assert!(parse("x,y,1\n").is_err());
        assert!(parse("x,y,1,many\n").is_err());
    }
}

//! The league table (pure): points, the tie-break, games and clans per player.
//!
//! A win is 1 point, a loss 0; a match nobody won (both players timed out, or it was
//! abandoned) is 0 for both. A Swiss bye scores a win (1 point), as is usual, since
//! someone had to sit out and it was not their doing; a round robin's bye scores
//! nothing, as every player sits out exactly once. A game against a player who left
//! the league before it started is won by forfeit by the other.
//!
//! Tie-breaks: Sonneborn-Berger for a round robin (the points of every opponent
//! beaten: beating the strong counts more), Buchholz for Swiss (the points of every
//! opponent met: a harder draw counts more). Byes add nothing to either. Equal points
//! and tie-break share a rank.

use super::pairing::Player;
use std::collections::HashMap;

/// The league's format, which decides the tie-break and what a bye is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    RoundRobin,
    Swiss { rounds: u32 },
}

/// One board's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Not decided yet (a match still played).
    Pending,
    /// Seat 0 or 1 won.
    Won(u8),
    /// Nobody won.
    Nobody,
}

/// One board of a round as the table reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub seats: [Player; 2],
    pub outcome: Outcome,
    /// Each seat's clan, once the match started (a forfeit has none).
    pub clans: [Option<u8>; 2],
}

/// One round as the table reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundResult {
    pub games: Vec<Game>,
    pub bye: Option<Player>,
}

/// A row of the table, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// 1-based; equal points and tie-break share a rank.
    pub rank: u32,
    pub player: Player,
    pub points: f64,
    pub tie_break: f64,
    /// Games decided (byes excluded).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Clans played, in first-played order, each once.
    pub clans: Vec<u8>,
    pub had_bye: bool,
    /// Opponents met, in round order (the Swiss pairing's history).
    pub opponents: Vec<Player>,
    /// Games in which the player moved first.
    pub firsts: u32,
}

/// The table of `players` (join order, which also breaks full ties) after `rounds`.
pub fn table(format: Format, players: &[Player], rounds: &[RoundResult]) -> Vec<Row> {
    let mut rows: Vec<Row> = players
        .iter()
        .map(|&player| Row {
            rank: 0,
            player,
            points: 0.0,
            tie_break: 0.0,
            games: 0,
            wins: 0,
            clans: Vec::new(),
            had_bye: false,
            opponents: Vec::new(),
            firsts: 0,
        })
        .collect();
    let at: HashMap<Player, usize> = players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    // Who beat whom, for Sonneborn-Berger.
    let mut beaten: Vec<Vec<usize>> = vec![Vec::new(); players.len()];
    for round in rounds {
        if let Some(i) = round.bye.and_then(|b| at.get(&b).copied()) {
            rows[i].had_bye = true;
            if matches!(format, Format::Swiss { .. }) {
                rows[i].points += 1.0;
            }
        }
        for g in &round.games {
            let (Some(&a), Some(&b)) = (at.get(&g.seats[0]), at.get(&g.seats[1])) else {
                continue;
            };
            for (me, them, seat) in [(a, b, 0usize), (b, a, 1)] {
                rows[me].opponents.push(players[them]);
                if seat == 0 {
                    rows[me].firsts += 1;
                }
                if let Some(c) = g.clans[seat].filter(|c| !rows[me].clans.contains(c)) {
                    rows[me].clans.push(c);
                }
            }
            match g.outcome {
                Outcome::Pending => continue,
                Outcome::Won(w) => {
                    let (winner, loser) = if w == 0 { (a, b) } else { (b, a) };
                    rows[winner].points += 1.0;
                    rows[winner].wins += 1;
                    beaten[winner].push(loser);
                }
                Outcome::Nobody => {}
            }
            rows[a].games += 1;
            rows[b].games += 1;
        }
    }
    let points: Vec<f64> = rows.iter().map(|r| r.points).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.tie_break = match format {
            // A fold from +0.0: `sum` of no f64 is -0.0, which prints as "-0".
            Format::RoundRobin => beaten[i].iter().fold(0.0, |s, &j| s + points[j]),
            Format::Swiss { .. } => row.opponents.iter().fold(0.0, |s, p| s + points[at[p]]),
        };
    }
    // A stable sort keeps join order among full ties.
    rows.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(y.tie_break.total_cmp(&x.tie_break))
    });
    for i in 0..rows.len() {
        rows[i].rank = if i > 0
            && rows[i].points == rows[i - 1].points
            && rows[i].tie_break == rows[i - 1].tie_break
        {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(a: Player, b: Player, winner: Player) -> Game {
        Game {
            seats: [a, b],
            outcome: Outcome::Won(if winner == a { 0 } else { 1 }),
            clans: [Some(0), Some(1)],
        }
    }

    #[test]
    fn sonneborn_berger_breaks_a_round_robin_tie() {
        // 1 beats 2 and 3; 2 beats 3 and 4; 3 beats 4; 4 beats 1.
        // Points: 1: 2, 2: 2, 3: 1, 4: 1.
        // SB: 1 beat 2 (2) and 3 (1) = 3; 2 beat 3 (1) and 4 (1) = 2;
        //     3 beat 4 (1) = 1; 4 beat 1 (2) = 2.
        let rounds = vec![
            RoundResult {
                games: vec![won(1, 2, 1), won(3, 4, 3)],
                bye: None,
            },
            RoundResult {
                games: vec![won(1, 3, 1), won(2, 4, 2)],
                bye: None,
            },
            RoundResult {
                games: vec![won(4, 1, 4), won(2, 3, 2)],
                bye: None,
            },
        ];
        let t = table(Format::RoundRobin, &[1, 2, 3, 4], &rounds);
        let got: Vec<(u32, Player, f64, f64)> = t
            .iter()
            .map(|r| (r.rank, r.player, r.points, r.tie_break))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 1, 2.0, 3.0),
                (2, 2, 2.0, 2.0),
                (3, 4, 1.0, 2.0),
                (4, 3, 1.0, 1.0)
            ]
        );
        assert!(t.iter().all(|r| r.games == 3));
        assert_eq!(t[0].clans, vec![0, 1], "clans each once, in order");
    }

    #[test]
    fn buchholz_breaks_a_swiss_tie_and_a_bye_scores_a_win() {
        // Round 1: 1 beats 2, 3 beats 4, 5 has the bye.
        // Round 2: 1 beats 3, 5 beats 2, 4 has the bye.
        // Points: 1: 2, 5: 2, 3: 1, 4: 1, 2: 0.
        // Buchholz: 1 met 2 (0) and 3 (1) = 1; 5 met 2 (0) = 0; 3 met 4 (1), 1 (2) = 3;
        //           4 met 3 (1) = 1; 2 met 1 (2), 5 (2) = 4.
        let f = Format::Swiss { rounds: 2 };
        let rounds = vec![
            RoundResult {
                games: vec![won(1, 2, 1), won(3, 4, 3)],
                bye: Some(5),
            },
            RoundResult {
                games: vec![won(1, 3, 1), won(5, 2, 5)],
                bye: Some(4),
            },
        ];
        let t = table(f, &[1, 2, 3, 4, 5], &rounds);
        let got: Vec<(u32, Player, f64, f64, u32)> = t
            .iter()
            .map(|r| (r.rank, r.player, r.points, r.tie_break, r.games))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 1, 2.0, 1.0, 2),
                (2, 5, 2.0, 0.0, 1),
                (3, 3, 1.0, 3.0, 2),
                (4, 4, 1.0, 1.0, 1),
                (5, 2, 0.0, 4.0, 2),
            ]
        );
        assert!(t.iter().find(|r| r.player == 5).unwrap().had_bye);
    }

    #[test]
    fn a_round_robin_bye_scores_nothing_and_nobody_winning_scores_nothing() {
        let rounds = vec![RoundResult {
            games: vec![Game {
                seats: [1, 2],
                outcome: Outcome::Nobody,
                clans: [None, None],
            }],
            bye: Some(3),
        }];
        let t = table(Format::RoundRobin, &[1, 2, 3], &rounds);
        assert!(t.iter().all(|r| r.points == 0.0 && r.rank == 1), "{t:?}");
        assert_eq!(t.iter().map(|r| r.games).collect::<Vec<_>>(), vec![1, 1, 0]);
    }

    #[test]
    fn pending_games_count_for_pairing_history_but_not_for_points() {
        let rounds = vec![RoundResult {
            games: vec![Game {
                seats: [1, 2],
                outcome: Outcome::Pending,
                clans: [Some(2), Some(2)],
            }],
            bye: None,
        }];
        let t = table(Format::Swiss { rounds: 3 }, &[1, 2], &rounds);
        assert!(t.iter().all(|r| r.games == 0 && r.points == 0.0));
        assert_eq!(t[0].opponents, vec![2]);
        assert_eq!(t.iter().map(|r| r.firsts).sum::<u32>(), 1);
    }
}

//! Who plays whom in a league round (pure: no IO, no clock, no randomness).
//!
//! Round robin by the circle method: every player meets every other once; with an odd
//! count a phantom joins and whoever meets it sits the round out. Swiss: players are
//! ranked by points and tie-break and paired top down, each with the nearest player
//! below not met before, backtracking when the players left cannot all be paired
//! without a rematch; an odd count gives a bye to the lowest-ranked player who has
//! not had one.

use std::collections::HashSet;

/// A player of a league (a Discord user id).
pub type Player = u64;

/// One board of a round: `seats[0]` moves first. `None` in the second seat: a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub seats: [Player; 2],
}

/// A round's boards and who sits it out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<Player>,
}

/// Every round of a round robin of `players` (in join order): `players.len() - 1`
/// rounds for an even count, `players.len()` for an odd one (each player sits out
/// once). Seats alternate so that each player moves first about half the time.
pub fn round_robin(players: &[Player]) -> Vec<Round> {
    let mut slots: Vec<Option<Player>> = players.iter().copied().map(Some).collect();
    if slots.len() % 2 == 1 {
        slots.push(None);
    }
    let n = slots.len();
    if n < 2 {
        return Vec::new();
    }
    let mut rounds = Vec::with_capacity(n - 1);
    for r in 0..n - 1 {
        let mut round = Round::default();
        for i in 0..n / 2 {
            let (a, b) = (slots[i], slots[n - 1 - i]);
            // The fixed player's seat flips every round, the others' every other
            // board, so nobody always moves first.
            let swap = if i == 0 { r % 2 == 1 } else { i % 2 == 1 };
            match (a, b) {
                (Some(a), Some(b)) => round.games.push(Pairing {
                    seats: if swap { [b, a] } else { [a, b] },
                }),
                (Some(p), None) | (None, Some(p)) => round.bye = Some(p),
                (None, None) => {}
            }
        }
        rounds.push(round);
        // The circle: the first stays, the others turn one place.
        let last = slots.pop().expect("at least two slots");
        slots.insert(1, last);
    }
    rounds
}

/// What the Swiss pairing knows of a player: where they stand and their history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: Player,
    /// Ranked best first by the caller (points, tie-break, join order).
    pub opponents: Vec<Player>,
    pub had_bye: bool,
    /// Games in which the player moved first (seat 0).
    pub firsts: u32,
    pub games: u32,
}

/// How many pairing steps the backtracking may take before it gives up avoiding
/// rematches: the players left may have all met (more rounds than opponents), and a
/// search over every matching is exponential.
const SEARCH_STEPS: u32 = 200_000;

/// The next Swiss round for `ranked` (best first; players who left are not in it).
/// Rematches are avoided whenever some pairing of the field avoids them; only when
/// none does are they allowed.
pub fn swiss(ranked: &[Standing]) -> Round {
    let order: Vec<usize> = (0..ranked.len()).collect();
    // The bye goes to the lowest-ranked player without one (everybody had one: the
    // lowest-ranked), the next one up if the rest cannot then be paired.
    let bye_candidates: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        let mut c: Vec<usize> = order
            .iter()
            .rev()
            .copied()
            .filter(|&i| !ranked[i].had_bye)
            .collect();
        c.extend(order.iter().rev().copied().filter(|&i| ranked[i].had_bye));
        c.into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    for avoid_rematches in [true, false] {
        for &bye in &bye_candidates {
            let rest: Vec<usize> = order.iter().copied().filter(|&i| Some(i) != bye).collect();
            let mut steps = 0;
            let mut out = Vec::new();
            if pair(ranked, &rest, avoid_rematches, &mut out, &mut steps) {
                return Round {
                    games: out
                        .into_iter()
                        .map(|(a, b)| seat(&ranked[a], &ranked[b]))
                        .collect(),
                    bye: bye.map(|i| ranked[i].player),
                };
            }
        }
    }
    // Without the rematch rule the first try at every level succeeds, so this is not
    // reached; pairing in rank order is what that search would have found.
    let bye = bye_candidates[0];
    let rest: Vec<usize> = order.into_iter().filter(|&i| Some(i) != bye).collect();
    Round {
        games: rest
            .chunks(2)
            .filter_map(|c| match c {
                [a, b] => Some(seat(&ranked[*a], &ranked[*b])),
                _ => None,
            })
            .collect(),
        bye: bye.map(|i| ranked[i].player),
    }
}

/// Pairs `left` (ranked order) top down, each with the nearest allowed player below.
fn pair(
    ranked: &[Standing],
    left: &[usize],
    avoid_rematches: bool,
    out: &mut Vec<(usize, usize)>,
    steps: &mut u32,
) -> bool {
    let Some((&top, others)) = left.split_first() else {
        return true;
    };
    for (k, &other) in others.iter().enumerate() {
        *steps += 1;
        if *steps > SEARCH_STEPS {
            return false;
        }
        if avoid_rematches && ranked[top].opponents.contains(&ranked[other].player) {
            continue;
        }
        let rest: Vec<usize> = others
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &i)| i)
            .collect();
        out.push((top, other));
        if pair(ranked, &rest, avoid_rematches, out, steps) {
            return true;
        }
        out.pop();
    }
    false
}

/// Who moves first: the one who has moved first less often (as a share of their
/// games), the higher-ranked on a tie.
fn seat(a: &Standing, b: &Standing) -> Pairing {
    let share = |s: &Standing| {
        (u64::from(s.firsts) * 1000)
            .checked_div(u64::from(s.games))
            .unwrap_or(500)
    };
    if share(b) < share(a) {
        Pairing {
            seats: [b.player, a.player],
        }
    } else {
        Pairing {
            seats: [a.player, b.player],
        }
    }
}

/// Whether any two of `rounds` repeat a pairing (in either seat order).
pub fn has_rematch(rounds: &[Round]) -> bool {
    let mut seen = HashSet::new();
    rounds.iter().flat_map(|r| &r.games).any(|g| {
        let key = (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1]));
        !seen.insert(key)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn everyone_once(players: &[Player], rounds: &[Round]) {
        let mut met = HashSet::new();
        for r in rounds {
            let mut seen = HashSet::new();
            for g in &r.games {
                assert!(
                    seen.insert(g.seats[0]) && seen.insert(g.seats[1]),
                    "twice in a round"
                );
                met.insert((g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1])));
            }
            if let Some(b) = r.bye {
                assert!(seen.insert(b));
            }
            assert_eq!(seen.len(), players.len(), "everyone plays or sits out");
        }
        let n = players.len();
        assert_eq!(met.len(), n * (n - 1) / 2, "every pair meets");
        assert!(!has_rematch(rounds));
    }

    #[test]
    fn round_robin_of_four_meets_everyone_once_in_three_rounds() {
        let players = [1, 2, 3, 4];
        let rounds = round_robin(&players);
        assert_eq!(rounds.len(), 3);
        assert!(rounds.iter().all(|r| r.games.len() == 2 && r.bye.is_none()));
        everyone_once(&players, &rounds);
        // Seats are shared: nobody moves first in all three games.
        for p in players {
            let firsts = rounds
                .iter()
                .flat_map(|r| &r.games)
                .filter(|g| g.seats[0] == p)
                .count();
            assert!((1..=2).contains(&firsts), "player {p} first {firsts} times");
        }
    }

    #[test]
    fn round_robin_of_five_gives_each_player_one_bye() {
        let players = [10, 20, 30, 40, 50];
        let rounds = round_robin(&players);
        assert_eq!(rounds.len(), 5);
        everyone_once(&players, &rounds);
        let mut byes: Vec<Player> = rounds.iter().filter_map(|r| r.bye).collect();
        byes.sort();
        assert_eq!(byes, players);
    }

    #[test]
    fn round_robin_of_fewer_than_two_has_no_round() {
        assert!(round_robin(&[]).is_empty());
        assert!(round_robin(&[7]).iter().all(|r| r.games.is_empty()));
    }

    fn standing(player: Player, opponents: &[Player], had_bye: bool) -> Standing {
        Standing {
            player,
            opponents: opponents.to_vec(),
            had_bye,
            firsts: 0,
            games: opponents.len() as u32,
        }
    }

    #[test]
    fn swiss_pairs_top_down_and_gives_the_bye_to_the_last() {
        let ranked: Vec<Standing> = (1..=5).map(|p| standing(p, &[], false)).collect();
        let r = swiss(&ranked);
        assert_eq!(r.bye, Some(5));
        let pairs: Vec<[Player; 2]> = r.games.iter().map(|g| g.seats).collect();
        assert_eq!(pairs, vec![[1, 2], [3, 4]]);
    }

    #[test]
    fn swiss_bye_skips_a_player_who_had_one() {
        let ranked = vec![
            standing(1, &[2], false),
            standing(2, &[1], false),
            standing(3, &[4], false),
            standing(4, &[3], false),
            standing(5, &[], true),
        ];
        let r = swiss(&ranked);
        assert_eq!(r.bye, Some(4), "the lowest-ranked without a bye");
        assert!(!r.games.iter().any(|g| g.seats.contains(&4)));
    }

    #[test]
    fn swiss_avoids_a_rematch_by_backtracking() {
        // Top down, 1-2 is a rematch so 1-3; then 2-4 is a rematch and 2 has no one
        // left: the search must back up to 1-4, 2-3.
        let ranked = vec![
            standing(1, &[2], false),
            standing(2, &[1, 4], false),
            standing(3, &[], false),
            standing(4, &[2], false),
        ];
        let r = swiss(&ranked);
        let mut pairs: Vec<(Player, Player)> = r
            .games
            .iter()
            .map(|g| (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1])))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    }

    #[test]
    fn swiss_moves_the_bye_up_when_the_rest_cannot_pair_without_a_rematch() {
        // 5 is last without a bye, but 1 has met 2, 3 and 4, so without 5 nobody is
        // left for 1: the bye goes one place up, to 4, and 1 plays 5.
        let ranked = vec![
            standing(1, &[2, 3, 4], false),
            standing(2, &[1], false),
            standing(3, &[1], false),
            standing(4, &[1], false),
            standing(5, &[], false),
        ];
        let r = swiss(&ranked);
        assert_eq!(r.bye, Some(4));
        let mut pairs: Vec<(Player, Player)> = r
            .games
            .iter()
            .map(|g| (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1])))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 5), (2, 3)]);
    }

    #[test]
    fn swiss_never_rematches_over_a_whole_five_player_event() {
        // Five rounds of five players without a rematch is a full round robin: the
        // pairing must find it whatever the results (here: the lower seat loses).
        let mut table: Vec<Standing> = (1..=5).map(|p| standing(p, &[], false)).collect();
        let mut points = [0u32; 6];
        let mut rounds = Vec::new();
        for _ in 0..5 {
            table.sort_by_key(|s| (std::cmp::Reverse(points[s.player as usize]), s.player));
            let r = swiss(&table);
            for g in &r.games {
                points[g.seats[0].min(g.seats[1]) as usize] += 1;
                for (me, them) in [(g.seats[0], g.seats[1]), (g.seats[1], g.seats[0])] {
                    let s = table.iter_mut().find(|s| s.player == me).unwrap();
                    s.opponents.push(them);
                    s.games += 1;
                }
            }
            let b = r.bye.expect("odd field");
            table.iter_mut().find(|s| s.player == b).unwrap().had_bye = true;
            points[b as usize] += 1;
            rounds.push(r);
        }
        assert!(!has_rematch(&rounds));
        let mut byes: Vec<Player> = rounds.iter().filter_map(|r| r.bye).collect();
        byes.sort();
        assert_eq!(byes, vec![1, 2, 3, 4, 5], "one bye each");
    }

    #[test]
    fn swiss_allows_a_rematch_only_when_every_pairing_has_one() {
        let ranked = vec![standing(1, &[2], false), standing(2, &[1], false)];
        let r = swiss(&ranked);
        assert_eq!(r.games.len(), 1);
        assert!(r.bye.is_none());
    }

    #[test]
    fn swiss_seats_the_player_who_moved_first_less() {
        let mut a = standing(1, &[3], false);
        a.firsts = 1;
        let b = standing(2, &[4], false);
        let r = swiss(&[a, b]);
        assert_eq!(r.games[0].seats, [2, 1]);
    }
}

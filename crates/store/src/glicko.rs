//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), pure: no IO.
//!
//! The algorithm itself, including the iteration that finds the new volatility, is the
//! `skillratings` crate's; this module fixes the project's choices around it:
//!
//! - **Every match is its own rating period** (as lichess does): a result moves both
//!   ratings at once and the final post can show the change. Time without games does
//!   not widen the deviation (there is no period without games).
//! - New players start at 1500, deviation 350, volatility 0.06; tau is 0.5.
//! - **The AI does not move**: each level has a fixed rating ([`ai`]), so a game
//!   against it rates the human only.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// The system constant: how much the volatility may change (Glickman suggests 0.3-1.2).
pub const TAU: f64 = 0.5;

/// A deviation above this marks a provisional rating ("1620?"), as lichess does: the
/// player has too few games for the number to mean much yet.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Deviations are kept within these bounds: above the starting 350 means nothing, and
/// a deviation near zero would freeze a rating for good.
const MIN_DEVIATION: f64 = 30.0;
const MAX_DEVIATION: f64 = 350.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

impl Rating {
    /// A player without games.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// The rating as shown: a whole number, with `?` while provisional.
    pub fn shown(&self) -> String {
        shown(self.rating, self.deviation)
    }

    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// A stored rating that is not a number (a hand-edited or damaged row) starts over
    /// rather than spreading into every opponent's rating.
    pub fn sane(self) -> Rating {
        let ok = |x: f64, lo: f64, hi: f64| x.is_finite() && (lo..=hi).contains(&x);
        if ok(self.rating, 0.0, 5000.0)
            && ok(self.deviation, 0.0, 1000.0)
            && ok(self.volatility, 0.0, 1.0)
            && self.volatility > 0.0
        {
            self
        } else {
            Rating::NEW
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// A rating with its deviation as people see it: "1612", or "1500?" while provisional.
pub fn shown(rating: f64, deviation: f64) -> String {
    format!(
        "{}{}",
        rating.round() as i64,
        if deviation > PROVISIONAL_DEVIATION {
            "?"
        } else {
            ""
        }
    )
}

/// A game's result for the player being rated: 1 a win, 0 a loss, 0.5 a draw.
pub type Score = f64;

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

fn outcome(score: Score) -> Outcomes {
    if score > 0.5 {
        Outcomes::WIN
    } else if score < 0.5 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// The paper's step for one rating period: `player` after `games` (each an opponent's
/// rating before the period and the player's score against them).
pub fn rate_period(player: Rating, games: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(o, s)| (o.sane().glicko(), outcome(*s)))
        .collect();
    let r = glicko2_rating_period(&player.sane().glicko(), &results, &config());
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// One match, one period: the player's rating after `score` against `opponent`, its
/// deviation kept within bounds.
pub fn rate(player: Rating, opponent: Rating, score: Score) -> Rating {
    let mut r = rate_period(player, &[(opponent, score)]);
    r.deviation = r.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION);
    r.sane()
}

/// The fixed rating of the AI at `level`, its index in `crate::ai::Level::ALL` (0 easy,
/// 1 normal, 2 hard, 3 fast, 4 beginner). Measured: Elo fitted by maximum likelihood to
/// a round robin of the levels (docs/balance.md, "The ladder: the levels' ratings";
/// `crystal-clans-tools ladder`), `normal` anchored at the 1550 it had by hand so that
/// the ratings players earned against the default AI keep their meaning. Hard, with six
/// times normal's iterations, won 70 of 144 games against it: the fit puts it 10 points
/// below, the same strength within the games' interval. The deviation is small because
/// the AI never changes.
pub fn ai(level: u8) -> Rating {
    let rating = match level {
        4 => 712.0,
        0 => 1180.0,
        3 => 1502.0,
        2 => 1540.0,
        _ => 1550.0,
    };
    Rating::new(rating, 50.0, 0.06)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and
    /// to 1700/300 in one period, tau 0.5: 1464.06, 151.52, 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating::new(1500.0, 200.0, 0.06);
        let op = |r, d| Rating::new(r, d, 0.06);
        let after = rate_period(
            player,
            &[
                (op(1400.0, 30.0), 1.0),
                (op(1550.0, 100.0), 0.0),
                (op(1700.0, 300.0), 0.0),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_both_sides_mirror() {
        let a = Rating::NEW;
        let b = Rating::NEW;
        let won = rate(a, b, 1.0);
        let lost = rate(b, a, 0.0);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((won.rating - 1500.0 + (lost.rating - 1500.0)).abs() < 1e-9);
        assert!(won.deviation < 350.0 && won.deviation >= MIN_DEVIATION);
    }

    /// The levels' ratings follow the measured ladder (`Level::LADDER`: beginner,
    /// easy, fast, normal, hard), normal stays the anchor, and an unknown level is
    /// rated as normal (the level an unknown index plays, `app::AiSeats`).
    #[test]
    fn the_ai_levels_are_rated_as_measured() {
        let ladder = [4u8, 0, 3, 1, 2].map(|l| ai(l).rating);
        assert_eq!(ai(1).rating, 1550.0);
        assert_eq!(ai(9).rating, ai(1).rating);
        assert!(ladder[0] < ladder[1] && ladder[1] < ladder[2], "{ladder:?}");
        // Fast, normal and hard are within 50 points: their games did not tell them
        // apart by more.
        assert!(
            (ladder[2] - ladder[3]).abs() <= 50.0 && (ladder[4] - ladder[3]).abs() <= 50.0,
            "{ladder:?}"
        );
        // The beginner sits far below a new player's 1500: a first win against it
        // is worth little, a loss to it costs much.
        let me = Rating::NEW;
        let won = rate(me, ai(4), 1.0).rating - me.rating;
        let lost = me.rating - rate(me, ai(4), 0.0).rating;
        assert!(won > 0.0 && lost > 3.0 * won, "{won} {lost}");
    }

    #[test]
    fn beating_a_stronger_opponent_gains_more() {
        let me = Rating::new(1500.0, 80.0, 0.06);
        let easy = rate(me, ai(0), 1.0).rating - me.rating;
        let hard = rate(me, ai(2), 1.0).rating - me.rating;
        assert!(hard > easy && easy > 0.0, "{easy} {hard}");
    }

    #[test]
    fn a_damaged_stored_rating_starts_over() {
        let bad = Rating::new(f64::NAN, 100.0, 0.06);
        assert_eq!(bad.sane(), Rating::NEW);
        let r = rate(bad, Rating::new(1500.0, f64::INFINITY, 0.06), 1.0);
        assert!(r.rating.is_finite() && r.rating > 1500.0, "{r:?}");
    }

    #[test]
    fn provisional_ratings_are_marked() {
        assert_eq!(Rating::NEW.shown(), "1500?");
        assert_eq!(Rating::new(1612.4, 80.0, 0.06).shown(), "1612");
    }
}

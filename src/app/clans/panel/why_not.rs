//! "Why can't I…?": what a player choosing an action might look for among the choices
//! and cannot do, each with the rule that forbids it (`State::blocked`, the engine's
//! own checks), in the player's words. Behind a button, never listed by default: a
//! newcomer who misses a summon asks, a player who knows the game is not lectured.

use super::{Players, crystal_name, zone};
use crate::game::{Rules, Seat, State, Why, Wish};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, names};

/// The reason in a clause the wish's line ends with.
fn reason(lang: Lang, players: Players, rules: &Rules, seat: Seat, why: Why) -> String {
    match why {
        Why::Initiative { cost, spendable } => p::why_initiative(lang, cost, spendable),
        Why::CrystalZones { held } => p::why_crystal_zones(lang, held),
        Why::OpponentHomeNotHeld => {
            let home = rules.board.homes[1 - seat as usize];
            p::why_opponent_home(lang, zone(lang, players, rules, home, seat))
        }
        Why::NoSquad => p::why_no_squad(lang),
        Why::NotInHand => p::why_not_in_hand(lang),
        Why::SummonSize { max } => p::why_summon_size(lang, max),
        Why::NotInMarket => p::why_not_in_market(lang),
        Why::NotYourMove => p::why_not_your_move(lang),
        Why::NotNow => p::why_not_now(lang),
        Why::Other => p::why_other(lang),
    }
}

/// One line per blocked wish of `seat`; the crystals in one line when a single reason
/// (too few crystal zones) holds them all. Empty when nothing is blocked.
pub(super) fn lines(
    lang: Lang,
    players: Players,
    rules: &Rules,
    state: &State,
    seat: Seat,
) -> Vec<String> {
    let blocked = state.blocked(rules, seat);
    let why = |w: Why| reason(lang, players, rules, seat, w);
    let crystals: Vec<Why> = blocked
        .iter()
        .filter(|(w, _)| matches!(w, Wish::Score(_)))
        .map(|&(_, why)| why)
        .collect();
    let one_reason = crystals.len() > 1 && crystals.iter().all(|w| *w == crystals[0]);
    let mut out = Vec::new();
    let mut crystals_said = false;
    for &(wish, w) in &blocked {
        out.push(match wish {
            Wish::Summon(c) => p::why_summon(lang, names::card(lang, state.card(rules, c)), why(w)),
            Wish::Activate(z) => p::why_activate(lang, zone(lang, players, rules, z, seat), why(w)),
            // Said once, where the first crystal would be.
            Wish::Score(_) if one_reason && crystals_said => continue,
            Wish::Score(_) if one_reason => {
                crystals_said = true;
                p::why_score_any(lang, why(w))
            }
            Wish::Score(c) => p::why_score(lang, crystal_name(lang, rules, c), why(w)),
            Wish::Replenish => p::why_replenish(lang, why(w)),
            Wish::Invade => p::why_invade(lang, why(w)),
        });
    }
    out
}

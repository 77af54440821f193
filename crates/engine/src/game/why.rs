//! Why not: the reason an input is not legal, in the engine's own terms, and what a
//! player at their action might look for and cannot do. Beside `legal` because a
//! newcomer who does not see the summon they expected needs the rule that forbids it
//! ("it costs 5 initiative, 3 can be spent"), not a shorter list. The reasons come
//! from the very checks `apply` runs (`RuleError::Cannot`), so an explanation can
//! never disagree with what the engine accepts; i18n words them.

use super::Rules;
use super::agenda::Question;
use super::board::{ZoneId, zones_in};
use super::input::{Input, RuleError};
use super::state::{CardId, Cards, CrystalId, Seat, State};
use serde::Serialize;
use std::fmt;

/// Why an input is refused, as far as a player can act on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Why {
    /// The match waits for the other player, or is over.
    NotYourMove,
    /// The match asks something else now (a move, a battle card).
    NotNow,
    /// Paying `cost` would push the token past the end of the track: `spendable` is as
    /// far as it can still go (glossary, "Paying Initiative").
    Initiative { cost: u8, spendable: u8 },
    /// Scoring needs 2 of the 3 crystal zones; `held` are controlled.
    CrystalZones { held: u8 },
    /// Invading needs control of the opponent's home zone.
    OpponentHomeNotHeld,
    /// The seat has no squad in that zone.
    NoSquad,
    /// A summon takes units from the hand (or Undying ones from the discard pile).
    NotInHand,
    /// A summon takes 1 to `max` units.
    SummonSize { max: u8 },
    /// The crystal is not face up in the market.
    NotInMarket,
    /// Any other refusal: a malformed or stale input rather than a rule to explain.
    Other,
}

impl fmt::Display for Why {
    /// The engine's English, for logs and `RuleError`'s message; players read i18n's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::NotYourMove => write!(f, "the match is not waiting for you"),
            Why::NotNow => write!(f, "that does not answer the current question"),
            Why::Initiative { cost, spendable } => write!(
                f,
                "that costs {cost} initiative, which would push the token past the end of \
                 the track ({spendable} can be spent)"
            ),
            Why::CrystalZones { held } => write!(
                f,
                "you need to control at least 2 crystal zones to score (you control {held})"
            ),
            Why::OpponentHomeNotHeld => {
                write!(f, "you need to control your opponent's home zone to invade")
            }
            Why::NoSquad => write!(f, "you have no squad in that zone"),
            Why::NotInHand => write!(
                f,
                "you can only summon units from your hand (or Undying units from your discard pile)"
            ),
            Why::SummonSize { max } => write!(f, "summon 1 to {max} units"),
            Why::NotInMarket => write!(f, "that crystal is not face up"),
            Why::Other => write!(f, "that is not a legal answer"),
        }
    }
}

/// Something a player at their action may look for among the choices: a card of
/// their hand summoned, a squad activated, a crystal scored, a replenish, an invasion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "wish", rename_all = "snake_case")]
pub enum Wish {
    Summon(CardId),
    Activate(ZoneId),
    Score(CrystalId),
    Replenish,
    Invade,
}

impl State {
    /// Why `seat` may not answer `input` now; `None` when it is legal (exactly when
    /// `apply` would accept it: the same checks decide).
    pub fn why_not(&self, rules: &Rules, seat: Seat, input: &Input) -> Option<Why> {
        if self.winner.is_some() || !self.waits_for(seat) {
            return Some(Why::NotYourMove);
        }
        let step = self.agenda.last()?;
        match self.check(rules, seat, step, input) {
            Ok(()) => None,
            Err(RuleError::Cannot(why)) => Some(why),
            Err(RuleError::WrongQuestion(_)) => Some(Why::NotNow),
            Err(RuleError::GameOver | RuleError::NotYourDecision(_)) => Some(Why::NotYourMove),
            Err(RuleError::Illegal(_)) => Some(Why::Other),
        }
    }

    /// What `seat`, choosing an action, might look for and cannot do, each with its
    /// reason: the hand's cards no legal summon takes (each kind once), the squads no
    /// activation is offered for, the market's crystals, replenishing and invading.
    /// Empty when the seat is not choosing an action.
    pub fn blocked(&self, rules: &Rules, seat: Seat) -> Vec<(Wish, Why)> {
        if !self.waits_for(seat) || self.pending().question != Question::Action {
            return Vec::new();
        }
        let legal = self.legal(rules, seat);
        let summoned = |c: CardId| {
            legal.iter().any(|i| match i {
                Input::Summon(cards) | Input::SummonTo { cards, .. } => cards.contains(&c),
                _ => false,
            })
        };
        let mut out = Vec::new();
        let mut kinds = Vec::new();
        for &c in self.players[seat as usize].hand.iter() {
            let kind = self.kinds[c as usize];
            if kinds.contains(&kind) || summoned(c) {
                continue;
            }
            kinds.push(kind);
            let mut one = Cards::default();
            one.push(c);
            if let Some(why) = self.why_not(rules, seat, &Input::Summon(one)) {
                out.push((Wish::Summon(c), why));
            }
        }
        for z in zones_in(self.squads.occupied(seat)) {
            if let Some(why) = self.why_not(rules, seat, &Input::Activate(z)) {
                out.push((Wish::Activate(z), why));
            }
        }
        for &c in &self.market {
            if let Some(why) = self.why_not(rules, seat, &Input::Score(c)) {
                out.push((Wish::Score(c), why));
            }
        }
        for (wish, input) in [
            (Wish::Replenish, Input::Replenish),
            (Wish::Invade, Input::Invade),
        ] {
            if let Some(why) = self.why_not(rules, seat, &input) {
                out.push((wish, why));
            }
        }
        out
    }
}

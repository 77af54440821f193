//! What a seat can answer, and why an answer was refused.

use super::board::ZoneId;
use super::pack::{Stat, Style};
use super::state::{CardId, Cards, CrystalId, Seat, Via};
use super::why::Why;
use serde::{Deserialize, Serialize};

/// One answer to the question the match is waiting on (see `State::pending`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// Opening hand: shuffle these cards back and draw up to 5 again (may be empty).
    Mulligan(Cards),
    /// Action: summon up to 3 units from hand into the home zone.
    Summon(Cards),
    /// Action: activate your squad in this zone.
    Activate(ZoneId),
    /// Action (or a free score): take this face-up crystal.
    Score(CrystalId),
    /// Action: pay 3, discard any cards, draw up to 5.
    Replenish,
    /// Action: pay 3 while controlling the opponent's home zone.
    Invade,
    /// The new order of a squad, top unit first.
    Order(Cards),
    /// Move these units of the activated squad into an adjacent zone.
    Move { cards: Cards, to: ZoneId },
    /// Do not move.
    Stay,
    /// Start a battle (true) or end the activation (false).
    Battle(bool),
    /// Secretly commit this card from your hand as your battle card.
    BattleCard(CardId),
    /// Whose triggered battle effects resolve first.
    First(Seat),
    /// Draw this many cards (0 = decline).
    Draw(u8),
    /// Discard this card from your hand (replenish).
    Discard(CardId),
    /// Finish discarding.
    Done,
    /// Choose this unit (to discard from an oversized squad, to remove, to destroy).
    Unit(CardId),
    /// Take your battle card back into your hand (true) or discard it (false).
    Return(bool),
    /// Summon into a zone other than the home zone, as `via` allows.
    SummonTo {
        cards: Cards,
        zone: ZoneId,
        via: Via,
    },
    /// Predict: guess the style of the opponent's battle card.
    Predict(Style),
    /// Sacrifice the top unit for +6 attack or +6 defense in this battle.
    Sacrifice(Stat),
    /// Use a collected crystal's effect (flip it face down, or give it up).
    UseCrystal(CrystalId),
    /// Yes or no to an optional effect ("you may").
    Accept(bool),
    /// Pick this card (from a discard pile or the opponent's hand).
    Pick(CardId),
    /// Inform: keep one card, put the others back on top in this order (top first).
    Inform { keep: CardId, order: Cards },
    /// Spy: put this card of the opponent's hand on top (true) or bottom of her draw pile.
    Tuck { card: CardId, top: bool },
    /// Of the triggers that fired together, resolve this one first.
    Resolve(Trigger),
}

/// A triggered effect waiting with others that fired at the same time, as the active
/// player chooses among them: by what triggered it, all of it public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "trigger", rename_all = "snake_case")]
pub enum Trigger {
    /// The death trigger of this destroyed unit (Reapers, Clone, Last Rites).
    Death { card: CardId },
    /// The seat's start-of-battle options (Predict, Sacrifice, battle crystals).
    BattleStart { seat: Seat },
    /// Tactical of the top unit of the seat's battling squad.
    Tactical { seat: Seat },
    /// The top unit of the seat's squad in `zone`, which units entered (Demoralize, Spy).
    Entered { seat: Seat, zone: ZoneId },
    /// The arrival trigger of this summoned unit (Inform, Linked, Rebuild).
    Arrived { card: CardId },
    /// The seat's gain effect (rules version 7): `amount` initiative and up to `draw`
    /// cards (a right Predict, Bloodlust).
    Gain { seat: Seat, amount: u8, draw: u8 },
}

/// Why an input was refused. The state is unchanged. Messages are written for the
/// player who sent the input and never reveal hidden information.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum RuleError {
    #[error("the match is over")]
    GameOver,
    #[error("the match is not waiting for you: {0}")]
    NotYourDecision(String),
    #[error("that does not answer the current question: {0}")]
    WrongQuestion(String),
    #[error("{0}")]
    Illegal(String),
    /// A refusal a player can be told the rule of (`State::why_not`).
    #[error("{0}")]
    Cannot(Why),
}

pub(crate) fn illegal<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Illegal(msg.into()))
}

pub(crate) fn cannot<T>(why: Why) -> Result<T, RuleError> {
    Err(RuleError::Cannot(why))
}

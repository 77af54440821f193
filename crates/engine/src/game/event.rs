//! The public log of a match. Events that carry private detail (which cards were
//! drawn, which battle card was chosen) hold it in `Option` fields that `redact`
//! clears for everyone but the seat allowed to see it.

use super::board::ZoneId;
use super::input::Trigger;
use super::pack::{Stat, Style};
use super::state::{CardId, Cards, CrystalId, Seat};
use serde::{Deserialize, Serialize};

/// No event owns memory: the random player and the AI's playouts clear their event
/// buffer after every input, which costs nothing only while events need no drop.
const _: () = assert!(!std::mem::needs_drop::<Event>());

/// What decided a match at the turn limit, in the order asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// More crystals collected.
    Crystals,
    /// As many crystals; more crystal zones controlled.
    Zones,
    /// Both tied: the player who took the second turn.
    SecondPlayer,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    MatchStarted {
        first: Seat,
    },
    Mulliganed {
        seat: Seat,
        count: u8,
        cards: Option<Cards>,
    },
    Drew {
        seat: Seat,
        count: u8,
        cards: Option<Cards>,
    },
    Reshuffled {
        seat: Seat,
        cards: u8,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    Paid {
        seat: Seat,
        amount: u8,
        token: i8,
    },
    Summoned {
        seat: Seat,
        cards: Cards,
        zone: ZoneId,
        cost: u8,
    },
    Activated {
        seat: Seat,
        zone: ZoneId,
        cost: u8,
    },
    Reordered {
        seat: Seat,
        zone: ZoneId,
        order: Cards,
    },
    Moved {
        seat: Seat,
        cards: Cards,
        from: ZoneId,
        to: ZoneId,
    },
    /// The activated squad did not move. Told so that the log shows each activation's
    /// end: without it, two activations with a stay between read as one line twice.
    Stayed {
        seat: Seat,
        zone: ZoneId,
    },
    UnitDiscarded {
        seat: Seat,
        card: CardId,
        zone: ZoneId,
    },
    BattleStarted {
        attacker: Seat,
        zone: ZoneId,
    },
    /// `card` is the chooser's own secret until the reveal; a card taken from the
    /// top of the draw pile is unknown even to its player.
    BattleCardChosen {
        seat: Seat,
        from_deck: bool,
        card: Option<CardId>,
    },
    BattleCardsRevealed {
        cards: [Option<CardId>; 2],
        left: [bool; 2],
    },
    EffectsOrdered {
        first: Seat,
    },
    /// The active player chose which of the triggers that fired together resolves
    /// first (rules version 6 on).
    TriggerFirst {
        seat: Seat,
        trigger: Trigger,
    },
    UnitDestroyed {
        card: CardId,
        zone: ZoneId,
    },
    UnitRemovedFromGame {
        card: CardId,
        zone: ZoneId,
    },
    CardJoinedSquad {
        seat: Seat,
        card: CardId,
        zone: ZoneId,
    },
    DamageDealt {
        attack: [u8; 2],
        defense: [u8; 2],
        damage: [u8; 2],
    },
    NoDamage,
    BattleCardReturned {
        seat: Seat,
        card: CardId,
    },
    BattleCardDiscarded {
        seat: Seat,
        card: CardId,
    },
    BattleEnded {
        zone: ZoneId,
    },
    Replenished {
        seat: Seat,
    },
    CardDiscarded {
        seat: Seat,
        card: CardId,
    },
    Invaded {
        seat: Seat,
        attack: u8,
    },
    /// A card put from the top of a draw pile onto the discard pile (public: the
    /// discard pile is face up).
    Milled {
        seat: Seat,
        card: CardId,
    },
    Scored {
        seat: Seat,
        crystal: CrystalId,
        cost: u8,
        free: bool,
    },
    CrystalRevealed {
        crystal: CrystalId,
    },
    TurnPassed {
        to: Seat,
    },
    /// The last turn the rules allow has passed (rules version 5 on, `turn.rs`): the
    /// match ends here, `winner` decided `by` each seat's `crystals` or `zones` (crystal
    /// zones controlled), and `Won` follows.
    TurnLimit {
        turn: u32,
        winner: Seat,
        crystals: [u8; 2],
        zones: [u8; 2],
        by: TieBreak,
    },
    Won {
        seat: Seat,
    },
    InitiativeGained {
        seat: Seat,
        amount: u8,
        token: i8,
    },
    Predicted {
        seat: Seat,
        style: Style,
    },
    PredictionRight {
        seat: Seat,
    },
    Sacrificed {
        seat: Seat,
        card: CardId,
        stat: Stat,
    },
    CrystalUsed {
        seat: Seat,
        crystal: CrystalId,
    },
    CrystalLeftGame {
        seat: Seat,
        crystal: CrystalId,
    },
    FlankUsed {
        seat: Seat,
    },
    Healed {
        card: CardId,
        zone: ZoneId,
    },
    Placed {
        seat: Seat,
        cards: Cards,
        from: ZoneId,
        to: ZoneId,
    },
    ReturnedToHand {
        seat: Seat,
        card: CardId,
    },
    /// The seat looked at cards only she may see (Inform, Spy). Listed inline like a
    /// draw, so no event owns memory and clearing an event buffer is free; a look
    /// at more cards than a list holds is told as several (see `State::looked`).
    Looked {
        seat: Seat,
        count: u8,
        cards: Option<Cards>,
    },
    /// Inform: the seat kept a card from the top of her draw pile.
    Kept {
        seat: Seat,
        card: Option<CardId>,
    },
    /// Spy: `seat` put a card of the opponent's hand on her draw pile; both players
    /// know which, spectators do not.
    Tucked {
        seat: Seat,
        top: bool,
        card: Option<CardId>,
    },
    Recovered {
        seat: Seat,
        card: CardId,
        to_hand: bool,
    },
    HandCardDiscarded {
        seat: Seat,
        card: CardId,
    },
    Demoralized {
        seat: Seat,
        card: CardId,
        cost: u8,
    },
}

impl Event {
    /// The event as `viewer` may see it (`None` = a spectator).
    pub fn redact(&self, viewer: Option<Seat>) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::Mulliganed { seat, cards, .. } if viewer != Some(*seat) => *cards = None,
            Event::Drew { seat, cards, .. } if viewer != Some(*seat) => *cards = None,
            Event::BattleCardChosen { seat, card, .. } if viewer != Some(*seat) => *card = None,
            Event::Looked { seat, cards, .. } if viewer != Some(*seat) => *cards = None,
            Event::Kept { seat, card } if viewer != Some(*seat) => *card = None,
            Event::Tucked { card, .. } if viewer.is_none() => *card = None,
            _ => {}
        }
        e
    }

    /// Whether the event holds anything beyond what a spectator may see.
    pub fn is_private(&self) -> bool {
        self.redact(None) != *self
    }
}

//! Taking back a misclick: what a takeback would undo and whether it may.
//!
//! The unit undone is the asker's last action from the input that chose it (the answer
//! to "your action", `Step::ChooseAction`) through the end of the log: a summon with
//! its reorder, an activation with its move and battle offer. That is what a player
//! means by "my misclick", and it never leaves the match half way through a step.
//! Against a person nothing the opponent input may be in it (they may have acted on
//! what they saw); against the AI, its reply goes too, as on lichess.
//!
//! The one rule over everything undone: the asker learns nothing by it, and nothing
//! the opponent saw turns into something else. So no input undone may have drawn,
//! shuffled or milled a card, shown the asker a hidden card (Inform, Spy, the
//! opponent's hand), revealed a battle card or a crystal, or committed the other
//! seat's secret; and the random generator must be where it was, so a card drawn after
//! the takeback is the one that would have been drawn anyway. The events say which
//! (an allowlist: an event added to the engine is refused until it is judged here).

use super::event::Event;
use super::input::Input;
use super::state::{Seat, Setup, State, Step};
use super::{PLAYABLE_RULES_VERSIONS, Rules};

/// Why a takeback is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denied {
    /// The asker has chosen no action yet (only the setup and mulligan are behind).
    Nothing,
    /// The opponent has answered something since the asker's last action.
    OpponentAnswered,
    /// Undoing it would show or change hidden information (a card drawn or looked at,
    /// a shuffle, a battle card or crystal revealed, a secret committed).
    Reveals,
    /// The match is over.
    Over,
}

/// A takeback the rules allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The index in the log of the first input undone (the asker's choice of action);
    /// every input from it to the end is undone.
    pub first: usize,
    /// How many of the undone inputs are the other seat's (the AI's reply).
    pub replies: usize,
    /// The match as it was before `first`: what the takeback restores.
    pub state: State,
}

/// What undoing the asker's last action in `log` (the inputs in force, in order, from
/// `setup` under `rules_version`) would do. `other_is_ai`: the other seat is the AI,
/// whose reply is undone with it. `Err`: the log does not replay (a damaged match).
pub fn plan(
    rules: &Rules,
    setup: Setup,
    rules_version: u32,
    log: &[(Seat, Input)],
    asker: Seat,
    other_is_ai: bool,
) -> Result<Result<Plan, Denied>, String> {
    if !PLAYABLE_RULES_VERSIONS.contains(&rules_version) {
        return Err(format!("rules version {rules_version} is not playable"));
    }
    let (mut state, _) = State::new_under(rules, setup, rules_version)?;
    // The last input by which the asker chose an action, and the match before it.
    let mut start: Option<(usize, State)> = None;
    let mut events_from_start: Vec<Event> = Vec::new();
    let mut peeked = false;
    for (i, (seat, input)) in log.iter().enumerate() {
        if *seat == asker && state.agenda.last() == Some(&Step::ChooseAction) {
            start = Some((i, state.clone()));
            events_from_start.clear();
            peeked = false;
        }
        let events = state
            .apply(rules, *seat, input)
            .map_err(|e| format!("input {} is refused on replay: {e}", i + 1))?;
        events_from_start.extend(events);
        peeked |= !state.peek(asker).is_empty();
    }
    if state.winner.is_some() {
        return Ok(Err(Denied::Over));
    }
    let Some((first, before)) = start else {
        return Ok(Err(Denied::Nothing));
    };
    let undone = &log[first..];
    let replies = undone.iter().filter(|(s, _)| *s != asker).count();
    if replies > 0 && !other_is_ai {
        return Ok(Err(Denied::OpponentAnswered));
    }
    let hidden = events_from_start.iter().any(|e| !harmless(e, asker));
    if peeked || hidden || state.rng != before.rng {
        return Ok(Err(Denied::Reveals));
    }
    Ok(Ok(Plan {
        first,
        replies,
        state: before,
    }))
}

/// Whether undoing `event` keeps what `asker` knows and what the other seat saw: it
/// moved only public things in a way the rules decide without chance.
fn harmless(event: &Event, asker: Seat) -> bool {
    use Event::*;
    let own = |card: u8| card / 27 == asker;
    match *event {
        Paid { .. }
        | Summoned { .. }
        | Activated { .. }
        | Reordered { .. }
        | Moved { .. }
        | UnitDiscarded { .. }
        | BattleStarted { .. }
        | UnitDestroyed { .. }
        | UnitRemovedFromGame { .. }
        | BattleEnded { .. }
        | Replenished { .. }
        | Invaded { .. }
        | Scored { .. }
        | TurnPassed { .. }
        | TurnStarted { .. }
        | InitiativeGained { .. }
        | Predicted { .. }
        | Sacrificed { .. }
        | CrystalUsed { .. }
        | CrystalLeftGame { .. }
        | Healed { .. }
        | Placed { .. }
        | ReturnedToHand { .. }
        | Recovered { .. }
        | Demoralized { .. }
        // The active player's order of simultaneous effects: public, and by itself it
        // moves nothing hidden.
        | TriggerFirst { .. } => true,
        // The asker's own secret, known to her already (or, from the top of her draw
        // pile, to nobody): undoing it tells her nothing. The other seat's is a secret
        // she must not see taken back and chosen again.
        BattleCardChosen { seat, .. } => seat == asker,
        // From a hand: her own cards she knows; the opponent's were hidden.
        CardDiscarded { card, .. } | HandCardDiscarded { card, .. } => own(card),
        MatchStarted { .. }
        | Mulliganed { .. }
        | Drew { .. }
        | Reshuffled { .. }
        | BattleCardsRevealed { .. }
        | EffectsOrdered { .. }
        | CardJoinedSquad { .. }
        | DamageDealt { .. }
        | NoDamage
        | BattleCardReturned { .. }
        | BattleCardDiscarded { .. }
        | Milled { .. }
        | CrystalRevealed { .. }
        | TurnLimit { .. }
        | Won { .. }
        | PredictionRight { .. }
        | FlankUsed { .. }
        | Looked { .. }
        | Kept { .. }
        | Tucked { .. } => false,
    }
}

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
    /// The opponent declined the request to take it back (the store's record, never
    /// the rules' verdict: a decline is final at its position).
    Declined,
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
    let mut tracker = Tracker::default();
    // The match before the asker's last choice of action: what a takeback restores.
    let mut before: Option<State> = None;
    for (i, (seat, input)) in log.iter().enumerate() {
        if *seat == asker && Tracker::starts_unit(&state) {
            before = Some(state.clone());
        }
        let was = state.clone();
        let events = state
            .apply(rules, *seat, input)
            .map_err(|e| format!("input {} is refused on replay: {e}", i + 1))?;
        tracker.record(&was, *seat, &events, &state);
    }
    let verdict = tracker.verdict(&state, asker, other_is_ai);
    Ok(verdict.map(|(first, replies)| Plan {
        first,
        replies,
        state: before.expect("a unit the tracker started began at a kept state"),
    }))
}

/// What a takeback would undo for each seat, kept input by input as the match is
/// played, so that whether one may be offered after an answer needs neither the log
/// nor a replay ([`plan`] replays only to restore the match, when one is done).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tracker {
    /// Inputs recorded: the index the next one will have in the log.
    inputs: usize,
    /// Per seat, its last unit (from its last choice of action on).
    units: [Option<Unit>; 2],
}

/// One seat's last action, as far as it has gone.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Unit {
    /// Its first input's index in the log.
    first: usize,
    /// The other seat's inputs since (the AI's reply).
    replies: usize,
    /// Something in it drew, shuffled, revealed or showed the seat a hidden card.
    reveals: bool,
    /// The random generator when it began: a takeback must leave it where it was.
    rng: rand_pcg::Pcg32,
}

impl Tracker {
    /// Whether an input played in `state` begins its player's unit: the answer to
    /// "your action".
    fn starts_unit(state: &State) -> bool {
        state.agenda.last() == Some(&Step::ChooseAction)
    }

    /// Records one input: `seat` played it in `before`, which gave `events` and `after`.
    pub fn record(&mut self, before: &State, seat: Seat, events: &[Event], after: &State) {
        if Tracker::starts_unit(before) {
            self.units[seat as usize] = Some(Unit {
                first: self.inputs,
                replies: 0,
                reveals: false,
                rng: before.rng.clone(),
            });
        }
        for (asker, unit) in self.units.iter_mut().enumerate() {
            let Some(unit) = unit else { continue };
            let asker = asker as Seat;
            if seat != asker {
                unit.replies += 1;
            }
            unit.reveals |=
                events.iter().any(|e| !harmless(e, asker)) || !after.peek(asker).is_empty();
        }
        self.inputs += 1;
    }

    /// Whether `asker` may take back their last action in `now` (the match after the
    /// last input recorded): the index of its first input and how many of the undone
    /// are the other seat's, or why not.
    pub fn verdict(
        &self,
        now: &State,
        asker: Seat,
        other_is_ai: bool,
    ) -> Result<(usize, usize), Denied> {
        if now.winner.is_some() {
            return Err(Denied::Over);
        }
        let Some(unit) = &self.units[asker as usize] else {
            return Err(Denied::Nothing);
        };
        if unit.replies > 0 && !other_is_ai {
            return Err(Denied::OpponentAnswered);
        }
        if unit.reveals || now.rng != unit.rng {
            return Err(Denied::Reveals);
        }
        Ok((unit.first, unit.replies))
    }
}

/// Whether undoing `event` keeps what `asker` knows and what the other seat saw: it
/// moved only public things in a way the rules decide without chance.
fn harmless(event: &Event, asker: Seat) -> bool {
    use Event::*;
    let own = |card: u8| card / 27 == asker;
    match *event {
        Paid { .. }
        | Activated { .. }
        | Reordered { .. }
        | Moved { .. }
        | Stayed { .. }
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
        // Her own summon puts cards she knows back in her hand. The other seat's (the
        // AI's reply) would put cards she has now seen back into a hidden hand: the
        // same information as a discard from that hand, refused alike.
        Summoned { seat, .. } => seat == asker,
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

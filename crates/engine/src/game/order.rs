//! Simultaneous effects (rulebook, "Simultaneous Effects": "If 2 or more game effects
//! ... trigger simultaneously, the active player decides in which order they will
//! resolve"), from rules version 6 on, at every place where several triggers fire
//! together: death triggers, the start of a battle (each seat's options, Tactical),
//! and the enter and arrival triggers of a summon; from version 7 on, gain effects too
//! (both seats' right Predicts at the reveal, both seats' Bloodlust at the damage).
//!
//! One mechanism for all of them: the code that fires the triggers pushes their steps
//! as it always did, then `group_triggers` gathers them under one `OrderTriggers { n }`
//! step. That step asks the active player which of the `n` steps below it resolves
//! first, lifts that one above itself and waits again (as `OrderTriggers { n - 1 }`)
//! once it has resolved, with whatever it asked. It asks only while two waiting
//! triggers would do different things: a trigger that would do nothing now is not
//! offered, and triggers that differ only by interchangeable cards are one choice.
//! Skipped, the steps resolve in the order version 5 resolved them (the engine's
//! default: top unit first, the active player's options first). From version 7 on,
//! the question is also skipped when no order of the group can change anything
//! (`commute.rs`).
//!
//! Battle cards' effects (`OrderEffects`) and two free scores (`OrderScores`) had
//! their own question before; they keep it, so that stored matches replay.

use super::Rules;
use super::board::ZoneId;
use super::event::Event;
use super::input::{Input, RuleError, Trigger};
use super::pack::Ability;
use super::state::*;

/// The first rules version in which the active player orders simultaneous triggers
/// (and Undying reaches free summons, and Spy is compulsory).
pub(in crate::game) const ROUND_THREE: u32 = 6;

/// The first rules version in which gain effects are ordered too, and the question
/// is skipped when the order cannot change anything.
pub(in crate::game) const ROUND_FOUR: u32 = 7;

/// The first rules version in which Time Anomaly follows the printed card ("if your
/// entire squad is destroyed in that battle": a squad emptied by a unit removed from
/// the game was not destroyed, and the Twins stay), Command's +2 counts in the
/// squad's attack value when it invades, and Demoralize fires on moves only.
pub(in crate::game) const ROUND_FIVE: u32 = 8;

/// The trigger a step stands for, if it is one.
pub(in crate::game) fn trigger_of(step: &Step) -> Option<Trigger> {
    Some(match *step {
        Step::Destroyed { card, .. } => Trigger::Death { card },
        Step::BattleOptions { seat } => Trigger::BattleStart { seat },
        Step::Tactical { seat } => Trigger::Tactical { seat },
        Step::Entered { seat, zone, .. } => Trigger::Entered { seat, zone },
        Step::Arrived { card, .. } => Trigger::Arrived { card },
        Step::Gain { seat, amount, draw } => Trigger::Gain { seat, amount, draw },
        _ => return None,
    })
}

/// What makes two triggers the same choice: their kind, seat and zone, and for a
/// card's trigger the card's kind rather than the card (two copies destroyed
/// together do the same).
pub(in crate::game) type Likeness = (u8, Seat, ZoneId, u8);

impl State {
    /// Whether this match plays under rules version `version` or later.
    pub(in crate::game) fn rules_at_least(&self, version: u32) -> bool {
        self.rules_version >= version
    }

    /// The steps pushed since agenda index `from` fired together: from rules version
    /// 6 on, the triggers among them wait under an `OrderTriggers` step. The other
    /// steps (a squad's reorder, which comes before its triggers) stay above it, in
    /// their order, and the triggers keep theirs, which is the default order.
    pub(in crate::game) fn group_triggers(&mut self, from: usize) {
        if !self.rules_at_least(ROUND_THREE) {
            return;
        }
        let n = self.agenda[from..]
            .iter()
            .filter(|s| trigger_of(s).is_some())
            .count();
        if n < 2 {
            return;
        }
        // In place, keeping both orders: each trigger is rotated down past the other
        // steps before it. A dozen times a game; the three vectors of a partition
        // (allocated, grown, freed) cost more than the few steps moved.
        let mut placed = from;
        for i in from..self.agenda.len() {
            if trigger_of(&self.agenda[i]).is_some() {
                self.agenda[placed..=i].rotate_right(1);
                placed += 1;
            }
        }
        // At most both squads' units (2 x `SQUAD_CAPACITY`) and the healed units'
        // zone: well within a u8.
        self.agenda
            .insert(placed, Step::OrderTriggers { n: n as u8 });
    }

    /// The `n` trigger steps under the waiting `OrderTriggers` step, the one that
    /// would resolve first last (the agenda is a stack).
    pub(in crate::game) fn grouped(&self, n: u8) -> &[Step] {
        let top = self.agenda.len() - 1;
        &self.agenda[top - n as usize..top]
    }

    /// Whether the trigger would do anything if it resolved now.
    pub(in crate::game) fn trigger_fires(&self, rules: &Rules, step: &Step) -> bool {
        match *step {
            Step::Destroyed { seat, card, zone } => match self.card(rules, card).ability {
                Ability::Reapers => true,
                _ => self
                    .death_summon(rules, seat, card, zone)
                    .is_some_and(|s| self.has_free_summon(rules, &s)),
            },
            Step::BattleOptions { seat } => self.has_battle_options(rules, seat),
            Step::Tactical { seat } => self.tactical_fires(rules, seat),
            Step::Entered { seat, zone, moved } => {
                self.enter_trigger_fires(rules, seat, zone, moved)
            }
            Step::Arrived { seat, card } => self.arrival_fires(rules, seat, card),
            // Even with the token on the gainer's last space: there it moves nothing
            // now, but it does once the other seat's gain of the same moment has
            // pulled the token back (whether that order matters is `commute.rs`'s).
            Step::Gain { amount, draw, .. } => amount > 0 || draw > 0,
            _ => false,
        }
    }

    pub(in crate::game) fn likeness(&self, step: &Step) -> Option<Likeness> {
        let kind = |c: CardId| self.kinds[c as usize];
        Some(match *step {
            Step::Destroyed { seat, card, zone } => (0, seat, zone, kind(card)),
            Step::BattleOptions { seat } => (1, seat, 0, 0),
            Step::Tactical { seat } => (2, seat, 0, 0),
            Step::Entered { seat, zone, .. } => (3, seat, zone, 0),
            Step::Arrived { seat, card } => (4, seat, 0, kind(card)),
            // A seat has at most one gain effect at a moment (Predict pays off at the
            // reveal, Bloodlust at the damage): the seat tells them apart.
            Step::Gain { seat, .. } => (5, seat, 0, 0),
            _ => return None,
        })
    }

    /// The triggers of the group that the active player chooses among now: those
    /// that would do something, one per likeness, the default first one first.
    fn trigger_choices(&self, rules: &Rules, n: u8, mut each: impl FnMut(Trigger)) {
        // Asked only while a group waits (a few times a match), so a plain vector.
        let mut seen: Vec<Likeness> = Vec::with_capacity(n as usize);
        for step in self.grouped(n).iter().rev() {
            let (Some(t), Some(like)) = (trigger_of(step), self.likeness(step)) else {
                continue;
            };
            if seen.contains(&like) || !self.trigger_fires(rules, step) {
                continue;
            }
            seen.push(like);
            each(t);
        }
    }

    /// How many different choices the group offers now (it asks from 2).
    pub(in crate::game) fn triggers_to_order(&self, rules: &Rules, n: u8) -> usize {
        let mut count = 0;
        self.trigger_choices(rules, n, |_| count += 1);
        count
    }

    pub(in crate::game) fn legal_order_triggers(&self, rules: &Rules, n: u8, out: &mut Vec<Input>) {
        self.trigger_choices(rules, n, |t| out.push(Input::Resolve(t)));
    }

    pub(in crate::game) fn check_order_triggers(
        &self,
        rules: &Rules,
        n: u8,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Resolve(t) => {
                let mut offered = false;
                self.trigger_choices(rules, n, |c| offered |= c == *t);
                if offered {
                    Ok(())
                } else {
                    super::input::illegal("that effect is not one of those waiting to resolve")
                }
            }
            _ => Err(self.wrong("choose which effect resolves first")),
        }
    }

    /// Lifts the chosen trigger above the group, which asks again about the others
    /// once it has resolved.
    pub(in crate::game) fn perform_order_triggers(
        &mut self,
        seat: Seat,
        n: u8,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Resolve(t) = input else {
            unreachable!("checked by check_order_triggers")
        };
        self.agenda.pop();
        let top = self.agenda.len();
        let i = (top - n as usize..top)
            .rev()
            .find(|&i| trigger_of(&self.agenda[i]) == Some(*t))
            .expect("checked: one of the group");
        let step = self.agenda.remove(i);
        self.agenda.push(Step::OrderTriggers { n: n - 1 });
        self.agenda.push(step);
        ev.push(Event::TriggerFirst { seat, trigger: *t });
    }
}

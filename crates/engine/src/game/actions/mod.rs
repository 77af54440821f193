//! Actions (rulebook "Actions"): the five things the active player may do, one file
//! each with its check, its effect and its legal answers. This file only dispatches.

mod activate;
mod invade;
mod replenish;
mod score;
mod summon;

use super::Rules;
use super::choice::Classes;
use super::event::Event;
use super::input::{Input, RuleError, cannot};
use super::state::*;
use super::why::Why;

impl State {
    pub(in crate::game) fn check_action(
        &self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Summon(_) | Input::SummonTo { .. } => self.check_summon(rules, seat, input),
            Input::Activate(zone) => self.check_activate(rules, seat, *zone),
            Input::Score(c) => self.check_score(rules, seat, *c),
            Input::Replenish => self.check_afford(rules, seat, REPLENISH_COST),
            Input::Invade => self.check_invade(rules, seat),
            _ => Err(self.wrong("choose an action: summon, activate, score, replenish or invade")),
        }
    }

    /// An action whose cost would push the token past the end of the track is not
    /// available (glossary, "Paying Initiative").
    pub(in crate::game) fn check_afford(
        &self,
        rules: &Rules,
        seat: Seat,
        cost: u8,
    ) -> Result<(), RuleError> {
        if self.can_afford(rules, seat, cost) {
            Ok(())
        } else {
            cannot(Why::Initiative {
                cost,
                spendable: self.initiative_left(rules, seat).min(255) as u8,
            })
        }
    }

    /// Performs a checked action; `EndAction` (free scores owed, passing the turn)
    /// runs once everything the action started is done.
    pub(in crate::game) fn perform_action(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        self.agenda.pop();
        self.agenda.push(Step::EndAction);
        match input {
            Input::Summon(_) | Input::SummonTo { .. } => {
                self.perform_summon_action(rules, seat, input, ev)
            }
            Input::Activate(zone) => self.perform_activate(rules, seat, *zone, ev),
            Input::Score(c) => self.perform_score(rules, seat, *c, ev),
            Input::Replenish => self.perform_replenish(rules, seat, ev),
            Input::Invade => self.perform_invade(rules, seat, ev),
            _ => unreachable!("checked by check_action"),
        }
    }

    /// The actions in a fixed order: summons, activations, scores, replenish, invade.
    pub(in crate::game) fn legal_actions(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        self.legal_summons(rules, seat, out);
        self.legal_other_actions(rules, seat, out);
    }

    /// The actions after the summons.
    fn legal_other_actions(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        self.legal_activations(rules, seat, out);
        self.legal_scores(rules, seat, out);
        if self.can_afford(rules, seat, REPLENISH_COST) {
            out.push(Input::Replenish);
        }
        self.legal_invades(rules, seat, out);
    }

    /// `pick_legal` for the action question, for a chooser that weighs kinds of
    /// answers (the AI's cheap choice): `pick` gets the number of summons, which come
    /// first and are left unbuilt where they can be built alone, and the answers
    /// after them, and returns an index in the whole list. None if `seat` is not asked
    /// to choose an action.
    pub fn pick_legal_action<'b>(
        &self,
        rules: &Rules,
        seat: Seat,
        buf: &'b mut Vec<Input>,
        pick: impl FnOnce(usize, &[Input]) -> usize,
    ) -> Option<&'b Input> {
        buf.clear();
        if !self.waits_for(seat) || !matches!(self.agenda.last(), Some(Step::ChooseAction)) {
            return None;
        }
        if !cfg!(debug_assertions) {
            return self.pick_action(rules, seat, buf, pick);
        }
        // Builds with debug assertions (every test) check the answer built alone
        // against the list.
        let mut asked = None;
        let picked = self.pick_action(rules, seat, buf, |summons, rest| {
            let k = pick(summons, rest);
            asked = Some((summons + rest.len(), k));
            k
        });
        self.assert_picked(rules, seat, asked, picked);
        picked
    }

    /// `legal_actions(..)[k]`, left in `out`, with the summons counted and the one
    /// picked built alone where they are plain (`count_or_list_summons`): they are
    /// most of the list (every set of up to three cards of the hand), and walking and
    /// pushing them was a tenth of a random game. `pick` gets the number of summons
    /// left unbuilt, which come first, and the answers after them, and returns `k`, an
    /// index in the whole list. The few other actions are listed after the summons;
    /// where the summons are not plain they are listed too (none left unbuilt).
    pub(in crate::game) fn pick_action<'b>(
        &self,
        rules: &Rules,
        seat: Seat,
        out: &'b mut Vec<Input>,
        pick: impl FnOnce(usize, &[Input]) -> usize,
    ) -> Option<&'b Input> {
        let mut summons = Classes::new();
        let sets = self.count_or_list_summons(rules, seat, &mut summons, out);
        self.legal_other_actions(rules, seat, out);
        if sets + out.len() == 0 {
            return None;
        }
        let k = pick(sets, out);
        if k >= sets {
            return out.get(k - sets);
        }
        out.clear();
        out.push(Input::Summon(summons.nth_subset_up_to(k + 1, MAX_SUMMON)));
        out.first()
    }
}

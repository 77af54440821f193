//! Whether the order of simultaneous triggers can change anything (rules version 7).
//!
//! The rulebook gives the order to the active player ("If 2 or more game effects or
//! choices would ever seem to trigger simultaneously, the active player decides in
//! which order they will resolve"); a question whose every answer leads to the same
//! match is no choice, so from version 7 on it is skipped. Not by a list of pairs
//! known to commute: the engine plays every order of the group out on copies of the
//! match, each question on the way with every answer it allows, and compares where
//! they end. The active player is asked when
//!
//! - two orders end differently for some answers (the same answers, each to its own
//!   question, in a different order of the triggers): the order decides something;
//! - the questions on the way are asked of both seats: whoever answers second knows
//!   the first answer, so the order decides who chooses knowing more ("choices" are
//!   in the rule's own words);
//! - a question names a card in a hand, or an order turns a hidden card face up or
//!   shuffles (a mill, a reshuffle, a crystal revealed): whether those orders agree
//!   can hang on cards a player may not see, and asking or not would tell her;
//! - the group is too big to play out cheaply (more than `MAX_ORDERS` orders or
//!   `MAX_LEAVES` ends): asking is always allowed, skipping must be proven;
//! - a trigger that would do nothing when the group is asked (`trigger_fires`) would
//!   do something after one of the others: only the triggers that do something are
//!   put in every order, so one that starts to is not covered by them.
//!
//! Positions are compared whole (piles in their order, the random generator, the
//! agenda), hands as sets: two cards taken into a hand in either order are the same
//! hand. Events are not compared: the same gains in another order log other token
//! positions on the way to the same one.

use super::Rules;
use super::event::Event;
use super::input::Input;
use super::order::{Likeness, ROUND_FOUR};
use super::state::*;
use arrayvec::ArrayVec;
use std::hash::{Hash, Hasher};

/// The most orders of one group played out before the engine simply asks (4 different
/// triggers that do something; groups are rarely more than 2).
const MAX_ORDERS: usize = 24;
/// The most end positions followed over all orders and answers (Inform beside Linked
/// is 2 orders of up to 48).
const MAX_LEAVES: usize = 256;
/// Room for the triggers of one group, more than any one moment fires: both squads'
/// units (2 x `SQUAD_CAPACITY`), a zone's enter trigger and each seat's battle
/// options, Tactical and gain. The lists of a group are kept on the stack with this
/// room: a few times a match, but each vector of the play-out's setup was an
/// allocation and a free.
const MAX_GROUP: usize = 4 * SQUAD_CAPACITY;

/// A step that always waits, put under the group on a copy so that playing the
/// group out stops where the group is done, before the rest of the agenda runs. The
/// group never pushes one of its own (free scores are owed until the action ends).
const STOP: Step = Step::OrderScores;
/// Another, under each trigger of an order on a copy, so that playing it out stops
/// after each (only `advance` pushes one, on an empty agenda).
const MID: Step = Step::ChooseAction;

/// Why playing the orders out stops: the active player must be asked.
struct Ask;

/// Where one order ends for one combination of answers.
struct End {
    answers: Vec<(Seat, Input)>,
    /// Boxed: a list of ends grows by moving pointers, not states of over a kilobyte.
    state: Box<State>,
}

/// What playing the orders out has seen so far.
struct Search {
    /// The one seat questions were asked of.
    asked: Option<Seat>,
    /// End positions still allowed.
    budget: usize,
    /// The group's steps that would do nothing when it was asked.
    idle: ArrayVec<Step, MAX_GROUP>,
    /// The events of one step at a time, only checked (`check_events`): one buffer
    /// for the whole search rather than a vector grown for every step.
    ev: Vec<Event>,
    /// Spare buffers for the legal answers of the questions on the way, one in use
    /// per level of the play-out.
    legal: Vec<Vec<Input>>,
    /// Copies of the match no longer in use (ends of an order compared and done
    /// with), overwritten in place for the next copy rather than a copy allocated,
    /// built aside and moved for every answer and every end. Boxed, as the ends hold
    /// them: a copy moves between the two as a pointer.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<State>>,
}

impl Search {
    /// A copy of `state` on the heap, in a spare one if there is one.
    fn copy_of(&mut self, state: &State) -> Box<State> {
        match self.spare.pop() {
            Some(mut copy) => {
                State::clone_from(&mut copy, state);
                copy
            }
            None => Box::new(state.clone()),
        }
    }
}

impl State {
    /// Whether the order of the `n` grouped triggers under the waiting
    /// `OrderTriggers` step can change anything; always before rules version 7.
    pub(in crate::game) fn order_can_matter(&self, rules: &Rules, n: u8) -> bool {
        if !self.rules_at_least(ROUND_FOUR) {
            return true;
        }
        self.orders_agree(rules, n).is_err()
    }

    // Never inlined: a few times a game, and inlined into `advance`'s loop (through
    // `poll`) its locals made that loop's every step spill more registers.
    #[inline(never)]
    fn orders_agree(&self, rules: &Rules, n: u8) -> Result<(), Ask> {
        let group = self.grouped(n);
        let base = self.agenda.len() - 1 - n as usize;
        if group.len() > MAX_GROUP {
            // Never (see `MAX_GROUP`); asking is always allowed.
            return Err(Ask);
        }
        // Steps alike (`likeness`) are interchangeable: the orders of the group are
        // those of its kinds of step, each kind's steps in their own order. A step
        // that would do nothing now (`trigger_fires`) is idle: it does nothing
        // wherever it resolves as long as it stays so, which every order checks
        // after each trigger (`MID`), so only the others are put in every order.
        let mut kinds: ArrayVec<Likeness, MAX_GROUP> = ArrayVec::new();
        // The steps that do something with their kinds, in the group's order.
        let mut firing: ArrayVec<(usize, Step), MAX_GROUP> = ArrayVec::new();
        let mut idle = ArrayVec::new();
        let mut order: ArrayVec<usize, MAX_GROUP> = ArrayVec::new();
        for step in group.iter().rev() {
            if !self.trigger_fires(rules, step) {
                idle.push(*step);
                continue;
            }
            let like = self.likeness(step).expect("a group holds triggers only");
            let kind = match kinds.iter().position(|k| *k == like) {
                Some(i) => i,
                None => {
                    kinds.push(like);
                    kinds.len() - 1
                }
            };
            firing.push((kind, *step));
            order.push(kind);
        }
        order.sort_unstable();
        let mut search = Search {
            asked: None,
            budget: MAX_LEAVES,
            idle,
            ev: Vec::new(),
            legal: Vec::new(),
            spare: Vec::new(),
        };
        // The first order's ends, and one buffer for every later order's.
        let mut first = Vec::new();
        let mut ends = Vec::new();
        for i in 0..MAX_ORDERS {
            let into = if i == 0 { &mut first } else { &mut ends };
            self.play_order(rules, base, &order, &firing, &mut search, into)?;
            if i > 0 && !same_ends(&first, &ends) {
                return Err(Ask);
            }
            if !next_permutation(&mut order) {
                return Ok(());
            }
        }
        Err(Ask)
    }

    /// Every end of the group resolved in `order` (kinds of step, the first first; the
    /// steps of one kind in their order in `firing`), into `ends` (cleared first).
    fn play_order(
        &self,
        rules: &Rules,
        base: usize,
        order: &[usize],
        firing: &[(usize, Step)],
        search: &mut Search,
        ends: &mut Vec<End>,
    ) -> Result<(), Ask> {
        let mut copy = search.copy_of(self);
        copy.agenda.truncate(base);
        copy.agenda.push(STOP);
        // The idle steps last (in their order), where they do nothing if they still
        // do nothing after the last trigger.
        copy.agenda.extend(search.idle.iter().rev());
        let mut taken = [0; MAX_GROUP];
        let steps: ArrayVec<Step, MAX_GROUP> = order
            .iter()
            .map(|&k| {
                let mut of_kind = firing.iter().filter(|(kind, _)| *kind == k);
                let (_, step) = of_kind
                    .nth(taken[k])
                    .expect("one step per place of its kind");
                taken[k] += 1;
                *step
            })
            .collect();
        // A stack: the first to resolve goes on top, each above a `MID`.
        for &step in steps.iter().rev() {
            copy.agenda.push(MID);
            copy.agenda.push(step);
        }
        search.ev.clear();
        copy.advance(rules, false, &mut search.ev);
        check_events(&search.ev)?;
        search.spare.extend(ends.drain(..).map(|end| end.state));
        copy.play_out(rules, base, &mut Vec::new(), ends, search)
    }

    /// Answers every question until the group is done, with each answer it allows.
    fn play_out(
        mut self: Box<State>,
        rules: &Rules,
        base: usize,
        answers: &mut Vec<(Seat, Input)>,
        ends: &mut Vec<End>,
        search: &mut Search,
    ) -> Result<(), Ask> {
        if self.winner.is_some() || (self.agenda.len() == base + 1 && self.agenda[base] == STOP) {
            search.budget = search.budget.checked_sub(1).ok_or(Ask)?;
            for p in &mut self.players {
                p.hand.sort_unstable();
            }
            ends.push(End {
                answers: answers.clone(),
                state: self,
            });
            return Ok(());
        }
        if self.agenda.len() > base + 1 && self.agenda.last() == Some(&MID) {
            // A trigger is done: an idle one that would do something now could
            // resolve here in another order (or be picked), so the orders tried do
            // not cover it.
            if search.idle.iter().any(|s| self.trigger_fires(rules, s)) {
                return Err(Ask);
            }
            self.agenda.pop();
            search.ev.clear();
            self.advance(rules, false, &mut search.ev);
            check_events(&search.ev)?;
            return self.play_out(rules, base, answers, ends, search);
        }
        let &[seat] = self.waiting().as_slice() else {
            return Err(Ask);
        };
        if *search.asked.get_or_insert(seat) != seat {
            return Err(Ask);
        }
        let mut legal = search.legal.pop().unwrap_or_default();
        self.legal_into(rules, seat, &mut legal);
        if legal.is_empty() || legal.len() > search.budget {
            return Err(Ask);
        }
        let hands = |c: CardId| self.players.iter().any(|p| p.hand.contains(&c));
        if legal.iter().any(|i| names_card(i, hands)) {
            return Err(Ask);
        }
        // The last answer is played on this very state: one copy fewer per question.
        let (&last, others) = legal.split_last().expect("checked: not empty");
        for &input in others {
            search
                .copy_of(&self)
                .answer(rules, base, (seat, input), answers, ends, search)?;
        }
        search.legal.push(legal);
        self.answer(rules, base, (seat, last), answers, ends, search)
    }

    /// `play_out` after one answer.
    fn answer(
        mut self: Box<State>,
        rules: &Rules,
        base: usize,
        (seat, input): (Seat, Input),
        answers: &mut Vec<(Seat, Input)>,
        ends: &mut Vec<End>,
        search: &mut Search,
    ) -> Result<(), Ask> {
        search.ev.clear();
        self.apply_legal_into(rules, seat, &input, &mut search.ev);
        check_events(&search.ev)?;
        answers.push((seat, input));
        self.play_out(rules, base, answers, ends, search)?;
        answers.pop();
        Ok(())
    }
}

/// Refuses an order that turned a hidden card face up or shuffled.
fn check_events(ev: &[Event]) -> Result<(), Ask> {
    let hidden = ev.iter().any(|e| {
        matches!(
            e,
            Event::Milled { .. } | Event::Reshuffled { .. } | Event::CrystalRevealed { .. }
        )
    });
    if hidden { Err(Ask) } else { Ok(()) }
}

/// Whether an answer names a card for which `hit` holds.
fn names_card(input: &Input, hit: impl Fn(CardId) -> bool) -> bool {
    match input {
        Input::Mulligan(cards)
        | Input::Summon(cards)
        | Input::Order(cards)
        | Input::Move { cards, .. }
        | Input::SummonTo { cards, .. } => cards.iter().any(|&c| hit(c)),
        Input::BattleCard(c)
        | Input::Discard(c)
        | Input::Unit(c)
        | Input::Pick(c)
        | Input::Tuck { card: c, .. } => hit(*c),
        Input::Inform { keep, order } => hit(*keep) || order.iter().any(|&c| hit(c)),
        Input::Activate(_)
        | Input::Score(_)
        | Input::Replenish
        | Input::Invade
        | Input::Stay
        | Input::Battle(_)
        | Input::First(_)
        | Input::Draw(_)
        | Input::Done
        | Input::Return(_)
        | Input::Predict(_)
        | Input::Sacrifice(_)
        | Input::UseCrystal(_)
        | Input::Accept(_)
        | Input::Resolve(_) => false,
    }
}

/// Whether two orders end alike: the same ends for the same answers, as multisets
/// (the answers of one end in any order). Not question by question, by decision
/// (docs/rulings.md, issue 48 item 17): one seat gives every answer, each knowing what
/// came before, so an order decides something only if it changes which ends she can
/// reach with which choices; the order the questions come in is not such a change.
fn same_ends(a: &[End], b: &[End]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // Ends whose answers hash differently differ: the hashes rule out nearly every
    // pair before the answers are compared one by one.
    let hashes =
        |ends: &[End]| -> Vec<u64> { ends.iter().map(|e| answers_hash(&e.answers)).collect() };
    let (ha, hb) = (hashes(a), hashes(b));
    let mut used = vec![false; b.len()];
    a.iter().zip(&ha).all(|(x, hx)| {
        let found = b.iter().zip(&hb).enumerate().position(|(i, (y, hy))| {
            !used[i] && hx == hy && same_answers(&x.answers, &y.answers) && x.state == y.state
        });
        found.map(|i| used[i] = true).is_some()
    })
}

/// A hash of a list of answers as a multiset (in any order, the same): a sum of
/// each answer's hash, by a hasher much cheaper than the standard one (no key).
fn answers_hash(answers: &[(Seat, Input)]) -> u64 {
    struct Mix(u64);
    impl Hasher for Mix {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
            }
        }
    }
    answers.iter().fold(0u64, |sum, answer| {
        let mut h = Mix(0);
        answer.hash(&mut h);
        sum.wrapping_add(h.finish())
    })
}

fn same_answers(a: &[(Seat, Input)], b: &[(Seat, Input)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|x| a.iter().filter(|y| *y == x).count() == b.iter().filter(|y| *y == x).count())
}

/// The next order in lexicographic order, false after the last: each order of a list
/// with repeats once.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("v[i] is one");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    /// Every order of a list with repeats, each once: 3!/2! = 3 for [0, 0, 1].
    #[test]
    fn permutations_with_repeats_come_once_each() {
        let mut v = vec![0, 0, 1];
        let mut seen = vec![v.clone()];
        while next_permutation(&mut v) {
            seen.push(v.clone());
        }
        assert_eq!(seen, vec![vec![0, 0, 1], vec![0, 1, 0], vec![1, 0, 0]]);
        let mut one = vec![4];
        assert!(!next_permutation(&mut one));
    }
}

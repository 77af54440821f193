//! The lesson cavern (`/crystallo learn`): a fixed deal, the moments of the first game
//! a newcomer is shown, and the move suggested to them. Pure like the rest of the crate:
//! when a lesson is due is a function of the game's history (its deal and its inputs),
//! so nothing needs storing to show each lesson once, and a restart changes nothing.
//!
//! A lesson's moment is the first version of the game at which what it explains is on
//! the player's screen (and the lesson before it came at an earlier version, so the
//! player acts between two lessons): the panels of that version show it, later ones
//! do not.
//!
//! The suggestion is the greedy bot's choice, from the player's `View` only, so it never
//! tells what a face-down card is; at the moment of the set and of freeing a creature it
//! is chosen among the moves that do what the lesson explains.

use crate::bots::{Bot, Greedy};
use crate::play::{Foreseen, Input, apply, foresee, legal};
use crate::state::{Phase, State};
use crate::view::View;

/// The lesson deal's seed, chosen with the search in `tests/it/lesson.rs`
/// (`the_lesson_seed_is_the_best_of_a_search`, deals 0 to 1,999 of deck version 2).
/// Following the suggestions on it: the first card placed can make no set, so the first
/// set is the set lesson's, with the next card (version 1); a creature is freed at
/// version 3; phase 2 begins at version 20, the soonest of the search, with no face-up
/// colour missing; and the dragon is trapped with 16 cards to spare: the lesson ends as
/// a Champion after 28 inputs.
pub const SEED: u64 = 786;

/// One lesson, in the order a game reaches them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lesson {
    /// Where a card may lie. The rulebook: "place it so that **any one** of the crystals
    /// lines up, horizontally or vertically, next to **any one** of the crystals on the
    /// first card. The second card may be placed side-by-side or partially covering the
    /// card already in place [...] You may not place an orb; you must place one crystal
    /// next to another crystal. [...] Once a card has been placed it cannot be moved."
    Contact,
    /// A set. The rulebook: "To create a set, you will need to make a square with
    /// **three crystals and one colored orb** [...] for each trait (shape and color) all
    /// crystals must be all the same or all different", and "note the color of the orb
    /// that completes the square [...] That orb is now lit up. Remove a gem from the
    /// creature card of that color."
    Set,
    /// Freeing a creature. The rulebook: "Place 3 gems on the orbs at the bottom of each
    /// creature card", "Once you have removed all three of a creature's bonds, you may
    /// move the card up to indicate that the creature has fled the cavern", and "If you
    /// successfully complete the first phase by freeing all six creatures, you can then
    /// continue to Phase 2."
    Free,
    /// Phase 2, the Black Dragon. The rulebook: "Take your stack of 9+ reserved cards and
    /// turn them all face up in front of you", "Begin placing cards just as you did in
    /// the first round; only now when you create a crystal set, mark the orb with one gem
    /// of the appropriate color, **and** place another gem of that color on the Black
    /// Dragon card with the corresponding orb", "Continue in this way until you either
    /// run out of cards or succeed in placing gems on all 6 orbs of the Black Dragon
    /// cards, thus successfully trapping the dragon", and the titles: trapped "with 3 or
    /// more cards remaining: [...] CHAMPION".
    Dragon,
    /// The game is over: what to play next.
    End,
}

impl Lesson {
    pub const ALL: [Lesson; 5] = [
        Lesson::Contact,
        Lesson::Set,
        Lesson::Free,
        Lesson::Dragon,
        Lesson::End,
    ];

    fn index(self) -> usize {
        self as usize
    }
}

/// The version at which each lesson's moment came (by `Lesson::index`), fed one state
/// of the game after another.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moments {
    at: [Option<usize>; 5],
    /// The states fed so far (the next one's version).
    seen: usize,
}

impl Moments {
    /// The moments of a game dealt as `deal` and played with `inputs`. `None`: the
    /// engine refuses one of them (not this deal's history).
    pub fn of(deal: &State, inputs: &[Input]) -> Option<Moments> {
        let mut m = Moments::default();
        let mut state = deal.clone();
        m.feed(&state);
        for input in inputs {
            apply(&mut state, *input).ok()?;
            m.feed(&state);
        }
        Some(m)
    }

    /// The next version's state.
    pub fn feed(&mut self, state: &State) {
        let v = self.seen;
        self.seen += 1;
        // Set and Free ask what each legal input would do: only until both have come.
        let asks = state.phase == Phase::Explore
            && (self.at[Lesson::Set.index()].is_none() || self.at[Lesson::Free.index()].is_none());
        let foreseen: Vec<Foreseen> = if asks {
            legal(state)
                .into_iter()
                .map(|i| foresee(state, i))
                .collect()
        } else {
            Vec::new()
        };
        let mut before = true;
        for lesson in Lesson::ALL {
            let k = lesson.index();
            let chained = lesson == Lesson::End || before;
            if self.at[k].is_none() && chained && reached(lesson, state, &foreseen) {
                self.at[k] = Some(v);
            }
            before = self.at[k].is_some_and(|m| m < v);
        }
    }

    /// The version of `lesson`'s moment, if it came.
    pub fn at(&self, lesson: Lesson) -> Option<usize> {
        self.at[lesson.index()]
    }

    /// The lessons whose moment is the last state fed, in order.
    pub fn now(&self) -> Vec<Lesson> {
        let last = self.seen.checked_sub(1);
        Lesson::ALL
            .into_iter()
            .filter(|l| last.is_some() && self.at(*l) == last)
            .collect()
    }
}

/// Whether `state` shows what `lesson` explains. `foreseen`: what each legal input
/// would do (empty when not asked).
fn reached(lesson: Lesson, state: &State, foreseen: &[Foreseen]) -> bool {
    match lesson {
        // The first card to place that has a place.
        Lesson::Contact => {
            state.phase == Phase::Explore
                && legal(state)
                    .iter()
                    .any(|i| matches!(i, Input::Place { .. }))
        }
        Lesson::Set => foreseen.iter().any(|f| !f.lit.is_empty()),
        Lesson::Free => foreseen.iter().any(|f| !f.freed.is_empty()),
        // Placing face-up cards (a missing colour's discard, if any, comes first and is
        // explained by the panel itself).
        Lesson::Dragon => state.phase == Phase::Dragon,
        Lesson::End => state.is_over(),
    }
}

/// The lessons due after `inputs` in a game dealt as `deal`, in order (none when the
/// engine refuses one of them).
pub fn due(deal: &State, inputs: &[Input]) -> Vec<Lesson> {
    Moments::of(deal, inputs).map_or_else(Vec::new, |m| m.now())
}

/// The move suggested at `state` when `due` are the lessons shown: the greedy bot's,
/// from the player's view, among the moves that make a set (or free a creature) when
/// that is the lesson. `None`: nothing to play (the game is over).
pub fn suggest(state: &State, due: &[Lesson]) -> Option<Input> {
    let all = legal(state);
    if all.is_empty() {
        return None;
    }
    let wanted: Option<fn(&Foreseen) -> bool> = if due.contains(&Lesson::Free) {
        Some(|f| !f.freed.is_empty())
    } else if due.contains(&Lesson::Set) {
        Some(|f| !f.lit.is_empty())
    } else {
        None
    };
    let pool: Vec<Input> = match wanted {
        Some(w) => all
            .iter()
            .copied()
            .filter(|i| w(&foresee(state, *i)))
            .collect(),
        None => Vec::new(),
    };
    let pool = if pool.is_empty() { all } else { pool };
    Some(Greedy.decide(&View::of(state), &pool))
}

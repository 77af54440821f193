//! Which answers are the same choice. `legal` offers exactly one answer per choice, and
//! this file is the one place that says when two answers are the same: the enumeration
//! helpers `legal` builds its lists with follow the same rule as `State::same_choice`.
//!
//! Two card instances are **interchangeable** when they have the same kind, the same
//! owner and the same [`Place`]. A place is a pile of one seat (hand, draw pile, discard
//! pile, removed from the game), a committed battle card, or, in a squad, a *run*: a
//! maximal block of adjacent units of one kind and owner (taking any unit of a run
//! leaves the same squad behind, while taking one of two like units that stand apart
//! leaves different squads). Two answers are the same choice when one becomes the
//! other by swapping interchangeable cards; an order of a whole squad (reorder) is the
//! same choice as another when both put the same kind and owner in every position,
//! since the answer rewrites every position of the squad.
//!
//! So a card in hand and its twin in the discard pile, two copies in different zones,
//! or two copies with different owners are different choices; two copies in one hand
//! are one.

mod orders;

pub(super) use orders::{for_each_order, has_several_orders, order_count, pick_order};

use super::board::ZoneId;
use super::input::Input;
use super::pack::KindId;
use super::state::{
    CardId, Cards, MAX_SUMMON, SQUAD_CAPACITY, Seat, Squad, State, TOTAL_CARDS, owner,
};
use arrayvec::ArrayVec;

/// Where a card is, as far as telling choices apart goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    Hand(Seat),
    Draw(Seat),
    Discard(Seat),
    Removed(Seat),
    /// A unit of `seat`'s squad in `zone`, in the run of like units that starts at
    /// position `run` (0 = top).
    Squad {
        zone: ZoneId,
        seat: Seat,
        run: u8,
    },
    /// The seat's committed battle card.
    Battle(Seat),
    /// Not in the match (an id no card has).
    Nowhere,
}

impl Place {
    /// Single-byte tags and fields, for hashing (`ai::key`).
    pub fn bytes(self) -> [u8; 4] {
        match self {
            Place::Hand(s) => [0, s, 0, 0],
            Place::Draw(s) => [1, s, 0, 0],
            Place::Discard(s) => [2, s, 0, 0],
            Place::Removed(s) => [3, s, 0, 0],
            Place::Squad { zone, seat, run } => [4, zone, seat, run],
            Place::Battle(s) => [5, s, 0, 0],
            Place::Nowhere => [6, 0, 0, 0],
        }
    }
}

/// What makes a card interchangeable with another: same class, same choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Class {
    pub kind: KindId,
    pub owner: Seat,
    pub place: Place,
}

/// A card's kind and owner as one number: alike cards have the same. Grouping cards
/// by it compares numbers instead of looking kinds up again for every pair.
pub(super) fn likeness(state: &State, card: CardId) -> u16 {
    let kind = state
        .kinds
        .get(card as usize)
        .copied()
        .unwrap_or(KindId::MAX);
    u16::from(kind) << 1 | u16::from(owner(card))
}

/// Where every card is, worked out in one pass over the state (for answers that name
/// several cards, and for keying many answers to one question).
pub struct Places([Place; TOTAL_CARDS]);

/// Every card in its owner's draw pile: where a card of a consistent state is when it
/// is in no other place (`State::validate`: every card in exactly one place, a draw
/// pile holds only its owner's cards).
const ALL_DRAWN: [Place; TOTAL_CARDS] = {
    let mut at = [Place::Nowhere; TOTAL_CARDS];
    let mut c = 0;
    while c < TOTAL_CARDS {
        at[c] = Place::Draw(owner(c as CardId));
        c += 1;
    }
    at
};

impl Places {
    pub fn new(state: &State) -> Places {
        // The draw piles are most of the cards, and the search keys answers at every
        // node it visits: they are not walked, every card starts in its owner's. The
        // table is filled where it is handed back (built aside, it was copied again).
        let mut places = Places(ALL_DRAWN);
        let at = &mut places.0;
        for seat in 0..2u8 {
            let p = &state.players[seat as usize];
            let piles = [
                (&p.hand, Place::Hand(seat)),
                (&p.discard, Place::Discard(seat)),
                (&p.removed, Place::Removed(seat)),
            ];
            for (pile, place) in piles {
                for &c in pile {
                    at[c as usize] = place;
                }
            }
            if let Some(c) = state.battle.as_ref().and_then(|b| b.cards[seat as usize]) {
                at[c as usize] = Place::Battle(seat);
            }
        }
        for (zone, pair) in state.squads.iter().enumerate() {
            for (seat, squad) in pair.iter().enumerate() {
                // Each unit's likeness once, not once with each neighbour.
                let (mut run, mut prev) = (0, None);
                for (i, &c) in squad.iter().enumerate() {
                    let like = Some(likeness(state, c));
                    if like != prev {
                        run = i;
                        prev = like;
                    }
                    at[c as usize] = Place::Squad {
                        zone: zone as ZoneId,
                        seat: seat as Seat,
                        run: run as u8,
                    };
                }
            }
        }
        if cfg!(debug_assertions) {
            for (seat, p) in state.players.iter().enumerate() {
                for &c in &p.draw {
                    assert_eq!(
                        at[c as usize],
                        Place::Draw(seat as Seat),
                        "card {c} elsewhere"
                    );
                }
            }
        }
        places
    }

    /// The card's class: cards of one class are interchangeable in any answer.
    pub fn class(&self, state: &State, card: CardId) -> Class {
        Class {
            kind: state
                .kinds
                .get(card as usize)
                .copied()
                .unwrap_or(KindId::MAX),
            owner: owner(card),
            place: self.0.get(card as usize).copied().unwrap_or(Place::Nowhere),
        }
    }

    /// The class of a unit as a reorder sees it: its squad, whatever its run.
    // Inlined into the search's keys, which ask it for every unit of every order.
    #[inline]
    pub fn unit_class(&self, state: &State, card: CardId) -> Class {
        let mut k = self.class(state, card);
        if let Place::Squad { ref mut run, .. } = k.place {
            *run = 0;
        }
        k
    }
}

impl State {
    /// The card's class (see [`Place`]).
    pub fn class(&self, card: CardId) -> Class {
        Places::new(self).class(self, card)
    }

    /// Whether two answers are the same choice: one becomes the other by swapping
    /// interchangeable cards (see the module comment). Card lists of summons, moves and
    /// mulligans are sets (a summon's order is decided again by the reorder that
    /// follows); orders are compared position by position.
    pub fn same_choice(&self, a: &Input, b: &Input) -> bool {
        let places = Places::new(self);
        let one = |x: &CardId, y: &CardId| places.class(self, *x) == places.class(self, *y);
        let set = |x: &Cards, y: &Cards| {
            let classes = |cs: &Cards| {
                let mut v: ArrayVec<Class, SQUAD_CAPACITY> =
                    cs.iter().map(|&c| places.class(self, c)).collect();
                v.sort_unstable();
                v
            };
            x.len() == y.len() && classes(x) == classes(y)
        };
        // A reorder rewrites every position of its squad: runs do not matter there.
        let order = |x: &Cards, y: &Cards| {
            let whole = |c: CardId| places.unit_class(self, c);
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| whole(p) == whole(q))
        };
        match (a, b) {
            (Input::Mulligan(x), Input::Mulligan(y)) | (Input::Summon(x), Input::Summon(y)) => {
                set(x, y)
            }
            (
                Input::SummonTo {
                    cards: x,
                    zone: zx,
                    via: vx,
                },
                Input::SummonTo {
                    cards: y,
                    zone: zy,
                    via: vy,
                },
            ) => zx == zy && vx == vy && set(x, y),
            (Input::Move { cards: x, to: tx }, Input::Move { cards: y, to: ty }) => {
                tx == ty && set(x, y)
            }
            (Input::Order(x), Input::Order(y)) => order(x, y),
            (Input::BattleCard(x), Input::BattleCard(y))
            | (Input::Discard(x), Input::Discard(y))
            | (Input::Unit(x), Input::Unit(y))
            | (Input::Pick(x), Input::Pick(y)) => one(x, y),
            (Input::Inform { keep: kx, order: x }, Input::Inform { keep: ky, order: y }) => {
                one(kx, ky) && order(x, y)
            }
            (Input::Tuck { card: x, top: tx }, Input::Tuck { card: y, top: ty }) => {
                tx == ty && one(x, y)
            }
            _ => a == b,
        }
    }
}

/// Cards offered for one question, grouped into classes (in order of first appearance):
/// what `legal` chooses among. Cards added by different calls are never grouped
/// together, so each call is one place. Kept small (a few hundred bytes) because
/// `legal` builds one for nearly every question.
pub(super) struct Classes {
    /// The cards, class by class: class `i` is `cards[start[i]..start[i + 1]]` (the
    /// last one runs to the end).
    cards: ArrayVec<CardId, TOTAL_CARDS>,
    start: ArrayVec<u8, TOTAL_CARDS>,
}

impl Classes {
    pub(super) fn new() -> Classes {
        Classes {
            cards: ArrayVec::new(),
            start: ArrayVec::new(),
        }
    }

    /// Adds the cards of one pile (or part of one): alike cards are one class.
    pub(super) fn pile(&mut self, state: &State, cards: &[CardId]) {
        self.pile_where(state, cards, |_| true)
    }

    /// `pile` for the cards of `cards` that `keep` keeps, read in place (a filtered
    /// copy of a pile, handed back through memory, was a stall per summon question).
    /// The classes are built in place: handed from call to call by value, they were
    /// copied whole each time.
    pub(super) fn pile_where(
        &mut self,
        state: &State,
        cards: &[CardId],
        mut keep: impl FnMut(CardId) -> bool,
    ) {
        let mut keys: ArrayVec<u16, TOTAL_CARDS> = ArrayVec::new();
        // The kept cards with their classes: the passes below, one per class, read
        // only them (a discard pile's few Undying units, not the whole pile).
        let mut kept: ArrayVec<(CardId, u8), TOTAL_CARDS> = ArrayVec::new();
        for &c in cards {
            if !keep(c) {
                continue;
            }
            let k = likeness(state, c);
            let j = match keys.iter().position(|&f| f == k) {
                Some(j) => j as u8,
                None => {
                    keys.push(k);
                    (keys.len() - 1) as u8
                }
            };
            kept.push((c, j));
        }
        for j in 0..keys.len() as u8 {
            self.start.push(self.cards.len() as u8);
            for &(c, k) in &kept {
                if k == j {
                    self.cards.push(c);
                }
            }
        }
    }

    /// Whether no card was added.
    pub(super) fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Adds the units of one squad: each run of adjacent like units is one class.
    pub(super) fn squad(&mut self, state: &State, squad: &[CardId]) {
        let mut prev = None;
        for &c in squad {
            let like = Some(likeness(state, c));
            if like != prev {
                self.start.push(self.cards.len() as u8);
            }
            prev = like;
            self.cards.push(c);
        }
    }

    /// The cards of class `i`.
    fn class(&self, i: usize) -> &[CardId] {
        let end = self
            .start
            .get(i + 1)
            .map_or(self.cards.len(), |&e| e as usize);
        &self.cards[self.start[i] as usize..end]
    }

    /// Every card added, class by class.
    pub(super) fn cards(&self) -> &[CardId] {
        &self.cards
    }

    /// One card of each class, in order.
    pub(super) fn firsts(&self) -> impl Iterator<Item = CardId> + '_ {
        self.start.iter().map(|&s| self.cards[s as usize])
    }

    /// Calls `f` with one set of cards for every multiset of classes of size at most
    /// `max` (the empty one included), each listing its cards in class order.
    pub(super) fn for_each_subset(&self, max: usize, mut f: impl FnMut(&Cards)) {
        self.for_each_subset_within(max, u32::MAX, |_| 0, |cards, _| f(cards));
    }

    /// `for_each_subset` without the sets whose cards' `cost`s add up to more than
    /// `budget`, in the same order; `f` also gets the set's total cost. Costs are never
    /// negative, so a set over the budget stays over as it grows: its whole branch is
    /// skipped at once.
    ///
    /// The order is that of the counts taken of each class, compared class by class
    /// (the empty set first, then sets of the last class, ...). Each call of the walk
    /// below gives its set as it stands (no more cards from the classes after the last
    /// one taken from), then extends it by each later class, the last class first:
    /// one call per set, with no chains of calls that take nothing.
    pub(super) fn for_each_subset_within(
        &self,
        max: usize,
        budget: u32,
        cost: impl Fn(CardId) -> u32,
        f: impl FnMut(&Cards, u32),
    ) {
        struct Walk<'a, F> {
            cards: &'a [CardId],
            spans: ArrayVec<Span, TOTAL_CARDS>,
            max: usize,
            budget: u32,
            f: F,
        }
        fn rec<F: FnMut(&Cards, u32)>(
            w: &mut Walk<'_, F>,
            from: usize,
            spent: u32,
            cur: &mut Cards,
        ) {
            (w.f)(cur, spent);
            let before = cur.len();
            if before == w.max {
                return;
            }
            let room = w.max - before;
            for i in (from..w.spans.len()).rev() {
                let Span { start, len, cost } = w.spans[i];
                let mut spent = spent;
                for k in 0..usize::from(len).min(room) {
                    spent = spent.saturating_add(cost);
                    if spent > w.budget {
                        break;
                    }
                    cur.push(w.cards[usize::from(start) + k]);
                    rec(w, i + 1, spent, cur);
                }
                cur.truncate(before);
            }
        }
        // Built in place: a collected `ArrayVec` would be copied whole into the walk.
        let mut w = Walk {
            cards: &self.cards,
            spans: ArrayVec::new(),
            max: max.min(SQUAD_CAPACITY),
            budget,
            f,
        };
        for i in 0..self.start.len() {
            let class = self.class(i);
            w.spans.push(Span {
                start: self.start[i],
                len: class.len() as u8,
                cost: cost(class[0]),
            });
        }
        if w.max <= MAX_SUMMON {
            walk_three(w.cards, &w.spans, w.max, w.budget, &mut w.f);
        } else {
            rec(&mut w, 0, 0, &mut Cards::new());
        }
    }
}

/// One class for the walks of `Classes::for_each_subset_within`: where its cards
/// start, how many, and what one costs (alike cards cost the same: one look-up per
/// class).
#[derive(Clone, Copy)]
struct Span {
    start: u8,
    len: u8,
    cost: u32,
}

/// The walk of `Classes::for_each_subset_within` for sets of at most three cards (every
/// summon, most moves), in the same order, as three nested loops: the recursive walk's
/// calls (one per set, saving and restoring registers) were a third of its cost.
fn walk_three<F: FnMut(&Cards, u32)>(
    cards: &[CardId],
    spans: &[Span],
    max: usize,
    budget: u32,
    f: &mut F,
) {
    debug_assert!(max <= MAX_SUMMON, "three levels of loops");
    let n = spans.len();
    let mut cur = Cards::new();
    f(&cur, 0);
    if max == 0 {
        return;
    }
    // Each level takes 1, 2, ... cards of one class (while the budget allows), gives
    // the set, then extends it by each later class, the last class first.
    for i in (0..n).rev() {
        let a = spans[i];
        let mut spent_a = 0u32;
        for ka in 0..usize::from(a.len).min(max) {
            spent_a = spent_a.saturating_add(a.cost);
            if spent_a > budget {
                break;
            }
            cur.push(cards[usize::from(a.start) + ka]);
            f(&cur, spent_a);
            let room_b = max - (ka + 1);
            for j in (i + 1..n).rev() {
                if room_b == 0 {
                    break;
                }
                let b = spans[j];
                let mut spent_b = spent_a;
                for kb in 0..usize::from(b.len).min(room_b) {
                    spent_b = spent_b.saturating_add(b.cost);
                    if spent_b > budget {
                        break;
                    }
                    cur.push(cards[usize::from(b.start) + kb]);
                    f(&cur, spent_b);
                    let room_c = room_b - (kb + 1);
                    for l in (j + 1..n).rev() {
                        if room_c == 0 {
                            break;
                        }
                        // At most one card more: three in all.
                        let c = spans[l];
                        let spent_c = spent_b.saturating_add(c.cost);
                        if spent_c <= budget {
                            cur.push(cards[usize::from(c.start)]);
                            f(&cur, spent_c);
                            cur.pop();
                        }
                    }
                }
                cur.truncate(ka + 1);
            }
        }
        cur.truncate(0);
    }
}

impl Classes {
    /// How many sets `for_each_subset` lists when its `max` takes no set away (at
    /// least as many as the cards): every count of every class, the empty set included.
    pub(super) fn count_subsets(&self) -> usize {
        (0..self.start.len())
            .map(|i| self.class(i).len() + 1)
            .product()
    }

    /// The set `for_each_subset` lists at index `j` (below `count_subsets`, with a
    /// `max` that takes no set away), built alone. The walk lists, after the set as it
    /// stands, for each later class from the last one back and each count `t` of it,
    /// one block: the first `t` cards of that class with every set of the classes after
    /// it (a product of their counts plus one); the index falls in one such block.
    pub(super) fn nth_subset(&self, mut j: usize) -> Cards {
        let n = self.start.len();
        let mut out = Cards::new();
        let mut from = 0;
        'walk: while j > 0 {
            j -= 1;
            // The sets of the classes after `i`, multiplied up as `i` goes back (a
            // table of them for every class, filled in first, cost more than the walk).
            let mut after = 1;
            for i in (from..n).rev() {
                let class = self.class(i);
                for t in 1..=class.len() {
                    if j < after {
                        out.extend(class[..t].iter().copied());
                        from = i + 1;
                        continue 'walk;
                    }
                    j -= after;
                }
                after *= class.len() + 1;
            }
            unreachable!("j is below count_subsets");
        }
        out
    }

    /// How many sets `for_each_subset(max)` lists (the empty set included), for a
    /// `max` of at most `MAX_SUMMON` (a summon's sets): `count_subsets` with the sets
    /// over `max` cards left out.
    pub(super) fn count_subsets_up_to(&self, max: usize) -> usize {
        let mut after = [1; MAX_SUMMON + 1];
        for i in (0..self.start.len()).rev() {
            grow_up_to(&mut after, self.class(i).len());
        }
        after[max]
    }

    /// `nth_subset` for `for_each_subset(max)` with a `max` of at most `MAX_SUMMON`:
    /// the same blocks, each holding only the sets with room left for them (counted
    /// by how many cards each may still take).
    pub(super) fn nth_subset_up_to(&self, mut j: usize, max: usize) -> Cards {
        let n = self.start.len();
        let mut out = Cards::new();
        let mut from = 0;
        'walk: while j > 0 {
            j -= 1;
            let room = max - out.len();
            let mut after = [1; MAX_SUMMON + 1];
            for i in (from..n).rev() {
                let class = self.class(i);
                for t in 1..=class.len().min(room) {
                    if j < after[room - t] {
                        out.extend(class[..t].iter().copied());
                        from = i + 1;
                        continue 'walk;
                    }
                    j -= after[room - t];
                }
                grow_up_to(&mut after, class.len());
            }
            unreachable!("j is below count_subsets_up_to");
        }
        out
    }
}

/// `after[r]` (the sets of some classes with at most `r` cards) grown by one class of
/// `len` cards in front: each count `t` of it with the sets of at most `r - t` after.
/// Spelled out for three: a loop over the counts, with its sums, cost about 2M more
/// instructions in 300 random games.
fn grow_up_to(after: &mut [usize; MAX_SUMMON + 1], len: usize) {
    const _: () = assert!(MAX_SUMMON == 3, "the sums below are for sets of three");
    let [a0, a1, a2, a3] = *after;
    *after = match len {
        0 => return,
        1 => [a0, a1 + a0, a2 + a1, a3 + a2],
        2 => [a0, a1 + a0, a2 + a1 + a0, a3 + a2 + a1],
        _ => [a0, a1 + a0, a2 + a1 + a0, a3 + a2 + a1 + a0],
    };
}

/// Calls `f` with the first card of each class of one pile, in order: what
/// `Classes::pile(..).firsts()` gives, without grouping the other cards (most questions
/// about a pile offer one card of each class).
pub(super) fn pile_firsts(state: &State, cards: &[CardId], mut f: impl FnMut(CardId)) {
    let mut seen: ArrayVec<u16, TOTAL_CARDS> = ArrayVec::new();
    for &c in cards {
        let k = likeness(state, c);
        if !seen.contains(&k) {
            seen.push(k);
            f(c);
        }
    }
}

/// The top unit of each run of a squad, top first, and how many: what
/// `Classes::squad(..).firsts()` gives, without building the classes (asked at every
/// discard down). Each unit is written and counted if it starts a run, with no branch
/// per unit: whether two neighbours are alike is another at every discard, and the
/// branch was mispredicted.
fn gather_run_tops(state: &State, squad: &Squad) -> ([CardId; SQUAD_CAPACITY], usize) {
    let mut tops = [0; SQUAD_CAPACITY];
    let mut n = 0;
    // No card's likeness (a kind and an owner, below 512).
    let mut prev = u16::MAX;
    for &c in squad.iter() {
        let like = likeness(state, c);
        tops[n] = c;
        n += usize::from(like != prev);
        prev = like;
    }
    (tops, n)
}

/// Calls `f` with the top unit of each run of a squad, top first (`gather_run_tops`).
pub(super) fn run_tops(state: &State, squad: &Squad, mut f: impl FnMut(CardId)) {
    let (tops, n) = gather_run_tops(state, squad);
    tops[..n].iter().for_each(|&c| f(c));
}

/// `run_tops(..)[k]` for the index `k` that `pick` returns given their number (none
/// if the squad is empty or `k` is past the end): a discard-down answer built alone.
pub(super) fn pick_run_top(
    state: &State,
    squad: &Squad,
    pick: impl FnOnce(usize) -> usize,
) -> Option<CardId> {
    let (tops, n) = gather_run_tops(state, squad);
    if n == 0 {
        return None;
    }
    tops[..n].get(pick(n)).copied()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::game::{Rules, Setup};

    /// A start position and a pile with several copies of some kinds.
    pub(super) fn position() -> (Rules, State) {
        let rules = Rules::base();
        let setup = Setup {
            clans: [0, 1],
            seed: 3,
            mulligan: false,
        };
        let (state, _) = State::new(&rules, setup).expect("valid setup");
        (rules, state)
    }

    /// The sets the walk must list: every count of every class, compared class by
    /// class (the order `legal` has always used), built the plain way.
    fn plain_subsets(classes: &Classes, max: usize) -> Vec<Cards> {
        fn rec(classes: &Classes, i: usize, max: usize, cur: &mut Cards, out: &mut Vec<Cards>) {
            if i == classes.start.len() {
                out.push(*cur);
                return;
            }
            let class = classes.class(i);
            let before = cur.len();
            for take in 0..=class.len().min(max - before) {
                if take > 0 {
                    cur.push(class[take - 1]);
                }
                rec(classes, i + 1, max, cur, out);
            }
            cur.truncate(before);
        }
        let mut out = Vec::new();
        rec(classes, 0, max, &mut Cards::new(), &mut out);
        out
    }

    #[test]
    fn subset_walk_keeps_the_class_count_order_and_drops_only_sets_over_budget() {
        let (rules, state) = position();
        let draw = &state.players[0].draw;
        let mut classes = Classes::new();
        classes.pile(&state, &draw[..12]);
        classes.pile(&state, &draw[12..16]);
        assert!(classes.start.len() < 16, "some of the cards are alike");
        let cost = |c: CardId| u32::from(state.card(&rules, c).summon);
        for max in [1, 3, 5] {
            for budget in [0, 2, 4, u32::MAX] {
                let expected: Vec<(Cards, u32)> = plain_subsets(&classes, max)
                    .into_iter()
                    .map(|s| {
                        let total = s.iter().map(|&c| cost(c)).sum();
                        (s, total)
                    })
                    .filter(|&(_, total)| total <= budget)
                    .collect();
                let mut walked = Vec::new();
                classes
                    .for_each_subset_within(max, budget, cost, |s, total| walked.push((*s, total)));
                assert_eq!(walked, expected, "max {max}, budget {budget}");
            }
        }
    }

    #[test]
    fn nth_subset_is_the_listed_set_at_that_index() {
        let (_, state) = position();
        let draw = &state.players[0].draw;
        for cards in [&draw[..0], &draw[..1], &draw[..4], &draw[..9], &draw[3..16]] {
            let mut classes = Classes::new();
            classes.pile(&state, cards);
            let mut listed = Vec::new();
            classes.for_each_subset(SQUAD_CAPACITY, |s| listed.push(*s));
            assert_eq!(classes.count_subsets(), listed.len(), "sets of {cards:?}");
            for (j, set) in listed.iter().enumerate() {
                assert_eq!(&classes.nth_subset(j), set, "set #{j} of {cards:?}");
            }
        }
    }

    #[test]
    fn nth_subset_up_to_is_the_listed_set_at_that_index() {
        let (_, state) = position();
        let draw = &state.players[0].draw;
        for cards in [&draw[..0], &draw[..1], &draw[..4], &draw[..9], &draw[3..16]] {
            let mut classes = Classes::new();
            classes.pile(&state, cards);
            for max in 0..=MAX_SUMMON {
                let mut listed = Vec::new();
                classes.for_each_subset(max, |s| listed.push(*s));
                assert_eq!(classes.count_subsets_up_to(max), listed.len(), "{cards:?}");
                for (j, set) in listed.iter().enumerate() {
                    assert_eq!(&classes.nth_subset_up_to(j, max), set, "#{j} of {cards:?}");
                }
            }
        }
    }

    #[test]
    fn firsts_without_classes_are_the_classes_firsts() {
        let (_, state) = position();
        let draw = &state.players[0].draw;
        for cards in [&draw[..0], &draw[..5], &draw[2..9], &draw[..]] {
            let mut classes = Classes::new();
            classes.pile(&state, cards);
            let mut firsts = Vec::new();
            pile_firsts(&state, cards, |c| firsts.push(c));
            assert_eq!(firsts, classes.firsts().collect::<Vec<_>>(), "{cards:?}");
            // A squad of at most 16 units.
            let squad: Squad = cards.iter().copied().take(SQUAD_CAPACITY).collect();
            let mut runs = Classes::new();
            runs.squad(&state, &squad);
            let mut tops = Vec::new();
            run_tops(&state, &squad, |c| tops.push(c));
            assert_eq!(tops, runs.firsts().collect::<Vec<_>>(), "{cards:?}");
            // Picked by index, each is the one listed there; past the end, none; of
            // no units, none, and nothing asked.
            for (k, &top) in tops.iter().enumerate() {
                let mut asked = None;
                let picked = pick_run_top(&state, &squad, |n| {
                    asked = Some(n);
                    k
                });
                assert_eq!((asked, picked), (Some(tops.len()), Some(top)), "{cards:?}");
            }
            let past = pick_run_top(&state, &squad, |n| n);
            assert_eq!(past, None, "past the end of {cards:?}");
        }
        let none = pick_run_top(&state, &Squad::new(), |_| unreachable!("no units"));
        assert_eq!(none, None);
    }
}

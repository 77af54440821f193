//! "Somewhere else": a placement composed the way a player looks at the cavern, for the
//! places the set-making menu does not offer first (issue 52: 50-200 numbered places a
//! turn cannot be read on a phone). First the card already in the cavern that the new
//! card will touch, named by where it lies and the orbs on it (what a player sees on the
//! image); then the few places next to it, each saying where it lies against that card,
//! how it lies and what it makes, with the image numbering those places only; then the
//! preview and Confirm. When more cards could be touched than fit beside the other
//! choices of the screen, the part of the cavern comes first (upper, lower).
//!
//! "Touches" is the rulebook's contact: a crystal of the new card next to a crystal of
//! that card left in sight, so every legal placement is next to at least one card, and
//! each choice still ends as an index into the engine's `legal` inputs.

use super::ids::Step;
use super::lessons::marked;
use super::panel::{choose, effect_line};
use crate::app::msg::{
    Button, MAX_DESCRIPTION, MAX_LABEL, MAX_OPTIONS, Row, Select, SelectOption, Style, clip,
};
use crate::crystallo::cavern::{cell_of, cells_of};
use crate::crystallo::deck::{Deck, Symbol};
use crate::crystallo::play::foresee;
use crate::crystallo::{Input, Pos, State, View};
use crate::i18n::Lang;
use crate::i18n::messages::crystallo as m;

/// A card of the cavern that placements of the card in hand would touch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Touched {
    /// The placed card.
    pub card: u8,
    /// Its top-left corner.
    pub at: Pos,
    /// The legal indices of the placements that touch it, in `legal`'s order.
    pub picks: Vec<usize>,
}

/// The cards that the legal placements of `card` touch (a crystal of `card` next to a
/// crystal of theirs in sight), from the top row down and left to right. Every legal
/// placement of `card` is in at least one's `picks`.
pub fn touched(view: &View, legal: &[Input], card: u8) -> Vec<Touched> {
    let mut out: Vec<Touched> = Vec::new();
    for (i, input) in legal.iter().enumerate() {
        let Input::Place { card: k, at, rot } = *input else {
            continue;
        };
        if k != card {
            continue;
        }
        let cells = cells_of(at, rot);
        let mut by: Vec<u8> = Vec::new();
        for slot in 0..4 {
            if !view.faces[card as usize].symbols[slot].is_crystal() {
                continue;
            }
            for n in cell_of(at, rot, slot).neighbours() {
                if cells.contains(&n) {
                    continue;
                }
                if let Some(c) = view.cavern.cell(n)
                    && view.faces[c.card as usize].symbols[c.slot as usize].is_crystal()
                    && !by.contains(&c.card)
                {
                    by.push(c.card);
                }
            }
        }
        for t in by {
            match out.iter_mut().find(|x| x.card == t) {
                Some(x) => x.picks.push(i),
                None => {
                    let Some(p) = view.cavern.placed.iter().find(|p| p.card == t) else {
                        continue;
                    };
                    out.push(Touched {
                        card: t,
                        at: p.at,
                        picks: vec![i],
                    });
                }
            }
        }
    }
    out.sort_by_key(|t| (t.at.y, t.at.x));
    out
}

/// `touched` in parts of at most 25 (a select's size), at least two: the upper part
/// of the cavern and the lower, split between two rows where that fits, else by count
/// in reading order. Indices into `touched`.
pub fn parts(touched: &[Touched]) -> Vec<Vec<usize>> {
    let n = touched.len();
    let all: Vec<usize> = (0..n).collect();
    if n < 2 {
        return vec![all];
    }
    // The split between rows whose larger side is the smallest.
    let best = (1..n)
        .filter(|&k| touched[k].at.y != touched[k - 1].at.y)
        .min_by_key(|&k| k.max(n - k));
    match best {
        Some(k) if k.max(n - k) <= MAX_OPTIONS => vec![all[..k].to_vec(), all[k..].to_vec()],
        _ => {
            let count = n.div_ceil(MAX_OPTIONS).max(2);
            let size = n.div_ceil(count);
            all.chunks(size).map(<[usize]>::to_vec).collect()
        }
    }
}

/// Where a card with its top-left corner at `at` lies in the cavern: its thirds across
/// and down ("top-left" ... "bottom-right", "centre"), a `cry-touch` selector.
fn region(view: &View, at: Pos) -> &'static str {
    let Some((lo, hi)) = view.cavern.bounds() else {
        return "centre";
    };
    let third = |c: i32, lo: i32, hi: i32| {
        // The card's centre (between its two cells), against the cavern's span.
        let (span, pos) = (2 * (hi - lo + 1), 2 * (c - lo) + 2);
        if 3 * pos < span {
            0
        } else if 3 * pos > 2 * span {
            2
        } else {
            1
        }
    };
    [
        ["top-left", "top", "top-right"],
        ["left", "centre", "right"],
        ["bottom-left", "bottom", "bottom-right"],
    ][third(at.y, lo.y, hi.y)][third(at.x, lo.x, hi.x)]
}

/// A placed card in words a player sees on the image: where it lies and its orbs in
/// sight ("Top left · orbs: red, blue"), and its crystals in sight.
fn named(lang: Lang, view: &View, t: &Touched) -> (String, String) {
    let Some(p) = view.cavern.placed.iter().find(|p| p.card == t.card) else {
        return (String::new(), String::new());
    };
    let face = &view.faces[t.card as usize];
    let (mut orbs, mut crystals) = (Vec::new(), Vec::new());
    for slot in 0..4 {
        let shown = view
            .cavern
            .cell(cell_of(p.at, p.rot, slot))
            .is_some_and(|c| c.card == t.card && c.slot as usize == slot);
        match face.symbols[slot] {
            _ if !shown => {}
            Symbol::Orb { colour } => orbs.push(m::colour(lang, colour.id())),
            Symbol::Crystal { hue, .. } => crystals.push(m::colour(lang, hue.id())),
        }
    }
    let orbs = if orbs.is_empty() {
        "none".to_string()
    } else {
        orbs.join(", ")
    };
    (
        m::touch(lang, region(view, t.at), orbs),
        crystals.join(", "),
    )
}

/// The labels and descriptions of `touched`, two alike told apart by a number.
fn names(
    lang: Lang,
    view: &View,
    state: &State,
    legal: &[Input],
    touched: &[&Touched],
) -> Vec<SelectOption> {
    let mut out: Vec<SelectOption> = touched
        .iter()
        .map(|t| {
            let (label, crystals) = named(lang, view, t);
            let (places, sets) = places_next_to(state, legal, t);
            SelectOption {
                label,
                value: t.card.to_string(),
                description: clip(
                    &m::touch_about(lang, crystals, places, sets),
                    MAX_DESCRIPTION,
                ),
            }
        })
        .collect();
    let labels: Vec<String> = out.iter().map(|o| o.label.clone()).collect();
    for (k, o) in out.iter_mut().enumerate() {
        let alike = labels.iter().filter(|l| **l == labels[k]).count();
        if alike > 1 {
            let nth = labels[..k].iter().filter(|l| **l == labels[k]).count() + 1;
            o.label = format!("{} ({nth})", o.label);
        }
    }
    out
}

/// How many places next to touched card `t` there are, as the next screen numbers them
/// (`near`'s spots: a place where the card can lie either way is one place), and at how
/// many of them it makes a set one way or the other. Counted by placements, the menu
/// promised more places than the image then showed.
fn places_next_to(state: &State, legal: &[Input], t: &Touched) -> (usize, usize) {
    let (picks, spots) = number_spots(legal, &t.picks);
    let mut sets: Vec<usize> = Vec::new();
    for (i, n) in picks {
        if !sets.contains(&n) && !foresee(state, legal[i]).lit.is_empty() {
            sets.push(n);
        }
    }
    (spots.len(), sets.len())
}

/// Each placement of `picks` with the number of its place among them (1 first, in
/// `legal`'s order), and those places: the one numbering of places the image, the
/// menu of places and the count in the menu of cards to touch all show.
fn number_spots(legal: &[Input], picks: &[usize]) -> (Vec<(usize, usize)>, Vec<Pos>) {
    let mut spots: Vec<Pos> = Vec::new();
    let mut numbered = Vec::new();
    for &i in picks {
        if let Input::Place { at, .. } = legal[i] {
            let n = match spots.iter().position(|p| *p == at) {
                Some(k) => k + 1,
                None => {
                    spots.push(at);
                    spots.len()
                }
            };
            numbered.push((i, n));
        }
    }
    (numbered, spots)
}

/// The places next to one touched card: its placements, each with its number among
/// those places (1 first, as the image shows them on this screen), and those places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Near {
    pub touched: Touched,
    /// (legal index, place number).
    pub picks: Vec<(usize, usize)>,
    /// The places, numbered on the image from 1.
    pub spots: Vec<Pos>,
}

/// The places of `card` next to placed card `touch`; `None` when it touches none (a
/// card not in the cavern, or out of reach).
pub fn near(view: &View, legal: &[Input], card: u8, touch: u8) -> Option<Near> {
    let t = touched(view, legal, card)
        .into_iter()
        .find(|t| t.card == touch)?;
    let (picks, spots) = number_spots(legal, &t.picks);
    Some(Near {
        touched: t,
        picks,
        spots,
    })
}

/// Where a card at `at` lies against a card at `of` (a `cry-side` selector): beside it
/// (a half card up or down), above or below it (a half card left or right), or over
/// one of its halves or corners.
fn side(of: Pos, at: Pos) -> &'static str {
    match (at.x - of.x, at.y - of.y) {
        (2, 0) => "right",
        (2, -1) => "right-up",
        (2, 1) => "right-down",
        (-2, 0) => "left",
        (-2, -1) => "left-up",
        (-2, 1) => "left-down",
        (0, -2) => "above",
        (-1, -2) => "above-left",
        (1, -2) => "above-right",
        (0, 2) => "below",
        (-1, 2) => "below-left",
        (1, 2) => "below-right",
        (1, 0) => "over-right",
        (-1, 0) => "over-left",
        (0, -1) => "over-top",
        (0, 1) => "over-bottom",
        (-1, -1) => "over-top-left",
        (1, -1) => "over-top-right",
        (-1, 1) => "over-bottom-left",
        (1, 1) => "over-bottom-right",
        _ => "next",
    }
}

/// What the panel needs to compose a placement.
pub struct Compose<'a> {
    pub state: &'a State,
    pub deck: &'a Deck,
    pub lang: Lang,
    pub view: &'a View,
    pub legal: &'a [Input],
    /// The card in hand.
    pub card: u8,
    pub id: &'a dyn Fn(Step) -> String,
    /// The placement a lesson suggests (its way is marked 📘), unless the set-making
    /// menu shows it already.
    pub suggested: Option<usize>,
}

impl Compose<'_> {
    /// The select of the cards to touch (`within`: indices into `touched`).
    fn touch_select(&self, touched: &[Touched], within: &[usize]) -> Select {
        let these: Vec<&Touched> = within.iter().map(|&k| &touched[k]).collect();
        // The first card the suggested placement touches carries the mark.
        let lead = self
            .suggested
            .and_then(|s| touched.iter().find(|t| t.picks.contains(&s)))
            .map(|t| t.card);
        let mut s = choose(
            (self.id)(Step::Touch {
                card: self.card,
                touch: None,
                lies: None,
            }),
            m::pick_touch(self.lang),
        );
        for (t, mut o) in these
            .iter()
            .zip(names(self.lang, self.view, self.state, self.legal, &these))
        {
            o.label = clip(&marked(o.label, lead == Some(t.card)), MAX_LABEL);
            s.options.push(o);
        }
        s.options.truncate(MAX_OPTIONS);
        s
    }

    /// The main screen's "somewhere else": the cards to touch in one select when
    /// `room` options are left for it, else the parts of the cavern. `None`: no card to
    /// touch (every place is in the set-making menu, or there is none).
    pub fn somewhere_else(&self, room: usize) -> Option<Row> {
        let touched = touched(self.view, self.legal, self.card);
        if touched.is_empty() {
            return self.first_card();
        }
        if touched.len() <= room {
            let all: Vec<usize> = (0..touched.len()).collect();
            return Some(Row::Select(self.touch_select(&touched, &all)));
        }
        let parts = parts(&touched);
        let lead = self
            .suggested
            .and_then(|s| touched.iter().position(|t| t.picks.contains(&s)));
        let mut s = choose(
            (self.id)(Step::Part {
                card: self.card,
                part: None,
            }),
            m::pick_part(self.lang),
        );
        let named = match parts.len() {
            2 => ["top", "bottom"].as_slice(),
            _ => &[],
        };
        for (k, part) in parts.iter().enumerate() {
            let name = named.get(k).copied().unwrap_or("other");
            s.options.push(SelectOption {
                label: marked(
                    m::part(self.lang, name, k + 1),
                    lead.is_some_and(|l| part.contains(&l)),
                ),
                value: k.to_string(),
                description: m::part_about(self.lang, part.len()),
            });
        }
        s.options.truncate(room.max(1));
        Some(Row::Select(s))
    }

    /// An empty cavern (phase 2's first card): nothing to touch, its centre is the one
    /// place. A button for each way it lies there, saying what it makes (a preview).
    fn first_card(&self) -> Option<Row> {
        let buttons: Vec<Button> = self
            .legal
            .iter()
            .enumerate()
            .filter_map(|(i, input)| match *input {
                Input::Place { card, rot, .. } if card == self.card => {
                    let e = foresee(self.state, *input);
                    let label = format!(
                        "{} · {}",
                        m::rot(self.lang, rot.0),
                        m::makes(self.lang, e.lit.len())
                    );
                    let style = if e.lit.is_empty() {
                        Style::Secondary
                    } else {
                        Style::Primary
                    };
                    Some(Button::new(
                        (self.id)(Step::Look(i)),
                        marked(label, self.suggested == Some(i)),
                        style,
                    ))
                }
                _ => None,
            })
            .take(5)
            .collect();
        (!buttons.is_empty()).then_some(Row::Buttons(buttons))
    }

    /// How many options [`Compose::somewhere_else`] shows with `room` left.
    pub fn somewhere_else_len(&self, room: usize) -> usize {
        let touched = touched(self.view, self.legal, self.card);
        if touched.len() <= room {
            touched.len()
        } else {
            parts(&touched).len()
        }
    }

    /// Part `part`'s screen: its cards to touch, and Back. `None`: no such part.
    pub fn part(&self, part: usize) -> Option<Vec<Row>> {
        let touched = touched(self.view, self.legal, self.card);
        let parts = parts(&touched);
        let within = parts.get(part)?;
        Some(vec![
            Row::Select(self.touch_select(&touched, within)),
            Row::Buttons(vec![self.back(Step::Card(Some(self.card)))]),
        ])
    }

    /// The places next to `near`'s card, those lying `lies` only when they are more
    /// than a select holds (a button then shows the others), and Back.
    pub fn touch(&self, near: &Near, lies: Option<u8>) -> Vec<Row> {
        let rot_of = |i: usize| match self.legal[i] {
            Input::Place { rot, .. } => rot.0,
            _ => 0,
        };
        let split = near.picks.len() > MAX_OPTIONS;
        let lies = lies
            .filter(|r| near.picks.iter().any(|&(i, _)| rot_of(i) == *r))
            .unwrap_or_else(|| rot_of(near.picks[0].0));
        let mut s = choose(
            (self.id)(Step::Near {
                card: self.card,
                touch: near.touched.card,
                pick: None,
            }),
            m::pick_near(self.lang),
        );
        for &(i, n) in &near.picks {
            let Input::Place { at, rot, .. } = self.legal[i] else {
                continue;
            };
            if split && rot.0 != lies {
                continue;
            }
            let e = foresee(self.state, self.legal[i]);
            s.options.push(SelectOption {
                label: clip(
                    &marked(
                        m::near(self.lang, n, side(near.touched.at, at), rot.0),
                        self.suggested == Some(i),
                    ),
                    MAX_LABEL,
                ),
                value: i.to_string(),
                description: clip(&effect_line(self.lang, self.deck, &e), MAX_DESCRIPTION),
            });
        }
        s.options.truncate(MAX_OPTIONS);
        let mut buttons = Vec::new();
        if split {
            let other = 1 - lies.min(1);
            let holds = self
                .suggested
                .is_some_and(|x| near.picks.iter().any(|&(i, _)| i == x) && rot_of(x) == other);
            buttons.push(Button::new(
                (self.id)(Step::Touch {
                    card: self.card,
                    touch: Some(near.touched.card),
                    lies: Some(other),
                }),
                marked(m::lies(self.lang, other), holds),
                Style::Secondary,
            ));
        }
        buttons.push(self.back(Step::Card(Some(self.card))));
        vec![Row::Select(s), Row::Buttons(buttons)]
    }

    /// The line above the places next to `near`'s card: which card they are next to.
    pub fn touch_line(&self, near: &Near) -> String {
        let (label, _) = named(self.lang, self.view, &near.touched);
        m::near_heading(self.lang, label)
    }

    /// Where Back goes from the preview of legal input `i` next to `near`'s card.
    pub fn back_from(&self, near: &Near, i: usize) -> Step {
        let lies = match self.legal[i] {
            Input::Place { rot, .. } if near.picks.len() > MAX_OPTIONS => Some(rot.0),
            _ => None,
        };
        Step::Touch {
            card: self.card,
            touch: Some(near.touched.card),
            lies,
        }
    }

    fn back(&self, to: Step) -> Button {
        Button::new((self.id)(to), m::back(self.lang), Style::Secondary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(card: u8, x: i32, y: i32) -> Touched {
        Touched {
            card,
            at: Pos::new(x, y),
            picks: vec![0],
        }
    }

    #[test]
    fn parts_hold_at_most_a_select_and_split_between_rows() {
        // 30 cards on three rows of 10: the split falls between two rows.
        let cards: Vec<Touched> = (0..30)
            .map(|k| t(k, (k % 10) as i32 * 2, (k / 10) as i32 * 2))
            .collect();
        let p = parts(&cards);
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(|p| p.len() <= MAX_OPTIONS));
        assert_eq!(p[0].len(), 10, "{p:?}");
        assert_ne!(cards[p[0][9]].at.y, cards[p[1][0]].at.y);
        // One row of 45 (no split between rows fits): by count, still at most 25 each.
        let row: Vec<Touched> = (0..45).map(|k| t(k, k as i32 * 2, 0)).collect();
        let p = parts(&row);
        assert!(
            p.len() >= 2 && p.iter().all(|p| p.len() <= MAX_OPTIONS),
            "{p:?}"
        );
        assert_eq!(p.concat(), (0..45).collect::<Vec<_>>());
    }

    /// Regression: "Top left · orbs: purple, green" said "15 places next to it", and the
    /// next screen numbered 10 (the placements were counted, each way a card can lie).
    #[test]
    fn a_touched_card_promises_the_places_the_next_screen_numbers() {
        use crate::crystallo::deck::Deck;
        use crate::crystallo::play::{apply, legal};
        let deck = Deck::provisional();
        let (mut either_way, mut checked) = (0, 0);
        for seed in 1..=3 {
            let (mut state, _) = State::deal(&deck, seed);
            for turn in 0..12 {
                let l = legal(&state);
                let view = View::of(&state);
                let hand: Vec<u8> = state.drawn.map_or(state.face_up.clone(), |c| vec![c]);
                for &card in &hand {
                    let all = touched(&view, &l, card);
                    let options =
                        names(Lang::En, &view, &state, &l, &all.iter().collect::<Vec<_>>());
                    for (t, option) in all.iter().zip(&options) {
                        let near = near(&view, &l, card, t.card).expect("a touched card");
                        let n = near.spots.len();
                        let promised = match n {
                            1 => "1 place next to it".to_string(),
                            _ => format!(" {n} places next to it"),
                        };
                        assert!(
                            option.description.contains(&promised),
                            "seed {seed} turn {turn}: {:?} for {n} places",
                            option.description
                        );
                        let (_, sets) = places_next_to(&state, &l, t);
                        assert!(sets <= n);
                        either_way += usize::from(near.picks.len() > n);
                        checked += 1;
                    }
                }
                let Some(&next) = l.first() else { break };
                apply(&mut state, next).expect("a legal input");
            }
        }
        assert!(checked > 20, "{checked}");
        // The case the bug was about: some place takes the card either way.
        assert!(either_way > 0);
    }

    #[test]
    fn every_side_of_a_card_has_its_words() {
        let of = Pos::new(4, 4);
        for dx in -2..=2 {
            for dy in -2..=2 {
                let s = side(of, of.plus(dx, dy));
                let touching = dx.abs().max(dy.abs()) <= 2 && (dx.abs() < 2 || dy.abs() < 2);
                assert_eq!(
                    s != "next",
                    touching && (dx, dy) != (0, 0),
                    "{dx},{dy}: {s}"
                );
                for lang in [Lang::En, Lang::De] {
                    assert!(!m::near(lang, 1, s, 0).is_empty());
                }
            }
        }
    }
}

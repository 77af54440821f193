use super::Bot;
use super::eval::{Ctx, evaluate};
use crate::deck::Colour;
use crate::play::Input;
use crate::state::Phase;
use crate::view::View;

/// Plays the placement with the best immediate value (`eval`): sets made, treasure, and
/// the promise it leaves around it. Uses the magic power at once, and discards for a
/// missing colour the card that brings least.
#[derive(Default)]
pub struct Greedy;

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }
    fn decide(&mut self, view: &View, legal: &[Input]) -> Input {
        if let Some(i) = common_choice(view, legal) {
            return i;
        }
        let ctx = Ctx::of(view);
        best_places(&ctx, legal, 1)
            .first()
            .map(|(i, _)| *i)
            .unwrap_or(legal[0])
    }
}

/// The inputs that are not a placement choice: magic (at once, on the colour rarest
/// among the cards still to come) and the card discarded for a missing colour.
pub(super) fn common_choice(view: &View, legal: &[Input]) -> Option<Input> {
    let magic: Vec<Input> = legal
        .iter()
        .copied()
        .filter(|i| matches!(i, Input::Magic { .. }))
        .collect();
    if !magic.is_empty() {
        let rarity = |i: &Input| match i {
            Input::Magic { colour } => supply(view, *colour),
            _ => usize::MAX,
        };
        return magic.into_iter().min_by_key(rarity);
    }
    if matches!(view.phase, Phase::MissingColour(_)) {
        // The card whose loss leaves the most colours covered, then the fewest crystals.
        return legal.iter().copied().max_by_key(|i| match i {
            Input::Discard { card } => {
                let covered = Colour::ALL
                    .into_iter()
                    .filter(|c| {
                        view.face_up
                            .iter()
                            .any(|k| k != card && view.faces[*k as usize].has_orb(*c))
                    })
                    .count();
                (covered, 4 - view.faces[*card as usize].crystals())
            }
            _ => (0, 0),
        });
    }
    None
}

/// How many cards still to come carry an orb of `colour`.
fn supply(view: &View, colour: Colour) -> usize {
    view.unseen
        .iter()
        .chain(&view.face_up)
        .chain(&view.drawn)
        .filter(|k| view.faces[**k as usize].has_orb(colour))
        .count()
}

/// The `k` best placements among `legal` by `evaluate`, best first (ties: the earlier).
pub(super) fn best_places(ctx: &Ctx, legal: &[Input], k: usize) -> Vec<(Input, f32)> {
    let mut scored: Vec<(Input, f32)> = legal
        .iter()
        .filter_map(|i| match *i {
            Input::Place { card, at, rot } => Some((*i, evaluate(ctx, card, at, rot))),
            _ => None,
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.truncate(k);
    scored
}

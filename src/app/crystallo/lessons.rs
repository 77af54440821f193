//! `/crystallo learn`'s lessons in words, and what guides a lesson game's panel: the
//! lessons due now (one "📘" line each at the top of the panel) and the move the panel
//! marks with 📘. When a lesson is due is the rules crate's pure function of the game's
//! history (`crystallo::lesson`): the stored inputs replayed from the lesson deal, so
//! nothing about the lessons is stored and a restart shows the same panel.

use super::panel::{creature, outcome_line};
use crate::crystallo::deck::Deck;
use crate::crystallo::lesson::{Lesson, Moments, suggest};
use crate::crystallo::play::foresee;
use crate::crystallo::{Input, State};
use crate::i18n::Lang;
use crate::i18n::messages::crystallo as m;
use crate::store::crystallo::Game;

/// The mark of a lesson's line and of the suggested choice in the panel.
pub const MARK: &str = "📘";

/// What guides a lesson game's panel at its version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guide {
    /// The lessons due now, in order.
    pub lessons: Vec<Lesson>,
    /// Their words, one line each.
    pub lines: Vec<String>,
    /// The move the panel marks (`None`: the game is over).
    pub suggested: Option<Input>,
}

/// The guide of lesson game `game`, whose logged inputs are `inputs`, in `lang`.
/// `deck`: for the creatures' names (the deal is replayed with the game's own faces).
pub fn guide(game: &Game, deck: &Deck, lang: Lang, inputs: &[Input]) -> Guide {
    // A saved game keeps the faces it was dealt: the deal is replayed with those.
    let own = Deck {
        version: deck.version,
        ids: Vec::new(),
        faces: game.state.faces.clone(),
        provenance: Vec::new(),
        creatures: Vec::new(),
    };
    let (deal, _) = State::deal(&own, game.seed);
    // A history that is not this game's (it should always be) shows no lesson, but
    // still the suggestion.
    let lessons = match Moments::of(&deal, inputs) {
        Some(moments) if inputs.len() as i64 == game.version => moments.now(),
        _ => Vec::new(),
    };
    let suggested = suggest(&game.state, &lessons);
    let lines = lessons
        .iter()
        .filter_map(|l| say(*l, lang, deck, &game.state, suggested))
        .collect();
    Guide {
        lessons,
        lines,
        suggested,
    }
}

/// A lesson in `lang` at `state`, about `suggested` where it names what the move does.
/// The rules each explains are quoted at `Lesson`'s variants.
pub fn say(
    lesson: Lesson,
    lang: Lang,
    deck: &Deck,
    state: &State,
    suggested: Option<Input>,
) -> Option<String> {
    let foreseen = suggested.map(|i| foresee(state, i)).unwrap_or_default();
    Some(match lesson {
        Lesson::Contact => m::lesson_contact(lang),
        Lesson::Set => {
            let colour = *foreseen.lit.first()?;
            m::lesson_set(
                lang,
                m::colour(lang, colour.id()),
                creature(lang, deck, colour),
            )
        }
        Lesson::Free => m::lesson_free(lang, creature(lang, deck, *foreseen.freed.first()?)),
        Lesson::Dragon => m::lesson_dragon(lang, state.face_up.len()),
        Lesson::End => m::lesson_end(lang, outcome_line(lang, state.outcome()?)),
    })
}

/// `label` with the mark in front when `marked`.
pub fn marked(label: String, marked: bool) -> String {
    if marked {
        format!("{MARK} {label}")
    } else {
        label
    }
}

//! The private Crystallo panel: the cavern image with the card to place and its numbered
//! places, and the choices in the order a player looks at the cavern: first the
//! placements that make a set, each saying what it makes (in phase 2 those of every
//! face-up card, before one is chosen); then "somewhere else", by the card it will
//! touch and a place next to it (`place.rs`); then a preview to confirm. Every choice
//! ends as an index into the engine's `legal` inputs at the game's version, which the
//! engine judges again when it is played; the panel never offers a raw list of engine
//! inputs, and no screen's selects hold more than 25 options together.
//!
//! Built from the player's own `View` and from what an input would do to a copy of the
//! game, cut at the first card it would draw: nothing here says what a face-down card is.
//!
//! A lesson game's panel (`/crystallo learn`) is the same panel with its guide: the
//! lessons due now as "📘" lines under the heading, and the one choice of each screen
//! that leads to the suggested move marked "📘" (`lessons.rs`).

use super::ids::{CryId, Step};
use super::lessons::{Guide, marked};
use super::place::{self, Near};
use crate::app::msg::{Button, File, MAX_OPTIONS, Msg, Row, Select, SelectOption, Style, clip};
use crate::crystallo::deck::{Colour, Deck};
use crate::crystallo::play::{Foreseen, foresee, numbered_spots};
use crate::crystallo::score::Outcome;
use crate::crystallo::{Input, Phase, Pos, View, legal};
use crate::i18n::Lang;
use crate::i18n::messages::crystallo as m;
use crate::render::crystallo::{CavernTable, cavern};
use crate::store::crystallo::{Game, Kind};

/// One line of what an effect does ("makes 2 sets · Lights: red, blue · Frees: ...").
pub fn effect_line(lang: Lang, deck: &Deck, e: &Foreseen) -> String {
    let mut parts = vec![m::makes(lang, e.lit.len())];
    if !e.lit.is_empty() {
        parts.push(m::lights(lang, colours(lang, &e.lit)));
    }
    if !e.freed.is_empty() {
        let names: Vec<String> = e.freed.iter().map(|c| creature(lang, deck, *c)).collect();
        parts.push(m::frees(lang, names.join(", ")));
    }
    if e.treasures > 0 {
        parts.push(m::collects(lang, e.treasures));
    }
    parts.join(" · ")
}

fn colours(lang: Lang, cs: &[Colour]) -> String {
    cs.iter()
        .map(|c| m::colour(lang, c.id()))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn creature(lang: Lang, deck: &Deck, c: Colour) -> String {
    let k = deck.creature(c);
    match lang {
        Lang::De => k.name_de.clone(),
        Lang::En => k.name.clone(),
    }
}

/// "Prosperous Knight, 900 points, 5 treasures": a finished game's result.
pub fn result_line(lang: Lang, title: &str, wealth: &str, score: i64, treasures: i64) -> String {
    m::result(lang, m::title(lang, wealth, title), score, treasures)
}

/// [`result_line`] of a game's outcome, as the engine scores it.
pub fn outcome_line(lang: Lang, o: &Outcome) -> String {
    result_line(
        lang,
        o.title.id(),
        o.wealth.id(),
        o.score.into(),
        o.treasure.into(),
    )
}

/// A finished daily's result to share without spoiling the deal, as Wordle's grid:
/// the date, title, score and treasure, then a row of squares per phase, one per
/// creature freed and one per dragon orb marked, in their colours (black: not won).
/// `None` for a game that is not a finished daily.
pub fn share_line(lang: Lang, game: &Game) -> Option<String> {
    let Kind::Daily(day) = game.kind else {
        return None;
    };
    let o = game.state.outcome()?;
    let square = |c: Colour, won: bool| match (won, c) {
        (false, _) => '⬛',
        (true, Colour::Red) => '🟥',
        (true, Colour::Orange) => '🟧',
        (true, Colour::Yellow) => '🟨',
        (true, Colour::Green) => '🟩',
        (true, Colour::Blue) => '🟦',
        (true, Colour::Purple) => '🟪',
    };
    let row = |won: &dyn Fn(Colour) -> bool| -> String {
        Colour::ALL.into_iter().map(|c| square(c, won(c))).collect()
    };
    let s = &game.state;
    let date = match game.guild {
        Some(crate::store::crystallo::WORLD) => format!("{} 🌍", super::date(day)),
        _ => super::date(day),
    };
    let mut lines = vec![
        m::share_line(lang, date, outcome_line(lang, o)),
        format!(
            "{} {}",
            row(&|c| s.bonds[c.index()] == 0),
            m::share_freed(lang)
        ),
    ];
    if o.freed_all {
        lines.push(format!(
            "{} {}",
            row(&|c| s.dragon[c.index()]),
            m::share_trapped(lang)
        ));
    }
    Some(lines.join("\n"))
}

/// The heading: which cavern this is.
pub fn heading(lang: Lang, game: &Game) -> String {
    match game.kind {
        Kind::Daily(day) if game.guild == Some(crate::store::crystallo::WORLD) => {
            m::panel_world(lang, super::date(day))
        }
        Kind::Daily(day) => m::panel_daily(lang, super::date(day)),
        Kind::Practice => m::panel_practice(lang),
        Kind::Lesson => m::panel_lesson(lang),
    }
}

/// The card the places are for at `step`: phase 1's drawn card, or the face-up card
/// chosen in phase 2 (the only one when there is one).
fn card_of(view: &View, step: Step) -> Option<u8> {
    // A custom id is the client's word: only a card in hand is shown, whatever it names.
    let in_hand = |c: u8| view.drawn == Some(c) || view.face_up.contains(&c);
    match step {
        Step::Card(Some(card))
        | Step::Part { card, .. }
        | Step::Touch { card, .. }
        | Step::Near { card, .. }
            if in_hand(card) =>
        {
            Some(card)
        }
        _ => match view.phase {
            Phase::Explore => view.drawn,
            Phase::Dragon if view.face_up.len() == 1 => view.face_up.first().copied(),
            _ => None,
        },
    }
}

/// The panel of `game` at `step`, with `note` above it (what the last placement did,
/// or why a click changed nothing). `images`: draw the cavern.
pub fn panel(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    step: Step,
    note: Option<&str>,
    images: bool,
) -> Msg {
    guided(game, deck, lang, step, note, images, None)
}

/// The screen a step shows, once the client's word is checked against the game.
enum Screen {
    /// The preview of a legal input, its place numbered among all of its card's.
    Look(usize),
    /// The cards to touch in part `.0` of the cavern.
    Part(usize),
    /// The places next to a touched card, those lying `.1` when split.
    Touch(Near, Option<u8>),
    /// The preview of legal input `.1`, numbered among the places next to `.0`'s card.
    Near(Near, usize),
    /// The first screen (of the card chosen, if any).
    Main,
}

/// [`panel`] with a lesson game's guide: its lessons under the heading, and the choice
/// that leads to its suggested move marked on each screen.
pub fn guided(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    step: Step,
    note: Option<&str>,
    images: bool,
    guide: Option<&Guide>,
) -> Msg {
    let suggested = guide.and_then(|g| g.suggested);
    // A placement chosen among the set-making ones is previewed like any other.
    let step = match step {
        Step::Sets(Some(i)) => Step::Look(i),
        Step::Sets(None) => Step::Show,
        s => s,
    };
    let view = View::of(&game.state);
    let legal = legal(&game.state);
    // A preview is of its own card's place (phase 2 has several face-up cards).
    let previewed = match step {
        Step::Look(i) => match legal.get(i) {
            Some(Input::Place { card, .. }) => Some(*card),
            _ => None,
        },
        _ => None,
    };
    let card = previewed.or_else(|| card_of(&view, step));
    let id = |step| CryId::new(game.id, game.version, step).to_id();
    let near_of = |touch: u8| card.and_then(|c| place::near(&view, &legal, c, touch));
    // A step for another card than the one in hand (a forged id) shows the first screen.
    let other = match step {
        Step::Part { card: c, .. } | Step::Touch { card: c, .. } | Step::Near { card: c, .. } => {
            card != Some(c)
        }
        _ => false,
    };
    let screen = match step {
        _ if other => Screen::Main,
        Step::Look(i) if legal.get(i).is_some() => Screen::Look(i),
        Step::Part { part: Some(p), .. } if card.is_some() => Screen::Part(p),
        Step::Touch {
            touch: Some(t),
            lies,
            ..
        } => near_of(t).map_or(Screen::Main, |n| Screen::Touch(n, lies)),
        Step::Near {
            touch,
            pick: Some(i),
            ..
        } => match near_of(touch) {
            Some(n) if n.picks.iter().any(|(k, _)| *k == i) => Screen::Near(n, i),
            _ => Screen::Main,
        },
        _ => Screen::Main,
    };
    // The places on the image: next to the touched card only on its screens.
    let spots = match &screen {
        Screen::Touch(n, _) | Screen::Near(n, _) => n.spots.clone(),
        _ => card.map(|c| numbered_spots(&legal, c)).unwrap_or_default(),
    };
    let mut lines = vec![format!("**{}**", heading(lang, game))];
    let lessons = guide.map(|g| g.lines.as_slice()).unwrap_or_default();
    lines.extend(lessons.iter().cloned());
    if let Some(n) = note {
        lines.push(n.to_string());
    }
    let mut rows = Vec::new();
    let index = |x: Option<Input>| x.and_then(|x| legal.iter().position(|i| *i == x));
    let compose = |c: u8, shown: &[usize]| place::Compose {
        state: &game.state,
        deck,
        lang,
        view: &view,
        legal: &legal,
        card: c,
        id: &id,
        // The way to the suggested placement is marked unless the set-making menu shows it.
        suggested: index(suggested).filter(|i| !shown.contains(i)),
    };
    if let Some(o) = game.state.outcome() {
        // A lesson game's last lesson says the result, and what to play next.
        if lessons.is_empty() {
            lines.push(m::over(lang, outcome_line(lang, o)));
        }
        if matches!(game.kind, Kind::Daily(_)) {
            rows.push(Row::Buttons(vec![Button::new(
                id(Step::Share),
                m::share(lang),
                Style::Primary,
            )]));
        }
    } else if let Phase::MissingColour(colour) = view.phase {
        lines.push(m::missing(lang, m::colour(lang, colour.id())));
        rows.push(Row::Select(choose_input(
            id(Step::Play(None)),
            m::pick_card(lang),
            &legal,
            |i| match i {
                Input::Discard { card } => {
                    let mut o = face_up_option(lang, &view, *card, true);
                    o.label = marked(o.label, suggested == Some(*i));
                    Some(o)
                }
                _ => None,
            },
        )));
    } else {
        let look =
            |i: usize, spots: &[Pos], back: Step, lines: &mut Vec<String>, rows: &mut Vec<Row>| {
                look(
                    game, deck, lang, &legal, i, spots, back, &id, suggested, lines, rows,
                )
            };
        match (screen, card) {
            (Screen::Look(i), _) => {
                let back = match legal[i] {
                    Input::Place { card, .. } => Step::Card(Some(card)),
                    _ => Step::Show,
                };
                look(i, &spots, back, &mut lines, &mut rows);
            }
            (Screen::Near(n, i), Some(c)) => {
                let back = compose(c, &[]).back_from(&n, i);
                look(i, &n.spots, back, &mut lines, &mut rows);
            }
            (Screen::Touch(n, lies), Some(c)) => {
                let compose = compose(c, &[]);
                lines.push(compose.touch_line(&n));
                rows.extend(compose.touch(&n, lies));
            }
            (Screen::Part(p), Some(c)) if compose(c, &[]).part(p).is_some() => {
                rows.extend(compose(c, &[]).part(p).unwrap_or_default());
            }
            _ => main_rows(
                game, deck, lang, &view, &legal, card, &id, suggested, &compose, &mut rows,
            ),
        }
    }
    let mut files = Vec::new();
    if images {
        let table = CavernTable {
            deck,
            lang,
            card,
            spots: &spots,
        };
        match cavern(table, &view) {
            Ok(img) => files.push(File {
                name: "crystallo.png".into(),
                png: img.png,
                alt: crate::render::alt::cavern(lang, &view),
            }),
            Err(e) => tracing::warn!(game = game.id, "could not draw the cavern: {e}"),
        }
    }
    Msg {
        content: clip(&lines.join("\n"), crate::app::msg::MAX_CONTENT),
        files,
        rows,
        ..Msg::default()
    }
}

/// The placements of `cards` that make a set, most sets (then creatures freed, then
/// treasure) first, each saying where it lies and what it makes (and which card, when
/// several are face up): on a phone most of a turn's good moves are two clicks (this
/// choice, then Confirm) without reading the numbers on the image. At most `room`;
/// `None` when none makes a set. The legal indices shown come with it.
#[allow(clippy::too_many_arguments)]
fn set_making(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    view: &View,
    legal: &[Input],
    cards: &[u8],
    room: usize,
    id: &dyn Fn(Step) -> String,
    suggested: Option<Input>,
) -> Option<(Select, Vec<usize>)> {
    let spots: Vec<(u8, Vec<Pos>)> = cards
        .iter()
        .map(|&c| (c, numbered_spots(legal, c)))
        .collect();
    let mut found: Vec<(usize, Foreseen, usize, u8, u8)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, input)| match input {
            Input::Place { card: k, at, rot } => {
                let (_, places) = spots.iter().find(|(c, _)| c == k)?;
                let n = places.iter().position(|p| p == at)? + 1;
                let e = foresee(&game.state, *input);
                (!e.lit.is_empty()).then_some((i, e, n, rot.0, *k))
            }
            _ => None,
        })
        .collect();
    if found.is_empty() || room == 0 {
        return None;
    }
    let count = found.len();
    found.sort_by_key(|(_, e, n, _, k)| {
        (
            std::cmp::Reverse((e.lit.len(), e.freed.len(), e.treasures)),
            view.face_up.iter().position(|c| c == k),
            *n,
        )
    });
    found.truncate(room.min(MAX_OPTIONS));
    let mut s = choose(id(Step::Sets(None)), m::pick_set(lang, count));
    for (i, e, n, rot, k) in &found {
        let place = format!("{} · {}", m::spot(lang, *n), m::rot(lang, *rot));
        let label = if cards.len() > 1 {
            let nth = view
                .face_up
                .iter()
                .position(|c| c == k)
                .map_or(0, |x| x + 1);
            format!("{} · {place}", m::card(lang, nth))
        } else {
            place
        };
        s.options.push(SelectOption {
            label: marked(label, suggested == Some(legal[*i])),
            value: i.to_string(),
            description: clip(
                &effect_line(lang, deck, e),
                crate::app::msg::MAX_DESCRIPTION,
            ),
        });
    }
    Some((s, found.iter().map(|f| f.0).collect()))
}

/// The first screen: choose a face-up card (phase 2), a placement that makes a set (of
/// every face-up card before one is chosen), somewhere else by the card it will touch,
/// discard a card without a place, or use the magic treasures' power. Its selects hold
/// 25 options together at most: the set-making menu keeps room for the parts of the
/// cavern, and the cards to touch come in parts when they do not fit.
#[allow(clippy::too_many_arguments)]
fn main_rows<'a>(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    view: &View,
    legal: &[Input],
    card: Option<u8>,
    id: &dyn Fn(Step) -> String,
    suggested: Option<Input>,
    compose: &dyn Fn(u8, &[usize]) -> place::Compose<'a>,
    rows: &mut Vec<Row>,
) {
    let dragon = view.phase == Phase::Dragon;
    let placing = legal.iter().any(|i| matches!(i, Input::Place { .. }));
    let mut room = MAX_OPTIONS;
    // The set-making placements: the chosen card's, or every face-up card's.
    let cards: Vec<u8> = match card {
        Some(c) => vec![c],
        None if dragon => view.face_up.clone(),
        None => Vec::new(),
    };
    let mut face_up = None;
    if dragon && view.face_up.len() > 1 && placing {
        let mut s = choose(id(Step::Card(None)), m::pick_card(lang));
        for &c in &view.face_up {
            if !numbered_spots(legal, c).is_empty() {
                let mut o = face_up_option(lang, view, c, false);
                o.value = c.to_string();
                s.options.push(o);
            }
        }
        s.options.truncate(MAX_OPTIONS);
        room -= s.options.len();
        face_up = Some(s);
    }
    // Room for "somewhere else" first (its parts, or its cards when the sets leave room).
    // (Its least: the parts of the cavern, or its one card.)
    let least = card.map_or(0, |c| compose(c, &[]).somewhere_else_len(0));
    let sets_room = room.saturating_sub(least);
    let sets = set_making(
        game, deck, lang, view, legal, &cards, sets_room, id, suggested,
    );
    let shown: Vec<usize> = sets.as_ref().map(|s| s.1.clone()).unwrap_or_default();
    if let Some(mut s) = face_up {
        // The suggested card is marked until it is chosen, unless its set is offered.
        let to_place = match suggested {
            Some(Input::Place { card: k, .. }) if card != Some(k) => Some(k),
            _ => None,
        };
        let offered = suggested.is_some_and(|x| shown.iter().any(|&i| legal[i] == x));
        for o in &mut s.options {
            let this = o.value.parse().ok() == to_place;
            o.label = marked(std::mem::take(&mut o.label), this && !offered);
        }
        rows.push(Row::Select(s));
    }
    if let Some((s, _)) = sets {
        room -= s.options.len();
        rows.push(Row::Select(s));
    }
    if let Some(c) = card
        && let Some(row) = compose(c, &shown).somewhere_else(room)
    {
        rows.push(row);
    }
    let discards: Vec<(usize, u8)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, x)| match x {
            Input::Discard { card } => Some((i, *card)),
            _ => None,
        })
        .collect();
    if view.phase == Phase::Explore && !discards.is_empty() {
        rows.push(Row::Buttons(vec![Button::new(
            id(Step::Play(Some(discards[0].0))),
            marked(
                m::discard(lang),
                suggested
                    == Some(Input::Discard {
                        card: discards[0].1,
                    }),
            ),
            Style::Danger,
        )]));
    } else if dragon && !discards.is_empty() {
        rows.push(Row::Select(choose_input(
            id(Step::Play(None)),
            m::no_place_any(lang),
            legal,
            |i| match i {
                Input::Discard { card } => {
                    let mut o = face_up_option(lang, view, *card, true);
                    o.label = marked(o.label, suggested == Some(*i));
                    Some(o)
                }
                _ => None,
            },
        )));
    }
    let magic = choose_input(id(Step::Play(None)), String::new(), legal, |i| match i {
        Input::Magic { colour } => Some(SelectOption {
            label: marked(
                if dragon {
                    m::magic_mark(lang, m::colour(lang, colour.id()))
                } else {
                    m::magic_free(lang, creature(lang, deck, *colour))
                },
                suggested == Some(*i),
            ),
            value: String::new(),
            description: String::new(),
        }),
        _ => None,
    });
    if !magic.options.is_empty() {
        let mut buttons: Vec<Button> = magic
            .options
            .into_iter()
            .map(|o| {
                Button::new(
                    id(Step::Play(o.value.parse().ok())),
                    o.label,
                    Style::Success,
                )
            })
            .collect();
        // A row holds five buttons; six creatures are never all bound when magic is
        // ready (the third magic treasure freed at least one bond), but the last row
        // must not overflow if they were.
        buttons.truncate(5);
        rows.push(Row::Buttons(buttons));
    }
}

/// The preview of legal input `i`: what it does, Confirm, and Back to `back`. Its
/// place is named by its number among `spots` (those on the image).
#[allow(clippy::too_many_arguments)]
fn look(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    legal: &[Input],
    i: usize,
    spots: &[Pos],
    back: Step,
    id: &dyn Fn(Step) -> String,
    suggested: Option<Input>,
    lines: &mut Vec<String>,
    rows: &mut Vec<Row>,
) {
    let input = legal[i];
    let e = foresee(&game.state, input);
    if let Input::Place { at, rot, .. } = input {
        let n = spots.iter().position(|p| *p == at).map_or(1, |k| k + 1);
        lines.push(m::preview(lang, n, rot.0, effect_line(lang, deck, &e)));
    }
    rows.push(Row::Buttons(vec![
        Button::new(
            id(Step::Play(Some(i))),
            marked(m::confirm(lang), suggested == Some(input)),
            Style::Success,
        ),
        Button::new(id(back), m::back(lang), Style::Secondary),
    ]));
}

/// An empty one-choice select with its placeholder clipped to Discord's 150 characters.
pub(super) fn choose(id: String, placeholder: String) -> Select {
    Select {
        id,
        placeholder: clip(&placeholder, 150),
        options: Vec::new(),
        min_values: 1,
        max_values: 1,
    }
}

/// A select of the legal inputs `option` describes, each valued by its index.
fn choose_input(
    id: String,
    placeholder: String,
    legal: &[Input],
    option: impl Fn(&Input) -> Option<SelectOption>,
) -> Select {
    let mut s = choose(id, placeholder);
    for (i, input) in legal.iter().enumerate() {
        if let Some(mut o) = option(input) {
            o.value = i.to_string();
            s.options.push(o);
        }
    }
    s.options.truncate(MAX_OPTIONS);
    s
}

/// A face-up card as an option: "Card 2" (its place among the face-up cards) and its
/// symbols (crystals and orb colours), as a player tells them apart.
fn face_up_option(lang: Lang, view: &View, card: u8, discard: bool) -> SelectOption {
    let n = view
        .face_up
        .iter()
        .position(|c| *c == card)
        .map_or(0, |k| k + 1);
    let face = &view.faces[card as usize];
    let orbs: Vec<Colour> = face.symbols.iter().filter_map(|s| s.orb()).collect();
    SelectOption {
        label: if discard {
            m::discard_card(lang, n)
        } else {
            m::card(lang, n)
        },
        value: String::new(),
        description: clip(
            &m::card_about(lang, face.crystals(), colours(lang, &orbs)),
            crate::app::msg::MAX_DESCRIPTION,
        ),
    }
}

#[cfg(test)]
mod tests {
    /// A daily won in phase 2 with the dragon's green orb open: the date, the result,
    /// every creature's square, then the dragon's row with green black; a practice
    /// game and an unfinished daily have none.
    #[test]
    fn a_share_line_is_the_result_and_a_row_of_squares_per_phase() {
        use crate::crystallo::deck::{Colour, Deck};
        use crate::crystallo::score::Outcome;
        use crate::crystallo::{Phase, State};
        use crate::i18n::Lang;
        use crate::store::crystallo::{Game, Kind};
        let (mut state, _) = State::deal(&Deck::provisional(), 5);
        let mut game = Game {
            id: 1,
            guild: Some(2),
            channel: 3,
            user: 4,
            kind: Kind::Daily(20_420),
            seed: 5,
            version: 9,
            state: state.clone(),
            ending: None,
            created_at: 0,
            updated_at: 0,
        };
        assert_eq!(super::share_line(Lang::En, &game), None, "not finished");
        state.bonds = [0; 6];
        state.dragon = [true; 6];
        state.dragon[Colour::Green.index()] = false;
        state.phase = Phase::Over(Outcome::new(true, false, 0, 4));
        game.state = state;
        assert_eq!(
            super::share_line(Lang::En, &game).unwrap(),
            "Crystallo 2025-11-28 · Prosperous Liberator, 300 points, 4 treasures\n\
             🟥🟧🟨🟩🟦🟪 creatures freed\n\
             🟥🟧🟨⬛🟦🟪 dragon orbs marked"
        );
        assert!(
            super::share_line(Lang::De, &game)
                .unwrap()
                .contains("Wesen befreit")
        );
        game.kind = Kind::Practice;
        assert_eq!(super::share_line(Lang::En, &game), None, "a daily only");
    }
}

//! The private Crystallo panel: the cavern image with the card to place and its numbered
//! places, and the choices in the order a player thinks of them (phase 2: which face-up
//! card; then where, by the number on the image; then how it lies, each orientation
//! saying the sets it makes; then a preview to confirm). Every choice ends as an index
//! into the engine's `legal` inputs at the game's version, which the engine judges
//! again when it is played; the panel never offers a raw list of engine inputs.
//!
//! Built from the player's own `View` and from what an input would do to a copy of the
//! game, cut at the first card it would draw: nothing here says what a face-down card is.
//!
//! A lesson game's panel (`/crystallo learn`) is the same panel with its guide: the
//! lessons due now as "📘" lines under the heading, and the one choice of each screen
//! that leads to the suggested move marked "📘" (`lessons.rs`).

use super::ids::{CryId, Step};
use super::lessons::{Guide, marked};
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
        Step::Page { card, .. } | Step::Spot { card, .. } | Step::Card(Some(card))
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
    let spots = card.map(|c| numbered_spots(&legal, c)).unwrap_or_default();
    let id = |step| CryId::new(game.id, game.version, step).to_id();
    let mut lines = vec![format!("**{}**", heading(lang, game))];
    let lessons = guide.map(|g| g.lines.as_slice()).unwrap_or_default();
    lines.extend(lessons.iter().cloned());
    if let Some(n) = note {
        lines.push(n.to_string());
    }
    let mut rows = Vec::new();
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
        match step {
            Step::Look(i) if legal.get(i).is_some() => look(
                game, deck, lang, &legal, i, &spots, &id, suggested, &mut lines, &mut rows,
            ),
            Step::Spot {
                card: c,
                number: Some(n),
            } if (1..=spots.len()).contains(&n) => {
                lines.push(m::pick_orientation(lang, n));
                let mut buttons = Vec::new();
                for (i, input) in legal.iter().enumerate() {
                    if let Input::Place { card: k, at, rot } = input
                        && *k == c
                        && *at == spots[n - 1]
                    {
                        let e = foresee(&game.state, *input);
                        let label =
                            format!("{} · {}", m::rot(lang, rot.0), m::makes(lang, e.lit.len()));
                        buttons.push(Button::new(
                            id(Step::Look(i)),
                            marked(label, suggested == Some(*input)),
                            if e.lit.is_empty() {
                                Style::Secondary
                            } else {
                                Style::Primary
                            },
                        ));
                    }
                }
                buttons.push(Button::new(
                    id(Step::Page {
                        card: c,
                        page: (n - 1) / MAX_OPTIONS,
                    }),
                    m::back(lang),
                    Style::Secondary,
                ));
                rows.push(Row::Buttons(buttons));
            }
            _ => main_rows(
                game, deck, lang, step, &view, &legal, card, &spots, &id, suggested, &mut rows,
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

/// The placements of `card` that make a set, most sets (then creatures freed, then
/// treasure) first, each saying where it lies and what it makes: on a phone most of a
/// turn's good moves are two clicks (this choice, then Confirm) whatever page their
/// place is on, without reading the numbers on the image. `None` when none makes a set.
fn set_making(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    legal: &[Input],
    card: u8,
    spots: &[Pos],
    id: &dyn Fn(Step) -> String,
) -> Option<Select> {
    let mut found: Vec<(usize, Foreseen, usize, u8)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, input)| match input {
            Input::Place { card: k, at, rot } if *k == card => {
                let e = foresee(&game.state, *input);
                let n = spots.iter().position(|p| p == at)? + 1;
                (!e.lit.is_empty()).then_some((i, e, n, rot.0))
            }
            _ => None,
        })
        .collect();
    if found.is_empty() {
        return None;
    }
    found.sort_by_key(|(_, e, n, _)| {
        (
            std::cmp::Reverse((e.lit.len(), e.freed.len(), e.treasures)),
            *n,
        )
    });
    let mut s = choose(id(Step::Sets(None)), m::pick_set(lang, found.len()));
    for (i, e, n, rot) in found.into_iter().take(MAX_OPTIONS) {
        s.options.push(SelectOption {
            label: format!("{} · {}", m::spot(lang, n), m::rot(lang, rot)),
            value: i.to_string(),
            description: clip(
                &effect_line(lang, deck, &e),
                crate::app::msg::MAX_DESCRIPTION,
            ),
        });
    }
    Some(s)
}

/// The first screen: choose a face-up card (phase 2), a place (by its number), discard
/// a card without a place, or use the magic treasures' power.
#[allow(clippy::too_many_arguments)]
fn main_rows(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    step: Step,
    view: &View,
    legal: &[Input],
    card: Option<u8>,
    spots: &[Pos],
    id: &dyn Fn(Step) -> String,
    suggested: Option<Input>,
    rows: &mut Vec<Row>,
) {
    // The suggested placement's card and place (a lesson game's).
    let (to_place, to_spot) = match suggested {
        Some(Input::Place { card, at, .. }) => (Some(card), Some((card, at))),
        _ => (None, None),
    };
    let dragon = view.phase == Phase::Dragon;
    if dragon && view.face_up.len() > 1 && legal.iter().any(|i| matches!(i, Input::Place { .. })) {
        let mut s = choose(id(Step::Card(None)), m::pick_card(lang));
        for &c in &view.face_up {
            if !numbered_spots(legal, c).is_empty() {
                let mut o = face_up_option(lang, view, c, false);
                o.value = c.to_string();
                // Marked until it is the card chosen (then its place is).
                o.label = marked(o.label, to_place == Some(c) && card != Some(c));
                s.options.push(o);
            }
        }
        s.options.truncate(MAX_OPTIONS);
        rows.push(Row::Select(s));
    }
    if let Some(c) = card
        && !spots.is_empty()
    {
        if let Some(s) = set_making(game, deck, lang, legal, c, spots, id) {
            rows.push(Row::Select(s));
        }
        let pages = spots.len().div_ceil(MAX_OPTIONS);
        let page = match step {
            Step::Page { page, .. } => page.min(pages - 1),
            _ => 0,
        };
        let first = page * MAX_OPTIONS;
        let last = (first + MAX_OPTIONS).min(spots.len());
        let mut s = choose(
            id(Step::Spot {
                card: c,
                number: None,
            }),
            m::pick_spot(lang),
        );
        for (k, at) in spots.iter().enumerate().take(last).skip(first) {
            let n = k + 1;
            let best = legal
                .iter()
                .filter(|i| matches!(i, Input::Place { card, at: a, .. } if *card == c && a == at))
                .map(|i| foresee(&game.state, *i))
                .max_by_key(|e| (e.lit.len(), e.freed.len(), e.treasures))
                .unwrap_or_default();
            s.options.push(SelectOption {
                label: marked(m::spot(lang, n), to_spot == Some((c, *at))),
                value: n.to_string(),
                description: clip(
                    &effect_line(lang, deck, &best),
                    crate::app::msg::MAX_DESCRIPTION,
                ),
            });
        }
        rows.push(Row::Select(s));
        if pages > 1 {
            let buttons = page_window(page, pages)
                .map(|p| {
                    let from = p * MAX_OPTIONS + 1;
                    let to = ((p + 1) * MAX_OPTIONS).min(spots.len());
                    // The page that holds the suggested place, when another is shown.
                    let holds = to_spot.is_some_and(|(k, at)| {
                        k == c && spots[from - 1..to].contains(&at) && p != page
                    });
                    let mut b = Button::new(
                        id(Step::Page { card: c, page: p }),
                        marked(m::pick_spot_page(lang, from, to), holds),
                        Style::Secondary,
                    );
                    b.disabled = p == page;
                    b
                })
                .collect();
            rows.push(Row::Buttons(buttons));
        }
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

/// The preview of legal input `i`: what it does, Confirm and Back.
#[allow(clippy::too_many_arguments)]
fn look(
    game: &Game,
    deck: &Deck,
    lang: Lang,
    legal: &[Input],
    i: usize,
    spots: &[Pos],
    id: &dyn Fn(Step) -> String,
    suggested: Option<Input>,
    lines: &mut Vec<String>,
    rows: &mut Vec<Row>,
) {
    let input = legal[i];
    let e = foresee(&game.state, input);
    let back = match input {
        Input::Place { card, at, rot } => {
            let n = spots.iter().position(|p| *p == at).map_or(1, |k| k + 1);
            lines.push(m::preview(lang, n, rot.0, effect_line(lang, deck, &e)));
            Step::Spot {
                card,
                number: Some(n),
            }
        }
        _ => Step::Show,
    };
    rows.push(Row::Buttons(vec![
        Button::new(
            id(Step::Play(Some(i))),
            marked(m::confirm(lang), suggested == Some(input)),
            Style::Success,
        ),
        Button::new(id(back), m::back(lang), Style::Secondary),
    ]));
}

fn choose(id: String, placeholder: String) -> Select {
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

/// The pages whose buttons are shown: a row holds five buttons, so the five around the
/// page shown.
fn page_window(page: usize, pages: usize) -> std::ops::Range<usize> {
    let first = page.saturating_sub(2).min(pages.saturating_sub(5));
    first..pages.min(first + 5)
}

#[cfg(test)]
mod tests {
    use super::page_window;

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

    #[test]
    fn page_buttons_fit_a_row_and_always_hold_the_page_shown() {
        assert_eq!(page_window(0, 2), 0..2);
        for pages in 1..12 {
            for page in 0..pages {
                let w = page_window(page, pages);
                assert!(
                    w.contains(&page) && w.len() == pages.min(5),
                    "{page}/{pages}: {w:?}"
                );
            }
        }
        assert_eq!(page_window(9, 12), 7..12);
    }
}

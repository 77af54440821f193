//! Private panels: the legal choices of `State::legal` for the pending question, as
//! labelled options (costs and resulting initiative shown before confirming), split into
//! buttons or selects within Discord's limits.
//!
//! A choice is named by its index in `State::legal(rules, seat)`, which is deterministic
//! for a given state, and the state is fixed by the match version that the custom id
//! carries: a stale index is refused by the version check before it is looked up.

use super::ids::{CustomId, Verb};
use super::msg::{Button, MAX_LABEL, MAX_OPTIONS, Row, Select, SelectOption, Style, clip};
use crate::game::pack::Stat;
use crate::game::state::Via;
use crate::game::{CardId, Event, Input, Question, Rules, Seat, State};
use crate::store::MatchId;

/// One legal choice, labelled for the player who may make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub index: usize,
    pub category: &'static str,
    pub label: String,
    /// Cost and resulting initiative, or a short note.
    pub detail: String,
}

/// Selects per page (one more row is left for the page buttons).
const SELECTS_PER_PAGE: usize = 4;

fn card(rules: &Rules, state: &State, c: CardId) -> String {
    let def = state.card(rules, c);
    format!("{} ({}/{})", def.name, def.attack, def.defense)
}

fn cards(rules: &Rules, state: &State, cs: &[CardId]) -> String {
    if cs.is_empty() {
        return "nothing".into();
    }
    cs.iter()
        .map(|&c| state.card(rules, c).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

fn zone(rules: &Rules, z: u8) -> String {
    rules
        .board
        .zones
        .get(z as usize)
        .map(|z| z.name.clone())
        .unwrap_or_else(|| format!("zone {z}"))
}

fn crystal(rules: &Rules, c: u8) -> String {
    rules
        .pack
        .crystals
        .get(c as usize)
        .map(|c| format!("{} (cost {})", c.name, c.cost))
        .unwrap_or_else(|| format!("crystal {c}"))
}

/// The label and category of one input, for the seat that may send it.
pub fn describe(rules: &Rules, state: &State, seat: Seat, input: &Input) -> (&'static str, String) {
    let name = |c| card(rules, state, c);
    let list = |cs: &[CardId]| cards(rules, state, cs);
    match input {
        Input::Mulligan(cs) if cs.is_empty() => ("Keep", "Keep my opening hand".into()),
        Input::Mulligan(cs) => ("Mulligan", format!("Shuffle back {}", list(cs))),
        Input::Summon(cs) => ("Summon", format!("Summon {} at home", list(cs))),
        Input::SummonTo {
            cards,
            zone: z,
            via,
        } => {
            let how = match via {
                Via::Home => "",
                Via::Build => " (Build)",
                Via::RaiseTheDead => " (Raise the Dead)",
                Via::Shift => " (Shift)",
                Via::Pyramid => " (Pyramid)",
            };
            (
                "Summon",
                format!("Summon {} to {}{how}", list(cards), zone(rules, *z)),
            )
        }
        Input::Activate(z) => (
            "Activate",
            format!(
                "Activate the squad in {} ({})",
                zone(rules, *z),
                list(state.squad(*z, seat))
            ),
        ),
        Input::Score(c) => ("Crystal", format!("Take {}", crystal(rules, *c))),
        Input::Replenish => ("Other", "Replenish: discard, then draw up to 5".into()),
        Input::Invade => ("Other", "Invade the enemy home".into()),
        Input::Order(cs) => ("Order", format!("Order (top first): {}", list(cs))),
        Input::Move { cards, to } => (
            "Move",
            format!("Move {} to {}", list(cards), zone(rules, *to)),
        ),
        Input::Stay => ("Move", "Stay".into()),
        Input::Battle(true) => ("Battle", "Battle!".into()),
        Input::Battle(false) => ("Battle", "No battle: end the activation".into()),
        Input::BattleCard(c) => {
            let def = state.card(rules, *c);
            (
                "Battle card",
                format!(
                    "{} ({:?}, {}/{})",
                    def.name, def.style, def.attack, def.defense
                ),
            )
        }
        Input::First(s) if *s == seat => ("Order", "My effects first".into()),
        Input::First(_) => ("Order", "The opponent's effects first".into()),
        Input::Draw(0) => ("Draw", "Draw nothing".into()),
        Input::Draw(n) => ("Draw", format!("Draw {n}")),
        Input::Discard(c) => ("Discard", format!("Discard {}", name(*c))),
        Input::Done => ("Done", "Done".into()),
        Input::Unit(c) => ("Unit", name(*c)),
        Input::Return(true) => ("Return", "Take the battle card back".into()),
        Input::Return(false) => ("Return", "Discard the battle card".into()),
        Input::Predict(s) => ("Predict", format!("Predict {s:?}")),
        Input::Sacrifice(Stat::Attack) => ("Sacrifice", "Sacrifice the top unit: +6 attack".into()),
        Input::Sacrifice(_) => ("Sacrifice", "Sacrifice the top unit: +6 defense".into()),
        Input::UseCrystal(c) => ("Crystal", format!("Use {}", crystal(rules, *c))),
        Input::Accept(true) => ("Yes/No", "Yes".into()),
        Input::Accept(false) => ("Yes/No", "No".into()),
        Input::Pick(c) => ("Pick", format!("Pick {}", name(*c))),
        Input::Inform { keep, order } => (
            "Keep",
            format!("Keep {}; put back {}", name(*keep), list(order)),
        ),
        Input::Tuck { card: c, top } => (
            "Tuck",
            format!(
                "Put {} on the {} of the draw pile",
                name(*c),
                if *top { "top" } else { "bottom" }
            ),
        ),
    }
}

/// Every legal choice of `seat`, labelled, with the cost and the resulting initiative
/// of actions (worked out on a copy of the state; only the token is read from it).
pub fn choices(rules: &Rules, state: &State, seat: Seat) -> Vec<Choice> {
    let question = state.pending().question;
    state
        .legal(rules, seat)
        .into_iter()
        .enumerate()
        .map(|(index, input)| {
            let (category, label) = describe(rules, state, seat, &input);
            let mut detail = String::new();
            if matches!(question, Question::Action | Question::FreeScore) {
                let mut copy = state.clone();
                if let Ok(events) = copy.apply(rules, seat, &input) {
                    let paid: u32 = events
                        .iter()
                        .map(|e| match e {
                            Event::Paid {
                                seat: s, amount, ..
                            } if *s == seat => *amount as u32,
                            _ => 0,
                        })
                        .sum();
                    detail = format!("cost {paid}, initiative {:+}", copy.initiative(seat));
                }
            }
            Choice {
                index,
                category,
                label: clip(&label, MAX_LABEL),
                detail,
            }
        })
        .collect()
}

/// The categories present, in order of first appearance.
pub fn categories(choices: &[Choice]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for c in choices {
        if !out.contains(&c.category) {
            out.push(c.category);
        }
    }
    out
}

/// The rows of a panel. Up to 5 choices: buttons. Up to 25: one select. More: one
/// button per category (`arg` = `<category>.0`), and inside a category up to four
/// selects of 25 per page with page buttons.
pub fn rows(
    match_id: MatchId,
    version: i64,
    choices: &[Choice],
    view: Option<(usize, usize)>,
) -> Vec<Row> {
    let input_id = CustomId::new(match_id, version, Verb::Input);
    let turn = |arg: String| {
        CustomId::new(match_id, version, Verb::Turn)
            .with(arg)
            .render()
    };
    let option = |c: &Choice| SelectOption {
        label: clip(&c.label, MAX_LABEL),
        value: c.index.to_string(),
        description: clip(&c.detail, MAX_LABEL),
    };
    if view.is_none() && choices.len() <= 5 {
        return vec![Row::Buttons(
            choices
                .iter()
                .map(|c| {
                    let label = if c.detail.is_empty() {
                        c.label.clone()
                    } else {
                        format!("{} — {}", c.label, c.detail)
                    };
                    Button::new(
                        input_id.clone().with(c.index.to_string()).render(),
                        label,
                        Style::Primary,
                    )
                })
                .collect(),
        )];
    }
    if view.is_none() && choices.len() <= MAX_OPTIONS {
        return vec![Row::Select(Select {
            id: input_id.render(),
            placeholder: "Choose…".into(),
            options: choices.iter().map(option).collect(),
        })];
    }
    let cats = categories(choices);
    let Some((cat, page)) = view.filter(|(c, _)| *c < cats.len()) else {
        // The category buttons, five per row, at most 25.
        return cats
            .chunks(5)
            .take(5)
            .enumerate()
            .map(|(row, chunk)| {
                Row::Buttons(
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, name)| {
                            let n = choices.iter().filter(|c| c.category == *name).count();
                            Button::new(
                                turn(format!("{}.0", row * 5 + i)),
                                format!("{name} ({n})"),
                                Style::Primary,
                            )
                        })
                        .collect(),
                )
            })
            .collect();
    };
    let in_cat: Vec<&Choice> = choices.iter().filter(|c| c.category == cats[cat]).collect();
    let per_page = SELECTS_PER_PAGE * MAX_OPTIONS;
    let pages = in_cat.len().div_ceil(per_page).max(1);
    let page = page.min(pages - 1);
    let mut out: Vec<Row> = in_cat
        .iter()
        .skip(page * per_page)
        .take(per_page)
        .collect::<Vec<_>>()
        .chunks(MAX_OPTIONS)
        .enumerate()
        .map(|(i, chunk)| {
            Row::Select(Select {
                // Discord needs distinct ids within a message: the part number is an arg.
                id: input_id.clone().with(format!("p{i}")).render(),
                placeholder: format!(
                    "{} {}/{}",
                    cats[cat],
                    page * SELECTS_PER_PAGE + i + 1,
                    pages * SELECTS_PER_PAGE
                ),
                options: chunk.iter().map(|c| option(c)).collect(),
            })
        })
        .collect();
    let mut nav = vec![Button::new(turn("all".into()), "Back", Style::Secondary)];
    if page > 0 {
        nav.push(Button::new(
            turn(format!("{cat}.{}", page - 1)),
            "Previous page",
            Style::Secondary,
        ));
    }
    if page + 1 < pages {
        nav.push(Button::new(
            turn(format!("{cat}.{}", page + 1)),
            "Next page",
            Style::Secondary,
        ));
    }
    out.push(Row::Buttons(nav));
    out
}

/// Parses a `Turn` arg (`<category>.<page>`; anything else: the overview).
pub fn parse_view(arg: Option<&str>) -> Option<(usize, usize)> {
    let (c, p) = arg?.split_once('.')?;
    Some((c.parse().ok()?, p.parse().ok()?))
}

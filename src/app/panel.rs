//! Private panels: the legal choices of `State::legal` for the pending question, walked
//! through one step at a time within Discord's limits: the kind of action (buttons), the
//! cards or units (a select), the destination (buttons), then a confirmation that shows
//! the cost and the resulting initiative. Other questions (squad order, battle or not, a
//! battle card, a discard) are one click or one select.
//!
//! The panel keeps no state of its own: where the player is in the walk travels in the
//! `Turn` custom id's argument ([`Nav`]), so every step survives a restart.
//!
//! A choice is named by its index in `State::legal(rules, seat)`, which is deterministic
//! for a given state, and the state is fixed by the match version that the custom id
//! carries: a stale index is refused by the version check before it is looked up.

use super::ids::{CustomId, Verb};
use super::msg::{Button, MAX_LABEL, MAX_OPTIONS, Row, Select, SelectOption, Style, clip};
use crate::game::choice::{Place, Places};
use crate::game::pack::Stat;
use crate::game::state::Via;
use crate::game::{CardId, Event, Input, Question, Rules, Seat, State};
use crate::store::MatchId;

/// One legal choice, labelled for the player who may make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub index: usize,
    pub category: &'static str,
    /// The first step of a two-step choice (the cards of a summon, the units of a move);
    /// empty when the choice is one step.
    pub group: String,
    /// The second step (where to), shown once the group is chosen.
    pub target: String,
    pub label: String,
    /// Cost and resulting initiative, or a short note.
    pub detail: String,
}

/// Selects per page (one more row is left for the page buttons).
const SELECTS_PER_PAGE: usize = 4;

/// Where a player is in the walk through a panel (the `Turn` argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    /// The first step: the kinds of action (or the choices, when they are few).
    Overview,
    /// The choices (or groups) of one category, a page of them.
    Category { cat: usize, page: usize },
    /// The targets of one group of a category (where the chosen cards go).
    Group { cat: usize, group: usize },
    /// Confirm the choice with this index into the legal inputs.
    Confirm { index: usize },
}

impl Nav {
    pub fn arg(self) -> String {
        match self {
            Nav::Overview => "all".into(),
            Nav::Category { cat, page } => format!("c{cat}.{page}"),
            Nav::Group { cat, group } => format!("g{cat}.{group}"),
            Nav::Confirm { index } => format!("k{index}"),
        }
    }

    /// Parses a `Turn` argument; anything unknown is the overview.
    pub fn parse(arg: Option<&str>) -> Nav {
        let Some(arg) = arg else {
            return Nav::Overview;
        };
        let pair = |s: &str| -> Option<(usize, usize)> {
            let (a, b) = s.split_once('.')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        };
        let parsed = match arg.split_at_checked(1) {
            Some(("c", rest)) => pair(rest).map(|(cat, page)| Nav::Category { cat, page }),
            Some(("g", rest)) => pair(rest).map(|(cat, group)| Nav::Group { cat, group }),
            Some(("k", rest)) => rest.parse().ok().map(|index| Nav::Confirm { index }),
            // Panels posted before the walk had steps: `<category>.<page>`.
            _ => pair(arg).map(|(cat, page)| Nav::Category { cat, page }),
        };
        parsed.unwrap_or(Nav::Overview)
    }
}

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

/// What let a summon go outside the home zone, as a note after the zone.
fn via_note(via: Via) -> &'static str {
    match via {
        Via::Home => "",
        Via::Build => " (Build)",
        Via::RaiseTheDead => " (Raise the Dead)",
        Via::Shift => " (Shift)",
        Via::Pyramid => " (Pyramid)",
    }
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
            let how = via_note(*via);
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

/// The two steps of a choice, when it has two: (group, target).
fn steps(rules: &Rules, state: &State, input: &Input) -> (String, String) {
    let list = |cs: &[CardId]| cards(rules, state, cs);
    match input {
        Input::Summon(cs) => (list(cs), "home".into()),
        Input::SummonTo {
            cards,
            zone: z,
            via,
        } => {
            let how = via_note(*via);
            (list(cards), format!("{}{how}", zone(rules, *z)))
        }
        Input::Move { cards, to } => (list(cards), zone(rules, *to)),
        _ => (String::new(), String::new()),
    }
}

/// Whether choices of this question cost initiative, so they are confirmed first.
pub fn confirms(question: &Question) -> bool {
    matches!(question, Question::Action | Question::FreeScore)
}

/// Where a card is, as a player who may choose it sees it: which pile, or which squad
/// (and how deep in it, the second part). Empty where the card is nowhere else it could
/// be confused with. `at` is the engine's own map of every card's place.
fn place(rules: &Rules, state: &State, at: &Places, seat: Seat, c: CardId) -> (String, String) {
    let whose = |s: Seat| if s == seat { "your" } else { "the opponent's" };
    let pile = |s: Seat, name: &str| (format!("{} {name}", whose(s)), String::new());
    match at.class(state, c).place {
        Place::Hand(s) => pile(s, "hand"),
        Place::Discard(s) => pile(s, "discard pile"),
        Place::Draw(s) => pile(s, "draw pile"),
        Place::Squad {
            zone: z, seat: s, ..
        } => {
            let squad = state.squad(z, s);
            let i = squad.iter().position(|&u| u == c).unwrap_or(0);
            let depth = match i {
                0 => "top".to_string(),
                i if i + 1 == squad.len() => "bottom".to_string(),
                1 => "2nd".to_string(),
                2 => "3rd".to_string(),
                i => format!("{}th", i + 1),
            };
            (format!("{} squad in {}", whose(s), zone(rules, z)), depth)
        }
        Place::Removed(_) | Place::Battle(_) | Place::Nowhere => (String::new(), String::new()),
    }
}

/// The places of some cards, short: each pile or squad once, a squad with the depths
/// of its named units ("your hand; your squad in Centre: top, bottom").
fn places_note(rules: &Rules, state: &State, at: &Places, seat: Seat, cards: &[CardId]) -> String {
    let mut parts: Vec<(String, Vec<String>)> = Vec::new();
    for &c in cards {
        let (area, depth) = place(rules, state, at, seat, c);
        if area.is_empty() {
            continue;
        }
        let i = match parts.iter().position(|(a, _)| *a == area) {
            Some(i) => i,
            None => {
                parts.push((area, Vec::new()));
                parts.len() - 1
            }
        };
        if !depth.is_empty() {
            parts[i].1.push(depth);
        }
    }
    parts
        .into_iter()
        .map(|(area, depths)| {
            if depths.is_empty() {
                area
            } else {
                format!("{area}: {}", depths.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The cards an input names, for telling apart choices that read the same.
fn named_cards(input: &Input) -> Vec<CardId> {
    match input {
        Input::Unit(c) | Input::Pick(c) | Input::Discard(c) | Input::BattleCard(c) => vec![*c],
        Input::Tuck { card, .. } => vec![*card],
        Input::Inform { keep, .. } => vec![*keep],
        Input::Mulligan(cs) | Input::Summon(cs) | Input::Order(cs) => cs.to_vec(),
        Input::SummonTo { cards, .. } | Input::Move { cards, .. } => cards.to_vec(),
        _ => Vec::new(),
    }
}

/// Two choices with the same text (two Reef Wardens in one squad, the same card in hand
/// and in the discard pile) get what differs appended: where each named card is, and
/// as a last resort a number. Labels are compared as shown (with their detail); groups
/// (the first step of a two-step choice, also shown as a choice) are compared by the
/// cards they stand for.
fn disambiguate(rules: &Rules, state: &State, seat: Seat, legal: &[Input], out: &mut [Choice]) {
    let at = Places::new(state);
    let places =
        |i: usize| places_note(rules, state, &at, seat, &named_cards(&legal[out[i].index]));
    let cards_of = |i: usize| {
        let mut cs = named_cards(&legal[out[i].index]);
        cs.sort_unstable();
        cs
    };
    // Every choice is its own: any two with one text are told apart.
    let label_notes = notes(
        out.len(),
        |i| (out[i].label.clone(), out[i].detail.clone()),
        |i| i,
        places,
    );
    let group_notes = notes(
        out.len(),
        |i| (out[i].group.clone(), String::new()),
        cards_of,
        places,
    );
    let plain: Vec<String> = out.iter().map(|c| c.label.clone()).collect();
    for (i, c) in out.iter_mut().enumerate() {
        if let Some(note) = &label_notes[i] {
            c.label = with_note(&c.label, note);
        }
        if let (Some(note), false) = (&group_notes[i], c.group.is_empty()) {
            c.group = with_note(&c.group, note);
        }
    }
    // Making room for a note can cut what told two labels apart (the end of a long zone
    // name): number the labels that still read the same.
    let mut same: std::collections::BTreeMap<(String, String), Vec<usize>> = Default::default();
    for (i, c) in out.iter().enumerate() {
        same.entry((c.label.clone(), c.detail.clone()))
            .or_default()
            .push(i);
    }
    for members in same.into_values().filter(|m| m.len() > 1) {
        for (k, &i) in members.iter().enumerate() {
            let note = match &label_notes[i] {
                Some(n) => format!("{n}, #{}", k + 1),
                None => format!("#{}", k + 1),
            };
            out[i].label = with_note(&plain[i], &note);
        }
    }
}

/// For each of `n` items: a note for those that share their `text` with an item of
/// another `identity`, saying where their cards are (numbered where that is the same
/// too). Items of one identity get the same note, so the walk still groups them.
fn notes<K: Ord + Clone>(
    n: usize,
    text: impl Fn(usize) -> (String, String),
    identity: impl Fn(usize) -> K,
    places: impl Fn(usize) -> String,
) -> Vec<Option<String>> {
    use std::collections::BTreeMap;
    let mut by_text: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for i in 0..n {
        let t = text(i);
        if !t.0.is_empty() {
            by_text.entry(t).or_default().push(i);
        }
    }
    let mut out = vec![None; n];
    for same in by_text.values() {
        // One note per identity, in order of first appearance.
        let mut ids: Vec<K> = Vec::new();
        for &i in same {
            let k = identity(i);
            if !ids.contains(&k) {
                ids.push(k);
            }
        }
        if ids.len() < 2 {
            continue;
        }
        let first: Vec<usize> = ids
            .iter()
            .map(|k| *same.iter().find(|&&i| identity(i) == *k).expect("an item"))
            .collect();
        let mut texts: Vec<String> = first.iter().map(|&i| places(i)).collect();
        let unique = texts
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len()
            == texts.len();
        if !unique {
            for (k, t) in texts.iter_mut().enumerate() {
                *t = if t.is_empty() {
                    format!("#{}", k + 1)
                } else {
                    format!("{t}, #{}", k + 1)
                };
            }
        }
        for &i in same {
            let k = ids
                .iter()
                .position(|x| *x == identity(i))
                .expect("an identity");
            out[i] = Some(texts[k].clone());
        }
    }
    out
}

/// `text (note)` within Discord's label length: the text is cut, never the note that
/// tells it apart.
fn with_note(text: &str, note: &str) -> String {
    let note = format!(" ({note})");
    let room = MAX_LABEL.saturating_sub(note.chars().count()).max(8);
    clip(&format!("{}{note}", clip(text, room)), MAX_LABEL)
}

/// Every legal choice of `seat`, labelled, with the cost and the resulting initiative
/// of actions (worked out on a copy of the state; only the token is read from it).
pub fn choices(rules: &Rules, state: &State, seat: Seat) -> Vec<Choice> {
    let question = state.pending().question;
    let legal = state.legal(rules, seat);
    let mut out: Vec<Choice> = legal
        .iter()
        .cloned()
        .enumerate()
        .map(|(index, input)| {
            let (category, label) = describe(rules, state, seat, &input);
            let (group, target) = steps(rules, state, &input);
            let mut detail = String::new();
            if confirms(&question) {
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
                group,
                target,
                label: clip(&label, MAX_LABEL),
                detail,
            }
        })
        .collect();
    disambiguate(rules, state, seat, &legal, &mut out);
    out
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

/// The distinct non-empty groups of some choices, in order of first appearance.
fn groups<'a>(choices: &[&'a Choice]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for c in choices {
        if !c.group.is_empty() && !out.contains(&c.group.as_str()) {
            out.push(&c.group);
        }
    }
    out
}

/// One entry of a step: what it says, its note, and where clicking it leads.
struct Entry {
    label: String,
    detail: String,
    to: Target,
}

#[derive(Clone, Copy)]
enum Target {
    /// Answer with this legal input (the commit).
    Input(usize),
    /// Go to this step of the walk.
    Nav(Nav),
}

/// A panel step: a line saying what to choose, and its rows.
pub struct Screen {
    pub prompt: String,
    pub rows: Vec<Row>,
}

struct Ids {
    match_id: MatchId,
    version: i64,
}

impl Ids {
    fn turn(&self, nav: Nav) -> String {
        CustomId::new(self.match_id, self.version, Verb::Turn)
            .with(nav.arg())
            .render()
    }

    fn button(&self, e: &Entry, style: Style) -> Button {
        let label = if e.detail.is_empty() {
            e.label.clone()
        } else {
            format!("{} — {}", e.label, e.detail)
        };
        let id = match e.to {
            Target::Input(i) => CustomId::new(self.match_id, self.version, Verb::Input)
                .with(i.to_string())
                .render(),
            Target::Nav(nav) => self.turn(nav),
        };
        Button::new(id, label, style)
    }

    /// Entries as buttons (up to 5) or as selects of 25 (up to 4 per page, the fifth
    /// row for `nav` buttons). All entries of one call lead to the same kind of target.
    fn rows(
        &self,
        entries: &[Entry],
        page: usize,
        pager: impl Fn(usize) -> Nav,
        nav: Vec<Button>,
    ) -> Vec<Row> {
        let mut out = Vec::new();
        if entries.len() <= 5 {
            out.push(Row::Buttons(
                entries
                    .iter()
                    .map(|e| self.button(e, Style::Primary))
                    .collect(),
            ));
        } else {
            let per_page = SELECTS_PER_PAGE * MAX_OPTIONS;
            let pages = entries.len().div_ceil(per_page);
            let page = page.min(pages - 1);
            let on_page: Vec<&Entry> = entries
                .iter()
                .skip(page * per_page)
                .take(per_page)
                .collect();
            for (i, chunk) in on_page.chunks(MAX_OPTIONS).enumerate() {
                // A select's custom id names the verb; its values carry the index or the
                // step. Discord needs distinct ids within a message: the part is an arg.
                let (verb, value): (Verb, fn(&Entry) -> String) = match chunk[0].to {
                    Target::Input(_) => (Verb::Input, |e| match e.to {
                        Target::Input(i) => i.to_string(),
                        Target::Nav(n) => n.arg(),
                    }),
                    Target::Nav(_) => (Verb::Turn, |e| match e.to {
                        Target::Nav(n) => n.arg(),
                        Target::Input(i) => Nav::Confirm { index: i }.arg(),
                    }),
                };
                out.push(Row::Select(Select {
                    id: CustomId::new(self.match_id, self.version, verb)
                        .with(format!("p{i}"))
                        .render(),
                    placeholder: if entries.len() > MAX_OPTIONS {
                        format!(
                            "Choose… ({}/{})",
                            page * SELECTS_PER_PAGE + i + 1,
                            entries.len().div_ceil(MAX_OPTIONS)
                        )
                    } else {
                        "Choose…".into()
                    },
                    options: chunk
                        .iter()
                        .map(|e| SelectOption {
                            label: clip(&e.label, MAX_LABEL),
                            value: value(e),
                            description: clip(&e.detail, MAX_LABEL),
                        })
                        .collect(),
                }));
            }
            let mut nav = nav;
            if page > 0 {
                nav.push(Button::new(
                    self.turn(pager(page - 1)),
                    "Previous page",
                    Style::Secondary,
                ));
            }
            if page + 1 < pages {
                nav.push(Button::new(
                    self.turn(pager(page + 1)),
                    "Next page",
                    Style::Secondary,
                ));
            }
            if !nav.is_empty() {
                out.push(Row::Buttons(nav));
            }
            return out;
        }
        if !nav.is_empty() {
            out.push(Row::Buttons(nav));
        }
        out
    }
}

/// The step `nav` of the panel for `choices` (the legal inputs of `question`).
pub fn step(
    match_id: MatchId,
    version: i64,
    question: &Question,
    choices: &[Choice],
    nav: Nav,
) -> Screen {
    let ids = Ids { match_id, version };
    let confirm = confirms(question);
    let pick = |c: &Choice| {
        if confirm {
            Target::Nav(Nav::Confirm { index: c.index })
        } else {
            Target::Input(c.index)
        }
    };
    let entry = |c: &Choice| Entry {
        label: c.label.clone(),
        detail: c.detail.clone(),
        to: pick(c),
    };
    let back = |to: Nav| Button::new(ids.turn(to), "Back", Style::Secondary);
    let cats = categories(choices);
    let overview = || {
        // Few choices, or only one kind: skip the first step.
        if cats.len() == 1 && choices.len() > 5 {
            return None;
        }
        if choices.len() <= 5 || (!confirm && choices.len() <= MAX_OPTIONS) {
            let entries: Vec<Entry> = choices.iter().map(entry).collect();
            return Some(Screen {
                prompt: "Choose:".into(),
                rows: ids.rows(&entries, 0, |_| Nav::Overview, vec![]),
            });
        }
        let buttons: Vec<Button> = cats
            .iter()
            .enumerate()
            .take(MAX_OPTIONS)
            .map(|(i, name)| {
                let n = choices.iter().filter(|c| c.category == *name).count();
                Button::new(
                    ids.turn(Nav::Category { cat: i, page: 0 }),
                    format!("{name} ({n})"),
                    Style::Primary,
                )
            })
            .collect();
        Some(Screen {
            prompt: "What do you want to do?".into(),
            rows: buttons
                .chunks(5)
                .map(|b| Row::Buttons(b.to_vec()))
                .collect(),
        })
    };
    match nav {
        Nav::Confirm { index } => {
            let Some(c) = choices.iter().find(|c| c.index == index) else {
                return step(match_id, version, question, choices, Nav::Overview);
            };
            let go = Entry {
                label: "Confirm".into(),
                detail: String::new(),
                to: Target::Input(c.index),
            };
            let what = if c.detail.is_empty() {
                c.label.clone()
            } else {
                format!("{} ({})", c.label, c.detail)
            };
            Screen {
                prompt: format!("**{what}**: confirm?"),
                rows: vec![Row::Buttons(vec![
                    ids.button(&go, Style::Success),
                    back(Nav::Overview),
                ])],
            }
        }
        Nav::Overview => overview().unwrap_or_else(|| {
            step(
                match_id,
                version,
                question,
                choices,
                Nav::Category { cat: 0, page: 0 },
            )
        }),
        Nav::Category { cat, page } => {
            let Some(name) = cats.get(cat) else {
                return step(match_id, version, question, choices, Nav::Overview);
            };
            let in_cat: Vec<&Choice> = choices.iter().filter(|c| c.category == *name).collect();
            // One entry per choice, except that the choices of a group with several
            // targets (the same cards to different zones) share one entry.
            let gs = groups(&in_cat);
            let mut entries: Vec<Entry> = Vec::new();
            let mut done: Vec<&str> = Vec::new();
            for c in &in_cat {
                let members = in_cat.iter().filter(|o| o.group == c.group).count();
                if c.group.is_empty() || members == 1 {
                    entries.push(entry(c));
                } else if !done.contains(&c.group.as_str()) {
                    done.push(&c.group);
                    let g = gs.iter().position(|g| *g == c.group).expect("a group");
                    entries.push(Entry {
                        label: c.group.clone(),
                        detail: format!("{members} destinations"),
                        to: Target::Nav(Nav::Group { cat, group: g }),
                    });
                }
            }
            // One select cannot mix answers and steps: steps go through `Turn`.
            let entries =
                if entries.len() > 5 && entries.iter().any(|e| matches!(e.to, Target::Nav(_))) {
                    entries
                        .into_iter()
                        .map(|e| Entry {
                            to: match e.to {
                                Target::Input(i) => Target::Nav(Nav::Confirm { index: i }),
                                nav => nav,
                            },
                            ..e
                        })
                        .collect()
                } else {
                    entries
                };
            let has_overview = overview().is_some();
            let nav_buttons = if has_overview {
                vec![back(Nav::Overview)]
            } else {
                vec![]
            };
            let what = match *name {
                "Summon" => "Which units do you summon?",
                "Move" => "Which units move?",
                "Activate" => "Which squad do you activate?",
                "Crystal" => "Which crystal?",
                _ => "Choose:",
            };
            Screen {
                prompt: what.into(),
                rows: ids.rows(
                    &entries,
                    page,
                    |p| Nav::Category { cat, page: p },
                    nav_buttons,
                ),
            }
        }
        Nav::Group { cat, group } => {
            let Some(name) = cats.get(cat) else {
                return step(match_id, version, question, choices, Nav::Overview);
            };
            let in_cat: Vec<&Choice> = choices.iter().filter(|c| c.category == *name).collect();
            let gs = groups(&in_cat);
            let Some(g) = gs.get(group) else {
                return step(
                    match_id,
                    version,
                    question,
                    choices,
                    Nav::Category { cat, page: 0 },
                );
            };
            let entries: Vec<Entry> = in_cat
                .iter()
                .filter(|c| c.group == *g)
                .map(|c| Entry {
                    label: if c.target.is_empty() {
                        c.label.clone()
                    } else {
                        c.target.clone()
                    },
                    ..entry(c)
                })
                .collect();
            Screen {
                prompt: format!("**{g}**: where to?"),
                rows: ids.rows(
                    &entries,
                    0,
                    |_| Nav::Group { cat, group },
                    vec![back(Nav::Category { cat, page: 0 })],
                ),
            }
        }
    }
}

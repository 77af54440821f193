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
//!
//! Every word is in the clicker's language (`panel.ftl`). Kinds of choice are
//! [`Category`] values, not words, and texts are compared only within one language's
//! labels, so a German panel walks like an English one (`tests/it/panel.rs` walks both).

use super::ids::{CustomId, Verb};
use super::msg::{Button, MAX_LABEL, MAX_OPTIONS, Row, Select, SelectOption, Style, clip};
use crate::game::choice::{Place, Places};
use crate::game::pack::Stat;
use crate::game::state::Via;
use crate::game::{CardId, Event, Input, Question, Rules, Seat, State};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, names};
use crate::store::MatchId;

/// One legal choice, labelled for the player who may make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub index: usize,
    pub category: Category,
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

fn card(lang: Lang, rules: &Rules, state: &State, c: CardId) -> String {
    let def = state.card(rules, c);
    p::panel_card_values(lang, names::card(lang, def), def.attack, def.defense)
}

fn cards(lang: Lang, rules: &Rules, state: &State, cs: &[CardId]) -> String {
    if cs.is_empty() {
        return p::panel_cards_none(lang);
    }
    cs.iter()
        .map(|&c| names::card(lang, state.card(rules, c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The zone's one name; a panel is drawn without the players' names, so a home is its
/// seat's ("Player 1's home (H1)").
fn zone(lang: Lang, rules: &Rules, z: u8) -> String {
    names::zone(lang, &rules.board, z, None)
}

fn crystal(lang: Lang, rules: &Rules, c: u8) -> String {
    rules
        .pack
        .crystals
        .get(c as usize)
        .map(|c| p::panel_crystal_cost(lang, names::crystal(lang, c), c.cost))
        .unwrap_or_else(|| p::panel_crystal_number(lang, c))
}

/// A card as a battle card or a hand lists it: name, battle style, attack/defense.
pub fn card_line(lang: Lang, def: &crate::game::pack::CardDef) -> String {
    p::choice_battle_card(
        lang,
        names::card(lang, def),
        names::style(lang, def.style),
        def.attack,
        def.defense,
    )
}

/// What let a summon go outside the home zone, as a note after the zone.
fn via_note(lang: Lang, via: Via) -> String {
    match via {
        Via::Home => String::new(),
        Via::Build => p::panel_via_build(lang),
        Via::RaiseTheDead => p::panel_via_raise_the_dead(lang),
        Via::Shift => p::panel_via_shift(lang),
        Via::Pyramid => p::panel_via_pyramid(lang),
    }
}

/// The kind of a choice: the panel's first step offers one button per kind present.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Mulligan,
    Keep,
    Summon,
    Activate,
    Crystal,
    Other,
    Order,
    Move,
    Battle,
    BattleCard,
    Draw,
    Discard,
    Done,
    Unit,
    Return,
    Predict,
    Sacrifice,
    YesNo,
    Pick,
    Tuck,
}

impl Category {
    /// Its name on the panel's buttons.
    pub fn name(self, lang: Lang) -> String {
        let f = match self {
            Category::Mulligan => p::category_mulligan,
            Category::Keep => p::category_keep,
            Category::Summon => p::category_summon,
            Category::Activate => p::category_activate,
            Category::Crystal => p::category_crystal,
            Category::Other => p::category_other,
            Category::Order => p::category_order,
            Category::Move => p::category_move,
            Category::Battle => p::category_battle,
            Category::BattleCard => p::category_battle_card,
            Category::Draw => p::category_draw,
            Category::Discard => p::category_discard,
            Category::Done => p::category_done,
            Category::Unit => p::category_unit,
            Category::Return => p::category_return,
            Category::Predict => p::category_predict,
            Category::Sacrifice => p::category_sacrifice,
            Category::YesNo => p::category_yes_no,
            Category::Pick => p::category_pick,
            Category::Tuck => p::category_tuck,
        };
        f(lang)
    }
}

/// The label and category of one input, for the seat that may send it, in `lang`.
pub fn describe(
    lang: Lang,
    rules: &Rules,
    state: &State,
    seat: Seat,
    input: &Input,
) -> (Category, String) {
    use Category as C;
    let name = |c| card(lang, rules, state, c);
    let list = |cs: &[CardId]| cards(lang, rules, state, cs);
    let zone = |z: u8| zone(lang, rules, z);
    let crystal = |c: u8| crystal(lang, rules, c);
    match input {
        Input::Mulligan(cs) if cs.is_empty() => (C::Keep, p::choice_keep_hand(lang)),
        Input::Mulligan(cs) => (C::Mulligan, p::choice_mulligan(lang, list(cs))),
        Input::Summon(cs) => (C::Summon, p::choice_summon_home(lang, list(cs))),
        Input::SummonTo {
            cards,
            zone: z,
            via,
        } => (
            C::Summon,
            p::choice_summon_to(lang, list(cards), zone(*z), via_note(lang, *via)),
        ),
        Input::Activate(z) => (
            C::Activate,
            p::choice_activate(lang, zone(*z), list(state.squad(*z, seat))),
        ),
        Input::Score(c) => (C::Crystal, p::choice_score(lang, crystal(*c))),
        Input::Replenish => (C::Other, p::choice_replenish(lang)),
        Input::Invade => (C::Other, p::choice_invade(lang)),
        Input::Order(cs) => (C::Order, p::choice_order(lang, list(cs))),
        Input::Move { cards, to } => (C::Move, p::choice_move(lang, list(cards), zone(*to))),
        Input::Stay => (C::Move, p::choice_stay(lang)),
        Input::Battle(true) => (C::Battle, p::choice_battle(lang)),
        Input::Battle(false) => (C::Battle, p::choice_no_battle(lang)),
        Input::BattleCard(c) => (C::BattleCard, card_line(lang, state.card(rules, *c))),
        Input::First(s) if *s == seat => (C::Order, p::choice_my_effects_first(lang)),
        Input::First(_) => (C::Order, p::choice_their_effects_first(lang)),
        Input::Draw(n) => (C::Draw, p::choice_draw(lang, *n)),
        Input::Discard(c) => (C::Discard, p::choice_discard(lang, name(*c))),
        Input::Done => (C::Done, p::choice_done(lang)),
        Input::Unit(c) => (C::Unit, name(*c)),
        Input::Return(true) => (C::Return, p::choice_take_back(lang)),
        Input::Return(false) => (C::Return, p::choice_discard_battle_card(lang)),
        Input::Predict(s) => (C::Predict, p::choice_predict(lang, names::style(lang, *s))),
        Input::Sacrifice(Stat::Attack) => (C::Sacrifice, p::choice_sacrifice_attack(lang)),
        Input::Sacrifice(_) => (C::Sacrifice, p::choice_sacrifice_defense(lang)),
        Input::UseCrystal(c) => (C::Crystal, p::choice_use_crystal(lang, crystal(*c))),
        Input::Accept(true) => (C::YesNo, p::choice_yes(lang)),
        Input::Accept(false) => (C::YesNo, p::choice_no(lang)),
        Input::Pick(c) => (C::Pick, p::choice_pick(lang, name(*c))),
        Input::Inform { keep, order } => {
            (C::Keep, p::choice_inform(lang, name(*keep), list(order)))
        }
        Input::Tuck { card: c, top: true } => (C::Tuck, p::choice_tuck_top(lang, name(*c))),
        Input::Tuck { card: c, .. } => (C::Tuck, p::choice_tuck_bottom(lang, name(*c))),
    }
}

/// The two steps of a choice, when it has two: (group, target).
fn steps(lang: Lang, rules: &Rules, state: &State, input: &Input) -> (String, String) {
    let list = |cs: &[CardId]| cards(lang, rules, state, cs);
    match input {
        Input::Summon(cs) => (list(cs), p::panel_target_home(lang)),
        Input::SummonTo {
            cards,
            zone: z,
            via,
        } => (
            list(cards),
            format!("{}{}", zone(lang, rules, *z), via_note(lang, *via)),
        ),
        Input::Move { cards, to } => (list(cards), zone(lang, rules, *to)),
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
fn place(
    lang: Lang,
    rules: &Rules,
    state: &State,
    at: &Places,
    seat: Seat,
    c: CardId,
) -> (String, String) {
    let pile = |s: Seat, yours: fn(Lang) -> String, theirs: fn(Lang) -> String| {
        let area = if s == seat { yours(lang) } else { theirs(lang) };
        (area, String::new())
    };
    match at.class(state, c).place {
        Place::Hand(s) => pile(s, p::panel_place_your_hand, p::panel_place_their_hand),
        Place::Discard(s) => pile(s, p::panel_place_your_discard, p::panel_place_their_discard),
        Place::Draw(s) => pile(s, p::panel_place_your_draw, p::panel_place_their_draw),
        Place::Squad {
            zone: z, seat: s, ..
        } => {
            let squad = state.squad(z, s);
            let i = squad.iter().position(|&u| u == c).unwrap_or(0);
            let depth = match i {
                0 => p::panel_depth_top(lang),
                i if i + 1 == squad.len() => p::panel_depth_bottom(lang),
                i => p::panel_depth_nth(lang, i + 1),
            };
            let zone = zone(lang, rules, z);
            let area = if s == seat {
                p::panel_place_your_squad(lang, zone)
            } else {
                p::panel_place_their_squad(lang, zone)
            };
            (area, depth)
        }
        Place::Removed(_) | Place::Battle(_) | Place::Nowhere => (String::new(), String::new()),
    }
}

/// The places of some cards, short: each pile or squad once, a squad with the depths
/// of its named units ("your hand; your squad in Centre: top, bottom").
fn places_note(
    lang: Lang,
    rules: &Rules,
    state: &State,
    at: &Places,
    seat: Seat,
    cards: &[CardId],
) -> String {
    let mut parts: Vec<(String, Vec<String>)> = Vec::new();
    for &c in cards {
        let (area, depth) = place(lang, rules, state, at, seat, c);
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
fn disambiguate(
    lang: Lang,
    rules: &Rules,
    state: &State,
    seat: Seat,
    legal: &[Input],
    out: &mut [Choice],
) {
    let at = Places::new(state);
    let places = |i: usize| {
        places_note(
            lang,
            rules,
            state,
            &at,
            seat,
            &named_cards(&legal[out[i].index]),
        )
    };
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

/// Every legal choice of `seat`, labelled in `lang`, with the cost and the resulting
/// initiative of actions (worked out on a copy of the state; only the token is read
/// from it).
pub fn choices(lang: Lang, rules: &Rules, state: &State, seat: Seat) -> Vec<Choice> {
    let question = state.pending().question;
    let legal = state.legal(rules, seat);
    let mut out: Vec<Choice> = legal
        .iter()
        .cloned()
        .enumerate()
        .map(|(index, input)| {
            let (category, label) = describe(lang, rules, state, seat, &input);
            let (group, target) = steps(lang, rules, state, &input);
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
                    let after = format!("{:+}", copy.initiative(seat));
                    detail = p::choice_cost(lang, paid, after);
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
    disambiguate(lang, rules, state, seat, &legal, &mut out);
    out
}

/// The categories present, in order of first appearance.
pub fn categories(choices: &[Choice]) -> Vec<Category> {
    let mut out: Vec<Category> = Vec::new();
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
    lang: Lang,
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
                        p::select_choose_part(
                            self.lang,
                            page * SELECTS_PER_PAGE + i + 1,
                            entries.len().div_ceil(MAX_OPTIONS),
                        )
                    } else {
                        p::select_choose(self.lang)
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
                    p::button_previous_page(self.lang),
                    Style::Secondary,
                ));
            }
            if page + 1 < pages {
                nav.push(Button::new(
                    self.turn(pager(page + 1)),
                    p::button_next_page(self.lang),
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

/// The step `nav` of the panel for `choices` (the legal inputs of `question`), in `lang`.
pub fn step(
    lang: Lang,
    match_id: MatchId,
    version: i64,
    question: &Question,
    choices: &[Choice],
    nav: Nav,
) -> Screen {
    let ids = Ids {
        match_id,
        version,
        lang,
    };
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
    let back = |to: Nav| Button::new(ids.turn(to), p::button_back(lang), Style::Secondary);
    let cats = categories(choices);
    let overview = || {
        // Few choices, or only one kind: skip the first step.
        if cats.len() == 1 && choices.len() > 5 {
            return None;
        }
        if choices.len() <= 5 || (!confirm && choices.len() <= MAX_OPTIONS) {
            let entries: Vec<Entry> = choices.iter().map(entry).collect();
            return Some(Screen {
                prompt: p::prompt_choose(lang),
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
                    p::category_count(lang, name.name(lang), n),
                    Style::Primary,
                )
            })
            .collect();
        Some(Screen {
            prompt: p::prompt_what(lang),
            rows: buttons
                .chunks(5)
                .map(|b| Row::Buttons(b.to_vec()))
                .collect(),
        })
    };
    match nav {
        Nav::Confirm { index } => {
            let Some(c) = choices.iter().find(|c| c.index == index) else {
                return step(lang, match_id, version, question, choices, Nav::Overview);
            };
            let go = Entry {
                label: p::button_confirm(lang),
                detail: String::new(),
                to: Target::Input(c.index),
            };
            let what = if c.detail.is_empty() {
                c.label.clone()
            } else {
                format!("{} ({})", c.label, c.detail)
            };
            Screen {
                prompt: p::prompt_confirm(lang, what),
                rows: vec![Row::Buttons(vec![
                    ids.button(&go, Style::Success),
                    back(Nav::Overview),
                ])],
            }
        }
        Nav::Overview => overview().unwrap_or_else(|| {
            step(
                lang,
                match_id,
                version,
                question,
                choices,
                Nav::Category { cat: 0, page: 0 },
            )
        }),
        Nav::Category { cat, page } => {
            let Some(name) = cats.get(cat) else {
                return step(lang, match_id, version, question, choices, Nav::Overview);
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
                        detail: p::panel_destinations(lang, members),
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
                Category::Summon => p::prompt_which_summon(lang),
                Category::Move => p::prompt_which_move(lang),
                Category::Activate => p::prompt_which_activate(lang),
                Category::Crystal => p::prompt_which_crystal(lang),
                _ => p::prompt_choose(lang),
            };
            Screen {
                prompt: what,
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
                return step(lang, match_id, version, question, choices, Nav::Overview);
            };
            let in_cat: Vec<&Choice> = choices.iter().filter(|c| c.category == *name).collect();
            let gs = groups(&in_cat);
            let Some(g) = gs.get(group) else {
                return step(
                    lang,
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
                prompt: p::prompt_where(lang, *g),
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

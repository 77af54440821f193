//! One screen of a panel: what to choose next, as Discord components that fit it
//! (buttons for up to five choices, a select past that, a multi-select for cards), and
//! within Discord's limits (five rows, 25 options, 80-character button labels).

use super::compose::{self, Nav};
use super::{
    Category, Choice, Part, categories, confirms, facts, follows, place, why_not, with_note,
};
use crate::app::ids::{CustomId, Verb};
use crate::app::msg::{
    Button, MAX_BUTTON_LABEL, MAX_DESCRIPTION, MAX_OPTIONS, MAX_ROWS, Row, Select, SelectOption,
    Style, clip,
};
use crate::game::choice::Places;
use crate::game::{CardId, Question, Rules, Seat, State};
use crate::i18n::Lang;
use crate::i18n::messages::panel as p;
use crate::store::MatchId;

/// Selects of single choices per page (one more row is left for the page buttons).
const SELECTS_PER_PAGE: usize = MAX_ROWS - 1;

/// About what a phone shows of one button (390 px wide): a label with its cost past
/// this, though within Discord's 80 characters, was cut on a phone, so the cost goes in
/// the panel's text beside the plain label.
const BUTTON_ON_PHONE: usize = 40;

/// A panel step: what to choose (with what its components leave out), and its rows.
pub struct Screen {
    pub prompt: String,
    pub rows: Vec<Row>,
}

/// Everything a screen is drawn from: the clicker's position and legal choices.
pub struct Panel<'a> {
    pub lang: Lang,
    /// The players' names, for the zones ([`super::Players`]).
    pub players: super::Players<'a>,
    pub rules: &'a Rules,
    pub state: &'a State,
    pub seat: Seat,
    pub match_id: MatchId,
    pub version: i64,
    pub choices: &'a [Choice],
    /// The match offers hints (against the AI: `app::clans::hint`).
    pub hints: bool,
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

/// What the first screen shows.
enum First {
    /// A squad's order, unit by unit.
    Order,
    /// The one category whose cards are composed, with the other choices as buttons.
    Cards(usize),
    /// Every choice at once.
    List,
    /// The choices of the only category.
    One,
    /// The kinds of action, as buttons.
    Kinds,
}

impl Panel<'_> {
    fn turn(&self, nav: Nav) -> String {
        CustomId::new(self.match_id, self.version, Verb::Turn)
            .with(nav.arg())
            .render()
    }

    fn id(&self, to: Target) -> String {
        match to {
            Target::Input(i) => CustomId::new(self.match_id, self.version, Verb::Input)
                .with(i.to_string())
                .render(),
            Target::Nav(nav) => self.turn(nav),
        }
    }

    /// "Why can't I…?" beside the first screen's other buttons, when something is
    /// blocked.
    fn offer_why_not(&self, screen: &mut Screen) {
        if self.state.blocked(self.rules, self.seat).is_empty() {
            return;
        }
        self.offer(screen, self.turn(Nav::WhyNot), p::button_why_not(self.lang));
    }

    /// A secondary button beside a first screen's others (in its last row of buttons
    /// when there is room, else a row of its own).
    fn offer(&self, screen: &mut Screen, id: String, label: String) {
        let button = Button::new(id, label, Style::Secondary);
        let rows = screen.rows.len();
        match screen.rows.last_mut() {
            Some(Row::Buttons(bs)) if bs.len() < 5 => bs.push(button),
            _ if rows < 5 => screen.rows.push(Row::Buttons(vec![button])),
            // A full screen (5 rows of choices) keeps its choices.
            _ => {}
        }
    }

    /// What the player cannot do now, each with its rule; back to the choices.
    fn why_not(&self) -> Screen {
        let lines = why_not::lines(self.lang, self.players, self.rules, self.state, self.seat);
        let prompt = if lines.is_empty() {
            p::why_not_nothing(self.lang)
        } else {
            format!("{}\n{}", p::why_not_heading(self.lang), lines.join("\n"))
        };
        Screen {
            prompt,
            rows: vec![Row::Buttons(vec![self.back(Nav::Overview)])],
        }
    }

    fn back(&self, to: Nav) -> Button {
        Button::new(self.turn(to), p::button_back(self.lang), Style::Secondary)
    }

    /// A choice as an entry: committed at once, or confirmed first where it costs.
    fn entry(&self, c: &Choice) -> Entry {
        let to = if c.confirmed {
            Target::Nav(Nav::Confirm { index: c.index })
        } else {
            Target::Input(c.index)
        };
        Entry {
            label: c.label.clone(),
            detail: c.detail.clone(),
            to,
        }
    }

    /// Entries as buttons (up to 5, with their notes where they fit, else in `text`) or
    /// as selects of 25 (up to 4 per page, the fifth row for `nav` buttons).
    fn rows(
        &self,
        entries: &[Entry],
        page: usize,
        pager: impl Fn(usize) -> Nav,
        nav: Vec<Button>,
        text: &mut Vec<String>,
    ) -> Vec<Row> {
        let mut out = Vec::new();
        let fits = |e: &Entry| e.label.chars().count() <= MAX_BUTTON_LABEL;
        let mut nav = nav;
        if entries.len() <= 5 && entries.iter().all(fits) {
            let buttons = entries.iter().map(|e| {
                let whole = format!("{} — {}", e.label, e.detail);
                let label = if e.detail.is_empty() {
                    e.label.clone()
                } else if whole.chars().count() <= BUTTON_ON_PHONE {
                    whole
                } else {
                    text.push(format!("• {whole}"));
                    e.label.clone()
                };
                Button::new(self.id(e.to), label, Style::Primary)
            });
            out.push(Row::Buttons(buttons.collect()));
        } else if !entries.is_empty() {
            let per_page = SELECTS_PER_PAGE * MAX_OPTIONS;
            let pages = entries.len().div_ceil(per_page);
            let page = page.min(pages - 1);
            let on_page: Vec<&Entry> = entries
                .iter()
                .skip(page * per_page)
                .take(per_page)
                .collect();
            // One select cannot mix answers and steps: then answers become steps to
            // their confirmation.
            let all_inputs = on_page.iter().all(|e| matches!(e.to, Target::Input(_)));
            for (i, chunk) in on_page.chunks(MAX_OPTIONS).enumerate() {
                // A select's custom id names the verb; its values carry the index or the
                // step. Discord needs distinct ids within a message: the part is an arg.
                let verb = if all_inputs { Verb::Input } else { Verb::Turn };
                let value = |e: &Entry| match (e.to, all_inputs) {
                    (Target::Input(i), true) => i.to_string(),
                    (Target::Input(i), false) => Nav::Confirm { index: i }.arg(),
                    (Target::Nav(n), _) => n.arg(),
                };
                let options = chunk.iter().map(|e| {
                    let description = if e.detail.chars().count() <= MAX_DESCRIPTION {
                        e.detail.clone()
                    } else {
                        text.push(format!("• {} — {}", e.label, e.detail));
                        String::new()
                    };
                    SelectOption {
                        label: e.label.clone(),
                        value: value(e),
                        description,
                    }
                });
                out.push(Row::Select(Select {
                    id: CustomId::new(self.match_id, self.version, verb)
                        .with(format!("l{i}"))
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
                    options: options.collect(),
                    min_values: 1,
                    max_values: 1,
                }));
            }
            self.pages(&mut nav, page, pages, pager);
        }
        if !nav.is_empty() {
            out.push(Row::Buttons(nav));
        }
        out
    }

    fn pages(&self, nav: &mut Vec<Button>, page: usize, pages: usize, to: impl Fn(usize) -> Nav) {
        if page > 0 {
            nav.push(Button::new(
                self.turn(to(page - 1)),
                p::button_previous_page(self.lang),
                Style::Secondary,
            ));
        }
        if page + 1 < pages {
            nav.push(Button::new(
                self.turn(to(page + 1)),
                p::button_next_page(self.lang),
                Style::Secondary,
            ));
        }
    }

    fn in_cat(&self, cat: usize) -> Option<(Category, Vec<&Choice>)> {
        let name = *categories(self.choices).get(cat)?;
        Some((
            name,
            self.choices.iter().filter(|c| c.category == name).collect(),
        ))
    }

    /// The category's choices of several cards, and the cards they name.
    fn sets(&self, cat: usize) -> Option<(Category, Vec<&Choice>, Vec<CardId>)> {
        let (name, in_cat) = self.in_cat(cat)?;
        let sets: Vec<&Choice> = in_cat
            .into_iter()
            .filter(|c| matches!(c.part, Part::Set { .. }))
            .collect();
        let eligible = compose::eligible(&sets);
        Some((name, sets, eligible))
    }

    fn first(&self) -> First {
        let choices = self.choices;
        if choices.iter().any(|c| matches!(c.part, Part::Sequence(_))) {
            return First::Order;
        }
        let cats = categories(choices);
        let composed: Vec<usize> = (0..cats.len())
            .filter(|&i| {
                choices
                    .iter()
                    .any(|c| c.category == cats[i] && matches!(c.part, Part::Set { .. }))
            })
            .collect();
        let singles = choices
            .iter()
            .filter(|c| !matches!(c.part, Part::Set { .. }))
            .count();
        match composed.as_slice() {
            [cat] if singles <= 5 => First::Cards(*cat),
            [] if choices.len() <= 5
                || (!confirms(&self.state.pending().question) && choices.len() <= MAX_OPTIONS) =>
            {
                First::List
            }
            _ if cats.len() == 1 => First::One,
            _ => First::Kinds,
        }
    }

    /// Where "Back" leads from the choices of a category.
    fn above(&self, cat: usize) -> Option<Nav> {
        match self.first() {
            First::Kinds => Some(Nav::Overview),
            First::Cards(c) if c != cat => Some(Nav::Overview),
            _ => None,
        }
    }

    fn overview(&self) -> Screen {
        let lang = self.lang;
        match self.first() {
            First::Order => self.order(0, 0, None),
            First::Cards(cat) => self.cards(cat, 0, 0, None, true),
            First::One => self.category(0, 0),
            First::List => {
                let entries: Vec<Entry> = self.choices.iter().map(|c| self.entry(c)).collect();
                let mut text = vec![if self.state.pending().question == Question::Action {
                    p::prompt_what(lang)
                } else {
                    p::prompt_choose(lang)
                }];
                let rows = self.rows(&entries, 0, |_| Nav::Overview, vec![], &mut text);
                Screen {
                    prompt: text.join("\n"),
                    rows,
                }
            }
            First::Kinds => {
                let buttons: Vec<Button> = categories(self.choices)
                    .iter()
                    .enumerate()
                    .take(MAX_ROWS * 5)
                    .map(|(i, name)| {
                        Button::new(
                            self.turn(Nav::Category { cat: i, page: 0 }),
                            name.name(lang),
                            Style::Primary,
                        )
                    })
                    .collect();
                Screen {
                    prompt: p::prompt_what(lang),
                    rows: buttons
                        .chunks(5)
                        .map(|b| Row::Buttons(b.to_vec()))
                        .collect(),
                }
            }
        }
    }

    /// The choices of one category: its cards to compose, or a list of single choices.
    fn category(&self, cat: usize, page: usize) -> Screen {
        let Some((name, in_cat)) = self.in_cat(cat) else {
            return self.overview();
        };
        if in_cat.iter().any(|c| matches!(c.part, Part::Set { .. })) {
            return self.cards(cat, 0, page, None, false);
        }
        let entries: Vec<Entry> = in_cat.iter().map(|c| self.entry(c)).collect();
        let what = match name {
            Category::Activate => p::prompt_which_activate(self.lang),
            Category::Crystal => p::prompt_which_crystal(self.lang),
            _ => p::prompt_choose(self.lang),
        };
        let mut text = vec![what];
        let back = self.above(cat).map(|to| self.back(to));
        let rows = self.rows(
            &entries,
            page,
            |p| Nav::Category { cat, page: p },
            back.into_iter().collect(),
            &mut text,
        );
        Screen {
            prompt: text.join("\n"),
            rows,
        }
    }

    /// A card's option: its name and values, told apart from a like card by where it
    /// is; the description says where it is, and for a card from the hand (a summon, a
    /// mulligan) what it costs and does (`facts`).
    fn card_options(&self, cards: &[CardId], cat: Category) -> Vec<(String, String)> {
        let (lang, rules, state) = (self.lang, self.rules, self.state);
        let at = Places::new(state);
        let where_ = |c: CardId| {
            let (area, depth) = place(lang, self.players, rules, state, &at, self.seat, c);
            match (area.is_empty(), depth.is_empty()) {
                (true, _) => String::new(),
                (false, true) => area,
                (false, false) => format!("{area}: {depth}"),
            }
        };
        let base: Vec<String> = cards
            .iter()
            .map(|&c| super::card(lang, rules, state, c))
            .collect();
        let notes: Vec<String> = cards.iter().map(|&c| where_(c)).collect();
        (0..cards.len())
            .map(|i| {
                let like: Vec<usize> = (0..cards.len()).filter(|&j| base[j] == base[i]).collect();
                let label = if like.len() == 1 {
                    base[i].clone()
                } else {
                    // Copies in one place are interchangeable (the composition matches
                    // them by class): the first says how many there are, the others
                    // are more of it, so picking two of them picks two copies.
                    let twins: Vec<usize> =
                        like.into_iter().filter(|&j| notes[j] == notes[i]).collect();
                    let k = twins.iter().position(|&j| j == i).unwrap_or(0);
                    let place = if notes[i].is_empty() {
                        "none"
                    } else {
                        &notes[i]
                    };
                    match (twins.len(), k) {
                        (1, _) => with_note(&base[i], &notes[i]),
                        (n, 0) => with_note(&base[i], &p::card_copies(lang, n as u32, place)),
                        (_, k) => with_note(&base[i], &p::card_copy(lang, k as u32 + 1, place)),
                    }
                };
                let description = match cat {
                    Category::Summon | Category::Mulligan => {
                        let facts = facts::hand_card(lang, rules, state, cards[i]);
                        if notes[i].is_empty() {
                            facts
                        } else {
                            format!("{facts} · {}", notes[i])
                        }
                    }
                    _ => notes[i].clone(),
                };
                (label, clip(&description, MAX_DESCRIPTION))
            })
            .collect()
    }

    /// The cards of category `cat` to choose at once (a multi-select of a page of them),
    /// beside the category's other choices; `set` the cards chosen so far.
    fn cards(
        &self,
        cat: usize,
        set: u64,
        page: usize,
        refused: Option<String>,
        first: bool,
    ) -> Screen {
        let lang = self.lang;
        let Some((name, sets, eligible)) = self.sets(cat) else {
            return self.overview();
        };
        let pages = eligible.len().div_ceil(MAX_OPTIONS).max(1);
        let page = page.min(pages - 1);
        let most = sets.iter().map(|c| c.part.cards().len()).max().unwrap_or(1);
        let mut text: Vec<String> = refused.into_iter().collect();
        text.push(match name {
            Category::Mulligan => p::prompt_which_mulligan(lang),
            // The first screen offers every action beside the summon's cards: it asks
            // what the player does, and the cards' menu says it summons.
            _ if first => p::prompt_what(lang),
            Category::Summon => p::prompt_which_summon(lang),
            Category::Move => p::prompt_which_move(lang),
            _ => p::prompt_choose(lang),
        });
        let chosen = compose::cards_of(&eligible, set).unwrap_or_default();
        if !chosen.is_empty() {
            text.push(p::prompt_chosen(
                lang,
                super::cards(lang, self.rules, self.state, &chosen),
            ));
        }
        let mut rows = Vec::new();
        // The choices of no cards beside them: keep the hand, stay, or (on the first
        // screen) the other actions.
        let singles: Vec<Entry> = self
            .choices
            .iter()
            .filter(|c| !matches!(c.part, Part::Set { .. }))
            .filter(|c| first || c.category == name)
            .map(|c| self.entry(c))
            .collect();
        if !singles.is_empty() {
            rows.extend(self.rows(&singles, 0, |_| Nav::Overview, vec![], &mut text));
        }
        let labels = self.card_options(&eligible, name);
        let options: Vec<SelectOption> = labels
            .into_iter()
            .enumerate()
            .skip(page * MAX_OPTIONS)
            .take(MAX_OPTIONS)
            .map(|(i, (label, description))| SelectOption {
                label,
                value: i.to_string(),
                description,
            })
            .collect();
        let max = most.min(options.len()).max(1);
        rows.push(Row::Select(Select {
            id: CustomId::new(self.match_id, self.version, Verb::Turn)
                .with(Nav::select_arg(cat, set, page, pages))
                .render(),
            placeholder: match name {
                Category::Summon => p::select_summon(lang, max),
                Category::Move => p::select_move(lang, max),
                _ => p::select_cards(lang, max),
            },
            max_values: max as u8,
            min_values: 1,
            options,
        }));
        let mut nav: Vec<Button> = Vec::new();
        if !first {
            if set != 0 {
                nav.push(self.back(Nav::Cards { cat, set: 0, page }));
            } else if let Some(to) = self.above(cat) {
                nav.push(self.back(to));
            }
        }
        self.pages(&mut nav, page, pages, |p| Nav::Cards { cat, set, page: p });
        if pages > 1 && set != 0 {
            nav.push(Button::new(
                self.turn(Nav::Chosen { cat, set }),
                p::button_continue(lang),
                Style::Primary,
            ));
        }
        if !nav.is_empty() {
            rows.push(Row::Buttons(nav));
        }
        Screen {
            prompt: text.join("\n"),
            rows,
        }
    }

    /// Cards chosen: the legal choices they make decide what comes next, where they go
    /// or the confirmation; none, and the player is told so and chooses again.
    fn chosen(&self, cat: usize, set: u64) -> Screen {
        let Some((_, sets, eligible)) = self.sets(cat) else {
            return self.overview();
        };
        let at = Places::new(self.state);
        let cards = compose::cards_of(&eligible, set).unwrap_or_default();
        let found = if cards.is_empty() {
            Vec::new()
        } else {
            compose::matching(self.state, &at, &cards, &sets)
        };
        let refuse = || {
            let why = p::panel_move_not_possible(self.lang);
            self.cards(cat, 0, 0, Some(why), self.above(cat).is_none())
        };
        match found.as_slice() {
            [] => refuse(),
            [one] => self.confirm(one.index),
            several => {
                let lang = self.lang;
                let what = super::cards(lang, self.rules, self.state, &cards);
                let mut text = vec![p::prompt_where(lang, what)];
                let entries: Vec<Entry> = several
                    .iter()
                    .map(|c| Entry {
                        label: match &c.part {
                            Part::Set { to, .. } if !to.is_empty() => to.clone(),
                            _ => c.label.clone(),
                        },
                        detail: c.detail.clone(),
                        to: Target::Nav(Nav::Confirm { index: c.index }),
                    })
                    .collect();
                let back = self.back(Nav::Cards { cat, set, page: 0 });
                let rows = self.rows(
                    &entries,
                    0,
                    |_| Nav::Chosen { cat, set },
                    vec![back],
                    &mut text,
                );
                Screen {
                    prompt: text.join("\n"),
                    rows,
                }
            }
        }
    }

    /// The whole move, its cost and the initiative after, to confirm or step back from.
    fn confirm(&self, index: usize) -> Screen {
        let lang = self.lang;
        let Some(c) = self.choices.iter().find(|c| c.index == index) else {
            return self.overview();
        };
        let cat = categories(self.choices)
            .iter()
            .position(|k| *k == c.category)
            .unwrap_or(0);
        let back = match &c.part {
            Part::Set { cards, .. } => {
                let (_, sets, eligible) = self.sets(cat).unwrap_or((c.category, vec![], vec![]));
                let set = compose::set_of(&eligible, cards);
                let at = Places::new(self.state);
                if compose::matching(self.state, &at, cards, &sets).len() > 1 {
                    Nav::Chosen { cat, set }
                } else {
                    Nav::Cards { cat, set, page: 0 }
                }
            }
            _ => self
                .above(cat)
                .map_or(Nav::Overview, |_| Nav::Category { cat, page: 0 }),
        };
        let what = if c.detail.is_empty() {
            c.label.clone()
        } else {
            format!("{} ({})", c.label, c.detail)
        };
        let legal = self.state.legal(self.rules, self.seat);
        let mut prompt = p::prompt_confirm(lang, what);
        if let Some(then) = legal.get(c.index).and_then(|input| {
            follows::follows(lang, self.players, self.rules, self.state, self.seat, input)
        }) {
            prompt = format!("{prompt}\n{then}");
        }
        Screen {
            prompt,
            rows: vec![Row::Buttons(vec![
                Button::new(
                    self.id(Target::Input(c.index)),
                    p::button_confirm(lang),
                    Style::Success,
                ),
                self.back(back),
            ])],
        }
    }

    /// A squad's new order: the units that may come next below `prefix` (the units
    /// chosen from the top); the last choice that settles the order commits it.
    fn order(&self, prefix: u64, len: u8, refused: Option<String>) -> Screen {
        let lang = self.lang;
        let seqs: Vec<&Choice> = self
            .choices
            .iter()
            .filter(|c| matches!(c.part, Part::Sequence(_)))
            .collect();
        let eligible = compose::eligible(&seqs);
        let at = Places::new(self.state);
        let chosen = compose::prefix_cards(&eligible, prefix, len).unwrap_or_default();
        let left = compose::ordered(self.state, &at, &chosen, &seqs);
        if left.is_empty() || chosen.len() != len as usize {
            return self.order(0, 0, Some(p::panel_move_not_possible(lang)));
        }
        let k = chosen.len();
        // The next units, one per class of unit (like units next to each other are one).
        let mut next: Vec<(CardId, Vec<&Choice>)> = Vec::new();
        for c in &left {
            let Some(&unit) = c.part.cards().get(k) else {
                continue;
            };
            match next
                .iter_mut()
                .find(|(u, _)| at.unit_class(self.state, *u) == at.unit_class(self.state, unit))
            {
                Some((_, cs)) => cs.push(c),
                None => next.push((unit, vec![c])),
            }
        }
        let units: Vec<CardId> = next.iter().map(|(u, _)| *u).collect();
        let labels = self.card_options(&units, Category::Order);
        let entries: Vec<Entry> = next
            .iter()
            .zip(labels)
            .filter_map(|((unit, cs), (label, detail))| {
                let to = match cs.as_slice() {
                    [one] => self.entry(one).to,
                    _ => {
                        let pos = eligible.iter().position(|e| e == unit)?;
                        Target::Nav(compose::extend(prefix, len, pos)?)
                    }
                };
                Some(Entry { label, detail, to })
            })
            .collect();
        let mut entries = entries;
        // The squad as it stands, in one click: most reorders keep it (a newcomer who
        // has nothing to change should not place every unit again).
        if let (0, Question::Reorder { zone }) = (k, &self.state.pending().question) {
            let now = self.state.squad(*zone, self.seat);
            if let Some(keep) = seqs
                .iter()
                .find(|c| matches!(&c.part, Part::Sequence(cs) if cs[..] == now[..]))
            {
                entries.insert(
                    0,
                    Entry {
                        label: p::choice_keep_order(lang),
                        detail: super::cards(lang, self.rules, self.state, now),
                        to: self.entry(keep).to,
                    },
                );
            }
        }
        let mut text: Vec<String> = refused.into_iter().collect();
        text.push(if k == 0 {
            p::prompt_order_start(lang)
        } else {
            p::prompt_which_order(lang, super::cards(lang, self.rules, self.state, &chosen))
        });
        let back = (len > 0).then(|| {
            self.back(Nav::Order {
                prefix: prefix & !(0xf << (4 * (len - 1))),
                len: len - 1,
            })
        });
        let rows = self.rows(
            &entries,
            0,
            |_| Nav::Order { prefix, len },
            back.into_iter().collect(),
            &mut text,
        );
        Screen {
            prompt: text.join("\n"),
            rows,
        }
    }
}

/// The screen `nav` of the panel.
pub fn step(panel: &Panel, nav: Nav) -> Screen {
    let mut first = nav == Nav::Overview;
    let mut screen = match nav {
        Nav::Overview => panel.overview(),
        Nav::Category { cat, page } => panel.category(cat, page),
        Nav::Cards { cat, set, page } => {
            first = matches!(panel.first(), First::Cards(c) if c == cat) && set == 0;
            panel.cards(cat, set, page, None, first)
        }
        Nav::Chosen { cat, set } => panel.chosen(cat, set),
        Nav::Order { prefix, len } => panel.order(prefix, len, None),
        Nav::Confirm { index } => panel.confirm(index),
        Nav::WhyNot => panel.why_not(),
    };
    if first {
        // The action's first screen offers the reasons for what it does not offer.
        if panel.state.pending().question == Question::Action {
            panel.offer_why_not(&mut screen);
        }
        if panel.hints {
            panel.offer(
                &mut screen,
                CustomId::new(panel.match_id, panel.version, Verb::Hint).render(),
                p::button_hint(panel.lang),
            );
        }
        panel.offer(
            &mut screen,
            CustomId::new(panel.match_id, panel.version, Verb::Notes).render(),
            p::button_notes(panel.lang),
        );
    }
    screen
}

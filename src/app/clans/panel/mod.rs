//! Private panels: the legal inputs of `State::legal` for the pending question, offered
//! as a person thinks of a move, part by part: the kind of action, the cards (one
//! multi-select where several may be taken: a mulligan, a summon, the units that move),
//! where to, the squad's new order unit by unit, then a confirmation that states the
//! whole move, its cost and the initiative after. Each part offers only what some legal
//! input completes; the composed move is matched against `legal`, which stays the judge.
//!
//! The panel keeps no state of its own: the composition so far travels in the `Turn`
//! custom id's argument ([`Nav`]: the chosen cards as a bitmask over the eligible cards),
//! so every step survives a restart. The state is fixed by the match version that the
//! custom id carries, and the move is committed as its index in `State::legal`: a stale
//! or forged composition is refused by the version check, or matches no legal input.
//!
//! Every word is in the clicker's language (`panel.ftl`). Kinds of choice are
//! [`Category`] values, not words, and texts are compared only within one language's
//! labels, so a German panel walks like an English one (`tests/it/panel.rs` walks both).
//! A label says what the choice is and is never cut: what does not fit goes in the
//! panel's text or an option's description.

mod compose;
mod facts;
mod follows;
mod screen;
mod why_not;

pub use compose::{Nav, picks};
pub use screen::{Panel, Screen, step};

use crate::game::board::ZoneKind;
use crate::game::choice::{Place, Places};
use crate::game::pack::Stat;
use crate::game::state::Via;
use crate::game::{CardId, Event, Input, Question, Rules, Seat, State};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, names, questions};

/// One legal choice, labelled for the player who may make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub index: usize,
    pub category: Category,
    /// The whole choice in words (a composed move's, stated on its confirmation).
    pub label: String,
    /// Cost and resulting initiative, or what the label leaves out.
    pub detail: String,
    pub part: Part,
    /// Confirmed before it is sent: an action's last part is (where it costs, or ends
    /// the turn), once: an activation whose squad's move still follows is sent at once,
    /// and the move that ends it is confirmed.
    pub confirmed: bool,
}

/// How a choice is composed from parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// One click (or one option) says it all.
    Single,
    /// Several cards at once (a multi-select), then where they go when that varies: the
    /// destination's name, empty where there is only one.
    Set { cards: Vec<CardId>, to: String },
    /// A squad's new order, chosen unit by unit from the top.
    Sequence(Vec<CardId>),
}

impl Part {
    pub fn cards(&self) -> &[CardId] {
        match self {
            Part::Single => &[],
            Part::Set { cards, .. } | Part::Sequence(cards) => cards,
        }
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

/// The players' names, by seat, where the caller knows them (a panel's reader does: a
/// home is then its owner's, as on the board and in the log); `None` names them by seat.
pub type Players<'a> = Option<[&'a str; 2]>;

/// The longest a player's name is in a panel, in characters: a label that names a home
/// ("Auferstandene Knechte (3/2) (dein Trupp im Heimatgebiet von ... (H2): oben)") must
/// stay within Discord's 80 or 100, and display names run to 32. The board image
/// shortens a long name the same way.
pub const PANEL_NAME_MAX: usize = 16;

/// `names` as a panel shows them: shortened past [`PANEL_NAME_MAX`] with an ellipsis.
pub fn panel_names(names: &[String; 2]) -> [String; 2] {
    names.clone().map(|n| {
        if n.chars().count() <= PANEL_NAME_MAX {
            n
        } else {
            let mut short: String = n.chars().take(PANEL_NAME_MAX - 1).collect();
            short.truncate(short.trim_end().len());
            short.push('…');
            short
        }
    })
}

/// The zone's one name ([`names::zone`]), as the panel of `seat` says it: that
/// player's own home is "your home (H1)".
fn zone(lang: Lang, players: Players, rules: &Rules, z: u8, seat: Seat) -> String {
    match rules.board.zones.get(z as usize) {
        Some(info) if info.kind == ZoneKind::Home && info.seat == Some(seat) => {
            p::zone_your_home(lang, info.id.as_str())
        }
        _ => names::zone(lang, &rules.board, z, players),
    }
}

fn crystal(lang: Lang, rules: &Rules, c: u8) -> String {
    rules
        .pack
        .crystals
        .get(c as usize)
        .map(|c| p::panel_crystal_cost(lang, names::crystal(lang, c), c.cost))
        .unwrap_or_else(|| p::panel_crystal_number(lang, c))
}

/// A crystal's name alone (where its price is not what the choice is about).
fn crystal_name(lang: Lang, rules: &Rules, c: u8) -> String {
    rules
        .pack
        .crystals
        .get(c as usize)
        .map(|c| names::crystal(lang, c).to_string())
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
    players: Players,
    rules: &Rules,
    state: &State,
    seat: Seat,
    input: &Input,
) -> (Category, String) {
    use Category as C;
    let name = |c| card(lang, rules, state, c);
    let list = |cs: &[CardId]| cards(lang, rules, state, cs);
    let zone = |z: u8| zone(lang, players, rules, z, seat);
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
        Input::Done if matches!(state.pending().question, Question::BattleOptions) => {
            (C::Done, p::choice_use_none(lang))
        }
        Input::Done => (C::Done, p::choice_done(lang)),
        Input::Unit(c) => (C::Unit, name(*c)),
        Input::Return(true) => (C::Return, p::choice_take_back(lang)),
        Input::Return(false) => (C::Return, p::choice_discard_battle_card(lang)),
        Input::Predict(s) => (C::Predict, p::choice_predict(lang, names::style(lang, *s))),
        Input::Sacrifice(Stat::Attack) => (C::Sacrifice, p::choice_sacrifice_attack(lang)),
        Input::Sacrifice(_) => (C::Sacrifice, p::choice_sacrifice_defense(lang)),
        // Using a crystal you hold costs nothing: its name alone, its effect beside it.
        Input::UseCrystal(c) => (
            C::Crystal,
            p::choice_use_crystal(lang, crystal_name(lang, rules, *c)),
        ),
        Input::Accept(true) => (C::YesNo, p::choice_yes(lang)),
        Input::Accept(false) => (C::YesNo, p::choice_no(lang)),
        Input::Pick(c) => (C::Pick, p::choice_pick(lang, name(*c))),
        Input::Inform { keep, order } => {
            (C::Keep, p::choice_inform(lang, name(*keep), list(order)))
        }
        Input::Tuck { card: c, top: true } => (C::Tuck, p::choice_tuck_top(lang, name(*c))),
        Input::Tuck { card: c, .. } => (C::Tuck, p::choice_tuck_bottom(lang, name(*c))),
        Input::Resolve(t) => {
            // Without the players' names (a panel built before they are known), by seat.
            let seats = [p::panel_seat(lang, 1), p::panel_seat(lang, 2)];
            let who = players.unwrap_or([seats[0].as_str(), seats[1].as_str()]);
            let trigger = questions::trigger(lang, rules, &state.kinds, who, t);
            (C::Order, p::choice_resolve_first(lang, trigger))
        }
    }
}

/// How `input` is composed, and where its cards go when that is one of its parts.
fn part(lang: Lang, players: Players, rules: &Rules, seat: Seat, input: &Input) -> Part {
    let set = |cards: &[CardId], to: String| Part::Set {
        cards: cards.to_vec(),
        to,
    };
    match input {
        Input::Mulligan(cs) if !cs.is_empty() => set(cs, String::new()),
        Input::Summon(cs) => set(cs, p::panel_target_home(lang)),
        Input::SummonTo {
            cards,
            zone: z,
            via,
        } => set(
            cards,
            format!(
                "{}{}",
                zone(lang, players, rules, *z, seat),
                via_note(lang, *via)
            ),
        ),
        Input::Move { cards, to } => set(cards, zone(lang, players, rules, *to, seat)),
        Input::Order(cs) => Part::Sequence(cs.to_vec()),
        _ => Part::Single,
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
    players: Players,
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
            let zone = zone(lang, players, rules, z, seat);
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
    players: Players,
    rules: &Rules,
    state: &State,
    at: &Places,
    seat: Seat,
    cards: &[CardId],
) -> String {
    let mut parts: Vec<(String, Vec<String>)> = Vec::new();
    for &c in cards {
        let (area, depth) = place(lang, players, rules, state, at, seat, c);
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
/// as a last resort a number. Labels are compared as shown (with their detail).
fn disambiguate(
    lang: Lang,
    players: Players,
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
            players,
            rules,
            state,
            &at,
            seat,
            &named_cards(&legal[out[i].index]),
        )
    };
    // Every choice is its own: any two with one label are told apart (a detail may be
    // said away from its label, in the panel's text).
    let label_notes = notes(
        out.len(),
        |i| (out[i].label.clone(), String::new()),
        |i| i,
        places,
    );
    let plain: Vec<String> = out.iter().map(|c| c.label.clone()).collect();
    for (i, c) in out.iter_mut().enumerate() {
        if let Some(note) = &label_notes[i] {
            c.label = with_note(&c.label, note);
        }
    }
    // Places can read the same too (two like units at one depth of two squads of one
    // zone name): number the labels that still do.
    let mut same: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, c) in out.iter().enumerate() {
        same.entry(c.label.clone()).or_default().push(i);
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

/// `text (note)`, whole: a label is never cut.
fn with_note(text: &str, note: &str) -> String {
    format!("{text} ({note})")
}

/// Every legal choice of `seat`, labelled in `lang`, with the cost and the resulting
/// initiative of actions (worked out on a copy of the state; only the token is read
/// from it).
pub fn choices(
    lang: Lang,
    players: Players,
    rules: &Rules,
    state: &State,
    seat: Seat,
) -> Vec<Choice> {
    let question = state.pending().question;
    let legal = state.legal(rules, seat);
    let mut out: Vec<Choice> = legal
        .iter()
        .cloned()
        .enumerate()
        .map(|(index, input)| {
            let (category, mut label) = describe(lang, players, rules, state, seat, &input);
            let mut detail = String::new();
            // A squad's units would make an activation's button too long: its zone says
            // which squad, the units go beside it.
            if let Input::Activate(z) = input {
                label = p::choice_activate_in(lang, zone(lang, players, rules, z, seat));
                detail = cards(lang, rules, state, state.squad(z, seat));
            }
            let mut confirmed = matches!(question, Question::Move { .. });
            if confirms(&question) {
                let mut copy = state.clone();
                confirmed = true;
                if let Ok(events) = copy.apply(rules, seat, &input) {
                    let pending = copy.pending();
                    confirmed = !(pending.seats == [seat]
                        && matches!(pending.question, Question::Move { .. }));
                    let paid: u32 = events
                        .iter()
                        .map(|e| match e {
                            Event::Paid {
                                seat: s, amount, ..
                            } if *s == seat => *amount as u32,
                            _ => 0,
                        })
                        .sum();
                    let seats = [0, 1].map(|s| match players {
                        Some(names) => names[s].to_string(),
                        None => p::panel_seat(lang, s as u32 + 1),
                    });
                    let after = crate::render::alt::initiative_of(
                        lang,
                        [&seats[0], &seats[1]],
                        copy.token,
                        seat,
                    );
                    let cost = p::choice_cost(lang, paid, after);
                    detail = if detail.is_empty() {
                        cost
                    } else {
                        format!("{detail}; {cost}")
                    };
                }
            }
            if let Some(facts) = facts::of(lang, rules, state, &input) {
                detail = if detail.is_empty() {
                    facts
                } else {
                    // An effect is a sentence; its full stop gives way to the list's.
                    format!("{}; {detail}", facts.trim_end_matches('.'))
                };
            }
            Choice {
                index,
                category,
                label,
                detail,
                part: part(lang, players, rules, seat, &input),
                confirmed,
            }
        })
        .collect();
    disambiguate(lang, players, rules, state, seat, &legal, &mut out);
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

//! A scenario's inputs: the file's form (names where the engine has numbers) and how
//! an input is matched against the engine's legal inputs.

use super::eq;
use crate::game::choice::Place;
use crate::game::pack::DECK_SIZE;
use crate::game::state::{CardId, Seat, TOTAL_CARDS, owner};
use crate::game::{Input, Rules, State};
use serde_json::{Value, json};

/// What a value inside an input stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leaf {
    Card,
    Zone,
    Crystal,
    /// A number, bool or word compared as written (a seat, a count, a style).
    Plain,
}

/// Inputs whose value is a card (or a list of cards), a zone or a crystal.
const CARD_INPUTS: &[&str] = &[
    "mulligan",
    "summon",
    "order",
    "battle_card",
    "discard",
    "unit",
    "pick",
];
const ZONE_INPUTS: &[&str] = &["activate"];
const CRYSTAL_INPUTS: &[&str] = &["score", "use_crystal"];
/// Fields (of inputs with several parts, such as `move`) holding cards, zones, crystals.
const CARD_FIELDS: &[&str] = &["cards", "card", "keep", "order"];
const ZONE_FIELDS: &[&str] = &["to", "zone"];
const CRYSTAL_FIELDS: &[&str] = &["crystal"];
/// Card lists whose order does not matter for matching (the file's order is kept).
const UNORDERED_INPUTS: &[&str] = &["mulligan", "summon"];
const UNORDERED_FIELDS: &[&str] = &["cards"];
/// Card lists that may be written as a single card.
const LIST_INPUTS: &[&str] = &["mulligan", "summon", "order"];
const LIST_FIELDS: &[&str] = &["cards", "order"];

fn leaf_kind(input: &str, field: Option<&str>) -> Leaf {
    let (cards, zones, crystals): (&[&str], &[&str], &[&str]) = match field {
        None => (CARD_INPUTS, ZONE_INPUTS, CRYSTAL_INPUTS),
        Some(_) => (CARD_FIELDS, ZONE_FIELDS, CRYSTAL_FIELDS),
    };
    let key = field.unwrap_or(input);
    if cards.contains(&key) {
        Leaf::Card
    } else if zones.contains(&key) {
        Leaf::Zone
    } else if crystals.contains(&key) {
        Leaf::Crystal
    } else {
        Leaf::Plain
    }
}

fn unordered(input: &str, field: Option<&str>) -> bool {
    match field {
        None => UNORDERED_INPUTS.contains(&input),
        Some(f) => UNORDERED_FIELDS.contains(&f),
    }
}

/// Lowercases the input's name (and field names) and wraps a single card where a
/// list is expected.
pub(super) fn normalise_input(v: &Value) -> Result<Value, String> {
    let wrap = |x: &Value| match x {
        Value::Array(_) => x.clone(),
        other => Value::Array(vec![other.clone()]),
    };
    match v {
        Value::String(s) => Ok(Value::String(s.trim().to_ascii_lowercase())),
        Value::Object(m) if m.len() == 1 => {
            let (k, x) = m.iter().next().expect("one entry");
            let k = k.trim().to_ascii_lowercase();
            let x = if LIST_INPUTS.contains(&k.as_str()) {
                wrap(x)
            } else if let Value::Object(fields) = x {
                Value::Object(
                    fields
                        .iter()
                        .map(|(f, y)| {
                            let f = f.trim().to_ascii_lowercase();
                            let y = if LIST_FIELDS.contains(&f.as_str()) {
                                wrap(y)
                            } else {
                                y.clone()
                            };
                            (f, y)
                        })
                        .collect(),
                )
            } else {
                x.clone()
            };
            Ok(json!({ k: x }))
        }
        other => Err(format!(
            "an input is a word such as \"replenish\" or a table with one key such as {{ activate = \"C3\" }}, got {other}"
        )),
    }
}

pub(super) type LeafFn<'a> = dyn FnMut(Leaf, &Value) -> Result<Value, String> + 'a;

/// Rewrites every card, zone and crystal of a (normalised) input with `f`.
pub(super) fn convert_input(v: &Value, f: &mut LeafFn) -> Result<Value, String> {
    fn walk(x: &Value, input: &str, field: Option<&str>, f: &mut LeafFn) -> Result<Value, String> {
        match x {
            Value::Array(items) => Ok(Value::Array(
                items
                    .iter()
                    .map(|y| walk(y, input, field, f))
                    .collect::<Result<_, _>>()?,
            )),
            // The fields of an input such as `move`; a table where a card goes is a
            // card in a given place (`{ card, from }`).
            Value::Object(m) if field.is_none() && !CARD_INPUTS.contains(&input) => {
                Ok(Value::Object(
                    m.iter()
                        .map(|(k, y)| Ok((k.clone(), walk(y, input, Some(k), f)?)))
                        .collect::<Result<_, String>>()?,
                ))
            }
            leaf => match leaf_kind(input, field) {
                Leaf::Plain => Ok(leaf.clone()),
                kind => f(kind, leaf),
            },
        }
    }
    match v {
        Value::Object(m) => {
            let (k, x) = m.iter().next().expect("normalised: one entry");
            Ok(json!({ k.clone(): walk(x, k, None, f)? }))
        }
        other => Ok(other.clone()),
    }
}

/// Applies `f` to every word inside the input's value (not to the input's name).
fn map_words(v: &Value, f: fn(&str) -> String) -> Value {
    fn walk(x: &Value, f: fn(&str) -> String) -> Value {
        match x {
            Value::String(s) => Value::String(f(s)),
            Value::Array(a) => Value::Array(a.iter().map(|y| walk(y, f)).collect()),
            Value::Object(m) => {
                Value::Object(m.iter().map(|(k, y)| (k.clone(), walk(y, f))).collect())
            }
            other => other.clone(),
        }
    }
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, y)| (k.clone(), walk(y, f))).collect()),
        other => other.clone(),
    }
}

/// The engine `Input` for a value whose names are all resolved. Words such as a
/// battle style may be written in any case.
pub(super) fn to_engine_input(v: &Value) -> Result<Input, String> {
    serde_json::from_value::<Input>(v.clone()).or_else(|e| {
        serde_json::from_value::<Input>(map_words(v, str::to_ascii_uppercase))
            .or_else(|_| serde_json::from_value::<Input>(map_words(v, str::to_ascii_lowercase)))
            .map_err(|_| format!("not an input the engine knows: {e}"))
    })
}

pub(super) fn card_name(rules: &Rules, state: &State, c: CardId) -> String {
    rules.pack.cards[state.kinds[c as usize] as usize]
        .name
        .clone()
}

fn card_matches(rules: &Rules, state: &State, name: &str, c: CardId) -> bool {
    let def = &rules.pack.cards[state.kinds[c as usize] as usize];
    eq(&def.name, name) || eq(&def.id, name)
}

/// A card as a file names it: its name (a card in any place), or a table with
/// `card` and any of `from` (a card in that place: `hand`, `draw`, `discard`,
/// `removed`, `battle`, or a zone for a unit of a squad there) and `owner` (the seat
/// that owns it, to tell same-named units of a squad apart by owner).
#[derive(Clone, Copy)]
struct CardLeaf<'a> {
    name: &'a str,
    from: Option<&'a str>,
    owner: Option<u64>,
}

fn card_leaf(v: &Value) -> Option<CardLeaf<'_>> {
    match v {
        Value::String(n) => Some(CardLeaf {
            name: n,
            from: None,
            owner: None,
        }),
        Value::Object(m) => Some(CardLeaf {
            name: m.get("card")?.as_str()?,
            from: m.get("from").and_then(Value::as_str),
            owner: m.get("owner").and_then(Value::as_u64),
        }),
        _ => None,
    }
}

/// Whether card instance `c` is the card `leaf` names.
fn leaf_names(rules: &Rules, state: &State, leaf: CardLeaf, c: CardId) -> bool {
    card_matches(rules, state, leaf.name, c)
        && leaf
            .from
            .is_none_or(|p| place_matches(rules, state.class(c).place, p))
        && leaf.owner.is_none_or(|o| owner(c) as u64 == o)
}

/// The word a file uses for a place.
fn place_word(rules: &Rules, place: Place) -> String {
    match place {
        Place::Hand(_) => "hand".into(),
        Place::Draw(_) => "draw".into(),
        Place::Discard(_) => "discard".into(),
        Place::Removed(_) => "removed".into(),
        Place::Battle(_) => "battle".into(),
        Place::Squad { zone, .. } => rules
            .board
            .zones
            .get(zone as usize)
            .map_or_else(|| zone.to_string(), |z| z.id.clone()),
        Place::Nowhere => "nowhere".into(),
    }
}

fn place_matches(rules: &Rules, place: Place, from: &str) -> bool {
    let word = place_word(rules, place);
    eq(&word, from)
        || matches!(place, Place::Squad { zone, .. }
            if rules.board.zones.get(zone as usize).is_some_and(|z| eq(&z.name, from)))
}

/// Checks a `{ card, from }` table (the card's name is resolved by the caller).
pub(super) fn check_card_table(rules: &Rules, v: &Value) -> Result<String, String> {
    let Value::Object(m) = v else {
        return Err(format!("{v} is not a card"));
    };
    if let Some(k) = m
        .keys()
        .find(|k| !["card", "from", "owner"].contains(&k.as_str()))
    {
        return Err(format!(
            "unknown key `{k}` in a card (write {{ card = NAME, from = PLACE, owner = SEAT }})"
        ));
    }
    let CardLeaf { name, from, owner } =
        card_leaf(v).ok_or_else(|| format!("{v}: a card table needs `card = NAME`"))?;
    if m.contains_key("owner") && owner.is_none_or(|o| o >= 2) {
        return Err("`owner` is a seat: 0 or 1".into());
    }
    if let Some(from) = from {
        let piles = ["hand", "draw", "discard", "removed", "battle"];
        let zone = rules
            .board
            .zones
            .iter()
            .any(|z| eq(&z.id, from) || eq(&z.name, from));
        if !zone && !piles.iter().any(|p| eq(p, from)) {
            return Err(format!(
                "unknown place `{from}` (hand, draw, discard, removed, battle or a zone)"
            ));
        }
    } else if m.contains_key("from") {
        return Err("`from` is a word: hand, draw, discard, removed, battle or a zone".into());
    }
    Ok(name.to_string())
}

/// Whether the file's value `f` names the engine's value `l` (both leaves).
fn leaf_matches(rules: &Rules, state: &State, kind: Leaf, f: &Value, l: &Value) -> bool {
    match (kind, f, l.as_u64()) {
        (Leaf::Plain, Value::String(a), _) => l.as_str().is_some_and(|b| eq(a, b)),
        (Leaf::Plain, _, _) | (_, Value::Number(_), _) => f == l,
        (Leaf::Card, _, Some(c)) => card_leaf(f).is_some_and(|leaf| {
            (c as usize) < TOTAL_CARDS && leaf_names(rules, state, leaf, c as CardId)
        }),
        (Leaf::Zone, Value::String(n), Some(z)) => rules
            .board
            .zones
            .get(z as usize)
            .is_some_and(|zone| eq(&zone.id, n) || eq(&zone.name, n)),
        (Leaf::Crystal, Value::String(n), Some(c)) => rules
            .pack
            .crystals
            .get(c as usize)
            .is_some_and(|def| eq(&def.name, n) || eq(&def.id, n)),
        _ => false,
    }
}

/// Matches the file's value against a legal input's value (both in serde form);
/// returns the legal value, with unordered card lists put in the file's order.
fn fit(
    rules: &Rules,
    state: &State,
    f: &Value,
    l: &Value,
    input: &str,
    field: Option<&str>,
) -> Option<Value> {
    match (f, l) {
        (Value::Array(fa), Value::Array(la)) => {
            if fa.len() != la.len() {
                return None;
            }
            if !unordered(input, field) {
                return fa
                    .iter()
                    .zip(la)
                    .map(|(x, y)| fit(rules, state, x, y, input, field))
                    .collect::<Option<Vec<_>>>()
                    .map(Value::Array);
            }
            let mut taken = vec![false; la.len()];
            let mut out = vec![Value::Null; fa.len()];
            // Numeric ids pin one instance and tables a place: fit them before names.
            let rank = |v: &Value| match v {
                Value::Number(_) => 0,
                Value::Object(_) => 1,
                _ => 2,
            };
            let mut order: Vec<usize> = (0..fa.len()).collect();
            order.sort_by_key(|&i| rank(&fa[i]));
            for i in order {
                let j = (0..la.len()).find(|&j| {
                    !taken[j] && fit(rules, state, &fa[i], &la[j], input, field).is_some()
                })?;
                taken[j] = true;
                out[i] = la[j].clone();
            }
            Some(Value::Array(out))
        }
        (Value::Object(fo), Value::Object(lo)) if field.is_none() => {
            if fo.len() != lo.len() {
                return None;
            }
            let mut out = serde_json::Map::new();
            for (k, x) in fo {
                out.insert(k.clone(), fit(rules, state, x, lo.get(k)?, input, Some(k))?);
            }
            Some(Value::Object(out))
        }
        (Value::Array(_), _) | (_, Value::Array(_) | Value::Object(_)) => None,
        _ => leaf_matches(rules, state, leaf_kind(input, field), f, l).then(|| l.clone()),
    }
}

/// The legal input the file's (normalised) input names, if it is this one.
fn match_legal(rules: &Rules, state: &State, f: &Value, legal: &Input) -> Option<Input> {
    let l = serde_json::to_value(legal).ok()?;
    let fitted = match (f, &l) {
        (Value::String(a), Value::String(b)) => eq(a, b).then(|| l.clone()),
        (Value::Object(fo), Value::Object(lo)) => {
            let (k, x) = fo.iter().next()?;
            let y = lo.get(k)?;
            fit(rules, state, x, y, k, None).map(|v| json!({ k.clone(): v }))
        }
        _ => None,
    }?;
    serde_json::from_value(fitted).ok()
}

/// Turns the file's input into the one legal input it names. An input that names
/// none, or several different ones, is refused with a message that names it, says
/// what the engine makes of it, and lists the legal inputs.
pub(super) fn resolve(
    rules: &Rules,
    state: &State,
    seat: Seat,
    f: &Value,
) -> Result<Input, String> {
    let legal = state.legal(rules, seat);
    let named: Vec<Input> = legal
        .iter()
        .filter_map(|l| match_legal(rules, state, f, l))
        .collect();
    let written = render_file(f);
    match named.as_slice() {
        [one] => Ok(*one),
        [] => {
            let verdict = match plausible(rules, state, seat, f) {
                Err(e) => e,
                Ok(input) => match state.clone().apply(rules, seat, &input) {
                    Err(e) => e.to_string(),
                    Ok(_) => "the engine accepts it, but `legal` does not offer it".into(),
                },
            };
            Err(format!(
                "`{written}` is not a legal input: {verdict}; the legal inputs are {}",
                list(rules, state, &legal)
            ))
        }
        several => Err(format!(
            "`{written}` names {} different legal inputs: {}; name the card's place or owner, e.g. {{ card = \"...\", from = \"discard\" }} or {{ card = \"...\", owner = 1 }}",
            several.len(),
            list(rules, state, several)
        )),
    }
}

/// The instances the file's input most plausibly means when no legal input matches
/// (so the engine can say why it refuses them).
fn plausible(rules: &Rules, state: &State, seat: Seat, f: &Value) -> Result<Input, String> {
    let mut used: Vec<CardId> = Vec::new();
    let mut pick = |kind: Leaf, x: &Value| -> Result<Value, String> {
        if x.is_number() {
            return Ok(x.clone());
        }
        match kind {
            Leaf::Card => {
                let leaf = card_leaf(x).ok_or_else(|| format!("{x} is not a card"))?;
                let c = find_card(rules, state, seat, leaf, &used)
                    .ok_or_else(|| format!("there is no other `{}` card to use", leaf.name))?;
                used.push(c);
                Ok(json!(c))
            }
            Leaf::Zone => (0..rules.board.zones.len())
                .find(|&z| leaf_matches(rules, state, Leaf::Zone, x, &json!(z)))
                .map(|z| json!(z))
                .ok_or_else(|| format!("unknown zone {x}")),
            Leaf::Crystal => (0..rules.pack.crystals.len())
                .find(|&c| leaf_matches(rules, state, Leaf::Crystal, x, &json!(c)))
                .map(|c| json!(c))
                .ok_or_else(|| format!("unknown crystal {x}")),
            Leaf::Plain => Ok(x.clone()),
        }
    };
    to_engine_input(&convert_input(f, &mut pick)?)
}

/// At most this many inputs are listed in a message.
const LISTED: usize = 40;

/// Inputs in the file's form, one per choice: cards by name, with their place where
/// two inputs would otherwise read the same.
fn list(rules: &Rules, state: &State, inputs: &[Input]) -> String {
    let plain: Vec<String> = inputs
        .iter()
        .map(|i| render(rules, state, i, false))
        .collect();
    let mut out: Vec<String> = inputs
        .iter()
        .zip(&plain)
        .take(LISTED)
        .map(|(i, p)| {
            if plain.iter().filter(|q| *q == p).count() > 1 {
                render(rules, state, i, true)
            } else {
                p.clone()
            }
        })
        .collect();
    if inputs.len() > LISTED {
        out.push(format!("and {} more", inputs.len() - LISTED));
    }
    if out.is_empty() {
        return "none".into();
    }
    out.join(", ")
}

/// An engine input in the file's form (TOML inline), cards by name and, with
/// `places`, as `{ card, from }`.
pub(super) fn render(rules: &Rules, state: &State, input: &Input, places: bool) -> String {
    let Ok(v) = serde_json::to_value(input) else {
        return format!("{input:?}");
    };
    let mut name = |kind: Leaf, x: &Value| -> Result<Value, String> {
        let Some(n) = x.as_u64() else {
            return Ok(x.clone());
        };
        Ok(match kind {
            Leaf::Card if (n as usize) < TOTAL_CARDS => {
                let c = n as CardId;
                let card = card_name(rules, state, c);
                if places {
                    json!({
                        "card": card,
                        "from": place_word(rules, state.class(c).place),
                        "owner": owner(c),
                    })
                } else {
                    json!(card)
                }
            }
            Leaf::Zone => rules
                .board
                .zones
                .get(n as usize)
                .map_or(x.clone(), |z| json!(z.id)),
            Leaf::Crystal => rules
                .pack
                .crystals
                .get(n as usize)
                .map_or(x.clone(), |c| json!(c.name)),
            _ => x.clone(),
        })
    };
    match convert_input(&v, &mut name) {
        Ok(named) => render_file(&named),
        Err(_) => format!("{input:?}"),
    }
}

/// A value as TOML inline (how scenario files write inputs).
fn render_file(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let fields: Vec<String> = m
                .iter()
                .map(|(k, x)| format!("{k} = {}", render_file(x)))
                .collect();
            format!("{{ {} }}", fields.join(", "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(render_file).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// The instance a card (name, place) most plausibly means for `seat`: in her hand,
/// then in her squads, then in any squad, then anywhere (her own cards first).
fn find_card(
    rules: &Rules,
    state: &State,
    seat: Seat,
    leaf: CardLeaf,
    used: &[CardId],
) -> Option<CardId> {
    let ok = |c: &CardId| !used.contains(c) && leaf_names(rules, state, leaf, *c);
    let s = seat as usize;
    let other = 1 - s;
    let squads = |who: usize| {
        state
            .squads
            .iter()
            .flat_map(move |z| z[who].iter().copied())
    };
    state.players[s]
        .hand
        .iter()
        .copied()
        .find(ok)
        .or_else(|| squads(s).find(ok))
        .or_else(|| squads(other).find(ok))
        .or_else(|| {
            let mine = s * DECK_SIZE..(s + 1) * DECK_SIZE;
            let theirs = other * DECK_SIZE..(other + 1) * DECK_SIZE;
            mine.chain(theirs).map(|c| c as CardId).find(ok)
        })
}

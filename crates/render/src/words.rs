//! The words the images print, in the table's language: effects, abilities, names,
//! marks. Every word comes from `images.ftl` (or `i18n::names`, `i18n::explain`);
//! only numbers and marks are put together here.

use super::Table;
use crate::game::Rules;
use crate::game::board::ZoneKind;
use crate::game::pack::{Ability, CardDef, Effect, Provenance, Rank, Stat, Target};
use crate::i18n::messages::images as m;
use crate::i18n::{Lang, explain, names};

/// The mark after a provisional value, explained in each image's legend.
pub const DAGGER: &str = "†";
/// The mark after an effect or ability the engine does not apply yet.
pub const NOT_IN_PLAY: &str = "*";

pub fn mark(p: Provenance) -> &'static str {
    if p == Provenance::Provisional {
        DAGGER
    } else {
        ""
    }
}

// The names of the game's vocabulary and of the pack's clans and types come from
// `i18n::names`, as `/clans card` and `/clans rules` say them; re-exported here so the
// images ask one module for all their words.
pub use crate::i18n::names::{
    ability as ability_name, card_name_provenance, card_type, clan, crystal_name_provenance,
    signature, style,
};

/// A rank as the card's type line prints it ("Hero", "Held").
pub fn rank(lang: Lang, r: Rank) -> String {
    let word = names::rank(lang, r);
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A card's types as its type line prints them after its rank ("Warrior, Beast"),
/// or `None` if it has none.
pub fn card_types(lang: Lang, card: &CardDef) -> Option<String> {
    let types: Vec<String> = card
        .type_names
        .iter()
        .map(|ty| card_type(lang, ty))
        .collect();
    (!types.is_empty()).then(|| types.join(", "))
}

/// A seat as the images name it ("Player 1").
pub fn player(lang: Lang, seat: u8) -> String {
    m::player(lang, seat as u32 + 1)
}

/// A card type by its index in the pack.
fn type_name(lang: Lang, rules: &Rules, t: u8) -> String {
    rules
        .pack
        .types
        .get(t as usize)
        .map_or_else(|| "?".into(), |w| card_type(lang, w))
}

/// One effect atom as a few words ("+5 attack", "destroy bottom unit").
pub fn effect(lang: Lang, rules: &Rules, e: Effect) -> String {
    match e {
        Effect::Attack(n) => m::effect_attack(lang, n),
        Effect::Defense(n) => m::effect_defense(lang, n),
        Effect::AttackPer(t, n) => m::effect_attack_per(lang, n, type_name(lang, rules, t)),
        Effect::Draw(n) => m::effect_draw(lang, n),
        Effect::DrawPerDestroyed => m::effect_draw_per_destroyed(lang),
        Effect::Return => m::effect_return(lang),
        Effect::Destroy(Target::Top) => m::effect_destroy_top(lang),
        Effect::Destroy(Target::Bottom) => m::effect_destroy_bottom(lang),
        Effect::Destroy(Target::Choice) => m::effect_destroy_choice(lang),
        Effect::OpponentRemovesUnit => m::effect_opponent_removes(lang),
        Effect::JoinSquad => m::effect_join(lang),
        Effect::DoubleAttackIfAll(t) => m::effect_double_attack(lang, type_name(lang, rules, t)),
        Effect::Ignore(Stat::Attack) => m::effect_ignore_attack(lang),
        Effect::Ignore(Stat::Defense) => m::effect_ignore_defense(lang),
        Effect::Retreat => m::effect_retreat(lang),
        Effect::SendEnemyHome => m::effect_send_home(lang),
        Effect::OpponentMills(n) => m::effect_mills(lang, n),
        Effect::GainInitiative(n) => m::effect_initiative(lang, n),
        Effect::Nothing => m::effect_nothing(lang),
    }
}

/// A battle effect side as one phrase per atom, with the not-in-play mark.
pub fn effects(lang: Lang, rules: &Rules, side: &[Effect]) -> Vec<String> {
    side.iter()
        .map(|&e| {
            let mut s = effect(lang, rules, e);
            if !e.implemented() {
                s.push_str(NOT_IN_PLAY);
            }
            s
        })
        .collect()
}

/// The printed name of a unit ability ("Raise the Dead", "Linked: Sonya Saltdaughter").
pub fn ability(lang: Lang, rules: &Rules, a: Ability) -> String {
    let card = |k: u8| {
        rules
            .pack
            .cards
            .get(k as usize)
            .map(|c| names::card(lang, c))
            .unwrap_or_default()
    };
    match a {
        Ability::None => String::new(),
        Ability::Linked(k) | Ability::Rebuild(k) => {
            format!("{}: {}", ability_name(lang, a), card(k))
        }
        _ => ability_name(lang, a),
    }
}

/// One line of an image's or a lookup's explanations: what a named thing on the card
/// does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// As the card shows it ("Flank", "send foe home").
    pub name: String,
    pub text: String,
    pub in_play: bool,
}

/// What each signature, ability and battle effect on `cards` does, once each, in the
/// order the cards show them. An effect whose explanation would only repeat the card's
/// words ("+3 attack") gets no line.
pub fn explanations<'a>(
    lang: Lang,
    rules: &Rules,
    cards: impl IntoIterator<Item = &'a CardDef>,
) -> Vec<Explanation> {
    let pack = &rules.pack;
    let mut out: Vec<Explanation> = Vec::new();
    let mut add = |e: Explanation| {
        if !out.contains(&e) {
            out.push(e);
        }
    };
    for card in cards {
        if card.signature {
            let clan = &pack.clans[card.clan as usize];
            add(Explanation {
                name: signature(lang, clan.signature),
                text: explain::signature(lang, clan.signature, clan.horde_limit),
                in_play: clan.signature.implemented(),
            });
        }
        if card.ability != Ability::None {
            add(Explanation {
                name: ability_name(lang, card.ability),
                text: explain::ability(lang, card.ability, pack),
                in_play: card.ability.implemented(),
            });
        }
        for &e in card.left.iter().chain(&card.right) {
            // Decided in the source language, so that every language leaves out the
            // same lines, however its explanations are worded.
            let repeats = explain::effect(Lang::En, e, pack).eq_ignore_ascii_case(&effect(
                Lang::En,
                rules,
                e,
            ));
            if !repeats {
                add(Explanation {
                    name: effect(lang, rules, e),
                    text: explain::effect(lang, e, pack),
                    in_play: e.implemented(),
                });
            }
        }
    }
    out
}

/// The abilities line of a card: the clan signature (when the card carries it) and the
/// unit ability, each with the not-in-play mark; `None` when the card has neither.
pub fn abilities(lang: Lang, rules: &Rules, card: &CardDef) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    if card.signature {
        let sig = rules.pack.clans[card.clan as usize].signature;
        out.push((signature(lang, sig), sig.implemented()));
    }
    if card.ability != Ability::None {
        out.push((
            ability(lang, rules, card.ability),
            card.ability.implemented(),
        ));
    }
    out
}

/// The card's name in `lang` with its provisional mark.
pub fn card_name(lang: Lang, card: &CardDef) -> String {
    let shown = card_name_provenance(lang, card);
    format!("{}{}", names::card(lang, card), mark(shown))
}

/// A zone's one name ([`names::zone`]: "Ana's home (H1)", "crystal zone C3"), as the
/// log and the panels say it too.
pub fn zone_label(t: &Table, z: u8) -> String {
    names::zone(t.lang, &t.rules.board, z, Some(t.names))
}

/// [`zone_label`] cut to what `fits`: a home whose owner's name is too long for the
/// line shortens that name rather than losing its end, so the zone's id stays on the
/// board (the last thing an ellipsis would cut).
pub fn zone_label_fitted(t: &Table, z: u8, fits: impl Fn(&str) -> bool) -> String {
    let full = zone_label(t, z);
    let seat = match t.rules.board.zones.get(z as usize) {
        Some(info) if info.kind == ZoneKind::Home && !fits(&full) => info.seat.unwrap_or(0),
        _ => return full,
    };
    let owner: Vec<char> = t.names[seat as usize & 1].chars().collect();
    for n in (1..owner.len()).rev() {
        let short = owner[..n].iter().collect::<String>().trim_end().to_string() + "…";
        let mut names = t.names;
        names[seat as usize & 1] = &short;
        let label = names::zone(t.lang, &t.rules.board, z, Some(names));
        if fits(&label) {
            return label;
        }
    }
    full
}

/// Counted names ("2× Marauders, Trappers"), in order of first appearance.
pub fn counted(names: &[&str]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for &n in names {
        match seen.iter_mut().find(|(m, _)| *m == n) {
            Some((_, k)) => *k += 1,
            None => seen.push((n, 1)),
        }
    }
    seen.iter()
        .map(|(n, k)| {
            if *k > 1 {
                format!("{k}× {n}")
            } else {
                n.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

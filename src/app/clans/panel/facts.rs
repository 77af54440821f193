//! The facts a choice needs beside its name, so a player who has never seen the card
//! can choose: a unit's summon cost, numbers and ability; a battle card's left and
//! right effects; a crystal's effect. Shown as an option's description or a choice's
//! note, never instead of its label.

use crate::game::pack::{Ability, CardDef, Effect};
use crate::game::{CardId, Input, Rules, State};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, explain, names};

/// Effects in words, joined ("+4 attack, draw 1"); "nothing" for an empty side.
fn side(lang: Lang, rules: &Rules, effects: &[Effect]) -> String {
    if effects.is_empty() {
        return p::fact_no_effect(lang);
    }
    effects
        .iter()
        .map(|&e| crate::render::words::effect(lang, rules, e))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit as its summon needs it: "costs 2 · 3 attack, 2 defense · Undying".
fn unit(lang: Lang, rules: &Rules, def: &CardDef) -> String {
    let numbers = p::fact_unit(lang, def.summon, def.attack, def.defense);
    match def.ability {
        Ability::None => numbers,
        a => format!(
            "{numbers} · {}",
            crate::render::words::ability(lang, rules, a)
        ),
    }
}

/// A battle card as a battle needs it: its style and both effects.
pub fn battle_card(lang: Lang, rules: &Rules, def: &CardDef) -> String {
    p::fact_battle_card(
        lang,
        names::style(lang, def.style),
        side(lang, rules, &def.left),
        side(lang, rules, &def.right),
    )
}

/// The facts of `input`'s choice, where it has any beyond its label.
pub fn of(lang: Lang, rules: &Rules, state: &State, input: &Input) -> Option<String> {
    let crystal = |c: u8| {
        rules
            .pack
            .crystals
            .get(c as usize)
            .map(|def| explain::crystal(lang, def.effect))
    };
    match input {
        Input::BattleCard(c) => Some(battle_card(lang, rules, state.card(rules, *c))),
        Input::UseCrystal(c) | Input::Score(c) => crystal(*c),
        _ => None,
    }
}

/// A hand card's facts for a summon's or a mulligan's menu.
pub fn hand_card(lang: Lang, rules: &Rules, state: &State, c: CardId) -> String {
    unit(lang, rules, state.card(rules, c))
}

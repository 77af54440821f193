//! Short English for what the images print: effects, abilities, provenance marks.

use crate::game::Rules;
use crate::game::pack::{Ability, CardDef, Effect, Provenance, Stat, Target};

/// The mark after a provisional value, explained in each image's legend.
pub const DAGGER: &str = "†";
/// The mark after an effect or ability the engine does not apply yet.
pub const NOT_IN_PLAY: &str = "*";
pub const DAGGER_LEGEND: &str = "† provisional: designed by the bot, not printed";
pub const NOT_IN_PLAY_LEGEND: &str = "* not yet in play";

pub fn mark(p: Provenance) -> &'static str {
    if p == Provenance::Provisional {
        DAGGER
    } else {
        ""
    }
}

fn type_name(rules: &Rules, t: u8) -> &str {
    rules
        .pack
        .types
        .get(t as usize)
        .map(String::as_str)
        .unwrap_or("?")
}

/// One effect atom as a few words ("+5 attack", "destroy bottom unit").
pub fn effect(rules: &Rules, e: Effect) -> String {
    match e {
        Effect::Attack(n) => format!("+{n} attack"),
        Effect::Defense(n) => format!("+{n} defense"),
        Effect::AttackPer(t, n) => format!("+{n} attack per {}", type_name(rules, t)),
        Effect::Draw(n) => format!("draw {n}"),
        Effect::DrawPerDestroyed => "draw 1 per unit destroyed".into(),
        Effect::Return => "return to hand".into(),
        Effect::Destroy(Target::Top) => "destroy top unit".into(),
        Effect::Destroy(Target::Bottom) => "destroy bottom unit".into(),
        Effect::Destroy(Target::Choice) => "destroy a unit".into(),
        Effect::OpponentRemovesUnit => "foe removes a unit".into(),
        Effect::JoinSquad => "joins the squad".into(),
        Effect::DoubleAttackIfAll(t) => format!("double attack if all {}", type_name(rules, t)),
        Effect::Ignore(Stat::Attack) => "ignore foe's attack".into(),
        Effect::Ignore(Stat::Defense) => "ignore foe's defense".into(),
        Effect::Retreat => "retreat".into(),
        Effect::SendEnemyHome => "send foe home".into(),
        Effect::OpponentMills(n) => format!("foe mills {n}"),
        Effect::GainInitiative(n) => format!("+{n} initiative"),
        Effect::Nothing => "no effect".into(),
    }
}

/// A battle effect side as one phrase per atom, with the not-in-play mark.
pub fn effects(rules: &Rules, side: &[Effect]) -> Vec<String> {
    side.iter()
        .map(|&e| {
            let mut s = effect(rules, e);
            if !e.implemented() {
                s.push_str(NOT_IN_PLAY);
            }
            s
        })
        .collect()
}

/// The printed name of a unit ability ("Raise the Dead", "Linked: Sonya Saltdaughter").
pub fn ability(rules: &Rules, a: Ability) -> String {
    let card = |k: u8| {
        rules
            .pack
            .cards
            .get(k as usize)
            .map(|c| c.name.clone())
            .unwrap_or_default()
    };
    match a {
        Ability::None => String::new(),
        Ability::Flight => "Flight".into(),
        Ability::Heal => "Heal".into(),
        Ability::Clone => "Clone".into(),
        Ability::Shift => "Shift".into(),
        Ability::Linked(k) => format!("Linked: {}", card(k)),
        Ability::Demoralize => "Demoralize".into(),
        Ability::Inform => "Inform".into(),
        Ability::Sacrifice => "Sacrifice".into(),
        Ability::Reapers => "Reapers".into(),
        Ability::RaiseTheDead => "Raise the Dead".into(),
        Ability::LeadDevout => "Lead the Devout".into(),
        Ability::Command => "Command".into(),
        Ability::InStep => "In Step".into(),
        Ability::TimeAnomaly => "Time Anomaly".into(),
        Ability::GravityPull => "Gravity Pull".into(),
        Ability::Spy => "Spy".into(),
        Ability::Tactical => "Tactical".into(),
        Ability::BuilderSupport => "Builder Support".into(),
        Ability::ReanimateOnDeath => "Reanimate on Death".into(),
        Ability::Bloodlust => "Bloodlust".into(),
        Ability::RangedSupport => "Ranged Support".into(),
        Ability::Rebuild(k) => format!("Rebuild: {}", card(k)),
        Ability::HasteNetwork => "Haste Network".into(),
        Ability::Guardian => "Guardian".into(),
    }
}

/// The abilities line of a card: the clan signature (when the card carries it) and the
/// unit ability, each with the not-in-play mark; `None` when the card has neither.
pub fn abilities(rules: &Rules, card: &CardDef) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    if card.signature {
        let sig = rules.pack.clans[card.clan as usize].signature;
        out.push((sig.name().to_string(), sig.implemented()));
    }
    if card.ability != Ability::None {
        out.push((ability(rules, card.ability), card.ability.implemented()));
    }
    out
}

/// The card's name with its provisional mark.
pub fn card_name(card: &CardDef) -> String {
    format!("{}{}", card.name, mark(card.provenance.name))
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

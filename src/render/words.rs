//! Short English for what the images print: effects, abilities, provenance marks.

use crate::game::Rules;
use crate::game::pack::{Ability, CardDef, Effect, Provenance, Stat, Target};
use crate::i18n::{Lang, explain};

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
            .map(|c| c.name.as_str())
            .unwrap_or_default()
    };
    match a {
        Ability::None => String::new(),
        Ability::Linked(k) | Ability::Rebuild(k) => format!("{}: {}", a.name(), card(k)),
        _ => a.name().to_string(),
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
                name: clan.signature.name().to_string(),
                text: explain::signature(Lang::En, clan.signature, clan.horde_limit),
                in_play: clan.signature.implemented(),
            });
        }
        if card.ability != Ability::None {
            add(Explanation {
                name: card.ability.name().to_string(),
                text: explain::ability(Lang::En, card.ability, pack),
                in_play: card.ability.implemented(),
            });
        }
        for &e in card.left.iter().chain(&card.right) {
            let (name, text) = (effect(rules, e), explain::effect(Lang::En, e, pack));
            if !text.eq_ignore_ascii_case(&name) {
                add(Explanation {
                    name,
                    text,
                    in_play: e.implemented(),
                });
            }
        }
    }
    out
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

//! `crystal-clans cards`: the whole pack with the provenance of every value, as
//! Markdown (the source of `docs/cards.md`) or JSON. The data here is also what any
//! place showing a card uses to tell printed values from provisional ones.

use crate::game::pack::{Ability, CardDef, Provenance, Rank};
use crate::game::{Pack, Rules};
use crate::i18n::Lang;
use crate::render::words;
use serde::Serialize;

/// A value with where it comes from.
#[derive(Debug, Clone, Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub provenance: Provenance,
}

fn src<T>(value: T, provenance: Provenance) -> Sourced<T> {
    Sourced { value, provenance }
}

#[derive(Debug, Clone, Serialize)]
pub struct CardEntry {
    pub id: String,
    pub clan: String,
    pub name: Sourced<String>,
    pub name_de: Option<String>,
    pub rank: Sourced<Rank>,
    pub types: Sourced<Vec<String>>,
    pub copies: Sourced<u8>,
    pub summon: Sourced<u8>,
    pub attack: Sourced<u8>,
    pub defense: Sourced<u8>,
    pub activation: Sourced<u8>,
    pub signature: Sourced<Option<String>>,
    pub ability: Sourced<AbilityEntry>,
    pub style: Sourced<&'static str>,
    pub left: Sourced<Vec<String>>,
    pub right: Sourced<Vec<String>>,
    pub return_icon: [bool; 2],
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct AbilityEntry {
    pub name: &'static str,
    pub battlefield: bool,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct CrystalEntry {
    pub id: String,
    pub name: Sourced<String>,
    pub name_de: Option<String>,
    pub cost: Sourced<u8>,
    pub effect: Sourced<String>,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ClanEntry {
    pub id: String,
    pub name: String,
    pub signature: Sourced<&'static str>,
    pub signature_text: Sourced<String>,
    pub horde_limit: Option<u8>,
    pub cards: Vec<CardEntry>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Catalog {
    pub pack: String,
    pub version: u32,
    /// The clan asked for (`--clan`), or none for the whole pack.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_clan: Option<String>,
    pub clans: Vec<ClanEntry>,
    pub crystals: Vec<CrystalEntry>,
}

fn prov(map: &std::collections::BTreeMap<String, Provenance>, key: &str) -> Provenance {
    map.get(key).copied().unwrap_or(Provenance::Provisional)
}

pub fn card_entry(pack: &Pack, c: &CardDef) -> CardEntry {
    let p = &c.provenance;
    let clan = &pack.clans[c.clan as usize];
    let side = |atoms: &[crate::game::pack::Effect]| {
        atoms.iter().map(|e| e.describe(pack)).collect::<Vec<_>>()
    };
    let returns =
        |atoms: &[crate::game::pack::Effect]| atoms.contains(&crate::game::pack::Effect::Return);
    CardEntry {
        id: c.id.clone(),
        clan: clan.id.clone(),
        name: src(c.name.clone(), p.name),
        name_de: c.name_de.clone(),
        rank: src(c.rank, p.rank),
        types: src(c.type_names.clone(), p.types),
        copies: src(c.copies, p.copies),
        summon: src(c.summon, p.summon),
        attack: src(c.attack, p.attack),
        defense: src(c.defense, p.defense),
        activation: src(c.activation, p.activation),
        signature: src(
            c.signature.then(|| clan.signature.name().to_string()),
            p.signature,
        ),
        ability: src(
            AbilityEntry {
                name: c.ability.name(),
                battlefield: c.ability.battlefield(),
                text: c.ability.describe(pack),
            },
            p.ability,
        ),
        style: src(c.style.name(), p.style),
        left: src(side(&c.left), p.left),
        right: src(side(&c.right), p.right),
        return_icon: [returns(&c.left), returns(&c.right)],
        notes: c.notes.clone(),
    }
}

pub fn catalog(pack: &Pack, clan: Option<&str>) -> Result<Catalog, String> {
    let wanted = match clan {
        Some(name) => Some(pack.clan_index(name).ok_or_else(|| {
            let ids: Vec<&str> = pack.clans.iter().map(|c| c.id.as_str()).collect();
            format!("no clan `{name}` in the pack (clans: {})", ids.join(", "))
        })?),
        None => None,
    };
    let clans = pack
        .clans
        .iter()
        .enumerate()
        .filter(|(i, _)| wanted.is_none_or(|w| w as usize == *i))
        .map(|(i, c)| ClanEntry {
            id: c.id.clone(),
            name: c.name.clone(),
            signature: src(c.signature.name(), prov(&c.provenance, "signature")),
            signature_text: src(c.text.clone(), prov(&c.provenance, "text")),
            horde_limit: c.horde_limit,
            cards: pack
                .cards
                .iter()
                .filter(|card| card.clan as usize == i)
                .map(|card| card_entry(pack, card))
                .collect(),
        })
        .collect();
    let crystals = if wanted.is_some() {
        vec![]
    } else {
        pack.crystals
            .iter()
            .map(|c| CrystalEntry {
                id: c.id.clone(),
                name: src(c.name.clone(), prov(&c.provenance, "name")),
                name_de: c.name_de.clone(),
                cost: src(c.cost, prov(&c.provenance, "cost")),
                effect: src(c.text.clone(), prov(&c.provenance, "effect")),
                notes: c.notes.clone(),
            })
            .collect()
    };
    Ok(Catalog {
        pack: pack.name.clone(),
        version: pack.version,
        only_clan: wanted.map(|w| pack.clans[w as usize].id.clone()),
        clans,
        crystals,
    })
}

/// The answer to `/clans card`: the card's values with their marks, what is on it, and
/// one line per signature, ability and battle effect saying what it does.
pub fn lookup(rules: &Rules, def: &CardDef) -> String {
    let e = card_entry(&rules.pack, def);
    let mut out = format!(
        "**{}{}** ({}) — summon {}{}, attack {}{}, defense {}{}, activation {}{}, {}{}",
        e.name.value,
        mark(e.name.provenance),
        e.clan,
        e.summon.value,
        mark(e.summon.provenance),
        e.attack.value,
        mark(e.attack.provenance),
        e.defense.value,
        mark(e.defense.provenance),
        e.activation.value,
        mark(e.activation.provenance),
        e.style.value,
        mark(e.style.provenance),
    );
    let mut on_card = Vec::new();
    if let Some(sig) = &e.signature.value {
        on_card.push(format!("{sig}{}", mark(e.signature.provenance)));
    }
    if def.ability != Ability::None {
        on_card.push(format!(
            "{}{}",
            words::ability(Lang::En, rules, def.ability),
            mark(e.ability.provenance)
        ));
    }
    for (side, atoms, p) in [
        ("left", &def.left, e.left.provenance),
        ("right", &def.right, e.right.provenance),
    ] {
        on_card.push(format!(
            "{side}: {}{}",
            words::effects(Lang::En, rules, atoms).join(", "),
            mark(p)
        ));
    }
    out.push('\n');
    out.push_str(&on_card.join(" · "));
    for x in words::explanations(Lang::En, rules, [def]) {
        out.push_str(&format!("\n**{}**: {}", x.name, x.text));
    }
    out
}

/// The marker after a value: none when seen, ° when inferred, † when provisional.
pub fn mark(p: Provenance) -> &'static str {
    match p {
        Provenance::Seen => "",
        Provenance::Inferred => "°",
        Provenance::Provisional => "†",
    }
}

fn m<T: std::fmt::Display>(s: &Sourced<T>) -> String {
    format!("{}{}", s.value, mark(s.provenance))
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn markdown(cat: &Catalog) -> String {
    let mut out = String::new();
    // The whole pack's output is docs/cards.md; one clan's is a reader's own excerpt.
    let generated = match &cat.only_clan {
        None => "Generated by `crystal-clans cards --format md`; do not edit by hand (a test \
                 compares it)."
            .to_string(),
        Some(clan) => format!("Generated by `crystal-clans cards --clan {clan} --format md`."),
    };
    out.push_str(&format!(
        "# Cards of the {} (pack version {})\n\n\
         {generated}\n\n\
         Every value says where it comes from: no mark = **seen** in a public source (the rulebook or a \
         publisher preview); ° = **inferred** from the sources and could be wrong; † = **provisional**, \
         designed by this project because no source gives it. Card texts are the bot's own words, not the \
         printed ones. The reasoning behind each provisional value is in `assets/packs/DESIGN-NOTES.md`.\n\n",
        cat.pack, cat.version
    ));
    let total: usize = cat.clans.iter().map(|c| c.cards.len()).sum();
    out.push_str(&format!(
        "{} cards in {} {}, {} {}.\n\n",
        total,
        cat.clans.len(),
        if cat.clans.len() == 1 {
            "clan"
        } else {
            "clans"
        },
        cat.crystals.len(),
        if cat.crystals.len() == 1 {
            "crystal"
        } else {
            "crystals"
        }
    ));
    for clan in &cat.clans {
        out.push_str(&format!("## {}\n\n", clan.name));
        out.push_str(&format!(
            "**Signature ability: {}** — {}{}",
            m(&clan.signature),
            clan.signature_text.value,
            mark(clan.signature_text.provenance)
        ));
        if let Some(n) = clan.horde_limit {
            out.push_str(&format!(" (Horde squad limit {n}†)"));
        }
        out.push_str("\n\n");
        out.push_str("| card | rank | copies | summon | attack | defense | activation | style |\n");
        out.push_str("|---|---|---|---|---|---|---|---|\n");
        for c in &clan.cards {
            let de = c
                .name_de
                .as_ref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            let rank = match c.rank.value {
                Rank::Hero => "hero",
                Rank::Common => "common",
            };
            out.push_str(&format!(
                "| {}{} | {}{} | {} | {} | {} | {} | {} | {} |\n",
                cell(&m(&c.name)),
                cell(&de),
                rank,
                mark(c.rank.provenance),
                m(&c.copies),
                m(&c.summon),
                m(&c.attack),
                m(&c.defense),
                m(&c.activation),
                m(&c.style)
            ));
        }
        out.push('\n');
        for c in &clan.cards {
            out.push_str(&format!("### {}\n\n", m(&c.name)));
            out.push_str(&format!(
                "- types: {}{}\n",
                if c.types.value.is_empty() {
                    "none".to_string()
                } else {
                    c.types.value.join(", ")
                },
                mark(c.types.provenance)
            ));
            out.push_str(&format!(
                "- signature: {}{}\n",
                c.signature.value.as_deref().unwrap_or("no"),
                mark(c.signature.provenance)
            ));
            let a = &c.ability.value;
            if a.name == "None" {
                out.push_str(&format!("- ability: none{}\n", mark(c.ability.provenance)));
            } else {
                out.push_str(&format!(
                    "- ability: **{}**{}{} — {}\n",
                    a.name,
                    mark(c.ability.provenance),
                    if a.battlefield {
                        " (battlefield: top unit only)"
                    } else {
                        ""
                    },
                    a.text
                ));
            }
            out.push_str(&format!(
                "- left effect{}: {}\n",
                mark(c.left.provenance),
                c.left.value.join("; ")
            ));
            out.push_str(&format!(
                "- right effect{}: {}\n",
                mark(c.right.provenance),
                c.right.value.join("; ")
            ));
            if let Some(n) = &c.notes {
                out.push_str(&format!("- notes: {n}\n"));
            }
            out.push('\n');
        }
    }
    if !cat.crystals.is_empty() {
        out.push_str("## Crystals\n\n| crystal | cost | effect |\n|---|---|---|\n");
        for c in &cat.crystals {
            let de = c
                .name_de
                .as_ref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            out.push_str(&format!(
                "| {}{} | {} | {}{} |\n",
                cell(&m(&c.name)),
                cell(&de),
                m(&c.cost),
                cell(&c.effect.value),
                mark(c.effect.provenance)
            ));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16: the lookup named "Flight" without saying what it does.
    #[test]
    fn the_lookup_says_what_each_ability_and_battle_effect_does() {
        let rules = Rules::base();
        let card = |name: &str| rules.pack.cards.iter().find(|c| c.name == name).unwrap();
        let bumble = card("Queen Bumble");
        let text = lookup(&rules, bumble);
        let flight = Ability::Flight.describe(&rules.pack);
        assert!(text.contains(&format!("**Flight**: {flight}")), "{text}");
        for e in bumble.left.iter().chain(&bumble.right) {
            assert!(text.contains(&e.describe(&rules.pack)), "{e:?}: {text}");
        }
        // A signature is explained too, and a provisional value keeps its mark.
        let crocodile = card("Murkmaw the Crocodile");
        let text = lookup(&rules, crocodile);
        let clan = &rules.pack.clans[crocodile.clan as usize];
        assert!(
            text.contains(&clan.signature.describe(clan.horde_limit)),
            "{text}"
        );
        assert!(text.contains("summon 5†"), "{text}");
    }

    /// `cards --clan water` said "1 clans" and claimed to be `cards --format md`.
    #[test]
    fn one_clan_says_1_clan_and_names_the_command_that_was_run() {
        let pack = Pack::base();
        let md = markdown(&catalog(&pack, Some("water")).unwrap());
        assert!(md.contains("9 cards in 1 clan, 0 crystals."), "{md}");
        assert!(
            md.contains("Generated by `crystal-clans cards --clan water --format md`."),
            "{md}"
        );
        let all = markdown(&catalog(&pack, None).unwrap());
        assert!(all.contains("54 cards in 6 clans, 15 crystals."));
        assert!(all.contains("Generated by `crystal-clans cards --format md`;"));
    }
}

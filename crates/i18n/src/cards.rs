//! `crystal-clans-tools cards`: the whole pack with the provenance of every value, as
//! Markdown (the source of `docs/cards.md`) or JSON. The data here is also what any
//! place showing a card uses to tell printed values from provisional ones.

use crate::game::pack::{Ability, CardDef, Effect, KindId, Provenance, Rank};
use crate::game::{Pack, Rules};
use crate::messages::rules as t;
use crate::{Lang, explain, names};
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
    /// The German name's own mark, where the pack gives one (the project's German
    /// name beside a sourced English one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_de_provenance: Option<Provenance>,
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
    /// As a card's ([`CardEntry::name_de_provenance`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_de_provenance: Option<Provenance>,
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
    // The catalog is the English source of `docs/cards.md`.
    let side = |atoms: &[Effect]| {
        atoms
            .iter()
            .map(|&e| explain::effect(Lang::En, e, pack))
            .collect::<Vec<_>>()
    };
    let returns = |atoms: &[Effect]| atoms.contains(&Effect::Return);
    CardEntry {
        id: c.id.clone(),
        clan: clan.id.clone(),
        name: src(c.name.clone(), p.name),
        name_de: c.name_de.clone(),
        name_de_provenance: p.name_de,
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
                text: explain::ability(Lang::En, c.ability, pack),
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
                name_de_provenance: c.provenance.get("name_de").copied(),
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

/// The card `name` means: its name in any language the bot speaks, or its id, ignoring
/// case, umlauts and surrounding spaces (`names::fold`).
pub fn find(pack: &Pack, name: &str) -> Option<KindId> {
    let want = names::fold(name.trim());
    pack.cards
        .iter()
        .position(|c| {
            names::fold(&c.id) == want
                || Lang::ALL
                    .iter()
                    .any(|&l| names::fold(names::card(l, c)) == want)
        })
        .map(|k| k as KindId)
}

/// Autocomplete for `/clans card`: the cards one of whose names (in any language)
/// contains what was typed so far, each shown by its name in `lang`, at most 25
/// (Discord's limit).
pub fn complete(pack: &Pack, lang: Lang, partial: &str) -> Vec<String> {
    let want = names::fold(partial.trim());
    let mut out: Vec<String> = Vec::new();
    for c in &pack.cards {
        let hit = Lang::ALL
            .iter()
            .any(|&l| names::fold(names::card(l, c)).contains(&want));
        let shown = names::card(lang, c);
        if hit && !out.iter().any(|n| n == shown) {
            out.push(shown.to_string());
        }
    }
    out.truncate(25);
    out
}

/// The answer to `/clans card` in `lang`: the card's values with their marks, then one
/// line per signature, ability and battle effect saying what it does.
pub fn lookup(rules: &Rules, lang: Lang, def: &CardDef) -> String {
    let pack = &rules.pack;
    let p = &def.provenance;
    let clan = &pack.clans[def.clan as usize];
    let marked = |v: u8, p: Provenance| format!("{v}{}", mark(p));
    let mut kind = vec![
        names::clan(lang, clan).to_string(),
        names::rank(lang, def.rank),
    ];
    kind.extend(def.type_names.iter().map(|w| names::card_type(lang, w)));
    let mut out = format!(
        "**{}{}** ({}) — {}, {}{}",
        names::card(lang, def),
        mark(names::card_name_provenance(lang, def)),
        kind.join(" · "),
        t::card_values(
            lang,
            marked(def.summon, p.summon),
            marked(def.attack, p.attack),
            marked(def.defense, p.defense),
            marked(def.activation, p.activation),
        ),
        names::style(lang, def.style),
        mark(p.style),
    );
    let not_in_play = |in_play: bool| {
        if in_play {
            String::new()
        } else {
            format!(" {}", t::card_not_in_play(lang))
        }
    };
    if def.signature {
        out.push_str(&format!(
            "\n**{}**{}: {}{}",
            names::signature(lang, clan.signature),
            mark(p.signature),
            explain::signature(lang, clan.signature, clan.horde_limit),
            not_in_play(clan.signature.implemented()),
        ));
    }
    if def.ability != Ability::None {
        out.push_str(&format!(
            "\n**{}**{}: {}{}",
            names::ability(lang, def.ability),
            mark(p.ability),
            explain::ability(lang, def.ability, pack),
            not_in_play(def.ability.implemented()),
        ));
    }
    for (side, atoms, p) in [
        (t::card_left(lang), &def.left, p.left),
        (t::card_right(lang), &def.right, p.right),
    ] {
        let effects: Vec<String> = atoms
            .iter()
            .map(|&e| {
                format!(
                    "{}{}",
                    explain::effect(lang, e, pack),
                    not_in_play(e.implemented())
                )
            })
            .collect();
        out.push_str(&format!("\n**{side}**{}: {}", mark(p), effects.join("; ")));
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
        None => {
            "Generated by `crystal-clans-tools cards --format md`; do not edit by hand (a test \
                 compares it)."
                .to_string()
        }
        Some(clan) => {
            format!("Generated by `crystal-clans-tools cards --clan {clan} --format md`.")
        }
    };
    out.push_str(&format!(
        "# Cards of the {} (pack version {})\n\n\
         {generated}\n\n\
         Every value says where it comes from: no mark = **seen** in a public source (the rulebook or a \
         publisher preview); ° = **inferred** from the sources and could be wrong; † = **provisional**, \
         designed by this project because no source gives it. Card texts are the bot's own words, not the \
         printed ones. The reasoning behind each provisional value is in `crates/engine/assets/packs/DESIGN-NOTES.md`.\n\n",
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
                .map(|d| format!(" ({d}{})", c.name_de_provenance.map_or("", mark)))
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
                .map(|d| format!(" ({d}{})", c.name_de_provenance.map_or("", mark)))
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
        let text = lookup(&rules, Lang::En, bumble);
        let flight = explain::ability(Lang::En, Ability::Flight, &rules.pack);
        assert!(text.contains(&format!("**Flight**: {flight}")), "{text}");
        for &e in bumble.left.iter().chain(&bumble.right) {
            let said = explain::effect(Lang::En, e, &rules.pack);
            assert!(text.contains(&said), "{e:?}: {text}");
        }
        // A signature is explained too, and a provisional value keeps its mark.
        let crocodile = card("Murkmaw the Crocodile");
        let text = lookup(&rules, Lang::En, crocodile);
        let clan = &rules.pack.clans[crocodile.clan as usize];
        let flank = explain::signature(Lang::En, clan.signature, clan.horde_limit);
        assert!(text.contains(&flank), "{text}");
        assert!(text.contains("summon 5†"), "{text}");
    }

    /// Issue 15: `/clans card` finds a card by its German name as well as its English
    /// one and its id, and answers in the asker's language.
    #[test]
    fn a_card_is_found_by_its_german_name_and_shown_in_german() {
        let rules = Rules::base();
        let pack = &rules.pack;
        let bumble = pack
            .cards
            .iter()
            .position(|c| c.id == "flower.queen_bumble");
        let bumble = bumble.map(|k| k as KindId);
        for asked in [
            "Königin Hummel",
            "  königin hummel ",
            "Queen Bumble",
            "flower.queen_bumble",
        ] {
            assert_eq!(find(pack, asked), bumble, "{asked}");
        }
        assert_eq!(find(pack, "Hummel"), None);
        // Typed without umlauts.
        let chieftains = pack.cards.iter().position(|c| c.id == "blood.chieftains");
        assert_eq!(find(pack, "hauptlinge"), chieftains.map(|k| k as KindId));
        let def = &pack.cards[bumble.unwrap() as usize];
        let de = lookup(&rules, Lang::De, def);
        assert!(
            de.starts_with(
                "**Königin Hummel** (Blumenklan · Held · Fliegend) — Beschwörungskosten 5°"
            ),
            "{de}"
        );
        let flight = explain::ability(Lang::De, Ability::Flight, pack);
        assert!(de.contains(&format!("**Fliegen**: {flight}")), "{de}");
        for &e in def.left.iter().chain(&def.right) {
            assert!(
                de.contains(&explain::effect(Lang::De, e, pack)),
                "{e:?}: {de}"
            );
        }
        assert!(
            de.contains("**Linker Kampfeffekt**") && de.contains("KÜHN"),
            "{de}"
        );
        let en = lookup(&rules, Lang::En, def);
        assert!(en.starts_with("**Queen Bumble** (Flower Clan · hero · flying) — summon 5°"));
        // A German name from the German rulebook is seen even where the English one was
        // only inferred; a made-up one keeps the provisional mark.
        let twins = pack
            .cards
            .iter()
            .find(|c| c.id == "meteor.astral_twins")
            .unwrap();
        assert!(lookup(&rules, Lang::En, twins).starts_with("**The Astral Twins°**"));
        assert!(lookup(&rules, Lang::De, twins).starts_with("**Die Astralen Zwillinge**"));
        let ilyra = pack
            .cards
            .iter()
            .find(|c| c.id == "meteor.stargazer_ilyra")
            .unwrap();
        assert!(lookup(&rules, Lang::De, ilyra).starts_with("**Sterndeuterin Ilyra†**"));
    }

    /// Issue 15: the card autocomplete matches English and German names and offers each
    /// card by its name in the asker's language.
    #[test]
    fn card_autocomplete_matches_both_languages_and_shows_the_askers() {
        let pack = Pack::base();
        assert_eq!(
            complete(&pack, Lang::De, "hummel"),
            ["Königin Hummel", "Hummelkavallerie"]
        );
        assert_eq!(complete(&pack, Lang::De, "queen bum"), ["Königin Hummel"]);
        assert_eq!(
            complete(&pack, Lang::En, "hummel"),
            ["Queen Bumble", "Bumble Cavalry"]
        );
        assert_eq!(complete(&pack, Lang::En, "queen bum"), ["Queen Bumble"]);
        assert_eq!(complete(&pack, Lang::De, "konigin"), ["Königin Hummel"]);
        // Found by its English name, a card is offered by its German one (a German name
        // of the project's own too).
        assert_eq!(complete(&pack, Lang::De, "wisp"), ["Irrlicht"]);
        for lang in Lang::ALL {
            let all = complete(&pack, lang, "");
            assert_eq!(all.len(), 25);
            for name in &all {
                assert!(
                    find(&pack, name).is_some(),
                    "{name} is offered but not found"
                );
            }
        }
    }

    /// `cards --clan water` said "1 clans" and claimed to be `cards --format md`.
    #[test]
    fn one_clan_says_1_clan_and_names_the_command_that_was_run() {
        let pack = Pack::base();
        let md = markdown(&catalog(&pack, Some("water")).unwrap());
        assert!(md.contains("9 cards in 1 clan, 0 crystals."), "{md}");
        assert!(
            md.contains("Generated by `crystal-clans-tools cards --clan water --format md`."),
            "{md}"
        );
        let all = markdown(&catalog(&pack, None).unwrap());
        assert!(all.contains("54 cards in 6 clans, 15 crystals."));
        assert!(all.contains("Generated by `crystal-clans-tools cards --format md`;"));
    }
}

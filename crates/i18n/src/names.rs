//! The names of the pack's and the board's things in the reader's language. Proper
//! names (cards, crystals, clans) are data: a German name where the pack has one
//! (`name_de`), else its own name, so a thing without a German name keeps its English
//! one rather than a guess. A zone's name is its kind and id as the board image prints
//! it, and for a home its owner ([`zone`]); the game's vocabulary (abilities,
//! signatures, unit types, ranks, battle styles) and the zones' words are in `rules.ftl`.

use super::Lang;
use super::messages::rules as t;
use crate::game::board::{Board, ZoneId, ZoneKind};
use crate::game::pack::{
    Ability, CardDef, ClanDef, CrystalDef, Provenance, Rank, Signature, Style,
};

/// A name as typed, for comparing: lowercased, with the German umlauts and ß written
/// plainly, so "hauptlinge" finds Häuptlinge on a keyboard without them.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push('a'),
            'ö' => out.push('o'),
            'ü' => out.push('u'),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}

fn pick<'a>(lang: Lang, name: &'a str, name_de: &'a Option<String>) -> &'a str {
    match (lang, name_de) {
        (Lang::De, Some(de)) => de,
        _ => name,
    }
}

/// A card's name in `lang`.
pub fn card(lang: Lang, def: &CardDef) -> &str {
    pick(lang, &def.name, &def.name_de)
}

/// A crystal's name in `lang`.
pub fn crystal(lang: Lang, def: &CrystalDef) -> &str {
    pick(lang, &def.name, &def.name_de)
}

/// Where the name shown in `lang` comes from, given the provenance of the pack's own
/// (English) name, the German one, and the German one's own mark where the pack gives
/// it (`german`: `name_de` in the thing's provenance). A German name comes from the
/// German rulebook unless it is marked, or the thing's English name is the project's
/// too (its notes say so, a test checks): so in German a shown `name_de` is seen unless
/// the thing or its German name is provisional, and a provisional thing keeps its mark
/// in every language.
pub fn name_provenance(
    lang: Lang,
    english: Provenance,
    name_de: &Option<String>,
    german: Option<Provenance>,
) -> Provenance {
    match (lang, name_de) {
        (Lang::De, Some(_)) if english == Provenance::Provisional => english,
        (Lang::De, Some(_)) => german.unwrap_or(Provenance::Seen),
        _ => english,
    }
}

/// Where a card's name shown in `lang` comes from ([`name_provenance`]).
pub fn card_name_provenance(lang: Lang, def: &CardDef) -> Provenance {
    let p = &def.provenance;
    name_provenance(lang, p.name, &def.name_de, p.name_de)
}

/// Where a crystal's name shown in `lang` comes from ([`name_provenance`]); a crystal
/// without a mark for its name is the project's.
pub fn crystal_name_provenance(lang: Lang, def: &CrystalDef) -> Provenance {
    let mark = |k: &str| def.provenance.get(k).copied();
    let english = mark("name").unwrap_or(Provenance::Provisional);
    name_provenance(lang, english, &def.name_de, mark("name_de"))
}

/// A clan's name in `lang` ("Flower Clan", "Blumenklan").
pub fn clan(lang: Lang, def: &ClanDef) -> &str {
    pick(lang, &def.name, &def.name_de)
}

/// A zone's one name, on every surface that names it (panels, the match log, the
/// images, `/clans rules`): "Ana's home (H1)", "crystal zone C3", "field B4" in English,
/// "Heimatgebiet von Ana (H1)", "Kristallgebiet C3", "Gebiet B4" in German (the German
/// rulebook's words). `players` are the two seats' names where the reader knows who
/// plays; without them a home is its seat's ("Player 1's home (H1)"). A zone is never
/// said by where it lies: the board image, which every reader sees, shows no compass.
/// An index the board does not have is said as a number rather than guessed.
pub fn zone(lang: Lang, board: &Board, z: ZoneId, players: Option<[&str; 2]>) -> String {
    let Some(info) = board.zones.get(z as usize) else {
        return t::zone_number(lang, z);
    };
    let id = info.id.as_str();
    match (info.kind, info.seat) {
        (ZoneKind::Home, Some(seat)) => {
            let owner = match players {
                Some(names) => names[seat as usize & 1].to_string(),
                None => t::zone_seat(lang, u32::from(seat) + 1),
            };
            t::zone_home(lang, id, owner)
        }
        (ZoneKind::Crystal, _) => t::zone_crystal(lang, id),
        _ => t::zone_plain(lang, id),
    }
}

/// A unit ability's name as printed ("Raise the Dead", "Tote erwecken"); empty for none.
pub fn ability(lang: Lang, a: Ability) -> String {
    match a {
        Ability::None => String::new(),
        Ability::Flight => t::ability_name_flight(lang),
        Ability::Heal => t::ability_name_heal(lang),
        Ability::Clone => t::ability_name_clone(lang),
        Ability::Shift => t::ability_name_shift(lang),
        Ability::Linked(_) => t::ability_name_linked(lang),
        Ability::Demoralize => t::ability_name_demoralize(lang),
        Ability::Inform => t::ability_name_inform(lang),
        Ability::Sacrifice => t::ability_name_sacrifice(lang),
        Ability::Reapers => t::ability_name_reapers(lang),
        Ability::RaiseTheDead => t::ability_name_raise_the_dead(lang),
        Ability::LeadDevout => t::ability_name_lead_devout(lang),
        Ability::Command => t::ability_name_command(lang),
        Ability::InStep => t::ability_name_in_step(lang),
        Ability::TimeAnomaly => t::ability_name_time_anomaly(lang),
        Ability::GravityPull => t::ability_name_gravity_pull(lang),
        Ability::Spy => t::ability_name_spy(lang),
        Ability::Tactical => t::ability_name_tactical(lang),
        Ability::BuilderSupport => t::ability_name_builder_support(lang),
        Ability::ReanimateOnDeath => t::ability_name_last_rites(lang),
        Ability::Bloodlust => t::ability_name_bloodlust(lang),
        Ability::RangedSupport => t::ability_name_ranged_support(lang),
        Ability::Rebuild(_) => t::ability_name_rebuild(lang),
        Ability::HasteNetwork => t::ability_name_haste_network(lang),
        Ability::Guardian => t::ability_name_guardian(lang),
    }
}

/// A clan signature's name as printed ("Sleep", "Schlaf").
pub fn signature(lang: Lang, s: Signature) -> String {
    match s {
        Signature::Sleep => t::signature_name_sleep(lang),
        Signature::Predict => t::signature_name_predict(lang),
        Signature::Flank => t::signature_name_flank(lang),
        Signature::Undying => t::signature_name_undying(lang),
        Signature::Horde => t::signature_name_horde(lang),
        Signature::Build => t::signature_name_build(lang),
    }
}

/// A unit type (the pack's word, "devout") in `lang`; a word the bot has no
/// translation for is shown as the pack writes it.
pub fn card_type(lang: Lang, word: &str) -> String {
    match word {
        "flying" => t::type_flying(lang),
        "wise" => t::type_wise(lang),
        "magic" => t::type_magic(lang),
        "knight" => t::type_knight(lang),
        "performer" => t::type_performer(lang),
        "mystic" => t::type_mystic(lang),
        "stealthy" => t::type_stealthy(lang),
        "psychic" => t::type_psychic(lang),
        "devout" => t::type_devout(lang),
        "skilled" => t::type_skilled(lang),
        "beast" => t::type_beast(lang),
        "reanimated" => t::type_reanimated(lang),
        "reckless" => t::type_reckless(lang),
        "builder" => t::type_builder(lang),
        "structure" => t::type_structure(lang),
        other => other.to_string(),
    }
}

/// A rank ("hero", "Held").
pub fn rank(lang: Lang, r: Rank) -> String {
    match r {
        Rank::Hero => t::rank_hero(lang),
        Rank::Common => t::rank_common(lang),
    }
}

/// A battle style as the cards print it ("BOLD", "KÜHN").
pub fn style(lang: Lang, s: Style) -> String {
    match s {
        Style::Bold => t::style_bold(lang),
        Style::Guarded => t::style_guarded(lang),
        Style::Tricky => t::style_tricky(lang),
    }
}

//! Loading a pack: the TOML file's raw shapes, the parsers of its `name(arg)` terms
//! (battle effects, abilities, signatures, crystal effects) and `Pack::parse`, which
//! validates them into the runtime types of `mod.rs`. Kept apart because nothing but
//! loading needs the raw shapes, and a reader after the types need not page past them.

use super::{
    Ability, CardDef, CardProvenance, ClanDef, CrystalDef, CrystalEffect, DECK_SIZE, Effect,
    KindId, KnownTypes, MAX_CRYSTALS, MAX_SQUAD_LIMIT, Pack, PackError, Provenance, Rank,
    Signature, Stat, Style, Target, TypeId, TypeSet,
};
use crate::game::source::Source;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

// ---- raw TOML shapes -------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPack {
    pack: RawPackHeader,
    clans: Vec<RawClan>,
    cards: Vec<RawCard>,
    crystals: Vec<RawCrystal>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPackHeader {
    id: String,
    name: String,
    version: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClan {
    id: String,
    name: String,
    name_de: Option<String>,
    signature: String,
    horde_limit: Option<u8>,
    text: String,
    provenance: BTreeMap<String, Provenance>,
    notes: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    clan: String,
    name: String,
    name_de: Option<String>,
    rank: Rank,
    types: Vec<String>,
    copies: u8,
    summon: u8,
    attack: u8,
    defense: u8,
    activation: u8,
    signature: bool,
    ability: String,
    style: String,
    left: Vec<String>,
    right: Vec<String>,
    notes: Option<String>,
    provenance: CardProvenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrystal {
    id: String,
    name: String,
    name_de: Option<String>,
    cost: u8,
    effect: String,
    text: String,
    provenance: BTreeMap<String, Provenance>,
    notes: Option<String>,
}

/// A parsed `name(arg, arg)` term.
struct Term<'a> {
    head: &'a str,
    args: Vec<&'a str>,
}

fn parse_term(s: &str) -> Result<Term<'_>, String> {
    let s = s.trim();
    match s.find('(') {
        None => {
            if s.is_empty() || !s.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                return Err(format!("`{s}` is not a valid name"));
            }
            Ok(Term {
                head: s,
                args: vec![],
            })
        }
        Some(open) => {
            if !s.ends_with(')') {
                return Err(format!("`{s}` is missing its closing parenthesis"));
            }
            let head = &s[..open];
            let inner = &s[open + 1..s.len() - 1];
            let args = inner.split(',').map(str::trim).collect::<Vec<_>>();
            if args.iter().any(|a| a.is_empty()) {
                return Err(format!("`{s}` has an empty argument"));
            }
            Ok(Term { head, args })
        }
    }
}

impl Term<'_> {
    fn arity(&self, n: usize) -> Result<(), String> {
        if self.args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "`{}` takes {} argument(s), got {}",
                self.head,
                n,
                self.args.len()
            ))
        }
    }
    fn num(&self, i: usize) -> Result<u8, String> {
        let a = self.args[i].trim_start_matches('+');
        a.parse::<u8>()
            .map_err(|_| format!("`{}` needs a number, got `{}`", self.head, self.args[i]))
    }
}

struct Loader {
    types: Vec<String>,
}

impl Loader {
    fn type_id(&mut self, name: &str) -> Result<TypeId, String> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            return Err(format!("type `{name}` must be a lowercase word"));
        }
        if let Some(i) = self.types.iter().position(|t| t == name) {
            return Ok(i as TypeId);
        }
        if self.types.len() >= 32 {
            return Err("a pack may use at most 32 distinct types".into());
        }
        self.types.push(name.to_string());
        Ok((self.types.len() - 1) as TypeId)
    }

    fn effect(&mut self, s: &str) -> Result<Effect, String> {
        let t = parse_term(s)?;
        let e = match t.head {
            "attack" => {
                t.arity(1)?;
                Effect::Attack(t.num(0)?)
            }
            "defense" => {
                t.arity(1)?;
                Effect::Defense(t.num(0)?)
            }
            "attack_per" => {
                t.arity(2)?;
                Effect::AttackPer(self.type_id(t.args[0])?, t.num(1)?)
            }
            "draw" => {
                t.arity(1)?;
                Effect::Draw(t.num(0)?)
            }
            "draw_per_destroyed" => {
                t.arity(0)?;
                Effect::DrawPerDestroyed
            }
            "return" => {
                t.arity(0)?;
                Effect::Return
            }
            "destroy" => {
                t.arity(1)?;
                Effect::Destroy(match t.args[0] {
                    "top" => Target::Top,
                    "bottom" => Target::Bottom,
                    "choice" => Target::Choice,
                    other => {
                        return Err(format!(
                            "destroy target must be top, bottom or choice, got `{other}`"
                        ));
                    }
                })
            }
            "opponent_removes_unit" => {
                t.arity(0)?;
                Effect::OpponentRemovesUnit
            }
            "join_squad" => {
                t.arity(0)?;
                Effect::JoinSquad
            }
            "double_attack_if_all" => {
                t.arity(1)?;
                Effect::DoubleAttackIfAll(self.type_id(t.args[0])?)
            }
            "ignore" => {
                t.arity(1)?;
                Effect::Ignore(match t.args[0] {
                    "attack" => Stat::Attack,
                    "defense" => Stat::Defense,
                    other => return Err(format!("ignore takes attack or defense, got `{other}`")),
                })
            }
            "retreat" => {
                t.arity(0)?;
                Effect::Retreat
            }
            "send_enemy_home" => {
                t.arity(0)?;
                Effect::SendEnemyHome
            }
            "opponent_mills" => {
                t.arity(1)?;
                Effect::OpponentMills(t.num(0)?)
            }
            "gain_initiative" => {
                t.arity(1)?;
                Effect::GainInitiative(t.num(0)?)
            }
            "nothing" => {
                t.arity(0)?;
                Effect::Nothing
            }
            other => return Err(format!("unknown battle effect `{other}`")),
        };
        Ok(e)
    }
}

fn ability(s: &str, card_ids: &HashMap<&str, KindId>) -> Result<Ability, String> {
    let t = parse_term(s)?;
    let kind_arg = |t: &Term| -> Result<KindId, String> {
        t.arity(1)?;
        card_ids
            .get(t.args[0])
            .copied()
            .ok_or_else(|| format!("`{}` names unknown card `{}`", t.head, t.args[0]))
    };
    let simple = |t: &Term, a: Ability| -> Result<Ability, String> {
        t.arity(0)?;
        Ok(a)
    };
    match t.head {
        "none" => simple(&t, Ability::None),
        "flight" => simple(&t, Ability::Flight),
        "heal" => simple(&t, Ability::Heal),
        "clone" => simple(&t, Ability::Clone),
        "shift" => simple(&t, Ability::Shift),
        "linked" => Ok(Ability::Linked(kind_arg(&t)?)),
        "demoralize" => simple(&t, Ability::Demoralize),
        "inform" => simple(&t, Ability::Inform),
        "sacrifice" => simple(&t, Ability::Sacrifice),
        "reapers" => simple(&t, Ability::Reapers),
        "raise_the_dead" => simple(&t, Ability::RaiseTheDead),
        "lead_devout" => simple(&t, Ability::LeadDevout),
        "command" => simple(&t, Ability::Command),
        "in_step" => simple(&t, Ability::InStep),
        "time_anomaly" => simple(&t, Ability::TimeAnomaly),
        "gravity_pull" => simple(&t, Ability::GravityPull),
        "spy" => simple(&t, Ability::Spy),
        "tactical" => simple(&t, Ability::Tactical),
        "builder_support" => simple(&t, Ability::BuilderSupport),
        "reanimate_on_death" => simple(&t, Ability::ReanimateOnDeath),
        "bloodlust" => simple(&t, Ability::Bloodlust),
        "ranged_support" => simple(&t, Ability::RangedSupport),
        "rebuild" => Ok(Ability::Rebuild(kind_arg(&t)?)),
        "haste_network" => simple(&t, Ability::HasteNetwork),
        "guardian" => simple(&t, Ability::Guardian),
        other => Err(format!("unknown unit ability `{other}`")),
    }
}

fn signature(s: &str) -> Result<Signature, String> {
    Ok(match s {
        "sleep" => Signature::Sleep,
        "predict" => Signature::Predict,
        "flank" => Signature::Flank,
        "undying" => Signature::Undying,
        "horde" => Signature::Horde,
        "build" => Signature::Build,
        other => return Err(format!("unknown signature ability `{other}`")),
    })
}

fn crystal_effect(s: &str) -> Result<CrystalEffect, String> {
    let t = parse_term(s)?;
    let simple = |t: &Term, e: CrystalEffect| -> Result<CrystalEffect, String> {
        t.arity(0)?;
        Ok(e)
    };
    let with_n = |t: &Term, f: fn(u8) -> CrystalEffect| -> Result<CrystalEffect, String> {
        t.arity(1)?;
        Ok(f(t.num(0)?))
    };
    match t.head {
        "broken_vessel" => simple(&t, CrystalEffect::BrokenVessel),
        "winds_wish" => simple(&t, CrystalEffect::WindsWish),
        "sorens_bounty" => simple(&t, CrystalEffect::SorensBounty),
        "mygards_shield" => simple(&t, CrystalEffect::MygardsShield),
        "fox_tail" => simple(&t, CrystalEffect::FoxTail),
        "astral_pyramid" => simple(&t, CrystalEffect::AstralPyramid),
        "bitter_blessing" => simple(&t, CrystalEffect::BitterBlessing),
        "keeper_of_souls" => simple(&t, CrystalEffect::KeeperOfSouls),
        "on_gain_draw" => with_n(&t, CrystalEffect::OnGainDraw),
        "on_gain_initiative" => with_n(&t, CrystalEffect::OnGainInitiative),
        "on_gain_opponent_mills" => with_n(&t, CrystalEffect::OnGainOpponentMills),
        "on_gain_recover" => with_n(&t, CrystalEffect::OnGainRecover),
        "battle_attack" => with_n(&t, CrystalEffect::BattleAttack),
        "battle_defense" => with_n(&t, CrystalEffect::BattleDefense),
        "on_gain_summon" => simple(&t, CrystalEffect::OnGainSummon),
        other => Err(format!("unknown crystal effect `{other}`")),
    }
}

const CLAN_PROVENANCE_KEYS: &[&str] = &["signature", "text"];
const CRYSTAL_PROVENANCE_KEYS: &[&str] = &["name", "cost", "effect"];
/// Marked only where the German name is the project's own while the English one is
/// sourced; a mark needs a `name_de` to mark.
const NAME_DE_PROVENANCE: &str = "name_de";

fn check_provenance_keys(
    map: &BTreeMap<String, Provenance>,
    required: &[&str],
    optional: &[&str],
) -> Result<(), String> {
    for k in required {
        if !map.contains_key(*k) {
            return Err(format!("missing provenance for `{k}`"));
        }
    }
    for k in map.keys() {
        if !required.contains(&k.as_str()) && !optional.contains(&k.as_str()) {
            return Err(format!("provenance names unknown field `{k}`"));
        }
    }
    Ok(())
}

/// A provenance of the German name only beside a German name.
fn check_name_de(marked: bool, name_de: &Option<String>) -> Result<(), String> {
    if marked && name_de.is_none() {
        return Err(format!(
            "provenance names `{NAME_DE_PROVENANCE}`, but there is no `name_de`"
        ));
    }
    Ok(())
}

pub(super) fn fnv1a(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The base pack's file, as errors name it.
pub const BASE_PACK_FILE: &str = "crates/engine/assets/packs/base.toml";
/// The base pack, embedded in the binary. Its bytes are hashed (`Pack::hash`) and a
/// stored match names the hash it started under, so any edit, a comment's too, makes
/// a new revision of the pack.
pub const BASE_PACK_TOML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/packs/base.toml"
));

impl Pack {
    /// The base pack, embedded in the binary.
    pub fn base() -> Pack {
        Pack::parse(BASE_PACK_FILE, BASE_PACK_TOML)
            .expect("the embedded base pack is validated by the test suite")
    }

    pub fn parse(file: &str, text: &str) -> Result<Pack, PackError> {
        let mut l = Loader { types: Vec::new() };
        let (raw, src): (RawPack, _) = Source::parse(
            file,
            text,
            &[
                ("clans", "clan"),
                ("cards", "card"),
                ("crystals", "crystal"),
            ],
        )?;

        let mut clans = Vec::new();
        for (ci, c) in raw.clans.iter().enumerate() {
            let item = Some(("clans", ci));
            if clans.iter().any(|x: &ClanDef| x.id == c.id) {
                return Err(src.error(item, Some("id"), "duplicate clan id".into()));
            }
            let sig = signature(&c.signature).map_err(|m| src.error(item, Some("signature"), m))?;
            let optional: &[&str] = if sig == Signature::Horde {
                &["horde_limit", NAME_DE_PROVENANCE]
            } else {
                &[NAME_DE_PROVENANCE]
            };
            check_provenance_keys(&c.provenance, CLAN_PROVENANCE_KEYS, optional)
                .and_then(|()| {
                    check_name_de(c.provenance.contains_key(NAME_DE_PROVENANCE), &c.name_de)
                })
                .map_err(|m| src.error(item, Some("provenance"), m))?;
            match (sig, c.horde_limit) {
                (Signature::Horde, Some(n)) if (4..=MAX_SQUAD_LIMIT).contains(&n) => {}
                (Signature::Horde, _) => {
                    return Err(src.error(
                        item,
                        Some("horde_limit"),
                        format!("a horde clan needs a horde_limit between 4 and {MAX_SQUAD_LIMIT}"),
                    ));
                }
                (_, Some(_)) => {
                    return Err(src.error(
                        item,
                        Some("horde_limit"),
                        "only a clan with the horde signature has a horde_limit".into(),
                    ));
                }
                _ => {}
            }
            clans.push(ClanDef {
                id: c.id.clone(),
                name: c.name.clone(),
                name_de: c.name_de.clone(),
                signature: sig,
                horde_limit: c.horde_limit,
                text: c.text.clone(),
                provenance: c.provenance.clone(),
                notes: c.notes.clone(),
                abilities: 0,
            });
        }
        if clans.is_empty() {
            return Err(src.error(None, Some("clans"), "the pack has no clans".into()));
        }
        if clans.len() > 255 {
            return Err(src.error(None, Some("clans"), "too many clans".into()));
        }

        // Counted before the ids are numbered: a card's kind is a `u8`.
        if raw.cards.len() > 250 {
            return Err(src.error(
                None,
                Some("cards"),
                "a pack may hold at most 250 cards".into(),
            ));
        }
        let mut card_ids: HashMap<&str, KindId> = HashMap::new();
        for (i, c) in raw.cards.iter().enumerate() {
            if card_ids.insert(c.id.as_str(), i as KindId).is_some() {
                return Err(src.error(Some(("cards", i)), Some("id"), "duplicate card id".into()));
            }
        }

        let mut cards = Vec::new();
        for (ki, c) in raw.cards.iter().enumerate() {
            let item = Some(("cards", ki));
            let e = |field: &str, m: String| src.error(item, Some(field), m);
            let clan = clans
                .iter()
                .position(|x| x.id == c.clan)
                .ok_or_else(|| e("clan", format!("unknown clan `{}`", c.clan)))?;
            if c.name.trim().is_empty() {
                return Err(e("name", "the name is empty".into()));
            }
            let style = match c.style.as_str() {
                "bold" => Style::Bold,
                "guarded" => Style::Guarded,
                "tricky" => Style::Tricky,
                other => {
                    return Err(e(
                        "style",
                        format!("must be bold, guarded or tricky, got `{other}`"),
                    ));
                }
            };
            if c.copies == 0 {
                return Err(e("copies", "a card needs at least 1 copy".into()));
            }
            if c.rank == Rank::Hero && c.copies != 1 {
                return Err(e("copies", "a hero has exactly 1 copy".into()));
            }
            check_name_de(c.provenance.name_de.is_some(), &c.name_de)
                .map_err(|m| e("provenance", m))?;
            let ab = ability(&c.ability, &card_ids).map_err(|m| e("ability", m))?;
            let mut types = TypeSet::default();
            for t in &c.types {
                let id = l
                    .type_id(t)
                    .map_err(|m| src.error(item, Some("types"), m))?;
                types.0 |= 1 << id;
            }
            let mut side = |field: &str, atoms: &[String]| -> Result<Vec<Effect>, PackError> {
                atoms
                    .iter()
                    .map(|a| l.effect(a).map_err(|m| src.error(item, Some(field), m)))
                    .collect()
            };
            let left = side("left", &c.left)?;
            let right = side("right", &c.right)?;
            let card = CardDef {
                id: c.id.clone(),
                clan: clan as u8,
                name: c.name.clone(),
                name_de: c.name_de.clone(),
                rank: c.rank,
                types,
                type_names: c.types.clone(),
                copies: c.copies,
                summon: c.summon,
                attack: c.attack,
                defense: c.defense,
                activation: c.activation,
                signature: c.signature,
                ability: ab,
                style,
                left,
                right,
                provenance: c.provenance.clone(),
                notes: c.notes.clone(),
            };
            card.check_values()
                .map_err(|(field, m)| src.error(item, Some(field), m))?;
            cards.push(card);
        }

        let mut decks = Vec::new();
        for (ci, clan) in clans.iter_mut().enumerate() {
            let item = Some(("clans", ci));
            let mut deck = Vec::new();
            let mut heroes = 0;
            for (ki, card) in cards.iter().enumerate() {
                if card.clan as usize == ci {
                    if card.rank == Rank::Hero {
                        heroes += 1;
                    }
                    deck.extend(std::iter::repeat_n(ki as KindId, card.copies as usize));
                }
            }
            if deck.len() != DECK_SIZE {
                return Err(src.error(
                    item,
                    Some("copies"),
                    format!(
                        "the deck has {} cards; a clan deck has exactly {DECK_SIZE}",
                        deck.len()
                    ),
                ));
            }
            if heroes != 3 {
                return Err(src.error(
                    item,
                    Some("rank"),
                    format!("the deck has {heroes} heroes; a clan deck has exactly 3"),
                ));
            }
            clan.abilities = deck
                .iter()
                .fold(0, |set, &k| set | cards[k as usize].ability.bit());
            decks.push(deck);
        }

        let mut crystals = Vec::new();
        for (i, c) in raw.crystals.iter().enumerate() {
            let item = Some(("crystals", i));
            if crystals.iter().any(|x: &CrystalDef| x.id == c.id) {
                return Err(src.error(item, Some("id"), "duplicate crystal id".into()));
            }
            check_provenance_keys(
                &c.provenance,
                CRYSTAL_PROVENANCE_KEYS,
                &[NAME_DE_PROVENANCE],
            )
            .and_then(|()| check_name_de(c.provenance.contains_key(NAME_DE_PROVENANCE), &c.name_de))
            .map_err(|m| src.error(item, Some("provenance"), m))?;
            let effect =
                crystal_effect(&c.effect).map_err(|m| src.error(item, Some("effect"), m))?;
            crystals.push(CrystalDef {
                id: c.id.clone(),
                name: c.name.clone(),
                name_de: c.name_de.clone(),
                cost: c.cost,
                effect,
                text: c.text.clone(),
                provenance: c.provenance.clone(),
                notes: c.notes.clone(),
            });
        }
        if crystals.len() < 7 || crystals.len() > MAX_CRYSTALS {
            return Err(src.error(
                None,
                Some("crystals"),
                format!("a pack needs 7 to {MAX_CRYSTALS} crystals (enough for both players to approach 4), got {}", crystals.len()),
            ));
        }

        let find = |name: &str| l.types.iter().position(|t| t == name).map(|i| i as TypeId);
        let known = KnownTypes {
            knight: find("knight"),
            flying: find("flying"),
            devout: find("devout"),
            reanimated: find("reanimated"),
            structure: find("structure"),
        };
        Ok(Pack {
            known,
            id: raw.pack.id,
            name: raw.pack.name,
            version: raw.pack.version,
            hash: fnv1a(text),
            types: l.types,
            clans,
            cards,
            crystals,
            decks,
        })
    }
}

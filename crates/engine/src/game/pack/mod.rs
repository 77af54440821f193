//! Card packs: the clans, cards and crystals a match is played with.
//!
//! A pack is data (see `docs/pack-format.md`). Loading turns the TOML file into
//! validated runtime types; every error names the file, the line, the card and the
//! field (`source.rs`) so a player correcting a value knows exactly what to fix.
//!
//! This file holds the runtime types the engine plays with, the pack's queries and its
//! limits; `load.rs` is the TOML side (the file's raw shapes, the term parsers and
//! `Pack::parse`), which only loading needs.

mod load;
pub mod revisions;

pub use load::{BASE_PACK_FILE, BASE_PACK_TOML};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Where a value comes from. The bot shows `Provisional` values as such everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provenance {
    Seen,
    Inferred,
    Provisional,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    Hero,
    Common,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Style {
    Bold,
    Guarded,
    Tricky,
}

impl Style {
    /// BOLD beats GUARDED beats TRICKY beats BOLD: the winner's left effect triggers.
    pub fn beats(self, other: Style) -> bool {
        matches!(
            (self, other),
            (Style::Bold, Style::Guarded)
                | (Style::Guarded, Style::Tricky)
                | (Style::Tricky, Style::Bold)
        )
    }
    pub fn name(self) -> &'static str {
        match self {
            Style::Bold => "BOLD",
            Style::Guarded => "GUARDED",
            Style::Tricky => "TRICKY",
        }
    }
}

/// Index of a descriptor ("devout", "psychic", ...) in `Pack::types`.
pub type TypeId = u8;
/// Index of a card definition in `Pack::cards`.
pub type KindId = u8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TypeSet(pub u32);

impl TypeSet {
    pub fn has(self, t: TypeId) -> bool {
        self.0 & (1 << t) != 0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    Top,
    Bottom,
    Choice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    Attack,
    Defense,
}

/// One atom of a battle effect. A side of a battle card is a list of atoms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Attack(u8),
    Defense(u8),
    AttackPer(TypeId, u8),
    Draw(u8),
    DrawPerDestroyed,
    Return,
    Destroy(Target),
    OpponentRemovesUnit,
    JoinSquad,
    DoubleAttackIfAll(TypeId),
    Ignore(Stat),
    Retreat,
    SendEnemyHome,
    OpponentMills(u8),
    GainInitiative(u8),
    Nothing,
}

impl Effect {
    /// Whether the engine applies this atom. Every atom of the vocabulary is applied;
    /// the method stays so an atom added to the vocabulary before its rules can say
    /// "not yet in play" instead of silently doing nothing.
    pub fn implemented(self) -> bool {
        true
    }
}

/// Unit abilities by name. Each is implemented once in the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    None,
    Flight,
    Heal,
    Clone,
    Shift,
    Linked(KindId),
    Demoralize,
    Inform,
    Sacrifice,
    Reapers,
    RaiseTheDead,
    LeadDevout,
    Command,
    InStep,
    TimeAnomaly,
    GravityPull,
    Spy,
    Tactical,
    BuilderSupport,
    ReanimateOnDeath,
    Bloodlust,
    RangedSupport,
    Rebuild(KindId),
    HasteNetwork,
    Guardian,
}

impl Ability {
    pub fn implemented(self) -> bool {
        true
    }

    /// A battlefield ability works only while its unit is the top unit of a squad.
    pub fn battlefield(self) -> bool {
        !matches!(
            self,
            Ability::None
                | Ability::Clone
                | Ability::Linked(_)
                | Ability::Inform
                | Ability::Reapers
                | Ability::ReanimateOnDeath
                | Ability::Rebuild(_)
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Ability::None => "None",
            Ability::Flight => "Flight",
            Ability::Heal => "Heal",
            Ability::Clone => "Clone",
            Ability::Shift => "Shift",
            Ability::Linked(_) => "Linked",
            Ability::Demoralize => "Demoralize",
            Ability::Inform => "Inform",
            Ability::Sacrifice => "Sacrifice",
            Ability::Reapers => "Reapers",
            Ability::RaiseTheDead => "Raise the Dead",
            Ability::LeadDevout => "Lead Devout",
            Ability::Command => "Command",
            Ability::InStep => "In Step",
            Ability::TimeAnomaly => "Time Anomaly",
            Ability::GravityPull => "Gravity Pull",
            Ability::Spy => "Spy",
            Ability::Tactical => "Tactical",
            Ability::BuilderSupport => "Builder Support",
            Ability::ReanimateOnDeath => "Last Rites",
            Ability::Bloodlust => "Bloodlust",
            Ability::RangedSupport => "Ranged Support",
            Ability::Rebuild(_) => "Rebuild",
            Ability::HasteNetwork => "Haste Network",
            Ability::Guardian => "Guardian",
        }
    }

    /// The ability's own bit in a set of abilities (`ClanDef::abilities`); Linked and
    /// Rebuild have one each, whatever kind they name.
    pub fn bit(self) -> u32 {
        let index = match self {
            Ability::None => 0,
            Ability::Flight => 1,
            Ability::Heal => 2,
            Ability::Clone => 3,
            Ability::Shift => 4,
            Ability::Linked(_) => 5,
            Ability::Demoralize => 6,
            Ability::Inform => 7,
            Ability::Sacrifice => 8,
            Ability::Reapers => 9,
            Ability::RaiseTheDead => 10,
            Ability::LeadDevout => 11,
            Ability::Command => 12,
            Ability::InStep => 13,
            Ability::TimeAnomaly => 14,
            Ability::GravityPull => 15,
            Ability::Spy => 16,
            Ability::Tactical => 17,
            Ability::BuilderSupport => 18,
            Ability::ReanimateOnDeath => 19,
            Ability::Bloodlust => 20,
            Ability::RangedSupport => 21,
            Ability::Rebuild(_) => 22,
            Ability::HasteNetwork => 23,
            Ability::Guardian => 24,
        };
        1 << index
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signature {
    Sleep,
    Predict,
    Flank,
    Undying,
    Horde,
    Build,
}

impl Signature {
    pub fn implemented(self) -> bool {
        true
    }
    /// Undying works from the discard pile; the others only on a squad's top unit.
    pub fn battlefield(self) -> bool {
        self != Signature::Undying
    }
    pub fn name(self) -> &'static str {
        match self {
            Signature::Sleep => "Sleep",
            Signature::Predict => "Predict",
            Signature::Flank => "Flank",
            Signature::Undying => "Undying",
            Signature::Horde => "Horde",
            Signature::Build => "Build",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrystalEffect {
    BrokenVessel,
    WindsWish,
    SorensBounty,
    MygardsShield,
    FoxTail,
    AstralPyramid,
    BitterBlessing,
    KeeperOfSouls,
    OnGainDraw(u8),
    OnGainInitiative(u8),
    OnGainOpponentMills(u8),
    OnGainRecover(u8),
    BattleAttack(u8),
    BattleDefense(u8),
    OnGainSummon,
}

impl CrystalEffect {
    pub fn implemented(self) -> bool {
        true
    }

    /// Effects offered as a battle starts, by flipping (or, for The Broken Vessel,
    /// giving up) the crystal.
    pub fn at_battle_start(self) -> bool {
        matches!(
            self,
            CrystalEffect::BrokenVessel
                | CrystalEffect::MygardsShield
                | CrystalEffect::FoxTail
                | CrystalEffect::BattleAttack(_)
                | CrystalEffect::BattleDefense(_)
        )
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ClanDef {
    pub id: String,
    pub name: String,
    pub name_de: Option<String>,
    pub signature: Signature,
    pub horde_limit: Option<u8>,
    pub text: String,
    pub provenance: BTreeMap<String, Provenance>,
    pub notes: Option<String>,
    /// The abilities of the cards of the clan's deck (`Ability::bit`), worked out when
    /// the pack loads: the engine looks on the board only for abilities in play.
    pub abilities: u32,
}

/// The provenance of each value printed on a card.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardProvenance {
    pub name: Provenance,
    /// The German name's, where the card has one that the project made up while its
    /// English name is sourced (`name_de = "provisional"`). Absent: the German name is
    /// the German edition's, or as much the project's as the English one (`name`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_de: Option<Provenance>,
    pub rank: Provenance,
    pub types: Provenance,
    pub copies: Provenance,
    pub summon: Provenance,
    pub attack: Provenance,
    pub defense: Provenance,
    pub activation: Provenance,
    pub signature: Provenance,
    pub ability: Provenance,
    pub style: Provenance,
    pub left: Provenance,
    pub right: Provenance,
}

#[derive(Debug, Clone, Serialize)]
pub struct CardDef {
    pub id: String,
    pub clan: u8,
    pub name: String,
    pub name_de: Option<String>,
    pub rank: Rank,
    pub types: TypeSet,
    pub type_names: Vec<String>,
    pub copies: u8,
    pub summon: u8,
    pub attack: u8,
    pub defense: u8,
    pub activation: u8,
    pub signature: bool,
    pub ability: Ability,
    pub style: Style,
    pub left: Vec<Effect>,
    pub right: Vec<Effect>,
    pub provenance: CardProvenance,
    pub notes: Option<String>,
}

impl CardDef {
    /// The limits on a card's numbers that the engine relies on (`docs/pack-format.md`,
    /// "Limits"). Pack loading and a scenario's card overrides both check them here.
    /// Numbers with no upper limit here (attack, defense, effect numbers: any `u8`) are
    /// summed in wider integers or saturate where the engine adds them up.
    pub fn check_values(&self) -> Result<(), (&'static str, String)> {
        if self.defense == 0 {
            return Err(("defense", "defense must be at least 1 (a unit with 0 defense could never be destroyed by damage)".into()));
        }
        for (field, cost) in [("summon", self.summon), ("activation", self.activation)] {
            if cost > MAX_COST {
                return Err((
                    field,
                    format!("{cost} is above {MAX_COST}, the highest cost a card may have"),
                ));
            }
        }
        // The engine's "never below 1" holds only for discounts: a printed 0 would be
        // a free activation that could repeat for ever, and the turn would never end.
        if self.activation == 0 {
            return Err(("activation", "an activation costs at least 1".into()));
        }
        for (field, side) in [("left", &self.left), ("right", &self.right)] {
            if side.is_empty() || side.len() > MAX_EFFECT_ATOMS {
                return Err((
                    field,
                    format!(
                        "a battle effect has 1 to {MAX_EFFECT_ATOMS} atoms (use \"nothing\" for none), got {}",
                        side.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CrystalDef {
    pub id: String,
    pub name: String,
    pub name_de: Option<String>,
    pub cost: u8,
    pub effect: CrystalEffect,
    pub text: String,
    pub provenance: BTreeMap<String, Provenance>,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Pack {
    pub id: String,
    pub name: String,
    pub version: u32,
    /// FNV-1a of the source text: stored with each match so a changed pack is noticed.
    pub hash: String,
    pub types: Vec<String>,
    pub clans: Vec<ClanDef>,
    pub cards: Vec<CardDef>,
    pub crystals: Vec<CrystalDef>,
    /// Per clan, the deck as card kinds in a fixed order (27 entries).
    pub decks: Vec<Vec<KindId>>,
    /// The types the rules refer to by name, looked up once.
    pub known: KnownTypes,
}

/// Type ids of the descriptors rules mention ("knight" for Command, ...); `None`
/// when no card of the pack has the type.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct KnownTypes {
    pub knight: Option<TypeId>,
    pub flying: Option<TypeId>,
    pub devout: Option<TypeId>,
    pub reanimated: Option<TypeId>,
    pub structure: Option<TypeId>,
}

pub const DECK_SIZE: usize = 27;

/// A pack that failed to load. The message names file, card and field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError {
    pub file: String,
    /// The line the error is about, when the file has one for it.
    pub line: Option<usize>,
    pub item: Option<String>,
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for PackError {
    /// `file:line: item, field `f`: message`, leaving out what is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        let place: Vec<String> = self
            .item
            .iter()
            .cloned()
            .chain(self.field.iter().map(|x| format!("field `{x}`")))
            .collect();
        if !place.is_empty() {
            write!(f, ": {}", place.join(", "))?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PackError {}

impl Pack {
    pub fn clan_index(&self, id: &str) -> Option<u8> {
        self.clans
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(id) || c.name.eq_ignore_ascii_case(id))
            .map(|i| i as u8)
    }

    pub fn kind_by_name(&self, name: &str) -> Option<KindId> {
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name) || c.id.eq_ignore_ascii_case(name))
            .map(|i| i as KindId)
    }

    pub fn crystal_by_name(&self, name: &str) -> Option<u8> {
        self.crystals
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name) || c.id.eq_ignore_ascii_case(name))
            .map(|i| i as u8)
    }

    pub fn type_id(&self, name: &str) -> Option<TypeId> {
        self.types
            .iter()
            .position(|t| t == name)
            .map(|i| i as TypeId)
    }
}

/// The most units a squad can ever hold (storage bound; Horde limits must fit).
pub const MAX_SQUAD_LIMIT: u8 = 8;
/// The highest summon or activation cost of a card (the default track has 20 spaces
/// a side). Three summons together (`MAX_SUMMON`) then cost at most 60.
pub const MAX_COST: u8 = 20;
/// The most atoms one side of a battle card may list. The agenda resumes a side at
/// an atom index (a `u8`), and the units one battle destroys (counted in a `u8`) are
/// bounded by these atoms plus the two squads.
pub const MAX_EFFECT_ATOMS: usize = 8;
pub const MAX_CRYSTALS: usize = 16;

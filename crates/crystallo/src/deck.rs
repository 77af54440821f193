//! The cards as data: the 45 cavern cards (`crates/crystallo/assets/cavern.toml`) and the six
//! creatures (`crates/crystallo/assets/creatures.toml`), embedded and validated on load. Every
//! error names the file, the line, the card and the field, like the Crystal Clans packs.
//!
//! No public source shows the cavern cards' faces, so the deck is the project's
//! provisional design (`crates/crystallo/assets/DESIGN-NOTES.md`); each value carries a
//! provenance (`seen`, `inferred`, `provisional`) as `crates/engine/assets/packs/base.toml` does.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A crystal's colour (the reviews: orange, red, purple).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hue {
    Orange,
    Red,
    Purple,
}

/// A crystal's shape, by its number of points (the rulebook's "double purple crystal").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Single,
    Double,
    Triple,
}

/// An orb's colour: one per creature, and one per orb of the Black Dragon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Purple,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Orange,
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
        Colour::Purple,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn id(self) -> &'static str {
        ["red", "orange", "yellow", "green", "blue", "purple"][self.index()]
    }
}

impl Hue {
    pub const ALL: [Hue; 3] = [Hue::Orange, Hue::Red, Hue::Purple];
    pub fn id(self) -> &'static str {
        ["orange", "red", "purple"][self as usize]
    }
}

impl Shape {
    pub const ALL: [Shape; 3] = [Shape::Single, Shape::Double, Shape::Triple];
    pub fn id(self) -> &'static str {
        ["single", "double", "triple"][self as usize]
    }
    /// The crystal's points: 1, 2 or 3.
    pub fn points(self) -> u8 {
        self as u8 + 1
    }
}

/// One of a card's four symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Crystal { hue: Hue, shape: Shape },
    Orb { colour: Colour },
}

impl Symbol {
    pub fn is_crystal(self) -> bool {
        matches!(self, Symbol::Crystal { .. })
    }
    pub fn orb(self) -> Option<Colour> {
        match self {
            Symbol::Orb { colour } => Some(colour),
            Symbol::Crystal { .. } => None,
        }
    }

    /// Parses the data files' spelling: `"red double"` (a crystal: colour, shape) or
    /// `"orb blue"`.
    pub fn parse(s: &str) -> Result<Symbol, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["orb", colour] => Colour::ALL
                .into_iter()
                .find(|c| c.id() == *colour)
                .map(|colour| Symbol::Orb { colour })
                .ok_or_else(|| {
                    format!(
                        "unknown orb colour `{colour}` (red, orange, yellow, green, blue, purple)"
                    )
                }),
            [hue, shape] => {
                let hue = Hue::ALL
                    .into_iter()
                    .find(|h| h.id() == *hue)
                    .ok_or_else(|| {
                        format!("unknown crystal colour `{hue}` (orange, red, purple)")
                    })?;
                let shape = Shape::ALL
                    .into_iter()
                    .find(|h| h.id() == *shape)
                    .ok_or_else(|| {
                        format!("unknown crystal shape `{shape}` (single, double, triple)")
                    })?;
                Ok(Symbol::Crystal { hue, shape })
            }
            _ => Err(format!(
                "`{s}` is neither a crystal (`red double`) nor an orb (`orb blue`)"
            )),
        }
    }
}

/// The three kinds of treasure; three cards of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Treasure {
    Riches,
    Magic,
    Battle,
}

impl Treasure {
    pub const ALL: [Treasure; 3] = [Treasure::Riches, Treasure::Magic, Treasure::Battle];
    pub fn id(self) -> &'static str {
        ["riches", "magic", "battle"][self as usize]
    }
}

/// A cavern card's face: its four symbols clockwise from the top left (top left, top
/// right, bottom right, bottom left), and its treasure if it is a treasure card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub symbols: [Symbol; 4],
    pub treasure: Option<Treasure>,
}

impl Face {
    pub fn crystals(&self) -> usize {
        self.symbols.iter().filter(|s| s.is_crystal()).count()
    }
    pub fn has_orb(&self, colour: Colour) -> bool {
        self.symbols.iter().any(|s| s.orb() == Some(colour))
    }
}

/// One of the six creatures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub colour: Colour,
    pub name: String,
    pub name_de: String,
    pub provenance: BTreeMap<String, String>,
}

/// The whole deck: the cavern cards (a card's id is its index) and the creatures (in
/// `Colour::ALL` order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub version: u32,
    pub ids: Vec<String>,
    pub faces: Vec<Face>,
    /// Each card's provenance (field -> mark) and notes, for the docs and the images.
    pub provenance: Vec<BTreeMap<String, String>>,
    pub creatures: Vec<Creature>,
}

/// The rulebook's counts.
pub const CAVERN_CARDS: usize = 45;
pub const TREASURE_CARDS: usize = 9;
pub const PER_TREASURE: usize = 3;

/// A data file that does not hold a valid deck: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}{}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default(), card.as_ref().map(|c| format!(", card `{c}`")).unwrap_or_default(), field.as_ref().map(|f| format!(", field `{f}`")).unwrap_or_default())]
pub struct DeckError {
    pub file: String,
    pub line: Option<usize>,
    pub card: Option<String>,
    pub field: Option<String>,
    pub message: String,
}

const MARKS: [&str; 3] = ["seen", "inferred", "provisional"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCavern {
    deck: RawDeckHeader,
    cards: Vec<toml::Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeckHeader {
    /// Names the deck in the file; a game keeps the faces it was dealt, not the id.
    #[serde(rename = "id")]
    _id: String,
    version: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    top: [String; 2],
    bottom: [String; 2],
    treasure: Option<String>,
    provenance: BTreeMap<String, String>,
    notes: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCreatures {
    creatures: Vec<toml::Spanned<RawCreature>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCreature {
    colour: String,
    name: String,
    name_de: String,
    provenance: BTreeMap<String, String>,
    notes: Option<String>,
}

pub const CAVERN_FILE: &str = "crates/crystallo/assets/cavern.toml";
pub const CREATURES_FILE: &str = "crates/crystallo/assets/creatures.toml";
const CAVERN_TOML: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cavern.toml"));
pub const CREATURES_TOML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/creatures.toml"
));

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Checks a provenance table: every field in `fields` has a valid mark, no other.
fn check_provenance(
    prov: &BTreeMap<String, String>,
    fields: &[&str],
    err: &dyn Fn(Option<&str>, String) -> DeckError,
) -> Result<(), DeckError> {
    for f in fields {
        match prov.get(*f) {
            None => {
                return Err(err(
                    Some("provenance"),
                    format!("`{f}` has no provenance mark"),
                ));
            }
            Some(m) if !MARKS.contains(&m.as_str()) => {
                return Err(err(
                    Some("provenance"),
                    format!("`{f}` is marked `{m}`; a mark is seen, inferred or provisional"),
                ));
            }
            Some(_) => {}
        }
    }
    if let Some(extra) = prov.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(err(
            Some("provenance"),
            format!("`{extra}` is not a field of this item"),
        ));
    }
    Ok(())
}

impl Deck {
    /// The embedded provisional deck (the data files are checked by the tests, so this
    /// cannot fail in a build that passed them).
    pub fn provisional() -> Deck {
        Deck::parse(CAVERN_FILE, CAVERN_TOML, CREATURES_FILE, CREATURES_TOML)
            .expect("the embedded Crystallo deck is valid (crates/crystallo/tests/it/deck.rs)")
    }

    /// Parses and validates a cavern file and a creatures file.
    pub fn parse(
        cavern_file: &str,
        cavern: &str,
        creatures_file: &str,
        creatures: &str,
    ) -> Result<Deck, DeckError> {
        let serde_err = |file: &str, text: &str, e: toml::de::Error| DeckError {
            file: file.to_string(),
            line: e.span().map(|s| line_of(text, s.start)),
            card: None,
            field: None,
            message: e.message().to_string(),
        };
        let raw: RawCavern =
            toml::from_str(cavern).map_err(|e| serde_err(cavern_file, cavern, e))?;
        let version = raw.deck.version;
        let mut ids = Vec::new();
        let mut faces = Vec::new();
        let mut provenance = Vec::new();
        for spanned in &raw.cards {
            let line = line_of(cavern, spanned.span().start);
            let card = spanned.get_ref();
            let err = |field: Option<&str>, message: String| DeckError {
                file: cavern_file.to_string(),
                line: Some(line),
                card: Some(card.id.clone()),
                field: field.map(str::to_string),
                message,
            };
            if ids.contains(&card.id) {
                return Err(err(Some("id"), "a second card with this id".into()));
            }
            let mut symbols = [Symbol::Orb {
                colour: Colour::Red,
            }; 4];
            // Slots clockwise from the top left: the bottom row is read right to left.
            let cells = [
                ("top", &card.top[0], 0),
                ("top", &card.top[1], 1),
                ("bottom", &card.bottom[1], 2),
                ("bottom", &card.bottom[0], 3),
            ];
            for (field, text, slot) in cells {
                symbols[slot] = Symbol::parse(text).map_err(|m| err(Some(field), m))?;
            }
            let treasure = match &card.treasure {
                None => None,
                Some(t) => Some(Treasure::ALL.into_iter().find(|x| x.id() == t).ok_or_else(
                    || {
                        err(
                            Some("treasure"),
                            format!("unknown treasure `{t}` (riches, magic, battle)"),
                        )
                    },
                )?),
            };
            let face = Face { symbols, treasure };
            if face.crystals() == 0 {
                return Err(err(
                    Some("top"),
                    "a card without a crystal could never be placed (an orb cannot be the contact)"
                        .into(),
                ));
            }
            if treasure.is_some() && face.crystals() != 2 {
                return Err(err(
                    Some("treasure"),
                    "a treasure card has exactly two orbs (\"lighting up BOTH of the two orbs on the card\")"
                        .into(),
                ));
            }
            let mut fields = vec!["symbols"];
            if treasure.is_some() {
                fields.push("treasure");
            }
            check_provenance(&card.provenance, &fields, &err)?;
            let mut prov = card.provenance.clone();
            if let Some(n) = &card.notes {
                prov.insert("notes".into(), n.clone());
            }
            ids.push(card.id.clone());
            faces.push(face);
            provenance.push(prov);
        }
        let whole = |message: String| DeckError {
            file: cavern_file.to_string(),
            line: None,
            card: None,
            field: None,
            message,
        };
        if faces.len() != CAVERN_CARDS {
            return Err(whole(format!(
                "{} cavern cards; the rulebook has {CAVERN_CARDS}",
                faces.len()
            )));
        }
        for t in Treasure::ALL {
            let n = faces.iter().filter(|f| f.treasure == Some(t)).count();
            if n != PER_TREASURE {
                return Err(whole(format!(
                    "{n} {} treasure cards; the rulebook has three of each type (nine in all)",
                    t.id()
                )));
            }
        }
        for c in Colour::ALL {
            if !faces.iter().any(|f| f.has_orb(c)) {
                return Err(whole(format!("no card has a {} orb", c.id())));
            }
        }

        let raw: RawCreatures =
            toml::from_str(creatures).map_err(|e| serde_err(creatures_file, creatures, e))?;
        let mut list: Vec<Creature> = Vec::new();
        for spanned in &raw.creatures {
            let line = line_of(creatures, spanned.span().start);
            let c = spanned.get_ref();
            let err = |field: Option<&str>, message: String| DeckError {
                file: creatures_file.to_string(),
                line: Some(line),
                card: Some(c.name.clone()),
                field: field.map(str::to_string),
                message,
            };
            let colour = Colour::ALL
                .into_iter()
                .find(|x| x.id() == c.colour)
                .ok_or_else(|| err(Some("colour"), format!("unknown colour `{}`", c.colour)))?;
            if list.iter().any(|x| x.colour == colour) {
                return Err(err(
                    Some("colour"),
                    "a second creature of this colour".into(),
                ));
            }
            check_provenance(&c.provenance, &["name", "name_de", "colour"], &err)?;
            let mut prov = c.provenance.clone();
            if let Some(n) = &c.notes {
                prov.insert("notes".into(), n.clone());
            }
            list.push(Creature {
                colour,
                name: c.name.clone(),
                name_de: c.name_de.clone(),
                provenance: prov,
            });
        }
        if list.len() != 6 {
            return Err(DeckError {
                file: creatures_file.to_string(),
                line: None,
                card: None,
                field: None,
                message: format!(
                    "{} creatures; the rulebook has 6 creature cards",
                    list.len()
                ),
            });
        }
        list.sort_by_key(|c| c.colour);
        Ok(Deck {
            version,
            ids,
            faces,
            provenance,
            creatures: list,
        })
    }

    pub fn creature(&self, colour: Colour) -> &Creature {
        &self.creatures[colour.index()]
    }
}

//! The battlefield's zones, their adjacency and the initiative track, as data.

use super::pack::PackError;
use super::source::Source;
use serde::{Deserialize, Serialize};

pub type ZoneId = u8;
pub const MAX_ZONES: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZoneKind {
    Home,
    Crystal,
    Plain,
}

#[derive(Debug, Clone, Serialize)]
pub struct Zone {
    pub id: String,
    pub name: String,
    /// The zone's name in German. Both names are the bot's (the printed board names no
    /// zones): what its board image prints, kept equal to `i18n::names::zone` by a test.
    pub name_de: Option<String>,
    pub kind: ZoneKind,
    /// For a home zone, the seat it belongs to.
    pub seat: Option<u8>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Board {
    pub id: String,
    pub name: String,
    pub track_length: i8,
    pub zones: Vec<Zone>,
    /// Bit `j` of `adjacent[i]` is set when zones `i` and `j` share a border.
    pub adjacent: Vec<u16>,
    pub homes: [ZoneId; 2],
    pub crystal_zones: Vec<ZoneId>,
    /// `crystal_zones` as a bit set, to count them against a seat's zones at once.
    #[serde(skip)]
    pub crystal_mask: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    id: String,
    name: String,
    #[allow(dead_code)]
    provenance: String,
    track_length: i8,
    zones: Vec<RawZone>,
    /// Pairs of zone ids; a list, not a 2-array, so an entry of three zones is an
    /// error rather than read as its first two.
    adjacency: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawZone {
    id: String,
    name: String,
    name_de: Option<String>,
    kind: ZoneKind,
    seat: Option<u8>,
}

/// The zones of a zone bit set (bit `z` is zone `z`), in zone order.
pub fn zones_in(mut bits: u16) -> impl Iterator<Item = ZoneId> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let zone = bits.trailing_zeros() as ZoneId;
        bits &= bits - 1;
        Some(zone)
    })
}

/// The default board's file, as errors name it.
pub const DEFAULT_BOARD_FILE: &str = "crates/engine/assets/boards/default.toml";
/// The default board, embedded in the binary.
pub const DEFAULT_BOARD_TOML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/boards/default.toml"
));

impl Board {
    pub fn default_board() -> Board {
        Board::parse(DEFAULT_BOARD_FILE, DEFAULT_BOARD_TOML)
            .expect("the embedded board is validated by the test suite")
    }

    pub fn parse(file: &str, text: &str) -> Result<Board, PackError> {
        let (raw, src): (RawBoard, _) = Source::parse(file, text, &[("zones", "zone")])?;
        let err = |at: Option<(&str, usize)>, field: &str, message: String| {
            src.error(at, Some(field), message)
        };
        if !(4..=60).contains(&raw.track_length) {
            return Err(err(None, "track_length", "must be between 4 and 60 (a replenish, cost 3, must always be affordable from a neutral space)".into()));
        }
        if raw.zones.len() < 3 || raw.zones.len() > MAX_ZONES {
            return Err(err(
                None,
                "zones",
                format!("a board has 3 to {MAX_ZONES} zones"),
            ));
        }
        let mut homes = [None, None];
        let mut crystal_zones = Vec::new();
        for (i, z) in raw.zones.iter().enumerate() {
            let item = Some(("zones", i));
            if raw.zones[..i].iter().any(|o| o.id == z.id) {
                return Err(err(item, "id", "duplicate zone id".into()));
            }
            match (z.kind, z.seat) {
                (ZoneKind::Home, Some(s @ (0 | 1))) => {
                    if homes[s as usize].replace(i as ZoneId).is_some() {
                        return Err(err(item, "seat", format!("seat {s} has two home zones")));
                    }
                }
                (ZoneKind::Home, _) => {
                    return Err(err(item, "seat", "a home zone needs seat 0 or 1".into()));
                }
                (_, Some(_)) => {
                    return Err(err(item, "seat", "only home zones have a seat".into()));
                }
                (ZoneKind::Crystal, None) => crystal_zones.push(i as ZoneId),
                (ZoneKind::Plain, None) => {}
            }
        }
        let homes = match homes {
            [Some(a), Some(b)] => [a, b],
            _ => {
                return Err(err(
                    None,
                    "zones",
                    "the board needs one home zone per seat".into(),
                ));
            }
        };
        if crystal_zones.len() < 2 {
            return Err(err(
                None,
                "zones",
                "the board needs at least 2 crystal zones".into(),
            ));
        }
        let index = |id: &str| raw.zones.iter().position(|z| z.id == id);
        let mut adjacent = vec![0u16; raw.zones.len()];
        for (n, pair) in raw.adjacency.iter().enumerate() {
            let entry = |message: String| src.error(Some(("adjacency", n)), None, message);
            let [a, b] = pair.as_slice() else {
                return Err(entry(format!(
                    "a border joins exactly two zones, got {}",
                    pair.len()
                )));
            };
            let (Some(i), Some(j)) = (index(a), index(b)) else {
                return Err(entry(format!("[{a}, {b}] names an unknown zone")));
            };
            if i == j {
                return Err(entry(format!("zone {a} cannot border itself")));
            }
            adjacent[i] |= 1 << j;
            adjacent[j] |= 1 << i;
        }
        // Every zone must be reachable from player one's home, or squads could be stranded.
        let mut seen = 1u16 << homes[0];
        loop {
            let mut next = seen;
            for (i, adj) in adjacent.iter().enumerate() {
                if seen & (1 << i) != 0 {
                    next |= adj;
                }
            }
            if next == seen {
                break;
            }
            seen = next;
        }
        if seen.count_ones() as usize != raw.zones.len() {
            return Err(err(
                None,
                "adjacency",
                "not every zone can be reached from the home zones".into(),
            ));
        }
        Ok(Board {
            id: raw.id,
            name: raw.name,
            track_length: raw.track_length,
            zones: raw
                .zones
                .into_iter()
                .map(|z| Zone {
                    id: z.id,
                    name: z.name,
                    name_de: z.name_de,
                    kind: z.kind,
                    seat: z.seat,
                })
                .collect(),
            adjacent,
            homes,
            crystal_mask: crystal_zones.iter().fold(0, |m, &z| m | 1 << z),
            crystal_zones,
        })
    }

    pub fn is_adjacent(&self, a: ZoneId, b: ZoneId) -> bool {
        self.adjacent[a as usize] & (1 << b) != 0
    }

    /// The zones next to `z`, in zone order (asked by every activation's cost, so
    /// its adjacency mask's bits, no walk over every zone).
    pub fn neighbours(&self, z: ZoneId) -> impl Iterator<Item = ZoneId> + '_ {
        zones_in(self.adjacent[z as usize])
    }

    pub fn zone_by_id(&self, id: &str) -> Option<ZoneId> {
        self.zones
            .iter()
            .position(|z| z.id.eq_ignore_ascii_case(id))
            .map(|i| i as ZoneId)
    }
}

//! The cavern: placed cards on a grid of symbol cells, and the placement rule.
//!
//! Geometry (provisional, `crates/crystallo/assets/DESIGN-NOTES.md`): a card is a 2x2 grid of
//! symbols and covers 2x2 cells; it is laid as printed or a quarter turn clockwise
//! ("either horizontally or vertically": two orientations, [`Rotation::ALL`]) with its
//! corner on a cell. A new card
//! lies beside cards or partly over them; only the top symbol of a cell counts.
//!
//! The rulebook: "place it so that **any one** of the crystals lines up, horizontally
//! or vertically, next to **any one** of the crystals on the first card [...] You may
//! not place an orb; you must place one crystal next to another crystal [...] Once a
//! card has been placed it cannot be moved."

use crate::deck::{Face, Symbol};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A cell of the cavern: x grows to the right, y downwards; the first card's top-left
/// symbol is at (0, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }
    pub fn plus(self, dx: i32, dy: i32) -> Pos {
        Pos::new(self.x + dx, self.y + dy)
    }
    pub fn neighbours(self) -> [Pos; 4] {
        [
            self.plus(1, 0),
            self.plus(-1, 0),
            self.plus(0, 1),
            self.plus(0, -1),
        ]
    }
    /// The map key: cells stay within +-32767 (45 cards of two cells reach 90 at most).
    fn key(self) -> u32 {
        ((self.x as i16 as u16 as u32) << 16) | (self.y as i16 as u16 as u32)
    }
}

/// Quarter turns clockwise from the card as printed: 0 (horizontally) or 1
/// (vertically); the representation could hold the other two, which play refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Rotation(pub u8);

impl Rotation {
    pub const ALL: [Rotation; 2] = [Rotation(0), Rotation(1)];
}

/// The offsets of the four corner cells, clockwise from the top left.
const CORNERS: [(i32, i32); 4] = [(0, 0), (1, 0), (1, 1), (0, 1)];

/// The cell of slot `slot` (clockwise from the printed top left) of a card with its top
/// left corner at `at`, turned `rot`.
pub fn cell_of(at: Pos, rot: Rotation, slot: usize) -> Pos {
    let (dx, dy) = CORNERS[(slot + rot.0 as usize) % 4];
    at.plus(dx, dy)
}

/// The four cells of a card at `at`, by slot.
pub fn cells_of(at: Pos, rot: Rotation) -> [Pos; 4] {
    [0, 1, 2, 3].map(|s| cell_of(at, rot, s))
}

/// A card on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: u8,
    pub at: Pos,
    pub rot: Rotation,
}

/// The top symbol of a cell: which card and which of its slots, and whether it is an
/// orb with a gem on it (lit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub card: u8,
    pub slot: u8,
    pub lit: bool,
}

/// Why a placement is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PlaceError {
    #[error("the first card lies in the centre of the play area")]
    FirstCardInCentre,
    #[error("the card would cover a lit orb at {0:?}: a gem lies on it")]
    CoversLitOrb(Pos),
    #[error("the card would cover card {0} wholly: a card may only partially cover another")]
    CoversWholeCard(u8),
    #[error("the card would lie over cards {0} and {1}: a card partly covers one card at most")]
    CoversTwoCards(u8, u8),
    #[error("the card would cover more than half of card {0}")]
    CoversMoreThanHalf(u8),
    #[error("the card touches no crystal of the cavern")]
    NotTouching,
    #[error("only an orb touches: one crystal must lie next to another crystal")]
    OrbContact,
}

/// The cards on the table and the symbol on top of each cell.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cavern {
    pub placed: Vec<Placed>,
    cells: BTreeMap<u32, (Pos, Cell)>,
}

impl Cavern {
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    pub fn cell(&self, p: Pos) -> Option<Cell> {
        self.cells.get(&p.key()).map(|(_, c)| *c)
    }

    /// Every visible cell (in a fixed order).
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.cells.values().copied()
    }

    /// The visible symbol at `p`.
    pub fn symbol(&self, faces: &[Face], p: Pos) -> Option<Symbol> {
        self.cell(p)
            .map(|c| faces[c.card as usize].symbols[c.slot as usize])
    }

    pub fn is_crystal(&self, faces: &[Face], p: Pos) -> bool {
        self.symbol(faces, p).is_some_and(Symbol::is_crystal)
    }

    /// Whether the card may lie at `at` turned `rot`; the contact rule, "partially
    /// covering", and a gem's orb kept uncovered.
    pub fn check(
        &self,
        faces: &[Face],
        card: u8,
        at: Pos,
        rot: Rotation,
    ) -> Result<(), PlaceError> {
        if self.is_empty() {
            return if at == Pos::new(0, 0) {
                Ok(())
            } else {
                Err(PlaceError::FirstCardInCentre)
            };
        }
        let cells = cells_of(at, rot);
        // Covering: no lit orb, and every card keeps a symbol in sight.
        let mut hidden: [(u8, u8); 4] = [(u8::MAX, 0); 4];
        for p in cells {
            if let Some(c) = self.cell(p) {
                if c.lit {
                    return Err(PlaceError::CoversLitOrb(p));
                }
                match hidden
                    .iter_mut()
                    .find(|(k, _)| *k == c.card || *k == u8::MAX)
                {
                    Some(h) => {
                        h.0 = c.card;
                        h.1 += 1;
                    }
                    None => unreachable!("four cells hide at most four cards"),
                }
            }
        }
        // "side-by-side or partially covering the card already in place, as shown in
        // the 7 configurations": over one card at most, and over half of it at most.
        let under: Vec<(u8, u8)> = hidden.into_iter().filter(|(k, _)| *k != u8::MAX).collect();
        if under.len() > 1 {
            return Err(PlaceError::CoversTwoCards(under[0].0, under[1].0));
        }
        if let Some(&(k, n)) = under.first() {
            if n > 2 {
                return Err(PlaceError::CoversMoreThanHalf(k));
            }
            if self.visible_count(k) == n as usize {
                return Err(PlaceError::CoversWholeCard(k));
            }
        }
        // Contact: a crystal of the new card next to a crystal left in sight.
        let face = &faces[card as usize];
        let mut orb_touch = false;
        let mut crystal_touch = false;
        for (slot, p) in cells.iter().enumerate() {
            for n in p.neighbours() {
                if cells.contains(&n) {
                    continue;
                }
                if let Some(sym) = self.symbol(faces, n)
                    && sym.is_crystal()
                {
                    if face.symbols[slot].is_crystal() {
                        crystal_touch = true;
                    } else {
                        orb_touch = true;
                    }
                }
            }
        }
        if crystal_touch {
            Ok(())
        } else if orb_touch {
            Err(PlaceError::OrbContact)
        } else {
            Err(PlaceError::NotTouching)
        }
    }

    fn visible_count(&self, card: u8) -> usize {
        let Some(p) = self.placed.iter().find(|p| p.card == card) else {
            return 0;
        };
        cells_of(p.at, p.rot)
            .iter()
            .enumerate()
            .filter(|(slot, c)| {
                self.cell(**c)
                    .is_some_and(|x| x.card == card && x.slot as usize == *slot)
            })
            .count()
    }

    /// Every placement of `card` that `check` allows, in a fixed order (by row, then
    /// column, then rotation). Only spots where one of its crystals lands next to a
    /// visible crystal can pass, so only those are tried.
    pub fn spots(&self, faces: &[Face], card: u8) -> Vec<(Pos, Rotation)> {
        if self.is_empty() {
            return Rotation::ALL.map(|r| (Pos::new(0, 0), r)).to_vec();
        }
        let face = &faces[card as usize];
        let mut tries: Vec<(Pos, Rotation)> = Vec::new();
        for (p, c) in self.cells() {
            if !faces[c.card as usize].symbols[c.slot as usize].is_crystal() {
                continue;
            }
            for n in p.neighbours() {
                for rot in Rotation::ALL {
                    for slot in 0..4 {
                        if !face.symbols[slot].is_crystal() {
                            continue;
                        }
                        let (dx, dy) = CORNERS[(slot + rot.0 as usize) % 4];
                        tries.push((n.plus(-dx, -dy), rot));
                    }
                }
            }
        }
        tries.sort_by_key(|(p, r)| (p.y, p.x, *r));
        tries.dedup();
        tries.retain(|(at, rot)| self.check(faces, card, *at, *rot).is_ok());
        tries
    }

    /// Lays a card (already checked) and returns its cells.
    pub fn place(&mut self, card: u8, at: Pos, rot: Rotation) -> [Pos; 4] {
        self.placed.push(Placed { card, at, rot });
        let cells = cells_of(at, rot);
        for (slot, p) in cells.iter().enumerate() {
            self.cells.insert(
                p.key(),
                (
                    *p,
                    Cell {
                        card,
                        slot: slot as u8,
                        lit: false,
                    },
                ),
            );
        }
        cells
    }

    pub fn light(&mut self, p: Pos) {
        if let Some((_, c)) = self.cells.get_mut(&p.key()) {
            c.lit = true;
        }
    }

    /// Whether both orbs of a placed card are lit (a treasure card's condition).
    pub fn all_orbs_lit(&self, faces: &[Face], card: u8) -> bool {
        let Some(pl) = self.placed.iter().find(|p| p.card == card) else {
            return false;
        };
        let face = &faces[card as usize];
        (0..4).filter(|s| !face.symbols[*s].is_crystal()).all(|s| {
            self.cell(cell_of(pl.at, pl.rot, s))
                .is_some_and(|c| c.card == card && c.slot as usize == s && c.lit)
        })
    }

    /// The smallest box holding every cell: (min, max) inclusive.
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let mut it = self.cells();
        let (first, _) = it.next()?;
        let (mut lo, mut hi) = (first, first);
        for (p, _) in it {
            lo = Pos::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Pos::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        Some((lo, hi))
    }
}

//! Crystal sets. The rulebook: "make a square with **three crystals and one colored
//! orb** [...] for each trait (shape and color) all crystals must be all the same or
//! all different [...] A crystal **can** be used to complete more than one set".
//!
//! A square is any 2x2 block of visible cells, whichever cards they lie on.

use crate::cavern::{Cavern, Pos};
use crate::deck::{Colour, Face, Hue, Shape, Symbol};
use serde::{Deserialize, Serialize};

/// Three crystals form a set when each trait is all the same or all different.
pub fn is_set(a: (Hue, Shape), b: (Hue, Shape), c: (Hue, Shape)) -> bool {
    fn trait_ok<T: PartialEq>(a: T, b: T, c: T) -> bool {
        (a == b && b == c) || (a != b && b != c && a != c)
    }
    trait_ok(a.0, b.0, c.0) && trait_ok(a.1, b.1, c.1)
}

/// The one crystal that makes a set with two given ones (each trait: the same if
/// theirs agree, else the third value).
pub fn third(a: (Hue, Shape), b: (Hue, Shape)) -> (Hue, Shape) {
    let hue = if a.0 == b.0 {
        a.0
    } else {
        Hue::ALL
            .into_iter()
            .find(|h| *h != a.0 && *h != b.0)
            .unwrap_or(a.0)
    };
    let shape = if a.1 == b.1 {
        a.1
    } else {
        Shape::ALL
            .into_iter()
            .find(|s| *s != a.1 && *s != b.1)
            .unwrap_or(a.1)
    };
    (hue, shape)
}

/// A completed square: its orb and its three crystals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Square {
    pub orb: Pos,
    pub colour: Colour,
    pub crystals: [Pos; 3],
}

/// The top-left corners of the 2x2 blocks that hold at least one of `cells`, each once,
/// by row then column.
pub fn blocks_touching(cells: &[Pos]) -> Vec<Pos> {
    let mut out = Vec::with_capacity(16);
    for c in cells {
        for dy in -1..=0 {
            for dx in -1..=0 {
                out.push(c.plus(dx, dy));
            }
        }
    }
    out.sort_by_key(|p| (p.y, p.x));
    out.dedup();
    out
}

/// The square of the block at `corner`, if it holds three crystals forming a set and an
/// orb not yet lit.
pub fn square_at(cavern: &Cavern, faces: &[Face], corner: Pos) -> Option<Square> {
    let mut crystals = [(Pos::new(0, 0), (Hue::Orange, Shape::Single)); 3];
    let mut n = 0;
    let mut orb = None;
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let p = corner.plus(dx, dy);
        let cell = cavern.cell(p)?;
        match faces[cell.card as usize].symbols[cell.slot as usize] {
            Symbol::Crystal { hue, shape } => {
                if n == 3 {
                    return None;
                }
                crystals[n] = (p, (hue, shape));
                n += 1;
            }
            Symbol::Orb { colour } => {
                if orb.is_some() || cell.lit {
                    return None;
                }
                orb = Some((p, colour));
            }
        }
    }
    let (orb, colour) = orb?;
    if n == 3 && is_set(crystals[0].1, crystals[1].1, crystals[2].1) {
        Some(Square {
            orb,
            colour,
            crystals: crystals.map(|c| c.0),
        })
    } else {
        None
    }
}

/// Every square completed among the blocks that hold one of `cells` (the new card's),
/// by row then column of the block.
pub fn squares(cavern: &Cavern, faces: &[Face], cells: &[Pos]) -> Vec<Square> {
    blocks_touching(cells)
        .into_iter()
        .filter_map(|b| square_at(cavern, faces, b))
        .collect()
}

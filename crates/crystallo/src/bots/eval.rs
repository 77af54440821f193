//! The bots' judgement of one placement, computed on the cavern as it would be without
//! copying it: the sets it completes (bonds freed or dragon orbs marked), treasure, and
//! the change in promise of the 2x2 blocks around it (open squares that one more crystal
//! or orb would complete).

use crate::cavern::{Cavern, Pos, Rotation, cells_of};
use crate::deck::{Colour, Face, Hue, Shape, Symbol};
use crate::sets::{blocks_touching, is_set};
use crate::state::Phase;
use crate::view::View;

/// What a placement is judged against: the cavern and which orb colours can still
/// light (and how many times).
pub struct Ctx<'a> {
    pub faces: &'a [Face],
    pub cavern: &'a Cavern,
    /// How many more orbs of each colour can light: bonds left in phase 1, 1 for an
    /// open dragon orb in phase 2.
    pub room: [u8; 6],
    /// How much lighting an orb of each colour is worth: more for a colour few cards to
    /// come carry, since its chances are few.
    pub weight: [f32; 6],
    /// Treasure cards already collected, by kind (riches, magic, battle).
    pub collected: [u8; 3],
}

impl<'a> Ctx<'a> {
    pub fn of(view: &'a View) -> Ctx<'a> {
        let mut ctx = Ctx::new(
            &view.faces,
            &view.cavern,
            &view.phase,
            view.bonds,
            view.dragon,
            &view.treasures,
        );
        ctx.weigh(
            view.unseen
                .iter()
                .chain(&view.face_up)
                .chain(&view.drawn)
                .copied(),
        );
        ctx
    }

    /// Weighs each colour by how rare its orbs are among `cards` (the cards to come) and
    /// the cavern's dark orbs.
    pub fn weigh(&mut self, cards: impl Iterator<Item = u8>) {
        let mut supply = [0u32; 6];
        for k in cards {
            for s in self.faces[k as usize].symbols {
                if let Some(c) = s.orb() {
                    supply[c.index()] += 1;
                }
            }
        }
        for (_, cell) in self.cavern.cells() {
            if let Some(c) = self.faces[cell.card as usize].symbols[cell.slot as usize].orb()
                && !cell.lit
            {
                supply[c.index()] += 1;
            }
        }
        for c in Colour::ALL {
            let need = self.room[c.index()] as f32;
            self.weight[c.index()] = 1.0 + RARITY * need / (1.0 + supply[c.index()] as f32);
        }
    }

    pub fn new(
        faces: &'a [Face],
        cavern: &'a Cavern,
        phase: &Phase,
        bonds: [u8; 6],
        dragon: [bool; 6],
        treasures: &[u8],
    ) -> Ctx<'a> {
        let room = match phase {
            Phase::Explore => bonds,
            _ => dragon.map(|m| u8::from(!m)),
        };
        Ctx {
            faces,
            cavern,
            room,
            weight: [1.0; 6],
            collected: treasures.iter().fold([0; 3], |mut n, k| {
                if let Some(t) = faces[*k as usize].treasure {
                    n[t as usize] += 1;
                }
                n
            }),
        }
    }
}

#[derive(Clone, Copy)]
enum Look {
    Empty,
    Crystal(Hue, Shape),
    /// Its colour, whether it is lit, whether it is on a treasure card.
    Orb(Colour, bool, bool),
}

const LIGHT: f32 = 40.0;
/// How strongly a scarce colour's light counts (see `Ctx::weigh`).
const RARITY: f32 = 6.0;
/// A treasure card collected (both orbs lit), and half of one (the first orb): four
/// treasures make a game Prosperous, which is worth more than any title step below
/// Champion (the scoring table), so a light that collects one outweighs several plain
/// lights. Measured with the report (docs/crystallo.md): lower weights left the search
/// player Impoverished in most games, higher ones cost it creatures.
const TREASURE: f32 = 500.0;
const HALF_TREASURE: f32 = 100.0;
/// How much more an open square around a treasure card's orb promises than one around a
/// plain orb: a player builds towards treasure, not only takes it when it comes.
const TREASURE_PROMISE: f32 = 3.0;
/// How much more a treasure is worth for each of its kind already collected: the
/// third completes a collection (riches count one treasure more, magic frees a gem,
/// battle brings a card).
const COLLECTION: f32 = 1.5;

fn look(ctx: &Ctx, new: &[(Pos, Symbol); 4], treasure: bool, p: Pos) -> Look {
    if let Some((_, s)) = new.iter().find(|(q, _)| *q == p) {
        return match *s {
            Symbol::Crystal { hue, shape } => Look::Crystal(hue, shape),
            Symbol::Orb { colour } => Look::Orb(colour, false, treasure),
        };
    }
    match ctx.cavern.cell(p) {
        None => Look::Empty,
        Some(c) => match ctx.faces[c.card as usize].symbols[c.slot as usize] {
            Symbol::Crystal { hue, shape } => Look::Crystal(hue, shape),
            Symbol::Orb { colour } => {
                Look::Orb(colour, c.lit, ctx.faces[c.card as usize].treasure.is_some())
            }
        },
    }
}

/// The promise of one block: how close it is to a set that can still light.
fn promise(ctx: &Ctx, new: &[(Pos, Symbol); 4], treasure: bool, corner: Pos) -> f32 {
    let mut crystals = Vec::with_capacity(4);
    let mut orb = None;
    let mut orbs = 0;
    let mut empty = 0;
    let mut rich = false;
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        match look(ctx, new, treasure, corner.plus(dx, dy)) {
            Look::Empty => empty += 1,
            Look::Crystal(h, s) => crystals.push((h, s)),
            Look::Orb(c, lit, t) => {
                if lit {
                    return 0.0;
                }
                orbs += 1;
                orb = Some(c);
                rich = t;
            }
        }
    }
    let open = |c: Colour| ctx.room[c.index()] > 0;
    let rich = if rich && orbs == 1 {
        TREASURE_PROMISE
    } else {
        1.0
    };
    rich * match (crystals.len(), orbs, empty) {
        (3, 0, 1) if is_set(crystals[0], crystals[1], crystals[2]) => 7.0,
        (2, 1, 1) if orb.is_some_and(open) => 9.0 * orb.map_or(1.0, |c| ctx.weight[c.index()]),
        (2, 0, 2) => 1.5,
        (1, 1, 2) if orb.is_some_and(open) => 2.0,
        _ => 0.0,
    }
}

/// The value of laying `card` at `at` turned `rot` (assumed legal) in `ctx`.
pub fn evaluate(ctx: &Ctx, card: u8, at: Pos, rot: Rotation) -> f32 {
    let face = &ctx.faces[card as usize];
    let cells = cells_of(at, rot);
    let new: [(Pos, Symbol); 4] = [0, 1, 2, 3].map(|s| (cells[s], face.symbols[s]));
    let none = [(Pos::new(i32::MIN, i32::MIN), face.symbols[0]); 4];
    let blocks = blocks_touching(&cells);
    let mut value = 0.0;
    let mut room = ctx.room;
    let mut lit: Vec<Pos> = Vec::new();
    let t = face.treasure.is_some();
    for b in &blocks {
        value += promise(ctx, &new, t, *b) - promise(ctx, &none, t, *b);
        if let Some((orb, colour)) = completes(ctx, &new, t, *b)
            && room[colour.index()] > 0
            && !lit.contains(&orb)
        {
            room[colour.index()] -= 1;
            lit.push(orb);
            value += LIGHT * ctx.weight[colour.index()];
        }
    }
    // Treasure: an orb lit on a treasure card whose other orb is (or now gets) lit.
    let mut cards: Vec<u8> = Vec::new();
    for p in &lit {
        let owner = match ctx.cavern.cell(*p) {
            Some(c) if !cells.contains(p) => c.card,
            _ => card,
        };
        if !cards.contains(&owner) {
            cards.push(owner);
        }
    }
    for owner in cards {
        if ctx.faces[owner as usize].treasure.is_none() {
            continue;
        }
        let orbs: Vec<Pos> = orb_cells(ctx, owner, card, at, rot);
        let done = orbs.iter().all(|p| {
            lit.contains(p)
                || ctx
                    .cavern
                    .cell(*p)
                    .is_some_and(|c| c.lit && c.card == owner)
        });
        value += if done {
            // The third of a kind is worth more: a collection's power or bonus.
            let kind = ctx.faces[owner as usize].treasure.map_or(0, |t| t as usize);
            TREASURE * (1.0 + COLLECTION * f32::from(ctx.collected[kind]))
        } else {
            HALF_TREASURE
        };
    }
    value
}

/// The cells of a card's orbs (the new card's where it would lie).
fn orb_cells(ctx: &Ctx, owner: u8, card: u8, at: Pos, rot: Rotation) -> Vec<Pos> {
    let (at, rot) = if owner == card {
        (at, rot)
    } else {
        match ctx.cavern.placed.iter().find(|p| p.card == owner) {
            Some(p) => (p.at, p.rot),
            None => return Vec::new(),
        }
    };
    let face = &ctx.faces[owner as usize];
    (0..4)
        .filter(|s| !face.symbols[*s].is_crystal())
        .map(|s| crate::cavern::cell_of(at, rot, s))
        .collect()
}

fn completes(
    ctx: &Ctx,
    new: &[(Pos, Symbol); 4],
    treasure: bool,
    corner: Pos,
) -> Option<(Pos, Colour)> {
    let mut crystals = Vec::with_capacity(3);
    let mut orb = None;
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let p = corner.plus(dx, dy);
        match look(ctx, new, treasure, p) {
            Look::Empty => return None,
            Look::Crystal(h, s) => crystals.push((h, s)),
            Look::Orb(c, lit, _) => {
                if lit || orb.is_some() {
                    return None;
                }
                orb = Some((p, c));
            }
        }
    }
    if crystals.len() == 3 && is_set(crystals[0], crystals[1], crystals[2]) {
        orb
    } else {
        None
    }
}

//! The Crystallo cavern as the player sees it: the placed cards (crystals by colour and
//! shape, orbs by colour and icon, a gem on a lit orb), numbered candidate places for
//! the drawn or chosen card, and beside it that card, the creatures' bonds (or the
//! Black Dragon's orbs), treasure and the cards left.
//!
//! In phase 2 the panel shows every face-up card, named as the panel's menu names it
//! ("Card 3"), the chosen one framed.
//!
//! Landscape, 700 high and as wide as the cavern needs up to 1100: the cavern's area is
//! cropped to its occupied cells and places, so Discord's inline box (about 550x350)
//! shows it at 0.5 and a phone (390 px wide) at 0.35 (the widest) to 0.5; the side
//! panel's words are 26 px or more, a place's number 22 or more (more in a wide image,
//! so it reads at 9 px on a phone). Nothing is told by
//! colour alone: crystal colours differ in lightness too and carry 1 to 3 points by
//! shape, each orb colour has its own icon.

use crate::canvas::{Align, Canvas, Col, Face as Font, Style, rgb};
use crate::i18n::{Lang, messages::crystallo as m};
use crate::{Image, RenderError, finish};
use crystal_clans_crystallo::cavern::cells_of;
use crystal_clans_crystallo::deck::{Colour, Deck, Face, Hue, Shape, Symbol, Treasure};
use crystal_clans_crystallo::state::Phase;
use crystal_clans_crystallo::{Pos, Rotation, View};
use tiny_skia::PathBuilder;

/// The widest the image gets: the cavern's area at its widest and the side panel.
pub const WIDTH: u32 = 1100;
pub const HEIGHT: u32 = 700;
/// The widest the cavern's area gets; it is cropped to the cavern's occupied cells and
/// its places (a margin around them), so that a small cavern is not drawn amid empty
/// space and the whole image shows larger on a phone's width.
const AREA_W: f32 = 740.0;
/// The cavern's area is never narrower than this, so the image stays landscape.
const AREA_MIN_W: f32 = 420.0;
/// The side panel, right of the cavern's area.
const PANEL_W: f32 = 340.0;
/// The largest a cavern cell is drawn.
const CELL_MAX: f32 = 110.0;

const BG: Col = rgb(0x24212b);
const STONE: Col = rgb(0xe8e1d3);
const STONE_EDGE: Col = rgb(0x8d8577);
const GOLD: Col = rgb(0xd4a21a);
const INK: Col = rgb(0xf3efe6);
const MUTED: Col = rgb(0xb9b2a6);
const DARK: Col = rgb(0x1f1d24);
const SPOT: Col = rgb(0xffd54a);

fn hue(h: Hue) -> Col {
    // Light, middle and dark, so the three differ in greyscale too.
    match h {
        Hue::Orange => rgb(0xf5a623),
        Hue::Red => rgb(0xd03030),
        Hue::Purple => rgb(0x5e2a8c),
    }
}

pub fn orb_colour(c: Colour) -> Col {
    match c {
        Colour::Red => rgb(0xe53935),
        Colour::Orange => rgb(0xfb8c00),
        Colour::Yellow => rgb(0xfdd835),
        Colour::Green => rgb(0x43a047),
        Colour::Blue => rgb(0x1e88e5),
        Colour::Purple => rgb(0x8e24aa),
    }
}

/// What the image needs beside the view.
#[derive(Debug, Clone, Copy)]
pub struct CavernTable<'a> {
    /// The creatures' names.
    pub deck: &'a Deck,
    pub lang: Lang,
    /// The card the places are for: phase 1's drawn card, or the face-up card chosen in
    /// phase 2 (none: no places shown).
    pub card: Option<u8>,
    /// Numbered places (`crystallo::play::numbered_spots`), drawn on the cavern.
    pub spots: &'a [Pos],
}

/// Where the cavern's cells go: the first cell shown, the cell's size and where its
/// top-left corner is drawn.
#[derive(Clone, Copy)]
struct Grid {
    lo: Pos,
    cols: f32,
    rows: f32,
    cell: f32,
}

impl Grid {
    fn of(view: &View, spots: &[Pos]) -> Grid {
        let (lo, hi) = bounds(view, spots);
        let cols = (hi.x - lo.x + 1) as f32;
        let rows = (hi.y - lo.y + 1) as f32;
        let cell = (AREA_W / cols)
            .min((HEIGHT as f32 - 40.0) / rows)
            .min(CELL_MAX);
        Grid {
            lo,
            cols,
            rows,
            cell,
        }
    }

    /// The width of the cavern's area: the cells and a margin.
    fn area_w(&self) -> f32 {
        (self.cols * self.cell + 20.0).max(AREA_MIN_W)
    }
}

/// The cavern image: as wide as its cavern needs (up to [`WIDTH`]), [`HEIGHT`] high.
pub fn cavern(table: CavernTable, view: &View) -> Result<Image, RenderError> {
    let grid = Grid::of(view, table.spots);
    let width = (grid.area_w() + PANEL_W).ceil() as u32;
    let mut c = Canvas::new(width, HEIGHT, BG);
    draw_cavern(&mut c, table, view, grid);
    draw_panel(&mut c, table, view, grid.area_w());
    finish(c)
}

/// Draws the symbol `s` in a cell of size `size` at (`x`, `y`) (top left).
fn symbol(c: &mut Canvas, s: Symbol, lit: bool, x: f32, y: f32, size: f32) {
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    match s {
        Symbol::Crystal { hue: h, shape } => crystal(c, hue(h), shape, cx, cy, size * 0.42),
        Symbol::Orb { colour } => {
            let r = size * 0.36;
            c.circle(cx, cy, r, orb_colour(colour));
            c.circle_stroke(cx, cy, r, (size * 0.04).max(1.0), DARK);
            orb_icon(c, colour, cx, cy, r * 0.55);
            if lit {
                gem(c, cx, cy, r * 0.75);
            }
        }
    }
}

/// A crystal with 1, 2 or 3 points on top (its shape), in its colour.
fn crystal(c: &mut Canvas, col: Col, shape: Shape, cx: f32, cy: f32, r: f32) {
    let n = shape.points() as usize;
    let (left, right, base) = (cx - r * 0.8, cx + r * 0.8, cy + r * 0.9);
    let mut pb = PathBuilder::new();
    pb.move_to(left, base);
    pb.line_to(left, cy);
    let w = (right - left) / n as f32;
    for i in 0..n {
        let x0 = left + w * i as f32;
        pb.line_to(x0 + w / 2.0, cy - r);
        pb.line_to(x0 + w, cy);
    }
    pb.line_to(right, base);
    pb.close();
    if let Some(p) = pb.finish() {
        c.fill(&p, col);
        c.stroke(&p, (r * 0.1).max(1.0), DARK);
    }
}

/// One icon per orb colour: flame (the rulebook's red), diamond, star, leaf, wave, moon.
fn orb_icon(c: &mut Canvas, colour: Colour, cx: f32, cy: f32, r: f32) {
    let mut pb = PathBuilder::new();
    match colour {
        Colour::Red => {
            pb.move_to(cx, cy - r);
            pb.quad_to(cx + r, cy, cx + r * 0.5, cy + r);
            pb.line_to(cx - r * 0.5, cy + r);
            pb.quad_to(cx - r, cy, cx, cy - r);
        }
        Colour::Orange => {
            pb.move_to(cx, cy - r);
            pb.line_to(cx + r * 0.7, cy);
            pb.line_to(cx, cy + r);
            pb.line_to(cx - r * 0.7, cy);
        }
        Colour::Yellow => {
            for i in 0..10 {
                let a = std::f32::consts::PI * (i as f32 / 5.0) - std::f32::consts::FRAC_PI_2;
                let rr = if i % 2 == 0 { r } else { r * 0.45 };
                let (px, py) = (cx + rr * a.cos(), cy + rr * a.sin());
                if i == 0 {
                    pb.move_to(px, py);
                } else {
                    pb.line_to(px, py);
                }
            }
        }
        Colour::Green => {
            pb.move_to(cx - r, cy + r * 0.6);
            pb.quad_to(cx - r * 0.6, cy - r, cx + r, cy - r * 0.6);
            pb.quad_to(cx + r * 0.6, cy + r, cx - r, cy + r * 0.6);
        }
        Colour::Blue => {
            pb.move_to(cx - r, cy);
            pb.quad_to(cx - r * 0.5, cy - r * 0.8, cx, cy);
            pb.quad_to(cx + r * 0.5, cy + r * 0.8, cx + r, cy);
            pb.line_to(cx + r, cy + r * 0.5);
            pb.quad_to(cx + r * 0.5, cy + r * 1.2, cx, cy + r * 0.5);
            pb.quad_to(cx - r * 0.5, cy - r * 0.3, cx - r, cy + r * 0.5);
        }
        Colour::Purple => {
            // A crescent: a dark disc with the orb's colour over most of it.
            c.circle(cx, cy, r, DARK.alpha(200));
            c.circle(cx + r * 0.45, cy - r * 0.3, r * 0.85, orb_colour(colour));
            return;
        }
    }
    pb.close();
    if let Some(p) = pb.finish() {
        c.fill(&p, DARK.alpha(200));
    }
}

/// The gem on a lit orb: a white faceted diamond.
fn gem(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let mut pb = PathBuilder::new();
    pb.move_to(cx - r, cy - r * 0.3);
    pb.line_to(cx - r * 0.5, cy - r * 0.8);
    pb.line_to(cx + r * 0.5, cy - r * 0.8);
    pb.line_to(cx + r, cy - r * 0.3);
    pb.line_to(cx, cy + r);
    pb.close();
    if let Some(p) = pb.finish() {
        c.fill(&p, rgb(0xffffff));
        c.stroke(&p, (r * 0.15).max(1.0), DARK);
    }
}

/// A treasure mark in a card's corner: a coin (riches), a star (magic), a sword (battle).
fn treasure_mark(c: &mut Canvas, kind: Treasure, cx: f32, cy: f32, r: f32) {
    c.circle(cx, cy, r, GOLD);
    c.circle_stroke(cx, cy, r, (r * 0.15).max(1.0), DARK);
    match kind {
        Treasure::Riches => c.circle_stroke(cx, cy, r * 0.5, (r * 0.2).max(1.0), DARK),
        Treasure::Magic => {
            c.line(cx - r * 0.6, cy, cx + r * 0.6, cy, r * 0.2, DARK);
            c.line(cx, cy - r * 0.6, cx, cy + r * 0.6, r * 0.2, DARK);
        }
        Treasure::Battle => {
            c.line(
                cx - r * 0.55,
                cy + r * 0.55,
                cx + r * 0.55,
                cy - r * 0.55,
                r * 0.2,
                DARK,
            );
            c.line(
                cx - r * 0.5,
                cy - r * 0.1,
                cx - r * 0.1,
                cy + r * 0.5,
                r * 0.2,
                DARK,
            );
        }
    }
}

/// A whole card, as printed (for the side panel).
fn card_face(c: &mut Canvas, face: &Face, x: f32, y: f32, size: f32) {
    let cell = size / 2.0;
    c.round_rect(x, y, size, size, size * 0.08, STONE);
    let edge = if face.treasure.is_some() {
        GOLD
    } else {
        STONE_EDGE
    };
    c.round_rect_stroke(x, y, size, size, size * 0.08, (size * 0.03).max(2.0), edge);
    for (slot, p) in cells_of(Pos::new(0, 0), Rotation(0)).iter().enumerate() {
        symbol(
            c,
            face.symbols[slot],
            false,
            x + p.x as f32 * cell,
            y + p.y as f32 * cell,
            cell,
        );
    }
    if let Some(t) = face.treasure {
        treasure_mark(c, t, x + size - size * 0.1, y + size * 0.1, size * 0.09);
    }
}

fn draw_cavern(c: &mut Canvas, table: CavernTable, view: &View, grid: Grid) {
    let Grid {
        lo,
        cols,
        rows,
        cell,
    } = grid;
    let ox = 10.0 + (grid.area_w() - 20.0 - cell * cols) / 2.0;
    let oy = 20.0 + (HEIGHT as f32 - 40.0 - cell * rows) / 2.0;
    let at = |p: Pos| {
        (
            ox + (p.x - lo.x) as f32 * cell,
            oy + (p.y - lo.y) as f32 * cell,
        )
    };
    // Cards in the order laid, each as a stone tile; then the visible symbols on top.
    for pl in &view.cavern.placed {
        let cells = cells_of(pl.at, pl.rot);
        let (minx, miny) = (
            cells.iter().map(|p| p.x).min().unwrap_or(0),
            cells.iter().map(|p| p.y).min().unwrap_or(0),
        );
        let (x, y) = at(Pos::new(minx, miny));
        let face = &view.faces[pl.card as usize];
        let edge = if face.treasure.is_some() {
            GOLD
        } else {
            STONE_EDGE
        };
        let inset = cell * 0.04;
        c.round_rect(
            x + inset,
            y + inset,
            cell * 2.0 - 2.0 * inset,
            cell * 2.0 - 2.0 * inset,
            cell * 0.12,
            STONE,
        );
        c.round_rect_stroke(
            x + inset,
            y + inset,
            cell * 2.0 - 2.0 * inset,
            cell * 2.0 - 2.0 * inset,
            cell * 0.12,
            (cell * 0.05).max(1.5),
            edge,
        );
    }
    for (p, cell_info) in view.cavern.cells() {
        let (x, y) = at(p);
        let s = view.faces[cell_info.card as usize].symbols[cell_info.slot as usize];
        symbol(c, s, cell_info.lit, x, y, cell);
    }
    for pl in &view.cavern.placed {
        if let Some(t) = view.faces[pl.card as usize].treasure {
            // The mark sits on the card's visible cell nearest its printed top right.
            let cells = cells_of(pl.at, pl.rot);
            if let Some(p) = cells
                .iter()
                .find(|p| view.cavern.cell(**p).is_some_and(|x| x.card == pl.card))
            {
                let (x, y) = at(*p);
                treasure_mark(c, t, x + cell * 0.85, y + cell * 0.15, cell * 0.13);
            }
        }
    }
    // Numbered places: a badge where the card's top-left corner would go, its number
    // 22 pixels at the least, and more in a wider image, so that it still reads at 9
    // pixels where a phone shows the whole image 390 wide.
    let number_min = (9.0 * (grid.area_w() + PANEL_W).ceil() / 390.0).max(22.0);
    let badge_min = number_min / 1.15;
    let badge = (cell * 0.3).clamp(badge_min, badge_min.max(26.0));
    for (i, p) in table.spots.iter().enumerate() {
        let (x, y) = at(*p);
        let (cx, cy) = (x + cell, y + cell);
        c.round_rect_dashed(
            x + 2.0,
            y + 2.0,
            cell * 2.0 - 4.0,
            cell * 2.0 - 4.0,
            cell * 0.12,
            2.0,
            SPOT.alpha(90),
        );
        c.circle(cx, cy, badge, SPOT);
        c.circle_stroke(cx, cy, badge, 2.0, DARK);
        let label = (i + 1).to_string();
        c.text(
            &label,
            cx,
            cy + badge * 0.4,
            badge * 1.9,
            Style::new(Font::Bold, badge * 1.15, DARK).shrink(badge * 0.9),
            Align::Center,
        );
    }
}

/// The face-up cards of phase 2 in rows under (x, y), under the panel menu's own
/// question, each with the number the menu gives it ("Card 3": its place among the
/// face-up cards) in a square tag, unlike a place's round one; the chosen card framed in
/// gold. As large as the panel leaves room for. Returns the bottom.
fn face_up_cards(c: &mut Canvas, table: CavernTable, view: &View, x: f32, y: f32, w: f32) -> f32 {
    let n = view.face_up.len();
    let gap = 10.0;
    c.text(
        &m::pick_card(table.lang),
        x,
        y + 20.0,
        w,
        Style::new(Font::Regular, 22.0, MUTED).shrink(18.0),
        Align::Left,
    );
    let y = y + 34.0;
    // What the panel draws below: the places, the dragon's orbs, the treasure.
    let room = HEIGHT as f32 - y - 345.0;
    let (cols, size) = (3..=5usize)
        .map(|cols| {
            let rows = n.div_ceil(cols) as f32;
            let across = (w - gap * (cols as f32 - 1.0)) / cols as f32;
            (cols, across.min(room / rows - gap).min(96.0))
        })
        .fold(
            (4, 0.0),
            |best, next| if next.1 > best.1 { next } else { best },
        );
    let size = size.max(24.0);
    let mut bottom = y;
    for (k, &card) in view.face_up.iter().enumerate() {
        let (col, row) = ((k % cols) as f32, (k / cols) as f32);
        let cx = x + col * (size + gap);
        let cy = y + row * (size + gap);
        card_face(c, &view.faces[card as usize], cx, cy, size);
        let chosen = table.card == Some(card);
        if chosen {
            let (o, r) = (5.0, size * 0.1 + 5.0);
            c.round_rect_stroke(cx - o, cy - o, size + 2.0 * o, size + 2.0 * o, r, 5.0, SPOT);
        }
        let number = (k + 1).to_string();
        let tag = Style::new(Font::Bold, 24.0, DARK);
        let tw = super::canvas::measure(&number, tag.face, tag.size) + 10.0;
        c.round_rect(
            cx - 4.0,
            cy - 4.0,
            tw,
            30.0,
            5.0,
            if chosen { SPOT } else { INK },
        );
        c.round_rect_stroke(cx - 4.0, cy - 4.0, tw, 30.0, 5.0, 2.0, DARK);
        c.text(
            &number,
            cx - 4.0 + tw / 2.0,
            cy + 19.0,
            tw,
            tag,
            Align::Center,
        );
        bottom = cy + size;
    }
    bottom
}

/// The cells to show: every visible cell and every place's card.
fn bounds(view: &View, spots: &[Pos]) -> (Pos, Pos) {
    let mut pts: Vec<Pos> = view.cavern.cells().map(|(p, _)| p).collect();
    for s in spots {
        pts.push(*s);
        pts.push(s.plus(1, 1));
    }
    if pts.is_empty() {
        return (Pos::new(0, 0), Pos::new(1, 1));
    }
    let lo = Pos::new(
        pts.iter().map(|p| p.x).min().unwrap_or(0),
        pts.iter().map(|p| p.y).min().unwrap_or(0),
    );
    let hi = Pos::new(
        pts.iter().map(|p| p.x).max().unwrap_or(1),
        pts.iter().map(|p| p.y).max().unwrap_or(1),
    );
    // At least 6x5 cells, so a small cavern is not drawn huge.
    let pad_x = (6 - (hi.x - lo.x + 1)).max(0);
    let pad_y = (5 - (hi.y - lo.y + 1)).max(0);
    (
        Pos::new(lo.x - pad_x / 2, lo.y - pad_y / 2),
        Pos::new(hi.x + pad_x - pad_x / 2, hi.y + pad_y - pad_y / 2),
    )
}

fn draw_panel(c: &mut Canvas, table: CavernTable, view: &View, x: f32) {
    let lang = table.lang;
    let w = PANEL_W - 16.0;
    c.round_rect(
        x - 8.0,
        8.0,
        w + 16.0,
        HEIGHT as f32 - 16.0,
        16.0,
        rgb(0x302c38),
    );
    let heading = Style::new(Font::Bold, 30.0, INK).shrink(22.0);
    let body = Style::new(Font::Regular, 26.0, INK).shrink(20.0);
    let phase = match &view.phase {
        Phase::Explore => "explore",
        Phase::MissingColour(_) => "missing_colour",
        Phase::Dragon => "dragon",
        Phase::Over(_) => "over",
    };
    let mut y = 44.0;
    c.text(&m::phase(lang, phase), x, y, w, heading, Align::Left);
    y += 16.0;

    // The card the places are for, and the cards left beside it.
    let card_size = 130.0;
    let tx = x + card_size + 14.0;
    let tw = w - card_size - 14.0;
    let left = match view.phase {
        Phase::Explore => vec![
            m::draw_pile(lang, view.draw_count),
            m::set_aside(lang, view.set_aside_count),
        ],
        _ => vec![
            m::face_up(lang, view.face_up.len()),
            m::cavern_deck(lang, view.unseen.len()),
        ],
    };
    let small = Style::new(Font::Regular, 22.0, MUTED).shrink(18.0);
    let choosing = matches!(view.phase, Phase::Dragon | Phase::MissingColour(_));
    if choosing && !view.face_up.is_empty() {
        // Phase 2: every face-up card, by the number the panel's menu gives it.
        y = face_up_cards(c, table, view, x, y + 10.0, w);
        if table.card.is_some() {
            let places = if table.spots.is_empty() {
                m::no_spot(lang)
            } else {
                m::spots(lang, table.spots.len())
            };
            y += 28.0;
            c.text(&places, x, y, w, body, Align::Left);
        }
        y += 28.0;
        c.text(&left[1], x, y, w, small, Align::Left);
    } else if let Some(card) = table.card {
        let label = if view.phase == Phase::Explore {
            m::drawn_card(lang)
        } else {
            m::chosen_card(lang)
        };
        card_face(c, &view.faces[card as usize], x, y + 8.0, card_size);
        c.text(&label, tx, y + 34.0, tw, small, Align::Left);
        let places = if table.spots.is_empty() {
            m::no_spot(lang)
        } else {
            m::spots(lang, table.spots.len())
        };
        c.text(&places, tx, y + 66.0, tw, body, Align::Left);
        for (i, line) in left.iter().enumerate() {
            c.text(
                line,
                tx,
                y + 100.0 + 28.0 * i as f32,
                tw,
                small,
                Align::Left,
            );
        }
        y += card_size + 10.0;
    } else {
        for line in &left {
            y += 30.0;
            c.text(line, x, y, w, small, Align::Left);
        }
    }
    if let Phase::Over(o) = &view.phase {
        let title = m::title(lang, o.wealth.id(), o.title.id());
        y += 34.0;
        c.text(&title, x, y, w, heading, Align::Left);
        y += 34.0;
        c.text(&m::points(lang, o.score), x, y, w, body, Align::Left);
    }

    // Creatures (phase 1) or the dragon's orbs (phase 2).
    y += 40.0;
    let dragon = !matches!(view.phase, Phase::Explore) && (view.bonds.iter().all(|b| *b == 0));
    if dragon {
        let marked = view.dragon.iter().filter(|d| **d).count();
        c.text(&m::dragon(lang, marked), x, y, w, heading, Align::Left);
        y += 16.0;
        let r = 22.0;
        for (i, col) in Colour::ALL.into_iter().enumerate() {
            let cx = x + r + i as f32 * (r * 2.0 + 10.0);
            c.circle(cx, y + r, r, orb_colour(col));
            c.circle_stroke(cx, y + r, r, 2.0, DARK);
            orb_icon(c, col, cx, y + r, r * 0.55);
            if view.dragon[i] {
                gem(c, cx, y + r, r * 0.75);
            }
        }
        y += r * 2.0 + 8.0;
    } else {
        c.text(&m::creatures(lang), x, y, w, heading, Align::Left);
        y += 10.0;
        for col in Colour::ALL {
            let r = 13.0;
            let row = y + 22.0;
            c.circle(x + r, row - 8.0, r, orb_colour(col));
            orb_icon(c, col, x + r, row - 8.0, r * 0.55);
            let creature = table.deck.creature(col);
            let name = match lang {
                Lang::De => &creature.name_de,
                Lang::En => &creature.name,
            };
            c.text(name, x + 2.0 * r + 8.0, row, w - 130.0, body, Align::Left);
            let left = view.bonds[col.index()];
            if left == 0 {
                c.text(
                    &m::freed(lang),
                    x + w,
                    row,
                    90.0,
                    Style::new(Font::Bold, 24.0, SPOT).shrink(18.0),
                    Align::Right,
                );
            } else {
                for b in 0..3u8 {
                    let gx = x + w - 12.0 - b as f32 * 28.0;
                    if b < left {
                        gem(c, gx, row - 8.0, 11.0);
                    } else {
                        c.circle_stroke(gx, row - 8.0, 9.0, 2.0, MUTED);
                    }
                }
            }
            y += 31.0;
        }
    }

    // Treasure.
    y += 38.0;
    let count = view.treasures.len();
    c.text(
        &m::treasures_heading(lang, count),
        x,
        y,
        w,
        heading,
        Align::Left,
    );
    y += 8.0;
    for kind in Treasure::ALL {
        let n = view
            .treasures
            .iter()
            .filter(|k| view.faces[**k as usize].treasure == Some(kind))
            .count();
        y += 31.0;
        treasure_mark(c, kind, x + 12.0, y - 9.0, 12.0);
        c.text(
            &m::treasure(lang, kind.id(), n),
            x + 32.0,
            y,
            w - 32.0,
            body,
            Align::Left,
        );
    }
    if view.magic == crystal_clans_crystallo::state::Magic::Ready {
        y += 32.0;
        c.text(
            &m::magic_ready(lang),
            x + 32.0,
            y,
            w - 32.0,
            Style::new(Font::Bold, 24.0, SPOT).shrink(18.0),
            Align::Left,
        );
    }

    let bottom = HEIGHT as f32 - 26.0;
    c.text(
        &m::provisional_deck(lang),
        x,
        bottom,
        w,
        Style::new(Font::Regular, 20.0, MUTED).shrink(16.0),
        Align::Left,
    );
}

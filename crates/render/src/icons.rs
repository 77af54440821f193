//! The icons, drawn as vector paths on a 24 x 24 design grid (our own drawings; no art
//! from the printed game). Each takes the centre and the side of its square box.
//!
//! Shapes carry the meaning, colours only help: attack is a sword, defense a shield,
//! activation a lightning bolt, summoning a plus disc; the battle styles are a burst
//! (BOLD), a tower (GUARDED) and a spiral (TRICKY).

use super::canvas::{Canvas, Col, rgb};
use crate::game::pack::Style;
use tiny_skia::{Path, PathBuilder, Transform};

pub const ATTACK: Col = rgb(0xc62828);
pub const DEFENSE: Col = rgb(0x1e5fae);
pub const ACTIVATION: Col = rgb(0xe0a000);
pub const SUMMON: Col = rgb(0x6f42c1);
pub const GEM: Col = rgb(0x1fb5c9);
pub const GEM_DOWN: Col = rgb(0x8d939b);
pub const OUTLINE: Col = rgb(0x1d1b22);
pub const GOLD: Col = rgb(0xe8b423);

pub fn style_color(s: Style) -> Col {
    match s {
        Style::Bold => rgb(0xe0531f),
        Style::Guarded => rgb(0x2f8a5f),
        Style::Tricky => rgb(0x8e44ad),
    }
}

/// Draws icon `tag` at (`cx`, `cy`) of side `size` in `fill` once per place and ground
/// (`Canvas::memo`): the same icon recurs at the same places of every board and hand,
/// and its anti-aliased paths cost far more than copying its pixels. Every icon lies
/// within 0.63 of its side from its centre (the sword, drawn 1.2 times larger, with
/// its outline), whichever way it is turned.
fn remembered(
    c: &mut Canvas,
    tag: u32,
    (cx, cy, size, fill): (f32, f32, f32, Col),
    draw: impl FnOnce(&mut Canvas),
) {
    let half = 0.7 * size + 2.0;
    let key = [tag, cx.to_bits(), cy.to_bits(), size.to_bits(), fill.bits()];
    c.memo(&key, (cx - half, cy - half, 2.0 * half, 2.0 * half), draw);
}

fn grid(cx: f32, cy: f32, size: f32) -> Transform {
    let s = size / 24.0;
    Transform::from_translate(cx - 12.0 * s, cy - 12.0 * s).pre_scale(s, s)
}

fn poly(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (x, y) = points[0];
    pb.move_to(x, y);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish()
}

/// Fills a design-grid path and outlines it (the outline keeps small icons crisp on
/// any background).
fn solid(c: &mut Canvas, path: Option<Path>, t: Transform, fill: Col, outline: f32) {
    if let Some(p) = path {
        c.fill_t(&p, fill, t);
        if outline > 0.0 {
            c.stroke_t(&p, outline, OUTLINE, t);
        }
    }
}

fn sword_path() -> Option<Path> {
    let mut pb = PathBuilder::new();
    // blade
    pb.move_to(12.0, 1.0);
    pb.line_to(14.7, 4.6);
    pb.line_to(14.7, 15.0);
    pb.line_to(9.3, 15.0);
    pb.line_to(9.3, 4.6);
    pb.close();
    // cross-guard
    pb.move_to(5.8, 15.0);
    pb.line_to(18.2, 15.0);
    pb.line_to(18.2, 17.8);
    pb.line_to(5.8, 17.8);
    pb.close();
    // grip
    pb.move_to(10.6, 17.8);
    pb.line_to(13.4, 17.8);
    pb.line_to(13.4, 21.0);
    pb.line_to(10.6, 21.0);
    pb.close();
    pb.push_circle(12.0, 22.0, 1.9);
    pb.finish()
}

/// Attack: a sword, tip up and to the right.
pub fn sword(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 0, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size * 1.2).pre_rotate_at(45.0, 12.0, 12.0);
        solid(c, sword_path(), t, fill, 1.0);
    });
}

/// Defense: a heater shield with a light band.
pub fn shield(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 1, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let mut pb = PathBuilder::new();
        pb.move_to(12.0, 1.5);
        pb.line_to(21.0, 4.8);
        pb.line_to(21.0, 11.0);
        pb.cubic_to(21.0, 16.8, 17.2, 20.6, 12.0, 22.8);
        pb.cubic_to(6.8, 20.6, 3.0, 16.8, 3.0, 11.0);
        pb.line_to(3.0, 4.8);
        pb.close();
        solid(c, pb.finish(), t, fill, 1.1);
        if let Some(p) = poly(&[(11.0, 4.0), (13.0, 4.0), (13.0, 19.8), (11.0, 19.8)]) {
            c.fill_t(&p, fill.mix(rgb(0xffffff), 0.45), t);
        }
    });
}

/// Activation cost: a lightning bolt.
pub fn bolt(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 2, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let p = poly(&[
            (14.0, 1.0),
            (4.0, 13.8),
            (10.8, 13.8),
            (9.0, 23.0),
            (20.0, 9.6),
            (13.2, 9.6),
            (15.2, 1.0),
        ]);
        solid(c, p, t, fill, 1.1);
    });
}

/// Summon cost: a disc with a plus.
pub fn summon(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 3, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        solid(c, PathBuilder::from_circle(12.0, 12.0, 10.5), t, fill, 1.1);
        let p = poly(&[
            (10.4, 5.5),
            (13.6, 5.5),
            (13.6, 10.4),
            (18.5, 10.4),
            (18.5, 13.6),
            (13.6, 13.6),
            (13.6, 18.5),
            (10.4, 18.5),
            (10.4, 13.6),
            (5.5, 13.6),
            (5.5, 10.4),
            (10.4, 10.4),
        ]);
        if let Some(p) = p {
            c.fill_t(&p, rgb(0xffffff), t);
        }
    });
}

/// A crystal: a cut gem (grey when face down).
pub fn gem(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 4, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let outline = poly(&[
            (6.5, 3.0),
            (17.5, 3.0),
            (22.5, 9.0),
            (12.0, 22.5),
            (1.5, 9.0),
        ]);
        solid(c, outline, t, fill, 1.2);
        if let Some(p) = poly(&[(6.5, 3.0), (17.5, 3.0), (22.5, 9.0), (1.5, 9.0)]) {
            c.fill_t(&p, fill.mix(rgb(0xffffff), 0.45), t);
        }
        let mut pb = PathBuilder::new();
        pb.move_to(1.5, 9.0);
        pb.line_to(22.5, 9.0);
        pb.move_to(9.0, 9.0);
        pb.line_to(12.0, 22.0);
        pb.line_to(15.0, 9.0);
        if let Some(p) = pb.finish() {
            c.stroke_t(&p, 1.0, OUTLINE.alpha(150), t);
        }
    });
}

/// A five-pointed star (heroes).
pub fn star(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 5, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let pts: Vec<(f32, f32)> = (0..10)
            .map(|i| {
                let r = if i % 2 == 0 { 11.0 } else { 4.6 };
                let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                (12.0 + r * a.cos(), 12.5 + r * a.sin())
            })
            .collect();
        solid(c, poly(&pts), t, fill, 1.0);
    });
}

/// A house (home zones).
pub fn house(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 6, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let p = poly(&[
            (12.0, 2.5),
            (22.0, 11.5),
            (19.0, 11.5),
            (19.0, 21.0),
            (5.0, 21.0),
            (5.0, 11.5),
            (2.0, 11.5),
        ]);
        solid(c, p, t, fill, 1.1);
        if let Some(p) = poly(&[(10.0, 14.0), (14.0, 14.0), (14.0, 21.0), (10.0, 21.0)]) {
            c.fill_t(&p, OUTLINE, t);
        }
    });
}

/// Two crossed swords (a battle).
pub fn crossed_swords(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 7, (cx, cy, size, fill), |c| {
        for angle in [45.0, -45.0] {
            let t = grid(cx, cy, size * 1.1).pre_rotate_at(angle, 12.0, 12.0);
            solid(c, sword_path(), t, fill, 1.0);
        }
    });
}

/// A bold cross (a unit that fell).
pub fn cross(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 8, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size).pre_rotate_at(45.0, 12.0, 12.0);
        let p = poly(&[
            (9.8, 2.0),
            (14.2, 2.0),
            (14.2, 9.8),
            (22.0, 9.8),
            (22.0, 14.2),
            (14.2, 14.2),
            (14.2, 22.0),
            (9.8, 22.0),
            (9.8, 14.2),
            (2.0, 14.2),
            (2.0, 9.8),
            (9.8, 9.8),
        ]);
        solid(c, p, t, fill, 1.0);
    });
}

/// A triangle pointing right ("this one").
pub fn play(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 9, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        let p = poly(&[(5.0, 3.0), (21.0, 12.0), (5.0, 21.0)]);
        if let Some(p) = p {
            c.fill_t(&p, fill, t);
        }
    });
}

/// A seat's badge in `fill`: a disc with 1 for player one, a square with 2 for player
/// two, so that two players' things differ in shape and number, not only in colour.
pub fn seat(c: &mut Canvas, seat: u8, cx: f32, cy: f32, d: f32, fill: Col) {
    let tag = 20 + seat as u32;
    remembered(c, tag, (cx, cy, d, fill), |c| {
        let white = rgb(0xffffff);
        let r = d / 2.0;
        if seat == 0 {
            c.circle(cx, cy, r, fill);
            c.circle_stroke(cx, cy, r, 2.0, white);
        } else {
            c.round_rect(cx - r, cy - r, d, d, d * 0.15, fill);
            c.round_rect_stroke(cx - r, cy - r, d, d, d * 0.15, 2.0, white);
        }
        // A mark rather than a text to read: drawn without a box, like a card's numbers.
        let digit = (seat + 1).to_string();
        let size = d * 0.72;
        let w = super::canvas::measure(&digit, super::canvas::Face::Bold, size);
        c.raw_text(
            &digit,
            cx - w / 2.0,
            cy + d * 0.27,
            super::canvas::Face::Bold,
            size,
            white,
        );
    });
}

/// Three cards fanned one behind the other: the units under a squad's top one.
pub fn stack(c: &mut Canvas, cx: f32, cy: f32, size: f32, fill: Col) {
    remembered(c, 10, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        for (x, y) in [(9.0, 1.5), (6.0, 3.5), (3.0, 5.5)] {
            if let Some(p) = super::canvas::rounded_rect(x, y, 12.0, 17.0, 2.0) {
                c.fill_t(&p, fill, t);
                c.stroke_t(&p, 1.1, OUTLINE, t);
            }
        }
    });
}

/// BOLD: an eight-pointed burst.
fn bold(c: &mut Canvas, t: Transform, fill: Col) {
    let pts: Vec<(f32, f32)> = (0..16)
        .map(|i| {
            let r = if i % 2 == 0 { 11.5 } else { 5.2 };
            let a = std::f32::consts::PI * (i as f32 / 8.0 - 0.5);
            (12.0 + r * a.cos(), 12.0 + r * a.sin())
        })
        .collect();
    solid(c, poly(&pts), t, fill, 1.0);
}

/// GUARDED: a tower with battlements.
fn guarded(c: &mut Canvas, t: Transform, fill: Col) {
    let p = poly(&[
        (3.5, 2.5),
        (7.5, 2.5),
        (7.5, 6.0),
        (10.0, 6.0),
        (10.0, 2.5),
        (14.0, 2.5),
        (14.0, 6.0),
        (16.5, 6.0),
        (16.5, 2.5),
        (20.5, 2.5),
        (20.5, 10.0),
        (18.5, 11.5),
        (18.5, 21.5),
        (5.5, 21.5),
        (5.5, 11.5),
        (3.5, 10.0),
    ]);
    solid(c, p, t, fill, 1.0);
    if let Some(p) = super::canvas::rounded_rect(9.5, 13.5, 5.0, 8.0, 2.4) {
        c.fill_t(&p, OUTLINE, t);
    }
}

/// TRICKY: a spiral.
fn tricky(c: &mut Canvas, t: Transform, fill: Col) {
    let mut pb = PathBuilder::new();
    let turns = 2.4;
    let steps = 48;
    for i in 0..=steps {
        let f = i as f32 / steps as f32;
        let a = f * turns * std::f32::consts::TAU;
        let r = 1.0 + 9.6 * f;
        let (x, y) = (12.0 + r * a.cos(), 12.0 + r * a.sin());
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    if let Some(p) = pb.finish() {
        c.stroke_t(&p, 4.6, OUTLINE, t);
        c.stroke_t(&p, 2.6, fill, t);
    }
}

/// The icon of a battle style, in its colour.
pub fn style(c: &mut Canvas, s: Style, cx: f32, cy: f32, size: f32) {
    let fill = style_color(s);
    remembered(c, 30 + s as u32, (cx, cy, size, fill), |c| {
        let t = grid(cx, cy, size);
        match s {
            Style::Bold => bold(c, t, fill),
            Style::Guarded => guarded(c, t, fill),
            Style::Tricky => tricky(c, t, fill),
        }
    });
}

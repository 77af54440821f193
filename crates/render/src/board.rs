//! The board image, from the spectator's view.
//!
//! Layout (1600x1000, landscape, to fill Discord's inline box of about 550x350): a
//! header with whose move it is; the diamond laid on its side, player one's home at
//! the left end and player two's at the right, the zones in columns by their distance
//! from player one's home (the default board's 1/2/3/2/1); at each player's end, in the
//! corners the diamond leaves free, that player's panel and hand above the home, the
//! collected crystals below it, the piles and half of the legend one column in; the
//! initiative track along the bottom edge, then the crystals for sale and the last
//! log lines.

use super::canvas::{Align, Canvas, Col, Face, Style, Target, WHITE, rgb};
use super::{RenderError, Table, ends, icons, words};
use crate::game::board::ZoneKind;
use crate::game::pack::{CardDef, Rank};
use crate::game::view::{CardView, View};
use crate::game::{Question, Rules};
use crate::i18n::{messages::images as m, names, questions};

/// The canvas: landscape, close to the 550x350 box in which Discord shows an image
/// inline, so the whole box is used (scale 0.34; 28-pixel text shows at about 9.6).
pub const WIDTH: u32 = 1600;
pub const HEIGHT: u32 = 1000;
const W: f32 = WIDTH as f32;
const M: f32 = 12.0;
const GAP: f32 = 10.0;
const HEADER_H: f32 = 68.0;
const BOARD_TOP: f32 = 76.0;
const BOARD_H: f32 = 752.0;
const TRACK_Y: f32 = BOARD_TOP + BOARD_H + 8.0;
const TRACK_H: f32 = 38.0;
const MARKET_Y: f32 = TRACK_Y + TRACK_H + 8.0;
const MARKET_H: f32 = 54.0;
const CAPTION_Y: f32 = MARKET_Y + MARKET_H + 24.0;
const CAPTION_LINES: usize = 2;
/// A zone's header line, above its two squad slots.
const ZONE_LABEL_H: f32 = 28.0;
/// The widest a zone's battle tag may be.
const TAG_MAX: f32 = 80.0;

pub(super) fn bold(size: f32, c: Col) -> Style {
    Style::new(Face::Bold, size, c)
}
pub(super) fn regular(size: f32, c: Col) -> Style {
    Style::new(Face::Regular, size, c)
}

pub(super) fn def<'r>(rules: &'r Rules, c: &CardView) -> &'r CardDef {
    &rules.pack.cards[c.kind as usize]
}

/// Zone boxes: the diamond laid on its side. Columns by distance from player one's home
/// (player one's home at the left end, player two's at the right), the zones of a
/// column in board order from the top, each column centred vertically.
struct Layout {
    col_w: f32,
    zone_h: f32,
    /// Top-left corner of each zone box.
    pos: Vec<(f32, f32)>,
    /// Each zone's column (its distance from player one's home).
    col: Vec<usize>,
    cols: usize,
}

/// A free rectangle of the board area (beside the shorter columns).
#[derive(Clone, Copy)]
pub(super) struct Spot {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Layout {
    /// The free space above (`above`) or below the zones of column `col`.
    fn spot(&self, col: usize, above: bool) -> Spot {
        let x = M + col as f32 * (self.col_w + GAP);
        let ys = (0..self.pos.len())
            .filter(|&z| self.col[z] == col)
            .map(|z| self.pos[z].1);
        let (top, bottom) = ys.fold((BOARD_TOP + BOARD_H, BOARD_TOP), |(t, b), y| {
            (t.min(y - GAP), b.max(y + self.zone_h + GAP))
        });
        let (y, h) = if above {
            (BOARD_TOP, top - BOARD_TOP)
        } else {
            (bottom, BOARD_TOP + BOARD_H - bottom)
        };
        Spot {
            x,
            y,
            w: self.col_w,
            h: h.max(0.0),
        }
    }
}

fn layout(rules: &Rules) -> Layout {
    let board = &rules.board;
    let n = board.zones.len();
    // Distance of each zone from player one's home, by breadth-first search.
    let mut dist = vec![usize::MAX; n];
    let start = board.homes[0] as usize;
    dist[start] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(z) = queue.pop_front() {
        for j in 0..n {
            if board.adjacent[z] & (1 << j) != 0 && dist[j] == usize::MAX {
                dist[j] = dist[z] + 1;
                queue.push_back(j);
            }
        }
    }
    let far = dist
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    for d in dist.iter_mut() {
        if *d == usize::MAX {
            *d = far;
        }
    }
    let cols = far + 1;
    let tallest = (0..cols)
        .map(|c| dist.iter().filter(|&&d| d == c).count())
        .max()
        .unwrap_or(1)
        .max(1);
    let col_w = (W - 2.0 * M - GAP * (cols as f32 - 1.0)) / cols as f32;
    let zone_h = (BOARD_H - GAP * (tallest as f32 - 1.0)) / tallest as f32;
    let mut pos = vec![(0.0, 0.0); n];
    for d in 0..cols {
        let members: Vec<usize> = (0..n).filter(|&z| dist[z] == d).collect();
        let k = members.len() as f32;
        let total = k * zone_h + (k - 1.0) * GAP;
        let y0 = BOARD_TOP + (BOARD_H - total) / 2.0;
        let x = M + d as f32 * (col_w + GAP);
        for (i, &z) in members.iter().enumerate() {
            pos[z] = (x, y0 + i as f32 * (zone_h + GAP));
        }
    }
    Layout {
        col_w,
        zone_h,
        pos,
        col: dist,
        cols,
    }
}

fn question(t: &Table, q: &Question) -> String {
    let zone = |z: u8| words::zone_label(t, z);
    let asked = questions::question(t.lang, q);
    match q {
        Question::Reorder { zone: z }
        | Question::DiscardDown { zone: z, .. }
        | Question::Move { zone: z }
        | Question::Battle { zone: z } => m::question_in_zone(t.lang, asked, zone(*z)),
        _ => asked,
    }
}

fn header(c: &mut Canvas, t: &Table, v: &View) {
    let th = t.theme;
    let lang = t.lang;
    c.rect(0.0, 0.0, W, HEADER_H, th.ink);
    let name = |s: u8| t.names[s as usize];
    let title = match v.winner {
        Some(s) => m::winner(lang, name(s)),
        None if v.turn == 0 => m::setting_up(lang),
        // Whoever must answer now comes first: a battle's defender or a "you may draw"
        // is the other player's question in the active player's turn, and "Max to
        // move" over a board that pings Ana sent her looking for what to do.
        None => match v.pending.seats.as_slice() {
            [s] if *s != v.active => m::turn_to_answer(lang, v.turn, name(*s), name(v.active)),
            [_, _] => m::turn_both_answer(lang, v.turn, name(v.active)),
            _ => m::turn_to_move(lang, v.turn, name(v.active)),
        },
    };
    let right_w = 360.0;
    let left_w = W - 3.0 * M - right_w;
    c.text(
        &title,
        M,
        35.0,
        left_w,
        bold(34.0, WHITE).shrink(24.0),
        Align::Left,
    );
    let who = match v.pending.seats.as_slice() {
        [a, _] if v.winner.is_none() => m::two_names(lang, name(*a), name(1 - *a)),
        [a] if v.winner.is_none() => name(*a).to_string(),
        _ => String::new(),
    };
    let waiting = if who.is_empty() {
        m::match_over(lang)
    } else {
        m::waiting(lang, who, question(t, &v.pending.question))
    };
    c.text(
        &waiting,
        M,
        60.0,
        left_w,
        regular(21.0, rgb(0xf3e6bd)).shrink(16.0),
        Align::Left,
    );
    // Initiative in words, right-aligned (the track at the bottom shows it too).
    let line1 = m::initiative(lang, v.token.unsigned_abs());
    let line2 = match v.token {
        0 => m::initiative_neutral(lang),
        tok => m::initiative_side(lang, words::player(lang, if tok > 0 { 0 } else { 1 })),
    };
    c.text(
        &line1,
        W - M,
        33.0,
        right_w,
        bold(28.0, WHITE),
        Align::Right,
    );
    c.text(
        &line2,
        W - M,
        60.0,
        right_w,
        regular(21.0, rgb(0xf3e6bd)).shrink(16.0),
        Align::Right,
    );
}

/// One squad: the top unit's name and stats, and the units under it. The owner's
/// strip (clan colour and a pointer) is on the side of the owner's end of the board.
#[allow(clippy::too_many_arguments)]
fn squad(c: &mut Canvas, t: &Table, x: f32, y: f32, w: f32, h: f32, seat: u8, cards: &[CardView]) {
    let th = t.theme;
    let rules = t.rules;
    let top = def(rules, &cards[0]);
    let clan = th.clan(rules, top.clan);
    let under = cards.len() - 1;
    let left = seat == 0;
    // The stack: one card edge per unit under the top one, away from the owner.
    let edge = 4.0;
    let edges = under.min(3);
    let stack_w = edges as f32 * edge;
    let cw = w - stack_w;
    let cx = if left { x } else { x + stack_w };
    for i in (0..edges).rev() {
        let dx = (i + 1) as f32 * edge;
        let bx = if left { cx + dx } else { cx - dx };
        c.round_rect(bx, y + 2.0, cw, h - 2.0, 7.0, clan.mix(WHITE, 0.35));
        c.round_rect_stroke(bx, y + 2.0, cw, h - 2.0, 7.0, 1.2, clan.mix(th.ink, 0.4));
    }
    c.round_rect(cx, y, cw, h, 7.0, th.panel);
    c.round_rect_stroke(cx, y, cw, h, 7.0, 1.5, clan.mix(th.ink, 0.3));
    let strip = 16.0;
    let sx = if left { cx } else { cx + cw - strip };
    if let Some(p) = super::canvas::rounded_rect(sx, y, strip, h, 7.0) {
        c.fill(&p, clan);
    }
    // Square off the strip's inner corners.
    let inner = if left { sx + strip - 7.0 } else { sx };
    c.rect(inner, y + 0.75, 7.0, h - 1.5, clan);
    icons::pointer(c, sx + strip / 2.0, y + h / 2.0, 15.0, left, WHITE);

    let tx = if left { cx + strip + 7.0 } else { cx + 7.0 };
    let tw = cw - strip - 12.0;
    let mut nx = tx;
    if top.rank == Rank::Hero {
        icons::star(c, nx + 9.0, y + 21.0, 20.0, icons::GOLD);
        nx += 21.0;
    }
    c.text(
        names::card(t.lang, top),
        nx,
        y + 31.0,
        tw - (nx - tx),
        bold(28.0, th.ink).shrink(17.0),
        Align::Left,
    );
    // Stats: sword attack, shield defense, bolt activation.
    let sy = y + 66.0;
    let mut px = tx;
    for (kind, value) in [(0, top.attack), (1, top.defense), (2, top.activation)] {
        match kind {
            0 => icons::sword(c, px + 13.0, sy - 10.0, 27.0, icons::ATTACK),
            1 => icons::shield(c, px + 13.0, sy - 10.0, 26.0, icons::DEFENSE),
            _ => icons::bolt(c, px + 13.0, sy - 10.0, 26.0, icons::ACTIVATION),
        }
        let adv = c.text(
            &value.to_string(),
            px + 29.0,
            sy,
            52.0,
            bold(28.0, th.ink),
            Align::Left,
        );
        px += 29.0 + adv.max(17.0) + 14.0;
    }
    if under > 0 {
        let names: Vec<&str> = cards[1..]
            .iter()
            .map(|cv| names::card(t.lang, def(rules, cv)))
            .collect();
        c.text(
            &m::under(t.lang, under, words::counted(&names)),
            tx,
            y + h - 10.0,
            tw,
            regular(18.0, th.ink.mix(th.muted, 0.5)).shrink(14.0),
            Align::Left,
        );
    }
}

/// The zone's outline when something happens there: a battle (red, with a tag) or
/// the question's zone and the activated squad (gold).
fn zone_marks(c: &mut Canvas, v: &View, z: usize, s: Spot, gold: Col) {
    let battle_here = v.battle.as_ref().is_some_and(|b| b.zone as usize == z);
    let asked = match v.pending.question {
        Question::Reorder { zone }
        | Question::DiscardDown { zone, .. }
        | Question::Move { zone }
        | Question::Battle { zone } => zone as usize == z,
        _ => false,
    } || v.activated.is_some_and(|a| a as usize == z);
    let col = if battle_here {
        icons::ATTACK
    } else if asked {
        gold
    } else {
        return;
    };
    c.round_rect_stroke(s.x - 2.0, s.y - 2.0, s.w + 4.0, s.h + 4.0, 14.0, 4.0, col);
}

#[allow(clippy::too_many_arguments)]
fn zone(c: &mut Canvas, t: &Table, v: &View, z: usize, x: f32, y: f32, w: f32, h: f32) {
    let th = t.theme;
    let rules = t.rules;
    let info = &rules.board.zones[z];
    let fill = match (info.kind, info.seat) {
        (ZoneKind::Crystal, _) => th.crystal_zone,
        (ZoneKind::Home, Some(s)) => th.clan(rules, v.players[s as usize].clan).mix(WHITE, 0.8),
        _ => th.plain_zone,
    };
    let border = match info.kind {
        ZoneKind::Crystal => rgb(0x3a9fb0),
        _ => rgb(0xb9ae98),
    };
    c.round_rect(x, y, w, h, 12.0, fill);
    c.round_rect_stroke(x, y, w, h, 12.0, 2.0, border);
    match (info.kind, info.seat) {
        (ZoneKind::Home, Some(s)) => icons::house(
            c,
            x + 17.0,
            y + 15.0,
            20.0,
            th.clan(rules, v.players[s as usize].clan),
        ),
        (ZoneKind::Crystal, _) => icons::gem(c, x + 17.0, y + 15.0, 21.0, icons::GEM),
        _ => {}
    }
    let lx = if info.kind == ZoneKind::Plain {
        x + 10.0
    } else {
        x + 31.0
    };
    let battle_here = v.battle.as_ref().is_some_and(|b| b.zone as usize == z);
    let tag = m::battle_tag(t.lang);
    let tag_st = bold(18.0, icons::ATTACK).shrink(14.0);
    let tag_w = if battle_here {
        32.0 + super::canvas::measure(&tag, tag_st.face, tag_st.size).min(TAG_MAX)
    } else {
        0.0
    };
    let room = w - (lx - x) - 10.0 - tag_w;
    let label_st = bold(18.0, th.muted).shrink(14.0);
    let label = words::zone_label_fitted(t, z as u8, |label| {
        super::canvas::measure(label, label_st.face, label_st.min) <= room
    });
    c.text(&label, lx, y + 22.0, room, label_st, Align::Left);
    if battle_here {
        let tx = x + w - tag_w + 24.0;
        icons::crossed_swords(c, tx - 14.0, y + 15.0, 22.0, icons::ATTACK);
        c.text(&tag, tx, y + 22.0, TAG_MAX, tag_st, Align::Left);
    }
    zone_marks(c, v, z, Spot { x, y, w, h }, th.highlight);
    // Player one's squad in the upper slot, player two's in the lower; each points to
    // its owner's end.
    let slot_h = (h - ZONE_LABEL_H - 10.0) / 2.0;
    for seat in [0u8, 1] {
        let sy = y + ZONE_LABEL_H + 2.0 + seat as f32 * (slot_h + 3.0);
        let cards = &v.zones[z].squads[seat as usize];
        if !cards.is_empty() {
            squad(c, t, x + 4.0, sy, w - 8.0, slot_h, seat, cards);
        }
    }
}

/// The initiative track along the bottom edge: player one's side on the left (positive
/// tokens), player two's on the right, the neutral middle marked.
fn track(c: &mut Canvas, t: &Table, v: &View, x: f32, y: f32, w: f32, h: f32) {
    let th = t.theme;
    let len = v.track_length.max(1) as i32;
    let n = 2 * len + 1;
    let step = w / n as f32;
    c.round_rect(x, y, w, h, 9.0, rgb(0x3b3843));
    let col = |s: usize| th.clan(t.rules, v.players[s].clan);
    let x_of = |tok: i32| x + (len - tok) as f32 * step;
    for tok in -len..=len {
        let cx = x_of(tok);
        let fill = match tok {
            -1..=1 => rgb(0xf6e3a1),
            t if t < 0 => col(1).mix(WHITE, 0.55),
            _ => col(0).mix(WHITE, 0.55),
        };
        c.round_rect(cx + 1.5, y + 4.0, step - 3.0, h - 8.0, 4.0, fill);
        let n = tok.unsigned_abs();
        let style = if n % 5 == 0 {
            bold(17.0, th.ink)
        } else {
            regular(15.0, th.muted)
        };
        c.text(
            &n.to_string(),
            cx + step / 2.0,
            y + h / 2.0 + 6.0,
            step - 4.0,
            style,
            Align::Center,
        );
    }
    let tok = (v.token as i32).clamp(-len, len);
    let cx = x_of(tok) + step / 2.0;
    let r = h / 2.0 - 1.0;
    c.circle(cx, y + h / 2.0, r, th.ink);
    c.circle_stroke(cx, y + h / 2.0, r, 3.5, th.highlight);
    c.text(
        &tok.unsigned_abs().to_string(),
        cx,
        y + h / 2.0 + 7.0,
        2.0 * r - 6.0,
        bold(21.0, WHITE),
        Align::Center,
    );
}

fn market(c: &mut Canvas, t: &Table, v: &View, x: f32, y: f32, w: f32, h: f32) {
    let th = t.theme;
    let rules = t.rules;
    c.round_rect(x, y, w, h, 12.0, th.panel);
    c.round_rect_stroke(x, y, w, h, 12.0, 2.0, rgb(0x3a9fb0));
    let label_w = 130.0;
    c.text(
        &m::for_sale(t.lang),
        x + 14.0,
        y + 25.0,
        label_w - 14.0,
        bold(24.0, th.ink).shrink(17.0),
        Align::Left,
    );
    c.text(
        &m::crystal_deck(t.lang, v.crystal_deck_count),
        x + 14.0,
        y + 46.0,
        label_w - 14.0,
        regular(17.0, th.muted).shrink(13.0),
        Align::Left,
    );
    let start = x + label_w + 10.0;
    let slot_w = (x + w - 6.0 - start) / 3.0;
    for (i, &cr) in v.market.iter().take(3).enumerate() {
        let def = &rules.pack.crystals[cr as usize];
        let sx = start + i as f32 * slot_w;
        c.round_rect(sx, y + 6.0, slot_w - 8.0, h - 12.0, 10.0, th.crystal_zone);
        icons::gem(c, sx + 22.0, y + h / 2.0, 30.0, icons::GEM);
        let cost = def.cost.to_string();
        let adv = c.text(
            &cost,
            sx + 42.0,
            y + h / 2.0 + 11.0,
            52.0,
            bold(31.0, th.ink),
            Align::Left,
        );
        c.text(
            &crystal_name(t, def),
            sx + 50.0 + adv,
            y + h / 2.0 + 10.0,
            slot_w - 8.0 - 58.0 - adv,
            bold(28.0, th.ink).shrink(18.0),
            Align::Left,
        );
    }
}

/// A crystal's name in the table's language.
pub(super) fn crystal_name(t: &Table, def: &crate::game::pack::CrystalDef) -> String {
    names::crystal(t.lang, def).to_string()
}

pub fn draw(
    t: &Table,
    v: &View,
    caption: &[String],
    target: Target,
) -> Result<Canvas, RenderError> {
    if v.viewer.is_some() || v.hand.is_some() {
        return Err(RenderError::NotPublic);
    }
    let th = t.theme;
    let rules = t.rules;
    let l = layout(rules);
    let mut c = Canvas::for_target(target, WIDTH, HEIGHT, th.background);
    header(&mut c, t, v);
    for z in 0..rules.board.zones.len().min(v.zones.len()) {
        let (x, y) = l.pos[z];
        zone(&mut c, t, v, z, x, y, l.col_w, l.zone_h);
    }
    // Each player's end: above the home the player, below it the crystals; beside
    // them (one column in) the piles.
    for seat in [0u8, 1] {
        let home = l.col[rules.board.homes[seat as usize] as usize];
        let inner = if seat == 0 {
            (home + 1).min(l.cols - 1)
        } else {
            home.saturating_sub(1)
        };
        let fits = |s: &Spot, h: f32| s.h >= h && s.w >= 200.0;
        let (above, below) = (l.spot(home, true), l.spot(home, false));
        if fits(&above, 200.0) {
            ends::player_panel(&mut c, t, v, seat, above);
        }
        if fits(&below, 200.0) {
            ends::crystals_panel(&mut c, t, v, seat, below);
        }
        if inner != home {
            let above = l.spot(inner, true);
            if fits(&above, 100.0) {
                ends::piles(&mut c, t, v, seat, above);
            }
        }
    }
    track(&mut c, t, v, M, TRACK_Y, W - 2.0 * M, TRACK_H);
    market(&mut c, t, v, M, MARKET_Y, W - 2.0 * M, MARKET_H);
    let shown = caption.len().min(CAPTION_LINES);
    let lines = &caption[caption.len() - shown..];
    for (i, line) in lines.iter().enumerate() {
        let col = if i + 1 == lines.len() {
            th.ink
        } else {
            th.muted
        };
        c.text(
            line,
            M + 4.0,
            CAPTION_Y + i as f32 * 24.0,
            W - 2.0 * M - 8.0,
            regular(19.0, col).shrink(15.0),
            Align::Left,
        );
    }
    Ok(c)
}

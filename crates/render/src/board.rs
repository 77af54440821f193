//! The board image, from the spectator's view.
//!
//! Layout (1600x1000, landscape like Discord's inline box of about 550x350, which it
//! fills at a scale of 0.344): a header with whose move it is and the question asked;
//! the nine zones as a rhombus of three rows of three, each row set half a zone to the
//! right of the one below, so that two zones touch exactly when they share a border on
//! the board (player one's home at the bottom left, player two's at the top right);
//! each player's panel in the corner the rhombus leaves free on that player's side
//! (name, clan, crystals) with the hand and piles below or above it; the initiative
//! track along the bottom, then the crystals for sale.
//!
//! Readability: every text a player must read there (the header, the units' names and
//! numbers, the zones' names, the track, the market, the panels) is set at 32 pixels
//! or more, 11 pixels in the 550x350 box (`TEXT`); only a name too long for its line
//! shrinks (the longest German card names, to 28). Each player's things carry the
//! seat's badge (a disc with 1, a square with 2) besides the clan's colour.

use super::canvas::{Align, Canvas, Col, Face, Style, Target, WHITE, measure, rgb};
use super::{RenderError, Table, ends, icons, words};
use crate::game::board::ZoneKind;
use crate::game::pack::{CardDef, Rank};
use crate::game::view::{CardView, View};
use crate::game::{Question, Rules, Seat, ZoneId};
use crate::i18n::{messages::images as m, names, questions};

/// The canvas: landscape, close to the 550x350 box in which Discord shows an image
/// inline, so the whole box is used.
pub const WIDTH: u32 = 1600;
pub const HEIGHT: u32 = 1000;
/// The smallest size of a text a player must read: 11 pixels when the board is scaled
/// into Discord's 550x350 box (a scale of 0.344).
pub const TEXT: f32 = 32.0;
/// The least a name too long for its line shrinks to.
pub(super) const NAME_MIN: f32 = 28.0;
const W: f32 = WIDTH as f32;
const M: f32 = 6.0;
const GAP: f32 = 5.0;
/// The header: whose move, then what is asked. A replay's caption covers it.
pub const HEADER_H: f32 = 92.0;
const ROWS_TOP: f32 = HEADER_H + 8.0;
const MARKET_H: f32 = 60.0;
const MARKET_Y: f32 = HEIGHT as f32 - M - MARKET_H;
const TRACK_H: f32 = 48.0;
const TRACK_Y: f32 = MARKET_Y - 7.0 - TRACK_H;
const ROWS_BOTTOM: f32 = TRACK_Y - 8.0;
/// A zone's name line, above its two squads.
const LABEL_H: f32 = 46.0;
/// The pitch of a zone's name set over two lines.
const LABEL_LINE: f32 = 38.0;
/// Log lines under the board, for the tools (the bot posts the log as text).
const CAPTION_LINES: usize = 2;
const CAPTION_LINE: f32 = 40.0;

pub(super) fn bold(size: f32, c: Col) -> Style {
    Style::new(Face::Bold, size, c)
}
pub(super) fn regular(size: f32, c: Col) -> Style {
    Style::new(Face::Regular, size, c)
}

pub(super) fn def<'r>(rules: &'r Rules, c: &CardView) -> &'r CardDef {
    &rules.pack.cards[c.kind as usize]
}

/// A rectangle of the image.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spot {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// Where everything goes: a box per zone, and per seat its panel and its piles.
struct Layout {
    zones: Vec<Spot>,
    panels: [Spot; 2],
    piles: [Spot; 2],
}

/// Each zone's place (row from player one's side, column) when the board is a rhombus
/// of `n` rows of `n` zones with hex contacts: player one's home in one corner, player
/// two's in the opposite one, and zones touching exactly when the board says they are
/// adjacent. `None` for any other board.
fn rhombus(rules: &Rules) -> Option<(usize, Vec<(usize, usize)>)> {
    let board = &rules.board;
    let z = board.zones.len();
    let n = (1..=z).find(|n| n * n >= z)?;
    if n * n != z {
        return None;
    }
    // Distance from player one's home: row + column.
    let mut dist = vec![usize::MAX; z];
    let start = *board.homes.first()? as usize;
    dist[start] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(a) = queue.pop_front() {
        for b in 0..z {
            if board.adjacent[a] & (1 << b) != 0 && dist[b] == usize::MAX {
                dist[b] = dist[a] + 1;
                queue.push_back(b);
            }
        }
    }
    let touch = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
        let (dr, dc) = (r2 as i32 - r1 as i32, c2 as i32 - c1 as i32);
        matches!(
            (dr, dc),
            (0, 1) | (0, -1) | (1, 0) | (-1, 0) | (1, -1) | (-1, 1)
        )
    };
    // The zones at one distance from the home lie on a diagonal, in board order from
    // one end or from the other (a board and its mirror image).
    'order: for reversed in [false, true] {
        let mut place = vec![(0, 0); z];
        for d in 0..2 * n - 1 {
            let mut members: Vec<usize> = (0..z).filter(|&a| dist[a] == d).collect();
            if members.len() != d.min(2 * n - 2 - d) + 1 {
                return None;
            }
            if reversed {
                members.reverse();
            }
            let low = d.saturating_sub(n - 1);
            for (k, &a) in members.iter().enumerate() {
                place[a] = (low + k, d - low - k);
            }
        }
        for a in 0..z {
            for b in 0..z {
                let adjacent = a != b && board.adjacent[a] & (1 << b) != 0;
                if adjacent != (a != b && touch(place[a], place[b])) {
                    continue 'order;
                }
            }
        }
        let far = board.homes.get(1).map(|&h| place[h as usize]);
        if far == Some((n - 1, n - 1)) {
            return Some((n, place));
        }
    }
    None
}

fn layout(rules: &Rules) -> Layout {
    let n_zones = rules.board.zones.len();
    let spot = |x, y, w, h| Spot { x, y, w, h };
    match rhombus(rules) {
        Some((n, place)) => {
            // n cells a row, each row half a cell right of the one below it.
            let span = n as f32 + (n as f32 - 1.0) / 2.0;
            let pitch = (W - 2.0 * M + GAP) / span;
            let w = pitch - GAP;
            let zh = (ROWS_BOTTOM - ROWS_TOP - GAP * (n as f32 - 1.0)) / n as f32;
            let row_y = |r: usize| ROWS_TOP + (n - 1 - r) as f32 * (zh + GAP);
            let zones = place
                .iter()
                .map(|&(r, c)| {
                    let x = M + c as f32 * pitch + r as f32 * pitch / 2.0;
                    spot(x, row_y(r), w, zh)
                })
                .collect();
            // The corners the rhombus leaves free: top left for player one, bottom right
            // for player two; the piles in the half cells between panel and home.
            let corner = (n - 1) as f32 * pitch / 2.0 - GAP;
            let half = pitch / 2.0 - GAP;
            let mid = n / 2;
            let right = W - M;
            Layout {
                zones,
                panels: [
                    spot(M, row_y(n - 1), corner, zh),
                    spot(right - corner, row_y(0), corner, zh),
                ],
                piles: [
                    spot(M, row_y(mid), half.min(corner), zh),
                    spot(right - half.min(corner), row_y(mid), half.min(corner), zh),
                ],
            }
        }
        None => {
            // Any other board: its zones in board order, three a row, right of a
            // column that holds the panels and piles.
            let rows = n_zones.div_ceil(3).max(3);
            let pitch = (W - 2.0 * M + GAP) / 4.0;
            let w = pitch - GAP;
            let zh = (ROWS_BOTTOM - ROWS_TOP - GAP * (rows as f32 - 1.0)) / rows as f32;
            let row_y = |r: usize| ROWS_TOP + r as f32 * (zh + GAP);
            let zones = (0..n_zones)
                .map(|z| spot(M + (1 + z % 3) as f32 * pitch, row_y(z / 3), w, zh))
                .collect();
            let half = (w - GAP) / 2.0;
            Layout {
                zones,
                panels: [spot(M, row_y(0), w, zh), spot(M, row_y(rows - 1), w, zh)],
                piles: [
                    spot(M, row_y(1), half, zh),
                    spot(M + half + GAP, row_y(1), half, zh),
                ],
            }
        }
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

/// The header's texts, on its band (drawn with the board's ground).
fn header(c: &mut Canvas, t: &Table, v: &View) {
    let lang = t.lang;
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
    let width = W - 2.0 * M - 8.0;
    c.text(
        &title,
        M + 4.0,
        41.0,
        width,
        bold(36.0, WHITE).shrink(TEXT),
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
        M + 4.0,
        81.0,
        width,
        regular(TEXT, rgb(0xf3e6bd)),
        Align::Left,
    );
}

/// A seat's badge: a disc with 1 for player one, a square with 2 for player two, so
/// that two players' things differ in shape and number as well as in colour.
pub(super) fn badge(c: &mut Canvas, t: &Table, v: &View, seat: u8, cx: f32, cy: f32, d: f32) {
    let clan = t.theme.clan(t.rules, v.players[seat as usize & 1].clan);
    icons::seat(c, seat, cx, cy, d, clan);
}

/// One squad: the top unit's name, then the owner's badge, the top unit's attack,
/// defense and activation, how many units are under it and whether it is a hero.
#[allow(clippy::too_many_arguments)]
fn squad(c: &mut Canvas, t: &Table, v: &View, s: Spot, seat: u8, cards: &[CardView]) {
    let th = t.theme;
    let rules = t.rules;
    let top = def(rules, &cards[0]);
    let clan = th.clan(rules, top.clan);
    c.round_rect(s.x, s.y, s.w, s.h, 9.0, th.panel);
    c.round_rect_stroke(s.x, s.y, s.w, s.h, 9.0, 2.5, clan);
    let tx = s.x + 5.0;
    let tw = s.w - 10.0;
    c.text(
        names::card(t.lang, top),
        tx,
        s.y + 35.0,
        tw,
        bold(TEXT, th.ink).shrink(NAME_MIN),
        Align::Left,
    );
    let sy = s.y + s.h - 16.0;
    badge(c, t, v, seat, tx + 16.0, sy - 11.0, 32.0);
    let mut px = tx + 40.0;
    for (kind, value) in [(0, top.attack), (1, top.defense), (2, top.activation)] {
        let (ix, iy) = (px + 14.0, sy - 11.0);
        match kind {
            0 => icons::sword(c, ix, iy, 28.0, icons::ATTACK),
            1 => icons::shield(c, ix, iy, 28.0, icons::DEFENSE),
            _ => icons::bolt(c, ix, iy, 28.0, icons::ACTIVATION),
        }
        let number = value.to_string();
        let nw = measure(&number, Face::Bold, TEXT);
        c.text(
            &number,
            px + 30.0,
            sy,
            nw + 1.0,
            bold(TEXT, th.ink),
            Align::Left,
        );
        px += 30.0 + nw + 12.0;
    }
    let mut right = s.x + s.w - 6.0;
    if top.rank == Rank::Hero {
        icons::star(c, right - 15.0, sy - 11.0, 30.0, icons::GOLD);
        right -= 34.0;
    }
    // The units under the top one, counted beside a stack of cards: the words
    // ("+4 under", "+4 darunter") would not fit beside the numbers at this size.
    let under = cards.len() - 1;
    if under > 0 {
        icons::stack(c, px + 14.0, sy - 11.0, 30.0, clan.mix(WHITE, 0.35));
        let count = format!("+{under}");
        c.text(
            &count,
            px + 32.0,
            sy,
            (right - px - 32.0).max(1.0),
            bold(TEXT, th.muted),
            Align::Left,
        );
    }
}

/// The zone's outline when something happens there: a battle (red) or the question's
/// zone and the activated squad (gold).
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
    c.round_rect_stroke(s.x + 2.0, s.y + 2.0, s.w - 4.0, s.h - 4.0, 10.0, 5.0, col);
}

/// A zone's ground: its fill, hatching, border and kind's icon, which depend on the
/// board and the clans only.
struct Ground {
    fill: Col,
    border: Col,
    width: f32,
    hatched: bool,
    /// A home's house in its clan's colour, or a crystal zone's gem.
    icon: Option<(bool, Col)>,
}

fn ground(t: &Table, v: &View, z: usize) -> Ground {
    let th = t.theme;
    let rules = t.rules;
    let info = &rules.board.zones[z];
    let home_clan = info
        .seat
        .map(|seat| th.clan(rules, v.players[seat as usize & 1].clan));
    let (fill, border, width) = match (info.kind, home_clan) {
        (ZoneKind::Crystal, _) => (th.crystal_zone, rgb(0x2b8da0), 3.5),
        (ZoneKind::Home, Some(clan)) => (clan.mix(WHITE, 0.8), clan.mix(th.ink, 0.2), 2.5),
        _ => (th.plain_zone, rgb(0xb9ae98), 2.0),
    };
    let icon = match (info.kind, home_clan) {
        (ZoneKind::Home, Some(clan)) => Some((true, clan)),
        (ZoneKind::Crystal, _) => Some((false, icons::GEM)),
        _ => None,
    };
    Ground {
        fill,
        border,
        width,
        hatched: info.kind == ZoneKind::Crystal,
        icon,
    }
}

impl Ground {
    /// Everything the ground's pixels depend on, for the key of the board's ground.
    fn key(&self, s: Spot) -> [u32; 10] {
        let (house, icon) = self.icon.unwrap_or((false, self.fill));
        [
            s.x.to_bits(),
            s.y.to_bits(),
            s.w.to_bits(),
            s.h.to_bits(),
            self.width.to_bits(),
            self.fill.bits(),
            self.border.bits(),
            icon.bits(),
            self.hatched as u32 | (house as u32) << 1,
            self.icon.is_some() as u32,
        ]
    }

    fn draw(&self, c: &mut Canvas, s: Spot) {
        let (fill, border, width) = (self.fill, self.border, self.width);
        c.round_rect(s.x, s.y, s.w, s.h, 12.0, fill);
        if self.hatched {
            // Hatched, so a crystal zone differs from a field in more than its hue (a
            // home of a blue or purple clan is as pale a blue to a deuteranope).
            hatch(c, s, 22.0, border.alpha(46));
        }
        c.round_rect_stroke(s.x, s.y, s.w, s.h, 12.0, width, border);
        let (lx, ly) = (s.x + 10.0, s.y + 35.0);
        match self.icon {
            Some((true, clan)) => icons::house(c, lx + 13.0, ly - 11.0, 28.0, clan),
            Some((false, gem)) => icons::gem(c, lx + 13.0, ly - 11.0, 28.0, gem),
            None => {}
        }
    }
}

/// A zone over its ground (drawn with the board's, `draw`).
fn zone(c: &mut Canvas, t: &Table, v: &View, z: usize, s: Spot, icon: bool) {
    let th = t.theme;
    let ly = s.y + 35.0;
    let lx = s.x + 10.0;
    let lx = if icon { lx + 32.0 } else { lx };
    let room = s.x + s.w - 8.0 - lx;
    let squads = v.zones[z].squads.iter().filter(|q| !q.is_empty()).count();
    let (label, lines) = zone_name(t, z as u8, room, squads <= 1);
    let label_st = bold(TEXT, th.ink).shrink(NAME_MIN);
    c.wrapped(&label, lx, 0.0, ly, room, LABEL_LINE, label_st, lines);
    // A battle's swords after a one-line name where they fit; the red outline says it
    // anyway.
    let battle_here = v.battle.as_ref().is_some_and(|b| b.zone as usize == z);
    let used = measure(&label, label_st.face, label_st.size);
    if battle_here && lines == 1 && lx + used + 44.0 <= s.x + s.w - 6.0 {
        icons::crossed_swords(c, lx + used + 24.0, ly - 11.0, 34.0, icons::ATTACK);
    }
    zone_marks(c, v, z, s, th.highlight);
    // Player one's squad in the upper slot, player two's in the lower; a lone squad
    // under a name of two lines comes right after it.
    let slot_h = (s.h - LABEL_H - 10.0) / 2.0;
    for seat in [0u8, 1] {
        let cards = &v.zones[z].squads[seat as usize];
        if !cards.is_empty() {
            let sy = if lines > 1 {
                s.y + LABEL_H + LABEL_LINE
            } else {
                s.y + LABEL_H + seat as f32 * (slot_h + 4.0)
            };
            let slot = Spot {
                x: s.x + 3.0,
                y: sy,
                w: s.w - 6.0,
                h: slot_h,
            };
            squad(c, t, v, slot, seat, cards);
        }
    }
}

/// Lines at 45 degrees `gap` apart across `s`, kept clear of its rounded corners.
fn hatch(c: &mut Canvas, s: Spot, gap: f32, col: Col) {
    let inset = 5.0;
    let (x0, y0) = (s.x + inset, s.y + inset);
    let (x1, y1) = (s.x + s.w - inset, s.y + s.h - inset);
    // Each line x - y = k, clipped to the box.
    let mut k = x0 - y1 + gap;
    while k < x1 - y0 {
        let (ax, ay) = ((y0 + k).max(x0), (x0 - k).max(y0));
        let (bx, by) = ((y1 + k).min(x1), (x1 - k).min(y1));
        if bx > ax + 8.0 {
            c.line(ax, ay, bx, by, 2.0, col);
        }
        k += gap;
    }
}

/// A zone's one name for a line `room` wide at the readable size, and how many lines
/// it takes: one where it fits whole; else two where the zone has room for them
/// (`two`: it holds one squad at most; a German home's name is longer than any zone is
/// wide); else one with a home's owner shortened, shrinking as a last resort.
fn zone_name(t: &Table, z: u8, room: f32, two: bool) -> (String, usize) {
    let fits = |l: &str, size: f32| measure(l, Face::Bold, size) <= room;
    let in_two = |l: &str| {
        let lines = super::lines::break_lines(l, Face::Bold, TEXT, room, room);
        lines.len() <= 2 && lines.iter().all(|(line, _)| fits(line, TEXT))
    };
    let full = words::zone_label(t, z);
    if fits(&full, TEXT) {
        return (full, 1);
    }
    if two && in_two(&full) {
        return (full, 2);
    }
    let one = words::zone_label_fitted(t, z, |l| fits(l, TEXT));
    if fits(&one, TEXT) {
        return (one, 1);
    }
    if two {
        return (words::zone_label_fitted(t, z, in_two), 2);
    }
    (words::zone_label_fitted(t, z, |l| fits(l, NAME_MIN)), 1)
}

/// The initiative track along the bottom: player one's side on the left (positive
/// tokens), player two's on the right, each end with its player's badge; the numbers
/// every five spaces, the neutral middle pale, the token a disc with its number.
fn track(c: &mut Canvas, t: &Table, v: &View, s: Spot) {
    let th = t.theme;
    let len = v.track_length.max(1) as i32;
    let ends = 52.0;
    c.round_rect(s.x, s.y, s.w, s.h, 10.0, rgb(0x3b3843));
    let mid = s.y + s.h / 2.0;
    badge(c, t, v, 0, s.x + ends / 2.0, mid, 36.0);
    badge(c, t, v, 1, s.x + s.w - ends / 2.0, mid, 36.0);
    let x0 = s.x + ends;
    let step = (s.w - 2.0 * ends) / (2 * len + 1) as f32;
    let col = |seat: usize| th.clan(t.rules, v.players[seat].clan);
    let x_of = |tok: i32| x0 + (len - tok) as f32 * step;
    let token = (v.token as i32).clamp(-len, len);
    for tok in -len..=len {
        let cx = x_of(tok);
        let fill = match tok {
            -1..=1 => rgb(0xf6e3a1),
            t if t < 0 => col(1).mix(WHITE, 0.6),
            _ => col(0).mix(WHITE, 0.6),
        };
        c.round_rect(cx + 1.0, s.y + 5.0, step - 2.0, s.h - 10.0, 4.0, fill);
        if tok % 5 == 0 && tok != token {
            c.text(
                &tok.unsigned_abs().to_string(),
                cx + step / 2.0,
                mid + 11.5,
                3.0 * step,
                bold(TEXT, th.ink),
                Align::Center,
            );
        }
    }
    let cx = x_of(token) + step / 2.0;
    let r = s.h / 2.0 + 3.0;
    c.circle(cx, mid, r, th.ink);
    c.circle_stroke(cx, mid, r, 4.0, th.highlight);
    c.text(
        &token.unsigned_abs().to_string(),
        cx,
        mid + 11.5,
        2.0 * r - 8.0,
        bold(TEXT, WHITE),
        Align::Center,
    );
}

/// The crystals for sale, each with its price.
fn market(c: &mut Canvas, t: &Table, v: &View, s: Spot) {
    let th = t.theme;
    let rules = t.rules;
    c.round_rect(s.x, s.y, s.w, s.h, 12.0, th.panel);
    c.round_rect_stroke(s.x, s.y, s.w, s.h, 12.0, 2.5, rgb(0x2b8da0));
    let label_w = 150.0;
    c.text(
        &m::for_sale(t.lang),
        s.x + 12.0,
        s.y + s.h / 2.0 + 11.5,
        label_w - 12.0,
        bold(TEXT, th.ink).shrink(NAME_MIN),
        Align::Left,
    );
    let start = s.x + label_w + 6.0;
    let slot_w = (s.x + s.w - 4.0 - start) / 3.0;
    for (i, &cr) in v.market.iter().take(3).enumerate() {
        let def = &rules.pack.crystals[cr as usize];
        let sx = start + i as f32 * slot_w;
        let (sy, sh) = (s.y + 5.0, s.h - 10.0);
        c.round_rect(sx, sy, slot_w - 6.0, sh, 9.0, th.crystal_zone);
        icons::gem(c, sx + 22.0, sy + sh / 2.0, 32.0, icons::GEM);
        let baseline = sy + sh / 2.0 + 11.5;
        let cost = def.cost.to_string();
        let cw = measure(&cost, Face::Bold, TEXT);
        c.text(
            &cost,
            sx + 44.0,
            baseline,
            cw + 1.0,
            bold(TEXT, th.ink),
            Align::Left,
        );
        let nx = sx + 44.0 + cw + 12.0;
        c.text(
            &crystal_name(t, def),
            nx,
            baseline,
            sx + slot_w - 14.0 - nx,
            bold(TEXT, th.ink).shrink(NAME_MIN),
            Align::Left,
        );
    }
}

/// A crystal's name in the table's language.
pub(super) fn crystal_name(t: &Table, def: &crate::game::pack::CrystalDef) -> String {
    names::crystal(t.lang, def).to_string()
}

/// What a lesson is about, pointed at on the board (`/clans learn`): each part gets a
/// thick outline in the ink colour on a white halo, which no clan colour, zone, gold
/// or battle red can be mistaken for (in any colour vision) and which reads on the pale
/// zones and on the dark track alike, drawn over whatever is there. The alt text names
/// the same parts (`alt::marks`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    pub zones: Vec<ZoneId>,
    /// The initiative track.
    pub track: bool,
    /// The crystals for sale.
    pub market: bool,
    /// Players' corners: the panel (name, crystals) and the piles under it.
    pub players: Vec<Seat>,
}

impl Marks {
    pub fn is_empty(&self) -> bool {
        *self == Marks::default()
    }
}

fn mark(c: &mut Canvas, ink: Col, s: Spot) {
    let grow = 3.0;
    let (x, y, w, h) = (s.x - grow, s.y - grow, s.w + 2.0 * grow, s.h + 2.0 * grow);
    c.round_rect_stroke(x, y, w, h, 14.0, 22.0, WHITE);
    c.round_rect_stroke(x, y, w, h, 14.0, 13.0, ink);
}

/// The board; `caption` (log lines, for the tools: the bot posts the log as text)
/// adds a band under it with the last two; `marks` outlines what a lesson is about.
pub fn draw(
    t: &Table,
    v: &View,
    caption: &[String],
    marks: &Marks,
    target: Target,
) -> Result<Canvas, RenderError> {
    if v.viewer.is_some() || v.hand.is_some() {
        return Err(RenderError::NotPublic);
    }
    let th = t.theme;
    let rules = t.rules;
    let l = layout(rules);
    let shown = caption.len().min(CAPTION_LINES);
    let height = HEIGHT as f32
        + if shown > 0 {
            shown as f32 * CAPTION_LINE + 6.0
        } else {
            0.0
        };
    // What does not change in a match (the header's band, the zones' grounds) is
    // drawn once per board and clans and copied (`Canvas::grounded`): the crystal
    // zones' hatching alone, 45-degree anti-aliased lines, took a quarter of a board's
    // draw+encode. Each zone's ground lies inside its box, where nothing else is
    // drawn before it, so drawing it first changes no pixel.
    let zones: Vec<(Spot, Ground)> = (l.zones.iter().enumerate().take(v.zones.len()))
        .map(|(z, &s)| (s, ground(t, v, z)))
        .collect();
    let mut key = vec![th.background.bits(), th.ink.bits(), height as u32];
    for (s, g) in &zones {
        key.extend(g.key(*s));
    }
    let mut c = Canvas::grounded(target, (WIDTH, height as u32), th.background, &key, |c| {
        c.rect(0.0, 0.0, W, HEADER_H, th.ink);
        for (s, g) in &zones {
            g.draw(c, *s);
        }
    });
    header(&mut c, t, v);
    for (z, (s, g)) in zones.iter().enumerate() {
        zone(&mut c, t, v, z, *s, g.icon.is_some());
    }
    for seat in [0u8, 1] {
        ends::player_panel(&mut c, t, v, seat, l.panels[seat as usize]);
        ends::piles(&mut c, t, v, seat, l.piles[seat as usize]);
    }
    let wide = |y, h| Spot {
        x: M,
        y,
        w: W - 2.0 * M,
        h,
    };
    track(&mut c, t, v, wide(TRACK_Y, TRACK_H));
    market(&mut c, t, v, wide(MARKET_Y, MARKET_H));
    for &z in &marks.zones {
        if let Some(&s) = l.zones.get(z as usize) {
            mark(&mut c, th.ink, s);
        }
    }
    for &seat in &marks.players {
        let (p, q) = (l.panels[seat as usize & 1], l.piles[seat as usize & 1]);
        let (top, bottom) = (p.y.min(q.y), (p.y + p.h).max(q.y + q.h));
        mark(
            &mut c,
            th.ink,
            Spot {
                x: p.x.min(q.x),
                y: top,
                w: (p.x + p.w).max(q.x + q.w) - p.x.min(q.x),
                h: bottom - top,
            },
        );
    }
    if marks.track {
        mark(&mut c, th.ink, wide(TRACK_Y, TRACK_H));
    }
    if marks.market {
        mark(&mut c, th.ink, wide(MARKET_Y, MARKET_H));
    }
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
            HEIGHT as f32 + (i + 1) as f32 * CAPTION_LINE - 8.0,
            W - 2.0 * M - 8.0,
            regular(30.0, col).shrink(20.0),
            Align::Left,
        );
    }
    Ok(c)
}

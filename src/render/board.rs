//! The board image, from the spectator's view.
//!
//! Layout (1000 pixels wide, player two at the top as on the printed board): a header
//! with whose move it is; the zones in rows by their distance from player one's home
//! (the default board's 1/2/3/2/1 diamond); in the corners beside each home that
//! player's panel, collected crystals, draw and discard piles; the initiative track down
//! the right edge; the crystals for sale, the last log lines and a legend at the bottom.

use super::canvas::{Align, Canvas, Col, Face, Style, WHITE, rgb};
use super::{RenderError, Table, icons, words};
use crate::game::board::ZoneKind;
use crate::game::pack::{CardDef, Rank};
use crate::game::view::{CardView, View};
use crate::game::{Question, Rules};

pub const WIDTH: u32 = 1000;
const M: f32 = 14.0;
const GAP: f32 = 12.0;
const TRACK_W: f32 = 60.0;
const ZONE_H: f32 = 206.0;
const TOP: f32 = 80.0;
const SLOT_H: f32 = 84.0;

pub(super) fn bold(size: f32, c: Col) -> Style {
    Style::new(Face::Bold, size, c)
}
pub(super) fn regular(size: f32, c: Col) -> Style {
    Style::new(Face::Regular, size, c)
}

pub(super) fn def<'r>(rules: &'r Rules, c: &CardView) -> &'r CardDef {
    &rules.pack.cards[c.kind as usize]
}

struct Layout {
    zone_w: f32,
    /// Top-left corner of each zone box.
    pos: Vec<(f32, f32)>,
    rows: usize,
    board_w: f32,
    bottom: f32,
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
    let rows = far + 1;
    let board_w = WIDTH as f32 - 2.0 * M - TRACK_W - GAP;
    let widest = (0..rows)
        .map(|r| dist.iter().filter(|&&d| d == r).count())
        .max()
        .unwrap_or(1)
        .max(3);
    let zone_w = (board_w - GAP * (widest as f32 - 1.0)) / widest as f32;
    let zone_h = ZONE_H;
    let mut pos = vec![(0.0, 0.0); n];
    for d in 0..rows {
        let members: Vec<usize> = (0..n).filter(|&z| dist[z] == d).collect();
        let k = members.len() as f32;
        let total = k * zone_w + (k - 1.0) * GAP;
        let x0 = M + (board_w - total) / 2.0;
        let row = rows - 1 - d;
        let y = TOP + row as f32 * (zone_h + GAP);
        for (i, &z) in members.iter().enumerate() {
            pos[z] = (x0 + i as f32 * (zone_w + GAP), y);
        }
    }
    Layout {
        zone_w,
        pos,
        rows,
        board_w,
        bottom: TOP + rows as f32 * (zone_h + GAP) - GAP,
    }
}

pub(super) fn seat_word(seat: u8) -> &'static str {
    if seat == 0 { "Player 1" } else { "Player 2" }
}

fn question(t: &Table, q: &Question) -> String {
    let zone = |z: u8| {
        t.rules
            .board
            .zones
            .get(z as usize)
            .map(|z| z.id.clone())
            .unwrap_or_default()
    };
    match q {
        Question::Reorder { zone: z }
        | Question::DiscardDown { zone: z, .. }
        | Question::Move { zone: z }
        | Question::Battle { zone: z } => format!("{} in {}", q.describe(), zone(*z)),
        _ => q.describe().to_string(),
    }
}

fn header(c: &mut Canvas, t: &Table, v: &View) {
    let th = t.theme;
    let w = c.width();
    c.rect(0.0, 0.0, w, TOP - 8.0, th.ink);
    let name = |s: u8| t.names[s as usize];
    let title = match v.winner {
        Some(s) => format!("{} wins the match!", name(s)),
        None if v.turn == 0 => "Setting up".to_string(),
        None => format!("Turn {} · {} to move", v.turn, name(v.active)),
    };
    let right_w = 300.0;
    c.text(
        &title,
        M,
        34.0,
        w - 3.0 * M - right_w,
        bold(27.0, WHITE).shrink(20.0),
        Align::Left,
    );
    let who = match v.pending.seats.as_slice() {
        [a, _] if v.winner.is_none() => format!("{} and {}", name(*a), name(1 - *a)),
        [a] if v.winner.is_none() => name(*a).to_string(),
        _ => String::new(),
    };
    let waiting = if who.is_empty() {
        "The match is over".to_string()
    } else {
        format!("Waiting for {who}: {}", question(t, &v.pending.question))
    };
    c.text(
        &waiting,
        M,
        62.0,
        w - 3.0 * M - right_w,
        regular(20.0, rgb(0xf3e6bd)).shrink(15.0),
        Align::Left,
    );
    // Initiative in words, right-aligned.
    let (line1, line2) = match v.token {
        0 => (
            "Initiative: 0".to_string(),
            "the neutral middle".to_string(),
        ),
        tok => {
            let seat = if tok > 0 { 0 } else { 1 };
            (
                format!("Initiative: {}", tok.unsigned_abs()),
                format!("on {}'s side", seat_word(seat)),
            )
        }
    };
    c.text(
        &line1,
        w - M,
        34.0,
        right_w,
        bold(20.0, WHITE),
        Align::Right,
    );
    c.text(
        &line2,
        w - M,
        62.0,
        right_w,
        regular(20.0, rgb(0xf3e6bd)).shrink(15.0),
        Align::Right,
    );
}

/// One squad: the top unit's name and stats, and the units under it.
#[allow(clippy::too_many_arguments)]
fn squad(c: &mut Canvas, t: &Table, x: f32, y: f32, w: f32, h: f32, seat: u8, cards: &[CardView]) {
    let th = t.theme;
    let rules = t.rules;
    let top = def(rules, &cards[0]);
    let clan = th.clan(rules, top.clan);
    let under = cards.len() - 1;
    // The stack: one card edge per unit under the top one.
    let edge = 5.0;
    let stack_w = under.min(4) as f32 * edge;
    for i in (0..under.min(4)).rev() {
        let dx = (i + 1) as f32 * edge;
        let (bx, bw, bh) = (x + dx, w - stack_w, h - 2.0);
        c.round_rect(bx, y + 2.0, bw, bh, 7.0, clan.mix(WHITE, 0.35));
        c.round_rect_stroke(bx, y + 2.0, bw, bh, 7.0, 1.2, clan.mix(th.ink, 0.4));
    }
    let cw = w - stack_w;
    c.round_rect(x, y, cw, h, 7.0, th.panel);
    c.round_rect_stroke(x, y, cw, h, 7.0, 1.5, clan.mix(th.ink, 0.3));
    // Owner strip: the clan colour and a pointer to the owner's side of the board.
    let strip = 22.0;
    if let Some(p) = super::canvas::rounded_rect(x, y, strip + 7.0, h, 7.0) {
        c.fill(&p, clan);
    }
    c.rect(x + strip, y + 0.75, 7.0, h - 1.5, th.panel);
    icons::pointer(c, x + strip / 2.0, y + h / 2.0, 15.0, seat == 1, WHITE);

    let tx = x + strip + 8.0;
    let tw = cw - strip - 14.0;
    let mut nx = tx;
    if top.rank == Rank::Hero {
        icons::star(c, nx + 9.0, y + 18.0, 18.0, icons::GOLD);
        nx += 21.0;
    }
    let name_style = bold(22.0, th.ink).shrink(15.0);
    c.text(
        &words::card_name(top),
        nx,
        y + 25.0,
        tw - (nx - tx),
        name_style,
        Align::Left,
    );
    // Stats: sword attack, shield defense, bolt activation.
    let sy = y + 52.0;
    let mut sx = tx;
    let p = &top.provenance;
    for (kind, value, prov) in [
        (0, top.attack, p.attack),
        (1, top.defense, p.defense),
        (2, top.activation, p.activation),
    ] {
        match kind {
            0 => icons::sword(c, sx + 11.0, sy - 8.0, 22.0, icons::ATTACK),
            1 => icons::shield(c, sx + 11.0, sy - 8.0, 22.0, icons::DEFENSE),
            _ => icons::bolt(c, sx + 11.0, sy - 8.0, 22.0, icons::ACTIVATION),
        }
        let s = format!("{value}{}", words::mark(prov));
        let adv = c.text(&s, sx + 25.0, sy, 44.0, bold(23.0, th.ink), Align::Left);
        sx += 25.0 + adv.max(24.0) + 10.0;
    }
    // The units under the top one.
    if under > 0 {
        let names: Vec<&str> = cards[1..]
            .iter()
            .map(|cv| def(rules, cv).name.as_str())
            .collect();
        c.text(
            &format!("{under} under: {}", words::counted(&names)),
            tx,
            y + h - 8.0,
            tw,
            regular(18.0, th.ink.mix(th.muted, 0.5)).shrink(14.0),
            Align::Left,
        );
    }
}

fn zone(c: &mut Canvas, t: &Table, v: &View, z: usize, x: f32, y: f32, w: f32) {
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
    c.round_rect(x, y, w, ZONE_H, 12.0, fill);
    c.round_rect_stroke(x, y, w, ZONE_H, 12.0, 2.0, border);
    // Header: icon, id and what kind of zone.
    let label = match (info.kind, info.seat) {
        (ZoneKind::Home, Some(s)) => {
            icons::house(
                c,
                x + 18.0,
                y + 17.0,
                20.0,
                th.clan(rules, v.players[s as usize].clan),
            );
            format!("{} · {}'s home", info.id, t.names[s as usize])
        }
        (ZoneKind::Crystal, _) => {
            icons::gem(c, x + 18.0, y + 17.0, 21.0, icons::GEM);
            format!("{} · crystal zone", info.id)
        }
        _ => format!("{} · {}", info.id, info.name.to_lowercase()),
    };
    let lx = if info.kind == ZoneKind::Plain {
        x + 10.0
    } else {
        x + 32.0
    };
    let battle_here = v.battle.as_ref().is_some_and(|b| b.zone as usize == z);
    let tag_w = if battle_here { 96.0 } else { 0.0 };
    c.text(
        &label,
        lx,
        y + 24.0,
        w - (lx - x) - 10.0 - tag_w,
        bold(17.0, th.muted).shrink(14.0),
        Align::Left,
    );
    if battle_here {
        icons::crossed_swords(c, x + w - 86.0, y + 16.0, 22.0, icons::ATTACK);
        c.text(
            "battle",
            x + w - 72.0,
            y + 23.0,
            64.0,
            bold(17.0, icons::ATTACK),
            Align::Left,
        );
        c.round_rect_stroke(
            x - 2.0,
            y - 2.0,
            w + 4.0,
            ZONE_H + 4.0,
            14.0,
            4.0,
            icons::ATTACK,
        );
    }
    let asked = match v.pending.question {
        Question::Reorder { zone }
        | Question::DiscardDown { zone, .. }
        | Question::Move { zone }
        | Question::Battle { zone } => zone as usize == z,
        _ => false,
    };
    // The squad being activated, or the zone the question is about: a gold outline.
    let asked = asked || v.activated.is_some_and(|a| a as usize == z);
    if asked && !battle_here {
        c.round_rect_stroke(
            x - 2.0,
            y - 2.0,
            w + 4.0,
            ZONE_H + 4.0,
            14.0,
            4.0,
            th.highlight,
        );
    }
    // Player two's squad above, player one's below (each nearer its owner).
    for (slot, seat) in [(0, 1u8), (1, 0u8)] {
        let sy = y + 32.0 + slot as f32 * (SLOT_H + 3.0);
        let cards = &v.zones[z].squads[seat as usize];
        if cards.is_empty() {
            continue;
        }
        squad(c, t, x + 6.0, sy, w - 12.0, SLOT_H, seat, cards);
    }
}

fn player_panel(c: &mut Canvas, t: &Table, v: &View, seat: u8, x: f32, y: f32, w: f32) {
    let th = t.theme;
    let rules = t.rules;
    let p = &v.players[seat as usize];
    let clan = th.clan(rules, p.clan);
    let to_move = v.winner.is_none() && v.active == seat;
    let asked = v.winner.is_none() && v.pending.seats.contains(&seat);
    c.round_rect(x, y, w, ZONE_H, 12.0, th.panel);
    if let Some(path) = super::canvas::rounded_rect(x, y, w, 34.0, 12.0) {
        c.fill(&path, clan);
    }
    c.rect(x, y + 22.0, w, 10.0, clan);
    let (border, bw) = if asked || to_move {
        (th.highlight, 4.0)
    } else {
        (clan.mix(th.ink, 0.3), 2.0)
    };
    c.round_rect_stroke(x, y, w, ZONE_H, 12.0, bw, border);
    c.text(
        &format!(
            "{} · {}",
            seat_word(seat),
            rules.pack.clans[p.clan as usize].name
        ),
        x + 12.0,
        y + 23.0,
        w - 24.0,
        bold(17.0, WHITE).shrink(13.0),
        Align::Left,
    );
    // The display name: one line, or two smaller ones when it is long.
    let name = t.names[seat as usize];
    let big = bold(26.0, th.ink);
    if super::canvas::measure(name, big.face, big.size) <= w - 24.0 {
        c.text(name, x + 12.0, y + 68.0, w - 24.0, big, Align::Left);
    } else {
        let st = bold(21.0, th.ink).shrink(15.0);
        let lines = super::canvas::wrap(name, st.face, st.size, w - 24.0);
        let second = lines.get(1..).map(|l| l.join(" ")).unwrap_or_default();
        c.text(&lines[0], x + 12.0, y + 62.0, w - 24.0, st, Align::Left);
        if !second.is_empty() {
            c.text(&second, x + 12.0, y + 88.0, w - 24.0, st, Align::Left);
        }
    }
    let mut ry = y + 126.0;
    icons::pile(c, x + 24.0, ry - 7.0, 22.0, th.panel, false);
    let hand = if p.hand_count == 1 {
        "1 card in hand".to_string()
    } else {
        format!("{} cards in hand", p.hand_count)
    };
    c.text(
        &hand,
        x + 42.0,
        ry,
        w - 54.0,
        regular(20.0, th.ink).shrink(16.0),
        Align::Left,
    );
    if !p.removed.is_empty() {
        ry += 27.0;
        c.text(
            &format!("{} removed from the game", p.removed.len()),
            x + 42.0,
            ry,
            w - 54.0,
            regular(18.0, th.muted).shrink(14.0),
            Align::Left,
        );
    }
    if asked || to_move {
        let msg = if asked {
            "must answer now"
        } else {
            "has the turn"
        };
        let col = rgb(0x9a5b00);
        icons::play(c, x + 22.0, y + ZONE_H - 20.0, 20.0, col);
        c.text(
            msg,
            x + 36.0,
            y + ZONE_H - 13.0,
            w - 48.0,
            bold(19.0, col),
            Align::Left,
        );
    }
}

fn crystals_panel(c: &mut Canvas, t: &Table, v: &View, seat: u8, x: f32, y: f32, w: f32) {
    let th = t.theme;
    let rules = t.rules;
    let p = &v.players[seat as usize];
    c.round_rect(x, y, w, ZONE_H, 12.0, th.panel);
    c.round_rect_stroke(x, y, w, ZONE_H, 12.0, 2.0, rgb(0xb9ae98));
    let need = crate::game::state::CRYSTALS_TO_WIN;
    c.text(
        &format!(
            "{}'s crystals: {} of {need}",
            seat_word(seat),
            p.crystals.len()
        ),
        x + 12.0,
        y + 25.0,
        w - 24.0,
        bold(17.0, th.muted).shrink(14.0),
        Align::Left,
    );
    let slots = need.max(p.crystals.len()).min(4);
    for i in 0..slots {
        let sy = y + 36.0 + i as f32 * 40.0;
        let (sx, sw, sh) = (x + 10.0, w - 20.0, 35.0);
        match p.crystals.get(i) {
            Some(cc) => {
                let def = &rules.pack.crystals[cc.crystal as usize];
                if cc.face_down {
                    c.round_rect(sx, sy, sw, sh, 8.0, rgb(0x4a4752));
                    icons::gem(c, sx + 18.0, sy + sh / 2.0, 22.0, icons::GEM_DOWN);
                    c.text(
                        &format!("{} (face down)", def.name),
                        sx + 34.0,
                        sy + 24.0,
                        sw - 40.0,
                        regular(17.0, rgb(0xdedbe6)).shrink(13.0),
                        Align::Left,
                    );
                } else {
                    c.round_rect(sx, sy, sw, sh, 8.0, th.crystal_zone);
                    c.round_rect_stroke(sx, sy, sw, sh, 8.0, 1.5, rgb(0x3a9fb0));
                    icons::gem(c, sx + 18.0, sy + sh / 2.0, 22.0, icons::GEM);
                    c.text(
                        &def.name,
                        sx + 34.0,
                        sy + 24.0,
                        sw - 40.0,
                        bold(18.0, th.ink).shrink(13.0),
                        Align::Left,
                    );
                }
            }
            None => {
                c.round_rect_dashed(sx, sy, sw, sh, 8.0, 1.5, rgb(0xb9ae98));
            }
        }
    }
    if p.crystals.len() > 4 {
        c.text(
            &format!("+{} more", p.crystals.len() - 4),
            x + w - 12.0,
            y + 25.0,
            80.0,
            bold(16.0, th.muted),
            Align::Right,
        );
    }
}

fn track(c: &mut Canvas, t: &Table, v: &View, x: f32, top: f32, bottom: f32) {
    let th = t.theme;
    let len = v.track_length.max(1) as i32;
    let n = 2 * len + 1;
    let step = (bottom - top) / n as f32;
    let w = TRACK_W;
    c.round_rect(x, top, w, bottom - top, 10.0, rgb(0x3b3843));
    let col = |s: usize| th.clan(t.rules, v.players[s].clan);
    let y_of = |tok: i32| top + (tok + len) as f32 * step;
    for tok in -len..=len {
        let y = y_of(tok);
        let fill = match tok {
            -1..=1 => rgb(0xf6e3a1),
            t if t < 0 => col(1).mix(WHITE, 0.55),
            _ => col(0).mix(WHITE, 0.55),
        };
        c.round_rect(x + 5.0, y + 1.5, w - 10.0, step - 3.0, 4.0, fill);
        let n = tok.unsigned_abs();
        let strong = n % 5 == 0;
        let style = if strong {
            bold(14.0, th.ink)
        } else {
            regular(12.0, th.muted)
        };
        c.text(
            &n.to_string(),
            x + w / 2.0,
            y + step / 2.0 + 5.0,
            w - 12.0,
            style,
            Align::Center,
        );
    }
    // The token.
    let tok = (v.token as i32).clamp(-len, len);
    let cy = y_of(tok) + step / 2.0;
    c.circle(x + w / 2.0, cy, 17.0, th.ink);
    c.circle_stroke(x + w / 2.0, cy, 17.0, 3.5, th.highlight);
    c.text(
        &tok.unsigned_abs().to_string(),
        x + w / 2.0,
        cy + 7.0,
        30.0,
        bold(20.0, WHITE),
        Align::Center,
    );
}

#[allow(clippy::too_many_arguments)]
fn piles(c: &mut Canvas, t: &Table, v: &View, seat: u8, x: f32, y: f32, w: f32, left: bool) {
    let th = t.theme;
    let p = &v.players[seat as usize];
    let clan = th.clan(t.rules, p.clan);
    c.round_rect(x, y, w, ZONE_H, 12.0, th.panel.mix(th.background, 0.4));
    c.round_rect_stroke(x, y, w, ZONE_H, 12.0, 1.5, rgb(0xb9ae98));
    let cx = x + w / 2.0;
    let (count, label, top) = if left {
        (p.draw_count as usize, "draw pile", None)
    } else {
        (p.discard.len(), "discard", p.discard.first())
    };
    icons::pile(
        c,
        cx,
        y + 50.0,
        56.0,
        if left { clan } else { th.panel },
        left,
    );
    c.text(
        &count.to_string(),
        cx,
        y + 122.0,
        w - 12.0,
        bold(34.0, th.ink),
        Align::Center,
    );
    c.text(
        label,
        cx,
        y + 148.0,
        w - 12.0,
        regular(18.0, th.muted),
        Align::Center,
    );
    if let Some(card) = top {
        let name = &def(t.rules, card).name;
        c.text(
            &format!("top: {name}"),
            cx,
            y + 176.0,
            w - 14.0,
            regular(16.0, th.muted).shrink(12.0),
            Align::Center,
        );
    } else if left {
        c.text(
            seat_word(seat),
            cx,
            y + 176.0,
            w - 14.0,
            regular(16.0, th.muted),
            Align::Center,
        );
    }
}

fn market(c: &mut Canvas, t: &Table, v: &View, x: f32, y: f32, w: f32, h: f32) {
    let th = t.theme;
    let rules = t.rules;
    c.round_rect(x, y, w, h, 12.0, th.panel);
    c.round_rect_stroke(x, y, w, h, 12.0, 2.0, rgb(0x3a9fb0));
    c.text(
        "For sale",
        x + 14.0,
        y + 28.0,
        90.0,
        bold(18.0, th.muted),
        Align::Left,
    );
    c.text(
        &format!("{} in deck", v.crystal_deck_count),
        x + 14.0,
        y + 52.0,
        90.0,
        regular(16.0, th.muted),
        Align::Left,
    );
    let start = x + 110.0;
    let slot_w = (x + w - 10.0 - start) / 3.0;
    for (i, &cr) in v.market.iter().take(3).enumerate() {
        let def = &rules.pack.crystals[cr as usize];
        let sx = start + i as f32 * slot_w;
        c.round_rect(sx, y + 8.0, slot_w - 8.0, h - 16.0, 10.0, th.crystal_zone);
        icons::gem(c, sx + 24.0, y + h / 2.0, 34.0, icons::GEM);
        let prov = |k: &str| {
            def.provenance
                .get(k)
                .copied()
                .map(words::mark)
                .unwrap_or("")
        };
        let cost = format!("{}{}", def.cost, prov("cost"));
        let adv = c.text(
            &cost,
            sx + 46.0,
            y + h / 2.0 + 10.0,
            44.0,
            bold(28.0, th.ink),
            Align::Left,
        );
        c.text(
            &format!("{}{}", def.name, prov("name")),
            sx + 52.0 + adv,
            y + h / 2.0 + 7.0,
            slot_w - 8.0 - 58.0 - adv,
            bold(18.0, th.ink).shrink(13.0),
            Align::Left,
        );
    }
}

fn legend(c: &mut Canvas, t: &Table, y: f32) {
    let th = t.theme;
    let mut x = M + 4.0;
    let st = regular(16.0, th.muted);
    icons::sword(c, x + 9.0, y - 5.0, 19.0, icons::ATTACK);
    x += 22.0 + c.text("attack", x + 22.0, y, 80.0, st, Align::Left) + 16.0;
    icons::shield(c, x + 9.0, y - 5.0, 18.0, icons::DEFENSE);
    x += 22.0 + c.text("defense", x + 22.0, y, 80.0, st, Align::Left) + 16.0;
    icons::bolt(c, x + 9.0, y - 5.0, 18.0, icons::ACTIVATION);
    x += 22.0 + c.text("activation cost", x + 22.0, y, 140.0, st, Align::Left) + 16.0;
    c.round_rect(x, y - 14.0, 16.0, 16.0, 3.0, rgb(0xf6e3a1));
    x += 22.0 + c.text("neutral initiative", x + 22.0, y, 160.0, st, Align::Left) + 16.0;
    let w = c.width() - M - x;
    c.text(words::DAGGER_LEGEND, x, y, w, st.shrink(12.0), Align::Left);
}

pub(super) fn draw(t: &Table, v: &View, caption: &[String]) -> Result<Canvas, RenderError> {
    if v.viewer.is_some() || v.hand.is_some() {
        return Err(RenderError::NotPublic);
    }
    let th = t.theme;
    let rules = t.rules;
    let l = layout(rules);
    let market_h = 70.0;
    let caption_lines = caption.len().min(4);
    let caption_top = l.bottom + GAP + market_h + GAP;
    let legend_y = caption_top + caption_lines as f32 * 26.0 + 34.0;
    let height = (legend_y + 16.0).ceil() as u32;
    let mut c = Canvas::new(WIDTH, height, th.background);
    header(&mut c, t, v);
    let zw = l.zone_w;
    for z in 0..rules.board.zones.len().min(v.zones.len()) {
        let (x, y) = l.pos[z];
        zone(&mut c, t, v, z, x, y, zw);
    }
    // The corners beside each home: panel left, crystals right; piles beside the next row.
    for seat in [0u8, 1] {
        let home = rules.board.homes[seat as usize] as usize;
        let (hx, hy) = l.pos[home];
        player_panel(&mut c, t, v, seat, hx - GAP - zw, hy, zw);
        crystals_panel(&mut c, t, v, seat, hx + zw + GAP, hy, zw);
        if l.rows >= 3 {
            let row_y = if seat == 0 {
                hy - ZONE_H - GAP
            } else {
                hy + ZONE_H + GAP
            };
            let half = (zw + GAP) / 2.0 - GAP;
            piles(&mut c, t, v, seat, M, row_y, half, true);
            piles(&mut c, t, v, seat, M + l.board_w - half, row_y, half, false);
        }
    }
    track(&mut c, t, v, WIDTH as f32 - M - TRACK_W, TOP, l.bottom);
    market(
        &mut c,
        t,
        v,
        M,
        l.bottom + GAP,
        WIDTH as f32 - 2.0 * M,
        market_h,
    );
    let lines = &caption[caption.len() - caption_lines..];
    for (i, line) in lines.iter().enumerate() {
        let y = caption_top + 20.0 + i as f32 * 26.0;
        let col = if i + 1 == lines.len() {
            th.ink
        } else {
            th.muted
        };
        c.text(
            line,
            M + 4.0,
            y,
            WIDTH as f32 - 2.0 * M - 8.0,
            regular(19.0, col).shrink(16.0),
            Align::Left,
        );
    }
    c.line(
        M,
        legend_y - 24.0,
        WIDTH as f32 - M,
        legend_y - 24.0,
        1.0,
        rgb(0xc9bfa9),
    );
    legend(&mut c, t, legend_y);
    Ok(c)
}

//! Each player's end of the board: the panel in the corner the zones leave free (name,
//! clan, crystals collected) and, beside it, the hand and the piles.

use super::board::{NAME_MIN, Spot, TEXT, badge, bold, crystal_name, regular};
use super::canvas::{Align, Canvas, WHITE, measure};
use super::{Table, icons, words};
use crate::game::view::View;
use crate::i18n::messages::images as m;

/// A player's badge and name on the clan's colour, the clan, the crystals collected.
/// Framed in gold while the player must act.
pub(super) fn player_panel(c: &mut Canvas, t: &Table, v: &View, seat: u8, s: Spot) {
    let th = t.theme;
    let rules = t.rules;
    let p = &v.players[seat as usize];
    let clan = th.clan(rules, p.clan);
    let acting = v.winner.is_none() && (v.active == seat || v.pending.seats.contains(&seat));
    c.round_rect(s.x, s.y, s.w, s.h, 12.0, th.panel);
    // The display name: one line, or two when it is long.
    let name = t.names[seat as usize & 1];
    let (nx, nw) = (s.x + 54.0, s.w - 66.0);
    let big = bold(34.0, WHITE).shrink(TEXT);
    let two = measure(name, big.face, big.min) > nw;
    let band = if two { 92.0 } else { 56.0 };
    c.rounded_fill(s.x, s.y, s.w, band, 12.0, clan);
    c.rect(s.x, s.y + band - 12.0, s.w, 12.0, clan);
    let (border, bw) = if acting {
        (th.highlight, 5.0)
    } else {
        (clan.mix(th.ink, 0.3), 2.5)
    };
    c.round_rect_stroke(s.x, s.y, s.w, s.h, 12.0, bw, border);
    badge(c, t, v, seat, s.x + 28.0, s.y + 28.0, 38.0);
    if two {
        let st = bold(TEXT, WHITE).shrink(NAME_MIN);
        c.wrapped(name, nx, 0.0, s.y + 40.0, nw, 38.0, st, 2);
    } else {
        c.text(name, nx, s.y + 40.0, nw, big, Align::Left);
    }
    let mut y = s.y + band + 38.0;
    c.text(
        words::clan(t.lang, &rules.pack.clans[p.clan as usize]),
        s.x + 14.0,
        y,
        s.w - 28.0,
        regular(TEXT, th.ink).shrink(NAME_MIN),
        Align::Left,
    );
    y += 46.0;
    let need = crate::game::state::CRYSTALS_TO_WIN;
    icons::gem(c, s.x + 28.0, y - 11.0, 30.0, icons::GEM);
    c.text(
        &m::crystals_of(t.lang, p.crystals.len(), need),
        s.x + 50.0,
        y,
        s.w - 62.0,
        bold(TEXT, th.ink).shrink(NAME_MIN),
        Align::Left,
    );
    // The crystals themselves, as many as there is room for.
    let line = 34.0;
    let room = ((s.y + s.h - 6.0 - y) / line).floor().max(0.0) as usize;
    let shown = if p.crystals.len() > room {
        room.saturating_sub(1)
    } else {
        p.crystals.len()
    };
    for cc in p.crystals.iter().take(shown) {
        y += line;
        let def = &rules.pack.crystals[cc.crystal as usize];
        let (gem, text, style) = if cc.face_down {
            (
                icons::GEM_DOWN,
                m::face_down(t.lang, crystal_name(t, def)),
                regular(28.0, th.muted).shrink(20.0),
            )
        } else {
            (
                icons::GEM,
                crystal_name(t, def),
                regular(28.0, th.ink).shrink(24.0),
            )
        };
        icons::gem(c, s.x + 28.0, y - 9.0, 22.0, gem);
        c.text(&text, s.x + 50.0, y, s.w - 62.0, style, Align::Left);
    }
    if shown < p.crystals.len() {
        c.text(
            &m::more(t.lang, p.crystals.len() - shown),
            s.x + 50.0,
            y + line,
            s.w - 62.0,
            regular(28.0, th.muted).shrink(24.0),
            Align::Left,
        );
    }
}

/// A player's hand, draw pile and discard pile counted (and the units removed from the
/// game, when there are any), under a band of the clan's colour.
pub(super) fn piles(c: &mut Canvas, t: &Table, v: &View, seat: u8, s: Spot) {
    let th = t.theme;
    let p = &v.players[seat as usize];
    let clan = th.clan(t.rules, p.clan);
    c.round_rect(s.x, s.y, s.w, s.h, 12.0, th.panel.mix(th.background, 0.4));
    c.rounded_fill(s.x, s.y, s.w, 14.0, 7.0, clan);
    c.round_rect_stroke(s.x, s.y, s.w, s.h, 12.0, 2.0, clan.mix(th.ink, 0.3));
    let mut lines = vec![
        m::short_hand(t.lang, p.hand_count),
        m::short_draw(t.lang, p.draw_count),
        m::short_discard(t.lang, p.discard.len()),
    ];
    if !p.removed.is_empty() {
        lines.push(m::short_removed(t.lang, p.removed.len()));
    }
    let pitch = 46.0;
    let top = s.y + 14.0 + (s.h - 14.0 - lines.len() as f32 * pitch) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        let style = if i == 0 {
            bold(TEXT, th.ink)
        } else {
            regular(TEXT, th.ink)
        };
        c.text(
            line,
            s.x + 12.0,
            top + 34.0 + i as f32 * pitch,
            s.w - 24.0,
            style.shrink(NAME_MIN),
            Align::Left,
        );
    }
}

//! Each player's end of the board: the panels in the corners the diamond leaves free
//! (name, clan and hand; collected crystals; draw and discard piles).

use super::board::{Spot, bold, crystal_name, def, regular};
use super::canvas::{Align, Canvas, WHITE, rgb};
use super::{Table, icons, words};
use crate::game::view::View;
use crate::i18n::{messages::images as m, names};

/// A player's name, clan, hand and whether they must act.
pub(super) fn player_panel(c: &mut Canvas, t: &Table, v: &View, seat: u8, s: Spot) {
    let th = t.theme;
    let rules = t.rules;
    let (x, y, w, h) = (s.x, s.y, s.w, s.h);
    let p = &v.players[seat as usize];
    let clan = th.clan(rules, p.clan);
    let to_move = v.winner.is_none() && v.active == seat;
    let asked = v.winner.is_none() && v.pending.seats.contains(&seat);
    c.round_rect(x, y, w, h, 12.0, th.panel);
    if let Some(path) = super::canvas::rounded_rect(x, y, w, 38.0, 12.0) {
        c.fill(&path, clan);
    }
    c.rect(x, y + 26.0, w, 12.0, clan);
    let (border, bw) = if asked || to_move {
        (th.highlight, 4.0)
    } else {
        (clan.mix(th.ink, 0.3), 2.0)
    };
    c.round_rect_stroke(x, y, w, h, 12.0, bw, border);
    c.text(
        &format!(
            "{} · {}",
            words::player(t.lang, seat),
            words::clan(t.lang, &rules.pack.clans[p.clan as usize])
        ),
        x + 12.0,
        y + 26.0,
        w - 24.0,
        bold(21.0, WHITE).shrink(15.0),
        Align::Left,
    );
    // The display name: one line, or two smaller ones when it is long.
    let name = t.names[seat as usize];
    let big = bold(30.0, th.ink);
    if super::canvas::measure(name, big.face, big.size) <= w - 24.0 {
        c.text(name, x + 12.0, y + 78.0, w - 24.0, big, Align::Left);
    } else {
        let st = bold(25.0, th.ink).shrink(17.0);
        let lines = super::canvas::wrap(name, st.face, st.size, w - 24.0);
        let second = lines.get(1..).map(|l| l.join(" ")).unwrap_or_default();
        c.text(&lines[0], x + 12.0, y + 70.0, w - 24.0, st, Align::Left);
        if !second.is_empty() {
            c.text(&second, x + 12.0, y + 99.0, w - 24.0, st, Align::Left);
        }
    }
    let hy = y + 140.0;
    icons::pile(c, x + 25.0, hy - 9.0, 26.0, th.panel, false);
    let hand = m::hand_count(t.lang, p.hand_count);
    c.text(
        &hand,
        x + 46.0,
        hy,
        w - 58.0,
        regular(24.0, th.ink).shrink(18.0),
        Align::Left,
    );
    if !p.removed.is_empty() {
        c.text(
            &m::removed_count(t.lang, p.removed.len()),
            x + 46.0,
            hy + 30.0,
            w - 58.0,
            regular(19.0, th.muted).shrink(14.0),
            Align::Left,
        );
    }
    if asked || to_move {
        let msg = if asked {
            m::must_answer(t.lang)
        } else {
            m::has_turn(t.lang)
        };
        let col = rgb(0x9a5b00);
        icons::play(c, x + 24.0, y + h - 27.0, 24.0, col);
        c.text(
            &msg,
            x + 42.0,
            y + h - 18.0,
            w - 54.0,
            bold(26.0, col).shrink(18.0),
            Align::Left,
        );
    }
}

/// The crystals a player collected, with the count towards the win.
pub(super) fn crystals_panel(c: &mut Canvas, t: &Table, v: &View, seat: u8, s: Spot) {
    let th = t.theme;
    let rules = t.rules;
    let (x, y, w, h) = (s.x, s.y, s.w, s.h);
    let p = &v.players[seat as usize];
    c.round_rect(x, y, w, h, 12.0, th.panel);
    c.round_rect_stroke(x, y, w, h, 12.0, 2.0, rgb(0xb9ae98));
    let need = crate::game::state::CRYSTALS_TO_WIN;
    let more = p.crystals.len().saturating_sub(4);
    let more_text = m::more(t.lang, more);
    let more_st = bold(18.0, th.muted).shrink(14.0);
    let more_w = if more > 0 {
        super::canvas::measure(&more_text, more_st.face, more_st.size).min(110.0) + 8.0
    } else {
        0.0
    };
    c.text(
        &m::crystals_of(t.lang, p.crystals.len(), need),
        x + 12.0,
        y + 33.0,
        w - 24.0 - more_w,
        bold(28.0, th.ink).shrink(20.0),
        Align::Left,
    );
    if more > 0 {
        c.text(
            &more_text,
            x + w - 12.0,
            y + 33.0,
            more_w - 8.0,
            more_st,
            Align::Right,
        );
    }
    let slots = need.max(p.crystals.len()).min(4);
    let step = ((h - 50.0) / 4.0).min(48.0);
    for i in 0..slots {
        let sy = y + 46.0 + i as f32 * step;
        let (sx, sw, sh) = (x + 10.0, w - 20.0, step - 5.0);
        match p.crystals.get(i) {
            Some(cc) => {
                let def = &rules.pack.crystals[cc.crystal as usize];
                let (fill, gem, text, style) = if cc.face_down {
                    (
                        rgb(0x4a4752),
                        icons::GEM_DOWN,
                        m::face_down(t.lang, crystal_name(t, def)),
                        regular(22.0, rgb(0xdedbe6)).shrink(14.0),
                    )
                } else {
                    (
                        th.crystal_zone,
                        icons::GEM,
                        crystal_name(t, def),
                        bold(25.0, th.ink).shrink(15.0),
                    )
                };
                c.round_rect(sx, sy, sw, sh, 8.0, fill);
                if !cc.face_down {
                    c.round_rect_stroke(sx, sy, sw, sh, 8.0, 1.5, rgb(0x3a9fb0));
                }
                icons::gem(c, sx + 19.0, sy + sh / 2.0, 24.0, gem);
                c.text(
                    &text,
                    sx + 36.0,
                    sy + sh / 2.0 + 8.0,
                    sw - 42.0,
                    style,
                    Align::Left,
                );
            }
            None => c.round_rect_dashed(sx, sy, sw, sh, 8.0, 1.5, rgb(0xb9ae98)),
        }
    }
}

/// A player's draw and discard piles side by side, and the discard pile's top card.
pub(super) fn piles(c: &mut Canvas, t: &Table, v: &View, seat: u8, s: Spot) {
    let th = t.theme;
    let p = &v.players[seat as usize];
    let clan = th.clan(t.rules, p.clan);
    let (x, y, w, h) = (s.x, s.y, s.w, s.h);
    c.round_rect(x, y, w, h, 12.0, th.panel.mix(th.background, 0.4));
    c.round_rect_stroke(x, y, w, h, 12.0, 1.5, rgb(0xb9ae98));
    let half = w / 2.0;
    for (i, (count, label)) in [
        (p.draw_count as usize, m::draw_pile(t.lang)),
        (p.discard.len(), m::discard_pile(t.lang)),
    ]
    .into_iter()
    .enumerate()
    {
        let hx = x + i as f32 * half;
        let stacked = i == 0;
        icons::pile(
            c,
            hx + 30.0,
            y + 34.0,
            42.0,
            if stacked { clan } else { th.panel },
            stacked,
        );
        c.text(
            &count.to_string(),
            hx + 58.0,
            y + 46.0,
            half - 64.0,
            bold(32.0, th.ink),
            Align::Left,
        );
        c.text(
            &label,
            hx + 12.0,
            y + 80.0,
            half - 18.0,
            regular(19.0, th.muted).shrink(14.0),
            Align::Left,
        );
    }
    if let Some(card) = p.discard.first() {
        c.text(
            &m::discard_top(t.lang, names::card(t.lang, def(t.rules, card))),
            x + 12.0,
            y + h - 12.0,
            w - 24.0,
            regular(17.0, th.muted).shrink(13.0),
            Align::Left,
        );
    }
}

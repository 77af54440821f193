//! A card as the hand and the battle picture show it: its facts stacked and wrapped to
//! the card's width, every word at one size `s`, so that the image can be laid out for
//! Discord's inline box by choosing `s` (11 pixels there) rather than by scaling a
//! printed card whose small print would vanish. No provisional marks: those are the
//! single card's lookup (`cards::face`).

use super::board::{bold, regular};
use super::canvas::{Align, Canvas, Face, Target, WHITE, measure, rgb};
use super::cards::{Stat, stat_icon};
use super::{Table, icons, words};
use crate::game::pack::{CardDef, Rank};
use crate::i18n::{messages::images as m, names};

/// How a tile is set: its width and its one text size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tile {
    pub w: f32,
    pub s: f32,
    /// Which battle effect triggered (true = left), on a battle's card.
    pub triggered: Option<bool>,
}

impl Tile {
    fn pitch(&self) -> f32 {
        1.12 * self.s
    }
    fn pad(&self) -> f32 {
        0.3 * self.s
    }

    /// The height `card` takes at this width and size.
    pub(super) fn height(&self, t: &Table, card: &CardDef) -> f32 {
        let mut c = Canvas::for_target(Target::Words, 1, 1, t.theme.background);
        self.draw(&mut c, t, card, 0.0, 0.0, None)
    }

    /// Draws `card` at (x, y), its frame `h` high (or as high as it needs); returns the
    /// height it needs.
    pub(super) fn draw(
        &self,
        c: &mut Canvas,
        t: &Table,
        card: &CardDef,
        x: f32,
        y: f32,
        h: Option<f32>,
    ) -> f32 {
        let th = t.theme;
        let rules = t.rules;
        let lang = t.lang;
        let (w, s, pad, pitch) = (self.w, self.s, self.pad(), self.pitch());
        let clan = th.clan(rules, card.clan);
        let inner = w - 2.0 * pad;
        // The name on the clan's colour, a hero's star before it.
        let star = if card.rank == Rank::Hero {
            1.1 * s
        } else {
            0.0
        };
        let name_lines =
            super::lines::break_lines(names::card(lang, card), Face::Bold, s, inner - star, inner)
                .len()
                .min(3);
        let band = pad + name_lines as f32 * pitch + 0.1 * s;
        let total = h.unwrap_or(0.0);
        c.round_rect(x, y, w, total, 0.45 * s, th.panel);
        c.rounded_fill(x, y, w, band, 0.45 * s, clan);
        c.rect(x, y + band - 0.45 * s, w, 0.45 * s, clan);
        let first = y + pad + 0.9 * s;
        if star > 0.0 {
            icons::star(
                c,
                x + pad + 0.45 * s,
                first - 0.35 * s,
                0.95 * s,
                icons::GOLD,
            );
        }
        c.wrapped(
            names::card(lang, card),
            x + pad,
            star,
            first,
            inner,
            pitch,
            bold(s, WHITE).shrink(0.875 * s),
            3,
        );
        let mut cy = y + band + 0.05 * s;
        // Rank and types.
        let mut kind = words::rank(lang, card.rank);
        if !card.type_names.is_empty() {
            let types: Vec<String> = card
                .type_names
                .iter()
                .map(|ty| words::card_type(lang, ty))
                .collect();
            kind = format!("{kind} · {}", types.join(", "));
        }
        let lines = c.wrapped(
            &kind,
            x + pad,
            0.0,
            cy + 0.86 * s,
            inner,
            pitch,
            regular(s, th.muted),
            2,
        );
        cy += lines as f32 * pitch;
        // The four numbers, as many a line as fit.
        let mut cx = x + pad;
        let mut row = 0.0;
        for (stat, value) in [
            (Stat::Summon, card.summon),
            (Stat::Attack, card.attack),
            (Stat::Defense, card.defense),
            (Stat::Activation, card.activation),
        ] {
            let number = value.to_string();
            let chip = 1.05 * s + measure(&number, Face::Bold, s);
            if cx > x + pad && cx + chip > x + w - pad {
                cx = x + pad;
                row += pitch;
            }
            let base = cy + 0.86 * s + row;
            stat_icon(c, stat, cx + 0.45 * s, base - 0.36 * s, 0.9 * s);
            c.raw_text(&number, cx + 0.98 * s, base, Face::Bold, s, th.ink);
            cx += chip + 0.45 * s;
        }
        cy += row + pitch + 0.05 * s;
        // The signature and the unit ability.
        let abilities = words::abilities(lang, rules, card);
        let (text, style) = if abilities.is_empty() {
            (m::no_ability(lang), regular(s, th.muted))
        } else {
            let shown: Vec<String> = abilities
                .iter()
                .map(|(n, ok)| {
                    if *ok {
                        n.clone()
                    } else {
                        format!("{n}{}", words::NOT_IN_PLAY)
                    }
                })
                .collect();
            (shown.join(" · "), bold(s, th.ink))
        };
        let lines = c.wrapped(&text, x + pad, 0.0, cy + 0.86 * s, inner, pitch, style, 4);
        cy += lines as f32 * pitch + 0.15 * s;
        c.line(x + pad, cy, x + w - pad, cy, 0.08 * s, clan.mix(WHITE, 0.4));
        cy += 0.1 * s;
        // The battle style, then the left and the right effect.
        icons::style(c, card.style, x + pad + 0.5 * s, cy + 0.5 * s, 1.0 * s);
        // Beside its icon; a word too long for that (German "ZURÜCKHALTEND" on a card
        // of a row of six) takes the next line whole, shrinking only if it must.
        let lines = c.wrapped(
            &words::style(lang, card.style),
            x + pad,
            1.2 * s,
            cy + 0.86 * s,
            inner,
            pitch,
            bold(s, icons::style_color(card.style).mix(th.ink, 0.25)).shrink(0.8 * s),
            2,
        );
        cy += lines as f32 * pitch + 0.05 * s;
        for (i, (label, side)) in [(m::left(lang), &card.left), (m::right(lang), &card.right)]
            .into_iter()
            .enumerate()
        {
            let text = words::effects(lang, rules, side).join(", ");
            let fired = self.triggered.map(|left| left == (i == 0));
            let (fill, ink) = match fired {
                Some(true) => (rgb(0xfff1c4), th.ink),
                Some(false) => (rgb(0xe6e3dc), th.muted.mix(WHITE, 0.15)),
                None => (th.background.mix(WHITE, 0.5), th.ink),
            };
            let marker = if fired == Some(true) { 0.9 * s } else { 0.0 };
            let label_w = marker + measure(&label, Face::Bold, s) + 0.3 * s;
            let bx = x + 0.5 * pad;
            let bw = w - pad;
            let lines = super::lines::break_lines(
                &text,
                Face::Regular,
                s,
                inner - 0.4 * s - label_w,
                inner - 0.4 * s,
            )
            .len()
            .min(4);
            let bh = lines as f32 * pitch + 0.3 * s;
            c.round_rect(bx, cy, bw, bh, 0.3 * s, fill);
            if fired == Some(true) {
                c.round_rect_stroke(bx, cy, bw, bh, 0.3 * s, 0.14 * s, th.highlight);
                icons::play(
                    c,
                    bx + 0.2 * pad + 0.45 * s,
                    cy + 0.62 * s,
                    0.7 * s,
                    rgb(0x9a5b00),
                );
            }
            let tx = bx + 0.2 * s + 0.5 * pad;
            let base = cy + 0.88 * s;
            c.text(
                &label,
                tx + marker,
                base,
                label_w,
                bold(s, th.muted),
                Align::Left,
            );
            c.wrapped(
                &text,
                tx,
                label_w,
                base,
                inner - 0.4 * s,
                pitch,
                regular(s, ink).shrink(0.875 * s),
                4,
            );
            cy += bh + 0.12 * s;
        }
        let used = cy - y + 0.1 * s;
        let frame = h.unwrap_or(used);
        c.round_rect_stroke(x, y, w, frame, 0.45 * s, 0.1 * s, clan.mix(th.ink, 0.2));
        used
    }
}

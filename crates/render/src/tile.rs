//! A card as the hand and the battle picture show it: its facts stacked and wrapped to
//! the card's width, every word at one size `s`, so that the image can be laid out for
//! Discord's inline box by choosing `s` (11 pixels there) rather than by scaling a
//! printed card whose small print would vanish. No provisional marks: those are the
//! single card's lookup (`cards::face`).
//!
//! A tile is remembered whole (`Canvas::memo`, its texts included), and so is its height:
//! a hand redraws the same cards at the same places, and copying a card's pixels costs a
//! fraction of laying out and copying its many shapes and runs of text one by one.

use super::board::{bold, regular};
use super::canvas::{Align, Canvas, Col, Face, Target, WHITE, measure, rgb};
use super::cards::{Stat, stat_icon};
use super::{Table, Theme, icons, memo, words};
use crate::game::pack::{CardDef, Rank, Style};
use crate::i18n::{messages::images as m, names};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// How a tile is set: its width and its one text size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tile {
    pub w: f32,
    pub s: f32,
    /// Which battle effect triggered (true = left), on a battle's card.
    pub triggered: Option<bool>,
}

/// What a tile shows of a card, in the table's language: with the tile's setting, its
/// place and the theme's colours, everything its pixels and texts depend on, so that
/// it keys the remembered tile.
pub(super) struct Shown<'a> {
    name: &'a str,
    hero: bool,
    clan: Col,
    /// Rank and types.
    kind: String,
    stats: [u8; 4],
    /// The signature and the unit ability, or the words for none (`false`).
    abilities: (String, bool),
    style: Style,
    style_word: String,
    /// Each battle effect's label and words, left then right.
    sides: [(String, String); 2],
}

impl<'a> Shown<'a> {
    pub(super) fn of(t: &Table, card: &'a CardDef) -> Shown<'a> {
        let (lang, rules) = (t.lang, t.rules);
        let mut kind = words::rank(lang, card.rank);
        if let Some(types) = words::card_types(lang, card) {
            kind = format!("{kind} · {types}");
        }
        let abilities = words::abilities(lang, rules, card);
        let abilities = if abilities.is_empty() {
            (m::no_ability(lang), false)
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
            (shown.join(" · "), true)
        };
        let side =
            |label: String, effects| (label, words::effects(lang, rules, effects).join(", "));
        Shown {
            name: names::card(lang, card),
            hero: card.rank == Rank::Hero,
            clan: t.theme.clan(rules, card.clan),
            kind,
            stats: [card.summon, card.attack, card.defense, card.activation],
            abilities,
            style: card.style,
            style_word: words::style(lang, card.style),
            sides: [
                side(m::left(lang), &card.left),
                side(m::right(lang), &card.right),
            ],
        }
    }

    /// The key of `tile` showing this in `th`'s colours, wherever it is.
    fn key(&self, tile: &Tile, th: &Theme) -> Vec<u32> {
        let triggered = tile.triggered.map_or(0, |left| 1 + left as u32);
        let mut key = vec![memo::TILE, triggered, self.hero as u32, self.style as u32];
        key.extend([tile.w, tile.s].map(f32::to_bits));
        let colours = [
            th.panel,
            th.background,
            th.ink,
            th.muted,
            th.highlight,
            self.clan,
        ];
        key.extend(colours.map(Col::bits));
        key.extend(self.stats.map(u32::from));
        key.push(self.abilities.1 as u32);
        let texts = [self.name, &self.kind, &self.abilities.0, &self.style_word];
        let sides = self
            .sides
            .iter()
            .flat_map(|(l, e)| [l.as_str(), e.as_str()]);
        for text in texts.into_iter().chain(sides) {
            // Each text's length first, so that no two lists of texts run together
            // into the same numbers.
            key.push(text.chars().count() as u32);
            key.extend(text.chars().map(u32::from));
        }
        key
    }
}

/// Tiles' heights by their keys (`Shown::key`), forgotten all at once beyond this many: a
/// key is a few hundred numbers, so they take a megabyte or two at most.
const HEIGHTS: usize = 1024;

static LAID_OUT: LazyLock<Mutex<HashMap<Vec<u32>, f32>>> = LazyLock::new(Default::default);

impl Tile {
    fn pitch(&self) -> f32 {
        1.12 * self.s
    }
    fn pad(&self) -> f32 {
        0.3 * self.s
    }

    /// The height `card` takes at this width and size.
    pub(super) fn height(&self, t: &Table, card: &Shown) -> f32 {
        let key = card.key(self, t.theme);
        let known = LAID_OUT
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .copied();
        known.unwrap_or_else(|| {
            let mut c = Canvas::for_target(Target::Words, 1, 1, t.theme.background);
            let h = self.lay(&mut c, t.theme, card, 0.0, 0.0, None);
            let mut heights = LAID_OUT.lock().unwrap_or_else(|e| e.into_inner());
            if heights.len() >= HEIGHTS {
                heights.clear();
            }
            heights.insert(key, h);
            h
        })
    }

    /// Draws `card` at (x, y), its frame `h` high, or copies it from the last time it
    /// was drawn so onto the same pixels.
    pub(super) fn draw(&self, c: &mut Canvas, t: &Table, card: &Shown, x: f32, y: f32, h: f32) {
        let mut key = card.key(self, t.theme);
        key.extend([x, y, h].map(f32::to_bits));
        // The frame's outline reaches past the card by half its width and a pixel of
        // anti-aliasing, after rounding to whole pixels.
        let out = 0.05 * self.s + 2.0;
        let area = (x - out, y - out, self.w + 2.0 * out, h + 2.0 * out);
        c.memo(&key, area, |c| {
            self.lay(c, t.theme, card, x, y, Some(h));
        });
    }

    /// Draws `card` at (x, y), its frame `h` high (or as high as it needs); returns the
    /// height it needs. Only `card`, the theme's colours in its key and the tile's
    /// setting reach it, so that the key holds everything it draws by.
    fn lay(&self, c: &mut Canvas, th: &Theme, card: &Shown, x: f32, y: f32, h: Option<f32>) -> f32 {
        let (w, s, pad, pitch) = (self.w, self.s, self.pad(), self.pitch());
        let clan = card.clan;
        let inner = w - 2.0 * pad;
        // The name on the clan's colour, a hero's star before it.
        let star = if card.hero { 1.1 * s } else { 0.0 };
        let name_lines = super::lines::break_lines(card.name, Face::Bold, s, inner - star, inner)
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
            card.name,
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
        let lines = c.wrapped(
            &card.kind,
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
        let stats = [Stat::Summon, Stat::Attack, Stat::Defense, Stat::Activation];
        for (stat, value) in stats.into_iter().zip(card.stats) {
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
        let (text, any) = &card.abilities;
        let style = if *any {
            bold(s, th.ink)
        } else {
            regular(s, th.muted)
        };
        let lines = c.wrapped(text, x + pad, 0.0, cy + 0.86 * s, inner, pitch, style, 4);
        cy += lines as f32 * pitch + 0.15 * s;
        c.line(x + pad, cy, x + w - pad, cy, 0.08 * s, clan.mix(WHITE, 0.4));
        cy += 0.1 * s;
        // The battle style, then the left and the right effect.
        icons::style(c, card.style, x + pad + 0.5 * s, cy + 0.5 * s, 1.0 * s);
        // Beside its icon; a word too long for that (German "ZURÜCKHALTEND" on a card
        // of a row of six) takes the next line whole, shrinking only if it must.
        let lines = c.wrapped(
            &card.style_word,
            x + pad,
            1.2 * s,
            cy + 0.86 * s,
            inner,
            pitch,
            bold(s, icons::style_color(card.style).mix(th.ink, 0.25)).shrink(0.8 * s),
            2,
        );
        cy += lines as f32 * pitch + 0.05 * s;
        for (i, (label, text)) in card.sides.iter().enumerate() {
            let fired = self.triggered.map(|left| left == (i == 0));
            let (fill, ink) = match fired {
                Some(true) => (rgb(0xfff1c4), th.ink),
                Some(false) => (rgb(0xe6e3dc), th.muted.mix(WHITE, 0.15)),
                None => (th.background.mix(WHITE, 0.5), th.ink),
            };
            let marker = if fired == Some(true) { 0.9 * s } else { 0.0 };
            let label_w = marker + measure(label, Face::Bold, s) + 0.3 * s;
            let bx = x + 0.5 * pad;
            let bw = w - pad;
            let lines = super::lines::break_lines(
                text,
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
                label,
                tx + marker,
                base,
                label_w,
                bold(s, th.muted),
                Align::Left,
            );
            c.wrapped(
                text,
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

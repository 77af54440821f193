//! The printed card's face and the lookup of one card: the card large, with its
//! provisional marks and, under it, what its abilities do and what the marks mean.
//!
//! The face is drawn at a base width of 240 pixels and scaled as a whole. A hand and a
//! battle show their cards as tiles instead (`tile.rs`), whose words keep one size.

use super::board::{bold, regular};
use super::canvas::{Align, Canvas, Col, Face, Target, WHITE, wrap};
use super::legend::Under;
use super::{RenderError, Table, icons, words};
use crate::game::pack::{CardDef, KindId, Provenance, Rank};
use crate::i18n::{Lang, messages::images as m};

const BASE_W: f32 = 240.0;
const BASE_H: f32 = 356.0;
/// The sizes a battle effect's text may take on a card face at scale 1, largest first.
const EFFECT_SIZES: [f32; 3] = [18.0, 16.5, 15.0];

/// Which stat a chip shows.
#[derive(Clone, Copy)]
pub(super) enum Stat {
    Summon,
    Attack,
    Defense,
    Activation,
}

pub(super) fn stat_icon(c: &mut Canvas, stat: Stat, cx: f32, cy: f32, size: f32) {
    match stat {
        Stat::Summon => icons::summon(c, cx, cy, size * 0.95, icons::SUMMON),
        Stat::Attack => icons::sword(c, cx, cy, size * 1.05, icons::ATTACK),
        Stat::Defense => icons::shield(c, cx, cy, size, icons::DEFENSE),
        Stat::Activation => icons::bolt(c, cx, cy, size, icons::ACTIVATION),
    }
}

/// An icon, a number and (for a provisional value) a small dagger. Returns the width.
#[allow(clippy::too_many_arguments)]
fn stat(
    c: &mut Canvas,
    ink: Col,
    s: Stat,
    value: u8,
    p: Provenance,
    x: f32,
    y: f32,
    k: f32,
) -> f32 {
    stat_icon(c, s, x + 11.0 * k, y - 8.0 * k, 22.0 * k);
    let w = c.raw_text(
        &value.to_string(),
        x + 24.0 * k,
        y,
        Face::Bold,
        23.0 * k,
        ink,
    );
    let d = if p == Provenance::Provisional {
        c.raw_text(
            words::DAGGER,
            x + 25.0 * k + w,
            y - 7.0 * k,
            Face::Bold,
            13.0 * k,
            ink,
        )
    } else {
        0.0
    };
    24.0 * k + w + d
}

/// Draws `card` with its top-left corner at (x, y), scaled by `k` (1.0 = 240 pixels
/// wide), with its provisional marks: only the lookup of one card shows them, as it
/// says what they mean (a hand or a battle is read for play, not for provenance).
fn face(c: &mut Canvas, t: &Table, card: &CardDef, x: f32, y: f32, k: f32) {
    let th = t.theme;
    let rules = t.rules;
    let lang = t.lang;
    let clan = th.clan(rules, card.clan);
    let (w, h) = (BASE_W * k, BASE_H * k);
    let p = &card.provenance;
    let mark = words::mark;
    c.round_rect(x, y, w, h, 12.0 * k, th.panel);
    // Header: clan colour, name, rank and types.
    c.rounded_fill(x, y, w, 64.0 * k, 12.0 * k, clan);
    c.rect(x, y + 50.0 * k, w, 14.0 * k, clan);
    let mut nx = x + 12.0 * k;
    if card.rank == Rank::Hero {
        icons::star(c, x + 21.0 * k, y + 21.0 * k, 21.0 * k, icons::GOLD);
        nx += 22.0 * k;
    }
    c.text(
        &words::card_name(lang, card),
        nx,
        y + 29.0 * k,
        x + w - 10.0 * k - nx,
        bold(21.0 * k, WHITE).shrink(15.0 * k),
        Align::Left,
    );
    let mut sub = format!("{}{}", words::rank(lang, card.rank), mark(p.rank));
    if let Some(types) = words::card_types(lang, card) {
        sub.push_str(&format!(" · {types}{}", mark(p.types)));
    }
    c.text(
        &sub,
        x + 12.0 * k,
        y + 52.0 * k,
        w - 24.0 * k,
        regular(15.0 * k, WHITE.mix(clan, 0.15)).shrink(12.0 * k),
        Align::Left,
    );
    // Unit section: the four numbers.
    let sy = y + 98.0 * k;
    let chip = (w - 16.0 * k) / 4.0;
    for (i, (s, v, pr)) in [
        (Stat::Summon, card.summon, p.summon),
        (Stat::Attack, card.attack, p.attack),
        (Stat::Defense, card.defense, p.defense),
        (Stat::Activation, card.activation, p.activation),
    ]
    .into_iter()
    .enumerate()
    {
        stat(c, th.ink, s, v, pr, x + 8.0 * k + i as f32 * chip, sy, k);
    }
    // Abilities (signature and unit ability), marked when not in play yet.
    let abilities = words::abilities(lang, rules, card);
    let ab_text = if abilities.is_empty() {
        m::no_ability(lang)
    } else {
        abilities
            .iter()
            .map(|(n, ok)| {
                if *ok {
                    n.clone()
                } else {
                    format!("{n}{}", words::NOT_IN_PLAY)
                }
            })
            .collect::<Vec<_>>()
            .join(" · ")
            + mark(p.ability)
    };
    let ab_style = if abilities.is_empty() {
        regular(17.0 * k, th.muted)
    } else {
        bold(17.0 * k, th.ink)
    };
    let lines = wrap(&ab_text, ab_style.face, ab_style.size, w - 24.0 * k);
    let n = lines.len().min(2);
    for (i, line) in lines.iter().take(2).enumerate() {
        let mut text = line.clone();
        if i == 1 && lines.len() > 2 {
            text = lines[1..].join(" ");
        }
        let by = y + if n == 1 {
            138.0
        } else {
            129.0 + 21.0 * i as f32
        } * k;
        c.text(
            &text,
            x + 12.0 * k,
            by,
            w - 24.0 * k,
            ab_style.shrink(13.0 * k),
            Align::Left,
        );
    }
    c.line(
        x + 10.0 * k,
        y + 168.0 * k,
        x + w - 10.0 * k,
        y + 168.0 * k,
        1.5 * k,
        clan.mix(WHITE, 0.4),
    );
    // Battle section: style, left and right effects.
    icons::style(c, card.style, x + 24.0 * k, y + 189.0 * k, 26.0 * k);
    c.text(
        &format!("{}{}", words::style(lang, card.style), mark(p.style)),
        x + 44.0 * k,
        y + 197.0 * k,
        w - 56.0 * k,
        bold(20.0 * k, icons::style_color(card.style).mix(th.ink, 0.25)).shrink(15.0 * k),
        Align::Left,
    );
    for (i, (label, side, prov)) in [
        (m::left(lang), &card.left, p.left),
        (m::right(lang), &card.right, p.right),
    ]
    .into_iter()
    .enumerate()
    {
        let by = y + (210.0 + i as f32 * 72.0) * k;
        let bh = 66.0 * k;
        let (fill, ink) = (th.background.mix(WHITE, 0.5), th.ink);
        c.round_rect(x + 8.0 * k, by, w - 16.0 * k, bh, 8.0 * k, fill);
        c.text(
            &label,
            x + 16.0 * k,
            by + 17.0 * k,
            60.0 * k,
            bold(13.0 * k, th.muted).shrink(11.0 * k),
            Align::Left,
        );
        let text = words::effects(lang, rules, side).join(", ") + mark(prov);
        // Two lines fit the box: a longer side (German words are longer) is set a size
        // or two smaller before its second line is cut.
        let (st, lines) = EFFECT_SIZES
            .iter()
            .map(|&size| {
                let st = regular(size * k, ink);
                (st, wrap(&text, st.face, st.size, w - 32.0 * k))
            })
            .find(|(_, lines)| lines.len() <= 2)
            .unwrap_or_else(|| {
                let st = regular(EFFECT_SIZES[EFFECT_SIZES.len() - 1] * k, ink);
                (st, wrap(&text, st.face, st.size, w - 32.0 * k))
            });
        let first = if lines.len() == 1 { 46.0 } else { 38.0 };
        for (j, line) in lines.iter().take(2).enumerate() {
            let mut text = line.clone();
            if j == 1 && lines.len() > 2 {
                text = lines[1..].join(" ");
            }
            c.text(
                &text,
                x + 16.0 * k,
                by + (first + j as f32 * 21.0) * k,
                w - 32.0 * k,
                st.shrink(13.0 * k),
                Align::Left,
            );
        }
    }
    c.round_rect_stroke(x, y, w, h, 12.0 * k, 3.0 * k, clan.mix(th.ink, 0.2));
}

pub(super) fn single(t: &Table, kind: KindId, target: Target) -> Result<Canvas, RenderError> {
    let card = t
        .rules
        .pack
        .cards
        .get(kind as usize)
        .ok_or(RenderError::UnknownCard(kind))?;
    let th = t.theme;
    let k = 2.0;
    let margin = 30.0;
    let width = BASE_W * k + 2.0 * margin;
    let top = 96.0;
    let under = Under::new(
        t,
        &[card],
        card.provenance.copies == Provenance::Provisional,
        width - 2.0 * margin,
        1.1,
    );
    let height = top + BASE_H * k + 14.0 + under.height();
    let mut c = Canvas::for_target(target, width as u32, height as u32, th.background);
    // The card's name in the other language, so a player can talk about it with anyone.
    let other = match t.lang {
        Lang::En => card.name_de.as_deref(),
        Lang::De => Some(card.name.as_str()),
    };
    match other {
        Some(n) => c.text(
            &m::card_other_name(t.lang, n),
            margin,
            42.0,
            width - 2.0 * margin,
            bold(26.0, th.ink).shrink(18.0),
            Align::Left,
        ),
        None => c.text(
            &m::card_no_other_name(t.lang),
            margin,
            42.0,
            width - 2.0 * margin,
            regular(24.0, th.muted),
            Align::Left,
        ),
    };
    c.text(
        &m::card_copies(
            t.lang,
            words::clan(t.lang, &t.rules.pack.clans[card.clan as usize]),
            card.copies,
            words::mark(card.provenance.copies),
        ),
        margin,
        74.0,
        width - 2.0 * margin,
        regular(20.0, th.muted).shrink(15.0),
        Align::Left,
    );
    face(&mut c, t, card, margin, top, k);
    under.draw(
        &mut c,
        t,
        margin,
        top + BASE_H * k + 14.0,
        width - 2.0 * margin,
    );
    Ok(c)
}

//! A player's hand, from that player's own view: the cards side by side, landscape
//! like Discord's inline box (one row up to six cards, two rows beyond), every word at
//! 32 pixels, 11 in that box for a hand of up to eight. What the cards' abilities and
//! effects do is not drawn: [`glossary`] gives it to the message beside the image,
//! where it reads at any size.

use super::board::{TEXT, bold, def, regular};
use super::canvas::{Align, Canvas, Face, Target, WHITE, measure, rgb};
use super::tile::{Shown, Tile};
use super::{RenderError, Table, words};
use crate::game::view::View;
use crate::i18n::messages::images as m;

/// The canvas is as wide as the board, so that six cards in a row read as it does.
const WIDTH: f32 = 1600.0;
const GAP: f32 = 10.0;
const HEADER_LINE: f32 = 50.0;

/// Columns for `n` cards: one row up to six, two rows up to twelve, then rows of six.
fn columns(n: usize) -> usize {
    match n {
        0..=6 => n.max(1),
        7..=12 => n.div_ceil(2),
        _ => 6,
    }
}

pub(super) fn hand(t: &Table, v: &View, target: Target) -> Result<Canvas, RenderError> {
    let (Some(seat), Some(cards)) = (v.viewer, v.hand.as_ref()) else {
        return Err(RenderError::NoHand);
    };
    let th = t.theme;
    let n = cards.len();
    let cols = columns(n);
    let rows = n.div_ceil(cols).max(1);
    // A card is never wider than a quarter of the row, so a short hand stays small.
    let slots = cols.max(4) as f32;
    let cw = (WIDTH - (slots + 1.0) * GAP) / slots;
    let tile = Tile {
        w: cw,
        s: TEXT,
        triggered: None,
    };
    let shown: Vec<Shown> = cards
        .iter()
        .map(|cv| Shown::of(t, def(t.rules, cv)))
        .collect();
    let ch = shown.iter().map(|d| tile.height(t, d)).fold(0.0, f32::max);
    let width = (cols as f32 * (cw + GAP) + GAP).max(2.0 * (cw + GAP) + GAP);
    // The title and the count on one line where they fit, else on two.
    let title = m::hand_title(t.lang, t.names[seat as usize & 1]);
    let clan = words::clan(
        t.lang,
        &t.rules.pack.clans[v.players[seat as usize & 1].clan as usize],
    );
    let info = m::hand_info(t.lang, n, clan);
    let (title_w, info_w) = (
        measure(&title, Face::Bold, 36.0),
        measure(&info, Face::Regular, TEXT),
    );
    let one_line = title_w + info_w + 3.0 * GAP <= width;
    let header = if one_line { 58.0 } else { 58.0 + HEADER_LINE };
    let height = if n == 0 {
        header + 80.0
    } else {
        header + GAP + rows as f32 * (ch + GAP)
    };
    let mut c = Canvas::for_target(target, width as u32, height.ceil() as u32, th.background);
    c.rect(0.0, 0.0, width, header, th.ink);
    c.text(
        &title,
        GAP,
        42.0,
        width - 2.0 * GAP,
        bold(36.0, WHITE).shrink(TEXT),
        Align::Left,
    );
    let (ix, iy, align) = if one_line {
        (width - GAP, 42.0, Align::Right)
    } else {
        (GAP, 42.0 + HEADER_LINE, Align::Left)
    };
    c.text(
        &info,
        ix,
        iy,
        width - 2.0 * GAP,
        regular(TEXT, rgb(0xf3e6bd)).shrink(28.0),
        align,
    );
    if n == 0 {
        c.text(
            &m::hand_empty(t.lang),
            GAP,
            header + 56.0,
            width - 2.0 * GAP,
            regular(TEXT, th.muted),
            Align::Left,
        );
    }
    let x0 = (width - (cols as f32 * (cw + GAP) - GAP)) / 2.0;
    for (i, card) in shown.iter().enumerate() {
        let (r, col) = (i / cols, i % cols);
        let x = x0 + col as f32 * (cw + GAP);
        let y = header + GAP + r as f32 * (ch + GAP);
        tile.draw(&mut c, t, card, x, y, ch);
    }
    Ok(c)
}

/// What the signatures, abilities and battle effects on the hand `view` shows do: one
/// (term, explanation) each, in the order the cards show them, as the hand image drew
/// them under its cards before they moved into the message. A term that is not in play
/// yet carries the mark the cards show, and the mark is then explained last.
pub fn glossary(t: &Table, view: &View) -> Vec<(String, String)> {
    let Some(cards) = view.hand.as_ref() else {
        return Vec::new();
    };
    let defs = cards.iter().map(|cv| def(t.rules, cv));
    let explained = words::explanations(t.lang, t.rules, defs);
    let marked = explained.iter().any(|e| !e.in_play);
    let mut out: Vec<(String, String)> = explained
        .into_iter()
        .map(|e| {
            let mark = if e.in_play { "" } else { words::NOT_IN_PLAY };
            (format!("{}{mark}", e.name), e.text)
        })
        .collect();
    if marked {
        let legend = m::not_in_play(t.lang);
        let text = legend
            .strip_prefix(words::NOT_IN_PLAY)
            .map_or(legend.as_str(), str::trim_start)
            .to_string();
        out.push((words::NOT_IN_PLAY.to_string(), text));
    }
    out
}

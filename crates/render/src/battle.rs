//! A battle's picture: both battle cards (which effect triggered), the totals and who
//! fell, for the spectator, from the battle's public events.
//!
//! The picture states only what its events reached. The bot posts it as the cards are
//! revealed, and a decision (a "draw 1" effect, a unit to choose) may pause the battle
//! before its damage: until a `DamageDealt` or `NoDamage` event, the picture says, in a
//! band across both cards, that the damage follows and who must answer first; never
//! "no damage", nor who fell (beyond the units an effect destroyed already), nor who is
//! left.
//!
//! Sized for Discord's inline box: 1000 pixels wide, landscape, every word 20 pixels
//! or more (11 in the 550x350 box).

use super::board::{badge, bold, def, regular};
use super::canvas::{Align, Canvas, Target, WHITE, rgb};
use super::tile::{Shown, Tile};
use super::{RenderError, Table, icons, words};
use crate::game::event::Event;
use crate::game::pack::{CardDef, KindId, Style};
use crate::game::state::owner;
use crate::game::view::View;
use crate::i18n::{messages::images as m, names, questions};

const WIDTH: f32 = 1000.0;
/// The size of every word a player reads: 11 pixels in the 550-wide box.
const TEXT: f32 = 20.0;
const PITCH: f32 = 25.0;
const GAP: f32 = 12.0;
const HEADER_H: f32 = 74.0;
/// A total's row beside a card (attack, defense, damage).
const TOTAL_H: f32 = 48.0;
const CARD_W: f32 = 226.0;

/// The battle's facts, read from its events.
struct Facts {
    zone: u8,
    attacker: u8,
    cards: [Option<u8>; 2],
    left: Option<[bool; 2]>,
    damage: Option<([u8; 2], [u8; 2], [u8; 2])>,
    /// The damage was dealt, or a squad left before it: the battle's result is known.
    resolved: bool,
    fallen: [Vec<u8>; 2],
    removed: [Vec<u8>; 2],
    joined: [bool; 2],
    no_damage: bool,
}

fn facts(events: &[Event]) -> Result<Facts, RenderError> {
    let start = events
        .iter()
        .rposition(|e| matches!(e, Event::BattleStarted { .. }))
        .ok_or(RenderError::NoBattle)?;
    let Event::BattleStarted { attacker, zone } = events[start] else {
        return Err(RenderError::NoBattle);
    };
    let mut f = Facts {
        zone,
        attacker,
        cards: [None, None],
        left: None,
        damage: None,
        resolved: false,
        fallen: [vec![], vec![]],
        removed: [vec![], vec![]],
        joined: [false, false],
        no_damage: false,
    };
    for e in &events[start..] {
        match e {
            Event::BattleCardsRevealed { cards, left } => {
                f.cards = *cards;
                f.left = Some(*left);
            }
            Event::DamageDealt {
                attack,
                defense,
                damage,
            } => {
                f.damage = Some((*attack, *defense, *damage));
                f.resolved = true;
            }
            Event::NoDamage => {
                f.no_damage = true;
                f.resolved = true;
            }
            Event::UnitDestroyed { card, .. } => f.fallen[owner(*card) as usize].push(*card),
            Event::UnitRemovedFromGame { card, .. } => f.removed[owner(*card) as usize].push(*card),
            Event::CardJoinedSquad { seat, .. } => f.joined[*seat as usize] = true,
            _ => {}
        }
    }
    Ok(f)
}

/// One line of text beside a card: wrapped to the column, a cross before a unit that
/// fell.
struct Said {
    text: String,
    strong: bool,
    fell: bool,
}

fn said(text: String) -> Said {
    Said {
        text,
        strong: false,
        fell: false,
    }
}

/// What is still to come in a battle its events have not resolved: the damage, once
/// whoever must answer now has.
fn to_come(t: &Table, v: &View) -> String {
    match questions::who_must(t.lang, t.names, &v.pending) {
        Some((who, _, question)) => m::damage_follows(t.lang, who, question),
        None => m::damage_to_come(t.lang),
    }
}

/// The lines beside `seat`'s card, under the totals: each unit that fell (or was
/// removed), then, once the battle is resolved, who is left in the zone and whether
/// the card joined.
fn side_lines(t: &Table, f: &Facts, v: &View, kinds: &[KindId], seat: usize) -> Vec<Said> {
    let rules = t.rules;
    let lang = t.lang;
    let name_of = |id: u8| -> String {
        kinds
            .get(id as usize)
            .and_then(|&k| rules.pack.cards.get(k as usize))
            .map_or("?".into(), |d| names::card(lang, d).to_string())
    };
    let mut out = vec![];
    if f.resolved && f.damage.is_none() {
        out.push(said(if f.no_damage {
            m::no_damage_left(lang)
        } else {
            m::no_damage(lang)
        }));
    }
    let gone = [
        (&f.fallen[seat], m::destroyed(lang)),
        (&f.removed[seat], m::removed(lang)),
    ];
    for (ids, head) in gone {
        if !ids.is_empty() {
            out.push(said(head));
            for &id in ids {
                out.push(Said {
                    text: name_of(id),
                    strong: true,
                    fell: true,
                });
            }
        }
    }
    if !f.resolved {
        return out;
    }
    if f.fallen[seat].is_empty() && f.removed[seat].is_empty() {
        out.push(said(m::nobody_fell(lang)));
    }
    let left: Vec<&str> = v
        .zones
        .get(f.zone as usize)
        .map(|z| {
            z.squads[seat]
                .iter()
                .map(|cv| names::card(lang, def(rules, cv)))
                .collect()
        })
        .unwrap_or_default();
    out.push(said(if left.is_empty() {
        m::no_squad_now(lang, t.names[seat], words::zone_label(t, f.zone))
    } else {
        m::still_standing(lang, words::counted(&left))
    }));
    if f.joined[seat] {
        out.push(said(m::card_joined(lang)));
    }
    out
}

/// Draws the totals and `lines` from (x, y) in a column `w` wide; returns the height.
#[allow(clippy::too_many_arguments)]
fn side(
    c: &mut Canvas,
    t: &Table,
    f: &Facts,
    seat: usize,
    lines: &[Said],
    x: f32,
    y: f32,
    w: f32,
) -> f32 {
    let th = t.theme;
    let lang = t.lang;
    let mut cy = y;
    if let Some((attack, defense, damage)) = f.damage {
        let rows = [
            (0, m::attack(lang), attack[seat]),
            (1, m::defense(lang), defense[seat]),
            (2, m::damage_dealt(lang), damage[seat]),
        ];
        for (icon, label, value) in rows {
            c.round_rect(x, cy, w, TOTAL_H - 5.0, 9.0, th.background.mix(WHITE, 0.5));
            let my = cy + (TOTAL_H - 5.0) / 2.0;
            match icon {
                0 => icons::sword(c, x + 18.0, my, 26.0, icons::ATTACK),
                1 => icons::shield(c, x + 18.0, my, 25.0, icons::DEFENSE),
                _ => icons::cross(c, x + 18.0, my, 22.0, rgb(0x7a1f1a)),
            }
            let number = value.to_string();
            let nw = super::canvas::measure(&number, super::canvas::Face::Bold, 30.0) + 8.0;
            c.text(
                &number,
                x + 38.0,
                my + 10.5,
                nw,
                bold(30.0, th.ink),
                Align::Left,
            );
            c.text(
                &label,
                x + 38.0 + nw,
                my + 7.0,
                w - 44.0 - nw,
                regular(TEXT, th.muted),
                Align::Left,
            );
            cy += TOTAL_H;
        }
        cy += 4.0;
    }
    for line in lines {
        let style = if line.strong {
            bold(TEXT, th.ink)
        } else {
            regular(TEXT, th.ink.mix(th.muted, 0.4))
        };
        let (lx, lw) = if line.fell {
            icons::cross(c, x + 9.0, cy + 13.0, 17.0, icons::ATTACK);
            (x + 22.0, w - 22.0)
        } else {
            (x, w)
        };
        let n = c.wrapped(&line.text, lx, 0.0, cy + 19.0, lw, PITCH, style, 4);
        cy += n as f32 * PITCH + if line.fell { 0.0 } else { 3.0 };
    }
    cy - y
}

pub(super) fn battle(
    t: &Table,
    kinds: &[KindId],
    v: &View,
    events: &[Event],
    target: Target,
) -> Result<Canvas, RenderError> {
    if v.viewer.is_some() || v.hand.is_some() {
        return Err(RenderError::NotPublic);
    }
    let f = facts(events)?;
    let th = t.theme;
    let rules = t.rules;
    let lang = t.lang;
    let card_of = |id: u8| -> Option<&CardDef> {
        kinds
            .get(id as usize)
            .and_then(|&k| rules.pack.cards.get(k as usize))
    };
    let col_w = (WIDTH - 3.0 * GAP) / 2.0;
    let side_x = 10.0 + CARD_W + 12.0;
    let side_w = col_w - side_x - 10.0;
    let tile = |seat: usize| Tile {
        w: CARD_W,
        s: TEXT,
        triggered: f.left.map(|l| l[seat]),
    };
    let lines = [0, 1].map(|s| side_lines(t, &f, v, kinds, s));
    // Heights first (drawn on a canvas that only records), then the picture.
    let mut scratch = Canvas::for_target(Target::Words, 1, 1, th.background);
    let matchup = matchup(t, &f, &card_of);
    let indent = matchup.0.len() as f32 * 31.0 + 6.0;
    let matchup_h = {
        let style = bold(22.0, th.ink).shrink(TEXT);
        let n = scratch.wrapped(
            &matchup.1,
            0.0,
            indent,
            0.0,
            WIDTH - 2.0 * GAP,
            27.0,
            style,
            2,
        );
        n as f32 * 27.0 + 12.0
    };
    // Each column's head: the badge, the name, and the role in a pill at the right.
    let role = |seat: usize| {
        if seat as u8 == f.attacker {
            m::attacker(lang)
        } else {
            m::defender(lang)
        }
    };
    let role_w =
        |seat: usize| super::canvas::measure(&role(seat), super::canvas::Face::Bold, TEXT) + 22.0;
    let name_w = |seat: usize| col_w - 46.0 - 20.0 - role_w(seat);
    let name_lines = [0, 1].map(|s| {
        scratch.wrapped(
            t.names[s],
            0.0,
            0.0,
            0.0,
            name_w(s),
            26.0,
            bold(22.0, th.ink).shrink(TEXT),
            2,
        )
    });
    let head_h = 20.0 + 26.0 * name_lines[0].max(name_lines[1]) as f32;
    // Each battle card as its tile shows it, and its height.
    let cards = [0, 1].map(|s| {
        f.cards[s].and_then(card_of).map(|d| {
            let shown = Shown::of(t, d);
            let h = tile(s).height(t, &shown);
            (shown, h)
        })
    });
    let body_h = [0, 1]
        .map(|s| {
            let card = cards[s].as_ref().map_or(200.0, |(_, h)| *h);
            let beside = side(&mut scratch, t, &f, s, &lines[s], 0.0, 0.0, side_w);
            card.max(beside)
        })
        .into_iter()
        .fold(0.0, f32::max);
    // Until the battle is resolved, what is still to come, across both columns.
    let banner_style = bold(22.0, th.ink).shrink(TEXT);
    let pending = (!f.resolved).then(|| to_come(t, v));
    let banner_h = pending.as_ref().map_or(0.0, |text| {
        let n = scratch.wrapped(
            text,
            0.0,
            0.0,
            0.0,
            WIDTH - 4.0 * GAP,
            27.0,
            banner_style,
            3,
        );
        n as f32 * 27.0 + 20.0
    });
    let top = HEADER_H + matchup_h + banner_h;
    let height = top + head_h + body_h + 2.0 * GAP;
    let mut c = Canvas::for_target(target, WIDTH as u32, height.ceil() as u32, th.background);
    c.rect(0.0, 0.0, WIDTH, HEADER_H - 4.0, th.ink);
    icons::crossed_swords(&mut c, 34.0, 35.0, 40.0, icons::ATTACK);
    c.text(
        &m::battle_in(lang, words::zone_label(t, f.zone)),
        64.0,
        33.0,
        WIDTH - 76.0,
        bold(28.0, WHITE).shrink(TEXT),
        Align::Left,
    );
    c.text(
        &m::attacked(
            lang,
            t.names[f.attacker as usize & 1],
            t.names[1 - (f.attacker as usize & 1)],
        ),
        64.0,
        61.0,
        WIDTH - 76.0,
        regular(22.0, rgb(0xf3e6bd)).shrink(TEXT),
        Align::Left,
    );
    // The match-up, after the styles' icons.
    let my = HEADER_H + 22.0;
    for (i, &s) in matchup.0.iter().enumerate() {
        icons::style(&mut c, s, GAP + 17.0 + i as f32 * 31.0, my - 7.0, 26.0);
    }
    let matchup_style = bold(22.0, th.ink).shrink(TEXT);
    c.wrapped(
        &matchup.1,
        GAP,
        indent,
        my,
        WIDTH - 2.0 * GAP,
        27.0,
        matchup_style,
        2,
    );
    if let Some(text) = &pending {
        let by = HEADER_H + matchup_h;
        let fill = rgb(0xfff1c4);
        c.round_rect(GAP, by - 4.0, WIDTH - 2.0 * GAP, banner_h - 8.0, 10.0, fill);
        c.round_rect_stroke(
            GAP,
            by - 4.0,
            WIDTH - 2.0 * GAP,
            banner_h - 8.0,
            10.0,
            2.5,
            th.highlight,
        );
        c.wrapped(
            text,
            2.0 * GAP,
            0.0,
            by + 22.0,
            WIDTH - 4.0 * GAP,
            27.0,
            banner_style,
            3,
        );
    }
    for (seat, said) in lines.iter().enumerate() {
        let x = GAP + seat as f32 * (col_w + GAP);
        let clan = th.clan(rules, v.players[seat].clan);
        let panel_h = height - top - GAP;
        c.round_rect(x, top, col_w, panel_h, 12.0, th.panel);
        c.round_rect_stroke(x, top, col_w, panel_h, 12.0, 2.5, clan.mix(th.ink, 0.3));
        badge(&mut c, t, v, seat as u8, x + 24.0, top + 24.0, 30.0);
        c.wrapped(
            t.names[seat],
            x + 46.0,
            0.0,
            top + 32.0,
            name_w(seat),
            26.0,
            bold(22.0, th.ink).shrink(TEXT),
            2,
        );
        let rw = role_w(seat);
        let fill = if seat as u8 == f.attacker {
            icons::ATTACK
        } else {
            icons::DEFENSE
        };
        c.round_rect(x + col_w - rw - 10.0, top + 9.0, rw, 30.0, 15.0, fill);
        c.text(
            &role(seat),
            x + col_w - 10.0 - rw / 2.0,
            top + 31.0,
            rw - 10.0,
            bold(TEXT, WHITE),
            Align::Center,
        );
        let by = top + head_h;
        match &cards[seat] {
            Some((card, h)) => tile(seat).draw(&mut c, t, card, x + 10.0, by, *h),
            None => {
                c.round_rect_dashed(x + 10.0, by, CARD_W, 200.0, 12.0, 2.0, th.muted);
                c.wrapped(
                    &m::no_battle_card(lang),
                    x + 24.0,
                    0.0,
                    by + 90.0,
                    CARD_W - 28.0,
                    PITCH,
                    regular(TEXT, th.muted),
                    3,
                );
            }
        }
        side(&mut c, t, &f, seat, said, x + side_x, by, side_w);
    }
    Ok(c)
}

/// The match-up line as the events tell it, after the styles' icons (the winner's
/// first): which style beat which, which effect triggered for each player.
fn matchup<'r>(
    t: &Table,
    f: &Facts,
    card_of: &dyn Fn(u8) -> Option<&'r CardDef>,
) -> (Vec<Style>, String) {
    let lang = t.lang;
    let styles = [0, 1].map(|s| f.cards[s].and_then(card_of).map(|d| d.style));
    let style = |s| words::style(lang, s);
    let (order, head) = match styles {
        [Some(a), Some(b)] if a.beats(b) => (vec![a, b], m::beats(lang, style(a), style(b))),
        [Some(a), Some(b)] if b.beats(a) => (vec![b, a], m::beats(lang, style(b), style(a))),
        [Some(a), Some(_)] => (vec![a], m::both_style(lang, style(a))),
        [Some(a), None] | [None, Some(a)] => (vec![a], m::one_no_card(lang)),
        [None, None] => (vec![], m::no_cards(lang)),
    };
    let text = match f.left {
        Some(left) => {
            let side = |s: usize| if left[s] { "left" } else { "right" };
            let who = |s: usize| match f.cards[s] {
                Some(_) => m::effect_of(lang, t.names[s], side(s)),
                None => m::played_no_card(lang, t.names[s]),
            };
            format!("{head}: {}, {}", who(0), who(1))
        }
        None => m::not_revealed(lang),
    };
    (order, text)
}

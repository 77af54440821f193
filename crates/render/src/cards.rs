//! The printed card's face, and the images built from it: a single card (the lookup,
//! with its provisional marks and what they mean) and a battle.
//!
//! A card face is drawn at a base width of 240 pixels and scaled as a whole. The hand
//! shows its cards as tiles instead (`tile.rs`), whose words keep one readable size.

use super::board::{bold, def, regular};
use super::canvas::{Align, Canvas, Col, Face, Target, WHITE, rgb, wrap};
use super::legend::Under;
use super::{RenderError, Table, icons, words};
use crate::game::event::Event;
use crate::game::pack::{CardDef, KindId, Provenance, Rank};
use crate::game::state::owner;
use crate::game::view::View;
use crate::i18n::{Lang, messages::images as m, names};

const BASE_W: f32 = 240.0;
const BASE_H: f32 = 356.0;
const GAP: f32 = 14.0;
/// The height of a battle image's total (attack, defense, damage) beside a card.
const TOTAL_H: f32 = 60.0;
/// Where the who-fell list starts below a card's top (after the totals), and its line.
const SIDE_TOP: f32 = 3.0 * TOTAL_H + 6.0;
const SIDE_LINE: f32 = 26.0;
/// Marks a line of [`side_lines`] as a unit that fell (drawn with a cross).
const FELL: &str = "\u{1}";
/// The sizes a battle effect's text may take on a card face at scale 1, largest first.
const EFFECT_SIZES: [f32; 3] = [18.0, 16.5, 15.0];
/// The widest the attacker/defender badge's word may be.
const ROLE_MAX: f32 = 110.0;

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
/// wide). `triggered` highlights the effect that triggered in a battle (true = left).
/// `marks`: the provisional daggers, which only the lookup of one card shows (it says
/// what they mean; a hand or a battle is read for play, not for provenance).
#[allow(clippy::too_many_arguments)]
pub(super) fn face(
    c: &mut Canvas,
    t: &Table,
    card: &CardDef,
    x: f32,
    y: f32,
    k: f32,
    triggered: Option<bool>,
    marks: bool,
) {
    let th = t.theme;
    let rules = t.rules;
    let lang = t.lang;
    let clan = th.clan(rules, card.clan);
    let (w, h) = (BASE_W * k, BASE_H * k);
    let p = &card.provenance;
    let mark = |p: Provenance| if marks { words::mark(p) } else { "" };
    c.round_rect(x, y, w, h, 12.0 * k, th.panel);
    // Header: clan colour, name, rank and types.
    if let Some(path) = super::canvas::rounded_rect(x, y, w, 64.0 * k, 12.0 * k) {
        c.fill(&path, clan);
    }
    c.rect(x, y + 50.0 * k, w, 14.0 * k, clan);
    let mut nx = x + 12.0 * k;
    if card.rank == Rank::Hero {
        icons::star(c, x + 21.0 * k, y + 21.0 * k, 21.0 * k, icons::GOLD);
        nx += 22.0 * k;
    }
    let name = if marks {
        words::card_name(lang, card)
    } else {
        names::card(lang, card).to_string()
    };
    c.text(
        &name,
        nx,
        y + 29.0 * k,
        x + w - 10.0 * k - nx,
        bold(21.0 * k, WHITE).shrink(15.0 * k),
        Align::Left,
    );
    let mut sub = format!("{}{}", words::rank(lang, card.rank), mark(p.rank));
    if !card.type_names.is_empty() {
        let types: Vec<String> = card
            .type_names
            .iter()
            .map(|ty| words::card_type(lang, ty))
            .collect();
        sub.push_str(&format!(" · {}{}", types.join(", "), mark(p.types)));
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
        let pr = if marks { pr } else { Provenance::Seen };
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
        let (fill, ink, border) = match triggered {
            Some(left) if left == (i == 0) => (rgb(0xfff1c4), th.ink, Some(th.highlight)),
            Some(_) => (rgb(0xe6e3dc), th.muted.mix(WHITE, 0.25), None),
            None => (th.background.mix(WHITE, 0.5), th.ink, None),
        };
        c.round_rect(x + 8.0 * k, by, w - 16.0 * k, bh, 8.0 * k, fill);
        if let Some(b) = border {
            c.round_rect_stroke(x + 8.0 * k, by, w - 16.0 * k, bh, 8.0 * k, 3.5 * k, b);
        }
        c.text(
            &label,
            x + 16.0 * k,
            by + 17.0 * k,
            60.0 * k,
            bold(13.0 * k, th.muted).shrink(11.0 * k),
            Align::Left,
        );
        if border.is_some() {
            let tw = c.text(
                &m::triggered(lang),
                x + w - 16.0 * k,
                by + 17.0 * k,
                120.0 * k,
                bold(14.0 * k, rgb(0x9a5b00)),
                Align::Right,
            );
            icons::play(
                c,
                x + w - 26.0 * k - tw,
                by + 12.0 * k,
                14.0 * k,
                rgb(0x9a5b00),
            );
        }
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
    face(&mut c, t, card, margin, top, k, None, true);
    under.draw(
        &mut c,
        t,
        margin,
        top + BASE_H * k + 14.0,
        width - 2.0 * margin,
    );
    Ok(c)
}

/// The battle's facts, read from its events.
struct Facts {
    zone: u8,
    attacker: u8,
    cards: [Option<u8>; 2],
    left: Option<[bool; 2]>,
    damage: Option<([u8; 2], [u8; 2], [u8; 2])>,
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
            } => f.damage = Some((*attack, *defense, *damage)),
            Event::UnitDestroyed { card, .. } => f.fallen[owner(*card) as usize].push(*card),
            Event::UnitRemovedFromGame { card, .. } => f.removed[owner(*card) as usize].push(*card),
            Event::CardJoinedSquad { seat, .. } => f.joined[*seat as usize] = true,
            Event::NoDamage => f.no_damage = true,
            _ => {}
        }
    }
    Ok(f)
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
    // Sized for Discord's inline box (550x350 on desktop): the totals and who fell
    // stand beside each card rather than below, so the image stays wide (1000 by
    // about 590, shown at 0.55) and the facts a player reads there (the match-up, the
    // names, the triggered effect, the totals, who fell) are 18 pixels or more, about
    // 10 in the box.
    let width = 1000.0;
    let col_w = (width - 3.0 * GAP) / 2.0;
    let k = 1.05;
    let top = 128.0;
    let card_h = BASE_H * k;
    let cy = top + 48.0;
    let side_w = col_w - 20.0 - BASE_W * k - 12.0;
    let side = |s: usize| side_lines(t, &f, v, kinds, s, side_w);
    let side_h = side(0).len().max(side(1).len()) as f32 * SIDE_LINE + SIDE_TOP;
    let height = cy + card_h.max(side_h) + 14.0 + GAP;
    let mut c = Canvas::for_target(target, width as u32, height as u32, th.background);
    // Header.
    c.rect(0.0, 0.0, width, 70.0, th.ink);
    icons::crossed_swords(&mut c, 36.0, 35.0, 40.0, icons::ATTACK);
    c.text(
        &m::battle_in(lang, words::zone_label(t, f.zone)),
        66.0,
        32.0,
        width - 80.0,
        bold(26.0, WHITE).shrink(18.0),
        Align::Left,
    );
    c.text(
        &m::attacked(
            lang,
            t.names[f.attacker as usize & 1],
            t.names[1 - (f.attacker as usize & 1)],
        ),
        66.0,
        58.0,
        width - 80.0,
        regular(20.0, rgb(0xf3e6bd)).shrink(15.0),
        Align::Left,
    );
    // The match-up: which style beat which.
    let styles = [0, 1].map(|s| f.cards[s].and_then(card_of).map(|d| d.style));
    // The match-up as the events tell it: which style beat which, which effect
    // triggered for each player.
    let style = |s| words::style(lang, s);
    let (order, head) = match styles {
        [Some(a), Some(b)] if a.beats(b) => (vec![a, b], m::beats(lang, style(a), style(b))),
        [Some(a), Some(b)] if b.beats(a) => (vec![b, a], m::beats(lang, style(b), style(a))),
        [Some(a), Some(_)] => (vec![a], m::both_style(lang, style(a))),
        [Some(a), None] | [None, Some(a)] => (vec![a], m::one_no_card(lang)),
        [None, None] => (vec![], m::no_cards(lang)),
    };
    let matchup = match f.left {
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
    let my = 104.0;
    let mut mx = GAP + 4.0;
    for s in order {
        icons::style(&mut c, s, mx + 14.0, my - 7.0, 26.0);
        mx += 32.0;
    }
    c.text(
        &matchup,
        mx + 4.0,
        my,
        width - mx - GAP,
        bold(21.0, th.ink).shrink(16.0),
        Align::Left,
    );
    for seat in 0..2usize {
        let x = GAP + seat as f32 * (col_w + GAP);
        let p = &v.players[seat];
        let clan = th.clan(rules, p.clan);
        c.round_rect(x, top, col_w, height - top - GAP, 12.0, th.panel);
        c.round_rect_stroke(
            x,
            top,
            col_w,
            height - top - GAP,
            12.0,
            2.0,
            clan.mix(th.ink, 0.3),
        );
        c.circle(x + 20.0, top + 24.0, 8.0, clan);
        let role = if seat as u8 == f.attacker {
            m::attacker(lang)
        } else {
            m::defender(lang)
        };
        let rw = super::canvas::measure(&role, Face::Bold, 16.0).min(ROLE_MAX) + 16.0;
        c.text(
            t.names[seat],
            x + 36.0,
            top + 32.0,
            col_w - 56.0 - rw,
            bold(22.0, th.ink).shrink(15.0),
            Align::Left,
        );
        c.round_rect(
            x + col_w - rw - 12.0,
            top + 11.0,
            rw,
            27.0,
            13.0,
            if seat as u8 == f.attacker {
                icons::ATTACK
            } else {
                icons::DEFENSE
            },
        );
        c.text(
            &role,
            x + col_w - 12.0 - rw / 2.0,
            top + 30.0,
            rw - 16.0,
            bold(16.0, WHITE).shrink(12.0),
            Align::Center,
        );
        let cx = x + 10.0;
        match f.cards[seat].and_then(card_of) {
            Some(card) => face(&mut c, t, card, cx, cy, k, f.left.map(|l| l[seat]), false),
            None => {
                c.round_rect_dashed(cx, cy, BASE_W * k, card_h, 12.0, 2.0, th.muted);
                c.text(
                    &m::no_battle_card(lang),
                    cx + BASE_W * k / 2.0,
                    cy + card_h / 2.0,
                    BASE_W * k - 20.0,
                    regular(20.0, th.muted),
                    Align::Center,
                );
            }
        }
        // Beside the card: the totals, then who fell and who is left.
        let tx = cx + BASE_W * k + 12.0;
        if let Some((attack, defense, damage)) = f.damage {
            let rows: [(u8, String, u8); 3] = [
                (0, m::attack(lang), attack[seat]),
                (1, m::defense(lang), defense[seat]),
                (2, m::damage_dealt(lang), damage[seat]),
            ];
            for (i, (icon, label, value)) in rows.into_iter().enumerate() {
                let ry = cy + i as f32 * TOTAL_H;
                c.round_rect(
                    tx,
                    ry,
                    side_w,
                    TOTAL_H - 6.0,
                    10.0,
                    th.background.mix(WHITE, 0.5),
                );
                let my = ry + (TOTAL_H - 6.0) / 2.0;
                match icon {
                    0 => icons::sword(&mut c, tx + 22.0, my, 28.0, icons::ATTACK),
                    1 => icons::shield(&mut c, tx + 22.0, my, 27.0, icons::DEFENSE),
                    _ => icons::cross(&mut c, tx + 22.0, my, 24.0, rgb(0x7a1f1a)),
                }
                let number = value.to_string();
                let nw = super::canvas::measure(&number, Face::Bold, 32.0) + 8.0;
                c.text(
                    &number,
                    tx + 42.0,
                    my + 11.0,
                    nw,
                    bold(32.0, th.ink),
                    Align::Left,
                );
                c.text(
                    &label,
                    tx + 42.0 + nw,
                    my + 8.0,
                    side_w - 48.0 - nw,
                    regular(18.0, th.muted).shrink(13.0),
                    Align::Left,
                );
            }
        }
        let first = if f.damage.is_some() { SIDE_TOP } else { 0.0 };
        for (i, (line, strong)) in side_lines(t, &f, v, kinds, seat, side_w)
            .into_iter()
            .enumerate()
        {
            let ly = cy + first + i as f32 * SIDE_LINE + 20.0;
            // 13.5 at the least: a fallen German hero's name beside its cross runs to
            // 22 letters ("Kriegshäuptling Gorrak") and must not lose its end.
            let style = if strong {
                bold(19.0, th.ink).shrink(13.5)
            } else {
                regular(19.0, th.muted).shrink(13.5)
            };
            if let Some(name) = line.strip_prefix(FELL) {
                icons::cross(&mut c, tx + 9.0, ly - 7.0, 18.0, icons::ATTACK);
                c.text(name, tx + 22.0, ly, side_w - 22.0, style, Align::Left);
            } else {
                c.text(&line, tx, ly, side_w, style, Align::Left);
            }
        }
    }
    Ok(c)
}

/// The lines beside a battle card, below the totals: each unit that fell (marked
/// [`FELL`], bold), then what is left in the zone and whether the card joined, wrapped
/// to `w` (regular).
fn side_lines(
    t: &Table,
    f: &Facts,
    v: &View,
    kinds: &[KindId],
    seat: usize,
    w: f32,
) -> Vec<(String, bool)> {
    let rules = t.rules;
    let lang = t.lang;
    let name_of = |id: u8| -> String {
        kinds
            .get(id as usize)
            .and_then(|&k| rules.pack.cards.get(k as usize))
            .map_or("?".into(), |d| names::card(lang, d).to_string())
    };
    let mut out = vec![];
    let plain = |out: &mut Vec<(String, bool)>, text: &str| {
        for line in wrap(text, Face::Regular, 19.0, w) {
            out.push((line, false));
        }
    };
    if f.damage.is_none() {
        let why = if f.no_damage {
            m::no_damage_left(lang)
        } else {
            m::no_damage(lang)
        };
        plain(&mut out, &why);
    }
    if f.fallen[seat].is_empty() && f.removed[seat].is_empty() {
        plain(&mut out, &m::nobody_fell(lang));
    } else {
        out.push((m::destroyed(lang), false));
        for &id in &f.fallen[seat] {
            out.push((format!("{FELL}{}", name_of(id)), true));
        }
        if !f.removed[seat].is_empty() {
            out.push((m::removed(lang), false));
            for &id in &f.removed[seat] {
                out.push((format!("{FELL}{}", name_of(id)), true));
            }
        }
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
    let rest = if left.is_empty() {
        m::no_squad_now(lang, t.names[seat], words::zone_label(t, f.zone))
    } else {
        m::still_standing(lang, words::counted(&left))
    };
    plain(&mut out, &rest);
    if f.joined[seat] {
        plain(&mut out, &m::card_joined(lang));
    }
    out
}

//! A whole match as an animated GIF: one frame per turn (the board as the turn left
//! it) and one per battle (its result), each under a one-line caption.
//!
//! Built in two steps so that nothing hidden can reach a frame. [`Story::replay`]
//! plays the stored inputs from the setup and keeps, at each turn's end and each
//! battle's end, only what a spectator may know: `State::view(rules, None)` and the
//! events redacted for the spectator (the redaction the board post's log uses).
//! [`replay`] draws a [`Story`] with the board and battle renderers, so two matches
//! that differ only in hidden cards give the same bytes.
//!
//! Size: the frames are 560x350, the size of Discord's inline box (about 550x350),
//! and share one palette (NeuQuant over a sample of every frame, `color_quant`):
//! after the first, each frame holds only the rectangle that changed, its unchanged
//! pixels transparent, which LZW (`gif`) packs into little. A turn frame is the board
//! drawn at its full size and scaled down (the board is laid out for this box), with
//! the caption drawn over its header at the frame's own size, where it stays sharp.

use super::canvas::{Align, Canvas, Target};
use super::{RenderError, Table, board, cards};
use crate::game::event::Event;
use crate::game::pack::KindId;
use crate::game::view::View;
use crate::game::{Input, Rules, Seat, State};
use crate::i18n::{messages::images as m, names};

/// The frame: Discord's inline box, which the 1600x1000 board fills at this scale.
pub const FRAME_W: u32 = 560;
pub const FRAME_H: u32 = 350;
/// The caption's band, over the board's own header (68 of its 1000 pixels).
const BAND_H: u32 = 24;
/// How long a frame shows, in hundredths of a second: long enough to read the caption.
const TURN_DELAY: u16 = 200;
const BATTLE_DELAY: u16 = 250;
/// The last frame (the final board) stays longer before the loop starts again.
const LAST_DELAY: u16 = 600;
/// The palette is learnt from every `SAMPLE_STRIDE`-th pixel of every frame: enough
/// for a few dozen flat colours and their anti-aliased edges, at a small cost.
const SAMPLE_STRIDE: usize = 13;
/// The palette's one transparent entry: "as in the previous frame".
const CLEAR: u8 = 255;

/// What one frame shows.
#[derive(Debug, Clone, PartialEq)]
pub enum SceneKind {
    /// The board at the end of this turn.
    Turn(u32),
    /// A battle's result, in this turn.
    Battle(u32),
}

/// One frame's public facts: the spectator's view and the spectator-redacted events
/// it tells of (a turn's, or a battle's from its start).
#[derive(Debug, Clone)]
pub struct Scene {
    pub kind: SceneKind,
    pub view: View,
    pub events: Vec<Event>,
}

/// A match as a spectator saw it, scene by scene.
#[derive(Debug, Clone)]
pub struct Story {
    /// Each card instance's kind (deck lists are public; events name instances).
    pub kinds: Vec<KindId>,
    pub scenes: Vec<Scene>,
}

impl Story {
    /// Plays `inputs` from `state` (a match as dealt, `opening` the events of its
    /// setup) and keeps the public scenes: a battle's after the input that ends it, a
    /// turn's after the input that passes it, and the last turn's after the last
    /// input (the match's end, or where it stopped).
    pub fn replay<'a>(
        rules: &Rules,
        mut state: State,
        opening: &[Event],
        inputs: impl IntoIterator<Item = (Seat, &'a Input)>,
    ) -> Result<Story, String> {
        let public = |e: &Event| e.redact(None);
        let mut scenes = Vec::new();
        let mut turn_log: Vec<Event> = opening.iter().map(public).collect();
        let mut battle: Vec<Event> = Vec::new();
        let mut turn = current_turn(&turn_log).unwrap_or(state.turn);
        for (n, (seat, input)) in inputs.into_iter().enumerate() {
            let events = state
                .apply(rules, seat, input)
                .map_err(|_| format!("input {} is refused on replay", n + 1))?;
            let mut ends = Vec::new();
            for e in events.iter().map(public) {
                match &e {
                    Event::BattleStarted { .. } => battle = vec![e.clone()],
                    Event::BattleEnded { .. } if !battle.is_empty() => {
                        battle.push(e.clone());
                        ends.push((SceneKind::Battle(turn), std::mem::take(&mut battle)));
                        turn_log.push(e);
                        continue;
                    }
                    _ if !battle.is_empty() => battle.push(e.clone()),
                    _ => {}
                }
                if let Event::TurnStarted { turn: t, .. } = e {
                    turn = t;
                }
                let passed = matches!(e, Event::TurnPassed { .. });
                turn_log.push(e);
                if passed {
                    ends.push((SceneKind::Turn(turn), std::mem::take(&mut turn_log)));
                }
            }
            if !ends.is_empty() {
                let view = state.view(rules, None);
                for (kind, events) in ends {
                    scenes.push(Scene {
                        kind,
                        view: view.clone(),
                        events,
                    });
                }
            }
        }
        // The turn in progress when the inputs end: the winning turn, or the one a
        // resignation or a timeout stopped (then perhaps with nothing done in it).
        let started = turn_log
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { .. }));
        if started || scenes.is_empty() {
            scenes.push(Scene {
                kind: SceneKind::Turn(turn),
                view: state.view(rules, None),
                events: turn_log,
            });
        }
        Ok(Story {
            kinds: state.kinds.to_vec(),
            scenes,
        })
    }

    pub fn turns(&self) -> usize {
        self.count(|k| matches!(k, SceneKind::Turn(_)))
    }

    pub fn battles(&self) -> usize {
        self.count(|k| matches!(k, SceneKind::Battle(_)))
    }

    fn count(&self, f: impl Fn(&SceneKind) -> bool) -> usize {
        self.scenes.iter().filter(|s| f(&s.kind)).count()
    }
}

fn current_turn(log: &[Event]) -> Option<u32> {
    log.iter().rev().find_map(|e| match e {
        Event::TurnStarted { turn, .. } => Some(*turn),
        _ => None,
    })
}

/// A finished replay.
#[derive(Debug, Clone)]
pub struct Replay {
    pub gif: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub frames: usize,
    /// Each frame's caption, in order (for tests and tools).
    pub captions: Vec<String>,
}

/// Draws `story` as an animated GIF that loops. Every scene's view must be the
/// spectator's (`NotPublic` otherwise).
pub fn replay(t: &Table, story: &Story) -> Result<Replay, RenderError> {
    let mut frames = Vec::with_capacity(story.scenes.len());
    let mut captions = Vec::with_capacity(story.scenes.len());
    for (i, scene) in story.scenes.iter().enumerate() {
        if scene.view.viewer.is_some() || scene.view.hand.is_some() {
            return Err(RenderError::NotPublic);
        }
        let caption = caption(t, &story.kinds, scene);
        let rgb = frame(t, &story.kinds, scene, &caption)?;
        let delay = match scene.kind {
            _ if i + 1 == story.scenes.len() => LAST_DELAY,
            SceneKind::Turn(_) => TURN_DELAY,
            SceneKind::Battle(_) => BATTLE_DELAY,
        };
        frames.push((rgb, delay));
        captions.push(caption);
    }
    let gif = encode(&frames, FRAME_W, FRAME_H)?;
    Ok(Replay {
        gif,
        width: FRAME_W,
        height: FRAME_H,
        frames: frames.len(),
        captions,
    })
}

/// One frame's RGB pixels: the scene's picture scaled into the frame, the caption's
/// band on top.
fn frame(
    t: &Table,
    kinds: &[KindId],
    scene: &Scene,
    caption: &str,
) -> Result<Vec<u8>, RenderError> {
    let picture = match scene.kind {
        SceneKind::Battle(_) => {
            match cards::battle(t, kinds, &scene.view, &scene.events, Target::Pixels) {
                Ok(c) => Some(c),
                // A battle the renderer cannot picture (no card was revealed): the board.
                Err(RenderError::NoBattle) => None,
                Err(e) => return Err(e),
            }
        }
        SceneKind::Turn(_) => None,
    };
    let picture = match picture {
        Some(c) => c,
        None => board::draw(t, &scene.view, &[], Target::Pixels)?,
    };
    let (pw, ph) = (picture.pix.width(), picture.pix.height());
    let src = image::ImageBuffer::<image::Rgba<u8>, &[u8]>::from_raw(pw, ph, picture.pix.data())
        .ok_or_else(|| RenderError::Encode("a picture's pixels do not fit its size".into()))?;
    // The board fills the whole frame (its header goes under the band); anything else
    // is fitted below the band, centred.
    let is_board = (pw, ph) == (board::WIDTH, board::HEIGHT);
    let (top, room_h) = if is_board {
        (0, FRAME_H)
    } else {
        (BAND_H, FRAME_H - BAND_H)
    };
    let scale = (FRAME_W as f32 / pw as f32).min(room_h as f32 / ph as f32);
    let (w, h) = (
        ((pw as f32 * scale).round() as u32).clamp(1, FRAME_W),
        ((ph as f32 * scale).round() as u32).clamp(1, room_h),
    );
    let small = image::imageops::thumbnail(&src, w, h);
    let mut out = Canvas::new(FRAME_W, FRAME_H, t.theme.background);
    let (left, top) = ((FRAME_W - w) / 2, top + (room_h - h) / 2);
    let stride = FRAME_W as usize * 4;
    let data = out.pix.data_mut();
    for (y, row) in small.as_raw().chunks_exact(w as usize * 4).enumerate() {
        let at = (top as usize + y) * stride + left as usize * 4;
        data[at..at + row.len()].copy_from_slice(row);
    }
    out.rect(0.0, 0.0, FRAME_W as f32, BAND_H as f32, t.theme.ink);
    out.text(
        caption,
        6.0,
        BAND_H as f32 - 7.0,
        FRAME_W as f32 - 12.0,
        board::bold(13.0, super::canvas::WHITE).shrink(10.0),
        Align::Left,
    );
    Ok(super::canvas::rgb_bytes(out.pix.data()))
}

/// The caption of a scene, from its public events: "Turn 5 · Ana: summoned Thorns to
/// B2, moved Thorns to C3, scored Ruby", "Turn 5 · battle in C3 · Ana: Thorns, Max:
/// Fangs · damage 3-1 · 2 units fell".
fn caption(t: &Table, kinds: &[KindId], scene: &Scene) -> String {
    let rules = t.rules;
    let lang = t.lang;
    let name = |s: Seat| t.names.get(s as usize).copied().unwrap_or("?");
    let card = |c: u8| {
        kinds
            .get(c as usize)
            .and_then(|&k| rules.pack.cards.get(k as usize))
            .map_or_else(|| m::cap_a_card(lang), |d| names::card(lang, d).to_string())
    };
    let zone = |z: u8| {
        rules
            .board
            .zones
            .get(z as usize)
            .map_or("?", |z| z.id.as_str())
    };
    let list = |cs: &[u8]| -> String {
        match cs {
            [] => m::cap_nothing(lang),
            [one] => card(*one),
            [first, rest @ ..] => format!("{} +{}", card(*first), rest.len()),
        }
    };
    match scene.kind {
        SceneKind::Battle(turn) => {
            let mut parts = vec![m::cap_turn(lang, turn)];
            let mut fell = 0;
            for e in &scene.events {
                match e {
                    Event::BattleStarted { zone: z, .. } => {
                        parts.push(m::cap_battle_in(lang, zone(*z)))
                    }
                    Event::BattleCardsRevealed { cards, .. } => {
                        let side = |s: usize| {
                            let c = cards[s].map_or_else(|| m::cap_no_card(lang), card);
                            format!("{}: {c}", name(s as Seat))
                        };
                        parts.push(format!("{}, {}", side(0), side(1)));
                    }
                    Event::DamageDealt { damage, .. } => {
                        parts.push(m::cap_damage(lang, damage[0], damage[1]))
                    }
                    Event::NoDamage => parts.push(m::cap_no_damage(lang)),
                    Event::UnitDestroyed { .. } | Event::UnitRemovedFromGame { .. } => fell += 1,
                    _ => {}
                }
            }
            parts.push(m::cap_fell(lang, fell));
            parts.join(" · ")
        }
        SceneKind::Turn(turn) => {
            let mut actor = None;
            let mut did = Vec::new();
            let mut won = None;
            for e in &scene.events {
                let by = |s: &Seat| {
                    if actor == Some(*s) {
                        String::new()
                    } else {
                        format!("{} ", name(*s))
                    }
                };
                match e {
                    Event::TurnStarted { seat, .. } => actor = Some(*seat),
                    Event::Summoned {
                        seat,
                        cards,
                        zone: z,
                        ..
                    } => did.push(by(seat) + &m::cap_summoned(lang, list(cards), zone(*z))),
                    Event::Moved {
                        seat, cards, to, ..
                    } => did.push(by(seat) + &m::cap_moved(lang, list(cards), zone(*to))),
                    Event::BattleStarted { attacker, zone: z } => {
                        did.push(by(attacker) + &m::cap_attacked(lang, zone(*z)))
                    }
                    Event::Scored { seat, crystal, .. } => {
                        let crystal = rules.pack.crystals.get(*crystal as usize).map_or_else(
                            || m::cap_a_crystal(lang),
                            |c| names::crystal(lang, c).to_string(),
                        );
                        did.push(by(seat) + &m::cap_scored(lang, crystal))
                    }
                    Event::Replenished { seat } => did.push(by(seat) + &m::cap_replenished(lang)),
                    Event::Invaded { seat, attack } => {
                        did.push(by(seat) + &m::cap_invaded(lang, *attack))
                    }
                    Event::Won { seat } => won = Some(*seat),
                    _ => {}
                }
            }
            let turn = m::cap_turn(lang, turn);
            let mut line = match actor {
                Some(a) if did.is_empty() => {
                    format!("{turn} · {}: {}", name(a), m::cap_no_action(lang))
                }
                Some(a) => format!("{turn} · {}: {}", name(a), did.join(", ")),
                None if did.is_empty() => turn,
                None => format!("{turn} · {}", did.join(", ")),
            };
            if let Some(w) = won {
                line.push_str(&format!(" · {}", m::cap_wins(lang, name(w))));
            }
            line
        }
    }
}

/// Encodes RGB frames as a looping GIF: one global palette, and after the first frame
/// only the rectangle that changed, its unchanged pixels transparent.
fn encode(frames: &[(Vec<u8>, u16)], width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut sample = Vec::new();
    for (rgb, _) in frames {
        for px in rgb.chunks_exact(3).step_by(SAMPLE_STRIDE) {
            sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
    }
    // 255 colours: the last entry is the transparent one.
    let quant = color_quant::NeuQuant::new(10, CLEAR as usize, &sample);
    let mut palette = quant.color_map_rgb();
    palette.resize(256 * 3, 0);
    // Each colour's palette index, looked up once per colour cell of 6 bits a channel
    // (a few thousand cells in a match, out of 260,000 and 60 frames of pixels).
    let mut memo = vec![u16::MAX; 1 << 18];
    let mut index_of = |p: &[u8]| -> u8 {
        let cell = (p[0] as usize >> 2) << 12 | (p[1] as usize >> 2) << 6 | p[2] as usize >> 2;
        if memo[cell] == u16::MAX {
            memo[cell] = quant.index_of(&[p[0], p[1], p[2], 255]) as u16;
        }
        memo[cell] as u8
    };
    let (w, h) = (width as usize, height as usize);
    let mut out = Vec::new();
    {
        let mut enc =
            gif::Encoder::new(&mut out, width as u16, height as u16, &palette).map_err(err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let mut prev: Option<Vec<u8>> = None;
        for (rgb, delay) in frames {
            let idx: Vec<u8> = rgb.chunks_exact(3).map(&mut index_of).collect();
            let mut f = gif::Frame {
                delay: *delay,
                dispose: gif::DisposalMethod::Keep,
                width: width as u16,
                height: height as u16,
                ..gif::Frame::default()
            };
            match &prev {
                None => f.buffer = std::borrow::Cow::Borrowed(&idx),
                Some(p) => {
                    f.transparent = Some(CLEAR);
                    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
                    for y in 0..h {
                        let row = y * w;
                        for x in 0..w {
                            if idx[row + x] != p[row + x] {
                                x0 = x0.min(x);
                                x1 = x1.max(x + 1);
                                y0 = y0.min(y);
                                y1 = y1.max(y + 1);
                            }
                        }
                    }
                    if x1 == 0 {
                        // Nothing changed: one clear pixel keeps the frame's time.
                        (x0, y0, x1, y1) = (0, 0, 1, 1);
                    }
                    let mut part = Vec::with_capacity((x1 - x0) * (y1 - y0));
                    for y in y0..y1 {
                        let row = y * w;
                        part.extend((x0..x1).map(|x| {
                            let i = row + x;
                            if idx[i] == p[i] { CLEAR } else { idx[i] }
                        }));
                    }
                    f.left = x0 as u16;
                    f.top = y0 as u16;
                    f.width = (x1 - x0) as u16;
                    f.height = (y1 - y0) as u16;
                    f.buffer = std::borrow::Cow::Owned(part);
                }
            }
            enc.write_frame(&f).map_err(err)?;
            prev = Some(idx);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_keeps_flat_colours_and_one_clear_entry() {
        let mut a = vec![0u8; 8 * 8 * 3];
        for (i, px) in a.chunks_exact_mut(3).enumerate() {
            px.copy_from_slice(if i % 2 == 0 {
                &[200, 30, 30]
            } else {
                &[20, 20, 220]
            });
        }
        let b: Vec<u8> = a.iter().rev().copied().collect();
        let gif = encode(&[(a, 10), (b, 10)], 8, 8).expect("encodes");
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(gif.as_slice()).expect("decodes");
        let first = dec.read_next_frame().expect("reads").expect("a frame");
        let px = &first.buffer[..4];
        assert!(px[0] > 180 && px[2] < 60, "red stays red: {px:?}");
        let second = dec.read_next_frame().expect("reads").expect("a frame");
        assert_eq!(second.transparent, Some(CLEAR));
        assert!(dec.read_next_frame().expect("reads").is_none());
    }
}

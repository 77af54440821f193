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
//! and share one palette (NeuQuant over a sample of up to 16 frames, `color_quant`):
//! after the first, each frame holds only the rectangle that changed, its unchanged
//! pixels transparent, which LZW (`gif`) packs into little. Frames are encoded as they
//! are drawn and dropped, so a replay's memory does not grow with its match; a match
//! too long for Discord's attachment limit shows a sample of its scenes, each gap
//! named in the caption after it. A turn frame is the board
//! drawn at its full size and scaled down (the board is laid out for this box), with
//! the caption drawn over its header at the frame's own size, where it stays sharp.

use super::canvas::{Align, Canvas, Target};
use super::{RenderError, Table, battle, board, words};
use crate::game::event::Event;
use crate::game::pack::KindId;
use crate::game::view::View;
use crate::game::{Input, Rules, Seat, State};
use crate::i18n::{messages::images as m, names};

/// The frame: Discord's inline box, which the 1600x1000 board fills at this scale.
pub const FRAME_W: u32 = 560;
pub const FRAME_H: u32 = 350;
/// The caption's band, over the board's own header (which it covers whole: the
/// header's question would otherwise show cut under it).
const BAND_H: u32 = (board::HEADER_H as u32 * FRAME_H).div_ceil(board::HEIGHT);
/// How long a frame shows, in hundredths of a second: long enough to read the caption.
const TURN_DELAY: u16 = 200;
const BATTLE_DELAY: u16 = 250;
/// The last frame (the final board) stays longer before the loop starts again.
const LAST_DELAY: u16 = 600;
/// The palette is learnt from every `SAMPLE_STRIDE`-th pixel of up to `PALETTE_FRAMES`
/// frames (every frame of a shorter match): enough for a few dozen flat colours and
/// their anti-aliased edges, at a small cost. Those frames are drawn first and kept
/// until encoded, so they bound the memory a replay needs (with the one being drawn).
const SAMPLE_STRIDE: usize = 13;
pub const PALETTE_FRAMES: usize = 16;

/// How much of a match a replay shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Frames at most.
    pub frames: usize,
    /// Battles' frames at most among them, so that a long match's sample still shows
    /// its turns.
    pub battles: usize,
    /// The GIF's bytes at most (when that leaves room for a first and a last frame).
    pub bytes: usize,
}

impl Limits {
    /// A Discord post's: every scene of a match of 200 turns (the turn limit) with its
    /// battles, a sample of a longer one's (an older match's, played before the limit);
    /// Discord's 10 MiB attachment limit with room to spare.
    pub const DISCORD: Limits = Limits {
        frames: 400,
        battles: 100,
        bytes: 8 * 1024 * 1024,
    };
}
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
    /// The story's scenes left out (a long match's, see [`Limits`]).
    pub skipped: usize,
    /// The most frames' pixels held at once while drawing: bounded by
    /// [`PALETTE_FRAMES`] + 1 whatever the match's length.
    pub most_frames_held: usize,
}

/// Draws `story` as an animated GIF that loops, within [`Limits::DISCORD`]. Every
/// scene's view must be the spectator's (`NotPublic` otherwise).
pub fn replay(t: &Table, story: &Story) -> Result<Replay, RenderError> {
    replay_within(t, story, Limits::DISCORD)
}

/// [`replay`] within other limits.
///
/// Memory does not grow with the match: frames are drawn, encoded and dropped one at a
/// time, but for the few the palette is learnt from (drawn first, kept until their
/// turn). A long match shows a sample of its scenes ([`shown`]), and a frame that would
/// take the GIF past its share of the bytes is left out too; the next frame's caption
/// says how many were.
pub fn replay_within(t: &Table, story: &Story, limits: Limits) -> Result<Replay, RenderError> {
    if story
        .scenes
        .iter()
        .any(|s| s.view.viewer.is_some() || s.view.hand.is_some())
    {
        return Err(RenderError::NotPublic);
    }
    let shown = shown(story, limits);
    let last = story.scenes.len().saturating_sub(1);
    // Each shown scene with the number of scenes left out just before it.
    let gaps: Vec<(usize, usize)> = shown
        .iter()
        .scan(None, |prev: &mut Option<usize>, &i| {
            let gap = prev.map_or(i, |p| i - p - 1);
            *prev = Some(i);
            Some((i, gap))
        })
        .collect();
    let draw = |i: usize, skipped: usize| -> Result<(Vec<u8>, String), RenderError> {
        let scene = &story.scenes[i];
        let mut caption = caption(t, &story.kinds, scene);
        if skipped > 0 {
            // After the turn's number, which every caption starts with.
            let skip = m::cap_skipped(t.lang, skipped);
            caption = match caption.split_once(" · ") {
                Some((turn, rest)) => format!("{turn} · {skip} · {rest}"),
                None => format!("{caption} · {skip}"),
            };
        }
        let rgb = frame(t, &story.kinds, scene, &caption)?;
        Ok((rgb, caption))
    };

    // The palette's frames, evenly spaced over those shown, drawn now and kept.
    let mut kept: Vec<Option<(Vec<u8>, String)>> = vec![None; gaps.len()];
    let mut sample = Vec::new();
    for k in spread(gaps.len(), PALETTE_FRAMES) {
        let (i, gap) = gaps[k];
        let (rgb, caption) = draw(i, gap)?;
        for px in rgb.chunks_exact(3).step_by(SAMPLE_STRIDE) {
            sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
        kept[k] = Some((rgb, caption));
    }
    let mut most_frames_held = kept.iter().flatten().count();
    let mut gif = Stream::new(&sample, FRAME_W, FRAME_H)?;
    drop(sample);

    let mut captions = Vec::new();
    // Scenes left out since the last frame written: sampled out, or over the budget.
    let mut skipped = 0;
    let mut over_budget = 0;
    for (k, &(i, gap)) in gaps.iter().enumerate() {
        skipped += gap;
        let (rgb, caption) = match kept[k].take() {
            Some(drawn) if skipped == gap => drawn,
            // Drawn for the palette before a frame before it was left out.
            _ => draw(i, skipped)?,
        };
        most_frames_held = most_frames_held.max(kept.iter().flatten().count() + 1);
        let delay = match story.scenes[i].kind {
            _ if i == last => LAST_DELAY,
            SceneKind::Turn(_) => TURN_DELAY,
            SceneKind::Battle(_) => BATTLE_DELAY,
        };
        // The first and last frames always; any other within its share of the bytes.
        let share = if k == 0 || i == last {
            None
        } else {
            Some(budget_after(k, gaps.len(), limits.bytes))
        };
        if gif.push(&rgb, delay, share)? {
            captions.push(caption);
            skipped = 0;
        } else {
            skipped += 1;
            over_budget += 1;
        }
    }
    let gif = gif.finish()?;
    Ok(Replay {
        gif,
        width: FRAME_W,
        height: FRAME_H,
        frames: captions.len(),
        captions,
        skipped: story.scenes.len() - shown.len() + over_budget,
        most_frames_held,
    })
}

/// The scenes a replay shows, in order: all of a match of up to `limits.frames`
/// scenes; of a longer one the first and the last, its battles (at most
/// `limits.battles`, evenly spaced) and turns evenly spaced in the frames left.
pub fn shown(story: &Story, limits: Limits) -> Vec<usize> {
    let n = story.scenes.len();
    // The first and the last are always shown.
    let frames = limits.frames.max(2);
    if n <= frames {
        return (0..n).collect();
    }
    let (battles, turns): (Vec<usize>, Vec<usize>) =
        (1..n - 1).partition(|&i| matches!(story.scenes[i].kind, SceneKind::Battle(_)));
    let mut out: Vec<usize> = spread(battles.len(), limits.battles.min(frames - 2))
        .map(|k| battles[k])
        .collect();
    let room = frames - 2 - out.len();
    out.extend(spread(turns.len(), room).map(|k| turns[k]));
    out.push(0);
    out.push(n - 1);
    out.sort_unstable();
    out
}

/// `k` of `0..n` evenly spaced (all of them when `k >= n`), the first and, for `k` of
/// two or more, the last among them; in order.
fn spread(n: usize, k: usize) -> impl Iterator<Item = usize> {
    let k = k.min(n);
    (0..k).map(move |j| if k == 1 { 0 } else { j * (n - 1) / (k - 1) })
}

/// The GIF's bytes allowed once the `k`-th of `n` frames is written: the budget less
/// the last frame's worst case, shared evenly among the frames with some slack, so a
/// run of large frames leaves out a frame here and there rather than the end of the
/// match.
fn budget_after(k: usize, n: usize, bytes: usize) -> usize {
    let room = bytes.saturating_sub(worst_frame_bytes(FRAME_W, FRAME_H));
    let ahead = (k + 1 + n / 10).min(n);
    room / n * ahead
}

/// The most a frame of `w` by `h` can take: each pixel one LZW code of up to 12 bits
/// (1.5 bytes; the clear codes every 4,096 codes are fewer than the bits saved by the
/// shorter codes before them), a length byte per 255 bytes of data, the headers and
/// the GIF's trailer.
fn worst_frame_bytes(w: u32, h: u32) -> usize {
    let data = (w * h) as usize * 3 / 2;
    data + data / 255 + 256
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
            match battle::battle(t, kinds, &scene.view, &scene.events, Target::Pixels) {
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
        None => board::draw(t, &scene.view, &[], &Default::default(), Target::Pixels)?,
    };
    let (pw, ph) = (picture.width(), picture.height());
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
    let mut out = Canvas::new(FRAME_W, FRAME_H, t.theme.background);
    let (left, top) = ((FRAME_W - w) / 2, top + (room_h - h) / 2);
    let at = (top * FRAME_W + left) as usize * 3;
    shrink(
        &picture,
        (w, h),
        &mut out.data_mut()[at..],
        FRAME_W as usize * 3,
    );
    out.rect(0.0, 0.0, FRAME_W as f32, BAND_H as f32, t.theme.ink);
    out.text(
        caption,
        6.0,
        BAND_H as f32 / 2.0 + 5.0,
        FRAME_W as f32 - 12.0,
        board::bold(14.0, super::canvas::WHITE).shrink(10.0),
        Align::Left,
    );
    Ok(out.into_rgb())
}

/// Shrinks `picture` to `w` x `h` pixels into `out` (rows `stride` bytes apart), each
/// pixel the rounded mean of the block of pixels it covers: the `image` crate's
/// `thumbnail` to the byte, which fetches RGB pixels one at a time and took three times
/// as long on them as on RGBA ones.
fn shrink(picture: &Canvas, (w, h): (u32, u32), out: &mut [u8], stride: usize) {
    let (pw, ph) = (picture.width(), picture.height());
    // Each new pixel's first and last-but-one old column (or row), as `thumbnail`
    // rounds them.
    let blocks = |from: u32, to: u32| -> Vec<(usize, usize)> {
        let ratio = from as f32 / to as f32;
        (0..to)
            .map(|i| {
                let start = i as f32 * ratio;
                let a = (start.ceil() as u32).min(from - 1);
                let b = ((start + ratio).ceil() as u32).clamp(a, from);
                (a as usize, b as usize)
            })
            .collect()
    };
    let (cols, rows) = (blocks(pw, w), blocks(ph, h));
    assert!(
        cols.iter().chain(&rows).all(|(a, b)| a < b),
        "a picture smaller than its frame"
    );
    let src = picture.data();
    let row_bytes = pw as usize * 3;
    let mut sums = vec![0u32; w as usize * 3];
    for (&(y0, y1), dst) in rows.iter().zip(out.chunks_mut(stride)) {
        sums.fill(0);
        for row in src[y0 * row_bytes..y1 * row_bytes].chunks_exact(row_bytes) {
            for (sum, &(x0, x1)) in sums.chunks_exact_mut(3).zip(&cols) {
                for px in row[x0 * 3..x1 * 3].chunks_exact(3) {
                    for (s, &v) in sum.iter_mut().zip(px) {
                        *s += v as u32;
                    }
                }
            }
        }
        for ((d, sum), &(x0, x1)) in dst.chunks_exact_mut(3).zip(sums.chunks_exact(3)).zip(&cols) {
            let n = ((x1 - x0) * (y1 - y0)) as u32;
            for (d, &s) in d.iter_mut().zip(sum) {
                *d = ((s + n / 2) / n) as u8;
            }
        }
    }
}

/// The caption of a scene, from its public events: "Turn 5 · Ana: summoned Thorns to
/// Ana's home (H1), moved Thorns to field B4, scored Ruby", "Turn 5 · battle in crystal
/// zone C3 · Ana: Thorns, Max:
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
    let zone = |z: u8| words::zone_label(t, z);
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
            let mut limit = false;
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
                    Event::TurnLimit { .. } => limit = true,
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
            if limit {
                line.push_str(&format!(" · {}", m::cap_turn_limit(lang)));
            }
            if let Some(w) = won {
                line.push_str(&format!(" · {}", m::cap_wins(lang, name(w))));
            }
            line
        }
    }
}

/// A looping GIF written frame by frame: one global palette, and after the first frame
/// only the rectangle that changed, its unchanged pixels transparent. It holds the
/// last frame written (as palette indices) and the GIF so far, nothing else.
struct Stream {
    enc: gif::Encoder<Vec<u8>>,
    quant: color_quant::NeuQuant,
    /// Each colour's palette index, looked up once per colour cell of 6 bits a channel
    /// (a few thousand cells in a match, out of 260,000 and 60 frames of pixels).
    memo: Vec<u16>,
    prev: Option<Vec<u8>>,
    width: usize,
    height: usize,
}

fn gif_error(e: gif::EncodingError) -> RenderError {
    RenderError::Encode(e.to_string())
}

impl Stream {
    /// `sample`: RGBA pixels the palette is learnt from (NeuQuant).
    fn new(sample: &[u8], width: u32, height: u32) -> Result<Stream, RenderError> {
        // 255 colours: the last entry is the transparent one.
        let quant = color_quant::NeuQuant::new(10, CLEAR as usize, sample);
        let mut palette = quant.color_map_rgb();
        palette.resize(256 * 3, 0);
        let mut enc = gif::Encoder::new(Vec::new(), width as u16, height as u16, &palette)
            .map_err(gif_error)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
        Ok(Stream {
            enc,
            quant,
            memo: vec![u16::MAX; 1 << 18],
            prev: None,
            width: width as usize,
            height: height as usize,
        })
    }

    /// Adds a frame of RGB pixels, unless it would take the GIF past `budget` bytes:
    /// then nothing changes and the answer is false.
    fn push(&mut self, rgb: &[u8], delay: u16, budget: Option<usize>) -> Result<bool, RenderError> {
        let (quant, memo) = (&self.quant, &mut self.memo);
        let idx: Vec<u8> = rgb
            .chunks_exact(3)
            .map(|p| {
                let cell =
                    (p[0] as usize >> 2) << 12 | (p[1] as usize >> 2) << 6 | p[2] as usize >> 2;
                if memo[cell] == u16::MAX {
                    memo[cell] = quant.index_of(&[p[0], p[1], p[2], 255]) as u16;
                }
                memo[cell] as u8
            })
            .collect();
        let (w, h) = (self.width, self.height);
        let mut f = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            width: w as u16,
            height: h as u16,
            ..gif::Frame::default()
        };
        match &self.prev {
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
        f.make_lzw_pre_encoded();
        if let Some(budget) = budget {
            // The data in sub-blocks of 255 bytes, each with its length, and the headers.
            let n = f.buffer.len();
            if self.enc.get_ref().len() + n + n / 255 + 64 > budget {
                return Ok(false);
            }
        }
        self.enc
            .write_lzw_pre_encoded_frame(&f)
            .map_err(gif_error)?;
        self.prev = Some(idx);
        Ok(true)
    }

    fn finish(self) -> Result<Vec<u8>, RenderError> {
        self.enc
            .into_inner()
            .map_err(|e| RenderError::Encode(e.to_string()))
    }
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
        let mut sample = Vec::new();
        for px in a.chunks_exact(3).chain(b.chunks_exact(3)) {
            sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
        let mut stream = Stream::new(&sample, 8, 8).expect("starts");
        assert!(stream.push(&a, 10, None).expect("encodes"));
        // A frame over its budget is left out, and the next is still written.
        assert!(!stream.push(&a, 10, Some(0)).expect("encodes"));
        assert!(stream.push(&b, 10, None).expect("encodes"));
        let gif = stream.finish().expect("finishes");
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

    #[test]
    fn spread_picks_evenly_with_both_ends() {
        let picks = |n, k| spread(n, k).collect::<Vec<_>>();
        assert_eq!(picks(10, 3), [0, 4, 9]);
        assert_eq!(picks(5, 16), [0, 1, 2, 3, 4]);
        assert_eq!(picks(7, 1), [0]);
        assert!(picks(0, 16).is_empty());
        assert!(picks(9, 0).is_empty());
    }

    #[test]
    fn the_byte_shares_leave_room_for_the_last_frame() {
        let bytes = Limits::DISCORD.bytes;
        let n = 400;
        let shares: Vec<usize> = (1..n - 1).map(|k| budget_after(k, n, bytes)).collect();
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "shares grow");
        let last = *shares.last().expect("a share");
        assert!(last + worst_frame_bytes(FRAME_W, FRAME_H) <= bytes);
    }
}

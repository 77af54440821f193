//! The post-game analysis graph: each player's chance to win after every turn, drawn
//! the way lichess draws its analysis (turns across, player one's chance up from the
//! bottom, player two's the rest down from the top), with the turns where the chance
//! moved most numbered on the curve and named below it: the move played and the move
//! the AI preferred, each with the mover's chance.
//!
//! 1200x800, so Discord's inline box (about 550x350) shows it at 0.44 and a phone
//! (390 pixels wide) at 0.33: the texts are 26 px or more, never under 20 px.

use super::canvas::{Align, Canvas, Face, Style, Target};
use super::{Image, RenderError, Table, finish};
use crate::game::Event;
use crate::game::pack::KindId;
use crate::game::state::Seat;
use crate::i18n::messages::images as m;
use crate::i18n::narration::Narrator;

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 800;

/// A turn named below the graph.
#[derive(Debug, Clone)]
pub struct Marked<'a> {
    pub turn: u32,
    pub mover: Seat,
    /// Player one's chance before and after the turn, 0..1.
    pub before: f32,
    pub after: f32,
    /// The public events of the answer played, and the mover's chance with it.
    pub played: &'a [Event],
    pub played_chance: f32,
    /// The AI's preferred answer's events and the mover's chance with it (`None`: the
    /// answer played, or one the AI rates as highly).
    pub preferred: Option<&'a [Event]>,
    pub preferred_chance: f32,
}

/// What the graph shows.
#[derive(Debug, Clone)]
pub struct Chart<'a> {
    pub match_id: i64,
    /// Each seat's clan (its colour).
    pub clans: [u8; 2],
    /// Each card instance's kind (the events name instances).
    pub kinds: &'a [KindId],
    /// (turn, player one's chance after it), the start first.
    pub points: &'a [(u32, f32)],
    /// In turn order.
    pub marks: &'a [Marked<'a>],
}

/// A chance in whole percent.
pub fn percent(chance: f32) -> u32 {
    (chance.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// The analysis graph as a PNG.
pub fn analysis(t: &Table, chart: &Chart) -> Result<Image, RenderError> {
    finish(draw(t, chart, Target::Pixels))
}

/// The texts the graph draws (for the language checks).
pub fn analysis_words(t: &Table, chart: &Chart) -> Vec<String> {
    draw(t, chart, Target::Words)
        .into_fits()
        .into_iter()
        .map(|f| f.text)
        .collect()
}

/// A move in words: the match log's lines of its events, on one line.
pub fn move_words(t: &Table, kinds: &[KindId], events: &[Event]) -> String {
    let narrator = Narrator {
        rules: t.rules,
        kinds,
        names: t.names,
        lang: t.lang,
    };
    narrator.lines(events).join(" ")
}

fn draw(t: &Table, chart: &Chart, target: Target) -> Canvas {
    let th = t.theme;
    let lang = t.lang;
    let mut c = Canvas::for_target(target, WIDTH, HEIGHT, th.background);
    let colours = chart.clans.map(|clan| th.clan(t.rules, clan));
    let (w, margin) = (WIDTH as f32, 40.0);

    c.text(
        &m::analysis_title(lang, chart.match_id, t.names[0], t.names[1]),
        w / 2.0,
        50.0,
        w - 2.0 * margin,
        Style::new(Face::Bold, 36.0, th.ink).shrink(26.0),
        Align::Center,
    );
    c.text(
        &m::analysis_subtitle(lang),
        w / 2.0,
        88.0,
        w - 2.0 * margin,
        Style::new(Face::Regular, 26.0, th.muted).shrink(20.0),
        Align::Center,
    );

    // The graph's box: percentages at its left, turn numbers under it.
    let (gx, gy, gw, gh) = (120.0, 110.0, w - 120.0 - margin, 300.0);
    c.rect(gx, gy, gw, gh, colours[1].mix(th.panel, 0.55));
    let first = chart.points.first().map_or(0, |p| p.0);
    let last = chart.points.last().map_or(1, |p| p.0).max(first + 1);
    let x_of = |turn: u32| gx + gw * (turn - first) as f32 / (last - first) as f32;
    let y_of = |chance: f32| gy + gh * (1.0 - chance.clamp(0.0, 1.0));
    // Player one's share, from the bottom up to the curve, one column per pixel
    // (the chance between two turns is read off the straight line joining them).
    if target == Target::Pixels && chart.points.len() > 1 {
        let fill = colours[0].mix(th.panel, 0.35);
        let mut k = 0;
        for px in 0..gw as usize {
            let x = gx + px as f32 + 0.5;
            while k + 2 < chart.points.len() && x_of(chart.points[k + 1].0) < x {
                k += 1;
            }
            let (a, b) = (chart.points[k], chart.points[k + 1]);
            let (xa, xb) = (x_of(a.0), x_of(b.0));
            let f = ((x - xa) / (xb - xa).max(1.0)).clamp(0.0, 1.0);
            let y = y_of(a.1 + (b.1 - a.1) * f);
            c.rect(gx + px as f32, y, 1.0, gy + gh - y, fill);
        }
    }
    // 25/50/75 % lines and the labels on the left.
    for pct in [0u32, 25, 50, 75, 100] {
        let y = y_of(pct as f32 / 100.0);
        if pct != 0 && pct != 100 {
            let width = if pct == 50 { 2.0 } else { 1.0 };
            c.line(gx, y, gx + gw, y, width, th.muted.alpha(140));
        }
        if pct % 50 == 0 {
            c.text(
                &m::analysis_percent(lang, pct),
                gx - 12.0,
                y + 10.0,
                gx - 16.0,
                Style::new(Face::Regular, 26.0, th.ink).shrink(20.0),
                Align::Right,
            );
        }
    }
    // Whose share is whose: each name inside its own side, not by colour alone.
    c.text(
        t.names[1],
        gx + 14.0,
        gy + 34.0,
        gw / 2.0,
        Style::new(Face::Bold, 28.0, th.ink).shrink(20.0),
        Align::Left,
    );
    c.text(
        t.names[0],
        gx + 14.0,
        gy + gh - 14.0,
        gw / 2.0,
        Style::new(Face::Bold, 28.0, th.ink).shrink(20.0),
        Align::Left,
    );
    for pair in chart.points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        c.line(x_of(a.0), y_of(a.1), x_of(b.0), y_of(b.1), 4.0, th.ink);
    }
    // Turn numbers: about eight of them, on round steps.
    let span = last - first;
    let step = [1, 2, 5, 10, 20, 25, 50, 100]
        .into_iter()
        .find(|s| span / s <= 8)
        .unwrap_or(200);
    let mut turn = first.div_ceil(step) * step;
    while turn <= last {
        let x = x_of(turn);
        c.line(x, gy + gh, x, gy + gh + 8.0, 2.0, th.ink);
        c.text(
            &turn.to_string(),
            x,
            gy + gh + 36.0,
            80.0,
            Style::new(Face::Regular, 26.0, th.ink),
            Align::Center,
        );
        turn += step;
    }
    // Under the percentages, on the row of the turn numbers.
    c.text(
        &m::analysis_turn(lang),
        gx - 24.0,
        gy + gh + 36.0,
        gx - 24.0 - margin / 2.0,
        Style::new(Face::Regular, 26.0, th.muted).shrink(18.0),
        Align::Right,
    );

    // The marks: a numbered disc on the curve, then three lines each below.
    let mut y = gy + gh + 84.0;
    for (i, mk) in chart.marks.iter().enumerate() {
        let number = i as u32 + 1;
        let (x, cy) = (x_of(mk.turn), y_of(mk.after));
        c.circle(x, cy, 18.0, th.highlight);
        c.circle_stroke(x, cy, 18.0, 3.0, th.ink);
        c.text(
            &number.to_string(),
            x,
            cy + 9.0,
            30.0,
            Style::new(Face::Bold, 26.0, th.ink),
            Align::Center,
        );
        let mine = |chance: f32| percent(if mk.mover == 0 { chance } else { 1.0 - chance });
        let name = t.names[mk.mover as usize];
        c.rect(margin, y - 24.0, 8.0, 86.0, colours[mk.mover as usize]);
        c.text(
            &m::analysis_mark(lang, number, mk.turn, name, mine(mk.before), mine(mk.after)),
            margin + 20.0,
            y,
            w - 2.0 * margin - 20.0,
            Style::new(Face::Bold, 28.0, th.ink).shrink(22.0),
            Align::Left,
        );
        let played = move_words(t, chart.kinds, mk.played);
        c.text(
            &m::analysis_played(lang, played, percent(mk.played_chance)),
            margin + 20.0,
            y + 32.0,
            w - 2.0 * margin - 20.0,
            Style::new(Face::Regular, 26.0, th.ink).shrink(20.0),
            Align::Left,
        );
        let preferred = match mk.preferred {
            Some(events) => m::analysis_preferred(
                lang,
                move_words(t, chart.kinds, events),
                percent(mk.preferred_chance),
            ),
            None => m::analysis_agrees(lang),
        };
        c.text(
            &preferred,
            margin + 20.0,
            y + 64.0,
            w - 2.0 * margin - 20.0,
            Style::new(Face::Regular, 26.0, th.ink).shrink(20.0),
            Align::Left,
        );
        y += 112.0;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Theme;
    use crate::game::{Input, Rules, Setup, State};
    use crate::i18n::Lang;

    /// A match's card kinds, and the events of a few of its actions.
    type Actions = (Vec<KindId>, Vec<Vec<Event>>);

    /// The events of a few actions of a random match, and a curve through 41 points.
    fn sample(rules: &Rules) -> (Actions, Vec<(u32, f32)>) {
        let setup = Setup {
            clans: [0, 2],
            seed: 4,
            mulligan: false,
        };
        let (mut state, _) = State::new(rules, setup).unwrap();
        let mut actions = Vec::new();
        let mut k = 0u32;
        while actions.len() < 6 && state.winner.is_none() {
            let seat = state.waiting()[0];
            let legal: Vec<Input> = state.legal(rules, seat);
            k = k.wrapping_mul(31).wrapping_add(7);
            let input = legal[k as usize % legal.len()];
            let events = state.apply(rules, seat, &input).unwrap();
            if events.iter().any(|e| {
                matches!(
                    e,
                    Event::Summoned { .. } | Event::Activated { .. } | Event::Scored { .. }
                )
            }) {
                actions.push(events.iter().map(|e| e.redact(None)).collect());
            }
        }
        let points = (0..=40u32)
            .map(|t| (t, 0.5 + 0.45 * ((t as f32) / 5.0).sin() * (t as f32 / 40.0)))
            .collect();
        ((state.kinds.to_vec(), actions), points)
    }

    #[test]
    fn the_graph_fits_its_words_in_both_languages() {
        let rules = Rules::base();
        let theme = Theme::default();
        let ((kinds, actions), points) = sample(&rules);
        let marks: Vec<Marked> = [(7u32, 0, 1), (22, 1, 3), (38, 0, 5)]
            .iter()
            .map(|&(turn, mover, a)| Marked {
                turn,
                mover,
                before: points[turn as usize - 1].1,
                after: points[turn as usize].1,
                played: &actions[a - 1],
                played_chance: 0.31,
                preferred: (turn != 38).then_some(&actions[a][..]),
                preferred_chance: 0.64,
            })
            .collect();
        let chart = Chart {
            match_id: 4812,
            clans: [0, 2],
            kinds: &kinds,
            points: &points,
            marks: &marks,
        };
        for (lang, names) in [
            (Lang::En, ["Ana", "Max"]),
            (
                Lang::De,
                ["Annemarie-Luise Großwald", "Maximilian von Ehrenberg"],
            ),
        ] {
            let t = Table {
                rules: &rules,
                theme: &theme,
                names,
                lang,
            };
            let img = analysis(&t, &chart).unwrap();
            assert_eq!((img.width, img.height), (WIDTH, HEIGHT));
            for f in &img.texts {
                assert!(!f.overflows(), "{f:?}");
                assert!(f.size >= 20.0, "readable at the inline size: {f:?}");
            }
            let words = analysis_words(&t, &chart);
            assert_eq!(words.len(), img.texts.len());
            assert!(words.iter().any(|w| w.contains(names[0])));
            let played = move_words(&t, &kinds, &actions[0]);
            assert!(!played.is_empty());
            assert!(words.iter().any(|w| w.contains(&played)), "{words:?}");
            if lang == Lang::De {
                assert!(words.iter().any(|w| w.starts_with("Gespielt: ")));
                assert!(
                    words
                        .iter()
                        .any(|w| w == "Die KI bewertet diesen Zug so hoch wie ihre eigene Wahl.")
                );
            }
            if let Ok(dir) = std::env::var("ANALYSIS_PNG_DIR") {
                let base = format!("{dir}/analysis.{lang:?}");
                std::fs::write(format!("{base}.png"), &img.png).unwrap();
                let small = crate::preview(&img.png, 550, 350).unwrap();
                std::fs::write(format!("{base}.550x350.png"), small).unwrap();
                let phone = crate::preview(&img.png, 390, 1000).unwrap();
                std::fs::write(format!("{base}.390.png"), phone).unwrap();
            }
        }
    }

    #[test]
    fn percentages_are_whole_and_clamped() {
        assert_eq!(percent(0.456), 46);
        assert_eq!(percent(1.2), 100);
        assert_eq!(percent(-0.1), 0);
    }
}

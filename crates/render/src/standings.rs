//! A league's standings as an image: rank, player, points, the tie-break, games and
//! the clans each player played.
//!
//! 1300 pixels wide, so that Discord's inline box (about 550x350) shows it at 0.42
//! while it has up to eight rows (its height stays within 830), and a phone's
//! 390-pixel width at 0.3: the numbers are drawn at 30 pixels (12.7 in the box, 9 on
//! a phone), headings and the clans at 26, a long name or list shrinks to 22 or 20. Longer tables grow downwards, a row of 58
//! pixels each (Discord then fits the height, and a click shows it whole). The
//! tie-break's name is in its column's heading and explained in a line under the table.

use super::canvas::{Align, Canvas, Face, Style, Target};
use super::{Image, RenderError, Theme, finish};
use crate::game::Rules;
use crate::i18n::{Lang, messages::league as m, names};

/// Which tie-break the table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    SonnebornBerger,
    Buchholz,
}

/// One row of the table, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingRow {
    pub rank: u32,
    pub name: String,
    pub points: f64,
    pub tie_break: f64,
    pub games: u32,
    /// Clans played (indices into the pack's clans), each once.
    pub clans: Vec<u8>,
}

/// A league's table after a round (or at its end).
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    pub league: String,
    pub round: u32,
    pub rounds: u32,
    pub finished: bool,
    pub tie_break: TieBreak,
    pub rows: Vec<StandingRow>,
}

pub const WIDTH: u32 = 1300;
const MARGIN: f32 = 30.0;
const HEAD: f32 = 150.0;
const ROW: f32 = 58.0;
const FOOT: f32 = 64.0;

/// A number of points as people write it: "3", "2.5".
pub fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// The standings image, its words in `lang`.
pub fn standings(
    rules: &Rules,
    theme: &Theme,
    lang: Lang,
    s: &Standings,
) -> Result<Image, RenderError> {
    finish(draw(rules, theme, lang, s, Target::Pixels))
}

/// The words the standings image draws (for checks without pixels).
pub fn standings_words(rules: &Rules, theme: &Theme, lang: Lang, s: &Standings) -> Vec<String> {
    draw(rules, theme, lang, s, Target::Words)
        .into_fits()
        .into_iter()
        .map(|f| f.text)
        .collect()
}

/// Column edges: rank, player, points, tie-break, games, clans (left x and width).
const COLS: [(f32, f32); 6] = [
    (MARGIN, 70.0),
    (MARGIN + 90.0, 420.0),
    (MARGIN + 510.0, 100.0),
    (MARGIN + 620.0, 130.0),
    (MARGIN + 760.0, 100.0),
    (MARGIN + 870.0, WIDTH as f32 - 2.0 * MARGIN - 870.0),
];

fn draw(rules: &Rules, theme: &Theme, lang: Lang, s: &Standings, target: Target) -> Canvas {
    let height = (HEAD + ROW * s.rows.len().max(1) as f32 + FOOT).ceil() as u32;
    let mut c = Canvas::for_target(target, WIDTH, height, theme.background);
    let inner = WIDTH as f32 - 2.0 * MARGIN;
    let title = Style::new(Face::Bold, 44.0, theme.ink).shrink(30.0);
    c.text(&s.league, MARGIN, 60.0, inner, title, Align::Left);
    let sub = if s.finished {
        m::standings_final(lang)
    } else {
        m::standings_after_round(lang, s.round, s.rounds)
    };
    let subtitle = Style::new(Face::Regular, 30.0, theme.muted).shrink(26.0);
    c.text(&sub, MARGIN, 100.0, inner, subtitle, Align::Left);

    let head = Style::new(Face::Bold, 26.0, theme.muted);
    let tb_name = match s.tie_break {
        TieBreak::SonnebornBerger => m::standings_col_sb(lang),
        TieBreak::Buchholz => m::standings_col_buchholz(lang),
    };
    let heads = [
        m::standings_col_rank(lang),
        m::standings_col_player(lang),
        m::standings_col_points(lang),
        tb_name,
        m::standings_col_games(lang),
        m::standings_col_clans(lang),
    ];
    let y_head = HEAD - 14.0;
    for (i, h) in heads.iter().enumerate() {
        let (x, w) = COLS[i];
        let (ax, align) = numeric_anchor(i, x, w);
        c.text(h, ax, y_head, w, head, align);
    }

    let cell = Style::new(Face::Regular, 30.0, theme.ink).shrink(26.0);
    let strong = Style::new(Face::Bold, 30.0, theme.ink).shrink(26.0);
    for (k, r) in s.rows.iter().enumerate() {
        let top = HEAD + ROW * k as f32;
        // Every other row shaded, so a row reads across on a phone.
        let band = if k % 2 == 0 {
            theme.panel
        } else {
            theme.plain_zone
        };
        c.rect(MARGIN - 10.0, top, inner + 20.0, ROW, band);
        if r.rank == 1 {
            c.rect(MARGIN - 10.0, top, 8.0, ROW, theme.highlight);
        }
        let base = top + ROW / 2.0 + 11.0;
        let texts = [
            r.rank.to_string(),
            r.name.clone(),
            points(r.points),
            points(r.tie_break),
            r.games.to_string(),
        ];
        for (i, t) in texts.iter().enumerate() {
            let (x, w) = COLS[i];
            let (ax, align) = numeric_anchor(i, x, w);
            let style = match i {
                1 => strong.shrink(22.0),
                2 => strong,
                _ => cell,
            };
            c.text(t, ax, base, w, style, align);
        }
        let (x, w) = COLS[5];
        if r.clans.is_empty() {
            let muted = Style::new(Face::Regular, 26.0, theme.muted);
            c.text(&m::standings_no_clans(lang), x, base, w, muted, Align::Left);
        } else {
            // A colour chip per clan, then their names (never the colour alone).
            for (j, &clan) in r.clans.iter().enumerate() {
                let cx = x + 9.0 + 22.0 * j as f32;
                c.circle(cx, top + ROW / 2.0, 9.0, theme.clan(rules, clan));
            }
            let chips = 22.0 * r.clans.len() as f32 + 6.0;
            let list: Vec<&str> = r
                .clans
                .iter()
                .filter_map(|&clan| rules.pack.clans.get(clan as usize))
                .map(|d| names::clan(lang, d))
                .collect();
            let small = Style::new(Face::Regular, 26.0, theme.ink).shrink(20.0);
            c.text(
                &list.join(", "),
                x + chips,
                base,
                (w - chips).max(40.0),
                small,
                Align::Left,
            );
        }
    }
    let legend = match s.tie_break {
        TieBreak::SonnebornBerger => m::standings_legend_sb(lang),
        TieBreak::Buchholz => m::standings_legend_buchholz(lang),
    };
    let foot = Style::new(Face::Regular, 26.0, theme.muted).shrink(22.0);
    let y = HEAD + ROW * s.rows.len().max(1) as f32 + 42.0;
    c.text(&legend, MARGIN, y, inner, foot, Align::Left);
    c
}

/// Numbers are set right in their column (rank, points, tie-break, games), names left.
fn numeric_anchor(col: usize, x: f32, w: f32) -> (f32, Align) {
    match col {
        0 | 2 | 3 | 4 => (x + w - 10.0, Align::Right),
        _ => (x, Align::Left),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(rows: usize) -> Standings {
        Standings {
            league: "Winter Cup of the Crystal Clans Society".into(),
            round: 2,
            rounds: 3,
            finished: false,
            tie_break: TieBreak::SonnebornBerger,
            rows: (0..rows)
                .map(|i| StandingRow {
                    rank: i as u32 + 1,
                    name: format!("Player number {i} with a long name"),
                    points: (rows - i) as f64,
                    tie_break: 1.5,
                    games: 2,
                    clans: vec![(i % 6) as u8, ((i + 1) % 6) as u8],
                })
                .collect(),
        }
    }

    #[test]
    fn eight_rows_fit_discords_box_at_half_size_and_nothing_overflows() {
        let rules = Rules::base();
        for lang in [Lang::En, Lang::De] {
            let img = standings(&rules, &Theme::default(), lang, &sample(8)).unwrap();
            assert_eq!(img.width, WIDTH);
            assert!(img.height <= 830, "{}", img.height);
            // In the box every text is at least 8.5 pixels tall (20 px drawn at 0.42:
            // a long list of clans shrunk), the numbers 12.7.
            assert!(img.texts.iter().all(|f| f.size >= 20.0), "{:?}", img.texts);
            assert!(img.texts.iter().all(|f| !f.overflows()));
            // Player names and numbers are never cut.
            for f in &img.texts {
                if f.text.starts_with("Player number") || f.text.parse::<f64>().is_ok() {
                    assert!(!f.truncated(), "{f:?}");
                }
            }
        }
    }

    #[test]
    fn the_words_are_the_languages_own() {
        let rules = Rules::base();
        let s = Standings {
            tie_break: TieBreak::Buchholz,
            finished: true,
            ..sample(3)
        };
        let de = standings_words(&rules, &Theme::default(), Lang::De, &s);
        assert!(de.iter().any(|w| w == "Abschlusstabelle"), "{de:?}");
        assert!(de.iter().any(|w| w == "Buchholz"));
        assert!(!de.iter().any(|w| w == "Final standings" || w == "Player"));
        let en = standings_words(&rules, &Theme::default(), Lang::En, &s);
        assert!(en.iter().any(|w| w == "Final standings"), "{en:?}");
    }

    #[test]
    fn points_read_as_written() {
        assert_eq!(
            (points(3.0), points(2.5), points(0.0)),
            ("3".into(), "2.5".into(), "0".into())
        );
    }
}

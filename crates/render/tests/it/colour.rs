//! Colour is never the only cue: wherever two players' or two clans' things sit side
//! by side (the board's panels, squads and track, the analysis graph's two shares and
//! its marks, the standings' rows), a name or a label says whose they are. And a check
//! to look at by eye: the board as a viewer without green-sensitive cones sees it.

use crystal_clans_engine::game::Rules;
use crystal_clans_i18n::{Lang, names};
use crystal_clans_render::analysis::{self, Chart, Marked};
use crystal_clans_render::standings::{self, StandingRow, Standings, TieBreak};
use crystal_clans_render::{self as render, Theme, samples};
use std::path::PathBuf;

#[test]
fn two_players_or_clans_are_never_told_apart_by_colour_alone() {
    let rules = Rules::base();
    let theme = Theme::default();
    for lang in Lang::ALL {
        let t = samples::table(&rules, &theme, lang);
        // The board: each panel names its player and clan (and carries the seat's
        // badge, as each squad and each end of the track does).
        let (s, _) = samples::crowded(&rules);
        let view = s.view(&rules, None);
        let board = render::board(&t, &view, &[]).expect("renders");
        let texts: Vec<&str> = board.texts.iter().map(|f| f.text.as_str()).collect();
        for (seat, p) in view.players.iter().enumerate() {
            assert!(texts.contains(&samples::NAMES[seat]), "{texts:?}");
            let clan = names::clan(lang, &rules.pack.clans[p.clan as usize]);
            assert!(texts.contains(&clan), "{lang:?}: no {clan} in {texts:?}");
        }
        // The analysis graph: both shares named, each mark by its mover.
        let points = [(0, 0.5), (1, 0.7), (2, 0.4), (3, 0.2)];
        let marks = [
            Marked {
                turn: 1,
                mover: 0,
                before: 0.5,
                after: 0.7,
                played: &[],
                played_chance: 0.7,
                preferred: None,
                preferred_chance: 0.7,
            },
            Marked {
                turn: 3,
                mover: 1,
                before: 0.4,
                after: 0.2,
                played: &[],
                played_chance: 0.8,
                preferred: None,
                preferred_chance: 0.8,
            },
        ];
        let chart = Chart {
            match_id: 7,
            clans: [0, 1],
            kinds: &[],
            points: &points,
            marks: &marks,
        };
        let words = analysis::analysis_words(&t, &chart);
        for name in samples::NAMES {
            assert!(words.iter().any(|w| w == name), "{words:?}");
        }
        for mk in &marks {
            let name = samples::NAMES[mk.mover as usize];
            let turn = format!(" {} ", mk.turn);
            assert!(
                words.iter().any(|w| w.contains(name) && w.contains(&turn)),
                "the mark of turn {} does not name {name}: {words:?}",
                mk.turn
            );
        }
        // The standings: each row names its player and the clans played, beside the
        // clans' colour chips.
        let table = Standings {
            league: "Cup".into(),
            round: 1,
            rounds: 3,
            finished: false,
            tie_break: TieBreak::Buchholz,
            rows: (0..4u8)
                .map(|i| StandingRow {
                    rank: u32::from(i) + 1,
                    name: format!("Player {i}"),
                    points: 1.0,
                    tie_break: 0.0,
                    games: 1,
                    clans: vec![i, (i + 1) % 6],
                })
                .collect(),
        };
        let words = standings::standings_words(&rules, &theme, lang, &table);
        for row in &table.rows {
            assert!(words.contains(&row.name), "{words:?}");
            let clans: Vec<&str> = row
                .clans
                .iter()
                .map(|&c| names::clan(lang, &rules.pack.clans[c as usize]))
                .collect();
            assert!(words.contains(&clans.join(", ")), "{words:?}");
        }
    }
}

/// sRGB (0..255) to linear light, and back.
fn linear(v: u8) -> f32 {
    let c = v as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn srgb(l: f32) -> u8 {
    let l = l.clamp(0.0, 1.0);
    let c = if l <= 0.003_130_8 {
        12.92 * l
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round() as u8
}

/// Deuteranopia at severity 1.0 (Machado, Oliveira and Fernandes 2009), on linear RGB.
const DEUTERANOPIA: [[f32; 3]; 3] = [
    [0.367_322, 0.860_646, -0.227_968],
    [0.280_085, 0.672_501, 0.047_413],
    [-0.011_820, 0.042_940, 0.968_881],
];

/// Writes the sample boards (and the battle and hand) as a deuteranope sees them, next
/// to the originals, into the build's scratch folder, to look at: can the two clans be
/// told apart, is a crystal zone distinct from a field. Run with `--ignored`.
#[test]
#[ignore = "writes images to look at; asserts nothing"]
fn deuteranopia_simulation_of_the_sample_images() {
    let rules = Rules::base();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deuteranopia");
    std::fs::create_dir_all(&out).expect("creates the folder");
    for (name, image) in samples::all(&rules, &Theme::default()).expect("the samples render") {
        let mut img = image::load_from_memory_with_format(&image.png, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgb8();
        std::fs::write(out.join(format!("{name}.png")), &image.png).expect("writes");
        for px in img.pixels_mut() {
            let rgb = [linear(px[0]), linear(px[1]), linear(px[2])];
            for (i, row) in DEUTERANOPIA.iter().enumerate() {
                px[i] = srgb(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]);
            }
        }
        img.save(out.join(format!("{name}.deuteranopia.png")))
            .expect("writes");
        eprintln!("{}", out.join(format!("{name}.deuteranopia.png")).display());
    }
}

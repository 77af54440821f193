//! `crystal-clans-tools bench render`: how long the images take, next to the floor that
//! cannot be avoided (PNG-encoding the finished image with the same settings: the board,
//! the hand, the battle), measured in the same run.

use crate::game::Rules;
use crate::render::Theme;
use crate::render::canvas::encode_rgb;
use crate::render::samples;
use crate::render::speed::against_floor;
use serde_json::json;
use std::hint::black_box;
use std::time::Instant;

fn times_ms(iterations: usize, mut f: impl FnMut()) -> Vec<f64> {
    f(); // warm-up
    let mut v: Vec<f64> = (0..iterations)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Runs every measurement `iterations` times and reports medians (and p99 for the
/// board) in milliseconds; `encoders` also times the other PNG encoder settings. The
/// replay of a fixed 40-turn match is timed 5 times (`longest` > 0: also the replay of
/// the longest of that many random self-play matches; `long_turns` > 0: also a
/// synthetic match of that many turns).
pub fn render(
    iterations: usize,
    encoders: bool,
    longest: u64,
    long_turns: u32,
) -> serde_json::Value {
    let iterations = iterations.max(5);
    let rules = Rules::base();
    let theme = Theme::default();
    let t = samples::table(&rules, &theme, crate::i18n::Lang::En);
    let (state, events) = samples::crowded(&rules);
    let view = state.view(&rules, None);
    let caption = samples::narrate(&rules, &state, &events);

    // `board` as callers use it, the same work timed step by step, and the floor
    // (encoding the finished image alone), interleaved so that all three see the same
    // machine: on a shared machine the load changes from one second to the next.
    let canvas = crate::render::board::draw(
        &t,
        &view,
        &caption,
        &Default::default(),
        crate::render::canvas::Target::Pixels,
    )
    .expect("renders");
    let (w, h) = (canvas.width(), canvas.height());
    let rgb = canvas.data().to_vec();
    let mut board = Vec::new();
    let mut encode = Vec::new();
    let mut steps: [Vec<f64>; 2] = Default::default();
    black_box(crate::render::board(&t, &view, &caption).expect("renders"));
    black_box(encode_rgb(black_box(&rgb), w, h).expect("encodes"));
    for _ in 0..iterations {
        let start = Instant::now();
        black_box(encode_rgb(black_box(&rgb), w, h).expect("encodes"));
        encode.push(start.elapsed().as_secs_f64() * 1000.0);
        let start = Instant::now();
        black_box(crate::render::board(&t, black_box(&view), &caption).expect("renders"));
        board.push(start.elapsed().as_secs_f64() * 1000.0);
        let t0 = Instant::now();
        let canvas = crate::render::board::draw(
            &t,
            black_box(&view),
            &caption,
            &Default::default(),
            crate::render::canvas::Target::Pixels,
        )
        .expect("renders");
        let t1 = Instant::now();
        black_box(encode_rgb(canvas.data(), canvas.width(), canvas.height()).expect("encodes"));
        let t2 = Instant::now();
        for (v, d) in steps.iter_mut().zip([t1 - t0, t2 - t1]) {
            v.push(d.as_secs_f64() * 1000.0);
        }
    }
    board.sort_by(f64::total_cmp);
    encode.sort_by(f64::total_cmp);
    for v in steps.iter_mut() {
        v.sort_by(f64::total_cmp);
    }
    let [draw, encode_in_board] = steps;
    let board_png = encode_rgb(&rgb, w, h).expect("encodes");

    let (opening_state, _) = samples::opening(&rules);
    let opening_view = opening_state.view(&rules, None);
    let opening = times_ms(iterations, || {
        black_box(crate::render::board(&t, &opening_view, &[]).expect("renders"));
    });
    let hand_state = samples::hand(&rules);
    let hand_view = hand_state.view(&rules, Some(0));
    let (hand, hand_floor) = against_floor(iterations, || {
        crate::render::hand(&t, black_box(&hand_view)).expect("renders")
    });
    let kind = samples::card(&rules);
    let card = times_ms(iterations, || {
        black_box(crate::render::card(&t, kind).expect("renders"));
    });
    let (battle_state, battle_events) = samples::battle(&rules);
    let battle_view = battle_state.view(&rules, None);
    let (battle, battle_floor) = against_floor(iterations, || {
        crate::render::battle(
            &t,
            &battle_state.kinds,
            black_box(&battle_view),
            &battle_events,
        )
        .expect("renders")
    });
    let size = |png: Vec<u8>| png.len();
    let sizes = json!({
        "board_crowded": board_png.len(),
        "board_opening": size(crate::render::board(&t, &opening_view, &[]).expect("renders").png),
        "battle": size(crate::render::battle(&t, &battle_state.kinds, &battle_view, &battle_events).expect("renders").png),
        "hand_8_cards": size(crate::render::hand(&t, &hand_view).expect("renders").png),
        "card": size(crate::render::card(&t, kind).expect("renders").png),
    });

    // The other encoder settings, for the record (one board, a few runs each).
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut alternatives = Vec::new();
    let compressions = if encoders { 3 } else { 0 };
    for (cname, comp) in [
        ("fast", CompressionType::Fast),
        ("default", CompressionType::Default),
        ("best", CompressionType::Best),
    ]
    .into_iter()
    .take(compressions)
    {
        for (fname, filter) in [
            ("none", FilterType::NoFilter),
            ("sub", FilterType::Sub),
            ("up", FilterType::Up),
            ("paeth", FilterType::Paeth),
            ("adaptive", FilterType::Adaptive),
        ] {
            let mut bytes = 0;
            let runs = if cname == "best" { 3 } else { 9 };
            let ms = times_ms(runs, || {
                let mut out = Vec::new();
                PngEncoder::new_with_quality(&mut out, comp, filter)
                    .write_image(&rgb, w, h, image::ExtendedColorType::Rgb8)
                    .expect("encodes");
                bytes = out.len();
            });
            alternatives.push(json!({
                "compression": cname,
                "filter": fname,
                "encode_ms_median": r3(pct(&ms, 0.5)),
                "bytes": bytes,
            }));
        }
    }

    let board_median = pct(&board, 0.5);
    let encode_median = pct(&encode, 0.5);
    let (hand_median, hand_floor_median) = (pct(&hand, 0.5), pct(&hand_floor, 0.5));
    let (battle_median, battle_floor_median) = (pct(&battle, 0.5), pct(&battle_floor, 0.5));
    let replay = super::replay::report(&t, 5, board_median, longest, long_turns);
    json!({
        "benchmark": "render",
        "threads": 1,
        "iterations": iterations,
        "encoder": "PNG, RGB 8-bit, fast deflate, adaptive filter",
        "board_crowded": {
            "width": w,
            "height": h,
            "draw_and_encode_ms_median": r3(board_median),
            "draw_and_encode_ms_p99": r3(pct(&board, 0.99)),
            "steps_ms_median": {
                "draw": r3(pct(&draw, 0.5)),
                "encode": r3(pct(&encode_in_board, 0.5)),
            },
            "encode_only_ms_median": r3(encode_median),
            "png_bytes": board_png.len(),
        },
        "board_opening_ms_median": r3(pct(&opening, 0.5)),
        "battle_ms_median": r3(battle_median),
        "battle_encode_only_ms_median": r3(battle_floor_median),
        "hand_8_cards_ms_median": r3(hand_median),
        "hand_8_cards_encode_only_ms_median": r3(hand_floor_median),
        "hand_8_cards_ms_p99": r3(pct(&hand, 0.99)),
        "card_ms_median": r3(pct(&card, 0.5)),
        "card_ms_p99": r3(pct(&card, 0.99)),
        "png_bytes": sizes,
        "ratios": {
            "board_vs_encode_floor": r2(board_median / encode_median),
            "hand_vs_encode_floor": r2(hand_median / hand_floor_median),
            "battle_vs_encode_floor": r2(battle_median / battle_floor_median),
        },
        "encoder_alternatives_for_the_board": alternatives,
        "replay": replay,
        "targets": {
            "board_median_under_20ms": board_median < 20.0,
            "board_at_most_3x_encode_floor": board_median <= 3.0 * encode_median,
            "board_hand_battle_at_most_1_5x_encode_floor": board_median <= 1.5 * encode_median
                && hand_median <= 1.5 * hand_floor_median
                && battle_median <= 1.5 * battle_floor_median,
            "hand_and_card_under_20ms": hand_median < 20.0 && pct(&card, 0.5) < 20.0,
            "board_png_under_1mb": board_png.len() < 1_000_000,
        },
    })
}

//! Times the hand and the battle picture against their PNG-encode-only floor, as
//! `bench render` does, without building the whole bot (that takes minutes); or
//! (`dump DIR`) writes many images and their texts, each drawn twice, to compare two
//! versions of the renderer byte for byte (`diff -r`); or (`loop N`) draws the hand and
//! the battle N times, for a profiler.
//!
//! ```sh
//! cargo run --release -p crystal-clans-render --example render_speed -- 40
//! cargo run --release -p crystal-clans-render --example render_speed -- dump DIR
//! valgrind --tool=callgrind target/release/examples/render_speed loop 30
//! ```

use crystal_clans_engine::game::Rules;
use crystal_clans_i18n::Lang;
use crystal_clans_render::{Image, Theme, samples, speed};
use std::hint::black_box;

/// Medians of draw+encode and of the floor.
fn against_floor(iterations: usize, render: impl FnMut() -> Image) -> (f64, f64) {
    let (full, floor) = speed::against_floor(iterations, render);
    (full[full.len() / 2], floor[floor.len() / 2])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules = Rules::base();
    let theme = Theme::default();
    let t = samples::table(&rules, &theme, Lang::En);
    let hand_state = samples::hand(&rules);
    let hand_view = hand_state.view(&rules, Some(0));
    let (battle_state, battle_events) = samples::battle(&rules);
    let battle_view = battle_state.view(&rules, None);
    let hand = || crystal_clans_render::hand(&t, black_box(&hand_view)).expect("renders");
    let battle = || {
        crystal_clans_render::battle(&t, &battle_state.kinds, &battle_view, &battle_events)
            .expect("renders")
    };
    match args.first().map(String::as_str) {
        Some("loop") => {
            let n: usize = args[1].parse().expect("a count");
            for _ in 0..n {
                black_box(hand());
                black_box(battle());
            }
        }
        Some("dump") => dump(&rules, &theme, &args[1]),
        _ => {
            let iterations = args.first().map_or(40, |a| a.parse().expect("a count"));
            let (h, hf) = against_floor(iterations, hand);
            let (b, bf) = against_floor(iterations, battle);
            println!(
                "hand {h:.3} floor {hf:.3} ratio {:.3} | battle {b:.3} floor {bf:.3} ratio {:.3}",
                h / hf,
                b / bf
            );
        }
    }
}

/// Hands of 0 to 13 cards and battles at every event, in both languages, each drawn
/// twice (the second from the memory of the first), and the samples with a replay.
fn dump(rules: &Rules, theme: &Theme, dir: &str) {
    std::fs::create_dir_all(dir).expect("a directory");
    let write = |name: String, img: &Image| {
        std::fs::write(format!("{dir}/{name}.png"), &img.png).expect("writes");
        let texts: Vec<String> = img.texts.iter().map(|f| format!("{f:?}")).collect();
        std::fs::write(format!("{dir}/{name}.txt"), texts.join("\n")).expect("writes");
    };
    for lang in [Lang::En, Lang::De] {
        let t = samples::table(rules, theme, lang);
        let state = samples::hand(rules);
        let full = state.view(rules, Some(0));
        let cards = full.hand.clone().expect("a hand");
        for n in 0..=13 {
            let mut v = full.clone();
            v.hand = Some(cards.iter().cycle().skip(n).take(n).cloned().collect());
            for pass in 0..2 {
                let img = crystal_clans_render::hand(&t, &v).expect("renders");
                write(format!("hand.{lang:?}.{n}.{pass}"), &img);
            }
        }
        let (s, events) = samples::battle(rules);
        let view = s.view(rules, None);
        for end in 1..=events.len() {
            for pass in 0..2 {
                if let Ok(img) = crystal_clans_render::battle(&t, &s.kinds, &view, &events[..end]) {
                    write(format!("battle.{lang:?}.{end}.{pass}"), &img);
                }
            }
        }
        let story = samples::long_story(rules, 12);
        let replay = crystal_clans_render::replay::replay(&t, &story).expect("renders");
        std::fs::write(format!("{dir}/replay.{lang:?}.gif"), &replay.gif).expect("writes");
    }
    for pass in 0..2 {
        for (name, img) in samples::all(rules, theme).expect("renders") {
            write(format!("{name}.{pass}"), &img);
        }
    }
}

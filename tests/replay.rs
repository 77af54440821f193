//! Match replays (`src/render/replay.rs`): frames, privacy, size and speed.

use crystal_clans::game::{Input, Rules, Seat, Setup, State};
use crystal_clans::render::replay::{self, Story};
use crystal_clans::render::{Table, Theme};
use crystal_clans::selfplay::random_inputs;

fn story(rules: &Rules, setup: Setup, inputs: &[(Seat, Input)]) -> Story {
    let (state, opening) = State::new(rules, setup).expect("deals");
    Story::replay(rules, state, &opening, inputs.iter().map(|(s, i)| (*s, i))).expect("replays")
}

/// The frames of a GIF, decoded.
fn frames(gif: &[u8]) -> Vec<gif::Frame<'static>> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(gif).expect("a GIF");
    let mut out = vec![];
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        out.push(f.clone());
    }
    out
}

#[test]
fn measure() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = Table { rules: &rules, theme: &theme, names: ["Ana", "Max"] };
    let setup = Setup { clans: [0, 3], seed: 7, mulligan: false };
    let inputs = random_inputs(&rules, setup.clone(), 7, |s| s.turn > 40).unwrap();
    let st = story(&rules, setup, &inputs);
    let start = std::time::Instant::now();
    let r = replay::replay(&t, &st).unwrap();
    eprintln!("{} frames ({} turns {} battles) {} bytes {:?}", r.frames, st.turns(), st.battles(), r.gif.len(), start.elapsed());
    for c in &r.captions { eprintln!("{c}"); }
    std::fs::write("/tmp/replay-test.gif", &r.gif).unwrap();
    assert_eq!(frames(&r.gif).len(), st.turns() + st.battles());
}

/// Every frame as the viewer sees it (each drawn over the previous), RGBA.
fn composited(gif: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(gif).expect("a GIF");
    let (w, h) = (dec.width() as usize, dec.height() as usize);
    let mut screen = vec![0u8; w * h * 4];
    let mut out = vec![];
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                if f.buffer[s + 3] == 0 {
                    continue;
                }
                let d = ((y + f.top as usize) * w + x + f.left as usize) * 4;
                screen[d..d + 4].copy_from_slice(&f.buffer[s..s + 4]);
            }
        }
        out.push(screen.clone());
    }
    (w as u32, h as u32, out)
}

#[test]
fn dump() {
    let g = std::fs::read("/tmp/replay-test.gif").unwrap();
    let (w, h, fs) = composited(&g);
    for i in [0usize, 15, 16, 43] {
        image::save_buffer(format!("/tmp/rf-{i}.png"), &fs[i], w, h, image::ExtendedColorType::Rgba8).unwrap();
    }
}

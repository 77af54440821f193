//! Timing an image against its floor: PNG-encoding its finished pixels alone, with the
//! same settings. The tools' `bench render` and this crate's `examples/render_speed.rs`
//! (which builds in seconds, not the minutes the bot takes) both report it.

use crate::Image;
use crate::canvas::encode_rgb;
use std::hint::black_box;
use std::time::Instant;

/// Times `render` (draw and encode) against encoding its first image's pixels alone,
/// interleaved so that both see the same load; returns both series in ms, sorted.
pub fn against_floor(iterations: usize, mut render: impl FnMut() -> Image) -> (Vec<f64>, Vec<f64>) {
    let first = render();
    let rgb = image::load_from_memory_with_format(&first.png, image::ImageFormat::Png)
        .expect("an image this crate drew decodes")
        .to_rgb8();
    let (w, h) = rgb.dimensions();
    let encode = || black_box(encode_rgb(black_box(rgb.as_raw()), w, h).expect("encodes"));
    encode();
    let (mut full, mut floor) = (Vec::new(), Vec::new());
    for _ in 0..iterations {
        let start = Instant::now();
        encode();
        floor.push(start.elapsed().as_secs_f64() * 1000.0);
        let start = Instant::now();
        black_box(render());
        full.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    full.sort_by(f64::total_cmp);
    floor.sort_by(f64::total_cmp);
    (full, floor)
}

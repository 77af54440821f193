//! Text on the canvas: each glyph rasterized once per size and quarter-pixel offset,
//! blended by hand, and each run of text remembered as pixels (`memo`): blending took
//! a tenth of a board's drawing and encoding, and a board draws the same words at the
//! same places turn after turn.

use super::canvas::{Canvas, Col, Face, glyph, h_factor, measure, px_scale};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, point};

/// A rasterized glyph: coverage (0..255) of a `w` x `h` box whose top-left corner is
/// (`left`, `top`) from the pen position.
struct GlyphBitmap {
    left: i32,
    top: i32,
    w: i32,
    h: i32,
    cov: Vec<u8>,
}

/// A glyph at a size and a sub-pixel offset, packed into one number: face (1 bit),
/// glyph id (16), size in eighths of a pixel (up to 41 bits), and the pen offsets in
/// quarters of a pixel (2 + 2).
fn glyph_key(face: Face, id: GlyphId, size: f32, fx: u8, fy: u8) -> u64 {
    let eighths = (size * 8.0).round() as u64;
    (eighths << 21) | ((id.0 as u64) << 5) | ((face as u64) << 4) | ((fx as u64) << 2) | fy as u64
}

/// A hasher for keys that are already well spread numbers: the standard one hashed
/// each glyph of every text drawn, a tenth of a board's drawing.
#[derive(Default)]
struct NumberHasher(u64);

impl std::hash::Hasher for NumberHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Glyphs =
    std::collections::HashMap<u64, GlyphBitmap, std::hash::BuildHasherDefault<NumberHasher>>;

thread_local! {
    /// Glyphs already rasterized on this thread. Only a speed-up: a glyph comes out the
    /// same whether it is cached or not.
    static GLYPHS: std::cell::RefCell<Glyphs> = Default::default();
}

/// Splits a coordinate into whole pixels and a quarter-pixel remainder.
fn quarter(v: f32) -> (i32, u8) {
    let q = (v * 4.0).round() as i32;
    (q.div_euclid(4), q.rem_euclid(4) as u8)
}

fn raster(font: &FontRef<'static>, id: GlyphId, scale: PxScale, fx: u8, fy: u8) -> GlyphBitmap {
    let glyph = id.with_scale_and_position(scale, point(fx as f32 / 4.0, fy as f32 / 4.0));
    let Some(og) = font.outline_glyph(glyph) else {
        return GlyphBitmap {
            left: 0,
            top: 0,
            w: 0,
            h: 0,
            cov: Vec::new(),
        };
    };
    let b = og.px_bounds();
    let (left, top) = (b.min.x as i32, b.min.y as i32);
    let (w, h) = (b.width() as i32, b.height() as i32);
    let mut cov = vec![0u8; (w * h).max(0) as usize];
    og.draw(|gx, gy, c| {
        let (gx, gy) = (gx as i32, gy as i32);
        if gx < w && gy < h {
            cov[(gy * w + gx) as usize] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    GlyphBitmap {
        left,
        top,
        w,
        h,
        cov,
    }
}

/// A glyph of a run: its key in the cache and where its box's top-left corner lands.
struct Placed {
    key: u64,
    x: i32,
    y: i32,
}

impl Canvas {
    /// Draws `text` with its baseline at `y`, starting at `x`; returns the advance.
    /// No fitting: use `text` for anything whose length is not fixed.
    pub fn raw_text(&mut self, text: &str, x: f32, y: f32, face: Face, size: f32, c: Col) -> f32 {
        if !self.paints() {
            return measure(text, face, size);
        }
        let font = face.font();
        let scale = px_scale(font, size);
        let k = h_factor(font, scale);
        let mut caret = x;
        let mut prev: Option<GlyphId> = None;
        let (oy, fy) = quarter(y);
        GLYPHS.with_borrow_mut(|cache| {
            if cache.len() > 20_000 {
                cache.clear();
            }
            let mut run = Vec::with_capacity(text.len());
            let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
            for ch in text.chars() {
                let (id, advance) = glyph(face, ch);
                if let Some(p) = prev {
                    caret += k * font.kern_unscaled(p, id);
                }
                let (ox, fx) = quarter(caret);
                let key = glyph_key(face, id, size, fx, fy);
                let g = cache
                    .entry(key)
                    .or_insert_with(|| raster(font, id, scale, fx, fy));
                if g.w > 0 && g.h > 0 {
                    let (gx, gy) = (ox + g.left, oy + g.top);
                    (x0, y0) = (x0.min(gx), y0.min(gy));
                    (x1, y1) = (x1.max(gx + g.w), y1.max(gy + g.h));
                    run.push(Placed { key, x: gx, y: gy });
                }
                caret += k * advance;
                prev = Some(id);
            }
            if run.is_empty() {
                return;
            }
            let mut key = vec![super::memo::TEXT, face as u32, size.to_bits()];
            key.extend([x.to_bits(), y.to_bits(), c.bits()]);
            key.extend(text.chars().map(u32::from));
            let area = (x0 as f32, y0 as f32, (x1 - x0) as f32, (y1 - y0) as f32);
            self.memo(&key, area, |canvas| canvas.blend_run(cache, &run, c));
        });
        caret - x
    }

    fn blend_run(&mut self, cache: &Glyphs, run: &[Placed], c: Col) {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let data = self.data_mut();
        let alpha = c.a as u32;
        let rgb = [c.r, c.g, c.b];
        for p in run {
            let g = &cache[&p.key];
            // The glyph's rows clipped to the image once, then blended along slices:
            // per pixel, only the arithmetic.
            let (gx0, gx1) = ((-p.x).max(0), g.w.min(w - p.x));
            for gy in 0..g.h {
                let py = p.y + gy;
                if py < 0 || py >= h || gx0 >= gx1 {
                    continue;
                }
                let cov = &g.cov[(gy * g.w + gx0) as usize..(gy * g.w + gx1) as usize];
                let start = (py as usize * w as usize + (p.x + gx0) as usize) * 3;
                let row = &mut data[start..start + cov.len() * 3];
                for (&cov, d) in cov.iter().zip(row.chunks_exact_mut(3)) {
                    if cov == 0 {
                        continue;
                    }
                    // A glyph's inside, in an opaque colour: the blend below gives the
                    // colour itself.
                    if cov == 255 && alpha == 255 {
                        d.copy_from_slice(&rgb);
                        continue;
                    }
                    let a = cov as u32 * alpha / 255;
                    for (d, s) in d.iter_mut().zip(rgb) {
                        let v = (*d as u32 * (255 - a) + s as u32 * a + 127) / 255;
                        *d = v as u8;
                    }
                }
            }
        }
    }
}

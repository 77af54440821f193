//! A small drawing surface of RGB pixels: filled and stroked shapes (tiny-skia's, see
//! `skia.rs`), and text set with the embedded fonts (rasterized by `ab_glyph`, blended
//! by hand).
//!
//! Every piece of text is drawn into a box: `text` shrinks it down to a minimum size and
//! then cuts it with an ellipsis, and records what it had to do (`Canvas::fits`), so the
//! tests can prove that no text runs out of its box.

use super::skia::Line;
use ab_glyph::{Font, FontRef, GlyphId, PxScale};
use std::sync::LazyLock;
use tiny_skia::{Paint, Path, PathBuilder, Rect, Transform};

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/fonts/NotoSans-Regular.ttf"
    )))
    .expect("the embedded regular font parses")
});
static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/fonts/NotoSans-Bold.ttf"
    )))
    .expect("the embedded bold font parses")
});

/// An sRGB colour with alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Col {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

/// `0xRRGGBB` as an opaque colour.
pub const fn rgb(hex: u32) -> Col {
    Col {
        r: (hex >> 16) as u8,
        g: (hex >> 8) as u8,
        b: hex as u8,
        a: 255,
    }
}

impl Col {
    pub const fn alpha(self, a: u8) -> Col {
        Col { a, ..self }
    }
    /// Mixes `t` (0..1) of `other` into this colour.
    pub fn mix(self, other: Col, t: f32) -> Col {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Col {
            r: m(self.r, other.r),
            g: m(self.g, other.g),
            b: m(self.b, other.b),
            a: m(self.a, other.a),
        }
    }
    /// The four channels as one number, for keys.
    pub(crate) const fn bits(self) -> u32 {
        u32::from_le_bytes([self.r, self.g, self.b, self.a])
    }
    fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.r, self.g, self.b, self.a)
    }
}

pub const WHITE: Col = rgb(0xffffff);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

impl Face {
    pub(crate) fn font(self) -> &'static FontRef<'static> {
        match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// How a piece of text is set: `size` is the em size in pixels (as in CSS); text
/// that is too wide shrinks down to `min` before it is cut with an ellipsis.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub face: Face,
    pub size: f32,
    pub min: f32,
    pub color: Col,
}

impl Style {
    pub const fn new(face: Face, size: f32, color: Col) -> Style {
        Style {
            face,
            size,
            min: size,
            color,
        }
    }
    /// May shrink to `min` pixels before an ellipsis.
    pub const fn shrink(self, min: f32) -> Style {
        Style { min, ..self }
    }
}

/// What `Canvas::text` had to do to fit a text into its box.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub text: String,
    pub shown: String,
    pub face: Face,
    pub size: f32,
    /// The drawn width and the box width.
    pub width: f32,
    pub max: f32,
}

impl Fit {
    pub fn truncated(&self) -> bool {
        self.shown != self.text
    }
    pub fn overflows(&self) -> bool {
        self.width > self.max + 0.5
    }
}

/// An opaque image being drawn. Its pixels are three bytes each (red, green, blue), row
/// after row, as the PNG takes them: drawn with an alpha channel, dropping it took a
/// quarter of the time the encoder takes.
pub struct Canvas {
    rgb: Vec<u8>,
    width: u32,
    height: u32,
    /// The RGBA pixels tiny-skia draws on, the canvas's size, holding the canvas's
    /// pixels only where it draws (`skia.rs`).
    pub(crate) scratch: Option<Vec<u8>>,
    /// Every boxed text drawn, with how it was fitted (for the tests).
    pub fits: Vec<Fit>,
    /// False for a canvas that only records its texts ([`Target::Words`]).
    paint: bool,
}

impl Drop for Canvas {
    /// The pixel buffers go back for the next image (`memo::buffer`).
    fn drop(&mut self) {
        super::memo::give_back(std::mem::take(&mut self.rgb));
        if let Some(s) = self.scratch.take() {
            super::memo::give_back(s);
        }
    }
}

/// What a drawing makes: pixels, or only the list of its texts (laid out and fitted
/// exactly as on the image, by the same code, but without rasterizing anything).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Pixels,
    Words,
}

pub(crate) fn px_scale(font: &FontRef<'static>, size: f32) -> PxScale {
    // ab_glyph scales by the font's height (ascent - descent); convert from em size.
    let em = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(size * font.height_unscaled() / em)
}

/// Characters below this have their glyph and advance in a table ([`glyph`]): every
/// letter of the images' English and German words.
const TABLED: u32 = 0x180;

/// The glyph and the unscaled advance of the characters below [`TABLED`], by face:
/// looking them up in the font's tables, per character and per measure, was a third of
/// drawing a hand or a battle picture, which measure their words to lay them out.
static METRICS: LazyLock<[Vec<(GlyphId, f32)>; 2]> = LazyLock::new(|| {
    [Face::Regular, Face::Bold].map(|face| {
        let font = face.font();
        (0..TABLED)
            .map(|c| {
                let id = font.glyph_id(char::from_u32(c).unwrap_or_default());
                (id, font.h_advance_unscaled(id))
            })
            .collect()
    })
});

/// The glyph of `c` in `face` and its unscaled advance.
pub(crate) fn glyph(face: Face, c: char) -> (GlyphId, f32) {
    match METRICS[face as usize].get(c as usize) {
        Some(&g) => g,
        None => {
            let font = face.font();
            let id = font.glyph_id(c);
            (id, font.h_advance_unscaled(id))
        }
    }
}

/// What multiplies an unscaled advance or kerning at `scale`, as ab_glyph's
/// `ScaleFont::h_scale_factor` computes it (so the same widths to the bit).
pub(crate) fn h_factor(font: &FontRef<'static>, scale: PxScale) -> f32 {
    scale.x / font.height_unscaled()
}

/// The width of `text` set in `face` at `size` pixels.
pub fn measure(text: &str, face: Face, size: f32) -> f32 {
    let font = face.font();
    let k = h_factor(font, px_scale(font, size));
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let (id, advance) = glyph(face, c);
        if let Some(p) = prev {
            w += k * font.kern_unscaled(p, id);
        }
        w += k * advance;
        prev = Some(id);
    }
    w
}

/// Greedy word wrap into lines no wider than `max`; a word longer than a line is kept
/// whole (the caller's `text` will shrink or cut it).
pub fn wrap(text: &str, face: Face, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || measure(&candidate, face, size) <= max {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Cuts `text` to fit `max` with an ellipsis at the end.
pub(crate) fn ellipsize(text: &str, face: Face, size: f32, max: f32) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut n = chars.len();
    while n > 0 {
        let s: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if measure(&s, face, size) <= max {
            return s;
        }
        n -= 1;
    }
    String::new()
}

/// A rounded rectangle on whole pixels, with its signed distance function.
struct Snapped {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    r: f32,
}

impl Snapped {
    fn new(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Snapped> {
        let (x0, y0) = (x.round() as i32, y.round() as i32);
        let (x1, y1) = ((x + w).round() as i32, (y + h).round() as i32);
        if x1 <= x0 || y1 <= y0 {
            return None;
        }
        let r = r
            .round()
            .min(((x1 - x0) / 2) as f32)
            .min(((y1 - y0) / 2) as f32)
            .max(0.0);
        Some(Snapped { x0, y0, x1, y1, r })
    }

    /// The four corner squares (columns, rows), grown outwards by `out` pixels.
    fn corners(&self, out: i32) -> [(std::ops::Range<i32>, std::ops::Range<i32>); 4] {
        let r = self.r as i32;
        let left = self.x0 - out..self.x0 + r;
        let right = self.x1 - r..self.x1 + out;
        let top = self.y0 - out..self.y0 + r;
        let bottom = self.y1 - r..self.y1 + out;
        [
            (left.clone(), top.clone()),
            (right.clone(), top),
            (left, bottom.clone()),
            (right, bottom),
        ]
    }

    /// Signed distance from the centre of pixel (x, y) to the edge (negative inside).
    fn distance(&self, x: i32, y: i32) -> f32 {
        let cx = (self.x0 + self.x1) as f32 / 2.0;
        let cy = (self.y0 + self.y1) as f32 / 2.0;
        let bx = (self.x1 - self.x0) as f32 / 2.0;
        let by = (self.y1 - self.y0) as f32 / 2.0;
        let qx = (x as f32 + 0.5 - cx).abs() - bx + self.r;
        let qy = (y as f32 + 0.5 - cy).abs() - by + self.r;
        let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
        outside + qx.max(qy).min(0.0) - self.r
    }
}

pub fn paint(c: Col) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c.skia());
    p.anti_alias = true;
    p
}

pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Col) -> Canvas {
        let px = [background.r, background.g, background.b];
        let row = width as usize * 3;
        let mut data = super::memo::buffer(row * height as usize);
        for p in data[..row].chunks_exact_mut(3) {
            p.copy_from_slice(&px);
        }
        for y in 1..height as usize {
            data.copy_within(..row, y * row);
        }
        Canvas::from_data(data, width, height)
    }

    /// A canvas over `data`, `width` x `height` RGB pixels.
    pub(crate) fn from_data(rgb: Vec<u8>, width: u32, height: u32) -> Canvas {
        assert!(width > 0 && height > 0, "a non-empty image");
        assert_eq!(rgb.len(), width as usize * height as usize * 3);
        Canvas {
            rgb,
            width,
            height,
            scratch: None,
            fits: Vec::new(),
            paint: true,
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, RGB, row by row.
    pub fn data(&self) -> &[u8] {
        &self.rgb
    }

    pub(crate) fn data_mut(&mut self) -> &mut [u8] {
        &mut self.rgb
    }

    /// The pixels, for a caller that keeps them.
    pub(crate) fn into_rgb(mut self) -> Vec<u8> {
        std::mem::take(&mut self.rgb)
    }

    /// The texts drawn.
    pub fn into_fits(mut self) -> Vec<Fit> {
        std::mem::take(&mut self.fits)
    }

    /// A canvas for `target`: a words-only one records its texts and draws nothing.
    pub fn for_target(target: Target, width: u32, height: u32, background: Col) -> Canvas {
        match target {
            Target::Pixels => Canvas::new(width, height, background),
            Target::Words => {
                let mut c = Canvas::new(1, 1, background);
                c.paint = false;
                c
            }
        }
    }

    /// False for a canvas that only records its texts.
    pub(crate) fn paints(&self) -> bool {
        self.paint
    }

    /// A rectangle aligned to whole pixels (sharp edges).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Col) {
        if !self.paint {
            return;
        }
        if c.a == 255 && self.fill_whole(x, y, w, h, c) {
            return;
        }
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.fill_rect(r, c, false);
        }
    }

    /// Fills a rectangle of whole pixels inside the image with an opaque colour, a row
    /// at a time, as tiny-skia would (its pipeline cost more than the writing on the
    /// many small rectangles of a board); false, drawing nothing, for any other.
    fn fill_whole(&mut self, x: f32, y: f32, w: f32, h: f32, c: Col) -> bool {
        let whole = |v: f32| v.fract() == 0.0 && v >= 0.0;
        let (cw, ch) = (self.width as f32, self.height as f32);
        // tiny-skia paints the ends of a rectangle of no height: left to it.
        let empty = w == 0.0 || h == 0.0;
        if empty || ![x, y, w, h].into_iter().all(whole) || x + w > cw || y + h > ch {
            return false;
        }
        let stride = self.width as usize * 3;
        let (x0, y0, w, h) = (x as usize, y as usize, w as usize, h as usize);
        let data = &mut self.rgb;
        let px = [c.r, c.g, c.b];
        let span = y0 * stride + x0 * 3..y0 * stride + (x0 + w) * 3;
        for p in data[span.clone()].chunks_exact_mut(3) {
            p.copy_from_slice(&px);
        }
        for y in 1..h {
            data.copy_within(span.clone(), span.start + y * stride);
        }
        true
    }

    /// Blends `c` with coverage `cov` (0..1) into pixel (x, y).
    #[inline]
    fn blend(&mut self, x: i32, y: i32, c: Col, cov: f32) {
        let (w, h) = (self.width as i32, self.height as i32);
        if x < 0 || y < 0 || x >= w || y >= h || cov <= 0.0 {
            return;
        }
        let a = (cov.min(1.0) * c.a as f32 + 0.5) as u32;
        let i = (y as usize * w as usize + x as usize) * 3;
        let d = &mut self.rgb[i..i + 3];
        for (d, s) in d.iter_mut().zip([c.r, c.g, c.b]) {
            *d = ((*d as u32 * (255 - a) + s as u32 * a + 127) / 255) as u8;
        }
    }

    /// A filled rounded rectangle, snapped to whole pixels. Drawn in pieces rather
    /// than as one anti-aliased path (whose cost grows with its bounding box): sharp
    /// rectangles, and coverage from the distance to the corner circle in the corners.
    pub fn round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Col) {
        if !self.paint {
            return;
        }
        let Some(b) = Snapped::new(x, y, w, h, r) else {
            return;
        };
        let ri = b.r as i32;
        let f = |v: i32| v as f32;
        self.rect(
            f(b.x0),
            f(b.y0 + ri),
            f(b.x1 - b.x0),
            f(b.y1 - b.y0 - 2 * ri),
            c,
        );
        if ri == 0 {
            return;
        }
        let inner = f(b.x1 - b.x0 - 2 * ri);
        self.rect(f(b.x0 + ri), f(b.y0), inner, b.r, c);
        self.rect(f(b.x0 + ri), f(b.y1 - ri), inner, b.r, c);
        for (xs, ys) in b.corners(0) {
            for yy in ys.clone() {
                for xx in xs.clone() {
                    let d = b.distance(xx, yy);
                    self.blend(xx, yy, c, 0.5 - d);
                }
            }
        }
    }

    /// The outline of a rounded rectangle, `width` wide and centred on the edge (like a
    /// stroked path): anti-aliased rectangles for the sides, coverage from the
    /// distance to the edge in the corners.
    #[allow(clippy::too_many_arguments)]
    pub fn round_rect_stroke(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        width: f32,
        c: Col,
    ) {
        if !self.paint {
            return;
        }
        let Some(b) = Snapped::new(x, y, w, h, r) else {
            return;
        };
        let hw = width / 2.0;
        let reach = (hw + 1.0).ceil() as i32;
        let ri = b.r as i32;
        let f = |v: i32| v as f32;
        for (sx, sy, sw, sh) in [
            (f(b.x0 + ri), f(b.y0) - hw, f(b.x1 - b.x0 - 2 * ri), width),
            (f(b.x0 + ri), f(b.y1) - hw, f(b.x1 - b.x0 - 2 * ri), width),
            (f(b.x0) - hw, f(b.y0 + ri), width, f(b.y1 - b.y0 - 2 * ri)),
            (f(b.x1) - hw, f(b.y0 + ri), width, f(b.y1 - b.y0 - 2 * ri)),
        ] {
            if let Some(rect) = Rect::from_xywh(sx, sy, sw, sh) {
                self.fill_rect(rect, c, true);
            }
        }
        for (xs, ys) in b.corners(reach) {
            for yy in ys.clone() {
                for xx in xs.clone() {
                    let d = b.distance(xx, yy);
                    self.blend(xx, yy, c, hw + 0.5 - d.abs());
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn round_rect_dashed(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        width: f32,
        c: Col,
    ) {
        if !self.paint {
            return;
        }
        if let Some(path) = rounded_rect(x, y, w, h, r) {
            self.stroke_with(&path, c, width, Line::Dashed, Transform::identity());
        }
    }

    /// Fills [`rounded_rect`] anti-aliased (the curve of a band of a clan's colour over
    /// a card or a panel).
    pub fn rounded_fill(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Col) {
        if let Some(path) = rounded_rect(x, y, w, h, r) {
            self.fill(&path, c);
        }
    }

    pub fn fill(&mut self, path: &Path, c: Col) {
        self.fill_t(path, c, Transform::identity());
    }

    pub fn stroke(&mut self, path: &Path, width: f32, c: Col) {
        self.stroke_t(path, width, c, Transform::identity());
    }

    pub fn stroke_t(&mut self, path: &Path, width: f32, c: Col, t: Transform) {
        self.stroke_with(path, c, width, Line::Round, t);
    }

    pub fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, width: f32, c: Col) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
        if let Some(p) = pb.finish() {
            self.stroke(&p, width, c);
        }
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, c: Col) {
        if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
            self.fill(&p, c);
        }
    }

    pub fn circle_stroke(&mut self, cx: f32, cy: f32, r: f32, width: f32, c: Col) {
        if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
            self.stroke(&p, width, c);
        }
    }

    /// Draws `text` in a box `max` pixels wide, aligned at `x` (left edge, centre or
    /// right edge), baseline at `y`. Too-wide text shrinks to `style.min` and is then
    /// cut with an ellipsis. Returns the drawn width.
    pub fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        max: f32,
        style: Style,
        align: Align,
    ) -> f32 {
        let mut size = style.size;
        let mut width = measure(text, style.face, size);
        if width > max && style.min < style.size {
            size = (style.size * max / width).max(style.min);
            size = (size * 4.0).floor() / 4.0;
            width = measure(text, style.face, size);
        }
        let shown = if width > max {
            let s = ellipsize(text, style.face, size, max);
            width = measure(&s, style.face, size);
            s
        } else {
            text.to_string()
        };
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        self.raw_text(&shown, left, y, style.face, size, style.color);
        self.fits.push(Fit {
            text: text.to_string(),
            shown,
            face: style.face,
            size,
            width,
            max,
        });
        width
    }
}

/// The PNG settings of every image: fast deflate with the adaptive filter, which is
/// the best size for the time on these flat-coloured images (see `bench render`).
pub fn encode_rgb(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, image::ImageError> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::with_capacity(rgb.len() / 8);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(rgb, width, height, image::ExtendedColorType::Rgb8)?;
    Ok(out)
}

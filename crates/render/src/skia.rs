//! tiny-skia's shapes on an RGB canvas.
//!
//! tiny-skia draws on RGBA pixels. Each shape is drawn on a scratch RGBA pixmap of the
//! canvas's size that holds the canvas's pixels in a box around the shape, and that box
//! is copied back: the same pixmap size, transform and coordinates as on a whole RGBA
//! image, so the same pixels, at the cost of two copies of a small box. And each shape
//! is remembered (`memo`) by everything that decides its pixels: the images draw most
//! of theirs at the same places every time.

use super::canvas::{Canvas, Col, paint};
use super::memo;
use tiny_skia::{
    FillRule, LineCap, LineJoin, Path, PixmapMut, Rect, Stroke, StrokeDash, Transform,
};

/// How far past a shape's bounds tiny-skia's anti-aliasing may reach, and then some.
const MARGIN: f32 = 2.0;

/// How a path is stroked.
#[derive(Clone, Copy)]
pub(crate) enum Line {
    /// Round caps and joins.
    Round,
    /// Dashes three widths long, two apart, tiny-skia's default caps and joins.
    Dashed,
}

/// The key of a shape: its kind, colour, transform, numbers and path.
fn key(kind: u32, c: Col, t: Transform, numbers: &[f32], path: Option<&Path>) -> Vec<u32> {
    let mut key = vec![memo::SHAPE, kind, c.bits()];
    let floats = [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty];
    key.extend(floats.iter().chain(numbers).map(|v| v.to_bits()));
    if let Some(path) = path {
        key.extend(path.verbs().iter().map(|v| *v as u32));
        key.extend(
            path.points()
                .iter()
                .flat_map(|p| [p.x.to_bits(), p.y.to_bits()]),
        );
    }
    key
}

/// A box of whole pixels, clipped to the canvas.
#[derive(Clone, Copy)]
struct Area {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

impl Area {
    /// The pixels of `r` grown by [`MARGIN`] inside a `w` x `h` canvas; `None` when
    /// none is inside (tiny-skia would draw nothing).
    fn around(r: Rect, w: u32, h: u32) -> Option<Area> {
        let clip = |v: f32, max: u32| v.clamp(0.0, max as f32) as usize;
        let (x0, y0) = (
            clip((r.left() - MARGIN).floor(), w),
            clip((r.top() - MARGIN).floor(), h),
        );
        let (x1, y1) = (
            clip((r.right() + MARGIN).ceil(), w),
            clip((r.bottom() + MARGIN).ceil(), h),
        );
        (x0 < x1 && y0 < y1).then_some(Area { x0, y0, x1, y1 })
    }
}

impl Canvas {
    /// Runs tiny-skia's `draw`, whose pixels all lie within `bounds` (before the
    /// [`MARGIN`]), on this canvas, or copies its pixels when it ran with the same `key`
    /// onto the same pixels before (`memo`, whose box is one pixel larger).
    fn skia(&mut self, key: &[u32], bounds: Rect, draw: impl FnOnce(&mut PixmapMut)) {
        let m = MARGIN - 1.0;
        let (x, y) = (bounds.left() - m, bounds.top() - m);
        let (w, h) = (bounds.width() + 2.0 * m, bounds.height() + 2.0 * m);
        self.memo(key, (x, y, w, h), |canvas| canvas.skia_now(bounds, draw));
    }

    fn skia_now(&mut self, bounds: Rect, draw: impl FnOnce(&mut PixmapMut)) {
        let (w, h) = (self.width(), self.height());
        let Some(a) = Area::around(bounds, w, h) else {
            return;
        };
        let mut scratch = self
            .scratch
            .take()
            .unwrap_or_else(|| memo::buffer(w as usize * h as usize * 4));
        let (rgb_stride, rgba_stride) = (w as usize * 3, w as usize * 4);
        for y in a.y0..a.y1 {
            let src = &self.data()[y * rgb_stride + a.x0 * 3..y * rgb_stride + a.x1 * 3];
            let dst = &mut scratch[y * rgba_stride + a.x0 * 4..y * rgba_stride + a.x1 * 4];
            for (s, d) in src.chunks_exact(3).zip(dst.chunks_exact_mut(4)) {
                d.copy_from_slice(&[s[0], s[1], s[2], 255]);
            }
        }
        #[cfg(debug_assertions)]
        let ring = ring(&scratch, w as usize, h as usize, a);
        draw(&mut PixmapMut::from_bytes(&mut scratch, w, h).expect("the scratch fits"));
        #[cfg(debug_assertions)]
        assert!(
            ring == self::ring(&scratch, w as usize, h as usize, a),
            "tiny-skia drew outside {bounds:?}"
        );
        let data = self.data_mut();
        for y in a.y0..a.y1 {
            let src = &scratch[y * rgba_stride + a.x0 * 4..y * rgba_stride + a.x1 * 4];
            let dst = &mut data[y * rgb_stride + a.x0 * 3..y * rgb_stride + a.x1 * 3];
            for (s, d) in src.chunks_exact(4).zip(dst.chunks_exact_mut(3)) {
                d.copy_from_slice(&s[..3]);
            }
        }
        self.scratch = Some(scratch);
    }

    /// A rectangle in `c`, anti-aliased or not.
    pub(crate) fn fill_rect(&mut self, r: Rect, c: Col, anti_alias: bool) {
        let id = Transform::identity();
        let sides = [r.left(), r.top(), r.width(), r.height()];
        let key = key(anti_alias as u32, c, id, &sides, None);
        let mut p = paint(c);
        p.anti_alias = anti_alias;
        self.skia(&key, r, |pix| pix.fill_rect(r, &p, id, None));
    }

    pub fn fill_t(&mut self, path: &Path, c: Col, t: Transform) {
        if !self.paints() {
            return;
        }
        if let Some(bounds) = path.bounds().transform(t) {
            self.skia(&key(2, c, t, &[], Some(path)), bounds, |pix| {
                pix.fill_path(path, &paint(c), FillRule::Winding, t, None)
            });
        }
    }

    /// Strokes `path` `width` wide: its reach past the path is at most twice its
    /// width (a miter at tiny-skia's default limit, 4 half widths).
    pub(crate) fn stroke_with(
        &mut self,
        path: &Path,
        c: Col,
        width: f32,
        line: Line,
        t: Transform,
    ) {
        if !self.paints() {
            return;
        }
        let stroke = match line {
            Line::Round => Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            },
            Line::Dashed => Stroke {
                width,
                dash: StrokeDash::new(vec![width * 3.0, width * 2.0], 0.0),
                ..Stroke::default()
            },
        };
        let reach = width * 2.0;
        let Some(bounds) = path
            .bounds()
            .outset(reach, reach)
            .and_then(|b| b.transform(t))
        else {
            return;
        };
        let key = key(3 + line as u32, c, t, &[width], Some(path));
        self.skia(&key, bounds, |pix| {
            pix.stroke_path(path, &paint(c), &stroke, t, None)
        });
    }
}

/// The pixels in a band a few pixels wide around `a`, to check in debug builds (the
/// tests) that tiny-skia stays inside the box copied back.
#[cfg(debug_assertions)]
fn ring(rgba: &[u8], w: usize, h: usize, a: Area) -> Vec<u8> {
    let band = 4;
    let mut out = Vec::new();
    for y in a.y0.saturating_sub(band)..(a.y1 + band).min(h) {
        for x in a.x0.saturating_sub(band)..(a.x1 + band).min(w) {
            if !((a.x0..a.x1).contains(&x) && (a.y0..a.y1).contains(&y)) {
                out.extend_from_slice(&rgba[(y * w + x) * 4..][..4]);
            }
        }
    }
    out
}

//! Drawing steps remembered as pixels, and the big buffers kept for the next image.
//!
//! A step (an icon, a zone's ground, a card's name band) draws the same pixels whenever
//! it is drawn with the same arguments onto the same pixels, and the images redraw most
//! steps at the same places every time (the board's zones and slots, a hand's cards).
//! So [`Canvas::memo`] keeps, per step and place, the pixels its box held before and
//! after, and copies the after when the before matches exactly: the image comes out
//! the same bit for bit, only sooner. Anti-aliased shapes cost tiny-skia a
//! supersampled scan each time, which is most of a board's drawing.

use super::canvas::{Canvas, Col, Fit, Target};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// The first number of a key says which step it is: icons take 0 to 99.
pub(crate) const SHAPE: u32 = 100;
pub(crate) const TEXT: u32 = 101;
pub(crate) const TILE: u32 = 102;

/// What a box held before a step: one colour (the usual case: a step drawn on a plain
/// ground) is kept as that colour, anything else as its pixels.
enum Before {
    Plain([u8; 3]),
    Pixels(Vec<u8>),
}

struct Entry {
    before: Before,
    after: Vec<u8>,
    /// The texts the step recorded (a whole card's), recorded again with each copy.
    fits: Vec<Fit>,
}

#[derive(Default)]
struct Steps {
    map: HashMap<Vec<u32>, Entry>,
    bytes: usize,
}

/// Beyond this the memory is forgotten and starts again: the board, a hand and a
/// battle picture together need a few megabytes.
const MAX_BYTES: usize = 32 << 20;

static STEPS: LazyLock<Mutex<Steps>> = LazyLock::new(Default::default);

/// A box of whole pixels inside the canvas.
#[derive(Clone, Copy)]
struct Bx {
    x0: usize,
    y0: usize,
    w: usize,
    h: usize,
}

impl Bx {
    /// The pixels of `x, y, w, h` grown by one for anti-aliasing, or `None` when that
    /// leaves the canvas (such a step is simply drawn).
    fn of(x: f32, y: f32, w: f32, h: f32, cw: u32, ch: u32) -> Option<Bx> {
        let (x0, y0) = ((x.floor() - 1.0) as i64, (y.floor() - 1.0) as i64);
        let (x1, y1) = (((x + w).ceil() + 1.0) as i64, ((y + h).ceil() + 1.0) as i64);
        if x0 < 0 || y0 < 0 || x1 > cw as i64 || y1 > ch as i64 || x1 <= x0 || y1 <= y0 {
            return None;
        }
        Some(Bx {
            x0: x0 as usize,
            y0: y0 as usize,
            w: (x1 - x0) as usize,
            h: (y1 - y0) as usize,
        })
    }

    fn rows<'a>(&self, data: &'a [u8], stride: usize) -> impl Iterator<Item = &'a [u8]> {
        let (x0, w) = (self.x0 * 3, self.w * 3);
        (self.y0..self.y0 + self.h).map(move |y| &data[y * stride + x0..][..w])
    }

    fn read(&self, data: &[u8], stride: usize) -> Before {
        let first = self.first(data, stride);
        if self.plain(data, stride, first) {
            Before::Plain(first)
        } else {
            Before::Pixels(self.copy_out(data, stride))
        }
    }

    fn first(&self, data: &[u8], stride: usize) -> [u8; 3] {
        data[self.y0 * stride + self.x0 * 3..][..3]
            .try_into()
            .expect("three bytes")
    }

    fn plain(&self, data: &[u8], stride: usize, colour: [u8; 3]) -> bool {
        let row: Vec<u8> = colour.repeat(self.w);
        self.rows(data, stride).all(|r| r == row)
    }

    /// Whether the box holds `before` now.
    fn holds(&self, data: &[u8], stride: usize, before: &Before) -> bool {
        match before {
            Before::Plain(colour) => self.plain(data, stride, *colour),
            Before::Pixels(p) => self
                .rows(data, stride)
                .zip(p.chunks_exact(self.w * 3))
                .all(|(a, b)| a == b),
        }
    }

    fn copy_out(&self, data: &[u8], stride: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.w * self.h * 3);
        for row in self.rows(data, stride) {
            out.extend_from_slice(row);
        }
        out
    }

    fn copy_in(&self, data: &mut [u8], stride: usize, pixels: &[u8]) {
        let (x0, w) = (self.x0 * 3, self.w * 3);
        for (y, src) in (self.y0..self.y0 + self.h).zip(pixels.chunks_exact(w)) {
            data[y * stride + x0..][..w].copy_from_slice(src);
        }
    }
}

impl Canvas {
    /// Draws `draw`, whose pixels all lie inside `x, y, w, h`, or copies what it drew
    /// the last time it ran with the same `key` (every argument that changes its
    /// pixels and texts, position included) onto the same pixels, and the texts it
    /// recorded.
    pub(crate) fn memo(
        &mut self,
        key: &[u32],
        (x, y, w, h): (f32, f32, f32, f32),
        draw: impl FnOnce(&mut Canvas),
    ) {
        let (cw, ch) = (self.width(), self.height());
        let Some(b) = Bx::of(x, y, w, h, cw, ch).filter(|_| self.paints()) else {
            draw(self);
            return;
        };
        let stride = cw as usize * 3;
        let mut full = Vec::with_capacity(key.len() + 4);
        full.extend_from_slice(key);
        full.extend([b.x0, b.y0, b.w, b.h].map(|v| v as u32));
        {
            let steps = STEPS.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(e) = steps.map.get(&full)
                && b.holds(self.data(), stride, &e.before)
            {
                b.copy_in(self.data_mut(), stride, &e.after);
                self.fits.extend(e.fits.iter().cloned());
                return;
            }
        }
        let before = b.read(self.data(), stride);
        #[cfg(debug_assertions)]
        let ring = Ring::read(self, b);
        let texts = self.fits.len();
        draw(self);
        #[cfg(debug_assertions)]
        assert!(
            ring == Ring::read(self, b),
            "a remembered step drew outside its box {x} {y} {w} {h}"
        );
        let fits = self.fits[texts..].to_vec();
        let after = b.copy_out(self.data(), stride);
        let words: usize = fits.iter().map(|f| f.text.len() + f.shown.len()).sum();
        let size = after.len()
            + words
            + match &before {
                Before::Plain(_) => 0,
                Before::Pixels(p) => p.len(),
            };
        let mut steps = STEPS.lock().unwrap_or_else(|e| e.into_inner());
        if steps.bytes + size > MAX_BYTES {
            *steps = Steps::default();
        }
        steps.bytes += size;
        steps.map.insert(
            full,
            Entry {
                before,
                after,
                fits,
            },
        );
    }
}

/// The pixels in a band a few pixels wide around a box, to check in debug builds
/// (the tests) that a remembered step stays inside its box.
#[cfg(debug_assertions)]
#[derive(PartialEq)]
struct Ring(Vec<u8>);

#[cfg(debug_assertions)]
impl Ring {
    fn read(c: &Canvas, b: Bx) -> Ring {
        let (cw, ch) = (c.width() as usize, c.height() as usize);
        let band = 6;
        let (x0, y0) = (b.x0.saturating_sub(band), b.y0.saturating_sub(band));
        let (x1, y1) = ((b.x0 + b.w + band).min(cw), (b.y0 + b.h + band).min(ch));
        let data = c.data();
        let mut out = Vec::new();
        for y in y0..y1 {
            for x in x0..x1 {
                let inside = (b.x0..b.x0 + b.w).contains(&x) && (b.y0..b.y0 + b.h).contains(&y);
                if !inside {
                    out.extend_from_slice(&data[(y * cw + x) * 3..][..3]);
                }
            }
        }
        Ring(out)
    }
}

/// Pixel buffers of finished images, kept for the next image of the same size: a
/// fresh buffer of several megabytes costs the kernel a page fault per 4 KiB.
static BUFFERS: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// The grounds of images (what does not change between two boards of a match), by
/// the key of everything they depend on: the last four (a board's is 5.2 MB), for
/// the matches being played (a ground differs by the two clans).
static GROUNDS: Mutex<Vec<(Vec<u32>, Vec<u8>)>> = Mutex::new(Vec::new());

impl Canvas {
    /// A canvas for `target` of `size`, filled with `background` and then `ground`,
    /// which depends on nothing but `key`: drawn once and copied afterwards. The
    /// ground must not record texts.
    pub(crate) fn grounded(
        target: Target,
        (width, height): (u32, u32),
        background: Col,
        key: &[u32],
        ground: impl FnOnce(&mut Canvas),
    ) -> Canvas {
        if target == Target::Words {
            return Canvas::for_target(target, width, height, background);
        }
        let mut full = vec![width, height];
        full.extend_from_slice(key);
        let grounds = GROUNDS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, pixels)) = grounds.iter().find(|(k, _)| *k == full) {
            let mut data = buffer(pixels.len());
            data.copy_from_slice(pixels);
            drop(grounds);
            return Canvas::from_data(data, width, height);
        }
        drop(grounds);
        let mut c = Canvas::new(width, height, background);
        ground(&mut c);
        debug_assert!(c.fits.is_empty(), "a ground recorded a text");
        let mut grounds = GROUNDS.lock().unwrap_or_else(|e| e.into_inner());
        if grounds.len() >= 4 {
            grounds.remove(0);
        }
        grounds.push((full, c.data().to_vec()));
        c
    }
}

/// Smaller buffers are not worth keeping.
const SMALL: usize = 1 << 16;

/// A buffer of `len` bytes, with whatever it held before: the kept one closest in size
/// that is large enough (tiny-skia's RGBA scratch is a third larger than an image), but
/// not twice as large (a replay keeps its small frames' buffers).
pub(crate) fn buffer(len: usize) -> Vec<u8> {
    let mut b = if len < SMALL {
        Vec::new()
    } else {
        let mut pool = BUFFERS.lock().unwrap_or_else(|e| e.into_inner());
        let found = (0..pool.len())
            .filter(|&i| (len..2 * len).contains(&pool[i].capacity()))
            .min_by_key(|&i| pool[i].capacity());
        found.map(|i| pool.swap_remove(i)).unwrap_or_default()
    };
    b.resize(len, 0);
    b
}

/// Hands `b` back for a next image: the last four are kept, a buffer of every kind of
/// image drawn lately.
pub(crate) fn give_back(b: Vec<u8>) {
    if b.capacity() < SMALL {
        return;
    }
    let mut pool = BUFFERS.lock().unwrap_or_else(|e| e.into_inner());
    if pool.len() >= 4 {
        pool.remove(0);
    }
    pool.push(b);
}

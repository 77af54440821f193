//! Text set over several lines: broken at spaces and after hyphens, and recorded as
//! one text however many lines it takes.

use super::canvas::{Canvas, Face, Fit, Style, ellipsize, measure};

/// `text` cut into lines, the first no wider than `first` and the others no wider
/// than `max`: at its spaces (which the cut drops) and after its hyphens (which stay on
/// the line), greedily. A piece longer than a line stays whole, except that a first
/// line too narrow for the first piece is left empty. Each line comes with whether a
/// space followed it in `text`.
pub fn break_lines(text: &str, face: Face, size: f32, first: f32, max: f32) -> Vec<(String, bool)> {
    let mut pieces: Vec<(String, bool)> = Vec::new();
    for word in text.split_whitespace() {
        let mut rest = word;
        while let Some(i) = rest.find('-').filter(|&i| i > 0 && i + 1 < rest.len()) {
            pieces.push((rest[..=i].to_string(), false));
            rest = &rest[i + 1..];
        }
        pieces.push((rest.to_string(), true));
    }
    let mut lines: Vec<(String, bool)> = Vec::new();
    let mut line = String::new();
    let mut spaced = false;
    for (piece, space) in pieces {
        let room = if lines.is_empty() { first } else { max };
        let joined = if line.is_empty() {
            piece.clone()
        } else if spaced {
            format!("{line} {piece}")
        } else {
            format!("{line}{piece}")
        };
        let fits = measure(&joined, face, size) <= room;
        if fits || (line.is_empty() && (!lines.is_empty() || first >= max)) {
            line = joined;
        } else {
            lines.push((std::mem::replace(&mut line, piece), spaced));
        }
        spaced = space;
    }
    if !line.is_empty() {
        lines.push((line, true));
    }
    lines
}

impl Canvas {
    /// Draws `text` wrapped ([`break_lines`]) into at most `max_lines` lines no wider
    /// than `max`, the first starting `indent` right of `x` (and so `indent` narrower),
    /// the first baseline at `y` and each next one `pitch` lower. Recorded as one
    /// text, so that a name set over two lines is still one name to the tests and the
    /// words of an image. Shrinks to `style.min` and cuts the last line as `text`
    /// does. Returns the lines drawn (an empty first line counts).
    #[allow(clippy::too_many_arguments)]
    pub fn wrapped(
        &mut self,
        text: &str,
        x: f32,
        indent: f32,
        y: f32,
        max: f32,
        pitch: f32,
        style: Style,
        max_lines: usize,
    ) -> usize {
        let face = style.face;
        let set = Set {
            text,
            face,
            size: style.size,
            min: style.min,
            indent,
            max,
            max_lines: max_lines.max(1),
        };
        let (lines, size) = &*set.remembered();
        let size = *size;
        let mut shown = String::new();
        let mut widest: f32 = 0.0;
        for (i, (line, spaced)) in lines.iter().enumerate() {
            let lx = if i == 0 { x + indent } else { x };
            let w = self.raw_text(line, lx, y + i as f32 * pitch, face, size, style.color);
            widest = widest.max(w + lx - x);
            shown.push_str(line);
            if *spaced && i + 1 < lines.len() && !line.is_empty() {
                shown.push(' ');
            }
        }
        self.fits.push(Fit {
            text: text.to_string(),
            shown,
            face,
            size,
            width: widest,
            max,
        });
        lines.len()
    }
}

/// What [`Canvas::wrapped`] sets a text by: its lines and their size depend on nothing
/// else.
struct Set<'a> {
    text: &'a str,
    face: Face,
    size: f32,
    min: f32,
    indent: f32,
    max: f32,
    max_lines: usize,
}

/// Texts set lately, by [`Set::key`]: an image sets the same words every time it is
/// drawn, and a battle picture sets each of its columns twice (for its height, then
/// drawn), the measuring of every candidate line a good part of drawing it. Forgotten
/// all at once beyond this many (a megabyte or two).
const SET: usize = 4096;

type Lines = std::rc::Rc<(Vec<(String, bool)>, f32)>;

thread_local! {
    static SETS: std::cell::RefCell<std::collections::HashMap<(String, [u32; 6]), Lines>> =
        Default::default();
}

impl Set<'_> {
    fn key(&self) -> (String, [u32; 6]) {
        let numbers = [self.size, self.min, self.indent, self.max].map(f32::to_bits);
        let [a, b, c, d] = numbers;
        (
            self.text.to_string(),
            [self.face as u32, a, b, c, d, self.max_lines as u32],
        )
    }

    /// The lines and their size, set now or as they were set before.
    fn remembered(&self) -> Lines {
        let key = self.key();
        if let Some(known) = SETS.with_borrow(|sets| sets.get(&key).cloned()) {
            return known;
        }
        let set = Lines::new(self.lines());
        SETS.with_borrow_mut(|sets| {
            if sets.len() >= SET {
                sets.clear();
            }
            sets.insert(key, set.clone());
        });
        set
    }

    /// Breaks the text, shrinking it a quarter pixel at a time until every line fits or
    /// it reaches its smallest size, and then cuts a line still too wide.
    fn lines(&self) -> (Vec<(String, bool)>, f32) {
        let (text, face, indent, max, max_lines) =
            (self.text, self.face, self.indent, self.max, self.max_lines);
        let room = |i: usize| if i == 0 { max - indent } else { max };
        let layout = |size: f32| {
            let mut lines = break_lines(text, face, size, max - indent, max);
            if lines.len() > max_lines {
                let tail = lines.split_off(max_lines - 1);
                let mut joined = String::new();
                for (i, (l, spaced)) in tail.iter().enumerate() {
                    joined.push_str(l);
                    if *spaced && i + 1 < tail.len() {
                        joined.push(' ');
                    }
                }
                lines.push((joined, true));
            }
            let over = lines
                .iter()
                .enumerate()
                .any(|(i, l)| measure(&l.0, face, size) > room(i) + 0.01);
            (lines, over)
        };
        let mut size = self.size;
        let (mut lines, mut over) = layout(size);
        while over && size > self.min {
            size = (size - 0.25).max(self.min);
            (lines, over) = layout(size);
        }
        for (i, (line, _)) in lines.iter_mut().enumerate() {
            if measure(line, face, size) > room(i) {
                *line = ellipsize(line, face, size, room(i));
            }
        }
        (lines, size)
    }
}

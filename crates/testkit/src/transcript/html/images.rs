//! Images at the size Discord shows them: its boxes for an attachment and an embed's
//! image, the PNG and GIF headers read for a natural size, and the fit. Apart because
//! the sizes are Discord's rules (and tests check them) independent of how a message is
//! laid out around the image.

use super::super::model::Attachment;
use super::{Files, esc};

/// Discord's box for an attached image on desktop.
pub const INLINE_BOX: (u32, u32) = (550, 350);
/// Discord's box for an embed's image on desktop (about; the client's CSS).
pub const EMBED_BOX: (u32, u32) = (400, 300);

/// `(width, height)` scaled down (never up) to fit `(bw, bh)`, keeping its aspect.
pub fn fit(size: (u32, u32), (bw, bh): (u32, u32)) -> (u32, u32) {
    let (w, h) = size;
    if w == 0 || h == 0 {
        return (0, 0);
    }
    let scale = (bw as f64 / w as f64).min(bh as f64 / h as f64).min(1.0);
    (
        ((w as f64 * scale).round() as u32).max(1),
        ((h as f64 * scale).round() as u32).max(1),
    )
}

/// A PNG's size from its header, if the bytes are a PNG.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((be(16), be(20)))
}

/// A GIF's size (a match's replay) from its header, if the bytes are a GIF.
pub fn gif_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 10 || !(bytes.starts_with(b"GIF89a") || bytes.starts_with(b"GIF87a")) {
        return None;
    }
    let le = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]) as u32;
    Some((le(6), le(8)))
}

/// An image drawn at the size Discord would show it within `bx`, with its natural size
/// in data attributes (a test checks the fit), and its alt text as Discord's client
/// exposes it: an "ALT" badge on the image, the text itself as the image's `alt` and,
/// so a screenshot shows it, in a small caption under the image. An image without alt
/// text gets a marker no Discord client draws ("NO ALT"), so the screenshots reveal it;
/// its file name never stands in for the text. An attachment named `SPOILER_*` is
/// blurred behind Discord's "SPOILER" label until clicked.
pub(super) fn image(a: &Attachment, files: &Files, bx: (u32, u32)) -> (String, u32) {
    let size = std::fs::read(files.dir.join(&a.path))
        .ok()
        .and_then(|b| png_size(&b).or_else(|| gif_size(&b)));
    let src = format!("{}{}", files.href_prefix, a.path);
    let Some(s) = size else {
        return (
            format!("<div class=threadbox>📎 {}</div>", esc(&a.name)),
            44,
        );
    };
    let (w, h) = fit(s, bx);
    let (badge, caption) = match &a.description {
        Some(d) => (
            "<span class=alt-badge>ALT</span>".to_string(),
            format!("<div class=alt-text><b>ALT</b> {}</div>", esc(d)),
        ),
        None => (
            "<span class=\"alt-badge none\">NO ALT</span>".to_string(),
            "<div class=\"alt-text none\">⚠ no alt text</div>".to_string(),
        ),
    };
    let img = format!(
        "<img class=att src=\"{}\" width={w} height={h} data-natural=\"{}x{}\" \
         data-box=\"{}x{}\" alt=\"{}\">",
        esc(&src),
        s.0,
        s.1,
        bx.0,
        bx.1,
        esc(a.description.as_deref().unwrap_or_default()),
    );
    let boxed = if a.name.starts_with("SPOILER_") {
        format!(
            "<div class=\"imgbox spoiler\">{img}<span class=spoiler-label>SPOILER</span>{badge}</div>"
        )
    } else {
        format!("<div class=imgbox>{img}{badge}</div>")
    };
    // The caption: about 20 pixels a line of some 70 characters at desktop width.
    let caption_lines = a
        .description
        .as_deref()
        .map_or(1, |d| 1 + d.chars().count() as u32 / 70);
    (
        format!("<div class=media>{boxed}{caption}</div>"),
        h + 8 + 4 + 18 * caption_lines,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_fit_discords_box_without_growing() {
        assert_eq!(fit((1600, 1000), INLINE_BOX), (550, 344));
        assert_eq!(fit((1000, 1600), INLINE_BOX), (219, 350));
        assert_eq!(fit((300, 200), INLINE_BOX), (300, 200));
    }
}

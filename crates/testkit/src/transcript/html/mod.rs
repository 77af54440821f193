//! The conversation drawn like Discord's dark theme: one page per participant, each
//! channel they can see with its messages in their latest state.
//!
//! Sizes follow Discord's desktop client: an attached image is shown scaled to fit
//! 550x350 (never enlarged), an embed's image to fit about 400x300; on a narrow window
//! both shrink to the message column's width.
//!
//! This file holds the entry points (`page`, `screens`), the channels' order and the
//! page around them; apart by concept: `message` (a message's states and their parts in
//! Discord's order), `images` (image sizes and Discord's boxes), `markdown` (Discord's
//! markdown and HTML escaping) and `style` (the dark theme's CSS).

mod images;
mod markdown;
mod message;
mod style;

pub use images::{EMBED_BOX, INLINE_BOX, fit, gif_size, png_size};
pub use markdown::{esc, markdown};

use super::model::{BOT_NAME, ChannelKind, Conversation, Participant};
use message::message;
use std::path::Path;
use style::STYLE;

/// One participant's page, or a part of it.
pub struct Page {
    pub html: String,
    /// A generous guess of its height at desktop width, for a screenshot's window.
    pub height: u32,
    /// How many messages it shows.
    pub messages: usize,
}

/// Where the recording's files are, as seen from the pages.
pub struct Files<'a> {
    /// The recording's folder (to read image sizes).
    pub dir: &'a Path,
    /// What to put before a file's relative path in the page (e.g. `../`).
    pub href_prefix: String,
}

struct Drawn {
    html: String,
    height: u32,
}

/// The whole conversation as `viewer` sees it, in one page.
pub fn page(c: &Conversation, viewer: &Participant, files: &Files) -> Page {
    let parts = draw_all(c, viewer, files);
    let n = parts.iter().map(|(_, ms)| ms.len()).sum();
    let mut body = String::new();
    let mut height = 120;
    for (header, ms) in &parts {
        body.push_str(header);
        for m in ms {
            body.push_str(&m.html);
            height += m.height;
        }
    }
    Page {
        html: document(&format!("What {} sees", viewer.name), viewer, &body),
        height,
        messages: n,
    }
}

/// The conversation as `viewer` sees it, cut into screens of about `max_height`
/// pixels (at desktop width) for screenshots.
pub fn screens(
    c: &Conversation,
    viewer: &Participant,
    files: &Files,
    max_height: u32,
) -> Vec<Page> {
    let mut out = vec![];
    for (header, ms) in draw_all(c, viewer, files) {
        let mut body = header.clone();
        let mut height = 120;
        let mut count = 0;
        for m in ms {
            if count > 0 && height + m.height > max_height {
                out.push(Page {
                    html: String::new(),
                    height,
                    messages: count,
                });
                let last = out.len() - 1;
                out[last].html = std::mem::take(&mut body);
                body = header.clone();
                height = 120;
                count = 0;
            }
            body.push_str(&m.html);
            height += m.height;
            count += 1;
        }
        if count > 0 {
            out.push(Page {
                html: body,
                height,
                messages: count,
            });
        }
    }
    let total = out.len();
    for (i, p) in out.iter_mut().enumerate() {
        let title = format!("What {} sees ({}/{total})", viewer.name, i + 1);
        p.html = document(&title, viewer, &p.html);
    }
    out
}

/// Each channel `viewer` sees (its header and drawn messages): the server's text
/// channels, then threads, then direct messages.
fn draw_all(c: &Conversation, viewer: &Participant, files: &Files) -> Vec<(String, Vec<Drawn>)> {
    let order = |k: &ChannelKind| match k {
        ChannelKind::Text => 0,
        ChannelKind::Thread { .. } => 1,
        ChannelKind::Dm { .. } => 2,
    };
    let mut channels: Vec<_> = c.channels.iter().collect();
    channels.sort_by_key(|ch| order(&ch.kind));
    let mut out = vec![];
    for ch in channels {
        let ms = c.seen_in(&ch.id, viewer);
        if ms.is_empty() {
            continue;
        }
        let header = match &ch.kind {
            ChannelKind::Text => format!(
                "<div class=chan><span class=hash>#</span>{}</div>",
                esc(&ch.name)
            ),
            ChannelKind::Thread { parent } => format!(
                "<div class=chan><span class=hash>🧵</span>{} <span class=sub>thread in #{}</span></div>",
                esc(&ch.name),
                esc(&c
                    .channel(parent)
                    .map_or("general".into(), |p| p.name.clone()))
            ),
            ChannelKind::Dm { .. } => format!(
                "<div class=chan><span class=hash>@</span>{} <span class=sub>direct messages</span></div>",
                esc(BOT_NAME)
            ),
        };
        let mut drawn = vec![];
        let mut last_ms: Option<u64> = None;
        for m in ms {
            // Discord groups a run of one author's messages under one header (within
            // a few minutes); an interaction's answer always has its own.
            let grouped = m.used.is_none()
                && m.only_for.is_none()
                && last_ms.is_some_and(|t| m.ms.saturating_sub(t) < 7 * 60 * 1000);
            drawn.extend(message(c, m, grouped, files));
            last_ms = if m.only_for.is_none() && m.used.is_none() {
                Some(m.ms)
            } else {
                None
            };
        }
        out.push((header, drawn));
    }
    out
}

fn document(title: &str, viewer: &Participant, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=utf-8>\
         <meta name=viewport content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><style>{STYLE}</style></head><body>\
         <div class=who>{t}<span class=sub> · as {v}</span></div>{body}</body></html>",
        t = esc(title),
        v = esc(if viewer.id.is_some() {
            "a player"
        } else {
            "a member who never interacted"
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::super::model::{Message, Shown};
    use super::*;

    fn a_message(id: &str, content: &str, only_for: Option<&str>) -> Message {
        Message {
            id: id.into(),
            channel: "5".into(),
            content: content.into(),
            embeds: vec![],
            components: vec![],
            attachments: vec![],
            only_for: only_for.map(str::to_string),
            edited: false,
            thinking: false,
            deleted: false,
            used: None,
            thread: None,
            ms: 0,
            earlier: vec![],
        }
    }

    fn conversation(messages: Vec<Message>) -> Conversation {
        let mut c = Conversation::default();
        c.channels.push(super::super::model::Channel {
            id: "5".into(),
            name: "general".into(),
            kind: ChannelKind::Text,
        });
        c.messages = messages;
        c
    }

    /// Discord shows a message's attachments above its embeds; an attachment an embed
    /// names as its image is drawn in the embed only.
    #[test]
    fn attachments_come_before_embeds() {
        let mut m = a_message("1", "Turn 3", None);
        m.embeds = vec![
            serde_json::json!({"title": "This turn", "image": {"url": "attachment://hand.png"}}),
        ];
        m.attachments = ["board.png", "hand.png"]
            .map(|n| super::super::model::Attachment {
                name: n.into(),
                path: format!("files/{n}"),
                description: None,
            })
            .to_vec();
        let c = conversation(vec![m]);
        let dir = std::env::temp_dir();
        let files = Files {
            dir: &dir,
            href_prefix: String::new(),
        };
        let html = page(&c, &Participant::spectator(), &files).html;
        let (board, embed) = (
            html.find("board.png").unwrap(),
            html.find("This turn").unwrap(),
        );
        assert!(board < embed, "the attachment first");
        assert_eq!(
            html.matches("hand.png").count(),
            1,
            "the embed's image once"
        );
    }

    /// A private panel edited in place is drawn screen by screen, so a reader sees the
    /// choice screens a player clicked through; a public post only as it is now.
    #[test]
    fn a_private_panel_is_drawn_screen_by_screen() {
        let shown = |content: &str| Shown {
            content: content.into(),
            embeds: vec![],
            components: vec![],
            attachments: vec![],
        };
        let mut panel = a_message("2", "Confirm: summon", Some("42"));
        panel.earlier = vec![shown("Choose cards"), shown("Choose a zone")];
        panel.edited = true;
        let mut board = a_message("1", "board now", None);
        board.earlier = vec![shown("board before")];
        board.edited = true;
        let c = conversation(vec![board, panel]);
        let dir = std::env::temp_dir();
        let files = Files {
            dir: &dir,
            href_prefix: String::new(),
        };
        let ana = Participant {
            id: Some("42".into()),
            name: "Ana".into(),
        };
        let html = page(&c, &ana, &files).html;
        let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("{s} not drawn"));
        assert!(
            at("Choose cards") < at("Choose a zone") && at("Choose a zone") < at("Confirm: summon")
        );
        assert!(html.contains("screen 1 of 3") && html.contains("screen 3 of 3"));
        assert!(!html.contains("board before"), "a public post as it is now");
        assert_eq!(
            html.matches("(edited)").count(),
            2,
            "only the latest states"
        );
        let eve = page(&c, &Participant::spectator(), &files).html;
        assert!(!eve.contains("Choose cards"), "nobody else sees the panel");
    }
}

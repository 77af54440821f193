//! The conversation drawn like Discord's dark theme: one page per participant, each
//! channel they can see with its messages in their latest state.
//!
//! Sizes follow Discord's desktop client: an attached image is shown scaled to fit
//! 550x350 (never enlarged), an embed's image to fit about 400x300; on a narrow window
//! both shrink to the message column's width.
//!
//! This file holds the entry points (`page`, `screens`, `measuring_page`), the
//! channels' order, the cutting into screens and the page around them; apart by
//! concept: `message` (a message's states and their parts in Discord's order, a select
//! opened), `images` (image sizes, Discord's boxes and alt text), `markdown` (Discord's
//! markdown and HTML escaping), `ui` (the client's own words, in the viewer's client
//! language) and `style` (the dark theme's CSS).

mod images;
mod markdown;
mod message;
mod style;
mod ui;

pub use images::{EMBED_BOX, INLINE_BOX, fit, gif_size, png_size};
pub use markdown::{esc, markdown};
pub use ui::Ui;

use super::model::{BOT_NAME, ChannelKind, Conversation, Participant};
use message::message;
use std::path::Path;
use style::STYLE;

/// One participant's page, or a part of it.
pub struct Page {
    pub html: String,
    /// Its height at its width, for a screenshot's window: as Chromium laid it out
    /// when measured (see [`screens`]), else a generous guess at desktop width.
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

/// One message state drawn: the unit a page is cut into screens at.
struct Drawn {
    html: String,
    /// A guess of its height at desktop width.
    height: u32,
    /// The same state with its first select opened, if it has one a person can open.
    opened: Option<Opened>,
}

struct Opened {
    html: String,
    height: u32,
}

/// What every part of one viewer's page is drawn from: the conversation, where its
/// files are, and the language of the viewer's client (Discord's own words in it).
struct View<'a> {
    c: &'a Conversation,
    files: &'a Files<'a>,
    ui: Ui,
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

/// The heights of a page's parts as Chromium laid them out at one width (see
/// [`measuring_page`]), in pixels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Measured {
    /// The bar naming whose view it is.
    who: u32,
    /// Each channel's header: its height and its bottom margin.
    heads: Vec<(u32, u32)>,
    /// Each message state's.
    units: Vec<Size>,
}

/// A message state's size: its top margin, its height, and its height with its first
/// select opened (if it has one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Size {
    margin: u32,
    closed: u32,
    opened: Option<u32>,
}

impl Measured {
    /// Reads what the measuring page's script wrote: `who H`, `head J H MARGIN`,
    /// `unit K MARGIN H`, `open K H`, a line each.
    pub fn parse(text: &str) -> Result<Measured, String> {
        let mut m = Measured::default();
        let mut opened = vec![];
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let num = |i: usize| -> Result<u32, String> {
                f.get(i)
                    .and_then(|v| v.parse::<f64>().ok())
                    .map(|v| v.max(0.0).ceil() as u32)
                    .ok_or_else(|| format!("a measurement Chromium wrote is unreadable: {line:?}"))
            };
            match f[0] {
                "who" => m.who = num(1)?,
                "head" => m.heads.push((num(2)?, num(3)?)),
                "unit" => m.units.push(Size {
                    margin: num(2)?,
                    closed: num(3)?,
                    opened: None,
                }),
                "open" => opened.push((num(1)? as usize, num(2)?)),
                _ => {
                    return Err(format!(
                        "a measurement Chromium wrote is unreadable: {line:?}"
                    ));
                }
            }
        }
        for (k, h) in opened {
            let u = m
                .units
                .get_mut(k)
                .ok_or_else(|| format!("an opened select of no message state ({k})"))?;
            u.opened = Some(h);
        }
        Ok(m)
    }
}

/// The whole page with its parts marked for measuring (each channel's header
/// `data-head`, each message state `data-unit`, and after them each state that has a
/// select again with it opened, `data-open`), for [`super::shots::measure`]. The
/// bar naming whose view it is holds the longest title a screen of it can have.
pub fn measuring_page(c: &Conversation, viewer: &Participant, files: &Files) -> String {
    let mut body = String::new();
    let mut opened = String::new();
    let mut k = 0;
    for (j, (header, ms)) in draw_all(c, viewer, files).into_iter().enumerate() {
        body.push_str(&mark(&header, &format!("data-head={j}")));
        for m in ms {
            body.push_str(&mark(&m.html, &format!("data-unit={k}")));
            if let Some(o) = &m.opened {
                opened.push_str(&mark(&o.html, &format!("data-open={k}")));
            }
            k += 1;
        }
    }
    body.push_str(&opened);
    document(
        &format!("What {} sees (999/999)", viewer.name),
        viewer,
        &body,
    )
}

/// `html` with `attribute` added to its first element.
fn mark(html: &str, attribute: &str) -> String {
    html.replacen("<div ", &format!("<div {attribute} "), 1)
}

/// The conversation as `viewer` sees it, cut into screens of about `max_height` pixels
/// between message states, never inside one (a state taller than that is a screen of
/// its own). On each screen the first select a person could open is drawn opened, its
/// options listed under it. The heights are `measured` ones at the screens' width
/// (each page's `height` is then exactly its own), else guesses at desktop width.
///
/// # Panics
///
/// When `measured` is not of this page (it names fewer channels or message states).
pub fn screens(
    c: &Conversation,
    viewer: &Participant,
    files: &Files,
    max_height: u32,
    measured: Option<&Measured>,
) -> Vec<Page> {
    let mut out = vec![];
    let mut k = 0;
    for (j, (header, ms)) in draw_all(c, viewer, files).into_iter().enumerate() {
        // The header's height (with the bar above it and the page's bottom padding),
        // the bottom margin it shares with the first message's top one, and each
        // message state's (top margin, height, height opened).
        let (head, head_margin, sizes): (u32, u32, Vec<Size>) = match measured {
            Some(mm) => {
                let (h, margin) = mm.heads[j];
                let sizes = mm.units.get(k..k + ms.len()).unwrap_or_else(|| {
                    panic!("{} message states measured, more drawn", mm.units.len())
                });
                (mm.who + h + BODY_BOTTOM, margin, sizes.to_vec())
            }
            None => (
                120,
                0,
                ms.iter()
                    .map(|m| Size {
                        margin: 0,
                        closed: m.height,
                        opened: m.opened.as_ref().map(|o| o.height),
                    })
                    .collect(),
            ),
        };
        k += ms.len();
        let mut i = 0;
        while i < ms.len() {
            let start = i;
            let mut height = head;
            let mut open = None;
            while i < ms.len() {
                let Size {
                    margin,
                    closed,
                    opened,
                } = sizes[i];
                let gap = if i == start {
                    margin.max(head_margin)
                } else {
                    margin
                };
                let (size, opens) = match (open, opened) {
                    (None, Some(o)) => (o, true),
                    _ => (closed, false),
                };
                if i > start && height + gap + size > max_height {
                    break;
                }
                height += gap + size;
                if opens {
                    open = Some(i);
                }
                i += 1;
            }
            let mut body = header.clone();
            for (n, m) in ms[start..i].iter().enumerate() {
                match (&m.opened, open == Some(start + n)) {
                    (Some(o), true) => body.push_str(&o.html),
                    _ => body.push_str(&m.html),
                }
            }
            out.push(Page {
                html: body,
                height,
                messages: i - start,
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

/// The page's padding under its last message (`body` in the style).
const BODY_BOTTOM: u32 = 24;

/// Each channel `viewer` sees (its header and drawn messages): the server's text
/// channels, then threads, then direct messages, in their client's language.
fn draw_all(c: &Conversation, viewer: &Participant, files: &Files) -> Vec<(String, Vec<Drawn>)> {
    let v = View {
        c,
        files,
        ui: Ui::of(&viewer.locale),
    };
    let order = |k: &ChannelKind| match k {
        ChannelKind::Text => 0,
        ChannelKind::Thread { .. } => 1,
        ChannelKind::GroupDm { .. } => 2,
        ChannelKind::Dm { .. } => 3,
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
            ChannelKind::Thread { parent } => {
                let parent = c.channel(parent).map_or("general", |p| p.name.as_str());
                format!(
                    "<div class=chan><span class=hash>🧵</span>{} <span class=sub>{}</span></div>",
                    esc(&ch.name),
                    v.ui.thread_in(&esc(parent))
                )
            }
            ChannelKind::Dm { .. } => format!(
                "<div class=chan><span class=hash>@</span>{} <span class=sub>{}</span></div>",
                esc(BOT_NAME),
                v.ui.direct_messages()
            ),
            ChannelKind::GroupDm { members } => {
                let names: Vec<String> = members.iter().map(|u| c.name(u)).collect();
                format!(
                    "<div class=chan><span class=hash>👥</span>{} <span class=sub>{}</span></div>",
                    esc(&names.join(", ")),
                    v.ui.group_dm()
                )
            }
        };
        let mut drawn = vec![];
        let mut last_ms: Option<u64> = None;
        for m in ms {
            // Discord groups a run of one author's messages under one header (within
            // a few minutes); an interaction's answer always has its own.
            let grouped = m.used.is_none()
                && m.only_for.is_none()
                && last_ms.is_some_and(|t| m.ms.saturating_sub(t) < 7 * 60 * 1000);
            drawn.extend(message(&v, m, grouped));
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
            locale: "en-US".into(),
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

    /// Discord's own words around the messages are in the viewer's client language;
    /// the bot's words, "APP" and the transcript's captions are not translated.
    #[test]
    fn discords_words_are_in_the_viewers_client_language() {
        let mut answer = a_message("1", "Choose", Some("42"));
        answer.used = Some(("Ana".into(), "/clans play".into()));
        answer.edited = true;
        answer.earlier = vec![Shown {
            content: "Wait".into(),
            embeds: vec![],
            components: vec![],
            attachments: vec![],
        }];
        answer.components = serde_json::json!([{"type": 1, "components": [{"type": 3,
            "custom_id": "pick", "options": [{"label": "Ember Fox", "value": "1"}]}]}])
        .as_array()
        .unwrap()
        .clone();
        answer.thread = Some("6".into());
        let mut thinking = a_message("2", "", None);
        thinking.channel = "7".into();
        thinking.thinking = true;
        let mut in_thread = a_message("3", "board", None);
        in_thread.channel = "6".into();
        let mut c = conversation(vec![answer, thinking, in_thread]);
        c.channels.push(super::super::model::Channel {
            id: "6".into(),
            name: "Ana vs Max".into(),
            kind: ChannelKind::Thread { parent: "5".into() },
        });
        c.channels.push(super::super::model::Channel {
            id: "7".into(),
            name: BOT_NAME.into(),
            kind: ChannelKind::Dm { user: "42".into() },
        });
        let dir = std::env::temp_dir();
        let files = Files {
            dir: &dir,
            href_prefix: String::new(),
        };
        let ana = |locale: &str| Participant {
            id: Some("42".into()),
            name: "Ana".into(),
            locale: locale.into(),
        };
        let en = page(&c, &ana("en-US"), &files).html;
        let de = page(&c, &ana("de"), &files).html;
        let words = [
            ("Today at 20:00", "Heute um 20:00"),
            ("(edited)", "(bearbeitet)"),
            ("Only you can see this", "Nur du kannst das sehen"),
            ("Dismiss message", "Nachricht verwerfen"),
            ("Make a selection", "Triff eine Auswahl"),
            (
                "used <span class=cmd>/clans play</span>",
                "hat <span class=cmd>/clans play</span> verwendet",
            ),
            ("Crystal Clans is thinking…", "Crystal Clans denkt nach …"),
            ("<b>Ana vs Max</b> · thread", "<b>Ana vs Max</b> · Thread"),
            ("thread in #general", "Thread in #general"),
            ("direct messages", "Direktnachrichten"),
        ];
        for (english, german) in words {
            assert!(en.contains(english) && !en.contains(german), "{english}");
            assert!(de.contains(german) && !de.contains(english), "{german}");
        }
        for same in ["APP", "What Ana sees", "screen 1 of 2", "Choose"] {
            assert!(en.contains(same) && de.contains(same), "{same}");
        }
    }

    fn a_select(id: &str) -> serde_json::Value {
        serde_json::json!([{"type": 1, "components": [{"type": 3, "custom_id": id,
            "placeholder": "Choose a card",
            "options": [{"label": "Ember Fox", "value": "1", "description": "Fast, fragile"},
                        {"label": "Stone Bear", "value": "2"}]}]}])
    }

    /// Screens end where a message state ends, the height a measurement gives; the
    /// first select a person could open on each screen is drawn opened (its options'
    /// labels and descriptions listed), the others closed.
    #[test]
    fn screens_end_between_messages_and_open_their_first_select() {
        let mut ms = vec![];
        for i in 0..6 {
            let mut m = a_message(&i.to_string(), &format!("message {i}"), None);
            m.ms = i * 60 * 60 * 1000;
            if i != 0 {
                m.components = a_select(&format!("pick{i}")).as_array().unwrap().clone();
            }
            ms.push(m);
        }
        let c = conversation(ms);
        let dir = std::env::temp_dir();
        let files = Files {
            dir: &dir,
            href_prefix: String::new(),
        };
        let viewer = Participant::spectator();
        let measuring = measuring_page(&c, &viewer, &files);
        assert_eq!(measuring.matches("data-unit=").count(), 6);
        assert_eq!(measuring.matches("data-open=").count(), 5);
        // Each state 100 pixels (200 opened) under a 17-pixel margin, a 40-pixel bar
        // and a 50-pixel header: screens of at most 600.
        let mut text = String::from("who 40\nhead 0 50 8\n");
        for k in 0..6 {
            text.push_str(&format!("unit {k} 17 100\n"));
            if k != 0 {
                text.push_str(&format!("open {k} 200\n"));
            }
        }
        let measured = Measured::parse(&text).unwrap();
        let screens = screens(&c, &viewer, &files, 600, Some(&measured));
        let counts: Vec<usize> = screens.iter().map(|p| p.messages).collect();
        // 114 + (117 + 217 + 117 + 117) = 682 > 600: three messages, then three.
        assert_eq!(counts, [3, 3]);
        let heights: Vec<u32> = screens.iter().map(|p| p.height).collect();
        assert_eq!(heights, [114 + 117 + 217 + 117, 114 + 217 + 117 + 117]);
        for p in &screens {
            assert_eq!(p.html.matches("class=menu").count(), 1, "one list opened");
            assert!(p.html.contains("Fast, fragile") && p.html.contains("Stone Bear"));
            assert!(p.html.contains("id=\"m0\"") || p.html.contains("id=\"m3\""));
        }
        // The whole page opens none.
        assert!(!page(&c, &viewer, &files).html.contains("class=menu"));
    }
}

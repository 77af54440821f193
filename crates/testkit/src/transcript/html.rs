//! The conversation drawn like Discord's dark theme: one page per participant, each
//! channel they can see with its messages in their latest state.
//!
//! Sizes follow Discord's desktop client: an attached image is shown scaled to fit
//! 550x350 (never enlarged), an embed's image to fit about 400x300; on a narrow window
//! both shrink to the message column's width.

use super::model::{BOT_NAME, ChannelKind, Conversation, Message, Participant, Shown};
use serde_json::Value;
use std::fmt::Write;
use std::path::Path;

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

const STYLE: &str = r#"
body{margin:0;background:#313338;color:#dbdee1;font:16px/1.375 "Noto Sans","gg sans","Helvetica Neue",Arial,sans-serif;padding-bottom:24px}
.who{background:#1e1f22;color:#f2f3f5;font-weight:600;padding:10px 16px}
.chan{color:#f2f3f5;font-weight:600;padding:12px 16px;border-bottom:1px solid #26272b;margin-bottom:8px;box-shadow:0 1px 0 rgba(0,0,0,.2)}
.hash{color:#80848e;margin-right:6px}
.sub{color:#949ba4;font-weight:400;font-size:14px}
.msg{position:relative;padding:2px 48px 2px 72px;margin-top:17px;min-height:44px}
.msg.grouped{margin-top:0;min-height:0}
.msg.eph{background:rgba(88,101,242,.05)}
.avatar{position:absolute;left:16px;top:2px;width:40px;height:40px;border-radius:50%;background:#5865f2;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.used{color:#b5bac1;font-size:14px;margin-left:-56px;padding-left:56px;margin-bottom:2px;position:relative}
.used::before{content:"";position:absolute;left:36px;top:9px;width:16px;height:10px;border-left:2px solid #4e5058;border-top:2px solid #4e5058;border-top-left-radius:6px}
.used b{color:#f2f3f5;font-weight:500}
.used .cmd{color:#00a8fc}
.name{color:#f2f3f5;font-weight:500}
.app{background:#5865f2;color:#fff;font-size:10px;font-weight:600;border-radius:3px;padding:1px 4px;margin-left:4px;vertical-align:2px}
.time{color:#949ba4;font-size:12px;margin-left:6px}
.edited{color:#949ba4;font-size:10px;margin-left:3px}
.content{white-space:normal;overflow-wrap:anywhere}
.content .line{min-height:1.375em}
.h1{font-size:24px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.h2{font-size:20px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.h3{font-size:16px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.subtext{font-size:13px;color:#949ba4}
.quote{border-left:4px solid #4e5058;padding-left:12px}
.ts{background:rgba(78,80,88,.48);border-radius:3px;padding:0 2px}
.mention{background:rgba(88,101,242,.3);color:#c9cdfb;border-radius:3px;padding:0 2px;font-weight:500}
code{background:#2b2d31;border-radius:4px;padding:0 3px;font-size:85%}
.thinking{color:#949ba4;font-style:italic}
.embed{display:flex;max-width:520px;background:#2b2d31;border-radius:4px;margin-top:4px;border-left:4px solid #1e1f22}
.embed .inner{padding:8px 16px 16px 12px;min-width:0}
.embed .title{color:#f2f3f5;font-weight:600;margin-top:8px}
.embed .desc{font-size:14px;margin-top:8px}
.embed .fields{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:8px}
.embed .field{grid-column:1/4;font-size:14px}
.embed .field.inline{grid-column:auto}
.embed .fname{font-weight:600;color:#f2f3f5;margin-bottom:2px}
.embed .footer{font-size:12px;color:#949ba4;margin-top:8px}
img.att{display:block;border-radius:8px;margin-top:8px;max-width:100%;height:auto}
.spoiler{position:relative;display:inline-block;overflow:hidden;border-radius:8px;margin-top:8px}.spoiler img.att{filter:blur(44px);margin-top:0}.spoiler span{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);padding:8px 12px;border-radius:20px;background:#000c;color:#fff;font-weight:600;font-size:15px;letter-spacing:.04em}
.embed img.att{margin-top:16px;border-radius:4px}
.rows{margin-top:4px}
.row{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0}
.btn{display:inline-flex;align-items:center;height:32px;padding:0 16px;border-radius:8px;font-size:14px;font-weight:500;color:#fff;background:#4e5058;white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.btn.s1{background:#5865f2}.btn.s3{background:#00863a}.btn.s4{background:#d22d39}.btn.s5{background:#4e5058}
.btn.off{opacity:.5;cursor:not-allowed}
.select{display:flex;justify-content:space-between;align-items:center;width:100%;max-width:400px;height:40px;padding:0 12px;box-sizing:border-box;background:#1e1f22;border:1px solid #1e1f22;border-radius:4px;color:#949ba4;font-size:15px}
.select .chev{color:#b5bac1}
.select.off{opacity:.5}
.eph-note{font-size:12px;color:#949ba4;margin-top:4px}
.step{font-size:11px;color:#b5bac1;background:#3f4147;border-radius:3px;display:inline-block;padding:0 6px;margin:2px 0}
.eph-note a{color:#00a8fc}
.threadbox{margin-top:6px;max-width:480px;background:#2b2d31;border-radius:4px;padding:8px 12px;font-size:14px}
.threadbox b{color:#f2f3f5}
@media (max-width:600px){
 body{font-size:15px}
 .msg{padding:2px 12px 2px 60px}
 .avatar{left:10px;width:40px;height:40px}
 .used{margin-left:-48px;padding-left:48px}
 .used::before{left:28px}
 .embed{max-width:100%}
 .embed .fields{grid-template-columns:1fr}
 .embed .field.inline{grid-column:1/2}
}
"#;

/// Whether the message is a player's own (an ephemeral answer, or in a DM): its every
/// state is drawn, so the choice screens of a panel edited in place can be read.
fn private(c: &Conversation, m: &Message) -> bool {
    m.only_for.is_some()
        || matches!(
            c.channel(&m.channel).map(|ch| &ch.kind),
            Some(ChannelKind::Dm { .. })
        )
}

/// A message as drawn: each earlier state of a private one (marked as replaced by the
/// next), then its latest.
fn message(c: &Conversation, m: &Message, grouped: bool, files: &Files) -> Vec<Drawn> {
    let mut out = vec![];
    if private(c, m) {
        let n = m.earlier.len() + 1;
        for (k, shown) in m.earlier.iter().enumerate() {
            let note = format!(
                "screen {} of {n}: the next click replaced it in place",
                k + 1
            );
            out.push(state(
                c,
                m,
                shown,
                Some(&note),
                false,
                grouped || k > 0,
                files,
            ));
        }
    }
    let latest = Shown {
        content: m.content.clone(),
        embeds: m.embeds.clone(),
        components: m.components.clone(),
        attachments: m.attachments.clone(),
    };
    let note = (private(c, m) && !m.earlier.is_empty())
        .then(|| format!("screen {n} of {n}", n = m.earlier.len() + 1));
    let grouped = grouped || !out.is_empty();
    out.push(state(c, m, &latest, note.as_deref(), true, grouped, files));
    out
}

/// One state of a message, in Discord's order: its content, its attachments, its
/// embeds, its components. `step`: a note naming which of its screens this is;
/// `latest`: its current state (the one Discord marks "(edited)").
fn state(
    c: &Conversation,
    m: &Message,
    shown: &Shown,
    step: Option<&str>,
    latest: bool,
    grouped: bool,
    files: &Files,
) -> Drawn {
    let mut h = String::new();
    let mut height: u32 = if grouped { 4 } else { 17 + 24 };
    let class = match (grouped, m.only_for.is_some()) {
        (true, _) => "msg grouped",
        (false, true) => "msg eph",
        (false, false) => "msg",
    };
    let _ = write!(h, "<div class=\"{class}\" id=\"m{}\">", esc(&m.id));
    if let Some(note) = step {
        let _ = write!(h, "<div class=step>{}</div>", esc(note));
        height += 18;
    }
    if let Some((who, cmd)) = m.used.as_ref().filter(|_| !grouped) {
        let _ = write!(
            h,
            "<div class=used><b>{}</b> used <span class=cmd>{}</span></div>",
            esc(who),
            esc(cmd)
        );
        height += 22;
    }
    if !grouped {
        let _ = write!(
            h,
            "<div class=avatar>C</div><div><span class=name>{}</span><span class=app>APP</span>\
             <span class=time>{}</span></div>",
            esc(BOT_NAME),
            time(m.ms)
        );
    }
    let edited = if m.edited && latest {
        "<span class=edited>(edited)</span>"
    } else {
        ""
    };
    if m.thinking && latest {
        let _ = write!(
            h,
            "<div class=thinking>{} is thinking…</div>",
            esc(BOT_NAME)
        );
        height += 22;
    } else if !shown.content.is_empty() {
        let (html, lines) = markdown(c, &shown.content, m.ms);
        let _ = write!(h, "<div class=content>{html}{edited}</div>");
        height += lines * 24;
    }
    // An attachment an embed shows as its image is drawn in the embed, not again above.
    let in_embeds: Vec<String> = shown
        .embeds
        .iter()
        .filter_map(|e| e["image"]["url"].as_str())
        .filter_map(|u| u.strip_prefix("attachment://"))
        .map(str::to_string)
        .collect();
    for a in &shown.attachments {
        if in_embeds.contains(&a.name) {
            continue;
        }
        let (html, ih) = image(a, files, INLINE_BOX);
        // Discord blurs an attachment named SPOILER_* behind a "SPOILER" label until
        // it is clicked.
        if a.name.starts_with("SPOILER_") {
            let _ = write!(h, "<div class=spoiler>{html}<span>SPOILER</span></div>");
        } else {
            h.push_str(&html);
        }
        height += ih;
    }
    for e in &shown.embeds {
        let (html, eh) = embed(c, e, shown, m.ms, files);
        h.push_str(&html);
        height += eh;
    }
    if shown.content.is_empty() && !edited.is_empty() {
        h.push_str("<div class=content>");
        h.push_str(edited);
        h.push_str("</div>");
    }
    if !shown.components.is_empty() {
        h.push_str("<div class=rows>");
        for row in &shown.components {
            h.push_str("<div class=row>");
            let items = row["components"].as_array().cloned().unwrap_or_default();
            for comp in &items {
                h.push_str(&component(comp));
            }
            h.push_str("</div>");
            // Buttons that wrap take another line at a narrow width.
            height += 44 * (1 + items.len() as u32 / 5);
        }
        h.push_str("</div>");
    }
    if let Some(t) = m.thread.as_ref().and_then(|t| c.channel(t)) {
        let _ = write!(
            h,
            "<div class=threadbox>🧵 <b>{}</b> · thread</div>",
            esc(&t.name)
        );
        height += 44;
    }
    if m.only_for.is_some() {
        h.push_str("<div class=eph-note>👁 Only you can see this · <a>Dismiss message</a></div>");
        height += 22;
    }
    h.push_str("</div>");
    Drawn { html: h, height }
}

fn embed(c: &Conversation, e: &Value, shown: &Shown, ms: u64, files: &Files) -> (String, u32) {
    let mut h = String::new();
    let mut height = 28;
    let colour = e["color"]
        .as_u64()
        .map_or("#1e1f22".to_string(), |c| format!("#{c:06x}"));
    let _ = write!(
        h,
        "<div class=embed style=\"border-left-color:{colour}\"><div class=inner>"
    );
    if let Some(a) = e["author"]["name"].as_str() {
        let _ = write!(h, "<div class=fname>{}</div>", esc(a));
        height += 24;
    }
    if let Some(t) = e["title"].as_str() {
        let (html, lines) = markdown(c, t, ms);
        let _ = write!(h, "<div class=title>{html}</div>");
        height += 8 + lines * 22;
    }
    if let Some(d) = e["description"].as_str() {
        let (html, lines) = markdown(c, d, ms);
        let _ = write!(h, "<div class=desc>{html}</div>");
        height += 8 + lines * 20;
    }
    if let Some(fields) = e["fields"].as_array().filter(|f| !f.is_empty()) {
        h.push_str("<div class=fields>");
        for f in fields {
            let inline = if f["inline"].as_bool() == Some(true) {
                " inline"
            } else {
                ""
            };
            let (name, _) = markdown(c, f["name"].as_str().unwrap_or_default(), ms);
            let (value, lines) = markdown(c, f["value"].as_str().unwrap_or_default(), ms);
            let _ = write!(
                h,
                "<div class=\"field{inline}\"><div class=fname>{name}</div><div>{value}</div></div>"
            );
            height += 28 + lines * 20;
        }
        h.push_str("</div>");
    }
    if let Some(name) = e["image"]["url"]
        .as_str()
        .and_then(|u| u.strip_prefix("attachment://"))
        && let Some(a) = shown.attachments.iter().find(|a| a.name == name)
    {
        let (html, ih) = image(a, files, EMBED_BOX);
        h.push_str(&html);
        height += ih + 8;
    }
    if let Some(f) = e["footer"]["text"].as_str() {
        let _ = write!(h, "<div class=footer>{}</div>", esc(f));
        height += 24;
    }
    h.push_str("</div></div>");
    (h, height)
}

/// An image drawn at the size Discord would show it within `bx`, with its natural size
/// in data attributes (a test checks the fit).
fn image(a: &super::FileRef, files: &Files, bx: (u32, u32)) -> (String, u32) {
    let size = std::fs::read(files.dir.join(&a.path))
        .ok()
        .and_then(|b| png_size(&b).or_else(|| gif_size(&b)));
    let src = format!("{}{}", files.href_prefix, a.path);
    match size {
        Some(s) => {
            let (w, h) = fit(s, bx);
            (
                format!(
                    "<img class=att src=\"{}\" alt=\"{}\" width={w} height={h} \
                     data-natural=\"{}x{}\" data-box=\"{}x{}\">",
                    esc(&src),
                    esc(&a.name),
                    s.0,
                    s.1,
                    bx.0,
                    bx.1
                ),
                h + 8,
            )
        }
        None => (
            format!("<div class=threadbox>📎 {}</div>", esc(&a.name)),
            44,
        ),
    }
}

fn component(comp: &Value) -> String {
    let off = comp["disabled"].as_bool() == Some(true);
    match comp["type"].as_u64() {
        Some(2) => {
            let style = comp["style"].as_u64().unwrap_or(2);
            let emoji = comp["emoji"]["name"]
                .as_str()
                .map(|e| format!("{e} "))
                .unwrap_or_default();
            let link = if style == 5 { " ↗" } else { "" };
            format!(
                "<span class=\"btn s{style}{}\">{}{}{link}</span>",
                if off { " off" } else { "" },
                esc(&emoji),
                esc(comp["label"].as_str().unwrap_or_default())
            )
        }
        Some(3 | 5 | 6 | 7 | 8) => {
            let chosen: Vec<&str> = comp["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|o| o["default"].as_bool() == Some(true))
                .filter_map(|o| o["label"].as_str())
                .collect();
            let text = if chosen.is_empty() {
                comp["placeholder"]
                    .as_str()
                    .unwrap_or("Make a selection")
                    .to_string()
            } else {
                chosen.join(", ")
            };
            format!(
                "<div class=\"select{}\"><span>{}</span><span class=chev>⌄</span></div>",
                if off { " off" } else { "" },
                esc(&text)
            )
        }
        _ => String::new(),
    }
}

/// "Today at 20:00", counting from a fixed evening (a recording has no wall clock).
fn time(ms: u64) -> String {
    let minutes = 20 * 60 + ms / 60_000;
    format!("Today at {:02}:{:02}", (minutes / 60) % 24, minutes % 60)
}

pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Discord's markdown basics: headings, `-#` subtext, quotes, bold, italics, strike,
/// code, and mentions shown as `@name`. Returns the HTML and its line count (for a
/// height guess at about 80 characters a line).
pub fn markdown(c: &Conversation, text: &str, shown_ms: u64) -> (String, u32) {
    let mut out = String::new();
    let mut lines = 0;
    for line in text.split('\n') {
        let (class, rest) = if let Some(r) = line.strip_prefix("### ") {
            ("h3", r)
        } else if let Some(r) = line.strip_prefix("## ") {
            ("h2", r)
        } else if let Some(r) = line.strip_prefix("# ") {
            ("h1", r)
        } else if let Some(r) = line.strip_prefix("-# ") {
            ("subtext", r)
        } else if let Some(r) = line.strip_prefix("> ") {
            ("quote", r)
        } else {
            ("line", line)
        };
        let bullet = rest
            .strip_prefix("- ")
            .or_else(|| rest.strip_prefix("* "))
            .map(|r| format!("• {}", inline(c, r, shown_ms)));
        let _ = write!(
            out,
            "<div class={class}>{}</div>",
            bullet.unwrap_or_else(|| inline(c, rest, shown_ms))
        );
        lines += 1 + rest.chars().count() as u32 / 80;
        if class.starts_with('h') {
            lines += 1;
        }
    }
    (out, lines)
}

/// Inline markdown of one line: mentions first (on the raw text), then escaping, then
/// paired markers.
fn inline(c: &Conversation, s: &str, shown_ms: u64) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&esc(&rest[..i]));
        let tail = &rest[i..];
        let Some(end) = tail.find('>') else {
            out.push_str(&esc(tail));
            rest = "";
            break;
        };
        let inner = &tail[1..end];
        let user = inner.strip_prefix("@!").or_else(|| inner.strip_prefix('@'));
        if let Some(id) = user.filter(|id| id.chars().all(|c| c.is_ascii_digit())) {
            let _ = write!(out, "<span class=mention>@{}</span>", esc(&c.name(id)));
        } else if let Some(id) = inner.strip_prefix('#') {
            let name = c.channel(id).map_or("unknown".into(), |ch| ch.name.clone());
            let _ = write!(out, "<span class=mention>#{}</span>", esc(&name));
        } else if let Some(t) = inner.strip_prefix("t:") {
            let now = c.began_unix_ms.map(|b| (b + shown_ms) as i64 / 1000);
            let _ = write!(out, "<span class=ts>{}</span>", esc(&timestamp(t, now)));
        } else if inner.starts_with(':') || inner.starts_with("a:") {
            let name = inner.split(':').nth(1).unwrap_or_default();
            let _ = write!(out, ":{}:", esc(name));
        } else {
            out.push_str(&esc(&tail[..=end]));
        }
        rest = &tail[end + 1..];
    }
    out.push_str(&esc(rest));
    let out = pairs(&out, "**", "<b>", "</b>");
    let out = pairs(&out, "__", "<u>", "</u>");
    let out = pairs(&out, "~~", "<s>", "</s>");
    let out = pairs(&out, "`", "<code>", "</code>");
    pairs(&out, "*", "<i>", "</i>")
}

/// `<t:UNIX:STYLE>` as a reader would see it: relative styles against when the message
/// was shown (if the recording says when it began), others as a UTC time.
fn timestamp(t: &str, now: Option<i64>) -> String {
    let mut it = t.split(':');
    let secs: i64 = it.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let style = it.next().unwrap_or("f");
    let rem = secs.rem_euclid(86_400);
    let clock = format!("{:02}:{:02} UTC", rem / 3600, (rem % 3600) / 60);
    match (style, now) {
        ("R", Some(now)) => {
            let d = secs - now;
            let (n, unit) = match d.abs() {
                s if s < 60 => (s, "second"),
                s if s < 3600 => (s / 60, "minute"),
                s if s < 86_400 => (s / 3600, "hour"),
                s => (s / 86_400, "day"),
            };
            let plural = if n == 1 { "" } else { "s" };
            if d >= 0 {
                format!("in {n} {unit}{plural}")
            } else {
                format!("{n} {unit}{plural} ago")
            }
        }
        _ => clock,
    }
}

/// Replaces paired `marker`s with tags; an unpaired last marker stays as it is.
fn pairs(s: &str, marker: &str, open: &str, close: &str) -> String {
    let parts: Vec<&str> = s.split(marker).collect();
    if parts.len() < 3 {
        return s.to_string();
    }
    let mut out = String::new();
    let paired = if parts.len() % 2 == 1 {
        parts.len()
    } else {
        parts.len() - 1
    };
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            if i < paired {
                out.push_str(if i % 2 == 1 { open } else { close });
            } else {
                out.push_str(marker);
            }
        }
        out.push_str(p);
    }
    out
}

#[cfg(test)]
mod tests {
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
            .map(|n| super::super::FileRef {
                name: n.into(),
                path: format!("files/{n}"),
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

    #[test]
    fn images_fit_discords_box_without_growing() {
        assert_eq!(fit((1600, 1000), INLINE_BOX), (550, 344));
        assert_eq!(fit((1000, 1600), INLINE_BOX), (219, 350));
        assert_eq!(fit((300, 200), INLINE_BOX), (300, 200));
    }

    #[test]
    fn markdown_bold_and_mentions() {
        let mut c = Conversation::default();
        c.names.insert("42".into(), "Ana".into());
        let (h, _) = markdown(&c, "**Your turn**, <@42> <b>", 0);
        assert_eq!(
            h,
            "<div class=line><b>Your turn</b>, <span class=mention>@Ana</span> &lt;b&gt;</div>"
        );
    }
}

//! One message drawn: each state of a private panel screen by screen, then its
//! latest, and within a state its content, attachments, embeds and components in
//! Discord's order. Apart from the page because this is where Discord's message
//! anatomy lives (and most of the height guess), while the page only orders channels
//! and cuts screens.

use super::super::model::{BOT_NAME, ChannelKind, Conversation, Message, Shown};
use super::images::{EMBED_BOX, INLINE_BOX, image};
use super::markdown::{esc, markdown};
use super::{Drawn, Files};
use serde_json::Value;
use std::fmt::Write;

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
pub(super) fn message(c: &Conversation, m: &Message, grouped: bool, files: &Files) -> Vec<Drawn> {
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
        h.push_str(&html);
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

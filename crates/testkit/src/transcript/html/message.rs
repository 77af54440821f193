//! One message drawn: each state of a private panel screen by screen, then its
//! latest, and within a state its content, attachments, embeds and components in
//! Discord's order. Apart from the page because this is where Discord's message
//! anatomy lives (and most of the height guess), while the page only orders channels
//! and cuts screens.

use super::super::model::{BOT_NAME, ChannelKind, Conversation, Message, Shown};
use super::images::{EMBED_BOX, INLINE_BOX, image};
use super::markdown::{esc, markdown};
use super::ui::Ui;
use super::{Drawn, Opened, View};
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
pub(super) fn message(v: &View, m: &Message, grouped: bool) -> Vec<Drawn> {
    let mut out = vec![];
    if private(v.c, m) {
        let n = m.earlier.len() + 1;
        for (k, shown) in m.earlier.iter().enumerate() {
            let note = format!(
                "screen {} of {n}: the next click replaced it in place",
                k + 1
            );
            out.push(state(v, m, shown, Some(&note), false, grouped || k > 0));
        }
    }
    let latest = Shown {
        content: m.content.clone(),
        embeds: m.embeds.clone(),
        components: m.components.clone(),
        attachments: m.attachments.clone(),
    };
    let note = (private(v.c, m) && !m.earlier.is_empty())
        .then(|| format!("screen {n} of {n}", n = m.earlier.len() + 1));
    let grouped = grouped || !out.is_empty();
    out.push(state(v, m, &latest, note.as_deref(), true, grouped));
    out
}

/// One state of a message, in Discord's order: its content, its attachments, its
/// embeds, its components. `step`: a note naming which of its screens this is;
/// `latest`: its current state (the one Discord marks "(edited)").
fn state(
    v: &View,
    m: &Message,
    shown: &Shown,
    step: Option<&str>,
    latest: bool,
    grouped: bool,
) -> Drawn {
    let (c, ui) = (v.c, v.ui);
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
        let who = format!("<b>{}</b>", esc(who));
        let cmd = format!("<span class=cmd>{}</span>", esc(cmd));
        let _ = write!(h, "<div class=used>{}</div>", ui.used(&who, &cmd));
        height += 22;
    }
    if !grouped {
        let _ = write!(
            h,
            "<div class=avatar>C</div><div><span class=name>{}</span><span class=app>APP</span>\
             <span class=time>{}</span></div>",
            esc(BOT_NAME),
            time(m.ms, ui)
        );
    }
    let edited = if m.edited && latest {
        format!("<span class=edited>{}</span>", ui.edited())
    } else {
        String::new()
    };
    if m.thinking && latest {
        let thinking = ui.thinking(&esc(BOT_NAME));
        let _ = write!(h, "<div class=thinking>{thinking}</div>");
        height += 22;
    } else if !shown.content.is_empty() {
        let (html, lines) = markdown(c, &shown.content, m.ms, ui);
        // Discord writes "(edited)" at the end of the last line, not under it.
        let html = match html.strip_suffix("</div>") {
            Some(open) => format!("{open}{edited}</div>"),
            None => format!("{html}{edited}"),
        };
        let _ = write!(h, "<div class=content>{html}</div>");
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
        let (html, ih) = image(a, v.files, INLINE_BOX);
        h.push_str(&html);
        height += ih;
    }
    for e in &shown.embeds {
        let (html, eh) = embed(v, e, shown, m.ms);
        h.push_str(&html);
        height += eh;
    }
    if shown.content.is_empty() && !edited.is_empty() {
        h.push_str("<div class=content>");
        h.push_str(&edited);
        h.push_str("</div>");
    }
    // What follows the components, the same whether a select is opened or not.
    let mut tail = String::new();
    let mut tail_height = 0;
    if let Some(t) = m.thread.as_ref().and_then(|t| c.channel(t)) {
        let _ = write!(
            tail,
            "<div class=threadbox>🧵 <b>{}</b> · {}</div>",
            esc(&t.name),
            ui.thread()
        );
        tail_height += 44;
    }
    if m.only_for.is_some() {
        let _ = write!(
            tail,
            "<div class=eph-note>👁 {} · <a>{}</a></div>",
            ui.only_you(),
            ui.dismiss()
        );
        tail_height += 22;
    }
    tail.push_str("</div>");
    let (closed, closed_height) = rows(&shown.components, false, ui);
    let opened = opens_a_select(&shown.components).then(|| {
        let (open, open_height) = rows(&shown.components, true, ui);
        Opened {
            html: format!("{h}{open}{tail}"),
            height: height + open_height + tail_height,
        }
    });
    Drawn {
        html: format!("{h}{closed}{tail}"),
        height: height + closed_height + tail_height,
        opened,
    }
}

/// Whether a person could open a select in these rows: a string select (the one kind
/// with options the bot lists) not disabled.
fn opens_a_select(rows: &[Value]) -> bool {
    rows.iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .any(openable)
}

fn openable(comp: &Value) -> bool {
    comp["type"].as_u64() == Some(3)
        && comp["disabled"].as_bool() != Some(true)
        && comp["options"].as_array().is_some_and(|o| !o.is_empty())
}

/// A message's action rows, and a guess of their height; `open`: its first select is
/// drawn opened, its options listed under it as Discord shows them once clicked.
fn rows(rows: &[Value], open: bool, ui: Ui) -> (String, u32) {
    if rows.is_empty() {
        return (String::new(), 0);
    }
    let mut h = String::from("<div class=rows>");
    let mut height = 0;
    let mut to_open = open;
    for row in rows {
        h.push_str("<div class=row>");
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let mut menu = None;
        for comp in &items {
            let opening = to_open && openable(comp);
            h.push_str(&component(comp, opening, ui));
            if opening {
                to_open = false;
                menu = Some(options(comp));
            }
        }
        h.push_str("</div>");
        // Buttons that wrap take another line at a narrow width.
        height += 44 * (1 + items.len() as u32 / 5);
        if let Some((html, menu_height)) = menu {
            h.push_str(&html);
            height += menu_height;
        }
    }
    h.push_str("</div>");
    (h, height)
}

/// A select's options as its opened list shows them: each its emoji, label and
/// description, the chosen ones ticked.
fn options(comp: &Value) -> (String, u32) {
    let mut h = String::from("<div class=menu>");
    let mut height = 12;
    for o in comp["options"].as_array().into_iter().flatten() {
        let emoji = o["emoji"]["name"]
            .as_str()
            .map(|e| format!("<span class=oemoji>{}</span>", esc(e)))
            .unwrap_or_default();
        let chosen = o["default"].as_bool() == Some(true);
        let _ = write!(
            h,
            "<div class=\"opt{}\">{emoji}<div class=otext><div class=olabel>{}</div>",
            if chosen { " chosen" } else { "" },
            esc(o["label"].as_str().unwrap_or_default())
        );
        height += 40;
        if let Some(d) = o["description"].as_str().filter(|d| !d.is_empty()) {
            let _ = write!(h, "<div class=odesc>{}</div>", esc(d));
            height += 18;
        }
        h.push_str("</div>");
        if chosen {
            h.push_str("<span class=tick>✓</span>");
        }
        h.push_str("</div>");
    }
    h.push_str("</div>");
    (h, height)
}

fn embed(v: &View, e: &Value, shown: &Shown, ms: u64) -> (String, u32) {
    let (c, ui) = (v.c, v.ui);
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
        let (html, lines) = markdown(c, t, ms, ui);
        let _ = write!(h, "<div class=title>{html}</div>");
        height += 8 + lines * 22;
    }
    if let Some(d) = e["description"].as_str() {
        let (html, lines) = markdown(c, d, ms, ui);
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
            let (name, _) = markdown(c, f["name"].as_str().unwrap_or_default(), ms, ui);
            let (value, lines) = markdown(c, f["value"].as_str().unwrap_or_default(), ms, ui);
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
        let (html, ih) = image(a, v.files, EMBED_BOX);
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

fn component(comp: &Value, open: bool, ui: Ui) -> String {
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
                    .unwrap_or(ui.make_a_selection())
                    .to_string()
            } else {
                chosen.join(", ")
            };
            format!(
                "<div class=\"select{}{}\"><span>{}</span><span class=chev>{}</span></div>",
                if off { " off" } else { "" },
                if open { " open" } else { "" },
                esc(&text),
                if open { "⌃" } else { "⌄" }
            )
        }
        _ => String::new(),
    }
}

/// "Today at 20:00", counting from a fixed evening (a recording has no wall clock).
fn time(ms: u64, ui: Ui) -> String {
    let minutes = 20 * 60 + ms / 60_000;
    ui.today_at(&format!("{:02}:{:02}", (minutes / 60) % 24, minutes % 60))
}

//! Text as Discord formats it: its markdown basics (headings, subtext, quotes, paired
//! markers, mentions, `<t:...>` timestamps) and HTML escaping. Apart because it is a
//! small text-to-HTML translation with its own rules, used by every part of a message
//! (content, embed titles, descriptions and fields) and by the page.

use super::super::model::Conversation;
use super::ui::Ui;
use std::fmt::Write;

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
/// code, and mentions shown as `@name`; a relative timestamp in `ui`'s words. Returns
/// the HTML and its line count (for a height guess at about 80 characters a line).
pub fn markdown(c: &Conversation, text: &str, shown_ms: u64, ui: Ui) -> (String, u32) {
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
            .map(|r| format!("• {}", inline(c, r, shown_ms, ui)));
        let _ = write!(
            out,
            "<div class={class}>{}</div>",
            bullet.unwrap_or_else(|| inline(c, rest, shown_ms, ui))
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
fn inline(c: &Conversation, s: &str, shown_ms: u64, ui: Ui) -> String {
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
            let _ = write!(out, "<span class=ts>{}</span>", esc(&timestamp(t, now, ui)));
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
fn timestamp(t: &str, now: Option<i64>, ui: Ui) -> String {
    let mut it = t.split(':');
    let secs: i64 = it.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let style = it.next().unwrap_or("f");
    let rem = secs.rem_euclid(86_400);
    let clock = format!("{:02}:{:02} UTC", rem / 3600, (rem % 3600) / 60);
    match (style, now) {
        ("R", Some(now)) => ui.relative(secs - now),
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

    #[test]
    fn markdown_bold_and_mentions() {
        let mut c = Conversation::default();
        c.names.insert("42".into(), "Ana".into());
        let (h, _) = markdown(&c, "**Your turn**, <@42> <b>", 0, Ui::En);
        assert_eq!(
            h,
            "<div class=line><b>Your turn</b>, <span class=mention>@Ana</span> &lt;b&gt;</div>"
        );
    }

    /// A relative timestamp reads in the viewer's client language, counted from when
    /// its message was shown.
    #[test]
    fn relative_timestamps_in_the_viewers_language() {
        let c = Conversation {
            began_unix_ms: Some(1_000_000_000),
            ..Conversation::default()
        };
        let text = "ends <t:1010800:R>, began <t:999700:R>";
        let (en, _) = markdown(&c, text, 0, Ui::En);
        let (de, _) = markdown(&c, text, 0, Ui::De);
        assert!(
            en.contains("in 3 hours") && en.contains("5 minutes ago"),
            "{en}"
        );
        assert!(
            de.contains("in 3 Stunden") && de.contains("vor 5 Minuten"),
            "{de}"
        );
        let (later, _) = markdown(&c, text, 3 * 3600 * 1000 - 10_000, Ui::De);
        assert!(later.contains("in 10 Sekunden"), "{later}");
    }
}

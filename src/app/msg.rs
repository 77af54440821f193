//! What to tell whom, as plain data: the Discord layer turns these into messages.
//! Nothing here knows Discord's types, only its limits.

/// Discord's limits that the app respects when it builds messages.
pub const MAX_OPTIONS: usize = 25;
pub const MAX_ROWS: usize = 5;
pub const MAX_CUSTOM_ID: usize = 100;
pub const MAX_CONTENT: usize = 2000;
pub const MAX_FIELD: usize = 1024;
pub const MAX_LABEL: usize = 100;
pub const MAX_DESCRIPTION: usize = 100;
pub const MAX_BUTTON_LABEL: usize = 80;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Msg {
    /// Plain text (mentions as `<@id>`). At most 2,000 characters.
    pub content: String,
    pub embed: Option<Embed>,
    pub files: Vec<File>,
    pub rows: Vec<Row>,
    /// The users the message pings (only these mentions notify).
    pub pings: Vec<u64>,
    /// Wait this long before posting it (the AI's moves, so people can follow them).
    pub pace_ms: u32,
    /// The match whose board this is: once posted it is the match's live board, and
    /// the board before it loses its buttons (`Matches::live_board`).
    pub board_of: Option<i64>,
}

impl Msg {
    pub fn text(s: impl Into<String>) -> Msg {
        Msg {
            content: clip(&s.into(), MAX_CONTENT),
            ..Msg::default()
        }
    }

    /// `lines` in as few messages as hold them whole (each at most [`MAX_CONTENT`]),
    /// never cutting a line between two messages: a long table is read in full, over
    /// several posts. A single line longer than a message is clipped alone.
    pub fn texts(lines: &[String]) -> Vec<Msg> {
        let mut msgs = Vec::new();
        let mut content = String::new();
        for line in lines {
            let line = clip(line, MAX_CONTENT);
            let len = content.chars().count();
            if len > 0 && len + 1 + line.chars().count() > MAX_CONTENT {
                msgs.push(Msg::text(std::mem::take(&mut content)));
            }
            if !content.is_empty() {
                content.push('\n');
            }
            content.push_str(&line);
        }
        if !content.is_empty() || msgs.is_empty() {
            msgs.push(Msg::text(content));
        }
        msgs
    }

    /// Every text of the message (content, embed, labels, option texts, custom ids):
    /// what a test scans for leaks.
    pub fn all_text(&self) -> String {
        let mut s = self.content.clone();
        if let Some(e) = &self.embed {
            s.push('\n');
            s.push_str(&e.title);
            s.push('\n');
            s.push_str(&e.description);
            for (k, v) in &e.fields {
                s.push_str(&format!("\n{k}: {v}"));
            }
        }
        for r in &self.rows {
            match r {
                Row::Buttons(bs) => {
                    for b in bs {
                        s.push_str(&format!("\n[{}] {}", b.label, b.id));
                    }
                }
                Row::Select(sel) => {
                    s.push_str(&format!("\n{} {}", sel.placeholder, sel.id));
                    for o in &sel.options {
                        s.push_str(&format!(
                            "\n- {} ({}) = {}",
                            o.label, o.description, o.value
                        ));
                    }
                }
            }
        }
        s
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Embed {
    pub title: String,
    pub description: String,
    /// Name and value; each value at most 1,024 characters.
    pub fields: Vec<(String, String)>,
    /// The attached image shown inside the embed, by file name.
    pub image: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    pub name: String,
    /// The file's bytes: a PNG, a replay's GIF, or an export's text or JSON (`name`
    /// ends in its type).
    pub png: Vec<u8>,
    /// What the image shows in words (`render::alt`), sent as the attachment's
    /// description: a screen reader speaks it, and Discord shows it behind the image's
    /// ALT badge and when images are off.
    pub alt: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// One to five buttons.
    Buttons(Vec<Button>),
    /// One select of at most 25 options.
    Select(Select),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: Style,
    pub disabled: bool,
}

impl Button {
    pub fn new(id: String, label: impl Into<String>, style: Style) -> Button {
        Button {
            id,
            label: clip(&label.into(), MAX_BUTTON_LABEL),
            style,
            disabled: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
    /// How many options a player picks at once: one, or (a multi-select) several.
    pub min_values: u8,
    pub max_values: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub description: String,
}

/// Cuts `s` to at most `max` characters, marking the cut with an ellipsis.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_keep_every_line_whole_over_several_messages() {
        let lines: Vec<String> = (0..37)
            .map(|i| format!("{i:>2}. {}", "x".repeat(80)))
            .collect();
        let msgs = Msg::texts(&lines);
        assert!(msgs.len() > 1);
        assert!(
            msgs.iter()
                .all(|m| m.content.chars().count() <= MAX_CONTENT)
        );
        let joined: Vec<&str> = msgs.iter().flat_map(|m| m.content.lines()).collect();
        assert_eq!(joined, lines.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(Msg::texts(&["short".into()]).len(), 1);
    }
}

//! `crystal-clans-tools transcript`: a recorded fake-Discord conversation drawn as each
//! participant would see it in Discord's chat, so people can look at the bot as a
//! player does (messages, embeds, buttons, private replies, images at their inline size).
//!
//! A recording (`conversation.jsonl`, one [`Entry`] a line, attached files beside it in
//! `files/`) holds every request the bot made and every interaction people sent, in
//! order. [`model`] replays it the way Discord would (posts, edits, deletions,
//! interaction callbacks, follow-ups, threads, DMs) into each message's latest state,
//! and panics on a request it cannot place; [`html`] draws one page per participant
//! (each image with its alt text) and cuts it into screens between messages;
//! [`shots`] measures pages and screenshots them with headless Chromium.

pub mod html;
pub mod model;
pub mod shots;

use crate::fake_discord::Fake;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The recording's file name inside its folder.
pub const RECORDING: &str = "conversation.jsonl";

/// One line of a recording.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// When the recording began (milliseconds since the epoch), for Discord's
    /// timestamps (`<t:...:R>` reads "in 15 minutes" relative to when it was shown).
    Began { unix_ms: u64 },
    /// A request the bot made to Discord.
    Request(Request),
    /// An interaction a person sent to the bot (a slash command or a click).
    Interaction(Interaction),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub json: Value,
    #[serde(default)]
    pub files: Vec<FileRef>,
    /// Whether Discord shows it only to the interaction's user (the fake's reading of
    /// Discord's rules: a deferral's visibility passes to the message that fills it).
    #[serde(default)]
    pub ephemeral: bool,
    /// The id in Discord's answer (a new message's, thread's or DM channel's).
    pub reply_id: String,
    /// The message the request made or changed, as Discord resolves it: for an
    /// interaction's callback the id its message gets (Discord's answer to a callback
    /// names none, but the message has one, which later edits and threads use), for a
    /// follow-up that fills a deferral the deferral's message.
    #[serde(default)]
    pub message_id: Option<String>,
    /// Discord's answer's status: a refused request changed nothing anyone sees.
    #[serde(default = "ok_status")]
    pub status: u16,
    /// Milliseconds since the recording began.
    #[serde(default)]
    pub ms: u64,
}

fn ok_status() -> u16 {
    200
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Interaction {
    /// The `INTERACTION_CREATE` payload.
    pub payload: Value,
    #[serde(default)]
    pub ms: u64,
}

/// An attached file: its name in the message, and where its bytes are (relative to the
/// recording's folder).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRef {
    pub name: String,
    pub path: String,
}

/// Writes what `fake` saw as a recording in `dir` (created if needed): the entries in
/// `conversation.jsonl` and each attached file under `files/`.
pub fn record_fake(fake: &Fake, dir: &Path) -> std::io::Result<PathBuf> {
    let files_dir = dir.join("files");
    std::fs::create_dir_all(&files_dir)?;
    let requests = fake.requests();
    let interactions = fake.interactions();
    let start = requests
        .iter()
        .map(|r| r.at)
        .chain(interactions.iter().map(|i| i.at))
        .min();
    let ms = |at: std::time::Instant| {
        start.map_or(0, |s| at.saturating_duration_since(s).as_millis() as u64)
    };
    let began = start.map_or(std::time::SystemTime::now(), |s| {
        std::time::SystemTime::now() - s.elapsed()
    });
    let unix_ms = began
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let mut entries = vec![Entry::Began { unix_ms }];
    let mut next = interactions.iter().peekable();
    for (n, r) in requests.iter().enumerate() {
        while let Some(i) = next.next_if(|i| i.after <= n) {
            entries.push(Entry::Interaction(Interaction {
                payload: i.payload.clone(),
                ms: ms(i.at),
            }));
        }
        let mut files = vec![];
        for (k, (name, bytes)) in r.files.iter().enumerate() {
            // The name is the bot's; keep only a safe tail of it for the file system.
            let safe: String = name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let rel = format!("files/{n:05}-{k}-{safe}");
            std::fs::write(dir.join(&rel), bytes)?;
            files.push(FileRef {
                name: name.clone(),
                path: rel,
            });
        }
        entries.push(Entry::Request(Request {
            method: r.method.clone(),
            path: r.path.clone(),
            json: r.json.clone(),
            files,
            ephemeral: r.ephemeral(),
            reply_id: r.reply_id.to_string(),
            message_id: r.message_id.map(|m| m.to_string()),
            status: r.status,
            ms: ms(r.at),
        }));
    }
    for i in next {
        entries.push(Entry::Interaction(Interaction {
            payload: i.payload.clone(),
            ms: ms(i.at),
        }));
    }
    let path = dir.join(RECORDING);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
    for e in &entries {
        serde_json::to_writer(&mut out, e)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(path)
}

/// Reads the recording in `dir`.
pub fn read(dir: &Path) -> Result<Vec<Entry>, String> {
    let path = dir.join(RECORDING);
    let file =
        std::fs::File::open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut out = vec![];
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let e = serde_json::from_str(&line)
            .map_err(|e| format!("{}, line {}: {e}", path.display(), n + 1))?;
        out.push(e);
    }
    Ok(out)
}

/// A part of a participant's page sized for one screenshot.
pub struct Screen {
    pub participant: model::Participant,
    pub html: PathBuf,
    /// The window to screenshot it in.
    pub width: u32,
    pub height: u32,
}

/// What [`write_pages`] wrote.
pub struct Written {
    /// One whole page per participant (`NAME.html`).
    pub pages: Vec<(model::Participant, PathBuf)>,
    /// Each participant's screens for each width: `screens/NAME-WIDTH-NN.html`.
    pub screens: Vec<Screen>,
    pub conversation: model::Conversation,
}

/// Draws the recording in `dir` as one page per participant in `out`, and the same
/// cut into screens of about `screen_height` pixels under `out/screens/` at
/// [`shots::DESKTOP_WIDTH`] and at [`shots::PHONE_WIDTH`]. Screens end between
/// messages: with Chromium installed each page is laid out at each width first and cut
/// by the heights it measured (a screen's window is then exactly as tall as its
/// page), else by guesses.
pub fn write_pages(dir: &Path, out: &Path, screen_height: u32) -> Result<Written, String> {
    let entries = read(dir)?;
    let conversation = model::Conversation::replay(&entries);
    let screens_dir = out.join("screens");
    std::fs::create_dir_all(&screens_dir)
        .map_err(|e| format!("cannot create {}: {e}", screens_dir.display()))?;
    // Pages name the recording's files relative to themselves when they sit beside it.
    let base = |depth: &str| -> Result<String, String> {
        let same = dir.canonicalize().ok() == out.canonicalize().ok();
        Ok(if same {
            depth.to_string()
        } else {
            let abs = dir
                .canonicalize()
                .map_err(|e| format!("{}: {e}", dir.display()))?;
            format!("file://{}/", abs.display())
        })
    };
    let write = |path: &Path, html: &str| {
        std::fs::write(path, html).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let chromium = shots::chromium();
    let mut written = Written {
        pages: vec![],
        screens: vec![],
        conversation: model::Conversation::default(),
    };
    for p in conversation.participants() {
        let files = html::Files {
            dir,
            href_prefix: base("")?,
        };
        let page = html::page(&conversation, &p, &files);
        let path = out.join(format!("{}.html", p.slug()));
        write(&path, &page.html)?;
        written.pages.push((p.clone(), path));
        let files = html::Files {
            dir,
            href_prefix: base("../")?,
        };
        for width in [shots::DESKTOP_WIDTH, shots::PHONE_WIDTH] {
            let measured = match &chromium {
                Some(chromium) => {
                    let path = screens_dir.join(format!("measuring-{}-{width}.html", p.slug()));
                    write(&path, &html::measuring_page(&conversation, &p, &files))?;
                    let text = shots::measure(chromium, &path, width);
                    let _ = std::fs::remove_file(&path);
                    Some(html::Measured::parse(&text?)?)
                }
                None => None,
            };
            let screens =
                html::screens(&conversation, &p, &files, screen_height, measured.as_ref());
            for (i, s) in screens.iter().enumerate() {
                let path = screens_dir.join(format!("{}-{width}-{:03}.html", p.slug(), i + 1));
                write(&path, &s.html)?;
                // A guess is for desktop: a phone shows less of a message per pixel
                // (wrapped text, a taller embed, buttons on more rows).
                let height = match (&measured, width) {
                    (Some(_), _) => s.height,
                    (None, shots::DESKTOP_WIDTH) => s.height + 200,
                    (None, _) => s.height * 3 / 2 + 200,
                };
                written.screens.push(Screen {
                    participant: p.clone(),
                    html: path,
                    width,
                    height,
                });
            }
        }
    }
    written.conversation = conversation;
    Ok(written)
}

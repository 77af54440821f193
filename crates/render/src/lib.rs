//! Images of a match: the board, a battle's result, a hand, a single card.
//!
//! Pure functions from data to PNG bytes: no IO, no clock, no system fonts (the fonts
//! are embedded, see `crates/render/assets/fonts/`). The board and battle images take the
//! spectator's `View` and refuse any other, so a public image can never show a hand.
//! Card data (names, stats, styles, provenance) comes from `Rules`.
//!
//! Sizes are chosen for Discord, which shows an attachment inline scaled into a box of
//! about 550x350 pixels on desktop (the screen's width, about 390, on a phone). The
//! rule: a text a player must read is at least 11 pixels in that box, that is drawn at
//! a size s with s * min(550 / width, 350 / height) >= 11. The board is 1600x1000, so
//! it fills the box at a scale of 0.344 and its texts are 32 pixels or more
//! (`board::TEXT`; about 7.8 on a phone). A hand is as wide for six cards in a row (two
//! rows beyond six), landscape, its cards' words 32 pixels too; what its abilities do
//! goes into the message beside it ([`hand_glossary`]). The battle picture is 1000
//! wide, its words 20 pixels or more.

pub mod alt;
pub mod analysis;
mod battle;
pub mod board;
pub mod canvas;
mod cards;
/// Crystallo's cavern image (the solo game, crates/crystallo).
pub mod crystallo;
mod ends;
mod glyphs;
mod hand;
mod icons;
mod legend;
pub mod lines;
mod memo;
pub mod replay;
pub mod samples;
mod skia;
pub mod speed;
pub mod standings;
mod tile;
pub mod words;

// The layers below, under the names the modules of this crate use for them.
use crystal_clans_engine::game;
use crystal_clans_i18n as i18n;

pub use board::Marks;
use canvas::Target;
pub use canvas::{Col, Fit, rgb};

use crate::game::pack::KindId;
use crate::game::view::View;
use crate::game::{Event, Rules};
use crate::i18n::Lang;

/// Colours of the images. One colour per clan (by clan id); everything else that
/// carries meaning also has a shape or a word.
#[derive(Debug, Clone)]
pub struct Theme {
    pub background: Col,
    pub ink: Col,
    pub muted: Col,
    pub panel: Col,
    pub plain_zone: Col,
    pub crystal_zone: Col,
    pub highlight: Col,
    pub clans: Vec<(String, Col)>,
    /// Colours for clans not listed in `clans`, by clan index.
    pub fallback: Vec<Col>,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            background: rgb(0xe9e4d8),
            ink: rgb(0x1f1d24),
            muted: rgb(0x5d5a66),
            panel: rgb(0xfbf9f4),
            plain_zone: rgb(0xf3eddf),
            crystal_zone: rgb(0xd5eef2),
            highlight: rgb(0xf2b01e),
            clans: [
                ("flower", 0xd0488f),
                ("meteor", 0x6a4fc8),
                ("water", 0x1f7fc4),
                ("skull", 0x4d8c57),
                ("blood", 0xb3261e),
                ("stone", 0x9a6a32),
            ]
            .into_iter()
            .map(|(id, c)| (id.to_string(), rgb(c)))
            .collect(),
            fallback: vec![rgb(0x607d8b), rgb(0x795548), rgb(0x00897b), rgb(0xc2185b)],
        }
    }
}

impl Theme {
    /// The colour of clan `clan` (an index into the pack's clans).
    pub fn clan(&self, rules: &Rules, clan: u8) -> Col {
        let id = rules.pack.clans.get(clan as usize).map(|c| c.id.as_str());
        self.clans
            .iter()
            .find(|(c, _)| Some(c.as_str()) == id)
            .map(|(_, col)| *col)
            .unwrap_or(self.fallback[clan as usize % self.fallback.len()])
    }
}

/// A finished image: the PNG and, for tests and tools, every text drawn and how it
/// was fitted into its box.
#[derive(Debug, Clone)]
pub struct Image {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub texts: Vec<Fit>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("public images are built from the spectator's view only")]
    NotPublic,
    #[error("a hand image needs a player's own view")]
    NoHand,
    #[error("the pack has no card {0}")]
    UnknownCard(KindId),
    #[error("no battle in the events given")]
    NoBattle,
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

fn finish(c: canvas::Canvas) -> Result<Image, RenderError> {
    let (width, height) = (c.width(), c.height());
    let png = canvas::encode_rgb(c.data(), width, height);
    Ok(Image {
        png: png.map_err(|e| RenderError::Encode(e.to_string()))?,
        width,
        height,
        texts: c.into_fits(),
    })
}

/// The players' display names and the public facts the images need next to a view.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub rules: &'a Rules,
    pub theme: &'a Theme,
    /// Display names by seat.
    pub names: [&'a str; 2],
    /// The language of every word drawn: the server's for the board and battle
    /// images, the viewer's for a hand or a card.
    pub lang: Lang,
}

/// The board as everyone may see it: `view` must be the spectator's view
/// (`State::view(rules, None)`); `caption` holds the last few log lines.
pub fn board(t: &Table, view: &View, caption: &[String]) -> Result<Image, RenderError> {
    finish(board::draw(
        t,
        view,
        caption,
        &Marks::default(),
        Target::Pixels,
    )?)
}

/// The board with what a lesson is about outlined (`marks`), for `/clans learn`; its
/// alt text is [`alt::board_marked`].
pub fn board_marked(t: &Table, view: &View, marks: &Marks) -> Result<Image, RenderError> {
    finish(board::draw(t, view, &[], marks, Target::Pixels)?)
}

/// A battle as far as `events` tell it: both battle cards, which effect triggered, the
/// totals and the units that fell; when the events stop before the damage (a decision
/// pauses the battle), what is still to come and who answers first, and no result.
/// `view` is the spectator's view after those events, `events` the public (redacted)
/// events of the battle, from `BattleStarted` on. `kinds` is the
/// card kind of each card instance (`State::kinds`: deck lists are public), needed
/// because the events name card instances.
pub fn battle(
    t: &Table,
    kinds: &[KindId],
    view: &View,
    events: &[Event],
) -> Result<Image, RenderError> {
    finish(battle::battle(t, kinds, view, events, Target::Pixels)?)
}

/// A player's hand, from that player's own view (shown only to that player). What its
/// abilities and effects do is not in the image: see [`hand_glossary`].
pub fn hand(t: &Table, view: &View) -> Result<Image, RenderError> {
    finish(hand::hand(t, view, Target::Pixels)?)
}

/// What each signature, ability and battle effect on the cards of the hand `view`
/// shows does, as (term, explanation) in the order the cards show them: for the
/// message the hand image goes with. Empty for a view without a hand.
pub fn hand_glossary(t: &Table, view: &View) -> Vec<(String, String)> {
    hand::glossary(t, view)
}

/// One card, large, for a card lookup.
pub fn card(t: &Table, kind: KindId) -> Result<Image, RenderError> {
    finish(cards::single(t, kind, Target::Pixels)?)
}

/// The texts an image draws, in order, without drawing it: the same drawing code on a
/// canvas that only records (each text as given, before any fitting), for checks such
/// as "a German board says nothing in English" that need no pixels.
pub enum Words<'v> {
    Board {
        view: &'v View,
        caption: &'v [String],
    },
    Battle {
        kinds: &'v [KindId],
        view: &'v View,
        events: &'v [Event],
    },
    Hand {
        view: &'v View,
    },
    Card {
        kind: KindId,
    },
}

/// The texts the image `what` would draw with `t`.
pub fn words(t: &Table, what: Words) -> Result<Vec<String>, RenderError> {
    let c = match what {
        Words::Board { view, caption } => {
            board::draw(t, view, caption, &Marks::default(), Target::Words)?
        }
        Words::Battle {
            kinds,
            view,
            events,
        } => battle::battle(t, kinds, view, events, Target::Words)?,
        Words::Hand { view } => hand::hand(t, view, Target::Words)?,
        Words::Card { kind } => cards::single(t, kind, Target::Words)?,
    };
    Ok(c.into_fits().into_iter().map(|f| f.text).collect())
}

/// A PNG scaled to fit a `max_w` x `max_h` box, keeping its aspect (as Discord shows an
/// attachment inline: about 550x350 on desktop, the screen's width on a phone), to
/// check that the text stays readable.
pub fn preview(png: &[u8], max_w: u32, max_h: u32) -> Result<Vec<u8>, RenderError> {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .map_err(|e| RenderError::Encode(e.to_string()))?
        .to_rgb8();
    let scale = (max_w as f32 / img.width() as f32).min(max_h as f32 / img.height() as f32);
    let width = ((img.width() as f32 * scale).round() as u32).max(1);
    let height = ((img.height() as f32 * scale).round() as u32).max(1);
    let small = image::imageops::resize(&img, width, height, image::imageops::FilterType::Triangle);
    canvas::encode_rgb(small.as_raw(), width, height)
        .map_err(|e| RenderError::Encode(e.to_string()))
}

//! What is printed under the card of a lookup: one line per ability and battle effect
//! shown saying what it does, then the legend of the icons and marks, each legend line
//! only when something on the image needs it.

use super::Table;
use super::board::{bold, regular};
use super::canvas::{Align, Canvas, Face, measure, wrap};
use super::cards::{Stat, stat_icon};
use super::words::{self, Explanation};
use crate::game::Rules;
use crate::game::pack::{CardDef, Provenance};
use crate::i18n::{Lang, messages::images as m};

/// The gap above the first line, and the lines' heights at scale 1.
const TOP: f32 = 24.0;
const LINE: f32 = 20.0;
const ITEM_GAP: f32 = 5.0;
const LEGEND_LINE: f32 = 25.0;
const BOTTOM: f32 = 12.0;
const ICON_ROW: f32 = 26.0;
const LEGEND_SIZE: f32 = 16.0;

fn icons(lang: Lang) -> [(Stat, String); 4] {
    [
        (Stat::Summon, m::summon_cost(lang)),
        (Stat::Attack, m::attack(lang)),
        (Stat::Defense, m::defense(lang)),
        (Stat::Activation, m::activation_cost(lang)),
    ]
}

/// The icon legend's items, each with whether it starts a new row in `width`.
fn icon_layout(lang: Lang, width: f32, k: f32) -> Vec<(Stat, String, bool)> {
    let mut cx = 0.0;
    icons(lang)
        .into_iter()
        .map(|(s, label)| {
            let need = 24.0 * k + measure(&label, Face::Regular, LEGEND_SIZE * k) + 16.0 * k;
            let new_row = cx > 0.0 && cx + need > width;
            if new_row {
                cx = 0.0;
            }
            cx += need;
            (s, label, new_row)
        })
        .collect()
}

/// The explanations and legend lines an image needs, laid out for one width.
pub(super) struct Under {
    items: Vec<(Explanation, Vec<String>)>,
    /// Rows the icon legend takes (0 with no card to explain).
    icon_rows: usize,
    not_in_play: bool,
    provisional: bool,
    k: f32,
}

fn text_size(k: f32) -> f32 {
    15.0 * k
}

/// "Flight:" (and the not-in-play mark) as set in bold before an explanation.
fn head(e: &Explanation) -> String {
    let mark = if e.in_play { "" } else { words::NOT_IN_PLAY };
    format!("{}{mark}:", e.name)
}

/// Whether the face of `card` shows a provisional mark (`face` in `cards.rs`: the
/// ability's mark only follows a signature or an ability).
fn provisional_on_face(lang: Lang, rules: &Rules, card: &CardDef) -> bool {
    let p = &card.provenance;
    let shows_ability = !words::abilities(lang, rules, card).is_empty();
    [
        words::card_name_provenance(lang, card),
        p.rank,
        p.types,
        p.summon,
        p.attack,
        p.defense,
        p.activation,
        p.style,
        p.left,
        p.right,
    ]
    .contains(&Provenance::Provisional)
        || (shows_ability && p.ability == Provenance::Provisional)
}

/// Whether the face of `card` shows the not-in-play mark.
fn not_in_play_on_face(lang: Lang, rules: &Rules, card: &CardDef) -> bool {
    words::abilities(lang, rules, card)
        .iter()
        .any(|(_, ok)| !ok)
        || card
            .left
            .iter()
            .chain(&card.right)
            .any(|e| !e.implemented())
}

impl Under {
    /// `extra_provisional`: the image marks a provisional value outside the faces.
    pub(super) fn new(
        t: &Table,
        cards: &[&CardDef],
        extra_provisional: bool,
        width: f32,
        k: f32,
    ) -> Under {
        let size = text_size(k);
        let items: Vec<(Explanation, Vec<String>)> =
            words::explanations(t.lang, t.rules, cards.iter().copied())
                .into_iter()
                .map(|e| {
                    // Wrapped in the regular face, as wide as the bold head leaves.
                    let h = head(&e);
                    let slack = measure(&h, Face::Bold, size) - measure(&h, Face::Regular, size);
                    let lines = wrap(
                        &format!("{h} {}", e.text),
                        Face::Regular,
                        size,
                        width - slack.max(0.0) - 2.0,
                    );
                    (e, lines)
                })
                .collect();
        let not_in_play = cards
            .iter()
            .any(|c| not_in_play_on_face(t.lang, t.rules, c));
        let provisional = extra_provisional
            || cards
                .iter()
                .any(|c| provisional_on_face(t.lang, t.rules, c));
        let icon_rows = if cards.is_empty() {
            0
        } else {
            icon_layout(t.lang, width, k)
                .iter()
                .filter(|(_, _, new_row)| *new_row)
                .count()
                + 1
        };
        Under {
            items,
            icon_rows,
            not_in_play,
            provisional,
            k,
        }
    }

    pub(super) fn height(&self) -> f32 {
        let k = self.k;
        let text: f32 = self
            .items
            .iter()
            .map(|(_, lines)| lines.len() as f32 * LINE + ITEM_GAP)
            .sum();
        let marks = [self.not_in_play, self.provisional]
            .iter()
            .filter(|&&b| b)
            .count() as f32;
        let icons = if self.icon_rows == 0 {
            0.0
        } else {
            (self.icon_rows - 1) as f32 * ICON_ROW + LEGEND_LINE
        };
        (TOP + BOTTOM + icons + marks * LEGEND_LINE + text) * k
    }

    /// Draws everything from `y` (the top of the area) down.
    pub(super) fn draw(&self, c: &mut Canvas, t: &Table, x: f32, y: f32, w: f32) {
        let th = t.theme;
        let k = self.k;
        let size = text_size(k);
        let mut cy = y + TOP * k;
        for (e, lines) in &self.items {
            for (i, line) in lines.iter().enumerate() {
                let mut lx = x;
                let mut rest = line.as_str();
                if i == 0 {
                    let h = head(e);
                    lx += c.text(&h, x, cy, w, bold(size, th.ink), Align::Left);
                    rest = line.strip_prefix(&h).unwrap_or(line);
                }
                c.text(rest, lx, cy, x + w - lx, regular(size, th.ink), Align::Left);
                cy += LINE * k;
            }
            cy += ITEM_GAP * k;
        }
        let st = regular(LEGEND_SIZE * k, th.muted);
        let mut cx = x;
        if self.icon_rows > 0 {
            for (s, label, new_row) in icon_layout(t.lang, w, k) {
                if new_row {
                    cx = x;
                    cy += ICON_ROW * k;
                }
                stat_icon(c, s, cx + 9.0 * k, cy - 5.0 * k, 18.0 * k);
                cx += 22.0 * k + c.text(&label, cx + 22.0 * k, cy, w, st, Align::Left) + 16.0 * k;
            }
            cy += LEGEND_LINE * k;
        }
        if self.not_in_play {
            c.text(
                &m::not_in_play(t.lang),
                x,
                cy,
                w,
                st.shrink(11.0),
                Align::Left,
            );
            cy += LEGEND_LINE * k;
        }
        if self.provisional {
            c.text(
                &m::provisional(t.lang),
                x,
                cy,
                w,
                st.shrink(11.0),
                Align::Left,
            );
        }
    }
}

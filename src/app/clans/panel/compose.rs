//! A move composed from its parts, carried in a custom id: where the player is in the
//! panel ([`Nav`]), and which legal choices the parts chosen so far leave.
//!
//! Cards are named by their position in the category's *eligible* list (every card some
//! legal choice of the category names, in order of first appearance), which depends only
//! on the state the custom id's version fixes. A composition is matched against the legal
//! choices card class by card class ([`Places`]: interchangeable cards are one choice, as
//! the engine deduplicates them), so a copy picked instead of its twin is the same move.

use super::{Choice, Part};
use crate::app::msg::MAX_OPTIONS;
use crate::game::choice::{Class, Places};
use crate::game::{CardId, State};

/// Where a player is in the panel: the `Turn` custom id's argument, with the values of a
/// select when the click was one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    /// The first screen: the kinds of action, or the choices when they fit.
    Overview,
    /// The choices of one category (its cards, when they are composed), a page of them.
    Category { cat: usize, page: usize },
    /// The card multi-select of a category, with the cards chosen on other pages.
    Cards { cat: usize, set: u64, page: usize },
    /// Cards chosen: where they go, or the confirmation when that is settled.
    Chosen { cat: usize, set: u64 },
    /// A squad's new order: the units chosen from the top so far (4 bits each).
    Order { prefix: u64, len: u8 },
    /// Confirm the choice with this index into the legal inputs.
    Confirm { index: usize },
    /// "Why can't I…?": what the player cannot do now, and why.
    WhyNot,
}

/// The most units an order's prefix names (4 bits each in a `u64`).
const MAX_PREFIX: u8 = 16;

impl Nav {
    pub fn arg(self) -> String {
        match self {
            Nav::Overview => "all".into(),
            Nav::Category { cat, page } => format!("c{cat}.{page}"),
            Nav::Cards { cat, set, page } => format!("s{cat}.{set:x}.{page}"),
            Nav::Chosen { cat, set } => format!("n{cat}.{set:x}"),
            Nav::Order { prefix, len } => {
                let digits: String = (0..len)
                    .map(|i| format!("{:x}", (prefix >> (4 * i)) & 0xf))
                    .collect();
                format!("o{digits}")
            }
            Nav::Confirm { index } => format!("k{index}"),
            Nav::WhyNot => "w".into(),
        }
    }

    /// The argument of a card multi-select whose values are eligible positions: one page
    /// of cards settles the set (`m`), a page of several adds to the cards of the
    /// others (`p`).
    pub(super) fn select_arg(cat: usize, set: u64, page: usize, pages: usize) -> String {
        if pages == 1 {
            format!("m{cat}")
        } else {
            format!("p{cat}.{:x}.{page}", set & !page_mask(page))
        }
    }

    /// Parses a `Turn` click: its argument and, for a select, its chosen values.
    /// Anything unreadable is the overview; a readable but impossible composition is
    /// left for the panel to refuse against the legal choices.
    pub fn parse(arg: Option<&str>, values: &[String]) -> Nav {
        let arg = arg.unwrap_or_default();
        let bits = || -> Option<u64> {
            values.iter().try_fold(0u64, |set, v| {
                let i: u32 = v.parse().ok()?;
                Some(set | 1u64.checked_shl(i)?)
            })
        };
        let parsed = match arg.split_at_checked(1) {
            Some(("m", rest)) => rest
                .parse()
                .ok()
                .zip(bits())
                .map(|(cat, set)| Nav::Chosen { cat, set }),
            Some(("p", rest)) => {
                let mut it = rest.split('.');
                let cat = it.next().and_then(|c| c.parse().ok());
                let base = it.next().and_then(|s| u64::from_str_radix(s, 16).ok());
                let page: Option<usize> = it.next().and_then(|s| s.parse().ok());
                match (cat, base, page, bits()) {
                    (Some(cat), Some(base), Some(page), Some(picked)) => Some(Nav::Cards {
                        cat,
                        set: (base & !page_mask(page)) | picked,
                        page,
                    }),
                    _ => None,
                }
            }
            // Any other select's value is a step of its own.
            _ if !values.is_empty() => None,
            Some(("c", rest)) => pair(rest).map(|(cat, page)| Nav::Category { cat, page }),
            Some(("s", rest)) => {
                let mut it = rest.split('.');
                let cat = it.next().and_then(|c| c.parse().ok());
                let set = it.next().and_then(|s| u64::from_str_radix(s, 16).ok());
                let page = it.next().and_then(|s| s.parse().ok());
                match (cat, set, page) {
                    (Some(cat), Some(set), Some(page)) => Some(Nav::Cards { cat, set, page }),
                    _ => None,
                }
            }
            Some(("n", rest)) => rest.split_once('.').and_then(|(c, s)| {
                Some(Nav::Chosen {
                    cat: c.parse().ok()?,
                    set: u64::from_str_radix(s, 16).ok()?,
                })
            }),
            Some(("o", rest)) if rest.len() <= MAX_PREFIX as usize => rest
                .chars()
                .enumerate()
                .try_fold(0u64, |prefix, (i, d)| {
                    Some(prefix | u64::from(d.to_digit(16)?) << (4 * i))
                })
                .map(|prefix| Nav::Order {
                    prefix,
                    len: rest.len() as u8,
                }),
            Some(("k", rest)) => rest.parse().ok().map(|index| Nav::Confirm { index }),
            Some(("w", "")) => Some(Nav::WhyNot),
            _ => None,
        };
        match parsed {
            Some(nav) => nav,
            None if !values.is_empty() => Nav::parse(values.first().map(String::as_str), &[]),
            None => Nav::Overview,
        }
    }
}

fn pair(s: &str) -> Option<(usize, usize)> {
    let (a, b) = s.split_once('.')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The bits of the eligible cards on `page` of a card multi-select.
pub(super) fn page_mask(page: usize) -> u64 {
    let per = MAX_OPTIONS;
    let bits = if per >= 64 {
        u64::MAX
    } else {
        (1u64 << per) - 1
    };
    bits.checked_shl((page * per) as u32).unwrap_or(0)
}

/// Every card the choices name, in order of first appearance.
pub(super) fn eligible(choices: &[&Choice]) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for c in choices {
        for &card in c.part.cards() {
            if !out.contains(&card) {
                out.push(card);
            }
        }
    }
    out
}

/// The cards of `set` among `eligible`, or `None` when it names a card that is not
/// there (a forged or stale composition).
pub(super) fn cards_of(eligible: &[CardId], set: u64) -> Option<Vec<CardId>> {
    if eligible.len() < 64 && set >> eligible.len() != 0 {
        return None;
    }
    Some(
        eligible
            .iter()
            .enumerate()
            .filter(|(i, _)| set >> i & 1 == 1)
            .map(|(_, &c)| c)
            .collect(),
    )
}

/// The eligible positions of `cards` as a set.
pub(super) fn set_of(eligible: &[CardId], cards: &[CardId]) -> u64 {
    cards
        .iter()
        .filter_map(|c| eligible.iter().position(|e| e == c))
        .fold(0, |set, i| set | 1 << i)
}

fn classes(state: &State, at: &Places, cards: &[CardId]) -> Vec<Class> {
    let mut out: Vec<Class> = cards.iter().map(|&c| at.class(state, c)).collect();
    out.sort_unstable();
    out
}

/// The set choices that take exactly these cards (up to interchangeable copies).
pub(super) fn matching<'a>(
    state: &State,
    at: &Places,
    cards: &[CardId],
    choices: &[&'a Choice],
) -> Vec<&'a Choice> {
    let want = classes(state, at, cards);
    choices
        .iter()
        .filter(|c| matches!(c.part, Part::Set { .. }))
        .filter(|c| classes(state, at, c.part.cards()) == want)
        .copied()
        .collect()
}

/// The order choices that begin with these units (up to interchangeable units).
pub(super) fn ordered<'a>(
    state: &State,
    at: &Places,
    prefix: &[CardId],
    choices: &[&'a Choice],
) -> Vec<&'a Choice> {
    let class = |c: CardId| at.unit_class(state, c);
    choices
        .iter()
        .filter(|c| match &c.part {
            Part::Sequence(cards) => {
                cards.len() >= prefix.len()
                    && cards
                        .iter()
                        .zip(prefix)
                        .all(|(&a, &b)| class(a) == class(b))
            }
            _ => false,
        })
        .copied()
        .collect()
}

/// The units of an order's prefix among `eligible`, or `None` when one is not there.
pub(super) fn prefix_cards(eligible: &[CardId], prefix: u64, len: u8) -> Option<Vec<CardId>> {
    (0..len.min(MAX_PREFIX))
        .map(|i| eligible.get(((prefix >> (4 * i)) & 0xf) as usize).copied())
        .collect()
}

/// A prefix one unit longer.
pub(super) fn extend(prefix: u64, len: u8, pos: usize) -> Option<Nav> {
    (len < MAX_PREFIX && pos < 16).then(|| Nav::Order {
        prefix: prefix | (pos as u64) << (4 * len),
        len: len + 1,
    })
}

/// What a player picks to compose the choice with this index: the eligible positions of
/// its cards (a set's multi-select values, or an order's units from the top). Empty for
/// a choice of one click. A person knows which cards they mean; a scripted one asks here.
pub fn picks(choices: &[Choice], index: usize) -> Vec<usize> {
    let Some(choice) = choices.iter().find(|c| c.index == index) else {
        return Vec::new();
    };
    let same_kind: Vec<&Choice> = choices
        .iter()
        .filter(|c| {
            c.category == choice.category
                && std::mem::discriminant(&c.part) == std::mem::discriminant(&choice.part)
        })
        .collect();
    let eligible = eligible(&same_kind);
    choice
        .part
        .cards()
        .iter()
        .filter_map(|c| eligible.iter().position(|e| e == c))
        .collect()
}

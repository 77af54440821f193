//! Crystallo's custom ids: `cry:<game>:<version>:<step>[:arg]`. Like the Crystal Clans
//! panel's, an id is the client's word: the game, its player and its version are
//! checked against the stored game on every click, and a choice is an index into the
//! engine's legal inputs at that version (or a place number, a card), never an input
//! the client made up.

use crate::store::crystallo::GameId;

pub const PREFIX: &str = "cry";

/// One screen of the panel, or the answer it confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The panel's first screen (a resume, a "back").
    Show,
    /// The places for `card`, the page `page` of 25 (a select holds at most 25).
    Page { card: u8, page: usize },
    /// Phase 2: the face-up card chosen (a select's value).
    Card(Option<u8>),
    /// Place `number` (1 first, as the image numbers them) for `card`: its orientations.
    Spot { card: u8, number: Option<usize> },
    /// What legal input `index` would do, with Confirm and Back.
    Look(usize),
    /// Play legal input `index` (a select's value when it comes from one).
    Play(Option<usize>),
    /// A finished daily's share line, privately.
    Share,
    /// A placement chosen among those that make a set (a select's value: its legal
    /// index): its preview, as [`Step::Look`].
    Sets(Option<usize>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CryId {
    pub game: GameId,
    pub version: i64,
    pub step: Step,
}

impl CryId {
    pub fn new(game: GameId, version: i64, step: Step) -> CryId {
        CryId {
            game,
            version,
            step,
        }
    }

    pub fn to_id(self) -> String {
        let step = match self.step {
            Step::Show => "show".to_string(),
            Step::Page { card, page } => format!("page:{card}:{page}"),
            Step::Card(_) => "card".to_string(),
            Step::Spot { card, number: None } => format!("spot:{card}"),
            Step::Spot {
                card,
                number: Some(n),
            } => format!("spot:{card}:{n}"),
            Step::Look(i) => format!("look:{i}"),
            Step::Play(None) => "play".to_string(),
            Step::Play(Some(i)) => format!("play:{i}"),
            Step::Share => "share".to_string(),
            Step::Sets(_) => "sets".to_string(),
        };
        format!("{PREFIX}:{}:{}:{step}", self.game, self.version)
    }

    /// Reads a custom id and the values a select sent with it. `None`: not one of ours
    /// or unreadable.
    pub fn parse(id: &str, values: &[String]) -> Option<CryId> {
        let mut parts = id.split(':');
        if parts.next()? != PREFIX {
            return None;
        }
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let verb = parts.next()?;
        let args: Vec<&str> = parts.collect();
        let value = values.first().map(String::as_str);
        let num = |s: Option<&str>| s.and_then(|s| s.parse::<usize>().ok());
        let card = |s: Option<&&str>| s.and_then(|s| s.parse::<u8>().ok());
        let step = match (verb, args.as_slice()) {
            ("show", []) => Step::Show,
            ("page", [c, p]) => Step::Page {
                card: c.parse().ok()?,
                page: p.parse().ok()?,
            },
            ("card", []) => Step::Card(value.and_then(|v| v.parse().ok())),
            ("spot", [c]) => Step::Spot {
                card: card(Some(c))?,
                number: num(value),
            },
            ("spot", [c, n]) => Step::Spot {
                card: card(Some(c))?,
                number: Some(n.parse().ok()?),
            },
            ("look", [i]) => Step::Look(i.parse().ok()?),
            ("play", []) => Step::Play(num(value)),
            ("play", [i]) => Step::Play(Some(i.parse().ok()?)),
            ("share", []) => Step::Share,
            ("sets", []) => Step::Sets(num(value)),
            _ => return None,
        };
        Some(CryId {
            game,
            version,
            step,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_reads_back_and_fits_a_custom_id() {
        for step in [
            Step::Show,
            Step::Page { card: 44, page: 2 },
            Step::Spot {
                card: 3,
                number: Some(31),
            },
            Step::Look(120),
            Step::Play(Some(7)),
            Step::Share,
        ] {
            let id = CryId::new(i64::MAX, i64::MAX, step);
            let s = id.to_id();
            assert!(s.len() <= crate::app::msg::MAX_CUSTOM_ID, "{s}");
            assert_eq!(CryId::parse(&s, &[]), Some(id));
        }
        let sel = CryId::parse("cry:5:2:spot:9", &["12".into()]).unwrap();
        assert_eq!(
            sel.step,
            Step::Spot {
                card: 9,
                number: Some(12)
            }
        );
        assert_eq!(
            CryId::parse("cry:5:2:play", &["4".into()]).unwrap().step,
            Step::Play(Some(4))
        );
        assert_eq!(CryId::parse("clans:5:2:play", &[]), None);
        assert_eq!(CryId::parse("cry:x:2:show", &[]), None);
        assert_eq!(CryId::parse("cry:5:2:look", &[]), None);
        assert_eq!(
            CryId::parse("cry:5:2:sets", &["17".into()]).unwrap().step,
            Step::Sets(Some(17))
        );
    }
}

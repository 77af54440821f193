//! Crystallo's custom ids: `cry:<game>:<version>:<step>[:arg]`. Like the Crystal Clans
//! panel's, an id is the client's word: the game, its player and its version are
//! checked against the stored game on every click, and a choice is an index into the
//! engine's legal inputs at that version (or a card, a part of the cavern), never an
//! input the client made up. An id of an earlier panel's numbered places (`spot`,
//! `page`) reads as the panel's first screen.

use crate::store::crystallo::GameId;

pub const PREFIX: &str = "cry";

/// One screen of the panel, or the answer it confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The panel's first screen (a resume, a "back").
    Show,
    /// Phase 2: the face-up card chosen (a select's value); also the first screen of
    /// `card` (a "back" to it).
    Card(Option<u8>),
    /// "Somewhere else" for `card` when more cards could be touched than a select
    /// holds: the cards of part `part` of the cavern (`place::parts`).
    Part { card: u8, part: Option<usize> },
    /// "Somewhere else" for `card`: the places next to the placed card `touch` (a
    /// select's value), only those where it lies `lies` when they are too many for one
    /// select.
    Touch {
        card: u8,
        touch: Option<u8>,
        lies: Option<u8>,
    },
    /// A place next to `touch` chosen (a select's value: its legal index): its preview,
    /// with the image's places next to `touch` only.
    Near {
        card: u8,
        touch: u8,
        pick: Option<usize>,
    },
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
            Step::Card(None) => "card".to_string(),
            Step::Card(Some(c)) => format!("card:{c}"),
            Step::Part { card, part: None } => format!("part:{card}"),
            Step::Part {
                card,
                part: Some(p),
            } => format!("part:{card}:{p}"),
            Step::Touch {
                card, touch: None, ..
            } => format!("touch:{card}"),
            Step::Touch {
                card,
                touch: Some(t),
                lies: None,
            } => format!("touch:{card}:{t}"),
            Step::Touch {
                card,
                touch: Some(t),
                lies: Some(r),
            } => format!("touch:{card}:{t}:{r}"),
            Step::Near {
                card,
                touch,
                pick: None,
            } => format!("near:{card}:{touch}"),
            Step::Near {
                card,
                touch,
                pick: Some(i),
            } => format!("near:{card}:{touch}:{i}"),
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
            // An earlier panel's numbered places: its first screen, as it is now.
            ("page" | "spot", _) => Step::Show,
            ("card", []) => Step::Card(value.and_then(|v| v.parse().ok())),
            ("card", [c]) => Step::Card(Some(card(Some(c))?)),
            ("part", [c]) => Step::Part {
                card: card(Some(c))?,
                part: num(value),
            },
            ("part", [c, p]) => Step::Part {
                card: card(Some(c))?,
                part: Some(p.parse().ok()?),
            },
            ("touch", [c]) => Step::Touch {
                card: card(Some(c))?,
                touch: value.and_then(|v| v.parse().ok()),
                lies: None,
            },
            ("touch", [c, t]) => Step::Touch {
                card: card(Some(c))?,
                touch: Some(card(Some(t))?),
                lies: None,
            },
            ("touch", [c, t, r]) => Step::Touch {
                card: card(Some(c))?,
                touch: Some(card(Some(t))?),
                lies: Some(r.parse().ok()?),
            },
            ("near", [c, t]) => Step::Near {
                card: card(Some(c))?,
                touch: card(Some(t))?,
                pick: num(value),
            },
            ("near", [c, t, i]) => Step::Near {
                card: card(Some(c))?,
                touch: card(Some(t))?,
                pick: Some(i.parse().ok()?),
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
            Step::Card(Some(4)),
            Step::Part {
                card: 44,
                part: Some(1),
            },
            Step::Touch {
                card: 3,
                touch: Some(31),
                lies: None,
            },
            Step::Touch {
                card: 3,
                touch: Some(31),
                lies: Some(1),
            },
            Step::Near {
                card: 255,
                touch: 254,
                pick: Some(usize::MAX),
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
        let sel = CryId::parse("cry:5:2:touch:9", &["12".into()]).unwrap();
        assert_eq!(
            sel.step,
            Step::Touch {
                card: 9,
                touch: Some(12),
                lies: None,
            }
        );
        let sel = CryId::parse("cry:5:2:near:9:12", &["40".into()]).unwrap();
        assert_eq!(
            sel.step,
            Step::Near {
                card: 9,
                touch: 12,
                pick: Some(40),
            }
        );
        // An earlier panel's numbered places lead to the first screen.
        assert_eq!(
            CryId::parse("cry:5:2:spot:9", &["12".into()]).unwrap().step,
            Step::Show
        );
        assert_eq!(
            CryId::parse("cry:5:2:page:9:1", &[]).unwrap().step,
            Step::Show
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

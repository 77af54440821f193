//! Component custom ids: `clans:<match>:<version>:<verb>[:arg]`.
//!
//! They are public (anyone in the channel can read them), so they hold only public
//! facts: a match id, a version, a verb, a page, an index into the legal choices, or
//! a challenge's public terms. Never a card of a hand, a pick or the draw order.

use super::msg::MAX_CUSTOM_ID;
use crate::store::MatchId;

pub const PREFIX: &str = "clans";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Accept a challenge (the arg holds the challenge's terms).
    Accept,
    /// Decline (the opponent) or withdraw (the challenger) a challenge.
    Decline,
    /// Open the private panel ("Take your turn"); arg: `<category>.<page>`.
    Turn,
    /// Choose a legal input by index (a button's arg, or a select's value).
    Input,
    /// Show my hand privately.
    Hand,
    /// Ask to resign (a confirmation panel follows).
    Resign,
    /// Confirm the resignation.
    ResignYes,
    /// Challenge the same opponent again with the same terms.
    Rematch,
}

impl Verb {
    fn as_str(self) -> &'static str {
        match self {
            Verb::Accept => "acc",
            Verb::Decline => "dec",
            Verb::Turn => "turn",
            Verb::Input => "in",
            Verb::Hand => "hand",
            Verb::Resign => "resign",
            Verb::ResignYes => "resign!",
            Verb::Rematch => "rematch",
        }
    }

    fn parse(s: &str) -> Option<Verb> {
        Some(match s {
            "acc" => Verb::Accept,
            "dec" => Verb::Decline,
            "turn" => Verb::Turn,
            "in" => Verb::Input,
            "hand" => Verb::Hand,
            "resign" => Verb::Resign,
            "resign!" => Verb::ResignYes,
            "rematch" => Verb::Rematch,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomId {
    pub match_id: MatchId,
    pub version: i64,
    pub verb: Verb,
    pub arg: Option<String>,
}

impl CustomId {
    pub fn new(match_id: MatchId, version: i64, verb: Verb) -> CustomId {
        CustomId {
            match_id,
            version,
            verb,
            arg: None,
        }
    }

    pub fn with(mut self, arg: impl Into<String>) -> CustomId {
        self.arg = Some(arg.into());
        self
    }

    /// Whether the component lives in a player's private panel (a step of the walk,
    /// a choice, the resignation's confirmation) rather than on a public post (the
    /// board's "Take your turn", which has no step, "My hand", "Resign", a challenge,
    /// "Rematch"). A click in a panel is answered by updating that panel.
    pub fn in_panel(&self) -> bool {
        match self.verb {
            Verb::Turn => self.arg.is_some(),
            Verb::Input | Verb::ResignYes => true,
            Verb::Accept | Verb::Decline | Verb::Hand | Verb::Resign | Verb::Rematch => false,
        }
    }

    /// `None` for ids of other bots or features (not `clans:`), or malformed ones.
    pub fn parse(s: &str) -> Option<CustomId> {
        let mut parts = s.splitn(5, ':');
        if parts.next()? != PREFIX {
            return None;
        }
        let match_id = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let verb = Verb::parse(parts.next()?)?;
        let arg = parts.next().map(str::to_string);
        Some(CustomId {
            match_id,
            version,
            verb,
            arg,
        })
    }

    pub fn render(&self) -> String {
        let mut s = format!(
            "{PREFIX}:{}:{}:{}",
            self.match_id,
            self.version,
            self.verb.as_str()
        );
        if let Some(a) = &self.arg {
            s.push(':');
            s.push_str(a);
        }
        debug_assert!(s.len() <= MAX_CUSTOM_ID, "custom id too long: {s}");
        s
    }
}

impl std::fmt::Display for CustomId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let id = CustomId::new(42, 7, Verb::Turn).with("2.1");
        assert_eq!(id.render(), "clans:42:7:turn:2.1");
        assert_eq!(CustomId::parse(&id.render()), Some(id));
        assert_eq!(CustomId::parse("other:1:2:turn"), None);
        assert_eq!(CustomId::parse("clans:x:2:turn"), None);
        assert_eq!(CustomId::parse("clans:1:2:fly"), None);
    }

    #[test]
    fn the_board_opens_a_panel_and_a_panel_updates_itself() {
        let board = CustomId::new(1, 2, Verb::Turn);
        assert!(!board.in_panel());
        assert!(board.clone().with("all").in_panel());
        assert!(CustomId::new(1, 2, Verb::Input).with("0").in_panel());
        assert!(CustomId::new(1, 2, Verb::ResignYes).in_panel());
        for v in [Verb::Hand, Verb::Resign, Verb::Rematch, Verb::Accept] {
            assert!(!CustomId::new(1, 2, v).in_panel(), "{v:?}");
        }
    }
}

//! Component custom ids: `clans:<match>:<version>:<verb>[:arg]`.
//!
//! They are public (anyone in the channel can read them), so they hold only public
//! facts: a match id, a version, a verb, a page, an index into the legal choices, or
//! a challenge's public terms. Never a card of a hand, a pick or the draw order.
//!
//! They are also the client's word, not the bot's: a client can send a custom id that
//! was never on any message. A match id, version, page or choice is checked against the
//! stored match, which is the truth; a challenge's terms have nothing stored to be
//! checked against, so they travel signed ([`Signer`]) and are bounded again on decode.

use super::msg::MAX_CUSTOM_ID;
use crate::store::MatchId;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const PREFIX: &str = "clans";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Accept a challenge (the arg holds the challenge's terms).
    Accept,
    /// Decline (the opponent) or withdraw (the challenger) a challenge.
    Decline,
    /// Open the private panel ("Take your turn"), or go on in it; arg: where in the
    /// composition of a move (`panel::Nav::arg`: a category's page, the cards chosen so
    /// far as a bitmask of the eligible ones, a squad order's prefix).
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
    /// The post-game analysis of a finished match (`analysis.rs`).
    Analysis,
    /// Take back my last action (in the panel, right after it was confirmed).
    TakeBack,
    /// The opponent opens their private answer to a takeback request (arg: the
    /// request, signed: `takeback.rs`).
    TakeBackAnswer,
    /// The opponent allows the takeback (arg: the signed request).
    TakeBackAllow,
    /// The opponent declines it (arg: the signed request).
    TakeBackDecline,
    /// A hint for the move to answer (in a panel, in a match against the AI only).
    Hint,
    /// Follow the match (a board's button): into its thread, told when it ends.
    Follow,
    /// Stop following it (in the private answer to Follow).
    Unfollow,
    /// Open my private notes on the match (a panel's button, answered with a modal).
    Notes,
    /// Save them (the modal's submission).
    NotesSave,
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
            Verb::Analysis => "analysis",
            Verb::TakeBack => "tb",
            Verb::TakeBackAnswer => "tb?",
            Verb::TakeBackAllow => "tb+",
            Verb::TakeBackDecline => "tb-",
            Verb::Hint => "hint",
            Verb::Follow => "follow",
            Verb::Unfollow => "unfollow",
            Verb::Notes => "notes",
            Verb::NotesSave => "notes!",
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
            "analysis" => Verb::Analysis,
            "tb" => Verb::TakeBack,
            "tb?" => Verb::TakeBackAnswer,
            "tb+" => Verb::TakeBackAllow,
            "tb-" => Verb::TakeBackDecline,
            "hint" => Verb::Hint,
            "follow" => Verb::Follow,
            "unfollow" => Verb::Unfollow,
            "notes" => Verb::Notes,
            "notes!" => Verb::NotesSave,
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
            Verb::Input
            | Verb::ResignYes
            | Verb::TakeBack
            | Verb::TakeBackAllow
            | Verb::TakeBackDecline
            | Verb::Hint
            | Verb::Unfollow
            | Verb::Notes
            | Verb::NotesSave => true,
            Verb::Accept
            | Verb::Follow
            | Verb::Decline
            | Verb::Hand
            | Verb::Resign
            | Verb::Rematch
            | Verb::Analysis
            | Verb::TakeBackAnswer => false,
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

/// Signs text the bot will later read back from a custom id, and checks it: an
/// HMAC-SHA-256 under the key kept in the store (`Store::key`), so every process on
/// the database and every restart agrees. Cheap to clone.
#[derive(Clone)]
pub struct Signer(Hmac<Sha256>);

/// The signature's bytes: 96 bits, as base64url 16 characters, so a challenge's id
/// stays within Discord's 100 characters with user ids of 20 digits.
const SIGNATURE_BYTES: usize = 12;
/// Between the text and its signature; no text signed here contains it.
const SIGNATURE_SEP: char = '~';

impl Signer {
    pub fn new(key: &[u8]) -> Signer {
        // HMAC takes a key of any length; this cannot fail.
        Signer(Hmac::new_from_slice(key).expect("HMAC accepts any key length"))
    }

    fn mac(&self, text: &str) -> Hmac<Sha256> {
        let mut mac = self.0.clone();
        mac.update(text.as_bytes());
        mac
    }

    /// `text`, then its signature.
    pub fn sign(&self, text: &str) -> String {
        let tag = self.mac(text).finalize().into_bytes();
        let tag = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&tag[..SIGNATURE_BYTES]);
        format!("{text}{SIGNATURE_SEP}{tag}")
    }

    /// The text of `signed` if its signature is this key's (compared in constant
    /// time), else `None`.
    pub fn verify<'a>(&self, signed: &'a str) -> Option<&'a str> {
        let (text, tag) = signed.rsplit_once(SIGNATURE_SEP)?;
        let tag = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(tag)
            .ok()
            .filter(|t| t.len() == SIGNATURE_BYTES)?;
        self.mac(text).verify_truncated_left(&tag).ok()?;
        Some(text)
    }
}

impl Signer {
    /// The seed of server `guild`'s Crystallo daily on UTC `day`: the same for everyone
    /// there that day, and unpredictable without the bot's key (the first 64 bits of
    /// an HMAC of the server and the day), so tomorrow's deal and its hidden draw order
    /// cannot be worked out today from the public source.
    pub fn daily_seed(&self, guild: u64, day: i64) -> u64 {
        let tag = self
            .mac(&format!("crystallo-daily.{guild}.{day}"))
            .finalize()
            .into_bytes();
        u64::from_le_bytes(tag[..8].try_into().expect("an HMAC-SHA-256 has 32 bytes"))
    }
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer")
    }
}

/// The store's key for signing custom ids.
const SIGNING_KEY: &str = "custom-ids";

/// The signer of custom ids, its key read from the store once and then shared by every
/// service that signs (challenges, takebacks).
#[derive(Clone)]
pub struct Signing {
    store: crate::store::Store,
    signer: std::sync::Arc<tokio::sync::OnceCell<Signer>>,
}

impl Signing {
    pub fn new(store: crate::store::Store) -> Signing {
        Signing {
            store,
            signer: std::sync::Arc::default(),
        }
    }

    /// The signer, its key read from the store the first time.
    pub async fn signer(&self) -> Result<&Signer, crate::store::StoreError> {
        self.signer
            .get_or_try_init(|| async {
                let key = self.store.key(SIGNING_KEY).await?;
                Ok(Signer::new(&key))
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_binds_the_text_to_the_key() {
        let signer = Signer::new(b"one key");
        let signed = signer.sign("123.456.r.r.0.1700000000000");
        assert_eq!(signer.verify(&signed), Some("123.456.r.r.0.1700000000000"));
        // Another text under the same signature, the same text under another key, a
        // cut or missing signature: all refused.
        let (_, tag) = signed.rsplit_once(SIGNATURE_SEP).unwrap();
        assert_eq!(
            signer.verify(&format!("999.456.r.r.0.1700000000000~{tag}")),
            None
        );
        assert_eq!(Signer::new(b"another key").verify(&signed), None);
        assert_eq!(signer.verify(&signed[..signed.len() - 1]), None);
        assert_eq!(signer.verify("123.456.r.r.0.1700000000000"), None);
        assert_eq!(signer.verify("~"), None);
    }

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
        for v in [
            Verb::Hand,
            Verb::Resign,
            Verb::Rematch,
            Verb::Analysis,
            Verb::Accept,
        ] {
            assert!(!CustomId::new(1, 2, v).in_panel(), "{v:?}");
        }
    }

    /// "Take back" and the opponent's Allow/Decline update the message clicked (a panel,
    /// a private prompt); the request's "Answer" is on a public post.
    #[test]
    fn takeback_verbs_round_trip_and_say_where_they_are() {
        for (v, panel) in [
            (Verb::TakeBack, true),
            (Verb::TakeBackAnswer, false),
            (Verb::TakeBackAllow, true),
            (Verb::TakeBackDecline, true),
        ] {
            let id = CustomId::new(12, 34, v).with("1.1764140000000~AAAAAAAAAAAAAAAA");
            assert_eq!(CustomId::parse(&id.render()), Some(id.clone()), "{v:?}");
            assert_eq!(id.in_panel(), panel, "{v:?}");
            assert!(id.render().len() <= MAX_CUSTOM_ID);
        }
    }
}

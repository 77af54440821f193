//! A player's private notes on a match: the panel's Notes button opens a form (Discord's
//! modal) holding the note so far; its submission saves it; the panel, when opened,
//! shows it at the top. Only its writer ever reads it: it is never in a public post, in
//! the other player's panel, in an export or in a log line.

use super::Matches;
use crate::app::Outcome;
use crate::app::ids::{CustomId, Verb};
use crate::i18n::Lang;
use crate::i18n::messages::panel as p;
use crate::store::{MatchId, Millis};

/// The longest note kept (Discord's text input allows 4,000; a panel holds 2,000).
pub const MAX_NOTE: usize = 1000;

/// The notes form to show: its custom id, title, label, hint and the note so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesForm {
    pub id: String,
    pub title: String,
    pub label: String,
    pub placeholder: String,
    pub note: String,
}

impl Matches {
    /// The form for `user`'s notes on match `id`; `Err`: what to tell them instead (not
    /// their match, a store fault).
    pub async fn notes_form(&self, id: MatchId, user: u64) -> Result<NotesForm, Outcome> {
        let (loaded, _) = self.load_for(id, user).await?;
        let lang = self.directory.user_lang(user).await;
        let note = match self.store.note(id, user).await {
            Ok(n) => n.unwrap_or_default(),
            Err(e) => return Err(Outcome::private(self.faults.told(lang, Some(id), &e))),
        };
        Ok(NotesForm {
            id: CustomId::new(id, loaded.info.version, Verb::NotesSave).render(),
            title: p::notes_title(lang, id),
            label: p::notes_label(lang),
            placeholder: p::notes_placeholder(lang),
            note,
        })
    }

    /// Saves `user`'s notes on match `id` (trimmed, at most [`MAX_NOTE`] characters;
    /// empty deletes them).
    pub async fn save_notes(&self, id: MatchId, user: u64, text: &str, now: Millis) -> Outcome {
        if let Err(o) = self.load_for(id, user).await {
            return o;
        }
        let lang = self.directory.user_lang(user).await;
        let note: String = text.trim().chars().take(MAX_NOTE).collect();
        match self.store.set_note(id, user, &note, now).await {
            Ok(()) if note.is_empty() => Outcome::private(p::notes_cleared(lang, id)),
            Ok(()) => Outcome::private(p::notes_saved(lang, id)),
            Err(e) => Outcome::private(self.faults.told(lang, Some(id), &e)),
        }
    }

    /// "📝 Your note: ..." for the top of `user`'s panel, when they keep one.
    pub(super) async fn notes_line(&self, lang: Lang, id: MatchId, user: u64) -> Option<String> {
        match self.store.note(id, user).await {
            Ok(Some(n)) => Some(p::notes_line(lang, n)),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(match_id = id, "could not read a player's note: {e}");
                None
            }
        }
    }
}

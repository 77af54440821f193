//! The lessons of a lesson match (`/clans learn`), posted after the board that shows
//! what they are about, in the learner's language; each once (marked seen).

use super::Boards;
use crate::app::learn::lessons::{self, Lesson};
use crate::app::msg::Msg;
use crate::game::Event;
use crate::store::{Loaded, Player};

impl Boards {
    /// The lessons the match has reached with these `events` (its last outcome's),
    /// when it is a lesson match; nothing for any other (a lesson match is assisted, so
    /// the others cost no look-up).
    pub(crate) async fn lessons(&self, after: &Loaded, events: &[Event]) -> Vec<Msg> {
        if !after.info.assisted {
            return Vec::new();
        }
        let progress = match self.store.lessons_of_match(after.info.id).await {
            Ok(Some(p)) => p,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::warn!(match_id = after.info.id, "could not read the lessons: {e}");
                return Vec::new();
            }
        };
        let Some(seat) =
            (0..2u8).find(|&s| after.info.seats[s as usize] == Player::User(progress.user))
        else {
            return Vec::new();
        };
        let due = lessons::due(&after.rules, &after.state, seat, events, progress.seen);
        if due.is_empty() {
            return Vec::new();
        }
        let bits = due.iter().fold(0, |b, l| b | l.bit());
        // Marked before they are posted: a lesson lost to a failed post is better than
        // one repeated on every input.
        if let Err(e) = self.store.mark_lessons_seen(progress.user, bits).await {
            tracing::warn!(
                match_id = after.info.id,
                "could not save the lessons seen: {e}"
            );
            return Vec::new();
        }
        let lang = self.directory.user_lang(progress.user).await;
        let clan = after.state.setup.clans[seat as usize];
        due.into_iter()
            .map(|l: Lesson| Msg::text(lessons::say(l, lang, &after.rules, clan)))
            .collect()
    }
}

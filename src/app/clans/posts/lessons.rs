//! The lessons of a lesson match (`/clans learn`), posted after the board that shows
//! what they are about, in the learner's language; each once (marked seen), each with
//! the board as it stands and what the lesson is about outlined on it. A learner who
//! makes another legal move than the one a lesson just asked for is told, once, what
//! the lesson's move would have brought: the move is never refused.

use super::Boards;
use crate::app::clans::panel;
use crate::app::ids::{CustomId, Verb};
use crate::app::learn::lessons::{self, Lesson};
use crate::app::msg::{Button, File, Msg, Row, Style};
use crate::game::{Event, Input, Seat, State};
use crate::i18n::Lang;
use crate::i18n::messages::learn as t;
use crate::render::{self, Table};
use crate::store::{Loaded, Player};

impl Boards {
    /// What the learner is told after an input of a lesson match (`played`: who made
    /// it and what, at `before`; `None` for the deal): the detour, when they answered
    /// a lesson's request with another move, then the lessons the match has reached
    /// with these `events` (its last outcome's). Nothing for any other match (a
    /// lesson match is assisted, so the others cost no look-up).
    pub(crate) async fn lessons(
        &self,
        before: &State,
        after: &Loaded,
        played: Option<(Seat, &Input)>,
        events: &[Event],
    ) -> Vec<Msg> {
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
        let lang = self.directory.user_lang(progress.user).await;
        let names = self.directory.names(after).await;
        let mut posts = Vec::new();
        // The learner's answer to the lesson that asked for a move: judged once.
        let answered = played.filter(|&(s, _)| s == seat).map(|(_, input)| input);
        let asked = Lesson::of_bit(progress.asked).filter(|_| answered.is_some());
        if let (Some(lesson), Some(input)) = (asked, answered)
            && !lesson.followed(input)
        {
            let players = panel::panel_names(&names);
            let named = Some([players[0].as_str(), players[1].as_str()]);
            let (_, did) = panel::describe(lang, named, &after.rules, before, seat, input);
            let did = did.trim_end_matches(['.', '!']).to_string();
            posts.push(Msg::text(lessons::detour(lesson, lang, did)));
        }
        let due = lessons::due(&after.rules, &after.state, seat, events, progress.seen);
        let now_asked = match lessons::asking(&due) {
            Some(l) => l.bit(),
            None if asked.is_some() => 0,
            None => progress.asked,
        };
        if due.is_empty() && now_asked == progress.asked {
            return posts;
        }
        let bits = due.iter().fold(0, |b, l| b | l.bit());
        // Marked before they are posted: a lesson lost to a failed post is better than
        // one repeated on every input.
        if let Err(e) = self
            .store
            .lessons_shown(progress.user, bits, now_asked)
            .await
        {
            tracing::warn!(
                match_id = after.info.id,
                "could not save the lessons seen: {e}"
            );
            return posts;
        }
        let clan = after.state.setup.clans[seat as usize];
        for lesson in due {
            let mut msg = Msg::text(lessons::say(lesson, lang, &after.rules, clan));
            let marks = lessons::marks(lesson, &after.rules, &after.state, seat, events);
            if !marks.is_empty() {
                msg.files
                    .extend(self.marked_board(after, &names, lang, &marks, lesson).await);
            }
            if lesson == Lesson::End {
                // A rematch of a lesson match is a real one: the beginner AI, a new
                // deal, the same clans, no lessons.
                let id = CustomId::new(after.info.id, after.info.version, Verb::Rematch);
                msg.rows = vec![Row::Buttons(vec![Button::new(
                    id.render(),
                    t::learn_real_match(lang),
                    Style::Success,
                )])];
            }
            posts.push(msg);
        }
        posts
    }

    /// The board as it stands with `marks` outlined, for a lesson's post (none without
    /// images, or when it cannot be drawn: the lesson's words stand alone).
    async fn marked_board(
        &self,
        after: &Loaded,
        names: &[String; 2],
        lang: Lang,
        marks: &render::Marks,
        lesson: Lesson,
    ) -> Option<File> {
        if !self.images {
            return None;
        }
        let (rules, theme, names) = (after.rules.clone(), self.theme.clone(), names.clone());
        let view = after.state.view(&rules, None);
        let marks = marks.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let t = Table {
                rules: &rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            };
            render::board_marked(&t, &view, &marks)
                .map(|i| (i.png, render::alt::board_marked(&t, &view, &marks)))
        })
        .await;
        match drawn {
            Ok(Ok((png, alt))) => Some(File {
                name: format!(
                    "lesson-{}-{}.png",
                    after.info.id,
                    lesson.bit().trailing_zeros()
                ),
                png,
                alt,
            }),
            Ok(Err(e)) => {
                tracing::error!(match_id = after.info.id, "a lesson's board: {e}");
                None
            }
            Err(e) => {
                tracing::error!(match_id = after.info.id, "a lesson's board renderer: {e}");
                None
            }
        }
    }
}

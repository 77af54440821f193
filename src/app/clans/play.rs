//! Playing a match: the private panel (what the clicker must answer, composed part by
//! part in `panel/`), an input played, the hand, resigning, the post that ends a match
//! and its rematch. The clicker's seat always comes from the stored match
//! (`load_for`), never from the interaction.

use super::Matches;
use crate::app::clans::following::Played;
use crate::app::clans::panel::{self, Nav};
use crate::app::ids::{CustomId, Verb};
use crate::app::msg::{Button, File, MAX_CONTENT, Msg, Row, Style, clip};
use crate::app::{Challenge, Outcome, Place};
use crate::game::{Question, Seat};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, names};
use crate::render::{self, Table};
use crate::store::{Clock, Loaded, MatchId, Millis, Player, Reason, StoreError};

/// The seat `user` plays in the match, if any.
pub(crate) fn seat_of(loaded: &Loaded, user: u64) -> Option<Seat> {
    loaded
        .info
        .seats
        .iter()
        .position(|p| *p == Player::User(user))
        .map(|s| s as Seat)
}

impl Matches {
    pub(super) async fn load_for(
        &self,
        match_id: MatchId,
        user: u64,
    ) -> Result<(Loaded, Seat), Outcome> {
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => {
                let lang = self.directory.user_lang(user).await;
                return Err(Outcome::private(self.faults.told(lang, Some(match_id), &e)));
            }
        };
        let Some(seat) = seat_of(&loaded, user) else {
            let lang = self.directory.user_lang(user).await;
            return Err(Outcome::private(p::not_your_match(lang, match_id)));
        };
        Ok((loaded, seat))
    }

    /// The private panel of `user` in a match ("Take your turn", "Pick battle card").
    pub async fn panel(
        &self,
        match_id: MatchId,
        version: Option<i64>,
        user: u64,
        nav: Nav,
    ) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        // A step of an old panel names choices of an old position: start afresh (an
        // overview, a refresh, is always of the current position).
        let stale = version.is_some_and(|v| v != loaded.info.version) && nav != Nav::Overview;
        let players = panel::panel_names(&self.directory.names(&loaded).await);
        let nav = if stale { Nav::Overview } else { nav };
        let mut msg = self.panel_msg(lang, &players, &loaded, seat, nav);
        if stale {
            msg.content = format!("{}\n{}", p::button_out_of_date(lang), msg.content);
        }
        if let Some(line) = self.taken_back_line(lang, &loaded, seat).await {
            msg.content = clip(&format!("{line}\n{}", msg.content), MAX_CONTENT);
        }
        // The player's own notes, when the panel is opened (not at each step).
        if nav == Nav::Overview
            && let Some(line) = self.notes_line(lang, match_id, user).await
        {
            msg.content = clip(&format!("{line}\n{}", msg.content), MAX_CONTENT);
        }
        Outcome {
            reply: Some(msg),
            replaces: true,
            // An AI turn cut short (a fault, or a stop of the bot) resumes now, so the
            // match never waits for an AI that nobody runs.
            ai: self.ai_next(&loaded),
            ..Outcome::default()
        }
    }

    /// The panel of `seat` in `lang`: what they must answer, their hand, and the step
    /// `nav` of the walk (or, when they do not act now, what they wait for); `players`
    /// name the homes, as on the board ([`panel::panel_names`]).
    pub(super) fn panel_msg(
        &self,
        lang: Lang,
        players: &[String; 2],
        loaded: &Loaded,
        seat: Seat,
        nav: Nav,
    ) -> Msg {
        let players_names = players;
        let players = Some([players[0].as_str(), players[1].as_str()]);
        let (state, rules, id) = (&loaded.state, &*loaded.rules, loaded.info.id);
        let pending = state.pending();
        let finished = loaded.info.status == crate::store::Status::Finished;
        if finished || matches!(pending.question, Question::GameOver { .. }) {
            return Msg::text(p::match_over(lang, id));
        }
        let question = crate::i18n::questions::question(lang, &pending.question);
        let card_names = |cards: &mut dyn Iterator<Item = &crate::game::view::CardView>| {
            cards
                .map(|c| names::card(lang, &rules.pack.cards[c.kind as usize]).to_string())
                .collect::<Vec<_>>()
        };
        if !state.waits_for(seat) {
            // No dead buttons: one that brings this panel up to date (when it is the
            // player's move again, it shows the question here, in the same message).
            let refresh =
                CustomId::new(id, loaded.info.version, Verb::Turn).with(Nav::Overview.arg());
            return Msg {
                rows: vec![Row::Buttons(vec![Button::new(
                    refresh.render(),
                    p::button_refresh(lang),
                    Style::Secondary,
                )])],
                ..Msg::text(p::panel_nothing_to_do(lang, id, question))
            };
        }
        let own = state.view(rules, Some(seat));
        let mut lines = vec![p::panel_header(
            lang,
            id,
            question,
            crate::render::alt::initiative_to(
                lang,
                [players_names[0].as_str(), players_names[1].as_str()],
                state.token,
                seat,
            ),
        )];
        if let Some(hand) = &own.hand {
            let names = card_names(&mut hand.iter());
            lines.push(p::panel_hand(
                lang,
                if names.is_empty() {
                    p::panel_hand_empty(lang)
                } else {
                    names.join(", ")
                },
            ));
        }
        if pending.question == Question::BattleCard
            && own.hand.as_ref().is_some_and(|h| h.is_empty())
        {
            lines.push(p::panel_battle_card_from_draw(lang));
        }
        if let Question::MayDraw { max } = pending.question {
            lines.push(p::panel_may_draw_why(lang, max));
        }
        if !own.peek.is_empty() {
            let names = card_names(&mut own.peek.iter());
            lines.push(p::panel_may_look(lang, names.join(", ")));
        }
        let choices = panel::choices(lang, players, rules, state, seat);
        let screen = panel::step(
            &panel::Panel {
                lang,
                players,
                rules,
                state,
                seat,
                match_id: id,
                version: loaded.info.version,
                choices: &choices,
                // Against the AI only: between people a hint is outside help.
                hints: super::hint::offers_hints(&loaded.info),
            },
            nav,
        );
        lines.push(screen.prompt);
        Msg {
            content: clip(&lines.join("\n"), MAX_CONTENT),
            rows: screen.rows,
            ..Msg::default()
        }
    }

    /// Plays the legal choice `index` for `user` at `version`.
    pub async fn play(&self, match_id: MatchId, version: i64, user: u64, index: usize) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        let players = panel::panel_names(&self.directory.names(&loaded).await);
        let stale = |loaded: &Loaded| {
            let mut m = self.panel_msg(lang, &players, loaded, seat, Nav::Overview);
            m.content = format!("{}\n{}", p::panel_out_of_date(lang), m.content);
            Outcome {
                reply: Some(m),
                replaces: true,
                ..Outcome::default()
            }
        };
        if loaded.info.status == crate::store::Status::Finished {
            return Outcome {
                replaces: true,
                ..Outcome::private(p::match_over(lang, match_id))
            };
        }
        if loaded.info.version != version {
            return stale(&loaded);
        }
        let legal = loaded.state.legal(&loaded.rules, seat);
        let Some(input) = legal.get(index).cloned() else {
            return Outcome::private(p::choice_not_available(lang));
        };
        let named = Some([players[0].as_str(), players[1].as_str()]);
        let (_, label) = panel::describe(lang, named, &loaded.rules, &loaded.state, seat, &input);
        let now = crate::store::now_ms();
        let deadlines = loaded.info.terms.deadlines(now);
        let sub = match self
            .store
            .submit_many(match_id, version, &[(seat, input)], Some(deadlines))
            .await
        {
            Ok(s) => s,
            Err(StoreError::Stale { .. }) => match self.store.load(match_id).await {
                Ok(l) => return stale(&l),
                Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
            },
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let info = crate::store::MatchInfo {
            version: sub.version,
            deadlines: sub.deadlines,
            ..loaded.info.clone()
        };
        let after = Loaded {
            info,
            state: sub.state.clone(),
            rules: loaded.rules.clone(),
        };
        let played = Played {
            at_version: version,
            seat,
            events: &sub.events,
        };
        let caught = self.following.catch_up(&after, Some(played)).await;
        // Without the kept match (its log unreadable, logged), the board tells this
        // input's events and no takeback is offered.
        let log = caught.as_ref().map_or(&sub.events[..], |c| &c.log[..]);
        let public = self
            .boards
            .after_input(&loaded.state, &after, (seat, &input), &sub.events, log)
            .await;
        // The panel in its new state: the next question while the player still acts,
        // else what they wait for (no dead buttons).
        let next = self.panel_msg(lang, &players, &after, seat, Nav::Overview);
        let mut reply = Msg {
            content: clip(
                &format!(
                    "{}\n{}",
                    p::panel_done(lang, label.trim_end_matches(['.', '!'])),
                    next.content
                ),
                MAX_CONTENT,
            ),
            ..next
        };
        if let Some(c) = &caught {
            self.offer_takeback(lang, &after, seat, &c.takebacks, &mut reply)
                .await;
        }
        Outcome {
            reply: Some(reply),
            replaces: true,
            public,
            ai: self.ai_next(&after),
            replay: self.replays.replay_after(&after),
            ..Outcome::in_match(&after.info)
        }
    }

    /// The user's hand, privately (image and names).
    pub async fn hand(&self, match_id: MatchId, user: u64) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let names = self.directory.names(&loaded).await;
        let lang = self.directory.user_lang(user).await;
        let view = loaded.state.view(&loaded.rules, Some(seat));
        let list: Vec<String> = view
            .hand
            .iter()
            .flatten()
            .map(|c| panel::card_line(lang, &loaded.rules.pack.cards[c.kind as usize]))
            .collect();
        let rules = loaded.rules.clone();
        let theme = self.theme.clone();
        // The abilities and effects the cards name, explained: in the text, where a
        // phone shows them at full size, not at the foot of the image (and whether or
        // not the image could be drawn).
        let glossary = render::hand_glossary(
            &Table {
                rules: &rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            },
            &view,
        );
        let png = tokio::task::spawn_blocking(move || {
            let t = Table {
                rules: &rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            };
            let alt = render::alt::hand(&t, &view);
            render::hand(&t, &view).map(|i| (i.png, alt))
        })
        .await
        .ok()
        .and_then(|r| r.ok());
        let mut text = p::hand_text(
            lang,
            match_id,
            if list.is_empty() {
                p::panel_hand_empty(lang)
            } else {
                list.join(", ")
            },
        );
        // Effects are named in lower case on the cards ("draw 1"); a line starts with a
        // capital, as the abilities' lines do.
        let capital = render::alt::capital;
        for (term, meaning) in glossary {
            text.push_str(&format!("\n**{}:** {}", capital(&term), capital(&meaning)));
        }
        let mut msg = Msg::text(clip(&text, crate::app::msg::MAX_CONTENT));
        if let Some((png, alt)) = png {
            msg.files.push(File {
                name: "hand.png".into(),
                png,
                alt,
            });
        }
        // The hand's message can become the player's panel (a click in it updates it),
        // so "My hand" does not leave a second private message beside the panel.
        let open =
            CustomId::new(match_id, loaded.info.version, Verb::Turn).with(Nav::Overview.arg());
        msg.rows = vec![Row::Buttons(vec![Button::new(
            open.render(),
            p::button_my_panel(lang),
            Style::Primary,
        )])];
        Outcome {
            reply: Some(msg),
            ..Outcome::default()
        }
    }

    /// A confirmation panel before resigning.
    pub async fn ask_resign(&self, match_id: MatchId, user: u64) -> Outcome {
        let (loaded, _) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        // An old Resign button of a finished match asked "Really resign?" and then
        // answered that the match is over: say so at once.
        if loaded.info.status == crate::store::Status::Finished {
            return Outcome::private(p::match_over(lang, match_id));
        }
        Outcome {
            reply: Some(Msg {
                content: crate::i18n::messages::really_resign(lang, match_id),
                rows: vec![Row::Buttons(vec![Button::new(
                    CustomId::new(match_id, loaded.info.version, Verb::ResignYes).render(),
                    crate::i18n::messages::button_yes_resign(lang),
                    Style::Danger,
                )])],
                ..Msg::default()
            }),
            ..Outcome::default()
        }
    }

    /// Resigns `user` from a match (any version: a resignation always applies).
    pub async fn resign(&self, match_id: MatchId, user: u64) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let winner = 1 - seat;
        match self
            .store
            .finish(match_id, None, Some(winner), Reason::Resign)
            .await
        {
            Ok(_) => {
                let public_lang = self.directory.public_lang(loaded.info.guild).await;
                let line = self
                    .boards
                    .winner_line(&loaded, winner, Reason::Resign, public_lang)
                    .await;
                let lang = self.directory.user_lang(user).await;
                Outcome {
                    reply: Some(Msg::text(crate::i18n::messages::you_resigned(lang))),
                    replaces: true,
                    public: vec![self.end_post(public_lang, &loaded, &line)],
                    replay: self.images.then_some(match_id),
                    ..Outcome::in_match(&loaded.info)
                }
            }
            Err(e) => Outcome::private(self.faults.told(
                self.directory.user_lang(user).await,
                Some(match_id),
                &e,
            )),
        }
    }

    /// The post that ends a match (`line` says how, in `lang`), with its Rematch and
    /// Analysis buttons. It becomes the match's live board: the board before it loses
    /// its buttons (regression: after a resignation, a timeout or a moderator's void, the
    /// last board still offered Take your turn and Resign).
    pub(crate) fn end_post(&self, lang: Lang, loaded: &Loaded, line: &str) -> Msg {
        Msg {
            content: line.to_string(),
            rows: vec![Row::Buttons(vec![
                Button::new(
                    CustomId::new(loaded.info.id, loaded.info.version, Verb::Rematch).render(),
                    crate::i18n::messages::button_rematch(lang),
                    Style::Success,
                ),
                Button::new(
                    CustomId::new(loaded.info.id, loaded.info.version, Verb::Analysis).render(),
                    crate::i18n::messages::button_analysis(lang),
                    Style::Secondary,
                ),
            ])],
            board_of: Some(loaded.info.id),
            ..Msg::default()
        }
    }

    /// A rematch of a finished match, each side keeping its clan: a new challenge to
    /// the other player, or against the AI a new match at once (same level, in the same
    /// thread or channel).
    pub async fn rematch(&self, match_id: MatchId, user: u64, now: Millis) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        if loaded.info.status != crate::store::Status::Finished {
            return Outcome::private(p::match_not_over(lang, match_id));
        }
        let clans = loaded.info.setup.clans;
        let (mine, theirs) = (clans[seat as usize], clans[1 - seat as usize]);
        let other = match loaded.info.seats[1 - seat as usize] {
            Player::User(other) => other,
            Player::Ai(level) => {
                let place = Place {
                    guild: loaded.info.guild,
                    channel: loaded.info.channel,
                    reach: loaded.info.reach,
                };
                let mut out = self
                    .challenges
                    .play_ai(
                        user,
                        level,
                        [Some(mine), Some(theirs)],
                        place,
                        loaded.info.thread,
                        now,
                    )
                    .await;
                if let (Some(id), None) = (out.created, &out.reply) {
                    out.reply = Some(Msg::text(p::rematch_ai_begins(lang, id)));
                }
                return out;
            }
        };
        self.challenges
            .challenge(
                Challenge {
                    challenger: user,
                    opponent: Some(other),
                    clans: [Some(mine), Some(theirs)],
                    mulligan: loaded.info.setup.mulligan,
                    timeout: match loaded.info.terms.clock {
                        Clock::Turn => loaded.info.terms.timeout_minutes,
                        _ => None,
                    },
                    deadline_hour: match loaded.info.terms.clock {
                        Clock::Daily { hour, .. } => Some(hour),
                        _ => None,
                    },
                    bank_days: match loaded.info.terms.clock {
                        Clock::Bank { minutes, .. } => {
                            u8::try_from(minutes / (24 * 60)).ok().filter(|&d| d > 0)
                        }
                        _ => None,
                    },
                    expires: 0,
                },
                loaded.info.guild,
                now,
            )
            .await
    }
}

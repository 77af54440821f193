//! Moderators' actions (`/clans-admin`, Manage Server): void a match, award it to a
//! player, pause, resume or extend its clock, end a league early; list the stalled
//! matches and read the audit log.
//!
//! Every action goes in two steps. Asking checks the target and writes the action to
//! the audit log with its reason (`Store::ask_moderation`); the moderator then reads
//! what follows and confirms or cancels. Deciding claims the logged action once
//! (`Store::decide_moderation`), so a double click or a second bot process acts once;
//! what came of it is logged too. The players read the action and its reason where
//! they play (the match's thread, the league's channel), pinged.

use super::clans::Matches;
use super::clans::posts::Boards;
use super::directory::Directory;
use super::failures::Faults;
use super::league::Leagues;
use super::msg::{Button, Msg, Row, Style};
use super::{Outcome, duration_in, mention};
use crate::i18n::Lang;
use crate::i18n::messages::moderation as t;
use crate::store::{
    Decision, Loaded, MatchId, Millis, ModAction, Moderation, NewModeration, Player, Reason,
    Status, Store, StoreError,
};
use std::sync::Arc;

/// The custom ids' prefix of a confirmation's buttons: `mod:<action>:yes|no`.
pub const PREFIX: &str = "mod";

/// The longest reason kept (the players read it in a post).
pub const MAX_REASON: usize = 300;

/// Who acts, where, and whether Discord says they may manage the server.
#[derive(Debug, Clone, Copy)]
pub struct Moderator {
    pub user: u64,
    pub guild: Option<u64>,
    pub manager: bool,
}

/// What a moderator asks to do to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchAct {
    Void,
    Pause,
    Resume,
    Extend {
        minutes: u32,
    },
    /// A win on time for this user.
    Award {
        winner: u64,
    },
}

/// A confirmation's button: the action it decides and whether it confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecideId {
    pub action: i64,
    pub confirm: bool,
}

impl DecideId {
    pub fn render(self) -> String {
        let yes = if self.confirm { "yes" } else { "no" };
        format!("{PREFIX}:{}:{yes}", self.action)
    }

    pub fn parse(s: &str) -> Option<DecideId> {
        let mut parts = s.split(':');
        if parts.next()? != PREFIX {
            return None;
        }
        let action = parts.next()?.parse().ok()?;
        let confirm = match parts.next()? {
            "yes" => true,
            "no" => false,
            _ => return None,
        };
        parts
            .next()
            .is_none()
            .then_some(DecideId { action, confirm })
    }
}

/// Why a confirmed action changed nothing, as the audit log keeps it.
mod why {
    pub const OVER: &str = "over";
    pub const NOT_PAUSED: &str = "not-paused";
    pub const PAUSED: &str = "paused";
    pub const NO_DEADLINE: &str = "no-deadline";
    pub const NOT_RUNNING: &str = "not-running";
    pub const DONE: &str = "done";
    pub const CANCELLED: &str = "cancelled";
}

pub struct Moderators {
    store: Store,
    directory: Directory,
    faults: Faults,
    boards: Arc<Boards>,
    matches: Arc<Matches>,
    leagues: Arc<Leagues>,
}

impl Moderators {
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        boards: Arc<Boards>,
        matches: Arc<Matches>,
        leagues: Arc<Leagues>,
    ) -> Moderators {
        Moderators {
            store,
            directory,
            faults,
            boards,
            matches,
            leagues,
        }
    }

    /// The server a moderator may act in, or what to tell them.
    async fn server(&self, who: Moderator) -> Result<(u64, Lang), Outcome> {
        let lang = self.directory.user_lang(who.user).await;
        match who.guild {
            None => Err(Outcome::private(t::mod_only_in_server(lang))),
            Some(_) if !who.manager => Err(Outcome::private(t::mod_only_managers(lang))),
            Some(g) => Ok((g, lang)),
        }
    }

    /// What every action asks first: the server and the moderator's language, and the
    /// reason as the players will read it.
    async fn asked(&self, who: Moderator, reason: &str) -> Result<(u64, Lang, String), Outcome> {
        let (guild, lang) = self.server(who).await?;
        match clean_reason(reason) {
            Some(reason) => Ok((guild, lang, reason)),
            None => Err(Outcome::private(t::mod_reason_empty(lang))),
        }
    }

    /// Match `id` if it is an active match of `guild`; else what to tell the moderator
    /// (a match of another server is "no such match": its existence is not theirs).
    async fn active_match(&self, lang: Lang, guild: u64, id: MatchId) -> Result<Loaded, String> {
        match self.store.load(id).await {
            Ok(l) if l.info.guild != Some(guild) => Err(t::mod_no_match(lang, id)),
            Ok(l) if l.info.status == Status::Finished => Err(t::mod_match_over(lang, id)),
            Ok(l) => Ok(l),
            Err(StoreError::NotFound(_)) => Err(t::mod_no_match(lang, id)),
            Err(e) => Err(self.faults.told(lang, Some(id), &e)),
        }
    }

    /// `/clans-admin void|pause|resume|extend|award`: checks the match and the act,
    /// logs it as asked, and answers with what it would do and its two buttons.
    pub async fn ask_match(
        &self,
        who: Moderator,
        id: MatchId,
        act: MatchAct,
        reason: &str,
        now: Millis,
    ) -> Outcome {
        let (guild, lang, reason) = match self.asked(who, reason).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let loaded = match self.active_match(lang, guild, id).await {
            Ok(l) => l,
            Err(why) => return Outcome::private(why),
        };
        let players = self.players(&loaded).await;
        let in_league = match self.store.league_of_match(id).await {
            Ok(l) => l.is_some(),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        };
        let held = match self.store.held_by_moderator(id).await {
            Ok(h) => h.is_some(),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        };
        let (action, detail, prompt, button) = match act {
            MatchAct::Void => (
                ModAction::Void,
                None,
                t::mod_ask_void(lang, id, players),
                t::mod_button_void(lang, id),
            ),
            MatchAct::Award { winner } => {
                let Some(seat) = loaded
                    .info
                    .seats
                    .iter()
                    .position(|p| *p == Player::User(winner))
                else {
                    let name = self.directory.display_name(winner).await;
                    return Outcome::private(t::mod_not_a_player(lang, name, id));
                };
                (
                    ModAction::Award,
                    Some(seat as i64),
                    t::mod_ask_award(lang, id, mention(winner), players),
                    t::mod_button_award(lang, self.directory.display_name(winner).await),
                )
            }
            MatchAct::Pause | MatchAct::Extend { .. } if in_league => {
                return Outcome::private(t::mod_league_match(lang, id));
            }
            MatchAct::Pause if held => return Outcome::private(t::mod_already_paused(lang, id)),
            MatchAct::Pause => (
                ModAction::Pause,
                None,
                t::mod_ask_pause(lang, id, players),
                t::mod_button_pause(lang),
            ),
            MatchAct::Resume if !held => return Outcome::private(t::mod_not_paused(lang, id)),
            MatchAct::Resume => (
                ModAction::Resume,
                None,
                t::mod_ask_resume(lang, id, players),
                t::mod_button_resume(lang),
            ),
            MatchAct::Extend { minutes } => {
                if !loaded.info.terms.has_forfeit() {
                    return Outcome::private(t::mod_no_deadline(lang, id));
                }
                let more = duration_in(lang, minutes);
                let prompt = match loaded.info.deadlines.timeout_at {
                    Some(at) => t::mod_ask_extend(
                        lang,
                        id,
                        more.clone(),
                        players,
                        at / 1000,
                        (at + minutes as Millis * 60_000) / 1000,
                    ),
                    None => t::mod_ask_extend_paused(lang, id, more.clone(), players),
                };
                (
                    ModAction::Extend,
                    Some(minutes as i64),
                    prompt,
                    t::mod_button_extend(lang, more),
                )
            }
        };
        let new = NewModeration {
            guild,
            moderator: who.user,
            action,
            match_id: Some(id),
            league_id: None,
            detail,
            reason: reason.clone(),
        };
        let told = t::mod_ask_told(lang, reason);
        self.logged_prompt(lang, &new, format!("{prompt}\n{told}"), button, now)
            .await
    }

    /// `/clans-admin end-league`: checks that the league runs, logs the action as
    /// asked, and answers with what it would do and its two buttons.
    pub async fn ask_end_league(
        &self,
        who: Moderator,
        name: &str,
        reason: &str,
        now: Millis,
    ) -> Outcome {
        let (guild, lang, reason) = match self.asked(who, reason).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let (league, rounds) = match self.leagues.running(lang, guild, name).await {
            Ok(x) => x,
            Err(why) => return Outcome::private(why),
        };
        let prompt = format!(
            "{}\n{}",
            t::mod_ask_end_league(lang, league.name.clone(), league.round, rounds),
            t::mod_ask_told_league(lang, reason.clone())
        );
        let new = NewModeration {
            guild,
            moderator: who.user,
            action: ModAction::EndLeague,
            match_id: None,
            league_id: Some(league.id),
            detail: None,
            reason,
        };
        let button = t::mod_button_end_league(lang, league.name);
        self.logged_prompt(lang, &new, prompt, button, now).await
    }

    /// Logs `new` as asked; the moderator's private prompt with Confirm (`button`) and
    /// Cancel.
    async fn logged_prompt(
        &self,
        lang: Lang,
        new: &NewModeration,
        prompt: String,
        button: String,
        now: Millis,
    ) -> Outcome {
        let asked = match self.store.ask_moderation(new, now).await {
            Ok(m) => m,
            Err(e) => return Outcome::private(self.faults.told(lang, new.match_id, &e)),
        };
        let id = |confirm| {
            DecideId {
                action: asked.id,
                confirm,
            }
            .render()
        };
        Outcome {
            reply: Some(Msg {
                rows: vec![Row::Buttons(vec![
                    Button::new(id(true), button, Style::Danger),
                    Button::new(id(false), t::mod_button_cancel(lang), Style::Secondary),
                ])],
                ..Msg::text(prompt)
            }),
            ..Outcome::default()
        }
    }

    /// A click on a confirmation's button: the action is decided once (the others
    /// find it decided), then done and its outcome logged. The answer replaces the
    /// confirmation; the players' post goes where they play.
    pub async fn decide(&self, who: Moderator, id: DecideId, now: Millis) -> Outcome {
        let (_, lang) = match self.server(who).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let outcome = (!id.confirm).then_some(why::CANCELLED);
        let decided = self
            .store
            .decide_moderation(id.action, who.user, outcome, now)
            .await;
        let answer = |text: String, out: Outcome| Outcome {
            reply: Some(Msg::text(text)),
            replaces: true,
            ..out
        };
        let m = match decided {
            Ok(Decision::Claimed(m)) => m,
            Ok(Decision::Already(m)) => {
                let text = if m.outcome.as_deref() == Some(why::CANCELLED) {
                    t::mod_already_cancelled(lang, m.id)
                } else {
                    t::mod_already_done(lang, m.id)
                };
                return answer(text, Outcome::default());
            }
            Ok(Decision::Unknown) => {
                return answer(t::mod_unknown_action(lang), Outcome::default());
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if !id.confirm {
            return answer(t::mod_cancelled(lang), Outcome::default());
        }
        let (code, out) = match self.act(&m, now).await {
            Ok(out) => (why::DONE, out),
            Err(ActError::Nothing(code)) => (code, Outcome::default()),
            Err(ActError::Store(e)) => {
                // Decided but not done: logged as such, so the moderator asks again.
                let _ = self.store.settle_moderation(m.id, "failed").await;
                return Outcome::private(self.faults.told(lang, m.asked.match_id, &e));
            }
        };
        if let Err(e) = self.store.settle_moderation(m.id, code).await {
            tracing::warn!(action = m.id, "could not log a moderator's action: {e}");
        }
        let what = self.what(lang, &m).await;
        let text = if code == why::DONE {
            t::mod_done(lang, what, m.id)
        } else {
            t::mod_nothing_changed(lang, self.why_words(lang, &m, code).await)
        };
        answer(text, out)
    }

    /// Does confirmed action `m`; the players' posts.
    async fn act(&self, m: &Moderation, now: Millis) -> Result<Outcome, ActError> {
        match (m.asked.match_id, m.asked.league_id) {
            (Some(id), _) => self.act_on_match(m, id, now).await,
            (None, Some(league)) => {
                let a = &m.asked;
                let name = self.league_name(league).await;
                let (moderator, reason) = (mention(a.moderator), a.reason.clone());
                let head = |lang| t::mod_post_end_league(lang, moderator, name, reason);
                self.leagues
                    .end_early(league, head, now)
                    .await?
                    .ok_or(ActError::Nothing(why::NOT_RUNNING))
            }
            (None, None) => Err(ActError::Nothing(why::OVER)),
        }
    }

    async fn league_name(&self, league: i64) -> String {
        match self.store.league(league).await {
            Ok(Some(l)) => l.name,
            _ => format!("#{league}"),
        }
    }

    /// Does confirmed action `m` on match `id`.
    async fn act_on_match(
        &self,
        m: &Moderation,
        id: MatchId,
        now: Millis,
    ) -> Result<Outcome, ActError> {
        let a = &m.asked;
        let moderator = mention(a.moderator);
        let reason = a.reason.clone();
        let loaded = match self.store.load(id).await {
            Ok(l) if l.info.status == Status::Active => l,
            Ok(_) | Err(StoreError::NotFound(_)) => return Err(ActError::Nothing(why::OVER)),
            Err(e) => return Err(e.into()),
        };
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let users: Vec<u64> = loaded.info.seats.iter().filter_map(|p| p.user()).collect();
        let pinged = users
            .iter()
            .map(|&u| mention(u))
            .collect::<Vec<_>>()
            .join(" ");
        let post = |content: String| Msg {
            pings: users.clone(),
            ..Msg::text(content)
        };
        let public = match a.action {
            ModAction::Void => {
                self.end(id, None, Reason::Abandoned).await?;
                let line = t::mod_post_void(lang, id, moderator, reason, pinged);
                vec![Msg {
                    pings: users.clone(),
                    ..self.matches.end_post(lang, &loaded, &line)
                }]
            }
            ModAction::Award => {
                let seat = a.detail.unwrap_or_default() as u8;
                self.end(id, Some(seat), Reason::Timeout).await?;
                let winner = match loaded.info.seats[seat as usize] {
                    Player::User(u) => mention(u),
                    p => self.directory.name_of(lang, p, seat),
                };
                let line = format!(
                    "{}\n{}",
                    self.boards
                        .winner_line(&loaded, seat, Reason::Timeout, lang)
                        .await,
                    t::mod_post_award(lang, moderator, id, winner, reason)
                );
                vec![Msg {
                    pings: users.clone(),
                    ..self.matches.end_post(lang, &loaded, &line)
                }]
            }
            ModAction::Pause => {
                if !self.store.hold_clock(id, now).await? {
                    return Err(ActError::Nothing(why::PAUSED));
                }
                vec![post(t::mod_post_pause(lang, moderator, id, reason, pinged))]
            }
            ModAction::Resume => {
                let waiting: Vec<u64> = loaded
                    .state
                    .waiting()
                    .iter()
                    .filter_map(|&s| loaded.info.seats[s as usize].user())
                    .collect();
                if !self.store.release_clock(id, &waiting, now).await? {
                    return Err(ActError::Nothing(why::NOT_PAUSED));
                }
                let info = self.store.info(id).await?;
                let deadline = match (info.deadlines.timeout_at, info.terms.has_forfeit()) {
                    (Some(at), _) => t::mod_deadline(lang, at / 1000),
                    (None, true) if self.store.paused_since(id).await?.is_some() => {
                        t::mod_deadline_away(lang)
                    }
                    (None, _) => t::mod_deadline_none(lang),
                };
                vec![post(t::mod_post_resume(
                    lang, moderator, id, reason, deadline, pinged,
                ))]
            }
            ModAction::Extend => {
                let minutes = a.detail.unwrap_or_default() as u32;
                let Some(at) = self.store.extend_deadline(id, minutes, now).await? else {
                    return Err(ActError::Nothing(why::NO_DEADLINE));
                };
                let deadline = t::mod_deadline(lang, at / 1000);
                vec![post(t::mod_post_extend(
                    lang,
                    moderator,
                    id,
                    duration_in(lang, minutes),
                    reason,
                    deadline,
                    pinged,
                ))]
            }
            // Logged with a match, an end-league action is damaged: nothing to do.
            ModAction::EndLeague => return Err(ActError::Nothing(why::OVER)),
        };
        Ok(Outcome {
            public,
            ..Outcome::in_match(&loaded.info)
        })
    }

    /// Ends match `id` as a moderator decided; a match that ended meanwhile (its last
    /// move, a resignation) changes nothing.
    async fn end(&self, id: MatchId, winner: Option<u8>, reason: Reason) -> Result<(), ActError> {
        match self.store.finish(id, None, winner, reason).await {
            Ok(_) => Ok(()),
            Err(StoreError::Finished(_)) => Err(ActError::Nothing(why::OVER)),
            Err(e) => Err(e.into()),
        }
    }

    /// "Ana vs Ben" (names, no pings: the moderator's prompt).
    async fn players(&self, loaded: &Loaded) -> String {
        let [a, b] = self.directory.names(loaded).await;
        format!("{a} vs {b}")
    }

    /// What action `m` did, in words ("void match #7").
    async fn what(&self, lang: Lang, m: &Moderation) -> String {
        let a = &m.asked;
        let id = a.match_id.or(a.league_id).unwrap_or_default();
        match a.action {
            ModAction::Void => t::mod_what_void(lang, id),
            ModAction::Pause => t::mod_what_pause(lang, id),
            ModAction::Resume => t::mod_what_resume(lang, id),
            ModAction::Extend => {
                let minutes = a.detail.unwrap_or_default() as u32;
                t::mod_what_extend(lang, id, duration_in(lang, minutes))
            }
            ModAction::EndLeague => t::mod_what_end_league(lang, id),
            ModAction::Award => {
                let seat = a.detail.unwrap_or_default() as usize;
                let winner = match self
                    .store
                    .info(id)
                    .await
                    .map(|i| i.seats.get(seat).copied())
                {
                    Ok(Some(Player::User(u))) => mention(u),
                    Ok(Some(p)) => self.directory.name_of(lang, p, seat as u8),
                    _ => "?".into(),
                };
                t::mod_what_award(lang, id, winner)
            }
        }
    }

    /// Why confirmed action `m` changed nothing (`code`, as logged), in words.
    async fn why_words(&self, lang: Lang, m: &Moderation, code: &str) -> String {
        let id = m.asked.match_id.unwrap_or_default();
        match (code, m.asked.league_id) {
            (why::PAUSED, _) => t::mod_already_paused(lang, id),
            (why::NOT_PAUSED, _) => t::mod_not_paused(lang, id),
            (why::NO_DEADLINE, _) => t::mod_no_deadline(lang, id),
            (why::NOT_RUNNING, Some(league)) => {
                t::mod_league_not_running(lang, self.league_name(league).await)
            }
            _ => t::mod_match_over(lang, id),
        }
    }

    /// `/clans-admin list`: the server's active matches with no move for `days` days or
    /// more, longest waiting first, each with whom it waits for and its clock.
    pub async fn stalled(&self, who: Moderator, days: u32, now: Millis) -> Outcome {
        /// Lines shown (a message holds 2,000 characters).
        const SHOWN: usize = 15;
        let (guild, lang) = match self.server(who).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let before = now - days as Millis * 86_400_000;
        let mut stalled = match self.store.active_matches_of_guild(guild).await {
            Ok(all) => all
                .into_iter()
                .filter(|m| m.updated_at <= before)
                .collect::<Vec<_>>(),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if stalled.is_empty() {
            return Outcome::private(t::mod_list_none(lang, days));
        }
        stalled.sort_by_key(|m| (m.updated_at, m.id));
        let mut lines = vec![t::mod_list_head(lang, days, stalled.len())];
        for info in stalled.iter().take(SHOWN) {
            let id = info.id;
            let Ok(loaded) = self.store.load(id).await else {
                continue;
            };
            let names = self.directory.names(&loaded).await;
            let waiting = loaded
                .state
                .waiting()
                .iter()
                .map(|&s| names[s as usize].clone())
                .collect::<Vec<_>>()
                .join(", ");
            let clock = match (
                info.deadlines.timeout_at,
                self.store.held_by_moderator(id).await,
                self.store.paused_since(id).await,
            ) {
                (Some(at), _, _) => t::mod_list_clock_deadline(lang, at / 1000),
                (None, Ok(Some(_)), _) => t::mod_list_clock_held(lang),
                (None, _, Ok(Some(_))) => t::mod_list_clock_paused(lang),
                _ => t::mod_list_clock_none(lang),
            };
            let players = format!("{} vs {}", names[0], names[1]);
            lines.push(t::mod_list_line(
                lang,
                id,
                players,
                waiting,
                info.updated_at / 1000,
                clock,
            ));
        }
        if stalled.len() > SHOWN {
            lines.push(t::mod_list_more(lang, stalled.len() - SHOWN));
        }
        lines.push(t::mod_list_hint(lang));
        Outcome::private(lines.join("\n"))
    }

    /// `/clans-admin log`: the server's latest actions, newest first.
    pub async fn log(&self, who: Moderator) -> Outcome {
        const SHOWN: i64 = 15;
        let (guild, lang) = match self.server(who).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let log = match self.store.moderation_log(guild, SHOWN).await {
            Ok(l) => l,
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if log.is_empty() {
            return Outcome::private(t::mod_log_none(lang));
        }
        let mut lines = vec![t::mod_log_head(lang)];
        for m in &log {
            let outcome = match m.outcome.as_deref() {
                None => t::mod_outcome_asked(lang),
                Some(why::DONE) => t::mod_outcome_done(lang),
                Some(why::CANCELLED) => t::mod_outcome_cancelled(lang),
                Some(code) => t::mod_outcome_failed(lang, self.why_words(lang, m, code).await),
            };
            lines.push(t::mod_log_line(
                lang,
                m.id,
                m.asked_at / 1000,
                mention(m.asked.moderator),
                self.what(lang, m).await,
                m.asked.reason.clone(),
                outcome,
            ));
        }
        Outcome::private(lines.join("\n"))
    }

    /// The server's active matches whose number starts with `typed`, as autocomplete
    /// choices: "#7 Ana vs Ben".
    pub async fn match_choices(&self, guild: u64, typed: &str) -> Vec<(String, MatchId)> {
        let typed = typed.trim().trim_start_matches('#');
        let Ok(active) = self.store.active_matches_of_guild(guild).await else {
            return Vec::new();
        };
        let lang = self.directory.public_lang(Some(guild)).await;
        active
            .into_iter()
            .filter(|m| m.id.to_string().starts_with(typed))
            .take(25)
            .map(|m| {
                let [a, b] = [0, 1].map(|s| self.directory.name_of(lang, m.seats[s], s as u8));
                (format!("#{} {a} vs {b}", m.id), m.id)
            })
            .collect()
    }
}

/// Why an action was not done: nothing to do (a code the log keeps), or a store fault.
enum ActError {
    Nothing(&'static str),
    Store(StoreError),
}

impl From<StoreError> for ActError {
    fn from(e: StoreError) -> ActError {
        ActError::Store(e)
    }
}

/// A reason as the players read it: one line, at most [`MAX_REASON`] characters;
/// `None` when nothing is left.
fn clean_reason(reason: &str) -> Option<String> {
    let one_line = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    let clipped: String = one_line.chars().take(MAX_REASON).collect();
    (!clipped.is_empty()).then_some(clipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_id_reads_back_and_refuses_others() {
        for confirm in [true, false] {
            let id = DecideId {
                action: 42,
                confirm,
            };
            assert_eq!(DecideId::parse(&id.render()), Some(id));
        }
        for bad in [
            "mod:42",
            "mod:x:yes",
            "mod:4:maybe",
            "clans:4:yes",
            "mod:4:yes:1",
        ] {
            assert_eq!(DecideId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_reason_is_one_clipped_line() {
        assert_eq!(clean_reason("  \n "), None);
        assert_eq!(
            clean_reason("cheating\nreported"),
            Some("cheating reported".into())
        );
        assert_eq!(clean_reason(&"x".repeat(500)).unwrap().len(), MAX_REASON);
    }
}

//! Taking back a misclick: the button in the asker's panel, the request to the
//! opponent and their private answer, the AI's consent, what both panels and the board
//! say afterwards.
//!
//! The engine judges what may be taken back (`game::takeback`), the store records it
//! (`Store::take_back`, under the version check: of two takebacks and a move racing,
//! one wins). The opponent's buttons carry the request, signed with the
//! custom-ids key (`ids::Signer`) over the match, its version, the asker and the time
//! it lapses, so a forged "Allow" cannot undo a move nobody asked to take back, and a
//! request lapses by itself when the match moves on (another version) or its time is
//! past (checked on the click, whose answer says so). The store keeps one request per
//! position and whether it was declined (`takeback_requests`): asking twice would ping
//! the opponent twice, and a decline must stay a decline.

use super::Matches;
use crate::app::Outcome;
use crate::app::clans::panel::{self, Nav};
use crate::app::ids::{CustomId, Verb};
use crate::app::msg::{Button, MAX_CONTENT, MAX_ROWS, Msg, Row, Style, clip};
use crate::game::Seat;
use crate::game::takeback::{Denied, Tracker};
use crate::i18n::Lang;
use crate::i18n::messages as t;
use crate::i18n::messages::takeback as tb;
use crate::store::{
    Decline, Loaded, MatchId, MatchInfo, Millis, Player, Status, StoreError, Takeback,
    TakebackRequest,
};

/// How long a request waits for the opponent's answer. Matches are played over days:
/// long enough for a reply across time zones, short enough that an old request does
/// not come back to undo a position both have thought about since.
pub const TAKEBACK_TTL_MS: Millis = 24 * 60 * 60 * 1000;

/// A takeback request as the opponent's buttons carry it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Request {
    asker: Seat,
    expires: Millis,
}

impl Request {
    fn text(self) -> String {
        format!("{}.{}", self.asker, self.expires)
    }

    /// What is signed: the request bound to its match and version.
    fn signed_text(match_id: MatchId, version: i64, text: &str) -> String {
        format!("tb.{match_id}.{version}.{text}")
    }
}

/// A click on a request's button that its opponent may answer.
struct Answering {
    loaded: Loaded,
    seat: Seat,
    /// The clicker's.
    lang: Lang,
    request: Request,
    names: [String; 2],
}

/// Why a request's button does nothing.
enum Unusable {
    /// Not made by the bot, or damaged: the private "not valid".
    Invalid,
    /// The match moved on, or the request is past its time.
    Lapsed,
}

impl Matches {
    /// Whether players may take back a misclick where the match lives (a server may
    /// turn it off; a match outside any server keeps it).
    async fn takebacks_on(&self, guild: Option<u64>) -> bool {
        match guild {
            None => true,
            Some(g) => self
                .directory
                .server_settings(g)
                .await
                .map_or(true, |s| s.takebacks != Some(false)),
        }
    }

    /// Adds "Take back" to `seat`'s panel `msg`, shown right after their confirmed
    /// answer brought the match to `after`, when the rules allow it now (`takebacks`:
    /// the match's tracker, kept with it). The button goes in a row of its own, or
    /// beside the buttons of the last row when the panel has all five.
    pub(super) async fn offer_takeback(
        &self,
        lang: Lang,
        after: &Loaded,
        seat: Seat,
        takebacks: &Tracker,
        msg: &mut Msg,
    ) {
        if after.info.status == Status::Finished || !self.takebacks_on(after.info.guild).await {
            return;
        }
        let other_is_ai = after.info.seats[1 - seat as usize].user().is_none();
        if takebacks.verdict(&after.state, seat, other_is_ai).is_err() {
            return;
        }
        let button = Button::new(
            CustomId::new(after.info.id, after.info.version, Verb::TakeBack).render(),
            tb::button_take_back(lang),
            Style::Secondary,
        );
        if msg.rows.len() < MAX_ROWS {
            msg.rows.push(Row::Buttons(vec![button]));
        } else if let Some(Row::Buttons(last)) = msg.rows.last_mut()
            && last.len() < 5
        {
            last.push(button);
        }
    }

    /// What was undone, in `lang`: the asker's choice of action as its panel said it
    /// (named in the match as it is again after the takeback).
    fn undone_label(
        &self,
        lang: Lang,
        loaded: &Loaded,
        names: &[String; 2],
        t: &Takeback,
        asker: Seat,
    ) -> String {
        let players = panel::panel_names(names);
        let named = Some([players[0].as_str(), players[1].as_str()]);
        let first = &t.undone[0];
        panel::describe(lang, named, &loaded.rules, &t.state, asker, &first.input).1
    }

    fn denied_text(&self, lang: Lang, why: Denied, other: &str, id: MatchId) -> String {
        match why {
            Denied::Nothing => tb::takeback_denied_nothing(lang),
            Denied::OpponentAnswered => tb::takeback_denied_answered(lang, other.to_string()),
            Denied::Reveals => tb::takeback_denied_reveals(lang),
            Denied::Over => crate::i18n::messages::panel::match_over(lang, id),
            Denied::Declined => tb::takeback_declined_before(lang, other.to_string()),
        }
    }

    /// A click on "Take back" by `user` in a panel offered at `version`. Against the AI
    /// it is done at once (with the AI's reply, when it has moved since); against a
    /// person the opponent is asked in the match's thread.
    pub async fn take_back(
        &self,
        match_id: MatchId,
        version: i64,
        user: u64,
        now: Millis,
    ) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let lang = self.directory.user_lang(user).await;
        if loaded.info.status == Status::Finished {
            return Outcome::private(crate::i18n::messages::panel::match_over(lang, match_id));
        }
        if !self.takebacks_on(loaded.info.guild).await {
            return Outcome::private(tb::takeback_off(lang));
        }
        let names = self.directory.names(&loaded).await;
        let other = 1 - seat;
        let plan = match self.store.takeback_plan(&loaded.info, seat).await {
            Ok(p) => p,
            Err(StoreError::Stale { .. }) => return Outcome::private(tb::takeback_too_late(lang)),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let plan = match plan {
            Ok(p) => p,
            Err(why) => {
                return Outcome::private(self.denied_text(
                    lang,
                    why,
                    &names[other as usize],
                    match_id,
                ));
            }
        };
        match loaded.info.seats[other as usize] {
            // The AI may have answered since the button was shown: the button still
            // stands for the action it followed, as long as that action is the one
            // taken back.
            Player::Ai(_) => {
                if !plan.undone.iter().any(|i| i.seq == version) {
                    return Outcome::private(tb::takeback_too_late(lang));
                }
                self.take_back_now(&loaded, seat, lang, None).await
            }
            Player::User(opponent) => {
                if loaded.info.version != version {
                    return Outcome::private(tb::takeback_too_late(lang));
                }
                let name = names[other as usize].clone();
                match self.store.ask_takeback(match_id, version, seat, now).await {
                    Ok(true) => {}
                    Ok(false) => {
                        return match self.store.takeback_request(match_id, version).await {
                            Ok(TakebackRequest::Declined { .. }) => {
                                Outcome::private(tb::takeback_declined_before(lang, name))
                            }
                            Ok(_) => Outcome::private(tb::takeback_wait_answer(lang, name)),
                            Err(e) => Outcome::private(self.faults.told(lang, Some(match_id), &e)),
                        };
                    }
                    Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
                }
                self.ask_takeback(&loaded, seat, opponent, &plan, &names, lang, now)
                    .await
            }
        }
    }

    /// The request: a public post that pings the opponent, whose "Answer" opens their
    /// private Allow/Decline; the asker is told privately what happens next.
    #[allow(clippy::too_many_arguments)] // each is one fact of the request
    async fn ask_takeback(
        &self,
        loaded: &Loaded,
        asker: Seat,
        opponent: u64,
        plan: &Takeback,
        names: &[String; 2],
        lang: Lang,
        now: Millis,
    ) -> Outcome {
        let id = loaded.info.id;
        let version = loaded.info.version;
        let signer = match self.signing.signer().await {
            Ok(s) => s,
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        };
        let request = Request {
            asker,
            expires: now + TAKEBACK_TTL_MS,
        };
        let text = request.text();
        let tag = signer.sign(&Request::signed_text(id, version, &text));
        let tag = tag.rsplit_once('~').map_or("", |(_, tag)| tag);
        let arg = format!("{text}~{tag}");
        let public_lang = self.directory.public_lang(loaded.info.guild).await;
        let what = self.undone_label(public_lang, loaded, names, plan, asker);
        let post = Msg {
            content: clip(
                &tb::takeback_request_post(
                    public_lang,
                    names[asker as usize].clone(),
                    what,
                    format!("<@{opponent}>"),
                ),
                MAX_CONTENT,
            ),
            rows: vec![Row::Buttons(vec![Button::new(
                CustomId::new(id, version, Verb::TakeBackAnswer)
                    .with(arg)
                    .render(),
                tb::button_takeback_answer(public_lang),
                Style::Primary,
            )])],
            pings: vec![opponent],
            ..Msg::default()
        };
        let what = self.undone_label(lang, loaded, names, plan, asker);
        let other = names[1 - asker as usize].clone();
        Outcome {
            reply: Some(Msg::text(tb::takeback_asked(
                lang,
                other,
                what,
                TAKEBACK_TTL_MS / 3_600_000,
            ))),
            public: vec![post],
            ..Outcome::in_match(&loaded.info)
        }
    }

    /// The request a button of match `id` at `version` carries, if the bot signed it
    /// and it has not lapsed: the match is still at that version and its time is not
    /// past.
    async fn read_request(
        &self,
        info: &MatchInfo,
        version: i64,
        arg: &str,
        now: Millis,
    ) -> Result<Request, Unusable> {
        let signer = self.signing.signer().await.map_err(|_| Unusable::Invalid)?;
        let (text, tag) = arg.rsplit_once('~').ok_or(Unusable::Invalid)?;
        let whole = format!("{}~{tag}", Request::signed_text(info.id, version, text));
        signer.verify(&whole).ok_or(Unusable::Invalid)?;
        let (asker, expires) = text.split_once('.').ok_or(Unusable::Invalid)?;
        let request = Request {
            asker: match asker {
                "0" => 0,
                "1" => 1,
                _ => return Err(Unusable::Invalid),
            },
            expires: expires.parse().map_err(|_| Unusable::Invalid)?,
        };
        if info.version != version || now > request.expires || info.status != Status::Active {
            return Err(Unusable::Lapsed);
        }
        Ok(request)
    }

    /// The match and the request a click by `user` on a request's button of match
    /// `match_id` at `version` answers: `Err` is the private answer (not a player, not
    /// valid, lapsed, declined already, not theirs to answer).
    async fn answering(
        &self,
        match_id: MatchId,
        version: i64,
        user: u64,
        arg: &str,
        now: Millis,
    ) -> Result<Answering, Outcome> {
        let (loaded, seat) = self.load_for(match_id, user).await?;
        let lang = self.directory.user_lang(user).await;
        let request = match self.read_request(&loaded.info, version, arg, now).await {
            Ok(r) => r,
            Err(Unusable::Invalid) => return Err(Outcome::private(t::button_invalid(lang))),
            Err(Unusable::Lapsed) => {
                let hours = TAKEBACK_TTL_MS / 3_600_000;
                return Err(Outcome::private(tb::takeback_lapsed(lang, hours)));
            }
        };
        let names = self.directory.names(&loaded).await;
        let opponent = 1 - request.asker;
        let declined = match self.store.takeback_request(loaded.info.id, version).await {
            Ok(r) => matches!(r, TakebackRequest::Declined { .. }),
            Err(e) => {
                return Err(Outcome::private(self.faults.told(
                    lang,
                    Some(loaded.info.id),
                    &e,
                )));
            }
        };
        if seat == request.asker {
            let name = names[opponent as usize].clone();
            if declined {
                return Err(Outcome::private(tb::takeback_declined_before(lang, name)));
            }
            return Err(Outcome::private(tb::takeback_wait_answer(lang, name)));
        }
        if declined {
            // A decline is final: Allow on an older prompt, or Answer again, changes
            // nothing.
            let name = names[request.asker as usize].clone();
            return Err(Outcome::private(tb::takeback_you_declined(lang, name)));
        }
        Ok(Answering {
            loaded,
            seat,
            lang,
            request,
            names,
        })
    }

    /// "Answer" under a request: the opponent's private Allow/Decline.
    pub async fn takeback_prompt(
        &self,
        match_id: MatchId,
        version: i64,
        user: u64,
        arg: &str,
        now: Millis,
    ) -> Outcome {
        let Answering {
            loaded,
            seat: _,
            lang,
            request,
            names,
        } = match self.answering(match_id, version, user, arg, now).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let plan = match self.store.takeback_plan(&loaded.info, request.asker).await {
            Ok(Ok(p)) => p,
            Ok(Err(why)) => {
                let asker = &names[request.asker as usize];
                return Outcome::private(self.denied_text(lang, why, asker, match_id));
            }
            Err(StoreError::Stale { .. }) => {
                let hours = TAKEBACK_TTL_MS / 3_600_000;
                return Outcome::private(tb::takeback_lapsed(lang, hours));
            }
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let what = self.undone_label(lang, &loaded, &names, &plan, request.asker);
        let arg = arg.to_string();
        let button = |verb, label, style| {
            Button::new(
                CustomId::new(match_id, version, verb)
                    .with(arg.clone())
                    .render(),
                label,
                style,
            )
        };
        Outcome {
            reply: Some(Msg {
                content: tb::takeback_prompt(lang, names[request.asker as usize].clone(), what),
                rows: vec![Row::Buttons(vec![
                    button(
                        Verb::TakeBackAllow,
                        tb::button_takeback_allow(lang),
                        Style::Success,
                    ),
                    button(
                        Verb::TakeBackDecline,
                        tb::button_takeback_decline(lang),
                        Style::Secondary,
                    ),
                ])],
                ..Msg::default()
            }),
            ..Outcome::default()
        }
    }

    /// The opponent's answer to a request: `allow` takes the action back (if the rules
    /// still allow it), else the asker is told it stands.
    pub async fn takeback_answer(
        &self,
        match_id: MatchId,
        version: i64,
        user: u64,
        arg: &str,
        allow: bool,
        now: Millis,
    ) -> Outcome {
        let Answering {
            loaded,
            seat,
            lang,
            request,
            names,
        } = match self.answering(match_id, version, user, arg, now).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let asker = request.asker;
        if !allow {
            match self.store.decline_takeback(match_id, version, now).await {
                Ok(Decline::Declined) => {}
                // Declined by a click racing this one: that click posted the answer.
                Ok(Decline::Already) => {
                    let name = names[asker as usize].clone();
                    return Outcome::private(tb::takeback_you_declined(lang, name));
                }
                // An Allow racing this click took the action back first.
                Ok(Decline::Moved) => return Outcome::private(tb::takeback_too_late(lang)),
                Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
            }
            let public_lang = self.directory.public_lang(loaded.info.guild).await;
            let mut post = Msg::text(tb::takeback_declined_post(
                public_lang,
                names[seat as usize].clone(),
                names[asker as usize].clone(),
            ));
            if let Player::User(u) = loaded.info.seats[asker as usize] {
                post.content = format!("<@{u}> {}", post.content);
                post.pings = vec![u];
            }
            return Outcome {
                reply: Some(Msg::text(tb::takeback_you_declined(
                    lang,
                    names[asker as usize].clone(),
                ))),
                replaces: true,
                public: vec![post],
                ..Outcome::in_match(&loaded.info)
            };
        }
        if !self.takebacks_on(loaded.info.guild).await {
            return Outcome::private(tb::takeback_off(lang));
        }
        let mut out = self
            .take_back_now(&loaded, asker, lang, Some(names[seat as usize].clone()))
            .await;
        if out.replaces {
            out.reply = Some(Msg::text(tb::takeback_you_allowed(
                lang,
                names[asker as usize].clone(),
            )));
        }
        out
    }

    /// Takes `asker`'s last action back in the store at the match's version (for the
    /// AI at once; for a person once `allowed_by` allowed it) and says so: the board,
    /// headed by what was taken back, and the asker's panel. `lang` is the clicker's.
    async fn take_back_now(
        &self,
        loaded: &Loaded,
        asker: Seat,
        lang: Lang,
        allowed_by: Option<String>,
    ) -> Outcome {
        let id = loaded.info.id;
        let deadlines = loaded.info.terms.deadlines(crate::store::now_ms());
        let hours = TAKEBACK_TTL_MS / 3_600_000;
        let done = match self
            .store
            .take_back(id, loaded.info.version, asker, Some(deadlines))
            .await
        {
            Ok(Ok(done)) => done,
            // A Decline racing this Allow was decided first: the action stands.
            Ok(Err(Denied::Declined)) => {
                let names = self.directory.names(loaded).await;
                let name = names[asker as usize].clone();
                return Outcome::private(tb::takeback_you_declined(lang, name));
            }
            Ok(Err(why)) => {
                let names = self.directory.names(loaded).await;
                let other = &names[1 - asker as usize];
                return Outcome::private(self.denied_text(lang, why, other, id));
            }
            Err(StoreError::Stale { .. }) => {
                return Outcome::private(match allowed_by {
                    Some(_) => tb::takeback_lapsed(lang, hours),
                    None => tb::takeback_too_late(lang),
                });
            }
            Err(e) => return Outcome::private(self.faults.told(lang, Some(id), &e)),
        };
        // The kept replay of this match's board log has played what is undone now.
        self.following.forget(id);
        let after = Loaded {
            info: MatchInfo {
                version: done.version,
                ..loaded.info.clone()
            },
            state: done.takeback.state.clone(),
            rules: loaded.rules.clone(),
        };
        let names = self.directory.names(&after).await;
        let public_lang = self.directory.public_lang(after.info.guild).await;
        let what = self.undone_label(public_lang, loaded, &names, &done.takeback, asker);
        let asker_name = names[asker as usize].clone();
        let other_name = names[1 - asker as usize].clone();
        let header = match (&allowed_by, done.takeback.replies) {
            (Some(_), _) => tb::takeback_done_post(public_lang, asker_name, what, other_name),
            (None, 0) => tb::takeback_done_ai_post(public_lang, asker_name, what),
            (None, _) => tb::takeback_done_ai_reply_post(public_lang, asker_name, what, other_name),
        };
        let mut post = self.boards.board_post(&after, &[], &header).await;
        if allowed_by.is_none() {
            // The asker is right there in their panel: nobody to ping.
            post.pings.clear();
        }
        let what = self.undone_label(lang, loaded, &names, &done.takeback, asker);
        let note = match done.takeback.replies {
            0 => tb::takeback_done_you(lang, what),
            _ => tb::takeback_done_you_reply(lang, what, names[1 - asker as usize].clone()),
        };
        let players = panel::panel_names(&names);
        let panel = self.panel_msg(lang, &players, &after, asker, Nav::Overview);
        Outcome {
            reply: Some(Msg {
                content: clip(&format!("{note}\n{}", panel.content), MAX_CONTENT),
                ..panel
            }),
            replaces: true,
            public: vec![post],
            ai: self.ai_next(&after),
            ..Outcome::in_match(&after.info)
        }
    }

    /// The line a panel opens with when the match's last entry is a takeback: what was
    /// taken back, and whose it was.
    pub(super) async fn taken_back_line(
        &self,
        lang: Lang,
        loaded: &Loaded,
        seat: Seat,
    ) -> Option<String> {
        let id = loaded.info.id;
        let last = self.store.takebacks(id).await.ok()?.pop()?;
        if last.seq != loaded.info.version {
            return None;
        }
        let first = self.store.input_at(id, last.first_undone).await.ok()??;
        let names = self.directory.names(loaded).await;
        let players = panel::panel_names(&names);
        let named = Some([players[0].as_str(), players[1].as_str()]);
        // The match is again as it was when the undone action was chosen.
        let (_, what) = panel::describe(
            lang,
            named,
            &loaded.rules,
            &loaded.state,
            last.seat,
            &first.input,
        );
        Some(if last.seat == seat {
            tb::panel_taken_back_yours(lang, what)
        } else {
            tb::panel_taken_back_theirs(lang, names[last.seat as usize].clone(), what)
        })
    }
}

//! Challenges: the public challenge with its buttons (its terms travel in their custom
//! ids, signed), accepting it (a claim in the store, so only one click wins), declining
//! or withdrawing it, and the start of a match, also against the AI.

use super::clans::posts::Boards;
use super::directory::Directory;
use super::failures::Faults;
use super::ids::{CustomId, Signing, Verb};
use super::limits::{Action, Gate};
use super::msg::{Button, Embed, Msg, Row, Style};
use super::{CHALLENGE_TTL_MS, MAX_TIMEOUT_MINUTES, Outcome, Place, Seeds, duration_in, mention};
use crate::game::Setup;
use crate::i18n::messages::panel as p;
use crate::store::{ChallengeOutcome, Millis, NewMatch, Player, Store, Terms};
use std::sync::Arc;

/// The public terms of a challenge. They travel in the buttons' custom ids (public
/// facts only), so a challenge needs no table and survives a restart; signed, because
/// a forged id once made a rated match its named challenger never offered, with a
/// timeout of 4,294,967,295 minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Challenge {
    pub challenger: u64,
    /// `None`: an open challenge, anyone may accept.
    pub opponent: Option<u64>,
    /// Clan index per seat (`None`: random at acceptance).
    pub clans: [Option<u8>; 2],
    pub mulligan: bool,
    /// Minutes a player may stay idle before forfeiting (`None`: the server's setting).
    pub timeout: Option<u32>,
    /// Moves due every day at this local hour of the server's time zone, a daily
    /// deadline instead of a turn's timeout (`None`: the server's setting).
    pub deadline_hour: Option<u8>,
    /// A time bank of this many days per player instead (`None`: the server's setting).
    pub bank_days: Option<u8>,
    /// Milliseconds since the epoch.
    pub expires: Millis,
}

/// A match created and not yet announced ([`Challenges::create_accepted`]).
pub struct Started {
    pub(super) loaded: crate::store::Loaded,
    pub(super) events: Vec<crate::game::event::Event>,
    /// Who plays, for the opening post's header.
    pub(super) players: String,
    /// The challenge's new text, once announced.
    post_edit: Option<Msg>,
}

impl Started {
    pub fn id(&self) -> crate::store::MatchId {
        self.loaded.info.id
    }

    /// The match as stored.
    pub fn loaded(&self) -> &crate::store::Loaded {
        &self.loaded
    }

    /// The match moved into `thread` (made after it was created).
    pub fn in_thread(&mut self, thread: u64) {
        self.loaded.info.thread = Some(thread);
    }

    /// The setup's events (the opening hands and so on).
    pub fn events(&self) -> &[crate::game::event::Event] {
        &self.events
    }

    /// The match was marked assisted once created (a lesson match).
    pub(crate) fn assisted(&mut self) {
        self.loaded.info.assisted = true;
    }
}

/// The longest time bank a challenge offers, in days.
pub const MAX_BANK_DAYS: u8 = 30;

impl Challenge {
    /// How many clocks the challenge names (at most one is allowed).
    fn clocks(&self) -> usize {
        [
            self.timeout.is_some(),
            self.deadline_hour.is_some(),
            self.bank_days.is_some(),
        ]
        .into_iter()
        .filter(|&c| c)
        .count()
    }

    pub fn encode(&self) -> String {
        let clan = |c: Option<u8>| c.map(|c| c.to_string()).unwrap_or_else(|| "r".into());
        let mut s = format!(
            "{}.{}.{}.{}.{}.{}",
            self.challenger,
            self.opponent.unwrap_or(0),
            clan(self.clans[0]),
            clan(self.clans[1]),
            u8::from(self.mulligan),
            // In milliseconds: this string is also the challenge's claim key, and in
            // seconds two identical challenges made within one second (the same two
            // people in two channels, or two servers) shared it, so the second could
            // never be accepted.
            self.expires
        );
        // One clock at most (`within_bounds`): a turn's minutes, "d" and an hour, or
        // "b" and a bank's days.
        if let Some(t) = self.timeout {
            s.push_str(&format!(".{t}"));
        } else if let Some(h) = self.deadline_hour {
            s.push_str(&format!(".d{h}"));
        } else if let Some(d) = self.bank_days {
            s.push_str(&format!(".b{d}"));
        }
        s
    }

    /// The terms of [`Challenge::encode`]'s text. Unsigned: only [`Challenges::read_challenge`]
    /// calls it, after the signature was checked.
    fn decode(s: &str) -> Option<Challenge> {
        let p: Vec<&str> = s.split('.').collect();
        let (a, b, c0, c1, m, e, t) = match p.as_slice() {
            [a, b, c0, c1, m, e] => (a, b, c0, c1, m, e, None),
            [a, b, c0, c1, m, e, t] => (a, b, c0, c1, m, e, Some(t)),
            _ => return None,
        };
        let (timeout, deadline_hour, bank_days) = match t {
            None => (None, None, None),
            Some(t) => match (t.strip_prefix('d'), t.strip_prefix('b')) {
                (Some(h), _) => (None, Some(h.parse::<u8>().ok()?), None),
                (_, Some(d)) => (None, None, Some(d.parse::<u8>().ok()?)),
                _ => (Some(t.parse::<u32>().ok()?), None, None),
            },
        };
        let clan = |c: &str| -> Option<Option<u8>> {
            if c == "r" {
                Some(None)
            } else {
                c.parse().ok().map(Some)
            }
        };
        Some(Challenge {
            challenger: a.parse().ok()?,
            opponent: match b.parse().ok()? {
                0 => None,
                o => Some(o),
            },
            clans: [clan(c0)?, clan(c1)?],
            mulligan: match *m {
                "0" => false,
                "1" => true,
                _ => return None,
            },
            timeout,
            deadline_hour,
            bank_days,
            expires: e.parse().ok()?,
        })
    }

    /// Whether these terms are ones `/clans challenge` could have made at `now` with
    /// `clans` clans: checked again on every click, signed or not, so a leaked key or a
    /// bug in signing still cannot make a match outside them.
    pub fn within_bounds(&self, now: Millis, clans: usize) -> bool {
        // Discord's ids are snowflakes: a millisecond timestamp above 22 bits of
        // worker and sequence, so any real user's id is at least this.
        const LEAST_SNOWFLAKE: u64 = 1 << 22;
        let user = |u: u64| u >= LEAST_SNOWFLAKE;
        user(self.challenger)
            && self.opponent.is_none_or(|o| user(o) && o != self.challenger)
            && self.clans.iter().flatten().all(|&c| usize::from(c) < clans)
            && self
                .timeout
                .is_none_or(|t| (1..=MAX_TIMEOUT_MINUTES).contains(&t))
            && self.deadline_hour.is_none_or(|h| h < 24)
            && self.bank_days.is_none_or(|d| (1..=MAX_BANK_DAYS).contains(&d))
            && self.clocks() <= 1
            // Offered at most a TTL ago (a minute's slack for clocks of two processes).
            && self.expires <= now + CHALLENGE_TTL_MS + 60_000
    }
}

/// The challenges service (`app.challenges`): challenges made, accepted and declined,
/// matches started from them and against the AI, and their first board.
#[derive(Clone)]
pub struct Challenges {
    // Shared with `practice.rs`, which starts an AI match from another's position.
    pub(super) store: Store,
    pub(super) directory: Directory,
    pub(super) faults: Faults,
    gate: Gate,
    seeds: Seeds,
    signing: Signing,
    boards: Arc<Boards>,
    /// Whether the AI plays here (matches against it are refused without one).
    ai: bool,
}

impl Challenges {
    #[allow(clippy::too_many_arguments)] // the service's collaborators, each named
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        gate: Gate,
        seeds: Seeds,
        signing: Signing,
        boards: Arc<Boards>,
        ai: bool,
    ) -> Challenges {
        Challenges {
            store,
            directory,
            faults,
            gate,
            seeds,
            signing,
            boards,
            ai,
        }
    }

    fn rules(&self) -> &crate::game::Rules {
        self.store.rules()
    }

    /// The challenge a button's argument carries, if the bot signed it and its terms
    /// are within bounds at `now`; `Err` is the private explanation.
    pub async fn read_challenge(
        &self,
        arg: &str,
        user: u64,
        now: Millis,
    ) -> Result<Challenge, String> {
        let lang = self.directory.user_lang(user).await;
        let signer = self
            .signing
            .signer()
            .await
            .map_err(|e| self.faults.told(lang, None, &e))?;
        signer
            .verify(arg)
            .and_then(Challenge::decode)
            .filter(|c| c.within_bounds(now, self.rules().pack.clans.len()))
            .ok_or_else(|| crate::i18n::messages::challenge_damaged(lang))
    }
}

impl Challenges {
    /// A public challenge message with Accept and Decline buttons, made in `guild`
    /// (`None`: a direct message). Rate-limited per user and per server.
    pub async fn challenge(&self, c: Challenge, guild: Option<u64>, now: Millis) -> Outcome {
        use crate::i18n::messages as t;
        let (lang, public) = self.directory.known_langs(c.challenger, guild);
        if c.opponent == Some(c.challenger) {
            return Outcome::private(t::cannot_challenge_yourself(lang));
        }
        if c.timeout
            .is_some_and(|t| !(1..=MAX_TIMEOUT_MINUTES).contains(&t))
        {
            return Outcome::private(t::timeout_range(lang, MAX_TIMEOUT_MINUTES));
        }
        if c.deadline_hour.is_some_and(|h| h > 23) {
            return Outcome::private(t::clock::deadline_hour_range(lang));
        }
        if c.bank_days
            .is_some_and(|d| !(1..=MAX_BANK_DAYS).contains(&d))
        {
            return Outcome::private(t::clock::bank_days_range(lang, MAX_BANK_DAYS));
        }
        if c.clocks() > 1 {
            return Outcome::private(t::clock::one_clock(lang));
        }
        if let Err(slow) = self.gate.allow(Action::Challenge, c.challenger, guild, now) {
            return Outcome::private(slow);
        }
        let c = Challenge {
            expires: now + CHALLENGE_TTL_MS,
            ..c
        };
        let arg = match self.signing.signer().await {
            Ok(signer) => signer.sign(&c.encode()),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let clan = |x: Option<u8>| {
            x.map(|x| self.directory.clan_name(public, x))
                .unwrap_or_else(|| t::random_clan(public))
        };
        let who = match c.opponent {
            Some(o) => t::challenge_to(public, mention(c.challenger), mention(o)),
            None => t::challenge_open(public, mention(c.challenger)),
        };
        let msg = Msg {
            content: who,
            embed: Some(Embed {
                title: t::challenge_title(public),
                description: t::challenge_terms(
                    public,
                    clan(c.clans[0]),
                    clan(c.clans[1]),
                    if c.mulligan { "on" } else { "off" },
                    match (c.timeout, c.deadline_hour, c.bank_days) {
                        (Some(m), _, _) => {
                            t::clock::clock_turn_short(public, duration_in(public, m))
                        }
                        (None, Some(h), _) => {
                            t::clock::clock_daily_short(public, format!("{h:02}"))
                        }
                        (None, None, Some(d)) => t::clock::clock_bank_short(
                            public,
                            duration_in(public, u32::from(d) * 24 * 60),
                        ),
                        (None, None, None) => t::timeout_server_setting(public),
                    },
                    (c.expires / 1000).to_string(),
                ),
                ..Embed::default()
            }),
            rows: vec![Row::Buttons(vec![
                Button::new(
                    CustomId::new(0, 0, Verb::Accept).with(arg.clone()).render(),
                    t::button_accept(public),
                    Style::Success,
                ),
                Button::new(
                    CustomId::new(0, 0, Verb::Decline).with(arg).render(),
                    t::button_decline(public),
                    Style::Danger,
                ),
            ])],
            pings: c.opponent.into_iter().collect(),
            ..Msg::default()
        };
        Outcome {
            public: vec![msg],
            ..Outcome::default()
        }
    }

    /// Claims the challenge for `user` if she may accept it: `Err` is the private
    /// explanation. The claim is stored, so a challenge is accepted once, also after a
    /// restart and with two clicks racing in two bot processes. Call before creating
    /// anything for the match (a thread), then [`Challenges::create_accepted`].
    pub async fn claim_accept(&self, c: &Challenge, user: u64, now: Millis) -> Result<(), String> {
        let lang = self.directory.user_lang(user).await;
        if now > c.expires {
            return Err(p::challenge_expired(lang));
        }
        if user == c.challenger {
            return Err(p::challenge_own(lang));
        }
        if c.opponent.is_some_and(|o| o != user) {
            return Err(p::challenge_someone_else(lang));
        }
        let key = c.encode();
        match self
            .store
            .claim_challenge(&key, ChallengeOutcome::Accepted, user)
            .await
        {
            Ok(true) => Ok(()),
            Ok(false) => Err(match self.store.challenge_claim(&key).await {
                Ok(Some(ChallengeOutcome::Declined)) => p::challenge_was_declined(lang),
                _ => p::challenge_already_accepted(lang),
            }),
            Err(e) => Err(self.faults.told(lang, None, &e)),
        }
    }

    /// Accepts a challenge: [`Challenges::claim_accept`], [`Challenges::create_accepted`], then
    /// [`Challenges::announce`] (the Discord layer answers the player between the two).
    pub async fn accept(
        &self,
        c: Challenge,
        user: u64,
        place: Place,
        thread: Option<u64>,
        now: Millis,
    ) -> Outcome {
        if let Err(why) = self.claim_accept(&c, user, now).await {
            return Outcome::private(why);
        }
        match self.create_accepted(c, user, place, thread, now).await {
            Ok(started) => self.announce(started).await,
            Err(refused) => refused,
        }
    }

    /// A new match's seed, and its clans: the chosen ones, random ones (from the seed)
    /// for the others.
    fn deal(&self, chosen: [Option<u8>; 2]) -> (u64, [u8; 2]) {
        let n = self.rules().pack.clans.len() as u64;
        let seed = self.seeds.next();
        let clans = [0, 1].map(|s| chosen[s].unwrap_or(((seed >> (8 * s)) % n) as u8));
        (seed, clans)
    }

    /// The terms of a new match: the challenge's clock (a turn's timeout or a daily
    /// deadline), else the server's settings.
    async fn terms(
        &self,
        guild: Option<u64>,
        timeout: Option<u32>,
        deadline_hour: Option<u8>,
        bank_days: Option<u8>,
    ) -> Terms {
        let s = match guild {
            Some(g) => self.directory.server_settings(g).await.unwrap_or_default(),
            None => Default::default(),
        };
        s.terms(timeout, deadline_hour, bank_days.map(u32::from))
    }

    /// Creates the match of a challenge claimed by `user` (in `thread` when there is one
    /// already): it exists once this returns, its opening board not yet drawn
    /// ([`Challenges::announce`]), so the player can be told at once. `Err`: what to tell her
    /// (the claim was given back).
    pub async fn create_accepted(
        &self,
        c: Challenge,
        user: u64,
        place: Place,
        thread: Option<u64>,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let (seed, clans) = self.deal(c.clans);
        let terms = self
            .terms(place.guild, c.timeout, c.deadline_hour, c.bank_days)
            .await;
        let new = NewMatch {
            guild: place.guild,
            channel: place.channel,
            reach: place.reach,
            thread,
            seats: [Player::User(c.challenger), Player::User(user)],
            setup: Setup {
                clans,
                seed,
                mulligan: c.mulligan,
            },
            deadlines: terms.deadlines(now),
            terms,
        };
        let lang = self.directory.public_lang(place.guild).await;
        let header = crate::i18n::messages::players(
            lang,
            mention(c.challenger),
            self.directory.clan_name(lang, clans[0]),
            mention(user),
            self.directory.clan_name(lang, clans[1]),
        );
        match self.store.create_match(new).await {
            Ok((loaded, events)) => {
                let accepted = crate::i18n::messages::challenge_was_accepted(
                    lang,
                    mention(c.challenger),
                    mention(user),
                    loaded.info.id,
                );
                Ok(Started {
                    loaded,
                    events,
                    players: header,
                    post_edit: Some(Msg::text(accepted)),
                })
            }
            Err(e) => {
                // Give the challenge back so it can be accepted again once the store
                // recovers.
                let _ = self.store.release_challenge(&c.encode()).await;
                Err(Outcome::private(self.faults.told(
                    self.directory.user_lang(user).await,
                    None,
                    &e,
                )))
            }
        }
    }

    /// Starts a match of `user` (seat 0) against the AI at `level` (seat 1):
    /// [`Challenges::create_ai`], then [`Challenges::announce`].
    pub async fn play_ai(
        &self,
        user: u64,
        level: u8,
        clans: [Option<u8>; 2],
        place: Place,
        thread: Option<u64>,
        now: Millis,
    ) -> Outcome {
        match self.create_ai(user, level, clans, place, thread, now).await {
            Ok(started) => self.announce(started).await,
            Err(refused) => refused,
        }
    }

    /// Creates a match of `user` (seat 0) against the AI at `level` (seat 1), its
    /// opening board not yet drawn ([`Challenges::announce`]), so the Discord layer can answer
    /// and open its thread first. `Err`: what to tell the user; refused when no AI is
    /// plugged in ([`App::with_bot`](super::App::with_bot)).
    pub async fn create_ai(
        &self,
        user: u64,
        level: u8,
        clans: [Option<u8>; 2],
        place: Place,
        thread: Option<u64>,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let (seed, clans) = self.deal(clans);
        let setup = Setup {
            clans,
            seed,
            mulligan: false,
        };
        self.create_ai_dealt(user, level, setup, place, thread, now)
            .await
    }

    /// [`Challenges::create_ai`] with the deal given: `/clans learn`'s fixed one.
    pub async fn create_ai_dealt(
        &self,
        user: u64,
        level: u8,
        setup: Setup,
        place: Place,
        thread: Option<u64>,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let clans = setup.clans;
        let public = self.directory.public_lang(place.guild).await;
        let players = crate::i18n::messages::players_ai(
            public,
            mention(user),
            self.directory.clan_name(public, clans[0]),
            self.directory.clan_name(public, clans[1]),
        );
        let seats = [Player::User(user), Player::Ai(level)];
        self.create_ai_seated(user, seats, setup, place, thread, players, now)
            .await
    }

    /// A match of `user` against the AI in `seats` (one of each), dealt `setup`, in
    /// `place` (`thread` when it is one); `players` heads its opening board. Refused
    /// without an AI, or past the asker's rate limit.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn create_ai_seated(
        &self,
        user: u64,
        seats: [Player; 2],
        setup: Setup,
        place: Place,
        thread: Option<u64>,
        players: String,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let lang = self.directory.user_lang(user).await;
        if !self.ai {
            return Err(Outcome::private(p::ai_not_available(lang)));
        }
        if let Err(slow) = self.gate.allow(Action::AiMatch, user, place.guild, now) {
            return Err(Outcome::private(slow));
        }
        let terms = self.terms(place.guild, None, None, None).await;
        let new = NewMatch {
            guild: place.guild,
            channel: place.channel,
            reach: place.reach,
            thread,
            seats,
            setup,
            deadlines: terms.deadlines(now),
            terms,
        };
        match self.store.create_match(new).await {
            Ok((loaded, events)) => Ok(Started {
                loaded,
                events,
                players,
                post_edit: None,
            }),
            Err(e) => Err(Outcome::private(self.faults.told(lang, None, &e))),
        }
    }

    /// The opening board of a match just created ("Match #N begins: " and its players),
    /// posted in its thread or channel (`started.loaded.info` says which); the AI
    /// answers afterwards if it must ([`Outcome::ai`]).
    pub async fn announce(&self, started: Started) -> Outcome {
        let Started {
            loaded,
            events,
            players,
            post_edit,
        } = started;
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let header = crate::i18n::messages::match_begins(lang, loaded.info.id, players);
        let post = self.boards.board_post(&loaded, &events, &header).await;
        Outcome {
            created: Some(loaded.info.id),
            public: vec![post],
            ai: (self.ai && super::clans::ai_turns::waits_for_ai(&loaded))
                .then_some(loaded.info.id),
            post_edit,
            ..Outcome::in_match(&loaded.info)
        }
    }

    /// Declines (the opponent) or withdraws (the challenger) a challenge.
    pub async fn decline(
        &self,
        c: &Challenge,
        user: u64,
        guild: Option<u64>,
        now: Millis,
    ) -> Outcome {
        use crate::i18n::messages as t;
        let lang = self.directory.user_lang(user).await;
        if user != c.challenger && c.opponent.is_some_and(|o| o != user) {
            return Outcome::private(p::challenge_not_yours(lang));
        }
        if c.opponent.is_none() && user != c.challenger {
            return Outcome::private(p::challenge_open_withdraw(lang));
        }
        let public = self.directory.public_lang(guild).await;
        if now > c.expires {
            return Outcome {
                post_edit: Some(Msg::text(t::challenge_had_expired(public))),
                ..Outcome::default()
            };
        }
        match self
            .store
            .claim_challenge(&c.encode(), ChallengeOutcome::Declined, user)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                return Outcome::private(p::challenge_settled(lang));
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        let text = if user == c.challenger {
            t::challenge_withdrawn(public, mention(user))
        } else {
            t::challenge_declined(public, mention(user))
        };
        Outcome {
            post_edit: Some(Msg::text(text)),
            ..Outcome::default()
        }
    }
}

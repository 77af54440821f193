//! The use cases between Discord and the engine, renderer and store: challenge,
//! accept, decline, play an input, resign, show a hand, repost the board, tick the
//! timers. Each loads, applies, persists and returns what to tell whom as plain data
//! ([`Outcome`]); nothing here knows Discord's types, so it is tested without Discord.
//!
//! Privacy: public messages are built only from the spectator's view and events
//! redacted for the spectator (`Event::redact(None)`); private panels go only to the
//! clicker as an ephemeral reply, and a clicker's seat always comes from the stored
//! match, never from the interaction.

mod ai_turns;
pub mod analysis;
pub mod away;
mod battle_post;
mod board_post;
mod challenges;
// Crystallo, the solo cavern game (`/crystallo`).
pub mod crystallo;
mod failures;
pub mod ids;
pub mod language;
pub mod league;
pub mod limits;
pub mod lru;
pub mod msg;
pub mod notify;
pub mod panel;
pub mod posting;
pub mod ratings;
pub mod replay;
pub mod takeback;
pub mod timers;
pub mod turn_log;

use crate::game::{Input, Question, Rules, Seat, View};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, names};
use crate::render::{self, Table, Theme};
use crate::store::{Loaded, MatchId, Millis, Player, Reason, Store, StoreError};
use ids::{CustomId, Verb};
use limits::{Action, LimitConfig, Limits};
use lru::Lru;
use msg::{Button, File, MAX_CONTENT, Msg, Row, Style, clip};
use panel::Nav;

pub use challenges::{Challenge, Started};

/// The longest turn timeout a challenge may set (a week).
pub const MAX_TIMEOUT_MINUTES: u32 = 7 * 24 * 60;
use std::sync::{Arc, Mutex};

/// How long a challenge stays open.
pub const CHALLENGE_TTL_MS: Millis = 15 * 60 * 1000;

/// Users remembered in memory (display names; closed DMs): a name beyond it is read
/// back from the store, a closed DM is explained once more.
pub const USER_CACHE: usize = 10_000;
/// Matches whose replay for the board's log is kept between posts (a state each, a few
/// kilobytes).
pub const MATCH_CACHE: usize = 2_000;

/// A bot that plays a seat (the AI). It sees only the seat's `View` and the legal
/// inputs; it runs on a blocking thread.
pub trait SeatBot: Send + Sync {
    fn choose(&self, rules: &Rules, view: &View, legal: &[Input], level: u8) -> Option<Input>;
}

/// The AI of `crate::ai` as the app's seat bot. Levels: 0 easy, 1 normal, 2 hard,
/// 3 fast (`crate::ai::Level::ALL`).
pub struct AiSeats;

impl SeatBot for AiSeats {
    fn choose(&self, rules: &Rules, view: &View, legal: &[Input], level: u8) -> Option<Input> {
        match legal {
            [] => None,
            [only] => Some(*only),
            _ => {
                let level = crate::ai::Level::ALL
                    .get(level as usize)
                    .copied()
                    .unwrap_or(crate::ai::Level::Normal);
                let seed = ((view.turn as u64) << 32) ^ view.actions as u64;
                let mut bot = crate::ai::BotSpec::mcts(level).build(seed);
                Some(bot.decide(rules, view, legal))
            }
        }
    }
}

/// What a use case wants said.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// To the user who acted, privately (an ephemeral reply).
    pub reply: Option<Msg>,
    /// The reply is the clicker's panel in its new state (the next question, the
    /// result of a confirmed answer, "nothing to do now"): when they clicked inside
    /// their panel, it takes that panel's place. Otherwise (a refusal, a fault) it is
    /// a separate note and the panel stays as it was.
    pub replaces: bool,
    /// Posted to the match's channel (its thread when it has one).
    pub public: Vec<Msg>,
    /// Where `public` goes (the thread, else the channel). `None`: where the command
    /// was used.
    pub channel: Option<u64>,
    /// The public message clicked, as it is to read now (a challenge declined or
    /// accepted): it replaces that message's text and its buttons go, instead of a new
    /// post saying so.
    pub post_edit: Option<Msg>,
    /// A match was created (the Discord layer may rename the thread, etc.).
    pub created: Option<MatchId>,
    /// The AI must answer next in this match: once this outcome is delivered, run
    /// [`App::ai_turn`] and post its outcome (the human's answer never waits for it).
    pub ai: Option<MatchId>,
    /// The match ended: once `public` is posted, post [`App::replay_post`] after it,
    /// in the same place (drawing it takes about a second, which the final board and
    /// the clicker's answer do not wait for).
    pub replay: Option<MatchId>,
    /// Open a public thread with this name in `channel` first, move the match
    /// `created` into it and post `public` there: a league round's matches, which the
    /// scheduler starts with no message to open a thread from.
    pub thread: Option<String>,
    /// Direct messages to players (`notify.rs`: their move, a catch-up, a digest).
    pub dms: Vec<(u64, Msg)>,
}

impl Outcome {
    pub fn private(text: impl Into<String>) -> Outcome {
        Outcome {
            reply: Some(Msg::text(text)),
            ..Outcome::default()
        }
    }
}

/// Where a use case was invoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild: Option<u64>,
    pub channel: u64,
}

#[derive(Clone)]
pub struct App {
    pub store: Store,
    theme: Arc<Theme>,
    names: Arc<Mutex<Lru<u64, String>>>,
    dm_closed: Arc<Mutex<Lru<u64, ()>>>,
    /// Each user's and server's languages, as known (`language.rs`).
    languages: Arc<Mutex<Lru<u64, language::Languages>>>,
    guild_languages: Arc<Mutex<Lru<u64, language::Languages>>>,
    /// Each recently posted match replayed up to its last board (`board_post.rs`).
    turn_logs: Arc<Mutex<Lru<i64, turn_log::Replayed>>>,
    bot: Option<Arc<dyn SeatBot>>,
    ai_running: ai_turns::Running,
    /// Concurrent AI decisions (each holds a core for up to its level's time limit).
    ai_slots: Arc<tokio::sync::Semaphore>,
    /// One replay drawn at a time: each takes a core for about a second, and a burst
    /// of matches ending together must not take every core from the boards.
    replay_slot: Arc<tokio::sync::Semaphore>,
    /// Post-game analyses: one at a time, the others queued (`analysis.rs`).
    analyses: analysis::Queue,
    /// `None`: no rate limits (benchmarks).
    limits: Option<Arc<Limits>>,
    images: bool,
    ai_pace_ms: u32,
    seeds: Option<Arc<std::sync::atomic::AtomicU64>>,
    /// Signs the challenge terms a button carries; its key is read from the store once.
    signer: Arc<tokio::sync::OnceCell<ids::Signer>>,
}

/// One AI decision per core but one: a decision is CPU-bound for its whole time limit,
/// and with every core taken by the AI the human matches slowed down (`bench discord
/// --ai-matches 20` on 2 shared cores: board p50 53 ms with 2 slots, 22-30 ms with 1,
/// 18-19 ms without AI matches; see README.md).
fn default_ai_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Minutes in English words: "45 minutes", "2 hours", "1 day 6 hours".
pub fn duration(minutes: u32) -> String {
    duration_in(crate::i18n::Lang::En, minutes)
}

/// Minutes in words of `lang` ("1 Tag 6 Stunden").
pub fn duration_in(lang: crate::i18n::Lang, minutes: u32) -> String {
    use crate::i18n::messages as t;
    let (d, h, m) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(t::days(lang, d));
    }
    if h > 0 {
        parts.push(t::hours(lang, h));
    }
    if m > 0 || parts.is_empty() {
        parts.push(t::minutes(lang, m));
    }
    parts.join(" ")
}

fn mention(u: u64) -> String {
    format!("<@{u}>")
}

impl App {
    pub fn new(store: Store) -> App {
        App {
            store,
            theme: Arc::new(Theme::default()),
            names: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            dm_closed: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            languages: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            guild_languages: Arc::new(Mutex::new(Lru::new(USER_CACHE))),
            turn_logs: Arc::new(Mutex::new(Lru::new(MATCH_CACHE))),
            bot: None,
            ai_running: Default::default(),
            ai_slots: Arc::new(tokio::sync::Semaphore::new(default_ai_slots())),
            replay_slot: Arc::new(tokio::sync::Semaphore::new(1)),
            analyses: analysis::Queue::new(crate::ai::analysis::normal_iterations()),
            limits: Some(Arc::new(Limits::new(LimitConfig::default()))),
            images: true,
            ai_pace_ms: 0,
            seeds: None,
            signer: Arc::default(),
        }
    }

    /// Deals matches from seeds `first`, `first + 1`, ... instead of random ones (tests).
    pub fn with_seeds(mut self, first: u64) -> App {
        self.seeds = Some(Arc::new(std::sync::atomic::AtomicU64::new(first)));
        self
    }

    /// Leaves the board and battle images out of public posts (for fast tests and
    /// benchmarks of everything else; the text and embeds are unchanged).
    /// Posts each of the AI's moves this long after the previous post, so that people
    /// can follow them (the bot uses about a second; tests none).
    pub fn with_ai_pace(mut self, ms: u32) -> App {
        self.ai_pace_ms = ms;
        self
    }

    pub fn without_images(mut self) -> App {
        self.images = false;
        self
    }

    /// Runs at most `n` AI decisions at once (default: one per core but one), so that AI
    /// matches queue for CPU among themselves instead of starving human matches.
    pub fn with_ai_slots(mut self, n: usize) -> App {
        self.ai_slots = Arc::new(tokio::sync::Semaphore::new(n.max(1)));
        self
    }

    /// Replaces the rate limits ([`LimitConfig::default`] otherwise).
    pub fn with_limits(mut self, config: LimitConfig) -> App {
        self.limits = Some(Arc::new(Limits::new(config)));
        self
    }

    /// No rate limits (benchmarks, where thousands of players share one server).
    pub fn without_limits(mut self) -> App {
        self.limits = None;
        self
    }

    /// Counts `action` for `user` in `guild`; `Err` is the private "slow down", in the
    /// user's language.
    fn allow(
        &self,
        action: Action,
        user: u64,
        guild: Option<u64>,
        now: Millis,
    ) -> Result<(), String> {
        // The asker's language as already known: every caller answers an interaction,
        // whose locale the Discord layer has just learnt.
        let lang = self.known_langs(user, guild).0;
        match &self.limits {
            Some(l) => l
                .check(action, user, guild, now)
                .map_err(|s| s.message(lang)),
            None => Ok(()),
        }
    }

    /// Plugs in the AI that plays `Player::Ai` seats.
    pub fn with_bot(mut self, bot: Arc<dyn SeatBot>) -> App {
        self.bot = Some(bot);
        self
    }

    pub fn rules(&self) -> &Rules {
        self.store.rules()
    }

    /// Whether this is the first failed DM to `user` since the process started (the bot
    /// says once that the DMs are closed, then quietly answers in the channel).
    pub fn first_dm_failure(&self, user: u64) -> bool {
        self.dm_closed.lock().unwrap().insert(user, ()).is_none()
    }

    /// Sets whether `user` gets private panels by direct message.
    pub async fn set_dm(&self, user: u64, on: bool) -> Outcome {
        let mut s = self.store.user_settings(user).await.unwrap_or_default();
        s.dm_opt_in = on;
        let lang = self.user_lang(user).await;
        match self.store.set_user_settings(user, &s).await {
            Ok(()) => {
                self.dm_closed.lock().unwrap().remove(&user);
                Outcome::private(if on {
                    crate::i18n::messages::dm_on(lang)
                } else {
                    crate::i18n::messages::dm_off(lang)
                })
            }
            Err(e) => Outcome::private(self.told(lang, None, &e)),
        }
    }

    /// Remembers a user's display name (for images and log lines), in memory and, when
    /// it is new or changed, in the store (in the background: a click does not wait).
    pub fn learn_name(&self, user: u64, name: &str) {
        let name: String = name.chars().filter(|c| !c.is_control()).take(32).collect();
        if name.is_empty() {
            return;
        }
        let old = self.names.lock().unwrap().insert(user, name.clone());
        if old.as_ref() != Some(&name)
            && let Ok(rt) = tokio::runtime::Handle::try_current()
        {
            let store = self.store.clone();
            rt.spawn(async move {
                if let Err(e) = store.set_user_name(user, &name).await {
                    tracing::warn!("could not save a display name: {e}");
                }
            });
        }
    }

    /// Fills the name cache for the players of a match from the store (after a restart
    /// nobody has clicked yet, but the images should still name them).
    async fn recall_names(&self, loaded: &Loaded) {
        for p in loaded.info.seats {
            let Player::User(u) = p else { continue };
            if self.names.lock().unwrap().contains(&u) {
                continue;
            }
            if let Ok(Some(n)) = self.store.user_name(u).await {
                let mut names = self.names.lock().unwrap();
                if !names.contains(&u) {
                    names.insert(u, n);
                }
            }
        }
    }

    /// A seat's name: its player's display name as last seen, else (and for the AI)
    /// a name in `lang`.
    fn name_of(&self, lang: Lang, p: Player, seat: Seat) -> String {
        use crate::i18n::messages as t;
        match p {
            Player::User(u) => self
                .names
                .lock()
                .unwrap()
                .get(&u)
                .cloned()
                .unwrap_or_else(|| t::player_number(lang, seat + 1)),
            Player::Ai(level) => t::ai_name(lang, level),
        }
    }

    /// A match's thread name: "Ana vs Max · #12" (Discord allows 100 characters; display
    /// names are kept to 32).
    pub async fn thread_title(&self, loaded: &Loaded) -> String {
        let [a, b] = self.names(loaded).await;
        let lang = self.public_lang(loaded.info.guild).await;
        crate::i18n::messages::thread_title(lang, a, b, loaded.info.id)
    }

    /// The names of a match's seats (the AI's in the match's public language).
    async fn names(&self, loaded: &Loaded) -> [String; 2] {
        self.recall_names(loaded).await;
        let lang = self.public_lang(loaded.info.guild).await;
        [0, 1].map(|s| self.name_of(lang, loaded.info.seats[s], s as Seat))
    }

    /// A clan's name in `lang` (the German edition's where it has one).
    fn clan_name(&self, lang: Lang, clan: u8) -> String {
        self.rules()
            .pack
            .clans
            .get(clan as usize)
            .map_or_else(String::new, |c| {
                crate::i18n::names::clan(lang, c).to_string()
            })
    }

    /// The index of a clan by id or name (case-insensitive).
    pub fn clan_index(&self, name: &str) -> Option<u8> {
        let n = name.trim().to_lowercase();
        self.rules()
            .pack
            .clans
            .iter()
            .position(|c| c.id.to_lowercase() == n || c.name.to_lowercase() == n)
            .map(|i| i as u8)
    }

    /// Whether a match may start at `place`. `Err`: the server plays in another channel
    /// (the private explanation, in `lang`).
    pub async fn may_start_here(&self, lang: Lang, place: Place) -> Result<(), String> {
        let Some(g) = place.guild else {
            return Ok(());
        };
        match self
            .store
            .guild_settings(g)
            .await
            .unwrap_or_default()
            .channel
        {
            Some(c) if c != place.channel => Err(p::play_in_channel(lang, c.to_string())),
            _ => Ok(()),
        }
    }

    /// Whether the server's matches get their own threads (the default).
    pub async fn threads(&self, guild: Option<u64>) -> bool {
        let Some(g) = guild else {
            return false;
        };
        self.store
            .guild_settings(g)
            .await
            .unwrap_or_default()
            .threads
            != Some(false)
    }

    // ---- playing ------------------------------------------------------------------

    fn seat_of(loaded: &Loaded, user: u64) -> Option<Seat> {
        loaded
            .info
            .seats
            .iter()
            .position(|p| *p == Player::User(user))
            .map(|s| s as Seat)
    }

    async fn load_for(&self, match_id: MatchId, user: u64) -> Result<(Loaded, Seat), Outcome> {
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => {
                let lang = self.user_lang(user).await;
                return Err(Outcome::private(self.told(lang, Some(match_id), &e)));
            }
        };
        let Some(seat) = Self::seat_of(&loaded, user) else {
            let lang = self.user_lang(user).await;
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
        let lang = self.user_lang(user).await;
        // A step of an old panel names choices of an old position: start afresh (an
        // overview, a refresh, is always of the current position).
        let stale = version.is_some_and(|v| v != loaded.info.version) && nav != Nav::Overview;
        let players = panel::panel_names(&self.names(&loaded).await);
        let nav = if stale { Nav::Overview } else { nav };
        let mut msg = self.panel_msg(lang, &players, &loaded, seat, nav);
        if stale {
            msg.content = format!("{}\n{}", p::button_out_of_date(lang), msg.content);
        }
        if let Some(line) = self.taken_back_line(lang, &loaded, seat).await {
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
    fn panel_msg(
        &self,
        lang: Lang,
        players: &[String; 2],
        loaded: &Loaded,
        seat: Seat,
        nav: Nav,
    ) -> Msg {
        let players = Some([players[0].as_str(), players[1].as_str()]);
        let (state, rules, id) = (&loaded.state, self.rules(), loaded.info.id);
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
            format!("{:+}", state.initiative(seat)),
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
        let lang = self.user_lang(user).await;
        let players = panel::panel_names(&self.names(&loaded).await);
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
        let legal = loaded.state.legal(self.rules(), seat);
        let Some(input) = legal.get(index).cloned() else {
            return Outcome::private(p::choice_not_available(lang));
        };
        let named = Some([players[0].as_str(), players[1].as_str()]);
        let (_, label) = panel::describe(lang, named, self.rules(), &loaded.state, seat, &input);
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
                Err(e) => return Outcome::private(self.told(lang, Some(match_id), &e)),
            },
            Err(e) => return Outcome::private(self.told(lang, Some(match_id), &e)),
        };
        let info = crate::store::MatchInfo {
            version: sub.version,
            ..loaded.info.clone()
        };
        let after = Loaded {
            info,
            state: sub.state.clone(),
        };
        let public = self.after_input(&loaded.state, &after, &sub.events).await;
        // The panel in its new state: the next question while the player still acts,
        // else what they wait for (no dead buttons).
        let next = self.panel_msg(lang, &players, &after, seat, Nav::Overview);
        let mut reply = Msg {
            content: clip(
                &format!("{}\n{}", p::panel_done(lang, label), next.content),
                MAX_CONTENT,
            ),
            ..next
        };
        self.offer_takeback(lang, &after, seat, &mut reply).await;
        Outcome {
            reply: Some(reply),
            replaces: true,
            public,
            channel: Some(after.info.thread.unwrap_or(after.info.channel)),
            ai: self.ai_next(&after),
            replay: self.replay_after(&after),
            ..Outcome::default()
        }
    }

    /// The user's hand, privately (image and names).
    pub async fn hand(&self, match_id: MatchId, user: u64) -> Outcome {
        let (loaded, seat) = match self.load_for(match_id, user).await {
            Ok(x) => x,
            Err(o) => return o,
        };
        let names = self.names(&loaded).await;
        let lang = self.user_lang(user).await;
        let view = loaded.state.view(self.rules(), Some(seat));
        let list: Vec<String> = view
            .hand
            .iter()
            .flatten()
            .map(|c| panel::card_line(lang, &self.rules().pack.cards[c.kind as usize]))
            .collect();
        let store = self.store.clone();
        let theme = self.theme.clone();
        let png = tokio::task::spawn_blocking(move || {
            let t = Table {
                rules: store.rules(),
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            };
            render::hand(&t, &view).map(|i| i.png)
        })
        .await
        .ok()
        .and_then(|r| r.ok());
        let mut msg = Msg::text(p::hand_text(
            lang,
            match_id,
            if list.is_empty() {
                p::panel_hand_empty(lang)
            } else {
                list.join(", ")
            },
        ));
        if let Some(png) = png {
            msg.files.push(File {
                name: "hand.png".into(),
                png,
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
        let lang = self.user_lang(user).await;
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
                let public_lang = self.public_lang(loaded.info.guild).await;
                let line = self
                    .winner_line(&loaded, winner, Reason::Resign, public_lang)
                    .await;
                let lang = self.user_lang(user).await;
                Outcome {
                    reply: Some(Msg::text(crate::i18n::messages::you_resigned(lang))),
                    replaces: true,
                    public: vec![self.end_post(public_lang, &loaded, &line)],
                    channel: Some(loaded.info.thread.unwrap_or(loaded.info.channel)),
                    replay: self.images.then_some(match_id),
                    ..Outcome::default()
                }
            }
            Err(e) => Outcome::private(self.told(self.user_lang(user).await, Some(match_id), &e)),
        }
    }

    /// The post that ends a match (`line` says how, in `lang`), with its Rematch and
    /// Analysis buttons.
    fn end_post(&self, lang: Lang, loaded: &Loaded, line: &str) -> Msg {
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
        let lang = self.user_lang(user).await;
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
                };
                let mut out = self
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
        self.challenge(
            Challenge {
                challenger: user,
                opponent: Some(other),
                clans: [Some(mine), Some(theirs)],
                mulligan: loaded.info.setup.mulligan,
                timeout: loaded.info.terms.timeout_minutes,
                expires: 0,
            },
            loaded.info.guild,
            now,
        )
        .await
    }

    /// Reposts the current board of a match where `user` asked (`place`), with its
    /// buttons and without pinging anyone. Only the match's players, or anyone in the
    /// server where the match lives, may repost it; rate-limited per user and server.
    pub async fn board(&self, match_id: MatchId, user: u64, place: Place, now: Millis) -> Outcome {
        if let Err(slow) = self.allow(Action::Board, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let lang = self.user_lang(user).await;
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(e) => return Outcome::private(self.told(lang, Some(match_id), &e)),
        };
        let home = place.guild.is_some() && place.guild == loaded.info.guild;
        if !home && Self::seat_of(&loaded, user).is_none() {
            return Outcome::private(p::board_not_here(lang, match_id));
        }
        let mut post = self.board_post(&loaded, &[], "").await;
        post.pings.clear();
        Outcome {
            public: vec![post],
            ..Outcome::default()
        }
    }

    /// The user's active matches, as text with the channel links.
    pub async fn matches(&self, user: u64, now: Millis) -> Outcome {
        let lang = self.user_lang(user).await;
        match self.store.active_matches_of_user(user).await {
            Ok(ms) if ms.is_empty() => Outcome::private(p::no_active_matches(lang)),
            Ok(ms) => {
                let mut lines = Vec::new();
                for m in ms.iter().take(20) {
                    let channel = m.thread.unwrap_or(m.channel).to_string();
                    let mut line = p::active_match(lang, m.id, channel, m.version);
                    if let Some(away) = self.opponent_away(m.seats, user, lang, now).await {
                        line = format!("{line} · {away}");
                    }
                    lines.push(line);
                }
                Outcome::private(clip(&lines.join("\n"), MAX_CONTENT))
            }
            Err(e) => Outcome::private(self.told(lang, None, &e)),
        }
    }

    /// Recent results: of the server (`guild`), or the user's own (`mine`, or outside a
    /// server). Names come from the store, so they read well after a restart.
    pub async fn history(&self, guild: Option<u64>, user: u64, mine: bool) -> Outcome {
        const SHOWN: i64 = 10;
        let lang = self.user_lang(user).await;
        let (entries, server) = match guild.filter(|_| !mine) {
            Some(g) => (self.store.history_of_guild(g, SHOWN).await, true),
            None => (self.store.history_of_user(user, SHOWN).await, false),
        };
        let entries = match entries {
            Ok(e) => e,
            Err(e) => return Outcome::private(self.told(lang, None, &e)),
        };
        if entries.is_empty() {
            return Outcome::private(if server {
                p::history_none_server(lang)
            } else {
                p::history_none_you(lang)
            });
        }
        let mut lines = vec![if server {
            p::history_title_server(lang)
        } else {
            p::history_title_you(lang)
        }];
        for e in &entries {
            let mut names = [String::new(), String::new()];
            for (s, p) in e.seats.iter().enumerate() {
                names[s] = match p {
                    Player::User(u) => {
                        let known = self.names.lock().unwrap().get(u).cloned();
                        match known {
                            Some(n) => n,
                            None => match self.store.user_name(*u).await {
                                Ok(Some(n)) => n,
                                _ => format!("<@{u}>"),
                            },
                        }
                    }
                    ai => self.name_of(lang, *ai, s as Seat),
                };
            }
            let r = &e.result;
            let result = match (r.winner, r.reason) {
                (Some(w), Reason::Win) => p::history_won(lang, names[w as usize].as_str()),
                (Some(w), Reason::Resign) => p::history_won_resigned(
                    lang,
                    names[w as usize].as_str(),
                    names[1 - w as usize].as_str(),
                ),
                (Some(w), _) => p::history_won_timeout(
                    lang,
                    names[w as usize].as_str(),
                    names[1 - w as usize].as_str(),
                ),
                (None, _) => p::history_abandoned(lang),
            };
            lines.push(p::history_line(
                lang,
                r.match_id,
                names[0].as_str(),
                names[1].as_str(),
                result,
                (r.finished_at / 1000).to_string(),
            ));
        }
        Outcome::private(clip(&lines.join("\n"), MAX_CONTENT))
    }

    /// The match the user plays in `channel` (or her only/latest active match).
    pub async fn match_here(&self, user: u64, channel: u64) -> Option<MatchId> {
        let ms = self.store.active_matches_of_user(user).await.ok()?;
        ms.iter()
            .find(|m| m.thread == Some(channel) || m.channel == channel)
            .or(ms.first())
            .map(|m| m.id)
    }
}

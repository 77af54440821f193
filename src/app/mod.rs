//! The use cases between Discord and the engine, renderer and store: challenge,
//! accept, decline, play an input, resign, show a hand, repost the board, tick the
//! timers. Each loads, applies, persists and returns what to tell whom as plain data
//! ([`Outcome`]); nothing here knows Discord's types, so it is tested without Discord.
//!
//! Privacy: public messages are built only from the spectator's view and events
//! redacted for the spectator (`Event::redact(None)`); private panels go only to the
//! clicker as an ephemeral reply, and a clicker's seat always comes from the stored
//! match, never from the interaction.
//!
//! Where things are: this file holds [`App`], which only wires the services, and how
//! it is built (`build`, `with_*`), [`Outcome`], [`Place`] and the AI's seat
//! ([`SeatBot`]). Each service is a folder or file of its own, holding what it uses:
//! `clans/` (Crystal Clans matches: `app.matches` and the boards, `app.boards`),
//! `crystallo/`, `challenges.rs`, `league/`, `directory/` (names, languages,
//! settings), `presence/` (absences and pings), `ratings.rs`, `replay.rs`,
//! `analysis.rs`, `moderation.rs`, `privacy.rs`; `timers.rs` is the scheduler, which
//! calls them. Each file's own documentation says what it holds.

pub mod analysis;
mod challenges;
// Crystal Clans: a match played, its panels and posts, takebacks, the AI's turns.
pub mod clans;
// Crystallo, the solo cavern game (`/crystallo`).
pub mod crystallo;
pub mod directory;
// `/clans export`: a match's public record.
pub mod export;
pub mod failures;
pub mod ids;
pub mod league;
pub mod learn;
pub mod limits;
pub mod lru;
// Moderators' actions (`/clans-admin`) and their audit log.
pub mod moderation;
pub mod msg;
pub mod posting;
// `/clans practice`: a finished match played on from one of its turns.
pub mod practice;
pub mod presence;
// `/clans forget-me`.
pub mod privacy;
// The concepts' paths as callers name them.
pub use presence::{away, notify};
pub mod ratings;
pub mod replay;
pub mod rules_pictures;
pub mod timers;

use crate::game::{Input, Rules, View};
use crate::render::Theme;
use crate::store::{MatchId, Millis, Reach, Store};
use analysis::Analyses;
use clans::{Ai, Matches};
use crystallo::Crystallo;
use directory::Directory;
use failures::Faults;
use league::Leagues;
use limits::{Gate, LimitConfig, Limits};

use challenges::Challenges;
use clans::posts::Boards;
use ids::Signing;
use msg::Msg;
use presence::Presence;
use ratings::Ratings;
use replay::Replays;

pub use challenges::{Challenge, MAX_BANK_DAYS, Started};

/// The longest turn timeout a challenge may set (a week).
pub const MAX_TIMEOUT_MINUTES: u32 = 7 * 24 * 60;
use std::sync::Arc;

/// How long a challenge stays open.
pub const CHALLENGE_TTL_MS: Millis = 15 * 60 * 1000;

/// A bot that plays a seat (the AI). It sees only the seat's `View` and the legal
/// inputs; it runs on a blocking thread.
pub trait SeatBot: Send + Sync {
    fn choose(&self, rules: &Rules, view: &View, legal: &[Input], level: u8) -> Option<Input>;
}

/// The AI of `crate::ai` as the app's seat bot. Levels: 0 easy, 1 normal, 2 hard,
/// 3 fast, 4 beginner (`crate::ai::Level::ALL`); an unknown index plays normal.
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
    /// The channel a match's thread is in: where `public` goes when the thread takes no
    /// post (a moderator locked it).
    pub home: Option<u64>,
    /// The public message clicked, as it is to read now (a challenge declined or
    /// accepted): it replaces that message's text and its buttons go, instead of a new
    /// post saying so.
    pub post_edit: Option<Msg>,
    /// A match was created (the Discord layer may rename the thread, etc.).
    pub created: Option<MatchId>,
    /// The AI must answer next in this match: once this outcome is delivered, run
    /// [`Matches::ai_turn`] and post its outcome (the human's answer never waits for it).
    pub ai: Option<MatchId>,
    /// The match ended: once `public` is posted, post [`Replays::replay_post`](replay::Replays::replay_post) after it,
    /// in the same place (drawing it takes about a second, which the final board and
    /// the clicker's answer do not wait for).
    pub replay: Option<MatchId>,
    /// Open a public thread with this name in `channel` first, move the match
    /// `created` into it and post `public` there: a league round's matches, which the
    /// scheduler starts with no message to open a thread from.
    pub thread: Option<String>,
    /// Direct messages to players (`notify.rs`: their move, a catch-up, a digest).
    pub dms: Vec<(u64, Msg)>,
    /// Add this user to this thread (a follower: `clans/follow.rs`); when Discord
    /// refuses, the user is told this note privately.
    pub join_thread: Option<JoinThread>,
    /// The match is played where the bot only answers interactions (`Reach::Interactions`):
    /// its players. `public` then goes out as answers to the interaction that caused
    /// it, when it came from there; otherwise (a timer, a command elsewhere) each post
    /// goes to each of these by DM.
    pub dm_instead: Vec<u64>,
}

/// A user to add to a match's thread, and what to tell them if that fails.
#[derive(Debug, Clone)]
pub struct JoinThread {
    pub thread: u64,
    pub user: u64,
    pub failed: Msg,
}

impl Outcome {
    /// An outcome posted where match `info` is played: its thread (else its channel),
    /// with its channel as the place to fall back on when the thread takes no post.
    pub fn in_match(info: &crate::store::MatchInfo) -> Outcome {
        let dm_instead = match info.reach {
            Reach::Posts => Vec::new(),
            Reach::Interactions => info.seats.iter().filter_map(|s| s.user()).collect(),
        };
        Outcome {
            channel: Some(info.thread.unwrap_or(info.channel)),
            home: Some(info.channel),
            dm_instead,
            ..Outcome::default()
        }
    }

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
    /// Whether the bot may post in `channel` or only answer interactions there (the
    /// Discord adapter reads it from the interaction: `discord/reach.rs`).
    pub reach: Reach,
}

#[derive(Clone)]
pub struct App {
    /// Private: the Discord adapter reaches the store only through use cases.
    store: Store,
    /// Names, languages and settings of users and servers (`directory/`).
    pub directory: Arc<Directory>,
    /// Where store errors are logged and worded for a player.
    pub faults: Faults,
    /// The public posts of a match (`clans/posts/`).
    pub boards: Arc<Boards>,
    /// Crystal Clans matches: played, looked up, taken back, the AI's turns (`clans/`).
    pub matches: Arc<Matches>,
    /// Server leagues (`league/`).
    pub leagues: Arc<Leagues>,
    /// Post-game analyses, one at a time, the others queued (`analysis.rs`).
    pub analysis: Arc<Analyses>,
    /// Crystallo, the solo cavern game (`crystallo/`).
    pub crystallo: Arc<Crystallo>,
    /// Pings and absences (`presence/`).
    pub presence: Arc<Presence>,
    /// Ratings: the leaderboard, profiles, a final post's changes (`ratings.rs`).
    pub ratings: Arc<Ratings>,
    /// Replays of finished matches (`replay.rs`).
    pub replays: Arc<Replays>,
    /// Signs what a button carries (a challenge's terms, a takeback request).
    pub signing: Signing,
    /// Challenges and the matches they start (`challenges.rs`).
    pub challenges: Arc<Challenges>,
    /// `/clans learn`: the guided first match and its lessons (`learn/`).
    pub learn: Arc<learn::Learn>,
    /// Moderators' actions and their audit log (`moderation.rs`).
    pub moderators: Arc<moderation::Moderators>,
    /// A player forgotten on request (`privacy.rs`).
    pub privacy: Arc<privacy::Privacy>,
    /// The order of each match's public posts when several clicks post at once
    /// (`posting.rs`).
    pub post_order: posting::PostOrder,
    /// What the builders chose, to wire the app again after each.
    settings: Settings,
}

/// One AI decision per core but one: a decision is CPU-bound for its whole time limit,
/// and with every core taken by the AI the human matches slowed down (`bench discord
/// --ai-matches 20` on 2 shared cores: board p50 53 ms with 2 slots, 22-30 ms with 1,
/// 18-19 ms without AI matches; see docs/measurements.md).
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

/// Where new deals' seeds come from: random, or `first`, `first + 1`, ... (tests).
/// Shared by every service that deals (a match, a Crystallo practice game).
#[derive(Clone, Default)]
pub struct Seeds(Option<Arc<std::sync::atomic::AtomicU64>>);

impl Seeds {
    pub fn from(first: u64) -> Seeds {
        Seeds(Some(Arc::new(std::sync::atomic::AtomicU64::new(first))))
    }

    /// The next seed.
    pub fn next(&self) -> u64 {
        match &self.0 {
            Some(s) => s.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
            None => rand::random(),
        }
    }
}

fn mention(u: u64) -> String {
    format!("<@{u}>")
}

/// What the `with_*` builders choose; [`App::build`] wires every service from it.
#[derive(Clone)]
struct Settings {
    /// `None`: no rate limits (benchmarks).
    limits: Option<LimitConfig>,
    images: bool,
    seeds: Seeds,
    ai_pace_ms: u32,
    ai_slots: usize,
    analysis_iterations: u32,
    bot: Option<Arc<dyn SeatBot>>,
    /// Days a finished match's log is kept (`None`: for ever).
    keep_finished_days: Option<u32>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            limits: Some(LimitConfig::default()),
            images: true,
            seeds: Seeds::default(),
            ai_pace_ms: 0,
            ai_slots: default_ai_slots(),
            analysis_iterations: crate::ai::analysis::normal_iterations(),
            bot: None,
            keep_finished_days: None,
        }
    }
}

impl App {
    pub fn new(store: Store) -> App {
        App::build(store, Settings::default())
    }

    /// The one place the services are made and wired: each gets only what it uses,
    /// and the ones that share something (the limits, the seeds, the AI's slots, the
    /// signer, the boards) get the same one.
    fn build(store: Store, settings: Settings) -> App {
        let faults = Faults::new(store.clone());
        let directory = Directory::new(store.clone(), faults.clone());
        let limits = settings.limits.map(|config| Arc::new(Limits::new(config)));
        let gate = Gate::new(limits, directory.clone());
        let (images, seeds) = (settings.images, settings.seeds.clone());
        let theme = Arc::new(Theme::default());
        let ai = Ai::new(settings.bot.clone(), settings.ai_pace_ms, settings.ai_slots);
        let presence = Presence::new(store.clone(), directory.clone(), faults.clone());
        let ratings = Ratings::new(store.clone(), directory.clone(), faults.clone());
        let signing = Signing::new(store.clone());
        let boards = Arc::new(Boards::new(
            store.clone(),
            directory.clone(),
            presence.clone(),
            ratings.clone(),
            theme.clone(),
            images,
        ));
        let challenges = Arc::new(Challenges::new(
            store.clone(),
            directory.clone(),
            faults.clone(),
            gate.clone(),
            seeds.clone(),
            signing.clone(),
            boards.clone(),
            settings.bot.is_some(),
        ));
        let replays = Arc::new(Replays::new(
            store.clone(),
            directory.clone(),
            faults.clone(),
            gate.clone(),
            theme.clone(),
            images,
        ));
        let matches = Arc::new(Matches::new(clans::Parts {
            store: store.clone(),
            directory: directory.clone(),
            faults: faults.clone(),
            gate: gate.clone(),
            boards: boards.clone(),
            replays: replays.clone(),
            challenges: challenges.clone(),
            presence: presence.clone(),
            signing: signing.clone(),
            theme: theme.clone(),
            images,
            ai: ai.clone(),
        }));
        let leagues = Arc::new(Leagues::new(league::Parts {
            store: store.clone(),
            directory: directory.clone(),
            faults: faults.clone(),
            gate: gate.clone(),
            boards: boards.clone(),
            matches: matches.clone(),
            seeds: seeds.clone(),
            theme: theme.clone(),
            images,
        }));
        let learn = Arc::new(learn::Learn::new(
            store.clone(),
            directory.clone(),
            faults.clone(),
            challenges.clone(),
            boards.clone(),
        ));
        let moderators = Arc::new(moderation::Moderators::new(
            store.clone(),
            directory.clone(),
            faults.clone(),
            boards.clone(),
            matches.clone(),
            leagues.clone(),
        ));
        let privacy = Arc::new(privacy::Privacy::new(
            store.clone(),
            directory.clone(),
            faults.clone(),
            matches.clone(),
        ));
        App {
            learn,
            moderators,
            privacy,
            challenges,
            matches,
            leagues,
            boards,
            analysis: Arc::new(Analyses::new(
                store.clone(),
                directory.clone(),
                faults.clone(),
                theme.clone(),
                ai.slots.clone(),
                analysis::Queue::new(settings.analysis_iterations),
            )),
            ratings: Arc::new(ratings),
            replays,
            presence: Arc::new(presence),
            crystallo: Arc::new(Crystallo::new(
                store.clone(),
                directory.clone(),
                faults.clone(),
                gate.clone(),
                seeds.clone(),
                signing.clone(),
                images,
            )),
            store,
            directory: Arc::new(directory),
            faults,
            signing,
            post_order: posting::PostOrder::default(),
            settings,
        }
    }

    /// The same app wired again with `change` made to its settings. The builders run
    /// before the app serves anyone, so nothing it has learnt is lost.
    fn rebuilt(self, change: impl FnOnce(&mut Settings)) -> App {
        let mut settings = self.settings;
        change(&mut settings);
        App::build(self.store, settings)
    }

    /// Deals matches from seeds `first`, `first + 1`, ... instead of random ones (tests).
    pub fn with_seeds(self, first: u64) -> App {
        self.rebuilt(|s| s.seeds = Seeds::from(first))
    }

    /// Posts each of the AI's moves this long after the previous post, so that people
    /// can follow them (the bot uses about a second; tests none).
    pub fn with_ai_pace(self, ms: u32) -> App {
        self.rebuilt(|s| s.ai_pace_ms = ms)
    }

    /// Leaves the board and battle images out of public posts (for fast tests and
    /// benchmarks of everything else; the text and embeds are unchanged).
    pub fn without_images(self) -> App {
        self.rebuilt(|s| s.images = false)
    }

    /// Runs at most `n` AI decisions at once (default: one per core but one), so that AI
    /// matches queue for CPU among themselves instead of starving human matches.
    pub fn with_ai_slots(self, n: usize) -> App {
        self.rebuilt(|s| s.ai_slots = n)
    }

    /// Searches with `iterations` per position of an analysis instead of the normal
    /// level's (tests, which build the AI unoptimized).
    pub fn with_analysis_iterations(self, iterations: u32) -> App {
        self.rebuilt(|s| s.analysis_iterations = iterations)
    }

    /// Replaces the rate limits ([`LimitConfig::default`] otherwise).
    pub fn with_limits(self, config: LimitConfig) -> App {
        self.rebuilt(|s| s.limits = Some(config))
    }

    /// No rate limits (benchmarks, where thousands of players share one server).
    pub fn without_limits(self) -> App {
        self.rebuilt(|s| s.limits = None)
    }

    /// Deletes a finished match's log (its moves, snapshot and analysis) `days` after it
    /// ended; its result, history and ratings stay (`CLANS_KEEP_FINISHED_DAYS`).
    pub fn with_finished_log_retention(self, days: u32) -> App {
        self.rebuilt(|s| s.keep_finished_days = Some(days))
    }

    /// Plugs in the AI that plays `Player::Ai` seats.
    pub fn with_bot(self, bot: Arc<dyn SeatBot>) -> App {
        self.rebuilt(|s| s.bot = Some(bot))
    }

    pub fn rules(&self) -> &Rules {
        self.store.rules()
    }
}

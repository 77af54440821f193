//! Server leagues: round robin or Swiss events whose rounds the bot pairs, starts and
//! scores. `pairing` and `standings` are the pure rules (unit-tested beside them);
//! this file holds the commands (create, join, leave, cancel, start, standings) and
//! `rounds.rs` what happens between them: a round's matches, its end (every match
//! decided, or its deadline passed, when the player to move forfeits as on a timeout),
//! the next round and the final standings, driven by the scheduler's tick from stored
//! data, so a restart loses nothing.

pub mod pairing;
mod rounds;
pub mod standings;

use super::clans::Matches;
use super::clans::posts::Boards;
use super::directory::Directory;
use super::failures::Faults;
use super::limits::Action;
use super::limits::Gate;
use super::{Outcome, Place, Seeds, mention};
use crate::i18n::Lang;
use crate::i18n::messages::league as t;
use crate::render::Theme;
use crate::store::{
    BoardResult, ClanRule, League, LeagueFormat, LeagueJoin, LeagueStatus, Millis, NewLeague,
    Reason,
};
use std::sync::Arc;

/// A league's name is at most this many characters (it heads threads and images).
pub const MAX_NAME: usize = 40;
/// At most this many players (a round robin of 32 is 31 rounds already).
pub const MAX_PLAYERS: usize = 32;
/// A league of two would be one match: at least three to start.
pub const MIN_PLAYERS: usize = 3;
pub const MAX_SWISS_ROUNDS: u32 = 20;
pub const MAX_DAYS: u32 = 30;
pub const DAY_MS: Millis = 24 * 60 * 60 * 1000;

/// What `/clans league create` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueTerms {
    pub name: String,
    pub format: LeagueFormat,
    pub days_per_round: u32,
    pub clan_rule: ClanRule,
}

/// The leagues service (`app.leagues`): `/clans league` and the rounds the scheduler
/// starts, decides and scores.
#[derive(Clone)]
pub struct Leagues {
    store: crate::store::Store,
    directory: Directory,
    faults: Faults,
    gate: Gate,
    boards: Arc<Boards>,
    matches: Arc<Matches>,
    seeds: Seeds,
    theme: Arc<Theme>,
    /// Without images the standings are text only and a final post offers no replay.
    images: bool,
}

/// What [`Leagues`] is made of.
pub struct Parts {
    pub store: crate::store::Store,
    pub directory: Directory,
    pub faults: Faults,
    pub gate: Gate,
    pub boards: Arc<Boards>,
    pub matches: Arc<Matches>,
    pub seeds: Seeds,
    pub theme: Arc<Theme>,
    pub images: bool,
}

impl Leagues {
    pub fn new(p: Parts) -> Leagues {
        Leagues {
            store: p.store,
            directory: p.directory,
            faults: p.faults,
            gate: p.gate,
            boards: p.boards,
            matches: p.matches,
            seeds: p.seeds,
            theme: p.theme,
            images: p.images,
        }
    }

    fn rules(&self) -> &crate::game::Rules {
        self.store.rules()
    }
}

impl Leagues {
    /// The names of `guild`'s leagues (the 25 newest) that contain `typed`, ignoring
    /// case: the league option's autocomplete. Nothing when the store cannot say.
    pub async fn names(&self, guild: u64, typed: &str) -> Vec<String> {
        let typed = typed.trim().to_lowercase();
        self.store
            .leagues_of_guild(guild, 25)
            .await
            .unwrap_or_default()
            .into_iter()
            .map(|l| l.name)
            .filter(|n| n.to_lowercase().contains(&typed))
            .collect()
    }

    /// The server's open or running league called `name`; `Err` is the private
    /// answer (naming the leagues there are).
    async fn find_league(
        &self,
        lang: Lang,
        guild: Option<u64>,
        name: &str,
    ) -> Result<League, String> {
        let Some(g) = guild else {
            return Err(t::league_only_in_server(lang));
        };
        match self.store.league_by_name(g, name).await {
            Ok(Some(l)) => Ok(l),
            Ok(None) => {
                let live: Vec<String> = self
                    .store
                    .leagues_of_guild(g, 25)
                    .await
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|l| matches!(l.status, LeagueStatus::Open | LeagueStatus::Running))
                    .map(|l| l.name)
                    .collect();
                let known = if live.is_empty() {
                    t::league_none_here(lang)
                } else {
                    t::league_known(lang, live.join(", "))
                };
                Err(t::league_unknown(lang, name.trim().to_string(), known))
            }
            Err(e) => Err(self.faults.told(lang, None, &e)),
        }
    }

    /// `/clans league create` (Manage Server): a new open league in this channel.
    pub async fn create(
        &self,
        user: u64,
        place: Place,
        manager: bool,
        terms: LeagueTerms,
        now: Millis,
    ) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let Some(guild) = place.guild else {
            return Outcome::private(t::league_only_in_server(lang));
        };
        if !manager {
            return Outcome::private(t::league_only_managers(lang));
        }
        let name = terms.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Outcome::private(t::league_name_invalid(lang, MAX_NAME));
        }
        if let LeagueFormat::Swiss { rounds } = terms.format
            && !(1..=MAX_SWISS_ROUNDS).contains(&rounds)
        {
            return Outcome::private(t::league_rounds_range(lang, MAX_SWISS_ROUNDS));
        }
        if !(1..=MAX_DAYS).contains(&terms.days_per_round) {
            return Outcome::private(t::league_days_range(lang, MAX_DAYS));
        }
        if let ClanRule::Fixed(c) = terms.clan_rule
            && usize::from(c) >= self.rules().pack.clans.len()
        {
            return Outcome::private(t::league_fixed_needs_clan(lang));
        }
        if let Err(slow) = self.gate.allow(Action::League, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let new = NewLeague {
            guild,
            channel: place.channel,
            name: name.clone(),
            format: terms.format,
            days_per_round: terms.days_per_round,
            clan_rule: terms.clan_rule,
            created_by: user,
        };
        match self.store.create_league(&new, now).await {
            Ok(Some(_)) => {}
            Ok(None) => return Outcome::private(t::league_name_taken(lang, name)),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        let public = self.directory.public_lang(place.guild).await;
        let format = match terms.format {
            LeagueFormat::RoundRobin => t::league_format_round_robin(public),
            LeagueFormat::Swiss { rounds } => t::league_format_swiss(public, rounds),
        };
        let clans = match terms.clan_rule {
            ClanRule::Free => t::league_clans_free(public),
            ClanRule::Fixed(c) => {
                t::league_clans_fixed(public, self.directory.clan_name(public, c))
            }
            ClanRule::Random => t::league_clans_random(public),
        };
        let text = t::league_created(
            public,
            mention(user),
            name,
            format,
            t::league_days(public, terms.days_per_round),
            clans,
        );
        Outcome {
            public: vec![super::msg::Msg::text(text)],
            channel: Some(place.channel),
            ..Outcome::default()
        }
    }

    /// `/clans league join`: into an open league, with the clan the player will play
    /// under the free-choice rule (`None`: random per match).
    pub async fn join(
        &self,
        user: u64,
        guild: Option<u64>,
        name: &str,
        clan: Option<u8>,
        now: Millis,
    ) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let league = match self.find_league(lang, guild, name).await {
            Ok(l) => l,
            Err(why) => return Outcome::private(why),
        };
        if league.status != LeagueStatus::Open {
            return Outcome::private(t::league_already_started(lang, league.name));
        }
        if let Err(slow) = self.gate.allow(Action::League, user, guild, now) {
            return Outcome::private(slow);
        }
        // The store decides under the league's lock: two joins at once never pass the
        // cap, nor does one that saw an older count.
        let players = match self
            .store
            .join_league(league.id, user, clan, now, MAX_PLAYERS)
            .await
        {
            Ok(LeagueJoin::Joined { players }) => players,
            Ok(LeagueJoin::Already) => {
                return Outcome::private(t::league_already_joined(lang, league.name));
            }
            Ok(LeagueJoin::Full) => {
                return Outcome::private(t::league_full(lang, league.name, MAX_PLAYERS));
            }
            Ok(LeagueJoin::NotOpen) => {
                return Outcome::private(t::league_already_started(lang, league.name));
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let public = self.directory.public_lang(guild).await;
        let text = t::league_joined(public, mention(user), league.name, players);
        Outcome {
            public: vec![super::msg::Msg::text(text)],
            channel: Some(league.channel),
            ..Outcome::default()
        }
    }

    /// `/clans league leave`: out of an open league; out of a running one with the
    /// current match lost (as a resignation, so it counts for ratings like one) and
    /// every later board forfeited. The first outcome answers the player; the others
    /// go to the forfeited matches' threads.
    pub async fn leave(
        &self,
        user: u64,
        guild: Option<u64>,
        name: &str,
        now: Millis,
    ) -> Vec<Outcome> {
        let lang = self.directory.user_lang(user).await;
        let league = match self.find_league(lang, guild, name).await {
            Ok(l) => l,
            Err(why) => return vec![Outcome::private(why)],
        };
        if let Err(slow) = self.gate.allow(Action::League, user, guild, now) {
            return vec![Outcome::private(slow)];
        }
        match self.store.leave_league(league.id, user, now).await {
            Ok(true) => {}
            Ok(false) => return vec![Outcome::private(t::league_not_a_player(lang, league.name))],
            Err(e) => return vec![Outcome::private(self.faults.told(lang, None, &e))],
        }
        let public = self.directory.public_lang(guild).await;
        if league.status == LeagueStatus::Open {
            let text = t::league_left_open(public, mention(user), league.name);
            return vec![Outcome {
                public: vec![super::msg::Msg::text(text)],
                channel: Some(league.channel),
                ..Outcome::default()
            }];
        }
        let mut outs = vec![Outcome {
            public: vec![super::msg::Msg::text(t::league_left_running(
                public,
                mention(user),
                league.name.clone(),
            ))],
            channel: Some(league.channel),
            ..Outcome::default()
        }];
        outs.extend(self.forfeit_for(&league, user, public).await);
        outs
    }

    /// The current round's boards of a player who left: a match being played is lost
    /// (a resignation), a board whose match is not made yet is forfeited.
    async fn forfeit_for(&self, league: &League, user: u64, public: Lang) -> Vec<Outcome> {
        let boards = match self.store.league_boards(league.id).await {
            Ok(b) => b,
            Err(e) => {
                tracing::warn!(league = league.id, "could not read a league's boards: {e}");
                return Vec::new();
            }
        };
        let mut outs = Vec::new();
        for b in boards.iter().filter(|b| {
            b.round == league.round
                && !b.bye
                && b.seats.contains(&user)
                && b.result == crate::store::BoardResult::Pending
        }) {
            let winner: crate::game::Seat = if b.seats[0] == user { 1 } else { 0 };
            let Some(id) = b.match_id else {
                if let Err(e) = self
                    .store
                    .forfeit_league_board(league.id, b.round, b.board, winner)
                    .await
                {
                    tracing::warn!(league = league.id, "could not forfeit a board: {e}");
                }
                continue;
            };
            let loaded = match self.store.load(id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = id, "could not load a league match: {e}");
                    continue;
                }
            };
            match self
                .store
                .finish(id, None, Some(winner), Reason::Resign)
                .await
            {
                Ok(_) => {
                    let line = t::league_forfeit_line(
                        public,
                        mention(user),
                        league.name.clone(),
                        mention(b.seats[winner as usize]),
                        id,
                    );
                    outs.push(Outcome {
                        public: vec![self.matches.end_post(public, &loaded, &line)],
                        channel: Some(loaded.info.thread.unwrap_or(loaded.info.channel)),
                        replay: self.images.then_some(id),
                        ..Outcome::default()
                    });
                }
                Err(crate::store::StoreError::Finished(_)) => {}
                Err(e) => tracing::warn!(match_id = id, "could not forfeit a league match: {e}"),
            }
        }
        outs
    }

    /// `/clans league cancel` (Manage Server): the league ends; its matches still
    /// being played go on as ordinary matches of the server, under its reminder and
    /// turn timeout from now (a league match had none of its own: the round's deadline
    /// was its timeout, and without one it could wait forever).
    pub async fn cancel(
        &self,
        user: u64,
        guild: Option<u64>,
        name: &str,
        manager: bool,
        now: Millis,
    ) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        if !manager {
            return Outcome::private(t::league_only_managers(lang));
        }
        let league = match self.find_league(lang, guild, name).await {
            Ok(l) => l,
            Err(why) => return Outcome::private(why),
        };
        let from = [LeagueStatus::Open, LeagueStatus::Running];
        match self
            .store
            .set_league_status(league.id, &from, LeagueStatus::Cancelled, now)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                return Outcome::private(t::league_unknown(lang, league.name, String::new()));
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        self.let_matches_go_on(&league, now).await;
        let public = self.directory.public_lang(guild).await;
        Outcome {
            public: vec![super::msg::Msg::text(t::league_cancelled(
                public,
                league.name,
                mention(user),
            ))],
            channel: Some(league.channel),
            ..Outcome::default()
        }
    }

    /// A league that ended before its rounds did: its matches still being played go on
    /// as ordinary matches of the server, under its reminder and clock from now
    /// (a league match had none of its own: the round's deadline was its timeout, and
    /// without one it could wait forever).
    async fn let_matches_go_on(&self, league: &League, now: Millis) {
        let settings = self
            .directory
            .server_settings(league.guild)
            .await
            .unwrap_or_default();
        let terms = settings.terms(None, None, None);
        match self.store.league_boards(league.id).await {
            Ok(boards) => {
                let playing = boards.iter().filter(|b| b.result == BoardResult::Pending);
                for id in playing.filter_map(|b| b.match_id) {
                    if let Err(e) = self.store.set_terms(id, terms.clone(), now).await {
                        tracing::warn!(match_id = id, "could not give a match its terms: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!(league = league.id, "could not read a league's boards: {e}"),
        }
    }

    /// A moderator ends running league `id` now (`/clans-admin end-league`): its
    /// standings as they are become final, posted in its channel under `head` (in the
    /// server's language), and its unfinished matches go on as ordinary ones. `None`:
    /// it was not running (ended meanwhile, by its last round or another process).
    pub async fn end_early(
        &self,
        id: crate::store::LeagueId,
        head: impl FnOnce(Lang) -> String,
        now: Millis,
    ) -> Result<Option<Outcome>, crate::store::StoreError> {
        let Some(snap) = self.league_snapshot(id).await? else {
            return Ok(None);
        };
        let from = [LeagueStatus::Running];
        if !self
            .store
            .set_league_status(id, &from, LeagueStatus::Finished, now)
            .await?
        {
            return Ok(None);
        }
        self.let_matches_go_on(&snap.league, now).await;
        let public = self.directory.public_lang(Some(snap.league.guild)).await;
        let mut post = self.standings_post(&snap, public, head(public), true).await;
        post[0].pings = snap.table().iter().map(|r| r.player).collect();
        Ok(Some(Outcome {
            public: post,
            channel: Some(snap.league.channel),
            ..Outcome::default()
        }))
    }

    /// The running league of `guild` called `name`, with its round and rounds; `Err`
    /// says in `lang` why there is none.
    pub async fn running(
        &self,
        lang: Lang,
        guild: u64,
        name: &str,
    ) -> Result<(League, u32), String> {
        let league = self.find_league(lang, Some(guild), name).await?;
        if league.status != LeagueStatus::Running {
            return Err(crate::i18n::messages::moderation::mod_league_not_running(
                lang,
                league.name,
            ));
        }
        match self.league_snapshot(league.id).await {
            Ok(Some(snap)) => Ok((league, snap.rounds())),
            Ok(None) => Err(t::league_unknown(lang, league.name, String::new())),
            Err(e) => Err(self.faults.told(lang, None, &e)),
        }
    }

    /// `/clans league start` (Manage Server): round 1 is paired and its matches
    /// created. The first outcome answers the admin and posts the pairings; each
    /// other is a match to open in its own thread.
    pub async fn start(
        &self,
        user: u64,
        guild: Option<u64>,
        name: &str,
        manager: bool,
        now: Millis,
    ) -> Vec<Outcome> {
        let lang = self.directory.user_lang(user).await;
        if !manager {
            return vec![Outcome::private(t::league_only_managers(lang))];
        }
        let league = match self.find_league(lang, guild, name).await {
            Ok(l) => l,
            Err(why) => return vec![Outcome::private(why)],
        };
        if league.status != LeagueStatus::Open {
            return vec![Outcome::private(t::league_already_started(
                lang,
                league.name,
            ))];
        }
        let snap = match self.league_snapshot(league.id).await {
            Ok(Some(s)) => s,
            Ok(None) => {
                return vec![Outcome::private(t::league_unknown(
                    lang,
                    league.name,
                    String::new(),
                ))];
            }
            Err(e) => return vec![Outcome::private(self.faults.told(lang, None, &e))],
        };
        if snap.players.len() < MIN_PLAYERS {
            return vec![Outcome::private(t::league_too_few(
                lang,
                league.name,
                MIN_PLAYERS,
                snap.players.len(),
            ))];
        }
        match self.start_round(&snap, 1, now).await {
            Ok(Some(mut outs)) => {
                if let Some(first) = outs.first_mut() {
                    first.reply = Some(super::msg::Msg::text(t::league_started_note(
                        lang,
                        league.name,
                    )));
                }
                outs
            }
            Ok(None) => vec![Outcome::private(t::league_already_started(
                lang,
                league.name,
            ))],
            Err(e) => vec![Outcome::private(self.faults.told(lang, None, &e))],
        }
    }

    /// `/clans league standings`: the table of the league called `name` (by default
    /// the server's newest), as an image with its lines in words.
    pub async fn standings(
        &self,
        user: u64,
        guild: Option<u64>,
        name: Option<&str>,
        now: Millis,
    ) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let league = match (name, guild) {
            (_, None) => return Outcome::private(t::league_only_in_server(lang)),
            (Some(n), _) => match self.find_league(lang, guild, n).await {
                Ok(l) => l,
                Err(why) => return Outcome::private(why),
            },
            (None, Some(g)) => match self.store.leagues_of_guild(g, 1).await {
                Ok(mut l) if !l.is_empty() => l.remove(0),
                Ok(_) => return Outcome::private(t::league_none_here(lang)),
                Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
            },
        };
        if let Err(slow) = self.gate.allow(Action::League, user, guild, now) {
            return Outcome::private(slow);
        }
        let snap = match self.league_snapshot(league.id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Outcome::private(t::league_none_here(lang)),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let public = self.directory.public_lang(guild).await;
        if league.round == 0 {
            let names: Vec<String> = snap.players.iter().map(|p| mention(p.user)).collect();
            let text = t::league_not_started(public, league.name, names.len(), names.join(", "));
            return Outcome {
                public: vec![super::msg::Msg::text(text)],
                ..Outcome::default()
            };
        }
        let head = t::league_standings_now(public, league.name.clone());
        let post = self.standings_post(&snap, public, head, false).await;
        Outcome {
            public: post,
            ..Outcome::default()
        }
    }
}

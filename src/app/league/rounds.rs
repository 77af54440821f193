//! A league between the commands: a round's boards and matches, its end and the next
//! round, the standings after each and at the end. Everything is read back from the
//! store at each step, and each step that must happen once (a round's start, the
//! league's end) is claimed there first, so the scheduler of any process, also after
//! a restart, picks up where the last one stopped: a board left without its match is
//! given one at the next tick.

use super::Leagues;
use super::pairing::{self, Player};
use super::standings::{self, Format, RoundResult};
use super::{DAY_MS, t};
use crate::app::msg::{File, Msg, clip};
use crate::app::timers::TickReport;
use crate::app::{Outcome, mention};
use crate::game::{Seat, Setup};
use crate::i18n::Lang;
use crate::render::standings::{StandingRow, Standings, TieBreak};
use crate::store::{
    BoardResult, ClanRule, Due, DueKind, League, LeagueBoard, LeagueFormat, LeagueId, LeaguePlayer,
    LeagueStatus, Millis, NewBoard, NewMatch, Player as Seated, Status, StoreError, Terms,
};
use tokio::sync::mpsc;

/// Discord's limit on a thread's name.
const MAX_THREAD_NAME: usize = 100;

/// A league as stored: itself, its players (join order) and every board so far.
pub(super) struct Snapshot {
    pub league: League,
    pub players: Vec<LeaguePlayer>,
    pub boards: Vec<LeagueBoard>,
}

impl Snapshot {
    fn format(&self) -> Format {
        match self.league.format {
            LeagueFormat::RoundRobin => Format::RoundRobin,
            LeagueFormat::Swiss { rounds } => Format::Swiss { rounds },
        }
    }

    fn ids(&self) -> Vec<Player> {
        self.players.iter().map(|p| p.user).collect()
    }

    fn left(&self, user: Player) -> bool {
        self.players
            .iter()
            .any(|p| p.user == user && p.left_at.is_some())
    }

    /// How many rounds the league plays: a round robin one per circle of its players
    /// (every player's, also those who left since: the schedule was fixed at the start).
    pub fn rounds(&self) -> u32 {
        match self.league.format {
            LeagueFormat::RoundRobin => pairing::round_robin(&self.ids()).len() as u32,
            LeagueFormat::Swiss { rounds } => rounds,
        }
    }

    /// The boards of every round so far, as the table reads them.
    fn results(&self) -> Vec<RoundResult> {
        let mut rounds: Vec<RoundResult> = vec![RoundResult::default(); self.league.round as usize];
        for b in &self.boards {
            let Some(r) = rounds.get_mut(b.round as usize - 1) else {
                continue;
            };
            if b.bye {
                r.bye = Some(b.seats[0]);
                continue;
            }
            r.games.push(standings::Game {
                seats: b.seats,
                outcome: match b.result {
                    BoardResult::Pending => standings::Outcome::Pending,
                    BoardResult::Decided(Some(w)) => standings::Outcome::Won(w),
                    BoardResult::Decided(None) => standings::Outcome::Nobody,
                },
                clans: b.clans,
            });
        }
        rounds
    }

    pub fn table(&self) -> Vec<standings::Row> {
        standings::table(self.format(), &self.ids(), &self.results())
    }

    /// Whether every board of the current round is decided.
    fn round_over(&self) -> bool {
        self.boards
            .iter()
            .filter(|b| b.round == self.league.round && !b.bye)
            .all(|b| b.result != BoardResult::Pending)
    }

    /// The boards of round `round`: the round robin's fixed schedule (a board with a
    /// player who left is won by the other), or the Swiss pairing of the players still
    /// in, ranked by the table.
    fn boards_of(&self, round: u32) -> Vec<NewBoard> {
        let (games, bye) = match self.league.format {
            LeagueFormat::RoundRobin => {
                let schedule = pairing::round_robin(&self.ids());
                let Some(r) = schedule.get(round as usize - 1) else {
                    return Vec::new();
                };
                (r.games.clone(), r.bye.filter(|&b| !self.left(b)))
            }
            LeagueFormat::Swiss { .. } => {
                let ranked: Vec<pairing::Standing> = self
                    .table()
                    .into_iter()
                    .filter(|r| !self.left(r.player))
                    .map(|r| pairing::Standing {
                        player: r.player,
                        games: r.opponents.len() as u32,
                        opponents: r.opponents,
                        had_bye: r.had_bye,
                        firsts: r.firsts,
                    })
                    .collect();
                let r = pairing::swiss(&ranked);
                (r.games, r.bye)
            }
        };
        let mut boards: Vec<NewBoard> = games
            .into_iter()
            .filter(|g| !(self.left(g.seats[0]) && self.left(g.seats[1])))
            .map(|g| NewBoard {
                seats: g.seats,
                bye: false,
                forfeit: if self.left(g.seats[0]) {
                    Some(1)
                } else if self.left(g.seats[1]) {
                    Some(0)
                } else {
                    None
                },
            })
            .collect();
        if let Some(b) = bye {
            boards.push(NewBoard {
                seats: [b, b],
                bye: true,
                forfeit: None,
            });
        }
        boards
    }
}

impl Leagues {
    pub(super) async fn league_snapshot(
        &self,
        id: LeagueId,
    ) -> Result<Option<Snapshot>, StoreError> {
        let Some(league) = self.store.league(id).await? else {
            return Ok(None);
        };
        Ok(Some(Snapshot {
            players: self.store.league_players(id).await?,
            boards: self.store.league_boards(id).await?,
            league,
        }))
    }

    /// Starts round `round` if nobody did yet: its boards are stored (the claim),
    /// then its pairings posted and its matches created. `None`: someone else
    /// started it. The first outcome is the pairings' post.
    pub(super) async fn start_round(
        &self,
        snap: &Snapshot,
        round: u32,
        now: Millis,
    ) -> Result<Option<Vec<Outcome>>, StoreError> {
        let league = &snap.league;
        let boards = snap.boards_of(round);
        let deadline = now + i64::from(league.days_per_round) * DAY_MS;
        if !self
            .store
            .start_league_round(league.id, round, deadline, &boards, now)
            .await?
        {
            return Ok(None);
        }
        let public = self.directory.public_lang(Some(league.guild)).await;
        let swiss = matches!(league.format, LeagueFormat::Swiss { .. });
        let mut lines = vec![t::league_round_begins(
            public,
            league.name.clone(),
            round,
            snap.rounds(),
            (deadline / 1000).to_string(),
        )];
        let mut pings = Vec::new();
        for b in &boards {
            lines.push(match (b.bye, b.forfeit) {
                (true, _) if swiss => t::league_pairing_bye_win(public, mention(b.seats[0])),
                (true, _) => t::league_pairing_bye_rest(public, mention(b.seats[0])),
                (false, Some(w)) => t::league_pairing_forfeit(
                    public,
                    mention(b.seats[w as usize]),
                    mention(b.seats[1 - w as usize]),
                ),
                (false, None) => {
                    pings.extend(b.seats);
                    t::league_pairing(public, mention(b.seats[0]), mention(b.seats[1]))
                }
            });
        }
        let mut outs = vec![Outcome {
            public: vec![Msg {
                pings,
                ..Msg::text(lines.join("\n"))
            }],
            channel: Some(league.channel),
            ..Outcome::default()
        }];
        let league = League {
            round,
            round_deadline: Some(deadline),
            status: LeagueStatus::Running,
            ..league.clone()
        };
        outs.extend(self.create_board_matches(&league, &snap.players, now).await);
        Ok(Some(outs))
    }

    /// Creates the match of every board of the current round that has none yet (just
    /// after the round started, or after a restart in between), each to be opened in
    /// a thread of its own. A board one of whose players left meanwhile is forfeited.
    async fn create_board_matches(
        &self,
        league: &League,
        players: &[LeaguePlayer],
        now: Millis,
    ) -> Vec<Outcome> {
        let boards = match self.store.league_boards(league.id).await {
            Ok(b) => b,
            Err(e) => {
                tracing::warn!(league = league.id, "could not read a league's boards: {e}");
                return Vec::new();
            }
        };
        let left = |u: Player| players.iter().any(|p| p.user == u && p.left_at.is_some());
        let mut outs = Vec::new();
        for b in boards.iter().filter(|b| {
            b.round == league.round && !b.bye && b.match_id.is_none() && b.forfeit.is_none()
        }) {
            if let Some(gone) = (0..2).find(|&s| left(b.seats[s])) {
                let _ = self
                    .store
                    .forfeit_league_board(league.id, b.round, b.board, 1 - gone as Seat)
                    .await;
                continue;
            }
            match self.create_board_match(league, players, b, now).await {
                Ok(Some(o)) => outs.push(o),
                Ok(None) => {}
                Err(e) => tracing::warn!(league = league.id, "could not start a league match: {e}"),
            }
        }
        outs
    }

    async fn create_board_match(
        &self,
        league: &League,
        players: &[LeaguePlayer],
        b: &LeagueBoard,
        now: Millis,
    ) -> Result<Option<Outcome>, StoreError> {
        let seed = self.seeds.next();
        let n = self.rules().pack.clans.len() as u64;
        let drawn = |s: usize| ((seed >> (8 * s)) % n) as u8;
        let clans = [0, 1].map(|s| match league.clan_rule {
            ClanRule::Fixed(c) => c,
            ClanRule::Random => drawn(s),
            ClanRule::Free => players
                .iter()
                .find(|p| p.user == b.seats[s])
                .and_then(|p| p.clan)
                .unwrap_or_else(|| drawn(s)),
        });
        let settings = self
            .directory
            .server_settings(league.guild)
            .await
            .unwrap_or_default();
        // No turn timeout of its own: the round's deadline decides an unfinished
        // match (`league_step`); reminders as the server has them.
        let terms = Terms {
            remind_minutes: settings.reminder_minutes,
            ..Terms::default()
        };
        let new = NewMatch {
            guild: Some(league.guild),
            channel: league.channel,
            thread: None,
            reach: crate::store::Reach::Posts,
            seats: b.seats.map(Seated::User),
            setup: Setup {
                clans,
                seed,
                mulligan: false,
            },
            deadlines: terms.deadlines(now),
            terms,
        };
        let (loaded, events) = self.store.create_match(new).await?;
        let id = loaded.info.id;
        if !self
            .store
            .set_league_match(league.id, b.round, b.board, id)
            .await?
        {
            // Another process made this board's match first: this one never was.
            self.store.delete_match(id).await?;
            return Ok(None);
        }
        let public = self.directory.public_lang(Some(league.guild)).await;
        let players = crate::i18n::messages::players(
            public,
            mention(b.seats[0]),
            self.directory.clan_name(public, clans[0]),
            mention(b.seats[1]),
            self.directory.clan_name(public, clans[1]),
        );
        let header = crate::i18n::messages::match_begins(
            public,
            id,
            t::league_match_header(public, league.name.clone(), b.round, players),
        );
        let mut post = self.boards.board_post(&loaded, &events, &header).await;
        post.pings = b.seats.to_vec();
        let thread = if self.directory.threads(Some(league.guild)).await {
            let title = t::league_thread_title(
                public,
                league.name.clone(),
                b.round,
                self.directory.display_name(b.seats[0]).await,
                self.directory.display_name(b.seats[1]).await,
            );
            Some(clip(&title, MAX_THREAD_NAME))
        } else {
            None
        };
        Ok(Some(Outcome {
            created: Some(id),
            public: vec![post],
            channel: Some(league.channel),
            thread,
            ..Outcome::default()
        }))
    }

    /// The standings posts: `head` and the table in words, in as many messages as it
    /// takes (a league of 32 is longer than one), the first with the table as an image
    /// when images are on.
    pub(super) async fn standings_post(
        &self,
        snap: &Snapshot,
        lang: Lang,
        head: String,
        finished: bool,
    ) -> Vec<Msg> {
        let table = snap.table();
        let swiss = matches!(snap.league.format, LeagueFormat::Swiss { .. });
        let tb_name = if swiss {
            crate::i18n::messages::league::standings_col_buchholz(lang)
        } else {
            crate::i18n::messages::league::standings_col_sb(lang)
        };
        let mut rows = Vec::with_capacity(table.len());
        let mut lines = vec![head];
        for r in &table {
            let name = self.directory.display_name(r.player).await;
            let clans: Vec<String> = r
                .clans
                .iter()
                .map(|&c| self.directory.clan_name(lang, c))
                .collect();
            let clans = if clans.is_empty() {
                crate::i18n::messages::league::standings_no_clans(lang)
            } else {
                clans.join(", ")
            };
            lines.push(t::league_standings_line(
                lang,
                r.rank,
                name.clone(),
                crate::render::standings::points(r.points),
                format!(
                    "{tb_name} {}",
                    crate::render::standings::points(r.tie_break)
                ),
                r.games,
                clans,
            ));
            rows.push(StandingRow {
                rank: r.rank,
                name,
                points: r.points,
                tie_break: r.tie_break,
                games: r.games,
                clans: r.clans.clone(),
            });
        }
        let mut msgs = Msg::texts(&lines);
        if !self.images {
            return msgs;
        }
        let s = Standings {
            league: snap.league.name.clone(),
            round: snap.league.round,
            rounds: snap.rounds(),
            finished,
            tie_break: if swiss {
                TieBreak::Buchholz
            } else {
                TieBreak::SonnebornBerger
            },
            rows,
        };
        let (store, theme) = (self.store.clone(), self.theme.clone());
        let drawn = tokio::task::spawn_blocking(move || {
            let alt = crate::render::alt::standings(lang, &s);
            crate::render::standings::standings(store.rules(), &theme, lang, &s)
                .map(|i| (i.png, alt))
        })
        .await;
        match drawn {
            Ok(Ok((png, alt))) => msgs[0].files.push(File {
                name: "standings.png".into(),
                png,
                alt,
            }),
            Ok(Err(e)) => tracing::warn!(league = snap.league.id, "could not draw standings: {e}"),
            Err(e) => tracing::warn!(league = snap.league.id, "drawing standings failed: {e}"),
        }
        msgs
    }

    /// The scheduler's look at every running league (`App::tick_into`).
    pub(crate) async fn tick(
        &self,
        now: Millis,
        sink: &mpsc::Sender<crate::app::Outcome>,
        report: &mut TickReport,
    ) {
        let ids = match self.store.running_leagues().await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("the scheduler could not read leagues: {e}");
                return;
            }
        };
        for id in ids {
            if let Err(e) = self.league_step(id, now, sink, report).await {
                tracing::warn!(league = id, "the scheduler could not move a league on: {e}");
                report.deferred += 1;
            }
        }
    }

    /// One league's step: its missing matches made, its unfinished matches decided
    /// once the deadline passed, and, when every board is decided, the standings and
    /// the next round (or the final standings).
    async fn league_step(
        &self,
        id: LeagueId,
        now: Millis,
        sink: &mpsc::Sender<Outcome>,
        report: &mut TickReport,
    ) -> Result<(), StoreError> {
        let Some(mut snap) = self.league_snapshot(id).await? else {
            return Ok(());
        };
        if snap.league.status != LeagueStatus::Running {
            return Ok(());
        }
        for o in self
            .create_board_matches(&snap.league, &snap.players, now)
            .await
        {
            let _ = sink.send(o).await;
        }
        if let Some(deadline) = snap.league.round_deadline.filter(|&d| now >= d) {
            let due: Vec<_> = snap
                .boards
                .iter()
                .filter(|b| b.round == snap.league.round && b.result == BoardResult::Pending)
                .filter_map(|b| b.match_id)
                .collect();
            for match_id in due {
                let loaded = match self.store.load(match_id).await {
                    Ok(l) if l.info.status == Status::Active => l,
                    Ok(_) => continue,
                    Err(e) => {
                        tracing::warn!(match_id, "could not load a league match: {e}");
                        continue;
                    }
                };
                let d = Due {
                    match_id,
                    kind: DueKind::Timeout,
                    at: deadline,
                    version: loaded.info.version,
                };
                self.matches.time_out(d, &loaded, now, sink, report).await;
            }
        }
        snap = match self.league_snapshot(id).await? {
            Some(s) => s,
            None => return Ok(()),
        };
        if !snap.round_over() {
            return Ok(());
        }
        let public = self.directory.public_lang(Some(snap.league.guild)).await;
        let (name, round) = (snap.league.name.clone(), snap.league.round);
        if round < snap.rounds() {
            // The round's standings go out only with the next round's start, which
            // one process wins: so they are posted once.
            let head = t::league_round_over(public, name, round);
            let post = self.standings_post(&snap, public, head, false).await;
            if let Some(outs) = self.start_round(&snap, round + 1, now).await? {
                let _ = sink
                    .send(Outcome {
                        public: post,
                        channel: Some(snap.league.channel),
                        ..Outcome::default()
                    })
                    .await;
                for o in outs {
                    let _ = sink.send(o).await;
                }
            }
        } else if self
            .store
            .set_league_status(id, &[LeagueStatus::Running], LeagueStatus::Finished, now)
            .await?
        {
            let table = snap.table();
            let winners: Vec<String> = table
                .iter()
                .filter(|r| r.rank == 1)
                .map(|r| mention(r.player))
                .collect();
            let head = t::league_final(public, name, winners.len(), winners.join(", "));
            let mut post = self.standings_post(&snap, public, head, true).await;
            // Pinged once, by the first post (which names the winners).
            post[0].pings = table.iter().map(|r| r.player).collect();
            let _ = sink
                .send(Outcome {
                    public: post,
                    channel: Some(snap.league.channel),
                    ..Outcome::default()
                })
                .await;
        }
        Ok(())
    }
}

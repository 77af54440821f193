//! Crystallo in Discord: `/crystallo daily` (the server's deal of the day, one play per
//! person per server per day, midnight to midnight in the server's time zone, UTC until
//! `/clans config time_zone` sets one), `/crystallo practice` (a random deal), `/crystallo
//! learn` (a guided game on the lesson deal, `lessons.rs`), `/crystallo scores` (today's
//! leaderboard here and the player's adventure log), the private panel and the public
//! post when a game ends.
//!
//! Saved like a Crystal Clans match: every placement is one store transaction behind an
//! optimistic version check (`store::crystallo`), so a restart resumes a game where it
//! was, and an old panel, a double click or someone else's click changes nothing and
//! gets a private answer.
//!
//! Hidden information: the panel is built from the player's own view (`panel.rs`); the
//! public post says only the title, the score and the treasure, and a daily's picture of
//! the final cavern goes behind Discord's spoiler until the day ends, as it shows the
//! deal everyone in the server plays that day.

pub mod ids;
pub mod lessons;
pub mod panel;
pub mod place;
pub mod recap;

use super::directory::Directory;
use super::failures::Faults;
use super::limits::{Action, Gate};
use super::msg::{Button, File, Msg, Row, Style};
use super::{Outcome, Place, Seeds};
use crate::app::ids::Signing;
use crate::crystallo::deck::Deck;
use crate::crystallo::{Input, legal, lesson};
use crate::i18n::Lang;
use crate::i18n::messages::crystallo as m;
use crate::render::crystallo::{CavernTable, cavern};
use crate::store::crystallo::{Daily, Game, Kind, NewGame, Played, Submitted, WORLD, utc_day};
use crate::store::{Millis, Store, StoreError};
use ids::{CryId, Step};
use std::sync::{Arc, LazyLock};

/// Players on today's leaderboard.
pub const LEADERBOARD_SIZE: i64 = 10;
/// Games listed in the adventure log.
pub const LOG_SIZE: i64 = 10;

/// The provisional deck, for the creatures' names (a stored game keeps its own faces).
static DECK: LazyLock<Arc<Deck>> = LazyLock::new(|| Arc::new(Deck::provisional()));

/// The local day (days since 1970-01-01 of the date on the calendar) at `now` in `tz`:
/// a server's daily is numbered by it, so that its day runs from local midnight to
/// midnight. In UTC it is [`utc_day`].
pub fn local_day(tz: &jiff::tz::TimeZone, now: Millis) -> i64 {
    let Ok(at) = jiff::Timestamp::from_millisecond(now) else {
        return utc_day(now);
    };
    let date = at.to_zoned(tz.clone()).date();
    let epoch = jiff::civil::date(1970, 1, 1);
    (date - epoch).get_days().into()
}

/// When local `day` ends in `tz` (the next local midnight, or the first instant of the
/// next day where a DST change skips midnight): a daily's picture is no spoiler after.
pub fn local_day_end(tz: &jiff::tz::TimeZone, day: i64) -> Millis {
    let next = jiff::civil::date(1970, 1, 1).checked_add(jiff::Span::new().days(day + 1));
    match next.and_then(|d| d.to_zoned(tz.clone())) {
        Ok(z) => z.timestamp().as_millisecond(),
        Err(_) => crate::store::crystallo::day_end(day),
    }
}

/// A day (as [`local_day`] numbers it) as `YYYY-MM-DD`.
pub fn date(day: i64) -> String {
    jiff::Timestamp::from_millisecond(day * 86_400_000)
        .map(|t| t.strftime("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| day.to_string())
}

/// Days in a row up to today (or up to yesterday, when today is not played yet: the
/// streak is still alive). `days`: the days played, newest first.
pub fn streak(days: &[i64], today: i64) -> usize {
    let Some(&first) = days.first() else {
        return 0;
    };
    if first < today - 1 {
        return 0;
    }
    days.iter()
        .enumerate()
        .take_while(|(k, d)| **d == first - *k as i64)
        .count()
}

/// Crystallo's use cases, with what they use.
#[derive(Clone)]
pub struct Crystallo {
    store: Store,
    directory: Directory,
    faults: Faults,
    gate: Gate,
    seeds: Seeds,
    /// The key the dailies' deals are derived with.
    signing: Signing,
    /// The final post's picture of the cavern (left out in fast tests).
    images: bool,
}

impl Crystallo {
    pub fn new(
        store: Store,
        directory: Directory,
        faults: Faults,
        gate: Gate,
        seeds: Seeds,
        signing: Signing,
        images: bool,
    ) -> Crystallo {
        Crystallo {
            store,
            directory,
            faults,
            gate,
            seeds,
            signing,
            images,
        }
    }

    /// `/crystallo daily`: today's deal of this server, in a private panel; a second
    /// play of the day is refused (with a way back into an unfinished one).
    pub async fn daily(&self, place: Place, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let Some(guild) = place.guild else {
            return Outcome::private(m::daily_needs_server(lang));
        };
        let zone = self.zone(guild).await;
        self.board_daily(place, user, now, guild, zone, lang).await
    }

    /// `/crystallo daily global:True`: today's worldwide deal (the UTC day), in any
    /// server or DM; playing it puts the result on the worldwide leaderboard (the
    /// opt-in). One play a day, as on a server's board.
    pub async fn world(&self, place: Place, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let zone = self.zone(WORLD).await;
        self.board_daily(place, user, now, WORLD, zone, lang).await
    }

    /// The daily of `board` (a server, or [`WORLD`]) whose day is `zone`'s.
    async fn board_daily(
        &self,
        place: Place,
        user: u64,
        now: Millis,
        guild: u64,
        zone: jiff::tz::TimeZone,
        lang: Lang,
    ) -> Outcome {
        let day = local_day(&zone, now);
        match self.store.crystallo_daily(Some(guild), user, day).await {
            Ok(Some(g)) => return self.already(&g, lang, &zone),
            Ok(None) => {}
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        if let Err(slow) = self.gate.allow(Action::Crystallo, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let seed = match self.daily_seed(guild, day).await {
            Ok(s) => s,
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let new = NewGame {
            guild: Some(guild),
            channel: self.directory.post_channel(place).await,
            user,
            kind: Kind::Daily(day),
            seed,
        };
        match self.store.create_crystallo(new, now).await {
            Ok(Daily::New(g)) => self.show(&g, lang, Step::Show, None).await,
            Ok(Daily::Exists(g)) => self.already(&g, lang, &zone),
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// `guild`'s time zone (UTC until set, or if its settings cannot be read: the day
    /// is then UTC's, which a later read corrects).
    async fn zone(&self, guild: u64) -> jiff::tz::TimeZone {
        // The worldwide board's day is UTC's.
        if guild == WORLD {
            return jiff::tz::TimeZone::UTC;
        }
        match self.directory.server_settings(guild).await {
            Ok(s) => s
                .time_zone
                .as_deref()
                .and_then(crate::app::presence::notify::zone)
                .unwrap_or(jiff::tz::TimeZone::UTC),
            Err(e) => {
                self.faults.fault(None, &e);
                jiff::tz::TimeZone::UTC
            }
        }
    }

    /// The deal of `guild`'s daily on `day`: the one its first player of the day got
    /// (so a change of how seeds are made, or of the key, never splits a day), else the
    /// keyed seed ([`Signer::daily_seed`](crate::app::ids::Signer::daily_seed)).
    async fn daily_seed(&self, guild: u64, day: i64) -> Result<u64, StoreError> {
        if let Some(seed) = self.store.crystallo_daily_seed(guild, day).await? {
            return Ok(seed);
        }
        Ok(self.signing.signer().await?.daily_seed(guild, day))
    }

    /// `/crystallo practice`: a random deal, anywhere.
    pub async fn practice(&self, place: Place, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        if let Err(slow) = self.gate.allow(Action::Crystallo, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let seed = self.seeds.next();
        let new = NewGame {
            guild: place.guild,
            channel: self.directory.post_channel(place).await,
            user,
            kind: Kind::Practice,
            seed,
        };
        match self.store.create_crystallo(new, now).await {
            Ok(Daily::New(g) | Daily::Exists(g)) => self.show(&g, lang, Step::Show, None).await,
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// `/crystallo learn`: the lesson cavern, a guided game on the lesson deal
    /// (`crystallo::lesson::SEED`), anywhere. An unfinished one is resumed where it was
    /// (its lessons follow from its inputs); a finished one leaves room for a new one.
    /// Never on a leaderboard, in no best score, a lesson in the adventure log.
    pub async fn learn(&self, place: Place, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        match self.store.crystallo_active(user).await {
            Ok(games) => {
                if let Some(g) = games.into_iter().find(|g| g.kind == Kind::Lesson) {
                    return self
                        .show(&g, lang, Step::Show, Some(m::learn_resumed(lang)))
                        .await;
                }
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        if let Err(slow) = self.gate.allow(Action::Crystallo, user, place.guild, now) {
            return Outcome::private(slow);
        }
        let new = NewGame {
            guild: place.guild,
            channel: self.directory.post_channel(place).await,
            user,
            kind: Kind::Lesson,
            seed: lesson::SEED,
        };
        match self.store.create_crystallo(new, now).await {
            Ok(Daily::New(g) | Daily::Exists(g)) => self.show(&g, lang, Step::Show, None).await,
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// The answer to a second daily: its result, or a button back into it.
    fn already(&self, g: &Game, lang: Lang, zone: &jiff::tz::TimeZone) -> Outcome {
        let (text, button) = match &g.ending {
            Some(e) => {
                let result = panel::result_line(lang, &e.title, &e.wealth, e.score, e.treasures);
                let text = if g.guild == Some(WORLD) {
                    m::world_done(lang, result)
                } else {
                    m::daily_done(lang, result, zone.iana_name().unwrap_or("UTC").to_string())
                };
                (text, (Step::Share, m::share(lang), Style::Secondary))
            }
            None => (
                m::daily_unfinished(lang),
                (Step::Show, m::resume(lang), Style::Primary),
            ),
        };
        let mut msg = Msg::text(text);
        let (step, label, style) = button;
        msg.rows.push(Row::Buttons(vec![Button::new(
            CryId::new(g.id, g.version, step).to_id(),
            label,
            style,
        )]));
        Outcome {
            reply: Some(msg),
            ..Outcome::default()
        }
    }

    /// The panel of `g` at `step`, as the clicker's reply (it replaces the panel they
    /// clicked); a lesson game's with its guide, worked out from its logged inputs. The
    /// image and the guide are made off the async threads.
    async fn show(&self, g: &Game, lang: Lang, step: Step, note: Option<String>) -> Outcome {
        let inputs = match g.kind {
            Kind::Lesson => match self.store.crystallo_inputs(g.id).await {
                Ok(i) => Some(i),
                Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
            },
            _ => None,
        };
        let (g, images) = (g.clone(), self.images);
        let deck = DECK.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let guide = inputs.map(|i| lessons::guide(&g, &deck, lang, &i));
            panel::guided(
                &g,
                &deck,
                lang,
                step,
                note.as_deref(),
                images,
                guide.as_ref(),
            )
        })
        .await;
        match drawn {
            Ok(msg) => Outcome {
                reply: Some(msg),
                replaces: true,
                ..Outcome::default()
            },
            Err(e) => {
                tracing::error!("the crystallo panel failed: {e}");
                Outcome::private(m::gone(lang))
            }
        }
    }

    /// A click in a Crystallo panel (`cry:` custom ids): only the game's player, at its
    /// version; a play is one store transaction.
    pub async fn click(&self, id: CryId, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let g = match self.store.crystallo_game(id.game).await {
            Ok(g) => g,
            Err(StoreError::NotFound(_)) => return Outcome::private(m::gone(lang)),
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if g.user != user {
            return Outcome::private(m::not_yours(lang));
        }
        if id.version != g.version {
            return self.show(&g, lang, Step::Show, Some(m::stale(lang))).await;
        }
        if id.step == Step::Share {
            // Beside the panel, which stays: the text is there to be copied.
            return match panel::share_line(lang, &g) {
                Some(line) => {
                    Outcome::private(format!("{}\n```\n{line}\n```", m::share_intro(lang)))
                }
                None => self.show(&g, lang, Step::Show, None).await,
            };
        }
        let Step::Play(choice) = id.step else {
            return self.show(&g, lang, id.step, None).await;
        };
        let legal = legal(&g.state);
        let Some(input) = choice.and_then(|i| legal.get(i).copied()) else {
            return self.show(&g, lang, Step::Show, Some(m::stale(lang))).await;
        };
        let before = crate::crystallo::play::foresee(&g.state, input);
        match self
            .store
            .submit_crystallo(g.id, user, g.version, input, now)
            .await
        {
            Ok(Submitted::Applied { game, .. }) => {
                // What the placement lit, freed or collected; nothing to say otherwise.
                let note = match input {
                    Input::Place { .. } | Input::Magic { .. } if !before.lit.is_empty() => {
                        Some(panel::effect_line(lang, &DECK, &before))
                    }
                    _ => None,
                };
                let mut out = self.show(&game, lang, Step::Show, note).await;
                // A lesson's end is its last lesson, in the panel: nothing is posted.
                if game.ending.is_some() && game.kind != Kind::Lesson {
                    out.public.push(self.final_post(&game, now).await);
                    out.channel = Some(game.channel);
                }
                out
            }
            Ok(Submitted::Refused(_)) | Err(StoreError::Stale { .. }) => {
                self.fresh(g.id, lang, m::stale(lang)).await
            }
            Err(StoreError::Finished(_)) => self.fresh(g.id, lang, m::stale(lang)).await,
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// The game as stored now, with `note`.
    async fn fresh(&self, game: i64, lang: Lang, note: String) -> Outcome {
        match self.store.crystallo_game(game).await {
            Ok(g) => self.show(&g, lang, Step::Show, Some(note)).await,
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }

    /// The public post of a finished game: who, title, score, treasure; the final
    /// cavern small, behind a spoiler for a daily until its day ends.
    async fn final_post(&self, g: &Game, now: Millis) -> Msg {
        let world = g.guild == Some(WORLD);
        // The worldwide board has no server: its post speaks its player's language.
        let lang = if world {
            self.directory.user_lang(g.user).await
        } else {
            self.directory.public_lang(g.guild).await
        };
        let name = self.directory.display_name(g.user).await;
        let e = g.ending.as_ref().expect("a finished game has its ending");
        let result = panel::result_line(lang, &e.title, &e.wealth, e.score, e.treasures);
        let (mut content, spoiler) = match g.kind {
            Kind::Daily(day) => {
                let ends = match g.guild {
                    Some(guild) => local_day_end(&self.zone(guild).await, day),
                    None => crate::store::crystallo::day_end(day),
                };
                let post = if world {
                    m::post_world(lang, name, result)
                } else {
                    m::post_daily(lang, name, result)
                };
                (post, now < ends)
            }
            Kind::Practice | Kind::Lesson => (m::post_practice(lang, name, result), false),
        };
        if spoiler {
            content = format!("{content}\n{}", m::post_spoiler(lang));
        }
        let mut msg = Msg::text(content);
        msg.files.extend(self.final_picture(g, lang, spoiler).await);
        msg
    }

    /// The final cavern of `g` as an attachment with its alt text, behind Discord's
    /// spoiler when `spoiler`; `None` in fast tests (no images) or if drawing failed
    /// (logged: the post goes without it).
    async fn final_picture(&self, g: &Game, lang: Lang, spoiler: bool) -> Option<File> {
        if !self.images {
            return None;
        }
        let state = g.state.clone();
        let deck = DECK.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let view = crate::crystallo::View::of(&state);
            let table = CavernTable {
                deck: &deck,
                lang,
                card: None,
                spots: &[],
            };
            let alt = crate::render::alt::cavern(lang, &view);
            cavern(table, &view).map(|img| (img, alt))
        })
        .await;
        match drawn {
            Ok(Ok((img, alt))) => Some(File {
                // Discord hides an attachment whose name starts with SPOILER_.
                name: if spoiler {
                    "SPOILER_crystallo.png".into()
                } else {
                    "crystallo.png".into()
                },
                png: img.png,
                alt,
            }),
            _ => {
                tracing::warn!(game = g.id, "could not draw the final cavern");
                None
            }
        }
    }

    /// `/crystallo scores`: today's leaderboard in this server and the asker's
    /// adventure log (here: games here only), best score and streak, privately.
    pub async fn scores(&self, place: Place, user: u64, now: Millis) -> Outcome {
        let lang = self.directory.user_lang(user).await;
        let today = match place.guild {
            Some(guild) => local_day(&self.zone(guild).await, now),
            None => utc_day(now),
        };
        let mut lines = Vec::new();
        if let Some(guild) = place.guild {
            lines.push(format!("**{}**", m::scores_heading(lang, date(today))));
            match self
                .store
                .crystallo_leaderboard(guild, today, LEADERBOARD_SIZE)
                .await
            {
                Ok(top) if top.is_empty() => lines.push(m::scores_empty(lang)),
                Ok(top) => lines.extend(self.board_lines(lang, &top).await),
                Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
            }
            lines.push(String::new());
        }
        // The worldwide board of the UTC day, once someone is on it.
        let world_day = utc_day(now);
        match self
            .store
            .crystallo_leaderboard(WORLD, world_day, LEADERBOARD_SIZE)
            .await
        {
            Ok(top) if top.is_empty() => {}
            Ok(top) => {
                lines.push(format!("**{}**", m::scores_world(lang, date(world_day))));
                lines.extend(self.board_lines(lang, &top).await);
                lines.push(String::new());
            }
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        }
        lines.push(format!("**{}**", m::scores_log(lang)));
        let (log, record) = match (
            self.store.crystallo_log(user, place.guild, LOG_SIZE).await,
            self.store.crystallo_record(user, place.guild).await,
        ) {
            (Ok(l), Ok(r)) => (l, r),
            (Err(e), _) | (_, Err(e)) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        if log.is_empty() {
            lines.push(m::scores_log_empty(lang));
        }
        for p in &log {
            let (day, kind) = match p.kind {
                Kind::Daily(d) if p.guild == Some(WORLD) => (d, "world"),
                Kind::Daily(d) => (d, "daily"),
                Kind::Practice => (utc_day(p.finished_at), "practice"),
                Kind::Lesson => (utc_day(p.finished_at), "lesson"),
            };
            lines.push(m::log_line(lang, date(day), kind, played_result(lang, p)));
        }
        let (days, best) = record;
        if let Some(b) = best {
            lines.push(m::best(lang, b));
            lines.push(m::streak(lang, streak(&days, today)));
        }
        Outcome::private(lines.join("\n"))
    }
}

impl Crystallo {
    /// A leaderboard's lines, best first: "**1.** Ana · Prosperous Knight, 1,050 points,
    /// 4 treasures".
    async fn board_lines(&self, lang: Lang, top: &[Played]) -> Vec<String> {
        let mut lines = Vec::with_capacity(top.len());
        for (k, p) in top.iter().enumerate() {
            lines.push(format!(
                "**{}.** {} · {}",
                k + 1,
                self.directory.display_name(p.user).await,
                played_result(lang, p)
            ));
        }
        lines
    }
}

fn played_result(lang: Lang, p: &Played) -> String {
    let e = &p.ending;
    panel::result_line(lang, &e.title, &e.wealth, e.score, e.treasures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        assert_eq!(streak(&[], 100), 0);
        assert_eq!(streak(&[100, 99, 98, 96], 100), 3);
        assert_eq!(streak(&[99, 98], 100), 2, "today not played yet");
        assert_eq!(streak(&[98, 97], 100), 0, "a day missed");
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(20_418), "2025-11-26");
    }

    /// A server's day runs from its local midnight: at 07:30 UTC on 2026-11-29 it is
    /// still the 28th in Los Angeles, at 08:30 the 29th; in Auckland the 29th began the
    /// day before at 11:00 UTC. Across a DST change the day still ends at local midnight.
    #[test]
    fn a_servers_day_runs_from_local_midnight_to_midnight() {
        let tz = |n: &str| jiff::tz::TimeZone::get(n).unwrap();
        let ms = |s: &str| s.parse::<jiff::Timestamp>().unwrap().as_millisecond();
        let la = tz("America/Los_Angeles");
        let day = local_day(&la, ms("2026-11-29T07:30:00Z"));
        assert_eq!(date(day), "2026-11-28");
        assert_eq!(
            date(local_day(&la, ms("2026-11-29T08:30:00Z"))),
            "2026-11-29"
        );
        assert_eq!(local_day_end(&la, day), ms("2026-11-29T08:00:00Z"));
        let nz = tz("Pacific/Auckland");
        assert_eq!(
            date(local_day(&nz, ms("2026-11-28T11:00:00Z"))),
            "2026-11-29"
        );
        assert_eq!(
            date(local_day(&nz, ms("2026-11-28T10:59:59Z"))),
            "2026-11-28"
        );
        assert_eq!(
            local_day(&jiff::tz::TimeZone::UTC, ms("2026-11-29T07:30:00Z")),
            utc_day(ms("2026-11-29T07:30:00Z"))
        );
        // Berlin's clocks went back on 2026-10-25: that day was 25 hours long.
        let berlin = tz("Europe/Berlin");
        let d = local_day(&berlin, ms("2026-10-25T12:00:00Z"));
        assert_eq!(
            local_day_end(&berlin, d) - local_day_end(&berlin, d - 1),
            25 * 3_600_000
        );
    }
}

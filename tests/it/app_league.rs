//! League commands in the app (`src/app/league/`), without Discord: every refusal is
//! a clear private answer that changes nothing (outside a server, not an admin, a bad
//! name, rounds or days, a second join, an unknown league, too few players, leaving a
//! league one is not in), the rate limit, cancelling, and German answers.

use crystal_clans::app::league::{LeagueTerms, MAX_NAME};
use crystal_clans::app::limits::{LimitConfig, Policy, Rate};
use crystal_clans::app::{App, Outcome, Place};
use crystal_clans::store::{ClanRule, LeagueFormat, LeagueStatus};

use crate::support;
use support::scratch_store as scratch;

const GUILD: u64 = 5 << 40;
const HERE: Place = Place {
    guild: Some(GUILD),
    channel: 77,
    reach: crystal_clans::store::Reach::Posts,
};
const ADMIN: u64 = 1 << 50;
const NOW: i64 = 1_000_000;

fn private(out: &Outcome) -> String {
    assert!(
        out.public.is_empty(),
        "a refusal posts nothing: {:?}",
        out.public
    );
    out.reply
        .as_ref()
        .expect("a private answer")
        .content
        .clone()
}

fn public(out: &Outcome) -> String {
    out.public
        .iter()
        .map(|m| m.content.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn terms(name: &str) -> LeagueTerms {
    LeagueTerms {
        name: name.into(),
        format: LeagueFormat::Swiss { rounds: 2 },
        days_per_round: 3,
        clan_rule: ClanRule::Free,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_private_and_change_nothing() {
    let store = scratch("league-refusals").await;
    let app = App::new(store.clone()).without_limits();
    let dm = Place {
        guild: None,
        channel: 1,
        reach: Default::default(),
    };
    let no = app.leagues.create(ADMIN, dm, true, terms("Cup"), NOW).await;
    assert!(private(&no).contains("belong to a server"));
    let no = app
        .leagues
        .create(7 << 40, HERE, false, terms("Cup"), NOW)
        .await;
    assert!(private(&no).contains("Manage Server"));
    let long = "x".repeat(MAX_NAME + 1);
    for (t, says) in [
        (terms(&long), "1 to 40 characters"),
        (terms("  "), "1 to 40 characters"),
        (
            LeagueTerms {
                format: LeagueFormat::Swiss { rounds: 0 },
                ..terms("Cup")
            },
            "1 to 20 rounds",
        ),
        (
            LeagueTerms {
                days_per_round: 31,
                ..terms("Cup")
            },
            "1 to 30 days",
        ),
        (
            LeagueTerms {
                clan_rule: ClanRule::Fixed(200),
                ..terms("Cup")
            },
            "needs a clan",
        ),
    ] {
        let out = app.leagues.create(ADMIN, HERE, true, t, NOW).await;
        assert!(private(&out).contains(says), "{}", private(&out));
    }
    assert!(store.leagues_of_guild(GUILD, 10).await.unwrap().is_empty());

    let made = app
        .leagues
        .create(ADMIN, HERE, true, terms("Cup"), NOW)
        .await;
    assert!(public(&made).contains("created the league **Cup**"));
    let taken = app
        .leagues
        .create(ADMIN, HERE, true, terms("CUP"), NOW)
        .await;
    assert!(private(&taken).contains("already has a league"));

    let (a, b) = (11 << 40, 12 << 40);
    assert!(
        public(&app.leagues.join(a, HERE.guild, "cup", Some(2), NOW).await).contains("(1 player)")
    );
    let again = app.leagues.join(a, HERE.guild, "Cup", None, NOW).await;
    assert!(private(&again).contains("already in"));
    let unknown = app.leagues.join(a, HERE.guild, "Mug", None, NOW).await;
    assert!(
        private(&unknown).contains("Leagues here: Cup"),
        "{}",
        private(&unknown)
    );
    assert!(
        public(&app.leagues.join(b, HERE.guild, "Cup", None, NOW).await).contains("(2 players)")
    );
    let few = app.leagues.start(ADMIN, HERE.guild, "Cup", true, NOW).await;
    assert_eq!(few.len(), 1);
    assert!(
        private(&few[0]).contains("at least 3 players"),
        "{}",
        private(&few[0])
    );
    let not = app.leagues.leave(13 << 40, HERE.guild, "Cup", NOW).await;
    assert!(private(&not[0]).contains("not playing"));
    let standings = app.leagues.standings(a, HERE.guild, None, NOW).await;
    assert!(public(&standings).contains("has not started yet"));

    // Leaving before the start: gone from the list.
    let gone = app.leagues.leave(b, HERE.guild, "Cup", NOW).await;
    assert!(public(&gone[0]).contains("left **Cup**"));
    let id = store
        .league_by_name(GUILD, "cup")
        .await
        .unwrap()
        .unwrap()
        .id;
    let players: Vec<(u64, Option<u8>)> = store
        .league_players(id)
        .await
        .unwrap()
        .iter()
        .map(|p| (p.user, p.clan))
        .collect();
    assert_eq!(players, vec![(a, Some(2))]);

    // Only an admin cancels; a cancelled league is gone and its name free again.
    let no = app.leagues.cancel(a, HERE.guild, "Cup", false, NOW).await;
    assert!(private(&no).contains("Manage Server"));
    let done = app
        .leagues
        .cancel(ADMIN, HERE.guild, "Cup", true, NOW)
        .await;
    assert!(public(&done).contains("was cancelled"));
    assert_eq!(
        store.league(id).await.unwrap().unwrap().status,
        LeagueStatus::Cancelled
    );
    let late = app.leagues.join(b, HERE.guild, "Cup", None, NOW).await;
    assert!(private(&late).contains("no open or running league"));
    let fresh = app
        .leagues
        .create(ADMIN, HERE, true, terms("Cup"), NOW)
        .await;
    assert!(public(&fresh).contains("created the league"));
}

/// Regression (issue 48, 6): the standings of a big league were one message, cut at
/// Discord's 2,000 characters (29 of 37 named). A league holds 32 (the 33rd join is
/// told it is full), and its standings come in as many messages as they take, every
/// player named, no message over the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_two_players_and_standings_never_cut() {
    use crystal_clans::app::msg::MAX_CONTENT;
    let store = scratch("league-32").await;
    let app = App::new(store.clone()).without_limits().without_images();
    let made = app
        .leagues
        .create(ADMIN, HERE, true, terms("Big Cup"), NOW)
        .await;
    assert!(public(&made).contains("created the league"));
    let players: Vec<u64> = (1..=33).map(|i| (20 + i) << 40).collect();
    for (i, &p) in players.iter().enumerate() {
        // Discord's longest display names (32 characters).
        let name = format!("Player {i:02} with a long name ok");
        store
            .set_user_name(p, &format!("{name:.<32}"))
            .await
            .unwrap();
        let out = app.leagues.join(p, HERE.guild, "Big Cup", None, NOW).await;
        if i < 32 {
            assert!(public(&out).contains("joined"), "{out:?}");
        } else {
            assert!(private(&out).contains("full"), "{}", private(&out));
        }
    }
    let started = app
        .leagues
        .start(ADMIN, HERE.guild, "Big Cup", true, NOW)
        .await;
    assert!(!started.is_empty());
    let standings = app
        .leagues
        .standings(players[0], HERE.guild, None, NOW)
        .await;
    assert!(
        standings.public.len() > 1,
        "{} messages",
        standings.public.len()
    );
    for m in &standings.public {
        assert!(m.content.chars().count() <= MAX_CONTENT);
        assert!(!m.content.contains('…'), "a line was cut: {}", m.content);
    }
    let text = public(&standings);
    for i in 0..32 {
        assert!(
            text.contains(&format!("Player {i:02} with")),
            "player {i} is missing"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn league_commands_are_rate_limited_and_speak_german() {
    let rate = |max| Rate {
        max,
        window_ms: 60_000,
    };
    let p = Policy {
        per_user: rate(2),
        per_server: rate(50),
    };
    let limits = LimitConfig {
        league: p,
        ..LimitConfig::default()
    };
    let store = scratch("league-limits").await;
    let app = App::new(store.clone()).with_limits(limits);
    let de = 21 << 40;
    app.directory
        .learn_locales(de, Some("de"), Some(GUILD), Some("de"));
    app.leagues
        .create(ADMIN, HERE, true, terms("Pokal"), NOW)
        .await;
    let made = app
        .leagues
        .create(ADMIN, HERE, true, terms("Becher"), NOW)
        .await;
    assert!(
        public(&made).contains("hat die Liga **Becher** angelegt"),
        "{}",
        public(&made)
    );
    let slow = app
        .leagues
        .create(ADMIN, HERE, true, terms("Tasse"), NOW)
        .await;
    assert!(
        private(&slow).contains("league commands"),
        "{}",
        private(&slow)
    );
    // German for a German user; a refusal counts nothing.
    let no = app.leagues.join(de, HERE.guild, "Kelch", None, NOW).await;
    assert!(
        private(&no).contains("keine offene oder laufende Liga"),
        "{}",
        private(&no)
    );
    let joined = app.leagues.join(de, HERE.guild, "Pokal", None, NOW).await;
    assert!(public(&joined).contains("beigetreten"));
    app.leagues.join(de, HERE.guild, "Becher", None, NOW).await;
    let slow = app
        .leagues
        .standings(de, HERE.guild, Some("Pokal"), NOW)
        .await;
    assert!(
        private(&slow).contains("Liga-Befehle"),
        "{}",
        private(&slow)
    );
    let later = app
        .leagues
        .standings(de, HERE.guild, Some("Pokal"), NOW + 61_000)
        .await;
    assert!(public(&later).contains("hat noch nicht begonnen"));
}

/// `/clans help` keeps Discord's limits with every feature's line, the leagues' too.
#[test]
fn help_with_leagues_keeps_discords_limits() {
    use crystal_clans::i18n::{Lang, messages as t};
    for lang in [Lang::En, Lang::De] {
        let m = crystal_clans::discord::commands::help_message(lang);
        assert_eq!(m.content, t::help(lang), "the basics are never cut");
        let e = m.embed.expect("the features' embed");
        assert!(e.description.contains(&t::league::help_league(lang)));
        assert!(e.description.contains(&t::takeback::help_takeback(lang)));
        assert!(e.description.contains(&t::crystallo::help_crystallo(lang)));
        assert!(e.description.chars().count() <= 4096);
    }
}

/// Regression: a cancelled league's matches kept no timeout (a league match has none
/// of its own, the round's deadline being its timeout), so an unfinished one could
/// wait forever. They go on under the server's reminder and timeout from the cancel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_running_league_gives_its_matches_the_servers_timeout() {
    let store = scratch("league-cancel-running").await;
    let app = App::new(store.clone()).without_limits();
    let settings = crystal_clans::store::GuildSettings {
        reminder_minutes: Some(120),
        timeout_minutes: Some(24 * 60),
        ..Default::default()
    };
    store.set_guild_settings(GUILD, &settings).await.unwrap();
    app.leagues
        .create(ADMIN, HERE, true, terms("Cup"), NOW)
        .await;
    let players = [21 << 40, 22 << 40, 23 << 40, 24 << 40];
    for p in players {
        app.leagues.join(p, HERE.guild, "Cup", None, NOW).await;
    }
    app.leagues.start(ADMIN, HERE.guild, "Cup", true, NOW).await;
    let id = store
        .league_by_name(GUILD, "Cup")
        .await
        .unwrap()
        .unwrap()
        .id;
    let matches: Vec<i64> = store
        .league_boards(id)
        .await
        .unwrap()
        .iter()
        .filter_map(|b| b.match_id)
        .collect();
    assert_eq!(matches.len(), 2, "two boards of four players");
    for &m in &matches {
        let info = store.info(m).await.unwrap();
        assert_eq!(info.terms.timeout_minutes, None, "the round decides");
        assert_eq!(info.deadlines.timeout_at, None);
    }
    // One match's player is away: its clock stays stopped, with the new time left.
    let later = NOW + 60_000;
    app.presence
        .away(players[0], HERE.guild, 3, None, later)
        .await;
    let done = app
        .leagues
        .cancel(ADMIN, HERE.guild, "Cup", true, later)
        .await;
    assert!(public(&done).contains("turn timeout from now"));
    for &m in &matches {
        let info = store.info(m).await.unwrap();
        assert_eq!(info.terms.timeout_minutes, Some(24 * 60), "match {m}");
        assert_eq!(info.terms.remind_minutes, Some(120));
        let paused = info.seats.iter().any(|s| s.user() == Some(players[0]));
        if paused && info.deadlines.timeout_at.is_none() {
            continue; // stopped while its player is away; checked below on return
        }
        assert_eq!(
            info.deadlines.timeout_at,
            Some(later + 24 * 60 * 60_000),
            "match {m}"
        );
    }
    // Back early: the stopped clock restarts with the whole new timeout.
    let back = later + 5 * 60_000;
    app.presence.away_off(players[0], back).await;
    for &m in &matches {
        let info = store.info(m).await.unwrap();
        let t = info.deadlines.timeout_at.expect("a timeout now");
        assert!(t >= later + 24 * 60 * 60_000, "match {m}: {t}");
    }
}

//! Server leagues end to end (`src/app/league/`): the real bot against the fake
//! Discord, scripted players using `/clans league` and resigning, an injected clock
//! that carries each round past its deadline (the player to move then loses, as on a
//! timeout), a restart of the bot in the middle of a round, and the pairings,
//! standings, tie-breaks and final post checked against results kept by the test.

use crystal_clans::app::App;
use crystal_clans::discord::Clock;
use crystal_clans::store::{BoardResult, LeagueBoard, LeagueStatus, Store, now_ms};
use crystal_clans_testkit::fake_discord::{Fake, Recorded};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::people::{ANA, BEN, EVE, ack, followup, start_bot_clocked};

const CLEO: u64 = 730_000_000_000_000_004;
const DARIO: u64 = 730_000_000_000_000_005;
const FINN: u64 = 730_000_000_000_000_006;
/// The admin (Manage Server), who does not play.
const ADMIN: u64 = EVE;
/// How often the scheduler looks (the clock it reads jumps past each deadline).
const TICK: Duration = Duration::from_millis(150);

fn who(u: u64) -> &'static str {
    match u {
        ANA => "Ana",
        BEN => "Ben",
        CLEO => "Cleo",
        DARIO => "Dario",
        FINN => "Finn",
        _ => "Eve",
    }
}

// The same store opened again after a restart.
use crate::support::{open_scratch as open, scratch_url as db_url};

/// The bot on `url` whose scheduler reads the real time plus `offset` and ticks every
/// `tick`.
async fn bot_on(
    url: &str,
    offset: &Arc<AtomicI64>,
    images: bool,
    seeds: u64,
    tick: Duration,
) -> Bot {
    let store = open(url).await;
    let mut app = App::new(store.clone()).with_seeds(seeds);
    if !images {
        app = app.without_images();
    }
    let off = offset.clone();
    let clock = Clock(Arc::new(move || now_ms() + off.load(Ordering::SeqCst)));
    start_bot_clocked(app, store.clone(), tick, clock).await
}

/// `/clans league <sub>` by `user`; returns the private answer's text.
async fn league(
    fake: &Fake,
    user: u64,
    sub: &str,
    options: serde_json::Value,
    manage: bool,
) -> String {
    let t = fake.command_group(user, who(user), "league", sub, options, manage);
    let first = ack(fake, &t).await;
    assert!(
        first.ephemeral(),
        "a league command answers privately first"
    );
    let answer = followup(fake, &t).await;
    assert!(answer.ephemeral());
    answer.text()
}

fn named(name: &str) -> serde_json::Value {
    json!([{"name": "name", "type": 3, "value": name}])
}

async fn until<F, Fut>(what: &str, f: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..600 {
        if f().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

async fn league_id(store: &Store, name: &str) -> i64 {
    store
        .league_by_name(crystal_clans_testkit::fake_discord::GUILD, name)
        .await
        .unwrap()
        .expect("the league")
        .id
}

async fn round_of(store: &Store, id: i64) -> u32 {
    store.league(id).await.unwrap().unwrap().round
}

/// The boards of `round`, once each has its match (or is a bye or forfeit).
async fn boards(store: &Store, id: i64, round: u32) -> Vec<LeagueBoard> {
    let mut b = Vec::new();
    until("the round's matches", || async {
        let all = store.league_boards(id).await.unwrap();
        let ready = all
            .iter()
            .filter(|b| b.round == round)
            .all(|b| b.bye || b.forfeit.is_some() || b.match_id.is_some());
        ready && all.iter().any(|b| b.round == round)
    })
    .await;
    b.extend(
        store
            .league_boards(id)
            .await
            .unwrap()
            .into_iter()
            .filter(|b| b.round == round),
    );
    b
}

/// `u` resigns league match `m` through its button, and the result is stored.
async fn resign(fake: &Fake, store: &Store, m: i64, u: u64) {
    let t = fake.click(u, who(u), &format!("clans:{m}:0:resign!"), &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    until("the resignation", || async {
        store.result(m).await.unwrap().is_some()
    })
    .await;
}

/// The player who loses match `m` when its round's deadline passes: the one to move.
async fn to_move(store: &Store, m: i64) -> u64 {
    let l = store.load(m).await.unwrap();
    let waiting = l.state.waiting();
    assert_eq!(waiting.len(), 1, "one player to move in match {m}");
    l.info.seats[waiting[0] as usize].user().unwrap()
}

/// Moves the scheduler's clock past the current round's deadline.
async fn pass_deadline(store: &Store, id: i64, offset: &AtomicI64) {
    let deadline = store
        .league(id)
        .await
        .unwrap()
        .unwrap()
        .round_deadline
        .unwrap();
    offset.store(deadline - now_ms() + 1_000, Ordering::SeqCst);
}

/// Points and tie-break per player from the results the test kept: (winner, loser)
/// per game, the byes (a win in Swiss), worked out here without the bot's code.
fn expected(
    players: &[u64],
    games: &[(u64, u64)],
    byes: &[u64],
    swiss: bool,
) -> HashMap<u64, (u32, u32)> {
    let mut points: HashMap<u64, u32> = players.iter().map(|&p| (p, 0)).collect();
    for (w, _) in games {
        *points.get_mut(w).unwrap() += 1;
    }
    if swiss {
        for b in byes {
            *points.get_mut(b).unwrap() += 1;
        }
    }
    players
        .iter()
        .map(|&p| {
            let tb = games
                .iter()
                .filter(|(w, l)| if swiss { *w == p || *l == p } else { *w == p })
                .map(|(w, l)| points[if *w == p { l } else { w }])
                .sum();
            (p, (points[&p], tb))
        })
        .collect()
}

fn posts_since(fake: &Fake, mark: usize) -> Vec<Recorded> {
    fake.since(mark)
        .into_iter()
        .filter(|r| r.is_channel_post())
        .collect()
}

/// Waits for a channel post containing `needle` after `mark`.
async fn post_with(fake: &Fake, mark: usize, needle: &str) -> Recorded {
    for _ in 0..600 {
        if let Some(r) = posts_since(fake, mark)
            .into_iter()
            .find(|r| r.text().contains(needle))
        {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen: Vec<String> = fake
        .since(mark)
        .iter()
        .map(|r| format!("{} {} {} {:.300}", r.status, r.method, r.path, r.text()))
        .collect();
    panic!("no post with {needle:?}; since then: {seen:#?}");
}

/// Checks a standings post's lines against `exp`: every player's points and
/// tie-break, in rank order (points, then tie-break; equal ones in any order).
fn check_standings(post: &Recorded, exp: &HashMap<u64, (u32, u32)>, tb: &str) {
    let text = post.json["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut at: Vec<(usize, (u32, u32))> = exp
        .iter()
        .map(|(p, (pts, t))| {
            let line = format!("{}: points {pts} · {tb} {t} ·", who(*p));
            let i = text
                .find(&line)
                .unwrap_or_else(|| panic!("no line {line:?} in {text}"));
            (i, (*pts, *t))
        })
        .collect();
    at.sort();
    assert!(
        at.windows(2).all(|w| w[0].1 >= w[1].1),
        "out of order: {text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_league_of_four_with_a_restart_mid_round() {
    let url = db_url("rr");
    let offset = Arc::new(AtomicI64::new(0));
    // Until the restart the scheduler ticks once, at the start: `Bot::stop` ends the
    // gateway but not the scheduler's task, which would go on as a second process.
    let bot = bot_on(&url, &offset, true, 1, Duration::from_secs(3600)).await;
    let fake = &bot.fake;
    let store = bot.store.clone();

    // Only an admin creates; refusals are private and change nothing.
    let create = json!([{"name": "name", "type": 3, "value": "Winter Cup"},
                        {"name": "format", "type": 4, "value": 0},
                        {"name": "days", "type": 4, "value": 2}]);
    let no = league(fake, ANA, "create", create.clone(), false).await;
    assert!(no.contains("Manage Server"), "{no}");
    let mark = fake.count();
    league(fake, ADMIN, "create", create.clone(), true).await;
    post_with(fake, mark, "created the league **Winter Cup**").await;
    let again = league(fake, ADMIN, "create", create, true).await;
    assert!(again.contains("already has a league"), "{again}");
    let id = league_id(&store, "winter cup").await;

    let players = [ANA, BEN, CLEO, DARIO];
    for p in players {
        league(fake, p, "join", named("Winter Cup"), false).await;
    }
    let twice = league(fake, ANA, "join", named("Winter Cup"), false).await;
    assert!(twice.contains("already in"), "{twice}");
    let unknown = league(fake, ANA, "join", named("Summer Cup"), false).await;
    assert!(
        unknown.contains("no open or running league") && unknown.contains("Winter Cup"),
        "{unknown}"
    );
    let no = league(fake, ANA, "start", named("Winter Cup"), false).await;
    assert!(no.contains("Manage Server"), "{no}");

    let mark = fake.count();
    league(fake, ADMIN, "start", named("Winter Cup"), true).await;
    let late = league(fake, FINN, "join", named("Winter Cup"), false).await;
    assert!(late.contains("has started"), "{late}");
    let pairings = post_with(fake, mark, "round 1 of 3 begins").await;
    let b1 = boards(&store, id, 1).await;
    // The circle method over the join order: Ana-Dario and Cleo-Ben.
    let seats: Vec<[u64; 2]> = b1.iter().map(|b| b.seats).collect();
    assert_eq!(seats, vec![[ANA, DARIO], [CLEO, BEN]]);
    for s in &seats {
        assert!(
            pairings
                .text()
                .contains(&format!("<@{}> vs <@{}>", s[0], s[1]))
        );
    }
    // Each match in its own thread, named after the league and round.
    until("the round's threads", || async {
        let names: Vec<String> = fake.threads().into_values().collect();
        names.iter().any(|n| n == "Winter Cup · R1 · Ana vs Dario")
            && names.iter().any(|n| n == "Winter Cup · R1 · Cleo vs Ben")
    })
    .await;

    let mut games: Vec<(u64, u64)> = Vec::new();
    // Round 1: Dario resigns; the bot stops in the middle of the round.
    resign(fake, &store, b1[0].match_id.unwrap(), DARIO).await;
    games.push((ANA, DARIO));
    let threads = fake.threads();
    bot.stop().await;

    // A new process on the same database, Discord still holding the threads.
    let bot = bot_on(&url, &offset, true, 100, TICK).await;
    let fake = &bot.fake;
    for (t, n) in &threads {
        fake.add_thread(*t, n);
    }
    let store = bot.store.clone();
    let b = store.league_boards(id).await.unwrap();
    assert_eq!(
        b[0].result,
        BoardResult::Decided(Some(0)),
        "the resignation is kept"
    );
    assert_eq!(b[1].result, BoardResult::Pending);
    let slow = b1[1].match_id.unwrap();
    let loser = to_move(&store, slow).await;
    let winner = if loser == CLEO { BEN } else { CLEO };
    games.push((winner, loser));
    let mark = fake.count();
    pass_deadline(&store, id, &offset).await;
    until("round 2", || async { round_of(&store, id).await == 2 }).await;
    let after1 = post_with(fake, mark, "round 1 is over").await;
    check_standings(&after1, &expected(&players, &games, &[], false), "SB");
    assert!(
        after1
            .files
            .iter()
            .any(|(n, png)| n == "standings.png" && png.starts_with(b"\x89PNG"))
    );
    let timed_out = store.result(slow).await.unwrap().unwrap();
    assert_eq!(timed_out.reason.as_str(), "timeout");
    post_with(fake, mark, "round 2 of 3 begins").await;

    // Round 2 (Cleo-Ana, Ben-Dario): Dario leaves, losing his match and the next.
    let b2 = boards(&store, id, 2).await;
    let seats: Vec<[u64; 2]> = b2.iter().map(|b| b.seats).collect();
    assert_eq!(seats, vec![[CLEO, ANA], [BEN, DARIO]]);
    let mark = fake.count();
    let left = league(fake, DARIO, "leave", named("Winter Cup"), false).await;
    assert!(!left.contains("not playing"), "{left}");
    post_with(fake, mark, "their remaining matches are forfeited").await;
    until("the forfeit", || async {
        store
            .result(b2[1].match_id.unwrap())
            .await
            .unwrap()
            .is_some()
    })
    .await;
    games.push((BEN, DARIO));
    let m = b2[0].match_id.unwrap();
    let loser = to_move(&store, m).await;
    games.push((if loser == ANA { CLEO } else { ANA }, loser));
    let mark = fake.count();
    pass_deadline(&store, id, &offset).await;
    until("round 3", || async { round_of(&store, id).await == 3 }).await;
    let after2 = post_with(fake, mark, "round 2 is over").await;
    check_standings(&after2, &expected(&players, &games, &[], false), "SB");

    // Round 3 (Ana-Ben, Dario-Cleo): Dario's board is Cleo's without a match.
    let b3 = boards(&store, id, 3).await;
    let seats: Vec<[u64; 2]> = b3.iter().map(|b| b.seats).collect();
    assert_eq!(seats, vec![[ANA, BEN], [DARIO, CLEO]]);
    assert_eq!((b3[1].match_id, b3[1].forfeit), (None, Some(1)));
    games.push((CLEO, DARIO));
    let mark = fake.count();
    resign(fake, &store, b3[0].match_id.unwrap(), BEN).await;
    games.push((ANA, BEN));
    until("the league's end", || async {
        store.league(id).await.unwrap().unwrap().status == LeagueStatus::Finished
    })
    .await;
    let last = post_with(fake, mark, "is over!").await;
    let exp = expected(&players, &games, &[], false);
    check_standings(&last, &exp, "SB");
    // The winner: the best points and tie-break (all of them on a full tie).
    let best = exp.values().max().copied().unwrap();
    let winners: Vec<String> = players
        .iter()
        .filter(|p| exp[p] == best)
        .map(|p| format!("<@{p}>"))
        .collect();
    let label = if winners.len() == 1 {
        "Winner"
    } else {
        "Winners"
    };
    assert!(
        last.text()
            .contains(&format!("{label}: {}.", winners.join(", "))),
        "{}",
        last.text()
    );
    let png = &last
        .files
        .iter()
        .find(|(n, _)| n == "standings.png")
        .unwrap()
        .1;
    // A PNG that scales into Discord's inline box.
    let inline = crystal_clans::render::preview(png, 550, 350).expect("a PNG");
    assert!(inline.starts_with(b"\x89PNG"));
    if let Ok(dir) = std::env::var("LEAGUE_PNG_DIR") {
        // To look at it: the full image and Discord's inline and phone sizes.
        std::fs::write(format!("{dir}/league-standings.png"), png).unwrap();
        std::fs::write(format!("{dir}/league-standings.550x350.png"), inline).unwrap();
        let phone = crystal_clans::render::preview(png, 390, 10_000).unwrap();
        std::fs::write(format!("{dir}/league-standings.390.png"), phone).unwrap();
    }

    // Results counted for ratings as any match's.
    let rated = store.rating_changes(b3[0].match_id.unwrap()).await.unwrap();
    assert!(!rated.is_empty());
    // Standings on request, after the end too.
    let mark = fake.count();
    let t = fake.command_group(BEN, "Ben", "league", "standings", json!([]), false);
    ack(fake, &t).await;
    post_with(fake, mark, "**Winter Cup**: standings.").await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_league_of_five_with_byes_and_buchholz() {
    let url = db_url("swiss");
    let offset = Arc::new(AtomicI64::new(0));
    let bot = bot_on(&url, &offset, false, 7, TICK).await;
    let fake = &bot.fake;
    let store = bot.store.clone();
    let create = json!([{"name": "name", "type": 3, "value": "Spring Swiss"},
                        {"name": "format", "type": 4, "value": 1},
                        {"name": "rounds", "type": 4, "value": 3},
                        {"name": "days", "type": 4, "value": 1},
                        {"name": "clans", "type": 4, "value": 2}]);
    let mark = fake.count();
    league(fake, ADMIN, "create", create, true).await;
    post_with(fake, mark, "Swiss, 3 rounds").await;
    let id = league_id(&store, "Spring Swiss").await;
    let players = [ANA, BEN, CLEO, DARIO, FINN];
    for p in players {
        league(fake, p, "join", named("Spring Swiss"), false).await;
    }
    let mark = fake.count();
    league(fake, ADMIN, "start", named("Spring Swiss"), true).await;
    let pairings = post_with(fake, mark, "round 1 of 3 begins").await;
    assert!(
        pairings
            .text()
            .contains(&format!("<@{FINN}> has a bye this round (it scores a win)"))
    );

    let mut games: Vec<(u64, u64)> = Vec::new();
    let mut byes: Vec<u64> = Vec::new();
    let mut met: Vec<(u64, u64)> = Vec::new();
    for round in 1..=3u32 {
        let b = boards(&store, id, round).await;
        let bye: Vec<u64> = b.iter().filter(|b| b.bye).map(|b| b.seats[0]).collect();
        assert_eq!(bye.len(), 1, "one bye in round {round}");
        assert!(!byes.contains(&bye[0]), "a second bye for {}", who(bye[0]));
        if round == 1 {
            // Everyone at 0: ranked by join order, paired top down, the last sits out.
            let seats: Vec<[u64; 2]> = b.iter().filter(|b| !b.bye).map(|b| b.seats).collect();
            assert_eq!(seats, vec![[ANA, BEN], [CLEO, DARIO]]);
            assert_eq!(bye[0], FINN);
        }
        byes.push(bye[0]);
        let played: Vec<&LeagueBoard> = b.iter().filter(|b| !b.bye).collect();
        assert_eq!(played.len(), 2);
        for g in &played {
            let key = (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1]));
            assert!(!met.contains(&key), "a rematch in round {round}: {key:?}");
            met.push(key);
        }
        // The first board is resigned by its second seat, the other decided by the
        // deadline.
        let first = played[0];
        resign(fake, &store, first.match_id.unwrap(), first.seats[1]).await;
        games.push((first.seats[0], first.seats[1]));
        let m = played[1].match_id.unwrap();
        let loser = to_move(&store, m).await;
        let winner = played[1].seats.into_iter().find(|&p| p != loser).unwrap();
        games.push((winner, loser));
        let mark = fake.count();
        pass_deadline(&store, id, &offset).await;
        let needle = if round < 3 {
            format!("round {round} is over")
        } else {
            "is over!".to_string()
        };
        let post = post_with(fake, mark, &needle).await;
        check_standings(&post, &expected(&players, &games, &byes, true), "Buchholz");
    }
    assert_eq!(
        store.league(id).await.unwrap().unwrap().status,
        LeagueStatus::Finished
    );
    bot.stop().await;
}

//! Leagues in the store (`crates/store/src/league.rs`), on SQLite and PostgreSQL:
//! a league and its players round-trip, names are unique among a server's live
//! leagues, a round starts once however many callers race for it, and a board reads
//! its match's result and clans.

use crystal_clans::store::{
    BoardResult, ClanRule, LeagueFormat, LeagueJoin, LeagueStatus, NewBoard, NewLeague, Reason,
};

use crate::support;
use support::*;

const GUILD: u64 = 1 << 40;

fn league(name: &str) -> NewLeague {
    NewLeague {
        guild: GUILD,
        channel: 4242,
        name: name.into(),
        format: LeagueFormat::Swiss { rounds: 3 },
        days_per_round: 7,
        clan_rule: ClanRule::Fixed(2),
        created_by: 99,
    }
}

async fn a_league_and_its_players_round_trip(db: &TestDb) {
    let store = db.open().await;
    let id = store
        .create_league(&league(" Winter Cup "), 1_000)
        .await
        .unwrap()
        .unwrap();
    // The name is the server's while the league lives, whatever its case.
    assert_eq!(
        store
            .create_league(&league("winter cup"), 1_001)
            .await
            .unwrap(),
        None
    );
    let mut elsewhere = league("Winter Cup");
    elsewhere.guild = GUILD + 1;
    assert!(
        store
            .create_league(&elsewhere, 1_002)
            .await
            .unwrap()
            .is_some()
    );
    let l = store
        .league_by_name(GUILD, "WINTER CUP")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            l.id,
            l.name.as_str(),
            l.format,
            l.clan_rule,
            l.status,
            l.round,
            l.channel,
            l.created_by
        ),
        (
            id,
            "Winter Cup",
            LeagueFormat::Swiss { rounds: 3 },
            ClanRule::Fixed(2),
            LeagueStatus::Open,
            0,
            4242,
            99
        )
    );
    assert_eq!(store.league(id).await.unwrap(), Some(l));

    assert_eq!(
        store
            .join_league(id, u64::MAX - 1, Some(3), 10, 32)
            .await
            .unwrap(),
        LeagueJoin::Joined { players: 1 }
    );
    assert_eq!(
        store.join_league(id, 7, None, 11, 32).await.unwrap(),
        LeagueJoin::Joined { players: 2 }
    );
    assert_eq!(
        store.join_league(id, 7, None, 12, 32).await.unwrap(),
        LeagueJoin::Already,
        "a second join"
    );
    assert_eq!(
        store.join_league(id, 8, None, 13, 3).await.unwrap(),
        LeagueJoin::Joined { players: 3 }
    );
    assert_eq!(
        store.join_league(id, 9, None, 13, 3).await.unwrap(),
        LeagueJoin::Full
    );
    assert!(
        store.leave_league(id, 8, 14).await.unwrap(),
        "leaving an open league"
    );
    assert!(!store.leave_league(id, 8, 15).await.unwrap());
    let players = store.league_players(id).await.unwrap();
    let got: Vec<(u64, Option<u8>, Option<i64>)> = players
        .iter()
        .map(|p| (p.user, p.clan, p.left_at))
        .collect();
    assert_eq!(got, vec![(u64::MAX - 1, Some(3), None), (7, None, None)]);

    // Cancelling frees the name; a cancelled league takes nobody.
    assert!(
        store
            .set_league_status(
                id,
                &[LeagueStatus::Open, LeagueStatus::Running],
                LeagueStatus::Cancelled,
                20
            )
            .await
            .unwrap()
    );
    assert_eq!(
        store.join_league(id, 9, None, 21, 32).await.unwrap(),
        LeagueJoin::NotOpen
    );
    assert!(
        store
            .league_by_name(GUILD, "winter cup")
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .create_league(&league("Winter Cup"), 22)
            .await
            .unwrap()
            .is_some()
    );
    let recent = store.leagues_of_guild(GUILD, 10).await.unwrap();
    assert_eq!(recent.len(), 2);
    assert_eq!(recent[1].status, LeagueStatus::Cancelled);
}

async fn a_round_starts_once_and_boards_read_their_results(db: &TestDb) {
    let store = db.open().await;
    let id = store
        .create_league(&league("Spring"), 1)
        .await
        .unwrap()
        .unwrap();
    for u in [1, 2, 3] {
        let joined = store.join_league(id, u, None, u as i64, 32).await.unwrap();
        assert!(matches!(joined, LeagueJoin::Joined { .. }));
    }
    let boards = [
        NewBoard {
            seats: [1, 2],
            bye: false,
            forfeit: None,
        },
        NewBoard {
            seats: [3, 3],
            bye: true,
            forfeit: None,
        },
    ];
    // Racing starts of round 1: exactly one wins.
    let tries: Vec<_> = (0..4)
        .map(|_| {
            let s = store.clone();
            tokio::spawn(async move { s.start_league_round(id, 1, 5_000, &boards, 100).await })
        })
        .collect();
    let mut won = 0;
    for t in tries {
        won += usize::from(t.await.unwrap().unwrap());
    }
    assert_eq!(won, 1);
    let l = store.league(id).await.unwrap().unwrap();
    assert_eq!(
        (l.status, l.round, l.round_deadline),
        (LeagueStatus::Running, 1, Some(5_000))
    );
    assert_eq!(store.running_leagues().await.unwrap(), vec![id]);
    assert_eq!(
        store.join_league(id, 4, None, 200, 32).await.unwrap(),
        LeagueJoin::NotOpen,
        "joining a started league"
    );

    let (m, _) = store
        .create_match(new_match(13, [1, 2], Some(GUILD)))
        .await
        .unwrap();
    assert!(store.set_league_match(id, 1, 0, m.info.id).await.unwrap());
    assert!(
        !store.set_league_match(id, 1, 0, m.info.id).await.unwrap(),
        "attached once"
    );
    assert_eq!(
        store.league_of_match(m.info.id).await.unwrap(),
        Some((id, 1))
    );
    let b = store.league_boards(id).await.unwrap();
    assert_eq!(b.len(), 2);
    assert_eq!(
        (b[0].seats, b[0].bye, b[0].result),
        ([1, 2], false, BoardResult::Pending)
    );
    assert_eq!(b[0].clans, [Some(1), Some(2)], "seed 13: clans 1 and 2");
    assert!(b[1].bye && b[1].match_id.is_none());

    store
        .finish(m.info.id, None, Some(1), Reason::Resign)
        .await
        .unwrap();
    let b = store.league_boards(id).await.unwrap();
    assert_eq!(b[0].result, BoardResult::Decided(Some(1)));

    // Round 2: a board decided without a match, once.
    let boards = [NewBoard {
        seats: [2, 3],
        bye: false,
        forfeit: None,
    }];
    assert!(
        !store
            .start_league_round(id, 3, 9_000, &boards, 300)
            .await
            .unwrap(),
        "not the next round"
    );
    assert!(
        store
            .start_league_round(id, 2, 9_000, &boards, 300)
            .await
            .unwrap()
    );
    assert!(
        store.leave_league(id, 3, 301).await.unwrap(),
        "leaving a running league marks"
    );
    assert!(store.forfeit_league_board(id, 2, 0, 0).await.unwrap());
    assert!(!store.forfeit_league_board(id, 2, 0, 1).await.unwrap());
    let b = store.league_boards(id).await.unwrap();
    assert_eq!(
        (b[2].round, b[2].result),
        (2, BoardResult::Decided(Some(0)))
    );
    let left: Vec<bool> = store
        .league_players(id)
        .await
        .unwrap()
        .iter()
        .map(|p| p.left_at.is_some())
        .collect();
    assert_eq!(left, vec![false, false, true]);
    assert!(
        store
            .set_league_status(id, &[LeagueStatus::Running], LeagueStatus::Finished, 400)
            .await
            .unwrap()
    );
    assert!(store.running_leagues().await.unwrap().is_empty());
}

/// Regression (issue 48, 6): with 30 players in, 8 joins at once (two bot processes)
/// made a league of 37. The count is read under the league's lock: 32 exactly, and each
/// join either got in or was told the league is full.
async fn joins_at_once_never_pass_the_cap(db: &TestDb) {
    let (a, b) = (db.open().await, db.open().await);
    let id = a
        .create_league(&league("Crowded Cup"), 1_000)
        .await
        .unwrap()
        .unwrap();
    for u in 1..=30 {
        let joined = a.join_league(id, u, None, u as i64, 32).await.unwrap();
        assert_eq!(
            joined,
            LeagueJoin::Joined {
                players: u as usize
            }
        );
    }
    let mut racing = Vec::new();
    for u in 31..=38u64 {
        let store = if u % 2 == 0 { a.clone() } else { b.clone() };
        racing.push(tokio::spawn(async move {
            store.join_league(id, u, None, 100, 32).await.unwrap()
        }));
    }
    let mut joined = Vec::new();
    for r in racing {
        match r.await.unwrap() {
            LeagueJoin::Joined { players } => joined.push(players),
            LeagueJoin::Full => {}
            other => panic!("a join at once: {other:?}"),
        }
    }
    joined.sort_unstable();
    assert_eq!(
        joined,
        vec![31, 32],
        "the joins that got in, and as which player"
    );
    assert_eq!(a.league_players(id).await.unwrap().len(), 32);
    a.close().await;
    b.close().await;
}

both!(
    joins_at_once_never_pass_the_cap,
    a_league_and_its_players_round_trip,
    a_round_starts_once_and_boards_read_their_results,
);

//! Moderators' actions in the store (`crates/store/src/moderation.rs`), on SQLite and
//! PostgreSQL: a moderator's pause outlasts a move and an absence's end and restarts
//! with the time left; an extension moves a running or a paused forfeit; an asked
//! action is decided once however many clicks race for it, from two processes.

use crystal_clans::store::{
    Deadlines, Decision, ModAction, NewMatch, NewModeration, Reason, Terms, now_ms,
};

use crate::support;
use support::*;

const MIN: i64 = 60_000;
const DAY: i64 = 24 * 60 * MIN;
const GUILD: u64 = 1 << 41;
const MODERATOR: u64 = 4_000;

const TERMS: Terms = Terms {
    remind_minutes: Some(60),
    timeout_minutes: Some(3 * 24 * 60),
    clock: crystal_clans::store::Clock::Turn,
};

fn a_match(at: i64) -> NewMatch {
    NewMatch {
        terms: TERMS,
        deadlines: TERMS.deadlines(at),
        ..support::new_match(2, [10, 11], Some(GUILD))
    }
}

async fn a_moderators_pause_outlasts_a_move_and_an_absence(db: &TestDb) {
    let store = db.open().await;
    let rules = support::rules();
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let id = l.info.id;
    let before = l.info.deadlines;
    let held_at = t0 + 5 * MIN;
    assert!(store.hold_clock(id, held_at).await.unwrap());
    assert!(
        !store.hold_clock(id, held_at + 1).await.unwrap(),
        "held once"
    );
    assert_eq!(store.held_by_moderator(id).await.unwrap(), Some(held_at));
    assert_eq!(
        store.info(id).await.unwrap().deadlines,
        Deadlines::default()
    );
    assert!(store.due(t0 + 365 * DAY, 100).await.unwrap().is_empty());
    // A move starts the next turn with fresh deadlines: they stay paused.
    let mut rng = <rand_pcg::Pcg32 as rand::SeedableRng>::seed_from_u64(1);
    let input = support::random_input(&rules, &l.state, &mut rng);
    let moved_at = now_ms();
    store
        .submit_many(id, 0, &[input], Some(TERMS.deadlines(moved_at)))
        .await
        .unwrap();
    let info = store.info(id).await.unwrap();
    assert_eq!(
        info.deadlines,
        Deadlines::default(),
        "a move restarts nothing"
    );
    assert!(store.paused_since(id).await.unwrap().is_some());
    // An absence's end restarts an away player's clocks, not this one.
    assert!(!store.resume_clock(id, moved_at + MIN).await.unwrap());
    assert_eq!(
        store.info(id).await.unwrap().deadlines,
        Deadlines::default()
    );
    // The moderator's resume gives back the time the fresh turn had.
    let back = moved_at + 2 * DAY;
    assert!(store.release_clock(id, &[10, 11], back).await.unwrap());
    assert!(!store.release_clock(id, &[10, 11], back + 1).await.unwrap());
    // The submit paused at its own clock, a few milliseconds after `moved_at`.
    let fresh = TERMS.deadlines(moved_at);
    let info = store.info(id).await.unwrap();
    for (got, set) in [
        (info.deadlines.remind_at, fresh.remind_at),
        (info.deadlines.timeout_at, fresh.timeout_at),
    ] {
        let (got, left) = (got.unwrap(), set.unwrap() - moved_at);
        assert!(
            (back + left - 5_000..=back + left).contains(&got),
            "{got} is {left} ms after {back}"
        );
    }
    assert_ne!(info.deadlines, before);
    assert_eq!(store.held_by_moderator(id).await.unwrap(), None);
    store.close().await;
}

async fn a_resume_while_the_player_to_move_is_away_waits_for_their_return(db: &TestDb) {
    let store = db.open().await;
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let id = l.info.id;
    assert!(store.hold_clock(id, t0).await.unwrap());
    let allowance = crystal_clans::store::AwayAllowance {
        window: 30 * DAY,
        most: 14 * DAY,
    };
    store
        .start_absence(10, t0, t0 + 3 * DAY, None, allowance)
        .await
        .unwrap();
    assert!(store.release_clock(id, &[10], t0 + DAY).await.unwrap());
    // Still paused, for the absence; its end restarts it.
    assert_eq!(
        store.info(id).await.unwrap().deadlines,
        Deadlines::default()
    );
    assert!(store.resume_clock(id, t0 + 3 * DAY).await.unwrap());
    assert!(store.info(id).await.unwrap().deadlines.timeout_at.is_some());
    store.close().await;
}

async fn an_extension_moves_the_running_or_the_paused_forfeit(db: &TestDb) {
    let store = db.open().await;
    let t0 = now_ms();
    let (l, _) = store.create_match(a_match(t0)).await.unwrap();
    let id = l.info.id;
    let before = l.info.deadlines;
    let at = store.extend_deadline(id, 24 * 60, t0).await.unwrap();
    assert_eq!(at, before.timeout_at.map(|t| t + DAY));
    assert_eq!(
        store.info(id).await.unwrap().deadlines,
        Deadlines {
            remind_at: before.remind_at.map(|r| r + DAY),
            timeout_at: before.timeout_at.map(|t| t + DAY),
        }
    );
    // Paused: the time left grows, and the answer is counted from now.
    let paused_at = t0 + MIN;
    assert!(store.hold_clock(id, paused_at).await.unwrap());
    let left = before.timeout_at.unwrap() + DAY - paused_at;
    let now = paused_at + 7 * DAY;
    let at = store.extend_deadline(id, 60, now).await.unwrap();
    assert_eq!(at, Some(now + left + 60 * MIN));
    assert!(store.release_clock(id, &[], now).await.unwrap());
    assert_eq!(
        store.info(id).await.unwrap().deadlines.timeout_at,
        Some(now + left + 60 * MIN)
    );
    // No forfeit to move: a match without a timeout, a match that is over.
    let (free, _) = store
        .create_match(support::new_match(3, [10, 11], Some(GUILD)))
        .await
        .unwrap();
    assert_eq!(
        store.extend_deadline(free.info.id, 60, now).await.unwrap(),
        None
    );
    store
        .finish(id, None, None, Reason::Abandoned)
        .await
        .unwrap();
    assert_eq!(store.extend_deadline(id, 60, now).await.unwrap(), None);
    assert!(!store.hold_clock(id, now).await.unwrap());
    store.close().await;
}

async fn an_action_is_decided_once_however_many_clicks_race(db: &TestDb) {
    let a = db.open().await;
    let b = db.open().await;
    let asked = a
        .ask_moderation(
            &NewModeration {
                guild: GUILD,
                moderator: MODERATOR,
                action: ModAction::Void,
                match_id: Some(77),
                league_id: None,
                detail: None,
                reason: "duplicate match".into(),
            },
            1_000,
        )
        .await
        .unwrap();
    assert_eq!(asked.decided_at, None);
    // Another member's click decides nothing.
    assert_eq!(
        a.decide_moderation(asked.id, MODERATOR + 1, None, 1_500)
            .await
            .unwrap(),
        Decision::Unknown
    );
    let mut racing = Vec::new();
    for i in 0..8 {
        let store = if i % 2 == 0 { a.clone() } else { b.clone() };
        let id = asked.id;
        racing.push(tokio::spawn(async move {
            store
                .decide_moderation(id, MODERATOR, None, 2_000 + i)
                .await
                .unwrap()
        }));
    }
    let mut claimed = 0;
    for r in racing {
        match r.await.unwrap() {
            Decision::Claimed(m) => {
                claimed += 1;
                assert_eq!(m.asked.reason, "duplicate match");
            }
            Decision::Already(_) => {}
            Decision::Unknown => panic!("the moderator's own action is known"),
        }
    }
    assert_eq!(claimed, 1, "one click of eight acts");
    a.settle_moderation(asked.id, "done").await.unwrap();
    // A cancel after the confirmation changes nothing.
    let again = a
        .decide_moderation(asked.id, MODERATOR, Some("cancelled"), 3_000)
        .await
        .unwrap();
    let Decision::Already(m) = again else {
        panic!("decided before: {again:?}")
    };
    assert_eq!(m.outcome.as_deref(), Some("done"));
    let second = b
        .ask_moderation(
            &NewModeration {
                action: ModAction::Extend,
                detail: Some(120),
                ..asked.asked.clone()
            },
            4_000,
        )
        .await
        .unwrap();
    let log = a.moderation_log(GUILD, 10).await.unwrap();
    assert_eq!(
        log.iter().map(|m| m.id).collect::<Vec<_>>(),
        [second.id, asked.id],
        "newest first"
    );
    assert_eq!(log[0].asked.detail, Some(120));
    assert!(a.moderation_log(GUILD + 1, 10).await.unwrap().is_empty());
    a.close().await;
    b.close().await;
}

both!(
    a_moderators_pause_outlasts_a_move_and_an_absence,
    a_resume_while_the_player_to_move_is_away_waits_for_their_return,
    an_extension_moves_the_running_or_the_paused_forfeit,
    an_action_is_decided_once_however_many_clicks_race,
);

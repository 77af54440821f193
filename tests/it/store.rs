//! The match store, against SQLite (a temporary file per test) and, when
//! `TEST_DATABASE_URL` names a PostgreSQL database, against PostgreSQL too (a fresh
//! schema per test). Every test body below runs on both backends: see `both!` at the end (defined in `tests/support`).
//! What the store refuses, reports and survives is in `store_integrity.rs`.

use crystal_clans::game::{Input, RULES_VERSION, Setup, State};
use crystal_clans::store::{
    Backend, Deadlines, Due, DueKind, GuildSettings, NewMatch, Player, Reason, Status, Store,
    StoreError, Terms, UserSettings, Verdict,
};
use rand::SeedableRng;
use rand_pcg::Pcg32;

use crate::support;
use support::*;

async fn exec(store: &Store, sql: &str) {
    sqlx::query(sql).execute(store.pool()).await.unwrap();
}

// ---- tests (each runs on both backends) ---------------------------------------------

async fn migrations_from_empty(db: &TestDb) {
    let store = db.open().await;
    for table in [
        "matches",
        "inputs",
        "snapshots",
        "results",
        "guild_settings",
        "user_settings",
    ] {
        let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(store.pool())
            .await
            .unwrap_or_else(|e| panic!("table {table}: {e}"));
        assert_eq!(n, 0, "{table} starts empty");
    }
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(store.pool())
        .await
        .unwrap();
    let dir = match db.backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let files = std::fs::read_dir(format!("{}/migrations/{dir}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension() == Some("sql".as_ref()))
        .count();
    assert_eq!(applied as usize, files);
    store.close().await;
    // Opening again applies nothing new and keeps the data.
    let store = db.open().await;
    store
        .create_match(new_match(1, [1, 2], None))
        .await
        .unwrap();
    store.close().await;
    let store = db.open().await;
    assert_eq!(store.match_ids(0, 10).await.unwrap().len(), 1);
}

async fn matches_round_trip(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let big = u64::MAX - 12; // Discord ids use all 64 bits: they round-trip.
    let nm = NewMatch {
        guild: Some(big),
        channel: 42,
        reach: Default::default(),
        thread: None,
        seats: [Player::User(big - 1), Player::Ai(3)],
        setup: Setup {
            clans: [2, 5],
            seed: u64::MAX - 1,
            mulligan: true,
        },
        terms: Terms {
            remind_minutes: Some(30),
            timeout_minutes: Some(u32::MAX),
            clock: crystal_clans::store::Clock::Turn,
        },
        deadlines: Deadlines {
            remind_at: Some(1_000),
            timeout_at: Some(2_000),
        },
    };
    let (created, events) = store.create_match(nm.clone()).await.unwrap();
    let (expected, expected_events) = State::new(&rules, nm.setup.clone()).unwrap();
    assert_eq!(created.state, expected);
    assert_eq!(events, expected_events);
    let info = &created.info;
    assert_eq!(
        (info.guild, info.channel, info.thread, info.seats),
        (nm.guild, nm.channel, nm.thread, nm.seats)
    );
    assert_eq!(info.setup, nm.setup);
    assert_eq!(info.deadlines, nm.deadlines);
    assert_eq!(info.terms, nm.terms);
    assert_eq!(
        (info.version, info.status, info.rules_version),
        (0, Status::Active, RULES_VERSION)
    );
    assert_eq!(
        (&info.pack_id, &info.pack_hash),
        (&rules.pack.id, &rules.pack.hash)
    );
    let loaded = store.load(info.id).await.unwrap();
    assert_eq!(loaded, created);
    assert_eq!(store.info(info.id).await.unwrap(), created.info);
    assert_eq!(store.replay(info.id).await.unwrap(), created);
    // A daily deadline's clock is kept with the match's new terms, zone and all.
    let daily = Terms {
        clock: crystal_clans::store::Clock::Daily {
            hour: 7,
            zone: "America/Argentina/Buenos_Aires".into(),
        },
        ..nm.terms.clone()
    };
    assert!(store.set_terms(info.id, daily.clone(), 0).await.unwrap());
    let info2 = store.info(info.id).await.unwrap();
    assert_eq!(info2.terms, daily);
    assert_eq!(info2.deadlines, daily.deadlines(0));
    assert!(matches!(
        store.load(info.id + 1000).await,
        Err(StoreError::NotFound(_))
    ));
    // The live board: the first has none before it, each next one hands out the one it
    // replaces once (with its channel, which may be another), and a stale swap (another
    // post got there first) hands out nothing.
    assert_eq!(store.swap_live_board(info.id, big, 7).await.unwrap(), None);
    assert_eq!(
        store.swap_live_board(info.id, 43, big - 2).await.unwrap(),
        Some((big, 7))
    );
    assert_eq!(
        store.swap_live_board(info.id, 43, 9).await.unwrap(),
        Some((43, big - 2))
    );
    assert_eq!(
        store.swap_live_board(info.id + 1000, 43, 10).await.unwrap(),
        None
    );
    assert!(store.delete_match(info.id).await.unwrap());
    assert!(matches!(
        store.load(info.id).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn inputs_and_snapshots_round_trip(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let (m, _) = store
        .create_match(new_match(7, [1, 2], Some(9)))
        .await
        .unwrap();
    let id = m.info.id;
    let mut state = m.state.clone();
    let mut rng = Pcg32::seed_from_u64(3);
    let mut sent = Vec::new();
    for v in 0..12 {
        let (seat, input) = random_input(&rules, &state, &mut rng);
        let events = state.apply(&rules, seat, &input).unwrap();
        let s = store.submit(id, v, seat, &input).await.unwrap();
        assert_eq!(s.version, v + 1);
        assert_eq!(s.events, events);
        assert_eq!(s.state, state);
        sent.push((seat, input));
    }
    let log = store.inputs(id).await.unwrap();
    assert_eq!(log.len(), 12);
    for (i, (entry, (seat, input))) in log.iter().zip(&sent).enumerate() {
        assert_eq!(
            (entry.seq, entry.seat, &entry.input),
            (i as i64 + 1, *seat, input)
        );
        assert!(entry.at > 0);
    }
    // A slice of the log: after version 4 through version 9.
    let slice = store.inputs_between(id, 4, 9).await.unwrap();
    assert_eq!(slice.inputs, log[4..9]);
    assert!(!slice.rewound);
    assert!(
        store
            .inputs_between(id, 12, 20)
            .await
            .unwrap()
            .inputs
            .is_empty()
    );
    assert_eq!(store.inputs_between(id, 0, 12).await.unwrap().inputs, log);
    let loaded = store.load(id).await.unwrap();
    assert_eq!(loaded.state, state);
    assert_eq!(loaded.info.version, 12);
    assert_eq!(store.replay(id).await.unwrap().state, state);
    let snap: (i64, String) =
        sqlx::query_as("SELECT version, state FROM snapshots WHERE match_id = $1")
            .bind(id)
            .fetch_one(store.pool())
            .await
            .unwrap();
    assert_eq!(snap.0, 12);
    assert_eq!(serde_json::from_str::<State>(&snap.1).unwrap(), state);
    // A batch, with deadlines set in the same transaction.
    let mut batch = Vec::new();
    for _ in 0..5 {
        let (seat, input) = random_input(&rules, &state, &mut rng);
        state.apply(&rules, seat, &input).unwrap();
        batch.push((seat, input));
    }
    let d = Deadlines {
        remind_at: Some(5),
        timeout_at: None,
    };
    let s = store.submit_many(id, 12, &batch, Some(d)).await.unwrap();
    assert_eq!((s.version, &s.state), (17, &state));
    let info = store.info(id).await.unwrap();
    assert_eq!((info.version, info.deadlines), (17, d));
    assert!(info.updated_at >= info.created_at);
    // The log is append-only.
    let r = sqlx::query("UPDATE inputs SET seat = 1 - seat WHERE match_id = $1")
        .bind(id)
        .execute(store.pool())
        .await;
    assert!(r.is_err(), "an input row was updated");
    assert_eq!(
        store.verify(id).await.unwrap().verdict,
        Verdict::Agrees,
        "after refused update"
    );
}

async fn results_round_trip(db: &TestDb) {
    let store = db.open().await;
    let rules = rules();
    let nm = new_match(11, [100, 200], Some(1));
    let (m, _) = store.create_match(nm.clone()).await.unwrap();
    let (inputs, end) = random_game(&rules, &nm.setup, 4);
    let (head, last) = inputs.split_at(inputs.len() - 1);
    let s = store.submit_many(m.info.id, 0, head, None).await.unwrap();
    assert!(s.result.is_none());
    assert!(store.result(m.info.id).await.unwrap().is_none());
    let s = store
        .submit(m.info.id, s.version, last[0].0, &last[0].1)
        .await
        .unwrap();
    assert_eq!(s.state, end);
    let r = s
        .result
        .clone()
        .expect("the winning input records the result");
    assert_eq!(
        (r.winner, r.reason, r.inputs),
        (end.winner, Reason::Win, inputs.len() as i64)
    );
    assert_eq!(store.result(m.info.id).await.unwrap(), Some(r.clone()));
    let info = store.info(m.info.id).await.unwrap();
    assert_eq!(info.status, Status::Finished);
    // A finished match takes no input and cannot be finished again.
    assert!(matches!(
        store
            .submit(m.info.id, s.version, 0, &Input::Done)
            .await
            .unwrap_err(),
        StoreError::Finished(_)
    ));
    assert!(matches!(
        store
            .finish(m.info.id, None, Some(0), Reason::Resign)
            .await
            .unwrap_err(),
        StoreError::Finished(_)
    ));
    // A resignation and an abandoned match.
    let (m2, _) = store
        .create_match(new_match(12, [100, 300], Some(1)))
        .await
        .unwrap();
    assert!(matches!(
        store.finish(m2.info.id, None, Some(1), Reason::Win).await,
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.finish(m2.info.id, None, None, Reason::Resign).await,
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store
            .finish(m2.info.id, Some(3), Some(1), Reason::Timeout)
            .await,
        Err(StoreError::Stale { current: 0, .. })
    ));
    let r2 = store
        .finish(m2.info.id, Some(0), Some(1), Reason::Timeout)
        .await
        .unwrap();
    assert_eq!(
        (r2.winner, r2.reason, r2.inputs),
        (Some(1), Reason::Timeout, 0)
    );
    let (m3, _) = store
        .create_match(new_match(13, [400, 500], None))
        .await
        .unwrap();
    let r3 = store
        .finish(m3.info.id, None, None, Reason::Abandoned)
        .await
        .unwrap();
    assert_eq!(store.result(m3.info.id).await.unwrap(), Some(r3));
    // History: user 100 played two finished matches, newest first.
    let h = store.history_of_user(100, 10).await.unwrap();
    let ids: Vec<_> = h.iter().map(|e| e.result.match_id).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&m.info.id) && ids.contains(&m2.info.id));
    let e = h.iter().find(|e| e.result.match_id == m2.info.id).unwrap();
    assert_eq!(e.seats, [Player::User(100), Player::User(300)]);
    assert_eq!((e.guild, &e.result), (Some(1), &r2));
    assert!(store.history_of_user(999, 10).await.unwrap().is_empty());
    // Server history: the matches of guild 1 only (m3 was played outside any server).
    let g: Vec<_> = store
        .history_of_guild(1, 10)
        .await
        .unwrap()
        .iter()
        .map(|e| e.result.match_id)
        .collect();
    assert!(g.contains(&m2.info.id) && !g.contains(&m3.info.id), "{g:?}");
    assert!(store.history_of_guild(2, 10).await.unwrap().is_empty());
    for id in [m.info.id, m2.info.id, m3.info.id] {
        assert_eq!(store.verify(id).await.unwrap().verdict, Verdict::Agrees);
    }
}

async fn settings_round_trip(db: &TestDb) {
    let store = db.open().await;
    assert_eq!(
        store.guild_settings(1).await.unwrap(),
        GuildSettings::default()
    );
    assert_eq!(
        store.user_settings(1).await.unwrap(),
        UserSettings::default()
    );
    let g = GuildSettings {
        deadline_hour: Some(20),
        bank_days: Some(3),
        bank_add_hours: Some(12),
        channel: Some(u64::MAX - 3),
        reminder_minutes: Some(60),
        timeout_minutes: Some(1440),
        threads: Some(false),
        language: Some("de".into()),
        takebacks: Some(false),
        away_days: Some(7),
        time_zone: Some("Pacific/Auckland".into()),
        grace_minutes: Some(720),
    };
    store.set_guild_settings(1, &g).await.unwrap();
    assert_eq!(store.guild_settings(1).await.unwrap(), g);
    assert_eq!(
        store.guild_settings(2).await.unwrap(),
        GuildSettings::default()
    );
    let g2 = GuildSettings { channel: None, ..g };
    store.set_guild_settings(1, &g2).await.unwrap();
    assert_eq!(store.guild_settings(1).await.unwrap(), g2);
    let u = UserSettings {
        dm_opt_in: true,
        language: Some("de".into()),
        notify: Some(crystal_clans::store::NotifyVia::Both),
        time_zone: Some("Europe/Berlin".into()),
        quiet_hours: Some((22, 7)),
        digest_hour: Some(8),
    };
    store.set_user_settings(u64::MAX, &u).await.unwrap();
    assert_eq!(store.user_settings(u64::MAX).await.unwrap(), u);
    store
        .set_user_settings(u64::MAX, &UserSettings::default())
        .await
        .unwrap();
    assert_eq!(
        store.user_settings(u64::MAX).await.unwrap(),
        UserSettings::default()
    );
    // Settings written by a newer bot with extra fields still read; damaged ones are
    // reported, not defaulted silently.
    exec(
        &store,
        "INSERT INTO user_settings (user_id, settings, updated_at) \
         VALUES (5, '{\"dm_opt_in\": true, \"theme\": \"dark\"}', 0)",
    )
    .await;
    assert!(store.user_settings(5).await.unwrap().dm_opt_in);
    // Settings from before a field existed (here the language) read with its default:
    // settings are JSON, so a new setting needs no migration.
    assert_eq!(store.user_settings(5).await.unwrap().language, None);
    exec(
        &store,
        "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (6, 'nope', 0)",
    )
    .await;
    let e = store.guild_settings(6).await.unwrap_err();
    assert!(matches!(e, StoreError::BadSettings { .. }), "{e:?}");
}

async fn active_lists_and_deadlines(db: &TestDb) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for (k, (users, guild)) in [
        ([1, 2], Some(10)),
        ([2, 3], Some(10)),
        ([3, 1], Some(20)),
        ([4, 5], None),
    ]
    .into_iter()
    .enumerate()
    {
        let (m, _) = store
            .create_match(new_match(k as u64, users, guild))
            .await
            .unwrap();
        ids.push(m.info.id);
    }
    let of = |v: Vec<crystal_clans::store::MatchInfo>| {
        let mut v: Vec<_> = v.into_iter().map(|i| i.id).collect();
        v.sort();
        v
    };
    assert_eq!(
        of(store.active_matches_of_user(1).await.unwrap()),
        vec![ids[0], ids[2]]
    );
    assert_eq!(
        of(store.active_matches_of_user(2).await.unwrap()),
        vec![ids[0], ids[1]]
    );
    assert_eq!(
        of(store.active_matches_of_guild(10).await.unwrap()),
        vec![ids[0], ids[1]]
    );
    assert!(store.active_matches_of_user(99).await.unwrap().is_empty());
    store
        .finish(ids[0], None, Some(0), Reason::Resign)
        .await
        .unwrap();
    assert_eq!(
        of(store.active_matches_of_user(1).await.unwrap()),
        vec![ids[2]]
    );
    assert_eq!(
        of(store.active_matches_of_guild(10).await.unwrap()),
        vec![ids[1]]
    );
    // Deadlines.
    assert!(store.due(i64::MAX, 100).await.unwrap().is_empty());
    let set = |remind_at, timeout_at| Deadlines {
        remind_at,
        timeout_at,
    };
    assert!(
        store
            .set_deadlines(ids[1], set(Some(100), Some(300)))
            .await
            .unwrap()
    );
    assert!(
        store
            .set_deadlines(ids[2], set(Some(200), None))
            .await
            .unwrap()
    );
    assert!(
        !store
            .set_deadlines(ids[0], set(Some(50), None))
            .await
            .unwrap(),
        "a finished match has no deadlines"
    );
    assert!(store.due(99, 100).await.unwrap().is_empty());
    let due = |m, kind, at| Due {
        match_id: m,
        kind,
        at,
        version: 0,
    };
    assert_eq!(
        store.due(250, 100).await.unwrap(),
        vec![
            due(ids[1], DueKind::Reminder, 100),
            due(ids[2], DueKind::Reminder, 200)
        ]
    );
    assert_eq!(
        store.due(1000, 2).await.unwrap(),
        vec![
            due(ids[1], DueKind::Reminder, 100),
            due(ids[2], DueKind::Reminder, 200)
        ]
    );
    assert_eq!(store.due(1000, 100).await.unwrap().len(), 3);
    // Cleared by finishing, by setting them to none.
    store.set_deadlines(ids[2], set(None, None)).await.unwrap();
    store
        .finish(ids[1], None, Some(1), Reason::Timeout)
        .await
        .unwrap();
    assert!(store.due(i64::MAX, 100).await.unwrap().is_empty());
}

// ---- backend-independent checks -----------------------------------------------------

/// Both migration folders describe the same tables with the same columns.
#[test]
fn sqlite_and_postgres_schemas_have_the_same_columns() {
    fn columns(dir: &str) -> Vec<(String, Vec<String>)> {
        let root = format!("{}/migrations/{dir}", env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let mut tables = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let mut current: Option<(String, Vec<String>)> = None;
            for line in text.lines() {
                let l = line.trim();
                if let Some(rest) = l.strip_prefix("ALTER TABLE ") {
                    // `ALTER TABLE t ADD COLUMN c ...`: a column of an earlier table.
                    let w: Vec<&str> = rest.split_whitespace().collect();
                    if let [table, "ADD", "COLUMN", col, ..] = w.as_slice() {
                        let t = tables
                            .iter_mut()
                            .find(|(n, _): &&mut (String, Vec<String>)| n == table)
                            .expect("ALTER TABLE of a table created earlier");
                        t.1.push(col.to_string());
                    }
                } else if let Some(rest) = l.strip_prefix("CREATE TABLE ") {
                    current = Some((rest.split_whitespace().next().unwrap().into(), vec![]));
                } else if l.starts_with(')') {
                    tables.extend(current.take());
                } else if let Some((_, cols)) = current.as_mut() {
                    let word = l.split_whitespace().next().unwrap_or("");
                    let is_col = word
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
                    if !word.is_empty() && is_col && !["--"].contains(&word) {
                        cols.push(word.to_string());
                    }
                }
            }
        }
        tables
    }
    let (s, p) = (columns("sqlite"), columns("postgres"));
    // 18 with the leagues (0008), 19 with `analyses` (0009), 21 with Crystallo (0010),
    // 22 with the lessons (0014), 23 with the Crystallo recaps (0017), 24 with the
    // moderators' actions (0018), 25 with the forgotten players (0019), 26 with the
    // matches' followers (0021), 27 with the players' notes (0022).
    assert_eq!(s.len(), 27, "{s:?}");
    assert!(s[0].1.contains(&"timeout_minutes".to_string()), "{s:?}");
    assert_eq!(s, p);
}

// ---- every test on both backends ----------------------------------------------------

/// `/clans learn`'s progress (issue 50): none before, the lesson match and the lessons
/// seen after, found by its match, bits added without losing others, the lesson asked
/// set and cleared, a new match keeping or resetting them as asked.
async fn lessons_round_trip(db: &TestDb) {
    let store = db.open().await;
    let big = u64::MAX - 3;
    assert_eq!(store.lessons(big).await.unwrap(), None);
    store.start_lessons(big, 7, 0b11).await.unwrap();
    store.lessons_shown(big, 0b100, 0b100).await.unwrap();
    let p = store.lessons(big).await.unwrap().unwrap();
    assert_eq!(
        (p.user, p.match_id, p.seen, p.asked),
        (big, Some(7), 0b111, 0b100)
    );
    assert_eq!(store.lessons_of_match(7).await.unwrap(), Some(p));
    assert_eq!(store.lessons_of_match(8).await.unwrap(), None);
    store.lessons_shown(big, 0, 0).await.unwrap();
    assert_eq!(store.lessons(big).await.unwrap().unwrap().asked, 0);
    store.lessons_shown(big, 0, 0b100).await.unwrap();
    // A new lesson match asks nothing yet.
    store.start_lessons(big, 9, p.seen | 1 << 9).await.unwrap();
    let p = store.lessons(big).await.unwrap().unwrap();
    assert_eq!((p.match_id, p.seen, p.asked), (Some(9), 0b111 | 1 << 9, 0));
    assert_eq!(store.lessons_of_match(7).await.unwrap(), None);
    store.start_lessons(big, 10, 0).await.unwrap();
    assert_eq!(store.lessons(big).await.unwrap().unwrap().seen, 0);
    // Marking for someone who never began writes nothing.
    store.lessons_shown(5, 1, 1).await.unwrap();
    assert_eq!(store.lessons(5).await.unwrap(), None);
}

both!(
    lessons_round_trip,
    migrations_from_empty,
    matches_round_trip,
    inputs_and_snapshots_round_trip,
    results_round_trip,
    settings_round_trip,
    active_lists_and_deadlines,
);

/// A turn's deadlines: reminder, then the warning when a fifth of the turn time is left,
/// then the forfeit.
#[test]
fn terms_give_a_reminder_a_warning_and_a_timeout() {
    let min = 60_000;
    let t = Terms {
        remind_minutes: Some(10),
        timeout_minutes: Some(60),
        clock: crystal_clans::store::Clock::Turn,
    };
    let d = t.deadlines(0);
    assert_eq!(d.remind_at, Some(10 * min));
    assert_eq!(d.timeout_at, Some(60 * min));
    assert!(!t.is_warning(10 * min, &d));
    assert_eq!(t.next_reminder(10 * min, &d), Some(48 * min));
    assert!(t.is_warning(48 * min, &d));
    assert_eq!(t.next_reminder(48 * min, &d), None);
    // A reminder interval longer than the warning point: the warning comes first.
    let late = Terms {
        remind_minutes: Some(55),
        ..t.clone()
    };
    assert_eq!(late.deadlines(0).remind_at, Some(48 * min));
    // No reminders configured: only the warning. No timeout: no warning.
    let quiet = Terms {
        remind_minutes: None,
        ..t.clone()
    };
    assert_eq!(quiet.deadlines(0).remind_at, Some(48 * min));
    let untimed = Terms {
        timeout_minutes: None,
        ..t
    };
    let d = untimed.deadlines(0);
    assert_eq!((d.remind_at, d.timeout_at), (Some(10 * min), None));
    assert_eq!(untimed.next_reminder(10 * min, &d), None);
    // Short turns still warn a minute ahead.
    let short = Terms {
        remind_minutes: None,
        timeout_minutes: Some(2),
        clock: crystal_clans::store::Clock::Turn,
    };
    assert_eq!(short.deadlines(0).remind_at, Some(min));
}

/// `TEST_DATABASE_URL` with its TLS parameters replaced by `params`.
fn with_tls(url: &str, params: &[(&str, &str)]) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut kept: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("sslmode=") && !p.starts_with("sslrootcert="))
        .map(String::from)
        .collect();
    kept.extend(params.iter().map(|(k, v)| format!("{k}={v}")));
    format!("{base}?{}", kept.join("&"))
}

/// Whether the store's own connections are encrypted (PostgreSQL's view of them).
async fn encrypted(store: &Store) -> bool {
    let ssl: i32 = sqlx::query_scalar(
        "SELECT CASE WHEN ssl THEN 1 ELSE 0 END FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
    )
    .fetch_one(store.pool())
    .await
    .unwrap();
    ssl == 1
}

/// Managed PostgreSQL services require TLS: `sslmode=require` and `verify-full` (with
/// the server's CA in `sslrootcert`) encrypt, `disable` stays plain for local servers,
/// and a server certificate that no trusted CA signed is refused with a cause naming TLS
/// and the server (never the password). Needs `TEST_DATABASE_CA`, the CA that signed
/// the test server's certificate (`.ci/postgres-tls` makes both).
#[tokio::test]
async fn postgres_connections_use_tls_as_sslmode_says() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let Some(ca) = std::env::var("TEST_DATABASE_CA")
        .ok()
        .filter(|c| !c.is_empty())
    else {
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"PostgreSQL TLS test SKIPPED: set TEST_DATABASE_CA to the test server's CA \
              certificate (.ci/run does)\n",
        );
        db.cleanup().await;
        return;
    };
    let plain = Store::open(&with_tls(&db.url, &[("sslmode", "disable")]))
        .await
        .expect("sslmode=disable opens");
    assert!(!encrypted(&plain).await, "sslmode=disable is plain");
    plain.close().await;
    for params in [
        vec![("sslmode", "require")],
        vec![("sslmode", "verify-full"), ("sslrootcert", ca.as_str())],
    ] {
        let store = Store::open(&with_tls(&db.url, &params))
            .await
            .unwrap_or_else(|e| panic!("{params:?} opens: {e}"));
        assert!(encrypted(&store).await, "{params:?} encrypts");
        store
            .create_match(new_match(7, [1, 2], None))
            .await
            .unwrap();
        store.close().await;
    }
    // Only the built-in web CAs: the test server's own CA is not among them.
    let refused = Store::open(&with_tls(&db.url, &[("sslmode", "verify-full")]))
        .await
        .err()
        .expect("a certificate no trusted CA signed is refused")
        .to_string();
    assert!(refused.contains("TLS"), "{refused}");
    assert!(
        refused.contains("PostgreSQL at "),
        "names the server: {refused}"
    );
    // The user name and password as the URL gives them (a password may equal the user).
    if let Some(creds) = db
        .url
        .split_once("://")
        .and_then(|(_, r)| r.rsplit_once('@'))
        .map(|(c, _)| c)
        .filter(|c| c.contains(':'))
    {
        assert!(!refused.contains(creds), "{refused}");
    }
    db.cleanup().await;
}

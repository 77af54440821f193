//! The use-case layer (src/app) end to end on a scratch SQLite store, without Discord:
//! challenge, accept, play through the private panels, a battle with both secret
//! picks, stale and foreign clicks, resign, rematch, timers.

use crystal_clans::app::clans::panel::Nav;
use crystal_clans::app::ids::{CustomId, Verb};
use crystal_clans::app::msg::{Msg, Row};
use crystal_clans::app::{App, Challenge, Outcome, Place};
use crystal_clans::game::{Input, Question, Seat};
use crystal_clans::i18n::Lang;
use crystal_clans::store::{GuildSettings, Store, now_ms};
use crystal_clans_testkit::fake_discord::lively_pick as pick;

use crate::support;
use support::scratch_store as scratch;

const ANA: u64 = 111_111_111_111_111_111;
const BEN: u64 = 222_222_222_222_222_222;
const EVE: u64 = 333_333_333_333_333_333;
const GUILD: u64 = 9;
const CHANNEL: u64 = 10;

/// The custom ids of a message's buttons and menus.
pub(crate) fn ids(m: &Msg) -> Vec<String> {
    m.rows
        .iter()
        .flat_map(|r| match r {
            Row::Buttons(b) => b.iter().map(|b| b.id.clone()).collect::<Vec<_>>(),
            Row::Select(s) => vec![s.id.clone()],
        })
        .collect()
}

fn check_limits(m: &Msg) {
    assert!(m.content.chars().count() <= 2000);
    assert!(m.rows.len() <= 5, "{} rows", m.rows.len());
    for r in &m.rows {
        match r {
            Row::Buttons(b) => assert!((1..=5).contains(&b.len())),
            Row::Select(s) => assert!((1..=25).contains(&s.options.len())),
        }
    }
    for id in ids(m) {
        assert!(id.len() <= 100, "{id}");
    }
}

/// A match between Ana and Ben in server 9, challenged and accepted through the app.
pub(crate) async fn start(app: &App) -> i64 {
    let now = now_ms();
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan: true,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: 0,
    };
    let out = app.challenges.challenge(c, Some(GUILD), now).await;
    let accept = ids(&out.public[0])
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .unwrap();
    let cid = CustomId::parse(&accept).unwrap();
    assert_eq!(cid.verb, Verb::Accept);
    let c = app
        .challenges
        .read_challenge(cid.arg.as_deref().unwrap(), BEN, now)
        .await
        .unwrap();
    // A foreign user cannot accept a challenge meant for someone else.
    let no = app.challenges.accept(c, EVE, place(), None, now).await;
    assert!(no.created.is_none() && no.public.is_empty());
    let out = app.challenges.accept(c, BEN, place(), None, now).await;
    let id = out.created.expect("match created");
    // Double accept.
    let again = app.challenges.accept(c, BEN, place(), None, now).await;
    assert!(again.created.is_none());
    assert!(again.reply.unwrap().content.contains("already"));
    id
}

fn place() -> Place {
    Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    }
}

fn user(seat: Seat) -> u64 {
    [ANA, BEN][seat as usize]
}

/// One input by whichever seat the match waits for, chosen by `choose` from the legal
/// inputs; `None` once nobody is waited for (the match is over).
async fn play_one(
    app: &App,
    store: &Store,
    id: i64,
    step: usize,
    choose: fn(&[Input], usize) -> usize,
) -> Option<(Seat, Outcome)> {
    let l = store.load(id).await.unwrap();
    let seat = *l.state.waiting().first()?;
    let legal = l.state.legal(app.rules(), seat);
    let out = app
        .matches
        .play(id, l.info.version, user(seat), choose(&legal, step))
        .await;
    Some((seat, out))
}

/// A pick that heads for a battle: `lively_pick` (which fights whenever it may)
/// among the inputs that take no crystal and invade no home, while there are any;
/// `lively_pick` does both first, to finish, and either can end the match before two
/// squads ever meet.
fn towards_battle(legal: &[Input], step: usize) -> usize {
    let calm: Vec<usize> = (0..legal.len())
        .filter(|&i| !matches!(legal[i], Input::Score(_) | Input::Invade))
        .collect();
    if calm.is_empty() {
        return pick(legal, step);
    }
    let sub: Vec<Input> = calm.iter().map(|&i| legal[i]).collect();
    calm[pick(&sub, step)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_through_the_app_keeps_secrets_and_refuses_bad_clicks() {
    let store = scratch("flow").await;
    let app = App::new(store.clone()).with_seeds(1);
    let t0 = std::time::Instant::now();
    let img = app.matches.board(0, ANA, place(), now_ms()).await; // no match 0: a private error, nothing rendered
    assert!(img.public.is_empty());
    app.directory.learn_name(ANA, "Ana");
    app.directory.learn_name(BEN, "Ben");
    let id = start(&app).await;

    // A foreign click: explanation, nothing changes.
    let v0 = store.info(id).await.unwrap().version;
    let out = app.matches.play(id, v0, EVE, 0).await;
    assert!(out.reply.unwrap().content.contains("not playing"));
    assert_eq!(store.info(id).await.unwrap().version, v0);

    // Mulligans: both seats' panels; a double click on the same panel is stale.
    for seat in [0u8, 1] {
        let p = app
            .matches
            .panel(id, None, user(seat), Nav::Overview)
            .await
            .reply
            .unwrap();
        check_limits(&p);
        assert!(p.content.contains("mulligan"), "{}", p.content);
    }
    let v = store.info(id).await.unwrap().version;
    let first = app.matches.play(id, v, ANA, 0).await;
    assert!(first.reply.unwrap().content.starts_with("Done"));
    let double = app.matches.play(id, v, ANA, 0).await;
    assert!(double.reply.unwrap().content.contains("out of date"));
    assert_eq!(store.info(id).await.unwrap().version, v + 1);

    // Play until both players must pick a battle card.
    let mut step = 0;
    loop {
        let l = store.load(id).await.unwrap();
        if l.state.pending().question == Question::BattleCard && l.state.waiting().len() == 2 {
            break;
        }
        assert!(
            l.state.winner.is_none(),
            "the match ended before any battle"
        );
        let (_, out) = play_one(&app, &store, id, step, towards_battle)
            .await
            .unwrap();
        check_limits(out.reply.as_ref().unwrap());
        for m in &out.public {
            check_limits(m);
        }
        step += 1;
        assert!(step < 2000);
    }

    // Both secret picks. Nothing public may name a card of either hand that is not
    // already visible to everyone, until the reveal.
    let l = store.load(id).await.unwrap();
    let rules = app.rules();
    let visible: Vec<String> = {
        let v = l.state.view(rules, None);
        let mut names: Vec<String> = v
            .zones
            .iter()
            .flat_map(|z| z.squads.iter().flatten())
            .chain(
                v.players
                    .iter()
                    .flat_map(|p| p.discard.iter().chain(&p.removed)),
            )
            .map(|c| rules.pack.cards[c.kind as usize].name.clone())
            .collect();
        names.sort();
        names
    };
    let secret: Vec<String> = [0usize, 1]
        .iter()
        .flat_map(|&s| l.state.players[s].hand.iter())
        .map(|&c| l.state.card(rules, c).name.clone())
        .filter(|n| !visible.contains(n))
        .collect();
    let mut public_before_reveal = vec![];
    for seat in [0u8, 1] {
        let l = store.load(id).await.unwrap();
        if l.state.pending().question != Question::BattleCard {
            break;
        }
        let panel = app
            .matches
            .panel(id, None, user(seat), Nav::Overview)
            .await
            .reply
            .unwrap();
        check_limits(&panel);
        let legal = l.state.legal(rules, seat);
        let out = app.matches.play(id, l.info.version, user(seat), 0).await;
        if seat == 0 {
            public_before_reveal.extend(out.public.iter().map(|m| m.all_text()));
            // The other seat's panel must not show seat 0's pick.
            let other = app
                .matches
                .panel(id, None, BEN, Nav::Overview)
                .await
                .reply
                .unwrap();
            if let Input::BattleCard(c) = legal[0] {
                let picked = l.state.card(rules, c).name.clone();
                let ben_hand: Vec<String> = l.state.players[1]
                    .hand
                    .iter()
                    .map(|&c| l.state.card(rules, c).name.clone())
                    .collect();
                if !ben_hand.contains(&picked) && !visible.contains(&picked) {
                    assert!(!other.all_text().contains(&picked), "{}", other.all_text());
                }
            }
        }
    }
    for text in &public_before_reveal {
        for s in &secret {
            assert!(
                !text.contains(s.as_str()),
                "public text names `{s}`: {text}"
            );
        }
        assert!(!text.contains("Your hand"));
    }

    // Resign, then rematch.
    let out = app.matches.ask_resign(id, ANA).await;
    assert!(ids(out.reply.as_ref().unwrap())[0].contains(":resign!"));
    let out = app.matches.resign(id, EVE).await;
    assert!(out.public.is_empty());
    let out = app.matches.resign(id, ANA).await;
    assert!(out.public[0].content.contains(&format!("<@{BEN}>")));
    let rematch = ids(&out.public[0]).into_iter().next().unwrap();
    assert!(rematch.contains(":rematch"));
    let again = app.matches.play(id, 0, ANA, 0).await;
    assert!(again.reply.unwrap().content.to_lowercase().contains("over"));
    // The bug: an old Resign button on the finished match still asked "Really
    // resign?"; now it says the match is over, with no confirmation to click.
    let old_resign = app.matches.ask_resign(id, BEN).await;
    let said = old_resign.reply.unwrap();
    assert!(said.content.contains("is over"), "{}", said.content);
    assert!(said.rows.is_empty(), "no confirmation button");
    let out = app.matches.rematch(id, BEN, now_ms()).await;
    assert!(out.public[0].content.contains(&format!("<@{ANA}>")));
    eprintln!("flow: {step} inputs in {:?}", t0.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_complete_match_to_a_winner() {
    let store = scratch("full").await;
    let app = App::new(store.clone()).with_seeds(2).without_images();
    let id = start(&app).await;
    let mut step = 0;
    let mut last = None;
    while let Some((_, out)) = play_one(&app, &store, id, step, pick).await {
        last = Some(out);
        step += 1;
        assert!(step < 5000, "no winner after 5000 inputs");
    }
    let l = store.load(id).await.unwrap();
    let w = l.state.winner.expect("a winner");
    let out = last.unwrap();
    let post = out.public.last().unwrap();
    assert!(post.content.contains("wins"), "{}", post.content);
    assert!(post.content.contains(&format!("<@{}>", user(w))));
    assert!(store.result(id).await.unwrap().is_some());
    // A win by play is rated like any result, in the same post.
    assert!(post.content.contains("Ratings: "), "{}", post.content);
    assert_eq!(store.rating_changes(id).await.unwrap().len(), 4);
}

#[tokio::test]
async fn challenges_expire_and_can_be_declined() {
    let store = scratch("decline").await;
    let app = App::new(store.clone());
    let now = now_ms();
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [None, None],
        mulligan: false,
        timeout: Some(90),
        deadline_hour: None,
        bank_days: None,
        expires: 0,
    };
    let out = app
        .challenges
        .challenge(c, Some(GUILD), now - 60 * 60 * 1000)
        .await;
    let arg = CustomId::parse(&ids(&out.public[0])[0])
        .unwrap()
        .arg
        .unwrap();
    let c = app.challenges.read_challenge(&arg, BEN, now).await.unwrap();
    let out = app.challenges.accept(c, BEN, place(), None, now).await;
    assert!(out.reply.unwrap().content.contains("expired"));
    let fresh = Challenge {
        expires: now + 60_000,
        ..c
    };
    assert!(
        app.challenges
            .decline(&fresh, EVE, Some(GUILD), now)
            .await
            .reply
            .is_some()
    );
    let out = app.challenges.decline(&fresh, BEN, Some(GUILD), now).await;
    let edit = out.post_edit.expect("the challenge is rewritten");
    assert!(edit.content.contains("declined") && out.public.is_empty());
    let out = app.challenges.accept(fresh, BEN, place(), None, now).await;
    assert!(out.created.is_none());
}

#[tokio::test]
async fn reminders_and_timeouts_come_from_the_database() {
    let store = scratch("timers").await;
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                channel: None,
                reminder_minutes: Some(10),
                timeout_minutes: Some(60),
                threads: None,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let app = App::new(store.clone());
    let id = start(&app).await;
    // A new App on the same database (a restart) fires them.
    let app2 = App::new(store.clone());
    let now = now_ms();
    assert!(app2.tick(now).await.is_empty());
    let r = app2.tick(now + 11 * 60_000).await;
    assert_eq!(r.len(), 1);
    assert!(r[0].public[0].content.contains("waiting for you"));
    assert!(app2.tick(now + 12 * 60_000).await.is_empty());
    // The warning comes when a fifth of the turn time is left (60 - 12 = 48 minutes).
    assert!(app2.tick(now + 47 * 60_000).await.is_empty());
    let w = app2.tick(now + 49 * 60_000).await;
    assert_eq!(w.len(), 1);
    assert!(
        w[0].public[0].content.contains("forfeit"),
        "{:?}",
        w[0].public
    );
    assert!(app2.tick(now + 50 * 60_000).await.is_empty());
    let t = app2.tick(now + 61 * 60_000).await;
    assert_eq!(t.len(), 1);
    assert!(store.result(id).await.unwrap().is_some());
}

/// Two bot processes on one database (two `App`s): a challenge is accepted once, a
/// declined one stays declined after a restart, and each reminder is posted once.
#[tokio::test]
async fn two_processes_accept_once_and_remind_once() {
    let store = scratch("two-processes").await;
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                channel: None,
                reminder_minutes: Some(5),
                timeout_minutes: Some(600),
                threads: None,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let (a, b) = (App::new(store.clone()), App::new(store.clone()));
    let now = now_ms();
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [None, None],
        mulligan: false,
        timeout: Some(90),
        deadline_hour: None,
        bank_days: None,
        expires: now + 60_000,
    };
    let (x, y) = tokio::join!(
        a.challenges.accept(c, BEN, place(), None, now),
        b.challenges.accept(c, BEN, place(), None, now)
    );
    let created: Vec<i64> = [&x, &y].iter().filter_map(|o| o.created).collect();
    assert_eq!(created.len(), 1, "{x:?} {y:?}");
    let loser = if x.created.is_some() { &y } else { &x };
    assert!(
        loser
            .reply
            .as_ref()
            .unwrap()
            .content
            .contains("already accepted")
    );
    // The challenge's own timeout beats the server's 600 minutes.
    let info = store.info(created[0]).await.unwrap();
    assert_eq!(info.terms.timeout_minutes, Some(90));
    assert_eq!(info.terms.remind_minutes, Some(5));
    let timeout_at = info.deadlines.timeout_at.unwrap();
    assert!(
        (timeout_at - now - 90 * 60_000).abs() < 10_000,
        "{timeout_at}"
    );

    // Both processes tick at once: one reminder.
    let (r1, r2) = tokio::join!(a.tick(now + 6 * 60_000), b.tick(now + 6 * 60_000));
    assert_eq!(r1.len() + r2.len(), 1, "{r1:?} {r2:?}");

    // Declined, then a restart (a fresh App): still declined.
    let d = Challenge {
        expires: now + 120_000,
        ..c
    };
    assert!(
        a.challenges
            .decline(&d, BEN, Some(GUILD), now)
            .await
            .post_edit
            .is_some()
    );
    let restarted = App::new(store.clone());
    let out = restarted
        .challenges
        .accept(d, BEN, place(), None, now)
        .await;
    assert!(out.created.is_none());
    assert!(out.reply.unwrap().content.contains("declined"));
}

/// Display names are stored: after a restart (a fresh App, nobody has clicked yet) the
/// board and the server's history still name the players.
#[tokio::test]
async fn names_and_server_history_survive_a_restart() {
    let store = scratch("names").await;
    let app = App::new(store.clone());
    app.directory.learn_name(ANA, "Ana Starlight");
    app.directory.learn_name(BEN, "Ben");
    let id = start(&app).await;
    // The names are written in the background.
    for _ in 0..200 {
        if store.user_name(BEN).await.unwrap().is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        store.user_name(ANA).await.unwrap().as_deref(),
        Some("Ana Starlight")
    );
    let restarted = App::new(store.clone());
    let board = restarted.matches.board(id, EVE, place(), now_ms()).await;
    let text = format!("{:?}", board.public);
    assert!(text.contains("Ana Starlight"), "{text}");
    assert!(restarted.matches.resign(id, ANA).await.public.len() == 1);
    let h = restarted.matches.history(Some(GUILD), EVE, false).await;
    let h = h.reply.unwrap().content;
    assert!(h.contains("Ben won (Ana Starlight resigned)"), "{h}");
    // Eve's own history is empty; another server has none.
    let mine = restarted.matches.history(Some(GUILD), EVE, true).await;
    assert!(mine.reply.unwrap().content.contains("No finished matches"));
    let other = restarted.matches.history(Some(GUILD + 1), EVE, false).await;
    assert!(other.reply.unwrap().content.contains("this server"));
}

/// `config`'s channel and thread settings are used: matches start only in the chosen
/// channel (a friendly pointer elsewhere), and threads can be turned off.
#[tokio::test]
async fn server_settings_choose_the_channel_and_threads() {
    let store = scratch("settings").await;
    let app = App::new(store.clone());
    assert!(
        app.directory
            .may_start_here(Lang::En, place())
            .await
            .is_ok()
    );
    assert!(
        app.directory.threads(Some(GUILD)).await,
        "threads are on by default"
    );
    assert!(
        !app.directory.threads(None).await,
        "no threads outside a server"
    );
    app.directory
        .set_server_settings(
            GUILD,
            &GuildSettings {
                channel: Some(CHANNEL + 1),
                threads: Some(false),
                ..GuildSettings::default()
            },
        )
        .await
        .unwrap();
    let why = app
        .directory
        .may_start_here(Lang::En, place())
        .await
        .unwrap_err();
    assert!(why.contains(&format!("<#{}>", CHANNEL + 1)), "{why}");
    let there = Place {
        guild: Some(GUILD),
        channel: CHANNEL + 1,
        reach: Default::default(),
    };
    assert!(app.directory.may_start_here(Lang::En, there).await.is_ok());
    assert!(!app.directory.threads(Some(GUILD)).await);
}

/// Against the AI: the AI answers by itself, after the player's answer (the use case
/// only says that the AI is next, `Outcome::ai`, and `ai_turn` plays it), its moves are
/// posted paced (so people can follow), and the player's own posts are not delayed.
#[tokio::test]
async fn the_ai_plays_its_seat_after_the_answer_and_its_posts_are_paced() {
    let store = scratch("ai-pace").await;
    let app = App::new(store.clone())
        .with_seeds(11)
        .with_bot(std::sync::Arc::new(crystal_clans::app::AiSeats))
        .with_ai_pace(900)
        .without_images();
    let now = now_ms();
    // Level 0 (easy) keeps the test quick.
    let out = app
        .challenges
        .play_ai(ANA, 0, [Some(2), Some(3)], place(), None, now)
        .await;
    let id = out.created.expect("a match");
    assert_eq!(out.public.len(), 1, "the opening board alone");
    assert_eq!(out.public[0].pace_ms, 0, "the opening post is not delayed");
    let mut paced = 0;
    let mut turns = 0;
    let mut ai = out.ai;
    for step in 0..40 {
        if let Some(m) = ai {
            assert_eq!(m, id);
            let before = store.info(id).await.unwrap().version;
            let posts = app.matches.ai_turn(id).await.public;
            assert!(store.info(id).await.unwrap().version > before);
            assert!(
                posts.iter().all(|m| m.pace_ms == 900),
                "the AI's posts are paced"
            );
            paced += posts.len();
            turns += 1;
        }
        let l = store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            break;
        }
        assert_eq!(l.state.waiting().as_slice(), &[0], "the AI did not answer");
        let legal = l.state.legal(app.rules(), 0);
        let version = l.info.version;
        let out = app
            .matches
            .play(id, version, ANA, step * 7 % legal.len())
            .await;
        // The answer and the player's own posts come at once; the AI has not moved yet.
        assert!(out.reply.as_ref().unwrap().content.starts_with("Done"));
        assert!(out.public.iter().all(|m| m.pace_ms == 0));
        assert_eq!(store.info(id).await.unwrap().version, version + 1);
        ai = out.ai;
    }
    assert!(turns > 0 && paced > 0, "{turns} {paced}");
}

/// A match of Ana against the AI at `level`, played on Ana's side (by an app with no
/// AI plugged in) until it waits for the AI, which nobody answers: the state a stop of
/// the bot between the human's answer and the AI's turn leaves. Returns its id and
/// that state.
async fn stuck_on_the_ai(
    store: &crystal_clans::store::Store,
    level: u8,
    clans: [u8; 2],
    seed: u64,
) -> (i64, crystal_clans::store::Loaded) {
    use crystal_clans::store::{NewMatch, Player};
    let without_ai = App::new(store.clone()).with_seeds(seed).without_images();
    let (m, _) = store
        .create_match(NewMatch {
            guild: Some(GUILD),
            channel: CHANNEL,
            reach: Default::default(),
            thread: None,
            seats: [Player::User(ANA), Player::Ai(level)],
            setup: crystal_clans::game::Setup {
                clans,
                seed,
                mulligan: false,
            },
            terms: Default::default(),
            deadlines: Default::default(),
        })
        .await
        .unwrap();
    let id = m.info.id;
    for _ in 0..50 {
        let l = store.load(id).await.unwrap();
        if l.state.waiting().contains(&1) {
            break;
        }
        assert!(!l.state.legal(without_ai.rules(), 0).is_empty());
        let out = without_ai.matches.play(id, l.info.version, ANA, 0).await;
        assert_eq!(out.ai, None, "no AI plugged in: nothing to run");
    }
    let stuck = store.load(id).await.unwrap();
    assert!(
        stuck.state.waiting().contains(&1),
        "the match never waited for the AI"
    );
    (id, stuck)
}

/// An AI turn cut short (here: the process that ran the AI stopped before its turn; a
/// submit failing on a database fault ends the same way) resumes when the player next
/// opens a panel: the match never waits for an AI that nobody runs.
#[tokio::test]
async fn an_ai_turn_cut_short_resumes_when_a_player_opens_a_panel() {
    let store = scratch("ai-resume").await;
    let (id, stuck) = stuck_on_the_ai(&store, 0, [2, 3], 12).await;
    // After a restart with the AI plugged in, the player's next look lets it play.
    let restarted = App::new(store.clone())
        .with_seeds(12)
        .with_bot(std::sync::Arc::new(crystal_clans::app::AiSeats))
        .without_images();
    let out = restarted.matches.panel(id, None, ANA, Nav::Overview).await;
    assert_eq!(out.ai, Some(id), "the panel asks for the AI's turn");
    assert!(out.public.is_empty(), "the answer does not wait for the AI");
    let ai = restarted.matches.ai_turn(id).await;
    assert!(!ai.public.is_empty(), "the AI's moves were not posted");
    let after = store.load(id).await.unwrap();
    assert!(
        after.info.version > stuck.info.version,
        "the AI did not move"
    );
    assert!(
        after.state.winner.is_some() || !after.state.waiting().contains(&1),
        "the match still waits for the AI"
    );
    assert!(out.reply.is_some());
}

/// A stop of the bot in the middle of the AI's turn (the AI plays after the human's
/// answer went out, so a stop can fall between them): the next start finishes it,
/// before anyone clicks, and its posts go to the posting queue.
#[tokio::test]
async fn an_ai_turn_cut_short_by_a_stop_resumes_at_start_up() {
    let store = scratch("ai-start").await;
    let (id, stuck) = stuck_on_the_ai(&store, 3, [1, 2], 13).await;
    let restarted = App::new(store.clone())
        .with_bot(std::sync::Arc::new(crystal_clans::app::AiSeats))
        .without_images();
    let (tx, mut rx) = tokio::sync::mpsc::channel(8);
    assert_eq!(restarted.matches.resume_ai_turns(&tx).await, 1);
    let out = rx.try_recv().expect("the AI's posts were queued");
    assert!(!out.public.is_empty());
    assert_eq!(out.channel, Some(CHANNEL));
    let after = store.load(id).await.unwrap();
    assert!(
        after.info.version > stuck.info.version,
        "the AI did not move"
    );
    assert!(after.state.winner.is_some() || !after.state.waiting().contains(&1));
    // Nothing left to resume: a second start does nothing.
    assert_eq!(restarted.matches.resume_ai_turns(&tx).await, 0);
}

/// "The bot's operator has been told" is true: a store fault a player sees is logged at
/// error level with its match id (and a refused move is not).
#[tokio::test(flavor = "current_thread")]
async fn a_store_fault_a_player_sees_is_logged_with_its_match() {
    use std::sync::{Arc, Mutex};
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf::default();
    let writer = buf.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let store = scratch("fault-log").await;
    let app = App::new(store.clone()).with_seeds(13).without_images();
    let id = start(&app).await;
    sqlx::query("UPDATE snapshots SET state = 'not json' WHERE match_id = $1")
        .bind(id)
        .execute(store.pool())
        .await
        .unwrap();
    let out = app.matches.panel(id, None, ANA, Nav::Overview).await;
    let told = out.reply.unwrap().content;
    assert!(told.contains("operator has been told"), "{told}");
    let log = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    let line = log
        .lines()
        .find(|l| l.contains("ERROR") && l.contains(&format!("match_id={id}")))
        .unwrap_or_else(|| panic!("no error line with the match id in:\n{log}"));
    assert!(line.contains("damaged"), "{line}");
}

/// The battle picture is posted with the reveal although the battle began inputs
/// earlier (the attack, then each player's secret pick in its own input): it is drawn
/// from the match's stored log, and it shows the whole battle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_battle_picture_follows_a_reveal_of_a_battle_begun_earlier() {
    use crystal_clans::game::{Event, State};
    use crystal_clans::render::{self, Table, Theme};
    let store = scratch("battle-picture").await;
    // The way to the battle without images (fast); the picks with them.
    let quiet = App::new(store.clone()).with_seeds(3).without_images();
    let id = start(&quiet).await;
    let mut step = 0;
    loop {
        let l = store.load(id).await.unwrap();
        if l.state.pending().question == Question::BattleCard && l.state.waiting().len() == 2 {
            break;
        }
        assert!(l.state.winner.is_none(), "the match ended before a battle");
        play_one(&quiet, &store, id, step, towards_battle)
            .await
            .unwrap();
        step += 1;
        assert!(step < 2000);
    }
    let app = App::new(store.clone());
    let battle_files = |out: &Outcome| -> Vec<Vec<u8>> {
        out.public
            .iter()
            .flat_map(|m| &m.files)
            .filter(|f| f.name.starts_with("battle-"))
            .map(|f| f.png.clone())
            .collect()
    };
    let l = store.load(id).await.unwrap();
    let first = app.matches.play(id, l.info.version, ANA, 0).await;
    assert!(
        battle_files(&first).is_empty(),
        "a picture before the reveal"
    );
    let l = store.load(id).await.unwrap();
    assert_eq!(l.state.waiting().as_slice(), &[1], "Ben still picks");
    let reveal = app.matches.play(id, l.info.version, BEN, 0).await;
    let pictures = battle_files(&reveal);
    assert_eq!(pictures.len(), 1, "the reveal posts one battle picture");
    // The same picture as one drawn from the replayed log's whole battle, redacted.
    let after = store.load(id).await.unwrap();
    let rules = app.rules();
    let inputs = store.inputs(id).await.unwrap();
    let (mut s, mut log) = State::new(rules, after.info.setup.clone()).unwrap();
    let mut reveal_events = vec![];
    for i in &inputs {
        reveal_events = s.apply(rules, i.seat, &i.input).unwrap();
        log.extend(reveal_events.iter().cloned());
    }
    assert!(
        !reveal_events
            .iter()
            .any(|e| matches!(e, Event::BattleStarted { .. })),
        "the battle began with an earlier input"
    );
    let start_at = log
        .iter()
        .rposition(|e| matches!(e, Event::BattleStarted { .. }))
        .unwrap();
    let public: Vec<Event> = log[start_at..].iter().map(|e| e.redact(None)).collect();
    let theme = Theme::default();
    let t = Table {
        rules,
        theme: &theme,
        names: ["Player 1", "Player 2"],
        lang: crystal_clans::i18n::Lang::En,
    };
    let want = render::battle(&t, &s.kinds, &s.view(rules, None), &public).unwrap();
    assert!(
        pictures[0] == want.png,
        "the picture is not the whole battle's"
    );
}

/// Regression: a challenge's claim key held its expiry in seconds, so the same two
/// people challenging with the same options twice within one second (two channels, or
/// two servers on two bot processes) made one key, and the second challenge could
/// never be accepted ("already accepted").
#[tokio::test]
async fn two_identical_challenges_in_one_second_are_both_accepted() {
    let store = scratch("same-second").await;
    let app = App::new(store.clone());
    let now = now_ms();
    let accept_of = async |out: Outcome| {
        let id = ids(&out.public[0])
            .into_iter()
            .find(|i| i.contains(":acc:"))
            .unwrap();
        let arg = CustomId::parse(&id).unwrap().arg.unwrap();
        app.challenges.read_challenge(&arg, BEN, now).await.unwrap()
    };
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan: false,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: 0,
    };
    let first = accept_of(app.challenges.challenge(c, Some(GUILD), now).await).await;
    let second = accept_of(app.challenges.challenge(c, Some(GUILD), now + 7).await).await;
    assert_ne!(first.encode(), second.encode());
    for c in [first, second] {
        let out = app.challenges.accept(c, BEN, place(), None, now + 10).await;
        assert!(out.created.is_some(), "{:?}", out.reply.map(|r| r.content));
    }
}

/// Regression (issue 48, 12): `/clans matches` showed 20 of a player's 500 matches as if
/// they were all. The list says how many more there are and how to open one.
#[tokio::test]
async fn the_match_list_says_how_many_it_leaves_out() {
    let store = scratch("list-more").await;
    for seed in 0..25 {
        store
            .create_match(support::new_match(seed, [ANA, BEN], Some(GUILD)))
            .await
            .unwrap();
    }
    let app = App::new(store).without_images();
    let list = app
        .matches
        .active(ANA, now_ms())
        .await
        .reply
        .unwrap()
        .content;
    assert!(list.chars().count() <= 2000);
    assert_eq!(list.matches("Match #").count(), 20, "{list}");
    assert!(list.contains("…and 5 more matches"), "{list}");
    assert!(list.contains("/clans board"), "{list}");
}

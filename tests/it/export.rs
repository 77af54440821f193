//! `/clans export` (`src/app/export.rs`): a match's public record. The record is built
//! from what a spectator sees, which is less than or equal to what each player sees
//! (compared event by event with both players' views over whole random matches); the
//! text numbers every public action; end to end, a player exports their running match,
//! someone else only the ended one, and the JSON reads back.

use crystal_clans::app::export::record;
use crystal_clans::game::{Rules, Setup, State};
use crystal_clans::i18n::Lang;
use crystal_clans::store::StoredInput;
use serde_json::{Value, json};

use crate::support;
use support::people::*;
use support::play::answer;

fn stored(inputs: &[(u8, crystal_clans::game::Input)]) -> Vec<StoredInput> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, (seat, input))| StoredInput {
            seq: i as i64 + 1,
            seat: *seat,
            input: *input,
            at: 0,
        })
        .collect()
}

#[test]
fn the_record_holds_no_more_than_either_player_saw() {
    let rules = Rules::base();
    for seed in 0..6u64 {
        let setup = Setup {
            clans: [(seed % 6) as u8, ((seed + 2) % 6) as u8],
            seed,
            mulligan: seed % 2 == 0,
        };
        let (inputs, end) = support::random_game(&rules, &setup, seed + 100);
        let version = end.rules_version;
        let (state, steps) = record(
            &rules,
            setup.clone(),
            version,
            &stored(&inputs),
            ["Ana", "Ben"],
            Lang::En,
        )
        .unwrap();
        assert_eq!(state, end, "the record replays the match");
        assert_eq!(steps.len(), inputs.len() + 1, "the deal, then every input");
        // The same match, every event as it happened, beside the record's.
        let (mut s, opening) = State::new_under(&rules, setup, version).unwrap();
        let mut all = vec![opening];
        for (seat, input) in &inputs {
            all.push(s.apply(&rules, *seat, input).unwrap());
        }
        let mut private = 0;
        for (step, events) in steps.iter().zip(&all) {
            assert_eq!(step.events.len(), events.len());
            for (shown, e) in step.events.iter().zip(events) {
                private += e.is_private() as usize;
                assert!(!shown.is_private(), "seed {seed}: {shown:?} holds a secret");
                for viewer in [0, 1] {
                    assert_eq!(
                        *shown,
                        e.redact(Some(viewer)).redact(None),
                        "seed {seed}: the record shows more than player {viewer} saw"
                    );
                }
            }
        }
        assert!(private > 0, "seed {seed}: the match had secrets to keep");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_exports_their_running_match_and_others_the_ended_one() {
    let bot = start_bot("crystal-clans-export").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 30, |s| s.turn >= 2).await;
    let export = |user: u64| {
        let t = fake.command(
            user,
            name(user),
            "export",
            json!([{"name": "match", "type": 4, "value": id}]),
            false,
        );
        async move { answer(fake, &t).await }
    };
    let other = export(EVE).await;
    assert!(
        other.text().contains("still being played"),
        "{}",
        other.text()
    );
    assert!(other.files.is_empty());
    let mine = export(ANA).await;
    assert!(mine.ephemeral(), "the record is sent privately");
    assert!(
        mine.text()
            .contains(&format!("public record of match #{id}")),
        "{}",
        mine.text()
    );
    let file = |name: &str| {
        mine.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
            .unwrap_or_else(|| {
                panic!(
                    "no {name} in {:?}",
                    mine.files.iter().map(|f| &f.0).collect::<Vec<_>>()
                )
            })
    };
    let text = file(&format!("match-{id}.txt"));
    assert!(
        text.starts_with(&format!("Crystal Clans · match #{id} · Ana")),
        "{text}"
    );
    assert!(text.contains("Still being played"), "{text}");
    assert!(text.contains("Turn 2:"), "{text}");
    let record: Value = serde_json::from_str(&file(&format!("match-{id}.json"))).unwrap();
    let version = bot.store.info(id).await.unwrap().version as usize;
    assert_eq!(record["match"], id);
    assert_eq!(record["steps"].as_array().unwrap().len(), version + 1);
    assert!(record.to_string().contains("\"players\":[\"Ana\",\"Ben\"]"));
    // Ended: anyone in the server may have it.
    bot.app.matches.resign(id, BEN).await;
    let theirs = export(EVE).await;
    let ended = theirs
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .expect("the text file");
    assert!(
        ended.contains("Won by Ana (the opponent resigned)"),
        "{ended}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_is_played_on_against_the_ai_from_a_turn_unrated() {
    let store = support::scratch_store("crystal-clans-practice-from").await;
    let app = crystal_clans::app::App::new(store.clone())
        .with_seeds(1)
        .without_images()
        .with_bot(std::sync::Arc::new(crystal_clans::app::AiSeats));
    let bot = start_bot_with(app, store).await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    drive(&bot, id, 60, |s| s.turn >= 3).await;
    let practice = |user: u64, options: Value| {
        let t = fake.command(user, name(user), "practice", options, false);
        async move { answer(fake, &t).await.text() }
    };
    let on = |turn: i64| {
        json!([{"name": "match", "type": 4, "value": id},
               {"name": "turn", "type": 4, "value": turn},
               {"name": "side", "type": 4, "value": 1},
               {"name": "level", "type": 4, "value": 0}])
    };
    let running = practice(EVE, on(2)).await;
    assert!(running.contains("still being played"), "{running}");
    bot.app.matches.resign(id, BEN).await;
    let too_late = practice(EVE, on(40)).await;
    assert!(too_late.contains("has turns 1 to 3"), "{too_late}");
    let begins = practice(EVE, on(2)).await;
    assert!(begins.contains("begins"), "{begins}");
    let new = id + 1;
    let board = fake
        .wait_for(
            |r| {
                r.is_channel_post()
                    && r.text()
                        .contains(&format!("a practice from match #{id}, turn 2"))
            },
            20,
        )
        .await;
    assert!(board.text().contains("not rated"), "{}", board.text());
    let info = bot.store.info(new).await.unwrap();
    assert_eq!(info.seats[1], crystal_clans::store::Player::User(EVE));
    assert!(matches!(info.seats[0], crystal_clans::store::Player::Ai(_)));
    assert!(info.assisted, "a practice is not rated");
    // The position is the first match's at the start of turn 2, the same deal.
    let first = bot.store.inputs(id).await.unwrap();
    let played = bot.store.inputs(new).await.unwrap();
    assert!(!played.is_empty());
    for (a, b) in played.iter().zip(&first) {
        assert_eq!((a.seat, a.input), (b.seat, b.input));
    }
    let l = bot.store.load(new).await.unwrap();
    assert!(l.state.turn >= 2);
    assert_eq!(l.info.setup, bot.store.info(id).await.unwrap().setup);
    // In German: the refusal in the asker's language, the practice's board in the
    // server's.
    fake.set_user_locale(ANA, "de");
    let config = json!([{"name": "language", "type": 4, "value": 2}]);
    let t = fake.command(EVE, "Eve", "config", config, true);
    answer(fake, &t).await;
    let too_late = practice(ANA, on(40)).await;
    assert!(
        too_late.contains(&format!("Partie #{id} hat die Züge 1 bis 3")),
        "{too_late}"
    );
    practice(ANA, on(3)).await;
    fake.wait_for(
        |r| {
            r.is_channel_post()
                && r.text()
                    .contains(&format!("eine Übung ab Partie #{id}, Zug 3"))
                && r.text().contains("ohne Wertung")
        },
        20,
    )
    .await;
    bot.stop().await;
}

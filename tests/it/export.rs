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

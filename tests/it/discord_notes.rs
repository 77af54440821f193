//! A player's private notes on a match end to end (`src/app/clans/notes.rs`,
//! `src/discord/notes.rs`): the panel's Notes button opens a form (Discord's modal, the
//! click's first answer) with the note so far; its submission saves it; the panel shows
//! it at the top to its writer only; nobody else reads it (not the opponent's panel, not
//! a public post, not an export); someone not in the match is refused; an empty form
//! deletes it.

use crystal_clans_testkit::fake_discord::{CHANNEL, Fake, Recorded};
use serde_json::json;
use std::time::Duration;

use crate::support;
use support::people::*;
use support::play::answer;

const NOTE: &str = "Save the Dragon for turn 5";

async fn open_form(fake: &Fake, panel: &Recorded, user: u64) -> Recorded {
    let notes = panel
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":notes"))
        .unwrap_or_else(|| panic!("no Notes button in {}", panel.text()));
    let t = fake.click_on(panel.message_id.unwrap(), user, name(user), &notes, &[]);
    fake.try_ack(&t, Duration::from_secs(10))
        .await
        .expect("the click is answered")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_is_kept_for_its_writer_alone() {
    let bot = start_bot("crystal-clans-notes").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let l = bot.store.load(id).await.unwrap();
    let mover = user(l.state.waiting()[0]);
    let other = if mover == ANA { BEN } else { ANA };
    let p = panel(&bot, id, l.info.version, mover).await;
    let form = open_form(fake, &p, mover).await;
    assert_eq!(
        form.json["type"], 9,
        "a form answers the click: {}",
        form.json
    );
    let data = &form.json["data"];
    assert!(
        data["title"]
            .as_str()
            .unwrap()
            .contains(&format!("match #{id}"))
    );
    let input = &data["components"][0]["components"][0];
    assert_eq!(input["custom_id"], "note");
    assert!(input.get("value").is_none(), "no note yet");
    let save = data["custom_id"].as_str().unwrap().to_string();
    let t = fake.submit_modal(CHANNEL, mover, name(mover), &save, &[("note", NOTE)]);
    let saved = answer(fake, &t).await;
    assert!(saved.ephemeral());
    assert!(saved.text().contains("is saved"), "{}", saved.text());
    // The writer's panel shows it at the top; the form holds it.
    let again = panel(&bot, id, l.info.version, mover).await;
    assert!(
        again.text().contains(&format!("📝 Your note: {NOTE}")),
        "{}",
        again.text()
    );
    let form = open_form(fake, &again, mover).await;
    assert_eq!(
        form.json["data"]["components"][0]["components"][0]["value"],
        NOTE
    );
    // Nobody else reads it.
    let theirs = panel(&bot, id, l.info.version, other).await;
    assert!(!theirs.text().contains(NOTE));
    let t = fake.command(
        other,
        name(other),
        "export",
        json!([{"name": "match", "type": 4, "value": id}]),
        false,
    );
    let export = answer(fake, &t).await;
    for (_, bytes) in &export.files {
        assert!(!String::from_utf8_lossy(bytes).contains(NOTE));
    }
    let leaked = fake
        .requests()
        .iter()
        .filter(|r| r.is_channel_post())
        .any(|r| r.json.to_string().contains(NOTE));
    assert!(!leaked, "a note in a public post");
    // Someone not in the match gets no form.
    let stranger = open_form(fake, &p, EVE).await;
    assert_eq!(stranger.json["type"], 4);
    assert!(
        stranger.json["data"]["content"]
            .as_str()
            .unwrap()
            .contains("not")
    );
    // An empty form deletes it.
    let t = fake.submit_modal(CHANNEL, mover, name(mover), &save, &[("note", "  ")]);
    let cleared = answer(fake, &t).await;
    assert!(cleared.text().contains("deleted"), "{}", cleared.text());
    assert_eq!(bot.store.note(id, mover).await.unwrap(), None);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_reads_the_notes_form_and_the_export_in_german() {
    let bot = start_bot("crystal-clans-notes-de").await;
    let fake = &bot.fake;
    let id = challenge_and_accept(&bot).await;
    let l = bot.store.load(id).await.unwrap();
    let mover = user(l.state.waiting()[0]);
    fake.set_user_locale(mover, "de");
    let p = panel(&bot, id, l.info.version, mover).await;
    let form = open_form(fake, &p, mover).await;
    let title = form.json["data"]["title"].as_str().unwrap();
    assert_eq!(title, format!("Deine Notizen zu Partie #{id}"));
    let save = form.json["data"]["custom_id"].as_str().unwrap().to_string();
    let t = fake.submit_modal(CHANNEL, mover, name(mover), &save, &[("note", NOTE)]);
    let saved = answer(fake, &t).await;
    assert!(saved.text().contains("ist gespeichert"), "{}", saved.text());
    let t = fake.command(
        mover,
        name(mover),
        "export",
        json!([{"name": "match", "type": 4, "value": id}]),
        false,
    );
    let export = answer(fake, &t).await;
    assert!(
        export.text().contains("Der öffentliche Verlauf"),
        "{}",
        export.text()
    );
    let text = export
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .expect("the text file");
    assert!(
        text.starts_with(&format!("Crystal Clans · Partie #{id}")),
        "{text}"
    );
    assert!(text.contains("Läuft noch"), "{text}");
    bot.stop().await;
}

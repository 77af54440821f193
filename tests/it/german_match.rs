//! A whole match in a German server between a German and an English player, every
//! public post, private message and image the German player saw searched for English.

use crystal_clans::game::Rules;
use crystal_clans::i18n::{Lang, names};
use crystal_clans_testkit::fake_discord::{Fake, Recorded};
use serde_json::json;

use super::german::{english_sources, sources_only_in, words};
use crate::support;
use support::people::*;
use support::play::{answer, clickables, play_to_the_end};

/// The "done when": a whole match in a German server between a German and an
/// English player, with help, the rules, a card lookup, battles, hands, and the
/// history, profile and leaderboard after it. Every public post and every private
/// message of the German player is searched for English (the `.ftl` files' English
/// texts, and English words outside the pack's names); the English player's private
/// messages hold no German text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_in_german_shows_a_german_player_no_english() {
    let store = support::scratch_store("german-match").await;
    // The scripted players' match must hold a battle where both choose a card: under
    // rules version 6 the match of seed 1 takes another course and has none; seed 3's
    // has one.
    let bot = start_bot_with(
        crystal_clans::app::App::new(store.clone()).with_seeds(3),
        store.clone(),
    )
    .await;
    let fake = &bot.fake;
    fake.set_guild_locale("de");
    fake.set_user_locale(ANA, "de");
    let rules = bot.app.rules().clone();

    // Help, the rules, a rule by name and a card, as a German player asks for them.
    let flight = json!([{"name": "topic", "type": 3, "value": "Flight"}]);
    // Asked by its German name, as a German player would (found once lookups match
    // both languages; a German "no such card" until then).
    let card = &rules.pack.cards[0];
    let lookup = json!([{"name": "name", "type": 3, "value": names::card(Lang::De, card)}]);
    for (command, options) in [
        ("help", json!([])),
        ("rules", json!([])),
        ("rules", flight),
        ("card", lookup),
        ("away", json!([{"name": "days", "type": 4, "value": 3}])),
        ("away", json!([])),
        ("away", json!([{"name": "off", "type": 5, "value": true}])),
        ("away", json!([{"name": "days", "type": 4, "value": 30}])),
        (
            "notify",
            json!([{"name": "via", "type": 4, "value": 2},
                   {"name": "time_zone", "type": 3, "value": "Europe/Berlin"},
                   {"name": "digest_hour", "type": 4, "value": 8}]),
        ),
        ("notify", json!([])),
        (
            "notify",
            json!([{"name": "quiet_from", "type": 4, "value": 3}]),
        ),
    ] {
        let t = fake.command(ANA, "Ana", command, options, false);
        answer(fake, &t).await;
    }

    // Ana challenges Ben (with a mulligan); Ben accepts; they play to the end.
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "mulligan", "type": 5, "value": true}]),
        false,
    );
    let accept = clickables(&answer(fake, &t).await.json)
        .into_iter()
        .find(|(id, _, _)| id.contains(":acc:"))
        .expect("an Accept button")
        .0;
    let t = fake.click(BEN, "Ben", &accept, &[]);
    answer(fake, &t).await;
    let id = bot.store.active_matches_of_user(BEN).await.unwrap()[0].id;
    let battles = play_to_the_end(&bot, id).await;
    assert!(battles > 0, "the match had no battle");
    // The final board, then the history, a profile and the leaderboard.
    fake.wait_for(
        |r| r.is_channel_post() && r.custom_ids().iter().any(|i| i.ends_with(":rematch")),
        30,
    )
    .await;
    let cleared = support::bot::assert_only_the_latest_boards_have_buttons(fake, 10).await;
    assert!(cleared > 10, "{cleared} earlier boards");
    for (command, options) in [
        ("history", json!([])),
        ("matches", json!([])),
        ("profile", json!([])),
        ("leaderboard", json!([])),
    ] {
        let t = fake.command(ANA, "Ana", command, options, false);
        answer(fake, &t).await;
    }
    let t = fake.command(BEN, "Ben", "history", json!([]), false);
    answer(fake, &t).await;

    let english = english_sources();
    let german = sources_only_in(Lang::De, Lang::En);
    let names = pack_names(&rules);
    let (mut found, mut anas, mut publics, mut bens) = (Vec::new(), 0, 0, 0);
    for r in fake.requests() {
        // Messages only: the commands' registration carries the English source with
        // its German localisations (checked by the test above).
        if !r.ok() || !matches!(r.method.as_str(), "POST" | "PATCH") {
            continue;
        }
        let who = owner(fake, &r);
        if r.ephemeral() && who == Some(BEN) {
            bens += 1;
            let text = words(&r);
            let german_text = german.iter().find(|g| text.contains(g.as_str()));
            assert!(
                german_text.is_none(),
                "German `{}` in Ben's English message: {text}",
                german_text.unwrap()
            );
            continue;
        }
        let seen = if r.ephemeral() {
            anas += 1;
            assert_eq!(who, Some(ANA), "a private message of someone else");
            "Ana's private message"
        } else {
            publics += 1;
            "a public post"
        };
        found.extend(leaks(&words(&r), seen, &english, &names));
    }
    assert!(
        anas > 50 && publics > 20 && bens > 50,
        "{anas} private messages of Ana's, {publics} public, {bens} of Ben's"
    );
    // The images of the match as the players saw them: every public board and battle
    // picture, and Ana's hand, drawn in German from the stored inputs (their words,
    // without pixels).
    let images = image_texts(&bot.app, &bot.store, id, ANA).await;
    assert!(images.len() > 100, "only {} image texts", images.len());
    for (seen, text) in &images {
        found.extend(leaks(text, seen, &english, &names));
    }
    let mut shown: Vec<String> = found
        .iter()
        .map(|l| format!("{}: `{}` in: {}", l.seen, l.english, l.line))
        .collect();
    shown.sort();
    shown.dedup();
    assert!(
        found.is_empty(),
        "English that a German player saw ({} strings):\n{}",
        shown.len(),
        shown.join("\n")
    );
    bot.stop().await;
}

/// English words that no German sentence uses: they find English text that has no
/// `.ftl` source yet (the engine's narration, card texts) as well.
const ENGLISH_WORDS: &[&str] = &[
    "the", "you", "your", "and", "with", "must", "from", "into", "has", "have", "were", "is",
    "are", "of", "to", "at", "by", "for", "this", "that", "not", "its", "their", "there", "been",
    "who", "or", "yes", "won", "wins", "please", "again", "here", "only", "before", "after",
    "each", "every", "my", "it", "be", "can", "do", "what", "which", "where", "when", "how", "if",
    "than", "then", "any", "some", "up", "out", "off", "draws", "drew", "took",
];

/// Where a German player met English: the request, what leaked and the line it is in.
#[derive(Debug)]
struct Leak {
    seen: String,
    english: String,
    line: String,
}

/// Every English text in what a German player sees of `r`: an English source text, or
/// an English word outside the pack's names (proper nouns, English where the pack has
/// no German name).
fn leaks(text: &str, seen: &str, sources: &[String], names: &[String]) -> Vec<Leak> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(e) = sources.iter().find(|e| line.contains(e.as_str())) {
            out.push(Leak {
                seen: seen.into(),
                english: e.clone(),
                line: line.into(),
            });
            continue;
        }
        let mut plain = line.to_string();
        for n in names {
            plain = plain.replace(n.as_str(), " ");
        }
        let word = plain
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| ENGLISH_WORDS.contains(&w.to_lowercase().as_str()));
        if let Some(w) = word {
            out.push(Leak {
                seen: seen.into(),
                english: w.into(),
                line: line.into(),
            });
        }
    }
    out
}

/// Every name of the pack's cards and crystals in both languages, longest first.
fn pack_names(rules: &Rules) -> Vec<String> {
    let mut names: Vec<String> = Lang::ALL
        .into_iter()
        .flat_map(|lang| {
            let cards = rules.pack.cards.iter().map(move |c| names::card(lang, c));
            let crystals = rules
                .pack
                .crystals
                .iter()
                .map(move |c| names::crystal(lang, c));
            cards
                .chain(crystals)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// The texts of every image of match `id` that `user` saw, drawn in German (the
/// server's and the user's language here): the public board after each input, each
/// battle picture, and the user's hand. Each as (what it is, its text).
async fn image_texts(
    app: &crystal_clans::app::App,
    store: &crystal_clans::store::Store,
    id: i64,
    user: u64,
) -> Vec<(String, String)> {
    use crystal_clans::game::{Event, State};
    use crystal_clans::render::{self, Table, Theme, Words};
    let rules = app.rules().clone();
    let info = store.info(id).await.unwrap();
    let inputs = store.inputs(id).await.unwrap();
    let seat = info
        .seats
        .iter()
        .position(|p| *p == crystal_clans::store::Player::User(user))
        .expect("the user plays the match") as u8;
    let theme = Theme::default();
    let t = Table {
        rules: &rules,
        theme: &theme,
        names: ["Ana", "Ben"],
        lang: Lang::De,
    };
    let (mut state, _) = State::new(&rules, info.setup.clone()).unwrap();
    let mut out = Vec::new();
    let mut battle: Vec<Event> = Vec::new();
    let mut add = |what: &str, words: Vec<String>| {
        out.extend(words.into_iter().map(|w| (format!("the {what} image"), w)));
    };
    for i in &inputs {
        let events = state.apply(&rules, i.seat, &i.input).unwrap();
        let public = state.view(&rules, None);
        let board = Words::Board {
            view: &public,
            caption: &[],
        };
        add("board", render::words(&t, board).unwrap());
        let own = state.view(&rules, Some(seat));
        add(
            "hand",
            render::words(&t, Words::Hand { view: &own }).unwrap(),
        );
        for e in events.iter().map(|e| e.redact(None)) {
            if matches!(e, Event::BattleStarted { .. }) {
                battle.clear();
            }
            let ended = matches!(e, Event::BattleEnded { .. });
            battle.push(e);
            if ended {
                let words = Words::Battle {
                    kinds: &state.kinds,
                    view: &public,
                    events: &battle,
                };
                add("battle", render::words(&t, words).unwrap());
            }
        }
    }
    out
}

/// The user who made the interaction a request answers, from its token.
fn owner(fake: &Fake, r: &Recorded) -> Option<u64> {
    let parts: Vec<&str> = r.path.split('/').collect();
    let i = parts
        .iter()
        .position(|p| *p == "interactions" || *p == "webhooks")?;
    fake.interaction_user(parts.get(i + 2)?)
}

//! The match log in words (`i18n::narration`): every kind of event has a line in
//! English and in German, counts take their plural, lists join per language, German
//! lines hold none of the English source texts of `log.ftl`, and a redacted event's
//! line names none of the cards it hides.

use crystal_clans::game::{Event, Rules, Setup, State, Trigger};
use crystal_clans::i18n::narration::Narrator;
use crystal_clans::i18n::{self, Lang, messages::log as t};
use fluent_syntax::ast::{Entry, PatternElement};
use serde_json::{Value, json};

use crate::support;
use support::variants::names_in;

const NAMES: [&str; 2] = ["Ana", "Ben"];

fn state(rules: &Rules) -> State {
    let setup = Setup {
        clans: [0, 1],
        seed: 5,
        mulligan: true,
    };
    State::new(rules, setup).expect("a valid setup").0
}

fn narrator<'a>(rules: &'a Rules, s: &'a State, lang: Lang) -> Narrator<'a> {
    Narrator {
        rules,
        kinds: &s.kinds,
        names: NAMES,
        lang,
    }
}

/// Every kind of event, found through serde itself (its error for an unknown kind lists
/// them all), so a kind added later is covered without anyone listing it here. Each
/// missing field is filled with every value its type takes of: a number (1: seat 1,
/// zone 1, card 1 of seat 0), a list of cards (1 and 28, one of each seat), a pair of
/// flags, a flag either way, nothing (an `Option`), or each name of an inner enum.
fn every_event() -> Vec<(String, Event)> {
    let kinds = match serde_json::from_value::<Event>(json!({ "event": "\u{1}" })) {
        Ok(_) => panic!("an unknown event was accepted"),
        Err(e) => names_in(&e.to_string()),
    };
    assert!(kinds.len() > 40, "serde listed only {kinds:?}");
    let mut out = Vec::new();
    for kind in kinds {
        if kind == "trigger_first" {
            // Its trigger is an internally tagged enum, which the filler below would
            // build from a list (tag, then fields) with impossible values: every kind
            // of trigger, written out.
            out.extend(
                [
                    Trigger::Death { card: 28 },
                    Trigger::BattleStart { seat: 0 },
                    Trigger::Tactical { seat: 1 },
                    Trigger::Entered { seat: 1, zone: 4 },
                    Trigger::Arrived { card: 1 },
                    Trigger::Gain {
                        seat: 0,
                        amount: 2,
                        draw: 0,
                    },
                    Trigger::Gain {
                        seat: 1,
                        amount: 1,
                        draw: 1,
                    },
                ]
                .map(|trigger| (kind.clone(), Event::TriggerFirst { seat: 1, trigger })),
            );
            continue;
        }
        let found = fill(json!({ "event": kind }));
        assert!(!found.is_empty(), "{kind}: no value found for its fields");
        out.extend(found.into_iter().map(|e| (kind.clone(), e)));
    }
    out
}

fn fill(v: Value) -> Vec<Event> {
    // The next field to fill: one serde misses, else an `Option` it let default to none.
    let field = match serde_json::from_value::<Event>(v.clone()) {
        Ok(e) => {
            let json = serde_json::to_value(&e).expect("an event serializes");
            let unset = json.as_object().and_then(|o| {
                o.iter()
                    .find(|(k, x)| x.is_null() && v.get(k.as_str()).is_none())
            });
            match unset {
                Some((k, _)) => k.clone(),
                None => return vec![e],
            }
        }
        Err(e) => {
            let err = e.to_string();
            match err
                .strip_prefix("missing field `")
                .and_then(|r| r.split('`').next())
            {
                Some(f) => f.to_string(),
                None => return Vec::new(),
            }
        }
    };
    let field = field.as_str();
    let with = |value: Value| {
        let mut v = v.clone();
        v[field] = value;
        v
    };
    // A candidate fits when what is left to complain about is another missing field.
    let fits = |v: &Value| match serde_json::from_value::<Event>(v.clone()) {
        Ok(_) => true,
        Err(e) => e.to_string().starts_with("missing field"),
    };
    let mut candidates: Vec<Value> = [
        json!(1),
        json!([1, 28]),
        json!([true, false]),
        json!(true),
        json!(false),
        Value::Null,
    ]
    .into_iter()
    .map(with)
    .filter(fits)
    .collect();
    if candidates.is_empty() {
        // An inner enum: its error lists its values.
        if let Err(e) = serde_json::from_value::<Event>(with(json!("\u{1}"))) {
            candidates = names_in(&e.to_string())
                .into_iter()
                .map(|n| with(json!(n)))
                .filter(fits)
                .collect();
        }
    }
    candidates.into_iter().flat_map(fill).collect()
}

/// The English source texts a German line must not contain: each literal text of an
/// English `log.ftl` message (between its variables) that no German message says too;
/// texts of two words or more as they stand, single words of four letters or more as
/// whole words.
fn english_log_sources() -> Vec<String> {
    let file = |lang: Lang| {
        i18n::sources(lang)
            .iter()
            .find(|(f, _)| *f == "log.ftl")
            .expect("a log.ftl")
            .1
    };
    let german = file(Lang::De);
    let resource = fluent_syntax::parser::parse(file(Lang::En)).expect("log.ftl parses");
    let mut texts = Vec::new();
    fn walk(p: &fluent_syntax::ast::Pattern<&str>, texts: &mut Vec<String>) {
        for e in &p.elements {
            match e {
                PatternElement::TextElement { value } => texts.extend(
                    value
                        .lines()
                        .map(|l| l.trim_matches(|c: char| !c.is_alphanumeric()).to_string()),
                ),
                PatternElement::Placeable { expression } => {
                    if let fluent_syntax::ast::Expression::Select { variants, .. } = expression {
                        for v in variants {
                            walk(&v.value, texts);
                        }
                    }
                }
            }
        }
    }
    for entry in resource.body {
        if let Entry::Message(m) = entry
            && let Some(p) = &m.value
        {
            walk(p, &mut texts);
        }
    }
    texts.sort();
    texts.dedup();
    texts
        .into_iter()
        .filter(|t| {
            let words = t.split_whitespace().count();
            (words >= 2 || t.chars().count() >= 4) && !german.contains(t.as_str())
        })
        .collect()
}

/// The English source texts found in a German line.
fn english_in(line: &str, sources: &[String]) -> Vec<String> {
    let words: Vec<&str> = line
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    sources
        .iter()
        .filter(|s| {
            if s.contains(' ') {
                line.contains(s.as_str())
            } else {
                words.contains(&s.as_str())
            }
        })
        .cloned()
        .collect()
}

#[test]
fn every_kind_of_event_is_narrated_in_english_and_in_german() {
    let rules = Rules::base();
    let s = state(&rules);
    let sources = english_log_sources();
    assert!(sources.iter().any(|s| s == "goes first"), "{sources:?}");
    let events = every_event();
    for (kind, e) in &events {
        for e in [e.clone(), e.redact(None)] {
            let [en, de] = Lang::ALL.map(|l| narrator(&rules, &s, l).describe(&e));
            for line in [&en, &de] {
                assert!(
                    line.chars().count() > 8 && !line.contains(['{', '}']),
                    "{kind}: {line:?}"
                );
                assert!(!line.contains("log-"), "{kind} said its key: {line}");
            }
            assert_ne!(en, de, "{kind} is not German: {e:?}");
            let english = english_in(&de, &sources);
            assert!(english.is_empty(), "{kind}: {english:?} in `{de}`");
        }
    }
}

/// Regression (issue 15): the log was English only, whatever the server's language.
#[test]
fn german_lines_say_the_german_names_of_cards_zones_and_styles() {
    let rules = Rules::base();
    let s = state(&rules);
    let de = narrator(&rules, &s, Lang::De);
    // A card with a German name, in the home zone of seat 0 (its kind from the state).
    let (card, def) = (0..54u8)
        .map(|c| (c, &rules.pack.cards[s.kinds[c as usize] as usize]))
        .find(|(_, d)| d.name_de.is_some())
        .expect("a card with a German name in one of the decks");
    let home = rules.board.homes[0];
    let home_id = &rules.board.zones[home as usize].id;
    let line = de.describe(&Event::UnitDestroyed { card, zone: home });
    let german = def.name_de.as_deref().unwrap();
    assert_eq!(
        line,
        format!("Im Heimatgebiet von Ana ({home_id}) zerstört: {german}.")
    );
    let crystal = rules.board.crystal_zones[0];
    let id = &rules.board.zones[crystal as usize].id;
    // A home is its owner's by name, whoever the line is about (issue 28: one name per
    // zone; "ins eigene Heimatgebiet" was a second one).
    let line = de.describe(&Event::Summoned {
        seat: 0,
        cards: [card].into_iter().collect(),
        zone: home,
        cost: 2,
    });
    assert_eq!(
        line,
        format!("Ana beschwört {german} ins Heimatgebiet von Ana ({home_id}) (Kosten 2).")
    );
    let line = de.describe(&Event::Moved {
        seat: 0,
        cards: [card].into_iter().collect(),
        from: home,
        to: crystal,
    });
    assert_eq!(
        line,
        format!(
            "Ana bewegt {german} aus dem Heimatgebiet von Ana ({home_id}) ins Kristallgebiet {id}."
        )
    );
    let line = de.describe(&Event::BattleStarted {
        attacker: 1,
        zone: home,
    });
    assert_eq!(
        line,
        format!("Ben beginnt einen Kampf im Heimatgebiet von Ana ({home_id}).")
    );
    let line = de.describe(&Event::BattleEnded { zone: crystal });
    assert_eq!(
        line,
        format!("Der Kampf im Kristallgebiet {id} ist vorbei.")
    );
    let line = de.describe(&Event::Predicted {
        seat: 1,
        style: crystal_clans::game::pack::Style::Guarded,
    });
    assert_eq!(line, "Ben sagt eine ZURÜCKHALTENDE Kampfkarte vorher.");
}

#[test]
fn counts_take_the_plural_of_each_language() {
    let rules = Rules::base();
    let s = state(&rules);
    let drew = |lang, count| {
        narrator(&rules, &s, lang).describe(&Event::Drew {
            seat: 0,
            count,
            cards: None,
        })
    };
    assert_eq!(drew(Lang::En, 1), "Ana drew 1 card.");
    assert_eq!(drew(Lang::En, 3), "Ana drew 3 cards.");
    assert_eq!(drew(Lang::De, 1), "Ana zieht 1 Karte.");
    assert_eq!(drew(Lang::De, 3), "Ana zieht 3 Karten.");
    assert_eq!(
        t::replay_post(Lang::De, 7, "Ana", "Ben", 1usize, 2usize),
        "🎞️ Wiederholung der Partie #7, Ana gegen Ben: 1 Zug, 2 Kämpfe."
    );
    assert_eq!(
        t::replay_post(Lang::En, 7, "Ana", "Ben", 3usize, 1usize),
        "🎞️ Replay of match #7, Ana vs Ben: 3 turns, 1 battle."
    );
}

#[test]
fn lists_join_with_the_languages_and() {
    let rules = Rules::base();
    let s = state(&rules);
    let name = |lang, c: u8| {
        i18n::names::card(lang, &rules.pack.cards[s.kinds[c as usize] as usize]).to_string()
    };
    // Three cards of different kinds from seat 0's deck.
    let mut cards: Vec<u8> = Vec::new();
    for c in 0..27u8 {
        if cards
            .iter()
            .all(|&o| s.kinds[o as usize] != s.kinds[c as usize])
        {
            cards.push(c);
        }
    }
    cards.truncate(3);
    for (lang, and) in [(Lang::En, "and"), (Lang::De, "und")] {
        let line = narrator(&rules, &s, lang).describe(&Event::Drew {
            seat: 0,
            count: 3,
            cards: Some(cards.iter().copied().collect()),
        });
        let list = format!(
            "{}, {} {and} {}",
            name(lang, cards[0]),
            name(lang, cards[1]),
            name(lang, cards[2])
        );
        assert!(line.contains(&list), "{line}");
    }
}

/// A redacted event's line, in either language, names none of the cards that
/// redaction took out of it (which cards a player drew, chose, looked at or kept).
#[test]
fn a_redacted_event_names_no_hidden_card_in_either_language() {
    let rules = Rules::base();
    let s = state(&rules);
    fn cards_of(v: &Value) -> Vec<u8> {
        let mut out = Vec::new();
        for key in ["card", "cards"] {
            match &v[key] {
                Value::Number(n) => out.push(n.as_u64().unwrap() as u8),
                Value::Array(a) => out.extend(a.iter().filter_map(|n| n.as_u64()).map(|n| n as u8)),
                _ => {}
            }
        }
        out
    }
    let (mut checked, mut named) = (0, 0);
    for (kind, e) in every_event() {
        let public = e.redact(None);
        if public == e {
            continue;
        }
        let shown = cards_of(&serde_json::to_value(&public).unwrap());
        let hidden: Vec<u8> = cards_of(&serde_json::to_value(&e).unwrap())
            .into_iter()
            .filter(|c| !shown.contains(c))
            .collect();
        assert!(!hidden.is_empty(), "{kind}: redaction hid no card");
        for lang in Lang::ALL {
            let n = narrator(&rules, &s, lang);
            let line = n.describe(&public);
            for &c in &hidden {
                let def = &rules.pack.cards[s.kinds[c as usize] as usize];
                let name = i18n::names::card(lang, def);
                assert!(!line.contains(name), "{kind}: `{line}` names {name}");
            }
            // The line for the seat itself names them (unless even she does not know
            // them, as a battle card from the draw pile): the check looks at the
            // right names.
            let private = n.describe(&e);
            let def = &rules.pack.cards[s.kinds[hidden[0] as usize] as usize];
            if private.contains(i18n::names::card(lang, def)) {
                named += 1;
            }
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} redacted events");
    assert!(
        named >= 2 * 6,
        "only {named} private lines name their cards"
    );
}

/// A whole random match, narrated in German for a spectator as the board posts do:
/// no English source text of `log.ftl` in any line.
#[test]
fn the_german_log_of_a_whole_match_holds_no_english_source_text() {
    let rules = Rules::base();
    let sources = english_log_sources();
    let mut lines = 0;
    for (clans, seed) in [([0, 1], 1), ([2, 3], 2), ([4, 5], 3)] {
        let setup = Setup {
            clans,
            seed,
            mulligan: true,
        };
        let inputs =
            crystal_clans::selfplay::random_inputs(&rules, setup.clone(), seed, |_| false).unwrap();
        let (mut s, mut log) = State::new(&rules, setup).unwrap();
        for (seat, input) in &inputs {
            log.extend(s.apply(&rules, *seat, input).unwrap());
        }
        let public: Vec<Event> = log.iter().map(|e| e.redact(None)).collect();
        for line in narrator(&rules, &s, Lang::De).lines(&public) {
            let english = english_in(&line, &sources);
            assert!(english.is_empty(), "{english:?} in `{line}`");
            lines += 1;
        }
    }
    assert!(lines > 300, "only {lines} lines");
}

fn activated_then_ordered() -> Vec<Event> {
    vec![
        Event::Paid {
            seat: 0,
            amount: 2,
            token: 0,
        },
        Event::Activated {
            seat: 0,
            zone: 3,
            cost: 2,
        },
        Event::Reordered {
            seat: 0,
            zone: 3,
            order: [1u8, 2].into_iter().collect(),
        },
        Event::Paid {
            seat: 0,
            amount: 1,
            token: 0,
        },
        Event::Reordered {
            seat: 0,
            zone: 4,
            order: [1u8, 2].into_iter().collect(),
        },
    ]
}

#[test]
fn a_payment_echoed_by_its_action_is_not_narrated_twice() {
    let rules = Rules::base();
    let s = state(&rules);
    let n = narrator(&rules, &s, Lang::En);
    let events = activated_then_ordered();
    let lines = n.lines(&events);
    // The first payment is in "activated ... (cost 2)"; the second is not echoed.
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(lines[0].contains("(cost 2)"), "{}", lines[0]);
    assert_eq!(lines[1], n.describe(&events[3]));
}

/// Regression: "ordered the squad" lines were verbose, saying the player and the zone
/// the line before had just said. A new order right after its squad's activation, move
/// or summon is told on that line; elsewhere it keeps a line of its own.
#[test]
fn a_squads_new_order_joins_the_line_that_named_its_zone() {
    let rules = Rules::base();
    let s = state(&rules);
    let events = activated_then_ordered();
    for lang in Lang::ALL {
        let n = narrator(&rules, &s, lang);
        let lines = n.lines(&events);
        let order = n.describe(&events[2]);
        let cards = t::log_list(
            lang,
            i18n::names::card(lang, &rules.pack.cards[s.kinds[1] as usize]),
            i18n::names::card(lang, &rules.pack.cards[s.kinds[2] as usize]),
        );
        assert_eq!(
            lines[0],
            t::log_then_ordered(lang, n.describe(&events[1]), cards.as_str())
        );
        assert!(
            lines[0].chars().count()
                < n.describe(&events[1]).chars().count() + order.chars().count()
        );
        // Another zone's reorder is a line of its own, with its zone.
        assert_eq!(lines[2], n.describe(&events[4]));
    }
}

/// Regression (issue 15): a German server's board posts logged the turn in English, and
/// its battle post said "The battle cards are revealed!". Through the app, on a server
/// whose language is German: every board's log of the turn and the battle post (with
/// the battle in words under its picture) are German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_server_gets_its_turn_logs_and_battle_post_in_german() {
    use crystal_clans::app::msg::Msg;
    use crystal_clans::app::{App, Challenge, Outcome, Place};
    use crystal_clans::game::{Input, Question};
    use crystal_clans::i18n::messages as bot;
    use crystal_clans::store::{GuildSettings, now_ms};
    use crystal_clans_testkit::fake_discord::lively_pick;
    const GUILD: u64 = 9;
    const USERS: [u64; 2] = [111_111_111_111_111_111, 222_222_222_222_222_222];
    let store = support::scratch_store("narration-german").await;
    let german = GuildSettings {
        language: Some("de".into()),
        ..Default::default()
    };
    store.set_guild_settings(GUILD, &german).await.unwrap();
    let now = now_ms();
    let challenge = Challenge {
        challenger: USERS[0],
        opponent: Some(USERS[1]),
        clans: [Some(0), Some(1)],
        mulligan: true,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: now + 60_000,
    };
    let place = Place {
        guild: Some(GUILD),
        channel: 10,
        reach: Default::default(),
    };
    // The way to the battle without images (fast); the picks with them.
    let quiet = App::new(store.clone()).with_seeds(3).without_images();
    let id = quiet
        .challenges
        .accept(challenge, USERS[1], place, None, now)
        .await
        .created
        .expect("a match");
    let sources = english_log_sources();
    // The log's fields are headed by their turns; these are the others.
    let not_log = [
        bot::field_whose_move(Lang::De),
        bot::field_initiative(Lang::De),
        bot::field_crystals(Lang::De),
    ];
    let mut logs = 0;
    // The German log lines of an outcome's board posts, checked; how many.
    let check = |out: &Outcome| {
        let mut lines = 0;
        for m in &out.public {
            let Some(e) = &m.embed else { continue };
            for (_, log) in e.fields.iter().filter(|(k, _)| !not_log.contains(k)) {
                for line in log.lines() {
                    let english = english_in(line, &sources);
                    assert!(english.is_empty(), "{english:?} in `{line}`");
                    lines += 1;
                }
            }
        }
        lines
    };
    // Fights whenever it may, and takes no crystal and invades no home while it has
    // anything else to do, so that two squads meet before the match ends.
    let towards_battle = |legal: &[Input], step: usize| {
        let calm: Vec<Input> = legal
            .iter()
            .filter(|i| !matches!(i, Input::Score(_) | Input::Invade))
            .cloned()
            .collect();
        if calm.is_empty() {
            return lively_pick(legal, step);
        }
        let pick = &calm[lively_pick(&calm, step)];
        legal.iter().position(|i| i == pick).unwrap()
    };
    let mut step = 0;
    loop {
        let l = store.load(id).await.unwrap();
        if l.state.pending().question == Question::BattleCard && l.state.waiting().len() == 2 {
            break;
        }
        assert!(l.state.winner.is_none(), "the match ended before a battle");
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(quiet.rules(), seat);
        let user = USERS[seat as usize];
        let out = quiet
            .matches
            .play(id, l.info.version, user, towards_battle(&legal, step))
            .await;
        logs += check(&out);
        step += 1;
        assert!(step < 2000);
    }
    let app = App::new(store.clone());
    let mut posts: Vec<Msg> = Vec::new();
    for seat in [0, 1] {
        let l = store.load(id).await.unwrap();
        let out = app.matches.play(id, l.info.version, USERS[seat], 0).await;
        logs += check(&out);
        posts.extend(out.public);
    }
    let battle = posts
        .iter()
        .find(|m| m.files.iter().any(|f| f.name.starts_with("battle-")))
        .expect("the reveal posts the battle picture");
    let text = battle.all_text();
    assert!(text.contains(&t::battle_revealed(Lang::De)), "{text}");
    // The picture comes in a post of its own, titled as the battle and described in
    // German words from the reveal on; or, when the reveal leaves a player a question (a
    // retreat), in the board post that asks it, whose German log holds the reveal.
    let words = &battle.embed.as_ref().unwrap().description;
    if text.contains(&t::battle_title(Lang::De, id)) {
        assert!(words.starts_with("Aufgedeckt: "), "{words}");
    } else {
        assert!(
            text.lines().any(|l| l.starts_with("Aufgedeckt: ")),
            "{text}"
        );
    }
    for line in words.lines() {
        let english = english_in(line, &sources);
        assert!(english.is_empty(), "{english:?} in `{line}`");
    }
    assert!(logs > 5, "only {logs} log lines");
    // A replay asked for too early is refused in the asker's language: Ben chose German,
    // Ana's English (the server's language is for public posts only).
    let mut ben = store.user_settings(USERS[1]).await.unwrap();
    ben.language = Some("de".into());
    store.set_user_settings(USERS[1], &ben).await.unwrap();
    let app = App::new(store);
    for (user, lang) in [(USERS[1], Lang::De), (USERS[0], Lang::En)] {
        let refused = app.replays.replay(id, user, place, now_ms()).await;
        let reply = refused.reply.expect("a private refusal").content;
        assert_eq!(reply, t::replay_still_playing(lang, id));
    }
}

/// Regression: a squad's stay was not logged, so two activations of one squad with a
/// stay between read as one line twice ("… (cost 1). ×2"). The stay is its own line.
#[test]
fn a_stay_is_logged_between_two_activations() {
    use crystal_clans::game::Input;
    let rules = Rules::base();
    let mut s = state(&rules);
    for _ in 0..500 {
        let seat = s.pending().seats[0];
        let legal = s.legal(&rules, seat);
        if legal.contains(&Input::Stay) {
            let events = s.apply(&rules, seat, &Input::Stay).unwrap();
            assert!(
                events.iter().any(|e| matches!(e, Event::Stayed { .. })),
                "{events:?}"
            );
            let lines = narrator(&rules, &s, Lang::En).lines(&events);
            assert!(lines.iter().any(|l| l.contains("stayed in")), "{lines:?}");
            return;
        }
        // Activate where possible, so a stay comes soon.
        let pick = legal
            .iter()
            .find(|i| matches!(i, Input::Activate(_)))
            .copied()
            .unwrap_or(legal[0]);
        s.apply(&rules, seat, &pick).unwrap();
    }
    panic!("no stay was offered in 500 inputs");
}

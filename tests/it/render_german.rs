//! The images in German: every word an image draws comes from `images.ftl` in the
//! table's language, so a German board, battle, hand or card draws no English source
//! text; the names of the game's vocabulary exist in both languages; and the words
//! listed without drawing are the ones drawn. (German text fitting is checked with the
//! English in `crates/render/tests/it/render.rs`.)

use crystal_clans::game::pack::{Ability, Effect, KindId, Signature, Style};
use crystal_clans::game::{Event, Rules, Setup};
use crystal_clans::i18n::{self, Lang};
use crystal_clans::render::{self, Table, Theme, Words, samples, words};
use fluent_syntax::ast::{Entry, Expression, Pattern, PatternElement};

use crate::support;
use support::variants::variants;

fn table<'a>(lang: Lang, rules: &'a Rules, theme: &'a Theme) -> Table<'a> {
    Table {
        rules,
        theme,
        names: ["Ana", "Max"],
        lang,
    }
}

/// Every literal line of a pattern, its selectors' variants included, each with
/// whether it is the whole of its pattern (a message of one word, "attack", rather than
/// a word between two variables, "of").
fn literals(p: &Pattern<&str>, out: &mut Vec<(String, bool)>) {
    let whole = p.elements.len() == 1;
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => {
                out.extend(value.lines().map(|l| (l.to_string(), whole)));
            }
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => {
                for v in variants {
                    literals(&v.value, out);
                }
            }
            PatternElement::Placeable { .. } => {}
        }
    }
}

/// The texts of one language's `images.ftl`, each literal line trimmed of everything
/// but letters and digits at its ends; a single word only when it is a whole message.
fn image_texts(lang: Lang) -> Vec<String> {
    let (_, source) = i18n::sources(lang)
        .iter()
        .find(|(file, _)| *file == "images.ftl")
        .expect("images.ftl is embedded");
    let resource = fluent_syntax::parser::parse(*source).expect("images.ftl parses");
    let mut out = Vec::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry
            && let Some(p) = &m.value
        {
            literals(p, &mut out);
        }
    }
    out.iter()
        .map(|(l, whole)| {
            let l = l.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
            (l, *whole)
        })
        .filter(|(l, whole)| !l.is_empty() && (*whole || l.contains(' ')))
        .map(|(l, _)| l)
        .collect()
}

/// The English source texts of `images.ftl` that German does not say the same way
/// ("draw pile", "attack", "LEFT"; not "Initiative" or "Horde"). A zone's name is
/// `rules.ftl`'s, checked in both languages by `tests/it/zone_names.rs`.
fn english_image_texts() -> Vec<String> {
    let german = image_texts(Lang::De);
    let mut english = image_texts(Lang::En);
    english.retain(|e| {
        !german
            .iter()
            .any(|g| g == e || g.split_whitespace().any(|w| w == e))
    });
    english.sort();
    english.dedup();
    english
}

/// Whether `text` (something a German image draws) says English text `e`: a phrase
/// anywhere in it, a single word as a whole word.
fn says(text: &str, e: &str) -> bool {
    if e.contains(' ') {
        text.contains(e)
    } else {
        text.split(|c: char| !c.is_alphanumeric()).any(|w| w == e)
    }
}

fn check_german(what: &str, drawn: &[String], exempt: &[String]) -> usize {
    let english = english_image_texts();
    assert!(english.iter().any(|e| e == "draw pile"), "{english:?}");
    let mut checked = 0;
    for text in drawn {
        if exempt.iter().any(|x| x.contains(text.trim())) {
            continue;
        }
        checked += 1;
        for e in &english {
            assert!(
                !says(text, e),
                "{what}: the German image draws English `{e}` in {text:?}"
            );
        }
    }
    checked
}

/// What the explanations under a hand's or a card's faces say: `i18n::explain`'s
/// words (`rules.ftl`, checked there), not the images' own.
fn explanation_texts(rules: &Rules, kinds: &[KindId]) -> Vec<String> {
    let cards = kinds.iter().map(|&k| &rules.pack.cards[k as usize]);
    words::explanations(Lang::De, rules, cards)
        .into_iter()
        .map(|e| e.text)
        .collect()
}

/// Issue 15: every image said English. A German board (set up, crowded, mid-battle,
/// won), battle, hand and card draw none of the English texts of `images.ftl`.
#[test]
fn german_images_draw_no_english_text_of_images_ftl() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(Lang::De, &rules, &theme);
    let mut checked = 0;

    let (s, _) = samples::crowded(&rules);
    let view = s.view(&rules, None);
    let drawn = render::words(
        &t,
        Words::Board {
            view: &view,
            caption: &[],
        },
    )
    .unwrap();
    checked += check_german("crowded board", &drawn, &[]);

    let (s, events) = samples::battle(&rules);
    let view = s.view(&rules, None);
    let drawn = render::words(
        &t,
        Words::Battle {
            kinds: &s.kinds,
            view: &view,
            events: &events,
        },
    )
    .unwrap();
    checked += check_german("battle", &drawn, &[]);

    let s = samples::hand(&rules);
    let view = s.view(&rules, Some(0));
    let kinds: Vec<KindId> = s.players[0]
        .hand
        .iter()
        .map(|&c| s.kinds[c as usize])
        .collect();
    let drawn = render::words(&t, Words::Hand { view: &view }).unwrap();
    checked += check_german("hand", &drawn, &explanation_texts(&rules, &kinds));

    for k in 0..rules.pack.cards.len() as KindId {
        let drawn = render::words(&t, Words::Card { kind: k }).unwrap();
        checked += check_german("card", &drawn, &explanation_texts(&rules, &[k]));
    }

    // Boards of a random match in every state it passes: setting up, a player to
    // answer in the other's turn, both to answer, a battle, the winner.
    let (mut boards, mut battles) = (0, 0);
    let mut battle: Vec<Event> = Vec::new();
    let setup = Setup {
        clans: [0, 3],
        seed: 5,
        mulligan: true,
    };
    let (_, end) = crystal_clans::selfplay::play_random(&rules, setup, 5, |s, events| {
        let view = s.view(&rules, None);
        let drawn = render::words(
            &t,
            Words::Board {
                view: &view,
                caption: &[],
            },
        )
        .map_err(|e| e.to_string())?;
        checked += check_german("board", &drawn, &[]);
        boards += 1;
        for e in events.iter().map(|e| e.redact(None)) {
            if support::play::battle_ended(&mut battle, e) {
                let words = Words::Battle {
                    kinds: &s.kinds,
                    view: &view,
                    events: &battle,
                };
                let drawn = render::words(&t, words).map_err(|e| e.to_string())?;
                checked += check_german("battle", &drawn, &[]);
                battles += 1;
            }
        }
        Ok(())
    })
    .expect("random play works");
    let view = end.view(&rules, None);
    assert!(view.winner.is_some(), "the random match ends with a winner");
    let drawn = render::words(
        &t,
        Words::Board {
            view: &view,
            caption: &[],
        },
    )
    .unwrap();
    assert!(drawn[0].contains("gewinnt"), "{drawn:?}");
    checked += check_german("final board", &drawn, &[]);
    assert!(
        boards > 50 && battles > 0,
        "{boards} boards, {battles} battles"
    );
    assert!(checked > 1000, "only {checked} texts checked");
}

/// The words an image lists without drawing are the texts it draws, in order: the
/// listing runs the same drawing code, only on a canvas that records.
#[test]
fn the_words_of_an_image_are_the_texts_it_draws() {
    let rules = Rules::base();
    let theme = Theme::default();
    for lang in Lang::ALL {
        let t = table(lang, &rules, &theme);
        let texts =
            |i: render::Image| -> Vec<String> { i.texts.into_iter().map(|f| f.text).collect() };
        let (s, _) = samples::crowded(&rules);
        let view = s.view(&rules, None);
        let caption = vec!["a log line".to_string()];
        assert_eq!(
            render::words(
                &t,
                Words::Board {
                    view: &view,
                    caption: &caption
                }
            )
            .unwrap(),
            texts(render::board(&t, &view, &caption).unwrap())
        );
        let (b, battle) = samples::battle(&rules);
        let bview = b.view(&rules, None);
        assert_eq!(
            render::words(
                &t,
                Words::Battle {
                    kinds: &b.kinds,
                    view: &bview,
                    events: &battle
                }
            )
            .unwrap(),
            texts(render::battle(&t, &b.kinds, &bview, &battle).unwrap())
        );
        let h = samples::hand(&rules);
        let hview = h.view(&rules, Some(0));
        assert_eq!(
            render::words(&t, Words::Hand { view: &hview }).unwrap(),
            texts(render::hand(&t, &hview).unwrap())
        );
        let k = samples::card(&rules);
        assert_eq!(
            render::words(&t, Words::Card { kind: k }).unwrap(),
            texts(render::card(&t, k).unwrap())
        );
        // A words-only board refuses a private view like the drawn one.
        let private = s.view(&rules, Some(0));
        let words = Words::Board {
            view: &private,
            caption: &[],
        };
        assert!(render::words(&t, words).is_err());
    }
}

/// Each value's name in both languages: the English one is the engine's own, the
/// German one its own (no two values share one, as a selector's default would).
fn check_names<T: std::fmt::Debug>(what: &str, all: &[T], name: impl Fn(Lang, &T) -> String) {
    assert!(all.len() > 1, "no {what} found");
    let mut german: Vec<String> = Vec::new();
    for v in all {
        let de = name(Lang::De, v);
        assert!(!de.trim().is_empty(), "{what} {v:?} has no German name");
        assert!(
            !german.contains(&de),
            "{what} {v:?} shares the German name {de:?}"
        );
        german.push(de);
    }
}

#[test]
fn every_style_signature_ability_and_effect_has_a_name_in_both_languages() {
    let rules = Rules::base();
    let styles: Vec<Style> = variants();
    check_names("style", &styles, |l, s| words::style(l, *s));
    for s in &styles {
        assert_eq!(words::style(Lang::En, *s), s.name());
    }
    let signatures: Vec<Signature> = variants();
    check_names("signature", &signatures, |l, s| words::signature(l, *s));
    for s in &signatures {
        assert_eq!(words::signature(Lang::En, *s), s.name());
    }
    let mut abilities: Vec<Ability> = variants();
    assert!(abilities.contains(&Ability::Flight));
    // A card without an ability shows no name for it.
    assert_eq!(words::ability_name(Lang::De, Ability::None), "");
    abilities.retain(|&a| a != Ability::None);
    check_names("ability", &abilities, |l, a| words::ability_name(l, *a));
    for a in &abilities {
        assert_eq!(words::ability_name(Lang::En, *a), a.name());
    }
    let effects: Vec<Effect> = variants();
    assert!(effects.len() > 15, "{effects:?}");
    check_names("effect", &effects, |l, e| words::effect(l, &rules, *e));
    for e in &effects {
        let (en, de) = (
            words::effect(Lang::En, &rules, *e),
            words::effect(Lang::De, &rules, *e),
        );
        assert_ne!(en, de, "{e:?} is said the same in German");
    }
}

/// German words are longer: on the samples and every card's lookup, in both languages
/// and with short player names, no text is cut with an ellipsis, except a list of the
/// units under a squad's top unit (which may run long in any language).
#[test]
fn german_texts_are_not_cut_where_english_ones_are_not() {
    let rules = Rules::base();
    let theme = Theme::default();
    for lang in Lang::ALL {
        let t = table(lang, &rules, &theme);
        let mut images = vec![];
        for (s, _) in [samples::opening(&rules), samples::crowded(&rules)] {
            images.push(render::board(&t, &s.view(&rules, None), &[]).unwrap());
        }
        let (s, events) = samples::battle(&rules);
        images.push(render::battle(&t, &s.kinds, &s.view(&rules, None), &events).unwrap());
        let s = samples::hand(&rules);
        images.push(render::hand(&t, &s.view(&rules, Some(0))).unwrap());
        for k in 0..rules.pack.cards.len() as KindId {
            images.push(render::card(&t, k).unwrap());
        }
        let under = i18n::messages::images::under(lang, "", "");
        for image in images {
            for f in image.texts {
                assert!(
                    !f.truncated() || f.text.contains(under.trim()),
                    "{lang:?}: {:?} is cut to {:?}",
                    f.text,
                    f.shown
                );
            }
        }
    }
}

/// A public replay's captions follow the server's language like its boards.
#[test]
fn a_german_replay_captions_its_frames_in_german() {
    use crystal_clans::game::State;
    use crystal_clans::render::replay::{self, Story};
    let rules = Rules::base();
    let theme = Theme::default();
    let setup = Setup {
        clans: [1, 4],
        seed: 11,
        mulligan: false,
    };
    let inputs = crystal_clans::selfplay::random_inputs(&rules, setup.clone(), 11, |s| s.turn > 8)
        .expect("plays");
    let (state, opening) = State::new(&rules, setup).unwrap();
    let story = Story::replay(&rules, state, &opening, inputs.iter().map(|(s, i)| (*s, i)))
        .expect("replays");
    let t = table(Lang::De, &rules, &theme);
    let captions = replay::replay(&t, &story).expect("draws").captions;
    assert!(captions.len() >= 8, "{captions:?}");
    assert!(
        captions.iter().all(|c| c.starts_with("Zug ")),
        "{captions:?}"
    );
    assert!(
        captions.iter().any(|c| c.contains("beschwor")),
        "{captions:?}"
    );
    check_german("replay caption", &captions, &[]);
}

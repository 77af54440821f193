//! The images: golden files for the sample positions, the board built from the public
//! view alone, no text running out of its box, sizes.
//!
//! `UPDATE_GOLDEN=1 cargo test -p crystal-clans-render --test it render::` rewrites `crates/render/tests/golden/*.png` on purpose
//! (look at them before committing). A mismatch writes the new image and a diff next to
//! the test binary's scratch folder and names them in the failure.

use crystal_clans_engine::game::pack::KindId;
use crystal_clans_engine::game::{Event, Rules, Setup, State};
use crystal_clans_i18n::{Lang, messages::images as m};
use crystal_clans_render::{self as render, Image, RenderError, Table, Theme, samples};
use std::path::PathBuf;

/// A pixel differs when a channel is off by more than this...
const CHANNEL_TOLERANCE: u8 = 6;
/// ...and an image differs when more than this share of its pixels do.
const PIXEL_SHARE: f64 = 0.0002;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

/// Stores goldens with the strongest compression: they are compared decoded.
fn store(path: &PathBuf, img: &image::RgbImage) {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encodes");
    std::fs::write(path, out).expect("writes the golden file");
}

pub(super) fn compare(name: &str, actual: &Image) -> Result<(), String> {
    let path = golden_dir().join(format!("{name}.png"));
    let got = decode(&actual.png);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).expect("creates crates/render/tests/golden");
        store(&path, &got);
        return Ok(());
    }
    let Ok(bytes) = std::fs::read(&path) else {
        return Err(format!(
            "{name}: no golden file {} (run UPDATE_GOLDEN=1 cargo test -p crystal-clans-render --test it render::)",
            path.display()
        ));
    };
    let want = decode(&bytes);
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    if got.dimensions() != want.dimensions() {
        store(&scratch.join(format!("{name}.actual.png")), &got);
        return Err(format!(
            "{name}: size {:?}, golden {:?} (actual image in {})",
            got.dimensions(),
            want.dimensions(),
            scratch.display()
        ));
    }
    let mut diff = image::RgbImage::new(got.width(), got.height());
    let mut differing = 0usize;
    for (x, y, a) in got.enumerate_pixels() {
        let b = want.get_pixel(x, y);
        let off = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
        if off > CHANNEL_TOLERANCE {
            differing += 1;
            diff.put_pixel(x, y, image::Rgb([255, 0, 0]));
        } else {
            let g = (a[0] as u16 + a[1] as u16 + a[2] as u16) / 6 + 128;
            diff.put_pixel(x, y, image::Rgb([g as u8; 3]));
        }
    }
    let total = (got.width() * got.height()) as usize;
    if differing as f64 > PIXEL_SHARE * total as f64 {
        store(&scratch.join(format!("{name}.actual.png")), &got);
        store(&scratch.join(format!("{name}.diff.png")), &diff);
        return Err(format!(
            "{name}: {differing} of {total} pixels differ from {} (actual and diff in {})",
            path.display(),
            scratch.display()
        ));
    }
    Ok(())
}

#[test]
fn sample_images_match_their_golden_files() {
    let rules = Rules::base();
    let images = samples::all(&rules, &Theme::default()).expect("the samples render");
    assert_eq!(images.len(), 8);
    let failures: Vec<String> = images
        .iter()
        .filter_map(|(name, image)| compare(name, image).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The samples are positions the engine could reach (cards accounted for, squads within
/// their limits, Horde squads led by a Horde unit), so the images show real boards.
#[test]
fn sample_positions_are_consistent() {
    let rules = Rules::base();
    let positions = [
        ("opening", samples::opening(&rules).0),
        ("crowded", samples::crowded(&rules).0),
        ("battle", samples::battle(&rules).0),
        ("hand", samples::hand(&rules)),
    ];
    for (name, state) in positions {
        if let Err(e) = state.validate(&rules) {
            panic!("the {name} sample is not a consistent position: {e}");
        }
    }
}

#[test]
fn sample_images_are_small_and_every_text_fits() {
    let rules = Rules::base();
    for (name, image) in samples::all(&rules, &Theme::default()).expect("the samples render") {
        assert!(
            image.png.len() < 1_000_000,
            "{name} is {} bytes",
            image.png.len()
        );
        assert_eq!(&image.png[1..4], b"PNG");
        for fit in &image.texts {
            assert!(
                !fit.overflows(),
                "{name}: text runs out of its box: {fit:?}"
            );
        }
    }
}

fn table<'a>(rules: &'a Rules, theme: &'a Theme, names: [&'a str; 2]) -> Table<'a> {
    table_in(Lang::En, rules, theme, names)
}

fn table_in<'a>(lang: Lang, rules: &'a Rules, theme: &'a Theme, names: [&'a str; 2]) -> Table<'a> {
    Table {
        rules,
        theme,
        names,
        lang,
    }
}

/// The board is drawn from the spectator's view alone: a position that differs only
/// in the hands gives the same bytes, and a player's view is refused.
#[test]
fn the_board_is_built_from_the_public_view_alone() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let (a, events) = samples::crowded(&rules);
    let caption = samples::narrate(&rules, &a, &events);
    // Same position, other cards in both hands (swapped with cards of the draw piles).
    let mut b = a.clone();
    for seat in 0..2 {
        let p = &mut b.players[seat];
        let (h, d) = (p.hand[0], p.draw[p.draw.len() - 1]);
        assert_ne!(
            a.kinds[h as usize], a.kinds[d as usize],
            "pick cards that differ"
        );
        p.hand[0] = d;
        let last = p.draw.len() - 1;
        p.draw[last] = h;
    }
    assert_ne!(a.view(&rules, Some(0)), b.view(&rules, Some(0)));
    assert_ne!(a.view(&rules, Some(1)), b.view(&rules, Some(1)));
    let view_a = a.view(&rules, None);
    let view_b = b.view(&rules, None);
    let board_a = render::board(&t, &view_a, &caption).expect("renders");
    let board_b = render::board(&t, &view_b, &caption).expect("renders");
    assert!(
        board_a.png == board_b.png,
        "hands changed the public board image"
    );
    // A seat's view holds its hand: the board and battle images refuse it.
    let seat_view = a.view(&rules, Some(0));
    assert!(matches!(
        render::board(&t, &seat_view, &caption),
        Err(RenderError::NotPublic)
    ));
    let (s, ev) = samples::battle(&rules);
    assert!(matches!(
        render::battle(&t, &s.kinds, &s.view(&rules, Some(1)), &ev),
        Err(RenderError::NotPublic)
    ));
    // And a hand needs a seat's own view.
    assert!(matches!(
        render::hand(&t, &view_a),
        Err(RenderError::NoHand)
    ));
}

/// Every card's name in both languages (the German edition's where the pack has one).
fn card_names(rules: &Rules) -> Vec<String> {
    rules
        .pack
        .cards
        .iter()
        .flat_map(|c| [Some(c.name.clone()), c.name_de.clone()])
        .flatten()
        .collect()
}

/// A text is a card's name (with or without its provisional mark).
fn is_card_name(names: &[String], text: &str) -> bool {
    let bare = text.trim_end_matches('†');
    names.iter().any(|n| n == bare)
}

fn check_fits(what: &str, image: &Image, names: &[String]) {
    assert!(
        image.png.len() < 1_000_000,
        "{what}: {} bytes",
        image.png.len()
    );
    for fit in &image.texts {
        assert!(
            !fit.overflows(),
            "{what}: text runs out of its box: {fit:?}"
        );
        if is_card_name(names, &fit.text) {
            assert!(
                !fit.truncated(),
                "{what}: a card name was cut instead of shrunk: {fit:?}"
            );
        }
    }
}

/// Every card of the pack on top of a squad, under players with 32-character names
/// (the widest letters), on the board, in a hand and as a single card, in English and
/// in German (its longer words and the German edition's card names): no text leaves
/// its box, and no card name is cut.
#[test]
fn no_text_overflows_with_the_longest_names() {
    let rules = Rules::base();
    let theme = Theme::default();
    let wide = "W".repeat(32);
    let spaced = "Wolfgang Maximilian Wunderbar III"[..32].to_string();
    let names = card_names(&rules);
    for (lang, display) in Lang::ALL.into_iter().flat_map(|lang| {
        [
            (lang, [wide.as_str(), spaced.as_str()]),
            (lang, [spaced.as_str(), wide.as_str()]),
        ]
    }) {
        let t = table_in(lang, &rules, &theme, display);
        for pair in [[0u8, 1], [2, 3], [4, 5]] {
            let (mut s, _) = State::new(
                &rules,
                Setup {
                    clans: pair,
                    seed: 1,
                    mulligan: false,
                },
            )
            .expect("setup");
            // Put every card of each deck into squads: each distinct card on top once.
            for seat in 0..2u8 {
                let mut pool: Vec<u8> = Vec::new();
                let p = &mut s.players[seat as usize];
                pool.extend(std::mem::take(&mut p.hand));
                pool.extend(std::mem::take(&mut p.draw));
                let mut kinds: Vec<KindId> = pool.iter().map(|&c| s.kinds[c as usize]).collect();
                kinds.sort();
                kinds.dedup();
                let mut tops = Vec::new();
                for k in &kinds {
                    let i = pool
                        .iter()
                        .position(|&c| s.kinds[c as usize] == *k)
                        .expect("in the pool");
                    tops.push(pool.remove(i));
                }
                for (z, top) in tops.into_iter().enumerate() {
                    let mut squad = s
                        .squads
                        .squad_mut((z % rules.board.zones.len()) as u8, seat);
                    squad.insert(0, top);
                    while squad.len() < 4 && !pool.is_empty() {
                        let c = pool.remove(0);
                        squad.push(c);
                    }
                }
                s.players[seat as usize].hand.extend(pool.drain(..));
            }
            let board =
                render::board(&t, &s.view(&rules, None), &["x".repeat(200)]).expect("renders");
            check_fits(&format!("{lang:?} board {pair:?}"), &board, &names);
        }
        // Hands: each clan's nine cards.
        for clan in 0..rules.pack.clans.len() as u8 {
            let (mut s, _) = State::new(
                &rules,
                Setup {
                    clans: [clan, clan],
                    seed: 1,
                    mulligan: false,
                },
            )
            .expect("setup");
            let p = &mut s.players[0];
            p.draw.extend(std::mem::take(&mut p.hand));
            let mut seen = Vec::new();
            let mut rest = Vec::new();
            for c in std::mem::take(&mut p.draw) {
                if seen.contains(&s.kinds[c as usize]) {
                    rest.push(c);
                } else {
                    seen.push(s.kinds[c as usize]);
                    p.hand.push(c);
                }
            }
            p.draw.extend(rest);
            let hand = render::hand(&t, &s.view(&rules, Some(0))).expect("renders");
            check_fits(&format!("{lang:?} hand of clan {clan}"), &hand, &names);
        }
    }
    // The lookup of every card.
    for lang in Lang::ALL {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        for k in 0..rules.pack.cards.len() {
            let card = render::card(&t, k as KindId).expect("renders");
            let what = format!("{lang:?} card {}", rules.pack.cards[k].id);
            check_fits(&what, &card, &names);
        }
    }
}

#[test]
fn the_battle_image_reads_its_facts_from_the_events() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let (s, events) = samples::battle(&rules);
    let view = s.view(&rules, None);
    let image = render::battle(&t, &s.kinds, &view, &events).expect("renders");
    let texts: Vec<&str> = image.texts.iter().map(|f| f.shown.as_str()).collect();
    for want in [
        "18",
        "13",
        "11",
        "Destroyed:",
        "Warchief Gorrak",
        "Horgath's Stone Golem",
    ] {
        assert!(texts.contains(&want), "{want:?} not in {texts:?}");
    }
    assert!(texts.iter().any(|t| t.starts_with("GUARDED beats TRICKY")));
    assert!(matches!(
        render::battle(&t, &s.kinds, &view, &events[1..]),
        Err(RenderError::NoBattle)
    ));
}

/// The battle image is shown inline too: landscape, it fills the 550x350 box's width,
/// and every word on it (the match-up, the names and roles, both battle cards, the
/// totals, who fell and who is left) is 11 pixels or more there, in both languages.
#[test]
fn the_battle_image_reads_at_11_pixels_in_discords_inline_box() {
    let rules = Rules::base();
    let theme = Theme::default();
    let (s, events) = samples::battle(&rules);
    let view = s.view(&rules, None);
    let mut least = (f32::MAX, f32::MAX);
    for lang in Lang::ALL {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        let image = render::battle(&t, &s.kinds, &view, &events).expect("renders");
        let (w, h) = (image.width as f32, image.height as f32);
        let scale = (550.0 / w).min(350.0 / h);
        assert!(
            w * scale >= 540.0,
            "a {w}x{h} battle image leaves the box half empty"
        );
        for fit in &image.texts {
            assert!(!fit.overflows(), "{lang:?}: {fit:?}");
            assert!(!fit.truncated(), "{lang:?}: {fit:?}");
            assert!(
                fit.size * scale >= 11.0 || too_long_a_word(fit, 20.0),
                "{lang:?}: {:.1} px: {fit:?}",
                fit.size * scale
            );
        }
        let (desktop, phone) = smallest_shown(&image, |_| true);
        least = (least.0.min(desktop), least.1.min(phone));
    }
    eprintln!(
        "battle: smallest text {:.1} px at 550x350, {:.1} px at 390 wide",
        least.0, least.1
    );
}

/// What a battle picture says beside the cards, in English.
fn battle_texts(view: &crystal_clans_engine::game::view::View, events: &[Event]) -> Vec<String> {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let (s, _) = samples::battle(&rules);
    let image = render::battle(&t, &s.kinds, view, events).expect("renders");
    image.texts.into_iter().map(|f| f.text).collect()
}

/// The results a battle picture may state only once its events reached them.
fn results(texts: &[String]) -> Vec<&String> {
    let lang = Lang::En;
    texts
        .iter()
        .filter(|t| {
            **t == m::no_damage(lang)
                || **t == m::no_damage_left(lang)
                || **t == m::nobody_fell(lang)
                || **t == m::damage_dealt(lang)
                || t.starts_with("Still standing")
                || t.starts_with("No squad of")
        })
        .collect()
}

/// Regression: posted while a decision paused the battle before its damage (a "draw 1"
/// right effect letting a player choose to draw), the picture read "No damage dealt.
/// No unit fell. Still standing: Spirit Guide", and Spirit Guide was destroyed a moment
/// later. Events cut before the damage now draw what is still to come and who must
/// answer first, and no result; a unit an effect destroyed before the damage is told.
#[test]
fn battle_picture_paused_before_damage_states_no_result() {
    use crystal_clans_engine::game::{Pending, Question};
    let rules = Rules::base();
    let (s, events) = samples::battle(&rules);
    let revealed = events
        .iter()
        .position(|e| matches!(e, Event::BattleCardsRevealed { .. }))
        .expect("the sample reveals its cards");
    let cut = &events[..=revealed];
    let mut view = s.view(&rules, None);
    view.pending = Pending {
        seats: vec![1],
        question: Question::MayDraw { max: 1 },
    };
    let texts = battle_texts(&view, cut);
    assert!(results(&texts).is_empty(), "{texts:?}");
    let question = crystal_clans_i18n::questions::question(Lang::En, &view.pending.question);
    let follows = crystal_clans_i18n::messages::images::damage_follows(
        Lang::En,
        samples::NAMES[1],
        question.as_str(),
    );
    assert!(texts.contains(&follows), "{follows:?} not in {texts:?}");
    // A unit destroyed by an effect before the damage is told as destroyed, and still
    // nothing is said of the result.
    let Event::UnitDestroyed { card, .. } = events[revealed + 2] else {
        panic!("the sample's damage destroys units");
    };
    let mut early = cut.to_vec();
    early.push(Event::UnitDestroyed { card, zone: 0 });
    let texts = battle_texts(&view, &early);
    assert!(results(&texts).is_empty(), "{texts:?}");
    assert!(texts.contains(&m::destroyed(Lang::En)), "{texts:?}");
    // The whole battle states its result.
    let texts = battle_texts(&s.view(&rules, None), &events);
    assert!(!results(&texts).is_empty(), "{texts:?}");
    assert!(!texts.contains(&follows));
}

/// The same through real matches: at every input of random matches that leaves a
/// battle revealed but not resolved, the picture of the battle so far states no
/// result and says the damage follows.
#[test]
fn battle_pictures_of_paused_battles_in_random_matches_state_no_result() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let mut paused = 0;
    for seed in 0..40u64 {
        let setup = Setup {
            clans: [(seed % 6) as u8, ((seed + 3) % 6) as u8],
            seed,
            mulligan: false,
        };
        let mut battle: Vec<Event> = Vec::new();
        crystal_clans_engine::selfplay::play_random(&rules, setup, seed, |s, events| {
            for e in events.iter().map(|e| e.redact(None)) {
                if matches!(e, Event::BattleStarted { .. }) {
                    battle.clear();
                }
                battle.push(e);
            }
            let revealed = battle
                .iter()
                .any(|e| matches!(e, Event::BattleCardsRevealed { .. }));
            let resolved = battle
                .iter()
                .any(|e| matches!(e, Event::DamageDealt { .. } | Event::NoDamage));
            let ended = battle
                .iter()
                .any(|e| matches!(e, Event::BattleEnded { .. }));
            if revealed && !resolved && !ended && paused < 12 {
                let view = s.view(&rules, None);
                let image =
                    render::battle(&t, &s.kinds, &view, &battle).map_err(|e| e.to_string())?;
                let texts: Vec<String> = image.texts.iter().map(|f| f.text.clone()).collect();
                if !results(&texts).is_empty() {
                    return Err(format!("a paused battle states a result: {texts:?}"));
                }
                if !texts.iter().any(|t| t.starts_with("Damage ")) {
                    return Err(format!(
                        "a paused battle does not say what follows: {texts:?}"
                    ));
                }
                paused += 1;
            }
            Ok(())
        })
        .expect("random play works");
        if paused >= 12 {
            break;
        }
    }
    assert!(
        paused > 0,
        "no random battle paused between its reveal and its damage"
    );
    eprintln!("{paused} paused battles drawn");
}

/// Whether `fit` holds a word (cut at spaces and after hyphens, as the images wrap)
/// wider than its whole box at `size`: the one reason a text may shrink.
fn too_long_a_word(fit: &render::Fit, size: f32) -> bool {
    fit.text
        .split_whitespace()
        .flat_map(|w| w.split_inclusive('-'))
        .any(|w| render::canvas::measure(w, fit.face, size) > fit.max)
}

/// A hand of five was 1030x1088, shown at 331x350 in Discord's inline box with its
/// glossary unreadable. Now a hand is landscape (one row up to six cards, two rows
/// beyond) and every word on it (the title, each card's name, type, numbers,
/// abilities, style and effects) is 11 pixels or more in the 550x350 box, whole and in
/// its box, for every hand of one to eight cards in both languages.
#[test]
fn a_hand_of_up_to_eight_reads_at_11_pixels_in_discords_inline_box() {
    let rules = Rules::base();
    let theme = Theme::default();
    let full = samples::hand(&rules);
    let (mut least, mut longest) = ((f32::MAX, f32::MAX), (f32::MAX, f32::MAX));
    for lang in Lang::ALL {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        for n in 1..=8 {
            let mut s = full.clone();
            while s.players[0].hand.len() > n {
                let c = s.players[0].hand.pop().unwrap();
                s.players[0].draw.push(c);
            }
            let image = render::hand(&t, &s.view(&rules, Some(0))).expect("renders");
            let (w, h) = (image.width as f32, image.height as f32);
            if n >= 2 {
                assert!(w > h, "{lang:?}: a hand of {n} is {w}x{h}");
            }
            let scale = (550.0 / w).min(350.0 / h);
            for fit in &image.texts {
                assert!(!fit.overflows(), "{lang:?} hand of {n}: {fit:?}");
                assert!(!fit.truncated(), "{lang:?} hand of {n}: {fit:?}");
                // A German word longer than a card of a row of five or six is wide
                // ("ZURÜCKHALTEND", "Gestaltwandler") shrinks: none breaks mid-word.
                if too_long_a_word(fit, 32.0) {
                    assert!(fit.size * scale >= 9.0, "{lang:?} hand of {n}: {fit:?}");
                    continue;
                }
                assert!(
                    fit.size * scale >= 11.0,
                    "{lang:?} hand of {n} ({w}x{h}): {:.1} px: {fit:?}",
                    fit.size * scale
                );
            }
            let (desktop, phone) = smallest_shown(&image, |f| !too_long_a_word(f, 32.0));
            least = (least.0.min(desktop), least.1.min(phone));
            let (desktop, phone) = smallest_shown(&image, |_| true);
            longest = (longest.0.min(desktop), longest.1.min(phone));
        }
    }
    eprintln!(
        "hand of 1 to 8: smallest text {:.1} px at 550x350, {:.1} px at 390 wide \
         ({:.1} and {:.1} for a word longer than its card is wide)",
        least.0, least.1, longest.0, longest.1
    );
}

/// The board's title said "Turn 11 · Max to move" while the message above it pinged Ana
/// to decide how many cards to draw: the title now names whoever must answer, and
/// whose turn it is after.
#[test]
fn the_board_title_names_who_must_answer_not_only_whose_turn() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, ["Ana", "Max"]);
    let (mut other, mut both) = (0, 0);
    for seed in 0..6u64 {
        let setup = Setup {
            clans: [(seed % 6) as u8, ((seed + 2) % 6) as u8],
            seed,
            mulligan: false,
        };
        crystal_clans_engine::selfplay::play_random(&rules, setup, seed, |s, _| {
            let view = s.view(&rules, None);
            let seats = view.pending.seats.clone();
            let answering = match seats.as_slice() {
                _ if view.winner.is_some() || view.turn == 0 => return Ok(()),
                [a] if *a != view.active => Some(*a),
                [_, _] => None,
                _ => return Ok(()),
            };
            if (answering.is_some() && other >= 3) || (answering.is_none() && both >= 3) {
                return Ok(());
            }
            let image = render::board(&t, &view, &[]).map_err(|e| e.to_string())?;
            let title = &image.texts[0].text;
            let turn = format!("({}'s turn)", ["Ana", "Max"][view.active as usize]);
            let who = match answering {
                Some(a) => {
                    other += 1;
                    format!("{} to answer", ["Ana", "Max"][a as usize])
                }
                None => {
                    both += 1;
                    "both to answer".to_string()
                }
            };
            assert!(title.contains(&who) && title.ends_with(&turn), "{title}");
            Ok(())
        })
        .expect("random play works");
    }
    assert!(
        other > 0 && both > 0,
        "{other} boards with the other to answer, {both} with both"
    );
}

/// Positions from a random game (mulligan, battles waiting for cards, battle results
/// from the engine's own events, the end of the match) all render, and their text fits,
/// in English and in German.
#[test]
fn positions_from_a_random_game_render() {
    let rules = Rules::base();
    let theme = Theme::default();
    let tables = Lang::ALL.map(|lang| table_in(lang, &rules, &theme, samples::NAMES));
    let names = card_names(&rules);
    let mut inputs = 0u32;
    let mut boards = 0;
    let mut battles = 0;
    for seed in 0..20u64 {
        let setup = Setup {
            clans: [(seed % 6) as u8, ((seed + 1) % 6) as u8],
            seed,
            mulligan: true,
        };
        let mut battle_events: Vec<Event> = Vec::new();
        let (_, end) =
            crystal_clans_engine::selfplay::play_random(&rules, setup, seed, |s, events| {
                inputs += 1;
                let public: Vec<Event> = events.iter().map(|e| e.redact(None)).collect();
                let view = s.view(&rules, None);
                let in_battle = view.battle.is_some();
                if boards < 12 && (inputs % 40 == 1 || (in_battle && boards < 6)) {
                    for t in &tables {
                        let image = render::board(t, &view, &[]).map_err(|e| e.to_string())?;
                        let what = format!("{:?} board after input {inputs}", t.lang);
                        check_fits(&what, &image, &names);
                    }
                    boards += 1;
                }
                for e in public {
                    let ended = matches!(e, Event::BattleEnded { .. });
                    if matches!(e, Event::BattleStarted { .. }) {
                        battle_events.clear();
                    }
                    battle_events.push(e);
                    if ended && battles < 4 {
                        for t in &tables {
                            let image = render::battle(t, &s.kinds, &view, &battle_events)
                                .map_err(|e| e.to_string())?;
                            let what = format!("{:?} battle before input {inputs}", t.lang);
                            check_fits(&what, &image, &names);
                        }
                        battles += 1;
                    }
                }
                Ok(())
            })
            .expect("random play works");
        if seed < 2 {
            for t in &tables {
                let last = render::board(t, &end.view(&rules, None), &[]).expect("renders");
                check_fits("the final board", &last, &names);
                for seat in 0..2 {
                    let hand = render::hand(t, &end.view(&rules, Some(seat))).expect("renders");
                    check_fits("a final hand", &hand, &names);
                }
            }
        }
        if battles >= 4 {
            break;
        }
    }
    assert!(
        battles > 0,
        "the game had no battle to draw ({inputs} inputs, {boards} boards)"
    );
}

/// The smallest text of `image` as Discord shows it inline (desktop, a 550x350 box)
/// and on a phone (390 wide), among the texts `counts`; in pixels.
fn smallest_shown(image: &Image, counts: impl Fn(&render::Fit) -> bool) -> (f32, f32) {
    let (w, h) = (image.width as f32, image.height as f32);
    let desktop = (550.0 / w).min(350.0 / h);
    let phone = 390.0 / w;
    let least = image
        .texts
        .iter()
        .filter(|f| counts(f))
        .map(|f| f.size)
        .fold(f32::MAX, f32::min);
    (least * desktop, least * phone)
}

/// An audit found the board's unit names, numbers, zone names and track at 6 to 10
/// pixels in Discord's inline box (about 550x350). Now every text a player must read
/// there (whose move and the question, each top unit's name, attack, defense and
/// activation and how many units are under it, the zones' names, the track's numbers
/// and token, the crystals for sale and their prices, each player's name, clan,
/// crystal count, hand, draw pile and discard pile) is 11 pixels or more in that box,
/// whole and inside its box, on the crowded sample in both languages and the opening;
/// only the names of the crystals a player collected, listed under their count, are
/// smaller. The board is landscape, near the box's own shape, so it fills the box.
#[test]
fn the_board_reads_at_11_pixels_in_discords_inline_box() {
    let rules = Rules::base();
    let theme = Theme::default();
    let (crowded, _) = samples::crowded(&rules);
    let (opening, _) = samples::opening(&rules);
    let mut least = (f32::MAX, f32::MAX);
    for lang in Lang::ALL {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        for (what, s) in [("crowded", &crowded), ("opening", &opening)] {
            let view = s.view(&rules, None);
            let board = render::board(&t, &view, &[]).expect("renders");
            let (w, h) = (board.width as f32, board.height as f32);
            let scale = (550.0 / w).min(350.0 / h);
            assert!(
                w * scale >= 540.0 && h * scale >= 330.0,
                "a {w}x{h} board leaves the box half empty"
            );
            // The crystals collected, by name, under the count that matters.
            let collected: Vec<String> = view
                .players
                .iter()
                .flat_map(|p| &p.crystals)
                .flat_map(|cc| {
                    let def = &rules.pack.crystals[cc.crystal as usize];
                    let name = crystal_clans_i18n::names::crystal(lang, def).to_string();
                    [m::face_down(lang, &name), name]
                })
                .collect();
            let listed = |f: &render::Fit| {
                collected.contains(&f.text)
                    || f.text.starts_with('+')
                        && f.text.ends_with(m::more(lang, 1).trim_start_matches("+1"))
            };
            for fit in &board.texts {
                assert!(!fit.overflows(), "{lang:?} {what}: out of its box: {fit:?}");
                assert!(!fit.truncated(), "{lang:?} {what}: cut: {fit:?}");
                if !listed(fit) {
                    assert!(
                        fit.size * scale >= 11.0,
                        "{lang:?} {what}: {:.1} px in the box: {fit:?}",
                        fit.size * scale
                    );
                }
            }
            // What the rule must cover is there: every top unit's name and numbers, the
            // track's token, the market's prices, both crystal counts.
            let texts: Vec<&str> = board.texts.iter().map(|f| f.text.as_str()).collect();
            for squad in view.zones.iter().flat_map(|z| z.squads.iter()) {
                let Some(top) = squad.first() else { continue };
                let card = &rules.pack.cards[top.kind as usize];
                let name = crystal_clans_i18n::names::card(lang, card);
                assert!(texts.contains(&name), "{lang:?} {what}: no {name}");
                for n in [card.attack, card.defense, card.activation] {
                    assert!(texts.contains(&n.to_string().as_str()));
                }
                if squad.len() > 1 {
                    assert!(texts.contains(&format!("+{}", squad.len() - 1).as_str()));
                }
            }
            for &cr in &view.market {
                let cost = rules.pack.crystals[cr as usize].cost.to_string();
                assert!(
                    texts.contains(&cost.as_str()),
                    "{lang:?} {what}: no price {cost}"
                );
            }
            let counts = texts
                .iter()
                .filter(|t| (0..=4).any(|n| **t == m::crystals_of(lang, n, 4)));
            assert_eq!(counts.count(), 2, "{lang:?} {what}: {texts:?}");
            let (desktop, phone) = smallest_shown(&board, |f| !listed(f));
            least = (least.0.min(desktop), least.1.min(phone));
        }
    }
    eprintln!(
        "board: smallest text to read {:.1} px at 550x350, {:.1} px at 390 wide",
        least.0, least.1
    );
}

/// The previews fit Discord's inline box (550x350 on desktop) and a phone's width, and
/// the landscape board fills the box's width.
#[test]
fn previews_fit_the_inline_box_and_a_phone() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let (s, _) = samples::opening(&rules);
    let board = render::board(&t, &s.view(&rules, None), &[]).expect("renders");
    let inline = decode(&render::preview(&board.png, 550, 350).expect("scales"));
    assert!(inline.width() <= 550 && inline.height() <= 350);
    assert!(inline.width() >= 540, "{:?}", inline.dimensions());
    let phone = decode(&render::preview(&board.png, 390, u32::MAX).expect("scales"));
    assert_eq!(phone.width(), 390);
    assert_eq!(
        phone.height(),
        (board.height as f32 * 390.0 / board.width as f32).round() as u32
    );
}

/// A hand of every card of a deck (27, more than any select could list) still renders
/// legibly within Discord's upload limit, with no text out of its box.
#[test]
fn a_hand_of_27_cards_renders() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let mut s = samples::hand(&rules);
    let draw: Vec<u8> = std::mem::take(&mut s.players[0].draw).to_vec();
    s.players[0].hand.extend(draw);
    let discard: Vec<u8> = std::mem::take(&mut s.players[0].discard).to_vec();
    s.players[0].hand.extend(discard);
    assert_eq!(s.players[0].hand.len(), 27);
    s.validate(&rules).unwrap();
    let img = render::hand(&t, &s.view(&rules, Some(0))).expect("renders");
    println!("27-card hand: {} bytes", img.png.len());
    assert!(img.png.len() < 8_000_000, "{} bytes", img.png.len());
    for fit in &img.texts {
        assert!(!fit.overflows(), "text runs out of its box: {fit:?}");
    }
}

/// Issue 16: the hand named "Flank" and "Clone" without saying what they do, and its
/// legend explained a `*` no card carried. Each signature, ability and battle effect
/// shown gets its explanation, now in the glossary the message carries beside the
/// image (drawn under the cards it was unreadable in Discord's box); a mark nothing
/// carries gets none.
#[test]
fn the_hand_glossary_says_what_its_abilities_do_and_explains_no_unused_mark() {
    use crystal_clans_engine::game::pack::Ability;
    use crystal_clans_i18n::explain;
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme, samples::NAMES);
    let s = samples::hand(&rules);
    let view = s.view(&rules, Some(0));
    let glossary = render::hand_glossary(&t, &view);
    let said = |term: &str, text: &str| glossary.iter().any(|(a, b)| a == term && b == text);
    let cards: Vec<_> = s.players[0]
        .hand
        .iter()
        .map(|&c| &rules.pack.cards[s.kinds[c as usize] as usize])
        .collect();
    let mut explained = 0;
    for card in &cards {
        if card.signature {
            let clan = &rules.pack.clans[card.clan as usize];
            let text = explain::signature(Lang::En, clan.signature, clan.horde_limit);
            assert!(said(clan.signature.name(), &text), "{glossary:?}");
        }
        if card.ability != Ability::None {
            let text = explain::ability(Lang::En, card.ability, &rules.pack);
            assert!(
                said(card.ability.name(), &text),
                "{:?}: {glossary:?}",
                card.ability
            );
            explained += 1;
        }
    }
    assert!(explained >= 3, "the sample hand shows abilities");
    assert!(said(
        "send foe home",
        "the enemy squad is sent to its home zone; no damage is dealt"
    ));
    // Every effect of the vocabulary is in play: no `*` anywhere, so nothing for it.
    assert!(
        !glossary.iter().any(|(a, _)| a.contains('*')),
        "{glossary:?}"
    );
    // Once each, and none in the image any more.
    for (i, entry) in glossary.iter().enumerate() {
        assert!(!glossary[..i].contains(entry), "{entry:?} twice");
    }
    let image = render::hand(&t, &view).expect("renders");
    let texts: Vec<&str> = image.texts.iter().map(|f| f.text.as_str()).collect();
    for (_, text) in &glossary {
        assert!(!texts.iter().any(|t| t.contains(text.as_str())), "{text}");
    }
    // A spectator's view has no hand, and so no glossary.
    assert!(render::hand_glossary(&t, &s.view(&rules, None)).is_empty());
    // The lookup of one card still explains its icons and, when it has any, its marks.
    let card = render::card(&t, 0).expect("renders");
    assert!(card.texts.iter().any(|f| f.text == "summon cost"));
    assert!(
        card.texts
            .iter()
            .any(|f| f.text == m::provisional(Lang::En))
    );
}

/// The board, a battle and a hand are read for play: no provisional dagger on their
/// values and no legend of icons or marks (which shrank to a few pixels in Discord's
/// box). The lookup of one card is where a player asks what is provisional: it keeps
/// both.
#[test]
fn only_the_card_lookup_shows_provisional_marks() {
    let rules = Rules::base();
    let theme = Theme::default();
    for lang in Lang::ALL {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        let (s, _) = samples::crowded(&rules);
        let board = render::board(&t, &s.view(&rules, None), &[]).expect("renders");
        let (b, events) = samples::battle(&rules);
        let battle = render::battle(&t, &b.kinds, &b.view(&rules, None), &events).unwrap();
        let h = samples::hand(&rules);
        let hand = render::hand(&t, &h.view(&rules, Some(0))).expect("renders");
        let legend = [
            m::provisional(lang),
            m::neutral_initiative(lang),
            m::activation_cost(lang),
        ];
        for (what, image) in [("board", &board), ("battle", &battle), ("hand", &hand)] {
            for fit in &image.texts {
                assert!(!fit.text.contains('†'), "{lang:?} {what}: {fit:?}");
                assert!(!legend.contains(&fit.text), "{lang:?} {what}: {fit:?}");
            }
        }
        let card = render::card(&t, samples::card(&rules)).expect("renders");
        assert!(card.texts.iter().any(|f| f.text.contains('†')));
        assert!(card.texts.iter().any(|f| f.text == m::provisional(lang)));
    }
}

/// A lesson's board (`/clans learn`): the outlines of what the lesson is about and
/// nothing else changes; the alt text says first what is outlined, in both languages.
/// Golden: `lesson_goal` (the opening, its crystal zones, player one's home and the
/// market outlined).
#[test]
fn a_lesson_board_outlines_what_the_lesson_is_about() {
    use crystal_clans_engine::game::board::ZoneKind;
    let rules = Rules::base();
    let theme = Theme::default();
    let (s, _) = samples::opening(&rules);
    let view = s.view(&rules, None);
    let crystal: Vec<u8> = (0..rules.board.zones.len() as u8)
        .filter(|&z| rules.board.zones[z as usize].kind == ZoneKind::Crystal)
        .collect();
    let marks = render::Marks {
        zones: crystal.clone(),
        market: true,
        ..Default::default()
    };
    let t = table(&rules, &theme, samples::NAMES);
    let plain = decode(&render::board(&t, &view, &[]).expect("renders").png);
    let none = render::board_marked(&t, &view, &render::Marks::default()).expect("renders");
    assert_eq!(decode(&none.png), plain, "no marks, the board itself");
    let marked = render::board_marked(&t, &view, &marks).expect("renders");
    let got = decode(&marked.png);
    assert_eq!(got.dimensions(), plain.dimensions());
    let ink = image::Rgb([0x1f, 0x1d, 0x24]);
    let changed: Vec<_> = got
        .pixels()
        .zip(plain.pixels())
        .filter(|(a, b)| a != b)
        .collect();
    let inked = changed.iter().filter(|(a, _)| **a == ink).count();
    assert!(inked > 10_000, "the outlines are drawn: {inked} pixels");
    let changed = changed.len();
    // Outlines, not fills: a small share of the image.
    let share = changed as f64 / (got.width() * got.height()) as f64;
    assert!(share < 0.12, "{share}");
    compare("lesson_goal", &marked).unwrap();
    for (lang, start) in [
        (Lang::En, "Outlined for this lesson: "),
        (Lang::De, "Für diese Lektion umrandet: "),
    ] {
        let t = table_in(lang, &rules, &theme, samples::NAMES);
        let alt = render::alt::board_marked(&t, &view, &marks);
        assert!(alt.starts_with(start), "{alt}");
        assert!(alt.chars().count() <= render::alt::MAX, "{alt}");
        let plain_alt = render::alt::board(&t, &view);
        assert!(
            alt.ends_with(&plain_alt),
            "the board's own alt text follows: {alt}"
        );
        let track = render::Marks {
            track: true,
            players: vec![1],
            ..Default::default()
        };
        let said = render::alt::board_marked(&t, &view, &track);
        assert!(said.contains(samples::NAMES[1]), "{said}");
        assert_eq!(
            render::alt::board_marked(&t, &view, &Default::default()),
            plain_alt
        );
    }
}

//! The Crystallo cavern image: golden files for a mid-game cavern in English and
//! German and for a phase-2 one, the same bytes for the same view, every text within
//! its box at the sizes Discord shows (550x350 inline, 390 px on a phone) in every
//! phase, the face-up cards of phase 2 numbered as the panel numbers them.

use super::render::compare;
use crystal_clans_crystallo::bots::{Bot, Greedy, Search};
use crystal_clans_crystallo::play::numbered_spots;
use crystal_clans_crystallo::{Deck, Phase, State, View, apply, legal};
use crystal_clans_i18n::Lang;
use crystal_clans_render::Image;
use crystal_clans_render::crystallo::{CavernTable, HEIGHT, WIDTH, cavern};

/// Plays `seed` with the greedy player until `stop` says so (or the game ends).
fn play_until(deck: &Deck, seed: u64, stop: impl Fn(&State, usize) -> bool) -> State {
    let (mut s, _) = State::deal(deck, seed);
    let mut turn = 0;
    while !stop(&s, turn) && !s.is_over() {
        let i = Greedy.decide(&View::of(&s), &legal(&s));
        apply(&mut s, i).expect("legal");
        turn += 1;
    }
    s
}

fn draw(deck: &Deck, s: &State, lang: Lang) -> Image {
    let view = View::of(s);
    let l = legal(s);
    let card = match s.phase {
        Phase::Explore => s.drawn,
        Phase::Dragon => s.face_up.first().copied(),
        _ => None,
    };
    let spots = card.map(|k| numbered_spots(&l, k)).unwrap_or_default();
    let table = CavernTable {
        deck,
        lang,
        card,
        spots: &spots,
    };
    cavern(table, &view).expect("renders")
}

/// A phase-1 cavern after 12 placements, a phase-2 one after 3, and an ended game.
fn positions(deck: &Deck) -> Vec<(&'static str, State)> {
    let mid = play_until(deck, 3, |_, t| t == 12);
    let seed = (0..50)
        .find(|s| {
            play_until(deck, *s, |_, _| false)
                .outcome()
                .is_some_and(|o| o.freed_all)
        })
        .expect("a greedy game reaches phase 2");
    let dragon = play_until(deck, seed, |s, _| {
        s.phase == Phase::Dragon && s.cavern.placed.len() >= 3
    });
    let mut search = Search::new(1);
    let (mut over, _) = State::deal(deck, 5);
    while !over.is_over() {
        let i = search.decide(&View::of(&over), &legal(&over));
        apply(&mut over, i).unwrap();
    }
    vec![("mid", mid), ("dragon", dragon), ("over", over)]
}

#[test]
fn the_cavern_matches_its_golden_files() {
    let deck = Deck::provisional();
    let mid = play_until(&deck, 3, |_, t| t == 12);
    let dragon = positions(&deck).remove(1).1;
    let mut failures = Vec::new();
    for (name, state, lang) in [
        ("crystallo", &mid, Lang::En),
        ("crystallo.de", &mid, Lang::De),
        ("crystallo.dragon", &dragon, Lang::En),
    ] {
        if let Err(e) = compare(name, &draw(&deck, state, lang)) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Phase 2 offers the face-up cards by number ("Card 3" in the panel's menu, their
/// places among the face-up cards): the image draws each face-up card with that
/// number, in that order, under the menu's own question, with or without a card
/// chosen yet.
#[test]
fn phase_two_numbers_the_face_up_cards_as_the_panel_does() {
    let deck = Deck::provisional();
    let dragon = positions(&deck).remove(1).1;
    let view = View::of(&dragon);
    let n = view.face_up.len();
    assert!(n > 1, "the sample has face-up cards to choose from");
    let l = legal(&dragon);
    for (lang, card) in [(Lang::En, None), (Lang::De, Some(view.face_up[n - 1]))] {
        let spots = card.map(|k| numbered_spots(&l, k)).unwrap_or_default();
        let table = CavernTable {
            deck: &deck,
            lang,
            card,
            spots: &spots,
        };
        let image = cavern(table, &view).expect("renders");
        let texts: Vec<&str> = image.texts.iter().map(|f| f.text.as_str()).collect();
        let question = crystal_clans_i18n::messages::crystallo::pick_card(lang);
        let at = texts
            .iter()
            .position(|t| *t == question)
            .unwrap_or_else(|| panic!("{lang:?}: no {question:?} in {texts:?}"));
        let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
        assert_eq!(texts[at + 1..at + 1 + n], numbers, "{lang:?}: {texts:?}");
    }
}

/// The cavern's area is cropped to its occupied cells and places, and a place's number
/// is 22 pixels or more: at a phone's 390 pixels of width (where the whole image shows
/// at 0.35 to 0.5) the numbered places read at 9 pixels or more in every phase (the
/// mid-game sample's read at 6.7 when every image was 1100 wide and a number 16 to 30
/// pixels).
#[test]
fn the_numbered_places_read_on_a_phone() {
    let deck = Deck::provisional();
    for (name, s) in positions(&deck) {
        let view = View::of(&s);
        let l = legal(&s);
        let card = match s.phase {
            Phase::Explore => s.drawn,
            Phase::Dragon => s.face_up.first().copied(),
            _ => None,
        };
        let spots = card.map(|k| numbered_spots(&l, k)).unwrap_or_default();
        let table = CavernTable {
            deck: &deck,
            lang: Lang::En,
            card,
            spots: &spots,
        };
        let image = cavern(table, &view).expect("renders");
        let phone = 390.0 / image.width as f32;
        // The places' numbers are drawn first, before the panel's words.
        let places = &image.texts[..spots.len()];
        for (k, fit) in places.iter().enumerate() {
            assert_eq!(fit.text, (k + 1).to_string());
            assert!(
                fit.size * phone >= 9.0,
                "{name}: {:.1} px: {fit:?}",
                fit.size * phone
            );
        }
        if let Some(least) = places.iter().map(|f| f.size * phone).reduce(f32::min) {
            eprintln!(
                "{name}: {} places, their numbers {least:.1} px at 390 wide",
                spots.len()
            );
        }
    }
}

#[test]
fn the_same_view_draws_the_same_bytes_and_every_text_fits() {
    let deck = Deck::provisional();
    let scratch = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("crystallo");
    std::fs::create_dir_all(&scratch).unwrap();
    for (name, s) in positions(&deck) {
        for lang in [Lang::En, Lang::De] {
            let a = draw(&deck, &s, lang);
            let b = draw(&deck, &s, lang);
            assert_eq!(a.png, b.png, "{name}");
            assert!(
                a.width <= WIDTH && a.width > a.height,
                "{name}: {}",
                a.width
            );
            assert_eq!(a.height, HEIGHT);
            assert!(a.png.len() < 400_000, "{name}: {} bytes", a.png.len());
            let inline = (550.0 / a.width as f32).min(350.0 / a.height as f32);
            for fit in &a.texts {
                assert!(
                    !fit.overflows() && !fit.truncated(),
                    "{name} {lang:?}: {fit:?}"
                );
                // At the inline box's scale (0.5) the words stay about 8 px or more.
                assert!(fit.size * inline >= 7.9, "{name} {lang:?}: {fit:?}");
            }
            // Written to look at: full size, Discord's inline box and a phone's width.
            let base = scratch.join(format!("{name}.{}", lang.code()));
            std::fs::write(base.with_extension("png"), &a.png).unwrap();
            for (suffix, w, h) in [("550x350", 550, 350), ("390", 390, u32::MAX)] {
                let small = crystal_clans_render::preview(&a.png, w, h).unwrap();
                std::fs::write(format!("{}.{suffix}.png", base.display()), small).unwrap();
            }
        }
    }
    // The ended game names its title and score.
    let over = &positions(&deck)[2].1;
    let o = over.outcome().unwrap();
    let image = draw(&deck, over, Lang::En);
    assert!(
        image
            .texts
            .iter()
            .any(|f| f.text.contains(&o.score.to_string())),
        "{:?}",
        image.texts
    );
}

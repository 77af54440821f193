//! The Crystallo cavern image: a golden file for a mid-game cavern in English and
//! German, the same bytes for the same view, and every text within its box at the
//! sizes Discord shows (550x350 inline, 390 px on a phone) in every phase.

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
    let mut failures = Vec::new();
    for (name, lang) in [("crystallo", Lang::En), ("crystallo.de", Lang::De)] {
        if let Err(e) = compare(name, &draw(&deck, &mid, lang)) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
            assert_eq!((a.width, a.height), (WIDTH, HEIGHT));
            assert!(a.png.len() < 400_000, "{name}: {} bytes", a.png.len());
            for fit in &a.texts {
                assert!(
                    !fit.overflows() && !fit.truncated(),
                    "{name} {lang:?}: {fit:?}"
                );
                // At the inline box's scale (0.5) the words stay about 8 px or more.
                assert!(fit.size * 0.5 >= 7.9, "{name} {lang:?}: {fit:?}");
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

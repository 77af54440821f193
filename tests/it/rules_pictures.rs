//! `/clans rules` pictures (issue 50): the board's zones, a card, the initiative after
//! an example action and a battle worked through, each drawn from the example match in
//! both languages with alt text; the board's topic says which zones touch. The images
//! are written to target/tmp/rules-pictures/ to be looked at.

use crystal_clans::app::rules_pictures::draw;
use crystal_clans::game::Rules;
use crystal_clans::i18n::Lang;
use crystal_clans::i18n::topics::{self, Picture};
use crystal_clans::render::Theme;

#[test]
fn every_picture_topic_draws_in_both_languages_with_alt_text() {
    let rules = Rules::base();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tmp/rules-pictures");
    std::fs::create_dir_all(&dir).unwrap();
    for lang in Lang::ALL {
        for (topic, picture) in [
            ("board", Picture::Board),
            ("card", Picture::Card),
            ("initiative", Picture::Initiative),
            ("battle", Picture::Battle),
        ] {
            assert_eq!(topics::picture(&rules, Some(topic)), Some(picture));
            let (file, example) = draw(&rules, &Theme::default(), lang, picture)
                .unwrap_or_else(|e| panic!("{topic}: {e}"));
            let img = image::load_from_memory(&file.png).unwrap();
            assert!(img.width() >= 500, "{topic}: {}", img.width());
            assert!(!file.alt.is_empty() && file.alt.chars().count() <= 1024);
            match picture {
                Picture::Initiative | Picture::Battle => {
                    assert!(!example.is_empty(), "{topic}: no example");
                }
                _ => assert!(example.is_empty()),
            }
            std::fs::write(dir.join(format!("{topic}-{lang:?}.png")), &file.png).unwrap();
            std::fs::write(
                dir.join(format!("{topic}-{lang:?}.txt")),
                format!(
                    "{}\n\n{example}\n\nALT: {}",
                    topics::answer(&rules, lang, Some(topic)).unwrap(),
                    file.alt
                ),
            )
            .unwrap();
        }
    }
    // Topics without a picture, and unknown ones, have none.
    assert_eq!(topics::picture(&rules, Some("goal")), None);
    assert_eq!(topics::picture(&rules, Some("no such thing")), None);
    assert_eq!(topics::picture(&rules, None), None);
    // Asked in German, the same picture.
    assert_eq!(
        topics::picture(&rules, Some("Kampf")),
        Some(Picture::Battle)
    );
}

#[test]
fn the_board_topic_says_which_zones_touch() {
    let rules = Rules::base();
    let text = topics::answer(&rules, Lang::En, Some("board")).unwrap();
    let board = &rules.board;
    for z in 0..board.zones.len() as u8 {
        let name = crystal_clans::i18n::names::zone(Lang::En, board, z, None);
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("• {name}:")))
            .unwrap_or_else(|| panic!("no line for {name}: {text}"));
        for n in board.neighbours(z) {
            let other = crystal_clans::i18n::names::zone(Lang::En, board, n, None);
            assert!(line.contains(&other), "{line} lacks {other}");
        }
    }
}

//! The provisional deck's data files: valid as embedded, and every mistake in them
//! named by file, line, card and field.

use crystal_clans_crystallo::deck::{CAVERN_FILE, CREATURES_FILE};
use crystal_clans_crystallo::*;

const CAVERN: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cavern.toml"));
const CREATURES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/creatures.toml"
));

fn parse(cavern: &str) -> Result<Deck, DeckError> {
    Deck::parse(CAVERN_FILE, cavern, CREATURES_FILE, CREATURES)
}

#[test]
fn the_embedded_deck_has_the_rulebooks_counts_and_the_reviews_shape() {
    let deck = Deck::provisional();
    // "54 cards (45 cavern cards, 6 creature cards, ...)", "9 treasure cards", "three types".
    assert_eq!(deck.faces.len(), 45);
    assert_eq!(deck.creatures.len(), 6);
    for t in Treasure::ALL {
        assert_eq!(
            deck.faces.iter().filter(|f| f.treasure == Some(t)).count(),
            3
        );
    }
    // "usually two [crystals and orbs] of each but not always".
    let two = deck.faces.iter().filter(|f| f.crystals() == 2).count();
    assert!(
        two * 2 > deck.faces.len(),
        "{two} of 45 cards have two of each"
    );
    assert!(two < deck.faces.len());
    // Every crystal kind and orb colour occurs; every card can be placed.
    for h in Hue::ALL {
        for sh in Shape::ALL {
            let k = Symbol::Crystal { hue: h, shape: sh };
            assert!(deck.faces.iter().any(|f| f.symbols.contains(&k)), "{k:?}");
        }
    }
    assert!(deck.faces.iter().all(|f| f.crystals() >= 1));
    assert_eq!(deck.creature(Colour::Red).name, "Firefox");
    assert_eq!(deck.creature(Colour::Yellow).name, "Unicorn");
}

#[test]
fn every_value_is_marked_seen_inferred_or_provisional() {
    let deck = Deck::provisional();
    for (id, prov) in deck.ids.iter().zip(&deck.provenance) {
        assert_eq!(
            prov.get("symbols").map(String::as_str),
            Some("provisional"),
            "{id}"
        );
    }
    for c in &deck.creatures {
        for f in ["name", "name_de", "colour"] {
            assert!(c.provenance.contains_key(f), "{} {f}", c.name);
        }
    }
}

#[test]
fn a_bad_symbol_is_named_with_file_line_card_and_field() {
    let first_top = CAVERN.lines().find(|l| l.starts_with("top = [")).unwrap();
    let bad = CAVERN.replacen(first_top, "top = [\"green single\", \"orb red\"]", 1);
    let err = parse(&bad).unwrap_err();
    assert_eq!(err.file, CAVERN_FILE);
    assert_eq!(err.card.as_deref(), Some("cavern-01"));
    assert_eq!(err.field.as_deref(), Some("top"));
    let line = CAVERN.lines().position(|l| l == "[[cards]]").unwrap() + 1;
    assert_eq!(err.line, Some(line));
    assert!(
        err.message.contains("unknown crystal colour `green`"),
        "{err}"
    );
    assert!(err.to_string().starts_with(&format!(
        "{CAVERN_FILE}:{line}, card `cavern-01`, field `top`"
    )));
}

#[test]
fn a_bad_mark_a_missing_mark_and_wrong_counts_are_refused() {
    let err = parse(&CAVERN.replacen("symbols = \"provisional\"", "symbols = \"guessed\"", 1))
        .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("provenance"));
    assert!(err.message.contains("guessed"));

    let err = parse(&CAVERN.replacen(", treasure = \"provisional\"", "", 1)).unwrap_err();
    assert!(
        err.message.contains("`treasure` has no provenance mark"),
        "{err}"
    );

    // One card fewer.
    let cut = CAVERN.rfind("[[cards]]").unwrap();
    let err = parse(&CAVERN[..cut]).unwrap_err();
    assert!(err.message.contains("44 cavern cards"), "{err}");

    // An unknown treasure type.
    let err =
        parse(&CAVERN.replacen("treasure = \"riches\"", "treasure = \"gold\"", 1)).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("treasure"));

    // A TOML mistake is placed too.
    let err = parse(&CAVERN.replacen("id = \"cavern-02\"", "id = cavern-02", 1)).unwrap_err();
    assert!(err.line.is_some(), "{err}");
}

//! The base pack and board load, and malformed files fail with a message naming the
//! file, the card and the field.

use crystal_clans::game::pack::{DECK_SIZE, Provenance, Rank};
use crystal_clans::game::{Board, Pack, Rules};

const BASE: &str = include_str!("../assets/packs/base.toml");

#[test]
fn base_pack_has_six_clans_of_27_cards_and_15_crystals() {
    let pack = Pack::base();
    assert_eq!(pack.clans.len(), 6);
    assert_eq!(pack.cards.len(), 54);
    assert_eq!(pack.crystals.len(), 15);
    for (i, deck) in pack.decks.iter().enumerate() {
        assert_eq!(deck.len(), DECK_SIZE);
        let distinct: std::collections::BTreeSet<_> = deck.iter().collect();
        assert_eq!(
            distinct.len(),
            9,
            "clan {} has 9 distinct cards",
            pack.clans[i].id
        );
        let heroes = distinct
            .iter()
            .filter(|&&&k| pack.cards[k as usize].rank == Rank::Hero)
            .count();
        assert_eq!(heroes, 3);
    }
}

#[test]
fn values_that_the_sources_give_are_not_marked_provisional() {
    let pack = Pack::base();
    let card = |name: &str| pack.cards.iter().find(|c| c.name == name).unwrap();
    // The rulebook's battle example names these styles.
    assert_eq!(card("Chieftains").provenance.style, Provenance::Seen);
    assert_eq!(card("Enchanter Malek").provenance.style, Provenance::Seen);
    // Flower's copies are printed in the deck list.
    assert_eq!(card("Pollen Fairies").copies, 6);
    assert_eq!(card("Pollen Fairies").provenance.copies, Provenance::Seen);
    // Nothing is known of Mother's stats: they must be marked as designed.
    assert_eq!(card("Mother").provenance.attack, Provenance::Provisional);
}

fn broken(from: &str, to: &str) -> String {
    assert!(
        BASE.contains(from),
        "test setup: `{from}` not in the base pack"
    );
    Pack::parse("packs/broken.toml", &BASE.replacen(from, to, 1))
        .expect_err("the broken pack must not load")
        .to_string()
}

#[test]
fn an_unknown_battle_effect_names_file_card_and_field() {
    let e = broken("\"defense(6)\"", "\"defence(6)\"");
    assert!(
        e.starts_with("packs/broken.toml: card `skull.enchanter_malek`"),
        "{e}"
    );
    assert!(e.contains("field `left`") && e.contains("defence"), "{e}");
}

#[test]
fn a_bad_style_names_the_card() {
    let e = broken("style = \"tricky\"", "style = \"sneaky\"");
    assert!(
        e.contains("card `") && e.contains("field `style`") && e.contains("sneaky"),
        "{e}"
    );
}

#[test]
fn a_deck_of_the_wrong_size_is_refused() {
    let e = broken("copies = 6", "copies = 5");
    assert!(
        e.contains("field `copies`") && e.contains("26 cards"),
        "{e}"
    );
}

#[test]
fn a_missing_provenance_key_is_refused() {
    let e = broken("summon = \"inferred\"\n", "");
    assert!(
        e.contains("field `provenance`") && e.contains("summon"),
        "{e}"
    );
}

#[test]
fn a_toml_syntax_error_points_at_the_card() {
    let e = broken("attack = 10", "attack = ten");
    assert!(
        e.starts_with("packs/broken.toml: `flower.queen_bumble`"),
        "{e}"
    );
}

#[test]
fn an_ability_linking_an_unknown_card_is_refused() {
    let start = BASE
        .find("linked(")
        .expect("the base pack links Sonya to Harlow");
    let end = start + BASE[start..].find(')').unwrap() + 1;
    let e = broken(&BASE[start..end], "linked(water.nobody)");
    assert!(
        e.contains("field `ability`") && e.contains("water.nobody"),
        "{e}"
    );
}

#[test]
fn the_board_is_the_reconstructed_diamond() {
    let b = Board::default_board();
    assert_eq!(b.zones.len(), 9);
    assert_eq!(b.crystal_zones.len(), 3);
    assert_eq!(b.track_length, 20);
    let z = |id: &str| b.zone_by_id(id).unwrap();
    assert!(b.is_adjacent(z("H1"), z("A4")) && b.is_adjacent(z("A4"), z("H1")));
    assert!(!b.is_adjacent(z("H1"), z("C3")));
    assert_eq!(b.neighbours(z("C3")).count(), 6);
}

#[test]
fn a_board_with_a_stranded_zone_is_refused() {
    let text = include_str!("../assets/boards/default.toml")
        .replace("[\"R3\", \"B2\"],", "")
        .replace("[\"C3\", \"R3\"],", "")
        .replace("[\"B4\", \"R3\"],", "");
    let e = Board::parse("boards/x.toml", &text)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("field `adjacency`") && e.contains("reached"),
        "{e}"
    );
}

#[test]
fn rules_base_combines_pack_and_board() {
    let r = Rules::base();
    assert_eq!(r.pack.id, "base");
    assert_eq!(r.board.homes.len(), 2);
}

#[test]
fn docs_cards_md_is_up_to_date() {
    let cat = crystal_clans::cards::catalog(&Pack::base(), None).unwrap();
    let md = crystal_clans::cards::markdown(&cat);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cards.md");
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == md,
        "docs/cards.md is out of date: run `cargo run --release -- cards > docs/cards.md`"
    );
    // All 54 cards and 15 crystals, each with its provenance marks.
    assert_eq!(cat.clans.iter().map(|c| c.cards.len()).sum::<usize>(), 54);
    assert_eq!(cat.crystals.len(), 15);
    assert_eq!(md.matches("\n### ").count(), 54);
}

#[test]
fn every_ability_and_effect_in_the_pack_is_applied_by_the_engine() {
    let pack = Pack::base();
    for c in &pack.cards {
        assert!(
            c.ability.implemented(),
            "{}: {:?} is not in play",
            c.id,
            c.ability
        );
        for e in c.left.iter().chain(&c.right) {
            assert!(e.implemented(), "{}: {:?} is not in play", c.id, e);
        }
    }
    for c in &pack.clans {
        assert!(c.signature.implemented(), "{}: {:?}", c.id, c.signature);
    }
    for c in &pack.crystals {
        assert!(c.effect.implemented(), "{}: {:?}", c.id, c.effect);
    }
}

#[test]
fn the_cards_command_filters_by_clan_and_refuses_unknown_clans() {
    let pack = Pack::base();
    let cat = crystal_clans::cards::catalog(&pack, Some("Blood")).unwrap();
    assert_eq!(cat.clans.len(), 1);
    assert_eq!(cat.clans[0].cards.len(), 9);
    let err = crystal_clans::cards::catalog(&pack, Some("fire")).unwrap_err();
    assert!(err.contains("fire") && err.contains("flower"), "{err}");
}

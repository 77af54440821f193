//! The base pack and board load, and malformed files fail with a message naming the
//! file, the card and the field.

use crystal_clans::game::pack::{DECK_SIZE, PackError, Provenance, Rank};
use crystal_clans::game::{Board, Pack, Rules};

use crate::support;
use support::variants::variants;

const BASE: &str = crystal_clans::game::pack::BASE_PACK_TOML;

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

fn broken_pack(from: &str, to: &str) -> PackError {
    assert!(
        BASE.contains(from),
        "test setup: `{from}` not in the base pack"
    );
    Pack::parse("packs/broken.toml", &BASE.replacen(from, to, 1))
        .expect_err("the broken pack must not load")
}

fn broken(from: &str, to: &str) -> String {
    broken_pack(from, to).to_string()
}

/// The 1-based line of the first `needle` in `text` at or after byte `from`.
fn line_of(text: &str, needle: &str, from: usize) -> usize {
    let at = from
        + text[from..]
            .find(needle)
            .expect("test setup: needle in text");
    text[..at].matches('\n').count() + 1
}

/// The error names the file, the line, the item and the field, in its fields and in
/// its message.
fn assert_names(e: &PackError, file: &str, line: Option<usize>, item: Option<&str>, field: &str) {
    let shown = e.to_string();
    assert_eq!(e.file, file, "{shown}");
    assert_eq!(e.line, line, "{shown}");
    assert_eq!(e.item.as_deref(), item, "{shown}");
    assert_eq!(e.field.as_deref(), Some(field), "{shown}");
    let mut head = file.to_string();
    if let Some(l) = line {
        head += &format!(":{l}");
    }
    head += ": ";
    if let Some(i) = item {
        head += &format!("{i}, ");
    }
    head += &format!("field `{field}`: ");
    assert!(
        shown.starts_with(&head),
        "`{shown}` should start with `{head}`"
    );
}

#[test]
fn an_unknown_battle_effect_names_file_card_and_field() {
    let e = broken_pack("\"defense(6)\"", "\"defence(6)\"");
    let line = line_of(BASE, "\"defense(6)\"", 0);
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `skull.enchanter_malek`"),
        "left",
    );
    assert!(e.message.contains("defence"), "{e}");
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
    // The first card's provenance table lacks `summon`: reported at its header.
    let e = broken_pack("summon = \"inferred\"\n", "");
    let line = line_of(BASE, "[cards.provenance]", 0);
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "provenance.summon",
    );
}

/// A German name marked as the project's own needs a German name to mark.
#[test]
fn a_german_name_mark_without_a_german_name_is_refused() {
    for (name_de, item) in [
        ("name_de = \"Mutter\"\n", "card `flower.mother`"),
        ("name_de = \"Seelenhüter\"\n", "crystal `keeper_of_souls`"),
    ] {
        let e = broken(name_de, "");
        assert!(
            e.contains(item)
                && e.contains("field `provenance`")
                && e.contains("there is no `name_de`"),
            "{e}"
        );
    }
}

#[test]
fn a_toml_syntax_error_points_at_the_card() {
    let e = broken_pack("attack = 10", "attack = ten");
    let line = line_of(BASE, "attack = 10", 0);
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "attack",
    );
}

#[test]
fn a_value_of_the_wrong_type_names_card_field_and_line() {
    let e = broken_pack("attack = 10", "attack = \"ten\"");
    let line = line_of(BASE, "attack = 10", 0);
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "attack",
    );
    assert!(e.message.contains("ten"), "{e}");
}

#[test]
fn a_missing_field_is_reported_for_its_own_card() {
    // The first card follows the last clan: the error used to name that clan.
    let e = broken_pack("defense = 6\n", "");
    let line = line_of(BASE, "[[cards]]", 0);
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "defense",
    );
    // A card in the middle of the file, at its own header.
    let at = BASE.find("id = \"water.").unwrap();
    let header = BASE[..at].rfind("[[cards]]").unwrap();
    let defense = at + BASE[at..].find("\ndefense = ").unwrap() + 1;
    let end = defense + BASE[defense..].find('\n').unwrap() + 1;
    let mut text = BASE.to_string();
    text.replace_range(defense..end, "");
    let id = BASE[at + 6..].split('"').next().unwrap();
    let e = Pack::parse("packs/broken.toml", &text).unwrap_err();
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line_of(BASE, "[[cards]]", header)),
        Some(&format!("card `{id}`")),
        "defense",
    );
}

#[test]
fn a_missing_top_level_key_names_it_without_a_line() {
    let header = "[pack]\nid = \"base\"\nname = \"Crystal Clans base game\"\n";
    let start = BASE.find(header).unwrap();
    let end = start + BASE[start..].find("\n\n").unwrap();
    let mut text = BASE.to_string();
    text.replace_range(start..end, "");
    let e = Pack::parse("packs/broken.toml", &text).unwrap_err();
    assert_names(&e, "packs/broken.toml", None, None, "pack");
    assert!(!e.to_string().contains("line 0"), "{e}");
}

#[test]
fn costs_above_the_limit_name_their_own_field() {
    use crystal_clans::game::pack::MAX_COST;
    let line = line_of(BASE, "activation = 2", 0);
    let e = broken_pack("activation = 2", &format!("activation = {}", MAX_COST + 1));
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "activation",
    );
    let line = line_of(BASE, "summon = 5", 0);
    let e = broken_pack("summon = 5", &format!("summon = {}", MAX_COST + 1));
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line),
        Some("card `flower.queen_bumble`"),
        "summon",
    );
    // A printed activation cost of 0 would be a free action that could repeat for ever.
    let e = broken_pack("activation = 2", "activation = 0");
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line_of(BASE, "activation = 2", 0)),
        Some("card `flower.queen_bumble`"),
        "activation",
    );
}

#[test]
fn a_battle_effect_with_too_many_atoms_is_refused() {
    use crystal_clans::game::pack::MAX_EFFECT_ATOMS;
    let from = "left = [\"opponent_removes_unit\"]";
    let atoms = ["\"nothing\""; MAX_EFFECT_ATOMS + 1].join(", ");
    let e = broken_pack(from, &format!("left = [{atoms}]"));
    assert_names(
        &e,
        "packs/broken.toml",
        Some(line_of(BASE, from, 0)),
        Some("card `flower.queen_bumble`"),
        "left",
    );
    // The limit itself loads.
    let atoms = ["\"nothing\""; MAX_EFFECT_ATOMS].join(", ");
    Pack::parse(
        "packs/ok.toml",
        &BASE.replacen(from, &format!("left = [{atoms}]"), 1),
    )
    .unwrap();
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
    let text = crystal_clans::game::board::DEFAULT_BOARD_TOML
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

const BOARD: &str = crystal_clans::game::board::DEFAULT_BOARD_TOML;

fn broken_board(from: &str, to: &str) -> PackError {
    assert!(
        BOARD.contains(from),
        "test setup: `{from}` not in the board"
    );
    Board::parse("boards/x.toml", &BOARD.replacen(from, to, 1))
        .expect_err("the broken board must not load")
}

#[test]
fn board_parse_errors_carry_the_line_and_field() {
    let from = "kind = \"home\"";
    let e = broken_board(from, "kind = \"house\"");
    assert_names(
        &e,
        "boards/x.toml",
        Some(line_of(BOARD, from, 0)),
        Some("zone `H1`"),
        "kind",
    );
    let from = "track_length = 20";
    let e = broken_board(from, "track_length = 300");
    assert_names(
        &e,
        "boards/x.toml",
        Some(line_of(BOARD, from, 0)),
        None,
        "track_length",
    );
    // Validation errors are placed the same way.
    let e = broken_board(from, "track_length = 3");
    assert_names(
        &e,
        "boards/x.toml",
        Some(line_of(BOARD, from, 0)),
        None,
        "track_length",
    );
    let from = "{ id = \"A4\", name = \"crystal zone A4\", name_de";
    let e = broken_board(from, "{ id = \"A4\", name_de");
    assert_names(
        &e,
        "boards/x.toml",
        Some(line_of(BOARD, from, 0)),
        Some("zone `A4`"),
        "name",
    );
}

#[test]
fn an_adjacency_entry_with_more_than_two_zones_is_refused() {
    let from = "[\"H1\", \"A4\"]";
    let line = line_of(BOARD, from, 0);
    for to in ["[\"H1\", \"A4\", \"C3\"]", "[\"H1\"]"] {
        let e = broken_board(from, to);
        assert_names(&e, "boards/x.toml", Some(line), None, "adjacency[0]");
        assert!(e.message.contains("exactly two zones"), "{e}");
    }
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
        "docs/cards.md is out of date: run `cargo tools cards > docs/cards.md`"
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

/// Issue 16: a card lookup named an ability ("Flight", "Clone") without saying what it
/// does. Every ability, signature, crystal effect and battle effect, of the vocabulary
/// and of the pack, has its own explanation in every language; the compiler already
/// refuses a variant without one (the matches have no catch-all), this refuses an
/// empty, placeholder, copied or (issue 15) untranslated one.
#[test]
fn every_ability_signature_crystal_and_battle_effect_has_an_explanation() {
    use crystal_clans::game::pack::{Ability, CrystalEffect, Effect, Signature};
    use crystal_clans::i18n::{Lang, explain};
    use std::collections::HashMap;
    let pack = Pack::base();
    fn check<T: std::fmt::Debug>(what: &str, all: &[(T, String)]) {
        assert!(!all.is_empty(), "no {what} found");
        let mut seen: HashMap<&str, &T> = HashMap::new();
        for (v, text) in all {
            assert!(
                text.len() > 8 && !text.contains('?'),
                "{what} {v:?} has no real explanation: {text:?}"
            );
            if let Some(other) = seen.insert(text, v) {
                panic!("{what} {v:?} and {other:?} share the explanation {text:?}");
            }
        }
    }
    /// Each variant's text in every language; the German differs from the English.
    fn each<T: Copy + std::fmt::Debug>(
        what: &str,
        variants: &[T],
        text: impl Fn(Lang, T) -> String,
    ) {
        for lang in Lang::ALL {
            let all: Vec<(T, String)> = variants.iter().map(|&v| (v, text(lang, v))).collect();
            check(&format!("{} {what}", lang.code()), &all);
        }
        // Words only, lowercased: "+4 defense." is "defense".
        fn words(s: &str) -> Vec<String> {
            s.split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        }
        for &v in variants {
            let (en, de) = (text(Lang::En, v), text(Lang::De, v));
            assert_ne!(en, de, "{what} {v:?} is not translated");
            // No two English words in a row left in the German.
            let de_words = words(&de);
            for pair in words(&en).windows(2) {
                assert!(
                    !de_words.windows(2).any(|w| w == pair),
                    "{what} {v:?}: the German {de:?} still says {pair:?}"
                );
            }
        }
    }
    let abilities: Vec<Ability> = variants();
    assert!(abilities.contains(&Ability::Flight));
    each("ability", &abilities, |l, a| explain::ability(l, a, &pack));
    let signatures: Vec<Signature> = variants();
    each("signature", &signatures, |l, s| {
        explain::signature(l, s, Some(5))
    });
    let crystals: Vec<CrystalEffect> = variants();
    each("crystal effect", &crystals, explain::crystal);
    let effects: Vec<Effect> = variants();
    assert!(
        effects.len() > 16,
        "Destroy and Ignore take each of their values"
    );
    each("battle effect", &effects, |l, e| {
        explain::effect(l, e, &pack)
    });
    // And what the pack actually uses, with its own cards and types filled in.
    for lang in Lang::ALL {
        for c in &pack.cards {
            let mut texts = vec![explain::ability(lang, c.ability, &pack)];
            texts.extend(
                c.left
                    .iter()
                    .chain(&c.right)
                    .map(|&e| explain::effect(lang, e, &pack)),
            );
            for t in texts {
                assert!(t.len() > 8 && !t.contains('?'), "{}: {t:?}", c.id);
            }
        }
        for c in &pack.clans {
            let t = explain::signature(lang, c.signature, c.horde_limit);
            assert!(t.len() > 8, "{}: {t:?}", c.id);
        }
        for c in &pack.crystals {
            let t = explain::crystal(lang, c.effect);
            assert!(t.len() > 8, "{}: {t:?}", c.id);
        }
    }
}

/// Issue 15: German counts take the plural, and a German explanation names the card it
/// fetches and the unit type it counts in German.
#[test]
fn german_explanations_fill_in_german_names_and_plurals() {
    use crystal_clans::game::pack::{Ability, CrystalEffect, Effect};
    use crystal_clans::i18n::{Lang, explain};
    let pack = Pack::base();
    assert_eq!(
        explain::crystal(Lang::De, CrystalEffect::OnGainDraw(1)),
        "Erbeutest du ihn, ziehst du 1 Karte."
    );
    assert_eq!(
        explain::crystal(Lang::De, CrystalEffect::OnGainDraw(2)),
        "Erbeutest du ihn, ziehst du 2 Karten."
    );
    assert_eq!(
        explain::crystal(Lang::En, CrystalEffect::OnGainDraw(1)),
        "When you gain it, draw 1 card."
    );
    assert_eq!(
        explain::effect(Lang::De, Effect::OpponentMills(1), &pack),
        "dein Gegner legt die oberste Karte seines Nachziehstapels ab"
    );
    let sonya = pack
        .cards
        .iter()
        .find(|c| matches!(c.ability, Ability::Linked(_)))
        .expect("a Linked card");
    let Ability::Linked(k) = sonya.ability else {
        unreachable!()
    };
    let fetched = &pack.cards[k as usize];
    let de = explain::ability(Lang::De, sonya.ability, &pack);
    assert!(
        de.contains(fetched.name_de.as_deref().expect("a German name")),
        "{de}"
    );
    let devout = pack.types.iter().position(|t| t == "devout").unwrap() as u8;
    let de = explain::effect(Lang::De, Effect::AttackPer(devout, 1), &pack);
    assert_eq!(
        de,
        "+1 Angriff für jede Einheit vom Typ Ergeben in deinem Trupp"
    );
}

/// Issue 15: the pack's names in German where the reference has them (cards, crystals,
/// clans), every unit type, ability and signature of the pack with a German name, and
/// every German name the project made up marked so in its notes, and marked
/// provisional: by the thing's own name where the English one is ours too, else by
/// its `name_de` provenance, so the bot shows the mark in German.
#[test]
fn german_names_come_from_the_reference_or_say_they_are_ours() {
    use crystal_clans::i18n::{Lang, names};
    let pack = Pack::base();
    for (clan, de) in pack.clans.iter().zip([
        "Blumenklan",
        "Meteorklan",
        "Wasserklan",
        "Schädelklan",
        "Blutklan",
        "Steinklan",
    ]) {
        assert_eq!(names::clan(Lang::De, clan), de);
        assert_eq!(names::clan(Lang::En, clan), clan.name);
    }
    let ours = "German name is the project's own";
    for c in &pack.cards {
        if let Some(de) = &c.name_de {
            assert_eq!(names::card(Lang::De, c), de);
            // A made-up German name is marked: by the card's name where the English
            // one is ours too, else by the German name's own provenance.
            let notes = c.notes.as_deref().unwrap_or_default();
            let marked = c.provenance.name == Provenance::Provisional
                || c.provenance.name_de == Some(Provenance::Provisional);
            assert_eq!(notes.contains(ours), marked, "{}", c.id);
            let shown = names::card_name_provenance(Lang::De, c);
            assert_eq!(shown == Provenance::Provisional, marked, "{}", c.id);
        } else {
            assert_eq!(c.provenance.name_de, None, "{}", c.id);
        }
        assert_eq!(names::card(Lang::En, c), c.name);
        for t in &c.type_names {
            assert_ne!(
                names::card_type(Lang::De, t),
                *t,
                "type {t} has no German name"
            );
        }
        if c.ability != crystal_clans::game::pack::Ability::None {
            assert_ne!(
                names::ability(Lang::De, c.ability),
                names::ability(Lang::En, c.ability)
            );
        }
    }
    for c in &pack.crystals {
        let provisional = c.provenance.get("name") == Some(&Provenance::Provisional);
        let german_ours = c.provenance.get("name_de") == Some(&Provenance::Provisional);
        let notes = c.notes.as_deref().unwrap_or_default();
        if provisional || german_ours {
            assert!(c.name_de.is_some() && notes.contains(ours), "{}", c.id);
        } else {
            assert!(!notes.contains(ours), "{}", c.id);
        }
        let shown = names::crystal_name_provenance(Lang::De, c);
        assert_eq!(
            shown == Provenance::Provisional,
            provisional || german_ours,
            "{}",
            c.id
        );
    }
    let provisional_cards_without_german: Vec<&str> = pack
        .cards
        .iter()
        .filter(|c| c.provenance.name == Provenance::Provisional && c.name_de.is_none())
        .map(|c| c.id.as_str())
        .collect();
    assert!(
        provisional_cards_without_german.is_empty(),
        "{provisional_cards_without_german:?}"
    );
    // The reference's German names, as it spells them.
    let card = |id: &str| pack.cards.iter().find(|c| c.id == id).unwrap();
    assert_eq!(
        names::card(Lang::De, card("meteor.citadel_knights")),
        "Ritter der Zitadelle"
    );
    assert_eq!(
        names::card(Lang::De, card("flower.queen_bumble")),
        "Königin Hummel"
    );
    // The board file names each zone as the bot does where no players are known, so a
    // scenario or a validation message says a zone as a reader sees it.
    let board = Board::default_board();
    for (i, z) in board.zones.iter().enumerate() {
        let at = i as u8;
        assert_eq!(z.name, names::zone(Lang::En, &board, at, None), "{}", z.id);
        assert_eq!(
            z.name_de.as_deref(),
            Some(names::zone(Lang::De, &board, at, None).as_str()),
            "{}",
            z.id
        );
    }
}

//! Tuning the provisional deck: draws candidate cavern files from a few counts and plays
//! them with the bots, one summary line per deck and bot (the steps that led to deck
//! version 2 are in crates/crystallo/assets/DESIGN-NOTES.md).
//!
//! ```sh
//! # the deck in the repository (the same parameters always give the same deck)
//! cargo run --release -p crystal-clans-crystallo --example deck_tune -- gen two=30,one=3,three=3,layout=mix,tcol=spread
//! # candidates side by side, 300 deals each; `current` is the deck in the repository,
//! # a path is a cavern file
//! cargo run --release -p crystal-clans-crystallo --example deck_tune -- try 300 greedy,search current two=33,one=0,three=3
//! ```
//!
//! Parameters (`key=value`, comma-separated): `two`, `one`, `three` (plain cards with
//! two, one and three crystals; they add up to 36 beside the 9 treasure cards), `seed`
//! (the draw), `tlayout` (a treasure card's crystals: `diag`, `row`, `col` or `mix`),
//! `tcol` (treasure orbs' colours: `even`, two colours a card and three orbs of each;
//! `spread`, as `even` with a kind's three cards in all six colours; `pair`, a card's two
//! orbs one colour), `pcol` (plain cards' orbs: `even`, or `mono`, one colour a card),
//! `kinds` (the crystals: `even`, or `skew`, fewer triples), `layout` (a plain
//! two-crystal card's crystals: `mix`, `diag`, `row`, `col`, or `dNN`, a diagonal in NN
//! cards of 100).
//!
//! A summary line: `left` (cards remaining when the dragon was trapped, on average),
//! Commoner and Liberator, the share trapped and how those split into Vanquisher,
//! Knight, Hero and Champion, `p2` (cards face up when phase 2 began), treasure a game,
//! `full` (a complete collection), Prosperous and Wealthy, the mean score.

use crystal_clans_crystallo::Deck;
use crystal_clans_crystallo::deck::{CREATURES_FILE, CREATURES_TOML};
use crystal_clans_crystallo::report::{self, Tally};
use crystal_clans_crystallo::rng::{below, shuffle};
use crystal_clans_crystallo::score::Title;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The cavern file's opening comment.
const HEADER: &str = "\
# Crystallo: the 45 cavern cards, a provisional design (no public source shows the faces).
# Schema and reasons: crates/crystallo/assets/DESIGN-NOTES.md. Each card: `top` and `bottom` rows, left to right;
# a symbol is a crystal (`COLOUR SHAPE`: orange/red/purple, single/double/triple points) or `orb COLOUR`
# (red, orange, yellow, green, blue, purple: one per creature). Treasure cards carry exactly two orbs.
# Every value is marked seen / inferred / provisional like crates/engine/assets/packs/base.toml.
";

const COLOURS: [&str; 6] = ["red", "orange", "yellow", "green", "blue", "purple"];
const HUES: [&str; 3] = ["orange", "red", "purple"];
const SHAPES: [&str; 3] = ["single", "double", "triple"];

fn params(spec: &str) -> BTreeMap<String, String> {
    let mut p: BTreeMap<String, String> = [
        ("two", "27"),
        ("one", "6"),
        ("three", "3"),
        ("seed", "7"),
        ("tlayout", "diag"),
        ("tcol", "even"),
        ("kinds", "even"),
        ("layout", "mix"),
        ("pcol", "even"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    for kv in spec.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').expect("key=value");
        assert!(p.contains_key(k), "unknown parameter {k}");
        p.insert(k.to_string(), v.to_string());
    }
    p
}

/// A cavern file from `spec` (see the module's comment).
fn generate(spec: &str) -> String {
    let p = params(spec);
    let n = |k: &str| p[k].parse::<usize>().expect("a number");
    let (two, one, three) = (n("two"), n("one"), n("three"));
    assert_eq!(
        two + one + three,
        36,
        "36 cards besides the 9 treasure cards"
    );
    let mut rng = Pcg32::seed_from_u64(n("seed") as u64);
    // Slots of a card: 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    let crystals = 9 * 2 + two * 2 + one + three * 3;
    let orbs = 9 * 2 + two * 2 + one * 3 + three;
    let mut kinds: Vec<String> = Vec::new();
    let kind_list: Vec<String> = HUES
        .iter()
        .flat_map(|h| SHAPES.iter().map(move |s| format!("{h} {s}")))
        .collect();
    match p["kinds"].as_str() {
        "even" => {
            while kinds.len() < crystals {
                kinds.extend(kind_list.iter().cloned());
            }
        }
        "skew" => {
            // Singles and doubles twice as common as triples.
            let weighted: Vec<String> = kind_list
                .iter()
                .flat_map(|k| {
                    let w = if k.ends_with("triple") { 1 } else { 2 };
                    std::iter::repeat_n(k.clone(), w)
                })
                .collect();
            while kinds.len() < crystals {
                kinds.extend(weighted.iter().cloned());
            }
        }
        other => panic!("kinds={other}"),
    }
    kinds.truncate(crystals);
    shuffle(&mut rng, &mut kinds);
    let mut colours: Vec<&str> = Vec::new();
    let plain_orbs = orbs - 18;
    while colours.len() < plain_orbs {
        colours.extend(COLOURS);
    }
    colours.truncate(plain_orbs);
    shuffle(&mut rng, &mut colours);
    let mut treasure_colours: Vec<(&str, &str)> = Vec::new();
    match p["tcol"].as_str() {
        // `even`: 18 orbs, three of each colour, two different colours on a card.
        // `spread`: as `even`, and a kind's three cards carry all six colours between
        // them, so no colour's three bonds are all a collection needs.
        tcol @ ("even" | "spread") => loop {
            let mut bag: Vec<&str> = COLOURS
                .iter()
                .chain(&COLOURS)
                .chain(&COLOURS)
                .copied()
                .collect();
            shuffle(&mut rng, &mut bag);
            let pairs: Vec<(&str, &str)> = bag.chunks(2).map(|c| (c[0], c[1])).collect();
            let fits = if tcol == "even" {
                pairs.iter().all(|(a, b)| a != b)
            } else {
                pairs.chunks(3).all(|kind| {
                    let mut seen: Vec<&str> = kind.iter().flat_map(|(a, b)| [*a, *b]).collect();
                    seen.sort_unstable();
                    seen.dedup();
                    seen.len() == 6
                })
            };
            if fits {
                treasure_colours = pairs;
                break;
            }
        },
        "pair" => {
            let mut bag: Vec<&str> = COLOURS.iter().chain(&COLOURS).copied().collect();
            bag.truncate(9);
            shuffle(&mut rng, &mut bag);
            treasure_colours.extend(bag.iter().map(|c| (*c, *c)));
        }
        other => panic!("tcol={other}"),
    }
    let layout_of = |rng: &mut Pcg32, which: &str| -> [usize; 2] {
        let pick = match which {
            "mix" => ["diag", "row", "col"][below(rng, 3) as usize],
            // `dNN`: a diagonal in NN cards of 100, else a row or a column.
            w if w
                .strip_prefix('d')
                .is_some_and(|n| n.parse::<u32>().is_ok()) =>
            {
                let share: u32 = w[1..].parse().expect("dNN");
                if below(rng, 100) < share {
                    "diag"
                } else {
                    ["row", "col"][below(rng, 2) as usize]
                }
            }
            w => w,
        };
        // The crystals' slots.
        match pick {
            "diag" => [[0, 3], [1, 2]][below(rng, 2) as usize],
            "row" => [[0, 1], [2, 3]][below(rng, 2) as usize],
            "col" => [[0, 2], [1, 3]][below(rng, 2) as usize],
            other => panic!("layout {other}"),
        }
    };
    let mut out = String::from(HEADER);
    out += &format!(
        "# Drawn by `cargo run --release -p crystal-clans-crystallo --example deck_tune -- gen {spec}`.\n\n[deck]\nid = \"provisional\"\nversion = 2\n"
    );
    let mut k = kinds.into_iter();
    let mut c = colours.into_iter();
    let mut id = 0;
    let mut card = |out: &mut String, slots: [String; 4], treasure: Option<&str>| {
        id += 1;
        out.push_str(&format!(
            "\n[[cards]]\nid = \"cavern-{id:02}\"\ntop = [\"{}\", \"{}\"]\nbottom = [\"{}\", \"{}\"]\n",
            slots[0], slots[1], slots[2], slots[3]
        ));
        match treasure {
            Some(t) => out.push_str(&format!(
                "treasure = \"{t}\"\nprovenance = {{ symbols = \"provisional\", treasure = \"provisional\" }}\n"
            )),
            None => out.push_str("provenance = { symbols = \"provisional\" }\n"),
        }
    };
    for (i, (a, b)) in treasure_colours.iter().enumerate() {
        let kind = ["riches", "magic", "battle"][i / 3];
        let at = layout_of(&mut rng, &p["tlayout"]);
        let mut slots: [String; 4] = Default::default();
        let mut orb_colours = [a, b].into_iter();
        for (s, slot) in slots.iter_mut().enumerate() {
            *slot = if at.contains(&s) {
                k.next().unwrap()
            } else {
                format!("orb {}", orb_colours.next().unwrap())
            };
        }
        card(&mut out, slots, Some(kind));
    }
    let mut plain: Vec<usize> = std::iter::repeat_n(2, two)
        .chain(std::iter::repeat_n(1, one))
        .chain(std::iter::repeat_n(3, three))
        .collect();
    shuffle(&mut rng, &mut plain);
    let mut mono: Vec<&str> = Vec::new();
    while mono.len() < plain.len() {
        mono.extend(COLOURS);
    }
    shuffle(&mut rng, &mut mono);
    for (n, crystals) in plain.into_iter().enumerate() {
        let at: Vec<usize> = match crystals {
            2 => layout_of(&mut rng, &p["layout"]).to_vec(),
            n => {
                let mut s = vec![0, 1, 2, 3];
                shuffle(&mut rng, &mut s);
                s.truncate(n);
                s
            }
        };
        let mut slots: [String; 4] = Default::default();
        for (s, slot) in slots.iter_mut().enumerate() {
            *slot = if at.contains(&s) {
                k.next().unwrap()
            } else {
                match p["pcol"].as_str() {
                    "mono" => format!("orb {}", mono[n]),
                    _ => format!("orb {}", c.next().unwrap()),
                }
            };
        }
        card(&mut out, slots, None);
    }
    out
}

fn deck_of(spec: &str) -> Deck {
    if spec == "current" {
        return Deck::provisional();
    }
    if let Ok(text) = std::fs::read_to_string(spec) {
        return Deck::parse(spec, &text, CREATURES_FILE, CREATURES_TOML).expect("a valid deck");
    }
    Deck::parse("generated", &generate(spec), CREATURES_FILE, CREATURES_TOML)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn summary(t: &Tally) -> String {
    let pct = |n: usize| 100.0 * n as f64 / t.games.max(1) as f64;
    let title = |x: Title| t.titles.get(&x).copied().unwrap_or(0);
    let trapped: usize = [
        Title::Vanquisher,
        Title::Knight,
        Title::Hero,
        Title::Champion,
    ]
    .iter()
    .map(|x| title(*x))
    .sum();
    let of_trapped = |x: Title| 100.0 * title(x) as f64 / trapped.max(1) as f64;
    let w = |i: usize| {
        t.wealth
            .iter()
            .filter(|(k, _)| **k as usize == i)
            .map(|(_, n)| *n)
            .sum::<usize>()
    };
    format!(
        "left {:4.1} com {:4.1}% lib {:4.1}% trapped {:4.1}% [V {:2.0} K {:2.0} H {:2.0} C {:2.0}] p2 {:4.1} | treasure {:.2} full {:4.1}% pros {:4.1}% wealthy {:4.1}% | mean {:.0}",
        t.outcomes
            .iter()
            .filter(|o| o.trapped)
            .map(|o| o.cards_left as f64)
            .sum::<f64>()
            / trapped.max(1) as f64,
        pct(title(Title::Commoner)),
        pct(title(Title::Liberator)),
        pct(trapped),
        of_trapped(Title::Vanquisher),
        of_trapped(Title::Knight),
        of_trapped(Title::Hero),
        of_trapped(Title::Champion),
        t.dragon_cards as f64 / t.dragon_phases.max(1) as f64,
        t.treasure as f64 / t.games.max(1) as f64,
        pct(t.full_set),
        pct(w(1)),
        pct(w(2)),
        t.mean_score(),
    )
}

fn try_decks(deals: u64, bots: &[&str], specs: &[String]) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for spec in specs {
        let deck = deck_of(spec);
        let jobs = deals * bots.len() as u64;
        let next = AtomicU64::new(0);
        let games = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        if job >= jobs {
                            break;
                        }
                        let name = bots[(job / deals) as usize];
                        if let Some(g) = report::game(&deck, name, 1, job % deals) {
                            games.lock().unwrap().push((job, g));
                        }
                    }
                });
            }
        });
        let tallies = report::tallies(bots, deals, games.into_inner().unwrap());
        println!("{spec}");
        for (name, t) in &tallies {
            println!("  {name:7} {}", summary(t));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => print!("{}", generate(args.get(1).map_or("", String::as_str))),
        Some("try") => {
            let deals: u64 = args[1].parse().expect("deals");
            let bots: Vec<&str> = args[2].split(',').collect();
            try_decks(deals, &bots, &args[3..]);
        }
        _ => eprintln!("deck_tune gen SPEC | try DEALS BOTS SPEC..."),
    }
}

//! Runs every scenario in `crates/engine/tests/scenarios/` (not `pending/`, which holds known
//! engine bugs) and checks the scenario loader's error messages.

use crystal_clans_engine::scenario;
use std::path::{Path, PathBuf};

fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("crates/engine/tests/scenarios exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml" || e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_passes() {
    let files = scenario_files();
    assert!(
        files.len() >= 30,
        "expected the scenario collection, found {} files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        match scenario::load(path) {
            Err(e) => failures.push(format!("{}: cannot load: {e}", path.display())),
            Ok(sc) => {
                if sc.expect.is_none() {
                    failures.push(format!("{}: has no [expect] table", path.display()));
                }
                let out = scenario::run(&sc);
                if !out.passed() {
                    failures.push(format!(
                        "{}:\n    {}",
                        path.display(),
                        out.expectation_failures.join("\n    ")
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_scenario_starts_with_a_comment() {
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let ok = if path.extension().is_some_and(|e| e == "json") {
            scenario::load(&path).unwrap().description.is_some()
        } else {
            text.starts_with('#')
        };
        assert!(
            ok,
            "{} must start by saying which rule it checks",
            path.display()
        );
    }
}

/// Pending scenarios are known engine bugs: they must load, and they must fail
/// (once one passes, the bug is fixed and the file moves up to `crates/engine/tests/scenarios/`).
#[test]
fn pending_scenarios_load_and_still_fail() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/pending");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries {
        let path = e.unwrap().path();
        if !path.extension().is_some_and(|e| e == "toml" || e == "json") {
            continue;
        }
        let sc = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let out = scenario::run(&sc);
        assert!(
            !out.passed(),
            "{} passes now: the engine bug is fixed, move the file to crates/engine/tests/scenarios/",
            path.display()
        );
    }
}

const MINIMAL: &str = r#"
clans = ["blood", "skull"]
[[players]]
hand = ["Condor"]
[[players]]
hand = ["Risen Thralls"]
"#;

fn load_err(text: &str) -> String {
    match scenario::parse("bad.toml", text, false) {
        Ok(_) => panic!("the file should be refused:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn minimal_file_loads() {
    let sc = scenario::parse("ok.toml", MINIMAL, false).unwrap();
    let out = scenario::run(&sc);
    assert!(out.passed());
    // Every card is somewhere: the unplaced ones were removed from the game.
    for p in &out.state.players {
        assert_eq!(
            p.hand.len() + p.draw.len() + p.discard.len() + p.removed.len(),
            27
        );
    }
}

#[test]
fn unknown_card_is_reported_with_file_and_entry() {
    let e = load_err(&MINIMAL.replace("\"Condor\"", "\"Condorr\""));
    assert!(e.starts_with("bad.toml: "), "{e}");
    assert!(e.contains("players[0].hand[0]"), "{e}");
    assert!(e.contains("unknown card `Condorr`"), "{e}");
}

#[test]
fn card_of_the_other_clan_is_reported() {
    let e = load_err(&MINIMAL.replace("\"Condor\"", "\"Enchanter Malek\""));
    assert!(e.contains("players[0].hand[0]"), "{e}");
    assert!(e.contains("not in the Blood Clan deck"), "{e}");
}

#[test]
fn too_many_copies_names_the_card() {
    let e = load_err(&MINIMAL.replace(
        "hand = [\"Condor\"]",
        "hand = [\"Condor\"]\ndraw = [\"blood.condor\"]",
    ));
    assert!(e.contains("players[0].draw[0]"), "{e}");
    assert!(e.contains("too many `Condor`"), "{e}");
    assert!(e.contains("has 1"), "{e}");
    let e = load_err(&format!("{MINIMAL}\n[[squads]]\nzone = \"C3\"\nseat = 1\nunits = [\"Risen Thralls\"]\n")
        .replace("hand = [\"Risen Thralls\"]", "hand = [\"Risen Thralls\", \"Risen Thralls\", \"Risen Thralls\", \"Risen Thralls\", \"Risen Thralls\", \"Risen Thralls\"]"));
    assert!(e.contains("squads[0].units[0]"), "{e}");
    assert!(e.contains("too many `Risen Thralls`"), "{e}");
}

#[test]
fn unknown_zone_is_reported() {
    let e = load_err(&format!(
        "{MINIMAL}\n[[squads]]\nzone = \"Z9\"\nseat = 0\nunits = [\"Marauders\"]\n"
    ));
    assert!(e.contains("squads[0].zone"), "{e}");
    assert!(e.contains("unknown zone `Z9`"), "{e}");
    let e = load_err(&format!(
        "{MINIMAL}\n[[inputs]]\nseat = 0\ninput = {{ activate = \"Q7\" }}\n"
    ));
    assert!(e.contains("inputs[0].input"), "{e}");
    assert!(e.contains("unknown zone `Q7`"), "{e}");
}

#[test]
fn track_length_and_horde_limit_outside_their_limits_are_reported() {
    let e = load_err(&MINIMAL.replace("clans =", "track_length = 3\nclans ="));
    assert!(
        e.contains("track_length") && e.contains("between 4 and 60, got 3"),
        "{e}"
    );
    let e = load_err(&MINIMAL.replace("clans =", "horde_limit = 9\nclans ="));
    assert!(
        e.contains("horde_limit") && e.contains("between 4 and 8, got 9"),
        "{e}"
    );
    // The token is checked against the file's track, not the board's.
    let e = load_err(&MINIMAL.replace("clans =", "track_length = 6\ntoken = 7\nclans ="));
    assert!(e.contains("must be between -6 and 6, got 7"), "{e}");
}

#[test]
fn other_file_errors_are_reported() {
    let e = load_err(&MINIMAL.replace("[\"blood\", \"skull\"]", "[\"blood\", \"goblin\"]"));
    assert!(
        e.contains("clans[1]") && e.contains("unknown clan `goblin`"),
        "{e}"
    );
    let e = load_err(&MINIMAL.replace("clans =", "active = 2\nclans ="));
    assert!(e.contains("seat must be 0 or 1"), "{e}");
    let e = load_err(&format!(
        "{MINIMAL}\n[[squads]]\nzone = \"C3\"\nseat = 3\nunits = [\"Marauders\"]\n"
    ));
    assert!(
        e.contains("squads[0].seat") && e.contains("seat must be 0 or 1"),
        "{e}"
    );
    let e = load_err(&format!(
        "{MINIMAL}\n[[inputs]]\nseat = 0\ninput = {{ summon = [\"Dragon\"] }}\n"
    ));
    assert!(
        e.contains("inputs[0].input") && e.contains("unknown card `Dragon`"),
        "{e}"
    );
    let e = load_err(&format!(
        "{MINIMAL}\n[[inputs]]\nseat = 0\ninput = {{ score = \"The Moon\" }}\n"
    ));
    assert!(e.contains("unknown crystal `The Moon`"), "{e}");
    let e = load_err(&MINIMAL.replace(
        "clans =",
        "market = [\"Soren's Bounty\"]\ncrystal_deck = [\"sorens_bounty\"]\nclans =",
    ));
    assert!(
        e.contains("crystal_deck[0]") && e.contains("used twice"),
        "{e}"
    );
    let e = load_err(&MINIMAL.replace("clans =", "colour = \"red\"\nclans ="));
    assert!(e.starts_with("bad.toml") && e.contains("colour"), "{e}");
    let e = load_err(&format!(
        "{MINIMAL}\n[[squads]]\nzone = \"C3\"\nseat = 0\nunits = [\"Aarock Riders\", \"Marauders\", \"Marauders\", \"Marauders\"]\n"
    ));
    assert!(e.contains("at most 3 units"), "{e}");
    // A Horde unit on top raises the limit (Blood's horde_limit), so this one loads.
    scenario::parse(
        "ok.toml",
        &format!("{MINIMAL}\n[[squads]]\nzone = \"C3\"\nseat = 0\nunits = [\"Marauders\", \"Marauders\", \"Marauders\", \"Aarock Riders\"]\n"),
        false,
    )
    .unwrap();
    let e = load_err(&MINIMAL.replace("[[players]]\nhand = [\"Risen Thralls\"]\n", ""));
    assert!(e.contains("exactly two [[players]]"), "{e}");
}

#[test]
fn a_turn_out_of_range_is_refused() {
    for turn in ["0", "4294967295"] {
        let e = load_err(&MINIMAL.replace("clans =", &format!("turn = {turn}\nclans =")));
        assert!(
            e.starts_with("bad.toml: turn: must be between 1 and "),
            "{e}"
        );
    }
    let sc = scenario::parse(
        "ok.toml",
        &MINIMAL.replace("clans =", "turn = 1000000\nclans ="),
        false,
    )
    .unwrap();
    assert_eq!(sc.start.turn, 1_000_000);
}

#[test]
fn overrides_keep_the_pack_limits() {
    for (field, value) in [
        ("summon", 21),
        ("activation", 21),
        ("activation", 0),
        ("defense", 0),
    ] {
        let e = load_err(&format!(
            "{MINIMAL}\n[[overrides]]\ncard = \"Condor\"\n{field} = {value}\n"
        ));
        assert!(
            e.starts_with(&format!("bad.toml: overrides[0].{field}: ")),
            "{field} = {value}: {e}"
        );
    }
}

#[test]
fn a_toml_error_names_the_line_and_field() {
    let e = load_err(&MINIMAL.replace("hand = [\"Condor\"]", "hand = [\"Condor\", 7]"));
    let line = MINIMAL[..MINIMAL.find("hand = [\"Condor\"]").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert!(
        e.starts_with(&format!("bad.toml:{line}: field `players[0].hand[1]`: ")),
        "{e}"
    );
}

#[test]
fn the_same_file_twice_gives_identical_state_json() {
    for name in [
        "rulebook_invade_reshuffle.toml",
        "rulebook_battle.toml",
        "replenish_reshuffle_free_score.toml",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios")
            .join(name);
        let a = scenario::run(&scenario::load(&path).unwrap());
        let b = scenario::run(&scenario::load(&path).unwrap());
        let ja = serde_json::to_string(&a.state).unwrap();
        let jb = serde_json::to_string(&b.state).unwrap();
        assert_eq!(ja, jb, "{name}");
        assert_eq!(
            serde_json::to_string(&a.events).unwrap(),
            serde_json::to_string(&b.events).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn json_and_toml_give_the_same_scenario() {
    let toml_text = r#"
clans = ["blood", "skull"]
[[players]]
hand = ["Condor", "Marauders"]
[[players]]
[[inputs]]
seat = 0
input = { summon = ["Marauders", "Condor"] }
[[inputs]]
seat = 0
input = { order = ["Condor", "Marauders"] }
[expect]
squads = [{ zone = "H1", seat = 0, units = ["Condor", "Marauders"] }]
"#;
    let json_text = r#"{
  "clans": ["blood", "skull"],
  "players": [{ "hand": ["Condor", "Marauders"] }, {}],
  "inputs": [
    { "seat": 0, "input": { "summon": ["Marauders", "Condor"] } },
    { "seat": 0, "input": { "order": ["Condor", "Marauders"] } }
  ],
  "expect": { "squads": [{ "zone": "H1", "seat": 0, "units": ["Condor", "Marauders"] }] }
}"#;
    let a = scenario::run(&scenario::parse("a.toml", toml_text, false).unwrap());
    let b = scenario::run(&scenario::parse("a.json", json_text, true).unwrap());
    assert!(a.passed(), "{:?}", a.expectation_failures);
    assert!(b.passed(), "{:?}", b.expectation_failures);
    assert_eq!(
        serde_json::to_string(&a.state).unwrap(),
        serde_json::to_string(&b.state).unwrap()
    );
}

#[test]
fn unexpected_refusal_fails_and_is_reported() {
    let text = format!("{MINIMAL}\n[[inputs]]\nseat = 1\ninput = \"replenish\"\n");
    let out = scenario::run(&scenario::parse("x.toml", &text, false).unwrap());
    assert!(!out.passed());
    let (i, msg) = out.error.clone().unwrap();
    assert_eq!(i, 0);
    assert!(msg.contains("not waiting for you"), "{msg}");
    // With an expectation of that error, the run passes.
    let text = format!("{text}\n[expect]\nerror = {{ index = 0, contains = \"NOT WAITING\" }}\n");
    let out = scenario::run(&scenario::parse("x.toml", &text, false).unwrap());
    assert!(out.passed(), "{:?}", out.expectation_failures);
}

#[test]
fn failing_expectations_are_listed() {
    let text = format!("{MINIMAL}\n[expect]\ntoken = 3\nhand_count = [2, 1]\nevents = [\"won\"]\n");
    let out = scenario::run(&scenario::parse("x.toml", &text, false).unwrap());
    assert_eq!(
        out.expectation_failures.len(),
        3,
        "{:?}",
        out.expectation_failures
    );
}

/// The complete examples in docs/scenarios.md (TOML blocks with `clans`) run and pass.
#[test]
fn the_documented_examples_pass() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/scenarios.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut ran = 0;
    for (i, block) in text.split("```toml\n").skip(1).enumerate() {
        let block = block.split("```").next().unwrap();
        if !block.contains("clans =") {
            continue;
        }
        let name = format!("docs/scenarios.md example {i}");
        let sc = scenario::parse(&name, block, false).unwrap_or_else(|e| panic!("{e}"));
        let out = scenario::run(&sc);
        assert!(out.passed(), "{name}: {:?}", out.expectation_failures);
        ran += 1;
    }
    assert!(
        ran >= 3,
        "expected at least 3 complete examples, found {ran}"
    );
}

/// An input that `legal` does not offer is refused by the runner with a message that
/// names it, says why the engine refuses it and lists what was legal.
#[test]
fn an_input_legal_does_not_offer_is_refused_with_the_legal_list() {
    let text = r#"
clans = ["blood", "skull"]
token = 5
[[players]]
[[players]]
[[squads]]
zone = "B4"
seat = 0
units = ["Marauders"]
[[inputs]]
seat = 0
input = { activate = "B4" }
[[inputs]]
seat = 0
input = { move = { cards = ["Marauders"], to = "A2" } }
"#;
    let sc = scenario::parse("refused.toml", text, false).unwrap();
    let out = scenario::run(&sc);
    let (index, msg) = out.error.clone().expect("the move is refused");
    assert_eq!(index, 1);
    for part in [
        r#"`{ move = { cards = ["Marauders"], to = "A2" } }` is not a legal input"#,
        "adjacent zone",
        "the legal inputs are \"stay\"",
        r#"{ move = { cards = ["Marauders"], to = "C3" } }"#,
    ] {
        assert!(msg.contains(part), "`{part}` missing from: {msg}");
    }
    assert!(!out.passed());
}

//! Scenario files: any position plus a list of inputs, run through the engine, with
//! optional expectations checked at the end. The format is described in
//! `docs/scenarios.md`.
//!
//! Loading and running are pure (no clock, no OS randomness): the same file always
//! gives the same result. The only IO is `load` (reading the file) and `cli`
//! (printing the result).
//!
//! The engine's `advance` is private, so a position is built with the public API
//! only: the match is created with `State::new`, every field is then overwritten
//! from the file, and the agenda is set to a step that waits for an answer
//! (`ChooseAction`, or `Mulligan`). A battle in progress is reached by putting an
//! `OfferBattle` step on the agenda (with `activated` set to the battle zone) and
//! answering it with ordinary `apply` calls: the battle is accepted, start-of-battle
//! options are declined (`done`) and the committed hand cards are played, so the
//! engine itself runs the opening steps (including an empty-handed seat playing
//! the top card of her draw pile). If `advance` were public, a file could start at
//! any step; until then a position starts at an action, the mulligan, or a battle.

use crate::game::board::ZoneId;
use crate::game::pack::KindId;
use crate::game::state::{CrystalId, Seat};
use crate::game::{Event, Rules, State};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

mod build;
mod expect;
mod inputs;
use build::Builder;
use expect::check;
use inputs::resolve;

// ---- the file as written ------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    description: Option<String>,
    #[serde(default)]
    seed: u64,
    /// The rules version the match plays under (`State::new_under`); the engine's
    /// own when absent.
    rules_version: Option<u32>,
    clans: Vec<String>,
    #[serde(default)]
    mulligan: bool,
    active: Option<i64>,
    first_player: Option<i64>,
    token: Option<i64>,
    turn: Option<u32>,
    track_length: Option<i64>,
    horde_limit: Option<i64>,
    #[serde(default)]
    players: Vec<RawPlayer>,
    #[serde(default)]
    squads: Vec<RawSquad>,
    market: Option<Vec<String>>,
    crystal_deck: Option<Vec<String>>,
    battle: Option<RawBattle>,
    #[serde(default)]
    overrides: Vec<RawOverride>,
    #[serde(default)]
    inputs: Vec<RawInput>,
    expect: Option<RawExpect>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    draw: Vec<String>,
    #[serde(default)]
    discard: Vec<String>,
    #[serde(default)]
    removed: Vec<String>,
    #[serde(default)]
    crystals: Vec<String>,
    #[serde(default)]
    face_down: Vec<String>,
    rest: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSquad {
    zone: String,
    seat: i64,
    #[serde(default)]
    units: Vec<RawUnit>,
}

/// A unit: a card name from the squad's seat's deck, or `{ card, owner }` for a unit
/// owned by (taken from the deck of) another seat than the one controlling the squad.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawUnit {
    Name(String),
    Owned { card: String, owner: i64 },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattle {
    zone: String,
    attacker: Option<i64>,
    #[serde(default)]
    cards: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    card: String,
    attack: Option<u8>,
    defense: Option<u8>,
    summon: Option<u8>,
    activation: Option<u8>,
    style: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInput {
    seat: i64,
    input: Value,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    winner: Option<Value>,
    token: Option<i64>,
    active: Option<i64>,
    turn: Option<u32>,
    pending: Option<String>,
    pending_seats: Option<Vec<i64>>,
    question: Option<serde_json::Map<String, Value>>,
    hand_count: Option<[usize; 2]>,
    draw_count: Option<[usize; 2]>,
    discard_count: Option<[usize; 2]>,
    removed_count: Option<[usize; 2]>,
    crystal_count: Option<[usize; 2]>,
    hand: Option<[Vec<String>; 2]>,
    discard: Option<[Vec<String>; 2]>,
    removed: Option<[Vec<String>; 2]>,
    market: Option<Vec<String>>,
    squads: Option<Vec<RawSquad>>,
    damage: Option<[u32; 2]>,
    left: Option<[bool; 2]>,
    events: Option<Vec<String>>,
    no_events: Option<Vec<String>>,
    event_counts: Option<BTreeMap<String, usize>>,
    draw: Option<[Vec<String>; 2]>,
    crystals: Option<[Vec<String>; 2]>,
    face_down: Option<[Vec<String>; 2]>,
    owed_scores: Option<[u8; 2]>,
    error: Option<RawErrorExpect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawErrorExpect {
    index: usize,
    #[serde(default)]
    contains: String,
}

// ---- the resolved scenario ------------------------------------------------------------

/// One input of the file. `raw` is the input exactly as written (for reports);
/// `input` is the same value normalised (lowercase input name, a single card where a
/// list is expected wrapped in a list). Names are resolved to card instances, zone
/// and crystal indices only when the input is applied, against the position then.
#[derive(Debug, Clone)]
pub struct ScenarioInput {
    pub seat: Seat,
    pub raw: Value,
    pub input: Value,
}

/// A unit expected in a squad: its kind and, when the file says so, its owner.
#[derive(Debug, Clone)]
pub struct ExpectedUnit {
    pub kind: KindId,
    pub owner: Option<Seat>,
}

#[derive(Debug, Clone)]
pub struct ExpectedSquad {
    pub zone: ZoneId,
    pub seat: Seat,
    pub units: Vec<ExpectedUnit>,
}

/// The `[expect]` table, resolved. Every `None` field is not checked.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// `Some(None)`: the match must not be over.
    pub winner: Option<Option<Seat>>,
    pub token: Option<i64>,
    pub active: Option<Seat>,
    pub turn: Option<u32>,
    pub pending: Option<String>,
    pub pending_seats: Option<Vec<Seat>>,
    /// Fields the pending question must have (a subset of its JSON form; a `zone`
    /// is resolved to its index).
    pub question: Option<serde_json::Map<String, Value>>,
    pub hand_count: Option<[usize; 2]>,
    pub draw_count: Option<[usize; 2]>,
    pub discard_count: Option<[usize; 2]>,
    pub removed_count: Option<[usize; 2]>,
    pub crystal_count: Option<[usize; 2]>,
    pub hand: Option<[Vec<KindId>; 2]>,
    pub discard: Option<[Vec<KindId>; 2]>,
    pub removed: Option<[Vec<KindId>; 2]>,
    pub market: Option<Vec<CrystalId>>,
    pub squads: Vec<ExpectedSquad>,
    pub damage: Option<[u32; 2]>,
    pub left: Option<[bool; 2]>,
    pub events: Vec<String>,
    pub no_events: Vec<String>,
    /// How many events of each named kind occurred (exactly).
    pub event_counts: BTreeMap<String, usize>,
    /// Each seat's draw pile, top first, in order.
    pub draw: Option<[Vec<KindId>; 2]>,
    /// Each seat's collected crystals (face up or down), in the order collected.
    pub crystals: Option<[Vec<CrystalId>; 2]>,
    /// Each seat's face-down collected crystals, in the order collected.
    pub face_down: Option<[Vec<CrystalId>; 2]>,
    /// Free scores each seat is still owed (by reshuffles) this action.
    pub owed_scores: Option<[u8; 2]>,
    /// The run must stop with a rules error at this input index, whose message
    /// contains this text (case-insensitive).
    pub error: Option<(usize, String)>,
}

/// A loaded scenario: the rules (with overrides), the starting position and the
/// inputs to apply.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The file name (used in messages).
    pub name: String,
    pub description: Option<String>,
    pub rules: Rules,
    /// The position before the first input.
    pub start: State,
    /// Events produced while building the position (only when it starts inside a
    /// battle: the battle's start and the committed cards).
    pub start_events: Vec<Event>,
    pub inputs: Vec<ScenarioInput>,
    pub expect: Option<Expect>,
}

/// The result of running a scenario.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The rules used (the base rules with the file's overrides).
    pub rules: Rules,
    /// The final state.
    pub state: State,
    /// Every event: those of building the position, then those of each input.
    pub events: Vec<Event>,
    /// The input that was refused (its index) and the message. The run stops there.
    pub error: Option<(usize, String)>,
    /// Whether the file has an `[expect]` table.
    pub has_expectations: bool,
    /// An input was refused and the file did not expect that error.
    pub unexpected_error: bool,
    /// Every expectation that did not hold (empty = all passed).
    pub expectation_failures: Vec<String>,
}

impl Outcome {
    /// No unexpected error and every expectation held.
    pub fn passed(&self) -> bool {
        !self.unexpected_error && self.expectation_failures.is_empty()
    }
}

// ---- loading --------------------------------------------------------------------------

/// Loads a scenario file: JSON when the extension is `.json`, TOML otherwise.
pub fn load(path: impl AsRef<Path>) -> Result<Scenario, String> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read the file: {e}"))?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    parse(&name, &text, json)
}

/// Parses and validates a scenario. `name` is used in error messages.
pub fn parse(name: &str, text: &str, json: bool) -> Result<Scenario, String> {
    let raw: RawScenario = if json {
        serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?
    } else {
        // The same error placement as pack files: line and field (`players[1].draw`).
        crate::game::source::Source::parse(name, text, &[])
            .map(|(raw, _)| raw)
            .map_err(|e| e.to_string())?
    };
    Builder::new(name, raw)?.build()
}

fn seat_of(v: i64, at: &str) -> Result<Seat, String> {
    match v {
        0 | 1 => Ok(v as Seat),
        _ => Err(format!("{at}: seat must be 0 or 1, got {v}")),
    }
}

fn eq(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

// ---- running ------------------------------------------------------------------------------

/// Applies the scenario's inputs in order, stopping at the first refused one, then
/// checks the expectations.
pub fn run(sc: &Scenario) -> Outcome {
    let rules = sc.rules.clone();
    let mut state = sc.start.clone();
    let mut events = sc.start_events.clone();
    let mut error = None;
    for (i, inp) in sc.inputs.iter().enumerate() {
        let result = resolve(&rules, &state, inp.seat, &inp.input).and_then(|input| {
            state
                .apply(&rules, inp.seat, &input)
                .map_err(|e| e.to_string())
        });
        match result {
            Ok(ev) => events.extend(ev),
            Err(msg) => {
                error = Some((i, msg));
                break;
            }
        }
    }
    let mut failures = Vec::new();
    let mut unexpected_error = false;
    let expected_error = sc.expect.as_ref().and_then(|e| e.error.clone());
    match (&error, &expected_error) {
        (None, None) => {}
        (Some((i, msg)), None) => {
            unexpected_error = true;
            failures.push(format!("input #{i} was refused: {msg}"));
        }
        (None, Some((i, text))) => failures.push(format!(
            "expected input #{i} to be refused (with a message containing `{text}`), but every input was accepted"
        )),
        (Some((i, msg)), Some((ei, text))) => {
            if i != ei || !msg.to_lowercase().contains(&text.to_lowercase()) {
                unexpected_error = true;
                failures.push(format!(
                    "expected input #{ei} to be refused with a message containing `{text}`; input #{i} was refused: {msg}"
                ));
            }
        }
    }
    if let Some(e) = &sc.expect {
        check(&rules, &state, &events, e, &mut failures);
    }
    Outcome {
        rules,
        state,
        events,
        error,
        has_expectations: sc.expect.is_some(),
        unexpected_error,
        expectation_failures: failures,
    }
}

// ---- command line ---------------------------------------------------------------------

/// The JSON document the CLI prints for a run.
pub fn report(sc: &Scenario, out: &Outcome) -> Value {
    let error = match &out.error {
        None => Value::Null,
        Some((i, msg)) => json!({
            "index": i,
            "input": sc.inputs.get(*i).map(|x| json!({ "seat": x.seat, "input": x.raw })),
            "message": msg,
        }),
    };
    let expectations = if !out.has_expectations && !out.unexpected_error {
        json!("none")
    } else if out.expectation_failures.is_empty() {
        json!("passed")
    } else {
        json!(out.expectation_failures)
    };
    json!({
        "scenario": sc.name,
        "description": sc.description,
        "state": out.state,
        "pending": out.state.pending(),
        "events": out.events,
        "error": error,
        "expectations": expectations,
    })
}

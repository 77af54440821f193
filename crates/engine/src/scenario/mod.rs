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
use crate::game::pack::{DECK_SIZE, KindId, MAX_SQUAD_LIMIT, Signature, Style};
use crate::game::state::{CardId, CollectedCrystal, CrystalId, Seat, Step, TOTAL_CARDS};
use crate::game::{Event, Input, Question, Rules, Setup, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

mod inputs;
use inputs::{Leaf, card_name, convert_input, normalise_input, resolve, to_engine_input};

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

/// The highest `turn` a file may start at. The engine adds 1 to its `u32` turn and
/// action counters; from here no match could play long enough to reach their end.
const MAX_TURN: u32 = 1_000_000;

/// Where each seat's remaining deck cards go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rest {
    Removed,
    Draw,
    Discard,
}

struct Builder {
    file: String,
    raw: RawScenario,
    rules: Rules,
    clans: [u8; 2],
    /// Instances already placed, per card id.
    used: [bool; TOTAL_CARDS],
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

impl Builder {
    fn new(file: &str, raw: RawScenario) -> Result<Builder, String> {
        let mut rules = Rules::base();
        if raw.clans.len() != 2 {
            return Err(format!(
                "{file}: clans: give exactly two clans, got {}",
                raw.clans.len()
            ));
        }
        let mut clans = [0u8; 2];
        for (i, c) in raw.clans.iter().enumerate() {
            clans[i] = rules.pack.clan_index(c).ok_or_else(|| {
                let known: Vec<_> = rules.pack.clans.iter().map(|c| c.id.as_str()).collect();
                format!(
                    "{file}: clans[{i}]: unknown clan `{c}` (known: {})",
                    known.join(", ")
                )
            })?;
        }
        for (i, o) in raw.overrides.iter().enumerate() {
            let at = format!("{file}: overrides[{i}]");
            let k = rules
                .pack
                .kind_by_name(&o.card)
                .ok_or_else(|| format!("{at}: unknown card `{}`", o.card))?;
            let card = &mut rules.pack.cards[k as usize];
            if let Some(v) = o.attack {
                card.attack = v;
            }
            if let Some(v) = o.defense {
                card.defense = v;
            }
            if let Some(v) = o.summon {
                card.summon = v;
            }
            if let Some(v) = o.activation {
                card.activation = v;
            }
            if let Some(s) = &o.style {
                card.style = match s.to_ascii_lowercase().as_str() {
                    "bold" => Style::Bold,
                    "guarded" => Style::Guarded,
                    "tricky" => Style::Tricky,
                    _ => {
                        return Err(format!(
                            "{at}: style must be bold, guarded or tricky, got `{s}`"
                        ));
                    }
                };
            }
            // The same limits as a pack file: the engine relies on them.
            card.check_values()
                .map_err(|(field, m)| format!("{at}.{field}: {m}"))?;
        }
        if let Some(l) = raw.track_length {
            // The board file's own limit, for the same reason (see `board.rs`).
            if !(4..=60).contains(&l) {
                return Err(format!(
                    "{file}: track_length: must be between 4 and 60, got {l}"
                ));
            }
            rules.board.track_length = l as i8;
        }
        if let Some(n) = raw.horde_limit {
            if !(4..=MAX_SQUAD_LIMIT as i64).contains(&n) {
                return Err(format!(
                    "{file}: horde_limit: must be between 4 and {MAX_SQUAD_LIMIT}, got {n}"
                ));
            }
            for clan in rules
                .pack
                .clans
                .iter_mut()
                .filter(|c| c.signature == Signature::Horde)
            {
                clan.horde_limit = Some(n as u8);
            }
        }
        Ok(Builder {
            file: file.to_string(),
            raw,
            rules,
            clans,
            used: [false; TOTAL_CARDS],
        })
    }

    fn err(&self, at: &str, msg: impl std::fmt::Display) -> String {
        format!("{}: {at}: {msg}", self.file)
    }

    fn clan_name(&self, seat: Seat) -> &str {
        &self.rules.pack.clans[self.clans[seat as usize] as usize].name
    }

    /// The kind named `name` in `seat`'s deck.
    fn deck_kind(&self, seat: Seat, name: &str) -> Result<KindId, String> {
        let deck = &self.rules.pack.decks[self.clans[seat as usize] as usize];
        let pack = &self.rules.pack;
        if let Some(&k) = deck.iter().find(|&&k| {
            let c = &pack.cards[k as usize];
            eq(&c.name, name) || eq(&c.id, name)
        }) {
            return Ok(k);
        }
        match pack.kind_by_name(name.trim()) {
            Some(k) => Err(format!(
                "`{}` is not in the {} deck of seat {seat}",
                pack.cards[k as usize].name,
                self.clan_name(seat)
            )),
            None => Err(format!("unknown card `{name}`")),
        }
    }

    /// Takes the next unused instance of the card named `name` from `seat`'s deck.
    fn take(&mut self, seat: Seat, name: &str, at: &str) -> Result<CardId, String> {
        let kind = self.deck_kind(seat, name).map_err(|m| self.err(at, m))?;
        let deck = &self.rules.pack.decks[self.clans[seat as usize] as usize];
        let base = seat as usize * DECK_SIZE;
        for (i, &k) in deck.iter().enumerate() {
            if k == kind && !self.used[base + i] {
                self.used[base + i] = true;
                return Ok((base + i) as CardId);
            }
        }
        let copies = deck.iter().filter(|&&k| k == kind).count();
        Err(self.err(
            at,
            format!(
                "too many `{}`: the {} deck of seat {seat} has {copies}",
                self.rules.pack.cards[kind as usize].name,
                self.clan_name(seat)
            ),
        ))
    }

    fn take_all(&mut self, seat: Seat, names: &[String], at: &str) -> Result<Vec<CardId>, String> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| self.take(seat, n, &format!("{at}[{i}]")))
            .collect()
    }

    fn zone(&self, name: &str, at: &str) -> Result<ZoneId, String> {
        let board = &self.rules.board;
        board
            .zones
            .iter()
            .position(|z| eq(&z.id, name) || eq(&z.name, name))
            .map(|z| z as ZoneId)
            .ok_or_else(|| {
                let known: Vec<_> = board.zones.iter().map(|z| z.id.as_str()).collect();
                self.err(
                    at,
                    format!("unknown zone `{name}` (zones: {})", known.join(", ")),
                )
            })
    }

    fn crystal(&self, name: &str, at: &str) -> Result<CrystalId, String> {
        self.rules
            .pack
            .crystals
            .iter()
            .position(|c| eq(&c.name, name) || eq(&c.id, name))
            .map(|c| c as CrystalId)
            .ok_or_else(|| self.err(at, format!("unknown crystal `{name}`")))
    }

    /// A card kind named anywhere in the two seats' decks (then anywhere in the pack).
    fn any_kind(&self, name: &str, at: &str) -> Result<KindId, String> {
        for seat in 0..2 {
            if let Ok(k) = self.deck_kind(seat, name) {
                return Ok(k);
            }
        }
        self.rules
            .pack
            .kind_by_name(name.trim())
            .ok_or_else(|| self.err(at, format!("unknown card `{name}`")))
    }

    fn build(mut self) -> Result<Scenario, String> {
        let raw_players = std::mem::take(&mut self.raw.players);
        if raw_players.len() != 2 {
            return Err(self.err(
                "players",
                format!(
                    "give exactly two [[players]] entries, got {}",
                    raw_players.len()
                ),
            ));
        }
        let mulligan = self.raw.mulligan;
        let seed = self.raw.seed;
        let setup = Setup {
            clans: self.clans,
            seed,
            mulligan,
        };
        let version = self.raw.rules_version.unwrap_or(crate::game::RULES_VERSION);
        let (mut st, _) = State::new_under(&self.rules, setup, version)
            .map_err(|e| format!("{}: {e}", self.file))?;
        st.rng = Pcg32::seed_from_u64(seed);
        st.players = Default::default();
        for z in st.squads.iter_mut() {
            z[0].clear();
            z[1].clear();
        }

        // Seats and the track.
        let active = match self.raw.active {
            Some(v) => seat_of(v, &format!("{}: active", self.file))?,
            None => 0,
        };
        let first_player = match self.raw.first_player {
            Some(v) => seat_of(v, &format!("{}: first_player", self.file))?,
            None => active,
        };
        let token = self.raw.token.unwrap_or(0);
        let l = self.rules.board.track_length as i64;
        if !(-l..=l).contains(&token) {
            return Err(self.err(
                "token",
                format!("must be between -{l} and {l}, got {token}"),
            ));
        }
        let turn = self.raw.turn.unwrap_or(1);
        if !(1..=MAX_TURN).contains(&turn) {
            return Err(self.err(
                "turn",
                format!("must be between 1 and {MAX_TURN}, got {turn}"),
            ));
        }

        // Cards in piles.
        let mut rests = [Rest::Removed; 2];
        for (s, p) in raw_players.iter().enumerate() {
            let seat = s as Seat;
            let at = format!("players[{s}]");
            let hand = self.take_all(seat, &p.hand, &format!("{at}.hand"))?;
            let draw = self.take_all(seat, &p.draw, &format!("{at}.draw"))?;
            let discard = self.take_all(seat, &p.discard, &format!("{at}.discard"))?;
            let removed = self.take_all(seat, &p.removed, &format!("{at}.removed"))?;
            let pl = &mut st.players[s];
            pl.hand.extend(hand);
            pl.draw.extend(draw);
            pl.discard.extend(discard);
            pl.removed.extend(removed);
            rests[s] = match p.rest.as_deref().map(str::to_ascii_lowercase).as_deref() {
                None | Some("removed") => Rest::Removed,
                Some("draw") => Rest::Draw,
                Some("discard") => Rest::Discard,
                Some(other) => {
                    return Err(self.err(
                        &format!("{at}.rest"),
                        format!("must be \"removed\", \"draw\" or \"discard\", got `{other}`"),
                    ));
                }
            };
        }

        // Squads.
        let raw_squads = std::mem::take(&mut self.raw.squads);
        for (i, sq) in raw_squads.iter().enumerate() {
            let at = format!("squads[{i}]");
            let zone = self.zone(&sq.zone, &format!("{at}.zone"))?;
            let seat = seat_of(sq.seat, &format!("{}: {at}.seat", self.file))?;
            if !st.squads[zone as usize][seat as usize].is_empty() {
                return Err(self.err(
                    &at,
                    format!(
                        "seat {seat} already has a squad in {} (one squad per seat and zone)",
                        sq.zone
                    ),
                ));
            }
            if sq.units.len() > crate::game::pack::MAX_SQUAD_LIMIT as usize {
                return Err(self.err(
                    &format!("{at}.units"),
                    format!(
                        "a squad holds at most {} units",
                        crate::game::pack::MAX_SQUAD_LIMIT
                    ),
                ));
            }
            let mut units = Vec::new();
            for (j, u) in sq.units.iter().enumerate() {
                let uat = format!("{at}.units[{j}]");
                let (name, owner) = match u {
                    RawUnit::Name(n) => (n.as_str(), seat),
                    RawUnit::Owned { card, owner } => (
                        card.as_str(),
                        seat_of(*owner, &format!("{}: {uat}.owner", self.file))?,
                    ),
                };
                units.push(self.take(owner, name, &uat)?);
            }
            st.squads[zone as usize][seat as usize].extend(units);
            // The limit depends on the squad's top unit (Horde), so check it placed.
            let limit = st.squad_limit(&self.rules, seat, zone);
            if sq.units.len() > limit {
                return Err(self.err(
                    &format!("{at}.units"),
                    format!(
                        "this squad holds at most {limit} units, got {}",
                        sq.units.len()
                    ),
                ));
            }
        }

        // A battle in progress: allocate its committed cards before the rest of the decks.
        let raw_battle = self.raw.battle.take();
        let mut battle = None;
        if let Some(b) = &raw_battle {
            if mulligan {
                return Err(self.err(
                    "battle",
                    "a scenario with the mulligan starts before any battle",
                ));
            }
            let zone = self.zone(&b.zone, "battle.zone")?;
            let attacker = match b.attacker {
                Some(v) => seat_of(v, &format!("{}: battle.attacker", self.file))?,
                None => active,
            };
            if attacker != active {
                return Err(self.err("battle.attacker", "the attacker must be the active player"));
            }
            for seat in 0..2 {
                if st.squads[zone as usize][seat].is_empty() {
                    return Err(self.err(
                        "battle.zone",
                        format!(
                            "a battle needs a squad of each seat in {}; seat {seat} has none",
                            b.zone
                        ),
                    ));
                }
            }
            if b.cards.len() > 2 {
                return Err(self.err(
                    "battle.cards",
                    "give at most two cards (seat 0's, then seat 1's)",
                ));
            }
            let mut cards: [Option<CardId>; 2] = [None, None];
            for (s, name) in b.cards.iter().enumerate() {
                if !name.trim().is_empty() {
                    cards[s] = Some(self.take(s as Seat, name, &format!("battle.cards[{s}]"))?);
                }
            }
            battle = Some((zone, attacker, cards));
        }

        // The rest of each deck.
        for (seat, rest_to) in rests.into_iter().enumerate() {
            let base = seat * DECK_SIZE;
            let rest: Vec<CardId> = (base..base + DECK_SIZE)
                .filter(|&i| !self.used[i])
                .map(|i| i as CardId)
                .collect();
            for &c in &rest {
                self.used[c as usize] = true;
            }
            let pl = &mut st.players[seat];
            match rest_to {
                Rest::Removed => pl.removed.extend(rest),
                Rest::Draw => pl.draw.extend(rest),
                Rest::Discard => pl.discard.extend(rest),
            }
        }

        // Crystals.
        let mut crystal_used = vec![false; self.rules.pack.crystals.len()];
        let mut use_crystal = |b: &Builder, name: &str, at: &str| -> Result<CrystalId, String> {
            let c = b.crystal(name, at)?;
            if std::mem::replace(&mut crystal_used[c as usize], true) {
                return Err(b.err(
                    at,
                    format!("crystal `{name}` is used twice (each crystal exists once)"),
                ));
            }
            Ok(c)
        };
        for (s, p) in raw_players.iter().enumerate() {
            let mut collected: Vec<CollectedCrystal> = Vec::new();
            for (i, n) in p.crystals.iter().enumerate() {
                let c = use_crystal(&self, n, &format!("players[{s}].crystals[{i}]"))?;
                collected.push(CollectedCrystal {
                    crystal: c,
                    face_down: false,
                });
            }
            for (i, n) in p.face_down.iter().enumerate() {
                let at = format!("players[{s}].face_down[{i}]");
                let c = self.crystal(n, &at)?;
                match collected
                    .iter_mut()
                    .find(|x| x.crystal == c && !x.face_down)
                {
                    Some(x) => x.face_down = true,
                    None => {
                        let c = use_crystal(&self, n, &at)?;
                        collected.push(CollectedCrystal {
                            crystal: c,
                            face_down: true,
                        });
                    }
                }
            }
            if !collected.is_empty() && mulligan {
                return Err(self.err(
                    &format!("players[{s}].crystals"),
                    "a scenario with the mulligan starts before any crystal is scored",
                ));
            }
            if collected.len() >= crate::game::state::CRYSTALS_TO_WIN {
                return Err(self.err(
                    &format!("players[{s}].crystals"),
                    "a player with 4 or more crystals has already won; give at most 3",
                ));
            }
            st.players[s].crystals.extend(collected);
        }
        if mulligan {
            for (field, given) in [
                ("market", self.raw.market.is_some()),
                ("crystal_deck", self.raw.crystal_deck.is_some()),
                ("active", self.raw.active.is_some()),
                ("first_player", self.raw.first_player.is_some()),
                ("turn", self.raw.turn.is_some()),
            ] {
                if given {
                    return Err(self.err(
                        field,
                        "with `mulligan = true` the engine chooses this after the mulligan; leave it out",
                    ));
                }
            }
        } else {
            let market = match &self.raw.market {
                Some(names) => {
                    if names.len() > 3 {
                        return Err(self.err(
                            "market",
                            format!("at most 3 face-up crystals, got {}", names.len()),
                        ));
                    }
                    let mut m = Vec::new();
                    for (i, n) in names.iter().enumerate() {
                        m.push(use_crystal(&self, n, &format!("market[{i}]"))?);
                    }
                    Some(m)
                }
                None => None,
            };
            let deck = match &self.raw.crystal_deck {
                Some(names) => {
                    let mut d = Vec::new();
                    for (i, n) in names.iter().enumerate() {
                        d.push(use_crystal(&self, n, &format!("crystal_deck[{i}]"))?);
                    }
                    Some(d)
                }
                None => None,
            };
            let mut remaining: Vec<CrystalId> = (0..self.rules.pack.crystals.len())
                .filter(|&c| !crystal_used[c])
                .map(|c| c as CrystalId)
                .collect();
            let market = market.unwrap_or_else(|| {
                let n = remaining.len().min(3);
                remaining.drain(..n).collect()
            });
            let deck = deck.unwrap_or(remaining);
            st.market.clear();
            st.market.extend(market);
            st.crystal_deck.clear();
            st.crystal_deck.extend(deck);
        }

        // Whose turn, and what the match waits for.
        st.battle = None;
        st.activated = None;
        st.owed_scores = [0, 0];
        st.winner = None;
        st.actions = 0;
        st.token = token as i8;
        if mulligan {
            st.active = 0;
            st.first_player = None;
            st.turn = 0;
            st.market.clear();
            st.crystal_deck.clear();
            st.agenda = vec![Step::Mulligan {
                choices: [None, None],
            }];
        } else {
            st.active = active;
            st.first_player = Some(first_player);
            st.turn = turn;
            st.agenda = vec![Step::ChooseAction];
        }

        // Enter the battle through the engine: offer it, accept it, commit the cards.
        let mut start_events = Vec::new();
        if let Some((zone, attacker, cards)) = battle {
            for (p, card) in st.players.iter_mut().zip(cards) {
                if let Some(c) = card {
                    if p.hand.is_empty() {
                        // An empty hand plays the top card of the draw pile.
                        p.draw.insert(0, c);
                    } else {
                        p.hand.push(c);
                    }
                }
            }
            let from_hand: [bool; 2] =
                [0, 1].map(|s| cards[s].is_some() && !st.players[s].hand.is_empty());
            st.agenda = vec![Step::EndAction, Step::OfferBattle { seat: attacker }];
            st.activated = Some(zone);
            let refused = |e: crate::game::RuleError| {
                self.err(
                    "battle",
                    format!("the engine refused to start the battle: {e}"),
                )
            };
            // Like the file's inputs, these must be among the legal ones.
            let offered = |st: &State, seat: Seat, input: &Input| {
                if st
                    .legal(&self.rules, seat)
                    .iter()
                    .any(|l| st.same_choice(l, input))
                {
                    Ok(())
                } else {
                    Err(self.err(
                        "battle",
                        format!(
                            "the engine does not offer `{}` to seat {seat} as the battle starts",
                            inputs::render(&self.rules, st, input, true)
                        ),
                    ))
                }
            };
            offered(&st, attacker, &Input::Battle(true))?;
            start_events.extend(
                st.apply(&self.rules, attacker, &Input::Battle(true))
                    .map_err(refused)?,
            );
            // The committed cards come after any start-of-battle options (abilities or
            // crystals used as the battle starts): those are declined, and when they
            // wait with Tactical to be ordered, the default order is taken.
            while st.battle.as_ref().is_some_and(|b| !b.revealed) {
                let p = st.pending();
                if matches!(p.question, Question::BattleCard) {
                    break;
                }
                let Some(&seat) = p.seats.first() else { break };
                let legal = st.legal(&self.rules, seat);
                let answer = match p.question {
                    Question::OrderTriggers => legal[0],
                    _ if legal.contains(&Input::Done) => Input::Done,
                    _ => break,
                };
                start_events.extend(st.apply(&self.rules, seat, &answer).map_err(refused)?);
            }
            for seat in 0..2u8 {
                if let (true, Some(c)) = (from_hand[seat as usize], cards[seat as usize]) {
                    offered(&st, seat, &Input::BattleCard(c))?;
                    start_events.extend(
                        st.apply(&self.rules, seat, &Input::BattleCard(c))
                            .map_err(refused)?,
                    );
                }
            }
        }

        // The position must be one a match can be in: above all, one where whoever
        // must answer has an answer (a match with no legal move would wait forever).
        st.validate(&self.rules)
            .map_err(|e| self.err("position", format!("not a position a match can be in: {e}")))?;

        // Inputs.
        let raw_inputs = std::mem::take(&mut self.raw.inputs);
        let mut inputs = Vec::new();
        for (i, ri) in raw_inputs.into_iter().enumerate() {
            let at = format!("inputs[{i}]");
            let seat = seat_of(ri.seat, &format!("{}: {at}.seat", self.file))?;
            let input = self
                .parse_input(&ri.input)
                .map_err(|m| self.err(&format!("{at}.input"), m))?;
            inputs.push(ScenarioInput {
                seat,
                raw: ri.input,
                input,
            });
        }

        let expect = match self.raw.expect.take() {
            Some(e) => Some(self.expect(e)?),
            None => None,
        };

        Ok(Scenario {
            name: self.file.clone(),
            description: self.raw.description.clone(),
            rules: self.rules,
            start: st,
            start_events,
            inputs,
            expect,
        })
    }

    // ---- inputs ------------------------------------------------------------------------

    /// Normalises an input and checks it: every name must resolve and the result must
    /// be an engine `Input`.
    fn parse_input(&self, v: &Value) -> Result<Value, String> {
        let v = normalise_input(v)?;
        let mut resolve = |leaf: Leaf, x: &Value| -> Result<Value, String> {
            let in_range =
                |n: &serde_json::Number, len: usize| n.as_u64().is_some_and(|i| (i as usize) < len);
            let table;
            let x = match (leaf, x) {
                (Leaf::Card, Value::Object(_)) => {
                    table = Value::String(inputs::check_card_table(&self.rules, x)?);
                    &table
                }
                _ => x,
            };
            match (leaf, x) {
                (Leaf::Card, Value::String(s)) => {
                    for seat in 0..2 {
                        if let Ok(k) = self.deck_kind(seat, s) {
                            let deck = &self.rules.pack.decks[self.clans[seat as usize] as usize];
                            let i = deck
                                .iter()
                                .position(|&d| d == k)
                                .expect("the kind is in the deck");
                            return Ok(json!(seat as usize * DECK_SIZE + i));
                        }
                    }
                    Err(match self.rules.pack.kind_by_name(s.trim()) {
                        Some(_) => format!("`{s}` is in neither seat's deck"),
                        None => format!("unknown card `{s}`"),
                    })
                }
                (Leaf::Card, Value::Number(n)) if in_range(n, TOTAL_CARDS) => Ok(x.clone()),
                (Leaf::Zone, Value::String(s)) => self
                    .zone(s, "")
                    .map(|z| json!(z))
                    .map_err(|_| format!("unknown zone `{s}`")),
                (Leaf::Zone, Value::Number(n)) if in_range(n, self.rules.board.zones.len()) => {
                    Ok(x.clone())
                }
                (Leaf::Crystal, Value::String(s)) => self
                    .crystal(s, "")
                    .map(|c| json!(c))
                    .map_err(|_| format!("unknown crystal `{s}`")),
                (Leaf::Crystal, Value::Number(n))
                    if in_range(n, self.rules.pack.crystals.len()) =>
                {
                    Ok(x.clone())
                }
                (Leaf::Plain, _) => Ok(x.clone()),
                (_, other) => Err(format!(
                    "{other} is not a valid {leaf:?} (out of range or not a name)"
                )
                .to_lowercase()),
            }
        };
        let engine = convert_input(&v, &mut resolve)?;
        to_engine_input(&engine)?;
        Ok(v)
    }

    // ---- expectations ------------------------------------------------------------------

    fn kinds(&self, names: &[String], at: &str) -> Result<Vec<KindId>, String> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| self.any_kind(n, &format!("{at}[{i}]")))
            .collect()
    }

    fn expect(&self, e: RawExpect) -> Result<Expect, String> {
        let seat = |v: i64, at: &str| seat_of(v, &format!("{}: expect.{at}", self.file));
        let winner = match &e.winner {
            None => None,
            Some(Value::Number(n)) => Some(Some(seat(n.as_i64().unwrap_or(-1), "winner")?)),
            Some(Value::String(s)) if eq(s, "none") => Some(None),
            Some(other) => {
                return Err(self.err(
                    "expect.winner",
                    format!("give 0, 1 or \"none\", got {other}"),
                ));
            }
        };
        let pair =
            |v: &Option<[Vec<String>; 2]>, at: &str| -> Result<Option<[Vec<KindId>; 2]>, String> {
                match v {
                    None => Ok(None),
                    Some([a, b]) => Ok(Some([
                        self.kinds(a, &format!("expect.{at}[0]"))?,
                        self.kinds(b, &format!("expect.{at}[1]"))?,
                    ])),
                }
            };
        let mut squads = Vec::new();
        for (i, sq) in e.squads.iter().flatten().enumerate() {
            let at = format!("expect.squads[{i}]");
            let zone = self.zone(&sq.zone, &format!("{at}.zone"))?;
            let s = seat(sq.seat, &format!("squads[{i}].seat"))?;
            let mut units = Vec::new();
            for (j, u) in sq.units.iter().enumerate() {
                let uat = format!("{at}.units[{j}]");
                units.push(match u {
                    RawUnit::Name(n) => ExpectedUnit {
                        kind: self.any_kind(n, &uat)?,
                        owner: None,
                    },
                    RawUnit::Owned { card, owner } => ExpectedUnit {
                        kind: self.any_kind(card, &uat)?,
                        owner: Some(seat(*owner, &format!("squads[{i}].units[{j}].owner"))?),
                    },
                });
            }
            squads.push(ExpectedSquad {
                zone,
                seat: s,
                units,
            });
        }
        let market = match &e.market {
            None => None,
            Some(names) => Some(
                names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| self.crystal(n, &format!("expect.market[{i}]")))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        let question = match &e.question {
            None => None,
            Some(m) => {
                let mut out = serde_json::Map::new();
                for (k, v) in m {
                    let v = match (k.as_str(), v) {
                        ("zone", Value::String(z)) => json!(self.zone(z, "expect.question.zone")?),
                        _ => v.clone(),
                    };
                    out.insert(k.clone(), v);
                }
                Some(out)
            }
        };
        let pending_seats = match &e.pending_seats {
            None => None,
            Some(v) => Some(
                v.iter()
                    .map(|&s| seat(s, "pending_seats"))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        let crystal_pair = |v: &Option<[Vec<String>; 2]>,
                            at: &str|
         -> Result<Option<[Vec<CrystalId>; 2]>, String> {
            let Some(pair) = v else { return Ok(None) };
            let mut out: [Vec<CrystalId>; 2] = Default::default();
            for (seat, names) in pair.iter().enumerate() {
                for (i, n) in names.iter().enumerate() {
                    out[seat].push(self.crystal(n, &format!("expect.{at}[{seat}][{i}]"))?);
                }
            }
            Ok(Some(out))
        };
        Ok(Expect {
            winner,
            token: e.token,
            active: e.active.map(|a| seat(a, "active")).transpose()?,
            turn: e.turn,
            pending: e.pending.clone(),
            pending_seats,
            question,
            hand_count: e.hand_count,
            draw_count: e.draw_count,
            discard_count: e.discard_count,
            removed_count: e.removed_count,
            crystal_count: e.crystal_count,
            hand: pair(&e.hand, "hand")?,
            discard: pair(&e.discard, "discard")?,
            removed: pair(&e.removed, "removed")?,
            market,
            squads,
            damage: e.damage,
            left: e.left,
            events: e.events.clone().unwrap_or_default(),
            no_events: e.no_events.clone().unwrap_or_default(),
            event_counts: e.event_counts.clone().unwrap_or_default(),
            draw: pair(&e.draw, "draw")?,
            crystals: crystal_pair(&e.crystals, "crystals")?,
            face_down: crystal_pair(&e.face_down, "face_down")?,
            owed_scores: e.owed_scores,
            error: e.error.as_ref().map(|x| (x.index, x.contains.clone())),
        })
    }
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

// ---- expectations ----------------------------------------------------------------------

fn event_name(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("event").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_default()
}

fn kind_names(rules: &Rules, kinds: &[KindId]) -> Vec<String> {
    let mut v: Vec<String> = kinds
        .iter()
        .map(|&k| rules.pack.cards[k as usize].name.clone())
        .collect();
    v.sort();
    v
}

/// Card names in the given order (a draw pile, top first).
fn kind_names_in_order(rules: &Rules, kinds: &[KindId]) -> Vec<String> {
    kinds
        .iter()
        .map(|&k| rules.pack.cards[k as usize].name.clone())
        .collect()
}

/// Collected crystals to compare per seat: the key, the expected lists, and whether
/// only the face-down ones count.
type CrystalCheck<'a> = (&'a str, &'a Option<[Vec<CrystalId>; 2]>, bool);
/// A per-seat count to check: its name, the expected values, how to read it.
type CountCheck<'a> = (&'a str, &'a Option<[usize; 2]>, fn(&State, usize) -> usize);
/// A per-seat pile to compare as a multiset of kinds.
type PileCheck<'a> = (
    &'a str,
    &'a Option<[Vec<KindId>; 2]>,
    fn(&State, usize) -> &[CardId],
);

fn check(rules: &Rules, state: &State, events: &[Event], e: &Expect, out: &mut Vec<String>) {
    let mut fail = |m: String| out.push(m);
    if let Some(w) = e.winner
        && state.winner != w
    {
        let show = |w: Option<Seat>| w.map_or("none".to_string(), |s| format!("seat {s}"));
        fail(format!(
            "winner: expected {}, got {}",
            show(w),
            show(state.winner)
        ));
    }
    if let Some(t) = e.token
        && state.token as i64 != t
    {
        fail(format!("token: expected {t}, got {}", state.token));
    }
    if let Some(a) = e.active
        && state.active != a
    {
        fail(format!(
            "active: expected seat {a}, got seat {}",
            state.active
        ));
    }
    if let Some(t) = e.turn
        && state.turn != t
    {
        fail(format!("turn: expected {t}, got {}", state.turn));
    }
    let pending = state.pending();
    if let Some(p) = &e.pending {
        let got = serde_json::to_value(&pending.question)
            .ok()
            .and_then(|v| {
                v.get("question")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
            .unwrap_or_default();
        if !eq(p, &got) {
            fail(format!(
                "pending: expected `{p}`, got `{got}` (seats {:?})",
                pending.seats
            ));
        }
    }
    if let Some(want) = &e.question {
        let got = serde_json::to_value(&pending.question).unwrap_or(Value::Null);
        for (k, v) in want {
            let same = match (got.get(k), v) {
                (Some(Value::String(a)), Value::String(b)) => eq(a, b),
                (Some(a), b) => a == b,
                (None, _) => false,
            };
            if !same {
                fail(format!(
                    "question.{k}: expected {v}, got {} (question {got})",
                    got.get(k).unwrap_or(&Value::Null)
                ));
            }
        }
    }
    if let Some(s) = &e.pending_seats
        && *s != pending.seats
    {
        fail(format!(
            "pending_seats: expected {s:?}, got {:?}",
            pending.seats
        ));
    }
    let counts: [CountCheck; 5] = [
        ("hand_count", &e.hand_count, |s, p| s.players[p].hand.len()),
        ("draw_count", &e.draw_count, |s, p| s.players[p].draw.len()),
        ("discard_count", &e.discard_count, |s, p| {
            s.players[p].discard.len()
        }),
        ("removed_count", &e.removed_count, |s, p| {
            s.players[p].removed.len()
        }),
        ("crystal_count", &e.crystal_count, |s, p| {
            s.players[p].crystals.len()
        }),
    ];
    for (name, want, get) in counts {
        if let Some(w) = want {
            let got = [get(state, 0), get(state, 1)];
            if got != *w {
                fail(format!("{name}: expected {w:?}, got {got:?}"));
            }
        }
    }
    let piles: [PileCheck; 3] = [
        ("hand", &e.hand, |s, p| &s.players[p].hand),
        ("discard", &e.discard, |s, p| &s.players[p].discard),
        ("removed", &e.removed, |s, p| &s.players[p].removed),
    ];
    for (name, want, get) in piles {
        if let Some(w) = want {
            for (seat, want_kinds) in w.iter().enumerate() {
                let got: Vec<KindId> = get(state, seat)
                    .iter()
                    .map(|&c| state.kinds[c as usize])
                    .collect();
                let (want_names, got_names) =
                    (kind_names(rules, want_kinds), kind_names(rules, &got));
                if want_names != got_names {
                    fail(format!(
                        "{name} of seat {seat}: expected {want_names:?}, got {got_names:?}"
                    ));
                }
            }
        }
    }
    if let Some(m) = &e.market
        && state.market.as_slice() != m.as_slice()
    {
        let names = |v: &[CrystalId]| -> Vec<String> {
            v.iter()
                .map(|&c| rules.pack.crystals[c as usize].name.clone())
                .collect()
        };
        fail(format!(
            "market: expected {:?}, got {:?}",
            names(m),
            names(&state.market)
        ));
    }
    for sq in &e.squads {
        let got = state.squad(sq.zone, sq.seat);
        let same = got.len() == sq.units.len()
            && got.iter().zip(&sq.units).all(|(&c, u)| {
                state.kinds[c as usize] == u.kind
                    && u.owner.is_none_or(|o| crate::game::state::owner(c) == o)
            });
        if !same {
            let want: Vec<String> = sq
                .units
                .iter()
                .map(|u| {
                    let n = rules.pack.cards[u.kind as usize].name.clone();
                    match u.owner {
                        Some(o) => format!("{n} (owner {o})"),
                        None => n,
                    }
                })
                .collect();
            let have: Vec<String> = got
                .iter()
                .map(|&c| {
                    format!(
                        "{} (owner {})",
                        card_name(rules, state, c),
                        crate::game::state::owner(c)
                    )
                })
                .collect();
            fail(format!(
                "squad of seat {} in {}: expected {want:?}, got {have:?}",
                sq.seat, rules.board.zones[sq.zone as usize].id
            ));
        }
    }
    if let Some(d) = e.damage {
        let last = events.iter().rev().find_map(|ev| match ev {
            Event::DamageDealt { damage, .. } => Some(damage.map(u32::from)),
            _ => None,
        });
        match last {
            Some(got) if got == d => {}
            Some(got) => fail(format!("damage: expected {d:?}, got {got:?}")),
            None => fail(format!("damage: expected {d:?}, but no damage was dealt")),
        }
    }
    if let Some(l) = e.left {
        let last = events.iter().rev().find_map(|ev| match ev {
            Event::BattleCardsRevealed { left, .. } => Some(*left),
            _ => None,
        });
        match last {
            Some(got) if got == l => {}
            Some(got) => fail(format!("left: expected {l:?}, got {got:?}")),
            None => fail(format!(
                "left: expected {l:?}, but no battle cards were revealed"
            )),
        }
    }
    if let Some(w) = &e.draw {
        for (seat, want) in w.iter().enumerate() {
            let got: Vec<KindId> = state.players[seat]
                .draw
                .iter()
                .map(|&c| state.kinds[c as usize])
                .collect();
            if got != *want {
                fail(format!(
                    "draw of seat {seat} (top first): expected {:?}, got {:?}",
                    kind_names_in_order(rules, want),
                    kind_names_in_order(rules, &got)
                ));
            }
        }
    }
    let crystal_names = |v: &[CrystalId]| -> Vec<String> {
        v.iter()
            .map(|&c| rules.pack.crystals[c as usize].name.clone())
            .collect()
    };
    let collected: [CrystalCheck; 2] = [
        ("crystals", &e.crystals, false),
        ("face_down", &e.face_down, true),
    ];
    for (name, want, only_face_down) in collected {
        let Some(w) = want else { continue };
        for (seat, want) in w.iter().enumerate() {
            let got: Vec<CrystalId> = state.players[seat]
                .crystals
                .iter()
                .filter(|c| !only_face_down || c.face_down)
                .map(|c| c.crystal)
                .collect();
            if got != *want {
                fail(format!(
                    "{name} of seat {seat}: expected {:?}, got {:?}",
                    crystal_names(want),
                    crystal_names(&got)
                ));
            }
        }
    }
    if let Some(o) = e.owed_scores
        && state.owed_scores != o
    {
        fail(format!(
            "owed_scores: expected {o:?}, got {:?}",
            state.owed_scores
        ));
    }
    let names: Vec<String> = events.iter().map(event_name).collect();
    for (kind, want) in &e.event_counts {
        let got = names.iter().filter(|n| eq(n, kind)).count();
        if got != *want {
            fail(format!(
                "event_counts.{kind}: expected {want}, got {got}; events were {names:?}"
            ));
        }
    }
    if !e.events.is_empty() {
        let mut it = names.iter();
        let mut found = 0;
        for want in &e.events {
            if it.any(|n| eq(n, want)) {
                found += 1;
            } else {
                break;
            }
        }
        if found < e.events.len() {
            fail(format!(
                "events: expected {:?} in this order; `{}` (#{found}) is missing after the earlier ones; events were {names:?}",
                e.events, e.events[found]
            ));
        }
    }
    for bad in &e.no_events {
        if names.iter().any(|n| eq(n, bad)) {
            fail(format!(
                "no_events: `{bad}` occurred; events were {names:?}"
            ));
        }
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

/// Runs a scenario file and prints the result; returns the process exit code:
/// 0 = no unexpected error and every expectation held, 1 = otherwise, 2 = the file
/// cannot be loaded.
pub fn cli(path: &Path) -> i32 {
    let sc = match load(path) {
        Ok(sc) => sc,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let out = run(&sc);
    let doc = report(&sc, &out);
    println!(
        "{}",
        serde_json::to_string_pretty(&doc).expect("a report is plain JSON")
    );
    if !out.passed() {
        let mut msg = String::new();
        for f in &out.expectation_failures {
            let _ = writeln!(msg, "  {f}");
        }
        eprintln!("{}: FAILED\n{msg}", sc.name);
        return 1;
    }
    0
}

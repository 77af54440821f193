//! Building a `Scenario` from the file as written: the rules with their overrides,
//! the starting position (see the module documentation of `scenario` for how it is
//! reached with the public API only), the inputs and the expectations, every name
//! resolved and every value validated before anything runs.

use super::inputs::{self, Leaf, convert_input, normalise_input, to_engine_input};
use super::{RawScenario, RawUnit, Scenario, ScenarioInput, eq, seat_of};
use crate::game::board::ZoneId;
use crate::game::pack::{DECK_SIZE, KindId, MAX_SQUAD_LIMIT, Signature, Style};
use crate::game::state::{
    CardId, CollectedCrystal, CrystalId, Seat, Step, TOTAL_CARDS, ZoneSquads,
};
use crate::game::{Input, Question, Rules, Setup, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::{Value, json};

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

pub(super) struct Builder {
    pub(super) file: String,
    raw: RawScenario,
    rules: Rules,
    clans: [u8; 2],
    /// Instances already placed, per card id.
    used: [bool; TOTAL_CARDS],
}

impl Builder {
    pub(super) fn new(file: &str, raw: RawScenario) -> Result<Builder, String> {
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

    pub(super) fn err(&self, at: &str, msg: impl std::fmt::Display) -> String {
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

    pub(super) fn zone(&self, name: &str, at: &str) -> Result<ZoneId, String> {
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

    pub(super) fn crystal(&self, name: &str, at: &str) -> Result<CrystalId, String> {
        self.rules
            .pack
            .crystals
            .iter()
            .position(|c| eq(&c.name, name) || eq(&c.id, name))
            .map(|c| c as CrystalId)
            .ok_or_else(|| self.err(at, format!("unknown crystal `{name}`")))
    }

    /// A card kind named anywhere in the two seats' decks (then anywhere in the pack).
    pub(super) fn any_kind(&self, name: &str, at: &str) -> Result<KindId, String> {
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

    pub(super) fn build(mut self) -> Result<Scenario, String> {
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
        st.squads = ZoneSquads::empty(st.squads.len());

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
            st.squads.squad_mut(zone, seat).extend(units);
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
}

//! Expectations: resolving the file's `[expect]` table against the rules, and
//! checking a finished run against it.

use super::build::Builder;
use super::inputs::card_name;
use super::{Expect, ExpectedSquad, ExpectedUnit, RawExpect, RawUnit, eq, seat_of};
use crate::game::pack::KindId;
use crate::game::state::{CardId, CrystalId, Seat};
use crate::game::{Event, Rules, State};
use serde_json::{Value, json};

impl Builder {
    fn kinds(&self, names: &[String], at: &str) -> Result<Vec<KindId>, String> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| self.any_kind(n, &format!("{at}[{i}]")))
            .collect()
    }

    pub(super) fn expect(&self, e: RawExpect) -> Result<Expect, String> {
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

pub(super) fn check(
    rules: &Rules,
    state: &State,
    events: &[Event],
    e: &Expect,
    out: &mut Vec<String>,
) {
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

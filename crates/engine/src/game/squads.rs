//! Squads (rulebook "Squads", glossary "Combining Squads", "Squad Limits",
//! "Reordering", "Controlled Zone"): who holds what in each zone, adding units to a
//! zone, cutting an oversized squad down and reordering it.

use super::Rules;
use super::agenda::distinct;
use super::board::{MAX_ZONES, ZoneId, zones_in};
use super::choice::{Classes, for_each_order, run_tops};
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::pack::CardDef;
use super::state::*;
use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// Each zone's pair of squads (seat 0's, then seat 1's), for the board's zones: a list
/// of pairs to every reader (it derefs to a slice of the board's zones, and serializes
/// and prints as the list it replaced), held in a fixed array of `MAX_ZONES` pairs
/// whose pairs past the board's zones stay empty. `State::squad` indexes the array
/// with the zone and seat masked to its bounds, so it checks no length. What the
/// fixed array buys in time is `occupied`: a seat's squads read as one mask with no
/// branch (dropping the bounds checks alone cut instructions, not time).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ZoneSquads {
    pairs: [[Squad; 2]; MAX_ZONES],
    len: u8,
}

const _: () = assert!(MAX_ZONES.is_power_of_two(), "zones are masked, not checked");

impl ZoneSquads {
    /// No zones.
    pub const fn new() -> ZoneSquads {
        ZoneSquads {
            pairs: [[Squad::new(), Squad::new()]; MAX_ZONES],
            len: 0,
        }
    }

    /// Empty squads for a board of `zones` zones (at most `MAX_ZONES`, as a board is).
    pub fn empty(zones: usize) -> ZoneSquads {
        let mut out = ZoneSquads::new();
        for _ in 0..zones {
            out.push([Squad::new(), Squad::new()]);
        }
        out
    }

    /// Adds the next zone's pair. Panics past `MAX_ZONES`, like the list it replaced.
    pub fn push(&mut self, pair: [Squad; 2]) {
        let z = self.len as usize;
        assert!(z < MAX_ZONES, "a board has at most {MAX_ZONES} zones");
        self.pairs[z] = pair;
        self.len += 1;
    }

    /// The seat's squad in the zone. A zone of the board and a seat (0 or 1) are
    /// within the masks; builds with debug assertions check that they are.
    #[inline]
    fn at(&self, zone: ZoneId, seat: Seat) -> &Squad {
        debug_assert!(zone < self.len && seat < 2, "zone {zone}, seat {seat}");
        &self.pairs[zone as usize % MAX_ZONES][seat as usize % 2]
    }

    #[inline]
    fn at_mut(&mut self, zone: ZoneId, seat: Seat) -> &mut Squad {
        debug_assert!(zone < self.len && seat < 2, "zone {zone}, seat {seat}");
        &mut self.pairs[zone as usize % MAX_ZONES][seat as usize % 2]
    }

    /// The zones where the seat has a squad, as a bit set. Read across the whole array
    /// with no branch (the empty pairs past the board add nothing): the loops over
    /// the zones that skipped empty squads one by one mispredicted, the board being
    /// another at every question.
    #[inline]
    pub fn occupied(&self, seat: Seat) -> u16 {
        let mut bits = 0u16;
        for (z, pair) in self.pairs.iter().enumerate() {
            bits |= u16::from(!pair[seat as usize % 2].is_empty()) << z;
        }
        bits
    }
}

impl Default for ZoneSquads {
    fn default() -> ZoneSquads {
        ZoneSquads::new()
    }
}

impl Deref for ZoneSquads {
    type Target = [[Squad; 2]];
    fn deref(&self) -> &[[Squad; 2]] {
        &self.pairs[..self.len as usize]
    }
}

impl DerefMut for ZoneSquads {
    fn deref_mut(&mut self) -> &mut [[Squad; 2]] {
        &mut self.pairs[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a ZoneSquads {
    type Item = &'a [Squad; 2];
    type IntoIter = std::slice::Iter<'a, [Squad; 2]>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for ZoneSquads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for ZoneSquads {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.deref().serialize(s)
    }
}

impl<'de> Deserialize<'de> for ZoneSquads {
    /// As the list it replaced: more than `MAX_ZONES` pairs is an error.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ZoneSquads, D::Error> {
        let list = ArrayVec::<[Squad; 2], MAX_ZONES>::deserialize(d)?;
        let mut out = ZoneSquads::new();
        for pair in list {
            out.push(pair);
        }
        Ok(out)
    }
}

impl State {
    pub fn card<'r>(&self, rules: &'r Rules, card: CardId) -> &'r CardDef {
        &rules.pack.cards[self.kinds[card as usize] as usize]
    }

    #[inline]
    pub fn squad(&self, zone: ZoneId, seat: Seat) -> &Squad {
        self.squads.at(zone, seat)
    }

    /// The one way to change a squad: it marks the zone for `advance`'s look for an
    /// oversized squad.
    pub(in crate::game) fn squad_mut(&mut self, zone: ZoneId, seat: Seat) -> &mut Squad {
        self.touched |= 1 << zone;
        self.squads.at_mut(zone, seat)
    }

    /// A seat controls a zone when it has a squad there and the opponent has none.
    pub fn controls(&self, seat: Seat, zone: ZoneId) -> bool {
        // Both squads read, with no branch between them (`&`, not `&&`): asked at
        // every action of a board that changes at every question, the branch was
        // mispredicted often.
        !self.squad(zone, seat).is_empty() & self.squad(zone, opp(seat)).is_empty()
    }

    pub fn crystal_zones_controlled(&self, rules: &Rules, seat: Seat) -> usize {
        rules
            .board
            .crystal_zones
            .iter()
            .filter(|&&z| self.controls(seat, z))
            .count()
    }

    pub(in crate::game) fn remove_unit(&mut self, zone: ZoneId, seat: Seat, card: CardId) {
        let sq = self.squad_mut(zone, seat);
        if let Some(i) = sq.iter().position(|&c| c == card) {
            sq.remove(i);
        }
    }

    /// Puts units into a zone: they join the seat's squad there (if any); the squad
    /// is then cut down to its limit (see `oversized`) and may be reordered. With
    /// `entered` (whether they moved) the zone's enter triggers follow.
    pub(in crate::game) fn place_units(
        &mut self,
        seat: Seat,
        zone: ZoneId,
        cards: &[CardId],
        entered: Option<bool>,
    ) {
        let had = self.squad(zone, seat).len();
        self.squad_mut(zone, seat).extend(cards.iter().copied());
        if let Some(moved) = entered {
            self.agenda.push(Step::Entered { seat, zone, moved });
        }
        if had > 0 || cards.len() > 1 {
            self.agenda.push(Step::Reorder { seat, zone });
        }
    }

    /// Every zone of the board, as a bit set.
    pub(in crate::game) fn every_zone(&self) -> u16 {
        u16::MAX >> (MAX_ZONES - self.squads.len())
    }

    /// The first squad over its limit (Horde lost its top unit, units joined) among
    /// the `zones` (a bit set), in zone then seat order: it must be cut down at once,
    /// before anything else happens.
    pub(in crate::game) fn oversized(&self, rules: &Rules, zones: u16) -> Option<(Seat, ZoneId)> {
        // Nearly always no squad is past 3 units, which the lengths alone tell
        // (`CardVec::len`, no slicing).
        for z in zones_in(zones) {
            for seat in 0..2 {
                let len = self.squad(z, seat).len();
                if len > SQUAD_LIMIT && len > self.squad_limit(rules, seat, z) {
                    return Some((seat, z));
                }
            }
        }
        None
    }

    /// The units of a squad as classes (runs of like units).
    pub(in crate::game) fn units(&self, zone: ZoneId, seat: Seat) -> Classes {
        let mut units = Classes::new();
        units.squad(self, self.squad(zone, seat));
        units
    }

    pub(super) fn check_reorder(
        &self,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Order(order) => {
                let squad = self.squad(zone, seat);
                distinct(order)?;
                if order.len() != squad.len() || order.iter().any(|c| !squad.contains(c)) {
                    return illegal("the new order must list every unit of the squad exactly once");
                }
                Ok(())
            }
            _ => Err(self.wrong("order the squad")),
        }
    }

    pub(super) fn perform_reorder(
        &mut self,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Order(order) = input else {
            unreachable!("checked by check_reorder")
        };
        self.agenda.pop();
        *self.squad_mut(zone, seat) = *order;
        ev.push(Event::Reordered {
            seat,
            zone,
            order: *order,
        });
    }

    pub(super) fn legal_reorders(&self, seat: Seat, zone: ZoneId, out: &mut Vec<Input>) {
        for_each_order(self, self.squad(zone, seat), |o| out.push(Input::Order(o)));
    }

    pub(super) fn check_discard_down(
        &self,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
    ) -> Result<(), RuleError> {
        match input {
            Input::Unit(c) => {
                if !self.squad(zone, seat).contains(c) {
                    return illegal("that unit is not in the squad");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose a unit to discard")),
        }
    }

    pub(super) fn perform_discard_down(
        &mut self,
        seat: Seat,
        zone: ZoneId,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let Input::Unit(c) = input else {
            unreachable!("checked by check_discard_down")
        };
        // The step stays until the squad is within its limit.
        self.remove_unit(zone, seat, *c);
        self.discard_to_owner(*c);
        ev.push(Event::UnitDiscarded {
            seat,
            card: *c,
            zone,
        });
    }

    pub(super) fn legal_discard_downs(&self, seat: Seat, zone: ZoneId, out: &mut Vec<Input>) {
        run_tops(self, self.squad(zone, seat), |c| out.push(Input::Unit(c)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad(cards: &[CardId]) -> Squad {
        cards.iter().copied().collect()
    }

    /// Stored matches hold the squads as the list of the board's zones they were: the
    /// fixed array must write and read exactly that, and refuse more zones than it has.
    #[test]
    fn zone_squads_serialize_as_the_list_of_the_boards_zones() {
        let mut squads = ZoneSquads::empty(3);
        squads[1][0] = squad(&[4, 2]);
        squads[2][1] = squad(&[30]);
        let json = serde_json::to_string(&squads).unwrap();
        let list: Vec<[Squad; 2]> = squads.to_vec();
        assert_eq!(json, serde_json::to_string(&list).unwrap());
        assert_eq!(json, "[[[],[]],[[4,2],[]],[[],[30]]]");
        let back: ZoneSquads = serde_json::from_str(&json).unwrap();
        assert_eq!(back, squads);
        assert_eq!(format!("{back:?}"), format!("{list:?}"));
        let too_many = serde_json::to_string(&vec![list[0]; MAX_ZONES + 1]).unwrap();
        assert!(serde_json::from_str::<ZoneSquads>(&too_many).is_err());
    }

    #[test]
    fn occupied_zones_are_the_seats_nonempty_squads() {
        let mut squads = ZoneSquads::empty(9);
        squads[0][0] = squad(&[1]);
        squads[4][0] = squad(&[2, 3]);
        squads[4][1] = squad(&[40]);
        squads[8][1] = squad(&[41]);
        assert_eq!(squads.occupied(0), 0b1_0001);
        assert_eq!(squads.occupied(1), 0b1_0001_0000);
        assert_eq!(squads.at(4, 1), &squad(&[40]));
        assert_eq!(squads.len(), 9);
    }
}

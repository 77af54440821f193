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
/// with the zone and seat masked to its bounds, so it checks no length. Squads are
/// read as a slice and changed one at a time (`squad_mut`), never through the slice,
/// so that the bit sets of occupied zones stay true.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ZoneSquads {
    pairs: [[Squad; 2]; MAX_ZONES],
    /// Each seat's zones as bit sets, a function of `pairs` kept by the one way
    /// to change a squad (`SquadMut`, which sets the zone's bits as it is dropped).
    bits: [ZoneBits; 2],
    len: u8,
}

/// One seat's zones as bit sets (bit `z` is zone `z`).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct ZoneBits {
    /// Zones with a squad. Read at every action question (activations, summon
    /// sites, control of the crystal zones and the enemy's home): looking at 16
    /// squads' lengths for it each time was 3% of a random game's instructions.
    occupied: u16,
    /// Zones whose squad holds more than `SQUAD_LIMIT` units, the only ones that
    /// can be over their limit: the look for an oversized squad after every step
    /// reads these instead of every changed squad.
    crowded: u16,
}

impl ZoneBits {
    /// Sets the zone's bits (`bit`) from its squad.
    #[inline]
    fn set(&mut self, bit: u16, squad: &Squad) {
        let occupied = if squad.is_empty() { 0 } else { bit };
        let crowded = if squad.len() > SQUAD_LIMIT { bit } else { 0 };
        self.occupied = self.occupied & !bit | occupied;
        self.crowded = self.crowded & !bit | crowded;
    }
}

const _: () = assert!(MAX_ZONES.is_power_of_two(), "zones are masked, not checked");

impl ZoneSquads {
    /// No zones.
    pub const fn new() -> ZoneSquads {
        ZoneSquads {
            pairs: [[Squad::new(), Squad::new()]; MAX_ZONES],
            bits: [ZoneBits {
                occupied: 0,
                crowded: 0,
            }; 2],
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
        for (seat, squad) in pair.iter().enumerate() {
            self.bits[seat].set(1 << z, squad);
        }
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

    /// The seat's squad in the zone, to change: the zone's bits follow when the
    /// change is done.
    #[inline]
    pub fn squad_mut(&mut self, zone: ZoneId, seat: Seat) -> SquadMut<'_> {
        debug_assert!(zone < self.len && seat < 2, "zone {zone}, seat {seat}");
        SquadMut {
            squad: &mut self.pairs[zone as usize % MAX_ZONES][seat as usize % 2],
            bits: &mut self.bits[seat as usize % 2],
            bit: 1 << (zone as usize % MAX_ZONES),
        }
    }

    /// The zones where the seat has a squad, as a bit set. Builds with debug
    /// assertions (every test) check it against the squads.
    #[inline]
    pub fn occupied(&self, seat: Seat) -> u16 {
        let bits = self.bits[seat as usize % 2].occupied;
        debug_assert_eq!(bits, {
            let mut looked = 0u16;
            for (z, pair) in self.pairs.iter().enumerate() {
                looked |= u16::from(!pair[seat as usize % 2].is_empty()) << z;
            }
            looked
        });
        bits
    }

    /// The zones the seat controls (a squad of hers and none of the opponent's), as
    /// a bit set.
    #[inline]
    pub fn controlled(&self, seat: Seat) -> u16 {
        self.occupied(seat) & !self.occupied(opp(seat))
    }

    /// The zones where a squad of either seat holds more than `SQUAD_LIMIT` units,
    /// as a bit set. Builds with debug assertions check it against the squads.
    #[inline]
    fn crowded(&self) -> u16 {
        let bits = self.bits[0].crowded | self.bits[1].crowded;
        debug_assert_eq!(bits, {
            let mut looked = 0u16;
            for (z, pair) in self.pairs.iter().enumerate() {
                looked |= u16::from(pair.iter().any(|s| s.len() > SQUAD_LIMIT)) << z;
            }
            looked
        });
        bits
    }
}

/// A squad being changed (`ZoneSquads::squad_mut`): dropped, it sets its zone's
/// bits.
pub struct SquadMut<'a> {
    squad: &'a mut Squad,
    bits: &'a mut ZoneBits,
    bit: u16,
}

impl Deref for SquadMut<'_> {
    type Target = Squad;
    fn deref(&self) -> &Squad {
        self.squad
    }
}

impl DerefMut for SquadMut<'_> {
    fn deref_mut(&mut self) -> &mut Squad {
        self.squad
    }
}

impl Drop for SquadMut<'_> {
    fn drop(&mut self) {
        self.bits.set(self.bit, self.squad);
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

    /// The one way to change a squad in play: it marks the zone for `advance`'s look
    /// for an oversized squad (and the squads' `SquadMut` keeps who occupies it).
    pub(in crate::game) fn squad_mut(&mut self, zone: ZoneId, seat: Seat) -> SquadMut<'_> {
        self.touched |= 1 << zone;
        self.squads.squad_mut(zone, seat)
    }

    /// A seat controls a zone when it has a squad there and the opponent has none.
    pub fn controls(&self, seat: Seat, zone: ZoneId) -> bool {
        self.squads.controlled(seat) & 1 << zone != 0
    }

    pub fn crystal_zones_controlled(&self, rules: &Rules, seat: Seat) -> usize {
        (self.squads.controlled(seat) & rules.board.crystal_mask).count_ones() as usize
    }

    pub(in crate::game) fn remove_unit(&mut self, zone: ZoneId, seat: Seat, card: CardId) {
        let mut sq = self.squad_mut(zone, seat);
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
        // Nearly always no squad is past 3 units (only a Horde squad may be), and
        // the crowded zones' bits tell that without a look at any squad.
        for z in zones_in(zones & self.squads.crowded()) {
            for seat in 0..2 {
                if self.squad(z, seat).len() > self.squad_limit(rules, seat, z) {
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
        *squads.squad_mut(1, 0) = squad(&[4, 2]);
        *squads.squad_mut(2, 1) = squad(&[30]);
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
        *squads.squad_mut(0, 0) = squad(&[1]);
        *squads.squad_mut(4, 0) = squad(&[2, 3]);
        *squads.squad_mut(4, 1) = squad(&[40]);
        *squads.squad_mut(8, 1) = squad(&[41]);
        assert_eq!(squads.occupied(0), 0b1_0001);
        assert_eq!(squads.occupied(1), 0b1_0001_0000);
        assert_eq!(squads.at(4, 1), &squad(&[40]));
        assert_eq!(squads.len(), 9);
        // Seat 0 holds zone 0 alone; zone 4 is shared, so nobody controls it.
        assert_eq!(squads.controlled(0), 0b1);
        assert_eq!(squads.controlled(1), 0b1_0000_0000);
    }

    /// The bit set follows every change made through `squad_mut`, emptying included,
    /// and is rebuilt when a stored match is read.
    #[test]
    fn occupied_zones_follow_changes_and_storage() {
        let mut squads = ZoneSquads::empty(9);
        squads.squad_mut(3, 1).push(7);
        squads.squad_mut(3, 1).push(8);
        assert_eq!(squads.occupied(1), 0b1000);
        squads.squad_mut(3, 1).retain(|c| *c != 7);
        assert_eq!(squads.occupied(1), 0b1000);
        let taken = std::mem::take(&mut *squads.squad_mut(3, 1));
        assert_eq!(taken, squad(&[8]));
        assert_eq!(squads.occupied(1), 0);
        squads.squad_mut(6, 0).extend([9, 10]);
        assert_eq!(squads.controlled(0), 0b100_0000);
        let json = serde_json::to_string(&squads).unwrap();
        let read: ZoneSquads = serde_json::from_str(&json).unwrap();
        assert_eq!(read, squads);
        assert_eq!((read.occupied(0), read.occupied(1)), (0b100_0000, 0));
    }

    /// A zone is crowded while a squad there holds more than 3 units, whichever
    /// seat's, and the bits come back with a stored match.
    #[test]
    fn crowded_zones_follow_changes_and_storage() {
        let mut squads = ZoneSquads::empty(9);
        squads.squad_mut(2, 0).extend([1, 2, 3]);
        squads.squad_mut(2, 1).extend([40, 41, 42]);
        assert_eq!(squads.crowded(), 0);
        squads.squad_mut(2, 1).push(43);
        squads.squad_mut(5, 0).extend([4, 5, 6, 7, 8]);
        assert_eq!(squads.crowded(), 0b10_0100);
        let json = serde_json::to_string(&squads).unwrap();
        let read: ZoneSquads = serde_json::from_str(&json).unwrap();
        assert_eq!(read.crowded(), 0b10_0100);
        squads.squad_mut(2, 1).retain(|c| *c != 40);
        assert_eq!(squads.crowded(), 0b10_0000);
        squads.squad_mut(5, 0).clear();
        assert_eq!(squads.crowded(), 0);
        assert_eq!(squads.occupied(0), 0b100);
    }
}

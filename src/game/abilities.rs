//! Questions about abilities: which unit's ability is active, what a squad costs to
//! activate, what it attacks with, where a summon may go. Every ability's rule lives
//! once, here or at the one place in `engine.rs` / `battle.rs` where it triggers.

use super::Rules;
use super::board::ZoneId;
use super::pack::{Ability, CardDef, CrystalEffect, Signature, TypeId};
use super::state::{CardId, Seat, State, Via, opp};

/// Type names the rules refer to (they are pack data, looked up by name).
pub const KNIGHT: &str = "knight";
pub const FLYING: &str = "flying";
pub const DEVOUT: &str = "devout";
pub const REANIMATED: &str = "reanimated";
pub const STRUCTURE: &str = "structure";

impl State {
    pub fn has_type(&self, rules: &Rules, card: CardId, name: &str) -> bool {
        rules
            .pack
            .type_id(name)
            .is_some_and(|t| self.card(rules, card).types.has(t))
    }

    fn has_type_id(&self, rules: &Rules, card: CardId, t: Option<TypeId>) -> bool {
        t.is_some_and(|t| self.card(rules, card).types.has(t))
    }

    /// The clan signature ability this card carries, if any (a unit keeps its clan's
    /// signature whoever controls it).
    pub fn signature_of(&self, rules: &Rules, card: CardId) -> Option<Signature> {
        let def: &CardDef = self.card(rules, card);
        def.signature
            .then(|| rules.pack.clans[def.clan as usize].signature)
    }

    pub fn top(&self, zone: ZoneId, seat: Seat) -> Option<CardId> {
        self.squad(zone, seat).first().copied()
    }

    /// Whether the top unit of the seat's squad in `zone` has this ability.
    /// (Battlefield abilities work only on the top unit; use this for them.)
    pub fn top_has(&self, rules: &Rules, zone: ZoneId, seat: Seat, ability: Ability) -> bool {
        self.top(zone, seat)
            .is_some_and(|c| self.card(rules, c).ability == ability)
    }

    pub fn top_has_signature(
        &self,
        rules: &Rules,
        zone: ZoneId,
        seat: Seat,
        sig: Signature,
    ) -> bool {
        self.top(zone, seat)
            .is_some_and(|c| self.signature_of(rules, c) == Some(sig))
    }

    /// Zones where the seat's top unit has `ability`.
    pub fn zones_with_top(
        &self,
        rules: &Rules,
        seat: Seat,
        ability: Ability,
    ) -> impl Iterator<Item = ZoneId> + '_ {
        let rules_zones = rules.board.zones.len() as ZoneId;
        let found: Vec<ZoneId> = (0..rules_zones)
            .filter(|&z| self.top_has(rules, z, seat, ability))
            .collect();
        found.into_iter()
    }

    /// The most units this squad may hold: the Horde limit while its top unit has
    /// Horde, otherwise 3.
    pub fn squad_limit(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> usize {
        match self.top(zone, seat) {
            Some(c) if self.signature_of(rules, c) == Some(Signature::Horde) => {
                let clan = &rules.pack.clans[self.card(rules, c).clan as usize];
                clan.horde_limit
                    .map_or(super::state::SQUAD_LIMIT, |n| n as usize)
            }
            _ => super::state::SQUAD_LIMIT,
        }
    }

    /// Command / In Step: the top unit leads another knight.
    pub(super) fn knight_leader(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> Option<Ability> {
        let squad = self.squad(zone, seat);
        let top = *squad.first()?;
        let ability = self.card(rules, top).ability;
        if !matches!(ability, Ability::Command | Ability::InStep) {
            return None;
        }
        let knights = squad
            .iter()
            .filter(|&&c| self.has_type(rules, c, KNIGHT))
            .count();
        let others = knights - usize::from(self.has_type(rules, top, KNIGHT));
        (others >= 1).then_some(ability)
    }

    /// How much cheaper the squad activates (Command, In Step, Haste Network).
    fn activation_discount(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        let mut d = u8::from(self.knight_leader(rules, zone, seat).is_some());
        let haste = std::iter::once(zone)
            .chain(rules.board.neighbours(zone))
            .any(|z| self.top_has(rules, z, seat, Ability::HasteNetwork));
        d += u8::from(haste);
        d
    }

    /// The activation cost of a squad: its highest unit activation cost, less its
    /// discounts, never below 1 (a free activation could repeat for ever).
    pub fn activation_cost(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        let highest = self
            .squad(zone, seat)
            .iter()
            .map(|&c| self.card(rules, c).activation)
            .max()
            .unwrap_or(0);
        let discount = self.activation_discount(rules, zone, seat);
        if discount == 0 {
            highest
        } else {
            highest.saturating_sub(discount).max(1)
        }
    }

    /// A unit's activation cost as the opponent's effects see it (Demoralize): In Step
    /// and Command lower it too (glossary, Titan Knights).
    pub fn unit_cost_for_opponent(
        &self,
        rules: &Rules,
        zone: ZoneId,
        seat: Seat,
        card: CardId,
    ) -> u8 {
        let own = self.card(rules, card).activation;
        own.saturating_sub(u8::from(self.knight_leader(rules, zone, seat).is_some()))
    }

    /// A unit's attack value: printed attack plus its own abilities (Lead Devout).
    pub fn unit_attack(&self, rules: &Rules, zone: ZoneId, seat: Seat, card: CardId) -> u32 {
        let def = self.card(rules, card);
        let mut a = def.attack as u32;
        if def.ability == Ability::LeadDevout && self.top(zone, seat) == Some(card) {
            let devout = self
                .squad(zone, seat)
                .iter()
                .filter(|&&c| self.has_type(rules, c, DEVOUT))
                .count();
            a += devout as u32;
        }
        a
    }

    /// Number of squads the seat has on the battlefield.
    pub fn squad_count(&self, seat: Seat) -> u32 {
        self.squads
            .iter()
            .filter(|z| !z[seat as usize].is_empty())
            .count() as u32
    }

    /// Squad-wide attack boosts from abilities that apply outside battle too (Gravity Pull).
    pub fn squad_attack_bonus(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u32 {
        if self.top_has(rules, zone, seat, Ability::GravityPull) {
            self.squad_count(seat)
        } else {
            0
        }
    }

    /// The attack value of a squad outside battle (used by Invade): its units' attack
    /// values plus squad-wide ability boosts.
    pub fn squad_attack(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u32 {
        let units: u32 = self
            .squad(zone, seat)
            .iter()
            .map(|&c| self.unit_attack(rules, zone, seat, c))
            .sum();
        if units == 0 && self.squad(zone, seat).is_empty() {
            return 0;
        }
        units + self.squad_attack_bonus(rules, zone, seat)
    }

    /// Flight: the activated squad's top unit has Flight and every unit of it flies.
    pub fn can_fly(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> bool {
        self.top_has(rules, zone, seat, Ability::Flight)
            && self
                .squad(zone, seat)
                .iter()
                .all(|&c| self.has_type(rules, c, FLYING))
    }

    /// Zones a summon of `cards` may go to other than the home zone, with what allows it.
    pub fn special_destinations(
        &self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
    ) -> Vec<(ZoneId, Via)> {
        let mut out = Vec::new();
        let home = rules.board.homes[seat as usize];
        let all = |name: &str| {
            let t = rules.pack.type_id(name);
            !cards.is_empty() && cards.iter().all(|&c| self.has_type_id(rules, c, t))
        };
        let zones = rules.board.zones.len() as ZoneId;
        if all(STRUCTURE) {
            for z in (0..zones).filter(|&z| z != home) {
                if self.top_has_signature(rules, z, seat, Signature::Build) {
                    out.push((z, Via::Build));
                }
            }
        }
        if all(REANIMATED) {
            for z in self
                .zones_with_top(rules, seat, Ability::RaiseTheDead)
                .filter(|&z| z != home)
            {
                out.push((z, Via::RaiseTheDead));
            }
        }
        if cards.len() == 1 {
            for z in self
                .zones_with_top(rules, seat, Ability::Shift)
                .filter(|&z| z != home)
            {
                out.push((z, Via::Shift));
            }
            if self
                .face_up_crystal(rules, seat, |e| e == CrystalEffect::AstralPyramid)
                .is_some()
            {
                for &z in &rules.board.crystal_zones {
                    if self.controls(seat, z) && z != home {
                        out.push((z, Via::Pyramid));
                    }
                }
            }
        }
        out
    }

    /// Builder Support: summoning structures into this zone costs 1 less.
    pub fn summon_discount(&self, rules: &Rules, seat: Seat, cards: &[CardId], zone: ZoneId) -> u8 {
        let t = rules.pack.type_id(STRUCTURE);
        let structures = !cards.is_empty() && cards.iter().all(|&c| self.has_type_id(rules, c, t));
        u8::from(structures && self.top_has(rules, zone, seat, Ability::BuilderSupport))
    }

    /// The first face-up collected crystal of the seat whose effect matches.
    pub fn face_up_crystal(
        &self,
        rules: &Rules,
        seat: Seat,
        f: impl Fn(CrystalEffect) -> bool,
    ) -> Option<u8> {
        self.players[seat as usize]
            .crystals
            .iter()
            .find(|c| !c.face_down && f(rules.pack.crystals[c.crystal as usize].effect))
            .map(|c| c.crystal)
    }

    /// Cards the seat may summon: her hand, plus Undying units in her discard pile.
    pub fn summonable(&self, rules: &Rules, seat: Seat) -> Vec<CardId> {
        let p = &self.players[seat as usize];
        let mut out: Vec<CardId> = p.hand.to_vec();
        out.extend(
            p.discard
                .iter()
                .copied()
                .filter(|&c| self.signature_of(rules, c) == Some(Signature::Undying)),
        );
        out
    }

    /// An enemy squad is in `zone` or a zone next to it (Spy).
    pub fn enemy_in_or_next_to(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> bool {
        std::iter::once(zone)
            .chain(rules.board.neighbours(zone))
            .any(|z| !self.squad(z, opp(seat)).is_empty())
    }
}

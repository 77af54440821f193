//! Questions about abilities: which unit's ability is active, what a squad costs to
//! activate, what it attacks with, where a summon may go. Every ability's rule lives
//! once, here or at the one place (`triggers.rs`, `battle/`, an action) where it triggers.

use super::Rules;
use super::board::{ZoneId, zones_in};
use super::order::ROUND_FIVE;
use super::pack::{Ability, CardDef, CrystalEffect, Signature, TypeId};
use super::state::{CardId, Seat, State, Via, opp};

/// Where a summon may go besides the home zone, worked out once per question: one
/// bit set of zones per way in (bit `z` is zone `z`), listed in zone order.
pub struct SummonSites {
    build: u16,
    raise: u16,
    shift: u16,
    pyramid: u16,
}

impl SummonSites {
    /// No ability lets the seat summon anywhere but home.
    pub fn is_empty(&self) -> bool {
        self.build | self.raise | self.shift | self.pyramid == 0
    }
}

impl State {
    /// Whether the card has the type (`None`: no card of the pack has it).
    pub fn has_type(&self, rules: &Rules, card: CardId, t: Option<TypeId>) -> bool {
        t.is_some_and(|t| self.card(rules, card).types.has(t))
    }

    /// Whether there are cards and all of them have the type.
    pub fn all_of_type(&self, rules: &Rules, cards: &[CardId], t: Option<TypeId>) -> bool {
        !cards.is_empty() && cards.iter().all(|&c| self.has_type(rules, c, t))
    }

    /// The clan signature ability this card carries, if any (a unit keeps its clan's
    /// signature whoever controls it).
    pub fn signature_of(&self, rules: &Rules, card: CardId) -> Option<Signature> {
        let def: &CardDef = self.card(rules, card);
        def.signature
            .then(|| rules.pack.clans[def.clan as usize].signature)
    }

    /// Whether a card of the match has this ability: one of the two clans' decks holds
    /// it (every card of a match comes from them, see `validate`). Abilities the
    /// engine looks for at every action (Haste Network, the summon sites) are looked
    /// for on the board only when they are.
    pub fn in_match(&self, rules: &Rules, ability: Ability) -> bool {
        let abilities = |seat: usize| rules.pack.clans[self.setup.clans[seat] as usize].abilities;
        (abilities(0) | abilities(1)) & ability.bit() != 0
    }

    /// Whether one of the two clans has this signature ability (`in_match` for
    /// signatures).
    pub fn signature_in_match(&self, rules: &Rules, signature: Signature) -> bool {
        self.setup
            .clans
            .iter()
            .any(|&c| rules.pack.clans[c as usize].signature == signature)
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

    /// The most units this squad may hold: the Horde limit while its top unit has
    /// Horde, otherwise 3.
    pub fn squad_limit(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> usize {
        // Only a Horde squad can be bigger than 3; most squads never get here.
        if self.squad(zone, seat).len() <= super::state::SQUAD_LIMIT {
            return super::state::SQUAD_LIMIT;
        }
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
            .filter(|&&c| self.has_type(rules, c, rules.pack.known.knight))
            .count();
        let others = knights - usize::from(self.has_type(rules, top, rules.pack.known.knight));
        (others >= 1).then_some(ability)
    }

    /// How much cheaper the squad activates (Command, In Step, Haste Network).
    fn activation_discount(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        let leader = u8::from(self.knight_leader(rules, zone, seat).is_some());
        let haste_here = |z: ZoneId| self.top_has(rules, z, seat, Ability::HasteNetwork);
        let haste = self.in_match(rules, Ability::HasteNetwork)
            && (haste_here(zone) || rules.board.neighbours(zone).any(haste_here));
        leader + u8::from(haste)
    }

    /// The activation cost of a squad: its highest unit activation cost, less its
    /// discounts, never below 1 (a free activation could repeat for ever).
    pub fn activation_cost(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        let highest = self.full_activation_cost(rules, zone, seat);
        let discount = self.activation_discount(rules, zone, seat);
        if discount == 0 {
            highest
        } else {
            highest.saturating_sub(discount).max(1)
        }
    }

    /// The squad's activation cost before discounts: its highest unit activation cost.
    pub fn full_activation_cost(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        self.highest_activation(rules, self.squad(zone, seat))
    }

    /// The highest activation cost among these units (0 for none).
    pub(super) fn highest_activation(&self, rules: &Rules, units: &[CardId]) -> u8 {
        units
            .iter()
            .map(|&c| self.card(rules, c).activation)
            .max()
            .unwrap_or(0)
    }

    /// A unit's activation cost as the opponent's effects see it (Demoralize): In Step
    /// lowers it too (glossary, Titan Knights), Command does not.
    pub fn unit_cost_for_opponent(
        &self,
        rules: &Rules,
        zone: ZoneId,
        seat: Seat,
        card: CardId,
    ) -> u8 {
        let own = self.card(rules, card).activation;
        // Only In Step says its discount holds for the opponent's effects too
        // (glossary, Titan Knights); like every discount it stops at 1.
        if self.knight_leader(rules, zone, seat) == Some(Ability::InStep) && own > 1 {
            own - 1
        } else {
            own
        }
    }

    /// A unit's attack value: printed attack plus its own abilities (Lead Devout).
    pub fn unit_attack(&self, rules: &Rules, zone: ZoneId, seat: Seat, card: CardId) -> u32 {
        let def = self.card(rules, card);
        let mut a = def.attack as u32;
        if def.ability == Ability::LeadDevout && self.top(zone, seat) == Some(card) {
            let devout = self
                .squad(zone, seat)
                .iter()
                .filter(|&&c| self.has_type(rules, c, rules.pack.known.devout))
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
    /// values plus squad-wide ability boosts (the glossary's "Attack Value": "any
    /// possible boosts to the squad provided by abilities"). Command's +2 counts from
    /// rules version 8 on (the card: "the squad gains +2"); before, only in battle.
    pub fn squad_attack(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u32 {
        let units: u32 = self
            .squad(zone, seat)
            .iter()
            .map(|&c| self.unit_attack(rules, zone, seat, c))
            .sum();
        if units == 0 && self.squad(zone, seat).is_empty() {
            return 0;
        }
        let command = self.rules_at_least(ROUND_FIVE)
            && self.knight_leader(rules, zone, seat) == Some(Ability::Command);
        units + self.squad_attack_bonus(rules, zone, seat) + if command { 2 } else { 0 }
    }

    /// Flight: moving `cards` out of the seat's squad in `zone` may fly (2 zones, or
    /// out of a zone with an enemy squad) when Flight shows on the squad's top unit
    /// (a battlefield ability) and every unit that moves flies. Units left behind are
    /// no longer the activated squad (glossary, "Activated Squad"), so they do not
    /// keep the others on the ground.
    pub fn can_fly(&self, rules: &Rules, zone: ZoneId, seat: Seat, cards: &[CardId]) -> bool {
        !cards.is_empty()
            && self.top_has(rules, zone, seat, Ability::Flight)
            && cards
                .iter()
                .all(|&c| self.has_type(rules, c, rules.pack.known.flying))
    }

    /// The zones, other than the home zone, where abilities let the seat summon.
    pub fn summon_sites(&self, rules: &Rules, seat: Seat) -> SummonSites {
        let home = rules.board.homes[seat as usize];
        let mut sites = SummonSites {
            build: 0,
            raise: 0,
            shift: 0,
            pyramid: 0,
        };
        // Asked at every action: one pass over the seat's top units, if any card of the
        // match opens a site.
        let unit_sites = self.signature_in_match(rules, Signature::Build)
            || self.in_match(rules, Ability::RaiseTheDead)
            || self.in_match(rules, Ability::Shift);
        if unit_sites {
            for z in zones_in(self.squads.occupied(seat) & !(1 << home)) {
                let top = self.squad(z, seat)[0];
                let bit = 1u16 << z;
                if self.signature_of(rules, top) == Some(Signature::Build) {
                    sites.build |= bit;
                }
                match self.card(rules, top).ability {
                    Ability::RaiseTheDead => sites.raise |= bit,
                    Ability::Shift => sites.shift |= bit,
                    _ => {}
                }
            }
        }
        if self
            .face_up_crystal(rules, seat, |e| e == CrystalEffect::AstralPyramid)
            .is_some()
        {
            sites.pyramid = self.squads.controlled(seat) & rules.board.crystal_mask & !(1 << home);
        }
        sites
    }

    /// Zones a summon of `cards` may go to other than the home zone, with what allows it.
    pub fn special_destinations(
        &self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
    ) -> Vec<(ZoneId, Via)> {
        let sites = self.summon_sites(rules, seat);
        let mut out = Vec::new();
        self.destinations_at(rules, &sites, cards, |z, via| out.push((z, via)));
        out
    }

    /// Calls `f` with each site of `sites` that allows summoning `cards`.
    pub fn destinations_at(
        &self,
        rules: &Rules,
        sites: &SummonSites,
        cards: &[CardId],
        mut f: impl FnMut(ZoneId, Via),
    ) {
        let all = |t: Option<TypeId>| self.all_of_type(rules, cards, t);
        if sites.build != 0 && all(rules.pack.known.structure) {
            zones_in(sites.build).for_each(|z| f(z, Via::Build));
        }
        if sites.raise != 0 && all(rules.pack.known.reanimated) {
            zones_in(sites.raise).for_each(|z| f(z, Via::RaiseTheDead));
        }
        if cards.len() == 1 {
            // A Shift unit never goes in through Shift: swapping one Shapeshifters for
            // another changes nothing at a net cost of 0 and could repeat for ever
            // (the same reason activations never cost less than 1).
            if self.card(rules, cards[0]).ability != Ability::Shift {
                zones_in(sites.shift).for_each(|z| f(z, Via::Shift));
            }
            zones_in(sites.pyramid).for_each(|z| f(z, Via::Pyramid));
        }
    }

    /// Builder Support: summoning structures into this zone costs 1 less.
    pub fn summon_discount(&self, rules: &Rules, seat: Seat, cards: &[CardId], zone: ZoneId) -> u8 {
        let structures = self.all_of_type(rules, cards, rules.pack.known.structure);
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

    /// Whether the seat's discard pile may hold Undying units (summoned as if from
    /// her hand). A discard pile holds its owner's cards only (`discard_to_owner`), all
    /// from her clan's deck: unless that clan's signature is Undying, none of them
    /// carries it and the pile needs no look.
    pub fn summons_from_discard(&self, rules: &Rules, seat: Seat) -> bool {
        let clan = self.setup.clans[seat as usize] as usize;
        rules.pack.clans[clan].signature == Signature::Undying
    }

    /// The card carries Undying (summoned from the discard pile as if from the hand).
    pub fn is_undying(&self, rules: &Rules, card: CardId) -> bool {
        self.signature_of(rules, card) == Some(Signature::Undying)
    }

    /// An enemy squad is in `zone` or a zone next to it (Spy).
    pub fn enemy_in_or_next_to(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> bool {
        let near = rules.board.adjacent[zone as usize] | 1 << zone;
        self.squads.occupied(opp(seat)) & near != 0
    }
}

//! Battles: the start-of-battle options, the reveal, the triggered effects, damage
//! and the end, run as automatic agenda steps. The answers players give during a
//! battle are checked and performed in `answers.rs`.

use super::Rules;
use super::board::{ZoneId, zones_in};
use super::event::Event;
use super::order::{ROUND_FIVE, ROUND_FOUR, ROUND_THREE};
use super::pack::{Ability, CrystalEffect, Effect, Signature, Stat, Target};
use super::state::*;

mod answers;

/// Atoms that change the board before damage (their order between seats can matter).
pub(super) fn is_active_before_damage(e: Effect) -> bool {
    matches!(
        e,
        Effect::Draw(_)
            | Effect::Destroy(_)
            | Effect::OpponentRemovesUnit
            | Effect::JoinSquad
            | Effect::Retreat
            | Effect::SendEnemyHome
            | Effect::OpponentMills(_)
            | Effect::GainInitiative(_)
    )
}

/// The start-of-battle options of one seat.
pub(super) type BattleOptions = arrayvec::ArrayVec<super::Input, { 5 + CRYSTALS_TO_WIN }>;

fn clamp_u8(v: u32) -> u8 {
    v.min(u8::MAX as u32) as u8
}

impl State {
    pub(super) fn battle_ref(&self) -> &Battle {
        self.battle.as_ref().expect("in a battle")
    }

    pub(super) fn battle_mut(&mut self) -> &mut Battle {
        self.battle.as_mut().expect("in a battle")
    }

    /// Both battling squads are still in the battle zone.
    pub fn battle_squads_present(&self) -> bool {
        let zone = self.battle_ref().zone;
        !self.squad(zone, 0).is_empty() && !self.squad(zone, 1).is_empty()
    }

    /// The triggered effect atoms of `seat`'s battle card (empty before the reveal or
    /// without a card).
    pub fn triggered<'r>(&self, rules: &'r Rules, seat: Seat) -> &'r [Effect] {
        match &self.battle {
            Some(b) if b.revealed => match b.cards[seat as usize] {
                Some(c) => {
                    let def = self.card(rules, c);
                    if b.left[seat as usize] {
                        &def.left
                    } else {
                        &def.right
                    }
                }
                None => &[],
            },
            _ => &[],
        }
    }

    pub(super) fn start_battle(&mut self, seat: Seat, zone: ZoneId, ev: &mut Vec<Event>) {
        self.battle = Some(Battle {
            zone,
            attacker: seat,
            cards: [None, None],
            from_deck: [false, false],
            revealed: false,
            left: [false, false],
            joined: [false, false],
            destroyed: 0,
            predict: [None, None],
            bonus_attack: [0, 0],
            bonus_defense: [0, 0],
            from_bottom: [false, false],
            wiped: [false, false],
            removed: [false, false],
        });
        ev.push(Event::BattleStarted {
            attacker: seat,
            zone,
        });
        // A stack: the options of the active player come first.
        self.agenda.push(Step::Reveal);
        self.agenda.push(Step::BattleCards);
        self.agenda.push(Step::PrepareBattleCards);
        let from = self.agenda.len();
        if self.rules_at_least(ROUND_THREE) {
            // Tactical triggers as the battle starts, with the options: the active
            // player orders them all (by default after the options, as before).
            self.agenda.push(Step::Tactical {
                seat: opp(self.active),
            });
            self.agenda.push(Step::Tactical { seat: self.active });
        }
        self.agenda.push(Step::BattleOptions {
            seat: opp(self.active),
        });
        self.agenda.push(Step::BattleOptions { seat: self.active });
        self.group_triggers(from);
    }

    /// Tactical: the opponent of a squad led by Citadel Knights discards her top card,
    /// while both squads are still there.
    pub(in crate::game) fn tactical_fires(&self, rules: &Rules, seat: Seat) -> bool {
        let zone = self.battle_ref().zone;
        self.top_has(rules, zone, seat, Ability::Tactical) && self.battle_squads_present()
    }

    // Never inlined, like the other steps of a battle: rare next to the steps of
    // every action, inlined into `advance`'s loop they made all of its steps spill
    // more registers.
    #[inline(never)]
    pub(super) fn run_tactical(&mut self, rules: &Rules, seat: Seat, ev: &mut Vec<Event>) {
        if self.tactical_fires(rules, seat) {
            self.mill(opp(seat), 1, ev);
        }
    }

    /// Inputs a seat may use as the battle starts (Predict, Sacrifice, crystals): at
    /// most 3 + 2 + the collected crystals (fewer than 4, or the match is won), so
    /// on the stack (this is asked at every battle).
    pub(super) fn battle_options(&self, rules: &Rules, seat: Seat) -> BattleOptions {
        let mut out = BattleOptions::new();
        self.each_battle_option(rules, seat, |option| {
            out.push(option);
            true
        });
        out
    }

    /// Whether `battle_options` is not empty, without listing them: asked as every
    /// battle starts and, for its triggers' order, on the copies of every order.
    pub(super) fn has_battle_options(&self, rules: &Rules, seat: Seat) -> bool {
        let mut any = false;
        self.each_battle_option(rules, seat, |_| {
            any = true;
            false
        });
        any
    }

    /// Hands `each` the seat's battle options one by one, in `battle_options`'s order,
    /// until it says to stop (false).
    fn each_battle_option(
        &self,
        rules: &Rules,
        seat: Seat,
        mut each: impl FnMut(super::Input) -> bool,
    ) {
        use super::Input;
        let b = self.battle_ref();
        if !self.battle_squads_present() {
            return;
        }
        if b.predict[seat as usize].is_none()
            && self.top_has_signature(rules, b.zone, seat, Signature::Predict)
        {
            for style in [
                super::pack::Style::Bold,
                super::pack::Style::Guarded,
                super::pack::Style::Tricky,
            ] {
                if !each(Input::Predict(style)) {
                    return;
                }
            }
        }
        if self.top_has(rules, b.zone, seat, Ability::Sacrifice) {
            for stat in [Stat::Attack, Stat::Defense] {
                if !each(Input::Sacrifice(stat)) {
                    return;
                }
            }
        }
        for c in &self.players[seat as usize].crystals {
            if !c.face_down
                && rules.pack.crystals[c.crystal as usize]
                    .effect
                    .at_battle_start()
                && !each(Input::UseCrystal(c.crystal))
            {
                return;
            }
        }
    }

    pub(super) fn use_battle_option(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &super::Input,
        ev: &mut Vec<Event>,
    ) {
        use super::Input;
        let s = seat as usize;
        let zone = self.battle_ref().zone;
        match *input {
            Input::Predict(style) => {
                self.battle_mut().predict[s] = Some(style);
                ev.push(Event::Predicted { seat, style });
            }
            Input::Sacrifice(stat) => {
                let card = self
                    .top(zone, seat)
                    .expect("checked: a top unit with Sacrifice");
                self.remove_unit(zone, seat, card);
                self.players[owner(card) as usize].removed.push(card);
                self.note_removed(seat);
                let b = self.battle_mut();
                let bonus = match stat {
                    Stat::Attack => &mut b.bonus_attack[s],
                    Stat::Defense => &mut b.bonus_defense[s],
                };
                *bonus = bonus.saturating_add(6);
                ev.push(Event::Sacrificed { seat, card, stat });
                self.note_wiped(zone, seat);
            }
            Input::UseCrystal(crystal) => {
                let effect = rules.pack.crystals[crystal as usize].effect;
                let collected = &mut self.players[s].crystals;
                let i = collected
                    .iter()
                    .position(|c| c.crystal == crystal)
                    .expect("checked");
                if effect == CrystalEffect::BrokenVessel {
                    collected.remove(i);
                    self.removed_crystals.push(crystal);
                    ev.push(Event::CrystalLeftGame { seat, crystal });
                    let victims: Cards = self.squad(zone, opp(seat)).iter().copied().collect();
                    self.destroy_units(rules, zone, opp(seat), &victims, ev);
                } else {
                    collected[i].face_down = true;
                    ev.push(Event::CrystalUsed { seat, crystal });
                    let b = self.battle_mut();
                    let (bonus, n) = match effect {
                        CrystalEffect::MygardsShield => (&mut b.bonus_defense[s], 4),
                        CrystalEffect::BattleDefense(n) => (&mut b.bonus_defense[s], n),
                        CrystalEffect::BattleAttack(n) => (&mut b.bonus_attack[s], n),
                        CrystalEffect::FoxTail => {
                            b.from_bottom[s] = true;
                            return;
                        }
                        _ => unreachable!("checked: a battle-start crystal"),
                    };
                    *bonus = bonus.saturating_add(n.into());
                }
            }
            _ => unreachable!("checked: a battle option"),
        }
    }

    /// Records that a unit of `seat`'s battling squad was removed from the game (for
    /// Time Anomaly, from rules version 8 on).
    pub(super) fn note_removed(&mut self, seat: Seat) {
        if self.rules_at_least(ROUND_FIVE)
            && let Some(b) = &mut self.battle
        {
            b.removed[seat as usize] = true;
        }
    }

    /// Records that a seat's battling squad is gone (for Time Anomaly).
    pub(super) fn note_wiped(&mut self, zone: ZoneId, seat: Seat) {
        if let Some(b) = &mut self.battle
            && b.zone == zone
            && self.squads[zone as usize][seat as usize].is_empty()
        {
            b.wiped[seat as usize] = true;
        }
    }

    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn prepare_battle_cards(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        // Before rules version 6, Tactical fired here, after both seats' options
        // (from 6 on it is a step ordered with them).
        if !self.rules_at_least(ROUND_THREE) {
            for seat in [self.active, opp(self.active)] {
                self.run_tactical(rules, seat, ev);
            }
        }
        if !self.battle_squads_present() {
            return;
        }
        for seat in 0..2u8 {
            if self.players[seat as usize].hand.is_empty() {
                let card = self.take_top(seat, ev);
                let b = self.battle_mut();
                b.cards[seat as usize] = card;
                b.from_deck[seat as usize] = true;
                ev.push(Event::BattleCardChosen {
                    seat,
                    from_deck: true,
                    card: None,
                });
            }
        }
    }

    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn reveal(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        if !self.battle_squads_present() {
            // A squad is gone before the cards: straight to the end of the battle.
            self.agenda.push(Step::EndBattle);
            return;
        }
        let b = self.battle_ref();
        let styles = b.cards.map(|c| c.map(|c| self.card(rules, c).style));
        let left = [0, 1].map(|s| match (styles[s], styles[1 - s]) {
            (Some(mine), Some(theirs)) => mine.beats(theirs),
            _ => false,
        });
        let b = self.battle_mut();
        b.revealed = true;
        b.left = left;
        let predict = b.predict;
        ev.push(Event::BattleCardsRevealed {
            cards: b.cards,
            left,
        });
        let interactive = [0, 1].map(|s| {
            self.triggered(rules, s)
                .iter()
                .any(|e| is_active_before_damage(*e))
        });
        if interactive[0] && interactive[1] {
            self.agenda.push(Step::OrderEffects);
        } else {
            self.schedule_battle(self.active);
        }
        // Predict pays off before the cards' effects: 1 initiative and a card.
        let from = self.agenda.len();
        let ordered = self.rules_at_least(ROUND_FOUR);
        for seat in [opp(self.active), self.active] {
            let s = seat as usize;
            if predict[s].is_some() && predict[s] == styles[1 - s] {
                ev.push(Event::PredictionRight { seat });
                if ordered {
                    self.agenda.push(Step::Gain {
                        seat,
                        amount: 1,
                        draw: 1,
                    });
                } else {
                    self.gain(rules, seat, 1, ev);
                    self.agenda.push(Step::MayDraw { seat, max: 1 });
                }
            }
        }
        if ordered {
            // Both payoffs are one moment. By default the opponent's resolves first
            // (the stack's top), as its gain did before version 7.
            let payoffs = &mut self.agenda[from..];
            payoffs.reverse();
            self.group_triggers(from);
        }
    }

    pub(super) fn schedule_battle(&mut self, first: Seat) {
        let second = opp(first);
        // A stack: pushed in reverse order of execution.
        self.agenda.push(Step::EndBattle);
        self.agenda.push(Step::ReturnCard { seat: second });
        self.agenda.push(Step::ReturnCard { seat: first });
        for s in [second, first] {
            self.agenda.push(Step::ResolveEffects {
                seat: s,
                after_damage: true,
                idx: 0,
            });
        }
        self.agenda.push(Step::Damage);
        self.agenda.push(Step::Flank { seat: second });
        self.agenda.push(Step::Flank { seat: first });
        for s in [second, first] {
            self.agenda.push(Step::ResolveEffects {
                seat: s,
                after_damage: false,
                idx: 0,
            });
        }
    }

    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn resolve_effects(
        &mut self,
        rules: &Rules,
        seat: Seat,
        after_damage: bool,
        idx: u8,
        ev: &mut Vec<Event>,
    ) {
        let effects = self.triggered(rules, seat);
        let zone = self.battle_ref().zone;
        for (i, &e) in effects.iter().enumerate().skip(idx as usize) {
            let before_count = self.agenda.len();
            match (after_damage, e) {
                (false, Effect::Draw(n)) => self.agenda.push(Step::MayDraw { seat, max: n }),
                (false, Effect::Destroy(Target::Choice)) => {
                    self.agenda.push(Step::DestroyEnemyUnit { seat })
                }
                (false, Effect::Destroy(t)) => {
                    let enemy = self.squad(zone, opp(seat));
                    let victim = if t == Target::Top {
                        enemy.first()
                    } else {
                        enemy.last()
                    };
                    if let Some(&v) = victim {
                        self.destroy_units(rules, zone, opp(seat), &[v], ev);
                    }
                }
                (false, Effect::OpponentRemovesUnit) => {
                    self.agenda.push(Step::RemoveOwnUnit { seat: opp(seat) })
                }
                (false, Effect::JoinSquad) => {
                    // A card joins once, however many times its side says so.
                    if let Some(card) = self.battle_ref().cards[seat as usize]
                        && !self.battle_ref().joined[seat as usize]
                        && !self.squad(zone, seat).is_empty()
                    {
                        self.battle_mut().joined[seat as usize] = true;
                        ev.push(Event::CardJoinedSquad { seat, card, zone });
                        // It joins as the bottom unit; as with any unit added to a
                        // squad, the controller may then discard down and reorder.
                        self.place_units(seat, zone, &[card], None);
                    }
                }
                (false, Effect::Retreat) => self.agenda.push(Step::Retreat { seat }),
                (false, Effect::SendEnemyHome) => {
                    let enemy = opp(seat);
                    let home = rules.board.homes[enemy as usize];
                    if home != zone && !self.squad(zone, enemy).is_empty() {
                        let units: Cards = std::mem::take(&mut *self.squad_mut(zone, enemy));
                        ev.push(Event::Placed {
                            seat: enemy,
                            cards: units,
                            from: zone,
                            to: home,
                        });
                        self.place_units(enemy, home, &units, Some(false));
                    }
                }
                (false, Effect::OpponentMills(n)) => self.mill(opp(seat), n, ev),
                (false, Effect::GainInitiative(n)) => self.gain(rules, seat, n, ev),
                (true, Effect::DrawPerDestroyed) => {
                    let n = self.battle_ref().destroyed;
                    self.agenda.push(Step::MayDraw { seat, max: n });
                }
                _ => {}
            }
            if self.agenda.len() > before_count {
                // Something now waits or must run first: continue after it.
                if i + 1 < effects.len() {
                    self.agenda.insert(
                        before_count,
                        Step::ResolveEffects {
                            seat,
                            after_damage,
                            idx: (i + 1) as u8,
                        },
                    );
                }
                return;
            }
        }
    }

    /// Attack and defense totals of each seat in the current battle. Summed in `u32`,
    /// which no pack can fill: at most 16 units of attack 255 plus per-unit boosts, 8
    /// atoms of 255 per unit for `attack_per`, the `u16` bonus, all doubled once.
    pub fn battle_totals(&self, rules: &Rules) -> ([u32; 2], [u32; 2]) {
        let b = self.battle_ref();
        let zone = b.zone;
        let mut attack = [0u32; 2];
        let mut defense = [0u32; 2];
        for seat in 0..2u8 {
            let s = seat as usize;
            let squad = self.squad(zone, seat);
            if squad.is_empty() {
                continue;
            }
            // Sleep: facing a sleeper, this squad's top unit counts as 0 attack;
            // squad-wide and battle-card bonuses still count.
            let slept = self.top_has_signature(rules, zone, opp(seat), Signature::Sleep);
            let mut a: u32 = squad
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    if i == 0 && slept {
                        0
                    } else {
                        self.unit_attack(rules, zone, seat, c)
                    }
                })
                .sum();
            a += self.squad_attack_bonus(rules, zone, seat);
            if self.knight_leader(rules, zone, seat) == Some(Ability::Command) {
                a += 2;
            }
            // Supporters are looked for only where the seat has squads, and only when
            // a card of the match has the ability (a walk over every zone, at every
            // battle, cost more than the rest of the totals).
            let occupied = self.squads.occupied(seat);
            let support = |ability: Ability, zones: u16| {
                if !self.in_match(rules, ability) {
                    return 0;
                }
                let tops =
                    zones_in(zones & occupied).filter(|&z| self.top_has(rules, z, seat, ability));
                2 * tops.count() as u32
            };
            a += support(Ability::TimeAnomaly, !(1 << zone));
            a += support(Ability::RangedSupport, rules.board.adjacent[zone as usize]);
            let ignored = self.triggered(rules, opp(seat));
            let ignore_attack = ignored.contains(&Effect::Ignore(Stat::Attack));
            let ignore_defense = ignored.contains(&Effect::Ignore(Stat::Defense));
            let mut double = false;
            for e in self.triggered(rules, seat) {
                match *e {
                    Effect::Attack(n) if !ignore_attack => a += n as u32,
                    Effect::AttackPer(t, n) if !ignore_attack => {
                        let count = squad
                            .iter()
                            .filter(|&&c| self.card(rules, c).types.has(t))
                            .count();
                        a += n as u32 * count as u32;
                    }
                    Effect::Defense(n) if !ignore_defense => defense[s] += n as u32,
                    Effect::DoubleAttackIfAll(t) => {
                        double = squad.iter().all(|&c| self.card(rules, c).types.has(t));
                    }
                    _ => {}
                }
            }
            a += b.bonus_attack[s] as u32;
            defense[s] += b.bonus_defense[s] as u32;
            if self.top_has(rules, zone, seat, Ability::Guardian) {
                defense[s] += 2;
            }
            if double {
                a *= 2;
            }
            attack[s] = a;
        }
        (attack, defense)
    }

    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn damage(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let zone = self.battle_ref().zone;
        if !self.battle_squads_present() {
            ev.push(Event::NoDamage);
            return;
        }
        let (attack, defense) = self.battle_totals(rules);
        let damage = [0, 1].map(|s| attack[s].saturating_sub(defense[1 - s]));
        ev.push(Event::DamageDealt {
            attack: attack.map(clamp_u8),
            defense: defense.map(clamp_u8),
            damage: damage.map(clamp_u8),
        });
        let from_bottom = self.battle_ref().from_bottom;
        // Work out every casualty first: damage is simultaneous.
        let mut casualties: [Cards; 2] = Default::default();
        for target in 0..2u8 {
            let hitter = opp(target) as usize;
            let mut left = damage[hitter];
            let squad = self.squad(zone, target);
            let order: Cards = if from_bottom[hitter] {
                squad.iter().rev().copied().collect()
            } else {
                squad.iter().copied().collect()
            };
            for c in order {
                let d = self.card(rules, c).defense as u32;
                if left < d {
                    break;
                }
                left -= d;
                casualties[target as usize].push(c);
            }
        }
        // Bloodlust reads the squads as they fought.
        let bloodlust = [0, 1].map(|s| self.top_has(rules, zone, s, Ability::Bloodlust));
        // Both squads' casualties die at once: their death triggers are one group,
        // with both seats' Bloodlust from rules version 7 on (before, Bloodlust
        // gained at once, seat 0 first, before any death trigger resolved).
        let from = self.agenda.len();
        for target in 0..2u8 {
            self.destroy_units_ungrouped(rules, zone, target, &casualties[target as usize], ev);
        }
        let ordered = self.rules_at_least(ROUND_FOUR);
        // A stack: seat 0's gain is pushed last, so by default it resolves first.
        for seat in [1, 0u8] {
            let kills = casualties[opp(seat) as usize].len() as u8;
            if ordered && bloodlust[seat as usize] && kills > 0 {
                self.agenda.push(Step::Gain {
                    seat,
                    amount: kills,
                    draw: 0,
                });
            }
        }
        self.group_triggers(from);
        for seat in 0..2u8 {
            let kills = casualties[opp(seat) as usize].len() as u8;
            if !ordered && bloodlust[seat as usize] && kills > 0 {
                self.gain(rules, seat, kills, ev);
            }
        }
    }

    /// Destroys units of the seat's squad in `zone` at the same time. Heal (a top unit
    /// with Heal, in a battle) sets the other casualties down in the home zone instead.
    pub(super) fn destroy_units(
        &mut self,
        rules: &Rules,
        zone: ZoneId,
        seat: Seat,
        cards: &[CardId],
        ev: &mut Vec<Event>,
    ) {
        let from = self.agenda.len();
        self.destroy_units_ungrouped(rules, zone, seat, cards, ev);
        self.group_triggers(from);
    }

    /// `destroy_units` without ordering its triggers, for a caller that destroys
    /// more units at the same moment.
    fn destroy_units_ungrouped(
        &mut self,
        rules: &Rules,
        zone: ZoneId,
        seat: Seat,
        cards: &[CardId],
        ev: &mut Vec<Event>,
    ) {
        if cards.is_empty() {
            return;
        }
        let healer = match (&self.battle, self.top(zone, seat)) {
            (Some(_), Some(top)) if self.card(rules, top).ability == Ability::Heal => Some(top),
            _ => None,
        };
        let mut healed = Cards::new();
        let mut dead = Cards::new();
        for &c in cards {
            self.remove_unit(zone, seat, c);
            // A healed unit was still destroyed (it counts for "units destroyed in
            // this battle"); it only escapes the discard pile and its death triggers.
            // Cannot overflow: beyond the two squads (at most 9 units each, a joined
            // card included) a unit is destroyed only by a destroy atom, at most
            // `MAX_EFFECT_ATOMS` a side, so a battle stays far below 255.
            if let Some(b) = &mut self.battle {
                b.destroyed += 1;
            }
            if healer.is_some() && healer != Some(c) {
                healed.push(c);
            } else {
                self.discard_to_owner(c);
                ev.push(Event::UnitDestroyed { card: c, zone });
                dead.push(c);
            }
        }
        self.note_wiped(zone, seat);
        // Death triggers run after the healed units are set down.
        for &c in dead.iter().rev() {
            if self.has_death_trigger(rules, c) {
                self.agenda.push(Step::Destroyed {
                    seat,
                    card: c,
                    zone,
                });
            }
        }
        if !healed.is_empty() {
            let home = rules.board.homes[seat as usize];
            for &c in &healed {
                ev.push(Event::Healed {
                    card: c,
                    zone: home,
                });
            }
            self.place_units(seat, home, &healed, Some(false));
        }
    }

    fn has_death_trigger(&self, rules: &Rules, card: CardId) -> bool {
        matches!(
            self.card(rules, card).ability,
            Ability::Reapers | Ability::Clone | Ability::ReanimateOnDeath
        )
    }

    /// Death triggers of an always-on ability of a destroyed unit.
    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn on_destroyed(
        &mut self,
        rules: &Rules,
        seat: Seat,
        card: CardId,
        zone: ZoneId,
        ev: &mut Vec<Event>,
    ) {
        if self.card(rules, card).ability == Ability::Reapers {
            self.mill(seat, 1, ev);
        } else if let Some(step) = self.death_summon(rules, seat, card, zone) {
            self.agenda.push(step);
        }
    }

    /// The free summon a destroyed unit's death trigger offers (Clone, Last Rites).
    pub(in crate::game) fn death_summon(
        &self,
        rules: &Rules,
        seat: Seat,
        card: CardId,
        zone: ZoneId,
    ) -> Option<Step> {
        match self.card(rules, card).ability {
            Ability::Clone => Some(Step::FreeSummon {
                seat,
                kind: Some(self.kinds[card as usize]),
                ty: None,
                from_discard: false,
                zone: None,
            }),
            Ability::ReanimateOnDeath => rules.pack.known.reanimated.map(|t| Step::FreeSummon {
                seat,
                kind: None,
                ty: Some(t),
                from_discard: true,
                zone: Some(zone),
            }),
            _ => None,
        }
    }

    // Never inlined (see `run_tactical`).
    #[inline(never)]
    pub(super) fn end_battle(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let b = self.battle.take().expect("in a battle");
        for seat in 0..2 {
            if let (Some(c), false) = (b.cards[seat], b.joined[seat]) {
                self.discard_to_owner(c);
                ev.push(Event::BattleCardDiscarded {
                    seat: seat as Seat,
                    card: c,
                });
            }
        }
        // Time Anomaly: a squad destroyed entirely calls the Twins that supported it back
        // to hand (before rules version 8, a squad emptied by a removal from the game
        // did too; `removed` is only kept from 8 on).
        for seat in 0..2u8 {
            if !b.wiped[seat as usize] || b.removed[seat as usize] {
                continue;
            }
            for z in zones_in(self.squads.occupied(seat) & !(1 << b.zone)) {
                if self.top_has(rules, z, seat, Ability::TimeAnomaly) {
                    let card = self.top(z, seat).expect("checked by top_has");
                    self.remove_unit(z, seat, card);
                    self.players[seat as usize].hand.push(card);
                    ev.push(Event::ReturnedToHand { seat, card });
                }
            }
        }
        ev.push(Event::BattleEnded { zone: b.zone });
    }
}

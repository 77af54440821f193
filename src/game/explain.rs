//! What each ability, signature, crystal effect and battle effect does, in the bot's
//! own words (never the printed card text). Every explanation the bot shows lives in
//! this one file, one function per concept, so a translation can replace them in one
//! place; `tests/pack.rs` fails when a part of the pack has none.

use super::pack::{Ability, CrystalEffect, Effect, KindId, Pack, Signature, Stat, Target, TypeId};

impl Effect {
    /// The atom in the bot's own words.
    pub fn describe(self, pack: &Pack) -> String {
        let ty = |t: TypeId| {
            pack.types
                .get(t as usize)
                .map(String::as_str)
                .unwrap_or("?")
        };
        match self {
            Effect::Attack(n) => format!("+{n} attack"),
            Effect::Defense(n) => format!("+{n} defense"),
            Effect::AttackPer(t, n) => format!("+{n} attack per {} unit in your squad", ty(t)),
            Effect::Draw(n) => format!("you may draw up to {n}"),
            Effect::DrawPerDestroyed => {
                "after damage, you may draw a card per unit destroyed in this battle".into()
            }
            Effect::Return => "you may take this card back into your hand".into(),
            Effect::Destroy(Target::Top) => "destroy the enemy's top unit".into(),
            Effect::Destroy(Target::Bottom) => "destroy the enemy's bottom unit".into(),
            Effect::Destroy(Target::Choice) => "destroy an enemy unit of your choice".into(),
            Effect::OpponentRemovesUnit => {
                "your opponent removes one of her battling units from the game".into()
            }
            Effect::JoinSquad => "this card joins your squad as its bottom unit".into(),
            Effect::DoubleAttackIfAll(t) => {
                format!("double your squad's attack if all its units are {}", ty(t))
            }
            Effect::Ignore(Stat::Attack) => {
                "ignore the attack bonuses on your opponent's battle card".into()
            }
            Effect::Ignore(Stat::Defense) => {
                "ignore the defense bonuses on your opponent's battle card".into()
            }
            Effect::Retreat => {
                "your squad withdraws to an adjacent zone; no damage is dealt".into()
            }
            Effect::SendEnemyHome => {
                "the enemy squad is sent to its home zone; no damage is dealt".into()
            }
            Effect::OpponentMills(n) => {
                format!("your opponent discards the top {n} of her draw pile")
            }
            Effect::GainInitiative(n) => format!("gain {n} initiative"),
            Effect::Nothing => "no effect".into(),
        }
    }
}

impl Ability {
    /// What the ability does, in the bot's own words (not the printed text).
    pub fn describe(self, pack: &Pack) -> String {
        let card = |k: KindId| {
            pack.cards
                .get(k as usize)
                .map(|c| c.name.as_str())
                .unwrap_or("?")
        };
        match self {
            Ability::None => "No ability.".into(),
            Ability::Flight => "If every unit of the activated squad flies, it may move up to 2 zones and may leave a zone with an enemy squad.".into(),
            Ability::Heal => "Other units of this squad destroyed in a battle are set down in your home zone instead of being discarded.".into(),
            Ability::Clone => "When this unit is destroyed, you may summon another copy of it from your hand at no initiative cost.".into(),
            Ability::Shift => "When you summon a single unit, you may place it in this squad's zone; this unit then returns to your hand and you gain 1 initiative.".into(),
            Ability::Linked(k) => format!("When you summon this unit, you may take {} from your discard pile into your hand.", card(k)),
            Ability::Demoralize => "When this squad enters a zone, you may pay initiative equal to an enemy unit's activation cost there to send that unit to its home zone.".into(),
            Ability::Inform => "When you summon this unit, look at the top 4 cards of your draw pile, keep 1 and put the rest back in any order (with fewer than 4, just look).".into(),
            Ability::Sacrifice => "As a battle starts, you may remove this unit from the game to give its squad +6 attack or +6 defense for that battle.".into(),
            Ability::Reapers => "When this unit is destroyed, discard the top card of your draw pile.".into(),
            Ability::RaiseTheDead => "You may summon reanimated units into this squad's zone instead of your home zone.".into(),
            Ability::LeadDevout => "This unit has +1 attack for each devout unit in its squad (itself included).".into(),
            Ability::Command => "With another knight in the squad: the squad activates for 1 less (never below 1) and has +2 attack in battle.".into(),
            Ability::InStep => "With another knight in the squad: the squad activates for 1 less (never below 1), also for your opponent's effects.".into(),
            Ability::TimeAnomaly => "While this squad is not in a battle, your battling squad has +2 attack; if that squad is wiped out, this unit returns to your hand.".into(),
            Ability::GravityPull => "This squad has +1 attack for each squad you control.".into(),
            Ability::Spy => "When this squad moves into or next to a zone with an enemy squad, you may look at your opponent's hand and put one of its cards on the top or bottom of her draw pile.".into(),
            Ability::Tactical => "As a battle this squad fights starts, your opponent discards the top card of her draw pile.".into(),
            Ability::BuilderSupport => "Summoning structures into this squad's zone costs 1 less.".into(),
            Ability::ReanimateOnDeath => "When this unit is destroyed, you may place a reanimated unit from your hand or discard pile into its zone at no initiative cost.".into(),
            Ability::Bloodlust => "You gain 1 initiative for each enemy unit this squad destroys with battle damage.".into(),
            Ability::RangedSupport => "Your battling squads in adjacent zones have +2 attack.".into(),
            Ability::Rebuild(k) => format!("When you summon this unit, you may take up to 2 {} from your discard pile into your hand.", card(k)),
            Ability::HasteNetwork => "Your squads in this zone and adjacent zones activate for 1 less (never below 1).".into(),
            Ability::Guardian => "This squad has +2 defense in battle.".into(),
        }
    }
}

impl Signature {
    /// What the clan signature does; `horde_limit` is the clan's Horde squad limit.
    pub fn describe(self, horde_limit: Option<u8>) -> String {
        match self {
            Signature::Sleep => "While this unit is on top of a battling squad, the enemy squad's top unit counts as 0 attack; bonuses to the whole squad and from battle cards still count.".into(),
            Signature::Predict => "As a battle starts, you may name a battle style; if the enemy's battle card has it, you gain 1 initiative and may draw a card.".into(),
            Signature::Flank => "In a battle, you may have your squad's damage hit the enemy squad from its bottom unit upward instead of from the top.".into(),
            Signature::Undying => "You may summon this unit from your discard pile as if it were in your hand, at its usual cost.".into(),
            Signature::Horde => format!(
                "While this unit is on top of its squad, the squad may hold up to {} units instead of 3; once it is not on top, discard down to 3.",
                horde_limit.unwrap_or(super::state::SQUAD_LIMIT as u8)
            ),
            Signature::Build => "You may summon structures into the zone of a squad of yours whose top unit has Build instead of into your home zone.".into(),
        }
    }
}

impl CrystalEffect {
    /// What the crystal does for the player who holds it.
    pub fn describe(self) -> String {
        const BATTLE: &str = "As a battle starts, before battle cards are picked, you may turn this crystal face down:";
        match self {
            CrystalEffect::BrokenVessel => "As a battle starts, you may remove this crystal from the game to destroy every unit of the enemy's battling squad; it then no longer counts as one of your crystals.".into(),
            CrystalEffect::WindsWish => "When you gain it, you may put up to 2 cards from your discard pile on top of your draw pile.".into(),
            CrystalEffect::SorensBounty => "When you gain it, you replenish at no initiative cost.".into(),
            CrystalEffect::MygardsShield => format!("{BATTLE} your squad has +4 defense in that battle."),
            CrystalEffect::FoxTail => format!("{BATTLE} in that battle your squad's damage hits the enemy squad from its bottom unit upward."),
            CrystalEffect::AstralPyramid => "When you summon a single unit, you may turn this crystal face down to place it in a crystal zone you control instead of your home zone.".into(),
            CrystalEffect::BitterBlessing => "When you gain it, you look at your opponent's hand and pick a card she discards.".into(),
            CrystalEffect::KeeperOfSouls => "When you gain it, you may take a hero from your discard pile into your hand.".into(),
            CrystalEffect::OnGainDraw(n) => format!("When you gain it, draw {n} {}.", cards(n)),
            CrystalEffect::OnGainInitiative(n) => format!("When you gain it, gain {n} initiative."),
            CrystalEffect::OnGainOpponentMills(n) => format!("When you gain it, your opponent discards the top {n} {} of her draw pile.", cards(n)),
            CrystalEffect::OnGainRecover(n) => format!("When you gain it, you may take up to {n} common {} from your discard pile into your hand.", if n == 1 { "unit" } else { "units" }),
            CrystalEffect::BattleAttack(n) => format!("{BATTLE} your squad has +{n} attack in that battle."),
            CrystalEffect::BattleDefense(n) => format!("{BATTLE} your squad has +{n} defense in that battle."),
            CrystalEffect::OnGainSummon => "When you gain it, you may summon a unit from your hand at no initiative cost.".into(),
        }
    }
}

fn cards(n: u8) -> &'static str {
    if n == 1 { "card" } else { "cards" }
}

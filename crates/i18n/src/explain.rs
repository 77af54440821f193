//! What each ability, signature, crystal effect and battle effect does, in the reader's
//! language and the bot's own words (never the printed card text): the one entry point
//! every caller (images, `/clans card`, `/clans rules`, `cards`) uses. The words are in
//! `rules.ftl`; `tests/it/pack.rs` fails when a variant has none, or shares one, in either
//! language.

use super::Lang;
use super::messages::rules as t;
use super::names;
use crate::game::pack::{Ability, CrystalEffect, Effect, KindId, Pack, Signature, Stat, Target};
use crate::game::state::SQUAD_LIMIT;

/// A unit type of the pack by its index, in `lang` ("?" for an index the pack lacks,
/// which a validated pack never has).
fn type_name(lang: Lang, pack: &Pack, t: u8) -> String {
    pack.types
        .get(t as usize)
        .map_or_else(|| "?".into(), |w| names::card_type(lang, w))
}

fn card_name(lang: Lang, pack: &Pack, k: KindId) -> String {
    pack.cards
        .get(k as usize)
        .map_or_else(|| "?".into(), |c| names::card(lang, c).to_string())
}

/// A battle-effect atom.
pub fn effect(lang: Lang, e: Effect, pack: &Pack) -> String {
    match e {
        Effect::Attack(n) => t::effect_attack(lang, n),
        Effect::Defense(n) => t::effect_defense(lang, n),
        Effect::AttackPer(ty, n) => t::effect_attack_per(lang, n, type_name(lang, pack, ty)),
        Effect::Draw(n) => t::effect_draw(lang, n),
        Effect::DrawPerDestroyed => t::effect_draw_per_destroyed(lang),
        Effect::Return => t::effect_return(lang),
        Effect::Destroy(Target::Top) => t::effect_destroy_top(lang),
        Effect::Destroy(Target::Bottom) => t::effect_destroy_bottom(lang),
        Effect::Destroy(Target::Choice) => t::effect_destroy_choice(lang),
        Effect::OpponentRemovesUnit => t::effect_opponent_removes_unit(lang),
        Effect::JoinSquad => t::effect_join_squad(lang),
        Effect::DoubleAttackIfAll(ty) => {
            t::effect_double_attack_if_all(lang, type_name(lang, pack, ty))
        }
        Effect::Ignore(Stat::Attack) => t::effect_ignore_attack(lang),
        Effect::Ignore(Stat::Defense) => t::effect_ignore_defense(lang),
        Effect::Retreat => t::effect_retreat(lang),
        Effect::SendEnemyHome => t::effect_send_enemy_home(lang),
        Effect::OpponentMills(n) => t::effect_opponent_mills(lang, n),
        Effect::GainInitiative(n) => t::effect_gain_initiative(lang, n),
        Effect::Nothing => t::effect_nothing(lang),
    }
}

/// A unit's ability.
pub fn ability(lang: Lang, a: Ability, pack: &Pack) -> String {
    match a {
        Ability::None => t::ability_none(lang),
        Ability::Flight => t::ability_flight(lang),
        Ability::Heal => t::ability_heal(lang),
        Ability::Clone => t::ability_clone(lang),
        Ability::Shift => t::ability_shift(lang),
        Ability::Linked(k) => t::ability_linked(lang, card_name(lang, pack, k)),
        Ability::Demoralize => t::ability_demoralize(lang),
        Ability::Inform => t::ability_inform(lang),
        Ability::Sacrifice => t::ability_sacrifice(lang),
        Ability::Reapers => t::ability_reapers(lang),
        Ability::RaiseTheDead => t::ability_raise_the_dead(lang),
        Ability::LeadDevout => t::ability_lead_devout(lang),
        Ability::Command => t::ability_command(lang),
        Ability::InStep => t::ability_in_step(lang),
        Ability::TimeAnomaly => t::ability_time_anomaly(lang),
        Ability::GravityPull => t::ability_gravity_pull(lang),
        Ability::Spy => t::ability_spy(lang),
        Ability::Tactical => t::ability_tactical(lang),
        Ability::BuilderSupport => t::ability_builder_support(lang),
        Ability::ReanimateOnDeath => t::ability_last_rites(lang),
        Ability::Bloodlust => t::ability_bloodlust(lang),
        Ability::RangedSupport => t::ability_ranged_support(lang),
        Ability::Rebuild(k) => t::ability_rebuild(lang, card_name(lang, pack, k)),
        Ability::HasteNetwork => t::ability_haste_network(lang),
        Ability::Guardian => t::ability_guardian(lang),
    }
}

/// A clan's signature; `horde_limit` is the clan's Horde squad limit.
pub fn signature(lang: Lang, s: Signature, horde_limit: Option<u8>) -> String {
    match s {
        Signature::Sleep => t::signature_sleep(lang),
        Signature::Predict => t::signature_predict(lang),
        Signature::Flank => t::signature_flank(lang),
        Signature::Undying => t::signature_undying(lang),
        Signature::Horde => t::signature_horde(lang, horde_limit.unwrap_or(SQUAD_LIMIT as u8)),
        Signature::Build => t::signature_build(lang),
    }
}

/// A crystal's effect for the player who holds it.
pub fn crystal(lang: Lang, c: CrystalEffect) -> String {
    match c {
        CrystalEffect::BrokenVessel => t::crystal_broken_vessel(lang),
        CrystalEffect::WindsWish => t::crystal_winds_wish(lang),
        CrystalEffect::SorensBounty => t::crystal_sorens_bounty(lang),
        CrystalEffect::MygardsShield => t::crystal_mygards_shield(lang),
        CrystalEffect::FoxTail => t::crystal_fox_tail(lang),
        CrystalEffect::AstralPyramid => t::crystal_astral_pyramid(lang),
        CrystalEffect::BitterBlessing => t::crystal_bitter_blessing(lang),
        CrystalEffect::KeeperOfSouls => t::crystal_keeper_of_souls(lang),
        CrystalEffect::OnGainDraw(n) => t::crystal_on_gain_draw(lang, n),
        CrystalEffect::OnGainInitiative(n) => t::crystal_on_gain_initiative(lang, n),
        CrystalEffect::OnGainOpponentMills(n) => t::crystal_on_gain_opponent_mills(lang, n),
        CrystalEffect::OnGainRecover(n) => t::crystal_on_gain_recover(lang, n),
        CrystalEffect::BattleAttack(n) => t::crystal_battle_attack(lang, n),
        CrystalEffect::BattleDefense(n) => t::crystal_battle_defense(lang, n),
        CrystalEffect::OnGainSummon => t::crystal_on_gain_summon(lang),
    }
}

//! The engine's words in the reader's language: what a question asks of a player.

use super::{Lang, messages as t};
use crate::game::Question;

/// What `q` asks the player to do, as an infinitive phrase ("choose an action").
pub fn question(lang: Lang, q: &Question) -> String {
    match q {
        Question::Mulligan => t::question_mulligan(lang),
        Question::Action => t::question_action(lang),
        Question::Reorder { .. } => t::question_reorder(lang),
        Question::DiscardDown { .. } => t::question_discard_down(lang),
        Question::Move { .. } => t::question_move(lang),
        Question::Battle { .. } => t::question_battle(lang),
        Question::BattleOptions => t::question_battle_options(lang),
        Question::BattleCard => t::question_battle_card(lang),
        Question::OrderEffects => t::question_order_effects(lang),
        Question::OrderScores => t::question_order_scores(lang),
        Question::MayDraw { .. } => t::question_may_draw(lang),
        Question::RemoveOwnUnit => t::question_remove_own_unit(lang),
        Question::DestroyEnemyUnit => t::question_destroy_enemy_unit(lang),
        Question::Flank => t::question_flank(lang),
        Question::Retreat => t::question_retreat(lang),
        Question::ReturnBattleCard => t::question_return_battle_card(lang),
        Question::ReplenishDiscard => t::question_replenish_discard(lang),
        Question::FreeScore => t::question_free_score(lang),
        Question::FreeSummon => t::question_free_summon(lang),
        Question::Recover { .. } => t::question_recover(lang),
        Question::Inform => t::question_inform(lang),
        Question::Spy => t::question_spy(lang),
        Question::Demoralize { .. } => t::question_demoralize(lang),
        Question::OpponentDiscard => t::question_opponent_discard(lang),
        Question::GameOver { .. } => t::question_game_over(lang),
    }
}

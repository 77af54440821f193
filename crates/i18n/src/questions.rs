//! The engine's words in the reader's language: what a question asks of a player.

use super::{Lang, messages as t, names};
use crate::game::pack::{Ability, KindId};
use crate::game::{Pending, Question, Rules, Trigger};

/// Who must answer `pending` as one phrase ("Ana", "Ana and Max"), how many they are,
/// and what they are asked; `None` when nobody must (the match is over). One wording
/// for the board post, its alt text, the battle picture and a confirmation.
pub fn who_must(
    lang: Lang,
    names: [&str; 2],
    pending: &Pending,
) -> Option<(String, usize, String)> {
    if pending.seats.is_empty() || matches!(pending.question, Question::GameOver { .. }) {
        return None;
    }
    let who: Vec<&str> = pending
        .seats
        .iter()
        .map(|&s| names[s as usize & 1])
        .collect();
    Some((
        who.join(&t::and_separator(lang)),
        who.len(),
        question(lang, &pending.question),
    ))
}

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
        Question::OrderTriggers => t::question_order_triggers(lang),
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

/// A trigger waiting with others that fired at the same time, as a player thinks of
/// it ("Boneknife Cultists destroyed (Last Rites)"): the panel's choices and the log
/// line that says which resolved first. `kinds` are the match's card kinds
/// (`State::kinds`, public), `who` the players' names.
pub fn trigger(lang: Lang, rules: &Rules, kinds: &[KindId], who: [&str; 2], t: &Trigger) -> String {
    let def = |c: u8| &rules.pack.cards[kinds[c as usize] as usize];
    match *t {
        Trigger::Death { card } => t::log::trigger_death(
            lang,
            names::card(lang, def(card)),
            names::ability(lang, def(card).ability),
        ),
        Trigger::BattleStart { seat } => t::log::trigger_battle_start(lang, who[seat as usize]),
        Trigger::Tactical { seat } => t::log::trigger_tactical(
            lang,
            names::ability(lang, Ability::Tactical),
            who[seat as usize],
        ),
        Trigger::Entered { seat, zone } => t::log::trigger_entered(
            lang,
            who[seat as usize],
            names::zone(lang, &rules.board, zone, Some(who)),
        ),
        Trigger::Arrived { card } => t::log::trigger_arrived(
            lang,
            names::card(lang, def(card)),
            names::ability(lang, def(card).ability),
        ),
        Trigger::Gain {
            seat,
            amount,
            draw: 0,
        } => t::log::trigger_gain(lang, who[seat as usize], amount),
        Trigger::Gain { seat, amount, draw } => {
            t::log::trigger_gain_draw(lang, who[seat as usize], amount, draw)
        }
    }
}

//! Messages of `log.ftl`: the turn log (one line per engine event, built by
//! [`crate::narration`]), the battle post and the replay post.
//!
//! Selector values passed as text: `style` is `bold`, `guarded` or `tricky`, `side`
//! `left` or `right`, `stat` `attack` or `defense`, `top` and `to_hand` `yes` or `no`.
//! A `zone` is a zone's one name (`i18n::names::zone`).

messages! {
    log_list(init, last) = "log-list";
    log_nothing() = "log-nothing";
    log_match_started(who) = "log-match-started";
    log_mulliganed_cards(who, cards) = "log-mulliganed-cards";
    log_mulliganed(who, count) = "log-mulliganed";
    log_drew_cards(who, cards) = "log-drew-cards";
    log_drew(who, count) = "log-drew";
    log_reshuffled(who, count) = "log-reshuffled";
    log_turn_started(who, turn) = "log-turn-started";
    log_paid(who, amount) = "log-paid";
    log_summoned(who, cards, zone, cost) = "log-summoned";
    log_activated(who, zone, cost) = "log-activated";
    log_reordered(who, zone, cards) = "log-reordered";
    log_then_ordered(line, cards) = "log-then-ordered";
    log_moved(who, cards, from, to) = "log-moved";
    log_stayed(who, zone) = "log-stayed";
    log_unit_discarded(who, card, zone) = "log-unit-discarded";
    log_battle_started(who, zone) = "log-battle-started";
    log_battle_card_from_deck(who) = "log-battle-card-from-deck";
    log_battle_card_chosen(who, card) = "log-battle-card-chosen";
    log_battle_card_secret(who) = "log-battle-card-secret";
    log_revealed(first, second) = "log-revealed";
    log_reveal_played(who, card, style, side) = "log-reveal-played";
    log_reveal_nothing(who) = "log-reveal-nothing";
    log_effects_ordered(who) = "log-effects-ordered";
    log_trigger_first(who, trigger) = "log-trigger-first";
    trigger_death(card, ability) = "trigger-death";
    trigger_battle_start(who) = "trigger-battle-start";
    trigger_tactical(ability, who) = "trigger-tactical";
    trigger_entered(who, zone) = "trigger-entered";
    trigger_arrived(card, ability) = "trigger-arrived";
    trigger_gain(who, amount) = "trigger-gain";
    trigger_gain_draw(who, amount, draw) = "trigger-gain-draw";
    log_unit_destroyed(card, zone) = "log-unit-destroyed";
    log_unit_removed(card) = "log-unit-removed";
    log_joined_squad(who, card, zone) = "log-joined-squad";
    log_damage(first, second) = "log-damage";
    log_damage_blocked(who, attack, blocked, damage) = "log-damage-blocked";
    log_damage_dealt(who, damage) = "log-damage-dealt";
    log_no_damage() = "log-no-damage";
    log_battle_card_returned(who, card) = "log-battle-card-returned";
    log_battle_card_discarded(who, card) = "log-battle-card-discarded";
    log_battle_ended(zone) = "log-battle-ended";
    log_replenished(who) = "log-replenished";
    log_card_discarded(who, card) = "log-card-discarded";
    log_invaded(who, attack) = "log-invaded";
    log_milled(who, card) = "log-milled";
    log_scored(who, crystal, cost) = "log-scored";
    log_scored_free(who, crystal) = "log-scored-free";
    log_crystal_revealed(crystal) = "log-crystal-revealed";
    log_turn_passed(who) = "log-turn-passed";
    log_won(who) = "log-won";
    /// `by` is `crystals`, `zones` or `second`; `who` is the winner, `crystals` her
    /// crystals, `count` and `other_count` hers and her opponent's of what decided:
    /// crystals, or crystal zones (tied for `second`).
    log_turn_limit(turn, by, who, crystals, count, other_count) = "log-turn-limit";
    log_initiative_gained(who, amount) = "log-initiative-gained";
    log_predicted(who, style) = "log-predicted";
    log_prediction_right(who) = "log-prediction-right";
    log_sacrificed(who, card, stat) = "log-sacrificed";
    log_crystal_used(who, crystal) = "log-crystal-used";
    log_crystal_left_game(who, crystal) = "log-crystal-left-game";
    log_flanked(who) = "log-flanked";
    log_healed(card, zone) = "log-healed";
    log_placed(who, cards, from, to) = "log-placed";
    log_returned_to_hand(who, card) = "log-returned-to-hand";
    log_looked_cards(who, cards) = "log-looked-cards";
    log_looked(who, count) = "log-looked";
    log_kept_card(who, card) = "log-kept-card";
    log_kept(who) = "log-kept";
    log_tucked_card(who, card, top) = "log-tucked-card";
    log_tucked(who, top) = "log-tucked";
    log_recovered(who, card, to_hand) = "log-recovered";
    log_hand_card_discarded(who, card) = "log-hand-card-discarded";
    log_demoralized(who, card, cost) = "log-demoralized";
    battle_revealed() = "battle-revealed";
    /// A battle whose cards were shown earlier (its picture said the damage was to
    /// come) has dealt its damage.
    battle_decided() = "battle-decided";
    battle_title(id) = "battle-title";
    replay_post(id, first, second, turns, battles) = "replay-post";
    replay_choice(id, first, second) = "replay-choice";
    replay_unknown(id) = "replay-unknown";
    replay_still_playing(id) = "replay-still-playing";
    replay_failed(id) = "replay-failed";
}

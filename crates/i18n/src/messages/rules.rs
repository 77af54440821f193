//! Messages of `rules.ftl`: what each ability, signature, crystal and battle effect
//! does, the names of the game's vocabulary, `/clans rules` and `/clans card`. Callers
//! go through `i18n::explain` and `i18n::names`, which pick the message for a variant.

messages! {
    effect_attack(n) = "effect-attack";
    effect_defense(n) = "effect-defense";
    effect_attack_per(n, kind) = "effect-attack-per";
    effect_draw(n) = "effect-draw";
    effect_draw_per_destroyed() = "effect-draw-per-destroyed";
    effect_return() = "effect-return";
    effect_destroy_top() = "effect-destroy-top";
    effect_destroy_bottom() = "effect-destroy-bottom";
    effect_destroy_choice() = "effect-destroy-choice";
    effect_opponent_removes_unit() = "effect-opponent-removes-unit";
    effect_join_squad() = "effect-join-squad";
    effect_double_attack_if_all(kind) = "effect-double-attack-if-all";
    effect_ignore_attack() = "effect-ignore-attack";
    effect_ignore_defense() = "effect-ignore-defense";
    effect_retreat() = "effect-retreat";
    effect_send_enemy_home() = "effect-send-enemy-home";
    effect_opponent_mills(n) = "effect-opponent-mills";
    effect_gain_initiative(n) = "effect-gain-initiative";
    effect_nothing() = "effect-nothing";

    ability_none() = "ability-none";
    ability_flight() = "ability-flight";
    ability_heal() = "ability-heal";
    ability_clone() = "ability-clone";
    ability_shift() = "ability-shift";
    ability_linked(card) = "ability-linked";
    ability_demoralize() = "ability-demoralize";
    ability_inform() = "ability-inform";
    ability_sacrifice() = "ability-sacrifice";
    ability_reapers() = "ability-reapers";
    ability_raise_the_dead() = "ability-raise-the-dead";
    ability_lead_devout() = "ability-lead-devout";
    ability_command() = "ability-command";
    ability_in_step() = "ability-in-step";
    ability_time_anomaly() = "ability-time-anomaly";
    ability_gravity_pull() = "ability-gravity-pull";
    ability_spy() = "ability-spy";
    ability_tactical() = "ability-tactical";
    ability_builder_support() = "ability-builder-support";
    ability_last_rites() = "ability-last-rites";
    ability_bloodlust() = "ability-bloodlust";
    ability_ranged_support() = "ability-ranged-support";
    ability_rebuild(card) = "ability-rebuild";
    ability_haste_network() = "ability-haste-network";
    ability_guardian() = "ability-guardian";

    signature_sleep() = "signature-sleep";
    signature_predict() = "signature-predict";
    signature_flank() = "signature-flank";
    signature_undying() = "signature-undying";
    signature_horde(limit) = "signature-horde";
    signature_build() = "signature-build";

    crystal_broken_vessel() = "crystal-broken-vessel";
    crystal_winds_wish() = "crystal-winds-wish";
    crystal_sorens_bounty() = "crystal-sorens-bounty";
    crystal_mygards_shield() = "crystal-mygards-shield";
    crystal_fox_tail() = "crystal-fox-tail";
    crystal_astral_pyramid() = "crystal-astral-pyramid";
    crystal_bitter_blessing() = "crystal-bitter-blessing";
    crystal_keeper_of_souls() = "crystal-keeper-of-souls";
    crystal_on_gain_draw(n) = "crystal-on-gain-draw";
    crystal_on_gain_initiative(n) = "crystal-on-gain-initiative";
    crystal_on_gain_opponent_mills(n) = "crystal-on-gain-opponent-mills";
    crystal_on_gain_recover(n) = "crystal-on-gain-recover";
    crystal_battle_attack(n) = "crystal-battle-attack";
    crystal_battle_defense(n) = "crystal-battle-defense";
    crystal_on_gain_summon() = "crystal-on-gain-summon";

    ability_name_flight() = "ability-name-flight";
    ability_name_heal() = "ability-name-heal";
    ability_name_clone() = "ability-name-clone";
    ability_name_shift() = "ability-name-shift";
    ability_name_linked() = "ability-name-linked";
    ability_name_demoralize() = "ability-name-demoralize";
    ability_name_inform() = "ability-name-inform";
    ability_name_sacrifice() = "ability-name-sacrifice";
    ability_name_reapers() = "ability-name-reapers";
    ability_name_raise_the_dead() = "ability-name-raise-the-dead";
    ability_name_lead_devout() = "ability-name-lead-devout";
    ability_name_command() = "ability-name-command";
    ability_name_in_step() = "ability-name-in-step";
    ability_name_time_anomaly() = "ability-name-time-anomaly";
    ability_name_gravity_pull() = "ability-name-gravity-pull";
    ability_name_spy() = "ability-name-spy";
    ability_name_tactical() = "ability-name-tactical";
    ability_name_builder_support() = "ability-name-builder-support";
    ability_name_last_rites() = "ability-name-last-rites";
    ability_name_bloodlust() = "ability-name-bloodlust";
    ability_name_ranged_support() = "ability-name-ranged-support";
    ability_name_rebuild() = "ability-name-rebuild";
    ability_name_haste_network() = "ability-name-haste-network";
    ability_name_guardian() = "ability-name-guardian";
    signature_name_sleep() = "signature-name-sleep";
    signature_name_predict() = "signature-name-predict";
    signature_name_flank() = "signature-name-flank";
    signature_name_undying() = "signature-name-undying";
    signature_name_horde() = "signature-name-horde";
    signature_name_build() = "signature-name-build";

    type_flying() = "type-flying";
    type_wise() = "type-wise";
    type_magic() = "type-magic";
    type_knight() = "type-knight";
    type_performer() = "type-performer";
    type_mystic() = "type-mystic";
    type_stealthy() = "type-stealthy";
    type_psychic() = "type-psychic";
    type_devout() = "type-devout";
    type_skilled() = "type-skilled";
    type_beast() = "type-beast";
    type_reanimated() = "type-reanimated";
    type_reckless() = "type-reckless";
    type_builder() = "type-builder";
    type_structure() = "type-structure";
    rank_hero() = "rank-hero";
    rank_common() = "rank-common";
    style_bold() = "style-bold";
    style_guarded() = "style-guarded";
    style_tricky() = "style-tricky";

    zone_home(id, owner) = "zone-home";
    zone_crystal(id) = "zone-crystal";
    zone_plain(id) = "zone-plain";
    zone_seat(seat) = "zone-seat";
    zone_number(number) = "zone-number";

    topic_goal() = "topic-goal";
    topic_goal_text() = "topic-goal-text";
    topic_board() = "topic-board";
    topic_board_text() = "topic-board-text";
    topic_card() = "topic-card";
    topic_card_text() = "topic-card-text";
    /// An example's log lines under a topic's picture (`app::rules_pictures`).
    rules_example(lines) = "rules-example";
    topic_actions() = "topic-actions";
    topic_actions_text() = "topic-actions-text";
    topic_battle() = "topic-battle";
    topic_battle_text() = "topic-battle-text";
    topic_initiative() = "topic-initiative";
    topic_initiative_text() = "topic-initiative-text";
    rules_more() = "rules-more";
    rules_unit_ability() = "rules-unit-ability";
    rules_unit_ability_top() = "rules-unit-ability-top";
    rules_on_cards(cards) = "rules-on-cards";
    rules_signature_top(clan) = "rules-signature-top";
    rules_signature_discard(clan) = "rules-signature-discard";
    rules_crystal(cost) = "rules-crystal";
    /// `topic` as asked (shortened, backticks replaced); `close` the suggestions.
    rules_no_topic(topic, close) = "rules-no-topic";

    /// Each value already carries its provenance mark.
    card_values(summon, attack, defense, activation) = "card-values";
    card_left() = "card-left";
    card_right() = "card-right";
    card_not_in_play() = "card-not-in-play";
}

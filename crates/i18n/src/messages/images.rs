//! Messages of `images.ftl`: the words drawn on the images (board, battle, hand, card,
//! replay captions): in the viewer's language for private images, the server's for
//! public ones.

messages! {
    /// "Player 1": a seat by its number (1 or 2).
    player(number) = "img-player";
    /// `question` is an engine question in words (`i18n::questions::question`).
    question_in_zone(question, zone) = "img-question-in-zone";
    winner(name) = "img-winner";
    setting_up() = "img-setting-up";
    turn_to_answer(turn, name, active) = "img-turn-to-answer";
    turn_both_answer(turn, active) = "img-turn-both-answer";
    turn_to_move(turn, name) = "img-turn-to-move";
    two_names(first, second) = "img-two-names";
    match_over() = "img-match-over";
    waiting(who, question) = "img-waiting";
    /// `names`: the units under the top one, counted (`render::words::counted`).
    under(count, names) = "img-under";
    for_sale() = "img-for-sale";
    crystals_of(count, need) = "img-crystals-of";
    more(count) = "img-more";
    face_down(name) = "img-face-down";
    draw_pile() = "img-draw-pile";
    attack() = "img-attack";
    defense() = "img-defense";
    activation_cost() = "img-activation-cost";
    summon_cost() = "img-summon-cost";
    neutral_initiative() = "img-neutral-initiative";
    provisional() = "img-provisional";
    not_in_play() = "img-not-in-play";
    no_ability() = "img-no-ability";
    left() = "img-left";
    right() = "img-right";
    hand_title(name) = "img-hand-title";
    hand_info(count, clan) = "img-hand-info";
    hand_empty() = "img-hand-empty";
    /// The card's name in the other language (the lookup's card).
    card_other_name(name) = "img-card-other-name";
    card_no_other_name() = "img-card-no-other-name";
    /// `mark`: the provisional mark of the number of copies, or nothing.
    card_copies(clan, count, mark) = "img-card-copies";
    effect_attack(amount) = "img-effect-attack";
    effect_defense(amount) = "img-effect-defense";
    /// `kind`: a card type's name.
    effect_attack_per(amount, kind) = "img-effect-attack-per";
    effect_draw(count) = "img-effect-draw";
    effect_draw_per_destroyed() = "img-effect-draw-per-destroyed";
    effect_return() = "img-effect-return";
    effect_destroy_top() = "img-effect-destroy-top";
    effect_destroy_bottom() = "img-effect-destroy-bottom";
    effect_destroy_choice() = "img-effect-destroy-choice";
    effect_opponent_removes() = "img-effect-opponent-removes";
    effect_join() = "img-effect-join";
    effect_double_attack(kind) = "img-effect-double-attack";
    effect_ignore_attack() = "img-effect-ignore-attack";
    effect_ignore_defense() = "img-effect-ignore-defense";
    effect_retreat() = "img-effect-retreat";
    effect_send_home() = "img-effect-send-home";
    effect_mills(count) = "img-effect-mills";
    effect_initiative(amount) = "img-effect-initiative";
    effect_nothing() = "img-effect-nothing";
    /// `zone`: the zone's one name (`names::zone`).
    battle_in(zone) = "img-battle-in";
    attacked(attacker, defender) = "img-attacked";
    beats(winner, loser) = "img-beats";
    both_style(style) = "img-both-style";
    one_no_card() = "img-one-no-card";
    no_cards() = "img-no-cards";
    /// `side` is `left` or `right`.
    effect_of(name, side) = "img-effect-of";
    played_no_card(name) = "img-played-no-card";
    not_revealed() = "img-not-revealed";
    attacker() = "img-attacker";
    defender() = "img-defender";
    no_battle_card() = "img-no-battle-card";
    damage_dealt() = "img-damage-dealt";
    no_damage_left() = "img-no-damage-left";
    no_damage() = "img-no-damage";
    nobody_fell() = "img-nobody-fell";
    destroyed() = "img-destroyed";
    removed() = "img-removed";
    no_squad_now(name, zone) = "img-no-squad-now";
    still_standing(names) = "img-still-standing";
    card_joined() = "img-card-joined";
    cap_turn(turn) = "img-cap-turn";
    cap_battle_in(zone) = "img-cap-battle-in";
    cap_no_card() = "img-cap-no-card";
    cap_damage(first, second) = "img-cap-damage";
    cap_no_damage() = "img-cap-no-damage";
    cap_fell(count) = "img-cap-fell";
    cap_nothing() = "img-cap-nothing";
    cap_a_card() = "img-cap-a-card";
    cap_a_crystal() = "img-cap-a-crystal";
    cap_summoned(cards, zone) = "img-cap-summoned";
    cap_moved(cards, zone) = "img-cap-moved";
    cap_attacked(zone) = "img-cap-attacked";
    cap_scored(crystal) = "img-cap-scored";
    cap_replenished() = "img-cap-replenished";
    cap_invaded(attack) = "img-cap-invaded";
    cap_no_action() = "img-cap-no-action";
    cap_wins(name) = "img-cap-wins";
    cap_turn_limit() = "img-cap-turn-limit";
    /// The scenes left out of a long match's replay before this frame.
    cap_skipped(count) = "img-cap-skipped";
    // The post-game analysis graph (`render::analysis`).
    analysis_title(id, first, second) = "img-analysis-title";
    analysis_subtitle() = "img-analysis-subtitle";
    analysis_turn() = "img-analysis-turn";
    analysis_percent(percent) = "img-analysis-percent";
    /// `before` and `after`: the mover's chance, in whole percent.
    analysis_mark(number, turn, name, before, after) = "img-analysis-mark";
    /// `action`: the move in words, as the match log says it (`i18n::narration`).
    analysis_played(action, percent) = "img-analysis-played";
    analysis_preferred(action, percent) = "img-analysis-preferred";
    analysis_agrees() = "img-analysis-agrees";
    /// The board's short pile lines ("Hand: 4"), for its narrow boxes at the readable size.
    short_hand(count) = "img-short-hand";
    short_draw(count) = "img-short-draw";
    short_discard(count) = "img-short-discard";
    short_removed(count) = "img-short-removed";
    /// A battle picture drawn while a decision pauses the battle before its damage;
    /// `question` is an engine question in words.
    damage_follows(who, question) = "img-damage-follows";
    damage_to_come() = "img-damage-to-come";
}

//! Messages of `alt.ftl`: the alt text of each image the bot posts (the attachment's
//! description), and the initiative as every surface words it.

messages! {
    alt_board(first, second, turn) = "alt-board";
    alt_board_setting_up(first, second) = "alt-board-setting-up";
    alt_board_over(first, second, winner) = "alt-board-over";
    /// `question` is an engine question in words (`i18n::questions::question`).
    alt_waiting(who, count, question) = "alt-waiting";
    alt_crystals(name, count, need) = "alt-crystals";
    alt_for_sale(crystals) = "alt-for-sale";
    /// `parts`: the outlined parts, joined.
    alt_marked(parts) = "alt-marked";
    alt_marked_track() = "alt-marked-track";
    alt_marked_market() = "alt-marked-market";
    alt_marked_player(name) = "alt-marked-player";
    alt_zone(zone, squads) = "alt-zone";
    alt_zone_empty(zone) = "alt-zone-empty";
    /// `units`: the squad's units, top first, comma-separated.
    alt_squad(name, units) = "alt-squad";
    alt_squads_both(first, second) = "alt-squads-both";
    alt_zones_more(count) = "alt-zones-more";
    /// Who holds the initiative and by how much (the token's distance on their side).
    initiative_holder(name, amount) = "initiative-holder";
    /// The same, said to the player who holds it.
    initiative_yours(amount) = "initiative-yours";
    initiative_nobody() = "initiative-nobody";
    alt_battle(zone, attacker, defender) = "alt-battle";
    /// `side`: "left" or "right"; `effect` the triggered side's effects in words.
    alt_battle_card(name, card, style, side, effect) = "alt-battle-card";
    alt_battle_card_hidden(name) = "alt-battle-card-hidden";
    alt_battle_damage(name, damage, attack, defense) = "alt-battle-damage";
    alt_battle_no_damage() = "alt-battle-no-damage";
    alt_battle_fell(units) = "alt-battle-fell";
    alt_battle_none_fell() = "alt-battle-none-fell";
    alt_battle_pending(who, count, question) = "alt-battle-pending";
    alt_battle_pending_nobody() = "alt-battle-pending-nobody";
    alt_hand(name, count, cards) = "alt-hand";
    alt_hand_empty(name) = "alt-hand-empty";
    alt_hand_card(name, style, summon, attack, defense) = "alt-hand-card";
    /// `numbers`: [`alt_card_numbers`].
    alt_card(name, style, numbers, ability, left, right) = "alt-card";
    alt_card_numbers(summon, attack, defense, activation) = "alt-card-numbers";
    alt_card_ability(ability) = "alt-card-ability";
    alt_replay(id, first, second, turns, battles) = "alt-replay";
    alt_graph(name, id, points) = "alt-graph";
    alt_graph_point(turn, percent) = "alt-graph-point";
    alt_standings(league, rows) = "alt-standings";
    alt_standings_row(rank, name, points) = "alt-standings-row";
    alt_cavern(phase, placed, left, held, gems, treasures) = "alt-cavern";
    alt_cavern_explore() = "alt-cavern-explore";
    alt_cavern_dragon() = "alt-cavern-dragon";
    alt_cavern_over() = "alt-cavern-over";
}

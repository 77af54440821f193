# The alt text of each image the bot posts (the attachment's `description`, which a
# screen reader speaks and Discord shows behind its ALT badge; at most 1,024
# characters). Written from the same view the image is drawn from, in the reader's
# language. Every message has a function of the same name in
# crates/i18n/src/messages/alt.rs.

## The board

alt-board = Crystal Clans board, { $first } against { $second }, turn { $turn }.
alt-board-setting-up = Crystal Clans board, { $first } against { $second }, being set up.
alt-board-over = Crystal Clans board, { $first } against { $second }: { $winner } won.
# `question` is an engine question in words ("choose an action").
alt-waiting = { $who } { $count ->
        [one] must
       *[other] must both
    } { $question }.
alt-crystals = { $name } has { $count ->
        [one] 1 crystal
       *[other] { $count } crystals
    } of { $need }.
alt-for-sale = Crystals for sale: { $crystals }.
# A lesson's board (/clans learn): the parts outlined for the lesson, said first.
alt-marked = Outlined for this lesson: { $parts }.
alt-marked-track = the initiative track
alt-marked-market = the crystals for sale
alt-marked-player = the corner of { $name } (crystals, hand and piles)
# One zone: its name, then each side's squad, top unit first.
alt-zone = { $zone }: { $squads }.
alt-zone-empty = { $zone }: empty.
alt-squad = { $name }'s { $units }
alt-squads-both = { $first }; { $second }
alt-zones-more = { $count ->
        [one] and 1 more zone.
       *[other] and { $count } more zones.
    }

## The initiative, written one way on every surface (board, panel, alt text)

initiative-holder = { $name } { $amount ->
        [one] has 1 initiative
       *[other] has { $amount } initiative
    }
initiative-yours = { $amount ->
        [one] you have 1 initiative
       *[other] you have { $amount } initiative
    }
initiative-nobody = nobody has initiative (the token is on 0)

## A battle

alt-battle = Battle in { $zone }: { $attacker } attacked { $defender }.
alt-battle-card = { $name } played { $card } ({ $style }); { $side ->
        [left] its left effect triggered
       *[right] its right effect triggered
    }: { $effect }.
alt-battle-card-hidden = { $name } has chosen a battle card.
alt-battle-damage = { $name } dealt { $damage } damage (attack { $attack } against defense { $defense }).
alt-battle-no-damage = No damage was dealt.
alt-battle-fell = Destroyed: { $units }.
alt-battle-none-fell = No unit was destroyed.
alt-battle-pending = The damage follows; first { $who } { $count ->
        [one] must
       *[other] must both
    } { $question }.
alt-battle-pending-nobody = The damage is still to come.

## A hand, a card

alt-hand = { $name }'s hand, { $count ->
        [one] 1 card
       *[other] { $count } cards
    }: { $cards }.
alt-hand-empty = { $name }'s hand is empty.
alt-hand-card = { $name } ({ $style }, summon cost { $summon }, attack { $attack }, defense { $defense })
# One card: name, style, costs and numbers, ability.
alt-card = { $name }: { $style }, { $numbers }{ $ability }. Left effect: { $left }. Right effect: { $right }.
alt-card-numbers = summon cost { $summon }, attack { $attack }, defense { $defense }, activation cost { $activation }
alt-card-ability = , ability { $ability }

## Replays, graphs, standings, Crystallo

alt-replay = Animated replay of match { $id }, { $first } against { $second }: { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    }, { $battles ->
        [one] 1 battle
       *[other] { $battles } battles
    }.
alt-graph = Graph of { $name }'s chance to win after each turn of match { $id }: { $points }.
alt-graph-point = turn { $turn } { $percent }%
alt-standings = Standings of { $league }: { $rows }.
alt-standings-row = { $rank }. { $name }, { $points ->
        [one] 1 point
       *[other] { $points } points
    }
alt-cavern = Crystallo cavern, { $phase }: { $placed ->
        [one] 1 card placed
       *[other] { $placed } cards placed
    }, { $left ->
        [one] 1 card left to draw
       *[other] { $left } cards left to draw
    }; { $held } of 6 creatures still held, { $gems } of 6 gems on the Black Dragon; { $treasures ->
        [one] 1 treasure
       *[other] { $treasures } treasures
    } collected.
alt-cavern-explore = phase 1, freeing the creatures
alt-cavern-dragon = phase 2, trapping the Black Dragon
alt-cavern-over = the game is over

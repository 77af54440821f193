# The words drawn on the images (board, battle, hand, card, replay captions): in the
# viewer's language for private images, the server's for public ones. Every message
# has a function of the same name in src/i18n/messages/images.rs.

## The board's header

img-player = Player { $number }
img-question-in-zone = { $question } in { $zone }
img-winner = { $name } wins the match!
img-setting-up = Setting up
img-turn-to-answer = Turn { $turn } · { $name } to answer ({ $active }'s turn)
img-turn-both-answer = Turn { $turn } · both to answer ({ $active }'s turn)
img-turn-to-move = Turn { $turn } · { $name } to move
img-two-names = { $first } and { $second }
img-match-over = The match is over
img-waiting = Waiting for { $who }: { $question }

## The board's zones (each by its one name, `zone-home` and its kin in rules.ftl), squads,
## market and each player's end

img-under = { $count } under: { $names }
img-for-sale = For sale
img-crystals-of = Crystals: { $count } of { $need }
img-more = +{ $count } more
img-face-down = { $name } (face down)
img-draw-pile = draw pile

## Legends

img-attack = attack
img-defense = defense
img-activation-cost = activation cost
img-summon-cost = summon cost
img-neutral-initiative = neutral initiative
img-provisional = † provisional: designed by the bot, not printed
img-not-in-play = * not yet in play

## Card faces

img-no-ability = no unit ability
img-left = LEFT
img-right = RIGHT
img-hand-title = { $name }'s hand
img-hand-info = { $count ->
        [one] 1 card
       *[other] { $count } cards
    } · { $clan }
img-hand-empty = No cards in hand.
# The lookup's card shows the card's name in the other language.
img-card-other-name = German: { $name }
img-card-no-other-name = German name not known
img-card-copies = { $clan } · { $count ->
        [one] 1 copy
       *[other] { $count } copies
    }{ $mark } in the deck

## Battle effects as printed on a card

img-effect-attack = +{ $amount } attack
img-effect-defense = +{ $amount } defense
img-effect-attack-per = +{ $amount } attack per { $kind }
img-effect-draw = draw { $count }
img-effect-draw-per-destroyed = draw 1 per unit destroyed
img-effect-return = return to hand
img-effect-destroy-top = destroy top unit
img-effect-destroy-bottom = destroy bottom unit
img-effect-destroy-choice = destroy a unit
img-effect-opponent-removes = foe removes a unit
img-effect-join = joins the squad
img-effect-double-attack = double attack if all { $kind }
img-effect-ignore-attack = ignore foe's attack
img-effect-ignore-defense = ignore foe's defense
img-effect-retreat = retreat
img-effect-send-home = send foe home
img-effect-mills = foe mills { $count }
img-effect-initiative = +{ $amount } initiative
img-effect-nothing = no effect

## The battle image

img-battle-in = Battle in { $zone }
img-attacked = { $attacker } attacked { $defender }
img-beats = { $winner } beats { $loser }
img-both-style = Both { $style }
img-one-no-card = One player had no battle card
img-no-cards = No battle cards
img-effect-of = { $side ->
        [left] { $name }'s left effect
       *[right] { $name }'s right effect
    }
img-played-no-card = { $name } played no card
img-not-revealed = The battle cards were not revealed
img-attacker = attacker
img-defender = defender
img-no-battle-card = no battle card
img-damage-dealt = damage dealt
img-no-damage-left = No damage: a squad left the battle.
img-no-damage = No damage dealt.
img-nobody-fell = No unit fell.
img-destroyed = Destroyed:
img-removed = Removed from the game:
img-no-squad-now = No squad of { $name } in { $zone } now.
img-still-standing = Still standing: { $names }.
img-card-joined = The battle card joined the squad.

## The replay's captions

img-cap-turn = Turn { $turn }
img-cap-battle-in = battle in { $zone }
img-cap-no-card = no card
img-cap-damage = damage { $first }-{ $second }
img-cap-no-damage = no damage
img-cap-fell = { $count ->
        [0] nobody fell
        [one] 1 unit fell
       *[other] { $count } units fell
    }
img-cap-nothing = nothing
img-cap-a-card = a card
img-cap-a-crystal = a crystal
img-cap-summoned = summoned { $cards } to { $zone }
img-cap-moved = moved { $cards } to { $zone }
img-cap-attacked = attacked in { $zone }
img-cap-scored = scored { $crystal }
img-cap-replenished = replenished
img-cap-invaded = invaded ({ $attack })
img-cap-no-action = no action
img-cap-wins = { $name } wins!
img-cap-turn-limit = turn limit
img-cap-skipped = { $count ->
        [one] 1 frame skipped
       *[other] { $count } frames skipped
    }

## Names printed on the cards, by the pack's id of the thing (`id`): battle styles,
## clan signatures, unit abilities


## The post-game analysis graph (`/clans analysis`)

img-analysis-title = Match #{ $id } · { $first } vs { $second }
img-analysis-subtitle = Chance to win after each turn (AI search, both hands known)
img-analysis-turn = Turn
img-analysis-percent = { $percent } %
img-analysis-mark = { $number } · Turn { $turn } · { $name }: from { $before } % to { $after } %
img-analysis-played = Played: { $action } ({ $percent } %)
img-analysis-preferred = AI preferred: { $action } ({ $percent } %)
img-analysis-agrees = The AI rates this move as highly as its own choice.

## The league standings image.
standings-after-round = Standings after round { $round } of { $rounds }
standings-final = Final standings
standings-col-rank = Rank
standings-col-player = Player
standings-col-points = Points
standings-col-sb = SB
standings-col-buchholz = Buchholz
standings-col-games = Games
standings-col-clans = Clans played
standings-legend-sb = SB: Sonneborn-Berger, the points of every opponent beaten
standings-legend-buchholz = Buchholz: the points of every opponent met
standings-no-clans = none yet

## The board's short words, read in Discord's inline box: each player's hand and
## piles counted in a narrow box

img-short-hand = Hand: { $count }
img-short-draw = Draw: { $count }
img-short-discard = Discard: { $count }
img-short-removed = Removed: { $count }

## A battle's picture drawn before its damage (a decision pauses the battle): what is
## still to come; $who is one name or two (`img-two-names`), $question what is asked

img-damage-follows = Damage follows. First { $who }: { $question }.
img-damage-to-come = Damage is still to come.

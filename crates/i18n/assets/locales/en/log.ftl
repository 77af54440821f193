# The turn log: what each engine event says in the board post's log and the sample
# captions (src/i18n/narration.rs), the battle post and the replay post.
# `who` is a player's name, `cards` a list joined by `log-list`, `zone` a zone's one name
# (`zone-home` and its kin in rules.ftl, the same on the board image and the panels).

## Pieces of a line

# A list of two or more names: `init` is all but the last, joined by ", ".
log-list = { $init } and { $last }
log-nothing = nothing

## One line per event

log-match-started = { $who } goes first.
log-mulliganed-cards = { $who } shuffled { $cards } back into the deck.
log-mulliganed = { $who } mulliganed { $count ->
        [one] 1 card
       *[other] { $count } cards
    }.
log-drew-cards = { $who } drew { $cards }.
log-drew = { $who } drew { $count ->
        [one] 1 card
       *[other] { $count } cards
    }.
log-reshuffled = { $who }'s draw pile ran out: the discard pile was shuffled into a new draw pile of { $count ->
        [one] 1 card
       *[other] { $count } cards
    }.
log-turn-started = Turn { $turn }: { $who } to act.
log-paid = { $who } paid { $amount } initiative.
log-summoned = { $who } summoned { $cards } to { $zone } (cost { $cost }).
log-activated = { $who } activated the squad in { $zone } (cost { $cost }).
log-reordered = { $who } ordered the squad in { $zone }, top first: { $cards }.
# A reorder told right after the line that put or activated that squad in that zone:
# `line` is that line, so the zone and the player are not said twice.
log-then-ordered = { $line } Order, top first: { $cards }.
log-moved = { $who } moved { $cards } from { $from } to { $to }.
log-stayed = { $who }'s squad stayed in { $zone }.
log-unit-discarded = { $who } discarded { $card } from the squad in { $zone }.
log-battle-started = { $who } started a battle in { $zone }.
log-battle-card-from-deck = { $who } has no cards in hand and plays the top card of the draw pile.
log-battle-card-chosen = { $who } chose { $card } as battle card.
log-battle-card-secret = { $who } chose a battle card.
# `first` and `second` are each seat's `log-reveal-played` or `log-reveal-nothing`.
log-revealed = Reveal: { $first }; { $second }.
# `style` is `bold`, `guarded` or `tricky`; `side` is `left` or `right`.
log-reveal-played = { $who } played { $card } ({ $style ->
        [bold] BOLD
        [guarded] GUARDED
       *[tricky] TRICKY
    }, { $side ->
        [left] left
       *[right] right
    } effect)
log-reveal-nothing = { $who } had no card to play
log-effects-ordered = { $who }'s battle effects resolve first.
log-unit-destroyed = { $card } was destroyed in { $zone }.
log-unit-removed = { $card } was removed from the game.
log-joined-squad = { $who }'s { $card } joined the squad in { $zone }.
# `first` and `second` are each seat's `log-damage-blocked` or `log-damage-dealt`.
log-damage = Damage: { $first }; { $second }.
log-damage-blocked = { $who }'s squad attacks for { $attack }, { $blocked } absorbed by defense, { $damage } damage dealt
log-damage-dealt = { $who }'s squad deals { $damage } damage
log-no-damage = A squad left the battle before damage: no damage is dealt.
log-battle-card-returned = { $who } took { $card } back into hand.
log-battle-card-discarded = { $who }'s battle card { $card } was discarded.
log-battle-ended = The battle in { $zone } is over.
log-replenished = { $who } replenished.
log-card-discarded = { $who } discarded { $card }.
log-invaded = { $who } invaded with attack { $attack }: the opponent discards that many cards from the draw pile.
log-milled = { $who } discarded { $card } from the top of the draw pile.
log-scored = { $who } scored { $crystal } (cost { $cost }).
log-scored-free = { $who } scored { $crystal } for free.
log-crystal-revealed = { $crystal } is face up.
log-turn-passed = The initiative passes to { $who }.
log-won = { $who } wins the match!
log-turn-limit = Turn { $turn } was the last the rules allow, so the match ends: { $by ->
        [crystals] { $who } has more crystals, { $count } to { $other_count }.
        [zones] the crystals are tied at { $crystals } each, and { $who } controls more crystal zones, { $count } to { $other_count }.
       *[second] the crystals ({ $crystals } each) and crystal zones ({ $count } each) are tied, and { $who } took the second turn.
    }
log-initiative-gained = { $who } gained { $amount } initiative.
log-predicted = { $who } predicts a { $style ->
        [bold] BOLD
        [guarded] GUARDED
       *[tricky] TRICKY
    } battle card.
log-prediction-right = { $who }'s prediction was right.
# `stat` is `attack` or `defense`.
log-sacrificed = { $who } sacrificed { $card } for +6 { $stat ->
        [attack] attack
       *[defense] defense
    }.
log-crystal-used = { $who } used { $crystal } (now face down).
log-crystal-left-game = { $who } gave up { $crystal }; it leaves the game.
log-flanked = { $who } flanks: damage starts at the bottom unit.
log-healed = { $card } was healed and set down in { $zone }.
log-placed = { $who }'s { $cards } went from { $from } to { $to }.
log-returned-to-hand = { $who } returned { $card } to hand.
log-looked-cards = { $who } looked at { $cards }.
log-looked = { $who } looked at { $count ->
        [one] 1 hidden card
       *[other] { $count } hidden cards
    }.
log-kept-card = { $who } kept { $card }.
log-kept = { $who } kept a card.
# `top` is `yes` (the top of the pile) or `no` (the bottom).
log-tucked-card = { $who } put { $card } from the opponent's hand on the { $top ->
        [yes] top
       *[no] bottom
    } of her draw pile.
log-tucked = { $who } put a card from the opponent's hand on the { $top ->
        [yes] top
       *[no] bottom
    } of her draw pile.
# `to_hand` is `yes` or `no` (onto the draw pile).
log-recovered = { $who } took { $card } from the discard pile { $to_hand ->
        [yes] into hand
       *[no] onto the draw pile
    }.
log-hand-card-discarded = { $who } had to discard { $card } from hand.
log-demoralized = { $who } paid { $cost } to send { $card } back to its home zone.

## The battle post

battle-revealed = The battle cards are revealed!
battle-decided = The battle is decided.
battle-title = Match #{ $id }: battle

## Replays (`/clans replay` and the post when a match ends)

replay-post = 🎞️ Replay of match #{ $id }, { $first } vs { $second }: { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    }, { $battles ->
        [one] 1 battle
       *[other] { $battles } battles
    }.
# The command's autocomplete: one finished match.
replay-choice = #{ $id } · { $first } vs { $second }
replay-unknown = There is no match #{ $id } in this server or among your matches. `/clans profile` lists your recent ones.
replay-still-playing = Match #{ $id } is still being played: its replay is posted in its thread when it ends. `/clans board` shows where it stands.
replay-failed = The replay of match #{ $id } could not be drawn. Please try again later.

## Simultaneous effects (rules version 6): what each waiting trigger is called, in the
## turn panel's choices and in the log line that says which resolved first.

trigger-death = { $card } destroyed ({ $ability })
trigger-battle-start = { $who }'s start-of-battle abilities and crystals
trigger-tactical = { $ability } of { $who }'s battling squad
trigger-entered = { $who }'s squad entering { $zone }
trigger-arrived = { $card } summoned ({ $ability })
# Rules version 7: a gain effect (a right Predict, Bloodlust).
trigger-gain = { $who } gaining { $amount } initiative
trigger-gain-draw = { $who } gaining { $amount } initiative, then drawing up to { $draw ->
        [one] 1 card
       *[other] { $draw } cards
    }
log-trigger-first = { $who } resolves first: { $trigger }.

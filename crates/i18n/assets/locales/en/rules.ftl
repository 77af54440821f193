# Card and rule texts: what each ability, signature, crystal and battle effect does (in
# the bot's own words, never the printed card text), `/clans rules` and `/clans card`,
# and the names of the game's vocabulary (abilities, unit types, ranks, battle styles).
# The pack's own names (cards, crystals, clans) and the board's zones are pack and board
# data (`name_de`), not messages.

## Battle effects, one per atom. $n is a number, $kind a unit type's name.

effect-attack = +{ $n } attack
effect-defense = +{ $n } defense
effect-attack-per = +{ $n } attack per { $kind } unit in your squad
effect-draw = you may draw up to { $n }
effect-draw-per-destroyed = after damage, you may draw a card per unit destroyed in this battle
effect-return = you may take this card back into your hand
effect-destroy-top = destroy the enemy's top unit
effect-destroy-bottom = destroy the enemy's bottom unit
effect-destroy-choice = destroy an enemy unit of your choice
effect-opponent-removes-unit = your opponent removes one of her battling units from the game
effect-join-squad = this card joins your squad as its bottom unit
effect-double-attack-if-all = double your squad's attack if all its units are { $kind }
effect-ignore-attack = ignore the attack bonuses on your opponent's battle card
effect-ignore-defense = ignore the defense bonuses on your opponent's battle card
effect-retreat = your squad withdraws to an adjacent zone; no damage is dealt
effect-send-enemy-home = the enemy squad is sent to its home zone; no damage is dealt
effect-opponent-mills = { $n ->
        [one] your opponent discards the top card of her draw pile
       *[other] your opponent discards the top { $n } of her draw pile
    }
effect-gain-initiative = gain { $n } initiative
effect-nothing = no effect

## Unit abilities: what each does. $card is a card's name.

ability-none = No ability.
ability-flight = If every unit of the activated squad flies, it may move up to 2 zones and may leave a zone with an enemy squad.
ability-heal = Other units of this squad destroyed in a battle are set down in your home zone instead of being discarded.
ability-clone = When this unit is destroyed, you may summon another copy of it from your hand at no initiative cost.
ability-shift = When you summon a single unit, you may place it in this squad's zone; this unit then returns to your hand and you gain 1 initiative.
ability-linked = After you summon this unit, you may take { $card } from your discard pile into your hand.
ability-demoralize = When this squad moves into a zone, you may pay initiative equal to an enemy unit's activation cost there to send that unit to its home zone.
ability-inform = When you summon this unit, look at the top 4 cards of your draw pile, keep 1 and put the rest back in any order (with fewer than 4, just look).
ability-sacrifice = As a battle starts, you may remove this unit from the game to give its squad +6 attack or +6 defense for that battle.
ability-reapers = When this unit is destroyed, discard the top card of your draw pile.
ability-raise-the-dead = You may summon reanimated units into this squad's zone instead of your home zone.
ability-lead-devout = This unit has +1 attack for each devout unit in its squad (itself included).
ability-command = With another knight in the squad: the squad activates for 1 less (never below 1) and has +2 attack.
ability-in-step = With another knight in the squad: the squad activates for 1 less (never below 1), also for your opponent's effects.
ability-time-anomaly = While this squad is not in a battle, your battling squad has +2 attack; if that entire squad is destroyed, this unit returns to your hand.
ability-gravity-pull = This squad has +1 attack for each squad you control.
ability-spy = When this squad moves into or next to a zone with an enemy squad, you look at your opponent's hand and put one of its cards on the top or bottom of her draw pile.
ability-tactical = As a battle this squad fights starts, your opponent discards the top card of her draw pile.
ability-builder-support = Summoning structures into this squad's zone costs 1 less.
ability-last-rites = When this unit is destroyed, you may place a reanimated unit from your hand or discard pile into its zone at no initiative cost.
ability-bloodlust = You gain 1 initiative for each enemy unit this squad destroys with battle damage.
ability-ranged-support = Your battling squads in adjacent zones have +2 attack.
ability-rebuild = When you summon this unit, you may take up to 2 { $card } from your discard pile into your hand.
ability-haste-network = Your squads in this zone and adjacent zones activate for 1 less (never below 1).
ability-guardian = This squad has +2 defense in battle.

## Clan signatures: what each does. $limit is the Horde squad limit.

signature-sleep = While this unit is on top of a battling squad, the enemy squad's top unit counts as 0 attack; bonuses to the whole squad and from battle cards still count.
signature-predict = As a battle starts, you may name a battle style; if the enemy's battle card has it, you gain 1 initiative and may draw a card.
signature-flank = In a battle, you may have your squad's damage hit the enemy squad from its bottom unit upward instead of from the top.
signature-undying = You may summon this unit from your discard pile as if it were in your hand, at its usual cost.
signature-horde = While this unit is on top of its squad, the squad may hold up to { $limit } units instead of 3; once it is not on top, discard down to 3.
signature-build = You may summon structures into the zone of a squad of yours whose top unit has Build instead of into your home zone.

## Crystals: what each does for the player who holds it. $n is a number.

-battle-start = As a battle starts, before battle cards are picked, you may turn this crystal face down:
crystal-broken-vessel = As a battle starts, you may remove this crystal from the game to destroy every unit of the enemy's battling squad; it then no longer counts as one of your crystals.
crystal-winds-wish = When you gain it, you may put up to 2 cards from your discard pile on top of your draw pile.
crystal-sorens-bounty = When you gain it, you replenish at no initiative cost.
crystal-mygards-shield = { -battle-start } your squad has +4 defense in that battle.
crystal-fox-tail = { -battle-start } in that battle your squad's damage hits the enemy squad from its bottom unit upward.
crystal-astral-pyramid = When you summon a single unit, you may turn this crystal face down to summon it into a crystal zone you control instead of your home zone.
crystal-bitter-blessing = When you gain it, you look at your opponent's hand and pick a card she discards.
crystal-keeper-of-souls = When you gain it, you may take a hero from your discard pile into your hand.
crystal-on-gain-draw = When you gain it, draw { $n } { $n ->
        [one] card
       *[other] cards
    }.
crystal-on-gain-initiative = When you gain it, gain { $n } initiative.
crystal-on-gain-opponent-mills = When you gain it, your opponent discards the top { $n } { $n ->
        [one] card
       *[other] cards
    } of her draw pile.
crystal-on-gain-recover = When you gain it, you may take up to { $n } common { $n ->
        [one] unit
       *[other] units
    } from your discard pile into your hand.
crystal-battle-attack = { -battle-start } your squad has +{ $n } attack in that battle.
crystal-battle-defense = { -battle-start } your squad has +{ $n } defense in that battle.
crystal-on-gain-summon = When you gain it, you may summon a unit from your hand at no initiative cost.

## Names of the vocabulary: abilities and signatures as printed on the cards.

ability-name-flight = Flight
ability-name-heal = Heal
ability-name-clone = Clone
ability-name-shift = Shift
ability-name-linked = Linked
ability-name-demoralize = Demoralize
ability-name-inform = Inform
ability-name-sacrifice = Sacrifice
ability-name-reapers = Reapers
ability-name-raise-the-dead = Raise the Dead
ability-name-lead-devout = Lead Devout
ability-name-command = Command
ability-name-in-step = In Step
ability-name-time-anomaly = Time Anomaly
ability-name-gravity-pull = Gravity Pull
ability-name-spy = Spy
ability-name-tactical = Tactical
ability-name-builder-support = Builder Support
ability-name-last-rites = Last Rites
ability-name-bloodlust = Bloodlust
ability-name-ranged-support = Ranged Support
ability-name-rebuild = Rebuild
ability-name-haste-network = Haste Network
ability-name-guardian = Guardian
signature-name-sleep = Sleep
signature-name-predict = Predict
signature-name-flank = Flank
signature-name-undying = Undying
signature-name-horde = Horde
signature-name-build = Build

## Unit types (the pack's descriptors, by the pack's word), ranks and battle styles.

type-flying = flying
type-wise = wise
type-magic = magic
type-knight = knight
type-performer = performer
type-mystic = mystic
type-stealthy = stealthy
type-psychic = psychic
type-devout = devout
type-skilled = skilled
type-beast = beast
type-reanimated = reanimated
type-reckless = reckless
type-builder = builder
type-structure = structure
rank-hero = hero
rank-common = common
style-bold = BOLD
style-guarded = GUARDED
style-tricky = TRICKY

## A zone's one name on every surface (i18n::names::zone): its kind and id as the board
## image prints them; a home by its owner, $owner a player's name or `zone-seat`.
## Never a compass direction: the board image shows none.

zone-home = { $owner }'s home ({ $id })
zone-crystal = crystal zone { $id }
zone-plain = field { $id }
zone-seat = Player { $seat }
# An index the board does not have (a bug's trace, never a guess at its name).
zone-number = zone { $number }

## `/clans rules`: the general topics (a name to ask for, and its text), then the
## answers about an ability, signature or crystal. $name is what the topic is called,
## $text an explanation above, $cards card names joined by commas, $clan a clan's name.

topic-goal = goal
topic-goal-text = Collect 4 crystals, or leave your opponent unable to stop you. Each turn you spend initiative: the token on the track moves towards your opponent as you pay, and you keep acting while it stays on your side or the middle. A match ends after turn 200 at the latest: then more crystals win, on a tie more crystal zones controlled, and on a full tie the player who took the second turn (this bot's rule; the rulebook has no limit).
topic-board = board
topic-board-text = The board's zones: each player's home, the three crystal zones (hatched: control 2 of them to take crystals) and the fields between. A squad moves into a zone that touches its own (a squad of flying units may go 2 zones: Flight). Which zones touch:
topic-card = card
topic-card-text = A unit card, top to bottom: its name and type; its summon cost (the initiative you pay to summon it); its attack, defense and activation cost (what activating its squad costs); its clan's signature (on some cards) and its own ability (one marked for the battlefield works only while the unit is the top of its squad). The bottom is its battle section, used only when you play the card as a secret battle card: its style (bold, guarded or tricky) and two effects. Your left effect triggers when your style beats the other card's (bold beats guarded, guarded beats tricky, tricky beats bold); otherwise your right effect does.
rules-example = Example: { $lines }
topic-actions = actions
topic-actions-text = An action is one of: summon up to 3 units into your home zone, activate a squad (reorder, move, maybe battle), take a face-up crystal while you control two crystal zones, replenish (pay 3, discard, draw up to 5), or invade the enemy home.
topic-battle = battle
topic-battle-text = When your activated squad shares a zone with an enemy squad you may battle. Both players secretly pick a battle card from hand; the cards are revealed together, their styles decide whose left effect triggers (bold beats guarded beats tricky beats bold), then the squads deal damage.
topic-initiative = initiative
topic-initiative-text = Everything costs initiative. Paying moves the token towards the opponent; once it is on her side of the track, she acts next.
rules-more = With a picture: `/clans rules board` (the zones and which touch), `card` (a card's parts), `battle`, `initiative`. Any ability, signature or crystal by its name too: `/clans rules Flight`.
rules-unit-ability = unit ability
rules-unit-ability-top = unit ability, works only on a squad's top unit
rules-on-cards = On: { $cards }.
rules-signature-top = the { $clan } signature, works only on a squad's top unit
rules-signature-discard = the { $clan } signature, works from the discard pile
rules-crystal = crystal, cost { $cost }
rules-no-topic = There is no rules topic `{ $topic }`. Close ones: { $close }. `/clans rules` alone gives the basics.

## `/clans card`: a card's values (each number with its mark), its sides, and a mark
## for what the engine does not apply yet.

card-values = summon { $summon }, attack { $attack }, defense { $defense }, activation { $activation }
card-left = Left effect
card-right = Right effect
card-not-in-play = (not yet in play)

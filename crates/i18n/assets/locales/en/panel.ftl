# The private panels and answers to a player's own clicks (actions, hand, battle cards, refusals).
# Every message here has a function of the same name in src/i18n/messages/panel.rs.

## The kinds of choice (the panel's first step, as buttons "Summon (4)").
category-mulligan = Mulligan
category-keep = Keep
category-summon = Summon
category-activate = Activate
category-crystal = Crystal
category-other = Other
category-order = Order
category-move = Move
category-battle = Battle
category-battle-card = Battle card
category-draw = Draw
category-discard = Discard
category-done = Done
category-unit = Unit
category-return = Return
category-predict = Predict
category-sacrifice = Sacrifice
category-yes-no = Yes/No
category-pick = Pick
category-tuck = Tuck
category-count = { $category } ({ $count })

## One choice, as its button or select option says it.
choice-keep-hand = Keep my opening hand
choice-mulligan = Shuffle back { $cards }
choice-summon-home = Summon { $cards } at home
choice-summon-to = Summon { $cards } to { $zone }{ $via }
choice-activate = Activate the squad in { $zone } ({ $cards })
# The same as a panel's button, its units said beside it.
choice-activate-in = Activate the squad in { $zone }
choice-score = Take { $crystal }
choice-replenish = Replenish: discard, then draw up to 5
choice-invade = Invade the enemy home
choice-order = Order (top first): { $cards }
zone-your-home = your home ({ $id })
choice-keep-order = Keep this order
choice-move = Move { $cards } to { $zone }
choice-stay = Stay
choice-battle = Battle!
choice-no-battle = No battle: end the activation
choice-battle-card = { $card } ({ $style }, { $attack }/{ $defense })
choice-my-effects-first = My effects first
choice-their-effects-first = The opponent's effects first
choice-draw = { $count ->
        [0] Draw nothing
        [one] Draw 1 card
       *[other] Draw { $count } cards
    }
choice-discard = Discard { $card }
choice-done = Done
choice-take-back = Take the battle card back
choice-discard-battle-card = Discard the battle card
choice-predict = Predict { $style }
choice-sacrifice-attack = Sacrifice the top unit: +6 attack
choice-sacrifice-defense = Sacrifice the top unit: +6 defense
choice-use-crystal = Use { $crystal }
choice-yes = Yes
choice-no = No
choice-pick = Pick { $card }
choice-inform = Keep { $keep }; put back { $back }
choice-tuck-top = Put { $card } on the top of the draw pile
choice-tuck-bottom = Put { $card } on the bottom of the draw pile
choice-cost = costs { $cost } initiative, then { $initiative }
# The card list of a choice that names none.
panel-cards-none = nothing
panel-card-values = { $card } ({ $attack }/{ $defense })
panel-crystal-cost = { $crystal } (cost { $cost })
panel-crystal-number = crystal { $number }
panel-target-home = home
panel-destinations = { $count ->
        [one] 1 destination
       *[other] { $count } destinations
    }
# Battle styles, as the panels name a battle card's.
# What let a summon go outside the home zone (after the zone).
panel-via-build = {" "}(Build)
panel-via-raise-the-dead = {" "}(Raise the Dead)
panel-via-shift = {" "}(Shift)
panel-via-pyramid = {" "}(Pyramid)

## Where a card is, to tell apart two choices that read the same.
panel-place-your-hand = your hand
panel-place-their-hand = the opponent's hand
panel-place-your-discard = your discard pile
panel-place-their-discard = the opponent's discard pile
panel-place-your-draw = your draw pile
panel-place-their-draw = the opponent's draw pile
panel-place-your-squad = your squad in { $zone }
panel-place-their-squad = the opponent's squad in { $zone }
panel-depth-top = top
panel-depth-bottom = bottom
panel-depth-nth = { $n ->
        [2] 2nd
        [3] 3rd
       *[other] { $n }th
    }

## The panel's steps.
prompt-choose = Choose:
prompt-what = What do you do?
prompt-which-summon = Which units do you summon?
prompt-which-move = Which units move?
prompt-which-activate = Which squad do you activate?
prompt-which-crystal = Which crystal?
prompt-where = **{ $what }**: where to?
prompt-confirm = **{ $what }**: confirm?
follows-win = You win the match.
follows-battle = A battle follows in { $zone }: each of you picks a secret battle card.
follows-turn-ends = Your turn ends: { $name } takes the turn with { $amount } initiative.
follows-again = Then you take another action: { $initiative }.
follows-you = Then you { $question }.
follows-question = Then { $who } { $count ->
        [one] must
       *[other] must
    } { $question }.
prompt-which-mulligan = Which cards do you shuffle back?
prompt-which-order = New order of the squad, top first: { $chosen } … which unit comes next?
prompt-order-start = New order of the squad, top first: which unit goes on top?
prompt-chosen = Chosen so far: { $cards }.
select-cards = { $most ->
        [one] Choose 1 card…
       *[other] Choose up to { $most } cards…
    }
card-copies = { $place ->
        [none] { $count } copies
       *[other] { $count } in { $place }
    }
card-copy = { $place ->
        [none] { $n ->
            [2] a second copy
            [3] a third copy
           *[other] copy { $n }
        }
       *[other] { $n ->
            [2] a second in { $place }
            [3] a third in { $place }
           *[other] copy { $n } in { $place }
        }
    }
select-summon = { $most ->
        [one] Summon 1 unit…
       *[other] Summon up to { $most } units…
    }
select-move = { $most ->
        [one] Move 1 unit…
       *[other] Move up to { $most } units…
    }
fact-unit = costs { $summon } · { $attack } attack, { $defense } defense
fact-battle-card = { $style }: left { $left } · right { $right }
fact-no-effect = nothing
choice-use-none = Use none: on to the battle cards
panel-may-draw-why = An effect lets you draw up to { $max ->
        [one] 1 card
       *[other] { $max } cards
    } now; you may take fewer.
button-continue = Continue
panel-move-not-possible = That move is not possible: nothing was changed. Choose again.
select-choose = Choose…
select-choose-part = Choose… ({ $part }/{ $parts })
button-confirm = Confirm
button-back = Back
button-previous-page = Previous page
button-next-page = Next page
button-refresh = Refresh
button-my-panel = My panel

## The panel's text above its steps.
panel-header = **Match #{ $id }**: you must { $question }. { $initiative }.
panel-hand = Your hand: { $cards }.
panel-hand-empty = empty
panel-battle-card-from-draw = Your hand is empty: the top card of your draw pile will be used.
panel-may-look = You may look at: { $cards }.
panel-nothing-to-do = Nothing to do for you in match #{ $id } right now: waiting for the other player to { $question }.
panel-done = Done: { $choice }.
match-over = Match #{ $id } is over.
hand-text = Your hand in match #{ $id }: { $cards }

## Refusals of a click or a command (private, nothing changed).
panel-out-of-date = That panel is out of date (someone already answered, or you clicked twice): nothing was changed.
button-out-of-date = That button is out of date: the match has moved on. Here is the current position.
choice-not-available = That choice is not available: nothing was changed.
not-your-match = You are not playing in match #{ $id }. Start your own with `/clans challenge`.
match-not-over = Match #{ $id } is not over yet.
rematch-ai-begins = Rematch: match #{ $id } against the AI begins. Good luck!
board-not-here = Match #{ $id } is not played on this server: only its players can post its board here.
play-in-channel = Crystal Clans matches on this server are played in <#{ $channel }>: please use the command there.
ai-not-available = The AI opponent is not available on this bot.
challenge-expired = This challenge has expired. Start a new one with `/clans challenge`.
challenge-own = You cannot accept your own challenge (use Decline to withdraw it).
challenge-someone-else = This challenge is for someone else.
challenge-was-declined = This challenge was declined or withdrawn.
challenge-already-accepted = This challenge was already accepted.
challenge-not-yours = This challenge is not yours to decline.
challenge-open-withdraw = Open challenges can only be withdrawn by the challenger.
challenge-settled = This challenge was already accepted or declined.

## Rate limits.
slow-down-user = Slow down: you have started { $what } in the last { $window }. Please try again in { $retry }.
slow-down-server = Slow down: this server has started { $what } in the last { $window }. Please try again in { $retry }.
limit-challenges = { $count ->
        [one] 1 challenge
       *[other] { $count } challenges
    }
limit-ai-matches = { $count ->
        [one] 1 match against the AI
       *[other] { $count } matches against the AI
    }
limit-board-reposts = { $count ->
        [one] 1 board repost
       *[other] { $count } board reposts
    }
limit-replays = { $count ->
        [one] 1 replay
       *[other] { $count } replays
    }
span-seconds = { $count ->
        [one] 1 second
       *[other] { $count } seconds
    }
span-minutes = { $count ->
        [one] 1 minute
       *[other] { $count } minutes
    }

## Store faults, as the player is told them.
store-out-of-date = That panel is out of date: the match has moved on. Here is the current position.
store-not-found = That match does not exist (any more).
store-pruned = Match #{ $id } is over, and its moves are no longer kept: this bot deletes a finished match's moves after a while. Its result stays in the history.
store-finished = That match is over.
store-game-finished = That game is over.
store-setup = The match could not be set up.
store-corrupt = Match #{ $id } cannot be loaded: its saved data is damaged. The bot's operator has been told.
store-incompatible = Match #{ $id } was played under rules this version of the bot cannot continue.
store-bad-settings = The saved settings could not be read; an administrator needs to set them again.
store-refused = That cannot be done: { $why }.
store-refused-move = That move is not allowed: { $why }.
store-load-failed = Could not load the match, try again.
store-save-failed = Could not save, try again.
store-gone = Not saved: the bot has lost its database. The bot's operator has been told.
store-damaged = The bot's database is damaged, so this could not be done (trying again will not help). The bot's operator has been told.

## /clans matches and /clans history (private).
no-active-matches = You have no active matches.
active-match = Match #{ $id } in <#{ $channel }> (version { $version })
active-matches-more = …and { $more ->
        [one] { $more } more match
       *[other] { $more } more matches
    } (these are the { $shown } that moved last). `/clans board` with a match's number shows any of them.
history-none-server = No finished matches for this server yet.
history-none-you = No finished matches for you yet.
history-title-server = **Recent results for this server**
history-title-you = **Recent results for you**
history-won = { $winner } won
history-won-resigned = { $winner } won ({ $loser } resigned)
history-won-timeout = { $winner } won ({ $loser } ran out of time)
history-abandoned = abandoned
history-line = #{ $id } · { $first } vs { $second } · { $result } · <t:{ $time }:R>

## /clans leaderboard and /clans profile refusals (private).
leaderboard-needs-server = The leaderboard belongs to a server: use `/clans leaderboard` in one.
leaderboard-empty = Nobody on this server has finished a rated match yet: start one with `/clans challenge` or `/clans play-ai`.
profile-needs-server = Other players' profiles are shown in a server: use `/clans profile` there.
profile-none-server = { $name } has not finished a match on this server yet.
profile-none = { $name } has not finished a match yet.

## Taking back a misclick (private): the asker's panel, the opponent's answer.
button-take-back = Take back
takeback-off = Takebacks are turned off on this server.
takeback-too-late = Too late to take that back: the match has moved on. Nothing changed.
takeback-denied-nothing = You have no action to take back yet.
takeback-denied-answered = { $name } has answered since: your last action can no longer be taken back.
takeback-denied-reveals = Your last action can't be taken back: it drew, showed or revealed a card, and undoing it would tell you something new.
takeback-asked = You asked { $name } to let you take back: { $what }. The request lapses when { $name } moves, or after { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }.
takeback-done-you = Taken back: { $what }.
takeback-done-you-reply = Taken back: { $what }, and { $name }'s reply.
takeback-prompt = { $name } asks to take back their last action: { $what }. Do you allow it?
button-takeback-allow = Allow
button-takeback-decline = Decline
takeback-you-allowed = You allowed it: { $name }'s action is taken back, and it is their move again.
takeback-you-declined = You declined: { $name }'s action stands.
takeback-lapsed = This request has lapsed (the match moved on, or it waited more than { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }). Nothing changed.
takeback-not-for-you = This request is for { $name } to answer.
takeback-wait-answer = Waiting for { $name } to answer your request.
takeback-declined-before = { $name } declined taking this action back: it stands. Nothing changed.
panel-taken-back-yours = Your last action was taken back: { $what }.
panel-taken-back-theirs = { $name }'s last action was taken back: { $what }.

## Rate limit of the league commands.
limit-league-commands = { $count ->
        [one] 1 league command
       *[other] { $count } league commands
    }

# Simultaneous effects (rules version 6): the active player picks the one to resolve first.
choice-resolve-first = Resolve first: { $trigger }
panel-seat = player { $n }

## "Why can't I…?": what a player choosing an action cannot do now, each with the
## rule that forbids it (the engine's `Why`), behind a button on the action screen.
button-why-not = Why can't I…?
why-not-heading = What you cannot do now, and why:
why-not-nothing = Everything you could do now is offered.
why-summon = **Summon { $card }**: { $reason }
why-activate = **Activate the squad in { $zone }**: { $reason }
why-score = **Take { $crystal }**: { $reason }
why-score-any = **Take a crystal**: { $reason }
why-replenish = **Replenish**: { $reason }
why-invade = **Invade the enemy home**: { $reason }
why-initiative = it costs { $cost } initiative and you can spend { $spendable ->
        [0] none
       *[other] only { $spendable }
    } (the token cannot pass the end of the track).
why-crystal-zones = taking a crystal needs 2 of the 3 crystal zones, and you control { $held }.
why-opponent-home = invading needs a squad of yours in control of { $home }.
why-no-squad = you have no squad there.
why-not-in-hand = a summon takes units from your hand (or Undying units from your discard pile).
why-summon-size = a summon takes 1 to { $max } units.
why-not-in-market = that crystal is not face up.
why-not-your-move = it is not your move.
why-not-now = the match asks something else now.
why-other = that is not a legal move.

## Hints (matches against the AI only): the move the normal AI's search prefers.
button-hint = Hint
hint-text = 💡 **Hint:** { $choice }
    The normal AI's search, which sees only what you see, rates it { $percent } % to win{ $next }.
hint-next = {" "}(the next best: { $percent } %)
hint-assisted = This match is now marked as assisted: it will not be rated.
hint-only-against-ai = Hints are given only in matches against the AI.
hint-nothing = There is nothing for you to decide right now.
hint-out-of-date = That panel is out of date: open your turn again for a hint on the current position.
hint-failed = No hint could be worked out just now; try again in a moment.
hint-only-choice = 💡 **Hint:** { $choice } is your only choice here.

# A player's private notes on a match (the panel's Notes button, a form).
button-notes = 📝 Notes
notes-title = Your notes on match #{ $id }
notes-label = Only you can read them
notes-placeholder = Plans, reads on your opponent, what to try next time…
notes-saved = Your note on match #{ $id } is saved. Only you see it, at the top of your panel.
notes-cleared = Your note on match #{ $id } is deleted.
notes-line = 📝 Your note: { $note }

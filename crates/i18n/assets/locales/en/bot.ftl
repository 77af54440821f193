# What the bot says, in English (the source language). Every message here has a
# function of the same name in src/i18n/messages.rs, with its variables as arguments.

something-went-wrong = Something went wrong; please try again.
done = Done.
missing-permissions = I cannot { $doing } in this channel: I am missing the { $permissions } { $count ->
        [one] permission
       *[other] permissions
    } here. A server admin can grant { $count ->
        [one] it
       *[other] them
    } to me in this channel (or use another one).
doing-run-match = run a match
doing-post-board = post a board
doing-post-replay = post a replay
no-such-clan = There is no clan called `{ $name }`.
random-clan = random
bots-cannot-accept = Bots cannot accept challenges.
ai-match-begins = Match #{ $id } against the AI begins below. Good luck!
no-active-match = You have no active match.
board-posted-below = Here is the board, posted below.
replay-posted-below = Here is the replay, posted below.
no-such-card = No card called `{ $name }`.
help =
    {"**"}Crystal Clans**
    • New to the game? `/clans learn` plays a guided first match against a beginner AI, a short lesson at each new step.
    • `/clans challenge @someone` starts a challenge (leave the opponent empty for an open one; options: clans, mulligan, turn timeout in minutes). `/clans play-ai` plays the bot.
    • When it is your move, click **Take your turn** under the board: a private panel walks you through the kind of action, the cards, where they go, and shows the cost and your initiative afterwards before you confirm.
    • In a battle both players click **Pick battle card** and choose privately; the reveal is posted when both have picked.
    • `/clans hand` your hand (privately), `/clans board` reposts the board, `/clans matches` your matches, `/clans resign` gives up, `/clans history` recent results here, `/clans leaderboard` this server's best, `/clans profile` a player's rating and record, `/clans replay` an animated replay of a finished match, `/clans card` looks up a card, `/clans rules` the rules in short or what an ability does (`/clans rules Flight`), `/clans dm true` private panels by direct message, `/clans language` the language the bot speaks to you.
    • Admins (Manage Server): `/clans config` sets reminders, the turn timeout, threads, the channel for matches and the server's language.
only-managers = Only members with the Manage Server permission can change the settings.
settings-belong-to-server = Settings belong to a server.
settings-saved =
    Settings saved (new matches use them; running matches keep their terms):
    • reminders: { $reminders }
    • turn timeout: { $timeout }{ $warned ->
        [yes] {" "}(with a warning when a fifth of the time is left)
       *[no] {""}
    }
    • threads: { $threads }
    • matches start in: { $channel }
    • language of the public posts: { $language }
setting-after = after { $duration }
setting-off = off
threads-off = off (matches play in the channel)
threads-on = one per match
channel-only = <#{ $channel }> only
channel-any = any channel
language-server-auto = the server's Discord language
language-name-en = English
language-name-de = German
language-user-set = From now on I answer you in { $language }.
language-user-auto = From now on I answer you in your Discord client's language.
no-such-language = I do not speak `{ $name }`; choose English or German.
bots-have-no-profile = Bots have no Crystal Clans profile.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-embed-links = Embed Links
permission-attach-files = Attach Files
permission-create-public-threads = Create Public Threads
permission-send-messages-in-threads = Send Messages in Threads
no-thread-permissions = This match plays here in the channel, not in a thread of its own: for its thread I am missing the { $permissions } { $count ->
        [one] permission
       *[other] permissions
    } here. A server admin can grant { $count ->
        [one] it
       *[other] them
    } to me in this channel.
days = { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
hours = { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
could-not-post = ⚠️ I could not post in <#{ $channel }>: I am missing a permission there. A server admin can fix it by giving me View Channel, Send Messages, Send Messages in Threads, Embed Links, Attach Files and Create Public Threads in that channel. { $after }
move-saved = Your move itself was saved.
challenge-damaged = That challenge's buttons are not valid, so nothing was changed. Ask for a new challenge.
button-invalid = That button is no longer valid, so nothing was changed.
challenge-accepted = Challenge accepted. Good luck!
sent-by-dm = Sent to your direct messages.
dms-closed = I could not send you a direct message (your DMs are closed), so here it is instead.
choice-damaged = That choice is damaged: nothing was changed.

## What a question asks of a player (after "must"; the board and the panels).
question-mulligan = choose cards to mulligan
question-action = choose an action
question-reorder = order a squad
question-discard-down = discard units from an oversized squad
question-move = move the activated squad or stay
question-battle = decide whether to battle
question-battle-options = use abilities or crystals as the battle starts
question-battle-card = choose a battle card
question-order-effects = decide whose battle effects resolve first
question-order-scores = decide who takes a free crystal first
question-order-triggers = decide which of the simultaneous effects resolves first
question-may-draw = decide how many cards to draw
question-remove-own-unit = choose a unit to remove from the game
question-destroy-enemy-unit = choose an enemy unit to destroy
question-flank = decide whether to flank
question-retreat = choose where the squad withdraws
question-return-battle-card = decide whether to take the battle card back
question-replenish-discard = discard cards before drawing up to 5
question-free-score = choose a free crystal
question-free-summon = decide whether to summon a unit for free
question-recover = pick cards from the discard pile
question-inform = keep one of the top cards of the draw pile
question-spy = decide whether to tuck a card of the opponent's hand
question-demoralize = decide whether to send an enemy unit home
question-opponent-discard = pick a card from the opponent's hand to discard
question-game-over = nothing: the match is over

## The public board post.
winner-wins = 🏆 { $who } wins the match!
winner-resigned = 🏆 { $who } wins: the opponent resigned!
winner-timeout = 🏆 { $who } wins: the opponent ran out of time!
winner-abandoned = 🏆 { $who } is not the winner: the match was abandoned!
winner-assisted = Assisted: hints were used in this match, or it was a lesson match or a practice from a finished match, so it is not rated.
board-over = Over: { $name } won
board-must = { $names } must { $question }
and-separator = {" "}and{" "}
board-crystals = { $name }: { $count } ({ $crystals })
none = none
field-whose-move = Whose move
field-clock = Clock
board-clock-due = { $who }: move <t:{ $at }:R> (before <t:{ $at }:f>), or forfeit
board-clock-paused = { $who }: clock paused (an absence, or a moderator)
field-initiative = Initiative
field-position = On the board
field-crystals = Crystals
# The heading of a board's log: the turn its lines tell (the board's title names the
# turn now starting), and who played it.
field-turn-log = Turn { $turn } ({ $who })
field-setup-log = Setup
# A line that happened several times in a row, told once.
log-repeated = { $line } ×{ $count }
your-move = { $mentions }: your move ({ $question }).
button-rematch = Rematch
button-battle-card = Pick battle card
button-mulligan = Choose mulligan
button-take-turn = Take your turn
button-my-hand = My hand
button-resign = Resign
board-title = Match #{ $id } · turn { $turn } · { $first } vs { $second }
match-abandoned = Match #{ $id } was abandoned: nobody moved in time.

## Challenges and the start of a match.
cannot-challenge-yourself = You cannot challenge yourself.
timeout-range = The turn timeout must be between 1 and { $max } minutes (a week).
config-minutes-range = Reminders and timeouts go from 0 (never) to { $max } minutes (a week), so nothing was changed.
challenge-to = { $challenger } challenges { $opponent } to Crystal Clans!
challenge-open = { $challenger } is looking for an opponent in Crystal Clans!
challenge-title = A challenge
challenge-terms = Clans: { $clan } (challenger) vs { $their_clan }. Mulligan: { $mulligan ->
        [on] on
       *[off] off
    }. Clock: { $timeout }. Expires <t:{ $expires }:R>.
timeout-server-setting = the server's setting
button-accept = Accept
button-decline = Decline
players = { $first } ({ $first_clan }) vs { $second } ({ $second_clan }).
players-ai = { $first } ({ $first_clan }) vs the AI ({ $ai_clan }).
challenge-was-accepted = { $challenger } challenged { $opponent }: accepted, match #{ $id }.
match-begins = Match #{ $id } begins: { $players }

## Private answers of the app.
dm-on = Your private panels (turns, battle cards, hand) will come by direct message.
dm-off = Your private panels will be shown here, only to you.
really-resign = Really resign match #{ $id }?
button-yes-resign = Yes, resign
you-resigned = You resigned.

## Reminders (public, in the match's thread or channel).
timeout-warning = ⚠️ { $who }: match #{ $id } is waiting for you. Move <t:{ $deadline }:R> or you forfeit the match.
grace-granted = ⏳ { $who }: your time for match #{ $id } ran out, and this server gives each player one grace a match: { $duration } more. Move <t:{ $deadline }:R>, or you forfeit the match.
reminder = ⏰ { $who }: match #{ $id } is waiting for you.

## Public names and posts of the app.
thread-title = { $first } vs { $second } · #{ $id }
challenge-had-expired = This challenge had already expired.
challenge-withdrawn = { $who } withdrew the challenge.
challenge-declined = { $who } declined the challenge.
player-number = Player { $number }
ai-name = AI ({ $level ->
    [0] easy
    [1] normal
    [2] hard
    [3] fast
    [4] beginner
   *[other] level { $level }
})

## Ratings (public): the final post's line, the leaderboard, a profile.
ratings-line = Ratings: { $ratings }
rating-change = { $name } { $rating } ({ $delta })
rating-change-provisional = { $name } { $rating } (provisional, { $delta })
rating-ai-fixed = { $name } { $rating } (fixed)
leaderboard-title = Crystal Clans leaderboard
leaderboard-note = Glicko-2 ratings on this server; `?` marks a rating with few games behind it. Matches against the AI count.
record = { $games ->
        [one] 1 game
       *[other] { $games } games
    }, { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }
profile-title = { $name } · Crystal Clans
profile-rating = { $label }: **{ $rating }** (deviation { $deviation }) · { $record }
profile-not-rated = { $label }: not rated yet
profile-label-server = Rating on this server
profile-label = Rating
profile-label-all = Across all servers
profile-by-clan = Record by clan
profile-recent = Recent matches (replay one: /clans replay match:NUMBER)
profile-line = #{ $id } · { $result } vs { $opponent } · { $clan } vs { $their_clan } · <t:{ $time }:d>
result-won = won
result-lost = lost
result-won-resigned = won (opponent resigned)
result-lost-resigned = lost (resigned)
result-won-timeout = won (opponent out of time)
result-lost-timeout = lost (out of time)
result-abandoned = abandoned

## Taking back a misclick (public posts, /clans help, /clans config).
takeback-request-post = ↩️ { $asker } asks to take back their last action: { $what }. { $opponent }, do you allow it?
button-takeback-answer = Answer
takeback-done-post = ↩️ { $asker } took back their last action ({ $opponent } allowed it): { $what }.
takeback-done-ai-post = ↩️ { $asker } took back their last action: { $what }.
takeback-done-ai-reply-post = ↩️ { $asker } took back their last action and { $ai }'s reply: { $what }.
takeback-declined-post = { $opponent } declined { $asker }'s request to take back; the match goes on.
help-takeback = • Misclicked? Right after a confirmed action your panel offers **Take back**, while your opponent has not answered yet and the action drew, showed and revealed no card (so a takeback never tells you anything new). Your opponent is asked privately (the request lapses when they move, or after 24 hours); against the AI it is granted at once, with its reply. Admins can turn takebacks off with `/clans config takebacks:False`.
setting-takebacks-on = • takebacks: on
setting-takebacks-off = • takebacks: off

## Server leagues (public posts, answers, /clans help).
league-only-in-server = Leagues belong to a server: use this command in one.
league-only-managers = Only members with the Manage Server permission can create, start or cancel a league.
league-name-invalid = A league's name has 1 to { $max } characters.
league-name-taken = This server already has a league called **{ $name }**.
league-unknown = There is no open or running league called **{ $name }** here. { $known }
league-known = Leagues here: { $names }.
league-none-here = This server has no league yet: `/clans league create` makes one.
league-rounds-range = A Swiss league plays 1 to { $max } rounds.
league-days-range = A round lasts 1 to { $max } days.
league-fixed-needs-clan = The fixed clan rule needs a clan: give the `clan` option.
league-format-round-robin = round robin
league-format-swiss = Swiss, { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
league-clans-free = each player's choice (the `clan` option when joining; random without one)
league-clans-fixed = everyone plays { $clan }
league-clans-random = random for each match
league-days = { $days ->
        [one] 1 day
       *[other] { $days } days
    }
league-created = 🏆 { $admin } created the league **{ $name }**: { $format }, { $days } a round, clans: { $clans }. Join with `/clans league join name:{ $name }`.
league-joined = { $player } joined **{ $name }** ({ $count ->
        [one] 1 player
       *[other] { $count } players
    }).
league-already-joined = You are already in **{ $name }**.
league-already-started = **{ $name }** has started and takes no new players.
league-full = **{ $name }** is full ({ $max } players).
league-not-a-player = You are not playing in **{ $name }**.
league-left-open = { $player } left **{ $name }**.
league-left-running = { $player } left **{ $name }**: their remaining matches are forfeited.
league-forfeit-line = { $loser } left the league **{ $name }**: { $winner } wins match #{ $id }.
league-too-few = **{ $name }** needs at least { $min } players to start; it has { $count }.
league-cancelled = **{ $name }** was cancelled by { $admin }. Matches still being played go on as ordinary matches, with this server's reminder and turn timeout from now.
league-round-begins = 🏆 **{ $name }** · round { $round } of { $rounds } begins. It ends <t:{ $deadline }:f>: a match unfinished by then is lost by the player to move, as on a timeout.
league-pairing = • { $first } vs { $second }
league-pairing-bye-win = • { $player } has a bye this round (it scores a win).
league-pairing-bye-rest = • { $player } sits this round out.
league-pairing-forfeit = • { $winner } wins by forfeit: { $loser } left the league.
league-round-over = **{ $name }**: round { $round } is over. Standings:
league-final = 🏆 **{ $name }** is over! { $winners ->
        [one] Winner
       *[other] Winners
    }: { $names }. Final standings:
league-standings-now = **{ $name }**: standings.
league-standings-line = { $rank }. { $player }: points { $points } · { $tie_break } · { $games ->
        [one] 1 game
       *[other] { $games } games
    } · { $clans }
league-not-started = **{ $name }** has not started yet: { $count ->
        [one] 1 player
       *[other] { $count } players
    } so far ({ $players }).
league-thread-title = { $name } · R{ $round } · { $first } vs { $second }
league-match-header = **{ $name }**, round { $round }: { $players }
league-started-note = **{ $name }** has started.
help-more = More
help-league = • Leagues: an admin runs `/clans league create` and `/clans league start`; join with `/clans league join` before the start. Each match of a round gets its own thread; one unfinished at the round's end is lost by the player to move. A win or a Swiss bye is 1 point; ties go by Sonneborn-Berger or Buchholz. `/clans league standings` shows the table.

## Absences (/clans away)
away-disabled = Absences are turned off here (`/clans config away_days`).
away-days-range = { $limit ->
        [one] One day of absence is allowed here: choose 1.
       *[other] Choose between 1 and { $limit } days.
    }
away-already = You are already away until <t:{ $until }:F>. End it first with `/clans away off:True`.
away-too-long = You can be away at most { $limit ->
        [one] 1 day
       *[other] { $limit } days
    } in any { $window } days: an absence ending then has { $left ->
        [one] { $left } day
       *[other] { $left } days
    } left.
away-started = 🏖️ You are away until <t:{ $until }:F>. While you are away the clocks of your matches stop whenever they wait for you (no reminder, warning or forfeit; { $paused ->
        [one] { $paused } match waits
       *[other] { $paused } matches wait
    } now), and each restarts with the time it had left when you are back. Back early: `/clans away off:True`.
away-not-away = You are not away.
away-ended = Welcome back: your absence is over. { $resumed ->
        [0] No match was waiting for you.
        [one] { $resumed } match runs again with the time it had left.
       *[other] { $resumed } matches run again with the time they had left.
    }
away-status = You are away until <t:{ $until }:F>.
away-notice = 🏖️ { $name } is away until <t:{ $until }:F>: the clock of match #{ $id } is stopped until then.
away-note = Note: “{ $note }”
away-back = ⏰ { $who }: you are back, and match #{ $id } is waiting for you; its clock runs again with the time it had left.
away-line = { $name } is away until <t:{ $until }:F>.
away-line-note = { $name } is away until <t:{ $until }:F> (“{ $note }”).
settings-away = • absences: at most { $days ->
        [0] none (turned off)
        [one] { $days } day in any 30
       *[other] { $days } days in any 30
    }
settings-day = • the Crystallo daily's day: from midnight to midnight in { $zone }
settings-grace = • grace before a forfeit: { $grace }
setting-grace-on = { $duration } more, once a match for each player
setting-grace-off = none (a timeout forfeits at once)
help-away = • `/clans away days:7` stops the clocks of all your matches while you are away (no reminders, warnings or forfeits for your moves; at most 14 days in any 30, or what the server sets); your opponents see until when. `/clans away off:True` ends it early; each clock restarts with the time it had left.

## How you are told it is your move (/clans notify)
notify-hour-range = An hour is a number from 0 to 23.
notify-unknown-zone = I do not know the time zone `{ $name }`: pick one of the suggestions, such as `Europe/Berlin` or `America/New_York`.
notify-quiet-both = Quiet hours need a start and an end that differ (`quiet_from` and `quiet_to`, hours 0 to 23).
notify-via-thread = a mention in the match's thread
notify-via-dm = a direct message
notify-via-both = a mention in the thread and a direct message
notify-via-nothing = nothing (the posts still appear)
notify-quiet-hours = { $from } to { $to }
notify-digest-at = every day at { $hour }
notify-saved =
    How you are told it is your move:
    • pings: { $via }
    • your time zone: { $zone }
    • quiet hours: { $quiet } (no mention or DM then, one message when they end; a forfeit deadline never waits for them)
    • daily digest: { $digest }
notify-your-move = ⏰ It is your move in <#{ $channel }>.
notify-waiting-line = • match #{ $id } in <#{ $channel }>
notify-catch-up = 🌅 While your quiet hours lasted, { $count ->
        [one] a match started waiting
       *[other] matches started waiting
    } for you:
    { $list }
notify-digest = 📋 { $count ->
        [one] One match waits
       *[other] { $count } matches wait
    } for you:
    { $list }
help-notify = • `/clans notify` how you are told it is your move: a mention in the match's thread (the default), a DM, both or nothing; quiet hours in your time zone (no pings then, one catch-up message after; they never delay a forfeit deadline) and a daily digest of the matches waiting for you.

## The post-game analysis (`/clans analysis`, the Analysis button on a match's final post)

button-analysis = Analysis
analysis-unknown = There is no match #{ $id } in this server or among your matches. `/clans profile` lists your recent ones.
analysis-after-end = Match #{ $id } can be analysed once it has ended.
analysis-busy = Your analysis of another match is still under way: ask again once it is posted.
analysis-queued = Your analysis of match #{ $id } waits its turn: { $ahead ->
        [one] one analysis is
       *[other] { $ahead } analyses are
    } ahead of it.
analysis-progress = Analysing match #{ $id }: turn { $turn } of { $turns }…
analysis-failed = The analysis of match #{ $id } could not be made; the operator can see why in the bot's log.
analysis-posted-below = Here is the analysis, posted below.
analysis-post = 📈 Match #{ $id }, { $first } vs { $second }, analysed. The graph shows each player's chance to win; for it the AI searched { $iterations } positions at { $turns ->
        [one] its one turn
       *[other] each of its { $turns } turns
    }, knowing both hands and leaving the draws still to come to chance. The turns that changed the most:
analysis-post-turn = **{ $number }. Turn { $turn }, { $name }**: { $action } Afterwards { $name } had a { $percent } % chance to win ({ $change }).
analysis-post-change = { $direction ->
        [up] up
       *[down] down
    } { $points ->
        [one] 1 point
       *[other] { $points } points
    }
analysis-post-better = The AI would have played: { $action }
analysis-post-agrees = The AI would have played the same.
help-analysis = • `/clans analysis match:NUMBER` after a match (or its **Analysis** button): each player's chance to win turn by turn, from the AI with both hands known, and the three turns that mattered most.

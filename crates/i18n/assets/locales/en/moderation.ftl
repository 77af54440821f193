# Moderators' actions (`/clans-admin`): the confirmations a moderator answers, the
# posts the players read, the list of stalled matches and the audit log.

mod-only-managers = Only members who can manage this server can use `/clans-admin`.
mod-only-in-server = Moderator actions work in a server, not in direct messages.
mod-no-match = There is no match #{ $id } in this server.
mod-match-over = Match #{ $id } is already over: nothing to do.
mod-not-a-player = { $name } does not play in match #{ $id }.
mod-league-match = Match #{ $id } is a league match: the round's deadline applies to it, not a clock of its own. Award or void it, or end the league early.
mod-no-deadline = Match #{ $id } has no deadline to extend: it was started with no turn timeout.
mod-already-paused = A moderator already paused the clock of match #{ $id }.
mod-not-paused = No moderator paused the clock of match #{ $id }.
mod-no-league = There is no league called { $name } in this server.
mod-league-not-running = League { $name } is not running: only a running league ends early (one that has not started is cancelled with `/clans league cancel`).
mod-reason-empty = Please give a reason: the players read it.

# The confirmation a moderator answers (only they see it).
mod-ask-void = **Void match #{ $id }** ({ $players })? It ends now with no winner, and nobody's rating changes.
mod-ask-award = **Award match #{ $id } to { $winner }** ({ $players })? It ends now as a win on time for { $winner }, and the ratings change as after a timeout.
mod-ask-pause = **Pause the clock of match #{ $id }** ({ $players })? No deadline runs until a moderator resumes it, even after a move. The players may still move.
mod-ask-resume = **Resume the clock of match #{ $id }** ({ $players })? The player to move gets back the time they had left.
mod-ask-extend = **Give match #{ $id } { $duration } more** ({ $players })? Its forfeit moves from <t:{ $from }:f> to <t:{ $to }:f>.
mod-ask-extend-paused = **Give match #{ $id } { $duration } more** ({ $players })? Its clock is paused; the time left when it restarts grows by { $duration }.
mod-ask-end-league = **End league { $name } now** (round { $round } of { $rounds })? Its standings as they are become final, and its unfinished matches go on as ordinary matches of this server.
mod-ask-told = Both players are told why, in the match's thread: “{ $reason }”
mod-ask-told-league = The league's players are told why, in its channel: “{ $reason }”
mod-button-void = Void match #{ $id }
mod-button-award = Award it to { $winner }
mod-button-pause = Pause the clock
mod-button-resume = Resume the clock
mod-button-extend = Add { $duration }
mod-button-end-league = End { $name } now
mod-button-cancel = Cancel

# The moderator's answers.
mod-done = Done ({ $what }): the players were told where they play. Logged as action #{ $action } (`/clans-admin log`).
mod-cancelled = Cancelled: nothing changed.
mod-already-done = Action #{ $action } was already confirmed: nothing more to do.
mod-already-cancelled = Action #{ $action } was cancelled: ask again with `/clans-admin` to do it.
mod-unknown-action = That confirmation is not yours, or it no longer exists.
mod-nothing-changed = Nothing changed: { $why }

# What the players read (public, in the match's thread or the league's channel).
mod-post-void = 🛡️ Match #{ $id } was **voided** by a moderator, { $moderator }: “{ $reason }” It ends with no winner, and no rating changes. { $players }
mod-post-award = 🛡️ A moderator, { $moderator }, **awarded** match #{ $id } to { $winner } as a win on time: “{ $reason }”
mod-post-pause = ⏸️ A moderator, { $moderator }, **paused the clock** of match #{ $id }: “{ $reason }” You may still move; no deadline runs until a moderator resumes it. { $players }
mod-post-resume = ▶️ A moderator, { $moderator }, **resumed the clock** of match #{ $id }: “{ $reason }” { $deadline } { $players }
mod-post-extend = ⏳ A moderator, { $moderator }, gave match #{ $id } **{ $duration } more**: “{ $reason }” { $deadline } { $players }
mod-deadline = The next forfeit is <t:{ $at }:R>.
mod-deadline-none = No forfeit is due.
mod-deadline-away = The clock stays paused while the player to move is away.
mod-post-end-league = 🛡️ A moderator, { $moderator }, **ended league { $name } early**: “{ $reason }” The standings below are final; unfinished matches go on as ordinary matches.

# `/clans-admin list`
mod-list-head = Matches here with no move for { $days ->
        [one] a day
       *[other] { $days } days
    } or more ({ $count }), longest waiting first:
mod-list-none = No match here has waited { $days ->
        [one] a day
       *[other] { $days } days
    } or more.
mod-list-line = **#{ $id }** { $players } · waiting for { $waiting } since <t:{ $since }:R> · { $clock }
mod-list-clock-deadline = forfeit <t:{ $at }:R>
mod-list-clock-held = clock paused by a moderator
mod-list-clock-paused = clock paused (away)
mod-list-clock-none = no deadline
mod-list-more = …and { $count } more.
mod-list-hint = Act on one with `/clans-admin void`, `award`, `extend` or `pause`.

# `/clans-admin log`
mod-log-head = The latest moderator actions in this server:
mod-log-none = No moderator has acted in this server yet.
mod-log-line = #{ $action } · <t:{ $at }:f> · { $moderator } · { $what } · “{ $reason }” · { $outcome }
mod-what-void = void match #{ $id }
mod-what-award = award match #{ $id } to { $winner }
mod-what-pause = pause match #{ $id }
mod-what-resume = resume match #{ $id }
mod-what-extend = extend match #{ $id } by { $duration }
mod-what-end-league = end league #{ $id }
mod-outcome-asked = not confirmed
mod-outcome-done = done
mod-outcome-cancelled = cancelled
mod-outcome-failed = nothing changed ({ $why })

# The use of `/clans-admin` in `/clans help`'s words.
help-moderation = **Moderators** (Manage Server): `/clans-admin` voids, awards, pauses, resumes or extends a match, ends a league early, lists stalled matches and shows the log. Each action asks for a reason and a confirmation, and is posted where the players read it.

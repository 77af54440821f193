# `/clans export`: a match's public record, sent privately as a text file and JSON.

export-heading = Crystal Clans · match #{ $id } · { $first } ({ $first_clan }) vs { $second } ({ $second_clan })
export-running = Still being played: the record so far, as everyone can see it.
export-won = Won by { $winner } ({ $how ->
        [win] the rules' win
        [resign] the opponent resigned
        [timeout] the opponent ran out of time
       *[other] { $how }
    }).
export-no-winner = Ended with no winner.
export-done = The public record of match #{ $id } ({ $inputs } moves): as text, to read, and as JSON, for programs. Nothing hidden is in it: no hand, no battle card before its reveal, no deck order.
export-still-playing = Match #{ $id } is still being played: its players may export it now, everyone else once it has ended.
export-failed = The record of match #{ $id } could not be made. The bot's operator has been told.
export-alt-text = The public record of match #{ $id } as text: every public action, numbered.
export-alt-json = The public record of match #{ $id } as JSON: every public event, as a spectator sees it.

# `/clans practice`: a finished match played on against the AI from one of its turns.
practice-players = a practice from match #{ $source }, turn { $turn }: { $player } ({ $clan }) against the AI, not rated
practice-not-over = Match #{ $id } is still being played: it can be practised from once it has ended.
practice-turns = Match #{ $id } has turns 1 to { $last }: choose one of them.

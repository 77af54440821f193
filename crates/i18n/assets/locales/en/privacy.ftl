# Forgetting a player (`/clans forget-me`): the question, its buttons and the answers.

forget-ask = **Forget me?** This cannot be undone.
    { $running ->
        [0] You have no running match.
        [one] Your running match is resigned first: your opponent wins it.
       *[other] Your { $running } running matches are resigned first: your opponents win them.
    }
    Deleted: your settings, your display name, your absences, the pings owed to you, your lesson progress and your ratings.
    Kept without you: in the matches, results, leagues and leaderboards others have, your account is replaced by an anonymous former player. Your opponents' results and ratings stay as they are.
    Messages already posted in Discord stay there: they are Discord's, and the bot cannot edit what it posted before.
forget-button-yes = Forget me
forget-button-no = Keep my data
forget-done = Done: you are forgotten. { $resigned ->
        [0] No match was running.
        [one] One match was resigned.
       *[other] { $resigned } matches were resigned.
    } { $deleted } records were deleted, and { $replaced } now show a former player. If you use the bot again, it learns your name and settings anew.
forget-nothing = The bot stores nothing about you: there is nothing to forget.
forget-kept = Nothing changed: your data is kept.

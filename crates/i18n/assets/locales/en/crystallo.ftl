# Crystallo, the solo cavern game: the words of its cavern image (panels and posts
# follow). Every message has a function of the same name in
# crates/i18n/src/messages/crystallo.rs.

cry-image-title = Crystallo
cry-phase = { $phase ->
    [explore] Phase 1 · free the creatures
    [missing_colour] Phase 2 · a colour is missing
    [dragon] Phase 2 · the Black Dragon
   *[over] The quest is over
}
cry-drawn-card = Drawn card
cry-chosen-card = Chosen card
cry-draw-pile = Draw pile: { $count }
cry-set-aside = Set aside: { $count }
cry-face-up = Face up: { $count }
cry-cavern-deck = Cavern deck: { $count }
cry-creatures = Creatures
cry-dragon = Black Dragon: { $count }/6
cry-freed = free
cry-treasure = { $kind ->
    [riches] Riches
    [magic] Magic
   *[battle] Battle
} { $count }/3
cry-treasures-heading = Treasure: { $count }
cry-magic-ready = Magic ready
cry-spots = { $count ->
    [one] 1 place
   *[other] { $count } places
}
cry-no-spot = No place: discard
cry-title = { $wealth ->
    [impoverished] Impoverished
    [prosperous] Prosperous
   *[wealthy] Wealthy
} { $title ->
    [commoner] Commoner
    [liberator] Liberator
    [vanquisher] Vanquisher
    [knight] Knight
    [hero] Hero
   *[champion] Champion
}
cry-points = { $score ->
    [one] 1 point
   *[other] { $score } points
}
cry-provisional-deck = † provisional cards

## The game in Discord: /crystallo, its private panel and its public post.

cry-colour = { $colour ->
    [red] red
    [orange] orange
    [yellow] yellow
    [green] green
    [blue] blue
   *[purple] purple
}
cry-daily-needs-server = A server's daily cavern is dealt per server: use `/crystallo daily` in a server. Anywhere, today's worldwide cavern is `/crystallo daily global:True`, and `/crystallo practice` deals a new one.
cry-daily-done = You have played today's cavern in this server already: { $result }. A new one is dealt at midnight ({ $zone }); `/crystallo practice` deals a random cavern meanwhile.
cry-world-done = You have played today's worldwide cavern already: { $result }. A new one is dealt at midnight UTC; `/crystallo practice` deals a random cavern meanwhile.
cry-daily-unfinished = You have started today's cavern already: carry on where you left off.
cry-resume = Resume
cry-panel-daily = Crystallo · today's cavern ({ $date })
cry-panel-world = Crystallo · today's worldwide cavern ({ $date }, UTC)
cry-panel-practice = Crystallo · practice cavern
cry-pick-set = { $count ->
    [one] Makes a set: 1 placement
   *[other] Makes a set: { $count } placements
}
cry-spot = Place { $number }
cry-makes = { $count ->
    [0] makes no set
    [one] makes 1 set
   *[other] makes { $count } sets
}
cry-rot = { $rot ->
    [0] Horizontal
   *[1] Vertical
}
cry-preview = Place { $number }, { $rot ->
    [0] horizontal
   *[1] vertical
}: this { $makes }.
cry-lights = Lights: { $colours }
cry-frees = Frees: { $names }
cry-collects = Treasure collected: { $count }
cry-confirm = Confirm
cry-back = Back
cry-discard = Discard the card (it has no place)
cry-pick-card = Choose a face-up card to place
cry-card = Card { $number }
cry-card-about = { $crystals ->
    [one] 1 crystal
   *[other] { $crystals } crystals
} · orbs: { $orbs }
cry-missing = No face-up card has a { $colour } orb: choose one to discard; cavern cards are then turned until one has it.
cry-discard-card = Discard card { $number }
cry-magic-free = Magic: free a bond of { $name }
cry-magic-mark = Magic: mark the dragon's { $colour } orb
cry-no-place-any = No face-up card has a place: discard one.
cry-stale = That panel was out of date, nothing was changed: here is your game as it is now.
cry-not-yours = This is someone else's cavern: `/crystallo daily` deals you your own.
cry-over = The quest is over: { $result }.
cry-gone = That game does not exist any more.
cry-share = Share
cry-share-intro = Your result, without a spoiler (copy it anywhere):
cry-share-line = Crystallo { $date } · { $result }
cry-share-freed = creatures freed
cry-share-trapped = dragon orbs marked
cry-result = { $title }, { $score ->
    [one] 1 point
   *[other] { $score } points
}, { $treasures ->
    [one] 1 treasure
   *[other] { $treasures } treasures
}
cry-post-daily = **{ $name }** finished today's cavern: { $result }.
cry-post-world = **{ $name }** finished today's worldwide cavern: { $result }.
cry-post-practice = **{ $name }** finished a practice cavern: { $result }.
cry-post-spoiler = (The picture shows today's deal: click it only if you have played today's cavern.)
cry-scores-heading = Crystallo · today's cavern ({ $date })
cry-recap-heading = ☀️ **Crystallo · yesterday's cavern ({ $date })**: { $players ->
    [one] 1 player
   *[other] { $players } players
} finished it.
cry-recap-titles = Titles: { $cells }
cry-recap-best = The best cavern, { $name }'s, no longer a spoiler: `/crystallo daily` deals today's.
cry-scores-empty = Nobody here has finished today's cavern yet.
cry-scores-world = Crystallo · worldwide, today ({ $date }, UTC)
cry-scores-log = Your adventure log
cry-scores-log-empty = You have not finished a cavern here yet: `/crystallo daily`.
cry-log-line = { $date } · { $kind ->
    [daily] daily
    [world] worldwide
    [lesson] lesson
   *[practice] practice
} · { $result }
cry-best = Best score: { $score }
cry-streak = { $days ->
    [one] Streak: 1 day in a row
   *[other] Streak: { $days } days in a row
}
cry-help = **Crystallo** (solo): lay cavern cards so that three crystals and an orb form a square, free the six creatures, then trap the Black Dragon. `/crystallo daily` plays today's cavern of this server (the same deal for everyone here, one play each, the day from midnight to midnight in the server's time zone, UTC unless `/clans config time_zone` sets one), `/crystallo practice` a random one, `/crystallo scores` shows today's best and your adventure log, and `/crystallo learn` walks you through a first cavern. Your panel is private; the final post shows your title and score, and today's picture behind a spoiler.
## "Somewhere else": the card the new one will touch, then a place next to it.
cry-pick-touch = Somewhere else: choose the card it will touch
cry-pick-part = Somewhere else: first, which part of the cavern?
cry-part = { $part ->
    [top] Upper part of the cavern
    [bottom] Lower part of the cavern
   *[other] Part { $number } of the cavern
}
cry-part-about = { $count ->
    [one] 1 card to touch there
   *[other] { $count } cards to touch there
}
cry-touch = { $region ->
    [top-left] Top left
    [top] Top
    [top-right] Top right
    [left] Left
    [right] Right
    [bottom-left] Bottom left
    [bottom] Bottom
    [bottom-right] Bottom right
   *[centre] Centre
} · { $orbs ->
    [none] no orb in sight
   *[other] orbs: { $orbs }
}
cry-touch-about = crystals: { $crystals } · { $count ->
    [one] 1 place next to it
   *[other] { $count } places next to it
}{ $sets ->
    [0] {""}
    [one] , 1 makes a set
   *[other] , { $sets } make a set
}
cry-pick-near = Choose where it lies next to that card
cry-near-heading = The places next to the card **{ $card }** are numbered on the image.
cry-near = Place { $number } · { $side ->
    [right] right of it
    [right-up] right of it, half a card higher
    [right-down] right of it, half a card lower
    [left] left of it
    [left-up] left of it, half a card higher
    [left-down] left of it, half a card lower
    [above] above it
    [above-left] above it, half a card to the left
    [above-right] above it, half a card to the right
    [below] below it
    [below-left] below it, half a card to the left
    [below-right] below it, half a card to the right
    [over-right] over its right half
    [over-left] over its left half
    [over-top] over its top half
    [over-bottom] over its bottom half
    [over-top-left] over its top left corner
    [over-top-right] over its top right corner
    [over-bottom-left] over its bottom left corner
    [over-bottom-right] over its bottom right corner
   *[next] next to it
}, { $rot ->
    [0] horizontal
   *[1] vertical
}
cry-lies = { $rot ->
    [0] The places lying horizontally
   *[1] The places lying vertically
}
## /crystallo learn: the lesson cavern. Each lesson is one "📘" line at the top of the
## panel, shown at the moment it explains (crates/crystallo/src/lesson.rs).
cry-panel-lesson = Crystallo · lesson cavern (📘 marks the suggested choice)
cry-learn-resumed = 📘 Your lesson cavern goes on where you left off.
cry-lesson-contact = 📘 **Where a card goes:** one of its crystals must lie right next to a crystal already in the cavern, side by side or one above the other, never diagonally; an orb never counts, and the card may lie beside a card or partly over it. Follow the 📘 marks: the card it will touch, then a place next to it (each says where it lies and what it makes), then **Confirm**.
cry-lesson-set = 📘 **A set:** three crystals and one orb in a square, the crystals all of one colour or all different, and all of one shape or all different. The orb lights up and a gem comes off the creature of its colour: the 📘 choice here lights { $colour } for { $name } (its line says “makes 1 set”).
cry-lesson-free = 📘 **Freeing a creature:** each creature is held by 3 gems and each set of its colour takes one off; the 📘 choice takes the last one off { $name }, who is then free. Free all six to face the Black Dragon.
cry-lesson-dragon = 📘 **The Black Dragon:** all six creatures are free! Your { $count } reserved cards are now face up: choose one in the menu (📘 marks one) and place it as before; each set puts a gem on the dragon's orb of its colour. Mark all six orbs before your cards run out to trap him: cards left over raise your title.
cry-lesson-end = 📘 **Lesson done:** { $result }. Play on with `/crystallo practice` (a random cavern) or `/crystallo daily` (your server's cavern of the day, the same deal for everyone there).
cry-limit-games = { $count ->
        [one] 1 Crystallo game
       *[other] { $count } Crystallo games
    }
help-crystallo = • Crystallo, a solo puzzle: `/crystallo daily` deals this server's cavern of the day (the same for everyone, one play each), `/crystallo practice` a random one, `/crystallo scores` the day's leaderboard and your adventure log; `/crystallo learn` a guided first cavern; `/crystallo help` says how to play.

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
cry-points = { $score } points
cry-provisional-deck = † provisional cards

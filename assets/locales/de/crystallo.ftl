# Crystallo, das Solo-Höhlenspiel: die Wörter seines Höhlenbilds.

cry-image-title = Crystallo
cry-phase = { $phase ->
    [explore] Phase 1 · befreie die Wesen
    [missing_colour] Phase 2 · eine Farbe fehlt
    [dragon] Phase 2 · Schwarzer Drache
   *[over] Das Abenteuer ist vorbei
}
cry-drawn-card = Gezogene Karte
cry-chosen-card = Gewählte Karte
cry-draw-pile = Stapel: { $count }
cry-set-aside = Beiseite: { $count }
cry-face-up = Offen: { $count }
cry-cavern-deck = Höhlenstapel: { $count }
cry-creatures = Wesen
cry-dragon = Schwarzer Drache: { $count }/6
cry-freed = frei
cry-treasure = { $kind ->
    [riches] Reichtum
    [magic] Magie
   *[battle] Kampf
} { $count }/3
cry-treasures-heading = Schätze: { $count }
cry-magic-ready = Magie bereit
cry-spots = { $count ->
    [one] 1 Platz
   *[other] { $count } Plätze
}
cry-no-spot = Kein Platz: abwerfen
cry-title = { $wealth ->
    [impoverished] Verarmter
    [prosperous] Wohlhabender
   *[wealthy] Reicher
} { $title ->
    [commoner] Bürger
    [liberator] Befreier
    [vanquisher] Bezwinger
    [knight] Ritter
    [hero] Held
   *[champion] Champion
}
cry-points = { $score } Punkte
cry-provisional-deck = † vorläufige Karten

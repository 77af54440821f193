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
cry-points = { $score ->
    [one] 1 Punkt
   *[other] { $score } Punkte
}
cry-provisional-deck = † vorläufige Karten

## The game in Discord: /crystallo, its private panel and its public post.

cry-colour = { $colour ->
    [red] Rot
    [orange] Orange
    [yellow] Gelb
    [green] Grün
    [blue] Blau
   *[purple] Violett
}
cry-daily-needs-server = Die Tageshöhle eines Servers wird pro Server gegeben: nutze `/crystallo heute` auf einem Server. Überall spielst du die weltweite Höhle des Tages mit `/crystallo heute weltweit:True`, und `/crystallo uebung` gibt eine neue.
cry-daily-done = Du hast die heutige Höhle dieses Servers schon gespielt: { $result }. Um Mitternacht ({ $zone }) kommt eine neue; bis dahin gibt `/crystallo uebung` eine zufällige Höhle.
cry-world-done = Du hast die heutige weltweite Höhle schon gespielt: { $result }. Um Mitternacht (UTC) kommt eine neue; bis dahin gibt `/crystallo uebung` eine zufällige Höhle.
cry-daily-unfinished = Du hast die heutige Höhle schon begonnen: spiel dort weiter, wo du aufgehört hast.
cry-resume = Weiterspielen
cry-panel-daily = Crystallo · heutige Höhle ({ $date })
cry-panel-world = Crystallo · heutige weltweite Höhle ({ $date }, UTC)
cry-panel-practice = Crystallo · Übungshöhle
cry-pick-set = { $count ->
    [one] Bildet ein Set: 1 Möglichkeit
   *[other] Bildet ein Set: { $count } Möglichkeiten
}
cry-spot = Platz { $number }
cry-makes = { $count ->
    [0] bildet kein Set
    [one] bildet 1 Set
   *[other] bildet { $count } Sets
}
cry-rot = { $rot ->
    [0] Waagrecht
   *[1] Senkrecht
}
cry-preview = Platz { $number }, { $rot ->
    [0] waagrecht
   *[1] senkrecht
}: das { $makes }.
cry-lights = Leuchten: { $colours }
cry-frees = Befreit: { $names }
cry-collects = Schatz gesammelt: { $count }
cry-confirm = Bestätigen
cry-back = Zurück
cry-discard = Karte abwerfen (sie hat keinen Platz)
cry-pick-card = Wähle eine offene Karte zum Legen
cry-card = Karte { $number }
cry-card-about = { $crystals ->
    [one] 1 Kristall
   *[other] { $crystals } Kristalle
} · Kugeln: { $orbs }
cry-missing = Keine offene Karte hat eine Kugel in { $colour }: wähle eine zum Abwerfen; dann werden Höhlenkarten aufgedeckt, bis eine sie hat.
cry-discard-card = Karte { $number } abwerfen
cry-magic-free = Magie: ein Band von { $name } lösen
cry-magic-mark = Magie: die Kugel des Drachen in { $colour } markieren
cry-no-place-any = Keine offene Karte hat einen Platz: wirf eine ab.
cry-stale = Diese Anzeige war veraltet, nichts wurde geändert: hier ist dein Spiel, wie es jetzt steht.
cry-not-yours = Das ist die Höhle von jemand anderem: `/crystallo heute` gibt dir deine eigene.
cry-over = Das Abenteuer ist vorbei: { $result }.
cry-gone = Dieses Spiel gibt es nicht mehr.
cry-share = Teilen
cry-share-intro = Dein Ergebnis, ohne Spoiler (kopier es, wohin du willst):
cry-share-line = Crystallo { $date } · { $result }
cry-share-freed = Wesen befreit
cry-share-trapped = Drachenkugeln markiert
cry-result = { $title }, { $score ->
    [one] 1 Punkt
   *[other] { $score } Punkte
}, { $treasures ->
    [one] 1 Schatz
   *[other] { $treasures } Schätze
}
cry-post-daily = **{ $name }** hat die heutige Höhle beendet: { $result }.
cry-post-world = **{ $name }** hat die heutige weltweite Höhle beendet: { $result }.
cry-post-practice = **{ $name }** hat eine Übungshöhle beendet: { $result }.
cry-post-spoiler = (Das Bild zeigt die heutige Verteilung: klicke es erst an, wenn du die heutige Höhle gespielt hast.)
cry-scores-heading = Crystallo · heutige Höhle ({ $date })
cry-recap-heading = ☀️ **Crystallo · gestrige Höhle ({ $date })**: { $players ->
    [one] 1 Person hat
   *[other] { $players } Personen haben
} sie beendet.
cry-recap-titles = Titel: { $cells }
cry-recap-best = Die beste Höhle, die von { $name }, jetzt ohne Spoiler: `/crystallo heute` gibt die heutige.
cry-scores-empty = Hier hat noch niemand die heutige Höhle beendet.
cry-scores-world = Crystallo · weltweit, heute ({ $date }, UTC)
cry-scores-log = Dein Abenteuerbuch
cry-scores-log-empty = Du hast hier noch keine Höhle beendet: `/crystallo heute`.
cry-log-line = { $date } · { $kind ->
    [daily] Tageshöhle
    [world] weltweit
    [lesson] Lektion
   *[practice] Übung
} · { $result }
cry-best = Bester Punktestand: { $score }
cry-streak = { $days ->
    [one] Serie: 1 Tag in Folge
   *[other] Serie: { $days } Tage in Folge
}
cry-help = **Crystallo** (solo): leg Höhlenkarten so, dass drei Kristalle und eine Kugel ein Quadrat bilden, befreie die sechs Wesen und fang dann den Schwarzen Drachen. `/crystallo heute` spielt die heutige Höhle dieses Servers (für alle hier dieselbe, ein Spiel pro Person, der Tag von Mitternacht bis Mitternacht in der Zeitzone des Servers, UTC, solange `/clans einstellungen zeitzone` keine setzt), `/crystallo uebung` eine zufällige, `/crystallo punkte` zeigt die Besten von heute und dein Abenteuerbuch, und `/crystallo lernen` führt dich durch eine erste Höhle. Deine Anzeige ist privat; der Abschlussbeitrag zeigt Titel und Punkte, das heutige Bild hinter einem Spoiler.
## „Anderswo“: die Karte, die die neue berühren soll, dann ein Platz daneben.
cry-pick-touch = Anderswo: wähle die Karte, die sie berühren soll
cry-pick-part = Anderswo: zuerst, welcher Teil der Höhle?
cry-part = { $part ->
    [top] Oberer Teil der Höhle
    [bottom] Unterer Teil der Höhle
   *[other] Teil { $number } der Höhle
}
cry-part-about = { $count ->
    [one] 1 Karte zum Berühren dort
   *[other] { $count } Karten zum Berühren dort
}
cry-touch = { $region ->
    [top-left] Oben links
    [top] Oben
    [top-right] Oben rechts
    [left] Links
    [right] Rechts
    [bottom-left] Unten links
    [bottom] Unten
    [bottom-right] Unten rechts
   *[centre] Mitte
} · { $orbs ->
    [none] keine Kugel sichtbar
   *[other] Kugeln: { $orbs }
}
cry-touch-about = Kristalle: { $crystals } · { $count ->
    [one] 1 Platz daneben
   *[other] { $count } Plätze daneben
}{ $sets ->
    [0] {""}
    [one] , 1 bildet ein Set
   *[other] , { $sets } bilden ein Set
}
cry-pick-near = Wähle, wo sie neben dieser Karte liegt
cry-near-heading = Die Plätze neben der Karte **{ $card }** sind auf dem Bild nummeriert.
cry-near = Platz { $number } · { $side ->
    [right] rechts daneben
    [right-up] rechts daneben, eine halbe Karte höher
    [right-down] rechts daneben, eine halbe Karte tiefer
    [left] links daneben
    [left-up] links daneben, eine halbe Karte höher
    [left-down] links daneben, eine halbe Karte tiefer
    [above] oberhalb
    [above-left] oberhalb, eine halbe Karte nach links
    [above-right] oberhalb, eine halbe Karte nach rechts
    [below] unterhalb
    [below-left] unterhalb, eine halbe Karte nach links
    [below-right] unterhalb, eine halbe Karte nach rechts
    [over-right] auf ihrer rechten Hälfte
    [over-left] auf ihrer linken Hälfte
    [over-top] auf ihrer oberen Hälfte
    [over-bottom] auf ihrer unteren Hälfte
    [over-top-left] auf ihrer Ecke oben links
    [over-top-right] auf ihrer Ecke oben rechts
    [over-bottom-left] auf ihrer Ecke unten links
    [over-bottom-right] auf ihrer Ecke unten rechts
   *[next] daneben
}, { $rot ->
    [0] waagrecht
   *[1] senkrecht
}
cry-lies = { $rot ->
    [0] Die waagrecht liegenden Plätze
   *[1] Die senkrecht liegenden Plätze
}
## /crystallo learn: the lesson cavern. Each lesson is one "📘" line at the top of the
## panel, shown at the moment it explains (crates/crystallo/src/lesson.rs).
cry-panel-lesson = Crystallo · Lernhöhle (📘 markiert die vorgeschlagene Wahl)
cry-learn-resumed = 📘 Deine Lernhöhle geht dort weiter, wo du aufgehört hast.
cry-lesson-contact = 📘 **Wohin eine Karte darf:** Einer ihrer Kristalle muss direkt neben einem Kristall liegen, der schon in der Höhle liegt, nebeneinander oder übereinander, nie schräg; eine Kugel zählt nie, und die Karte darf neben einer Karte oder halb über ihr liegen. Folge den 📘-Marken: die Karte, die sie berühren soll, dann ein Platz daneben (jeder sagt, wo er liegt und was er bildet), dann **Bestätigen**.
cry-lesson-set = 📘 **Ein Set:** drei Kristalle und eine Kugel im Quadrat, die Kristalle alle in einer Farbe oder alle verschieden, und alle in einer Form oder alle verschieden. Die Kugel leuchtet auf und ein Edelstein kommt vom Wesen ihrer Farbe: die 📘-Wahl hier lässt { $colour } für { $name } leuchten (ihre Zeile sagt „bildet 1 Set“).
cry-lesson-free = 📘 **Ein Wesen befreien:** Jedes Wesen hält 3 Edelsteine, und jedes Set seiner Farbe nimmt einen ab; die 📘-Wahl nimmt { $name } den letzten ab, dann ist es frei. Befreie alle sechs, um dich dem Schwarzen Drachen zu stellen.
cry-lesson-dragon = 📘 **Der Schwarze Drache:** Alle sechs Wesen sind frei! Deine { $count } zurückgelegten Karten liegen jetzt offen: wähle eine im Menü (📘 markiert eine) und leg sie wie bisher; jedes Set legt einen Edelstein auf die Kugel des Drachen in seiner Farbe. Markiere alle sechs Kugeln, bevor dir die Karten ausgehen, um ihn zu fangen: übrige Karten verbessern deinen Titel.
cry-lesson-end = 📘 **Lektion beendet:** { $result }. Spiel weiter mit `/crystallo uebung` (eine zufällige Höhle) oder `/crystallo heute` (die Höhle des Tages deines Servers, für alle dort dieselbe).
cry-limit-games = { $count ->
        [one] 1 Crystallo-Spiel
       *[other] { $count } Crystallo-Spiele
    }
help-crystallo = • Crystallo, ein Solo-Rätsel: `/crystallo heute` gibt die Höhle des Tages dieses Servers (für alle dieselbe, ein Spiel pro Person), `/crystallo uebung` eine zufällige, `/crystallo punkte` die Bestenliste des Tages und dein Abenteuerbuch; `/crystallo lernen` eine geführte erste Höhle; `/crystallo hilfe` erklärt das Spiel.

# `/clans exportieren`: der öffentliche Verlauf einer Partie, privat als Textdatei und JSON.

export-heading = Crystal Clans · Partie #{ $id } · { $first } ({ $first_clan }) gegen { $second } ({ $second_clan })
export-running = Läuft noch: der Verlauf bis jetzt, wie ihn alle sehen.
export-won = Gewonnen von { $winner } ({ $how ->
        [win] nach den Regeln
        [resign] der Gegner hat aufgegeben
        [timeout] dem Gegner lief die Zeit ab
       *[other] { $how }
    }).
export-no-winner = Ohne Sieger beendet.
export-done = Der öffentliche Verlauf von Partie #{ $id } ({ $inputs } Züge): als Text zum Lesen und als JSON für Programme. Nichts Verdecktes steht darin: keine Hand, keine Kampfkarte vor ihrer Aufdeckung, keine Reihenfolge eines Stapels.
export-still-playing = Partie #{ $id } läuft noch: Ihre Spieler können sie jetzt exportieren, alle anderen, sobald sie beendet ist.
export-failed = Der Verlauf von Partie #{ $id } ließ sich nicht erstellen. Der Betreiber des Bots wurde informiert.
export-alt-text = Der öffentliche Verlauf von Partie #{ $id } als Text: jede öffentliche Aktion, nummeriert.
export-alt-json = Der öffentliche Verlauf von Partie #{ $id } als JSON: jedes öffentliche Ereignis, wie es Zuschauer sehen.

# `/clans üben`: eine beendete Partie ab einem ihrer Züge gegen die KI weiterspielen.
practice-players = eine Übung ab Partie #{ $source }, Zug { $turn }: { $player } ({ $clan }) gegen die KI, ohne Wertung
practice-not-over = Partie #{ $id } läuft noch: Üben lässt sich ab ihr erst, wenn sie beendet ist.
practice-turns = Partie #{ $id } hat die Züge 1 bis { $last }: Wähle einen davon.

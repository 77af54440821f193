# Die privaten Fenster und die Antworten auf eigene Klicks (Aktionen, Hand, Kampfkarten, Ablehnungen).
# Begriffe wie im deutschen Regelheft; der Spieler wird geduzt.

## Die Arten von Auswahl (der erste Schritt des Fensters, als Knöpfe „Beschwören (4)“).
category-mulligan = Mulligan
category-keep = Behalten
category-summon = Beschwören
category-activate = Aktivieren
category-crystal = Kristall
category-other = Sonstiges
category-order = Reihenfolge
category-move = Bewegen
category-battle = Kampf
category-battle-card = Kampfkarte
category-draw = Ziehen
category-discard = Ablegen
category-done = Fertig
category-unit = Einheit
category-return = Auf die Hand
category-predict = Vorhersagen
category-sacrifice = Opfern
category-yes-no = Ja/Nein
category-pick = Auswählen
category-tuck = Unterschieben
category-count = { $category } ({ $count })

## Eine Auswahl, wie ihr Knopf oder ihre Option sie nennt.
choice-keep-hand = Meine Starthand behalten
choice-mulligan = Zurückmischen: { $cards }
choice-summon-home = Beschwören: { $cards } ins Heimatgebiet
choice-summon-to = Beschwören: { $cards } ins { $zone }{ $via }
choice-activate = Aktivieren: Trupp im { $zone } ({ $cards })
# The same as a panel's button, its units said beside it.
choice-activate-in = Aktivieren: Trupp im { $zone }
choice-score = Erbeuten: { $crystal }
choice-replenish = Auffrischen: ablegen, dann auf 5 Karten aufziehen
choice-invade = Überfallen: das gegnerische Heimatgebiet
choice-order = Reihenfolge (oben zuerst): { $cards }
zone-your-home = Heimatgebiet ({ $id })
choice-keep-order = Reihenfolge behalten
choice-move = Bewegen: { $cards } ins { $zone }
choice-stay = Bleiben
choice-battle = Kämpfen!
choice-no-battle = Kein Kampf: Aktivierung beenden
choice-battle-card = { $card } ({ $style }, { $attack }/{ $defense })
choice-my-effects-first = Meine Effekte zuerst
choice-their-effects-first = Die Effekte des Gegners zuerst
choice-draw = { $count ->
        [0] Nichts ziehen
        [one] 1 Karte ziehen
       *[other] { $count } Karten ziehen
    }
choice-discard = Ablegen: { $card }
choice-done = Fertig
choice-take-back = Kampfkarte auf die Hand nehmen
choice-discard-battle-card = Kampfkarte ablegen
choice-predict = Vorhersagen: { $style }
choice-sacrifice-attack = Oberste Einheit opfern: +6 Angriff
choice-sacrifice-defense = Oberste Einheit opfern: +6 Verteidigung
choice-use-crystal = Einsetzen: { $crystal }
choice-yes = Ja
choice-no = Nein
choice-pick = Wählen: { $card }
choice-inform = Behalten: { $keep }; zurücklegen: { $back }
choice-tuck-top = Nach oben legen: { $card }
choice-tuck-bottom = Nach unten legen: { $card }
choice-cost = kostet { $cost } Initiative, danach: { $initiative }
# Die Kartenliste einer Auswahl, die keine nennt.
panel-cards-none = nichts
panel-card-values = { $card } ({ $attack }/{ $defense })
# Ein Kristall in einer Auswahl: ohne seine Kosten, die neben dem Knopf stehen (kostet …).
panel-crystal-cost = { $crystal }
panel-crystal-number = Kristall { $number }
panel-target-home = Heimatgebiet
panel-destinations = { $count ->
        [one] 1 Ziel
       *[other] { $count } Ziele
    }
# Kampfstile, wie die Fenster den einer Kampfkarte nennen.
# Was eine Beschwörung außerhalb des Heimatgebiets erlaubt (nach dem Gebiet).
panel-via-build = {" "}(Bauen)
panel-via-raise-the-dead = {" "}(Tote erwecken)
panel-via-shift = {" "}(Formwandeln)
panel-via-pyramid = {" "}(Astralpyramide)

## Wo eine Karte liegt, um zwei gleich lautende Auswahlen zu unterscheiden.
panel-place-your-hand = deine Hand
panel-place-their-hand = die Hand des Gegners
panel-place-your-discard = dein Ablagestapel
panel-place-their-discard = der Ablagestapel des Gegners
panel-place-your-draw = dein Nachziehstapel
panel-place-their-draw = der Nachziehstapel des Gegners
panel-place-your-squad = dein Trupp im { $zone }
panel-place-their-squad = der gegnerische Trupp im { $zone }
panel-depth-top = oben
panel-depth-bottom = unten
panel-depth-nth = { $n }.

## Die Schritte des Fensters.
prompt-choose = Wähle:
prompt-what = Was tust du?
prompt-which-summon = Welche Einheiten beschwörst du?
prompt-which-move = Welche Einheiten bewegen sich?
prompt-which-activate = Welchen Trupp aktivierst du?
prompt-which-crystal = Welchen Kristall?
prompt-where = **{ $what }**: wohin?
prompt-confirm = **{ $what }**: bestätigen?
follows-win = Du gewinnst die Partie.
follows-battle = Danach folgt ein Kampf im { $zone }: ihr wählt beide verdeckt eine Kampfkarte.
follows-turn-ends = Dein Zug endet: { $name } ist mit { $amount } Initiative am Zug.
follows-again = Danach führst du eine weitere Aktion aus: { $initiative }.
follows-you = Danach musst du { $question }.
follows-question = Danach { $count ->
        [one] muss
       *[other] müssen
    } { $who } { $question }.
prompt-which-mulligan = Welche Karten mischst du zurück?
prompt-which-order = Neue Reihenfolge des Trupps, oben zuerst: { $chosen } … welche Einheit kommt als Nächstes?
prompt-order-start = Neue Reihenfolge des Trupps, oben zuerst: welche Einheit kommt nach oben?
prompt-chosen = Bisher gewählt: { $cards }.
select-cards = { $most ->
        [one] 1 Karte wählen…
       *[other] Bis zu { $most } Karten wählen…
    }
card-copies = { $place ->
        [none] { $count } Exemplare
       *[other] { $place }: { $count } Exemplare
    }
card-copy = { $place ->
        [none] { $n ->
            [2] ein zweites Exemplar
            [3] ein drittes Exemplar
           *[other] Exemplar { $n }
        }
       *[other] { $n ->
            [2] { $place }: ein zweites Exemplar
            [3] { $place }: ein drittes Exemplar
           *[other] { $place }: Exemplar { $n }
        }
    }
select-summon = { $most ->
        [one] 1 Einheit beschwören…
       *[other] Bis zu { $most } Einheiten beschwören…
    }
select-move = { $most ->
        [one] 1 Einheit bewegen…
       *[other] Bis zu { $most } Einheiten bewegen…
    }
fact-unit = kostet { $summon } · Angriff { $attack }, Verteidigung { $defense }
fact-battle-card = { $style }: links { $left } · rechts { $right }
fact-no-effect = nichts
choice-use-none = Nichts einsetzen: weiter zu den Kampfkarten
panel-may-draw-why = Ein Effekt erlaubt dir, jetzt bis zu { $max ->
        [one] 1 Karte
       *[other] { $max } Karten
    } zu ziehen; du darfst weniger nehmen.
button-continue = Weiter
panel-move-not-possible = Dieser Zug ist nicht möglich: nichts wurde geändert. Wähle erneut.
select-choose = Wählen…
select-choose-part = Wählen… ({ $part }/{ $parts })
button-confirm = Bestätigen
button-back = Zurück
button-previous-page = Vorherige Seite
button-next-page = Nächste Seite
button-refresh = Aktualisieren
button-my-panel = Mein Fenster

## Der Text des Fensters über seinen Schritten.
panel-header = **Partie #{ $id }**: Du musst { $question }. { $initiative }.
panel-hand = Deine Hand: { $cards }.
panel-hand-empty = leer
panel-battle-card-from-draw = Deine Hand ist leer: Die oberste Karte deines Nachziehstapels wird gespielt.
panel-may-look = Du darfst dir ansehen: { $cards }.
panel-nothing-to-do = In Partie #{ $id } hast du gerade nichts zu tun: Dein Gegner muss noch { $question }.
panel-done = Erledigt: „{ $choice }“.
match-over = Partie #{ $id } ist vorbei.
hand-text = Deine Hand in Partie #{ $id }: { $cards }

## Ablehnungen eines Klicks oder Befehls (privat, nichts geändert).
panel-out-of-date = Dieses Fenster ist veraltet (jemand hat schon geantwortet, oder du hast doppelt geklickt): Es wurde nichts geändert.
button-out-of-date = Dieser Knopf ist veraltet: Die Partie ist weitergegangen. Hier ist die aktuelle Lage.
choice-not-available = Diese Auswahl gibt es nicht: Es wurde nichts geändert.
not-your-match = Du spielst nicht in Partie #{ $id } mit. Starte deine eigene mit `/clans herausfordern`.
match-not-over = Partie #{ $id } ist noch nicht vorbei.
rematch-ai-begins = Revanche: Partie #{ $id } gegen die KI beginnt. Viel Glück!
board-not-here = Partie #{ $id } wird nicht auf diesem Server gespielt: Nur ihre Spieler können ihren Spielplan hier posten.
play-in-channel = Crystal-Clans-Partien werden auf diesem Server in <#{ $channel }> gespielt: Bitte nutze den Befehl dort.
ai-not-available = Die KI als Gegner gibt es bei diesem Bot nicht.
challenge-expired = Diese Herausforderung ist abgelaufen. Starte eine neue mit `/clans herausfordern`.
challenge-own = Du kannst deine eigene Herausforderung nicht annehmen (mit „Ablehnen“ ziehst du sie zurück).
challenge-someone-else = Diese Herausforderung gilt jemand anderem.
challenge-was-declined = Diese Herausforderung wurde abgelehnt oder zurückgezogen.
challenge-already-accepted = Diese Herausforderung wurde schon angenommen.
challenge-not-yours = Diese Herausforderung kannst du nicht ablehnen: Sie gilt jemand anderem.
challenge-open-withdraw = Offene Herausforderungen kann nur der Herausforderer zurückziehen.
challenge-settled = Diese Herausforderung wurde schon angenommen oder abgelehnt.

## Begrenzungen.
slow-down-user = Langsam: Dein Limit ist erreicht ({ $what } innerhalb von { $window }). Bitte versuche es in { $retry } noch einmal.
slow-down-server = Langsam: Das Limit dieses Servers ist erreicht ({ $what } innerhalb von { $window }). Bitte versuche es in { $retry } noch einmal.
limit-challenges = { $count ->
        [one] 1 Herausforderung
       *[other] { $count } Herausforderungen
    }
limit-ai-matches = { $count ->
        [one] 1 Partie gegen die KI
       *[other] { $count } Partien gegen die KI
    }
limit-board-reposts = { $count ->
        [one] 1 Spielplan-Post
       *[other] { $count } Spielplan-Posts
    }
limit-replays = { $count ->
        [one] 1 Wiederholung
       *[other] { $count } Wiederholungen
    }
span-seconds = { $count ->
        [one] 1 Sekunde
       *[other] { $count } Sekunden
    }
span-minutes = { $count ->
        [one] 1 Minute
       *[other] { $count } Minuten
    }

## Fehler der Datenbank, wie der Spieler sie erfährt.
store-out-of-date = Dieses Fenster ist veraltet: Die Partie ist weitergegangen. Hier ist die aktuelle Lage.
store-not-found = Diese Partie gibt es nicht (mehr).
store-pruned = Partie #{ $id } ist vorbei, und ihre Züge werden nicht mehr aufbewahrt: Dieser Bot löscht die Züge beendeter Partien nach einer Weile. Ihr Ergebnis bleibt in der Historie.
store-finished = Diese Partie ist vorbei.
store-game-finished = Dieses Spiel ist vorbei.
store-setup = Die Partie konnte nicht aufgebaut werden.
store-corrupt = Partie #{ $id } kann nicht geladen werden: Ihre gespeicherten Daten sind beschädigt. Der Betreiber des Bots weiß Bescheid.
store-incompatible = Partie #{ $id } wurde nach Regeln gespielt, die diese Version des Bots nicht fortsetzen kann.
store-bad-settings = Die gespeicherten Einstellungen konnten nicht gelesen werden; eine Administration muss sie neu setzen.
store-refused = Das geht nicht: Es wurde nichts geändert.
store-refused-move = Dieser Zug ist nicht erlaubt: Es wurde nichts geändert.
store-load-failed = Die Partie konnte nicht geladen werden, versuche es noch einmal.
store-save-failed = Das Speichern hat nicht geklappt, versuche es noch einmal.
store-gone = Nicht gespeichert: Der Bot hat seine Datenbank verloren. Der Betreiber des Bots weiß Bescheid.
store-damaged = Die Datenbank des Bots ist beschädigt, deshalb ging das nicht (ein neuer Versuch hilft nicht). Der Betreiber des Bots weiß Bescheid.

## /clans matches und /clans history (privat).
no-active-matches = Du hast keine laufenden Partien.
active-match = Partie #{ $id } in <#{ $channel }> (Version { $version })
active-matches-more = …und { $more ->
        [one] { $more } weitere Partie
       *[other] { $more } weitere Partien
    } (das hier sind die { $shown }, in denen zuletzt gezogen wurde). `/clans board` mit der Nummer einer Partie zeigt jede davon.
history-none-server = Auf diesem Server gibt es noch keine beendeten Partien.
history-none-you = Du hast noch keine beendeten Partien.
history-title-server = **Letzte Ergebnisse auf diesem Server**
history-title-you = **Deine letzten Ergebnisse**
history-won = { $winner } hat gewonnen
history-won-resigned = { $winner } hat gewonnen ({ $loser } hat aufgegeben)
history-won-timeout = { $winner } hat gewonnen (Zeitüberschreitung von { $loser })
history-abandoned = abgebrochen
history-line = #{ $id } · { $first } gegen { $second } · { $result } · <t:{ $time }:R>

## Ablehnungen von /clans leaderboard und /clans profile (privat).
leaderboard-needs-server = Die Rangliste gehört zu einem Server: Nutze `/clans rangliste` in einem.
leaderboard-empty = Auf diesem Server hat noch niemand eine gewertete Partie beendet: Starte eine mit `/clans herausfordern` oder `/clans gegen-ki`.
profile-needs-server = Die Profile anderer Spieler werden auf einem Server gezeigt: Nutze `/clans profil` dort.
profile-none-server = { $name } hat auf diesem Server noch keine Partie beendet.
profile-none = { $name } hat noch keine Partie beendet.

## Einen Fehlklick zurücknehmen (privat): das Panel des Bittenden, die Antwort des Gegners.
button-take-back = Zurücknehmen
takeback-off = Zurücknehmen ist auf diesem Server ausgeschaltet.
takeback-too-late = Zu spät zum Zurücknehmen: Die Partie ist weitergegangen. Nichts wurde geändert.
takeback-denied-nothing = Du hast noch keine Aktion, die du zurücknehmen könntest.
takeback-denied-answered = { $name } hat seitdem geantwortet: Deine letzte Aktion kann nicht mehr zurückgenommen werden.
takeback-denied-reveals = Deine letzte Aktion kann nicht zurückgenommen werden: Dabei wurde eine Karte gezogen, gezeigt oder aufgedeckt, und das Zurücknehmen würde dir etwas Neues verraten.
takeback-asked = Du hast { $name } um Erlaubnis gebeten, deine letzte Aktion zurückzunehmen: „{ $what }“. Die Bitte verfällt, sobald { $name } zieht, oder nach { $hours ->
        [one] 1 Stunde
       *[other] { $hours } Stunden
    }.
takeback-done-you = Zurückgenommen: „{ $what }“.
takeback-done-you-reply = Zurückgenommen: „{ $what }“ und die Antwort von { $name }.
takeback-prompt = { $name } bittet darum, die letzte Aktion zurückzunehmen: „{ $what }“. Erlaubst du es?
button-takeback-allow = Erlauben
button-takeback-decline = Ablehnen
takeback-you-allowed = Du hast es erlaubt: Die Aktion von { $name } ist zurückgenommen, und { $name } ist wieder am Zug.
takeback-you-declined = Du hast abgelehnt: Die Aktion von { $name } bleibt.
takeback-lapsed = Diese Bitte ist verfallen (die Partie ist weitergegangen, oder sie hat länger als { $hours ->
        [one] 1 Stunde
       *[other] { $hours } Stunden
    } gewartet). Nichts wurde geändert.
takeback-not-for-you = Diese Bitte muss { $name } beantworten.
takeback-wait-answer = Warte darauf, dass { $name } deine Bitte beantwortet.
takeback-declined-before = { $name } hat das Zurücknehmen dieser Aktion abgelehnt: Sie bleibt. Nichts wurde geändert.
panel-taken-back-yours = Deine letzte Aktion wurde zurückgenommen: „{ $what }“.
panel-taken-back-theirs = Die letzte Aktion von { $name } wurde zurückgenommen: „{ $what }“.

## Rate-Limit der Liga-Befehle.
limit-league-commands = { $count ->
        [one] 1 Liga-Befehl
       *[other] { $count } Liga-Befehle
    }

# Gleichzeitige Effekte (Regelversion 6): der aktive Spieler wählt, was zuerst abgehandelt wird.
choice-resolve-first = Zuerst abhandeln: { $trigger }
panel-seat = Spieler { $n }

## „Warum kann ich nicht …?“: was ein Spieler bei der Wahl seiner Aktion gerade nicht
## kann, jeweils mit der Regel, die es verbietet (`Why` der Engine), hinter einem Knopf.
button-why-not = Warum kann ich nicht …?
why-not-heading = Was du gerade nicht kannst, und warum:
why-not-nothing = Alles, was du jetzt tun könntest, wird angeboten.
why-summon = **Beschwören: { $card }**: { $reason }
why-activate = **Aktivieren: Trupp im { $zone }**: { $reason }
why-score = **Erbeuten: { $crystal }**: { $reason }
why-score-any = **Einen Kristall erbeuten**: { $reason }
why-replenish = **Auffrischen**: { $reason }
why-invade = **Überfallen: das gegnerische Heimatgebiet**: { $reason }
why-initiative = das kostet { $cost } Initiative, und du kannst { $spendable ->
        [0] keine
       *[other] nur { $spendable }
    } ausgeben (der Marker kann nicht über das Ende der Leiste hinaus).
why-crystal-zones = zum Erbeuten brauchst du 2 der 3 Kristallgebiete, und du kontrollierst { $held }.
why-opponent-home = zum Überfallen muss ein Trupp von dir das { $home } kontrollieren.
why-no-squad = du hast dort keinen Trupp.
why-not-in-hand = beschworen werden Einheiten aus deiner Hand (oder Einheiten mit „Untot“ aus deinem Ablagestapel).
why-summon-size = eine Beschwörung umfasst 1 bis { $max } Einheiten.
why-not-in-market = dieser Kristall liegt nicht offen aus.
why-not-your-move = du bist nicht am Zug.
why-not-now = die Partie fragt gerade etwas anderes.
why-other = das ist kein erlaubter Zug.

## Tipps (nur in Partien gegen die KI): der Zug, den die Suche der normalen KI vorzieht.
button-hint = Tipp
hint-text = 💡 **Tipp:** { $choice }
    Die Suche der normalen KI, die nur sieht, was du siehst, gibt dir damit { $percent } % Siegchance{ $next }.
hint-next = {" "}(der nächstbeste Zug: { $percent } %)
hint-assisted = Diese Partie ist jetzt als unterstützt markiert: Sie wird nicht gewertet.
hint-only-against-ai = Tipps gibt es nur in Partien gegen die KI.
hint-nothing = Gerade hast du nichts zu entscheiden.
hint-out-of-date = Dieses Fenster ist veraltet: Öffne deinen Zug erneut, um einen Tipp zur aktuellen Stellung zu bekommen.
hint-failed = Gerade ließ sich kein Tipp ermitteln; versuch es gleich noch einmal.
hint-only-choice = 💡 **Tipp:** Hier bleibt dir nur eins: { $choice }

# Private Notizen eines Spielers zu einer Partie (der Knopf „Notizen“ im Panel, ein Formular).
button-notes = 📝 Notizen
notes-title = Deine Notizen zu Partie #{ $id }
notes-label = Nur du kannst sie lesen
notes-placeholder = Pläne, was der Gegner vorhat, was du nächstes Mal versuchst…
notes-saved = Deine Notiz zu Partie #{ $id } ist gespeichert. Nur du siehst sie, oben in deinem Panel.
notes-cleared = Deine Notiz zu Partie #{ $id } ist gelöscht.
notes-line = 📝 Deine Notiz: { $note }

# Das Protokoll einer Partie auf Deutsch (siehe die englische Datei für jede Nachricht).
# Jedes Gebiet heißt „…gebiet“ (sächlich): so passen „ins“, „im“ und „aus dem“ zu allen.
# Kartennamen sind oft Mehrzahl („Heilerinnen“): eine Karte ist darum nie Subjekt.
# Manche Namen beginnen mit einem Artikel („Der Wunsch des Windes“): ein Name steht darum
# nie, wo der Artikel gebeugt werden müsste, sondern nach einem Doppelpunkt oder als Subjekt.

## Teile einer Zeile

log-list = { $init } und { $last }
log-nothing = nichts

## Eine Zeile je Ereignis

log-match-started = { $who } beginnt.
log-mulliganed-cards = { $who } mischt beim Mulligan { $cards } zurück in den Nachziehstapel.
log-mulliganed = { $who } mischt beim Mulligan { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    } zurück.
log-drew-cards = { $who } zieht { $cards }.
log-drew = { $who } zieht { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    }.
log-reshuffled = Der Nachziehstapel von { $who } ist leer: Der Ablagestapel wird zu einem neuen Nachziehstapel mit { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    } gemischt.
log-turn-started = Zug { $turn }: { $who } ist am Zug.
log-paid = { $who } zahlt { $amount } Initiative.
log-summoned = { $who } beschwört { $cards } ins { $zone } (Kosten { $cost }).
log-activated = { $who } aktiviert den Trupp im { $zone } (Kosten { $cost }).
log-reordered = { $who } formiert den Trupp im { $zone } neu, von oben: { $cards }.
log-then-ordered = { $line } Reihenfolge von oben: { $cards }.
log-moved = { $who } bewegt { $cards } aus dem { $from } ins { $to }.
log-stayed = Der Trupp von { $who } bleibt im { $zone }.
log-unit-discarded = { $who } legt { $card } aus dem Trupp im { $zone } ab.
log-battle-started = { $who } beginnt einen Kampf im { $zone }.
log-battle-card-from-deck = { $who } hat keine Handkarten und spielt die oberste Karte des Nachziehstapels.
log-battle-card-chosen = { $who } wählt { $card } als Kampfkarte.
log-battle-card-secret = { $who } wählt eine Kampfkarte.
log-revealed = Aufgedeckt: { $first }; { $second }.
log-reveal-played = { $who } spielt { $card } ({ $style ->
        [bold] KÜHN
        [guarded] ZURÜCKHALTEND
       *[tricky] TRICKREICH
    }, { $side ->
        [left] linker
       *[right] rechter
    } Kampfeffekt)
log-reveal-nothing = { $who } hat keine Karte zum Spielen
log-effects-ordered = Die Kampfeffekte von { $who } werden zuerst abgehandelt.
log-unit-destroyed = Im { $zone } zerstört: { $card }.
log-unit-removed = Aus dem Spiel entfernt: { $card }.
log-joined-squad = { $who } fügt { $card } dem Trupp im { $zone } hinzu.
log-damage = Schaden: { $first }; { $second }.
log-damage-blocked = { $who } greift mit { $attack } an, die Verteidigung fängt { $blocked } ab, { $damage } Schaden
log-damage-dealt = { $who } fügt { $damage } Schaden zu
log-no-damage = Ein Trupp hat den Kampf vor dem Schaden verlassen: Es wird kein Schaden zugefügt.
log-battle-card-returned = { $who } nimmt die Kampfkarte { $card } auf die Hand.
log-battle-card-discarded = Die Kampfkarte { $card } von { $who } wird abgelegt.
log-battle-ended = Der Kampf im { $zone } ist vorbei.
log-replenished = { $who } frischt auf.
log-card-discarded = { $who } legt { $card } ab.
log-invaded = { $who } überfällt mit Angriff { $attack }: Der Gegner legt so viele Karten von seinem Nachziehstapel ab.
log-milled = { $who } legt { $card } oben vom Nachziehstapel ab.
log-scored = { $who } erbeutet einen Kristall (Kosten { $cost }): { $crystal }.
log-scored-free = { $who } erbeutet kostenlos einen Kristall: { $crystal }.
log-crystal-revealed = { $crystal } liegt jetzt offen aus.
log-turn-passed = Die Initiative geht an { $who }.
log-won = { $who } gewinnt die Partie!
log-turn-limit = Zug { $turn } war der letzte, den die Regeln erlauben, also endet die Partie: { $by ->
        [crystals] { $who } hat mehr Kristalle, { $count } zu { $other_count }.
        [zones] beide haben { $crystals } Kristalle, und { $who } kontrolliert mehr Kristallgebiete, { $count } zu { $other_count }.
       *[second] Kristalle ({ $crystals } je) und Kristallgebiete ({ $count } je) sind gleich, und { $who } hatte den zweiten Zug.
    }
log-initiative-gained = { $who } erhält { $amount } Initiative.
log-predicted = { $who } sagt eine { $style ->
        [bold] KÜHNE
        [guarded] ZURÜCKHALTENDE
       *[tricky] TRICKREICHE
    } Kampfkarte vorher.
log-prediction-right = Die Vorhersage von { $who } trifft zu.
log-sacrificed = { $who } opfert { $card } für +6 { $stat ->
        [attack] Angriff
       *[defense] Verteidigung
    }.
log-crystal-used = { $who } setzt einen Kristall ein (jetzt verdeckt): { $crystal }.
log-crystal-left-game = { $who } entfernt einen Kristall aus dem Spiel: { $crystal }.
log-flanked = { $who } flankiert: Der Schaden beginnt bei der untersten Einheit.
log-healed = Geheilt und ins { $zone } gelegt: { $card }.
log-placed = Aus dem { $from } ins { $to } versetzt: { $cards } von { $who }.
log-returned-to-hand = { $who } nimmt { $card } auf die Hand zurück.
log-looked-cards = { $who } sieht sich { $cards } an.
log-looked = { $who } sieht sich { $count ->
        [one] 1 verdeckte Karte
       *[other] { $count } verdeckte Karten
    } an.
log-kept-card = { $who } behält { $card }.
log-kept = { $who } behält eine Karte.
log-tucked-card = { $who } legt { $card } aus der Hand des Gegners { $top ->
        [yes] oben auf
       *[no] unter
    } dessen Nachziehstapel.
log-tucked = { $who } legt eine Karte aus der Hand des Gegners { $top ->
        [yes] oben auf
       *[no] unter
    } dessen Nachziehstapel.
log-recovered = { $who } nimmt { $card } aus dem Ablagestapel { $to_hand ->
        [yes] auf die Hand
       *[no] auf den Nachziehstapel
    }.
log-hand-card-discarded = { $who } muss { $card } von der Hand ablegen.
log-demoralized = { $who } zahlt { $cost }, um { $card } ins Heimatgebiet zurückzuschicken.

## Der Kampf-Post

battle-revealed = Die Kampfkarten werden aufgedeckt!
battle-decided = Der Kampf ist entschieden.
battle-title = Partie #{ $id }: Kampf

## Wiederholungen (`/clans wiederholung` und der Post am Ende einer Partie)

replay-post = 🎞️ Wiederholung der Partie #{ $id }, { $first } gegen { $second }: { $turns ->
        [one] 1 Zug
       *[other] { $turns } Züge
    }, { $battles ->
        [one] 1 Kampf
       *[other] { $battles } Kämpfe
    }.
replay-choice = #{ $id } · { $first } gegen { $second }
replay-unknown = Es gibt keine Partie #{ $id } auf diesem Server oder unter deinen Partien. `/clans profil` zeigt deine letzten.
replay-still-playing = Partie #{ $id } läuft noch. Sobald sie endet, wird ihre Wiederholung in ihrem Thread gepostet; `/clans spielplan` zeigt den Stand.
replay-failed = Die Wiederholung der Partie #{ $id } konnte nicht gezeichnet werden. Bitte versuche es später noch einmal.

## Gleichzeitige Effekte (Regelversion 6): wie jeder wartende Effekt heißt, in den
## Wahlmöglichkeiten des Zugpanels und in der Logzeile, die sagt, welcher zuerst kam.

trigger-death = { $card } zerstört ({ $ability })
trigger-battle-start = Fähigkeiten und Kristalle von { $who } zu Kampfbeginn
trigger-tactical = { $ability } des kämpfenden Trupps von { $who }
trigger-entered = Trupp von { $who } kommt ins { $zone }
trigger-arrived = { $card } beschworen ({ $ability })
trigger-gain = { $who } erhält { $amount } Initiative
trigger-gain-draw = { $who } erhält { $amount } Initiative und zieht danach bis zu { $draw ->
        [one] 1 Karte
       *[other] { $draw } Karten
    }
log-trigger-first = { $who } handelt zuerst ab: { $trigger }.

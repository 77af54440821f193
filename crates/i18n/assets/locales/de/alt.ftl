# Der Alternativtext jedes Bildes, das der Bot postet (die `description` des Anhangs,
# die ein Screenreader vorliest und Discord hinter seinem ALT-Abzeichen zeigt; höchstens
# 1.024 Zeichen). Aus derselben Ansicht geschrieben, aus der das Bild gezeichnet wird.

## Das Spielbrett

alt-board = Crystal-Clans-Spielbrett, { $first } gegen { $second }, Zug { $turn }.
alt-board-setting-up = Crystal-Clans-Spielbrett, { $first } gegen { $second }, im Aufbau.
alt-board-over = Crystal-Clans-Spielbrett, { $first } gegen { $second }: { $winner } hat gewonnen.
alt-waiting = { $who } { $count ->
        [one] muss jetzt
       *[other] müssen jetzt
    } { $question }.
alt-crystals = { $name } hat { $count } von { $need } Kristallen.
alt-for-sale = Kristalle zum Erbeuten: { $crystals }.
alt-marked = Für diese Lektion umrandet: { $parts }.
alt-marked-track = die Initiativeleiste
alt-marked-market = die Kristalle zum Erbeuten
alt-marked-player = die Ecke von { $name } (Kristalle, Hand und Stapel)
alt-zone = { $zone }: { $squads }.
alt-zone-empty = { $zone }: leer.
alt-squad = { $name }: { $units }
alt-squads-both = { $first }; { $second }
alt-zones-more = { $count ->
        [one] und 1 weiteres Gebiet.
       *[other] und { $count } weitere Gebiete.
    }

## Die Initiative, überall gleich gesagt (Spielbrett, Fenster, Alternativtext)

initiative-holder = { $name } hat { $amount } Initiative
initiative-yours = du hast { $amount } Initiative
initiative-nobody = niemand hat Initiative (der Marker steht auf 0)

## Ein Kampf

alt-battle = Kampf im { $zone }: { $attacker } hat { $defender } angegriffen.
alt-battle-card = { $name } spielte { $card } ({ $style }); ausgelöst wurde der { $side ->
        [left] linke
       *[right] rechte
    } Effekt: { $effect }.
alt-battle-card-hidden = { $name } hat eine Kampfkarte gewählt.
alt-battle-damage = { $name } verursachte { $damage } Schaden (Angriff { $attack } gegen Verteidigung { $defense }).
alt-battle-no-damage = Es wurde kein Schaden verursacht.
alt-battle-fell = Zerstört: { $units }.
alt-battle-none-fell = Keine Einheit wurde zerstört.
alt-battle-pending = Der Schaden folgt; zuerst { $count ->
        [one] muss
       *[other] müssen
    } { $who } { $question }.
alt-battle-pending-nobody = Der Schaden steht noch aus.

## Eine Hand, eine Karte

alt-hand = Hand von { $name }, { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    }: { $cards }.
alt-hand-empty = Die Hand von { $name } ist leer.
alt-hand-card = { $name } ({ $style }, Beschwörungskosten { $summon }, Angriff { $attack }, Verteidigung { $defense })
alt-card = { $name }: { $style }, { $numbers }{ $ability }. Linker Effekt: { $left }. Rechter Effekt: { $right }.
alt-card-numbers = Beschwörungskosten { $summon }, Angriff { $attack }, Verteidigung { $defense }, Aktivierungskosten { $activation }
alt-card-ability = , Fähigkeit { $ability }

## Wiederholungen, Grafiken, Tabellen, Crystallo

alt-replay = Animierte Wiederholung von Partie { $id }, { $first } gegen { $second }: { $turns ->
        [one] 1 Zug
       *[other] { $turns } Züge
    }, { $battles ->
        [one] 1 Kampf
       *[other] { $battles } Kämpfe
    }.
alt-graph = Grafik der Siegchance von { $name } nach jedem Zug von Partie { $id }: { $points }.
alt-graph-point = Zug { $turn } { $percent } %
alt-standings = Tabelle von { $league }: { $rows }.
alt-standings-row = { $rank }. { $name }, { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }
alt-cavern = Crystallo-Höhle, { $phase }: { $placed ->
        [one] 1 Karte gelegt
       *[other] { $placed } Karten gelegt
    }, { $left ->
        [one] 1 Karte zum Ziehen übrig
       *[other] { $left } Karten zum Ziehen übrig
    }; { $held } von 6 Wesen noch gefangen, { $gems } von 6 Edelsteinen auf dem Schwarzen Drachen; { $treasures ->
        [one] 1 Schatz
       *[other] { $treasures } Schätze
    } gesammelt.
alt-cavern-explore = Phase 1, die Wesen befreien
alt-cavern-dragon = Phase 2, den Schwarzen Drachen fangen
alt-cavern-over = das Spiel ist vorbei

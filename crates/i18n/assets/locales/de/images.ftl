# German texts of images.ftl (see the English file for what each message is).
# Terms as in the German rulebook: Initiative, Trupp, Einheit, Kampfkarte, Kristall,
# Gebiet (Heimatgebiet, Kristallgebiet), Nachziehstapel, Ablagestapel, Held, Gewöhnlich,
# Angriff, Verteidigung.

## The board's header

img-player = Spieler { $number }
img-question-in-zone = { $question } ({ $zone })
img-winner = { $name } gewinnt die Partie!
img-setting-up = Aufbau
img-turn-to-answer = Zug { $turn } · { $name } antwortet ({ $active } ist am Zug)
img-turn-both-answer = Zug { $turn } · beide antworten ({ $active } ist am Zug)
img-turn-to-move = Zug { $turn } · { $name } ist am Zug
img-two-names = { $first } und { $second }
img-match-over = Die Partie ist vorbei
img-waiting = Wartet auf { $who }: { $question }

## The board's zones (each by its one name, `zone-home` and its kin in rules.ftl), squads,
## market and each player's end

img-under = { $count } darunter: { $names }
img-for-sale = Auslage
img-crystals-of = Kristalle: { $count } von { $need }
img-more = +{ $count } weitere
img-face-down = { $name } (verdeckt)
img-draw-pile = Nachziehstapel

## Legends

img-attack = Angriff
img-defense = Verteidigung
img-activation-cost = Aktivierungskosten
img-summon-cost = Beschwörungskosten
img-neutral-initiative = neutrale Initiative
img-provisional = † vorläufig: vom Bot entworfen, nicht gedruckt
img-not-in-play = * noch nicht im Spiel

## Card faces

img-no-ability = keine Einheitenfähigkeit
img-left = LINKS
img-right = RECHTS
img-hand-title = Hand von { $name }
img-hand-info = { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    } · { $clan }
img-hand-empty = Keine Karten auf der Hand.
img-card-other-name = Englisch: { $name }
img-card-no-other-name = Englischer Name unbekannt
img-card-copies = { $clan } · { $count ->
        [one] 1 Exemplar
       *[other] { $count } Exemplare
    }{ $mark } im Klandeck

## Battle effects as printed on a card

img-effect-attack = +{ $amount } Angriff
img-effect-defense = +{ $amount } Verteidigung
img-effect-attack-per = +{ $amount } Angriff je { $kind }
img-effect-draw = { $count } ziehen
img-effect-draw-per-destroyed = 1 ziehen je zerstörter Einheit
img-effect-return = zurück auf die Hand
img-effect-destroy-top = oberste Einheit zerstören
img-effect-destroy-bottom = unterste Einheit zerstören
img-effect-destroy-choice = eine Einheit zerstören
img-effect-opponent-removes = Gegner entfernt eine Einheit
img-effect-join = tritt dem Trupp bei
img-effect-double-attack = doppelter Angriff, wenn alle { $kind }
img-effect-ignore-attack = gegnerischen Angriff ignorieren
img-effect-ignore-defense = gegnerische Verteidigung ignorieren
img-effect-retreat = Rückzug
img-effect-send-home = Gegner nach Hause schicken
img-effect-mills = Gegner legt { $count } ab
img-effect-initiative = +{ $amount } Initiative
img-effect-nothing = kein Effekt

## The battle image

img-battle-in = Kampf im { $zone }
img-attacked = { $attacker } hat { $defender } angegriffen
img-beats = { $winner } schlägt { $loser }
img-both-style = Beide { $style }
img-one-no-card = Ein Spieler hatte keine Kampfkarte
img-no-cards = Keine Kampfkarten
img-effect-of = { $side ->
        [left] links für { $name }
       *[right] rechts für { $name }
    }
img-played-no-card = { $name } spielte keine Karte
img-not-revealed = Die Kampfkarten wurden nicht aufgedeckt
img-attacker = Angreifer
img-defender = Verteidiger
img-no-battle-card = keine Kampfkarte
img-damage-dealt = Schaden
img-no-damage-left = Kein Schaden: ein Trupp hat den Kampf verlassen.
img-no-damage = Kein Schaden zugefügt.
img-nobody-fell = Keine Einheit fiel.
img-destroyed = Zerstört:
img-removed = Aus dem Spiel entfernt:
img-no-squad-now = Kein Trupp von { $name } mehr im { $zone }.
img-still-standing = Es stehen noch: { $names }.
img-card-joined = Die Kampfkarte ist dem Trupp beigetreten.

## The replay's captions

img-cap-turn = Zug { $turn }
img-cap-battle-in = Kampf im { $zone }
img-cap-no-card = keine Karte
img-cap-damage = Schaden { $first }-{ $second }
img-cap-no-damage = kein Schaden
img-cap-fell = { $count ->
        [0] niemand fiel
        [one] 1 Einheit fiel
       *[other] { $count } Einheiten fielen
    }
img-cap-nothing = nichts
img-cap-a-card = eine Karte
img-cap-a-crystal = unbekannt
img-cap-summoned = beschwor { $cards } ins { $zone }
img-cap-moved = bewegte { $cards } ins { $zone }
img-cap-attacked = griff im { $zone } an
img-cap-scored = erbeutete einen Kristall ({ $crystal })
img-cap-replenished = frischte auf
img-cap-invaded = überfiel ({ $attack })
img-cap-no-action = keine Aktion
img-cap-wins = { $name } gewinnt!
img-cap-turn-limit = Zuglimit
img-cap-skipped = { $count ->
        [one] 1 Bild übersprungen
       *[other] { $count } Bilder übersprungen
    }

## Names printed on the cards, as `/clans card` and `/clans rules` say them. From the
## German rulebook: the battle styles, Schlaf, Vorhersage, Horde, Klonen, Verbunden,
## Gleichschritt, Taktik; the others are the project's own German.


## The post-game analysis graph (`/clans analysis`)

img-analysis-title = Partie #{ $id } · { $first } gegen { $second }
img-analysis-subtitle = Siegchance nach jedem Zug (KI-Suche, beide Hände bekannt)
img-analysis-turn = Zug
img-analysis-percent = { $percent } %
img-analysis-mark = { $number } · Zug { $turn } · { $name }: von { $before } % auf { $after } %
img-analysis-played = Gespielt: { $action } ({ $percent } %)
img-analysis-preferred = Die KI bevorzugte: { $action } ({ $percent } %)
img-analysis-agrees = Die KI bewertet diesen Zug so hoch wie ihre eigene Wahl.

## Das Tabellenbild einer Liga.
standings-after-round = Tabelle nach Runde { $round } von { $rounds }
standings-final = Abschlusstabelle
standings-col-rank = Platz
standings-col-player = Spieler
standings-col-points = Punkte
standings-col-sb = SB
standings-col-buchholz = Buchholz
standings-col-games = Partien
standings-col-clans = Gespielte Klans
standings-legend-sb = SB: Sonneborn-Berger, die Punkte aller besiegten Gegner
standings-legend-buchholz = Buchholz: die Punkte aller Gegner
standings-no-clans = noch keine

## The board's short words, read in Discord's inline box: each player's hand and
## piles counted in a narrow box

img-short-hand = Hand: { $count }
img-short-draw = Stapel: { $count }
img-short-discard = Ablage: { $count }
img-short-removed = Entfernt: { $count }

## A battle's picture drawn before its damage (a decision pauses the battle): what is
## still to come; $who is one name or two (`img-two-names`), $question what is asked

img-damage-follows = Der Schaden folgt. Zuerst { $who }: { $question }.
img-damage-to-come = Der Schaden steht noch aus.

# Karten- und Regeltexte (siehe die englische Datei, was jede Nachricht ist), in den
# eigenen Worten des Bots, nie der gedruckte Kartentext. Die Begriffe folgen der
# deutschen Spielregel: Gebiet, Heimatgebiet, Kristallgebiet, Trupp, Einheit,
# Beschwören, Aktivieren, Neu formieren, Bewegen, Kämpfen, Erbeuten, Auffrischen,
# Überfallen, Kampfkarte, Kampfstil, Ablagestapel, Nachziehstapel, Initiative.
# Namen, die die Regel nicht nennt, sind die des Projekts (so gekennzeichnet).

## Kampfeffekte

effect-attack = +{ $n } Angriff
effect-defense = +{ $n } Verteidigung
effect-attack-per = +{ $n } Angriff für jede Einheit vom Typ { $kind } in deinem Trupp
effect-draw = du darfst bis zu { $n ->
        [one] 1 Karte
       *[other] { $n } Karten
    } ziehen
effect-draw-per-destroyed = nach dem Schaden darfst du für jede in diesem Kampf zerstörte Einheit 1 Karte ziehen
effect-return = du darfst diese Karte wieder auf deine Hand nehmen
effect-destroy-top = die oberste Einheit des feindlichen Trupps wird zerstört
effect-destroy-bottom = die unterste Einheit des feindlichen Trupps wird zerstört
effect-destroy-choice = eine feindliche Einheit deiner Wahl wird zerstört
effect-opponent-removes-unit = dein Gegner wählt eine seiner kämpfenden Einheiten und entfernt sie aus dem Spiel
effect-join-squad = diese Karte kommt als unterste Einheit in deinen Trupp
effect-double-attack-if-all = der Angriff deines Trupps zählt doppelt, wenn jede seiner Einheiten vom Typ { $kind } ist
effect-ignore-attack = die Angriffsboni auf der Kampfkarte deines Gegners zählen nicht
effect-ignore-defense = die Verteidigungsboni auf der Kampfkarte deines Gegners zählen nicht
effect-retreat = dein Trupp zieht sich in ein benachbartes Gebiet zurück; es wird kein Schaden zugefügt
effect-send-enemy-home = der feindliche Trupp wird in sein Heimatgebiet geschickt; es wird kein Schaden zugefügt
effect-opponent-mills = { $n ->
        [one] dein Gegner legt die oberste Karte seines Nachziehstapels ab
       *[other] dein Gegner legt die obersten { $n } Karten seines Nachziehstapels ab
    }
effect-gain-initiative = du erhältst { $n } Initiative
effect-nothing = kein Effekt

## Einheitenfähigkeiten

ability-none = Keine Fähigkeit.
ability-flight = Besteht der aktivierte Trupp nur aus fliegenden Einheiten, darf er sich bis zu 2 Gebiete weit bewegen und dabei auch ein Gebiet mit einem feindlichen Trupp verlassen.
ability-heal = Andere Einheiten dieses Trupps, die in einem Kampf zerstört werden, kommen statt auf den Ablagestapel in dein Heimatgebiet.
ability-clone = Wird diese Einheit zerstört, darfst du eine weitere Kopie von ihr ohne Initiativekosten von deiner Hand beschwören.
ability-shift = Beschwörst du eine einzelne Einheit, darfst du sie statt in deinem Heimatgebiet im Gebiet dieses Trupps platzieren; diese Einheit kehrt dann auf deine Hand zurück, und du erhältst 1 Initiative.
ability-linked = Nachdem du diese Einheit beschworen hast, darfst du { $card } aus deinem Ablagestapel auf deine Hand nehmen.
ability-demoralize = Bewegt sich dieser Trupp in ein Gebiet, darfst du Initiative in Höhe der Aktivierungskosten einer feindlichen Einheit dort bezahlen, um diese Einheit in ihr Heimatgebiet zu schicken.
ability-inform = Beschwörst du diese Einheit, schaust du dir die obersten 4 Karten deines Nachziehstapels an, nimmst 1 davon auf die Hand und legst die übrigen in beliebiger Reihenfolge zurück (sind es weniger als 4, schaust du sie nur an).
ability-sacrifice = Zu Beginn eines Kampfes darfst du diese Einheit aus dem Spiel entfernen; ihr Trupp erhält dann für diesen Kampf +6 Angriff oder +6 Verteidigung.
ability-reapers = Wird diese Einheit zerstört, kommt die oberste Karte deines Nachziehstapels auf deinen Ablagestapel.
ability-raise-the-dead = Du darfst wiederbelebte Einheiten direkt in das Gebiet dieses Trupps beschwören statt in dein Heimatgebiet.
ability-lead-devout = Für jede ergebene Einheit in ihrem Trupp, sie selbst mitgezählt, hat diese Einheit +1 Angriff.
ability-command = Mit einem weiteren Ritter im Trupp: Das Aktivieren des Trupps kostet 1 weniger (nie unter 1), und er hat +2 Angriff.
ability-in-step = Mit einem weiteren Ritter im Trupp: Das Aktivieren des Trupps kostet 1 weniger (nie unter 1), auch bei Effekten deines Gegners.
ability-time-anomaly = Solange dieser Trupp nicht selbst kämpft, hat dein kämpfender Trupp +2 Angriff; wird jener Trupp vollständig zerstört, kehrt diese Einheit auf deine Hand zurück.
ability-gravity-pull = Dieser Trupp hat +1 Angriff für jeden Trupp, den du kontrollierst.
ability-spy = Bewegt sich dieser Trupp in das Gebiet eines feindlichen Trupps oder in ein dazu benachbartes Gebiet, siehst du dir die Hand deines Gegners an und legst eine ihrer Karten oben oder unten auf seinen Nachziehstapel.
ability-tactical = Beginnt ein Kampf dieses Trupps, legt dein Gegner die oberste Karte seines Nachziehstapels ab.
ability-builder-support = Bauwerke in das Gebiet dieses Trupps zu beschwören kostet 1 weniger.
ability-last-rites = Wird diese Einheit zerstört, darfst du eine wiederbelebte Einheit von deiner Hand oder aus deinem Ablagestapel ohne Initiativekosten in ihr Gebiet setzen.
ability-bloodlust = Du erhältst 1 Initiative für jede feindliche Einheit, die dieser Trupp mit Kampfschaden zerstört.
ability-ranged-support = Deine kämpfenden Trupps in benachbarten Gebieten haben +2 Angriff.
ability-rebuild = Beschwörst du diese Einheit, darfst du bis zu 2 Karten { $card } aus deinem Ablagestapel auf deine Hand nehmen.
ability-haste-network = Das Aktivieren deiner Trupps in diesem und in benachbarten Gebieten kostet 1 weniger (nie unter 1).
ability-guardian = Dieser Trupp hat im Kampf +2 Verteidigung.

## Klanfähigkeiten

signature-sleep = Solange diese Einheit oben auf einem kämpfenden Trupp liegt, zählt die oberste Einheit des feindlichen Trupps mit 0 Angriff; Boni für den ganzen Trupp und von Kampfkarten zählen weiter.
signature-predict = Zu Beginn eines Kampfes darfst du einen Kampfstil ansagen; hat die feindliche Kampfkarte diesen Stil, erhältst du 1 Initiative und darfst 1 Karte ziehen.
signature-flank = Im Kampf darfst du den Schaden deines Trupps von der untersten Einheit des feindlichen Trupps an aufwärts zuweisen statt von oben.
signature-undying = Du darfst diese Einheit aus deinem Ablagestapel beschwören, als wäre sie auf deiner Hand, zu ihren üblichen Kosten.
signature-horde = Solange diese Einheit oben auf ihrem Trupp liegt, darf der Trupp bis zu { $limit } Einheiten statt 3 haben; liegt sie nicht mehr oben, legst du bis auf 3 Einheiten ab.
signature-build = Du darfst Bauwerke statt in dein Heimatgebiet in das Gebiet eines deiner Trupps beschwören, dessen oberste Einheit Bauen hat.

## Kristalle

-battle-start = Zu Beginn eines Kampfes, bevor die Kampfkarten gewählt werden, darfst du diesen Kristall umdrehen:
crystal-broken-vessel = Zu Beginn eines Kampfes darfst du diesen Kristall aus dem Spiel entfernen, um jede Einheit des feindlichen kämpfenden Trupps zu zerstören; danach zählt er nicht mehr zu deinen Kristallen.
crystal-winds-wish = Erbeutest du ihn, darfst du bis zu 2 Karten aus deinem Ablagestapel oben auf deinen Nachziehstapel legen.
crystal-sorens-bounty = Erbeutest du ihn, frischst du auf, ohne Initiative zu bezahlen.
crystal-mygards-shield = { -battle-start } dein Trupp hat in diesem Kampf +4 Verteidigung.
crystal-fox-tail = { -battle-start } in diesem Kampf trifft der Schaden deines Trupps den feindlichen Trupp von der untersten Einheit an aufwärts.
crystal-astral-pyramid = Beschwörst du eine einzelne Einheit, darfst du diesen Kristall umdrehen, um sie statt in dein Heimatgebiet in ein Kristallgebiet zu beschwören, das du kontrollierst.
crystal-bitter-blessing = Erbeutest du ihn, siehst du dir die Hand deines Gegners an und wählst eine Karte, die er ablegen muss.
crystal-keeper-of-souls = Erbeutest du ihn, darfst du einen Helden aus deinem Ablagestapel auf deine Hand nehmen.
crystal-on-gain-draw = Erbeutest du ihn, ziehst du { $n ->
        [one] 1 Karte
       *[other] { $n } Karten
    }.
crystal-on-gain-initiative = Erbeutest du ihn, erhältst du { $n } Initiative.
crystal-on-gain-opponent-mills = Erbeutest du ihn, legt dein Gegner { $n ->
        [one] die oberste Karte
       *[other] die obersten { $n } Karten
    } seines Nachziehstapels ab.
crystal-on-gain-recover = Erbeutest du ihn, darfst du bis zu { $n ->
        [one] 1 gewöhnliche Einheit
       *[other] { $n } gewöhnliche Einheiten
    } aus deinem Ablagestapel auf deine Hand nehmen.
crystal-battle-attack = { -battle-start } dein Trupp hat in diesem Kampf +{ $n } Angriff.
crystal-battle-defense = { -battle-start } dein Trupp hat in diesem Kampf +{ $n } Verteidigung.
crystal-on-gain-summon = Erbeutest du ihn, darfst du eine Einheit von deiner Hand ohne Initiativekosten beschwören.

## Namen der Fähigkeiten: wie auf den deutschen Karten, wo die Regel sie zeigt;
## sonst (markiert) die des Projekts, wie auch die englischen dieser Fähigkeiten.

ability-name-flight = Fliegen
ability-name-heal = Heilen
ability-name-clone = Klonen
ability-name-shift = Formwandeln
ability-name-linked = Verbunden
ability-name-demoralize = Entmutigen
ability-name-inform = Informieren
ability-name-sacrifice = Opfer
ability-name-reapers = Schnitter
ability-name-raise-the-dead = Tote erwecken
ability-name-lead-devout = Ergebene Anführer
ability-name-command = Kommando
ability-name-in-step = Gleichschritt
ability-name-time-anomaly = Zeitanomalie
ability-name-gravity-pull = Gravitationssog
ability-name-spy = Spionieren
ability-name-tactical = Taktik
# Projekt:
ability-name-builder-support = Bauhilfe
# Projekt:
ability-name-last-rites = Letzte Riten
# Projekt:
ability-name-bloodlust = Blutdurst
# Projekt:
ability-name-ranged-support = Fernunterstützung
# Projekt:
ability-name-rebuild = Wiederaufbau
# Projekt:
ability-name-haste-network = Eilnetz
# Projekt:
ability-name-guardian = Wächter
signature-name-sleep = Schlaf
signature-name-predict = Vorhersage
signature-name-flank = Flankieren
signature-name-undying = Untot
signature-name-horde = Horde
# Projekt (die Klan-Übersichtskarte des Steinklans ist in keiner Quelle):
signature-name-build = Bauen

## Einheitentypen (wie auf den deutschen Karten; markierte vom Projekt), Ränge, Kampfstile

type-flying = Fliegend
# Projekt:
type-wise = Weise
type-magic = Magisch
type-knight = Ritter
type-performer = Darsteller
# Projekt:
type-mystic = Mystisch
type-stealthy = Heimlich
type-psychic = Hellsichtig
type-devout = Ergeben
type-skilled = Erfahren
# Projekt:
type-beast = Bestie
type-reanimated = Wiederbelebt
type-reckless = Rücksichtslos
# Projekt:
type-builder = Baumeister
# Projekt:
type-structure = Bauwerk
rank-hero = Held
rank-common = Gewöhnlich
style-bold = KÜHN
style-guarded = ZURÜCKHALTEND
style-tricky = TRICKREICH

## Gebiete: Art und Kennung wie auf dem Spielplan-Bild, ein Heimatgebiet mit seinem Besitzer

zone-home = Heimatgebiet von { $owner } ({ $id })
zone-crystal = Kristallgebiet { $id }
zone-plain = Gebiet { $id }
zone-seat = Spieler { $seat }
zone-number = Gebiet { $number }

## `/clans rules`

topic-goal = Ziel
topic-goal-text = Erbeute 4 Kristalle oder bring deinen Gegner in eine Lage, in der er dich nicht mehr aufhalten kann. In deinem Zug gibst du Initiative aus: Der Marker auf der Initiativeleiste wandert beim Bezahlen zu deinem Gegner hin, und du bist weiter am Zug, solange er auf deiner Seite oder in der Mitte bleibt. Spätestens nach Zug 200 endet die Partie: Dann gewinnt, wer mehr Kristalle hat, bei Gleichstand wer mehr Kristallgebiete kontrolliert, und bei vollem Gleichstand, wer den zweiten Zug hatte (eine Regel dieses Bots; die Spielregel kennt kein Limit).
topic-board = Spielplan
topic-board-text = Die Gebiete des Spielplans: das Heimatgebiet jedes Spielers, die drei Kristallgebiete (schraffiert: Wer 2 davon kontrolliert, darf Kristalle erbeuten) und die Felder dazwischen. Ein Trupp zieht in ein Gebiet, das an seines grenzt (ein Trupp aus fliegenden Einheiten darf 2 Gebiete weit: Fliegen). Welche Gebiete aneinandergrenzen:
topic-card = Karte
topic-card-text = Eine Einheitenkarte, von oben nach unten: Name und Typ; die Beschwörungskosten (die Initiative, die du zum Beschwören bezahlst); Angriff, Verteidigung und Aktivierungskosten (was das Aktivieren ihres Trupps kostet); die Signatur ihres Clans (auf manchen Karten) und ihre eigene Fähigkeit (eine für das Schlachtfeld markierte wirkt nur, solange die Einheit oben auf ihrem Trupp liegt). Unten steht der Kampfteil, der nur zählt, wenn du die Karte als geheime Kampfkarte spielst: ihr Kampfstil (kühn, zurückhaltend oder trickreich) und zwei Effekte. Dein linker Effekt wird ausgelöst, wenn dein Stil den der anderen Karte schlägt (kühn schlägt zurückhaltend, zurückhaltend schlägt trickreich, trickreich schlägt kühn); sonst dein rechter.
rules-example = Beispiel: { $lines }
topic-actions = Aktionen
topic-actions-text = Eine Aktion ist eine der folgenden: bis zu 3 Einheiten in dein Heimatgebiet beschwören; einen Trupp aktivieren (neu formieren, bewegen, vielleicht kämpfen); einen offen ausliegenden Kristall erbeuten, solange du zwei Kristallgebiete kontrollierst; auffrischen (3 bezahlen, Karten ablegen, bis auf 5 aufziehen); oder das feindliche Heimatgebiet überfallen.
topic-battle = Kampf
topic-battle-text = Steht dein aktivierter Trupp im selben Gebiet wie ein feindlicher Trupp, darfst du kämpfen. Beide wählen geheim eine Kampfkarte von der Hand; die Karten werden zusammen aufgedeckt, und ihre Kampfstile entscheiden, wessen linker Effekt ausgelöst wird (kühn schlägt zurückhaltend, zurückhaltend schlägt trickreich, trickreich schlägt kühn). Danach fügen sich die Trupps gegenseitig Schaden zu.
topic-initiative = Initiative
topic-initiative-text = Alles kostet Initiative. Wer bezahlt, schiebt den Marker zum Gegner hin; sobald er auf dessen Seite der Leiste liegt, ist der Gegner am Zug.
rules-more = Mit Bild: `/clans regeln Spielplan` (die Gebiete und welche aneinandergrenzen), `Karte` (die Teile einer Karte), `Kampf`, `Initiative`. Jede Fähigkeit, Klanfähigkeit und jeden Kristall kannst du auch beim Namen nennen: `/clans regeln Fliegen`.
rules-unit-ability = Einheitenfähigkeit
rules-unit-ability-top = Einheitenfähigkeit, wirkt nur bei der obersten Einheit eines Trupps
rules-on-cards = Auf den Karten: { $cards }.
rules-signature-top = Klanfähigkeit des { $clan }s, wirkt nur bei der obersten Einheit eines Trupps
rules-signature-discard = Klanfähigkeit des { $clan }s, wirkt aus dem Ablagestapel
rules-crystal = Kristall, Kosten { $cost }
rules-no-topic = Zu `{ $topic }` gibt es kein Regelthema. Ähnliche: { $close }. `/clans regeln` allein erklärt die Grundlagen.

## `/clans card`

card-values = Beschwörungskosten { $summon }, Angriff { $attack }, Verteidigung { $defense }, Aktivierungskosten { $activation }
card-left = Linker Kampfeffekt
card-right = Rechter Kampfeffekt
card-not-in-play = (noch nicht im Spiel)

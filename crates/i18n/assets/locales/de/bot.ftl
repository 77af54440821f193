# Was der Bot sagt, auf Deutsch. Begriffe wie im deutschen Regelheft (Initiative,
# Trupp, Beschwören, Aktivieren, Erbeuten, Auffrischen, Überfallen, Kristall, Gebiet,
# Heimatgebiet, Kampfkarte).

something-went-wrong = Da ist etwas schiefgegangen; bitte versuche es noch einmal.
done = Erledigt.
missing-permissions = Ich kann in diesem Kanal nicht { $doing }: Mir { $count ->
        [one] fehlt hier die Berechtigung
       *[other] fehlen hier die Berechtigungen
    } { $permissions }. Eine Server-Administration kann sie mir in diesem Kanal geben (oder einen anderen Kanal nutzen).
doing-run-match = eine Partie leiten
doing-post-board = den Spielplan posten
doing-post-replay = eine Wiederholung posten
no-such-clan = Es gibt keinen Klan namens `{ $name }`.
random-clan = zufällig
bots-cannot-accept = Bots können keine Herausforderung annehmen.
ai-match-begins = Partie #{ $id } gegen die KI beginnt unten. Viel Glück!
no-active-match = Du hast keine laufende Partie.
board-posted-below = Hier ist der Spielplan, unten gepostet.
replay-posted-below = Hier ist die Wiederholung, unten gepostet.
no-such-card = Keine Karte namens `{ $name }`.
help =
    {"**"}Crystal Clans**
    • Neu im Spiel? `/clans lernen` spielt eine geführte erste Partie gegen eine Anfänger-KI, mit einer kurzen Lektion bei jedem neuen Schritt.
    • `/clans herausfordern @jemand` fordert jemanden heraus (ohne Gegner eine offene Herausforderung; Optionen: Klans, Mulligan, Zugzeit in Minuten). `/clans gegen-ki` spielt gegen den Bot.
    • Bist du am Zug, klicke unter dem Spielplan auf **Zug machen**: ein privates Fenster führt dich durch die Art der Aktion, die Karten und wohin sie gehen, und zeigt vor dem Bestätigen die Kosten und deine Initiative danach.
    • Im Kampf klicken beide auf **Kampfkarte wählen** und wählen geheim; das Aufdecken wird gepostet, sobald beide gewählt haben.
    • `/clans hand` deine Hand (privat), `/clans spielplan` postet den Spielplan erneut, `/clans partien` deine Partien, `/clans aufgeben` gibt auf, `/clans verlauf` letzte Ergebnisse hier, `/clans rangliste` die Besten dieses Servers, `/clans profil` Wertung und Bilanz, `/clans wiederholung` eine animierte Wiederholung einer beendeten Partie, `/clans karte` zeigt eine Karte, `/clans regeln` die Regeln kurz oder was eine Fähigkeit bewirkt (`/clans regeln Fliegen`), `/clans dm true` private Fenster per Direktnachricht, `/clans sprache` die Sprache, in der ich dir antworte.
    • Server-Verwaltung: `/clans einstellungen` legt Erinnerungen, Zugzeit, Threads, den Kanal für Partien und die Sprache des Servers fest.
only-managers = Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Einstellungen ändern.
settings-belong-to-server = Einstellungen gehören zu einem Server.
settings-saved =
    Einstellungen gespeichert (neue Partien nutzen sie; laufende behalten ihre Bedingungen):
    • Erinnerungen: { $reminders }
    • Zugzeit: { $timeout }{ $warned ->
        [yes] {" "}(mit einer Warnung, wenn noch ein Fünftel der Zeit bleibt)
       *[no] {""}
    }
    • Threads: { $threads }
    • Partien beginnen in: { $channel }
    • Sprache der öffentlichen Posts: { $language }
setting-after = nach { $duration }
setting-off = aus
threads-off = aus (Partien laufen im Kanal)
threads-on = einer pro Partie
channel-only = nur <#{ $channel }>
channel-any = jedem Kanal
language-server-auto = die Discord-Sprache des Servers
language-name-en = Englisch
language-name-de = Deutsch
language-user-set = Ab jetzt antworte ich dir auf { $language }.
language-user-auto = Ab jetzt antworte ich dir in der Sprache deines Discord-Clients.
no-such-language = `{ $name }` spreche ich nicht; wähle Englisch oder Deutsch.
bots-have-no-profile = Bots haben kein Crystal-Clans-Profil.
permission-view-channel = Kanal ansehen
permission-send-messages = Nachrichten senden
permission-embed-links = Links einbetten
permission-attach-files = Dateien anhängen
permission-create-public-threads = Öffentliche Threads erstellen
permission-send-messages-in-threads = Nachrichten in Threads senden
no-thread-permissions = Diese Partie läuft hier im Kanal statt in einem eigenen Thread: Für den Thread { $count ->
        [one] fehlt mir hier die Berechtigung
       *[other] fehlen mir hier die Berechtigungen
    } { $permissions }. Eine Server-Administration kann sie mir in diesem Kanal geben.
days = { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }
hours = { $count ->
        [one] { $count } Stunde
       *[other] { $count } Stunden
    }
minutes = { $count ->
        [one] { $count } Minute
       *[other] { $count } Minuten
    }
could-not-post = ⚠️ Ich konnte nicht in <#{ $channel }> posten: Mir fehlt dort eine Berechtigung. Eine Server-Administration kann das beheben, indem sie mir in diesem Kanal die Berechtigungen „Kanal ansehen“, „Nachrichten senden“, „Nachrichten in Threads senden“, „Links einbetten“, „Dateien anhängen“ und „Öffentliche Threads erstellen“ gibt. { $after }
move-saved = Dein Zug selbst wurde gespeichert.
challenge-damaged = Die Knöpfe dieser Herausforderung sind ungültig, darum wurde nichts geändert. Bitte um eine neue Herausforderung.
button-invalid = Dieser Knopf ist nicht mehr gültig, darum wurde nichts geändert.
challenge-accepted = Herausforderung angenommen. Viel Glück!
sent-by-dm = An deine Direktnachrichten geschickt.
dms-closed = Ich konnte dir keine Direktnachricht schicken (deine DMs sind geschlossen), darum kommt es hier.
choice-damaged = Diese Auswahl ist beschädigt: Es wurde nichts geändert.

## Was eine Frage von einem Spieler verlangt (nach „muss“; Spielplan und Fenster).
question-mulligan = Karten für den Mulligan wählen
question-action = eine Aktion wählen
question-reorder = einen Trupp neu formieren
question-discard-down = Einheiten aus einem zu großen Trupp ablegen
question-move = entscheiden, ob sich der aktivierte Trupp bewegt
question-battle = entscheiden, ob gekämpft wird
question-battle-options = zu Kampfbeginn Fähigkeiten oder Kristalle einsetzen
question-battle-card = eine Kampfkarte wählen
question-order-effects = entscheiden, wessen Kampfeffekte zuerst abgehandelt werden
question-order-scores = entscheiden, wer zuerst einen Kristall kostenlos erbeutet
question-order-triggers = entscheiden, welcher der gleichzeitigen Effekte zuerst abgehandelt wird
question-may-draw = entscheiden, wie viele Karten gezogen werden
question-remove-own-unit = eine Einheit wählen, die aus dem Spiel entfernt wird
question-destroy-enemy-unit = eine feindliche Einheit wählen, die zerstört wird
question-flank = entscheiden, ob flankiert wird
question-retreat = wählen, wohin sich der Trupp zurückzieht
question-return-battle-card = entscheiden, ob die Kampfkarte auf die Hand genommen wird
question-replenish-discard = vor dem Aufziehen auf 5 Karten Handkarten ablegen
question-free-score = einen Kristall wählen, der kostenlos erbeutet wird
question-free-summon = entscheiden, ob kostenlos eine Einheit beschworen wird
question-recover = Karten aus dem Ablagestapel nehmen
question-inform = eine der obersten Karten des Nachziehstapels behalten
question-spy = eine Karte der gegnerischen Hand wählen, die auf oder unter den Nachziehstapel kommt
question-demoralize = entscheiden, ob eine feindliche Einheit in ihr Heimatgebiet geschickt wird
question-opponent-discard = eine Karte der gegnerischen Hand wählen, die abgelegt wird
question-game-over = nichts: die Partie ist vorbei

## Der öffentliche Spielplan-Post.
winner-wins = 🏆 { $who } gewinnt die Partie!
winner-resigned = 🏆 { $who } gewinnt: der Gegner hat aufgegeben!
winner-timeout = 🏆 { $who } gewinnt: dem Gegner ist die Zeit abgelaufen!
winner-abandoned = 🏆 { $who } gewinnt nicht: die Partie wurde abgebrochen!
winner-assisted = Unterstützt: In dieser Partie wurden Tipps genutzt, oder es war eine Lernpartie oder eine Übung ab einer beendeten Partie; darum wird sie nicht gewertet.
board-over = Vorbei: { $name } hat gewonnen
board-must = { $names } { $count ->
        [one] muss
       *[other] müssen
    } { $question }
and-separator = {" "}und{" "}
board-crystals = { $name }: { $count } ({ $crystals })
none = keine
field-whose-move = Am Zug
field-clock = Uhr
board-clock-due = { $who }: zieh <t:{ $at }:R> (vor <t:{ $at }:f>), sonst Zeitüberschreitung
board-clock-paused = { $who }: Uhr angehalten (eine Abwesenheit oder die Moderation)
field-initiative = Initiative
field-position = Auf dem Spielbrett
field-crystals = Kristalle
# Die Überschrift des Protokolls eines Spielplans: der Zug, von dem es erzählt (der
# Titel nennt den Zug, der jetzt beginnt), und wer ihn gespielt hat.
field-turn-log = Zug { $turn } ({ $who })
field-setup-log = Aufbau
# Eine Zeile, die mehrmals nacheinander geschah, einmal erzählt.
log-repeated = { $line } ×{ $count }
your-move = { $mentions }: { $count ->
        [one] du bist am Zug
       *[other] ihr seid am Zug
    } ({ $question }).
button-rematch = Revanche
button-battle-card = Kampfkarte wählen
button-mulligan = Mulligan wählen
button-take-turn = Zug machen
button-my-hand = Meine Hand
button-resign = Aufgeben
board-title = Partie #{ $id } · Zug { $turn } · { $first } gegen { $second }
match-abandoned = Partie #{ $id } wurde abgebrochen: niemand hat rechtzeitig gezogen.

## Herausforderungen und der Beginn einer Partie.
cannot-challenge-yourself = Du kannst dich nicht selbst herausfordern.
timeout-range = Die Zugzeit muss zwischen 1 und { $max } Minuten (einer Woche) liegen.
config-minutes-range = Erinnerungen und Zugzeiten gehen von 0 (nie) bis { $max } Minuten (eine Woche), darum wurde nichts geändert.
challenge-to = { $challenger } fordert { $opponent } zu Crystal Clans heraus!
challenge-open = { $challenger } sucht einen Gegner für Crystal Clans!
challenge-title = Eine Herausforderung
challenge-terms = Klans: { $clan } (Herausforderer) gegen { $their_clan }. Mulligan: { $mulligan ->
        [on] an
       *[off] aus
    }. Bedenkzeit: { $timeout }. Läuft ab <t:{ $expires }:R>.
timeout-server-setting = die Einstellung des Servers
button-accept = Annehmen
button-decline = Ablehnen
players = { $first } ({ $first_clan }) gegen { $second } ({ $second_clan }).
players-ai = { $first } ({ $first_clan }) gegen die KI ({ $ai_clan }).
challenge-was-accepted = { $challenger } hat { $opponent } herausgefordert: angenommen, Partie #{ $id }.
match-begins = Partie #{ $id } beginnt: { $players }

## Private Antworten der App.
dm-on = Deine privaten Fenster (Züge, Kampfkarten, Hand) kommen per Direktnachricht.
dm-off = Deine privaten Fenster erscheinen hier, nur für dich.
really-resign = Partie #{ $id } wirklich aufgeben?
button-yes-resign = Ja, aufgeben
you-resigned = Du hast aufgegeben.

## Erinnerungen (öffentlich, im Thread oder Kanal der Partie).
timeout-warning = ⚠️ { $who }: Partie #{ $id } wartet auf dich. Zieh spätestens <t:{ $deadline }:R>, sonst verlierst du die Partie durch Zeitüberschreitung.
grace-granted = ⏳ { $who }: Deine Zeit für Partie #{ $id } ist abgelaufen, und dieser Server gibt jedem Spieler eine Gnadenfrist pro Partie: { $duration } mehr. Zieh spätestens <t:{ $deadline }:R>, sonst verlierst du die Partie.
reminder = ⏰ { $who }: Partie #{ $id } wartet auf dich.

## Öffentliche Namen und Posts der App.
thread-title = { $first } gegen { $second } · #{ $id }
challenge-had-expired = Diese Herausforderung war schon abgelaufen.
challenge-withdrawn = { $who } hat die Herausforderung zurückgezogen.
challenge-declined = { $who } hat die Herausforderung abgelehnt.
player-number = Spieler { $number }
ai-name = KI ({ $level ->
    [0] leicht
    [1] normal
    [2] schwer
    [3] schnell
    [4] Anfänger
   *[other] Stufe { $level }
})

## Wertungen (öffentlich): die Zeile im letzten Post, die Rangliste, ein Profil.
ratings-line = Wertungen: { $ratings }
rating-change = { $name } { $rating } ({ $delta })
rating-change-provisional = { $name } { $rating } (vorläufig, { $delta })
rating-ai-fixed = { $name } { $rating } (fest)
leaderboard-title = Crystal-Clans-Rangliste
leaderboard-note = Glicko-2-Wertungen auf diesem Server; `?` markiert eine Wertung, hinter der erst wenige Partien stehen. Partien gegen die KI zählen mit.
record = { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }, { $wins ->
        [one] 1 Sieg
       *[other] { $wins } Siege
    }
profile-title = { $name } · Crystal Clans
profile-rating = { $label }: **{ $rating }** (Abweichung { $deviation }) · { $record }
profile-not-rated = { $label }: noch nicht gewertet
profile-label-server = Wertung auf diesem Server
profile-label = Wertung
profile-label-all = Über alle Server
profile-by-clan = Bilanz nach Klan
profile-recent = Letzte Partien (Wiederholung: /clans wiederholung partie:NUMMER)
profile-line = #{ $id } · { $result } gegen { $opponent } · { $clan } gegen { $their_clan } · <t:{ $time }:d>
result-won = gewonnen
result-lost = verloren
result-won-resigned = gewonnen (Gegner hat aufgegeben)
result-lost-resigned = verloren (aufgegeben)
result-won-timeout = gewonnen (Zeitüberschreitung des Gegners)
result-lost-timeout = verloren (Zeitüberschreitung)
result-abandoned = abgebrochen

## Einen Fehlklick zurücknehmen (öffentliche Posts, /clans hilfe, /clans einstellungen).
takeback-request-post = ↩️ { $asker } bittet darum, die letzte Aktion zurückzunehmen: „{ $what }“. { $opponent }, erlaubst du es?
button-takeback-answer = Antworten
takeback-done-post = ↩️ { $asker } hat die letzte Aktion zurückgenommen ({ $opponent } hat es erlaubt): „{ $what }“.
takeback-done-ai-post = ↩️ { $asker } hat die letzte Aktion zurückgenommen: „{ $what }“.
takeback-done-ai-reply-post = ↩️ { $asker } hat die letzte Aktion und die Antwort von { $ai } zurückgenommen: „{ $what }“.
takeback-declined-post = { $opponent } lehnt die Bitte von { $asker } ab, die letzte Aktion zurückzunehmen; die Partie geht weiter.
help-takeback = • Verklickt? Direkt nach einer bestätigten Aktion bietet dein Fenster **Zurücknehmen** an, solange dein Gegner noch nicht geantwortet hat und bei der Aktion keine Karte gezogen, gezeigt oder aufgedeckt wurde (so verrät dir ein Zurücknehmen nie etwas Neues). Dein Gegner wird privat gefragt (die Bitte verfällt, sobald er zieht, oder nach 24 Stunden); gegen die KI gilt es sofort, samt ihrer Antwort. Admins schalten es mit `/clans einstellungen zuruecknehmen:False` aus.
setting-takebacks-on = • Zurücknehmen: an
setting-takebacks-off = • Zurücknehmen: aus

## Server-Ligen (öffentliche Posts, Antworten, /clans hilfe).
league-only-in-server = Ligen gehören zu einem Server: nutze den Befehl dort.
league-only-managers = Nur Mitglieder mit der Berechtigung „Server verwalten“ können eine Liga anlegen, starten oder absagen.
league-name-invalid = Der Name einer Liga hat 1 bis { $max } Zeichen.
league-name-taken = Dieser Server hat schon eine Liga namens **{ $name }**.
league-unknown = Hier gibt es keine offene oder laufende Liga namens **{ $name }**. { $known }
league-known = Ligen hier: { $names }.
league-none-here = Dieser Server hat noch keine Liga: `/clans liga anlegen` legt eine an.
league-rounds-range = Eine Schweizer Liga spielt 1 bis { $max } Runden.
league-days-range = Eine Runde dauert 1 bis { $max } Tage.
league-fixed-needs-clan = Die Regel „fester Klan“ braucht einen Klan: gib die Option `klan` an.
league-format-round-robin = Jeder gegen jeden
league-format-swiss = Schweizer System, { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
league-clans-free = Wahl jedes Spielers (die Option `klan` beim Beitreten; ohne sie zufällig)
league-clans-fixed = alle spielen { $clan }
league-clans-random = für jede Partie zufällig
league-days = { $days ->
        [one] 1 Tag
       *[other] { $days } Tage
    }
league-created = 🏆 { $admin } hat die Liga **{ $name }** angelegt: { $format }, { $days } je Runde, Klans: { $clans }. Mitmachen mit `/clans liga beitreten name:{ $name }`.
league-joined = { $player } ist **{ $name }** beigetreten ({ $count ->
        [one] 1 Spieler
       *[other] { $count } Spieler
    }).
league-already-joined = Du bist schon in **{ $name }**.
league-already-started = **{ $name }** hat begonnen und nimmt niemanden mehr auf.
league-full = **{ $name }** ist voll ({ $max } Spieler).
league-not-a-player = Du spielst nicht in **{ $name }**.
league-left-open = { $player } hat **{ $name }** verlassen.
league-left-running = { $player } hat **{ $name }** verlassen: die restlichen Partien gelten als verloren.
league-forfeit-line = { $loser } hat die Liga **{ $name }** verlassen: { $winner } gewinnt Partie #{ $id }.
league-too-few = **{ $name }** braucht zum Start mindestens { $min } Spieler; es sind { $count }.
league-cancelled = **{ $name }** wurde von { $admin } abgesagt. Laufende Partien gehen als gewöhnliche Partien weiter, ab jetzt mit der Erinnerung und Zugzeit dieses Servers.
league-round-begins = 🏆 **{ $name }** · Runde { $round } von { $rounds } beginnt. Sie endet am <t:{ $deadline }:f>: eine bis dahin nicht beendete Partie verliert, wer am Zug ist, wie bei einer Zeitüberschreitung.
league-pairing = • { $first } gegen { $second }
league-pairing-bye-win = • { $player } hat in dieser Runde ein Freilos (zählt als Sieg).
league-pairing-bye-rest = • { $player } setzt diese Runde aus.
league-pairing-forfeit = • { $winner } gewinnt kampflos: { $loser } hat die Liga verlassen.
league-round-over = **{ $name }**: Runde { $round } ist vorbei. Tabelle:
league-final = 🏆 **{ $name }** ist beendet! { $winners ->
        [one] Sieger
       *[other] Sieger
    }: { $names }. Abschlusstabelle:
league-standings-now = **{ $name }**: Tabelle.
league-standings-line = { $rank }. { $player }: Punkte { $points } · { $tie_break } · { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    } · { $clans }
league-not-started = **{ $name }** hat noch nicht begonnen: bisher { $count ->
        [one] 1 Spieler
       *[other] { $count } Spieler
    } ({ $players }).
league-thread-title = { $name } · R{ $round } · { $first } gegen { $second }
league-match-header = **{ $name }**, Runde { $round }: { $players }
league-started-note = **{ $name }** hat begonnen.
help-more = Mehr
help-league = • Ligen: ein Admin („Server verwalten“) nutzt `/clans liga anlegen` und `/clans liga starten`; vor dem Start tritt man mit `/clans liga beitreten` bei. Jede Partie einer Runde bekommt einen eigenen Thread; eine am Rundenende nicht beendete Partie verliert, wer am Zug ist. Ein Sieg oder ein Freilos im Schweizer System zählt 1 Punkt; bei Gleichstand entscheidet Sonneborn-Berger (jeder gegen jeden) oder Buchholz (Schweizer System). `/clans liga tabelle` zeigt die Tabelle.

## Abwesenheiten (/clans abwesend)
away-disabled = Abwesenheiten sind hier ausgeschaltet (`/clans einstellungen abwesenheit_tage`).
away-days-range = { $limit ->
        [one] Hier ist 1 Tag Abwesenheit erlaubt: wähle 1.
       *[other] Wähle zwischen 1 und { $limit } Tagen.
    }
away-already = Du bist schon abwesend bis <t:{ $until }:F>. Beende das zuerst mit `/clans abwesend aus:True`.
away-too-long = Du kannst in { $window } Tagen höchstens { $limit ->
        [one] 1 Tag
       *[other] { $limit } Tage
    } abwesend sein: für eine Abwesenheit, die dann endet, { $left ->
        [one] bleibt { $left } Tag
       *[other] bleiben { $left } Tage
    }.
away-started = 🏖️ Du bist abwesend bis <t:{ $until }:F>. Solange du weg bist, stehen die Uhren deiner Partien still, wann immer sie auf dich warten (keine Erinnerung, keine Warnung und keine verlorene Partie durch Zeitüberschreitung; { $paused ->
        [one] { $paused } Partie wartet
       *[other] { $paused } Partien warten
    } gerade), und jede läuft mit der Zeit weiter, die ihr blieb, sobald du zurück bist. Früher zurück: `/clans abwesend aus:True`.
away-not-away = Du bist nicht abwesend.
away-ended = Willkommen zurück: deine Abwesenheit ist vorbei. { $resumed ->
        [0] Keine Partie hat auf dich gewartet.
        [one] { $resumed } Partie läuft weiter mit der Zeit, die ihr blieb.
       *[other] { $resumed } Partien laufen weiter mit der Zeit, die ihnen blieb.
    }
away-status = Du bist abwesend bis <t:{ $until }:F>.
away-notice = 🏖️ { $name } ist abwesend bis <t:{ $until }:F>: die Uhr von Partie #{ $id } steht bis dahin still.
away-note = Notiz: „{ $note }“
away-back = ⏰ { $who }: du bist zurück, und Partie #{ $id } wartet auf dich; ihre Uhr läuft mit der Zeit weiter, die ihr blieb.
away-line = { $name } ist abwesend bis <t:{ $until }:F>.
away-line-note = { $name } ist abwesend bis <t:{ $until }:F> („{ $note }“).
settings-away = • Abwesenheiten: höchstens { $days ->
        [0] keine (ausgeschaltet)
        [one] { $days } Tag in 30
       *[other] { $days } Tage in 30
    }
settings-day = • der Tag des Crystallo-Tagesspiels: von Mitternacht bis Mitternacht in { $zone }
settings-grace = • Gnadenfrist vor der Zeitüberschreitung: { $grace }
setting-grace-on = { $duration } mehr, einmal pro Partie und Spieler
setting-grace-off = keine (eine Zeitüberschreitung entscheidet sofort)
help-away = • `/clans abwesend tage:7` hält die Uhren all deiner Partien an, solange du weg bist (für deine Züge keine Erinnerungen, keine Warnungen und keine verlorenen Partien durch Zeitüberschreitung; höchstens 14 Tage in 30 oder was der Server festlegt); deine Gegner sehen, bis wann. `/clans abwesend aus:True` beendet sie früher; jede Uhr läuft mit der Zeit weiter, die ihr blieb.

## Wie du erfährst, dass du dran bist (/clans benachrichtigung)
notify-hour-range = Eine Stunde ist eine Zahl von 0 bis 23.
notify-unknown-zone = Die Zeitzone `{ $name }` kenne ich nicht: wähle einen der Vorschläge, etwa `Europe/Berlin` oder `America/New_York`.
notify-quiet-both = Ruhezeiten brauchen einen Anfang und ein Ende, die sich unterscheiden (`ruhe_von` und `ruhe_bis`, Stunden 0 bis 23).
notify-via-thread = eine Erwähnung im Thread der Partie
notify-via-dm = eine Direktnachricht
notify-via-both = eine Erwähnung im Thread und eine Direktnachricht
notify-via-nothing = nichts (die Posts erscheinen trotzdem)
notify-quiet-hours = { $from } bis { $to }
notify-digest-at = jeden Tag um { $hour }
notify-saved =
    So erfährst du, dass du dran bist:
    • Hinweise: { $via }
    • deine Zeitzone: { $zone }
    • Ruhezeiten: { $quiet } (dann keine Erwähnung oder Direktnachricht, eine Nachricht, wenn sie enden; die Frist bis zur Zeitüberschreitung wartet nie auf sie)
    • tägliche Übersicht: { $digest }
notify-your-move = ⏰ Du bist dran in <#{ $channel }>.
notify-waiting-line = • Partie #{ $id } in <#{ $channel }>
notify-catch-up = 🌅 Während deiner Ruhezeit { $count ->
        [one] begann eine Partie
       *[other] begannen Partien
    }, auf dich zu warten:
    { $list }
notify-digest = 📋 { $count ->
        [one] Eine Partie wartet
       *[other] { $count } Partien warten
    } auf dich:
    { $list }
help-notify = • `/clans benachrichtigung` wie du erfährst, dass du dran bist: eine Erwähnung im Thread der Partie (Standard), eine Direktnachricht, beides oder nichts; Ruhezeiten in deiner Zeitzone (dann keine Hinweise, danach eine Nachricht; die Frist bis zur Zeitüberschreitung verschieben sie nie) und eine tägliche Übersicht der Partien, die auf dich warten.

## The post-game analysis (`/clans analysis`, the Analysis button on a match's final post)

button-analysis = Analyse
analysis-unknown = Es gibt keine Partie #{ $id } auf diesem Server oder unter deinen Partien. `/clans profil` zeigt deine letzten.
analysis-after-end = Partie #{ $id } kann analysiert werden, sobald sie beendet ist.
analysis-busy = Deine Analyse einer anderen Partie läuft noch: frag wieder, sobald sie gepostet ist.
analysis-queued = Deine Analyse der Partie #{ $id } wartet: { $ahead ->
        [one] eine Analyse ist
       *[other] { $ahead } Analysen sind
    } vor ihr dran.
analysis-progress = Analysiere Partie #{ $id }: Zug { $turn } von { $turns }…
analysis-failed = Die Analyse der Partie #{ $id } ist fehlgeschlagen; der Betreiber sieht den Grund im Log des Bots.
analysis-posted-below = Hier ist die Analyse, unten gepostet.
analysis-post = 📈 Partie #{ $id }, { $first } gegen { $second }, ausgewertet. Die Grafik zeigt die Siegchance beider; dafür hat die KI in { $turns ->
        [one] ihrem einen Zug
       *[other] jedem ihrer { $turns } Züge
    } { $iterations } Stellungen durchsucht, mit beiden Händen offen und den noch kommenden Karten dem Zufall überlassen. Die Züge, die am meisten änderten:
analysis-post-turn = **{ $number }. Zug { $turn }, { $name }**: { $action } Danach lag die Siegchance von { $name } bei { $percent } % ({ $change }).
analysis-post-change = { $direction ->
        [up] plus
       *[down] minus
    } { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }
analysis-post-better = Die KI hätte gespielt: { $action }
analysis-post-agrees = Die KI hätte genauso gespielt.
help-analysis = • `/clans analyse partie:NUMMER` nach einer Partie (oder ihr Knopf **Analyse**): die Siegchance beider Zug für Zug, von der KI mit beiden Händen offen, und die drei entscheidenden Züge.

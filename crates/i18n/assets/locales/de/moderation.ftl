# Aktionen der Moderation (`/clans-admin`): die Rückfragen an die Moderation, die Posts
# für die Spieler, die Liste stockender Partien und das Protokoll.

mod-only-managers = Nur Mitglieder, die diesen Server verwalten dürfen, können `/clans-admin` verwenden.
mod-only-in-server = Moderationsaktionen gibt es nur auf einem Server, nicht in Direktnachrichten.
mod-no-match = Auf diesem Server gibt es keine Partie #{ $id }.
mod-match-over = Partie #{ $id } ist schon vorbei: nichts zu tun.
mod-not-a-player = { $name } spielt nicht in Partie #{ $id }.
mod-league-match = Partie #{ $id } ist eine Ligapartie: Für sie gilt die Frist der Runde, keine eigene Uhr. Sprich sie zu, annulliere sie oder beende die Liga vorzeitig.
mod-no-deadline = Partie #{ $id } hat keine Frist, die sich verlängern ließe: Sie wurde ohne Zugzeit gestartet.
mod-already-paused = Die Uhr von Partie #{ $id } hat die Moderation schon angehalten.
mod-not-paused = Die Uhr von Partie #{ $id } hat die Moderation nicht angehalten.
mod-no-league = Auf diesem Server gibt es keine Liga namens { $name }.
mod-league-not-running = Liga { $name } läuft nicht: Nur eine laufende Liga lässt sich vorzeitig beenden (eine noch nicht gestartete wird mit `/clans liga absagen` abgesagt).
mod-reason-empty = Bitte gib einen Grund an: Die Spieler lesen ihn.

mod-ask-void = **Partie #{ $id } annullieren** ({ $players })? Sie endet jetzt ohne Sieger, und keine Wertung ändert sich.
mod-ask-award = **Partie #{ $id } { $winner } zusprechen** ({ $players })? Sie endet jetzt als Sieg durch Zeitüberschreitung für { $winner }, und die Wertungen ändern sich wie nach einer Zeitüberschreitung.
mod-ask-pause = **Die Uhr von Partie #{ $id } anhalten** ({ $players })? Keine Frist läuft, bis die Moderation sie wieder startet, auch nicht nach einem Zug. Die Spieler dürfen weiter ziehen.
mod-ask-resume = **Die Uhr von Partie #{ $id } wieder starten** ({ $players })? Wer am Zug ist, bekommt die Zeit zurück, die noch übrig war.
mod-ask-extend = **Partie #{ $id } { $duration } mehr geben** ({ $players })? Ihre Frist rückt von <t:{ $from }:f> auf <t:{ $to }:f>.
mod-ask-extend-paused = **Partie #{ $id } { $duration } mehr geben** ({ $players })? Ihre Uhr steht; die Restzeit beim Neustart wächst um { $duration }.
mod-ask-end-league = **Liga { $name } jetzt beenden** (Runde { $round } von { $rounds })? Ihre Tabelle, wie sie ist, wird endgültig, und ihre offenen Partien laufen als gewöhnliche Partien dieses Servers weiter.
mod-ask-told = Beide Spieler erfahren den Grund im Thread der Partie: „{ $reason }“
mod-ask-told-league = Die Spieler der Liga erfahren den Grund in ihrem Kanal: „{ $reason }“
mod-button-void = Partie #{ $id } annullieren
mod-button-award = { $winner } zusprechen
mod-button-pause = Uhr anhalten
mod-button-resume = Uhr starten
mod-button-extend = { $duration } dazugeben
mod-button-end-league = { $name } jetzt beenden
mod-button-cancel = Abbrechen

mod-done = Erledigt ({ $what }): Die Spieler wurden dort informiert, wo sie spielen. Protokolliert als Aktion #{ $action } (`/clans-admin protokoll`).
mod-cancelled = Abgebrochen: nichts wurde geändert.
mod-already-done = Aktion #{ $action } wurde schon bestätigt: nichts weiter zu tun.
mod-already-cancelled = Aktion #{ $action } wurde abgebrochen: Frag mit `/clans-admin` neu, um sie auszuführen.
mod-unknown-action = Diese Rückfrage ist nicht deine, oder es gibt sie nicht mehr.
mod-nothing-changed = Nichts wurde geändert: { $why }

mod-post-void = 🛡️ Partie #{ $id } wurde von der Moderation, { $moderator }, **annulliert**: „{ $reason }“ Sie endet ohne Sieger, und keine Wertung ändert sich. { $players }
mod-post-award = 🛡️ Die Moderation, { $moderator }, hat Partie #{ $id } { $winner } als Sieg durch Zeitüberschreitung **zugesprochen**: „{ $reason }“
mod-post-pause = ⏸️ Die Moderation, { $moderator }, hat die **Uhr** von Partie #{ $id } **angehalten**: „{ $reason }“ Ihr dürft weiter ziehen; keine Frist läuft, bis die Moderation sie wieder startet. { $players }
mod-post-resume = ▶️ Die Moderation, { $moderator }, hat die **Uhr** von Partie #{ $id } **wieder gestartet**: „{ $reason }“ { $deadline } { $players }
mod-post-extend = ⏳ Die Moderation, { $moderator }, hat Partie #{ $id } **{ $duration } mehr** gegeben: „{ $reason }“ { $deadline } { $players }
mod-deadline = Die nächste Frist endet <t:{ $at }:R>.
mod-deadline-none = Keine Frist läuft.
mod-deadline-away = Die Uhr bleibt angehalten, solange wer am Zug ist abwesend ist.
mod-post-end-league = 🛡️ Die Moderation, { $moderator }, hat die Liga { $name } **vorzeitig beendet**: „{ $reason }“ Die Tabelle unten ist endgültig; offene Partien laufen als gewöhnliche Partien weiter.

mod-list-head = Partien hier ohne Zug seit { $days ->
        [one] einem Tag
       *[other] { $days } Tagen
    } oder länger ({ $count }), die längste Wartezeit zuerst:
mod-list-none = Keine Partie hier wartet seit { $days ->
        [one] einem Tag
       *[other] { $days } Tagen
    } oder länger.
mod-list-line = **#{ $id }** { $players } · wartet auf { $waiting } seit <t:{ $since }:R> · { $clock }
mod-list-clock-deadline = Frist <t:{ $at }:R>
mod-list-clock-held = Uhr von der Moderation angehalten
mod-list-clock-paused = Uhr angehalten (abwesend)
mod-list-clock-none = keine Frist
mod-list-more = …und { $count } weitere.
mod-list-hint = Mit `/clans-admin annullieren`, `zusprechen`, `verlängern` oder `anhalten` handeln.

mod-log-head = Die letzten Aktionen der Moderation auf diesem Server:
mod-log-none = Auf diesem Server hat die Moderation noch nichts getan.
mod-log-line = #{ $action } · <t:{ $at }:f> · { $moderator } · { $what } · „{ $reason }“ · { $outcome }
mod-what-void = Partie #{ $id } annulliert
mod-what-award = Partie #{ $id } { $winner } zugesprochen
mod-what-pause = Partie #{ $id } angehalten
mod-what-resume = Partie #{ $id } wieder gestartet
mod-what-extend = Partie #{ $id } um { $duration } verlängert
mod-what-end-league = Liga #{ $id } beendet
mod-outcome-asked = nicht bestätigt
mod-outcome-done = erledigt
mod-outcome-cancelled = abgebrochen
mod-outcome-failed = nichts geändert ({ $why })

help-moderation = **Moderation** (Server verwalten): `/clans-admin` annulliert, spricht zu, hält an, startet wieder oder verlängert eine Partie, beendet eine Liga vorzeitig, listet stockende Partien und zeigt das Protokoll. Jede Aktion fragt nach einem Grund und einer Bestätigung und wird dort gepostet, wo die Spieler lesen.

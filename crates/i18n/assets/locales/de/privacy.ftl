# Einen Spieler vergessen (`/clans vergiss-mich`): die Frage, ihre Knöpfe und die Antworten.

forget-ask = **Dich vergessen?** Das lässt sich nicht rückgängig machen.
    { $running ->
        [0] Du hast keine laufende Partie.
        [one] Deine laufende Partie wird zuerst aufgegeben: Dein Gegner gewinnt sie.
       *[other] Deine { $running } laufenden Partien werden zuerst aufgegeben: Deine Gegner gewinnen sie.
    }
    Gelöscht: deine Einstellungen, dein Anzeigename, deine Abwesenheiten, die dir geschuldeten Erwähnungen, dein Lernfortschritt und deine Wertungen.
    Ohne dich behalten: In den Partien, Ergebnissen, Ligen und Bestenlisten anderer steht statt deines Kontos ein anonymer ehemaliger Spieler. Die Ergebnisse und Wertungen deiner Gegner bleiben, wie sie sind.
    Nachrichten, die schon in Discord stehen, bleiben dort: Sie gehören Discord, und der Bot kann nicht ändern, was er früher gepostet hat.
forget-button-yes = Vergiss mich
forget-button-no = Daten behalten
forget-done = Erledigt: Du bist vergessen. { $resigned ->
        [0] Keine Partie lief.
        [one] Eine Partie wurde aufgegeben.
       *[other] { $resigned } Partien wurden aufgegeben.
    } { $deleted } Einträge wurden gelöscht, und { $replaced } zeigen jetzt einen ehemaligen Spieler. Wenn du den Bot wieder benutzt, lernt er deinen Namen und deine Einstellungen neu.
forget-nothing = Der Bot speichert nichts über dich: Es gibt nichts zu vergessen.
forget-kept = Nichts wurde geändert: Deine Daten bleiben.

# /clans lernen: eine geführte erste Partie gegen die Anfänger-KI, Lektion für Lektion
# (src/app/learn). Jede Lektion erscheint, sobald die Partie erreicht, wovon sie
# handelt, in der Sprache des Lernenden; sie sagt, was im Fenster zu klicken ist.

learn-started = 📘 Lernpartie #{ $id }: Du spielst mit dem Clan { $clan } gegen die Anfänger-KI, die selbst noch lernt. Die Lektionen erscheinen hier, sobald die Partie sie erreicht; die Partie wird nicht gewertet.
learn-waiting = Deine Lernpartie #{ $id } läuft noch: Spiel sie am letzten Spielplan weiter (**Zug machen**).
learn-restart-how = `/clans lernen neu:True` beendet sie und beginnt eine neue.
learn-again = Lektionen, die du schon gesehen hast, kommen nicht noch einmal: `/clans lernen nochmal:True` zeigt alle von Anfang an.

lesson-goal = 📘 **Das Ziel** · Wer 4 Kristalle erbeutet, gewinnt. Der Spielplan hat für jeden Spieler ein Heimatgebiet (deins ist H1), drei schraffierte Kristallgebiete und Felder dazwischen. Wer 2 der Kristallgebiete kontrolliert, darf einen Kristall aus der Auslage unten am Spielplan erbeuten.
lesson-initiative = 📘 **Initiative** · Jede Aktion kostet Initiative: Wer bezahlt, schiebt den Marker auf der Leiste unter dem Spielplan zum Gegner hin. Du bist am Zug, solange der Marker auf deiner Seite oder in der Mitte bleibt; überquert er sie, spielt dein Gegner. Bist du am Zug, klicke unter dem Spielplan auf **Zug machen**.
lesson-summon = 📘 **Beschwören** · Hol Einheiten aus deiner Hand in dein Heimatgebiet: Wähle in deinem Fenster bis zu 3 unter **Bis zu 3 Einheiten beschwören…**, dann **Bestätigen**. Jede kostet ihre Beschwörungskosten an Initiative; die Bestätigung sagt, was folgt.
lesson-activate = 📘 **Aktivieren** · Ein Trupp auf dem Spielplan handelt, wenn du ihn aktivierst und seine Aktivierungskosten bezahlst: Du darfst ihn neu ordnen, ihn ganz oder teilweise in ein angrenzendes Gebiet ziehen und dort gegen einen feindlichen Trupp kämpfen. Wähle in deinem Fenster **Aktivieren: Trupp im …**.
lesson-battle = 📘 **Kampf** · Beide wählen jetzt geheim eine Kampfkarte von der Hand (**Kampfkarte wählen**). Die Kampfstile entscheiden über die Effekte: kühn schlägt zurückhaltend, zurückhaltend schlägt trickreich, trickreich schlägt kühn; bei der siegreichen Karte wird der linke Effekt ausgelöst, sonst der rechte. Dann fügt jeder Trupp Schaden zu: sein Angriff gegen die Verteidigung des anderen.
lesson-score = 📘 **Kristalle** · Du kontrollierst 2 Kristallgebiete: Du darfst einen offen ausliegenden Kristall erbeuten, indem du seine Kosten bezahlst (**Erbeuten: …** in deinem Fenster). Wer 4 Kristalle hat, gewinnt.
lesson-signature = 📘 **Dein Clan** · Jeder Clan hat eine Klanfähigkeit. Die deines Clans ({ $clan }) ist **{ $signature }**: { $explanation }
lesson-crystal-effect = 📘 **Der Effekt eines Kristalls** · Manche Kristalle haben einen Effekt, den du nutzen kannst, indem du den Kristall umdrehst; er zählt weiter als einer deiner 4. Dein Fenster bietet ihn an, wenn er passt.
lesson-reshuffle = 📘 **Neu mischen** · Ein Nachziehstapel war leer, also hat sein Besitzer den Ablagestapel zu einem neuen gemischt. Nach der laufenden Aktion darf der andere Spieler kostenlos einen Kristall erbeuten: ohne Kristallgebiete, ohne Initiative zu bezahlen.
lesson-end = 📘 **Das Ende** · Das war eine ganze Partie: Du hast jeden Teil des Spiels gesehen. Bereit für eine echte? Der Knopf unten beginnt eine gegen die Anfänger-KI mit neuen Karten; `/clans gegen-ki` bietet stärkere Stufen, oder fordere jemanden mit `/clans herausfordern` heraus.
learn-real-match = Echte Partie gegen die Anfänger-KI

lesson-detour-summon = 📘 **Geht auch** · Du hast gewählt: { $did }. Die Lektion schlug Beschwören vor, denn Einheiten auf deiner Hand können weder ein Gebiet halten noch kämpfen: Das können nur Trupps auf dem Spielplan. Beschwöre bei einer späteren Aktion mit **Bis zu 3 Einheiten beschwören…** in deinem Fenster.
lesson-detour-activate = 📘 **Geht auch** · Du hast gewählt: { $did }. Die Lektion schlug vor, einen Trupp zu aktivieren: Trupps ziehen und kämpfen nur, wenn sie aktiviert werden, und ein Kristallgebiet gewinnt man, indem man hineinzieht. Wähle bei einer späteren Aktion **Aktivieren: Trupp im …**.
lesson-detour-score = 📘 **Geht auch** · Du hast gewählt: { $did }. Die Lektion schlug vor, einen Kristall zu erbeuten: Sobald die KI in eines deiner beiden Kristallgebiete zieht, ist die Gelegenheit vorbei. **Erbeuten: …** bleibt in deinem Fenster, solange du zwei kontrollierst.

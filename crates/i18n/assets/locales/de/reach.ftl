# Wo der Bot nur auf Interaktionen antworten kann: eine Gruppen-DM oder ein Server, auf
# den er über die eigene Installation eines Spielers kam (src/discord/reach.rs).

needs-the-bot-here = { $command } braucht einen Server, auf dem der Bot ist: Hierher kam er über deine eigene Installation der App und kann nur dir antworten. Hier kannst du jemanden herausfordern (`/clans challenge`), deine Partien spielen, Karten und Regeln nachschlagen und Crystallo spielen (`/crystallo practice`). Gegen die KI spielst du mit `/clans play-ai` in einer Direktnachricht an den Bot.
needs-a-server = { $command } gehört zu einem Server: Benutze den Befehl in einem Kanal eines Servers, auf dem der Bot ist.
written-instead-of-posted = Der Bot kann in der Gruppen-DM dieser Partie nicht selbst posten, deshalb schreibt er dir hier. Öffne die Gruppen-DM und sieh dir dort mit `/clans board` das Brett an, um weiterzuspielen.

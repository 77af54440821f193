# Einer Partie folgen (der Knopf „Folgen“ ihres Spielplans): die privaten Antworten und
# die Direktnachricht, wenn die Partie endet.

button-follow = Folgen
button-unfollow = Nicht mehr folgen
follow-done = Du folgst Partie #{ $id }. { $place } Wenn sie endet, sage ich es dir per Direktnachricht. Niemand sonst erfährt, dass du ihr folgst.
follow-where-thread = Du wurdest ihrem Thread hinzugefügt.
follow-where-channel = Ihre Posts stehen in <#{ $channel }>.
follow-already = Du folgst Partie #{ $id } schon.
follow-player = Du spielst in Partie #{ $id }: Ihre Posts erwähnen dich schon.
follow-over = Partie #{ $id } ist vorbei: Da gibt es nichts mehr zu folgen.
follow-join-failed = Ich konnte dich nicht zum Thread von Partie #{ $id } hinzufügen (er ist vielleicht archiviert oder gesperrt): Öffne ihn aus <#{ $channel }>.
unfollow-done = Du folgst Partie #{ $id } nicht mehr und bekommst keine Nachricht, wenn sie endet. Um auch ihren Thread zu verlassen, nutze **Thread verlassen** im Menü des Threads.
unfollow-not = Du folgst Partie #{ $id } nicht.
follow-ended = 🔔 Partie #{ $id }, der du folgst, ist zu Ende. { $result }
    { $link }

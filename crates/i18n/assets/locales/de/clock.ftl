# Wie die Zeitüberschreitung einer Partie bemessen wird: die Zugzeit (bot.ftl) oder eine
# tägliche Frist zu einer Stunde der Zeitzone des Servers (`store::Clock`). Zu jeder
# Nachricht gibt es eine gleichnamige Funktion in crates/i18n/src/messages/clock.rs.

clock-turn-short = { $duration } pro Zug
clock-daily-short = Züge täglich bis { $hour }:00 Uhr fällig, Serverzeit
clock-bank-short = ein Zeitkonto über { $duration } pro Person, nach jedem Zug aufgefüllt
board-clock-daily = { $line } (tägliche Frist: { $hour }:00 Uhr, { $zone })
board-clock-bank = { $line } (Zeitkonto: { $banks })
bank-of = { $name } hat { $duration }
settings-deadline = • tägliche Frist: { $deadline }
setting-deadline-on = Züge täglich bis { $hour }:00 Uhr in { $zone } fällig, mindestens 12 Stunden nach Beginn eines Zuges (statt der Zugzeit)
setting-deadline-off = aus (die Zugzeit bemisst jeden Zug)
settings-bank = • Zeitkonto: { $bank }
setting-bank-on = { $days } pro Person, { $add } mehr für jeden abgegebenen Zug (nie über { $days }), statt der Zugzeit
setting-bank-off = aus
deadline-hour-range = Die Stunde einer Frist ist eine Zahl von 0 bis 23; in `/clans einstellungen` schaltet 24 die tägliche Frist aus.
one-clock = Wähle eine Uhr: eine `zugzeit` in Minuten, eine `frist_uhrzeit` für Züge, die täglich zu dieser Stunde fällig sind, oder `zeitkonto_tage` für ein Zeitkonto.
bank-days-range = Ein Zeitkonto umfasst 1 bis { $max } Tage pro Person (in `/clans einstellungen` schaltet 0 es aus), und ein Zug fügt höchstens 168 Stunden (eine Woche) hinzu.

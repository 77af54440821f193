# How a match's forfeit is timed: a turn's timeout (bot.ftl) or a daily deadline at a
# local hour of the server's time zone (`store::Clock`). Every message here has a
# function of the same name in crates/i18n/src/messages/clock.rs.

# A challenge's terms: its clock.
clock-turn-short = { $duration } a turn
clock-daily-short = moves due every day at { $hour }:00, server time
clock-bank-short = a time bank of { $duration } each, topped up after every turn
# After a board's turn clock line: the hour the moves are due, and in which zone.
board-clock-daily = { $line } (daily deadline: { $hour }:00, { $zone })
# After it under a time bank: what the others have in their banks.
board-clock-bank = { $line } (time bank: { $banks })
bank-of = { $name } has { $duration }
# `/clans config`'s summary line.
settings-deadline = • daily deadline: { $deadline }
setting-deadline-on = moves due every day at { $hour }:00 in { $zone }, at least 12 hours after a turn starts (instead of the turn timeout)
setting-deadline-off = off (the turn timeout times each turn)
settings-bank = • time bank: { $bank }
setting-bank-on = { $days } for each player, { $add } more for each turn handed on (never above { $days }), instead of the turn timeout
setting-bank-off = off
# Refusals (nothing changed).
deadline-hour-range = A deadline's hour is a number from 0 to 23; in `/clans config`, 24 turns the daily deadline off.
one-clock = Choose one clock: a `timeout` in minutes, a `deadline_hour` for moves due every day at that hour, or `bank_days` for a time bank.
bank-days-range = A time bank is 1 to { $max } days for each player (in `/clans config`, 0 turns it off), and what a turn adds at most 168 hours (a week).

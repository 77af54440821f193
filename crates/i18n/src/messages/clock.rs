//! Messages of a match's clock (`clock.ftl`): the daily deadline in a challenge's terms,
//! on the board, in the server's settings, and its refusals.

messages! {
    clock_turn_short(duration) = "clock-turn-short";
    clock_daily_short(hour) = "clock-daily-short";
    board_clock_daily(line, hour, zone) = "board-clock-daily";
    settings_deadline(deadline) = "settings-deadline";
    setting_deadline_on(hour, zone) = "setting-deadline-on";
    setting_deadline_off() = "setting-deadline-off";
    deadline_hour_range() = "deadline-hour-range";
    one_clock() = "one-clock";
}

//! Messages of a match's clock (`clock.ftl`): the daily deadline in a challenge's terms,
//! on the board, in the server's settings, and its refusals.

messages! {
    clock_turn_short(duration) = "clock-turn-short";
    clock_daily_short(hour) = "clock-daily-short";
    clock_bank_short(duration) = "clock-bank-short";
    board_clock_daily(line, hour, zone) = "board-clock-daily";
    board_clock_bank(line, banks) = "board-clock-bank";
    bank_of(name, duration) = "bank-of";
    settings_deadline(deadline) = "settings-deadline";
    setting_deadline_on(hour, zone) = "setting-deadline-on";
    setting_deadline_off() = "setting-deadline-off";
    settings_bank(bank) = "settings-bank";
    setting_bank_on(days, add) = "setting-bank-on";
    setting_bank_off() = "setting-bank-off";
    deadline_hour_range() = "deadline-hour-range";
    one_clock() = "one-clock";
    bank_days_range(max) = "bank-days-range";
}

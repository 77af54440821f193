//! Messages of `/clans export` (`export.ftl`): the record's heading and result lines,
//! the answer and its files' descriptions; `/clans practice`, which plays a finished
//! match on from one of its turns.

messages! {
    export_heading(id, first, first_clan, second, second_clan) = "export-heading";
    export_running() = "export-running";
    export_won(winner, how) = "export-won";
    export_no_winner() = "export-no-winner";
    export_done(id, inputs) = "export-done";
    export_still_playing(id) = "export-still-playing";
    export_failed(id) = "export-failed";
    export_alt_text(id) = "export-alt-text";
    export_alt_json(id) = "export-alt-json";
    practice_players(source, turn, player, clan) = "practice-players";
    practice_not_over(id) = "practice-not-over";
    practice_turns(id, last) = "practice-turns";
}

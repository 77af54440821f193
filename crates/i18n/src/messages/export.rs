//! Messages of `/clans export` (`export.ftl`): the record's heading and result lines,
//! the answer and its files' descriptions.

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
}

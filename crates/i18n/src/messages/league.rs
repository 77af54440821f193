//! Messages of server leagues: the posts, answers and `/clans help` line in `bot.ftl`,
//! the standings image's words in `images.ftl`. A module of its own, so the feature's
//! words are found together.

messages! {
    league_only_in_server() = "league-only-in-server";
    league_only_managers() = "league-only-managers";
    league_name_invalid(max) = "league-name-invalid";
    league_name_taken(name) = "league-name-taken";
    /// `known`: [`league_known`] or [`league_none_here`].
    league_unknown(name, known) = "league-unknown";
    league_known(names) = "league-known";
    league_none_here() = "league-none-here";
    league_rounds_range(max) = "league-rounds-range";
    league_days_range(max) = "league-days-range";
    league_fixed_needs_clan() = "league-fixed-needs-clan";
    league_format_round_robin() = "league-format-round-robin";
    league_format_swiss(rounds) = "league-format-swiss";
    league_clans_free() = "league-clans-free";
    league_clans_fixed(clan) = "league-clans-fixed";
    league_clans_random() = "league-clans-random";
    league_days(days) = "league-days";
    league_created(admin, name, format, days, clans) = "league-created";
    league_joined(player, name, count) = "league-joined";
    league_already_joined(name) = "league-already-joined";
    league_already_started(name) = "league-already-started";
    league_full(name, max) = "league-full";
    league_not_a_player(name) = "league-not-a-player";
    league_left_open(player, name) = "league-left-open";
    league_left_running(player, name) = "league-left-running";
    league_forfeit_line(loser, name, winner, id) = "league-forfeit-line";
    league_too_few(name, min, count) = "league-too-few";
    league_cancelled(name, admin) = "league-cancelled";
    league_round_begins(name, round, rounds, deadline) = "league-round-begins";
    league_pairing(first, second) = "league-pairing";
    league_pairing_bye_win(player) = "league-pairing-bye-win";
    league_pairing_bye_rest(player) = "league-pairing-bye-rest";
    league_pairing_forfeit(winner, loser) = "league-pairing-forfeit";
    league_round_over(name, round) = "league-round-over";
    league_final(name, winners, names) = "league-final";
    league_standings_now(name) = "league-standings-now";
    /// `tie_break`: its short name and value, "SB 3".
    league_standings_line(rank, player, points, tie_break, games, clans) = "league-standings-line";
    league_not_started(name, count, players) = "league-not-started";
    league_thread_title(name, round, first, second) = "league-thread-title";
    league_match_header(name, round, players) = "league-match-header";
    league_started_note(name) = "league-started-note";
    help_league() = "help-league";
    /// The heading of `/clans help`'s embed of features (takebacks, absences, leagues).
    help_more() = "help-more";
    standings_after_round(round, rounds) = "standings-after-round";
    standings_final() = "standings-final";
    standings_col_rank() = "standings-col-rank";
    standings_col_player() = "standings-col-player";
    standings_col_points() = "standings-col-points";
    standings_col_sb() = "standings-col-sb";
    standings_col_buchholz() = "standings-col-buchholz";
    standings_col_games() = "standings-col-games";
    standings_col_clans() = "standings-col-clans";
    standings_legend_sb() = "standings-legend-sb";
    standings_legend_buchholz() = "standings-legend-buchholz";
    standings_no_clans() = "standings-no-clans";
}

//! Every message the bot says, as one typed function each: the function's arguments
//! are the message's Fluent variables, so a caller cannot forget one, and each
//! module's `TABLE` (the same list as data; [`all`] joins them) lets a test compare
//! them with the `.ftl` files. One module per `.ftl` file: this one is `bot.ftl` (the
//! commands' answers and the public posts), the others are named after theirs.

use super::Lang;

macro_rules! messages {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident),* ) = $key:literal; )*) => {
        $(
            $(#[$doc])*
            // One signature for every message: those without variables leave 'a unused.
            #[allow(clippy::extra_unused_lifetimes)]
            pub fn $name<'a>(
                lang: $crate::Lang
                $(, $arg: impl Into<fluent_bundle::FluentValue<'a>>)*
            ) -> String {
                $crate::format(lang, $key, &[$((stringify!($arg), $arg.into())),*])
            }
        )*

        /// Each message's key and the variables its function passes.
        pub const TABLE: &[(&str, &[&str])] = &[$(($key, &[$(stringify!($arg)),*])),*];
    };
}

pub mod alt;
// A match's clock: the daily deadline.
pub mod clock;
// Crystallo, the solo cavern game (crates/crystallo).
pub mod crystallo;
// `/clans export`.
pub mod export;
// Following a match (its board's Follow button).
pub mod follow;
pub mod images;
pub mod league;
pub mod learn;
pub mod log;
// Moderators' actions (`/clans-admin`).
pub mod moderation;
pub mod panel;
// Forgetting a player (`/clans forget-me`).
pub mod privacy;
// Where the bot can only answer interactions (a group DM through a player's install).
pub mod reach;
pub mod rules;
pub mod takeback;

/// Every message of every module: the key and the variables its function passes.
pub fn all() -> Vec<(&'static str, &'static [&'static str])> {
    [
        TABLE,
        alt::TABLE,
        clock::TABLE,
        export::TABLE,
        follow::TABLE,
        images::TABLE,
        learn::TABLE,
        league::TABLE,
        log::TABLE,
        moderation::TABLE,
        panel::TABLE,
        privacy::TABLE,
        reach::TABLE,
        rules::TABLE,
        takeback::TABLE,
        crystallo::TABLE,
    ]
    .concat()
}

messages! {
    /// A command failed for a reason the user cannot fix.
    something_went_wrong() = "something-went-wrong";
    /// The app had nothing to say after a deferred command that posted something.
    done() = "done";
    /// The bot lacks permissions in the channel; `doing` is one of the `doing-*` texts.
    missing_permissions(doing, permissions, count) = "missing-permissions";
    doing_run_match() = "doing-run-match";
    doing_post_board() = "doing-post-board";
    doing_post_replay() = "doing-post-replay";
    no_such_clan(name) = "no-such-clan";
    /// The word that picks a random clan (also offered by the clan autocomplete).
    random_clan() = "random-clan";
    bots_cannot_accept() = "bots-cannot-accept";
    ai_match_begins(id) = "ai-match-begins";
    no_active_match() = "no-active-match";
    board_posted_below() = "board-posted-below";
    replay_posted_below() = "replay-posted-below";
    no_such_card(name) = "no-such-card";
    help() = "help";
    only_managers() = "only-managers";
    settings_belong_to_server() = "settings-belong-to-server";
    settings_saved(reminders, timeout, warned, threads, channel, language) = "settings-saved";
    setting_after(duration) = "setting-after";
    setting_off() = "setting-off";
    threads_off() = "threads-off";
    threads_on() = "threads-on";
    channel_only(channel) = "channel-only";
    channel_any() = "channel-any";
    /// The server's language setting: `lang` is a language's name or the automatic one.
    language_server_auto() = "language-server-auto";
    language_name_en() = "language-name-en";
    language_name_de() = "language-name-de";
    language_user_set(language) = "language-user-set";
    language_user_auto() = "language-user-auto";
    no_such_language(name) = "no-such-language";
    bots_have_no_profile() = "bots-have-no-profile";
    permission_view_channel() = "permission-view-channel";
    permission_send_messages() = "permission-send-messages";
    permission_embed_links() = "permission-embed-links";
    permission_attach_files() = "permission-attach-files";
    permission_create_public_threads() = "permission-create-public-threads";
    permission_send_messages_in_threads() = "permission-send-messages-in-threads";
    no_thread_permissions(permissions, count) = "no-thread-permissions";
    could_not_post(channel, after) = "could-not-post";
    move_saved() = "move-saved";
    /// A challenge's button whose terms the bot did not sign (forged or damaged).
    challenge_damaged() = "challenge-damaged";
    /// A click whose custom id the bot cannot read at all.
    button_invalid() = "button-invalid";
    challenge_accepted() = "challenge-accepted";
    sent_by_dm() = "sent-by-dm";
    dms_closed() = "dms-closed";
    choice_damaged() = "choice-damaged";
    winner_wins(who) = "winner-wins";
    winner_resigned(who) = "winner-resigned";
    winner_timeout(who) = "winner-timeout";
    winner_abandoned(who) = "winner-abandoned";
    /// The final post of a match in which hints were used (`app::clans::hint`).
    winner_assisted() = "winner-assisted";
    board_over(name) = "board-over";
    /// `names` joined by [`and_separator`]; `count` of them.
    board_must(names, count, question) = "board-must";
    and_separator() = "and-separator";
    board_crystals(name, count, crystals) = "board-crystals";
    none() = "none";
    field_whose_move() = "field-whose-move";
    field_clock() = "field-clock";
    board_clock_due(who, at) = "board-clock-due";
    board_clock_paused(who) = "board-clock-paused";
    field_initiative() = "field-initiative";
    /// The board post's field that lists each occupied zone's squads.
    field_position() = "field-position";
    field_crystals() = "field-crystals";
    field_turn_log(turn, who) = "field-turn-log";
    field_setup_log() = "field-setup-log";
    log_repeated(line, count) = "log-repeated";
    /// `count`: how many players are pinged in `mentions`.
    your_move(mentions, count, question) = "your-move";
    button_rematch() = "button-rematch";
    button_battle_card() = "button-battle-card";
    button_mulligan() = "button-mulligan";
    button_take_turn() = "button-take-turn";
    button_my_hand() = "button-my-hand";
    button_resign() = "button-resign";
    board_title(id, turn, first, second) = "board-title";
    match_abandoned(id) = "match-abandoned";
    cannot_challenge_yourself() = "cannot-challenge-yourself";
    timeout_range(max) = "timeout-range";
    /// `/clans config` with minutes over the documented maximum (a hand-made request).
    config_minutes_range(max) = "config-minutes-range";
    challenge_to(challenger, opponent) = "challenge-to";
    challenge_open(challenger) = "challenge-open";
    challenge_title() = "challenge-title";
    /// `mulligan` is `on` or `off`; `expires` a Unix time in seconds.
    challenge_terms(clan, their_clan, mulligan, timeout, expires) = "challenge-terms";
    timeout_server_setting() = "timeout-server-setting";
    button_accept() = "button-accept";
    button_decline() = "button-decline";
    players(first, first_clan, second, second_clan) = "players";
    players_ai(first, first_clan, ai_clan) = "players-ai";
    challenge_was_accepted(challenger, opponent, id) = "challenge-was-accepted";
    match_begins(id, players) = "match-begins";
    dm_on() = "dm-on";
    dm_off() = "dm-off";
    really_resign(id) = "really-resign";
    button_yes_resign() = "button-yes-resign";
    you_resigned() = "you-resigned";
    /// `deadline` a Unix time in seconds.
    timeout_warning(who, id, deadline) = "timeout-warning";
    grace_granted(who, id, duration, deadline) = "grace-granted";
    reminder(who, id) = "reminder";
    days(count) = "days";
    question_mulligan() = "question-mulligan";
    question_action() = "question-action";
    question_reorder() = "question-reorder";
    question_discard_down() = "question-discard-down";
    question_move() = "question-move";
    question_battle() = "question-battle";
    question_battle_options() = "question-battle-options";
    question_battle_card() = "question-battle-card";
    question_order_effects() = "question-order-effects";
    question_order_scores() = "question-order-scores";
    question_order_triggers() = "question-order-triggers";
    question_may_draw() = "question-may-draw";
    question_remove_own_unit() = "question-remove-own-unit";
    question_destroy_enemy_unit() = "question-destroy-enemy-unit";
    question_flank() = "question-flank";
    question_retreat() = "question-retreat";
    question_return_battle_card() = "question-return-battle-card";
    question_replenish_discard() = "question-replenish-discard";
    question_free_score() = "question-free-score";
    question_free_summon() = "question-free-summon";
    question_recover() = "question-recover";
    question_inform() = "question-inform";
    question_spy() = "question-spy";
    question_demoralize() = "question-demoralize";
    question_opponent_discard() = "question-opponent-discard";
    question_game_over() = "question-game-over";
    hours(count) = "hours";
    minutes(count) = "minutes";
    thread_title(first, second, id) = "thread-title";
    challenge_had_expired() = "challenge-had-expired";
    challenge_withdrawn(who) = "challenge-withdrawn";
    challenge_declined(who) = "challenge-declined";
    /// A seat's name when its player's display name is unknown.
    player_number(number) = "player-number";
    ai_name(level) = "ai-name";
    /// `ratings` joined by " · ".
    ratings_line(ratings) = "ratings-line";
    /// One player's rating after a match and its change ("Ana 1512 (+12)").
    rating_change(name, rating, delta) = "rating-change";
    rating_change_provisional(name, rating, delta) = "rating-change-provisional";
    rating_ai_fixed(name, rating) = "rating-ai-fixed";
    leaderboard_title() = "leaderboard-title";
    leaderboard_note() = "leaderboard-note";
    record(games, wins) = "record";
    profile_title(name) = "profile-title";
    /// `label` one of the `profile-label*` texts, `record` a [`record`].
    profile_rating(label, rating, deviation, record) = "profile-rating";
    profile_not_rated(label) = "profile-not-rated";
    profile_label_server() = "profile-label-server";
    profile_label() = "profile-label";
    profile_label_all() = "profile-label-all";
    profile_by_clan() = "profile-by-clan";
    profile_recent() = "profile-recent";
    /// `result` one of the `result-*` texts; `time` a Unix time in seconds.
    profile_line(id, result, opponent, clan, their_clan, time) = "profile-line";
    result_won() = "result-won";
    result_lost() = "result-lost";
    result_won_resigned() = "result-won-resigned";
    result_lost_resigned() = "result-lost-resigned";
    result_won_timeout() = "result-won-timeout";
    result_lost_timeout() = "result-lost-timeout";
    result_abandoned() = "result-abandoned";
    // Absences (`/clans away`); `until` a Unix time in seconds.
    away_disabled() = "away-disabled";
    away_days_range(limit) = "away-days-range";
    away_already(until) = "away-already";
    away_too_long(limit, window, left) = "away-too-long";
    away_started(until, paused) = "away-started";
    away_not_away() = "away-not-away";
    away_ended(resumed) = "away-ended";
    away_status(until) = "away-status";
    away_notice(name, until, id) = "away-notice";
    away_note(note) = "away-note";
    away_back(who, id) = "away-back";
    away_line(name, until) = "away-line";
    away_line_note(name, until, note) = "away-line-note";
    settings_away(days) = "settings-away";
    settings_day(zone) = "settings-day";
    settings_grace(grace) = "settings-grace";
    setting_grace_on(duration) = "setting-grace-on";
    setting_grace_off() = "setting-grace-off";
    help_away() = "help-away";
    // How a player is told it is their move (`/clans notify`).
    notify_hour_range() = "notify-hour-range";
    notify_unknown_zone(name) = "notify-unknown-zone";
    notify_quiet_both() = "notify-quiet-both";
    notify_via_thread() = "notify-via-thread";
    notify_via_dm() = "notify-via-dm";
    notify_via_both() = "notify-via-both";
    notify_via_nothing() = "notify-via-nothing";
    notify_quiet_hours(from, to) = "notify-quiet-hours";
    notify_digest_at(hour) = "notify-digest-at";
    notify_saved(via, zone, quiet, digest) = "notify-saved";
    notify_your_move(channel) = "notify-your-move";
    notify_waiting_line(id, channel) = "notify-waiting-line";
    notify_catch_up(count, list) = "notify-catch-up";
    notify_digest(count, list) = "notify-digest";
    help_notify() = "help-notify";
    // The post-game analysis (`src/app/analysis.rs`).
    button_analysis() = "button-analysis";
    analysis_unknown(id) = "analysis-unknown";
    analysis_after_end(id) = "analysis-after-end";
    analysis_busy() = "analysis-busy";
    /// `ahead`: the analyses queued or running before this one.
    analysis_queued(id, ahead) = "analysis-queued";
    analysis_progress(id, turn, turns) = "analysis-progress";
    analysis_failed(id) = "analysis-failed";
    analysis_posted_below() = "analysis-posted-below";
    analysis_post(id, first, second, turns, iterations) = "analysis-post";
    /// A marked turn in the analysis post: one chance figure (the mover's after it) and
    /// how far it moved (`change`, `analysis_post_change`: `direction` up or down).
    analysis_post_turn(number, turn, name, action, percent, change) = "analysis-post-turn";
    analysis_post_change(direction, points) = "analysis-post-change";
    analysis_post_better(action) = "analysis-post-better";
    analysis_post_agrees() = "analysis-post-agrees";
    help_analysis() = "help-analysis";
}

/// A language's own name ("English", "Deutsch") as said in `lang`.
pub fn language_name(lang: Lang, of: Lang) -> String {
    match of {
        Lang::En => language_name_en(lang),
        Lang::De => language_name_de(lang),
    }
}

//! Messages of taking back a misclick: the private ones in `panel.ftl` (the asker's
//! panel, the opponent's answer, refusals), the public ones in `bot.ftl` (the request,
//! what was taken back, `/clans help` and `/clans config`). A module of its own, so the
//! feature's words are found together.

messages! {
    button_take_back() = "button-take-back";
    takeback_off() = "takeback-off";
    takeback_too_late() = "takeback-too-late";
    takeback_denied_nothing() = "takeback-denied-nothing";
    takeback_denied_answered(name) = "takeback-denied-answered";
    takeback_denied_reveals() = "takeback-denied-reveals";
    takeback_asked(name, what, hours) = "takeback-asked";
    takeback_done_you(what) = "takeback-done-you";
    takeback_done_you_reply(what, name) = "takeback-done-you-reply";
    takeback_prompt(name, what) = "takeback-prompt";
    button_takeback_allow() = "button-takeback-allow";
    button_takeback_decline() = "button-takeback-decline";
    takeback_you_allowed(name) = "takeback-you-allowed";
    takeback_you_declined(name) = "takeback-you-declined";
    takeback_lapsed(hours) = "takeback-lapsed";
    takeback_not_for_you(name) = "takeback-not-for-you";
    takeback_wait_answer(name) = "takeback-wait-answer";
    takeback_declined_before(name) = "takeback-declined-before";
    panel_taken_back_yours(what) = "panel-taken-back-yours";
    panel_taken_back_theirs(name, what) = "panel-taken-back-theirs";
    takeback_request_post(asker, what, opponent) = "takeback-request-post";
    button_takeback_answer() = "button-takeback-answer";
    takeback_done_post(asker, what, opponent) = "takeback-done-post";
    takeback_done_ai_post(asker, what) = "takeback-done-ai-post";
    takeback_done_ai_reply_post(asker, what, ai) = "takeback-done-ai-reply-post";
    takeback_declined_post(opponent, asker) = "takeback-declined-post";
    help_takeback() = "help-takeback";
    setting_takebacks_on() = "setting-takebacks-on";
    setting_takebacks_off() = "setting-takebacks-off";
}

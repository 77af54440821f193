//! Messages of forgetting a player (`/clans forget-me`, `privacy.ftl`): the question,
//! its buttons and the answers.

messages! {
    forget_ask(running) = "forget-ask";
    forget_button_yes() = "forget-button-yes";
    forget_button_no() = "forget-button-no";
    forget_done(resigned, deleted, replaced) = "forget-done";
    forget_nothing() = "forget-nothing";
    forget_kept() = "forget-kept";
}

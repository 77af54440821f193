//! Discord's rules for answering an interaction: exactly one callback per interaction,
//! within 3 seconds of it being sent; follow-ups and `@original` edits only after the
//! callback and while the token lives (15 minutes). Updates (types 6 and 7) only for a
//! click on a message. An autocomplete interaction takes one answer, its choices
//! (type 8), and nothing else: no message, no follow-ups; no other interaction takes
//! choices.

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long Discord waits for the callback.
pub const CALLBACK_WITHIN: Duration = Duration::from_secs(3);
/// How long an interaction token takes follow-ups.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);

/// An interaction the fake sent.
#[derive(Debug, Clone)]
pub(super) struct Sent {
    pub at: Instant,
    /// The channel it came from.
    pub channel: String,
    /// The clicked message (a component interaction): its id and whether only the
    /// clicker sees it.
    pub message: Option<(u64, bool)>,
    /// When the bot's callback was accepted.
    pub acked: Option<Instant>,
    /// An autocomplete interaction (type 4): the callback must be choices.
    pub autocomplete: bool,
    /// A modal's submission (type 5): it cannot be answered with another modal.
    pub modal_submit: bool,
}

#[derive(Default)]
pub(super) struct Interactions {
    pub(super) by_token: Mutex<HashMap<String, Sent>>,
}

fn refusal(status: u16, code: u64, message: &str) -> (u16, Value) {
    (status, json!({"message": message, "code": code}))
}

impl Interactions {
    /// Checks a request about an interaction (`p`: the path after `/api/v10/`) at `now`
    /// and, for an accepted callback, marks the interaction answered (in one step, so
    /// two racing callbacks cannot both pass). `Some` is Discord's refusal.
    pub(super) fn check(
        &self,
        method: &str,
        p: &[&str],
        body: &Value,
        now: Instant,
    ) -> Option<(u16, Value)> {
        let mut all = self.by_token.lock().unwrap();
        match (method, p) {
            ("POST", ["interactions", _, token, "callback"]) => {
                let Some(sent) = all.get_mut(*token) else {
                    return Some(refusal(404, 10062, "Unknown interaction"));
                };
                if sent.acked.is_some() {
                    return Some(refusal(
                        400,
                        40060,
                        "Interaction has already been acknowledged.",
                    ));
                }
                if now.duration_since(sent.at) > CALLBACK_WITHIN {
                    return Some(refusal(404, 10062, "Unknown interaction"));
                }
                let choices = body["type"].as_u64() == Some(8);
                if choices != sent.autocomplete {
                    return Some(refusal(
                        400,
                        50035,
                        if sent.autocomplete {
                            "Invalid Form Body: an autocomplete interaction takes only choices (type 8)"
                        } else {
                            "Invalid Form Body: choices (type 8) answer only an autocomplete interaction"
                        },
                    ));
                }
                if body["type"].as_u64() == Some(9) && (sent.modal_submit || sent.autocomplete) {
                    return Some(refusal(
                        400,
                        50035,
                        "Invalid Form Body: a modal answers only a command or a click",
                    ));
                }
                let update = matches!(body["type"].as_u64(), Some(6 | 7));
                if update && sent.message.is_none() {
                    return Some(refusal(
                        400,
                        50035,
                        "Invalid Form Body: this interaction has no message to update",
                    ));
                }
                sent.acked = Some(now);
                None
            }
            (_, ["webhooks", _, token, ..]) => {
                let sent = all.get(*token)?;
                if sent.acked.is_none() || sent.autocomplete {
                    return Some(refusal(404, 10015, "Unknown Webhook"));
                }
                if now.duration_since(sent.at) > TOKEN_LIFE {
                    return Some(refusal(401, 50027, "Invalid Webhook Token"));
                }
                None
            }
            _ => None,
        }
    }

    pub(super) fn get(&self, token: &str) -> Option<Sent> {
        self.by_token.lock().unwrap().get(token).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(i: &Interactions, token: &str, at: Instant, message: Option<(u64, bool)>) {
        let s = Sent {
            at,
            channel: "1".into(),
            message,
            acked: None,
            autocomplete: false,
            modal_submit: false,
        };
        i.by_token.lock().unwrap().insert(token.into(), s);
    }

    #[test]
    fn one_callback_within_three_seconds_then_follow_ups() {
        let i = Interactions::default();
        let t0 = Instant::now();
        sent(&i, "a", t0, None);
        let follow = ["webhooks", "1", "a"];
        assert_eq!(
            i.check("POST", &follow, &Value::Null, t0).unwrap().1["code"],
            10015
        );
        let cb = ["interactions", "9", "a", "callback"];
        let defer = json!({"type": 5});
        assert!(
            i.check("POST", &cb, &defer, t0 + Duration::from_secs(2))
                .is_none()
        );
        let again = i
            .check("POST", &cb, &defer, t0 + Duration::from_secs(2))
            .unwrap();
        assert_eq!((again.0, again.1["code"].as_u64()), (400, Some(40060)));
        assert!(
            i.check("POST", &follow, &Value::Null, t0 + Duration::from_secs(60))
                .is_none()
        );
        let late = t0 + TOKEN_LIFE + Duration::from_secs(1);
        assert_eq!(
            i.check("POST", &follow, &Value::Null, late).unwrap().1["code"],
            50027
        );
        // Too late for the callback; an update needs a clicked message.
        sent(&i, "b", t0, None);
        let cb = ["interactions", "9", "b", "callback"];
        let slow = i
            .check("POST", &cb, &defer, t0 + Duration::from_millis(3100))
            .unwrap();
        assert_eq!((slow.0, slow.1["code"].as_u64()), (404, Some(10062)));
        sent(&i, "c", t0, None);
        let cb = ["interactions", "9", "c", "callback"];
        assert!(
            i.check("POST", &cb, &json!({"type": 7, "data": {}}), t0)
                .is_some()
        );
    }

    #[test]
    fn an_autocomplete_takes_only_choices_and_choices_answer_only_an_autocomplete() {
        let i = Interactions::default();
        let t0 = Instant::now();
        sent(&i, "cmd", t0, None);
        i.by_token.lock().unwrap().insert(
            "auto".into(),
            Sent {
                at: t0,
                channel: "1".into(),
                message: None,
                acked: None,
                autocomplete: true,
                modal_submit: false,
            },
        );
        let choices = json!({"type": 8, "data": {"choices": []}});
        let cmd = ["interactions", "9", "cmd", "callback"];
        assert_eq!(
            i.check("POST", &cmd, &choices, t0).unwrap().1["code"],
            50035
        );
        let auto = ["interactions", "9", "auto", "callback"];
        let defer = json!({"type": 5});
        assert_eq!(i.check("POST", &auto, &defer, t0).unwrap().1["code"], 50035);
        assert!(i.check("POST", &auto, &choices, t0).is_none());
        // No follow-up on an autocomplete's token.
        let follow = ["webhooks", "1", "auto"];
        assert_eq!(
            i.check("POST", &follow, &Value::Null, t0).unwrap().1["code"],
            10015
        );
    }
}

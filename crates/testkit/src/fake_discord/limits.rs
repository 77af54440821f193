//! Discord's documented message limits that its OpenAPI schema does not express (the
//! schema allows 4,000 characters of content and 40 components, Discord refuses a bot
//! more): 2,000 characters of content, 5 action rows, 5 buttons or one select a row,
//! 25 select options, 100-character custom ids, 6,000 characters over a message's
//! embeds. One rule is the project's own, not Discord's: every new attachment carries
//! alt text (its `description`), so a screen reader can speak every image the bot
//! posts; the fake refuses one without it as Discord refuses a broken limit, so the
//! test that posted it fails.

use super::validate::Problem;
use serde_json::Value;

const CONTENT: usize = 2000;
const ROWS: usize = 5;
const BUTTONS_A_ROW: usize = 5;
const OPTIONS: usize = 25;
const CUSTOM_ID: usize = 100;
const EMBEDS_TOTAL: usize = 6000;
/// The files of one message: 10 MiB, what Discord accepts from a bot in a server
/// without boosts. Discord answers a larger upload 413, error 40005.
pub const ATTACHMENTS_TOTAL: usize = 10 * 1024 * 1024;

/// The message inside a request to `template`, if it carries one: the body of a
/// channel message, webhook or follow-up, or the `data` of a message callback.
fn message<'a>(method: &str, template: &str, body: &'a Value) -> Option<(&'a Value, &'static str)> {
    match (method, template) {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            matches!(body["type"].as_u64(), Some(4 | 7)).then_some((&body["data"], "/data"))
        }
        ("POST", "/channels/{channel_id}/messages")
        | ("PATCH", "/channels/{channel_id}/messages/{message_id}")
        | ("POST", "/webhooks/{webhook_id}/{webhook_token}")
        | ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
        | ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") => {
            Some((body, ""))
        }
        _ => None,
    }
}

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// The documented limits a request to `template` breaks.
pub(super) fn check(method: &str, template: &str, body: &Value) -> Vec<Problem> {
    let Some((msg, at)) = message(method, template, body) else {
        return vec![];
    };
    let mut out = vec![];
    let mut bad = |pointer: String, code: &'static str, message: String| {
        out.push(Problem {
            pointer,
            code,
            message,
        })
    };
    let n = chars(&msg["content"]);
    if n > CONTENT {
        bad(
            format!("{at}/content"),
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be {CONTENT} or fewer in length ({n})."),
        );
    }
    let rows = msg["components"].as_array().map_or(&[][..], Vec::as_slice);
    if rows.len() > ROWS {
        bad(
            format!("{at}/components"),
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be {ROWS} or fewer in length ({}).", rows.len()),
        );
    }
    for (r, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        let selects = items
            .iter()
            .filter(|c| c["type"].as_u64() != Some(2))
            .count();
        if items.len() > BUTTONS_A_ROW || (selects > 0 && items.len() > 1) {
            bad(
                format!("{at}/components/{r}/components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width".into(),
            );
        }
        for (c, item) in items.iter().enumerate() {
            let here = format!("{at}/components/{r}/components/{c}");
            let id = chars(&item["custom_id"]);
            if id > CUSTOM_ID {
                bad(
                    format!("{here}/custom_id"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be {CUSTOM_ID} or fewer in length ({id})."),
                );
            }
            let options = item["options"].as_array().map_or(0, Vec::len);
            if options > OPTIONS {
                bad(
                    format!("{here}/options"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be {OPTIONS} or fewer in length ({options})."),
                );
            }
        }
    }
    let embeds = msg["embeds"].as_array().map_or(&[][..], Vec::as_slice);
    let total: usize = embeds
        .iter()
        .map(|e| {
            chars(&e["title"])
                + chars(&e["description"])
                + chars(&e["footer"]["text"])
                + chars(&e["author"]["name"])
                + e["fields"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|f| chars(&f["name"]) + chars(&f["value"]))
                    .sum::<usize>()
        })
        .sum();
    let files = msg["attachments"].as_array().map_or(&[][..], Vec::as_slice);
    for (i, f) in files.iter().enumerate() {
        // An entry without a file name keeps an attachment already posted.
        if f["filename"].is_string() && chars(&f["description"]) == 0 {
            bad(
                format!("{at}/attachments/{i}/description"),
                "ALT_TEXT_MISSING",
                format!(
                    "The project's rule: every image has alt text ({} has none).",
                    f["filename"]
                ),
            );
        }
    }
    if total > EMBEDS_TOTAL {
        bad(
            format!("{at}/embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBEDS_TOTAL} ({total})."),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const POST: &str = "/channels/{channel_id}/messages";

    #[test]
    fn an_image_without_alt_text_is_refused() {
        let with = |d: Value| {
            check(
                "POST",
                POST,
                &json!({"attachments": [{"id": 0, "filename": "a.png", "description": d}]}),
            )
        };
        assert!(with(json!("The board")).is_empty());
        assert_eq!(with(Value::Null)[0].code, "ALT_TEXT_MISSING");
        assert_eq!(with(json!(""))[0].code, "ALT_TEXT_MISSING");
        // Keeping an attachment already posted names no file.
        assert!(check("PATCH", POST, &json!({"attachments": [{"id": 5}]})).is_empty());
    }

    #[test]
    fn each_documented_limit_is_refused_one_past_it() {
        let fine = |v: Value| check("POST", POST, &v).is_empty();
        assert!(fine(json!({"content": "x".repeat(2000)})));
        assert!(!fine(json!({"content": "x".repeat(2001)})));
        let row = json!({"type": 1, "components": [{"type": 2, "custom_id": "a", "style": 1}]});
        assert!(fine(json!({"components": vec![row.clone(); 5]})));
        assert!(!fine(json!({"components": vec![row; 6]})));
        let button = |id: String| json!({"type": 2, "custom_id": id, "style": 1});
        assert!(fine(
            json!({"components": [{"type": 1, "components": vec![button("b".into()); 5]}]})
        ));
        assert!(!fine(
            json!({"components": [{"type": 1, "components": vec![button("b".into()); 6]}]})
        ));
        assert!(!fine(
            json!({"components": [{"type": 1, "components": [button("c".repeat(101))]}]})
        ));
        let select = |n: usize| {
            json!({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s",
                "options": vec![json!({"label": "l", "value": "v"}); n]}]}]})
        };
        assert!(fine(select(25)));
        assert!(!fine(select(26)));
        let embed = |n: usize| json!({"embeds": [{"title": "t", "description": "d".repeat(n)}]});
        assert!(fine(embed(5999)));
        assert!(!fine(embed(6000)));
        // A message callback's message is its `data`.
        let callback = "/interactions/{interaction_id}/{interaction_token}/callback";
        let long = json!({"type": 4, "data": {"content": "x".repeat(2001)}});
        assert_eq!(check("POST", callback, &long)[0].pointer, "/data/content");
    }
}

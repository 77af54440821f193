//! The REST API: one handler per route the bot uses, answering as Discord does.

use super::*;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Request, Response};
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::time::Instant;

pub(super) fn thread_json(guild: u64, id: &str, parent: &str, name: &Value) -> Value {
    json!({"id": id, "type": 11, "guild_id": guild.to_string(), "parent_id": parent,
           "name": name, "position": 0, "permission_overwrites": [], "nsfw": false,
           "owner_id": BOT_ID.to_string(), "flags": 0, "last_message_id": null,
           "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
           "total_message_sent": 0,
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
               "archive_timestamp": now_iso(), "locked": false, "create_timestamp": now_iso()}})
}

pub(super) fn message_json(id: u64, channel: &str, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel, "author": user_json(BOT_ID, "Crystal Clans"),
        "content": body.get("content").cloned().unwrap_or(json!("")), "timestamp": now_iso(),
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)), "components": []
    })
}

/// The JSON payload, the files (with their bytes when `keep_files`) of a multipart
/// body, and the files' total size.
fn parse_multipart(
    content_type: &str,
    body: &[u8],
    keep_files: bool,
) -> (Value, Vec<(String, Vec<u8>)>, usize) {
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return (Value::Null, vec![], 0);
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let b = boundary.as_bytes();
    let mut json = Value::Null;
    let mut files = vec![];
    let mut size = 0;
    let mut starts = vec![];
    let mut i = 0;
    // Jump from one occurrence of the boundary's first byte to the next (a PNG is
    // large: comparing at every byte would cost the fake more than the bot).
    while i + b.len() <= body.len() {
        let Some(j) = body[i..=body.len() - b.len()]
            .iter()
            .position(|&x| x == b[0])
        else {
            break;
        };
        i += j;
        if &body[i..i + b.len()] == b {
            starts.push(i);
            i += b.len();
        } else {
            i += 1;
        }
    }
    for w in starts.windows(2) {
        let part = &body[w[0] + b.len()..w[1]];
        let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let field = |key: &str| {
            headers
                .split(&format!("{key}=\""))
                .nth(1)
                .and_then(|s| s.split('"').next())
                .map(str::to_string)
        };
        if field("name").as_deref() == Some("payload_json") {
            json = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else if let Some(f) = field("filename") {
            size += content.len();
            files.push((f, if keep_files { content.to_vec() } else { vec![] }));
        }
    }
    (json, files, size)
}

pub(super) async fn handle(
    s: &Shared,
    req: Request<hyper::body::Incoming>,
) -> Response<Full<Bytes>> {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let ct = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = req
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    // Received now (parsing below is the fake's own time, not the bot's).
    let at = Instant::now();
    let (json, files, files_size) = if ct.starts_with("multipart/") {
        parse_multipart(&ct, &body, s.keep_files.load(Ordering::Relaxed))
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            vec![],
            0,
        )
    };
    if s.life() != Life::Up {
        // Read, never answered: the caller waits until its own timeout, if it has one.
        std::future::pending::<()>().await;
    }
    let injected = s.fault(&method, &path);
    if let Some(Injected::Delay(d)) = injected {
        tokio::time::sleep(d).await;
    }
    let p: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let limit = s.buckets.take(&method, &p, at);
    if let Some(wait) = limit.retry_after {
        // Refused before Discord looks at it: not recorded as a request, only counted.
        s.rate_limited.fetch_add(1, Ordering::SeqCst);
        let out = json!({"message": "You are being rate limited.", "retry_after": wait,
                         "global": false, "code": 0});
        let mut headers = limit.headers;
        headers.push(("retry-after", format!("{wait:.3}")));
        headers.push(("x-ratelimit-scope", "user".into()));
        return answer(429, &out, &headers);
    }
    let (status, out) = if s.refuse.load(Ordering::SeqCst) {
        (401, json!({"message": "401: Unauthorized", "code": 0}))
    } else if let Some(Injected::Status(status)) = injected {
        let message = format!("{status}: injected by the test");
        (status, json!({"message": message, "code": 0}))
    } else if files_size > limits::ATTACHMENTS_TOTAL {
        let problem = format!(
            "{files_size} bytes of files, over Discord's {} a message",
            limits::ATTACHMENTS_TOTAL
        );
        s.violation(Violation {
            by: "request",
            method: method.clone(),
            path: path.clone(),
            body: json.clone(),
            problems: vec![validate::Problem {
                pointer: "/files".into(),
                code: "REQUEST_ENTITY_TOO_LARGE",
                message: problem,
            }],
        });
        (
            413,
            json!({"message": "Request entity too large", "code": 40005}),
        )
    } else {
        let problems = validate::spec().check_request(&method, &path, &json);
        if !problems.is_empty() {
            s.violation(Violation {
                by: "request",
                method: method.clone(),
                path: path.clone(),
                body: json.clone(),
                problems: problems.clone(),
            });
            (400, validate::form_error(&problems))
        } else if let Some(refused) = s.interactions.check(&method, &p, &json, at) {
            refused
        } else if let Some(refused) = outside(s, &method, &path, &p, &json) {
            refused
        } else {
            route(s, &method, &p, &json)
        }
    };
    if status == 200 || status == 201 {
        let problems = validate::spec().check_answer(&method, &path, status, &out);
        if !problems.is_empty() {
            s.violation(Violation {
                by: "answer",
                method: method.clone(),
                path: path.clone(),
                body: out.clone(),
                problems,
            });
        }
    }
    // The message the request made or changed, where it is, and (for an update) the
    // visibility of the clicked message it changes.
    let mut message_id = out["id"].as_str().and_then(|i| i.parse().ok());
    let mut clicked = None;
    let channel = match p.as_slice() {
        ["channels", ch, "messages", ..] => Some(ch.to_string()),
        ["interactions", _, token, "callback"] | ["webhooks", _, token, ..] => {
            let sent = s.interactions.get(token);
            if p[0] == "interactions" {
                message_id = match json["type"].as_u64() {
                    Some(6 | 7) => sent.as_ref().and_then(|i| i.message).map(|(id, shown)| {
                        clicked = Some(shown);
                        id
                    }),
                    Some(4 | 5) => Some(s.next_id.fetch_add(1, Ordering::SeqCst)),
                    _ => None,
                };
            }
            sent.map(|i| i.channel)
        }
        _ => None,
    };
    let reply_id = out["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0);
    s.record(
        Recorded {
            method,
            path,
            json,
            files,
            at,
            reply_id,
            status,
            message_id,
            channel,
            shown_ephemeral: false,
        },
        clicked,
    );
    answer(status, &out, &limit.headers)
}

/// Discord's refusal of what the bot may not do where only a user's install brought
/// the app: anything of its own in a channel it is not in (a violation: the bot must
/// answer interactions there), and commands for user install when the application does
/// not allow it ([`Fake::refuse_user_install`]).
fn outside(s: &Shared, method: &str, path: &str, p: &[&str], json: &Value) -> Option<(u16, Value)> {
    if let ["channels", ch, ..] = p
        && s.private.lock().unwrap().contains_key(*ch)
    {
        s.violation(Violation {
            by: "request",
            method: method.to_string(),
            path: path.to_string(),
            body: json.clone(),
            problems: vec![validate::Problem {
                pointer: String::new(),
                code: "MISSING_ACCESS",
                message: "the bot is not in this channel (a group DM a user's install brought \
                          it into): it may only answer interactions there"
                    .into(),
            }],
        });
        return Some((403, json!({"message": "Missing Access", "code": 50001})));
    }
    let user_install = |c: &Value| {
        c["integration_types"]
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t == 1))
    };
    if method == "PUT"
        && matches!(p, ["applications", _, "commands"])
        && s.refuse_user_install.load(Ordering::SeqCst)
        && json
            .as_array()
            .is_some_and(|cs| cs.iter().any(user_install))
    {
        return Some((
            400,
            json!({"message": "Invalid Form Body", "code": 50035,
                   "errors": {"0": {"integration_types": {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_INTEGRATION_TYPE",
                       "message": "User install is not enabled for this application"}]}}}}),
        ));
    }
    None
}

fn answer(status: u16, out: &Value, headers: &[(&'static str, String)]) -> Response<Full<Bytes>> {
    let body = if status == 204 {
        Bytes::new()
    } else {
        Bytes::from(out.to_string())
    };
    let mut r = Response::builder()
        .status(status)
        .header("content-type", "application/json");
    for (k, v) in headers {
        r = r.header(*k, v);
    }
    r.body(Full::new(body)).unwrap()
}

/// The answer of each route the bot uses, once the request passed Discord's checks.
fn route(s: &Shared, method: &str, p: &[&str], json: &Value) -> (u16, Value) {
    let id = s.next_id.fetch_add(1, Ordering::SeqCst);
    let (status, out) = match (method, p) {
        ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (
            200,
            json!({"url": s.ws_url, "shards": s.gateway.lock().unwrap().shard_count,
                   "session_start_limit":
                   {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("PUT", ["applications", _, "commands"]) => (200, json!([])),
        ("GET", ["users", "@me"]) => {
            let mut me = user_json(BOT_ID, "Crystal Clans");
            me["mfa_enabled"] = json!(false);
            me["locale"] = json!("en-US");
            me["verified"] = json!(true);
            (200, me)
        }
        ("POST", ["interactions", _, _, "callback"]) => (204, Value::Null),
        ("POST", ["webhooks", _, token]) => {
            let channel = s.interactions.get(token).map(|i| i.channel);
            let channel = channel.unwrap_or_else(|| CHANNEL.to_string());
            (200, message_json(id, &channel, json))
        }
        (_, ["webhooks", _, token, "messages", m]) => {
            let sent = s.interactions.get(token);
            let channel = sent.as_ref().map(|i| i.channel.clone());
            let channel = channel.unwrap_or_else(|| CHANNEL.to_string());
            // `@original` is the callback's message: the clicked one after an update,
            // else the one the callback made.
            let original = s.original_message(token);
            let id = match *m {
                "@original" => original.unwrap_or(id),
                m => m.parse().unwrap_or(id),
            };
            (200, message_json(id, &channel, json))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = json["recipient_id"]
                .as_str()
                .and_then(|u| u.parse().ok())
                .or_else(|| json["recipient_id"].as_u64())
                .unwrap_or(0);
            s.dms.lock().unwrap().insert(id.to_string(), user);
            (
                200,
                json!({"id": id.to_string(), "type": 1, "last_message_id": null, "flags": 0,
                       "recipients": [user_json(user, "someone")]}),
            )
        }
        ("POST", ["channels", ch, "messages"])
            if s.dms
                .lock()
                .unwrap()
                .get(*ch)
                .is_some_and(|u| s.dm_closed.lock().unwrap().contains(u)) =>
        {
            (
                403,
                json!({"message": "Cannot send messages to this user", "code": 50007}),
            )
        }
        ("POST", ["channels", ch, "messages"])
            if s.forbidden.lock().unwrap().iter().any(|f| f == ch) =>
        {
            (
                403,
                json!({"message": "Missing Permissions", "code": 50013}),
            )
        }
        // Inside a thread, posting takes Send Messages in Threads.
        ("POST", ["channels", ch, "messages"])
            if s.threads.lock().unwrap().contains_key(*ch)
                && !s.has_permission(SEND_MESSAGES_IN_THREADS) =>
        {
            (
                403,
                json!({"message": "Missing Permissions", "code": 50013}),
            )
        }
        // "Sending a message will automatically unarchive the thread, unless the thread
        // has been locked by a moderator" (Discord's threads topic).
        ("POST", ["channels", ch, "messages"])
            if s.threads.lock().unwrap().get(*ch).is_some_and(|t| t.locked)
                && !s.has_permission(MANAGE_THREADS) =>
        {
            (403, json!({"message": "Thread is locked", "code": 160005}))
        }
        ("POST", ["channels", ch, "messages"]) => {
            if let Some(t) = s.threads.lock().unwrap().get_mut(*ch) {
                t.archived = false;
            }
            (200, message_json(id, ch, json))
        }
        // Another member added to a thread (a follower): a thread that exists and is
        // open; Discord answers 204.
        ("PUT", ["channels", ch, "thread-members", _]) => {
            match s
                .threads
                .lock()
                .unwrap()
                .get(*ch)
                .map(|t| (t.archived, t.locked))
            {
                None => (404, json!({"message": "Unknown Channel", "code": 10003})),
                Some((true, _) | (_, true)) => {
                    (400, json!({"message": "Thread is archived", "code": 50083}))
                }
                Some(_) => (204, Value::Null),
            }
        }
        // Nothing in an archived thread is edited.
        ("PATCH", ["channels", ch, "messages", _])
            if s.threads
                .lock()
                .unwrap()
                .get(*ch)
                .is_some_and(|t| t.archived) =>
        {
            (400, json!({"message": "Thread is archived", "code": 50083}))
        }
        ("PATCH", ["channels", ch, "messages", _]) => (200, message_json(id, ch, json)),
        ("POST", ["channels", _, "messages", _, "threads"] | ["channels", _, "threads"])
            if !s.has_permission(CREATE_PUBLIC_THREADS) =>
        {
            (
                403,
                json!({"message": "Missing Permissions", "code": 50013}),
            )
        }
        // Discord cannot start a thread from a message inside a thread, nor one in a
        // thread.
        ("POST", ["channels", ch, "messages", _, "threads"] | ["channels", ch, "threads"])
            if s.threads.lock().unwrap().contains_key(*ch) =>
        {
            (
                400,
                json!({"message": "Cannot execute action on this channel type", "code": 50024}),
            )
        }
        ("POST", ["channels", ch, "messages", _, "threads"] | ["channels", ch, "threads"]) => {
            let name = json["name"].as_str().unwrap_or_default().to_string();
            let thread = Thread {
                name,
                parent: ch.to_string(),
                archived: false,
                locked: false,
            };
            s.threads.lock().unwrap().insert(id.to_string(), thread);
            (
                201,
                thread_json(s.guild_of(ch), &id.to_string(), ch, &json["name"]),
            )
        }
        ("PATCH", ["channels", ch]) if s.threads.lock().unwrap().contains_key(*ch) => {
            let name = json["name"].as_str().unwrap_or_default().to_string();
            if !(1..=100).contains(&name.chars().count()) {
                (
                    400,
                    json!({"message": "Invalid Form Body", "code": 50035,
                           "errors": {"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH",
                               "message": "Must be between 1 and 100 in length."}]}}}),
                )
            } else {
                let parent = {
                    let mut threads = s.threads.lock().unwrap();
                    let t = threads.get_mut(*ch);
                    t.map_or(CHANNEL.to_string(), |t| {
                        t.name = name;
                        t.parent.clone()
                    })
                };
                (
                    200,
                    thread_json(s.guild_of(&parent), ch, &parent, &json["name"]),
                )
            }
        }
        _ => (404, json!({"message": "Unknown route", "code": 0})),
    };
    (status, out)
}

//! Discord's own OpenAPI description (`crates/testkit/assets/discord-api/openapi.json`, embedded) as a
//! validator: every request the bot makes is checked against its operation's request
//! schema and against the documented limits the schema cannot express, and the fake's
//! own answers and interactions against the spec's response schemas. A violation is
//! answered as Discord does (400, code 50035, the error tree) and recorded, so the test
//! or bench that caused it fails even when the bot swallows the 400.

use jsonschema::Validator;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

const SPEC: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/discord-api/openapi.json"
));

/// One thing Discord would refuse: where in the body (a JSON pointer) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub pointer: String,
    /// Discord's error code for it (`BASE_TYPE_MAX_LENGTH`, ...).
    pub code: &'static str,
    pub message: String,
}

/// A request (or a fake's answer) that broke the spec, as a test prints it.
#[derive(Debug, Clone)]
pub struct Violation {
    /// What broke it: `request` (the bot) or `answer`/`event` (the fake itself).
    pub by: &'static str,
    pub method: String,
    pub path: String,
    pub body: Value,
    pub problems: Vec<Problem>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} {} {} breaks Discord's API:",
            self.by, self.method, self.path
        )?;
        for p in &self.problems {
            writeln!(f, "  at `{}`: {} ({})", p.pointer, p.message, p.code)?;
        }
        let body = self.body.to_string();
        let cut: String = body.chars().take(2000).collect();
        write!(f, "  body: {cut}")
    }
}

struct Route {
    method: String,
    template: String,
    segments: Vec<String>,
}

pub struct Spec {
    doc: Value,
    routes: Vec<Route>,
    /// Compiled validators by schema key (an operation's request or answer, or a
    /// component's name): compiling resolves the `$ref`s once.
    compiled: Mutex<HashMap<String, Option<Arc<Validator>>>>,
}

/// The spec, parsed once per process.
pub fn spec() -> &'static Spec {
    static SPEC_ONCE: OnceLock<Spec> = OnceLock::new();
    SPEC_ONCE.get_or_init(|| {
        let mut doc: Value = serde_json::from_str(SPEC).expect("the vendored spec is JSON");
        // Discord reads a snowflake sent as a JSON integer as well as a string (serenity
        // sends attachment ids so); the spec only describes the strings it sends back.
        doc["components"]["schemas"]["SnowflakeType"] = json!({"anyOf": [
            {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
            {"type": "integer", "minimum": 0}]});
        // A permission bit set is a string in Discord's documentation and in what it sends
        // back; the spec types only the requests' as integers, yet Discord reads both
        // (serenity sends the string, as the documentation does).
        for request in [
            "ApplicationCommandCreateRequest",
            "ApplicationCommandPatchRequestPartial",
            "ApplicationCommandUpdateRequest",
        ] {
            doc["components"]["schemas"][request]["properties"]["default_member_permissions"] =
                json!({"anyOf": [{"type": "null"},
                    {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                    {"type": "integer", "minimum": 0}]});
        }
        let mut routes = vec![];
        for (template, ops) in doc["paths"].as_object().into_iter().flatten() {
            for method in ops.as_object().into_iter().flatten().map(|(m, _)| m) {
                if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                    routes.push(Route {
                        method: method.to_uppercase(),
                        template: template.clone(),
                        segments: template
                            .trim_start_matches('/')
                            .split('/')
                            .map(str::to_string)
                            .collect(),
                    });
                }
            }
        }
        Spec {
            doc,
            routes,
            compiled: Mutex::default(),
        }
    })
}

/// Discord's answer to a refused body: 400 with code 50035 and, under `errors`, the
/// body's shape down to each refused field, each with its `_errors`.
pub fn form_error(problems: &[Problem]) -> Value {
    let mut errors = Map::new();
    for p in problems {
        let mut node = &mut errors;
        for key in p.pointer.split('/').filter(|k| !k.is_empty()) {
            node = node
                .entry(key.to_string())
                .or_insert_with(|| json!({}))
                .as_object_mut()
                .expect("error nodes are objects");
        }
        let list = node.entry("_errors").or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(json!({"code": p.code, "message": p.message}));
        }
    }
    json!({"message": "Invalid Form Body", "code": 50035, "errors": errors})
}

impl Spec {
    /// The operation for `method` and a request path (`/api/v10/...`): the route whose
    /// template matches, preferring literal segments (`@original`, `@me`) to parameters.
    fn operation(&self, method: &str, path: &str) -> Option<(&str, &Value)> {
        let segs: Vec<&str> = path
            .trim_start_matches("/api/v10")
            .trim_start_matches('/')
            .split('/')
            .collect();
        let mut best: Option<(&Route, usize)> = None;
        for r in self.routes.iter().filter(|r| r.method == method) {
            if r.segments.len() != segs.len() {
                continue;
            }
            let mut literal = 0;
            let fits = r.segments.iter().zip(&segs).all(|(t, s)| {
                if t.starts_with('{') {
                    true
                } else {
                    literal += 1;
                    t == s
                }
            });
            if fits && best.is_none_or(|(_, n)| literal > n) {
                best = Some((r, literal));
            }
        }
        let (r, _) = best?;
        Some((
            &r.template,
            &self.doc["paths"][&r.template][method.to_lowercase()],
        ))
    }

    /// A validator of `schema` (a fragment of the spec whose `$ref`s point into the
    /// spec's components), compiled once under `key`.
    fn validator(
        &self,
        key: &str,
        schema: impl FnOnce() -> Option<Value>,
    ) -> Option<Arc<Validator>> {
        if let Some(v) = self.compiled.lock().unwrap().get(key) {
            return v.clone();
        }
        let compiled = schema().map(|s| {
            let mut root = json!({"allOf": [s]});
            root["components"] = self.doc["components"].clone();
            let v = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&root)
                .unwrap_or_else(|e| panic!("the spec's schema for {key} compiles: {e}"));
            Arc::new(v)
        });
        self.compiled
            .lock()
            .unwrap()
            .insert(key.to_string(), compiled.clone());
        compiled
    }

    fn problems(v: &Validator, body: &Value) -> Vec<Problem> {
        v.iter_errors(body)
            .map(|e| Problem {
                pointer: e.instance_path().as_str().to_string(),
                code: code_of(e.kind()),
                message: e.to_string(),
            })
            .collect()
    }

    /// What Discord would refuse in a request: no such route, a body its schema
    /// refuses, or a documented limit broken. `body` is the JSON (a multipart body's
    /// `payload_json`), `Null` when there is none.
    pub fn check_request(&self, method: &str, path: &str, body: &Value) -> Vec<Problem> {
        let Some((template, op)) = self.operation(method, path) else {
            return vec![Problem {
                pointer: String::new(),
                code: "UNKNOWN_ROUTE",
                message: format!("Discord has no route {method} {path}"),
            }];
        };
        let schema = &op["requestBody"]["content"]["application/json"]["schema"];
        // A body that may be one of several schemas: checked against each, so that the
        // problems reported are those of the closest one (not a bare "matches none").
        let branches: Vec<&Value> = match schema["anyOf"].as_array() {
            Some(list) => list.iter().collect(),
            None if schema.is_object() => vec![schema],
            None => vec![],
        };
        let mut out = vec![];
        if !body.is_null() && !branches.is_empty() {
            let mut best: Option<Vec<Problem>> = None;
            for (i, b) in branches.iter().enumerate() {
                let key = format!("request {method} {template} #{i}");
                let Some(v) = self.validator(&key, || Some((*b).clone())) else {
                    continue;
                };
                let found = Self::problems(&v, body);
                if best.as_ref().is_none_or(|b| found.len() < b.len()) {
                    best = Some(found);
                }
            }
            out = best.unwrap_or_default();
        }
        out.extend(super::limits::check(method, template, body));
        out
    }

    /// What is wrong with the fake's own answer (status 200) by the spec's schema for it.
    pub fn check_answer(
        &self,
        method: &str,
        path: &str,
        status: u16,
        body: &Value,
    ) -> Vec<Problem> {
        let Some((template, op)) = self.operation(method, path) else {
            return vec![];
        };
        let key = format!("answer {status} {method} {template}");
        let schema = || {
            op["responses"][status.to_string()]["content"]["application/json"]["schema"]
                .as_object()
                .map(|o| Value::Object(o.clone()))
        };
        match self.validator(&key, schema) {
            Some(v) => Self::problems(&v, body),
            None => vec![],
        }
    }

    /// What is wrong with `value` by the spec's component schema `name`
    /// (`UserResponse`, `MessageResponse`, ...).
    pub fn check_component(&self, name: &str, value: &Value) -> Vec<Problem> {
        let v = self
            .validator(name, || {
                self.doc["components"]["schemas"].get(name)?;
                Some(json!({"$ref": format!("#/components/schemas/{name}")}))
            })
            .unwrap_or_else(|| panic!("the spec has no schema {name}"));
        Self::problems(&v, value)
    }
}

/// Discord's error code for a kind of schema error (the ones its answers use).
fn code_of(kind: &jsonschema::error::ValidationErrorKind) -> &'static str {
    use jsonschema::error::ValidationErrorKind as K;
    match kind {
        K::MaxLength { .. } | K::MinLength { .. } | K::MaxItems { .. } | K::MinItems { .. } => {
            "BASE_TYPE_BAD_LENGTH"
        }
        K::Required { .. } => "BASE_TYPE_REQUIRED",
        K::Type { .. } => "BASE_TYPE_BAD_TYPE",
        K::Maximum { .. } | K::Minimum { .. } => "NUMBER_TYPE_OUT_OF_RANGE",
        K::Enum { .. } | K::Constant { .. } => "BASE_TYPE_CHOICES",
        _ => "BASE_TYPE_INVALID",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_found_by_method_and_template_literals_first() {
        let s = spec();
        let (t, _) = s
            .operation("PATCH", "/api/v10/webhooks/1/tok/messages/@original")
            .unwrap();
        assert_eq!(
            t,
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        );
        let (t, _) = s.operation("POST", "/api/v10/channels/5/messages").unwrap();
        assert_eq!(t, "/channels/{channel_id}/messages");
        assert!(s.operation("POST", "/api/v10/nowhere/5").is_none());
    }

    #[test]
    fn a_message_the_spec_refuses_is_answered_with_discords_error_tree() {
        let s = spec();
        let fine = json!({"content": "hello", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]});
        assert_eq!(
            s.check_request("POST", "/api/v10/channels/5/messages", &fine),
            vec![]
        );
        let bad = json!({"content": 5});
        let problems = s.check_request("POST", "/api/v10/channels/5/messages", &bad);
        assert!(
            problems.iter().any(|p| p.pointer == "/content"),
            "{problems:?}"
        );
        let body = form_error(&problems);
        assert_eq!(body["code"], 50035);
        assert!(body["errors"]["content"]["_errors"].is_array(), "{body}");
    }

    #[test]
    fn an_unknown_route_is_a_problem() {
        let p = spec().check_request("POST", "/api/v10/nowhere/5", &Value::Null);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].code, "UNKNOWN_ROUTE");
    }
}

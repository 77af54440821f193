//! The consistency checks of the `.ftl` files, as functions the tests run over the
//! embedded files (and over broken samples, to show each check catches its fault).

use super::{Lang, sources};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message (`key`) and attribute (`key.attr`) of some `.ftl` text, with the
/// variables it uses (through the messages it references too).
pub type Messages = BTreeMap<String, BTreeSet<String>>;

/// Why `source` does not parse, one line per error (empty: it parses).
pub fn parse_errors(source: &str) -> Vec<String> {
    match fluent_syntax::parser::parse(source) {
        Ok(r) => r
            .body
            .iter()
            .filter_map(|e| match e {
                Entry::Junk { content } => Some(format!("junk: {content:?}")),
                _ => None,
            })
            .collect(),
        Err((_, errors)) => errors.iter().map(|e| format!("{e:?}")).collect(),
    }
}

/// The messages of several `.ftl` texts of one language together.
pub fn messages(sources: &[&str]) -> Messages {
    let mut patterns: BTreeMap<String, Pattern<&str>> = BTreeMap::new();
    for source in sources {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in resource.body {
            if let Entry::Message(m) = entry {
                let id = m.id.name.to_string();
                for a in m.attributes {
                    patterns.insert(format!("{id}.{}", a.id.name), a.value);
                }
                if let Some(v) = m.value {
                    patterns.insert(id, v);
                }
            }
        }
    }
    patterns
        .keys()
        .map(|k| {
            let mut vars = BTreeSet::new();
            let mut seen = BTreeSet::new();
            variables(&patterns, k, &mut vars, &mut seen);
            (k.clone(), vars)
        })
        .collect()
}

/// The messages of one language's embedded files.
pub fn language(lang: Lang) -> Messages {
    let texts: Vec<&str> = sources(lang).iter().map(|(_, s)| *s).collect();
    messages(&texts)
}

fn variables(
    patterns: &BTreeMap<String, Pattern<&str>>,
    key: &str,
    vars: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    if !seen.insert(key.to_string()) {
        return;
    }
    if let Some(p) = patterns.get(key) {
        pattern(patterns, p, vars, seen);
    }
}

fn pattern(
    patterns: &BTreeMap<String, Pattern<&str>>,
    p: &Pattern<&str>,
    vars: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expr(patterns, expression, vars, seen);
        }
    }
}

fn expr(
    patterns: &BTreeMap<String, Pattern<&str>>,
    e: &Expression<&str>,
    vars: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    match e {
        Expression::Select { selector, variants } => {
            inline(patterns, selector, vars, seen);
            for v in variants {
                pattern(patterns, &v.value, vars, seen);
            }
        }
        Expression::Inline(i) => inline(patterns, i, vars, seen),
    }
}

fn inline(
    patterns: &BTreeMap<String, Pattern<&str>>,
    i: &InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(patterns, a, vars, seen);
            }
            for a in &arguments.named {
                inline(patterns, &a.value, vars, seen);
            }
        }
        InlineExpression::MessageReference { id, attribute } => {
            let key = match attribute {
                Some(a) => format!("{}.{}", id.name, a.name),
                None => id.name.to_string(),
            };
            variables(patterns, &key, vars, seen);
        }
        InlineExpression::Placeable { expression } => expr(patterns, expression, vars, seen),
        // A term's variables are its own arguments, not the caller's.
        InlineExpression::TermReference { .. }
        | InlineExpression::StringLiteral { .. }
        | InlineExpression::NumberLiteral { .. } => {}
    }
}

/// The keys one language has and the other lacks.
pub fn key_differences(a: (&str, &Messages), b: (&str, &Messages)) -> Vec<String> {
    let mut out = Vec::new();
    for (name, this, other) in [(a.0, a.1, b.1), (b.0, b.1, a.1)] {
        for k in this.keys().filter(|k| !other.contains_key(*k)) {
            out.push(format!("{k} is only in {name}"));
        }
    }
    out
}

/// Where a language's messages and their callers (`table`: each key with the variables
/// its function passes) disagree: a key the callers use that the language lacks, or a
/// variable a message uses that the caller does not pass.
pub fn caller_differences(table: &[(&str, &[&str])], messages: &Messages) -> Vec<String> {
    let mut out = Vec::new();
    for (key, args) in table {
        let Some(used) = messages.get(*key) else {
            out.push(format!("{key} is missing"));
            continue;
        };
        for v in used.iter().filter(|v| !args.contains(&v.as_str())) {
            out.push(format!("{key} uses ${v}, which its caller does not pass"));
        }
    }
    out
}

/// The variables a caller passes that no language uses (a sign a message lost what it
/// should say). One language may leave one out: German needs a count for "muss" or
/// "müssen" where English says "must" either way.
pub fn unused_arguments(table: &[(&str, &[&str])], languages: &[Messages]) -> Vec<String> {
    let mut out = Vec::new();
    for (key, args) in table {
        for a in args.iter() {
            let used = languages
                .iter()
                .any(|m| m.get(*key).is_some_and(|vars| vars.contains(*a)));
            if !used {
                out.push(format!("{key} never uses ${a}, which its caller passes"));
            }
        }
    }
    out
}

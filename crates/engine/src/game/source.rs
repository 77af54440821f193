//! A pack, board or scenario file as TOML with the position of every key and value, so that
//! any error, from the TOML syntax, from serde or from validation, is reported the
//! same way: the file, the line, the item (a card, clan, crystal or zone, by its
//! `id`) and the field.
//!
//! serde's errors carry only a byte span and a message. The span points at the
//! offending value or key, or, for a missing field, at the header of the table that
//! lacks it (`[[cards]]`), and at nothing for a missing top-level key. Walking the
//! parsed document down to the innermost key or table around the span gives the
//! path (`cards[3].defense`), which names the item and the field.

use super::pack::PackError;
use serde::de::DeserializeOwned;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One step of a path into the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seg<'p> {
    Key(&'p str),
    Index(usize),
}

pub(crate) struct Source<'a> {
    file: &'a str,
    text: &'a str,
    doc: Spanned<DeTable<'a>>,
    /// Arrays of tables whose entries are items, with the word for one entry:
    /// `("cards", "card")`.
    items: &'a [(&'a str, &'a str)],
}

impl<'a> Source<'a> {
    /// Parses `text` and deserializes it into `T`. The `Source` stays available for
    /// the validation errors that follow.
    pub(crate) fn parse<T: DeserializeOwned>(
        file: &'a str,
        text: &'a str,
        items: &'a [(&'a str, &'a str)],
    ) -> Result<(T, Source<'a>), PackError> {
        // The recoverable parse keeps what it could read, so even a syntax error is
        // placed in its card.
        let (doc, errors) = DeTable::parse_recoverable(text);
        let source = Source {
            file,
            text,
            doc,
            items,
        };
        if let Some(e) = errors.first() {
            return Err(source.toml_error(e));
        }
        let de = toml::de::Deserializer::from(source.doc.clone());
        match T::deserialize(de) {
            Ok(value) => Ok((value, source)),
            Err(e) => Err(source.toml_error(&e)),
        }
    }

    /// An error about `field` of entry `i` of the list `at = (list, i)` (or of the
    /// file's top level when `at` is `None`), with the line of that field.
    pub(crate) fn error(
        &self,
        at: Option<(&str, usize)>,
        field: Option<&str>,
        message: String,
    ) -> PackError {
        let mut path = Vec::new();
        if let Some((list, i)) = at {
            path.extend([Seg::Key(list), Seg::Index(i)]);
        }
        if let Some(f) = field {
            path.push(Seg::Key(f));
        }
        let line = self.find(&path).map(|span| self.line(span.start));
        let (item, field) = self.describe(&path, None);
        PackError {
            file: self.file.to_string(),
            line,
            item,
            field,
            message,
        }
    }

    fn toml_error(&self, e: &toml::de::Error) -> PackError {
        let message = e.message().to_string();
        // A key missing from the top level has the root's span, empty at 0: no line.
        let top_level_missing = |s: &Range<usize>| s.is_empty() && s.start == 0;
        let Some(span) = e
            .span()
            .filter(|s| !(top_level_missing(s) && missing_field(&message).is_some()))
        else {
            return PackError {
                file: self.file.to_string(),
                line: None,
                item: None,
                field: missing_field(&message).map(str::to_string),
                message,
            };
        };
        let mut path = Vec::new();
        locate(self.doc.get_ref(), span.start, &mut path);
        // serde names a missing field only in its message; the span is the table's.
        let (item, field) = self.describe(&path, missing_field(&message));
        PackError {
            file: self.file.to_string(),
            line: Some(self.line(span.start)),
            item,
            field,
            message,
        }
    }

    /// The item `path` is in (`card `flower.mother``) and the field within it
    /// (`provenance.style`, `adjacency[3]`), followed by `last` when given.
    fn describe(&self, path: &[Seg], last: Option<&str>) -> (Option<String>, Option<String>) {
        let (item, rest) = self.split_item(path);
        let mut field = String::new();
        for seg in rest.iter().copied().chain(last.map(Seg::Key)) {
            match seg {
                Seg::Key(k) if field.is_empty() => field.push_str(k),
                Seg::Key(k) => {
                    field.push('.');
                    field.push_str(k);
                }
                Seg::Index(i) => field.push_str(&format!("[{i}]")),
            }
        }
        (item, (!field.is_empty()).then_some(field))
    }

    /// The item at the head of `path` and the rest of the path.
    fn split_item<'p>(&self, path: &'p [Seg<'p>]) -> (Option<String>, &'p [Seg<'p>]) {
        if let [Seg::Key(list), Seg::Index(i), rest @ ..] = path
            && let Some((_, word)) = self.items.iter().find(|(l, _)| l == list)
        {
            let id = self
                .find_value(&path[..2])
                .and_then(|v| v.get_ref().as_table())
                .and_then(|t| t.iter().find(|(k, _)| k.get_ref() == "id"))
                .and_then(|(_, v)| v.get_ref().as_str().map(str::to_string));
            let item = match id {
                Some(id) => format!("{word} `{id}`"),
                None => format!("{word} #{}", i + 1),
            };
            return (Some(item), rest);
        }
        (None, path)
    }

    /// The value at `path`.
    fn find_value(&self, path: &[Seg]) -> Option<&Spanned<DeValue<'a>>> {
        let mut table = self.doc.get_ref();
        let mut value: Option<&Spanned<DeValue<'a>>> = None;
        for seg in path {
            value = Some(match (*seg, value.map(|v| v.get_ref())) {
                (Seg::Key(k), None) => entry(table, k)?.1,
                (Seg::Key(k), Some(DeValue::Table(t))) => {
                    table = t;
                    entry(table, k)?.1
                }
                (Seg::Index(i), Some(DeValue::Array(a))) => a.get(i)?,
                _ => return None,
            });
        }
        value
    }

    /// Where `path` is written: the key of its last step when that is a key (the
    /// line a person edits), else the value.
    fn find(&self, path: &[Seg]) -> Option<Range<usize>> {
        match path.split_last()? {
            (Seg::Key(k), parent) => {
                let table = match parent {
                    [] => self.doc.get_ref(),
                    _ => self.find_value(parent)?.get_ref().as_table()?,
                };
                Some(entry(table, k)?.0.span())
            }
            (Seg::Index(_), _) => Some(self.find_value(path)?.span()),
        }
    }

    /// The 1-based line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }
}

fn entry<'t, 'a>(
    table: &'t DeTable<'a>,
    key: &str,
) -> Option<(
    &'t Spanned<std::borrow::Cow<'a, str>>,
    &'t Spanned<DeValue<'a>>,
)> {
    table.iter().find(|(k, _)| k.get_ref() == key)
}

/// The field a serde "missing field `x`" message names.
fn missing_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("missing field `")?
        .split_once('`')
        .map(|(f, _)| f)
}

/// The first and last byte a value and everything inside it cover. A table written
/// with a `[header]` has the header's span only; its keys follow it.
fn extent(value: &Spanned<DeValue>) -> Range<usize> {
    let mut r = value.span();
    let mut widen = |s: Range<usize>| {
        r.start = r.start.min(s.start);
        r.end = r.end.max(s.end);
    };
    match value.get_ref() {
        DeValue::Table(t) => {
            for (k, v) in t.iter() {
                widen(k.span());
                widen(extent(v));
            }
        }
        DeValue::Array(a) => {
            for v in a.iter() {
                widen(extent(v));
            }
        }
        _ => {}
    }
    r
}

fn contains(r: &Range<usize>, at: usize) -> bool {
    r.start <= at && at < r.end.max(r.start + 1)
}

/// The path from `table` to the innermost key or entry around byte `at`.
fn locate<'t>(table: &'t DeTable, at: usize, path: &mut Vec<Seg<'t>>) {
    for (k, v) in table.iter() {
        if contains(&k.span(), at) {
            path.push(Seg::Key(k.get_ref()));
            return;
        }
        if contains(&extent(v), at) {
            path.push(Seg::Key(k.get_ref()));
            locate_value(v, at, path);
            return;
        }
    }
}

fn locate_value<'t>(value: &'t Spanned<DeValue>, at: usize, path: &mut Vec<Seg<'t>>) {
    match value.get_ref() {
        DeValue::Table(t) => locate(t, at, path),
        DeValue::Array(a) => {
            if let Some((i, v)) = a.iter().enumerate().find(|(_, v)| contains(&extent(v), at)) {
                path.push(Seg::Index(i));
                locate_value(v, at, path);
            }
        }
        _ => {}
    }
}

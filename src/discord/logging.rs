//! The bot's logs, on standard error, filtered by `RUST_LOG` (default: the bot's own
//! notes at info, everything else at warn). Serenity's debug and trace levels would show
//! message bodies, private panels included: keep them off outside a developer's machine.
//!
//! `RUST_LOG_FORMAT=json` writes one JSON object a line (hosted log collectors); the
//! default is text, coloured only when standard error is a terminal (journald, files and
//! containers get no escape codes).

use std::io::IsTerminal;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl LogFormat {
    /// `RUST_LOG_FORMAT`: `text` (or unset) or `json`.
    pub fn parse(value: Option<&str>) -> Result<LogFormat, String> {
        match value.map(str::trim) {
            None | Some("") | Some("text") => Ok(LogFormat::Text),
            Some("json") => Ok(LogFormat::Json),
            Some(other) => Err(format!(
                "RUST_LOG_FORMAT must be `text` or `json` (got `{other}`)"
            )),
        }
    }
}

pub const DEFAULT_FILTER: &str = "warn,crystal_clans=info";

/// The subscriber for `format`, writing to `writer`; `ansi`: colour codes (text only).
pub fn subscriber<W>(
    format: LogFormat,
    ansi: bool,
    filter: EnvFilter,
    writer: W,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    // A failed write is not reported: tracing-subscriber would report it with
    // `eprintln!`, which panics when standard error is the broken writer, so once the
    // log reader was gone every log line killed the task that wrote it (the SIGTERM
    // handler included). A lost log line is the lesser harm.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .log_internal_errors(false);
    match format {
        LogFormat::Text => Box::new(builder.with_ansi(ansi).finish()),
        LogFormat::Json => Box::new(
            builder
                .json()
                .flatten_event(true)
                .with_current_span(false)
                .with_ansi(false)
                .finish(),
        ),
    }
}

/// Installs the logs of `serve`: `RUST_LOG`, `RUST_LOG_FORMAT`, standard error. `Err`:
/// a format it does not know (nothing is installed).
pub fn init_logging() -> Result<(), String> {
    let format = LogFormat::parse(std::env::var("RUST_LOG_FORMAT").ok().as_deref())?;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let ansi = std::io::stderr().is_terminal();
    // Already installed (a test, or a second serve in one process): keep that one.
    let _ =
        tracing::subscriber::set_global_default(subscriber(format, ansi, filter, std::io::stderr));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(format: LogFormat, ansi: bool) -> String {
        let out = Buffer::default();
        let writer = out.clone();
        let sub = subscriber(format, ansi, EnvFilter::new("info"), move || writer.clone());
        tracing::subscriber::with_default(sub, || {
            tracing::warn!(match_id = 7, "could not post");
            tracing::debug!("filtered out");
        });
        String::from_utf8(out.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn json_logs_are_one_object_a_line_with_the_fields() {
        let text = logged(LogFormat::Json, true);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 1, "{text}");
        let v: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON line");
        assert_eq!(v["level"], "WARN");
        assert_eq!(v["message"], "could not post");
        assert_eq!(v["match_id"], 7);
        assert!(v["timestamp"].is_string(), "{v}");
        assert!(!text.contains('\u{1b}'), "{text}");
    }

    #[test]
    fn text_logs_have_no_colour_codes_when_not_on_a_terminal() {
        let plain = logged(LogFormat::Text, false);
        assert!(
            plain.contains("could not post") && plain.contains("match_id=7"),
            "{plain}"
        );
        assert!(!plain.contains('\u{1b}'), "{plain:?}");
        let coloured = logged(LogFormat::Text, true);
        assert!(coloured.contains('\u{1b}'), "{coloured:?}");
    }

    #[test]
    fn an_unknown_log_format_is_refused_by_name() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("json")), Ok(LogFormat::Json));
        let e = LogFormat::parse(Some("yaml")).unwrap_err();
        assert!(e.contains("`yaml`"), "{e}");
    }
}

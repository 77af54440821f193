//! What the bot says, in the reader's language, through Project Fluent: the `.ftl`
//! files under `crates/i18n/assets/locales/<lang>/` are embedded in the binary, English is the
//! source. Every message is asked for through one typed function of [`messages`] (its
//! arguments are the message's variables), so a test can compare what the callers pass
//! with what the `.ftl` files use (`check`).

pub mod cards;
pub mod check;
pub mod explain;
pub mod messages;
pub mod names;
pub mod narration;
pub mod questions;
pub mod topics;

// The engine, under the name the modules of this crate use for it.
use crystal_clans_engine::game;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language for a Discord locale ("de", "en-US", "pt-BR"): German for any
    /// German locale, English for everything else (the source language, and what a
    /// locale the bot does not speak falls back to).
    pub fn from_locale(locale: &str) -> Lang {
        let primary = locale.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("de") {
            Lang::De
        } else {
            Lang::En
        }
    }

    /// A stored or typed language code ("en", "de"), `None` for anything else.
    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The code Discord uses for the language (and the settings store).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The embedded `.ftl` files of each language, by file name: one file per concern,
/// each with its typed functions in the `messages` module of the same name.
macro_rules! ftl_files {
    ($($file:literal),*) => {
        /// The embedded `.ftl` files of one language, by file name.
        pub fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
            match lang {
                Lang::En => &[$(($file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/en/", $file)))),*],
                Lang::De => &[$(($file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/de/", $file)))),*],
            }
        }
    };
}

ftl_files!(
    "alt.ftl",
    "bot.ftl",
    "clock.ftl",
    "commands.ftl",
    "crystallo.ftl",
    "export.ftl",
    "follow.ftl",
    "images.ftl",
    "learn.ftl",
    "log.ftl",
    "moderation.ftl",
    "panel.ftl",
    "privacy.ftl",
    "reach.ftl",
    "rules.ftl"
);

type Bundle = FluentBundle<FluentResource>;

/// One bundle per language, built on first use. A file that does not parse keeps what
/// did parse (and is logged); the tests make sure none ships.
static BUNDLES: LazyLock<Vec<Bundle>> = LazyLock::new(|| Lang::ALL.map(bundle).into());

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as given: Unicode isolation marks around every variable would
    // only add invisible characters to names, and count against Discord's limits.
    bundle.set_use_isolating(false);
    for (file, source) in sources(lang) {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(r) => r,
            Err((r, errors)) => {
                tracing::error!("locale {}/{file} does not parse: {errors:?}", lang.code());
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!("locale {}/{file}: {errors:?}", lang.code());
        }
    }
    bundle
}

/// A message (or `key.attribute`) in `lang`, or `None` when that language lacks it or
/// cannot format it (which is logged).
fn try_format(lang: Lang, key: &str, args: &FluentArgs) -> Option<String> {
    let bundle = &BUNDLES[lang.index()];
    let (id, attribute) = match key.split_once('.') {
        Some((id, attr)) => (id, Some(attr)),
        None => (key, None),
    };
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(a) => message.get_attribute(a)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!("locale {}: message {key}: {errors:?}", lang.code());
        return None;
    }
    Some(text.into_owned())
}

/// The message `key` in `lang` with `args`. A message missing in `lang` or failing to
/// format is logged and said in English; the raw key is never shown to anyone.
pub fn format(lang: Lang, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    if let Some(text) = try_format(lang, key, &fluent_args) {
        return text;
    }
    if lang != Lang::En {
        tracing::warn!(
            "locale {}: no message {key}; saying it in English",
            lang.code()
        );
        if let Some(text) = try_format(Lang::En, key, &fluent_args) {
            return text;
        }
    }
    tracing::error!("no English message {key}");
    String::new()
}

/// A message `key` in `lang` if that language has it (slash command localisations:
/// a missing one means "same as English", not an error).
pub fn lookup(lang: Lang, key: &str) -> Option<String> {
    try_format(lang, key, &FluentArgs::new())
}

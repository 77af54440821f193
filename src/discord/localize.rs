//! Slash command names and descriptions in every language the bot speaks, from
//! `commands.ftl`: the message `cmd-clans-challenge` is the subcommand's name, its
//! `.description` attribute the description; an option's key adds its name
//! (`cmd-clans-challenge-opponent`), a choice's its English name in lowercase (up to a
//! colon: `cmd-clans-play-ai-level-beginner`). English
//! is what the code declares (`commands.ftl` in English must say the same, a test
//! checks it); every other language is added as Discord's localisations.

use crate::i18n::{Lang, lookup};
use std::borrow::Cow;

/// The Fluent key of each localisable text of `cmd` and below, with the English text the
/// code gives it: `(key, english name, english description)`; choices have no
/// description.
pub fn entries<U, E>(cmd: &poise::Command<U, E>) -> Vec<(String, String, Option<String>)> {
    let mut out = Vec::new();
    walk(cmd, "cmd", &mut out);
    out
}

fn walk<U, E>(
    cmd: &poise::Command<U, E>,
    prefix: &str,
    out: &mut Vec<(String, String, Option<String>)>,
) {
    let key = format!("{prefix}-{}", cmd.name);
    out.push((
        key.clone(),
        cmd.name.to_string(),
        cmd.description.as_deref().map(str::to_string),
    ));
    for p in &cmd.parameters {
        let pkey = format!("{key}-{}", p.name);
        out.push((
            pkey.clone(),
            p.name.to_string(),
            p.description.as_deref().map(str::to_string),
        ));
        for c in p.choices.iter() {
            out.push((choice_key(&pkey, &c.name), c.name.to_string(), None));
        }
    }
    for sub in &cmd.subcommands {
        walk(sub, &key, out);
    }
}

/// A choice's key: its English name in lowercase, up to a colon if it has one (a
/// choice named "beginner: learning the game" is `...-beginner`).
fn choice_key(parameter_key: &str, choice: &str) -> String {
    let short = choice.split_once(':').map_or(choice, |(name, _)| name);
    format!(
        "{parameter_key}-{}",
        short.trim().to_lowercase().replace(' ', "_")
    )
}

/// Adds the localisations of every language but English to `cmd` and below; a text a
/// language lacks stays English there (Discord's own fallback).
pub fn localize<U, E>(cmd: &mut poise::Command<U, E>) {
    localize_at(cmd, "cmd");
}

fn add(
    list: &mut Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>,
    lang: Lang,
    text: String,
) {
    let list = list.to_mut();
    list.retain(|(l, _)| l != lang.code());
    list.push((lang.code().into(), text.into()));
}

fn localize_at<U, E>(cmd: &mut poise::Command<U, E>, prefix: &str) {
    let key = format!("{prefix}-{}", cmd.name);
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        if let Some(name) = lookup(lang, &key) {
            add(&mut cmd.name_localizations, lang, name);
        }
        if let Some(d) = lookup(lang, &format!("{key}.description")) {
            add(&mut cmd.description_localizations, lang, d);
        }
        for p in &mut cmd.parameters {
            let pkey = format!("{key}-{}", p.name);
            if let Some(name) = lookup(lang, &pkey) {
                add(&mut p.name_localizations, lang, name);
            }
            if let Some(d) = lookup(lang, &format!("{pkey}.description")) {
                add(&mut p.description_localizations, lang, d);
            }
            for c in p.choices.to_mut() {
                if let Some(name) = lookup(lang, &choice_key(&pkey, &c.name)) {
                    add(&mut c.localizations, lang, name);
                }
            }
        }
    }
    for sub in &mut cmd.subcommands {
        localize_at(sub, &key);
    }
}

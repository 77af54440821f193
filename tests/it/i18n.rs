//! The translations: every `.ftl` file parses, both languages have the same messages,
//! each message uses exactly the variables its caller passes, plurals, the fallback to
//! English, and the slash commands' localisations (valid Discord names, in step with
//! the code). Each check also runs on a broken sample, to show it catches its fault.

use crystal_clans::i18n::check::{
    self, caller_differences, key_differences, parse_errors, unused_arguments,
};
use crystal_clans::i18n::{self, Lang, messages as t};

#[test]
fn every_ftl_file_parses() {
    for lang in Lang::ALL {
        for (file, source) in i18n::sources(lang) {
            let errors = parse_errors(source);
            assert!(errors.is_empty(), "{}/{file}: {errors:#?}", lang.code());
        }
    }
}

#[test]
fn an_ftl_that_does_not_parse_is_caught() {
    assert!(!parse_errors("greeting = Hello { $name\n").is_empty());
    assert!(!parse_errors("= no key\n").is_empty());
    assert!(parse_errors("greeting = Hello { $name }\n").is_empty());
}

#[test]
fn english_and_german_have_the_same_messages() {
    let (en, de) = (check::language(Lang::En), check::language(Lang::De));
    let differences = key_differences(("en", &en), ("de", &de));
    assert!(differences.is_empty(), "{differences:#?}");
}

#[test]
fn a_message_in_one_language_only_is_caught() {
    let en = check::messages(&["a = A\nb = B\n    .description = Bee\n"]);
    let de = check::messages(&["a = A\nb = B\n"]);
    assert_eq!(
        key_differences(("en", &en), ("de", &de)),
        ["b.description is only in en"]
    );
}

#[test]
fn every_message_uses_exactly_the_variables_its_caller_passes() {
    for lang in Lang::ALL {
        let differences = caller_differences(&t::all(), &check::language(lang));
        assert!(differences.is_empty(), "{}: {differences:#?}", lang.code());
    }
    let all = Lang::ALL.map(check::language);
    let unused = unused_arguments(&t::all(), &all);
    assert!(unused.is_empty(), "{unused:#?}");
}

#[test]
fn a_variable_the_caller_does_not_pass_is_caught() {
    // Through a select and a referenced message too.
    let messages = check::messages(&[
        "a = { $count ->\n    [one] one { $what }\n   *[other] many\n}\nb = { a } and { $x }\n",
    ]);
    let table: &[(&str, &[&str])] = &[
        ("a", &["count"]),
        ("b", &["x", "count", "what"]),
        ("c", &[]),
    ];
    assert_eq!(
        caller_differences(table, &messages),
        [
            "a uses $what, which its caller does not pass",
            "c is missing"
        ]
    );
}

#[test]
fn german_counts_take_the_plural() {
    assert_eq!(t::minutes(Lang::De, 1u32), "1 Minute");
    assert_eq!(t::minutes(Lang::De, 3u32), "3 Minuten");
    assert_eq!(
        crystal_clans::app::duration_in(Lang::De, 1440 + 60),
        "1 Tag 1 Stunde"
    );
    assert_eq!(
        crystal_clans::app::duration_in(Lang::De, 2 * 1440 + 150),
        "2 Tage 2 Stunden 30 Minuten"
    );
    assert_eq!(crystal_clans::app::duration(45), "45 minutes");
    assert_eq!(crystal_clans::app::duration(61), "1 hour 1 minute");
}

#[test]
fn a_message_that_cannot_be_formatted_never_shows_its_key() {
    // A variable left out (no typed caller can do this) and a key nobody has.
    for lang in Lang::ALL {
        for (key, text) in [
            ("no-such-clan", i18n::format(lang, "no-such-clan", &[])),
            ("no-such-key", i18n::format(lang, "no-such-key", &[])),
        ] {
            assert!(!text.contains(key) && !text.contains('{'), "{text}");
        }
    }
    assert_eq!(
        i18n::format(Lang::De, "no-such-clan", &[("name", "Blut".into())]),
        "Es gibt keinen Klan namens `Blut`."
    );
}

#[test]
fn discord_locales_pick_the_language_and_unknown_ones_fall_back_to_english() {
    assert_eq!(Lang::from_locale("de"), Lang::De);
    assert_eq!(Lang::from_locale("de-AT"), Lang::De);
    for other in ["en-US", "en-GB", "pt-BR", "fr", "", "zz-ZZ"] {
        assert_eq!(Lang::from_locale(other), Lang::En, "{other}");
    }
    assert_eq!(Lang::parse("de"), Some(Lang::De));
    assert_eq!(Lang::parse("klingon"), None);
}

fn commands() -> Vec<(String, String, Option<String>)> {
    crystal_clans::discord::commands::all(false)
        .iter()
        .flat_map(crystal_clans::discord::localize::entries)
        .collect()
}

#[test]
fn english_command_texts_say_what_the_code_declares() {
    for (key, name, description) in commands() {
        assert_eq!(
            i18n::lookup(Lang::En, &key).as_deref(),
            Some(&*name),
            "{key}"
        );
        if let Some(d) = description {
            let ftl = i18n::lookup(Lang::En, &format!("{key}.description"));
            assert_eq!(ftl.as_deref(), Some(&*d), "{key}.description");
        }
    }
}

#[test]
fn every_command_text_has_a_key_and_every_key_a_command_text() {
    let mut keys: Vec<String> = Vec::new();
    for (key, _, description) in commands() {
        if description.is_some() {
            keys.push(format!("{key}.description"));
        }
        keys.push(key);
    }
    keys.sort();
    for lang in Lang::ALL {
        let mut ftl: Vec<String> = check::messages(&[i18n::sources(lang)
            .iter()
            .find(|(f, _)| *f == "commands.ftl")
            .unwrap()
            .1])
        .into_keys()
        .collect();
        ftl.sort();
        assert_eq!(ftl, keys, "{}", lang.code());
    }
}

/// Discord's rule for command and option names (its documentation; the OpenAPI spec
/// gives only the length): lowercase letters, digits, `-` and `_`, 1 to 32 characters.
fn valid_command_name(s: &str) -> bool {
    let n = s.chars().count();
    (1..=32).contains(&n)
        && s.chars().all(|c| {
            (c.is_alphanumeric() && !c.is_uppercase()) || c == '-' || c == '_' || c == '\''
        })
}

#[test]
fn german_command_names_are_valid_discord_names() {
    assert!(!valid_command_name("Zug machen") && !valid_command_name("Spielplan"));
    let all = crystal_clans::discord::commands::all(false);
    let mut checked = 0;
    fn walk(cmd: &poise::Command<impl Send + Sync, impl Send + Sync>, checked: &mut usize) {
        let texts = |l: &[(std::borrow::Cow<str>, std::borrow::Cow<str>)]| {
            l.iter()
                .find(|(k, _)| k == "de")
                .map(|(_, v)| v.to_string())
        };
        let name = texts(&cmd.name_localizations).expect("a German name");
        assert!(valid_command_name(&name), "{name}");
        let d = texts(&cmd.description_localizations).expect("a German description");
        assert!((1..=100).contains(&d.chars().count()), "{d}");
        *checked += 1;
        for p in &cmd.parameters {
            let name = texts(&p.name_localizations).expect("a German option name");
            assert!(valid_command_name(&name), "{name}");
            let d = texts(&p.description_localizations).expect("a German option description");
            assert!((1..=100).contains(&d.chars().count()), "{d}");
            *checked += 1;
            for c in p.choices.iter() {
                let name = texts(&c.localizations).expect("a German choice");
                assert!((1..=100).contains(&name.chars().count()), "{name}");
                *checked += 1;
            }
        }
        let mut siblings: Vec<String> = cmd
            .subcommands
            .iter()
            .filter_map(|s| texts(&s.name_localizations))
            .collect();
        siblings.sort();
        let n = siblings.len();
        siblings.dedup();
        assert_eq!(siblings.len(), n, "two subcommands share a German name");
        for sub in &cmd.subcommands {
            walk(sub, checked);
        }
    }
    for c in &all {
        walk(c, &mut checked);
    }
    assert_eq!(checked, commands().len());
}

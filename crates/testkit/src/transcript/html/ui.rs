//! The words Discord's client writes around a message (who used a command, when it
//! was sent, "(edited)", a private reply's note, a relative timestamp…) in the
//! viewer's client language: a German player's Discord says "Heute um 20:04" where an
//! English one says "Today at 20:04", whatever language the bot writes in. Apart so
//! that each of the client's words is translated in one place. "APP" and "ALT" are not
//! here: Discord keeps them in every language. The transcript's own captions ("What Ana
//! sees", "screen 2 of 3") are not Discord's and stay English.

/// A client language the pages can draw Discord's words in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ui {
    En,
    De,
}

impl Ui {
    /// The language of a client whose locale is `locale` (Discord's codes: `de`,
    /// `en-US`); English for any the pages have no words for, as it is Discord's own
    /// fallback.
    pub fn of(locale: &str) -> Ui {
        if locale.starts_with("de") {
            Ui::De
        } else {
            Ui::En
        }
    }

    /// The line above a command's answer; `who` and `command` are placed as given
    /// (already HTML).
    pub fn used(self, who: &str, command: &str) -> String {
        match self {
            Ui::En => format!("{who} used {command}"),
            Ui::De => format!("{who} hat {command} verwendet"),
        }
    }

    pub fn edited(self) -> &'static str {
        match self {
            Ui::En => "(edited)",
            Ui::De => "(bearbeitet)",
        }
    }

    /// A deferral's placeholder; `who` is the bot's name, placed as given.
    pub fn thinking(self, who: &str) -> String {
        match self {
            Ui::En => format!("{who} is thinking…"),
            Ui::De => format!("{who} denkt nach …"),
        }
    }

    /// What a thread started from a message is called in the box under it.
    pub fn thread(self) -> &'static str {
        match self {
            Ui::En => "thread",
            Ui::De => "Thread",
        }
    }

    /// A thread's place in its channel header; `parent` is placed as given.
    pub fn thread_in(self, parent: &str) -> String {
        match self {
            Ui::En => format!("thread in #{parent}"),
            Ui::De => format!("Thread in #{parent}"),
        }
    }

    pub fn direct_messages(self) -> &'static str {
        match self {
            Ui::En => "direct messages",
            Ui::De => "Direktnachrichten",
        }
    }

    pub fn group_dm(self) -> &'static str {
        match self {
            Ui::En => "group DM (the app came through a member's install)",
            Ui::De => "Gruppen-DM (die App kam über die Installation eines Mitglieds)",
        }
    }

    pub fn only_you(self) -> &'static str {
        match self {
            Ui::En => "Only you can see this",
            Ui::De => "Nur du kannst das sehen",
        }
    }

    pub fn dismiss(self) -> &'static str {
        match self {
            Ui::En => "Dismiss message",
            Ui::De => "Nachricht verwerfen",
        }
    }

    /// A select's placeholder when the bot gives none.
    pub fn make_a_selection(self) -> &'static str {
        match self {
            Ui::En => "Make a selection",
            Ui::De => "Triff eine Auswahl",
        }
    }

    /// When a message was sent today; `clock` is `HH:MM`.
    pub fn today_at(self, clock: &str) -> String {
        match self {
            Ui::En => format!("Today at {clock}"),
            Ui::De => format!("Heute um {clock}"),
        }
    }

    /// A relative timestamp (`<t:…:R>`) `seconds` from now, negative in the past, in
    /// its largest whole unit up to days: "in 3 hours", "vor 1 Minute".
    pub fn relative(self, seconds: i64) -> String {
        let (n, unit) = match seconds.unsigned_abs() {
            s if s < 60 => (s, 0),
            s if s < 3600 => (s / 60, 1),
            s if s < 86_400 => (s / 3600, 2),
            s => (s / 86_400, 3),
        };
        let future = seconds >= 0;
        match self {
            Ui::En => {
                let unit = ["second", "minute", "hour", "day"][unit];
                let plural = if n == 1 { "" } else { "s" };
                if future {
                    format!("in {n} {unit}{plural}")
                } else {
                    format!("{n} {unit}{plural} ago")
                }
            }
            Ui::De => {
                // "in" and "vor" both take the dative: "in 5 Tagen", "vor 1 Tag".
                let unit = if n == 1 {
                    ["Sekunde", "Minute", "Stunde", "Tag"][unit]
                } else {
                    ["Sekunden", "Minuten", "Stunden", "Tagen"][unit]
                };
                if future {
                    format!("in {n} {unit}")
                } else {
                    format!("vor {n} {unit}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_picks_its_language_else_english() {
        assert_eq!(Ui::of("de"), Ui::De);
        assert_eq!(Ui::of("de-AT"), Ui::De);
        assert_eq!(Ui::of("en-US"), Ui::En);
        assert_eq!(Ui::of("fr"), Ui::En);
        assert_eq!(Ui::of(""), Ui::En);
    }

    #[test]
    fn relative_times_in_each_language() {
        let en: Vec<String> = [3 * 3600, -60, 86_400, -5 * 86_400, 10, -300]
            .map(|s| Ui::En.relative(s))
            .to_vec();
        assert_eq!(
            en,
            [
                "in 3 hours",
                "1 minute ago",
                "in 1 day",
                "5 days ago",
                "in 10 seconds",
                "5 minutes ago"
            ]
        );
        let de: Vec<String> = [3 * 3600, -60, 86_400, -5 * 86_400, 10, -300, 1, -7200]
            .map(|s| Ui::De.relative(s))
            .to_vec();
        assert_eq!(
            de,
            [
                "in 3 Stunden",
                "vor 1 Minute",
                "in 1 Tag",
                "vor 5 Tagen",
                "in 10 Sekunden",
                "vor 5 Minuten",
                "in 1 Sekunde",
                "vor 2 Stunden"
            ]
        );
    }

    #[test]
    fn the_clients_words_around_a_message() {
        assert_eq!(
            Ui::De.used("<b>Ana</b>", "/clans"),
            "<b>Ana</b> hat /clans verwendet"
        );
        assert_eq!(
            Ui::En.used("<b>Ana</b>", "/clans"),
            "<b>Ana</b> used /clans"
        );
        assert_eq!(
            Ui::De.thinking("Crystal Clans"),
            "Crystal Clans denkt nach …"
        );
        assert_eq!(Ui::De.today_at("20:04"), "Heute um 20:04");
        assert_eq!(Ui::De.thread_in("general"), "Thread in #general");
    }
}

//! A server's settings (`/clans config`): checked, stored as one read-modify-write, and
//! said back in full, in the asker's language.

use super::Directory;
use crate::app::Outcome;
use crate::i18n::messages::takeback as tb;
use crate::i18n::{Lang, messages as t};

/// What `/clans config` asks to change; `None` leaves a setting as it is. Minutes of 0
/// turn reminders or the timeout off.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerChange {
    pub reminder_minutes: Option<u32>,
    pub timeout_minutes: Option<u32>,
    pub threads: Option<bool>,
    /// Start matches only in this channel.
    pub channel: Option<u64>,
    /// `Some(true)`: matches in every channel again.
    pub any_channel: Option<bool>,
    /// `Some(None)`: the server's Discord language.
    pub language: Option<Option<Lang>>,
    pub takebacks: Option<bool>,
    pub away_days: Option<u32>,
    /// An IANA time zone name for the server's day (its Crystallo daily).
    pub time_zone: Option<String>,
    /// The one grace before a forfeit, in minutes (0: none).
    pub grace_minutes: Option<u32>,
    /// New matches' moves due every day at this local hour (24: per turn again).
    pub deadline_hour: Option<u8>,
    /// New matches get a time bank of this many days (0: none).
    pub bank_days: Option<u32>,
    /// What a turn handed on adds to a bank, in hours.
    pub bank_add_hours: Option<u32>,
}

impl Directory {
    /// Changes `guild`'s settings as `user` asked (`manager`: they may manage the
    /// server) and says the settings now in force. Values out of range change nothing
    /// (Discord's own bounds are checked by its clients only: a request made by hand
    /// can carry any number).
    pub async fn configure_server(
        &self,
        user: u64,
        guild: Option<u64>,
        manager: bool,
        change: ServerChange,
    ) -> Outcome {
        let lang = self.user_lang(user).await;
        if !manager {
            return Outcome::private(t::only_managers(lang));
        }
        let Some(guild) = guild else {
            return Outcome::private(t::settings_belong_to_server(lang));
        };
        let too_long = |m: Option<u32>| m.is_some_and(|m| m > crate::app::MAX_TIMEOUT_MINUTES);
        if change
            .away_days
            .is_some_and(|d| d > crate::app::away::AWAY_WINDOW_DAYS)
        {
            let text = t::away_days_range(lang, crate::app::away::AWAY_WINDOW_DAYS);
            return Outcome::private(text);
        }
        if too_long(change.reminder_minutes)
            || too_long(change.timeout_minutes)
            || too_long(change.grace_minutes)
        {
            let text = t::config_minutes_range(lang, crate::app::MAX_TIMEOUT_MINUTES);
            return Outcome::private(text);
        }
        if change.deadline_hour.is_some_and(|h| h > 24) {
            return Outcome::private(t::clock::deadline_hour_range(lang));
        }
        let max_days = u32::from(crate::app::MAX_BANK_DAYS);
        if change.bank_days.is_some_and(|d| d > max_days)
            || change.bank_add_hours.is_some_and(|h| h > 168)
        {
            return Outcome::private(t::clock::bank_days_range(lang, max_days));
        }
        // One clock: a daily deadline and a bank asked for at once are refused.
        if change.deadline_hour.is_some_and(|h| h < 24) && change.bank_days.is_some_and(|d| d > 0) {
            return Outcome::private(t::clock::one_clock(lang));
        }
        let zone = match change.time_zone.as_deref().map(str::trim) {
            None => None,
            Some(name) => match crate::app::presence::notify::zone(name) {
                Some(tz) => Some(tz.iana_name().unwrap_or(name).to_string()),
                None => return Outcome::private(t::notify_unknown_zone(lang, name.to_string())),
            },
        };
        let mut s = match self.server_settings_afresh(guild).await {
            Ok(s) => s,
            Err(e) => return Outcome::private(self.faults.told(lang, None, &e)),
        };
        let nz = |m: u32| (m > 0).then_some(m);
        if let Some(m) = change.reminder_minutes {
            s.reminder_minutes = nz(m);
        }
        if let Some(m) = change.timeout_minutes {
            s.timeout_minutes = nz(m);
        }
        if let Some(t) = change.threads {
            s.threads = Some(t);
        }
        if let Some(c) = change.channel {
            s.channel = Some(c);
        }
        if change.any_channel == Some(true) {
            s.channel = None;
        }
        if let Some(l) = change.language {
            s.language = l.map(|l| l.code().to_string());
        }
        if let Some(on) = change.takebacks {
            s.takebacks = Some(on);
        }
        if let Some(d) = change.away_days {
            s.away_days = Some(d);
        }
        if let Some(z) = zone {
            s.time_zone = Some(z);
        }
        if let Some(m) = change.grace_minutes {
            s.grace_minutes = nz(m);
        }
        // Each clock set replaces the other.
        if let Some(h) = change.deadline_hour {
            s.deadline_hour = (h < 24).then_some(h);
            if h < 24 {
                s.bank_days = None;
            }
        }
        if let Some(d) = change.bank_days {
            s.bank_days = (d > 0).then_some(d);
            if d > 0 {
                s.deadline_hour = None;
            }
        }
        if let Some(h) = change.bank_add_hours {
            s.bank_add_hours = Some(h);
        }
        if let Err(e) = self.set_server_settings(guild, &s).await {
            return Outcome::private(self.faults.told(lang, None, &e));
        }
        self.guild_language_set(guild, s.language.as_deref().and_then(Lang::parse));
        let every = |m: Option<u32>| match m {
            Some(m) => t::setting_after(lang, crate::app::duration_in(lang, m)),
            None => t::setting_off(lang),
        };
        let saved = t::settings_saved(
            lang,
            every(s.reminder_minutes),
            every(s.timeout_minutes),
            if s.timeout_minutes.is_some() {
                "yes"
            } else {
                "no"
            },
            if s.threads == Some(false) {
                t::threads_off(lang)
            } else {
                t::threads_on(lang)
            },
            s.channel
                .map(|c| t::channel_only(lang, c.to_string()))
                .unwrap_or_else(|| t::channel_any(lang)),
            match s.language.as_deref().and_then(Lang::parse) {
                Some(l) => t::language_name(lang, l),
                None => t::language_server_auto(lang),
            },
        );
        let takebacks = match s.takebacks {
            Some(false) => tb::setting_takebacks_off(lang),
            _ => tb::setting_takebacks_on(lang),
        };
        let away = t::settings_away(lang, crate::app::away::away_days(&s));
        let day = t::settings_day(lang, s.time_zone.as_deref().unwrap_or("UTC").to_string());
        let grace = t::settings_grace(
            lang,
            match s.grace_minutes {
                Some(m) => t::setting_grace_on(lang, crate::app::duration_in(lang, m)),
                None => t::setting_grace_off(lang),
            },
        );
        let zone = s.time_zone.as_deref().unwrap_or("UTC").to_string();
        let deadline = t::clock::settings_deadline(
            lang,
            match s.deadline_hour {
                Some(h) => t::clock::setting_deadline_on(lang, format!("{h:02}"), zone),
                None => t::clock::setting_deadline_off(lang),
            },
        );
        let bank = t::clock::settings_bank(
            lang,
            match s.bank_days {
                Some(d) => t::clock::setting_bank_on(
                    lang,
                    crate::app::duration_in(lang, d * 24 * 60),
                    crate::app::duration_in(lang, s.bank_add_hours.unwrap_or(24) * 60),
                ),
                None => t::clock::setting_bank_off(lang),
            },
        );
        Outcome::private(format!(
            "{saved}\n{deadline}\n{bank}\n{takebacks}\n{away}\n{day}\n{grace}"
        ))
    }
}

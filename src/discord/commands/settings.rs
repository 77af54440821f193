//! Settings: the server's (`/clans config`, for managers only) and a user's own
//! (`dm`, `language`). What changes how the bot behaves, apart from the commands that
//! use it.

use super::reply::send;
use super::{can_manage_guild, lang};
use crate::app::Outcome;
use crate::discord::{Context, Error};
use crate::i18n::messages::takeback as tb;
use crate::i18n::{Lang, messages as t};
use crate::store::GuildSettings;
use poise::serenity_prelude as serenity;

/// A language setting: a language, or automatic (the Discord client's or server's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "automatic"]
    Automatic,
    #[name = "English"]
    English,
    #[name = "Deutsch"]
    Deutsch,
}

impl LanguageChoice {
    fn lang(self) -> Option<Lang> {
        match self {
            LanguageChoice::Automatic => None,
            LanguageChoice::English => Some(Lang::En),
            LanguageChoice::Deutsch => Some(Lang::De),
        }
    }
}

/// Settings (Manage Server): reminders, timeout, threads, channel, language, takebacks, absences.
#[poise::command(slash_command, guild_only)]
// Poise makes each option of the command a parameter: they are the command's shape.
#[allow(clippy::too_many_arguments)]
pub async fn config(
    ctx: Context<'_>,
    #[description = "Remind the player to move after this many idle minutes (0: never)"]
    #[max = 10080]
    reminder_minutes: Option<u32>,
    #[description = "Forfeit a player after this many idle minutes (0: never)"]
    #[max = 10080]
    timeout_minutes: Option<u32>,
    #[description = "Give each match its own thread (default: on)"] threads: Option<bool>,
    #[description = "Start matches only in this channel"] channel: Option<serenity::GuildChannel>,
    #[description = "Allow matches in every channel again"] any_channel: Option<bool>,
    #[description = "Language of the public posts (automatic: the server's Discord language)"]
    language: Option<LanguageChoice>,
    #[description = "Let players take back a misclick (default: on)"] takebacks: Option<bool>,
    #[description = "Days a player may be away (/clans away) in any 30 (0: none; default 14)"]
    #[max = 30]
    away_days: Option<u32>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if !can_manage_guild(ctx) {
        return send(ctx, Outcome::private(t::only_managers(lang))).await;
    }
    let Some(guild) = ctx.guild_id().map(|g| g.get()) else {
        return send(ctx, Outcome::private(t::settings_belong_to_server(lang))).await;
    };
    // Discord's `max` is a check of its own clients only: a request made by hand can
    // carry any number.
    let too_long = |m: Option<u32>| m.is_some_and(|m| m > crate::app::MAX_TIMEOUT_MINUTES);
    if away_days.is_some_and(|d| d > crate::app::away::AWAY_WINDOW_DAYS) {
        let text = t::away_days_range(lang, crate::app::away::AWAY_WINDOW_DAYS);
        return send(ctx, Outcome::private(text)).await;
    }
    if too_long(reminder_minutes) || too_long(timeout_minutes) {
        let text = t::config_minutes_range(lang, crate::app::MAX_TIMEOUT_MINUTES);
        return send(ctx, Outcome::private(text)).await;
    }
    let store = &ctx.data().app.store;
    let mut s: GuildSettings = match store.guild_settings(guild).await {
        Ok(s) => s,
        Err(e) => return send(ctx, Outcome::private(ctx.data().app.told(lang, None, &e))).await,
    };
    let nz = |m: u32| (m > 0).then_some(m);
    if let Some(m) = reminder_minutes {
        s.reminder_minutes = nz(m);
    }
    if let Some(m) = timeout_minutes {
        s.timeout_minutes = nz(m);
    }
    if let Some(t) = threads {
        s.threads = Some(t);
    }
    if let Some(c) = channel {
        s.channel = Some(c.id.get());
    }
    if any_channel == Some(true) {
        s.channel = None;
    }
    if let Some(l) = language {
        s.language = l.lang().map(|l| l.code().to_string());
    }
    if let Some(on) = takebacks {
        s.takebacks = Some(on);
    }
    if let Some(d) = away_days {
        s.away_days = Some(d);
    }
    let saved = store.set_guild_settings(guild, &s).await;
    if saved.is_ok() {
        ctx.data()
            .app
            .guild_language_set(guild, s.language.as_deref().and_then(Lang::parse));
    }
    let every = |m: Option<u32>| match m {
        Some(m) => t::setting_after(lang, crate::app::duration_in(lang, m)),
        None => t::setting_off(lang),
    };
    let saved_ok = saved.is_ok();
    let away_line = saved
        .is_ok()
        .then(|| t::settings_away(lang, crate::app::away::away_days(&s)));
    let text = match saved {
        Ok(()) => t::settings_saved(
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
        ),
        Err(e) => ctx.data().app.told(lang, None, &e),
    };
    let text = match (saved_ok, s.takebacks) {
        (false, _) => text,
        (true, Some(false)) => format!("{text}\n{}", tb::setting_takebacks_off(lang)),
        (true, _) => format!("{text}\n{}", tb::setting_takebacks_on(lang)),
    };
    let text = match away_line {
        Some(line) => format!("{text}\n{line}"),
        None => text,
    };
    send(ctx, Outcome::private(text)).await
}

/// Get your private panels by direct message (on) or here (off).
#[poise::command(slash_command)]
pub async fn dm(
    ctx: Context<'_>,
    #[description = "true: by direct message; false: here, only to you"] on: bool,
) -> Result<(), Error> {
    let out = ctx.data().app.set_dm(ctx.author().id.get(), on).await;
    send(ctx, out).await
}

/// The language I answer you in (automatic: your Discord client's).
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "English, Deutsch, or automatic"] language: LanguageChoice,
) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .set_language(ctx.author().id.get(), language.lang())
        .await;
    send(ctx, out).await
}

//! Settings: the server's (`/clans config`, for managers only) and a user's own
//! (`dm`, `language`). What changes how the bot behaves, apart from the commands that
//! use it.

use super::can_manage_guild;
use super::reply::send;
use crate::app::directory::ServerChange;
use crate::discord::{Context, Error};
use crate::i18n::Lang;
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

/// Reminders, timeout/deadline/bank, grace, threads, channel, language, takebacks, absences, time zone.
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
    #[description = "The server's time zone: its Crystallo daily starts at its midnight (default: UTC)"]
    #[autocomplete = "crate::discord::timing::ac_zone"]
    time_zone: Option<String>,
    #[description = "One grace before a forfeit, once a match: this many more minutes (0: none)"]
    #[max = 10080]
    grace_minutes: Option<u32>,
    #[description = "New matches' moves due every day at this hour, server time, not a timeout (24: off)"]
    #[max = 24]
    deadline_hour: Option<u8>,
    #[description = "New matches get a time bank of this many days per player, not a timeout (0: off)"]
    #[max = 30]
    bank_days: Option<u32>,
    #[description = "What each turn handed on adds to a time bank, in hours (default 24)"]
    #[max = 168]
    bank_add_hours: Option<u32>,
) -> Result<(), Error> {
    let change = ServerChange {
        reminder_minutes,
        timeout_minutes,
        threads,
        channel: channel.map(|c| c.id.get()),
        any_channel,
        language: language.map(LanguageChoice::lang),
        takebacks,
        away_days,
        time_zone,
        grace_minutes,
        deadline_hour,
        bank_days,
        bank_add_hours,
    };
    let out = ctx
        .data()
        .app
        .directory
        .configure_server(
            ctx.author().id.get(),
            ctx.guild_id().map(|g| g.get()),
            can_manage_guild(ctx),
            change,
        )
        .await;
    send(ctx, out).await
}

/// Get your private panels by direct message (on) or here (off).
#[poise::command(slash_command)]
pub async fn dm(
    ctx: Context<'_>,
    #[description = "true: by direct message; false: here, only to you"] on: bool,
) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .directory
        .set_dm(ctx.author().id.get(), on)
        .await;
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
        .directory
        .set_language(ctx.author().id.get(), language.lang())
        .await;
    send(ctx, out).await
}

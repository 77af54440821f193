//! The `/clans` slash commands: their registration (`clans` names every subcommand,
//! `all` every command the bot registers), what runs before each one and on its error,
//! and who and where a command is from.
//!
//! The commands themselves are in files by concept: `play.rs` starts and plays matches,
//! `lookup.rs` the card, rules and help lookups, `records.rs` results, ratings and a
//! match's exported record,
//! `settings.rs` the server's and a user's settings; `reply.rs` is how a command answers
//! (shared with the adapter's other command files). Each is re-exported here, so the
//! registration below and the adapter's callers name them as before.

use super::{Context, Data, Error};
use crate::i18n::{Lang, messages as t};
use poise::serenity_prelude as serenity;
// The commands about time (absences, pings), in a file of their own.
pub use super::timing::{away, notify};
// The post-game analysis, in a file of its own.
pub use super::analysis::analysis;
pub use super::league::league;

mod learn;
mod lookup;
mod play;
mod records;
mod reply;
mod settings;

pub use super::privacy::forget_me;
pub use learn::learn;
pub use lookup::{card, help, help_message, rules};
pub use play::{
    LevelChoice, SideChoice, board, challenge, hand, matches, play_ai, practice, replay, resign,
};
pub(super) use play::{ac_clan, clan_arg};
pub use records::{export, history, leaderboard, profile};
pub(super) use reply::{missing_permissions, send, send_deferred};
pub use settings::{LanguageChoice, config, dm, language};

/// Crystal Clans: challenge someone and play in this channel.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "play_ai",
        "practice",
        "learn",
        "hand",
        "board",
        "replay",
        "export",
        "resign",
        "matches",
        "card",
        "rules",
        "help",
        "config",
        "history",
        "leaderboard",
        "profile",
        "dm",
        "language",
        "forget_me",
        "league",
        "away",
        "notify",
        "analysis"
    ),
    subcommand_required
)]
pub async fn clans(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Every command the bot registers, with its names and descriptions in every language
/// the bot speaks. `user_install`: `/clans` and `/crystallo` are offered to a user's
/// own install of the app too, in any DM and group DM (`reach.rs` says what works
/// there); `/clans-admin` stays a server's.
pub fn all(user_install: bool) -> Vec<poise::Command<Data, Error>> {
    use serenity::{InstallationContext as Install, InteractionContext as Where};
    let mut commands = vec![
        clans(),
        super::crystallo::crystallo(),
        super::admin::clans_admin(),
    ];
    for c in &mut commands {
        super::localize::localize(c);
        if !user_install {
            continue;
        }
        if c.name == "clans-admin" {
            c.install_context = Some(vec![Install::Guild]);
            c.interaction_context = Some(vec![Where::Guild]);
        } else {
            c.install_context = Some(vec![Install::Guild, Install::User]);
            c.interaction_context = Some(vec![Where::Guild, Where::BotDm, Where::PrivateChannel]);
        }
    }
    commands
}

/// Before every command, once: the app learns the locales it came with and the
/// asker's display name (for images and log lines), so that no command has to.
pub async fn pre_command(ctx: Context<'_>) {
    learn_locales(ctx);
    let a = ctx.author();
    ctx.data()
        .app
        .directory
        .learn_name(a.id.get(), a.global_name.as_deref().unwrap_or(&a.name));
}

/// The app learns the locales an interaction came with. Also for autocomplete, which
/// poise runs without `pre_command`: a German user's first keystrokes would otherwise be
/// answered in English.
pub(super) fn learn_locales(ctx: Context<'_>) {
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    ctx.data().app.directory.learn_locales(
        ctx.author().id.get(),
        ctx.locale(),
        ctx.guild_id().map(|g| g.get()),
        guild_locale,
    );
}

/// The language to answer the user of this command in (privately).
pub(super) async fn lang(ctx: Context<'_>) -> Lang {
    learn_locales(ctx);
    ctx.data()
        .app
        .directory
        .user_lang(ctx.author().id.get())
        .await
}

/// Before every command: a command that cannot work where it was used (a server's
/// settings in a group DM) answers what to do instead, privately, and does not run.
pub async fn command_check(ctx: Context<'_>) -> Result<bool, Error> {
    let reach = super::reach::of_command(ctx);
    let name = &ctx.command().qualified_name;
    let Some(why) = super::reach::refusal(name, reach, lang(ctx).await) else {
        return Ok(true);
    };
    ctx.send(super::convert::reply(&why, true)).await?;
    Ok(false)
}

pub async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        // `command_check` said why already.
        poise::FrameworkError::CommandCheckFailed { error: None, .. } => {}
        // A server's command in a DM: said in the user's language, with what instead.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = lang(ctx).await;
            let name = format!("/{}", ctx.command().qualified_name);
            let reply = poise::CreateReply::default()
                .content(t::reach::needs_a_server(lang, name))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!("could not answer a server's command in a DM: {e}");
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("command /clans {} failed: {error}", ctx.command().name);
            let lang = lang(ctx).await;
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(t::something_went_wrong(lang))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            tracing::warn!("discord: {other}");
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {e}");
            }
        }
    }
}

pub(super) fn place(ctx: Context<'_>) -> crate::app::Place {
    crate::app::Place {
        guild: ctx.guild_id().map(|g| g.get()),
        channel: ctx.channel_id().get(),
        reach: super::reach::of_command(ctx),
    }
}

pub(super) fn can_manage_guild(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    }
}

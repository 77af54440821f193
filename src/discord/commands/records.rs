//! Results and ratings: a server's recent matches, its leaderboard and a player's
//! profile. Read-only views of the store, apart from playing and settings.

use super::lang;
use super::reply::send;
use crate::app::Outcome;
use crate::discord::{Context, Error};
use crate::i18n::messages as t;
use poise::serenity_prelude as serenity;

/// Recent results in this server (or your own).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Only your own matches (default: the whole server)"] mine: Option<bool>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().map(|g| g.get());
    let out = ctx
        .data()
        .app
        .matches
        .history(guild, ctx.author().id.get(), mine.unwrap_or(false))
        .await;
    send(ctx, out).await
}

/// This server's best players: rating, games, wins.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let guild = ctx.guild_id().map(|g| g.get());
    let out = ctx
        .data()
        .app
        .ratings
        .leaderboard(guild, ctx.author().id.get())
        .await;
    send(ctx, out).await
}

/// A player's rating, record per clan and recent matches (default: yours).
#[poise::command(slash_command)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let app = &ctx.data().app;
    let target = match user {
        Some(u) if u.bot => {
            let lang = lang(ctx).await;
            return send(ctx, Outcome::private(t::bots_have_no_profile(lang))).await;
        }
        Some(u) => {
            app.directory
                .learn_name(u.id.get(), u.global_name.as_deref().unwrap_or(&u.name));
            u.id.get()
        }
        None => ctx.author().id.get(),
    };
    let guild = ctx.guild_id().map(|g| g.get());
    let out = app
        .ratings
        .profile(guild, ctx.author().id.get(), target)
        .await;
    send(ctx, out).await
}

/// A match's public record as text and JSON, privately (players: any time).
///
/// Others may have it once the match has ended (`Replays::export`).
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Match number (a match of this server, or one you played)"]
    #[rename = "match"]
    #[min = 1]
    game: i64,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let place = super::place(ctx);
    let out = ctx
        .data()
        .app
        .replays
        .export(game, ctx.author().id.get(), place)
        .await;
    send(ctx, out).await
}

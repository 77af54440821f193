//! `/clans-admin`: moderators' actions, the Discord side of `app::moderation`.
//!
//! A top-level command of its own, because Discord applies `default_member_permissions`
//! to a whole command, never to one subcommand: registered for Manage Server, it is
//! hidden from other members unless a server's admins grant it in their Integrations
//! settings. The app checks the permission again on every use and every click (a stale
//! registration, a forged interaction).

use super::commands::{can_manage_guild, send};
use super::{Context, Data, Error, answer, deliver};
use crate::app::Outcome;
use crate::app::moderation::{DecideId, MAX_REASON, MatchAct, Moderator};
use crate::store::MatchId;
use poise::serenity_prelude as serenity;

/// Moderator tools for Crystal Clans matches and leagues (Manage Server).
#[poise::command(
    slash_command,
    rename = "clans-admin",
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    subcommands(
        "void",
        "award",
        "pause",
        "resume",
        "extend",
        "end_league",
        "list",
        "log"
    ),
    subcommand_required
)]
pub async fn clans_admin(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn moderator(ctx: Context<'_>) -> Moderator {
    Moderator {
        user: ctx.author().id.get(),
        guild: ctx.guild_id().map(|g| g.get()),
        manager: can_manage_guild(ctx),
    }
}

fn now(ctx: Context<'_>) -> crate::store::Millis {
    (ctx.data().clock.0)()
}

/// Asks to do `act` to match `id`: the answer, private, says what follows and asks to
/// confirm.
async fn ask(ctx: Context<'_>, id: MatchId, act: MatchAct, reason: &str) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx
        .data()
        .app
        .moderators
        .ask_match(moderator(ctx), id, act, reason, now(ctx))
        .await;
    send(ctx, out).await
}

/// The server's active matches, for the `match` option.
async fn ac_match(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = match ctx.guild_id() {
        Some(g) => ctx
            .data()
            .app
            .moderators
            .match_choices(g.get(), partial)
            .await
            .into_iter()
            .map(|(label, id)| serenity::AutocompleteChoice::new(label, id))
            .collect(),
        None => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// End a match with no result and no rating change.
#[poise::command(slash_command, guild_only)]
pub async fn void(
    ctx: Context<'_>,
    #[description = "The match's number"]
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    #[min = 1]
    game: i64,
    #[description = "Why (both players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    ask(ctx, game, MatchAct::Void, &reason).await
}

/// End a stalled match as a win on time for one player.
#[poise::command(slash_command, guild_only)]
pub async fn award(
    ctx: Context<'_>,
    #[description = "The match's number"]
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    #[min = 1]
    game: i64,
    #[description = "The player who wins"] winner: serenity::User,
    #[description = "Why (both players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    let act = MatchAct::Award {
        winner: winner.id.get(),
    };
    ask(ctx, game, act, &reason).await
}

/// Stop a match's clock until a moderator resumes it.
#[poise::command(slash_command, guild_only)]
pub async fn pause(
    ctx: Context<'_>,
    #[description = "The match's number"]
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    #[min = 1]
    game: i64,
    #[description = "Why (both players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    ask(ctx, game, MatchAct::Pause, &reason).await
}

/// Restart a match's clock that a moderator paused.
#[poise::command(slash_command, guild_only)]
pub async fn resume(
    ctx: Context<'_>,
    #[description = "The match's number"]
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    #[min = 1]
    game: i64,
    #[description = "Why (both players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    ask(ctx, game, MatchAct::Resume, &reason).await
}

/// Give the player to move more time before the forfeit.
#[poise::command(slash_command, guild_only)]
pub async fn extend(
    ctx: Context<'_>,
    #[description = "The match's number"]
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    #[min = 1]
    game: i64,
    #[description = "Hours to add to the current deadline"]
    #[min = 1]
    #[max = 336]
    hours: u32,
    #[description = "Why (both players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    let act = MatchAct::Extend {
        minutes: hours * 60,
    };
    ask(ctx, game, act, &reason).await
}

/// End a running league now, with its standings as they are.
#[poise::command(slash_command, guild_only, rename = "end-league")]
pub async fn end_league(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[autocomplete = "super::league::ac_league"]
    name: String,
    #[description = "Why (the league's players read it)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx
        .data()
        .app
        .moderators
        .ask_end_league(moderator(ctx), &name, &reason, now(ctx))
        .await;
    send(ctx, out).await
}

/// Matches with no move for some days, longest waiting first.
#[poise::command(slash_command, guild_only)]
pub async fn list(
    ctx: Context<'_>,
    #[description = "No move for at least this many days (default 3)"]
    #[min = 1]
    #[max = 365]
    days: Option<u32>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx
        .data()
        .app
        .moderators
        .stalled(moderator(ctx), days.unwrap_or(3), now(ctx))
        .await;
    send(ctx, out).await
}

/// The latest moderator actions in this server, with their reasons.
#[poise::command(slash_command, guild_only)]
pub async fn log(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx.data().app.moderators.log(moderator(ctx)).await;
    send(ctx, out).await
}

/// A click on a confirmation's Confirm or Cancel: the answer replaces the confirmation,
/// the players' post goes where they play.
pub(super) async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
) {
    let app = &data.app;
    let Some(id) = DecideId::parse(&ci.data.custom_id) else {
        return super::unreadable_click(&ctx.http, app, ci).await;
    };
    // Acknowledged first, within Discord's 3 seconds: the answer replaces the
    // confirmation later.
    if let Err(e) = ci
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await
    {
        tracing::warn!("could not acknowledge an interaction: {e}");
        return;
    }
    let (user, lang, place) = super::clicker(app, ci).await;
    let manager = ci
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let who = Moderator {
        user,
        guild: place.guild,
        manager,
    };
    let out: Outcome = app.moderators.decide(who, id, (data.clock.0)()).await;
    if out.replaces {
        deliver(ctx, app, ci, true, &out, lang).await;
    } else {
        // A refusal or a fault: a note beside the confirmation, which stays.
        let note = out.reply.clone().unwrap_or_default();
        answer(&ctx.http, ci, false, &note).await;
    }
}

/// The reason option's longest text (Discord enforces it before the bot sees it).
const _: () = assert!(MAX_REASON == 300);

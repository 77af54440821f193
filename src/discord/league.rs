//! `/clans league`: server leagues (create, join, leave, start, cancel, standings), the
//! Discord side of `app::league`.

use super::commands::{
    ac_clan, can_manage_guild, clan_arg, lang, missing_permissions, place, send, send_deferred,
};
use super::{Context, Error};
use crate::app::Outcome;
use crate::i18n::messages as t;
use crate::store::now_ms;
use poise::serenity_prelude as serenity;

/// Server leagues: round robin or Swiss, a match per pairing in its own thread.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "league_create",
        "league_join",
        "league_leave",
        "league_start",
        "league_cancel",
        "league_standings"
    ),
    subcommand_required
)]
pub async fn league(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// How a league pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "round robin"]
    RoundRobin,
    #[name = "Swiss"]
    Swiss,
}

/// Which clans a league's players play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ClanRuleChoice {
    #[name = "free choice"]
    Free,
    #[name = "fixed"]
    Fixed,
    #[name = "random"]
    Random,
}

/// A Swiss league's rounds when the admin names none.
const DEFAULT_SWISS_ROUNDS: u32 = 3;
/// Days a round lasts when the admin names none.
const DEFAULT_DAYS_PER_ROUND: u32 = 7;

/// The server's leagues whose names contain what was typed.
pub(super) async fn ac_league(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let names = match ctx.guild_id() {
        Some(g) => ctx.data().app.leagues.names(g.get(), partial).await,
        None => Vec::new(),
    };
    let choices = names
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Answers a league command deferred privately: the first outcome fills the
/// deferral (its public posts follow in their channel), the others go to their own
/// places (a match's new thread, a forfeited match's thread).
async fn send_league(ctx: Context<'_>, mut outs: Vec<Outcome>) -> Result<(), Error> {
    let rest = if outs.is_empty() {
        Vec::new()
    } else {
        outs.split_off(1)
    };
    if let Some(first) = outs.pop() {
        send_deferred(ctx, first, "").await?;
    }
    let (app, http) = (&ctx.data().app, ctx.serenity_context().http.clone());
    for out in rest {
        // Nobody to tell here; deliver_public logged it.
        let _ = super::deliver_public(app, &http, &out, None, now_ms()).await;
    }
    Ok(())
}

/// Create a league in this channel (Manage Server).
#[poise::command(slash_command, guild_only, rename = "create")]
// Poise makes each option of the command a parameter: they are the command's shape.
#[allow(clippy::too_many_arguments)]
pub async fn league_create(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[max_length = 40]
    name: String,
    #[description = "Round robin (everyone plays everyone) or Swiss (a number of rounds)"]
    format: FormatChoice,
    #[description = "Rounds of a Swiss league (default: 3)"]
    #[min = 1]
    #[max = 20]
    rounds: Option<u32>,
    #[description = "Days each round lasts (default: 7)"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "Clans: each player's choice, one fixed clan, or random per match (default: free choice)"]
    clans: Option<ClanRuleChoice>,
    #[description = "The clan everyone plays under the fixed rule"]
    #[autocomplete = "ac_clan"]
    clan: Option<String>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        return send(ctx, Outcome::private(why)).await;
    }
    let fixed = match clan_arg(ctx, lang, clan) {
        Ok(c) => c,
        Err(e) => return send(ctx, Outcome::private(e)).await,
    };
    let clan_rule = match (clans.unwrap_or(ClanRuleChoice::Free), fixed) {
        (ClanRuleChoice::Free, _) => crate::store::ClanRule::Free,
        (ClanRuleChoice::Random, _) => crate::store::ClanRule::Random,
        (ClanRuleChoice::Fixed, Some(c)) => crate::store::ClanRule::Fixed(c),
        (ClanRuleChoice::Fixed, None) => {
            let why = crate::i18n::messages::league::league_fixed_needs_clan(lang);
            return send(ctx, Outcome::private(why)).await;
        }
    };
    let format = match format {
        FormatChoice::RoundRobin => crate::store::LeagueFormat::RoundRobin,
        FormatChoice::Swiss => crate::store::LeagueFormat::Swiss {
            rounds: rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
        },
    };
    ctx.defer_ephemeral().await?;
    let terms = crate::app::league::LeagueTerms {
        name,
        format,
        days_per_round: days.unwrap_or(DEFAULT_DAYS_PER_ROUND),
        clan_rule,
    };
    let (user, manager) = (ctx.author().id.get(), can_manage_guild(ctx));
    let out = ctx
        .data()
        .app
        .leagues
        .create(user, place(ctx), manager, terms, now_ms())
        .await;
    send_deferred(ctx, out, "").await
}

/// Join a league before it starts.
#[poise::command(slash_command, guild_only, rename = "join")]
pub async fn league_join(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[autocomplete = "ac_league"]
    name: String,
    #[description = "Your clan when the league lets players choose (default: random)"]
    #[autocomplete = "ac_clan"]
    clan: Option<String>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    let clan = match clan_arg(ctx, lang, clan) {
        Ok(c) => c,
        Err(e) => return send(ctx, Outcome::private(e)).await,
    };
    ctx.defer_ephemeral().await?;
    let (user, guild) = (ctx.author().id.get(), place(ctx).guild);
    let out = ctx
        .data()
        .app
        .leagues
        .join(user, guild, &name, clan, now_ms())
        .await;
    send_deferred(ctx, out, "").await
}

/// Leave a league (your remaining matches are forfeited).
#[poise::command(slash_command, guild_only, rename = "leave")]
pub async fn league_leave(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[autocomplete = "ac_league"]
    name: String,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let (user, guild) = (ctx.author().id.get(), place(ctx).guild);
    let outs = ctx
        .data()
        .app
        .leagues
        .leave(user, guild, &name, now_ms())
        .await;
    send_league(ctx, outs).await
}

/// Start a league: pair round 1 and start its matches (Manage Server).
#[poise::command(slash_command, guild_only, rename = "start")]
pub async fn league_start(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[autocomplete = "ac_league"]
    name: String,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        return send(ctx, Outcome::private(why)).await;
    }
    ctx.defer_ephemeral().await?;
    let (user, guild, manager) = (
        ctx.author().id.get(),
        place(ctx).guild,
        can_manage_guild(ctx),
    );
    let outs = ctx
        .data()
        .app
        .leagues
        .start(user, guild, &name, manager, now_ms())
        .await;
    send_league(ctx, outs).await
}

/// Cancel a league (Manage Server); its matches still being played go on.
#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn league_cancel(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[autocomplete = "ac_league"]
    name: String,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let (user, guild, manager) = (
        ctx.author().id.get(),
        place(ctx).guild,
        can_manage_guild(ctx),
    );
    let out = ctx
        .data()
        .app
        .leagues
        .cancel(user, guild, &name, manager, now_ms())
        .await;
    send_deferred(ctx, out, "").await
}

/// Post a league's standings here.
#[poise::command(slash_command, guild_only, rename = "standings")]
pub async fn league_standings(
    ctx: Context<'_>,
    #[description = "The league's name (default: the newest here)"]
    #[autocomplete = "ac_league"]
    name: Option<String>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if let Some(why) = missing_permissions(ctx, lang, t::doing_post_board) {
        return send(ctx, Outcome::private(why)).await;
    }
    ctx.defer_ephemeral().await?;
    let (user, guild) = (ctx.author().id.get(), place(ctx).guild);
    let out = ctx
        .data()
        .app
        .leagues
        .standings(user, guild, name.as_deref(), now_ms())
        .await;
    send_deferred(ctx, out, "").await
}

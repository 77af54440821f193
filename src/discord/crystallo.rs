//! The `/crystallo` slash command (daily, practice, learn, scores, help) and the clicks in its
//! private panel (`cry:` custom ids). Thin like the rest of the adapter: the use cases
//! are `crate::app::crystallo`.

use super::commands::{place, send};
use super::{Context, Error, answer, clicker, deliver_public, try_dm};
use crate::app::crystallo::ids::CryId;
use crate::app::msg::Msg;
use crate::app::{App, Outcome};
use crate::i18n::messages::crystallo as m;
use poise::serenity_prelude as serenity;

/// Crystallo, the solo cavern game: today's deal of this server, practice, scores.
#[poise::command(
    slash_command,
    subcommands("daily", "practice", "learn", "scores", "help"),
    subcommand_required
)]
pub async fn crystallo(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A new game's panel goes by direct message to a player who chose that (`/clans dm
/// true`), as the Crystal Clans panels do; the command's answer then says so. Closed
/// DMs: the panel comes here, explained the first time. Where the bot only answers
/// interactions (`reach.rs`) the panel stays here: the game's posts answer its clicks,
/// and a click in a DM could not post them here.
async fn by_dm(ctx: Context<'_>, out: Outcome) -> Outcome {
    if super::reach::of_command(ctx) == crate::store::Reach::Interactions {
        return out;
    }
    // A panel is the reply that a click would replace (a refusal or a Resume is not).
    let Some(panel) = out.reply.clone().filter(|_| out.replaces) else {
        return out;
    };
    let app = &ctx.data().app;
    let user = ctx.author().id;
    let lang = app.directory.user_lang(user.get()).await;
    match try_dm(app, ctx.http(), user, &panel).await {
        Ok(true) => Outcome::private(crate::i18n::messages::sent_by_dm(lang)),
        Ok(false) => out,
        Err(()) => {
            let mut out = out;
            if app.directory.first_dm_failure(user.get()) {
                let mut m = panel;
                m.content = format!("{}\n{}", crate::i18n::messages::dms_closed(lang), m.content);
                out.reply = Some(m);
            }
            out
        }
    }
}

/// Today's cavern of this server (the same deal for everyone here; one play a day).
#[poise::command(slash_command)]
pub async fn daily(
    ctx: Context<'_>,
    #[description = "True: today's worldwide cavern (one deal for everyone, a worldwide leaderboard)"]
    global: Option<bool>,
) -> Result<(), Error> {
    let (place, user, now) = (place(ctx), ctx.author().id.get(), (ctx.data().clock.0)());
    let crystallo = &ctx.data().app.crystallo;
    let out = if global == Some(true) {
        crystallo.world(place, user, now).await
    } else {
        crystallo.daily(place, user, now).await
    };
    send(ctx, by_dm(ctx, out).await).await
}

/// A random cavern to practise on.
#[poise::command(slash_command)]
pub async fn practice(ctx: Context<'_>) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .crystallo
        .practice(place(ctx), ctx.author().id.get(), (ctx.data().clock.0)())
        .await;
    send(ctx, by_dm(ctx, out).await).await
}

/// A guided first cavern: lessons at each new rule, and the choice to click.
#[poise::command(slash_command)]
pub async fn learn(ctx: Context<'_>) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .crystallo
        .learn(place(ctx), ctx.author().id.get(), (ctx.data().clock.0)())
        .await;
    send(ctx, by_dm(ctx, out).await).await
}

/// Today's best in this server, and your adventure log.
#[poise::command(slash_command)]
pub async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .crystallo
        .scores(place(ctx), ctx.author().id.get(), (ctx.data().clock.0)())
        .await;
    send(ctx, out).await
}

/// How Crystallo is played here.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let lang = ctx
        .data()
        .app
        .directory
        .user_lang(ctx.author().id.get())
        .await;
    send(ctx, Outcome::private(m::help(lang))).await
}

/// A click in a Crystallo panel (a `cry:` id: the router sent it here). Every such
/// click comes from the player's own private message, so it is acknowledged as an
/// update and the answer replaces that message (a refusal is a note beside it).
pub(super) async fn on_component(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    now: crate::store::Millis,
) {
    let http = &ctx.http;
    let values = match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.as_slice(),
        _ => &[],
    };
    if let Err(e) = ci
        .create_response(http, serenity::CreateInteractionResponse::Acknowledge)
        .await
    {
        tracing::warn!("could not acknowledge a crystallo click: {e}");
        return;
    }
    let (user, lang, _) = clicker(app, ci).await;
    let out = match CryId::parse(&ci.data.custom_id, values) {
        Some(id) => app.crystallo.click(id, user, now).await,
        None => Outcome::private(crate::i18n::messages::button_invalid(lang)),
    };
    let reply = out
        .reply
        .clone()
        .unwrap_or_else(|| Msg::text(crate::i18n::messages::done(lang)));
    answer(http, ci, out.replaces, &reply).await;
    // Nobody to tell of a failed post but the log (deliver_public logged it).
    let here = super::reach::Here::of_click(ci);
    let _ = deliver_public(app, http, &out, Some(here), now).await;
}

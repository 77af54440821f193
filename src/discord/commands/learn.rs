//! `/clans learn`: a guided first match against the beginner AI (`app::learn`), begun
//! as a match against the AI is: a private answer first, then its thread, then the
//! opening board and the first lessons.

use super::reply::{first_answer, missing_permissions, post, send, send_deferred};
use super::{lang, place};
use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::discord::{Context, Error, convert};
use crate::i18n::messages as t;
use crate::store::now_ms;

/// Learn to play: a guided first match against the beginner AI.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "Show the lessons you have seen again"] again: Option<bool>,
    #[description = "Close your lesson match and start a new one"] restart: Option<bool>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    let place = place(ctx);
    if let Err(why) = ctx.data().app.directory.may_start_here(lang, place).await {
        return send(ctx, Outcome::private(why)).await;
    }
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        return send(ctx, Outcome::private(why)).await;
    }
    ctx.defer_ephemeral().await?;
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let (again, restart) = (again.unwrap_or(false), restart.unwrap_or(false));
    let mut started = match app.learn.start(user, place, again, restart, now_ms()).await {
        Ok(started) => started,
        Err(refused) => return send_deferred(ctx, refused, "").await,
    };
    first_answer(
        ctx,
        &Msg::text(app.learn.begins(user, &started).await),
        true,
    )
    .await?;
    let poise::Context::Application(a) = ctx else {
        return Ok(());
    };
    let in_thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| crate::discord::is_thread(c.kind));
    if !in_thread {
        let perms = a.interaction.app_permissions;
        if let Some(note) =
            crate::discord::open_thread(app, ctx.http(), place, None, perms, &mut started, lang)
                .await
        {
            ctx.send(convert::reply(&Msg::text(note), true)).await?;
        }
    }
    let out = app.learn.announce(started).await;
    post(ctx, &out, out.public.iter()).await
}

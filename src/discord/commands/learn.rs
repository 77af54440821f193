//! `/clans learn`: a guided first match against the beginner AI (`app::learn`), begun
//! as a match against the AI is: a private answer first, then its thread, then the
//! opening board and the first lessons.

use super::play::{into_thread, may_start};
use super::reply::{first_answer, post, send_deferred};
use super::{lang, place};
use crate::app::msg::Msg;
use crate::discord::{Context, Error};
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
    if !may_start(ctx, lang, place).await? {
        return Ok(());
    }
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
    into_thread(ctx, lang, place, &mut started).await?;
    let out = app.learn.announce(started).await;
    post(ctx, &out, out.public.iter()).await
}

//! `/clans forget-me` and its question's buttons: the Discord side of `app::privacy`.

use super::commands::send;
use super::{Context, Data, Error, answer, deliver_public};
use crate::app::privacy;
use crate::store::now_ms;
use poise::serenity_prelude as serenity;

/// Delete what the bot stores about you (asks first, and says what follows).
#[poise::command(slash_command, rename = "forget-me")]
pub async fn forget_me(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx.data().app.privacy.ask(ctx.author().id.get()).await;
    send(ctx, out).await
}

/// A click on the question. The clicker is not learnt first (no name stored again
/// from the very click that forgets it).
pub(super) async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
) {
    let app = &data.app;
    let user = ci.user.id.get();
    let Some(forget) = privacy::parse(&ci.data.custom_id) else {
        return super::unreadable_click(&ctx.http, app, ci).await;
    };
    if let Err(e) = ci
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await
    {
        tracing::warn!("could not acknowledge an interaction: {e}");
        return;
    }
    let mut outs = app.privacy.answer(user, forget, now_ms()).await.into_iter();
    if let Some(first) = outs.next()
        && let Some(m) = &first.reply
    {
        answer(&ctx.http, ci, first.replaces, m).await;
    }
    for out in outs {
        // The resigned matches' final posts, each in its own thread.
        let _ = deliver_public(app, &ctx.http, &out, None, now_ms()).await;
    }
}

//! How a command answers: its first answer (filling a deferral, or the interaction's
//! own response), the channel posts after it, and the permissions the bot lacks to
//! post at all. Shared by every command of the adapter (`league.rs`, `timing.rs`, ...),
//! so it stands apart from any one command.

use super::lang;
use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::discord::{Context, Error, convert};
use crate::i18n::{Lang, messages as t};
use poise::serenity_prelude as serenity;

/// A command's first answer. After a deferral it fills the deferral's message (an edit
/// of `@original`, which keeps the deferral's visibility) rather than going out as a
/// follow-up, Discord's old way of filling it; otherwise it is the interaction's own
/// response, `ephemeral` or not.
pub(super) async fn first_answer(ctx: Context<'_>, m: &Msg, ephemeral: bool) -> Result<(), Error> {
    if let poise::Context::Application(a) = ctx
        && a.has_sent_initial_response
            .load(std::sync::atomic::Ordering::SeqCst)
    {
        a.interaction
            .edit_response(ctx.http(), convert::edit(m))
            .await?;
        return Ok(());
    }
    ctx.send(convert::reply(m, ephemeral)).await?;
    Ok(())
}

pub(in crate::discord) async fn send(ctx: Context<'_>, out: Outcome) -> Result<(), Error> {
    if let Some(m) = &out.reply {
        first_answer(ctx, m, true).await?;
    }
    let mut rest = out.public.iter();
    if out.reply.is_none()
        && let Some(first) = rest.next()
    {
        first_answer(ctx, first, false).await?;
    }
    post(ctx, &out, rest).await
}

/// Posts `posts` (of `out`) in its channel after the command's answer, then starts the
/// AI's turn when the match waits for it. Where the bot only answers interactions the
/// posts are this command's answers; a match played there, reached from elsewhere, is
/// written to its players (`discord/reach.rs`).
pub(super) async fn post<'m>(
    ctx: Context<'_>,
    out: &Outcome,
    posts: impl Iterator<Item = &'m Msg>,
) -> Result<(), Error> {
    use crate::discord::reach::{self, Here, Route};
    match reach::route(Here::of_command(ctx), out) {
        Route::FollowUps(_) => {
            for m in posts {
                ctx.send(convert::reply(m, false)).await?;
            }
        }
        Route::DmInstead => {
            let app = &ctx.data().app;
            crate::discord::dm_instead(app, ctx.http(), &out.dm_instead, posts).await;
        }
        Route::Channel => to_channel(ctx, out, posts).await?,
    }
    if let Some(id) = out.ai {
        crate::discord::spawn_ai_turn(&ctx.data().app, ctx.serenity_context().http.clone(), id);
    }
    Ok(())
}

async fn to_channel<'m>(
    ctx: Context<'_>,
    out: &Outcome,
    posts: impl Iterator<Item = &'m Msg>,
) -> Result<(), Error> {
    let channel = out
        .channel
        .map(serenity::ChannelId::new)
        .unwrap_or(ctx.channel_id());
    for m in posts {
        if m.pace_ms > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(m.pace_ms.into())).await;
        }
        if let Err(e) = channel.send_message(ctx.http(), convert::message(m)).await {
            if !crate::discord::is_missing_permission(&e) {
                return Err(e.into());
            }
            // A command's posts are a board or a new match's first moves: no move of
            // the asker's to reassure about.
            let text = crate::discord::missing_permission_text(lang(ctx).await, channel, "");
            ctx.send(convert::reply(&Msg::text(text), true)).await?;
            break;
        }
    }
    Ok(())
}

/// Answers a command deferred with `defer_ephemeral`: the deferral's message, private,
/// is always the answer (`note` when the app has none and posted something); the
/// public posts go out as channel messages after it.
pub(in crate::discord) async fn send_deferred(
    ctx: Context<'_>,
    mut out: Outcome,
    note: &str,
) -> Result<(), Error> {
    if out.reply.is_none() {
        out.reply = Some(Msg::text(if note.is_empty() {
            t::done(lang(ctx).await)
        } else {
            note.to_string()
        }));
    }
    send(ctx, out).await
}

/// What the bot lacks to `doing` (`t::doing_run_match`) in the channel of the command
/// (Discord sends the bot's own permissions there with every command): `Some` is what
/// to tell the user, in `lang`.
pub(in crate::discord) fn missing_permissions(
    ctx: Context<'_>,
    lang: Lang,
    doing: fn(Lang) -> String,
) -> Option<String> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    let p = a.interaction.app_permissions?;
    if ctx.guild_id().is_none() || p.administrator() {
        return None;
    }
    let missing = crate::discord::lacking(
        &[
            (p.view_channel(), t::permission_view_channel),
            (
                p.send_messages() || p.send_messages_in_threads(),
                t::permission_send_messages,
            ),
            (p.embed_links(), t::permission_embed_links),
            (p.attach_files(), t::permission_attach_files),
        ],
        lang,
    );
    if missing.is_empty() {
        return None;
    }
    Some(t::missing_permissions(
        lang,
        doing(lang),
        missing.join(", "),
        missing.len(),
    ))
}

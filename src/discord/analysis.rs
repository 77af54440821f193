//! The post-game analysis on Discord: `/clans analysis` and the Analysis button of a
//! match's final post. Both answer privately at once (a deferral), edit that answer
//! in place with the progress line while the analysis is made, then post the graph in
//! the channel and say so privately.

use super::commands::send;
use super::{Context, Error};
use crate::app::msg::Msg;
use crate::app::{App, Outcome, Place};
use crate::i18n::{Lang, messages as t};
use crate::store::now_ms;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// At most one progress edit per this long: an interaction's reply is a webhook
/// message with a small rate limit, and a line every turn would only queue edits.
const EDIT_EVERY: Duration = Duration::from_secs(2);

/// The private reply being edited.
enum Reply {
    Command(Box<serenity::CommandInteraction>),
    Click(Box<serenity::ComponentInteraction>),
}

impl Reply {
    async fn edit(&self, http: &serenity::Http, text: &str) -> serenity::Result<()> {
        let edit = serenity::EditInteractionResponse::new().content(text);
        match self {
            Reply::Command(i) => i.edit_response(http, edit).await.map(|_| ()),
            Reply::Click(i) => i.edit_response(http, edit).await.map(|_| ()),
        }
    }
}

/// Runs the analysis with a task that shows its progress line in `reply`, and stops
/// that task before returning, so no late progress edit can cover the answer.
async fn with_progress(
    app: &App,
    http: Arc<serenity::Http>,
    reply: Reply,
    match_id: i64,
    user: u64,
    place: Place,
) -> Outcome {
    let (tx, mut rx) = watch::channel(String::new());
    let editor = tokio::spawn(async move {
        while rx.changed().await.is_ok() {
            let line = rx.borrow_and_update().clone();
            if let Err(e) = reply.edit(&http, &line).await {
                tracing::info!("could not show an analysis's progress: {e}");
            }
            tokio::time::sleep(EDIT_EVERY).await;
        }
    });
    let out = app
        .analysis
        .analysis(match_id, user, place, now_ms(), Some(tx))
        .await;
    editor.abort();
    let _ = editor.await;
    out
}

/// After a match: a graph of each player's chance to win, turn by turn, from the AI.
#[poise::command(slash_command)]
pub async fn analysis(
    ctx: Context<'_>,
    #[description = "Match number (a match of this server, or one you played)"]
    #[rename = "match"]
    #[min = 1]
    game: i64,
) -> Result<(), Error> {
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let lang = app.directory.user_lang(user).await;
    ctx.defer_ephemeral().await?;
    let place = super::commands::place(ctx);
    let out = match ctx {
        poise::Context::Application(a) => {
            let reply = Reply::Command(Box::new(a.interaction.clone()));
            let http = ctx.serenity_context().http.clone();
            with_progress(app, http, reply, game, user, place).await
        }
        poise::Context::Prefix(_) => {
            app.analysis
                .analysis(game, user, place, now_ms(), None)
                .await
        }
    };
    send(ctx, posted(out, lang)).await
}

/// The Analysis button of a final post (already deferred privately by the caller).
pub(super) async fn clicked(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    match_id: i64,
    place: Place,
    lang: Lang,
) -> Outcome {
    let reply = Reply::Click(Box::new(ci.clone()));
    let out = with_progress(
        app,
        ctx.http.clone(),
        reply,
        match_id,
        ci.user.id.get(),
        place,
    )
    .await;
    posted(out, lang)
}

/// A posted analysis is said privately too (the deferral's message must end as
/// something other than the last progress line).
fn posted(mut out: Outcome, lang: Lang) -> Outcome {
    if out.reply.is_none() && !out.public.is_empty() {
        out.reply = Some(Msg::text(t::analysis_posted_below(lang)));
    }
    out
}

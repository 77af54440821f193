//! Delivering the app's messages: the public posts of an outcome where its match is
//! played (its thread, else its channel; a follow-up of the interaction where the bot
//! only answers, `reach.rs`; a DM to its players where it cannot even do that), the
//! direct messages it adds, the clicker's private answer, and the AI's turn after a
//! human's. The component handler (`mod.rs`) and the commands call these.

use super::{convert, reach};
use crate::app::msg::Msg;
use crate::app::{App, Outcome};
use crate::i18n::{Lang, messages as t};
use crate::store::{MatchId, now_ms};
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Whether Discord refused because the bot lacks a permission or access in a channel
/// (errors 50013 Missing Permissions and 50001 Missing Access).
pub fn is_missing_permission(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == 50013 || r.error.code == 50001
    )
}

/// A thread that takes no post: locked by a moderator (160005; "Thread is archived",
/// 50083, for an archived one that is locked too). An archived thread that is not locked
/// takes posts: a post unarchives it, as Discord documents.
fn is_closed_thread(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == 160005 || r.error.code == 50083
    )
}

/// What to tell the person who started something the bot could not post; `after` is
/// what was done all the same (e.g. "Your move itself was saved."), or empty.
pub fn missing_permission_text(lang: Lang, channel: serenity::ChannelId, after: &str) -> String {
    let text = t::could_not_post(lang, channel.get().to_string(), after);
    text.trim_end().to_string()
}

/// Posts the outcome's public messages, then the replay of a match that ended, each
/// ping as its player chose at `now` (`app::notify`), with the direct messages that
/// adds. `Err`: the channel refused the bot for lack of a permission (the caller tells
/// whoever acted); other failures are logged.
pub(super) async fn deliver_public(
    app: &App,
    http: &serenity::Http,
    out: &Outcome,
    here: Option<reach::Here<'_>>,
    now: crate::store::Millis,
) -> Result<(), serenity::ChannelId> {
    let routed;
    let out = if out.public.iter().any(|m| !m.pings.is_empty()) {
        routed = app.presence.route_pings(out, now).await;
        &routed
    } else {
        out
    };
    let posted = match reach::route(here, out) {
        reach::Route::FollowUps(h) => {
            follow_ups(app, http, out, h).await;
            Ok(())
        }
        reach::Route::DmInstead => {
            dm_instead(app, http, &out.dm_instead, &out.public).await;
            Ok(())
        }
        reach::Route::Channel => post_public(app, http, out, here.map(|h| h.channel)).await,
    };
    for (user, m) in &out.dms {
        send_dm(http, *user, m).await;
    }
    posted
}

async fn send_dm(http: &serenity::Http, user: u64, m: &Msg) {
    let sent = match serenity::UserId::new(user).create_dm_channel(http).await {
        Ok(dm) => dm
            .id
            .send_message(http, convert::message(m))
            .await
            .map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        // Closed DMs: the thread's post is still there to be read.
        tracing::info!(user, "could not send a direct message: {e}");
    }
}

/// `out`'s posts as public follow-ups of the interaction `here` (where the bot cannot
/// post on its own), the replay of a match that ended after them.
async fn follow_ups(app: &App, http: &serenity::Http, out: &Outcome, here: reach::Here<'_>) {
    let replay = match out.replay {
        Some(id) => app.replays.replay_post(id).await,
        None => None,
    };
    for m in out.public.iter().chain(replay.as_ref()) {
        if m.pace_ms > 0 {
            tokio::time::sleep(Duration::from_millis(m.pace_ms.into())).await;
        }
        let post = convert::followup(m).ephemeral(false);
        if let Err(e) = serenity::Builder::execute(post, http, (None, here.token)).await {
            tracing::warn!(channel = %here.channel, "could not answer with a post: {e}");
        }
    }
}

/// What the bot would post on its own where it cannot (a match in a group DM): each
/// post to each of the match's players by DM, as the group DM would have shown it to
/// them, without its buttons (they are played from the match's place), saying where to
/// play on.
pub(crate) async fn dm_instead<'m>(
    app: &App,
    http: &serenity::Http,
    players: &[u64],
    posts: impl IntoIterator<Item = &'m Msg>,
) {
    let posts: Vec<&Msg> = posts.into_iter().collect();
    for &user in players {
        let lang = app.directory.user_lang(user).await;
        for m in &posts {
            let mut dm = (*m).clone();
            dm.rows.clear();
            dm.content = format!(
                "{}\n{}",
                t::reach::written_instead_of_posted(lang),
                m.content
            );
            send_dm(http, user, &dm).await;
        }
    }
}

async fn post_public(
    app: &App,
    http: &serenity::Http,
    out: &Outcome,
    here: Option<serenity::ChannelId>,
) -> Result<(), serenity::ChannelId> {
    let Some(mut channel) = out.channel.map(serenity::ChannelId::new).or(here) else {
        return Ok(());
    };
    if let (Some(name), Some(id)) = (&out.thread, out.created)
        && let Some(thread) = open_match_thread(app, http, channel, id, name).await
    {
        channel = thread;
    }
    for m in &out.public {
        if m.pace_ms > 0 {
            tokio::time::sleep(Duration::from_millis(m.pace_ms.into())).await;
        }
        let mut sent = channel.send_message(http, convert::message(m)).await;
        // A match whose thread a moderator locked plays on in the thread's channel (only
        // Manage Threads unlocks it, which the bot does not ask for).
        if let Err(e) = &sent
            && is_closed_thread(e)
            && let Some(home) = out.home.map(serenity::ChannelId::new)
            && home != channel
        {
            tracing::warn!(thread = %channel, "a match thread takes no post ({e}): posting in its channel");
            channel = home;
            sent = channel.send_message(http, convert::message(m)).await;
        }
        if let (Ok(posted), Some(id)) = (&sent, m.board_of)
            && let Some((old_channel, old)) = app
                .matches
                .live_board(id, channel.get(), posted.id.get())
                .await
        {
            // Only the latest board is played from: an earlier one offers no stale
            // Resign or Take turn (a finished match's boards none at all).
            let clear = serenity::EditMessage::new().components(vec![]);
            if let Err(e) = serenity::ChannelId::new(old_channel)
                .edit_message(http, serenity::MessageId::new(old), clear)
                .await
            {
                tracing::info!(
                    match_id = id,
                    "could not take the buttons off an old board: {e}"
                );
            }
        }
        if let Err(e) = sent {
            if is_missing_permission(&e) {
                tracing::warn!(%channel, "missing a permission to post");
                return Err(channel);
            }
            tracing::warn!(%channel, "could not post: {e}");
        }
    }
    if let Some(id) = out.replay
        && let Some(m) = app.replays.replay_post(id).await
        && let Err(e) = channel.send_message(http, convert::message(&m)).await
    {
        tracing::warn!(%channel, match_id = id, "could not post the replay: {e}");
    }
    Ok(())
}

/// A public thread named `name` in `channel` for the match `id` (a league's, started
/// by the scheduler), saved as the match's place; `None`: it plays in the channel
/// (the thread could not be made, or not saved, and the store says the channel).
async fn open_match_thread(
    app: &App,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    id: MatchId,
    name: &str,
) -> Option<serenity::ChannelId> {
    let thread = serenity::CreateThread::new(name)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek)
        .kind(serenity::ChannelType::PublicThread);
    let made = match channel.create_thread(http, thread).await {
        Ok(t) => t.id,
        Err(e) => {
            tracing::warn!(match_id = id, "could not start a match thread: {e}");
            return None;
        }
    };
    app.matches
        .move_to_thread(id, made.get())
        .await
        .then_some(made)
}

/// Answers a component click privately. `in_place`: `m` becomes the interaction's
/// original message (it fills the private deferral of a click on a public post, or
/// replaces the panel clicked); otherwise it is a new private message (a note beside
/// a panel, which stays as it was).
pub(super) async fn answer(
    http: &serenity::Http,
    ci: &serenity::ComponentInteraction,
    in_place: bool,
    m: &Msg,
) {
    let sent = if in_place {
        ci.edit_response(http, convert::edit(m)).await.map(|_| ())
    } else {
        ci.create_followup(http, convert::followup(m))
            .await
            .map(|_| ())
    };
    if let Err(e) = sent {
        tracing::warn!("could not answer an interaction: {e}");
    }
}

/// Runs the AI's turn in `match_id` off the interaction's path and posts it (paced).
pub(super) fn spawn_ai_turn(app: &App, http: std::sync::Arc<serenity::Http>, match_id: MatchId) {
    let app = app.clone();
    tokio::spawn(async move {
        let out = app.matches.ai_turn(match_id).await;
        // Nobody to tell here; deliver_public logged it.
        let _ = deliver_public(&app, &http, &out, None, now_ms()).await;
    });
}

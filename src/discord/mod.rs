//! The Discord adapter (poise 0.7 on serenity 0.12): slash commands under `/clans`, one
//! global component handler for every button and select, and the timer loop. Thin:
//! it parses interactions, calls `crate::app`, and turns the app's plain messages
//! into Discord messages. No rules and no SQL here.
//!
//! Every component interaction is acknowledged first, then worked on (rendering runs
//! on blocking threads inside the app): a click in a player's private panel with a
//! deferred update (type 6), the panel then edited in place (`@original`); a click on
//! a public post with a private deferral (type 5), filled by editing `@original`. So
//! a player keeps one panel however many clicks a turn takes. An AI's turn runs after
//! the human's answer has gone out.

// `/clans-admin`, moderators' actions.
mod admin;
mod analysis;
pub mod commands;
mod convert;
// Where an outcome's posts go, and the clicker's answer.
mod deliver;
// `/crystallo`, the solo cavern game, and its panel's clicks.
pub mod crystallo;
pub mod health;
mod league;
pub mod localize;
pub mod logging;
// A player's notes on a match: the form and its submission.
mod notes;
// `/clans forget-me`.
mod privacy;
// Where the bot may post, and what goes where it may not.
pub mod reach;
pub mod shards;
pub mod shutdown;
mod startup;
mod timing;

pub use startup::{
    BotOptions, Clock, Lifecycle, TIMER_POSTS_AT_ONCE, TIMER_QUEUE, TOKEN_HELP, client,
    client_with, explain, serve, serve_blocking, start, start_shards, token_from_env,
};

use crate::app::clans::panel;
use crate::app::ids::{CustomId, Verb};
use crate::app::msg::Msg;
use crate::app::{App, Outcome, Place};
use crate::i18n::{Lang, messages as t};
use crate::store::{Reach, now_ms};
pub(crate) use deliver::dm_instead;
use deliver::{answer, deliver_public, spawn_ai_turn};
pub use deliver::{is_missing_permission, missing_permission_text};
use poise::serenity_prelude as serenity;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The bot's shared data.
pub struct Data {
    pub app: App,
    /// The bot's clock (the real one; tests move it): the day of a Crystallo daily
    /// follows it.
    pub clock: Clock,
}

// ---- the one component handler -------------------------------------------------------

async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } => on_component(fw.serenity_context, fw.user_data, ci).await,
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Modal(mi),
        } => notes::submitted(fw.serenity_context, fw.user_data, mi).await,
        // Every server the bot is in arrives at each connection, with the language
        // its admins chose in Discord: the timers' posts after a restart speak it
        // before anyone there has clicked again.
        serenity::FullEvent::GuildCreate { guild, .. } => {
            fw.user_data
                .app
                .directory
                .learn_guild_locale(guild.id.get(), &guild.preferred_locale);
        }
        _ => {}
    }
    Ok(())
}

/// The games whose clicks the bot answers, by the prefix of their custom ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Game {
    Clans,
    Crystallo,
    /// A moderator's confirmation (`/clans-admin`).
    Moderation,
    /// `/clans forget-me`'s question.
    Privacy,
}

/// Every click's route: one table of custom-id prefixes. `None`: another bot's id or a
/// forged one.
fn route(custom_id: &str) -> Option<Game> {
    const ROUTES: [(&str, Game); 4] = [
        (crate::app::ids::PREFIX, Game::Clans),
        (crate::app::crystallo::ids::PREFIX, Game::Crystallo),
        (crate::app::moderation::PREFIX, Game::Moderation),
        (crate::app::privacy::PREFIX, Game::Privacy),
    ];
    let prefix = custom_id.split(':').next()?;
    ROUTES.iter().find(|(p, _)| *p == prefix).map(|(_, g)| *g)
}

/// What every click does first, once acknowledged: the app learns the clicker's name
/// and the locales the click came with. Returns the clicker, the language to answer
/// them in and where they clicked.
async fn clicker(app: &App, ci: &serenity::ComponentInteraction) -> (u64, Lang, Place) {
    let user = ci.user.id.get();
    app.directory.learn_name(
        user,
        ci.user.global_name.as_deref().unwrap_or(&ci.user.name),
    );
    let guild = ci.guild_id.map(|g| g.get());
    app.directory
        .learn_locales(user, Some(&ci.locale), guild, ci.guild_locale.as_deref());
    let place = Place {
        guild,
        channel: ci.channel_id.get(),
        reach: reach::of(ci.context, &ci.authorizing_integration_owners),
    };
    (user, app.directory.user_lang(user).await, place)
}

async fn on_component(ctx: &serenity::Context, data: &Data, ci: &serenity::ComponentInteraction) {
    let app = &data.app;
    match route(&ci.data.custom_id) {
        Some(Game::Crystallo) => crystallo::on_component(ctx, app, ci, (data.clock.0)()).await,
        Some(Game::Moderation) => admin::on_component(ctx, data, ci).await,
        Some(Game::Privacy) => privacy::on_component(ctx, data, ci).await,
        Some(Game::Clans) | None => on_clans_component(ctx, app, ci).await,
    }
}

/// Only the bot's own messages bring it clicks: an id it cannot read is an old or
/// forged one. Said privately, as the click's answer, so Discord does not show
/// "interaction failed".
async fn unreadable_click(http: &serenity::Http, app: &App, ci: &serenity::ComponentInteraction) {
    let lang = app.directory.user_lang(ci.user.id.get()).await;
    let answer = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(t::button_invalid(lang))
            .ephemeral(true),
    );
    if let Err(e) = ci.create_response(http, answer).await {
        tracing::warn!("could not answer an unreadable click: {e}");
    }
}

async fn on_clans_component(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
) {
    let http = &ctx.http;
    let Some(id) = CustomId::parse(&ci.data.custom_id) else {
        return unreadable_click(http, app, ci).await;
    };
    // The notes form must be the click's first answer: no acknowledgement before it.
    if id.verb == Verb::Notes {
        return notes::open(ctx, app, ci, &id).await;
    }
    // Acknowledge first (within Discord's 3 seconds): a panel is updated later, a
    // public post's click gets a private message of its own. Where the bot only
    // answers interactions, a challenge's Accept or Decline updates the challenge
    // itself (the bot cannot edit it otherwise), and the private answer follows.
    let in_panel = id.in_panel();
    let updates_post = acks_as_update(ci);
    let ack = if in_panel || updates_post {
        serenity::CreateInteractionResponse::Acknowledge
    } else {
        serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        )
    };
    if let Err(e) = ci.create_response(http, ack).await {
        tracing::warn!("could not acknowledge an interaction: {e}");
        return;
    }
    let (user, lang, place) = clicker(app, ci).await;
    let now = now_ms();
    let out = match id.verb {
        Verb::Accept | Verb::Decline => {
            let c = match app
                .challenges
                .read_challenge(id.arg.as_deref().unwrap_or_default(), user, now)
                .await
            {
                Ok(c) => c,
                Err(why) => return answer(http, ci, !updates_post, &Msg::text(why)).await,
            };
            if id.verb == Verb::Decline {
                app.challenges.decline(&c, user, place.guild, now).await
            } else {
                return accept(ctx, app, ci, c, place, lang).await;
            }
        }
        Verb::Turn | Verb::Hand => {
            let out = if id.verb == Verb::Hand {
                app.matches.hand(id.match_id, user).await
            } else {
                // A button's argument names the step; a select's chosen values add to
                // its argument (the cards of a multi-select) or name the step.
                let values = match &ci.data.kind {
                    serenity::ComponentInteractionDataKind::StringSelect { values } => {
                        values.as_slice()
                    }
                    _ => &[],
                };
                let nav = panel::Nav::parse(id.arg.as_deref(), values);
                app.matches
                    .panel(id.match_id, Some(id.version), user, nav)
                    .await
            };
            // A click inside a panel updates it where it is (a DM or the channel). Where
            // the bot only answers interactions, the panel stays there too: its clicks'
            // posts are answers to them, and must be seen where the match is.
            let stays = in_panel || place.reach == Reach::Interactions;
            let Some(panel) = out.reply.clone().filter(|_| !stays) else {
                return deliver(ctx, app, ci, in_panel, &out, lang).await;
            };
            match try_dm(app, http, ci.user.id, &panel).await {
                Ok(true) => Outcome {
                    ai: out.ai,
                    ..Outcome::private(t::sent_by_dm(lang))
                },
                Ok(false) => out,
                Err(()) => {
                    let mut out = out;
                    if app.directory.first_dm_failure(user) {
                        let mut m = panel;
                        m.content = format!("{}\n{}", t::dms_closed(lang), m.content);
                        out.reply = Some(m);
                    }
                    out
                }
            }
        }
        Verb::Input => {
            let index = match &ci.data.kind {
                serenity::ComponentInteractionDataKind::StringSelect { values } => {
                    values.first().and_then(|v| v.parse().ok())
                }
                _ => id.arg.as_deref().and_then(|a| a.parse().ok()),
            };
            match index {
                Some(i) => app.matches.play(id.match_id, id.version, user, i).await,
                None => Outcome::private(t::choice_damaged(lang)),
            }
        }
        Verb::Hint => app.matches.hint(id.match_id, id.version, user).await,
        Verb::Follow => app.matches.follow(id.match_id, user, now).await,
        // Opened above, before the acknowledgement; a form's id on a button is forged.
        Verb::Notes | Verb::NotesSave => Outcome::private(t::button_invalid(lang)),
        Verb::Unfollow => app.matches.unfollow(id.match_id, user).await,
        Verb::Resign => app.matches.ask_resign(id.match_id, user).await,
        Verb::ResignYes => app.matches.resign(id.match_id, user).await,
        Verb::Rematch => app.matches.rematch(id.match_id, user, now).await,
        Verb::Analysis => analysis::clicked(ctx, app, ci, id.match_id, place, lang).await,
        Verb::TakeBack => {
            app.matches
                .take_back(id.match_id, id.version, user, now)
                .await
        }
        Verb::TakeBackAnswer => {
            let arg = id.arg.as_deref().unwrap_or_default();
            let out = app
                .matches
                .takeback_prompt(id.match_id, id.version, user, arg, now)
                .await;
            // The private Allow/Decline goes where the player's panels go.
            let dm = place.reach == Reach::Posts;
            let Some(prompt) = out.reply.clone().filter(|m| dm && !m.rows.is_empty()) else {
                return deliver(ctx, app, ci, in_panel, &out, lang).await;
            };
            match try_dm(app, http, ci.user.id, &prompt).await {
                Ok(true) => Outcome::private(t::sent_by_dm(lang)),
                Ok(false) | Err(()) => out,
            }
        }
        Verb::TakeBackAllow | Verb::TakeBackDecline => {
            let arg = id.arg.as_deref().unwrap_or_default();
            let allow = id.verb == Verb::TakeBackAllow;
            app.matches
                .takeback_answer(id.match_id, id.version, user, arg, allow, now)
                .await
        }
    };
    deliver(ctx, app, ci, in_panel, &out, lang).await;
}

/// A click on a challenge where the bot only answers interactions: acknowledged as an
/// update of the challenge (the bot cannot edit it otherwise), its answer a private
/// follow-up.
fn acks_as_update(ci: &serenity::ComponentInteraction) -> bool {
    CustomId::parse(&ci.data.custom_id)
        .is_some_and(|id| matches!(id.verb, Verb::Accept | Verb::Decline))
        && reach::of(ci.context, &ci.authorizing_integration_owners) == Reach::Interactions
}

/// The clicker's answer first, then the public posts, then (off the interaction's
/// path) the AI's turn when the match now waits for it.
async fn deliver(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    in_panel: bool,
    out: &Outcome,
    lang: Lang,
) {
    let reply = out
        .reply
        .clone()
        .unwrap_or_else(|| Msg::text(t::done(lang)));
    // A place in the match's line of posts before the answer: the player's next click
    // comes after it, so its posts queue behind these.
    let mut ticket = CustomId::parse(&ci.data.custom_id)
        .filter(|id| id.match_id > 0 && !out.public.is_empty())
        .map(|id| app.post_order.ticket(id.match_id));
    let in_place = (!in_panel || out.replaces) && !acks_as_update(ci);
    answer(&ctx.http, ci, in_place, &reply).await;
    if let Some(t) = &mut ticket {
        t.turn().await;
    }
    deliver_posts(ctx, app, ci, out, lang).await;
}

/// What an outcome does besides answering the clicker: the clicked post's edit, the
/// public posts, the AI's turn.
async fn deliver_posts(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    out: &Outcome,
    lang: Lang,
) {
    let http = &ctx.http;
    if let Some(m) = &out.post_edit {
        if acks_as_update(ci) {
            let edit = convert::edit(m)
                .components(vec![])
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            if let Err(e) = ci.edit_response(http, edit).await {
                tracing::warn!("could not update a challenge: {e}");
            }
        } else {
            edit_post(http, ci, m).await;
        }
    }
    if let Some(j) = &out.join_thread {
        let thread = serenity::ChannelId::new(j.thread);
        if let Err(e) = thread
            .add_thread_member(http, serenity::UserId::new(j.user))
            .await
        {
            tracing::info!(
                thread = j.thread,
                "could not add a follower to a thread: {e}"
            );
            answer(http, ci, false, &j.failed).await;
        }
    }
    let here = reach::Here::of_click(ci);
    if let Err(channel) = deliver_public(app, http, out, Some(here), now_ms()).await {
        let note = missing_permission_text(lang, channel, &t::move_saved(lang));
        answer(http, ci, false, &Msg::text(note)).await;
    }
    if let Some(m) = out.ai {
        spawn_ai_turn(app, ctx.http.clone(), m);
    }
}

/// Accepts a challenge: the claim (one click wins), the match in the store, the answer
/// "accepted", and only then the match's thread and its opening board. Thread creation
/// waits on the channel's rate limit (serenity's limiter holds the route while it
/// sleeps off a 429) and the board is drawn on a busy CPU: with both before the answer,
/// 200 accepts at once in one channel were answered after 25 s at the median and up to
/// 147 s.
async fn accept(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    c: crate::app::Challenge,
    place: Place,
    lang: Lang,
) {
    let http = &ctx.http;
    let user = ci.user.id.get();
    let now = now_ms();
    let in_place = !acks_as_update(ci);
    if let Err(why) = app.challenges.claim_accept(&c, user, now).await {
        return answer(http, ci, in_place, &Msg::text(why)).await;
    }
    // Discord refuses a thread started from a message inside a thread (a rematch
    // offered in the match's thread): that match plays on there.
    let in_thread = ci.channel.as_ref().is_some_and(|c| is_thread(c.kind));
    let mut started = match app
        .challenges
        .create_accepted(c, user, place, in_thread.then_some(place.channel), now)
        .await
    {
        Ok(started) => started,
        // Not started (the store refused): the claim was given back; say why.
        Err(refused) => return deliver(ctx, app, ci, false, &refused, lang).await,
    };
    answer(http, ci, in_place, &Msg::text(t::challenge_accepted(lang))).await;
    // Where the bot only answers interactions it cannot start a thread either.
    if !in_thread && place.reach == Reach::Posts {
        let from = Some(ci.message.id);
        let perms = ci.app_permissions;
        if let Some(note) = open_thread(app, http, place, from, perms, &mut started, lang).await {
            answer(http, ci, false, &Msg::text(note)).await;
        }
    }
    let out = app.challenges.announce(started).await;
    deliver_posts(ctx, app, ci, &out, lang).await;
}

fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// What a match's thread needs of the bot in its channel, Discord's `p` there (sent
/// with every interaction), lacks: the names in `lang`. A match in a thread the bot
/// could open but not post in would have every post refused.
fn missing_for_threads(p: serenity::Permissions, lang: Lang) -> Vec<String> {
    if p.administrator() {
        return Vec::new();
    }
    lacking(
        &[
            (
                p.create_public_threads(),
                t::permission_create_public_threads,
            ),
            (
                p.send_messages_in_threads(),
                t::permission_send_messages_in_threads,
            ),
            (p.embed_links(), t::permission_embed_links),
            (p.attach_files(), t::permission_attach_files),
        ],
        lang,
    )
}

/// A message without variables, in the language asked for.
type Text = fn(Lang) -> String;

/// The names, in `lang`, of the permissions of `needed` the bot does not have.
fn lacking(needed: &[(bool, Text)], lang: Lang) -> Vec<String> {
    needed
        .iter()
        .filter(|(has, _)| !has)
        .map(|(_, name)| name(lang))
        .collect()
}

/// Moves a match just created (`started`, in `place`'s channel) into a thread of its
/// own when its server wants threads, started from the message `from` (the challenge
/// clicked) or without one (a slash command has no message), and named for the match
/// from the start (a rename shows as a system message in every thread). Where the bot
/// lacks a thread permission (`perms`), the match plays in the channel and `Some` says,
/// in `lang`, what a server admin should grant.
pub(crate) async fn open_thread(
    app: &App,
    http: &serenity::Http,
    place: Place,
    from: Option<serenity::MessageId>,
    perms: Option<serenity::Permissions>,
    started: &mut crate::app::Started,
    lang: Lang,
) -> Option<String> {
    if !app.directory.threads(place.guild).await {
        return None;
    }
    let missing = perms.map(|p| missing_for_threads(p, lang));
    if let Some(missing) = missing.filter(|m| !m.is_empty()) {
        return Some(t::no_thread_permissions(
            lang,
            missing.join(", "),
            missing.len(),
        ));
    }
    let id = started.id();
    // The match was just created: its title comes from it, not from another read.
    let name = app.directory.thread_title(started.loaded()).await;
    let channel = serenity::ChannelId::new(place.channel);
    let thread = serenity::CreateThread::new(name)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let made = match from {
        Some(m) => channel.create_thread_from_message(http, m, thread).await,
        None => {
            let thread = thread.kind(serenity::ChannelType::PublicThread);
            channel.create_thread(http, thread).await
        }
    };
    let thread = match made {
        Ok(t) => t.id.get(),
        Err(e) => {
            tracing::warn!(match_id = id, "could not start a match thread: {e}");
            return None;
        }
    };
    // Not saved: the thread stays empty and the match plays in the channel, where the
    // store (and so every later post) has it.
    if app.matches.move_to_thread(id, thread).await {
        started.in_thread(thread);
    }
    None
}

/// Sends a private panel by direct message when the user opted in. `Ok(true)`: sent;
/// `Ok(false)`: not opted in; `Err`: the DMs are closed (Discord's error 50007) or failed.
async fn try_dm(
    app: &App,
    http: &serenity::Http,
    user: serenity::UserId,
    m: &Msg,
) -> Result<bool, ()> {
    if !app.directory.wants_dm(user.get()).await {
        return Ok(false);
    }
    let channel = user.create_dm_channel(http).await.map_err(|_| ())?;
    channel
        .id
        .send_message(http, convert::message(m))
        .await
        .map(|_| true)
        .map_err(|_| ())
}

/// Rewrites the public message clicked (a challenge, once settled): its text, no
/// buttons, nobody pinged again; its embed (the terms) stays.
async fn edit_post(http: &serenity::Http, ci: &serenity::ComponentInteraction, m: &Msg) {
    // The whole post is replaced: the challenge's embed (its terms, "Expires in 15
    // minutes") would otherwise stay under "accepted".
    let edit = serenity::EditMessage::new()
        .content(&m.content)
        .embeds(m.embed.iter().map(convert::embed).collect())
        .components(vec![])
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ci.channel_id.edit_message(http, ci.message.id, edit).await {
        tracing::warn!(channel = %ci.channel_id, "could not update a challenge: {e}");
    }
}

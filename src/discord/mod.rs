//! The Discord adapter (poise 0.7 on serenity 0.12): slash commands under `/clans`, one
//! global component handler for every button and select, and the timer loop. Thin:
//! it parses interactions, calls `crate::app`, and turns the app's plain messages
//! into Discord messages. No rules and no SQL here.
//!
//! Every component interaction is acknowledged first (a deferred ephemeral reply),
//! then worked on; rendering runs on blocking threads inside the app.

mod commands;
mod convert;

use crate::app::ids::{CustomId, Verb};
use crate::app::msg::Msg;
use crate::app::{App, Challenge, Outcome, Place, panel, posting, timers};
use crate::store::{Store, now_ms};
use poise::serenity_prelude as serenity;
use std::time::Duration;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The bot's shared data.
pub struct Data {
    pub app: App,
}

/// The scheduler's clock (milliseconds since the epoch); tests move it forward.
#[derive(Clone)]
pub struct Clock(pub std::sync::Arc<dyn Fn() -> crate::store::Millis + Send + Sync>);

impl Default for Clock {
    fn default() -> Clock {
        Clock(std::sync::Arc::new(now_ms))
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

/// How the bot connects. Its `Debug` leaves the token out (options get logged).
#[derive(Clone)]
pub struct BotOptions {
    pub token: String,
    /// Send the REST API here instead of Discord (the fake Discord in tests), e.g.
    /// `http://127.0.0.1:3000`. The gateway URL then comes from that server too.
    pub api_base: Option<String>,
    /// How often the reminder/timeout scheduler looks at the database.
    pub tick: Duration,
    pub clock: Clock,
}

impl std::fmt::Debug for BotOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotOptions")
            .field("token", &"<hidden>")
            .field("api_base", &self.api_base)
            .field("tick", &self.tick)
            .field("clock", &self.clock)
            .finish()
    }
}

/// What to tell someone whose token is missing or refused. Never includes the token.
pub const TOKEN_HELP: &str = "The bot needs a Discord bot token in DISCORD_TOKEN (in the \
environment or in a .env file next to where you run it). To get one: open the Discord \
Developer Portal (discord.com/developers/applications), create an application, open its \
Bot page and reset/copy the token into DISCORD_TOKEN=... . Invite the bot with the OAuth2 \
URL generator: scopes `bot applications.commands` and the permissions View Channels, Send Messages, \
Attach Files, Embed Links, Create Public Threads, Send Messages in Threads and Read Message \
History (that is https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=309237763072). \
Then run `cargo run --release` (or `crystal-clans serve`) again.";

/// Reads `DISCORD_TOKEN` (after `.env`) and checks its shape; `Err` is the how-to.
pub fn token_from_env() -> Result<String, String> {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    let token = token.trim().to_string();
    if token.is_empty() {
        return Err(format!("DISCORD_TOKEN is not set. {TOKEN_HELP}"));
    }
    if serenity::validate_token(&token).is_err() {
        return Err(format!(
            "DISCORD_TOKEN does not look like a bot token. {TOKEN_HELP}"
        ));
    }
    Ok(token)
}

/// Builds the client (not yet connected).
pub async fn client(app: App, opts: &BotOptions) -> Result<serenity::Client, String> {
    let mut http = serenity::HttpBuilder::new(&opts.token);
    // Against another base (the fake Discord, which keeps Discord's rate limits)
    // serenity's ratelimiter stays on, so the path that keeps the bot within them is
    // tested; it ignores serenity's proxy setting, so the client goes through the fake.
    if let Some(base) = &opts.api_base {
        http = http.client(crate::fake_discord::client_for(base)?);
    }
    let http = http.build();
    let tick = opts.tick;
    let clock = opts.clock.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::clans()],
            event_handler: |fw, event| Box::pin(on_event(fw, event)),
            on_error: |err| Box::pin(commands::on_error(err)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                spawn_timers(app.clone(), ctx.http.clone(), tick, clock);
                Ok(Data { app })
            })
        })
        .build();
    serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .map_err(|e| explain(&e))
}

/// Scheduled posts in flight at once. Serenity's ratelimiter queues each route (a
/// channel) to Discord's limits; posts to different channels go side by side.
pub const TIMER_POSTS_AT_ONCE: usize = 16;

/// Outcomes decided but not yet posted: the scheduler waits when this many are queued,
/// so what it claims is posted soon after (not minutes later, when a player may have
/// moved).
pub const TIMER_QUEUE: usize = 256;

/// How long one scheduled post may take before it is given up.
const TIMER_POST_LIMIT: Duration = Duration::from_secs(60);

/// The scheduler: `tick` after the previous tick (ticks follow each other at once while
/// a backlog lasts), its outcomes posted concurrently by a second task as they come.
fn spawn_timers(app: App, http: std::sync::Arc<serenity::Http>, tick: Duration, clock: Clock) {
    let (tx, rx) = tokio::sync::mpsc::channel(TIMER_QUEUE);
    tokio::spawn(posting::post_all(
        rx,
        TIMER_POSTS_AT_ONCE,
        TIMER_POST_LIMIT,
        move |out| {
            let http = http.clone();
            async move {
                // Nobody to tell here; deliver_public logged it.
                let _ = deliver_public(&http, &out, None).await;
            }
        },
    ));
    tokio::spawn(async move {
        loop {
            app.drain(&*clock.0, timers::TICK_BUDGET, &tx).await;
            tokio::time::sleep(tick).await;
        }
    });
}

/// A start-up error in words (a refused token gets the how-to). Never holds the token.
pub fn explain(e: &serenity::Error) -> String {
    let text = e.to_string();
    let auth = matches!(
        e,
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)
    ) || text.contains("401")
        || text.to_lowercase().contains("unauthorized");
    if auth {
        format!("Discord refused the token in DISCORD_TOKEN. {TOKEN_HELP}")
    } else {
        format!("The bot could not connect to Discord: {text}")
    }
}

/// Logs to standard error, filtered by `RUST_LOG` (default: the bot's own notes at info,
/// everything else at warn). Serenity's debug and trace levels would show message bodies,
/// private panels included: keep them off outside a developer's machine.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,crystal_clans=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// `crystal-clans serve`: the store from `DATABASE_URL`, the token from
/// `DISCORD_TOKEN`, then run until stopped. `Err` is a message for the operator.
pub async fn serve(api_base: Option<String>) -> Result<(), String> {
    init_logging();
    let token = token_from_env()?;
    let store = Store::open_from_env()
        .await
        .map_err(|e| format!("The match database could not be opened: {e}"))?;
    let tick = std::env::var("CLANS_TICK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let opts = BotOptions {
        token,
        api_base: api_base.or_else(|| std::env::var("DISCORD_API_BASE").ok()),
        tick: Duration::from_secs(tick),
        clock: Clock::default(),
    };
    let app = App::new(store)
        .with_bot(std::sync::Arc::new(crate::app::AiSeats))
        .with_ai_pace(1_200);
    let mut client = client(app, &opts).await?;
    tracing::info!("connecting to Discord");
    start(&mut client).await
}

/// Checks the token with one REST call (a refused token would otherwise make the
/// gateway retry for ever), then runs the bot until it stops.
pub async fn start(client: &mut serenity::Client) -> Result<(), String> {
    client
        .http
        .get_current_user()
        .await
        .map_err(|e| explain(&e))?;
    client.start().await.map_err(|e| explain(&e))
}

// ---- delivering the app's messages ---------------------------------------------------

/// Whether Discord refused because the bot lacks a permission or access in a channel
/// (errors 50013 Missing Permissions and 50001 Missing Access).
pub fn is_missing_permission(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == 50013 || r.error.code == 50001
    )
}

/// What to tell the person who started something the bot could not post; `after` is
/// what was done all the same (e.g. "Your move itself was saved."), or empty.
pub fn missing_permission_text(channel: serenity::ChannelId, after: &str) -> String {
    let text = format!(
        "⚠️ I could not post in <#{channel}>: I am missing a permission there. A server admin \
         can fix it by giving me View Channel, Send Messages, Send Messages in Threads, Embed \
         Links, Attach Files and Create Public Threads in that channel. {after}"
    );
    text.trim_end().to_string()
}

/// Posts the outcome's public messages. `Err`: the channel refused the bot for lack of
/// a permission (the caller tells whoever acted); other failures are logged.
async fn deliver_public(
    http: &serenity::Http,
    out: &Outcome,
    here: Option<serenity::ChannelId>,
) -> Result<(), serenity::ChannelId> {
    let Some(channel) = out.channel.map(serenity::ChannelId::new).or(here) else {
        return Ok(());
    };
    for m in &out.public {
        if m.pace_ms > 0 {
            tokio::time::sleep(Duration::from_millis(m.pace_ms.into())).await;
        }
        if let Err(e) = channel.send_message(http, convert::message(m)).await {
            if is_missing_permission(&e) {
                tracing::warn!(%channel, "missing a permission to post");
                return Err(channel);
            }
            tracing::warn!(%channel, "could not post: {e}");
        }
    }
    Ok(())
}

async fn reply_private(http: &serenity::Http, ci: &serenity::ComponentInteraction, m: &Msg) {
    if let Err(e) = ci.create_followup(http, convert::followup(m)).await {
        tracing::warn!("could not answer an interaction: {e}");
    }
}

// ---- the one component handler -------------------------------------------------------

async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(ci),
    } = event
    {
        on_component(fw.serenity_context, &fw.user_data.app, ci).await;
    }
    Ok(())
}

async fn on_component(ctx: &serenity::Context, app: &App, ci: &serenity::ComponentInteraction) {
    let Some(id) = CustomId::parse(&ci.data.custom_id) else {
        return;
    };
    let http = &ctx.http;
    // Acknowledge first (within Discord's 3 seconds), privately.
    let defer = serenity::CreateInteractionResponse::Defer(
        serenity::CreateInteractionResponseMessage::new().ephemeral(true),
    );
    if let Err(e) = ci.create_response(http, defer).await {
        tracing::warn!("could not acknowledge an interaction: {e}");
        return;
    }
    let user = ci.user.id.get();
    app.learn_name(
        user,
        ci.user.global_name.as_deref().unwrap_or(&ci.user.name),
    );
    let now = now_ms();
    let place = Place {
        guild: ci.guild_id.map(|g| g.get()),
        channel: ci.channel_id.get(),
    };
    let out = match id.verb {
        Verb::Accept | Verb::Decline => {
            let Some(c) = id.arg.as_deref().and_then(Challenge::decode) else {
                return reply_private(http, ci, &Msg::text("That challenge is damaged.")).await;
            };
            if id.verb == Verb::Decline {
                let out = app.decline(&c, user, now).await;
                if !out.public.is_empty() {
                    clear_buttons(http, ci).await;
                }
                out
            } else {
                if let Err(why) = app.claim_accept(&c, user, now).await {
                    return reply_private(http, ci, &Msg::text(why)).await;
                }
                // Discord refuses a thread started from a message inside a thread (a
                // rematch offered in the match's thread): that match plays on there.
                let in_thread = ci.channel.as_ref().is_some_and(|c| {
                    matches!(
                        c.kind,
                        serenity::ChannelType::PublicThread
                            | serenity::ChannelType::PrivateThread
                            | serenity::ChannelType::NewsThread
                    )
                });
                let (thread, new_thread) = if in_thread {
                    (Some(ci.channel_id.get()), false)
                } else if app.threads(place.guild).await {
                    // Named for its match once the match has its number (below).
                    let created = ci
                        .channel_id
                        .create_thread_from_message(
                            http,
                            ci.message.id,
                            serenity::CreateThread::new("Crystal Clans match")
                                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
                        )
                        .await;
                    match created {
                        Ok(t) => (Some(t.id.get()), true),
                        Err(e) => {
                            tracing::warn!("could not start a match thread: {e}");
                            (None, false)
                        }
                    }
                } else {
                    (None, false)
                };
                let out = app.start_accepted(c, user, place, thread, now).await;
                if let (Some(id), Some(t), true) = (out.created, thread, new_thread)
                    && let Some(title) = app.thread_title(id).await
                {
                    let rename = serenity::EditThread::new().name(title);
                    if let Err(e) = serenity::ChannelId::new(t).edit_thread(http, rename).await {
                        tracing::warn!(match_id = id, "could not name the match thread: {e}");
                    }
                }
                if out.created.is_some() {
                    clear_buttons(http, ci).await;
                    if out.reply.is_none() {
                        let mut out = out;
                        out.reply = Some(Msg::text("Challenge accepted. Good luck!"));
                        deliver(http, ci, &out).await;
                        return;
                    }
                }
                out
            }
        }
        Verb::Turn | Verb::Hand => {
            let out = if id.verb == Verb::Hand {
                app.hand(id.match_id, user).await
            } else {
                // A select's chosen value names the step; a button's argument does.
                let nav = match &ci.data.kind {
                    serenity::ComponentInteractionDataKind::StringSelect { values } => {
                        panel::Nav::parse(values.first().map(String::as_str))
                    }
                    _ => panel::Nav::parse(id.arg.as_deref()),
                };
                app.panel(id.match_id, Some(id.version), user, nav).await
            };
            let Some(panel) = out.reply.clone() else {
                return deliver(http, ci, &out).await;
            };
            match try_dm(app, http, ci.user.id, &panel).await {
                Ok(true) => Outcome::private("Sent to your direct messages."),
                Ok(false) => out,
                Err(()) => {
                    let mut out = out;
                    if app.first_dm_failure(user) {
                        let mut m = panel;
                        m.content = format!(
                            "I could not send you a direct message (your DMs are closed), so \
                             here it is instead.\n{}",
                            m.content
                        );
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
                Some(i) => app.play(id.match_id, id.version, user, i).await,
                None => Outcome::private("That choice is damaged: nothing was changed."),
            }
        }
        Verb::Resign => app.ask_resign(id.match_id, user).await,
        Verb::ResignYes => app.resign(id.match_id, user).await,
        Verb::Rematch => app.rematch(id.match_id, user, now).await,
    };
    deliver(http, ci, &out).await;
}

async fn deliver(http: &serenity::Http, ci: &serenity::ComponentInteraction, out: &Outcome) {
    // The clicker's answer first: the public posts may be paced (the AI's moves).
    let reply = out.reply.clone().unwrap_or_else(|| Msg::text("Done."));
    reply_private(http, ci, &reply).await;
    if let Err(channel) = deliver_public(http, out, Some(ci.channel_id)).await {
        reply_private(
            http,
            ci,
            &Msg::text(missing_permission_text(
                channel,
                "Your move itself was saved.",
            )),
        )
        .await;
    }
}

/// Sends a private panel by direct message when the user opted in. `Ok(true)`: sent;
/// `Ok(false)`: not opted in; `Err`: the DMs are closed (Discord's error 50007) or failed.
async fn try_dm(
    app: &App,
    http: &serenity::Http,
    user: serenity::UserId,
    m: &Msg,
) -> Result<bool, ()> {
    let opted = app
        .store
        .user_settings(user.get())
        .await
        .map(|s| s.dm_opt_in)
        .unwrap_or(false);
    if !opted {
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

async fn clear_buttons(http: &serenity::Http, ci: &serenity::ComponentInteraction) {
    let _ = ci
        .channel_id
        .edit_message(
            http,
            ci.message.id,
            serenity::EditMessage::new().components(vec![]),
        )
        .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_never_show_the_token() {
        let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.a-secret-that-must-not-be-logged";
        let opts = BotOptions {
            token: token.into(),
            api_base: Some("http://127.0.0.1:1".into()),
            tick: Duration::from_secs(30),
            clock: Clock::default(),
        };
        for shown in [format!("{opts:?}"), format!("{opts:#?}")] {
            assert!(
                !shown.contains(token) && !shown.contains("secret"),
                "{shown}"
            );
            assert!(
                shown.contains("127.0.0.1:1"),
                "the rest is still shown: {shown}"
            );
        }
    }
}

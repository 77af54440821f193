//! Start-up: the token, the client and its framework, the scheduler's tasks, logging,
//! and running the bot until it stops. Kept apart from the interaction handlers in
//! `mod.rs`.

use super::{Data, commands, deliver_public, on_event};
use crate::app::{App, posting, timers};
use crate::store::{Store, now_ms};
use poise::serenity_prelude as serenity;
use std::time::Duration;

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
    if let Some(base) = &opts.api_base {
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
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

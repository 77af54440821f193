//! Start-up: the token, the client and its framework, the scheduler's tasks, and
//! running the bot until it stops (`serve`). Kept apart from the interaction handlers in
//! `mod.rs`.

use super::health::{self, Health};
use super::logging::init_logging;
use super::shards::Shards;
use super::shutdown::{self, GATEWAY_CLOSE_LIMIT, InFlight, SHUTDOWN_GRACE};
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
    /// Register the commands that make sense outside a server for Discord's user
    /// install too (`USER_INSTALL`): usable in any DM and group DM (`reach.rs`). Off by
    /// default: Discord refuses them for an application whose Installation page does
    /// not allow user installs, and the bot then registers them for servers only.
    pub user_install: bool,
}

impl std::fmt::Debug for BotOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotOptions")
            .field("token", &"<hidden>")
            .field("api_base", &self.api_base)
            .field("tick", &self.tick)
            .field("clock", &self.clock)
            .field("user_install", &self.user_install)
            .finish()
    }
}

/// What to tell someone whose token is missing or refused, as short lines (the invite
/// URL on its own line, to copy). Never includes the token.
pub const TOKEN_HELP: &str = "The bot needs a Discord bot token in DISCORD_TOKEN (in the environment,
or in a .env file in the folder you run it from), or in a file named by
DISCORD_TOKEN_FILE (a container secret). To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. On its Bot page, reset the token and copy it into DISCORD_TOKEN=... .
  3. Invite the bot to your server with this URL (put your application's id, from its
     General Information page, in place of YOUR_APPLICATION_ID):

https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=309237763072

     (scopes bot and applications.commands; permissions View Channels, Send Messages,
     Attach Files, Embed Links, Create Public Threads, Send Messages in Threads and Read
     Message History).
  4. Run `cargo run --release` (or `crystal-clans serve`) again.";

/// Reads the token (after `.env`) and checks its shape; `Err` is the how-to.
pub fn token_from_env() -> Result<String, String> {
    token_from(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
}

/// The token from the file named by `DISCORD_TOKEN_FILE` when it is set (as container
/// secrets are mounted: the environment then holds only a path, so the token is in no
/// process's initial environment block, which `/proc/PID/environ` shows for the whole
/// life of the process), else from `DISCORD_TOKEN`. `var` reads a variable. An error
/// names the variable and the file, never the token.
pub fn token_from(var: impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let token = match var("DISCORD_TOKEN_FILE") {
        Some(path) => {
            let path = path.trim();
            std::fs::read_to_string(path).map_err(|e| {
                format!("DISCORD_TOKEN_FILE names {path}, which cannot be read: {e}.\n{TOKEN_HELP}")
            })?
        }
        None => var("DISCORD_TOKEN").unwrap_or_default(),
    };
    let token = token.trim().to_string();
    if token.is_empty() {
        return Err(format!("DISCORD_TOKEN is not set.\n{TOKEN_HELP}"));
    }
    if serenity::validate_token(&token).is_err() {
        return Err(format!(
            "DISCORD_TOKEN does not look like a bot token.\n{TOKEN_HELP}"
        ));
    }
    Ok(token)
}

/// Builds the client (not yet connected).
pub async fn client(app: App, opts: &BotOptions) -> Result<serenity::Client, String> {
    client_with(app, opts, Lifecycle::default()).await
}

/// What the running bot shares between its parts: the work in flight (so a stop can
/// refuse new work and wait for the rest), what it knows of its own health, and a way
/// for a background step to end the process with its cause. Cheap to clone.
#[derive(Clone, Default, Debug)]
pub struct Lifecycle {
    pub work: InFlight,
    pub health: Health,
    fatal: Fatal,
}

/// The first fatal error of a background step.
#[derive(Clone)]
struct Fatal(std::sync::Arc<tokio::sync::watch::Sender<Option<String>>>);

impl Default for Fatal {
    fn default() -> Fatal {
        Fatal(std::sync::Arc::new(tokio::sync::watch::Sender::new(None)))
    }
}

impl std::fmt::Debug for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fatal")
    }
}

impl Lifecycle {
    /// Ends the process with `cause` (the first one wins): a step the bot cannot do
    /// without, which retrying will not fix.
    pub fn fail(&self, cause: String) {
        self.fatal.0.send_if_modified(|f| {
            if f.is_none() {
                *f = Some(cause);
                true
            } else {
                false
            }
        });
    }

    /// Resolves with the first fatal error.
    pub async fn failed(&self) -> String {
        let mut rx = self.fatal.0.subscribe();
        match rx.wait_for(Option::is_some).await {
            Ok(f) => f.clone().unwrap_or_default(),
            // The sender lives in `self`: never dropped while this waits.
            Err(_) => std::future::pending().await,
        }
    }
}

/// [`client`] whose events and scheduler count as `life`'s work and report to its
/// health.
pub async fn client_with(
    app: App,
    opts: &BotOptions,
    life: Lifecycle,
) -> Result<serenity::Client, String> {
    let mut http = serenity::HttpBuilder::new(&opts.token);
    // Against another base (the fake Discord, which keeps Discord's rate limits)
    // serenity's ratelimiter stays on, so the path that keeps the bot within them is
    // tested; it ignores serenity's proxy setting, so the client goes through the fake.
    if let Some(base) = &opts.api_base {
        http = http.client(client_for(base)?);
    }
    let http = http.build();
    let tick = opts.tick;
    let clock = opts.clock.clone();
    let user_install = opts.user_install;
    let setup_life = life.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(opts.user_install),
            event_handler: |fw, event| Box::pin(on_event(fw, event)),
            on_error: |err| Box::pin(commands::on_error(err)),
            pre_command: |ctx| Box::pin(commands::pre_command(ctx)),
            command_check: Some(|ctx| Box::pin(commands::command_check(ctx))),
            ..Default::default()
        })
        // The builder's own setting wins over the options' (its default asks Discord
        // for the owners and warns "Failed to insert owners" when that is refused); the
        // bot has no owner-only commands.
        .initialize_owners(false)
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                // Poise runs this once, and an error here would leave every later event
                // waiting for data that never comes: the bot would run and answer
                // nothing. So nothing here can fail: the commands are registered
                // beside it (Discord keeps the last registration meanwhile).
                let commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                // With user install asked for, the same commands for servers only, for
                // when Discord refuses the first (the application does not allow it).
                let servers_only = user_install
                    .then(|| poise::builtins::create_application_commands(&commands::all(false)));
                let life = setup_life;
                tokio::spawn(register(
                    ctx.http.clone(),
                    commands,
                    servers_only,
                    life.clone(),
                ));
                spawn_timers(
                    app.clone(),
                    ctx.http.clone(),
                    tick,
                    clock.clone(),
                    life.work.clone(),
                );
                life.health.set_ready();
                Ok(Data { app, clock })
            })
        })
        .build();
    serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(Tracked {
            inner: framework,
            work: life.work,
        })
        .await
        .map_err(|e| explain(&e))
}

/// The first wait before registering the slash commands again, doubled after each
/// failure up to [`REGISTER_RETRY_MAX`].
const REGISTER_RETRY_FIRST: Duration = Duration::from_secs(1);
const REGISTER_RETRY_MAX: Duration = Duration::from_secs(60);

/// Registers the slash commands, retrying what may pass later (Discord's 5xx, a
/// network error) with backoff until it does or the bot stops; a refusal that will
/// not pass (a 4xx: the commands themselves are wrong) ends the process with its cause.
/// Commands for user install that Discord refuses are registered for servers only
/// (`servers_only`) instead: the bot goes on without them.
async fn register(
    http: std::sync::Arc<serenity::Http>,
    mut commands: Vec<serenity::CreateCommand>,
    mut servers_only: Option<Vec<serenity::CreateCommand>>,
    life: Lifecycle,
) {
    let mut wait = REGISTER_RETRY_FIRST;
    for attempt in 1u32.. {
        match serenity::Command::set_global_commands(&http, commands.clone()).await {
            Err(e) if refused_for_good(&e) && servers_only.is_some() => {
                tracing::warn!(
                    "Discord refused the commands for user install ({e}); registering them \
                     for servers only. To offer them in DMs and group DMs, allow User Install \
                     on the Installation page of the application in Discord's Developer Portal."
                );
                commands = servers_only.take().unwrap_or_default();
                continue;
            }
            Ok(_) => {
                life.health.set_commands(None);
                if attempt > 1 {
                    tracing::info!(attempt, "slash commands registered");
                }
                return;
            }
            Err(e) if refused_for_good(&e) => {
                life.fail(format!(
                    "Discord refused the bot's slash commands: {}",
                    explain(&e)
                ));
                return;
            }
            Err(e) => {
                tracing::warn!(
                    attempt,
                    "could not register the slash commands, trying again in {} s: {e}",
                    wait.as_secs()
                );
                life.health
                    .set_commands(Some(format!("{e} (after {attempt} attempt(s))")));
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = life.work.closed() => return,
        }
        wait = (wait * 2).min(REGISTER_RETRY_MAX);
    }
}

/// `call`, asked again with backoff (as the commands' registration is) while Discord
/// answers 5xx or cannot be reached; a refusal for good (a 4xx: a bad token) ends it
/// with its cause. A stop of the bot meanwhile drops this future.
async fn until_answered<T, F, Fut>(doing: &str, call: F) -> Result<T, String>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let mut wait = REGISTER_RETRY_FIRST;
    for attempt in 1u32.. {
        match call().await {
            Ok(v) => return Ok(v),
            Err(e) if refused_for_good(&e) => return Err(explain(&e)),
            Err(e) => {
                tracing::warn!(
                    attempt,
                    "{doing} failed, trying again in {} s: {e}",
                    wait.as_secs()
                );
            }
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(REGISTER_RETRY_MAX);
    }
    unreachable!("the attempts never run out")
}

/// A refusal that asking again will not change: a 4xx other than 408 (a timeout) and
/// 429 (serenity's rate limiter already waited those out).
fn refused_for_good(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let code = r.status_code.as_u16();
            (400..500).contains(&code) && code != 408 && code != 429
        }
        _ => false,
    }
}

/// The framework with every event counted as work in flight, and dropped once the bot
/// is stopping.
struct Tracked {
    inner: poise::Framework<Data, super::Error>,
    work: InFlight,
}

#[serenity::async_trait]
impl serenity::Framework for Tracked {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let Some(_busy) = self.work.enter() else {
            return;
        };
        self.inner.dispatch(ctx, event).await;
    }
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
fn spawn_timers(
    app: App,
    http: std::sync::Arc<serenity::Http>,
    tick: Duration,
    clock: Clock,
    work: InFlight,
) {
    // The poster counts as busy until its queue is empty and the loop below has ended.
    let Some(posting) = work.enter() else {
        return;
    };
    let (tx, rx) = tokio::sync::mpsc::channel(TIMER_QUEUE);
    let poster = app.clone();
    let poster_clock = clock.clone();
    tokio::spawn(async move {
        posting::post_all(rx, TIMER_POSTS_AT_ONCE, TIMER_POST_LIMIT, move |out| {
            let (app, http) = (poster.clone(), http.clone());
            // The scheduler's clock: a reminder's ping meets the quiet hours of its time.
            let now = (poster_clock.0)();
            async move {
                // Nobody to tell here; deliver_public logged it.
                let _ = deliver_public(&app, &http, &out, None, now).await;
            }
        })
        .await;
        drop(posting);
    });
    // AI turns that a stop of the bot cut short go on, posted like the timers' posts
    // (a stop now cuts them short again; the next start resumes them once more).
    if let Some(busy) = work.enter() {
        let (resume, sink) = (app.clone(), tx.clone());
        tokio::spawn(async move {
            let resumed = resume.matches.resume_ai_turns(&sink).await;
            if resumed > 0 {
                tracing::info!(resumed, "resumed AI turns cut short by a stop");
            }
            drop(busy);
        });
    }
    tokio::spawn(async move {
        loop {
            {
                let Some(_busy) = work.enter() else { break };
                app.drain(&*clock.0, timers::TICK_BUDGET, &tx).await;
            }
            tokio::select! {
                _ = tokio::time::sleep(tick) => {}
                _ = work.closed() => break,
            }
        }
        // `tx` dropped here: the poster finishes what is queued and ends.
    });
}

/// A start-up error in words (a refused token gets the how-to), with its causes: the
/// HTTP client's top error ("Error while sending HTTP request") names none. Never holds
/// the token (it travels in a header, which no error shows).
pub fn explain(e: &serenity::Error) -> String {
    let text = e.to_string();
    let auth = matches!(
        e,
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)
    ) || text.contains("401")
        || text.to_lowercase().contains("unauthorized");
    if auth {
        return format!("Discord refused the token in DISCORD_TOKEN.\n{TOKEN_HELP}");
    }
    let mut chain = vec![text];
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        let t = s.to_string();
        if !chain.iter().any(|c| c.contains(&t)) {
            chain.push(t);
        }
        source = s.source();
    }
    let all = chain.join(": ");
    let lower = all.to_lowercase();
    let cause = if lower.contains("dns") || lower.contains("lookup address") {
        Some("the host name could not be resolved (DNS: is this machine online?)")
    } else if lower.contains("connection refused") {
        Some("the connection was refused (a firewall, or a proxy that is not running)")
    } else if lower.contains("proxy") {
        Some("the HTTP proxy failed (HTTPS_PROXY / ALL_PROXY)")
    } else if lower.contains("certificate") || lower.contains("tls") {
        Some("the TLS connection failed (the system clock, or a proxy intercepting HTTPS)")
    } else if lower.contains("timed out") || lower.contains("timeout") {
        Some("Discord did not answer in time")
    } else {
        None
    };
    match cause {
        Some(c) => format!("The bot could not connect to Discord: {c}. ({all})"),
        None => format!("The bot could not connect to Discord: {all}"),
    }
}

/// [`serve`] on a runtime of its own, until it stops: what `crystal-clans serve` runs.
/// Here, not in the binary: a crate that blocks on a future compiles the future's whole
/// body, and the binary blocking on `serve` compiled the bot a second time (about 23 s
/// of every rebuild; docs/measurements.md, "Build times"). The store's commands do the
/// same (`store::blocking`).
pub fn serve_blocking(token: String, api_base: Option<String>) -> Result<(), String> {
    let rt = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    let result = rt.block_on(serve(token, api_base));
    // `serve` waited for the work in flight; a blocking task left (a render past the
    // grace period) must not hold the exit up.
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}

/// `crystal-clans serve` with the token already read ([`token_from_env`]): the store
/// from `DATABASE_URL`, the shards from `SHARD_COUNT`/`SHARD_IDS`, then run until
/// stopped (SIGTERM or Ctrl-C: a graceful stop, see `shutdown.rs`; a second signal ends
/// the process at once). `Err` is a message for the operator.
pub async fn serve(token: String, api_base: Option<String>) -> Result<(), String> {
    init_logging()?;
    // Listened to from the start: a stop during a slow start-up (Discord not answering)
    // is honoured too.
    let mut signal = shutdown::first_signal();
    let shards = Shards::from_env()?;
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
        user_install: user_install_from_env()?,
    };
    let mut app = App::new(store.clone())
        .with_bot(std::sync::Arc::new(crate::app::AiSeats))
        .with_ai_pace(1_200);
    // Tests that run the binary deal reproducible matches: a random deal can give the
    // test's scripted players a match they never finish.
    if let Some(first) = std::env::var("CLANS_FIRST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        app = app.with_seeds(first);
    }
    if let Some(days) = keep_finished_days()? {
        app = app.with_finished_log_retention(days);
    }
    let life = Lifecycle {
        health: Health::every(health::interval_from_env()),
        ..Lifecycle::default()
    };
    let health_file = health::path_from_env();
    // The shards' manager, once the client exists (the stop closes the gateway).
    let manager = std::sync::Arc::new(std::sync::OnceLock::new());
    let health_task = std::sync::Arc::new(std::sync::Mutex::new(None));
    let run = {
        let (life, manager, health_task, health_file, store) = (
            life.clone(),
            manager.clone(),
            health_task.clone(),
            health_file.clone(),
            store.clone(),
        );
        async move {
            let mut client = client_with(app, &opts, life.clone()).await?;
            let _ = manager.set(client.shard_manager.clone());
            let reporter = spawn_health(life, client.shard_manager.clone(), store, health_file);
            *health_task.lock().unwrap_or_else(|e| e.into_inner()) = Some(reporter);
            tracing::info!(%shards, "connecting to Discord");
            start_shards(&mut client, &shards).await
        }
    };
    tokio::pin!(run);
    let ran = tokio::select! {
        ran = &mut run => ran,
        cause = life.failed() => {
            close_gateway(&manager).await;
            Err(cause)
        }
        name = &mut signal => {
            let name = name.unwrap_or("a signal");
            tracing::info!("{name}: stopping (no new interactions; finishing those in flight)");
            life.health.set_stopping();
            // The gateway first: nothing new arrives. Then whatever arrived but has not
            // started is dropped.
            close_gateway(&manager).await;
            life.work.close();
            match tokio::time::timeout(GATEWAY_CLOSE_LIMIT, &mut run).await {
                Ok(ran) => ran,
                Err(_) => {
                    tracing::warn!(
                        "the gateway did not close within {} s; stopping without it",
                        GATEWAY_CLOSE_LIMIT.as_secs()
                    );
                    Ok(())
                }
            }
        }
    };
    // An error stops the bot too: the scheduler stops ticking, work in flight finishes.
    life.health.set_stopping();
    life.work.close();
    let left = life.work.finish(SHUTDOWN_GRACE).await;
    if left > 0 {
        tracing::warn!(
            left,
            "stopping with work still in flight after {} s",
            SHUTDOWN_GRACE.as_secs()
        );
    }
    let reporter = health_task.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(reporter) = reporter {
        // Its last report ("stopping") written before the file goes.
        let _ = tokio::time::timeout(Duration::from_secs(5), reporter).await;
    }
    store.close().await;
    // A stopped bot leaves no report behind: `status` would call it hung.
    let _ = std::fs::remove_file(&health_file);
    if ran.is_ok() {
        tracing::info!("stopped");
    }
    ran
}

/// Asks every shard to close, waiting at most [`GATEWAY_CLOSE_LIMIT`].
async fn close_gateway(manager: &std::sync::OnceLock<std::sync::Arc<serenity::ShardManager>>) {
    if let Some(m) = manager.get()
        && tokio::time::timeout(GATEWAY_CLOSE_LIMIT, m.shutdown_all())
            .await
            .is_err()
    {
        tracing::warn!("the shards did not close in time");
    }
}

/// Keeps the health file fresh ([`health`]) until the bot stops: the shards'
/// connections and whether the store takes writes, every [`Health::interval`].
fn spawn_health(
    life: Lifecycle,
    manager: std::sync::Arc<serenity::ShardManager>,
    store: Store,
    path: std::path::PathBuf,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut warned = false;
        loop {
            let (connected, shards) = health::shards(&manager).await;
            life.health
                .set_gateway(connected, shards, std::time::Instant::now());
            life.health
                .set_store(store.check_writable().await.err().map(|e| e.to_string()));
            let report = life
                .health
                .report(std::time::Instant::now(), now_ms(), connected);
            match health::write(&path, &report) {
                Ok(()) => warned = false,
                Err(e) if !warned => {
                    warned = true;
                    tracing::warn!(path = %path.display(), "could not write the health file: {e}");
                }
                Err(_) => {}
            }
            if life.work.is_closing() {
                // The last report says "stopping"; serve removes the file at the end.
                break;
            }
            tokio::select! {
                _ = tokio::time::sleep(life.health.interval()) => {}
                _ = life.work.closed() => {}
            }
        }
    })
}

/// Checks the token with one REST call (a refused token would otherwise make the
/// gateway retry for ever), then runs every shard Discord recommends until the bot
/// stops.
pub async fn start(client: &mut serenity::Client) -> Result<(), String> {
    start_shards(client, &Shards::Auto).await
}

/// [`start`] with this process's `shards`.
pub async fn start_shards(client: &mut serenity::Client, shards: &Shards) -> Result<(), String> {
    let http = client.http.clone();
    until_answered("checking the token", || http.get_current_user()).await?;
    // The shards' start asks for the gateway once and ends on any failure: ask first,
    // with the same patience, so that one 5xx at start-up does not end the process.
    until_answered("asking for the gateway", || http.get_bot_gateway()).await?;
    let ran = match shards {
        Shards::Auto => client.start_autosharded().await,
        // Serenity's range includes its end (`4..7` runs shards 4, 5, 6 and 7).
        Shards::Range { ids, count } => {
            client
                .start_shard_range(*ids.start()..*ids.end(), *count)
                .await
        }
    };
    ran.map_err(|e| explain(&e))
}

/// An HTTP client that reaches "discord.com" through the fake at `api`
/// (`http://127.0.0.1:PORT`). It accepts the fake's self-signed certificate; it is only
/// ever used against the fake on loopback.
fn client_for(api: &str) -> Result<reqwest::Client, String> {
    let proxy = reqwest::Proxy::https(api).map_err(|e| format!("the fake's address: {e}"))?;
    reqwest::Client::builder()
        .use_rustls_tls()
        .proxy(proxy)
        .danger_accept_invalid_certs(true)
        .build()
        .map_err(|e| format!("an HTTP client for the fake Discord: {e}"))
}

/// `CLANS_KEEP_FINISHED_DAYS`: days a finished match's log is kept (unset or empty: for
/// ever). A value that is not a whole number of days from 1 up stops the start, with
/// why: an operator who set a retention must not find it silently ignored.
/// `CLANS_USER_INSTALL`: whether to offer the commands to users' own installs of the
/// app (`BotOptions::user_install`); off when unset.
fn user_install_from_env() -> Result<bool, String> {
    user_install(&std::env::var("CLANS_USER_INSTALL").unwrap_or_default())
}

fn user_install(v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" | "off" => Ok(false),
        "1" | "true" | "yes" | "on" => Ok(true),
        _ => Err(format!(
            "CLANS_USER_INSTALL must be true or false (or unset: off), not {v:?}"
        )),
    }
}

fn keep_finished_days() -> Result<Option<u32>, String> {
    match std::env::var("CLANS_KEEP_FINISHED_DAYS") {
        Err(_) => Ok(None),
        Ok(s) if s.trim().is_empty() => Ok(None),
        Ok(s) => match s.trim().parse::<u32>() {
            Ok(days) if days >= 1 => Ok(Some(days)),
            _ => Err(format!(
                "CLANS_KEEP_FINISHED_DAYS must be a number of days from 1 up (or unset to \
                 keep every finished match's moves), not {s:?}"
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_install_is_off_unless_asked_and_a_typo_is_refused() {
        for v in ["", " ", "0", "false", "No", "off"] {
            assert_eq!(user_install(v), Ok(false), "{v:?}");
        }
        for v in ["1", "true", "TRUE", "yes", " on "] {
            assert_eq!(user_install(v), Ok(true), "{v:?}");
        }
        let e = user_install("ture").unwrap_err();
        assert!(
            e.contains("CLANS_USER_INSTALL") && e.contains("ture"),
            "{e}"
        );
    }

    /// Regression (issue 48, item 9): the token was readable in `/proc/PID/environ`
    /// however the bot removed it from its variables. From a file (a container secret)
    /// the environment holds only the path.
    #[test]
    fn the_token_comes_from_a_file_and_a_failure_names_the_file_not_the_token() {
        let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.a-secret-that-must-not-be-logged";
        let path = std::env::temp_dir().join(format!("token-test-{}", std::process::id()));
        std::fs::write(&path, format!("{token}\n")).unwrap();
        let shown = path.display().to_string();
        let from_file = |name: &str| match name {
            "DISCORD_TOKEN_FILE" => Some(shown.clone()),
            "DISCORD_TOKEN" => Some("ignored when a file is named".into()),
            _ => None,
        };
        assert_eq!(token_from(from_file).unwrap(), token);
        std::fs::remove_file(&path).unwrap();
        let err = token_from(from_file).unwrap_err();
        assert!(
            err.contains("DISCORD_TOKEN_FILE") && err.contains(&shown),
            "{err}"
        );
        assert!(!err.contains(token));
        // Without a file, the variable, as before.
        let from_var = |name: &str| (name == "DISCORD_TOKEN").then(|| token.to_string());
        assert_eq!(token_from(from_var).unwrap(), token);
        assert!(
            token_from(|_| None)
                .unwrap_err()
                .contains("DISCORD_TOKEN is not set")
        );
    }

    #[test]
    fn options_never_show_the_token() {
        let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.a-secret-that-must-not-be-logged";
        let opts = BotOptions {
            token: token.into(),
            api_base: Some("http://127.0.0.1:1".into()),
            tick: Duration::from_secs(30),
            clock: Clock::default(),
            user_install: false,
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

    /// "could not connect to Discord: Error while sending HTTP request" said nothing of
    /// why; the causes underneath are named now.
    #[tokio::test]
    async fn could_not_connect_names_the_cause_not_only_the_http_error() {
        let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.a-secret-that-must-not-be-logged";
        // Nothing listens on port 1 of loopback.
        let http = serenity::HttpBuilder::new(token)
            .proxy("http://127.0.0.1:1")
            .ratelimiter_disabled(true)
            .build();
        let e = http.get_current_user().await.expect_err("nothing listens");
        let said = explain(&e);
        assert!(said.contains("the connection was refused"), "{said}");
        assert!(said.to_lowercase().contains("connection refused"), "{said}");
        assert!(!said.contains("secret"), "{said}");
    }

    /// The how-to reads as short lines, the invite URL alone on its line (to copy).
    #[test]
    fn the_token_how_to_is_short_lines_with_the_invite_url_alone() {
        for line in TOKEN_HELP.lines() {
            if line.contains("https://discord.com/oauth2") {
                assert_eq!(line, line.trim(), "the URL alone: {line}");
                assert!(!line.contains(' '), "the URL alone: {line}");
            } else {
                assert!(line.len() <= 90, "a short line: {line}");
            }
        }
    }
}

//! The `/clans` slash commands.

use super::{Context, Data, Error, convert};
use crate::app::msg::Msg;
use crate::app::{Challenge, Outcome};
use crate::i18n::messages::takeback as tb;
use crate::i18n::{Lang, messages as t};
use crate::render::{self, Table, Theme};
use crate::store::{GuildSettings, now_ms};
use poise::serenity_prelude as serenity;
// The commands about time (absences, pings), in a file of their own.
pub use super::timing::{away, notify};
// The post-game analysis, in a file of its own.
pub use super::analysis::analysis;
pub use super::league::league;

/// Crystal Clans: challenge someone and play in this channel.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "play_ai",
        "hand",
        "board",
        "replay",
        "resign",
        "matches",
        "card",
        "rules",
        "help",
        "config",
        "history",
        "leaderboard",
        "profile",
        "dm",
        "language",
        "league",
        "away",
        "notify",
        "analysis"
    ),
    subcommand_required
)]
pub async fn clans(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Every command the bot registers, with its names and descriptions in every language
/// the bot speaks.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![clans(), super::crystallo::crystallo()];
    for c in &mut commands {
        super::localize::localize(c);
    }
    commands
}

/// Before every command: the app learns the locales it came with.
pub async fn pre_command(ctx: Context<'_>) {
    learn_locales(ctx);
}

/// The app learns the locales an interaction came with. Also for autocomplete, which
/// poise runs without `pre_command`: a German user's first keystrokes would otherwise be
/// answered in English.
pub(super) fn learn_locales(ctx: Context<'_>) {
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    ctx.data().app.learn_locales(
        ctx.author().id.get(),
        ctx.locale(),
        ctx.guild_id().map(|g| g.get()),
        guild_locale,
    );
}

/// The language to answer the user of this command in (privately).
pub(super) async fn lang(ctx: Context<'_>) -> Lang {
    learn_locales(ctx);
    ctx.data().app.user_lang(ctx.author().id.get()).await
}

pub async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("command /clans {} failed: {error}", ctx.command().name);
            let lang = lang(ctx).await;
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(t::something_went_wrong(lang))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            tracing::warn!("discord: {other}");
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {e}");
            }
        }
    }
}

/// A command's first answer. After a deferral it fills the deferral's message (an edit
/// of `@original`, which keeps the deferral's visibility) rather than going out as a
/// follow-up, Discord's old way of filling it; otherwise it is the interaction's own
/// response, `ephemeral` or not.
async fn first_answer(ctx: Context<'_>, m: &Msg, ephemeral: bool) -> Result<(), Error> {
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

pub(super) async fn send(ctx: Context<'_>, out: Outcome) -> Result<(), Error> {
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
/// AI's turn when the match waits for it.
async fn post<'m>(
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
            if !super::is_missing_permission(&e) {
                return Err(e.into());
            }
            // A command's posts are a board or a new match's first moves: no move of
            // the asker's to reassure about.
            let text = super::missing_permission_text(lang(ctx).await, channel, "");
            ctx.send(convert::reply(&Msg::text(text), true)).await?;
            break;
        }
    }
    if let Some(id) = out.ai {
        super::spawn_ai_turn(&ctx.data().app, ctx.serenity_context().http.clone(), id);
    }
    Ok(())
}

/// Answers a command deferred with `defer_ephemeral`: the deferral's message, private,
/// is always the answer (`note` when the app has none and posted something); the
/// public posts go out as channel messages after it.
pub(super) async fn send_deferred(
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
pub(super) fn missing_permissions(
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
    let missing = super::lacking(
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

pub(super) fn place(ctx: Context<'_>) -> crate::app::Place {
    crate::app::Place {
        guild: ctx.guild_id().map(|g| g.get()),
        channel: ctx.channel_id().get(),
    }
}

pub(super) fn remember(ctx: Context<'_>) {
    let a = ctx.author();
    ctx.data()
        .app
        .learn_name(a.id.get(), a.global_name.as_deref().unwrap_or(&a.name));
}

pub(super) async fn ac_clan(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let p = partial.to_lowercase();
    // The word for a random clan in English (always understood) and in the user's
    // language, once when they are the same word.
    let mut random = vec!["random".to_string()];
    let own = t::random_clan(lang(ctx).await);
    if own != random[0] {
        random.push(own);
    }
    let choices = ctx
        .data()
        .app
        .rules()
        .pack
        .clans
        .iter()
        .map(|c| c.name.clone())
        .chain(random)
        .filter(|n| n.to_lowercase().contains(&p))
        .take(25)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub(super) fn clan_arg(
    ctx: Context<'_>,
    lang: Lang,
    s: Option<String>,
) -> Result<Option<u8>, String> {
    match s {
        None => Ok(None),
        Some(s)
            if s.eq_ignore_ascii_case("random")
                || s.eq_ignore_ascii_case(&t::random_clan(lang)) =>
        {
            Ok(None)
        }
        Some(s) => ctx
            .data()
            .app
            .clan_index(&s)
            .map(Some)
            .ok_or_else(|| t::no_such_clan(lang, s)),
    }
}

/// Challenge a member (or anyone, without an opponent) to a match.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (leave empty for an open challenge)"] opponent: Option<
        serenity::User,
    >,
    #[description = "Your clan (default: random)"]
    #[autocomplete = "ac_clan"]
    clan: Option<String>,
    #[description = "Your opponent's clan (default: random)"]
    #[autocomplete = "ac_clan"]
    their_clan: Option<String>,
    #[description = "Play with the opening mulligan (default: off)"] mulligan: Option<bool>,
    #[description = "Minutes a player may stay idle before forfeiting (default: the server's)"]
    #[min = 1]
    #[max = 10080]
    timeout: Option<u32>,
) -> Result<(), Error> {
    remember(ctx);
    let lang = lang(ctx).await;
    if opponent.as_ref().is_some_and(|u| u.bot) {
        return send(ctx, Outcome::private(t::bots_cannot_accept(lang))).await;
    }
    let clans = match (clan_arg(ctx, lang, clan), clan_arg(ctx, lang, their_clan)) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => return send(ctx, Outcome::private(e)).await,
    };
    if let Err(why) = ctx.data().app.may_start_here(lang, place(ctx)).await {
        return send(ctx, Outcome::private(why)).await;
    }
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        return send(ctx, Outcome::private(why)).await;
    }
    let c = Challenge {
        challenger: ctx.author().id.get(),
        opponent: opponent.map(|u| u.id.get()),
        clans,
        mulligan: mulligan.unwrap_or(false),
        timeout,
        expires: 0,
    };
    // The challenge speaks the server's language: load it first (the asker's was loaded
    // above).
    let guild = place(ctx).guild;
    ctx.data().app.public_lang(guild).await;
    let out = ctx.data().app.challenge(c, guild, now_ms()).await;
    send(ctx, out).await
}

/// Play against the AI.
#[poise::command(slash_command, rename = "play-ai")]
pub async fn play_ai(
    ctx: Context<'_>,
    #[description = "How strong the AI plays (default: normal)"] level: Option<LevelChoice>,
    #[description = "Your clan (default: random)"]
    #[autocomplete = "ac_clan"]
    clan: Option<String>,
) -> Result<(), Error> {
    remember(ctx);
    let lang = lang(ctx).await;
    // The refusals that need no IO answer at once; then a private deferral (see
    // `send_deferred`): a later refusal (a rate limit, the store) reaches only the
    // asker, and the match's opening board is a channel post.
    let level = level.unwrap_or(LevelChoice::Normal).index();
    let clan = match clan_arg(ctx, lang, clan) {
        Ok(c) => c,
        Err(e) => return send(ctx, Outcome::private(e)).await,
    };
    let place = place(ctx);
    if let Err(why) = ctx.data().app.may_start_here(lang, place).await {
        return send(ctx, Outcome::private(why)).await;
    }
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        return send(ctx, Outcome::private(why)).await;
    }
    ctx.defer_ephemeral().await?;
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let mut started = match app
        .create_ai(user, level, [clan, None], place, None, now_ms())
        .await
    {
        Ok(started) => started,
        Err(refused) => return send_deferred(ctx, refused, "").await,
    };
    // Answered first, as an accept is: the thread and the drawn board take longer.
    let begins = Msg::text(t::ai_match_begins(lang, started.id()));
    first_answer(ctx, &begins, true).await?;
    let poise::Context::Application(a) = ctx else {
        return Ok(());
    };
    // Discord starts no thread inside a thread: a match asked for in one plays there.
    let in_thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| super::is_thread(c.kind));
    if !in_thread {
        let perms = a.interaction.app_permissions;
        let http = ctx.http();
        if let Some(note) =
            super::open_thread(app, http, place, None, perms, &mut started, lang).await
        {
            ctx.send(convert::reply(&Msg::text(note), true)).await?;
        }
    }
    let out = app.announce(started).await;
    post(ctx, &out, out.public.iter()).await
}

async fn my_match(ctx: Context<'_>, id: Option<i64>) -> Option<i64> {
    match id {
        Some(id) => Some(id),
        None => {
            ctx.data()
                .app
                .match_here(ctx.author().id.get(), ctx.channel_id().get())
                .await
        }
    }
}

/// Show your hand in your match here (only you see it).
#[poise::command(slash_command)]
pub async fn hand(
    ctx: Context<'_>,
    #[description = "Match number (default: your match here)"] game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    remember(ctx);
    let out = match my_match(ctx, game).await {
        Some(id) => ctx.data().app.hand(id, ctx.author().id.get()).await,
        None => Outcome::private(t::no_active_match(lang(ctx).await)),
    };
    send(ctx, out).await
}

/// Post the current board of a match here (yours by default); nobody is pinged.
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Match number (default: your match here)"] game: Option<i64>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if let Some(why) = missing_permissions(ctx, lang, t::doing_post_board) {
        return send(ctx, Outcome::private(why)).await;
    }
    // Privately: a refusal (not a player, a rate limit, no such match) is for the
    // asker alone; the board itself goes out as a channel post.
    ctx.defer_ephemeral().await?;
    let (user, place) = (ctx.author().id.get(), place(ctx));
    let out = match my_match(ctx, game).await {
        Some(id) => ctx.data().app.board(id, user, place, now_ms()).await,
        None => Outcome::private(t::no_active_match(lang)),
    };
    send_deferred(ctx, out, &t::board_posted_below(lang)).await
}

/// Post an animated replay of a finished match here.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Match number (a match of this server, or one you played)"]
    #[rename = "match"]
    #[autocomplete = "ac_replay"]
    #[min = 1]
    game: i64,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if let Some(why) = missing_permissions(ctx, lang, t::doing_post_replay) {
        return send(ctx, Outcome::private(why)).await;
    }
    // Privately: a refusal (no such match, still being played, a rate limit) is for
    // the asker alone; the replay itself goes out as a channel post.
    ctx.defer_ephemeral().await?;
    remember(ctx);
    let (user, place) = (ctx.author().id.get(), place(ctx));
    let out = ctx.data().app.replay(game, user, place, now_ms()).await;
    send_deferred(ctx, out, &t::replay_posted_below(lang)).await
}

/// The asker's recent finished matches (of this server, inside one), newest first.
async fn ac_replay(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let guild = ctx.guild_id().map(|g| g.get());
    let recent = ctx
        .data()
        .app
        .recent_replays(ctx.author().id.get(), guild)
        .await;
    let p = partial.trim().trim_start_matches('#');
    let choices = recent
        .into_iter()
        .filter(|(id, _)| id.to_string().starts_with(p))
        .take(25)
        .map(|(id, label)| serenity::AutocompleteChoice::new(label, id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Resign your match here (asks to confirm).
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "Match number (default: your match here)"] game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = match my_match(ctx, game).await {
        Some(id) => ctx.data().app.ask_resign(id, ctx.author().id.get()).await,
        None => Outcome::private(t::no_active_match(lang(ctx).await)),
    };
    send(ctx, out).await
}

/// Your active matches.
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx
        .data()
        .app
        .matches(ctx.author().id.get(), now_ms())
        .await;
    send(ctx, out).await
}

async fn ac_card(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let names = crate::cards::complete(&ctx.data().app.rules().pack, lang(ctx).await, partial);
    serenity::CreateAutocompleteResponse::new().set_choices(
        names
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Look up a card (values marked † are provisional, ° inferred).
#[poise::command(slash_command)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "Card name"]
    #[autocomplete = "ac_card"]
    name: String,
) -> Result<(), Error> {
    let rules = ctx.data().app.rules().clone();
    let lang = lang(ctx).await;
    let Some(kind) = crate::cards::find(&rules.pack, &name) else {
        // Answered at once (no deferral yet), so the refusal is private.
        return send(ctx, Outcome::private(t::no_such_card(lang, name))).await;
    };
    // Only now defer, publicly: nothing below can fail, and the card is for everyone.
    ctx.defer().await?;
    let text = crate::cards::lookup(&rules, lang, &rules.pack.cards[kind as usize]);
    let png = tokio::task::spawn_blocking(move || {
        let theme = Theme::default();
        let t = Table {
            rules: &rules,
            theme: &theme,
            names: ["", ""],
            lang,
        };
        render::card(&t, kind).map(|i| i.png)
    })
    .await
    .ok()
    .and_then(|r| r.ok());
    let mut card = Msg::text(text);
    if let Some(png) = png {
        card.files.push(crate::app::msg::File {
            name: "card.png".into(),
            png,
        });
    }
    first_answer(ctx, &card, false).await
}

async fn ac_topic(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = crate::topics::complete(ctx.data().app.rules(), lang(ctx).await, partial)
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The rules in short, and what any ability, signature or crystal does.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "goal, actions, battle, initiative, or an ability such as Flight"]
    #[autocomplete = "ac_topic"]
    topic: Option<String>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    let text = match crate::topics::answer(ctx.data().app.rules(), lang, topic.as_deref()) {
        Ok(text) | Err(text) => text,
    };
    send(ctx, Outcome::private(text)).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(ctx).await;
    send(
        ctx,
        Outcome {
            reply: Some(help_message(lang)),
            ..Outcome::default()
        },
    )
    .await
}

/// `/clans help`: the basics as the message's text, each feature's line in its embed
/// (text and embed have limits of their own, 2,000 and 4,096 characters, and all of it
/// in the text was cut short).
pub fn help_message(lang: Lang) -> Msg {
    let features = [
        tb::help_takeback(lang),
        t::help_analysis(lang),
        t::help_away(lang),
        t::help_notify(lang),
        crate::i18n::messages::league::help_league(lang),
        crate::i18n::messages::crystallo::help_crystallo(lang),
    ];
    Msg {
        embed: Some(crate::app::msg::Embed {
            title: crate::i18n::messages::league::help_more(lang),
            description: features.join("\n"),
            ..Default::default()
        }),
        ..Msg::text(t::help(lang))
    }
}

pub(super) fn can_manage_guild(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    }
}

/// A language setting: a language, or automatic (the Discord client's or server's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "automatic"]
    Automatic,
    #[name = "English"]
    English,
    #[name = "Deutsch"]
    Deutsch,
}

/// The AI's level, offered as choices (Discord shows them in the user's language).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
    #[name = "fast"]
    Fast,
}

impl LevelChoice {
    /// The level's index in `ai::Level::ALL`, as the app takes it.
    fn index(self) -> u8 {
        let level = match self {
            LevelChoice::Easy => crate::ai::Level::Easy,
            LevelChoice::Normal => crate::ai::Level::Normal,
            LevelChoice::Hard => crate::ai::Level::Hard,
            LevelChoice::Fast => crate::ai::Level::Fast,
        };
        crate::ai::Level::ALL
            .iter()
            .position(|&l| l == level)
            .map_or(1, |i| i as u8)
    }
}

impl LanguageChoice {
    fn lang(self) -> Option<Lang> {
        match self {
            LanguageChoice::Automatic => None,
            LanguageChoice::English => Some(Lang::En),
            LanguageChoice::Deutsch => Some(Lang::De),
        }
    }
}

/// Settings (Manage Server): reminders, timeout, threads, channel, language, takebacks, absences.
#[poise::command(slash_command, guild_only)]
// Poise makes each option of the command a parameter: they are the command's shape.
#[allow(clippy::too_many_arguments)]
pub async fn config(
    ctx: Context<'_>,
    #[description = "Remind the player to move after this many idle minutes (0: never)"]
    #[max = 10080]
    reminder_minutes: Option<u32>,
    #[description = "Forfeit a player after this many idle minutes (0: never)"]
    #[max = 10080]
    timeout_minutes: Option<u32>,
    #[description = "Give each match its own thread (default: on)"] threads: Option<bool>,
    #[description = "Start matches only in this channel"] channel: Option<serenity::GuildChannel>,
    #[description = "Allow matches in every channel again"] any_channel: Option<bool>,
    #[description = "Language of the public posts (automatic: the server's Discord language)"]
    language: Option<LanguageChoice>,
    #[description = "Let players take back a misclick (default: on)"] takebacks: Option<bool>,
    #[description = "Days a player may be away (/clans away) in any 30 (0: none; default 14)"]
    #[max = 30]
    away_days: Option<u32>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if !can_manage_guild(ctx) {
        return send(ctx, Outcome::private(t::only_managers(lang))).await;
    }
    let Some(guild) = ctx.guild_id().map(|g| g.get()) else {
        return send(ctx, Outcome::private(t::settings_belong_to_server(lang))).await;
    };
    // Discord's `max` is a check of its own clients only: a request made by hand can
    // carry any number.
    let too_long = |m: Option<u32>| m.is_some_and(|m| m > crate::app::MAX_TIMEOUT_MINUTES);
    if away_days.is_some_and(|d| d > crate::app::away::AWAY_WINDOW_DAYS) {
        let text = t::away_days_range(lang, crate::app::away::AWAY_WINDOW_DAYS);
        return send(ctx, Outcome::private(text)).await;
    }
    if too_long(reminder_minutes) || too_long(timeout_minutes) {
        let text = t::config_minutes_range(lang, crate::app::MAX_TIMEOUT_MINUTES);
        return send(ctx, Outcome::private(text)).await;
    }
    let store = &ctx.data().app.store;
    let mut s: GuildSettings = match store.guild_settings(guild).await {
        Ok(s) => s,
        Err(e) => return send(ctx, Outcome::private(ctx.data().app.told(lang, None, &e))).await,
    };
    let nz = |m: u32| (m > 0).then_some(m);
    if let Some(m) = reminder_minutes {
        s.reminder_minutes = nz(m);
    }
    if let Some(m) = timeout_minutes {
        s.timeout_minutes = nz(m);
    }
    if let Some(t) = threads {
        s.threads = Some(t);
    }
    if let Some(c) = channel {
        s.channel = Some(c.id.get());
    }
    if any_channel == Some(true) {
        s.channel = None;
    }
    if let Some(l) = language {
        s.language = l.lang().map(|l| l.code().to_string());
    }
    if let Some(on) = takebacks {
        s.takebacks = Some(on);
    }
    if let Some(d) = away_days {
        s.away_days = Some(d);
    }
    let saved = store.set_guild_settings(guild, &s).await;
    if saved.is_ok() {
        ctx.data()
            .app
            .guild_language_set(guild, s.language.as_deref().and_then(Lang::parse));
    }
    let every = |m: Option<u32>| match m {
        Some(m) => t::setting_after(lang, crate::app::duration_in(lang, m)),
        None => t::setting_off(lang),
    };
    let saved_ok = saved.is_ok();
    let away_line = saved
        .is_ok()
        .then(|| t::settings_away(lang, crate::app::away::away_days(&s)));
    let text = match saved {
        Ok(()) => t::settings_saved(
            lang,
            every(s.reminder_minutes),
            every(s.timeout_minutes),
            if s.timeout_minutes.is_some() {
                "yes"
            } else {
                "no"
            },
            if s.threads == Some(false) {
                t::threads_off(lang)
            } else {
                t::threads_on(lang)
            },
            s.channel
                .map(|c| t::channel_only(lang, c.to_string()))
                .unwrap_or_else(|| t::channel_any(lang)),
            match s.language.as_deref().and_then(Lang::parse) {
                Some(l) => t::language_name(lang, l),
                None => t::language_server_auto(lang),
            },
        ),
        Err(e) => ctx.data().app.told(lang, None, &e),
    };
    let text = match (saved_ok, s.takebacks) {
        (false, _) => text,
        (true, Some(false)) => format!("{text}\n{}", tb::setting_takebacks_off(lang)),
        (true, _) => format!("{text}\n{}", tb::setting_takebacks_on(lang)),
    };
    let text = match away_line {
        Some(line) => format!("{text}\n{line}"),
        None => text,
    };
    send(ctx, Outcome::private(text)).await
}

/// Recent results in this server (or your own).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Only your own matches (default: the whole server)"] mine: Option<bool>,
) -> Result<(), Error> {
    remember(ctx);
    let guild = ctx.guild_id().map(|g| g.get());
    let out = ctx
        .data()
        .app
        .history(guild, ctx.author().id.get(), mine.unwrap_or(false))
        .await;
    send(ctx, out).await
}

/// This server's best players: rating, games, wins.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    remember(ctx);
    let guild = ctx.guild_id().map(|g| g.get());
    let out = ctx
        .data()
        .app
        .leaderboard(guild, ctx.author().id.get())
        .await;
    send(ctx, out).await
}

/// A player's rating, record per clan and recent matches (default: yours).
#[poise::command(slash_command)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    remember(ctx);
    let app = &ctx.data().app;
    let target = match user {
        Some(u) if u.bot => {
            let lang = lang(ctx).await;
            return send(ctx, Outcome::private(t::bots_have_no_profile(lang))).await;
        }
        Some(u) => {
            app.learn_name(u.id.get(), u.global_name.as_deref().unwrap_or(&u.name));
            u.id.get()
        }
        None => ctx.author().id.get(),
    };
    let guild = ctx.guild_id().map(|g| g.get());
    let out = app.profile(guild, ctx.author().id.get(), target).await;
    send(ctx, out).await
}

/// Get your private panels by direct message (on) or here (off).
#[poise::command(slash_command)]
pub async fn dm(
    ctx: Context<'_>,
    #[description = "true: by direct message; false: here, only to you"] on: bool,
) -> Result<(), Error> {
    let out = ctx.data().app.set_dm(ctx.author().id.get(), on).await;
    send(ctx, out).await
}

/// The language I answer you in (automatic: your Discord client's).
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "English, Deutsch, or automatic"] language: LanguageChoice,
) -> Result<(), Error> {
    let out = ctx
        .data()
        .app
        .set_language(ctx.author().id.get(), language.lang())
        .await;
    send(ctx, out).await
}

// ---- /clans league ----------------------------------------------------------------

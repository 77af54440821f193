//! The `/clans` slash commands.

use super::{Context, Data, Error, convert};
use crate::app::msg::Msg;
use crate::app::{Challenge, Outcome};
use crate::game::pack::KindId;
use crate::render::{self, Table, Theme};
use crate::store::{GuildSettings, now_ms};
use poise::serenity_prelude as serenity;

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
        "dm"
    ),
    subcommand_required
)]
pub async fn clans(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("command /clans {} failed: {error}", ctx.command().name);
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Something went wrong; please try again.")
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

async fn send(ctx: Context<'_>, out: Outcome) -> Result<(), Error> {
    if let Some(m) = &out.reply {
        first_answer(ctx, m, true).await?;
    }
    let mut rest = out.public.iter();
    if out.reply.is_none()
        && let Some(first) = rest.next()
    {
        first_answer(ctx, first, false).await?;
    }
    let channel = out
        .channel
        .map(serenity::ChannelId::new)
        .unwrap_or(ctx.channel_id());
    for m in rest {
        if m.pace_ms > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(m.pace_ms.into())).await;
        }
        if let Err(e) = channel.send_message(ctx.http(), convert::message(m)).await {
            if !super::is_missing_permission(&e) {
                return Err(e.into());
            }
            // A command's posts are a board or a new match's first moves: no move of
            // the asker's to reassure about.
            let text = super::missing_permission_text(channel, "");
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
async fn send_deferred(ctx: Context<'_>, mut out: Outcome, note: &str) -> Result<(), Error> {
    if out.reply.is_none() {
        out.reply = Some(Msg::text(if note.is_empty() { "Done." } else { note }));
    }
    send(ctx, out).await
}

/// What the bot lacks to `doing` ("run a match") in the channel of the command (Discord
/// sends the bot's own permissions there with every command): `Some` is what to tell
/// the user.
fn missing_permissions(ctx: Context<'_>, doing: &str) -> Option<String> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    let p = a.interaction.app_permissions?;
    if ctx.guild_id().is_none() || p.administrator() {
        return None;
    }
    let needed = [
        (p.view_channel(), "View Channel"),
        (
            p.send_messages() || p.send_messages_in_threads(),
            "Send Messages",
        ),
        (p.embed_links(), "Embed Links"),
        (p.attach_files(), "Attach Files"),
    ];
    let missing: Vec<&str> = needed
        .iter()
        .filter(|(has, _)| !has)
        .map(|(_, name)| *name)
        .collect();
    if missing.is_empty() {
        return None;
    }
    Some(format!(
        "I cannot {doing} in this channel: I am missing the {} permission{} here. A \
         server admin can grant {} to me in this channel (or use another one).",
        missing.join(", "),
        if missing.len() == 1 { "" } else { "s" },
        if missing.len() == 1 { "it" } else { "them" },
    ))
}

fn place(ctx: Context<'_>) -> crate::app::Place {
    crate::app::Place {
        guild: ctx.guild_id().map(|g| g.get()),
        channel: ctx.channel_id().get(),
    }
}

fn remember(ctx: Context<'_>) {
    let a = ctx.author();
    ctx.data()
        .app
        .learn_name(a.id.get(), a.global_name.as_deref().unwrap_or(&a.name));
}

async fn ac_clan(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let p = partial.to_lowercase();
    let choices = ctx
        .data()
        .app
        .rules()
        .pack
        .clans
        .iter()
        .map(|c| c.name.clone())
        .chain(std::iter::once("random".to_string()))
        .filter(|n| n.to_lowercase().contains(&p))
        .take(25)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn clan_arg(ctx: Context<'_>, s: Option<String>) -> Result<Option<u8>, String> {
    match s {
        None => Ok(None),
        Some(s) if s.eq_ignore_ascii_case("random") => Ok(None),
        Some(s) => ctx
            .data()
            .app
            .clan_index(&s)
            .map(Some)
            .ok_or_else(|| format!("There is no clan called `{s}`.")),
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
    if opponent.as_ref().is_some_and(|u| u.bot) {
        return send(ctx, Outcome::private("Bots cannot accept challenges.")).await;
    }
    let clans = match (clan_arg(ctx, clan), clan_arg(ctx, their_clan)) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => return send(ctx, Outcome::private(e)).await,
    };
    if let Err(why) = ctx.data().app.may_start_here(place(ctx)).await {
        return send(ctx, Outcome::private(why)).await;
    }
    if let Some(why) = missing_permissions(ctx, "run a match") {
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
    let out = ctx.data().app.challenge(c, place(ctx).guild, now_ms());
    send(ctx, out).await
}

/// Play against the AI.
#[poise::command(slash_command, rename = "play-ai")]
pub async fn play_ai(
    ctx: Context<'_>,
    #[description = "easy, normal (default), hard or fast"] level: Option<String>,
    #[description = "Your clan (default: random)"]
    #[autocomplete = "ac_clan"]
    clan: Option<String>,
) -> Result<(), Error> {
    remember(ctx);
    // The refusals that need no IO answer at once; then a private deferral (see
    // `send_deferred`): a later refusal (a rate limit, the store) reaches only the
    // asker, and the match's opening board is a channel post.
    let level = match level.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(l) => match crate::ai::Level::ALL.iter().position(|x| x.name() == l) {
            Some(i) => i as u8,
            None => {
                return send(ctx, Outcome::private("Levels: easy, normal, hard, fast.")).await;
            }
        },
    };
    let clan = match clan_arg(ctx, clan) {
        Ok(c) => c,
        Err(e) => return send(ctx, Outcome::private(e)).await,
    };
    let place = place(ctx);
    if let Err(why) = ctx.data().app.may_start_here(place).await {
        return send(ctx, Outcome::private(why)).await;
    }
    if let Some(why) = missing_permissions(ctx, "run a match") {
        return send(ctx, Outcome::private(why)).await;
    }
    ctx.defer_ephemeral().await?;
    let out = ctx
        .data()
        .app
        .play_ai(
            ctx.author().id.get(),
            level,
            [clan, None],
            place,
            None,
            now_ms(),
        )
        .await;
    let note = match out.created {
        Some(id) => format!("Match #{id} against the AI begins below. Good luck!"),
        None => String::new(),
    };
    send_deferred(ctx, out, &note).await
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
        None => Outcome::private("You have no active match."),
    };
    send(ctx, out).await
}

/// Post the current board of a match here (yours by default); nobody is pinged.
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Match number (default: your match here)"] game: Option<i64>,
) -> Result<(), Error> {
    if let Some(why) = missing_permissions(ctx, "post a board") {
        return send(ctx, Outcome::private(why)).await;
    }
    // Privately: a refusal (not a player, a rate limit, no such match) is for the
    // asker alone; the board itself goes out as a channel post.
    ctx.defer_ephemeral().await?;
    let (user, place) = (ctx.author().id.get(), place(ctx));
    let out = match my_match(ctx, game).await {
        Some(id) => ctx.data().app.board(id, user, place, now_ms()).await,
        None => Outcome::private("You have no active match."),
    };
    send_deferred(ctx, out, "Here is the board, posted below.").await
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
    if let Some(why) = missing_permissions(ctx, "post a replay") {
        return send(ctx, Outcome::private(why)).await;
    }
    // Privately: a refusal (no such match, still being played, a rate limit) is for
    // the asker alone; the replay itself goes out as a channel post.
    ctx.defer_ephemeral().await?;
    remember(ctx);
    let (user, place) = (ctx.author().id.get(), place(ctx));
    let out = ctx.data().app.replay(game, user, place, now_ms()).await;
    send_deferred(ctx, out, "Here is the replay, posted below.").await
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
        None => Outcome::private("You have no active match."),
    };
    send(ctx, out).await
}

/// Your active matches.
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let out = ctx.data().app.matches(ctx.author().id.get()).await;
    send(ctx, out).await
}

async fn ac_card(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let p = partial.to_lowercase();
    let mut names: Vec<String> = ctx
        .data()
        .app
        .rules()
        .pack
        .cards
        .iter()
        .map(|c| c.name.clone())
        .filter(|n| n.to_lowercase().contains(&p))
        .collect();
    names.dedup();
    names.truncate(25);
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
    let want = name.trim().to_lowercase();
    let Some(kind) = rules
        .pack
        .cards
        .iter()
        .position(|c| c.name.to_lowercase() == want || c.id.to_lowercase() == want)
    else {
        // Answered at once (no deferral yet), so the refusal is private.
        return send(ctx, Outcome::private(format!("No card called `{name}`."))).await;
    };
    // Only now defer, publicly: nothing below can fail, and the card is for everyone.
    ctx.defer().await?;
    let def = &rules.pack.cards[kind];
    let e = crate::cards::card_entry(&rules.pack, def);
    let m = crate::cards::mark;
    let text = format!(
        "**{}{}** ({}) — summon {}{}, attack {}{}, defense {}{}, activation {}{}, {}{}\n{}: {}{}",
        e.name.value,
        m(e.name.provenance),
        e.clan,
        e.summon.value,
        m(e.summon.provenance),
        e.attack.value,
        m(e.attack.provenance),
        e.defense.value,
        m(e.defense.provenance),
        e.activation.value,
        m(e.activation.provenance),
        e.style.value,
        m(e.style.provenance),
        e.ability.value.name,
        e.ability.value.text,
        m(e.ability.provenance),
    );
    let png = tokio::task::spawn_blocking(move || {
        let theme = Theme::default();
        let t = Table {
            rules: &rules,
            theme: &theme,
            names: ["", ""],
        };
        render::card(&t, kind as KindId).map(|i| i.png)
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

const RULES: &[(&str, &str)] = &[
    (
        "goal",
        "Collect 4 crystals, or leave your opponent unable to stop you. Each turn you spend \
         initiative: the token on the track moves towards your opponent as you pay, and you \
         keep acting while it stays on your side or the middle.",
    ),
    (
        "actions",
        "An action is one of: summon up to 3 units into your home zone, activate a squad \
         (reorder, move, maybe battle), take a face-up crystal while you control two crystal \
         zones, replenish (pay 3, discard, draw up to 5), or invade the enemy home.",
    ),
    (
        "battle",
        "When your activated squad shares a zone with an enemy squad you may battle. Both \
         players secretly pick a battle card from hand; the cards are revealed together, \
         their styles decide whose left effect triggers (bold beats guarded beats tricky \
         beats bold), then the squads deal damage.",
    ),
    (
        "initiative",
        "Everything costs initiative. Paying moves the token towards the opponent; once it \
         is on her side of the track, she acts next.",
    ),
];

/// Short rule summaries (topics: goal, actions, battle, initiative).
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "goal, actions, battle or initiative"] topic: Option<String>,
) -> Result<(), Error> {
    let text = match topic.map(|t| t.to_lowercase()) {
        Some(t) => RULES
            .iter()
            .find(|(k, _)| *k == t.trim())
            .map(|(k, v)| format!("**{k}**: {v}"))
            .unwrap_or_else(|| "Topics: goal, actions, battle, initiative.".into()),
        None => RULES
            .iter()
            .map(|(k, v)| format!("**{k}**: {v}"))
            .collect::<Vec<_>>()
            .join("\n\n"),
    };
    send(ctx, Outcome::private(text)).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = "**Crystal Clans**\n\
        • `/clans challenge @someone` starts a challenge (leave the opponent empty for an \
        open one; options: clans, mulligan, turn timeout in minutes). `/clans play-ai` \
        plays the bot.\n\
        • When it is your move, click **Take your turn** under the board: a private panel \
        walks you through the kind of action, the cards, where they go, and shows the cost \
        and your initiative afterwards before you confirm.\n\
        • In a battle both players click **Pick battle card** and choose privately; the \
        reveal is posted when both have picked.\n\
        • `/clans hand` your hand (privately), `/clans board` reposts the board, \
        `/clans matches` your matches, `/clans resign` gives up, `/clans history` recent \
        results here, `/clans leaderboard` this server's best, `/clans profile` a player's \
        rating and record, `/clans replay` an animated replay of a finished match, \
        `/clans card` looks up a card, `/clans rules` the rules in short, \
        `/clans dm true` private panels by direct message.\n\
        • Admins (Manage Server): `/clans config` sets reminders, the turn timeout, threads \
        and the channel for matches.";
    send(ctx, Outcome::private(text)).await
}

fn can_manage_guild(ctx: Context<'_>) -> bool {
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

/// Server settings (members with Manage Server): reminders, turn timeout, threads, channel.
#[poise::command(slash_command, guild_only)]
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
) -> Result<(), Error> {
    if !can_manage_guild(ctx) {
        return send(
            ctx,
            Outcome::private(
                "Only members with the Manage Server permission can change the settings.",
            ),
        )
        .await;
    }
    let Some(guild) = ctx.guild_id().map(|g| g.get()) else {
        return send(ctx, Outcome::private("Settings belong to a server.")).await;
    };
    let store = &ctx.data().app.store;
    let mut s: GuildSettings = match store.guild_settings(guild).await {
        Ok(s) => s,
        Err(e) => return send(ctx, Outcome::private(ctx.data().app.told(None, &e))).await,
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
    let every = |m: Option<u32>| match m {
        Some(m) => format!("after {}", crate::app::duration(m)),
        None => "off".into(),
    };
    let text = match store.set_guild_settings(guild, &s).await {
        Ok(()) => format!(
            "Settings saved (new matches use them; running matches keep their terms):\n\
             • reminders: {}\n• turn timeout: {}{}\n• threads: {}\n• matches start in: {}",
            every(s.reminder_minutes),
            every(s.timeout_minutes),
            if s.timeout_minutes.is_some() {
                " (with a warning when a fifth of the time is left)"
            } else {
                ""
            },
            if s.threads == Some(false) {
                "off (matches play in the channel)"
            } else {
                "one per match"
            },
            s.channel
                .map(|c| format!("<#{c}> only"))
                .unwrap_or("any channel".into()),
        ),
        Err(e) => ctx.data().app.told(None, &e),
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
    let out = ctx.data().app.leaderboard(guild).await;
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
            return send(ctx, Outcome::private("Bots have no Crystal Clans profile.")).await;
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

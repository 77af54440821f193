//! Starting and playing matches: a challenge, a match against the AI, and a player's
//! own match (hand, board, replay, resign, the list of active ones), with the clan and
//! AI level arguments they take. The commands a match is made of, apart from the
//! lookups and settings around them.

use super::reply::{first_answer, missing_permissions, post, send, send_deferred};
use super::{lang, place};
use crate::app::msg::Msg;
use crate::app::{Challenge, Outcome, Place, Started};
use crate::discord::{Context, Error, convert};
use crate::i18n::{Lang, messages as t};
use crate::store::now_ms;
use poise::serenity_prelude as serenity;

pub(in crate::discord) async fn ac_clan(
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

pub(in crate::discord) fn clan_arg(
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
            .directory
            .clan_index(&s)
            .map(Some)
            .ok_or_else(|| t::no_such_clan(lang, s)),
    }
}

/// Challenge a member (or anyone, without an opponent) to a match.
#[poise::command(slash_command)]
// Poise makes each option of the command a parameter: they are the command's shape.
#[allow(clippy::too_many_arguments)]
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
    #[description = "Moves due every day at this hour, server time, instead of a timeout"]
    #[max = 23]
    deadline_hour: Option<u8>,
    #[description = "A time bank of this many days per player, topped up after each turn, instead"]
    #[min = 1]
    #[max = 30]
    bank_days: Option<u8>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    if opponent.as_ref().is_some_and(|u| u.bot) {
        return send(ctx, Outcome::private(t::bots_cannot_accept(lang))).await;
    }
    let clans = match (clan_arg(ctx, lang, clan), clan_arg(ctx, lang, their_clan)) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => return send(ctx, Outcome::private(e)).await,
    };
    if let Err(why) = ctx
        .data()
        .app
        .directory
        .may_start_here(lang, place(ctx))
        .await
    {
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
        deadline_hour,
        bank_days,
        expires: 0,
    };
    // The challenge speaks the server's language: load it first (the asker's was loaded
    // above).
    let guild = place(ctx).guild;
    ctx.data().app.directory.public_lang(guild).await;
    let out = ctx
        .data()
        .app
        .challenges
        .challenge(c, guild, now_ms())
        .await;
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
    if !may_start(ctx, lang, place).await? {
        return Ok(());
    }
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let mut started = match app
        .challenges
        .create_ai(user, level, [clan, None], place, None, now_ms())
        .await
    {
        Ok(started) => started,
        Err(refused) => return send_deferred(ctx, refused, "").await,
    };
    // Answered first, as an accept is: the thread and the drawn board take longer.
    let begins = Msg::text(t::ai_match_begins(lang, started.id()));
    first_answer(ctx, &begins, true).await?;
    into_thread(ctx, lang, place, &mut started).await?;
    let out = app.challenges.announce(started).await;
    post(ctx, &out, out.public.iter()).await
}

/// Which side of a finished match to play on (as its title names them: "Ana vs Ben").
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SideChoice {
    #[name = "first player"]
    First,
    #[name = "second player"]
    Second,
}

/// Play a finished match on against the AI from one of its turns (not rated).
#[poise::command(slash_command)]
pub async fn practice(
    ctx: Context<'_>,
    #[description = "The finished match (of this server, or one you played)"]
    #[rename = "match"]
    #[autocomplete = "ac_replay"]
    #[min = 1]
    game: i64,
    #[description = "The turn to start from (default: the first)"]
    #[min = 1]
    turn: Option<u32>,
    #[description = "The side you play (default: yours, if you played it; else the first)"]
    side: Option<SideChoice>,
    #[description = "How strong the AI plays (default: normal)"] level: Option<LevelChoice>,
) -> Result<(), Error> {
    let lang = lang(ctx).await;
    let place = place(ctx);
    if !may_start(ctx, lang, place).await? {
        return Ok(());
    }
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let side = side.map(|s| match s {
        SideChoice::First => 0,
        SideChoice::Second => 1,
    });
    let level = level.unwrap_or(LevelChoice::Normal).index();
    let mut started = match app
        .challenges
        .create_practice_from(user, game, turn, side, level, place, now_ms())
        .await
    {
        Ok(started) => started,
        Err(refused) => return send_deferred(ctx, refused, "").await,
    };
    let begins = Msg::text(t::ai_match_begins(lang, started.id()));
    first_answer(ctx, &begins, true).await?;
    into_thread(ctx, lang, place, &mut started).await?;
    let out = app.challenges.announce(started).await;
    post(ctx, &out, out.public.iter()).await
}

/// Whether a match against the AI may start here: when not, the asker is told why
/// (the server's setting, the bot's permissions) and `false` comes back; when it may,
/// the answer is deferred privately (a later refusal reaches only the asker, and the
/// opening board is a channel post).
pub(super) async fn may_start(ctx: Context<'_>, lang: Lang, place: Place) -> Result<bool, Error> {
    if let Err(why) = ctx.data().app.directory.may_start_here(lang, place).await {
        send(ctx, Outcome::private(why)).await?;
        return Ok(false);
    }
    if let Some(why) = missing_permissions(ctx, lang, t::doing_run_match) {
        send(ctx, Outcome::private(why)).await?;
        return Ok(false);
    }
    ctx.defer_ephemeral().await?;
    Ok(true)
}

/// Moves a match just started into a thread of its own, unless it was asked for in a
/// thread (Discord starts no thread inside one); a thread that cannot be made is said.
pub(super) async fn into_thread(
    ctx: Context<'_>,
    lang: Lang,
    place: Place,
    started: &mut Started,
) -> Result<(), Error> {
    let poise::Context::Application(a) = ctx else {
        return Ok(());
    };
    let in_thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| crate::discord::is_thread(c.kind));
    if !in_thread {
        let perms = a.interaction.app_permissions;
        let app = &ctx.data().app;
        if let Some(note) =
            crate::discord::open_thread(app, ctx.http(), place, None, perms, started, lang).await
        {
            ctx.send(convert::reply(&Msg::text(note), true)).await?;
        }
    }
    Ok(())
}

async fn my_match(ctx: Context<'_>, id: Option<i64>) -> Option<i64> {
    match id {
        Some(id) => Some(id),
        None => {
            ctx.data()
                .app
                .matches
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
    let out = match my_match(ctx, game).await {
        Some(id) => ctx.data().app.matches.hand(id, ctx.author().id.get()).await,
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
        Some(id) => {
            ctx.data()
                .app
                .matches
                .board(id, user, place, now_ms())
                .await
        }
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
    let (user, place) = (ctx.author().id.get(), place(ctx));
    let out = ctx
        .data()
        .app
        .replays
        .replay(game, user, place, now_ms())
        .await;
    send_deferred(ctx, out, &t::replay_posted_below(lang)).await
}

/// The asker's recent finished matches (of this server, inside one), newest first.
async fn ac_replay(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let guild = ctx.guild_id().map(|g| g.get());
    let recent = ctx
        .data()
        .app
        .replays
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
        Some(id) => {
            ctx.data()
                .app
                .matches
                .ask_resign(id, ctx.author().id.get())
                .await
        }
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
        .matches
        .active(ctx.author().id.get(), now_ms())
        .await;
    send(ctx, out).await
}

/// The AI's level, offered as choices (Discord shows them in the user's language),
/// weakest first as `ai::Level::LADDER` orders them, each with a few words on how it
/// plays (docs/balance.md, "The ladder"). Discord sends a choice as its position here,
/// which is never stored: [`LevelChoice::index`] turns it into the stored level. The
/// localisation key of a choice is its name up to the colon
/// (`cmd-clans-play-ai-level-beginner`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "beginner: learning the game"]
    Beginner,
    #[name = "easy: knows the rules"]
    Easy,
    #[name = "fast: quick and fairly strong"]
    Fast,
    #[name = "normal: a real game"]
    Normal,
    #[name = "hard: thinks longest, about as strong as normal"]
    Hard,
}

impl LevelChoice {
    /// The level's index in `ai::Level::ALL`, as the app takes it.
    fn index(self) -> u8 {
        let level = match self {
            LevelChoice::Beginner => crate::ai::Level::Beginner,
            LevelChoice::Easy => crate::ai::Level::Easy,
            LevelChoice::Normal => crate::ai::Level::Normal,
            LevelChoice::Hard => crate::ai::Level::Hard,
            LevelChoice::Fast => crate::ai::Level::Fast,
        };
        level.index()
    }
}

//! Where the bot may post. A server the bot is in and its own DMs take its posts; a
//! group DM, a DM between two people, or a server the bot is not in, where the app came
//! through a player's own install (Discord's user install), take only the answers to
//! interactions: a command's response and follow-ups, a click's. Discord says which
//! with every interaction: its `context` and the installs that authorize it.
//!
//! So that nothing the bot says there is lost, an outcome for such a place goes out as
//! follow-ups of the interaction that caused it (`Here`), and what the bot says on
//! its own there (a reminder, a timeout's result) goes to the players by DM
//! (`Outcome::dm_instead`). Commands that need a server or the bot's own posts answer
//! there what to do instead (`allowed`).

use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::i18n::{Lang, messages as t};
use crate::store::Reach;
use poise::serenity_prelude as serenity;

/// Discord's word on an interaction: where it was used and who installed the app there.
pub fn of(
    context: Option<serenity::InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
) -> Reach {
    let installed_here = owners.0.iter().any(|o| {
        matches!(
            o,
            serenity::AuthorizingIntegrationOwner::GuildInstall(Some(_))
        )
    });
    match context {
        Some(serenity::InteractionContext::PrivateChannel) => Reach::Interactions,
        Some(serenity::InteractionContext::Guild) if !installed_here => Reach::Interactions,
        // A server the bot is in, its own DM, or an interaction from before Discord
        // said (no context): the bot posts there as it always did.
        _ => Reach::Posts,
    }
}

/// A command's place: where it was used and whether the bot posts there.
pub fn of_command(ctx: super::Context<'_>) -> Reach {
    match ctx {
        poise::Context::Application(a) => of(
            a.interaction.context,
            &a.interaction.authorizing_integration_owners,
        ),
        poise::Context::Prefix(_) => Reach::Posts,
    }
}

/// The interaction an outcome answers, when its posts may go out as its follow-ups.
#[derive(Clone, Copy)]
pub struct Here<'a> {
    pub channel: serenity::ChannelId,
    pub token: &'a str,
    pub reach: Reach,
}

impl<'a> Here<'a> {
    pub fn of_click(ci: &'a serenity::ComponentInteraction) -> Here<'a> {
        Here {
            channel: ci.channel_id,
            token: &ci.token,
            reach: of(ci.context, &ci.authorizing_integration_owners),
        }
    }

    pub fn of_command(ctx: super::Context<'a>) -> Option<Here<'a>> {
        match ctx {
            poise::Context::Application(a) => Some(Here {
                channel: a.interaction.channel_id,
                token: &a.interaction.token,
                reach: of_command(ctx),
            }),
            poise::Context::Prefix(_) => None,
        }
    }

    /// Whether `out`'s posts go out as this interaction's follow-ups: it came from where
    /// they are due (the match's channel) and the bot cannot post there itself.
    pub fn follows_up(&self, out: &Outcome) -> bool {
        self.reach == Reach::Interactions && out.channel.is_none_or(|c| c == self.channel.get())
    }
}

/// Where an outcome's public posts go.
pub enum Route<'a> {
    /// As follow-ups of this interaction: it came from where they are due, and the
    /// bot cannot post there itself.
    FollowUps(Here<'a>),
    /// To the match's players by DM (`Outcome::dm_instead`): the bot cannot post where
    /// it is played, and this interaction (if any) came from elsewhere.
    DmInstead,
    /// Posted in the channel (or thread) by the bot.
    Channel,
}

/// Where `out`'s public posts go, `here` the interaction that caused it (`None`: a
/// timer, an AI's turn). The one rule for a click's outcome and a command's.
pub fn route<'a>(here: Option<Here<'a>>, out: &Outcome) -> Route<'a> {
    match here {
        Some(h) if h.follows_up(out) => Route::FollowUps(h),
        _ if !out.dm_instead.is_empty() => Route::DmInstead,
        _ => Route::Channel,
    }
}

/// The subcommands that work where the bot only answers interactions: they answer
/// privately, or post what they post as their own answer. The rest need a server with
/// the bot in it (its settings, its leagues, its leaderboard) or the bot's own posts
/// (an AI's moves come after the click that caused them).
const ALLOWED: [&str; 23] = [
    "clans challenge",
    "clans hand",
    "clans board",
    "clans resign",
    "clans matches",
    "clans card",
    "clans rules",
    "clans help",
    "clans history",
    "clans profile",
    "clans export",
    "clans dm",
    "clans language",
    "clans forget-me",
    "clans away",
    "clans notify",
    "clans replay",
    "clans analysis",
    "crystallo daily",
    "crystallo practice",
    "crystallo learn",
    "crystallo scores",
    "crystallo help",
];

/// `None`: the command `name` (its qualified name, "clans challenge") works at a place
/// of `reach`; else what to tell the user instead, in `lang`.
pub fn refusal(name: &str, reach: Reach, lang: Lang) -> Option<Msg> {
    if reach == Reach::Posts || ALLOWED.contains(&name) {
        return None;
    }
    Some(Msg::text(t::reach::needs_the_bot_here(
        lang,
        format!("/{name}"),
    )))
}

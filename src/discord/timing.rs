//! The `/clans` commands about time: `away` (absences stop a player's clocks) and
//! `notify` (how and when a player is pinged), with the time zone's autocomplete.

use super::commands::send;
use super::{Context, Error};
use crate::store::now_ms;
use poise::serenity_prelude as serenity;

/// Stop your matches' clocks while you are away (no reminders or forfeits), or end it.
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "Away for this many days from now"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "A short note your opponents see"]
    #[max_length = 100]
    note: Option<String>,
    #[description = "True: you are back, end the absence now"] off: Option<bool>,
) -> Result<(), Error> {
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let now = now_ms();
    let out = match (off, days) {
        (Some(true), _) => app.presence.away_off(user, now).await,
        (_, Some(days)) => {
            let guild = ctx.guild_id().map(|g| g.get());
            app.presence
                .away(user, guild, days, note.as_deref(), now)
                .await
        }
        _ => crate::app::away::AwayOutcome {
            reply: app.presence.away_status(user, now).await,
            notices: Vec::new(),
        },
    };
    send(ctx, out.reply).await?;
    // Each stopped or restarted clock is said in its match's thread.
    let here = super::reach::Here::of_command(ctx);
    for notice in &out.notices {
        if let Err(channel) = super::deliver_public(app, ctx.http(), notice, here, now).await {
            tracing::warn!(%channel, "could not post an absence's notice");
        }
    }
    Ok(())
}

/// Where a player is told it is their move, offered as choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ViaChoice {
    #[name = "thread"]
    Thread,
    #[name = "DM"]
    Dm,
    #[name = "both"]
    Both,
    #[name = "nothing"]
    Nothing,
}

impl ViaChoice {
    fn via(self) -> crate::store::NotifyVia {
        use crate::store::NotifyVia;
        match self {
            ViaChoice::Thread => NotifyVia::Thread,
            ViaChoice::Dm => NotifyVia::Dm,
            ViaChoice::Both => NotifyVia::Both,
            ViaChoice::Nothing => NotifyVia::Nothing,
        }
    }
}

/// The IANA time zones whose name holds what was typed (ignoring case, and spaces as
/// underscores), at most Discord's 25.
pub fn zones_matching(partial: &str) -> Vec<String> {
    let want = partial.trim().to_lowercase().replace(' ', "_");
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|n| n.as_str().to_string())
        .filter(|n| n.to_lowercase().contains(&want))
        .collect();
    // A name that starts with it first (`berlin` finds Europe/Berlin before the rest).
    names.sort_by_key(|n| {
        let city = n.rsplit('/').next().unwrap_or(n).to_lowercase();
        (!city.starts_with(&want), n.len(), n.clone())
    });
    names.truncate(25);
    names
}

pub(crate) async fn ac_zone(_: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = zones_matching(partial)
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// How you are told it is your move: thread, DM, both or none; quiet hours; a daily digest.
#[poise::command(slash_command)]
// Each argument is one of the command's options, as Discord lists them.
#[allow(clippy::too_many_arguments)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "A mention in the match's thread (default), a DM, both, or nothing"]
    via: Option<ViaChoice>,
    #[description = "Your time zone, for quiet hours and the digest (default: UTC)"]
    #[autocomplete = "ac_zone"]
    time_zone: Option<String>,
    #[description = "Quiet hours start at this local hour (0-23)"]
    #[max = 23]
    quiet_from: Option<u8>,
    #[description = "Quiet hours end at this local hour (0-23)"]
    #[max = 23]
    quiet_to: Option<u8>,
    #[description = "False: no quiet hours"] quiet: Option<bool>,
    #[description = "A daily DM of the matches waiting for you, at this local hour (0-23)"]
    #[max = 23]
    digest_hour: Option<u8>,
    #[description = "False: no daily digest"] digest: Option<bool>,
) -> Result<(), Error> {
    let app = &ctx.data().app;
    let user = ctx.author().id.get();
    let change = crate::app::notify::NotifyChange {
        via: via.map(ViaChoice::via),
        time_zone,
        quiet_from,
        quiet_to,
        quiet,
        digest_hour,
        digest,
    };
    let out = if change == crate::app::notify::NotifyChange::default() {
        app.presence.notify_status(user).await
    } else {
        app.presence.set_notify(user, change, now_ms()).await
    };
    send(ctx, out).await
}

//! Lookups that touch no match: a card (its text and image), the rules and what an
//! ability, signature or crystal does, and `/clans help`. Reference answers, kept
//! apart from the commands that play.

use super::lang;
use super::reply::{first_answer, send};
use crate::app::Outcome;
use crate::app::msg::Msg;
use crate::discord::{Context, Error};
use crate::i18n::messages::takeback as tb;
use crate::i18n::{Lang, messages as t};
use crate::render::{self, Table, Theme};
use poise::serenity_prelude as serenity;

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
        let alt = render::alt::card(&t, kind);
        render::card(&t, kind).map(|i| (i.png, alt))
    })
    .await
    .ok()
    .and_then(|r| r.ok());
    let mut card = Msg::text(text);
    if let Some((png, alt)) = png {
        card.files.push(crate::app::msg::File {
            name: "card.png".into(),
            png,
            alt,
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
    let rules = ctx.data().app.rules().clone();
    let text = match crate::topics::answer(&rules, lang, topic.as_deref()) {
        Ok(text) | Err(text) => text,
    };
    let Some(picture) = crate::topics::picture(&rules, topic.as_deref()) else {
        return send(ctx, Outcome::private(text)).await;
    };
    // Drawing takes a moment: the answer is deferred (privately, as it stays).
    ctx.defer_ephemeral().await?;
    let drawn = tokio::task::spawn_blocking(move || {
        crate::app::rules_pictures::draw(&rules, &Theme::default(), lang, picture)
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r);
    let mut msg = Msg::text(&text);
    match drawn {
        Ok((file, example)) => {
            if !example.is_empty() {
                msg = Msg::text(format!("{text}\n\n{example}"));
            }
            msg.files.push(file);
        }
        // The words still answer; the missing picture is the operator's to see.
        Err(e) => tracing::error!("the rules picture could not be drawn: {e}"),
    }
    send(
        ctx,
        Outcome {
            reply: Some(msg),
            ..Outcome::default()
        },
    )
    .await
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
        crate::i18n::messages::moderation::help_moderation(lang),
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

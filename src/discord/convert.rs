//! The app's plain messages as serenity builders.

use crate::app::msg::{Embed, Msg, Row, Style, clip};
use poise::serenity_prelude as serenity;

pub fn embed(e: &Embed) -> serenity::CreateEmbed {
    let mut out = serenity::CreateEmbed::new().title(&e.title);
    if !e.description.is_empty() {
        out = out.description(&e.description);
    }
    for (k, v) in &e.fields {
        out = out.field(k, v, false);
    }
    if let Some(img) = &e.image {
        out = out.image(format!("attachment://{img}"));
    }
    out
}

pub fn rows(rows: &[Row]) -> Vec<serenity::CreateActionRow> {
    rows.iter()
        .map(|r| match r {
            Row::Buttons(bs) => serenity::CreateActionRow::Buttons(
                bs.iter()
                    .map(|b| {
                        serenity::CreateButton::new(&b.id)
                            .label(&b.label)
                            .style(match b.style {
                                Style::Primary => serenity::ButtonStyle::Primary,
                                Style::Secondary => serenity::ButtonStyle::Secondary,
                                Style::Success => serenity::ButtonStyle::Success,
                                Style::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            ),
            Row::Select(s) => serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    &s.id,
                    serenity::CreateSelectMenuKind::String {
                        options: s
                            .options
                            .iter()
                            .map(|o| {
                                let opt = serenity::CreateSelectMenuOption::new(&o.label, &o.value);
                                if o.description.is_empty() {
                                    opt
                                } else {
                                    opt.description(&o.description)
                                }
                            })
                            .collect(),
                    },
                )
                .placeholder(&s.placeholder)
                .min_values(s.min_values)
                .max_values(s.max_values),
            ),
        })
        .collect()
}

fn mentions(m: &Msg) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(m.pings.iter().map(|&u| serenity::UserId::new(u)))
}

fn files(m: &Msg) -> Vec<serenity::CreateAttachment> {
    m.files
        .iter()
        .map(|f| {
            let file = serenity::CreateAttachment::bytes(f.png.clone(), f.name.clone());
            if f.alt.is_empty() {
                file
            } else {
                // Discord refuses a description over 1,024 characters.
                file.description(clip(&f.alt, crate::render::alt::MAX))
            }
        })
        .collect()
}

/// A public channel message.
pub fn message(m: &Msg) -> serenity::CreateMessage {
    let mut out = serenity::CreateMessage::new()
        .content(&m.content)
        .allowed_mentions(mentions(m))
        .components(rows(&m.rows))
        .add_files(files(m));
    if let Some(e) = &m.embed {
        out = out.embed(embed(e));
    }
    out
}

/// A private (ephemeral) follow-up to a deferred component interaction.
pub fn followup(m: &Msg) -> serenity::CreateInteractionResponseFollowup {
    let mut out = serenity::CreateInteractionResponseFollowup::new()
        .ephemeral(true)
        .content(if m.content.is_empty() {
            "…"
        } else {
            &m.content
        })
        .allowed_mentions(mentions(m))
        .components(rows(&m.rows))
        .add_files(files(m));
    if let Some(e) = &m.embed {
        out = out.embed(embed(e));
    }
    out
}

/// A reply to a slash command (`ephemeral` for private ones).
pub fn reply(m: &Msg, ephemeral: bool) -> poise::CreateReply {
    let mut out = poise::CreateReply::default()
        .content(&m.content)
        .ephemeral(ephemeral)
        .allowed_mentions(mentions(m))
        .components(rows(&m.rows));
    for f in files(m) {
        out = out.attachment(f);
    }
    if let Some(e) = &m.embed {
        out = out.embed(embed(e));
    }
    out
}

/// The whole of an interaction's original message, replaced by `m` (`PATCH
/// .../messages/@original`): a private answer filling its deferral, or a panel updated
/// in place. Everything is set, so nothing of the previous state stays (embeds,
/// buttons, an image).
pub fn edit(m: &Msg) -> serenity::EditInteractionResponse {
    let mut out = serenity::EditInteractionResponse::new()
        .content(if m.content.is_empty() {
            "…"
        } else {
            &m.content
        })
        .allowed_mentions(mentions(m))
        .components(rows(&m.rows))
        .embeds(m.embed.iter().map(embed).collect())
        .clear_attachments();
    for f in files(m) {
        out = out.new_attachment(f);
    }
    out
}

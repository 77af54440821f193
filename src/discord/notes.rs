//! A player's notes on a match, the Discord side of `app::clans::notes`: the panel's
//! Notes button is answered with a form (a modal, which must be the click's first and
//! only answer: no deferral before it), and the form's submission saves the note.

use super::{Data, clicker};
use crate::app::App;
use crate::app::clans::notes::MAX_NOTE;
use crate::app::ids::{CustomId, Verb};
use crate::i18n::messages as t;
use crate::store::now_ms;
use poise::serenity_prelude as serenity;

/// The text input's own id in the form.
const FIELD: &str = "note";

/// The Notes button: the form with the note so far, or a private refusal.
pub(super) async fn open(
    ctx: &serenity::Context,
    app: &App,
    ci: &serenity::ComponentInteraction,
    id: &CustomId,
) {
    let (user, _, _) = clicker(app, ci).await;
    let answer = match app.matches.notes_form(id.match_id, user).await {
        Ok(form) => {
            let mut input = serenity::CreateInputText::new(
                serenity::InputTextStyle::Paragraph,
                form.label,
                FIELD,
            )
            .placeholder(form.placeholder)
            .max_length(MAX_NOTE as u16)
            .required(false);
            if !form.note.is_empty() {
                input = input.value(form.note);
            }
            serenity::CreateInteractionResponse::Modal(
                serenity::CreateModal::new(form.id, form.title)
                    .components(vec![serenity::CreateActionRow::InputText(input)]),
            )
        }
        Err(refused) => serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(refused.reply.map(|m| m.content).unwrap_or_default())
                .ephemeral(true),
        ),
    };
    if let Err(e) = ci.create_response(&ctx.http, answer).await {
        tracing::warn!("could not open the notes form: {e}");
    }
}

/// The form's submission: the note saved, said privately.
pub(super) async fn submitted(
    ctx: &serenity::Context,
    data: &Data,
    mi: &serenity::ModalInteraction,
) {
    let app = &data.app;
    let user = mi.user.id.get();
    let text = mi
        .data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .find_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) if t.custom_id == FIELD => {
                Some(t.value.clone().unwrap_or_default())
            }
            _ => None,
        });
    let reply = match (CustomId::parse(&mi.data.custom_id), text) {
        (Some(id), Some(text)) if id.verb == Verb::NotesSave => {
            let out = app
                .matches
                .save_notes(id.match_id, user, &text, now_ms())
                .await;
            out.reply.map(|m| m.content).unwrap_or_default()
        }
        _ => t::button_invalid(app.directory.user_lang(user).await),
    };
    let answer = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(reply)
            .ephemeral(true),
    );
    if let Err(e) = mi.create_response(&ctx.http, answer).await {
        tracing::warn!("could not answer a notes form: {e}");
    }
}

//! The public battle picture posted when battle cards are revealed.
//!
//! A battle usually spans several inputs (the attack, then each player's secret pick,
//! possibly days apart), so the input that reveals the cards rarely carries the
//! battle's `BattleStarted`. The picture is therefore drawn from the match's own log:
//! when the revealing input's events do not reach back to the start, the stored inputs
//! up to this version are replayed from the setup to recover the whole battle.

use super::Boards;
use crate::app::msg::{Embed, File, MAX_CONTENT, Msg, clip};
use crate::game::{Event, Rules, Setup, State};
use crate::i18n::Lang;
use crate::i18n::messages::log as t;
use crate::i18n::narration::Narrator;
use crate::render::{self, Table};
use crate::store::{Loaded, StoredInput};

/// What a battle picture after these events shows: the reveal (with the damage, or
/// saying it is still to come when a decision pauses the battle first), or the damage
/// of a battle revealed by an earlier input, whose picture said it was to come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Reveal,
    Damage,
}

fn shows(events: &[Event]) -> Option<Shows> {
    let has = |f: fn(&Event) -> bool| events.iter().any(f);
    if has(|e| matches!(e, Event::BattleCardsRevealed { .. })) {
        Some(Shows::Reveal)
    } else if has(|e| matches!(e, Event::DamageDealt { .. } | Event::NoDamage)) {
        Some(Shows::Damage)
    } else {
        None
    }
}

/// The events of the last battle whose cards were revealed in `log`: from its
/// `BattleStarted` to the end of the log. `None` when the log does not reach back to
/// that battle's start.
pub fn last_revealed_battle(log: &[Event]) -> Option<&[Event]> {
    let reveal = log
        .iter()
        .rposition(|e| matches!(e, Event::BattleCardsRevealed { .. }))?;
    let start = log[..reveal]
        .iter()
        .rposition(|e| matches!(e, Event::BattleStarted { .. }))?;
    Some(&log[start..])
}

/// Every event of a match, from its setup through `inputs` (in order), as the engine
/// emitted them (not redacted: the caller redacts).
pub fn replay_events(
    rules: &Rules,
    setup: Setup,
    rules_version: u32,
    inputs: &[StoredInput],
) -> Result<Vec<Event>, String> {
    let (mut state, mut log) = State::new_under(rules, setup, rules_version)?;
    for i in inputs {
        let events = state
            .apply(rules, i.seat, &i.input)
            .map_err(|_| format!("input #{} is refused on replay", i.seq))?;
        log.extend(events);
    }
    Ok(log)
}

/// The public (spectator-redacted) events of the battle that `events`, the last
/// input's events, revealed. `inputs` is the match's stored log; it is replayed only
/// when `events` start after the battle did.
fn public_battle(
    rules: &Rules,
    setup: Setup,
    rules_version: u32,
    version: i64,
    events: &[Event],
    inputs: Option<Vec<StoredInput>>,
) -> Result<Vec<Event>, String> {
    let redact = |es: &[Event]| es.iter().map(|e| e.redact(None)).collect();
    if let Some(battle) = last_revealed_battle(events) {
        return Ok(redact(battle));
    }
    let mut inputs = inputs.ok_or("the battle started before this input")?;
    // Only the inputs up to the version these events came from: a later input may
    // already be stored, and its events are not part of this battle's picture.
    inputs.retain(|i| i.seq <= version);
    let log = replay_events(rules, setup, rules_version, &inputs)?;
    let battle = last_revealed_battle(&log).ok_or("the match's log has no revealed battle")?;
    Ok(redact(battle))
}

impl Boards {
    /// The battle post when `events` (the last input's) revealed battle cards or dealt
    /// the damage of a battle revealed earlier; `loaded` is the match right after them.
    /// A post of its own, the picture attached (Discord's full inline box), posted
    /// before the board that follows it. A failure is logged with the match id.
    pub(crate) async fn battle_post(&self, loaded: &Loaded, events: &[Event]) -> Option<Msg> {
        let shows = shows(events)?;
        if !self.images {
            return None;
        }
        let id = loaded.info.id;
        let inputs = if last_revealed_battle(events).is_some() {
            None
        } else {
            match self.store.inputs(id).await {
                Ok(inputs) => Some(inputs),
                Err(e) => {
                    tracing::error!(
                        match_id = id,
                        "the battle image could not read the log: {e}"
                    );
                    return None;
                }
            }
        };
        let names = self.directory.names(loaded).await;
        let names2 = names.clone();
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let view = loaded.state.view(&loaded.rules, None);
        let kinds = loaded.state.kinds.to_vec();
        let setup = loaded.info.setup.clone();
        let rules_version = loaded.state.rules_version;
        let version = loaded.info.version;
        let events = events.to_vec();
        let rules = loaded.rules.clone();
        let theme = self.theme.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let rules = &*rules;
            let public = public_battle(rules, setup, rules_version, version, &events, inputs)?;
            let t = Table {
                rules,
                theme: &theme,
                names: [&names[0], &names[1]],
                lang,
            };
            let png = render::battle(&t, &kinds, &view, &public).map_err(|e| e.to_string())?;
            let alt = render::alt::battle(&t, &kinds, &view, &public);
            Ok::<_, String>((png.png, alt, public))
        })
        .await;
        let (png, alt, public) = match drawn {
            Ok(Ok(drawn)) => drawn,
            Ok(Err(e)) => {
                tracing::error!(match_id = id, "the battle image could not be drawn: {e}");
                return None;
            }
            Err(e) => {
                tracing::error!(match_id = id, "the battle image renderer failed: {e}");
                return None;
            }
        };
        let name = format!("battle-{id}-v{version}.png");
        Some(Msg {
            content: match shows {
                Shows::Reveal => t::battle_revealed(lang),
                Shows::Damage => t::battle_decided(lang),
            },
            // Attached, not the embed's image: a post of its own shows it in Discord's
            // larger attachment box.
            embed: Some(Embed {
                title: t::battle_title(lang, id),
                description: self.battle_words(loaded, &names2, &public, lang),
                ..Embed::default()
            }),
            files: vec![File { name, png, alt }],
            ..Msg::default()
        })
    }

    /// The battle in words under its picture, from the reveal on (the cards and their
    /// styles, the effects, the damage, the units that fell), in `lang`: what the
    /// picture shows, for those who read rather than look. `public` is the battle's
    /// spectator-redacted log.
    fn battle_words(
        &self,
        loaded: &Loaded,
        names: &[String; 2],
        public: &[Event],
        lang: Lang,
    ) -> String {
        let from = public
            .iter()
            .position(|e| matches!(e, Event::BattleCardsRevealed { .. }))
            .unwrap_or(0);
        // The log may go on past the battle's end (the turn passing): not its words.
        let to = public[from..]
            .iter()
            .position(|e| matches!(e, Event::BattleEnded { .. }))
            .map_or(public.len(), |i| from + i + 1);
        let n = Narrator {
            rules: &loaded.rules,
            kinds: &loaded.state.kinds,
            names: [&names[0], &names[1]],
            lang,
        };
        // Discord allows 4,096 characters in an embed's description; a battle's lines
        // take a few hundred.
        clip(&n.lines(&public[from..to]).join("\n"), MAX_CONTENT)
    }
}

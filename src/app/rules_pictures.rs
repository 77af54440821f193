//! The pictures `/clans rules` shows where a picture explains a topic better than words
//! (`topics::Picture`): the board's zones, a card, the initiative track after an
//! example action, a battle worked through. Each is drawn from a real position of a
//! fixed example match played by the engine, so a picture can never contradict the
//! rules, in the reader's language, with its alt text; the example's log lines go
//! under the topic's text.

use crate::app::msg::File;
use crate::game::rng::{Pcg32, below};
use crate::game::{Event, Input, Rules, Setup, State};
use crate::i18n::Lang;
use crate::i18n::messages::{self as t, rules as words};
use crate::i18n::narration::Narrator;
use crate::i18n::topics::Picture;
use crate::render::{self, Table, Theme};
use rand::SeedableRng;

/// The example match: two clans, a seed whose first turns show each topic.
const EXAMPLE: Setup = Setup {
    clans: [0, 1],
    seed: 7,
    mulligan: false,
};

/// The most inputs the example is played for to reach its first battle's damage.
const MAX_INPUTS: usize = 2_000;

/// The picture for `picture` and the lines it adds to the topic's text (an example's
/// log), or why it could not be drawn.
pub fn draw(
    rules: &Rules,
    theme: &Theme,
    lang: Lang,
    picture: Picture,
) -> Result<(File, String), String> {
    let names = [t::player_number(lang, 1), t::player_number(lang, 2)];
    let table = Table {
        rules,
        theme,
        names: [&names[0], &names[1]],
        lang,
    };
    let (state, _) = State::new(rules, EXAMPLE)?;
    let narrate = |state: &State, events: &[Event]| {
        let n = Narrator {
            rules,
            kinds: &state.kinds,
            names: [&names[0], &names[1]],
            lang,
        };
        let public: Vec<Event> = events.iter().map(|e| e.redact(None)).collect();
        n.lines(&public).join(" ")
    };
    let file = |name: &str, image: Result<render::Image, render::RenderError>, alt: String| {
        image
            .map(|i| File {
                name: name.into(),
                png: i.png,
                alt,
            })
            .map_err(|e| e.to_string())
    };
    match picture {
        Picture::Board => {
            let view = state.view(rules, None);
            let alt = render::alt::board(&table, &view);
            Ok((
                file("board.png", render::board(&table, &view, &[]), alt)?,
                String::new(),
            ))
        }
        Picture::Card => {
            // A unit with an ability of its own: every part of the card is there.
            let kind = rules
                .pack
                .cards
                .iter()
                .position(|c| c.ability != crate::game::pack::Ability::None)
                .unwrap_or(0) as u8;
            let alt = render::alt::card(&table, kind);
            Ok((
                file("card.png", render::card(&table, kind), alt)?,
                String::new(),
            ))
        }
        Picture::Initiative => {
            // The first player's dearest summon of one unit: the token moves by its cost.
            let mut after = state.clone();
            let seat = after.waiting()[0];
            let legal = after.legal(rules, seat);
            let summon = legal
                .iter()
                .filter(|i| matches!(i, Input::Summon(cs) if cs.len() == 1))
                .max_by_key(|i| match i {
                    Input::Summon(cs) => after.card(rules, cs[0]).summon,
                    _ => 0,
                })
                .copied()
                .ok_or("the example has no summon")?;
            let events = after
                .apply(rules, seat, &summon)
                .map_err(|e| e.to_string())?;
            let mut example = narrate(&after, &events);
            example.push(' ');
            example.push_str(&render::alt::capital(&render::alt::initiative(
                lang,
                table.names,
                after.token,
            )));
            example.push('.');
            let view = after.view(rules, None);
            let alt = render::alt::board(&table, &view);
            let image = render::board(&table, &view, &[]);
            Ok((
                file("initiative.png", image, alt)?,
                words::rules_example(lang, example),
            ))
        }
        Picture::Battle => {
            let (battle, after) = first_battle(rules, state)?;
            let view = after.view(rules, None);
            let public: Vec<Event> = battle.iter().map(|e| e.redact(None)).collect();
            let alt = render::alt::battle(&table, &after.kinds, &view, &public);
            let image = render::battle(&table, &after.kinds, &view, &public);
            Ok((
                file("battle.png", image, alt)?,
                words::rules_example(lang, narrate(&after, &battle)),
            ))
        }
    }
}

/// The example match played on (seeded choices that favour battles) to the damage of
/// its first battle in which one card's left effect triggers: that battle's events,
/// from its start, and the state after them.
fn first_battle(rules: &Rules, mut state: State) -> Result<(Vec<Event>, State), String> {
    let mut rng = Pcg32::seed_from_u64(EXAMPLE.seed);
    let mut log: Vec<Event> = Vec::new();
    for _ in 0..MAX_INPUTS {
        if state.winner.is_some() {
            break;
        }
        let seat = state.waiting()[0];
        let legal = state.legal(rules, seat);
        // Battles are taken, while both players hold cards to play (a battle card from
        // the draw pile is the exception, not the example).
        let hands = state.players.iter().all(|p| !p.hand.is_empty());
        let pick = legal
            .iter()
            .position(|i| *i == Input::Battle(hands))
            .unwrap_or_else(|| below(&mut rng, legal.len() as u32) as usize);
        let events = state
            .apply(rules, seat, &legal[pick])
            .map_err(|e| e.to_string())?;
        let damage = events
            .iter()
            .any(|e| matches!(e, Event::DamageDealt { .. } | Event::NoDamage));
        log.extend(events);
        if damage {
            let start = log
                .iter()
                .rposition(|e| matches!(e, Event::BattleStarted { .. }))
                .ok_or("a battle without its start")?;
            // The example shows the styles at work: one card's left effect triggers.
            let one_left = log[start..].iter().any(
                |e| matches!(e, Event::BattleCardsRevealed { left, .. } if left[0] != left[1]),
            );
            if one_left {
                return Ok((log[start..].to_vec(), state));
            }
        }
    }
    Err("the example match has no battle".into())
}

//! `crystal-clans-tools lesson-deals`: how `/clans learn`'s match goes on each of many
//! deals for a newcomer who does only what the lessons say
//! (`fake_discord::learner_pick`) against the beginner AI as the bot plays it
//! (`app::AiSeats`), to choose the lesson deal (`app::learn::DEAL`): one whose first
//! battle comes early, whose lessons all come, and which is short enough for a first
//! hour.

use crate::app::learn::lessons::{self, Lesson};
use crate::app::{AiSeats, SeatBot};
use crate::fake_discord::learner_pick;
use crate::game::{Event, Rules, Setup, State};

/// One lesson match played out.
#[derive(Debug, Clone)]
pub struct Played {
    pub setup: Setup,
    /// The learner's inputs in all.
    pub inputs: usize,
    /// The learner's inputs before the first battle began (`None`: no battle).
    pub first_battle: Option<usize>,
    /// The lessons that came, in order.
    pub lessons: Vec<Lesson>,
    /// The learner (seat 0) won.
    pub won: bool,
    /// Turns played.
    pub turns: u32,
}

/// The lesson match on `setup`, played to its end (at most `limit` inputs in all).
pub fn play(rules: &Rules, setup: Setup, limit: usize) -> Result<Played, String> {
    let beginner = crate::ai::Level::Beginner.index();
    let (mut state, mut events) = State::new(rules, setup.clone())?;
    let mut seen = 0u64;
    let mut order = Vec::new();
    let (mut inputs, mut first_battle) = (0, None);
    for _ in 0..limit {
        for l in lessons::due(rules, &state, 0, &events, seen) {
            seen |= l.bit();
            order.push(l);
        }
        if state.winner.is_some() {
            break;
        }
        // As the bot plays it: the AI answers as soon as it is asked, so of a question
        // put to both (the battle cards), it answers first.
        let seat = if state.waits_for(1) { 1 } else { 0 };
        let input = if seat == 0 {
            inputs += 1;
            state.legal(rules, 0)[learner_pick(rules, &state, 0)]
        } else {
            let view = state.view(rules, Some(1));
            let legal = state.legal(rules, 1);
            AiSeats
                .choose(rules, &view, &legal, beginner)
                .ok_or("the AI had no move")?
        };
        events = state
            .apply(rules, seat, &input)
            .map_err(|e| e.to_string())?;
        if first_battle.is_none()
            && events
                .iter()
                .any(|e| matches!(e, Event::BattleStarted { .. }))
        {
            first_battle = Some(inputs);
        }
    }
    Ok(Played {
        setup,
        inputs,
        first_battle,
        lessons: order,
        won: state.winner == Some(0),
        turns: state.turn,
    })
}

/// Plays `seeds` deals from `first` for each clan pairing given (the learner's clan
/// first) and prints them best first: every lesson but the rare ones (a crystal's
/// effect, a reshuffle) come, the first battle early, the match short.
pub fn cli(pairs: &[[u8; 2]], first: u64, seeds: u64) -> Result<(), String> {
    let rules = Rules::base();
    let mut rows = Vec::new();
    for &clans in pairs {
        for seed in first..first + seeds {
            let setup = Setup {
                clans,
                seed,
                mulligan: false,
            };
            rows.push(play(&rules, setup, 5_000)?);
        }
    }
    let needed = [
        Lesson::Summon,
        Lesson::Activate,
        Lesson::Battle,
        Lesson::Score,
        Lesson::Signature,
        Lesson::End,
    ];
    let key = |p: &Played| {
        let missing = needed.iter().filter(|l| !p.lessons.contains(l)).count();
        (missing, p.first_battle.unwrap_or(usize::MAX), p.inputs)
    };
    rows.sort_by_key(key);
    println!("clans,seed,learner_inputs,first_battle_after,turns,learner_won,lessons");
    for p in &rows {
        println!(
            "{}-{},{},{},{},{},{},{}",
            p.setup.clans[0],
            p.setup.clans[1],
            p.setup.seed,
            p.inputs,
            p.first_battle.map_or("-".into(), |n| n.to_string()),
            p.turns,
            p.won,
            p.lessons
                .iter()
                .map(|l| format!("{l:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    Ok(())
}

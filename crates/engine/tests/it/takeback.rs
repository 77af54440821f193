//! Taking back a misclick (`crates/engine/src/game/takeback.rs`): what is undone, when
//! it is refused, and that an allowed takeback never moves hidden information.

use crystal_clans_engine::game::takeback::{Denied, Plan, plan};
use crystal_clans_engine::game::{
    Event, Input, Question, RULES_VERSION, Rules, Seat, Setup, State,
};
use crystal_clans_engine::selfplay::random_inputs;

fn setup(seed: u64) -> Setup {
    Setup {
        clans: [(seed % 6) as u8, (seed / 6 % 6) as u8],
        seed,
        mulligan: seed.is_multiple_of(3),
    }
}

fn replay(rules: &Rules, setup: &Setup, log: &[(Seat, Input)]) -> (State, Vec<Vec<Event>>) {
    let (mut s, _) = State::new(rules, setup.clone()).expect("deals");
    let events = log
        .iter()
        .map(|(seat, i)| s.apply(rules, *seat, i).expect("replays"))
        .collect();
    (s, events)
}

fn plan_of(
    rules: &Rules,
    setup: &Setup,
    log: &[(Seat, Input)],
    asker: Seat,
    ai: bool,
) -> Result<Plan, Denied> {
    plan(rules, setup.clone(), RULES_VERSION, log, asker, ai).expect("the log replays")
}

/// The log up to and including the first input after which `pick` holds.
fn log_until(
    rules: &Rules,
    seed: u64,
    pick: impl Fn(&State, &[Event]) -> bool,
) -> Option<(Setup, Vec<(Seat, Input)>)> {
    let setup = setup(seed);
    let all = random_inputs(rules, setup.clone(), seed, |_| false).ok()?;
    let (mut s, _) = State::new(rules, setup.clone()).ok()?;
    for (n, (seat, input)) in all.iter().enumerate() {
        let ev = s.apply(rules, *seat, input).ok()?;
        if pick(&s, &ev) {
            return Some((setup, all[..=n].to_vec()));
        }
    }
    None
}

fn first_log(
    rules: &Rules,
    pick: impl Fn(&State, &[Event]) -> bool + Copy,
) -> (Setup, Vec<(Seat, Input)>) {
    (0..400)
        .find_map(|seed| log_until(rules, seed, pick))
        .expect("some random game has such a position")
}

#[test]
fn a_summon_is_taken_back_whole_and_the_match_is_as_before() {
    let rules = Rules::base();
    let (setup, log) = first_log(&rules, |_, ev| {
        ev.iter().any(|e| matches!(e, Event::Summoned { .. }))
            && !ev
                .iter()
                .any(|e| matches!(e, Event::Drew { .. } | Event::Reshuffled { .. }))
    });
    let (seat, input) = *log.last().unwrap();
    assert!(matches!(
        input,
        Input::Summon(_) | Input::SummonTo { .. } | Input::Order(_)
    ));
    let p = plan_of(&rules, &setup, &log, seat, false).expect("a plain summon may be taken back");
    assert!(matches!(
        log[p.first].1,
        Input::Summon(_) | Input::SummonTo { .. }
    ));
    assert_eq!(p.replies, 0);
    let (before, _) = replay(&rules, &setup, &log[..p.first]);
    assert_eq!(p.state, before, "the match is exactly as before the action");
    assert_eq!(p.state.pending().question, Question::Action);
    // The other seat asks nothing back: her last action is older, and the asker's
    // inputs since are not hers to undo.
    assert!(matches!(
        plan_of(&rules, &setup, &log, 1 - seat, false),
        Err(Denied::OpponentAnswered | Denied::Nothing | Denied::Reveals)
    ));
}

#[test]
fn nothing_to_take_back_before_the_first_action() {
    let rules = Rules::base();
    let setup = Setup {
        clans: [0, 1],
        seed: 3,
        mulligan: true,
    };
    let (s, _) = State::new(&rules, setup.clone()).unwrap();
    assert_eq!(plan_of(&rules, &setup, &[], 0, false), Err(Denied::Nothing));
    // The mulligans are no action.
    let mut log = Vec::new();
    let mut s = s;
    while s.pending().question == Question::Mulligan {
        let seat = s.pending().seats[0];
        let input = s.legal(&rules, seat)[0];
        s.apply(&rules, seat, &input).unwrap();
        log.push((seat, input));
    }
    for seat in [0, 1] {
        assert_eq!(
            plan_of(&rules, &setup, &log, seat, false),
            Err(Denied::Nothing)
        );
    }
}

#[test]
fn an_action_that_drew_stays() {
    let rules = Rules::base();
    // The cards come in with the last discard's `Done`, an input after the choice.
    let (setup, log) = first_log(&rules, |s, ev| {
        s.turn > 1
            && ev
                .iter()
                .any(|e| matches!(e, Event::Drew { count, .. } if *count > 0))
    });
    let seat = log.last().unwrap().0;
    assert_eq!(
        plan_of(&rules, &setup, &log, seat, false),
        Err(Denied::Reveals)
    );
    assert_eq!(
        plan_of(&rules, &setup, &log, seat, true),
        Err(Denied::Reveals)
    );
}

#[test]
fn a_revealed_battle_card_stays() {
    let rules = Rules::base();
    let (setup, log) = first_log(&rules, |_, ev| {
        ev.iter()
            .any(|e| matches!(e, Event::BattleCardsRevealed { .. }))
    });
    for seat in [0, 1] {
        for ai in [false, true] {
            assert!(plan_of(&rules, &setup, &log, seat, ai).is_err());
        }
    }
}

#[test]
fn against_a_person_an_answer_of_theirs_stops_it_against_the_ai_it_goes_too() {
    let rules = Rules::base();
    // The turn passed, and the other player's first input since was harmless (an
    // action of public moves only).
    let (setup, log) = first_log(&rules, |s, ev| {
        !ev.is_empty()
            && ev.iter().all(|e| {
                matches!(
                    e,
                    Event::Paid { .. }
                        | Event::Summoned { .. }
                        | Event::Activated { .. }
                        | Event::Moved { .. }
                        | Event::Reordered { .. }
                        | Event::TurnPassed { .. }
                        | Event::TurnStarted { .. }
                        | Event::InitiativeGained { .. }
                )
            })
            && s.turn >= 3
    });
    let (last_seat, _) = *log.last().unwrap();
    let asker = 1 - last_seat;
    // Only when the asker's last action is followed by the other seat's input.
    let asked = plan_of(&rules, &setup, &log, asker, false);
    let with_ai = plan_of(&rules, &setup, &log, asker, true);
    match with_ai {
        Ok(p) => {
            assert!(p.replies > 0, "the AI's reply is undone with it");
            assert_eq!(asked, Err(Denied::OpponentAnswered));
            let (before, _) = replay(&rules, &setup, &log[..p.first]);
            assert_eq!(p.state, before);
            assert_eq!(log[p.first].0, asker);
        }
        Err(d) => assert!(matches!(d, Denied::Reveals | Denied::Nothing), "{d:?}"),
    }
}

/// Regression (issue 48, item 8): a takeback against the AI undid its reply when that
/// reply summoned cards from its hand, so the asker saw cards that went back into the
/// AI's hidden hand. Over many random games, whenever the AI's undone reply summoned,
/// the takeback is refused; the asker's own summon still goes.
#[test]
fn a_takeback_against_the_ai_never_hides_cards_its_reply_summoned() {
    let rules = Rules::base();
    let (mut refused, mut own) = (0, 0);
    for seed in 0..30 {
        let setup = setup(seed);
        let log = random_inputs(&rules, setup.clone(), seed, |s| s.turn > 20).unwrap();
        let (_, events) = replay(&rules, &setup, &log);
        for n in 1..=log.len().min(300) {
            let prefix = &log[..n];
            for asker in [0, 1] {
                // The unit the AI's takeback would undo, judged without the summons.
                let Some(first) = (0..n).rev().find(|&i| {
                    prefix[i].0 == asker
                        && replay(&rules, &setup, &prefix[..i]).0.pending().question
                            == Question::Action
                }) else {
                    continue;
                };
                let summoned_by = |seat: Seat| {
                    events[first..n]
                        .iter()
                        .flatten()
                        .any(|e| matches!(e, Event::Summoned { seat: s, .. } if *s == seat))
                };
                let verdict = plan_of(&rules, &setup, prefix, asker, true);
                if summoned_by(1 - asker) {
                    assert!(
                        verdict.is_err(),
                        "seed {seed}, input {n}: the AI's summon undone"
                    );
                    refused += 1;
                } else if summoned_by(asker) && verdict.is_ok() {
                    own += 1;
                }
            }
        }
    }
    assert!(refused > 20, "only {refused} replies with a summon");
    assert!(own > 20, "only {own} takebacks of the asker's own summon");
}

/// Over many random games and every position: an allowed takeback restores the match
/// exactly as it was before the asker's last choice of action, undoes nothing of the
/// opponent's (against a person), and no hidden card moved: the draw piles, the
/// opponent's hand and the random generator are as they were, and nothing undone was
/// drawn, looked at or revealed. Refusals cover the rest.
#[test]
fn an_allowed_takeback_never_moves_hidden_information() {
    let rules = Rules::base();
    let (mut allowed, mut ai_allowed, mut revealing) = (0, 0, 0);
    for seed in 0..20 {
        let setup = setup(seed);
        let log = random_inputs(&rules, setup.clone(), seed, |s| s.turn > 30).unwrap();
        let (_, events) = replay(&rules, &setup, &log);
        for n in 1..=log.len().min(400) {
            let prefix = &log[..n];
            let (now, _) = replay(&rules, &setup, prefix);
            for asker in [0, 1] {
                for ai in [false, true] {
                    let Ok(p) = plan_of(&rules, &setup, prefix, asker, ai) else {
                        continue;
                    };
                    if ai {
                        ai_allowed += 1;
                    } else {
                        allowed += 1;
                        assert!(prefix[p.first..].iter().all(|(s, _)| *s == asker));
                    }
                    assert_eq!(prefix[p.first].0, asker);
                    assert_eq!(p.state.pending().question, Question::Action);
                    let (before, _) = replay(&rules, &setup, &prefix[..p.first]);
                    assert_eq!(p.state, before);
                    assert_eq!(p.state.rng, now.rng);
                    // A draw pile keeps its hidden order: it may have lost its top card
                    // to the asker's battle card from the deck (seen by nobody until the
                    // reveal) and gained a card recovered in public from a discard pile.
                    let undone: Vec<&Event> = events[p.first..n].iter().flatten().collect();
                    let from_deck = undone.iter().any(|e| {
                        matches!(e, Event::BattleCardChosen { seat, from_deck: true, .. } if *seat == asker)
                    });
                    for s in 0..2 {
                        let (was, is) = (&p.state.players[s].draw, &now.players[s].draw);
                        let kept: Vec<u8> =
                            was.iter().copied().filter(|c| is.contains(c)).collect();
                        let still: Vec<u8> =
                            is.iter().copied().filter(|c| was.contains(c)).collect();
                        assert_eq!(kept, still, "seed {seed}, input {n}: the order moved");
                        for c in is.iter().filter(|c| !was.contains(c)) {
                            assert!(
                                undone.iter().any(
                                    |e| matches!(e, Event::Recovered { card, .. } if card == c)
                                )
                            );
                        }
                        let lost = was.iter().filter(|c| !is.contains(c)).count();
                        assert!(lost == 0 || (lost == 1 && from_deck && s == asker as usize));
                    }
                    // A card may have left the opponent's hand in public (the AI's
                    // summon) or come into it in public (a unit or a discarded card
                    // returned), none unseen.
                    let other = 1 - asker as usize;
                    let hand = &p.state.players[other].hand;
                    for c in now.players[other].hand.iter().filter(|c| !hand.contains(c)) {
                        assert!(
                            undone.iter().any(|e| matches!(
                                e,
                                Event::Recovered { card, .. } | Event::ReturnedToHand { card, .. }
                                    if card == c
                            )),
                            "seed {seed}, input {n}: {c} came into the hand unseen"
                        );
                    }
                    for ev in events[p.first..n].iter().flatten() {
                        assert!(
                            !matches!(
                                ev,
                                Event::Drew { .. }
                                    | Event::Looked { .. }
                                    | Event::Reshuffled { .. }
                                    | Event::BattleCardsRevealed { .. }
                                    | Event::CrystalRevealed { .. }
                                    | Event::Milled { .. }
                            ),
                            "seed {seed}, input {n}: {ev:?} undone"
                        );
                    }
                }
            }
            if events[n - 1]
                .iter()
                .any(|e| matches!(e, Event::Drew { .. } | Event::BattleCardsRevealed { .. }))
            {
                let seat = prefix[n - 1].0;
                assert!(plan_of(&rules, &setup, prefix, seat, true).is_err());
                revealing += 1;
            }
        }
    }
    assert!(allowed > 200, "only {allowed} takebacks allowed");
    assert!(
        ai_allowed > allowed,
        "{ai_allowed} against the AI, {allowed} against a person"
    );
    assert!(revealing > 50, "only {revealing} revealing inputs");
}

#[test]
fn a_finished_match_takes_nothing_back() {
    let rules = Rules::base();
    let setup = setup(7);
    let log = random_inputs(&rules, setup.clone(), 7, |_| false).unwrap();
    let (end, _) = replay(&rules, &setup, &log);
    assert!(end.winner.is_some());
    for seat in [0, 1] {
        assert_eq!(plan_of(&rules, &setup, &log, seat, true), Err(Denied::Over));
    }
}

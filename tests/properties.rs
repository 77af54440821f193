//! Property tests over random legal play (see issue "Rules engine"): no panic, every
//! card accounted for, the token on the track, a waiting seat always has a legal
//! input, illegal inputs change nothing, games end, replays are byte-identical.

use crystal_clans::game::rng::below;
use crystal_clans::game::state::Cards;
use crystal_clans::game::{Event, Input, Rules, Setup, State};
use crystal_clans::selfplay::{self, MAX_INPUTS};
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Every card instance in exactly one place, the token on the track, squads within
/// their limits (`State::validate`).
fn check_cards(state: &State, rules: &Rules) -> Result<(), String> {
    state.validate(rules)
}

fn check_waiting(state: &State, rules: &Rules) -> Result<(), String> {
    if state.winner.is_some() {
        return Ok(());
    }
    let pending = state.pending();
    if pending.seats.is_empty() {
        return Err("the match waits for nobody".into());
    }
    for &seat in &pending.seats {
        if state.legal(rules, seat).is_empty() {
            return Err(format!(
                "seat {seat} must answer {:?} but has no legal input",
                pending.question
            ));
        }
    }
    for seat in 0..2 {
        if !pending.seats.contains(&seat) && !state.legal(rules, seat).is_empty() {
            return Err(format!("seat {seat} has legal inputs but is not asked"));
        }
    }
    Ok(())
}

fn invariants(rules: &Rules) -> impl FnMut(&State, &[Event]) -> Result<(), String> + '_ {
    move |state, _| {
        check_cards(state, rules)?;
        check_waiting(state, rules)
    }
}

#[test]
fn random_play_keeps_every_invariant_for_every_pair_of_clans() {
    let rules = Rules::base();
    let pairs = selfplay::all_pairs(&rules);
    for (i, clans) in pairs.iter().enumerate() {
        for g in 0..16u64 {
            let seed = i as u64 * 1000 + g;
            let setup = Setup {
                clans: *clans,
                seed,
                mulligan: g % 2 == 0,
            };
            let (result, _) = selfplay::play_random(&rules, setup, seed + 7, invariants(&rules))
                .unwrap_or_else(|e| panic!("clans {clans:?} seed {seed}: {e}"));
            assert!(
                result.winner.is_some(),
                "clans {clans:?} seed {seed}: no winner after {MAX_INPUTS} inputs"
            );
        }
    }
}

/// The kinds an input names, so inputs that differ only by which copy of a card
/// they use compare equal.
fn kind_form(state: &State, input: &Input) -> String {
    let k = |c: &u8| state.kinds[*c as usize];
    let set = |cards: &Cards| {
        let mut v: Vec<_> = cards.iter().map(k).collect();
        v.sort();
        v
    };
    match input {
        Input::Mulligan(c) => format!("mulligan{:?}", set(c)),
        Input::Summon(c) => format!("summon{:?}", set(c)),
        Input::Order(c) => format!("order{:?}", c.iter().map(k).collect::<Vec<_>>()),
        Input::Move { cards, to } => format!("move{:?}{to}", set(cards)),
        Input::BattleCard(c) => format!("battle_card{}", k(c)),
        Input::Discard(c) => format!("discard{}", k(c)),
        Input::Unit(c) => format!("unit{c}"),
        Input::SummonTo { cards, zone, via } => format!("summon_to{:?}{zone}{via:?}", set(cards)),
        Input::Pick(c) => format!("pick{}", k(c)),
        Input::Inform { keep, order } => format!(
            "inform{}{:?}",
            k(keep),
            order.iter().map(k).collect::<Vec<_>>()
        ),
        Input::Tuck { card, top } => format!("tuck{}{top}", k(card)),
        other => format!("{other:?}"),
    }
}

fn random_input(rng: &mut Pcg32) -> Input {
    let card = |rng: &mut Pcg32| below(rng, 56) as u8;
    let cards =
        |rng: &mut Pcg32| -> Cards { (0..below(rng, 5)).map(|_| below(rng, 56) as u8).collect() };
    use crystal_clans::game::pack::{Stat, Style};
    use crystal_clans::game::state::Via;
    match below(rng, 24) {
        0 => Input::Mulligan(cards(rng)),
        1 => Input::Summon(cards(rng)),
        2 => Input::Activate(below(rng, 11) as u8),
        3 => Input::Score(below(rng, 17) as u8),
        4 => Input::Replenish,
        5 => Input::Invade,
        6 => Input::Order(cards(rng)),
        7 => Input::Move {
            cards: cards(rng),
            to: below(rng, 11) as u8,
        },
        8 => Input::Stay,
        9 => Input::Battle(below(rng, 2) == 0),
        10 => Input::BattleCard(card(rng)),
        11 => Input::First(below(rng, 3) as u8),
        12 => Input::Draw(below(rng, 5) as u8),
        13 => Input::Discard(card(rng)),
        14 => Input::Done,
        15 => Input::SummonTo {
            cards: cards(rng),
            zone: below(rng, 11) as u8,
            via: [
                Via::Home,
                Via::Build,
                Via::RaiseTheDead,
                Via::Shift,
                Via::Pyramid,
            ][below(rng, 5) as usize],
        },
        16 => Input::Predict([Style::Bold, Style::Guarded, Style::Tricky][below(rng, 3) as usize]),
        17 => Input::Sacrifice(if below(rng, 2) == 0 {
            Stat::Attack
        } else {
            Stat::Defense
        }),
        18 => Input::UseCrystal(below(rng, 17) as u8),
        19 => Input::Accept(below(rng, 2) == 0),
        20 => Input::Pick(card(rng)),
        21 => Input::Inform {
            keep: card(rng),
            order: cards(rng),
        },
        22 => Input::Tuck {
            card: card(rng),
            top: below(rng, 2) == 0,
        },
        _ => Input::Unit(card(rng)),
    }
}

#[test]
fn illegal_inputs_are_refused_and_change_nothing() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(99);
    let mut refused = 0;
    let mut accepted = 0;
    for g in 0..30u64 {
        let setup = Setup {
            clans: [(g % 6) as u8, ((g / 6) % 6) as u8],
            seed: g,
            mulligan: g % 3 == 0,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        let mut steps = 0;
        while state.winner.is_none() && steps < 3000 {
            steps += 1;
            // A burst of random (mostly illegal) inputs from either seat.
            for _ in 0..4 {
                let seat = below(&mut rng, 2) as u8;
                let input = random_input(&mut rng);
                let before = state.clone();
                let legal = state.legal(&rules, seat);
                match state.apply(&rules, seat, &input) {
                    Err(_) => {
                        refused += 1;
                        assert_eq!(state, before, "a refused input {input:?} changed the state");
                    }
                    Ok(_) => {
                        accepted += 1;
                        let form = kind_form(&before, &input);
                        assert!(
                            legal.iter().any(|l| kind_form(&before, l) == form),
                            "{input:?} was accepted from seat {seat} but is not among the legal inputs {legal:?}"
                        );
                    }
                }
            }
            if state.winner.is_some() {
                break;
            }
            let pending = state.pending();
            let seat = pending.seats[below(&mut rng, pending.seats.len() as u32) as usize];
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize].clone();
            state.apply(&rules, seat, &input).unwrap();
        }
    }
    assert!(refused > 1000, "too few refusals exercised: {refused}");
    assert!(accepted > 0, "no random input was ever legal: {accepted}");
}

#[test]
fn inputs_from_a_seat_that_is_not_asked_are_refused() {
    let rules = Rules::base();
    let (mut state, _) = State::new(
        &rules,
        Setup {
            clans: [0, 1],
            seed: 5,
            mulligan: false,
        },
    )
    .unwrap();
    let waiting = state.pending().seats[0];
    let other = 1 - waiting;
    let before = state.clone();
    let err = state.apply(&rules, other, &Input::Replenish).unwrap_err();
    assert!(err.to_string().contains("not waiting for you"), "{err}");
    assert_eq!(state, before);
}

#[test]
fn same_seed_and_inputs_give_byte_identical_state_json() {
    let rules = Rules::base();
    for seed in [1u64, 2, 3, 42] {
        let setup = Setup {
            clans: [4, 1],
            seed,
            mulligan: true,
        };
        let mut inputs = Vec::new();
        let (_, first) = selfplay::play_random(&rules, setup.clone(), seed, |_, _| Ok(())).unwrap();
        // Replay by recording the inputs of a second run with the same player seed.
        let (mut state, _) = State::new(&rules, setup.clone()).unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        while state.winner.is_none() {
            let pending = state.pending();
            let seat = pending.seats[below(&mut rng, pending.seats.len() as u32) as usize];
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize].clone();
            state.apply(&rules, seat, &input).unwrap();
            inputs.push((seat, input));
        }
        let (mut replay, _) = State::new(&rules, setup).unwrap();
        for (seat, input) in &inputs {
            replay.apply(&rules, *seat, input).unwrap();
        }
        let a = serde_json::to_string(&first).unwrap();
        let b = serde_json::to_string(&state).unwrap();
        let c = serde_json::to_string(&replay).unwrap();
        assert_eq!(a, b);
        assert_eq!(b, c);
        // And the JSON round-trips to the same state.
        let back: State = serde_json::from_str(&c).unwrap();
        assert_eq!(back, replay);
    }
}

#[test]
fn hidden_information_stays_out_of_the_opponents_view() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(3);
    for g in 0..20u64 {
        let (mut state, _) = State::new(
            &rules,
            Setup {
                clans: [(g % 6) as u8, 2],
                seed: g,
                mulligan: true,
            },
        )
        .unwrap();
        while state.winner.is_none() {
            for viewer in 0..2u8 {
                let view = state.view(&rules, Some(viewer));
                let json = serde_json::to_string(&view).unwrap();
                // The opponent's hand cards appear nowhere unless they are public anyway.
                let other = &state.players[1 - viewer as usize];
                assert_eq!(
                    view.players[1 - viewer as usize].hand_count as usize,
                    other.hand.len()
                );
                if let Some(b) = &view.battle
                    && !b.revealed
                {
                    assert!(
                        b.cards[1 - viewer as usize].is_none(),
                        "an unrevealed battle card leaked"
                    );
                }
                assert!(!json.contains("\"draw\""), "a draw pile leaked into a view");
            }
            let spectator = state.view(&rules, None);
            assert!(spectator.hand.is_none());
            let pending = state.pending();
            let seat = pending.seats[below(&mut rng, pending.seats.len() as u32) as usize];
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize].clone();
            let events = state.apply(&rules, seat, &input).unwrap();
            for e in &events {
                let public = e.redact(Some(1 - seat));
                if let Event::Drew { cards, .. } = &public {
                    assert!(
                        cards.is_none() || matches!(e, Event::Drew { seat: s, .. } if *s != seat)
                    );
                }
                if let Event::BattleCardChosen { seat: s, card, .. } = e.redact(Some(
                    1 - *match e {
                        Event::BattleCardChosen { seat, .. } => seat,
                        _ => &seat,
                    },
                )) {
                    let _ = s;
                    assert!(card.is_none(), "the opponent saw a chosen battle card");
                }
            }
        }
    }
}

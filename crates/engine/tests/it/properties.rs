//! Property tests over random legal play (see issue "Rules engine"): no panic, every
//! card accounted for, the token on the track, a waiting seat always has a legal
//! input, illegal inputs change nothing, games end, replays are byte-identical. The
//! same invariants hold for valid packs at their limits (issue "Faults and abuse"):
//! every number at its maximum, under the test profile's overflow checks.

use crystal_clans_engine::game::rng::below;
use crystal_clans_engine::game::state::Cards;
use crystal_clans_engine::game::{Event, Input, Rules, Setup, State};
use crystal_clans_engine::selfplay::{self, MAX_INPUTS};
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

fn random_input(rng: &mut Pcg32) -> Input {
    let card = |rng: &mut Pcg32| below(rng, 56) as u8;
    let cards =
        |rng: &mut Pcg32| -> Cards { (0..below(rng, 5)).map(|_| below(rng, 56) as u8).collect() };
    use crystal_clans_engine::game::pack::{Stat, Style};
    use crystal_clans_engine::game::state::Via;
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
                        assert!(
                            legal.iter().any(|l| before.same_choice(l, &input)),
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
            let input = legal[below(&mut rng, legal.len() as u32) as usize];
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
        // The random player reusing its buffers (pick_legal, apply_legal_into) plays
        // exactly as with a new vector per call (legal, a new event vector); the
        // checked `apply` below plays the same game too.
        let (_, fresh) = selfplay::play_random_with(
            &rules,
            setup.clone(),
            seed,
            selfplay::Buffers::Fresh,
            |_, _| Ok(()),
        )
        .unwrap();
        assert_eq!(first, fresh);
        // Replay by recording the inputs of a second run with the same player seed.
        let (mut state, _) = State::new(&rules, setup.clone()).unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        while state.winner.is_none() {
            let pending = state.pending();
            let seat = pending.seats[below(&mut rng, pending.seats.len() as u32) as usize];
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize];
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
            let input = legal[below(&mut rng, legal.len() as u32) as usize];
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

// ---- extreme but valid packs ----------------------------------------------------------

/// Every parameterised battle effect atom, its number at the largest value a pack may
/// give (`u8::MAX`), plus the atoms without a number.
const EXTREME_ATOMS: &[&str] = &[
    "attack(255)",
    "defense(255)",
    "attack_per(devout, 255)",
    "attack_per(flying, 255)",
    "draw(255)",
    "draw_per_destroyed",
    "return",
    "destroy(top)",
    "destroy(bottom)",
    "destroy(choice)",
    "opponent_removes_unit",
    "join_squad",
    "double_attack_if_all(flying)",
    "ignore(attack)",
    "ignore(defense)",
    "retreat",
    "send_enemy_home",
    "opponent_mills(255)",
    "gain_initiative(255)",
    "nothing",
];

/// Every crystal effect, numbers at `u8::MAX`.
const EXTREME_CRYSTALS: &[&str] = &[
    "broken_vessel",
    "winds_wish",
    "sorens_bounty",
    "mygards_shield",
    "fox_tail",
    "astral_pyramid",
    "bitter_blessing",
    "keeper_of_souls",
    "on_gain_draw(255)",
    "on_gain_initiative(255)",
    "on_gain_opponent_mills(255)",
    "on_gain_recover(255)",
    "battle_attack(255)",
    "battle_defense(255)",
    "on_gain_summon",
];

/// How a pack is pushed to its limits.
#[derive(Clone, Copy, Debug)]
enum Extreme {
    /// Every crystal has this effect; every printed attack and defense is 255, every
    /// effect number 255; costs as in the base pack so battles are frequent.
    AllCrystals(&'static str),
    /// Random cards and crystals from `seed`: each value either its validated maximum
    /// or minimum, each effect side a random list of up to `MAX_EFFECT_ATOMS` atoms;
    /// the default board with its track at the shortest, the longest or its own length.
    Random(u64),
}

/// The base pack edited as TOML and loaded through `Pack::parse`, so it is valid by
/// the same rules as any pack file.
fn extreme_rules(how: Extreme) -> Rules {
    use crystal_clans_engine::game::pack::{MAX_COST, MAX_EFFECT_ATOMS, MAX_SQUAD_LIMIT};
    use crystal_clans_engine::game::{Board, Pack};
    let mut doc: toml::Table =
        toml::from_str(crystal_clans_engine::game::pack::BASE_PACK_TOML).expect("the base pack");
    let mut rng = Pcg32::seed_from_u64(match how {
        Extreme::Random(seed) => seed,
        _ => 0,
    });
    let random = matches!(how, Extreme::Random(_));
    let mut pick = |n: usize| below(&mut rng, n as u32) as usize;
    // A random pack takes each value at its minimum or its maximum; the fixed ones
    // always at the maximum.
    let extreme = |pick: &mut dyn FnMut(usize) -> usize, min: u64, max: u64| {
        if !random || pick(2) == 0 { max } else { min }
    };
    let int = |v: u64| toml::Value::Integer(v as i64);
    for clan in doc["clans"].as_array_mut().unwrap() {
        let clan = clan.as_table_mut().unwrap();
        if clan.contains_key("horde_limit") {
            clan.insert("horde_limit".into(), int(MAX_SQUAD_LIMIT as u64));
        }
    }
    for card in doc["cards"].as_array_mut().unwrap() {
        let card = card.as_table_mut().unwrap();
        card.insert("attack".into(), int(extreme(&mut pick, 0, 255)));
        card.insert("defense".into(), int(extreme(&mut pick, 1, 255)));
        if random {
            card.insert("summon".into(), int(extreme(&mut pick, 0, MAX_COST as u64)));
            card.insert(
                "activation".into(),
                int(extreme(&mut pick, 1, MAX_COST as u64)),
            );
        }
        for side in ["left", "right"] {
            let atoms: Vec<toml::Value> = if random {
                (0..1 + pick(MAX_EFFECT_ATOMS))
                    .map(|_| toml::Value::String(EXTREME_ATOMS[pick(EXTREME_ATOMS.len())].into()))
                    .collect()
            } else {
                card[side]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| {
                        let a = a.as_str().unwrap();
                        // Every number in the atom at its maximum.
                        let maxed = match a.split_once('(') {
                            Some((head, args)) => {
                                let args: Vec<&str> = args
                                    .trim_end_matches(')')
                                    .split(',')
                                    .map(|x| {
                                        let x = x.trim();
                                        if x.parse::<u8>().is_ok() { "255" } else { x }
                                    })
                                    .collect();
                                format!("{head}({})", args.join(", "))
                            }
                            None => a.to_string(),
                        };
                        toml::Value::String(maxed)
                    })
                    .collect()
            };
            card.insert(side.into(), toml::Value::Array(atoms));
        }
    }
    for crystal in doc["crystals"].as_array_mut().unwrap() {
        let crystal = crystal.as_table_mut().unwrap();
        let effect = match how {
            Extreme::AllCrystals(effect) => effect,
            Extreme::Random(_) => {
                crystal.insert("cost".into(), int(extreme(&mut pick, 0, 255)));
                EXTREME_CRYSTALS[pick(EXTREME_CRYSTALS.len())]
            }
        };
        crystal.insert("effect".into(), toml::Value::String(effect.into()));
    }
    let text = toml::to_string(&doc).unwrap();
    let pack = Pack::parse("extreme.toml", &text)
        .unwrap_or_else(|e| panic!("the {how:?} pack must be valid: {e}"));
    let track = match how {
        Extreme::Random(seed) => [4, 60, 20][seed as usize % 3],
        Extreme::AllCrystals(_) => 20,
    };
    let board = crystal_clans_engine::game::board::DEFAULT_BOARD_TOML
        .replace("track_length = 20", &format!("track_length = {track}"));
    Rules {
        pack,
        board: Board::parse("extreme-board.toml", &board).unwrap(),
    }
}

/// Plays `games` random games on every pair of clans (cycling) with the invariants
/// checked after every input; returns how many ended with a winner.
fn play_extreme(rules: &Rules, how: Extreme, games: u64) -> u64 {
    let pairs = selfplay::all_pairs(rules);
    let mut finished = 0;
    for g in 0..games {
        let clans = pairs[(g as usize * 7) % pairs.len()];
        let setup = Setup {
            clans,
            seed: g,
            mulligan: g % 2 == 0,
        };
        let (result, _) = selfplay::play_random(rules, setup, g ^ 0x5EED, invariants(rules))
            .unwrap_or_else(|e| panic!("{how:?} pack, clans {clans:?} seed {g}: {e}"));
        finished += u64::from(result.winner.is_some());
    }
    finished
}

// The engine's sums and counters stay in range with every number of a pack at its
// validated limit. The test build has overflow checks (Cargo.toml, `[profile.test]`),
// so an overflow is a panic here, not a silently wrapped value.

#[test]
fn every_crystal_battle_attack_255_never_overflows() {
    let how = Extreme::AllCrystals("battle_attack(255)");
    let finished = play_extreme(&extreme_rules(how), how, 120);
    assert!(finished > 0, "no game ended");
}

#[test]
fn every_crystal_battle_defense_255_never_overflows() {
    let how = Extreme::AllCrystals("battle_defense(255)");
    let finished = play_extreme(&extreme_rules(how), how, 120);
    assert!(finished > 0, "no game ended");
}

/// One effect can reshuffle a one-card pile 255 times, each owing a free score; a
/// free crystal with the same effect owes 255 more. The count saturates, and since
/// no more crystals than the market holds can be paid, the match plays on: the scorer
/// takes free crystals until she has four.
#[test]
fn reshuffles_past_255_in_one_action_saturate_the_owed_scores() {
    use crystal_clans_engine::game::Question;
    let rules = extreme_rules(Extreme::AllCrystals("on_gain_opponent_mills(255)"));
    let (mut state, _) = State::new(
        &rules,
        Setup {
            clans: [0, 1],
            seed: 1,
            mulligan: false,
        },
    )
    .unwrap();
    let me = state.active;
    let them = 1 - me;
    // The opponent has one card in her discard pile and nothing else to draw.
    let p = &mut state.players[them as usize];
    let mut cards: Vec<u8> = std::mem::take(&mut p.draw)
        .into_iter()
        .chain(std::mem::take(&mut p.hand))
        .collect();
    p.discard.push(cards.pop().unwrap());
    p.removed.extend(cards);
    // The scorer controls two crystal zones.
    for &zone in &rules.board.crystal_zones[..2] {
        let unit = state.players[me as usize].hand.pop().unwrap();
        state.squads.squad_mut(zone, me).push(unit);
    }
    state.validate(&rules).unwrap();

    let reshuffles = |events: &[Event]| {
        events
            .iter()
            .filter(|e| matches!(e, Event::Reshuffled { seat, .. } if *seat == them))
            .count()
    };
    let events = state
        .apply(&rules, me, &Input::Score(state.market[0]))
        .unwrap();
    assert_eq!(reshuffles(&events), 255);
    let mut free = 0;
    while state.winner.is_none() {
        // 255 owed, one of them being asked for now.
        assert_eq!(state.owed_scores[me as usize], 254);
        let pending = state.pending();
        assert_eq!(
            (pending.seats, pending.question),
            (vec![me], Question::FreeScore)
        );
        let events = state
            .apply(&rules, me, &Input::Score(state.market[0]))
            .unwrap();
        state.validate(&rules).unwrap();
        free += 1;
        if state.winner.is_none() {
            // 254 + 255 saturated at 255.
            assert_eq!(reshuffles(&events), 255);
        }
    }
    assert_eq!((state.winner, free), (Some(me), 3));
}

#[test]
fn random_packs_at_their_limits_keep_every_invariant() {
    for seed in 0..8 {
        let how = Extreme::Random(seed);
        play_extreme(&extreme_rules(how), how, 20);
    }
}

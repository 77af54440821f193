//! `legal` lists every input `apply` accepts, once per choice (issue 14): on random
//! positions, every candidate input that `apply` accepts is the same choice
//! (`State::same_choice`) as exactly one legal input, every legal input is accepted,
//! and no two legal inputs are the same choice. Candidates are the legal inputs with
//! one card swapped for each other copy of its kind (wherever it is: hand, discard
//! pile, squads, draw pile), plus random inputs.

use crystal_clans_engine::game::choice::Place;
use crystal_clans_engine::game::rng::below;
use crystal_clans_engine::game::state::{CardId, Cards, TOTAL_CARDS};
use crystal_clans_engine::game::{Input, Rules, Seat, Setup, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// The card lists and single cards an input names, with a way to put them back.
fn cards_of(input: &Input) -> Vec<CardId> {
    match input {
        Input::Mulligan(c) | Input::Summon(c) | Input::Order(c) => c.to_vec(),
        Input::Move { cards, .. } | Input::SummonTo { cards, .. } => cards.to_vec(),
        Input::BattleCard(c) | Input::Discard(c) | Input::Unit(c) | Input::Pick(c) => vec![*c],
        Input::Inform { keep, order } => std::iter::once(*keep)
            .chain(order.iter().copied())
            .collect(),
        Input::Tuck { card, .. } => vec![*card],
        _ => vec![],
    }
}

/// `input` with its `i`-th card (in `cards_of` order) replaced by `by`.
fn swap(input: &Input, i: usize, by: CardId) -> Input {
    let list = |c: &Cards, i: usize| -> Cards {
        let mut c = *c;
        c[i] = by;
        c
    };
    match input {
        Input::Mulligan(c) => Input::Mulligan(list(c, i)),
        Input::Summon(c) => Input::Summon(list(c, i)),
        Input::Order(c) => Input::Order(list(c, i)),
        Input::Move { cards, to } => Input::Move {
            cards: list(cards, i),
            to: *to,
        },
        Input::SummonTo { cards, zone, via } => Input::SummonTo {
            cards: list(cards, i),
            zone: *zone,
            via: *via,
        },
        Input::BattleCard(_) => Input::BattleCard(by),
        Input::Discard(_) => Input::Discard(by),
        Input::Unit(_) => Input::Unit(by),
        Input::Pick(_) => Input::Pick(by),
        Input::Inform { keep, order } if i == 0 => Input::Inform {
            keep: by,
            order: *order,
        },
        Input::Inform { keep, order } => Input::Inform {
            keep: *keep,
            order: list(order, i - 1),
        },
        Input::Tuck { top, .. } => Input::Tuck {
            card: by,
            top: *top,
        },
        other => *other,
    }
}

fn random_input(rng: &mut Pcg32) -> Input {
    let card = |rng: &mut Pcg32| below(rng, TOTAL_CARDS as u32) as u8;
    let cards = |rng: &mut Pcg32| -> Cards { (0..1 + below(rng, 3)).map(|_| card(rng)).collect() };
    match below(rng, 8) {
        0 => Input::Summon(cards(rng)),
        1 => Input::Unit(card(rng)),
        2 => Input::Pick(card(rng)),
        3 => Input::BattleCard(card(rng)),
        4 => Input::Discard(card(rng)),
        5 => Input::Move {
            cards: cards(rng),
            to: below(rng, 9) as u8,
        },
        6 => Input::Order(cards(rng)),
        _ => Input::Done,
    }
}

#[derive(Default)]
struct Seen {
    positions: u64,
    accepted_candidates: u64,
    /// Legal summons that take a discard pile's card while a card of its kind is in hand.
    discard_beside_hand: u64,
}

/// Checks one position for one waiting seat.
fn check_position(rules: &Rules, state: &State, seat: Seat, rng: &mut Pcg32, seen: &mut Seen) {
    let legal = state.legal(rules, seat);
    seen.positions += 1;
    // `pick_legal` gives the answer `legal` lists at the index picked, also where it
    // builds that answer alone (a squad's orders).
    let mut buf = Vec::new();
    for k in 0..legal.len() {
        let mut asked = None;
        let picked = state.pick_legal(rules, seat, &mut buf, |n| {
            asked = Some(n);
            k
        });
        assert_eq!(asked, Some(legal.len()), "pick_legal counted wrong");
        assert_eq!(picked, Some(&legal[k]), "pick_legal's answer #{k}");
    }
    for (i, l) in legal.iter().enumerate() {
        state
            .clone()
            .apply(rules, seat, l)
            .unwrap_or_else(|e| panic!("legal input {l:?} refused: {e}"));
        assert_eq!(
            state.why_not(rules, seat, l),
            None,
            "legal {l:?} explained away"
        );
        if legal.len() <= 80 {
            for other in &legal[i + 1..] {
                assert!(
                    !state.same_choice(l, other),
                    "{l:?} and {other:?} are one choice, offered twice"
                );
            }
        }
        if let Input::Summon(cs) | Input::SummonTo { cards: cs, .. } = l {
            let hand = &state.players[seat as usize].hand;
            seen.discard_beside_hand += u64::from(cs.iter().any(|&c| {
                state.class(c).place == Place::Discard(seat)
                    && hand
                        .iter()
                        .any(|&h| state.kinds[h as usize] == state.kinds[c as usize])
            }));
        }
    }
    // Candidates: some legal inputs with one card swapped for each other copy of its kind.
    let mut candidates = Vec::new();
    for _ in 0..legal.len().min(12) {
        let l = &legal[below(rng, legal.len() as u32) as usize];
        for (i, c) in cards_of(l).into_iter().enumerate() {
            for twin in 0..TOTAL_CARDS as CardId {
                if twin != c && state.kinds[twin as usize] == state.kinds[c as usize] {
                    candidates.push(swap(l, i, twin));
                }
            }
        }
    }
    candidates.extend((0..8).map(|_| random_input(rng)));
    for cand in candidates {
        // "Why not" explains exactly the refusals: the same checks decide.
        let accepted = state.clone().apply(rules, seat, &cand).is_ok();
        assert_eq!(
            state.why_not(rules, seat, &cand).is_none(),
            accepted,
            "{cand:?}: why_not disagrees with apply"
        );
        if accepted {
            seen.accepted_candidates += 1;
            let same = legal.iter().filter(|l| state.same_choice(l, &cand)).count();
            assert_eq!(
                same,
                1,
                "{cand:?} is accepted from seat {seat} at {:?} but is the same choice as {same} legal inputs: {legal:?}",
                state.pending().question
            );
        }
    }
}

#[test]
fn legal_offers_every_input_apply_accepts_once() {
    let rules = Rules::base();
    let skull = rules
        .pack
        .clans
        .iter()
        .position(|c| c.id == "skull")
        .expect("the base pack has the Skull Clan") as u8;
    let mut rng = Pcg32::seed_from_u64(14);
    let mut seen = Seen::default();
    for game in 0..24u64 {
        // Every clan meets the Skull Clan (Undying, Last Rites) on either side.
        let other = (game % 6) as u8;
        let clans = if game % 12 < 6 {
            [skull, other]
        } else {
            [other, skull]
        };
        let setup = Setup {
            clans,
            seed: game,
            mulligan: game % 4 == 0,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        let mut inputs = 0;
        while state.winner.is_none() && inputs < 3000 {
            let waiting = state.waiting();
            let seat = waiting[below(&mut rng, waiting.len() as u32) as usize];
            check_position(&rules, &state, seat, &mut rng, &mut seen);
            let legal = state.legal(&rules, seat);
            let input = legal[below(&mut rng, legal.len() as u32) as usize];
            state.apply(&rules, seat, &input).unwrap();
            inputs += 1;
        }
    }
    assert!(seen.positions > 1000, "{} positions", seen.positions);
    assert!(
        seen.accepted_candidates > 1000,
        "{} accepted candidates",
        seen.accepted_candidates
    );
    assert!(
        seen.discard_beside_hand > 0,
        "no position offered a discard pile's card beside its twin in hand"
    );
}

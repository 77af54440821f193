//! Why not (`State::why_not`, `State::blocked`): on random positions every reason
//! given is for an input `apply` refuses and names the rule that refuses it, and every
//! class of reason a player can be told appears.

use crystal_clans_engine::game::rng::below;
use crystal_clans_engine::game::state::Cards;
use crystal_clans_engine::game::{Input, Rules, Setup, State, Why, Wish};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::collections::BTreeSet;

/// The input a wish stands for.
fn input_of(w: Wish) -> Input {
    match w {
        Wish::Summon(c) => Input::Summon([c].into_iter().collect::<Cards>()),
        Wish::Activate(z) => Input::Activate(z),
        Wish::Score(c) => Input::Score(c),
        Wish::Replenish => Input::Replenish,
        Wish::Invade => Input::Invade,
    }
}

fn class(w: &Why) -> &'static str {
    match w {
        Why::NotYourMove => "not your move",
        Why::NotNow => "not now",
        Why::Initiative { .. } => "initiative",
        Why::CrystalZones { .. } => "crystal zones",
        Why::OpponentHomeNotHeld => "opponent's home",
        Why::NoSquad => "no squad",
        Why::NotInHand => "not in hand",
        Why::SummonSize { .. } => "summon size",
        Why::NotInMarket => "not in market",
        Why::Other => "other",
    }
}

/// Every blocked wish is refused by `apply` for the reason given, and is offered by
/// no legal input; each reason's numbers are the position's.
fn check(rules: &Rules, state: &State, seat: u8, seen: &mut BTreeSet<&'static str>) {
    let legal = state.legal(rules, seat);
    for (wish, why) in state.blocked(rules, seat) {
        seen.insert(class(&why));
        let input = input_of(wish);
        assert!(
            state.clone().apply(rules, seat, &input).is_err(),
            "{wish:?}"
        );
        assert!(!legal.contains(&input), "{wish:?} is legal");
        match why {
            Why::Initiative { cost, spendable } => {
                assert!(cost > spendable, "{wish:?}: {cost} > {spendable}");
                assert_eq!(u32::from(spendable), state.initiative_left(rules, seat));
            }
            Why::CrystalZones { held } => {
                assert!(held < 2);
                assert_eq!(held as usize, state.crystal_zones_controlled(rules, seat));
            }
            Why::OpponentHomeNotHeld => assert_eq!(wish, Wish::Invade),
            other => panic!("{wish:?} blocked by {other:?}: not a reason an action has"),
        }
        if let Wish::Summon(c) = wish {
            let taken = legal.iter().any(|i| match i {
                Input::Summon(cs) | Input::SummonTo { cards: cs, .. } => cs.contains(&c),
                _ => false,
            });
            assert!(!taken, "card {c} is blocked but a legal summon takes it");
        }
    }
    // The other seat, and inputs of another question, are told so.
    let other = 1 - seat;
    if !state.waits_for(other) {
        let why = state.why_not(rules, other, &Input::Replenish);
        assert_eq!(why, Some(Why::NotYourMove));
        seen.insert(class(&why.unwrap()));
    }
}

#[test]
fn every_reason_is_the_rule_that_refuses_and_every_class_appears() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(50);
    let mut seen = BTreeSet::new();
    let mut blocked_positions = 0;
    for game in 0..12u64 {
        let setup = Setup {
            clans: [(game % 6) as u8, ((game + 3) % 6) as u8],
            seed: game,
            mulligan: false,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        while state.winner.is_none() {
            let seat = state.waiting()[0];
            check(&rules, &state, seat, &mut seen);
            blocked_positions += usize::from(!state.blocked(&rules, seat).is_empty());
            let legal = state.legal(&rules, seat);
            // A wrong question's answer and malformed summons are told apart.
            if state.pending().question != crystal_clans_engine::game::Question::Action {
                let why = state.why_not(&rules, seat, &Input::Invade);
                if let Some(w) = why {
                    seen.insert(class(&w));
                }
            } else {
                let p = &state.players[seat as usize];
                let elsewhere = (0..54u8).find(|c| !p.hand.contains(c) && !p.discard.contains(c));
                if let Some(c) = elsewhere {
                    let why =
                        state.why_not(&rules, seat, &Input::Summon([c].into_iter().collect()));
                    assert_eq!(why, Some(Why::NotInHand));
                    seen.insert("not in hand");
                }
                if p.hand.len() >= 4 {
                    let four: Cards = p.hand.iter().take(4).copied().collect();
                    assert_eq!(
                        state.why_not(&rules, seat, &Input::Summon(four)),
                        Some(Why::SummonSize { max: 3 })
                    );
                    seen.insert("summon size");
                }
                // At the end of the track nothing that costs can be paid.
                let mut broke = state.clone();
                let end = rules.board.track_length;
                broke.token = if seat == 0 { -end } else { end };
                if broke.validate(&rules).is_ok() {
                    assert_eq!(broke.initiative_left(&rules, seat), 0);
                    check(&rules, &broke, seat, &mut seen);
                    assert!(
                        broke.blocked(&rules, seat).contains(&(
                            Wish::Replenish,
                            Why::Initiative {
                                cost: 3,
                                spendable: 0
                            }
                        )),
                        "{:?}",
                        broke.blocked(&rules, seat)
                    );
                }
                let empty =
                    (0..rules.board.zones.len() as u8).find(|&z| state.squad(z, seat).is_empty());
                if let Some(z) = empty {
                    assert_eq!(
                        state.why_not(&rules, seat, &Input::Activate(z)),
                        Some(Why::NoSquad)
                    );
                    seen.insert("no squad");
                }
                if state.crystal_zones_controlled(&rules, seat) >= 2 {
                    let gone =
                        (0..rules.pack.crystals.len() as u8).find(|c| !state.market.contains(c));
                    if let Some(c) = gone {
                        assert_eq!(
                            state.why_not(&rules, seat, &Input::Score(c)),
                            Some(Why::NotInMarket)
                        );
                        seen.insert("not in market");
                    }
                }
            }
            let i = below(&mut rng, legal.len() as u32) as usize;
            state.apply(&rules, seat, &legal[i]).unwrap();
        }
    }
    assert!(
        blocked_positions > 100,
        "{blocked_positions} positions with a blocked wish"
    );
    let want: BTreeSet<&str> = [
        "not your move",
        "not now",
        "initiative",
        "crystal zones",
        "opponent's home",
        "no squad",
        "not in hand",
        "summon size",
        "not in market",
    ]
    .into_iter()
    .collect();
    let missing: Vec<_> = want.difference(&seen).collect();
    assert!(missing.is_empty(), "never seen: {missing:?}");
}

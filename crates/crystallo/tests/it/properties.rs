//! Properties over many deals: any random legal play ends with a title and a score from
//! the table; an input outside `legal` is refused with a reason and changes nothing;
//! the same seed and inputs give the same game, byte for byte.

use crystal_clans_crystallo::bots::{Bot, Random};
use crystal_clans_crystallo::rng::below;
use crystal_clans_crystallo::score::TABLE;
use crystal_clans_crystallo::*;
use rand::SeedableRng;
use rand_pcg::Pcg32;

fn random_game(deck: &Deck, seed: u64) -> (State, Vec<Input>) {
    let (mut s, _) = State::deal(deck, seed);
    let mut bot = Random::new(seed ^ 0xabcd);
    let mut inputs = Vec::new();
    for _ in 0..200 {
        let legal = legal(&s);
        if legal.is_empty() {
            break;
        }
        let i = bot.decide(&View::of(&s), &legal);
        apply(&mut s, i).expect("a legal input is accepted");
        inputs.push(i);
    }
    (s, inputs)
}

#[test]
fn any_random_legal_play_ends_with_a_title_and_a_score_from_the_table() {
    let deck = Deck::provisional();
    for seed in 0..200 {
        let (s, _) = random_game(&deck, seed);
        let o = s.outcome().unwrap_or_else(|| panic!("seed {seed} ended"));
        assert_eq!(o.score, TABLE[o.title as usize][o.wealth as usize]);
        assert!(legal(&s).is_empty());
    }
}

/// Games that reach phase 2 too: the greedy player's, whose ends vary (the random
/// player's above end as Commoners).
#[test]
fn every_greedy_game_ends_with_a_score_from_the_table() {
    let deck = Deck::provisional();
    let mut titles = std::collections::BTreeSet::new();
    let mut wealth = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let s = report::play(&deck, seed, &mut bots::Greedy);
        let o = s.outcome().expect("ended");
        assert_eq!(o.score, TABLE[o.title as usize][o.wealth as usize]);
        assert_eq!(o.freed_all, s.all_freed());
        titles.insert(o.title);
        wealth.insert(o.wealth);
    }
    assert!(titles.contains(&Title::Champion), "{titles:?}");
    assert!(
        wealth.contains(&Wealth::Impoverished) && wealth.contains(&Wealth::Prosperous),
        "{wealth:?}"
    );
}

#[test]
fn a_placement_outside_the_legal_ones_is_refused_with_a_reason_and_changes_nothing() {
    let deck = Deck::provisional();
    let mut rng = Pcg32::seed_from_u64(5);
    let mut refusals = 0;
    for seed in 0..30 {
        let (mut s, _) = State::deal(&deck, seed);
        for _ in 0..15 {
            let legal = legal(&s);
            let Some(card) = s.drawn else { break };
            // Arbitrary spots around the cavern, legal or not.
            for _ in 0..40 {
                let at = Pos::new(
                    below(&mut rng, 13) as i32 - 6,
                    below(&mut rng, 13) as i32 - 6,
                );
                let input = Input::Place {
                    card,
                    at,
                    rot: Rotation(below(&mut rng, 2) as u8),
                };
                let before = s.clone();
                let mut trial = s.clone();
                match apply(&mut trial, input) {
                    Ok(_) => assert!(legal.contains(&input), "{input:?} accepted but not legal"),
                    Err(e) => {
                        assert!(!legal.contains(&input), "{input:?} legal but refused: {e}");
                        assert!(matches!(e, RuleError::Placement(_)), "{e}");
                        assert!(!e.to_string().is_empty());
                        assert_eq!(trial, before);
                        refusals += 1;
                    }
                }
            }
            let i = legal[below(&mut rng, legal.len() as u32) as usize];
            apply(&mut s, i).unwrap();
            if s.phase != Phase::Explore {
                break;
            }
        }
    }
    assert!(refusals > 100);
}

#[test]
fn the_same_seed_and_inputs_give_the_same_game_byte_for_byte() {
    let deck = Deck::provisional();
    for seed in [1, 2, 3, 99] {
        let (a, inputs) = random_game(&deck, seed);
        let (mut b, _) = State::deal(&deck, seed);
        for i in inputs {
            apply(&mut b, i).unwrap();
        }
        let (ja, jb) = (
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap(),
        );
        assert_eq!(ja, jb);
        let back: State = serde_json::from_str(&ja).unwrap();
        assert_eq!(back, a, "a state survives a JSON round trip");
    }
}

//! The lesson cavern (`lesson.rs`): on its deal, a player who follows the suggestions
//! meets every lesson once, in order, each at the moment it explains; the lessons due
//! are the same whether worked out as the game goes or from its history alone; and the
//! seed is the best one of the search that chose it.

use crystal_clans_crystallo::deck::Deck;
use crystal_clans_crystallo::lesson::{self, Lesson, Moments, suggest};
use crystal_clans_crystallo::play::foresee;
use crystal_clans_crystallo::*;

/// A game on `seed` where every suggestion is followed: its inputs and, at each
/// version, the lessons due then.
fn follow(seed: u64) -> (State, Vec<Input>, Vec<Vec<Lesson>>) {
    let (mut state, _) = State::deal(&Deck::provisional(), seed);
    let mut moments = Moments::default();
    let (mut inputs, mut shown) = (Vec::new(), Vec::new());
    loop {
        moments.feed(&state);
        let now = moments.now();
        shown.push(now.clone());
        let Some(input) = suggest(&state, &now) else {
            break;
        };
        apply(&mut state, input).expect("a suggestion is legal");
        inputs.push(input);
    }
    (state, inputs, shown)
}

#[test]
fn following_the_suggestions_brings_each_lesson_once_in_order() {
    let deal = State::deal(&Deck::provisional(), lesson::SEED).0;
    let (end, inputs, shown) = follow(lesson::SEED);
    let order: Vec<(usize, Lesson)> = shown
        .iter()
        .enumerate()
        .flat_map(|(v, ls)| ls.iter().map(move |l| (v, *l)))
        .collect();
    let lessons: Vec<Lesson> = order.iter().map(|(_, l)| *l).collect();
    assert_eq!(lessons, Lesson::ALL, "each once, in order: {order:?}");
    // One lesson at a time: the player acts between two.
    assert!(order.windows(2).all(|w| w[0].0 < w[1].0), "{order:?}");

    // Each at its moment, and the suggestion then does what it explains.
    let mut state = deal.clone();
    for (v, input) in inputs.iter().enumerate() {
        let f = foresee(&state, *input);
        if shown[v].contains(&Lesson::Contact) {
            assert_eq!(state.phase, Phase::Explore);
            assert!(matches!(input, Input::Place { .. }), "{input:?}");
            // The first set waits for its own lesson.
            assert!(
                legal(&state)
                    .iter()
                    .all(|i| foresee(&state, *i).lit.is_empty())
            );
        }
        if shown[v].contains(&Lesson::Set) {
            assert!(!f.lit.is_empty(), "the set lesson's move makes a set");
        }
        if shown[v].contains(&Lesson::Free) {
            assert!(!f.freed.is_empty(), "the freeing lesson's move frees one");
        }
        if shown[v].contains(&Lesson::Dragon) {
            assert_eq!(state.phase, Phase::Dragon);
            assert!(state.all_freed());
        }
        // Worked out from the history alone, the same lessons.
        assert_eq!(lesson::due(&deal, &inputs[..v]), shown[v], "version {v}");
        apply(&mut state, *input).unwrap();
    }
    assert_eq!(state, end);
    assert_eq!(lesson::due(&deal, &inputs), vec![Lesson::End]);
    // A lesson that ends well: every creature freed and the dragon trapped.
    let o = end.outcome().expect("over");
    assert!(o.freed_all && o.trapped, "{o:?}");
    eprintln!(
        "lesson deal {}: {} inputs, lessons at versions {:?}, {:?}",
        lesson::SEED,
        inputs.len(),
        order,
        o
    );
}

/// A game that strays from the suggestions still gets each lesson at most once, in
/// order, and the end.
#[test]
fn lessons_come_at_most_once_when_the_player_strays() {
    let deal = State::deal(&Deck::provisional(), lesson::SEED).0;
    for stray in [1usize, 2, 3] {
        let mut state = deal.clone();
        let mut moments = Moments::default();
        let mut got = Vec::new();
        let mut v = 0;
        loop {
            moments.feed(&state);
            got.extend(moments.now());
            let l = legal(&state);
            if l.is_empty() {
                break;
            }
            let pick = l[(v * stray) % l.len()];
            apply(&mut state, pick).unwrap();
            v += 1;
        }
        let mut sorted = got.clone();
        sorted.sort_by_key(|l| Lesson::ALL.iter().position(|x| x == l));
        sorted.dedup();
        assert_eq!(sorted, got, "once each, in order");
        assert_eq!(got.last(), Some(&Lesson::End));
    }
}

/// The lessons and the suggestion never depend on the order of the face-down cards:
/// along the lesson, a state sampled from the player's view (the same view, another
/// hidden order) gets the same lessons after the same past, and the same suggestion.
#[test]
fn lessons_and_suggestions_tell_nothing_of_the_hidden_cards() {
    use rand::SeedableRng;
    let (_, inputs, _) = follow(lesson::SEED);
    let (mut state, _) = State::deal(&Deck::provisional(), lesson::SEED);
    let mut rng = rand_pcg::Pcg32::seed_from_u64(3);
    let mut past = Moments::default();
    for (v, input) in inputs.iter().enumerate() {
        let other = View::of(&state).sample(&mut rng);
        assert_eq!(View::of(&other), View::of(&state));
        let (mut a, mut b) = (past.clone(), past.clone());
        a.feed(&state);
        b.feed(&other);
        assert_eq!(a.now(), b.now(), "version {v}");
        assert_eq!(
            suggest(&state, &a.now()),
            suggest(&other, &b.now()),
            "version {v}"
        );
        past = a;
        apply(&mut state, *input).unwrap();
    }
}

/// How the seed was chosen (run with `--ignored`; about 3 minutes in a debug build):
/// among the first 2,000 deals, those where the first card placed can make no set (so
/// the first set is the set lesson's), following the suggestions makes a set at the
/// next chance (version 1), never misses a colour in phase 2 and ends as a Champion; of them, the one with the fewest placements to phase 2, then the earliest
/// creature freed, then the fewest inputs in all. On deck version 2, seed 786: phase 2
/// at version 20, a creature freed at 3, 28 inputs (bests before it in the search: 405
/// with 21, 3, 28; 218 with 21, 5, 29).
#[test]
#[ignore]
fn the_lesson_seed_is_the_best_of_a_search() {
    let mut best: Option<((usize, usize, usize), u64)> = None;
    for seed in 0..2000u64 {
        // The first set is the set lesson's: the first card placed can make none.
        let (first, _) = State::deal(&Deck::provisional(), seed);
        if legal(&first)
            .iter()
            .any(|i| !foresee(&first, *i).lit.is_empty())
        {
            continue;
        }
        let (end, inputs, shown) = follow(seed);
        let at = |l: Lesson| shown.iter().position(|s| s.contains(&l));
        let o = match end.outcome() {
            Some(o) if o.freed_all && o.trapped => *o,
            _ => continue,
        };
        let (Some(set), Some(free), Some(dragon)) =
            (at(Lesson::Set), at(Lesson::Free), at(Lesson::Dragon))
        else {
            continue;
        };
        let (deal, _) = State::deal(&Deck::provisional(), seed);
        let mut s = deal;
        let mut missing = false;
        for i in &inputs {
            apply(&mut s, *i).unwrap();
            missing |= matches!(s.phase, Phase::MissingColour(_));
        }
        if set != 1 || missing || o.title != Title::Champion {
            continue;
        }
        let key = (dragon, free, inputs.len());
        if best.is_none_or(|(k, _)| key < k) {
            eprintln!(
                "seed {seed}: phase 2 at {dragon}, freed at {free}, {} inputs, {o:?}",
                inputs.len()
            );
            best = Some((key, seed));
        }
    }
    let (_, seed) = best.expect("a deal fits");
    assert_eq!(seed, lesson::SEED, "the search's best seed");
}

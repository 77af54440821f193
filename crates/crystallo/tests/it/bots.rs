//! The bots see the view and the legal inputs only: the hidden draw order never changes
//! their answer, and every answer is legal.

use crystal_clans_crystallo::bots::{Bot, Greedy, Search};
use crystal_clans_crystallo::rng::shuffle;
use crystal_clans_crystallo::*;
use rand::SeedableRng;
use rand_pcg::Pcg32;

#[test]
fn the_view_hides_the_order_and_the_split_of_the_face_down_piles() {
    let deck = Deck::provisional();
    let (a, _) = State::deal(&deck, 3);
    let mut b = a.clone();
    // Move cards between the draw pile and the set-aside pile, and reorder both.
    let mut hidden: Vec<u8> = b.draw.iter().chain(&b.set_aside).copied().collect();
    shuffle(&mut Pcg32::seed_from_u64(1), &mut hidden);
    b.set_aside = hidden.split_off(b.draw.len());
    b.draw = hidden;
    assert_ne!(a, b);
    assert_eq!(View::of(&a), View::of(&b));
    // A sample of the view is a state with that view.
    let v = View::of(&a);
    assert_eq!(View::of(&v.sample(&mut Pcg32::seed_from_u64(9))), v);
}

#[test]
fn the_search_answers_the_same_whatever_the_hidden_order() {
    let deck = Deck::provisional();
    for seed in 0..5 {
        let (mut a, _) = State::deal(&deck, seed);
        // A few turns in, so the cavern has choices.
        for _ in 0..4 {
            let i = Greedy.decide(&View::of(&a), &legal(&a));
            apply(&mut a, i).unwrap();
        }
        let mut b = a.clone();
        shuffle(&mut Pcg32::seed_from_u64(seed), &mut b.draw);
        let (va, vb) = (View::of(&a), View::of(&b));
        let pa = Search::new(11).decide(&va, &legal(&a));
        let pb = Search::new(11).decide(&vb, &legal(&b));
        assert_eq!(pa, pb);
        assert!(legal(&a).contains(&pa));
    }
}

#[test]
fn the_search_player_plays_better_than_greedy_and_greedy_than_random() {
    let deck = Deck::provisional();
    let results = report::run(&deck, &report::BOTS, 8, 500);
    let mean: Vec<f64> = results.iter().map(|(_, t)| t.mean_score()).collect();
    assert!(mean[0] < mean[1] && mean[1] <= mean[2] * 1.1, "{mean:?}");
    let random = &results[0].1;
    assert!(random.titles.get(&Title::Commoner).copied().unwrap_or(0) * 2 > random.games);
}

/// The report's figures add up: every game in one cell of the scoring table, a game
/// with the magic power used counted as a complete collection, phase 2's face-up cards
/// counted for the games that reached it, and the same numbers however the games are
/// handed in.
#[test]
fn the_report_counts_cells_collections_and_phase_two() {
    let deck = Deck::provisional();
    let t = &report::run(&deck, &["greedy"], 12, 900)[0].1;
    assert_eq!(t.cells.values().sum::<usize>(), t.games);
    for title in Title::ALL {
        let row: usize = Wealth::ALL
            .into_iter()
            .map(|w| t.cells.get(&(title, w)).copied().unwrap_or(0))
            .sum();
        assert_eq!(row, t.titles.get(&title).copied().unwrap_or(0));
    }
    assert!(t.magic_used <= t.collections.get(&Treasure::Magic).copied().unwrap_or(0));
    assert!(t.full_set <= t.games);
    let liberated = t.outcomes.iter().filter(|o| o.freed_all).count();
    assert_eq!(t.dragon_phases, liberated);
    assert!(
        t.dragon_cards >= 9 * t.dragon_phases,
        "the nine set aside at least"
    );
    let mut games: Vec<(u64, report::Played)> = (0..12)
        .map(|i| (i, report::game(&deck, "greedy", 900, i).unwrap()))
        .collect();
    games.reverse();
    assert_eq!(report::tallies(&["greedy"], 12, games)[0].1, *t);
    assert!(t.markdown("greedy").contains("| champion |"));
}

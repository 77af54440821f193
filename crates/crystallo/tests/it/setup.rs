//! "Shuffle the remaining cards. Deal 9 of these cards into a separate pile and set it
//! aside. [...] Place the remaining cavern cards face-down in a pile in front of you.
//! [...] Place 3 gems on the orbs at the bottom of each creature card." Then "Draw a
//! card from the draw pile and place it face-up in the center of the play area."

use crystal_clans_crystallo::state::Magic;
use crystal_clans_crystallo::*;

#[test]
fn the_deal_sets_nine_aside_lays_one_in_the_centre_and_draws_the_next() {
    let deck = Deck::provisional();
    let (s, events) = State::deal(&deck, 42);
    assert_eq!(s.set_aside.len(), 9);
    assert_eq!(s.cavern.placed.len(), 1);
    assert_eq!(s.cavern.placed[0].at, Pos::new(0, 0));
    assert!(s.drawn.is_some());
    assert_eq!(s.draw.len(), 45 - 9 - 2);
    assert_eq!(s.bonds, [3; 6]);
    assert_eq!(s.dragon, [false; 6]);
    assert_eq!(s.magic, Magic::Locked);
    assert_eq!(s.phase, Phase::Explore);
    assert!(matches!(events[0], Event::Placed { .. }));
    assert!(matches!(events[1], Event::Drew { .. }));
    let mut all: Vec<u8> = s.draw.iter().chain(&s.set_aside).copied().collect();
    all.push(s.drawn.unwrap());
    all.push(s.cavern.placed[0].card);
    all.sort_unstable();
    assert_eq!(all, (0..45).collect::<Vec<u8>>(), "every cavern card once");
}

#[test]
fn the_same_seed_deals_the_same_cavern_and_others_differ() {
    let deck = Deck::provisional();
    assert_eq!(State::deal(&deck, 7).0, State::deal(&deck, 7).0);
    assert_ne!(State::deal(&deck, 7).0.draw, State::deal(&deck, 8).0.draw);
}

//! "Shuffle the remaining cards. Deal 9 of these cards into a separate pile and set it
//! aside. [...] Place the remaining cavern cards face-down in a pile in front of you.
//! [...] Place 3 gems on the orbs at the bottom of each creature card." Then "Draw a
//! card from the draw pile and place it face-up in the center of the play area."

use crystal_clans_crystallo::deck::Face;
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

/// A card that is itself a set: red single, red double and red triple around a blue
/// orb.
fn a_set_on_one_card() -> Face {
    Face {
        symbols: [
            Symbol::Crystal {
                hue: Hue::Red,
                shape: Shape::Single,
            },
            Symbol::Crystal {
                hue: Hue::Red,
                shape: Shape::Double,
            },
            Symbol::Crystal {
                hue: Hue::Red,
                shape: Shape::Triple,
            },
            Symbol::Orb {
                colour: Colour::Blue,
            },
        ],
        treasure: None,
    }
}

/// A ruling (issue 52's audit found the first card of phase 1 laid without looking for
/// sets, the first of phase 2 checked): "Draw a card from the draw pile and place it
/// face-up in the center" is a placement like every other, and "To create a set, you
/// will need to make a square with three crystals and one colored orb", which one card
/// can be. So a first card that is a set lights its orb in both phases.
#[test]
fn a_first_card_that_is_a_set_counts_in_both_phases() {
    let mut deck = Deck::provisional();
    deck.faces = vec![a_set_on_one_card(); 45];
    let (s, events) = State::deal(&deck, 42);
    assert!(matches!(events[0], Event::Placed { .. }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Set { square } if square.colour == Colour::Blue))
    );
    assert!(events.contains(&Event::BondFreed {
        colour: Colour::Blue,
        left: 2
    }));
    assert!(matches!(events.last(), Some(Event::Drew { .. })));
    assert_eq!(s.bonds[Colour::Blue.index()], 2);
    // Phase 2's first card, the same face.
    let mut s = s;
    s.cavern = Default::default();
    s.bonds = [0; 6];
    s.phase = Phase::Dragon;
    s.drawn = None;
    s.face_up = vec![0, 1];
    let events = apply(
        &mut s,
        Input::Place {
            card: 0,
            at: Pos::new(0, 0),
            rot: Rotation(0),
        },
    )
    .expect("the first card goes in the centre");
    assert!(events.contains(&Event::DragonMarked {
        colour: Colour::Blue
    }));
}

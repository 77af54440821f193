//! "To create a set, you will need to make a square with **three crystals and one
//! colored orb**. [...] for each trait (shape and color) all crystals must be all the
//! same or all different. [...] A crystal **can** be used to complete more than one
//! set". "Once you have created a crystal set, note the color of the orb that completes
//! the square [...] That orb is now lit up. Remove a gem from the creature card of that
//! color."

use super::support::*;
use crystal_clans_crystallo::sets::{is_set, third};
use crystal_clans_crystallo::*;

#[test]
fn the_four_ways_of_the_key_card_make_sets_and_nothing_else_does() {
    // 1. same colour, same shape; 2. same colour, different shapes; 3. same shape,
    // different colours; 4. different shapes and different colours.
    assert!(is_set((Red, Double), (Red, Double), (Red, Double)));
    assert!(is_set((Red, Single), (Red, Double), (Red, Triple)));
    assert!(is_set((Orange, Double), (Red, Double), (Purple, Double)));
    assert!(is_set((Orange, Single), (Red, Double), (Purple, Triple)));
    // Two alike and one different, in either trait, is no set.
    assert!(!is_set((Red, Single), (Red, Single), (Red, Double)));
    assert!(!is_set((Red, Single), (Red, Double), (Orange, Triple)));
    assert!(!is_set((Orange, Single), (Red, Single), (Red, Single)));
    // Any two crystals have exactly one third.
    for a in [(Red, Single), (Orange, Triple), (Purple, Double)] {
        for b in [(Red, Single), (Red, Triple), (Purple, Single)] {
            let t = third(a, b);
            assert!(is_set(a, b, t));
            let count = Hue::ALL
                .into_iter()
                .flat_map(|h| Shape::ALL.map(|s| (h, s)))
                .filter(|x| is_set(a, b, *x))
                .count();
            assert_eq!(count, 1);
        }
    }
}

#[test]
fn a_square_of_three_crystals_and_an_orb_lights_the_orb_and_frees_a_bond() {
    let mut s = fixture(None, B);
    let events = ok(&mut s, place(B, 2, 0));
    assert_eq!(sets(&events), vec![Blue]);
    assert!(events.contains(&Event::BondFreed {
        colour: Blue,
        left: 2
    }));
    assert_eq!(s.bonds[Blue.index()], 2);
    assert!(
        s.cavern.cell(Pos::new(2, 1)).unwrap().lit,
        "the gem lies on the orb"
    );
}

#[test]
fn a_crystal_serves_several_sets() {
    // A's red double is in the blue set (with B) and then in the yellow one (with C).
    let mut s = fixture(None, B);
    let first = ok(&mut s, place(B, 2, 0));
    let Some(Event::Set { square }) = first.iter().find(|e| matches!(e, Event::Set { .. })) else {
        panic!("a set");
    };
    assert!(square.crystals.contains(&Pos::new(1, 1)));
    s.drawn = Some(C);
    s.draw.retain(|k| *k != C);
    let second = ok(&mut s, place(C, 0, 2));
    let Some(Event::Set { square }) = second.iter().find(|e| matches!(e, Event::Set { .. })) else {
        panic!("a second set");
    };
    assert_eq!(square.colour, Yellow);
    assert!(square.crystals.contains(&Pos::new(1, 1)));
}

#[test]
fn three_crystals_that_are_no_set_light_nothing() {
    let mut f = faces(None);
    // B's red triple becomes a second red single: single, single, double is no set.
    f[B as usize] = face(
        [c(Red, Single), o(Green)],
        [o(Blue), c(Purple, Single)],
        None,
    );
    let mut s = game(f, A, B, vec![C], vec![]);
    let events = ok(&mut s, place(B, 2, 0));
    assert!(sets(&events).is_empty());
    assert_eq!(s.bonds, [3; 6]);
}

#[test]
fn the_third_bond_frees_the_creature_and_a_freed_creatures_orb_stays_dark() {
    let mut s = fixture(None, B);
    s.bonds[Blue.index()] = 1;
    let events = ok(&mut s, place(B, 2, 0));
    assert!(events.contains(&Event::CreatureFreed { colour: Blue }));
    // Its gems are all on the cavern now: a blue orb has no gem to take.
    let mut s = fixture(None, B);
    s.bonds[Blue.index()] = 0;
    let events = ok(&mut s, place(B, 2, 0));
    assert!(sets(&events).is_empty());
    assert!(!s.cavern.cell(Pos::new(2, 1)).unwrap().lit);
}

#[test]
fn running_out_of_cards_before_freeing_the_creatures_ends_as_a_commoner() {
    let mut s = fixture(None, B);
    s.draw.clear();
    let events = ok(&mut s, place(B, 2, 0));
    let outcome = s.outcome().expect("over");
    assert_eq!(outcome.title, Title::Commoner);
    assert_eq!(outcome.score, 50);
    assert!(matches!(events.last(), Some(Event::Over { .. })));
}

//! "Draw another card and place it so that **any one** of the crystals lines up,
//! horizontally or vertically, next to **any one** of the crystals on the first card.
//! The second card may be placed side-by-side or partially covering the card already in
//! place [...] You must play the card either horizontally or vertically. You may not
//! place an orb; you must place one crystal next to another crystal. [...] Once a card
//! has been placed it cannot be moved."

use super::support::*;
use crystal_clans_crystallo::cavern::PlaceError;
use crystal_clans_crystallo::*;

/// Four-crystal cards, to test covering without orbs in the way.
fn rock() -> State {
    let solid = face(
        [c(Red, Single), c(Red, Double)],
        [c(Red, Triple), c(Orange, Single)],
        None,
    );
    let mut f = faces(None);
    f[B as usize] = solid;
    f[C as usize] = solid;
    f[E as usize] = solid;
    f[A as usize] = solid;
    game(f, A, B, vec![E, C], vec![])
}

#[test]
fn a_crystal_next_to_a_crystal_side_by_side_is_accepted() {
    let mut s = fixture(None, B);
    ok(&mut s, place(B, 2, 0));
    assert_eq!(s.cavern.placed.len(), 2);
}

#[test]
fn an_orb_cannot_be_the_contact() {
    // C turned a quarter has its orbs on the left: laid right of A they touch A's red
    // single and red double, and C's own crystals touch nothing.
    let mut s = fixture(None, C);
    let err = refused(
        &mut s,
        Input::Place {
            card: C,
            at: Pos::new(2, 0),
            rot: Rotation(1),
        },
    );
    assert_eq!(err, RuleError::Placement(PlaceError::OrbContact));
    // As printed, its crystals lie on top: under A its red single touches A's orb only,
    // but its red triple touches A's red double: accepted.
    ok(&mut s, place(C, 0, 2));
}

#[test]
fn a_card_touching_nothing_or_only_diagonally_is_refused() {
    let mut s = fixture(None, B);
    assert_eq!(
        refused(&mut s, place(B, 6, 6)),
        RuleError::Placement(PlaceError::NotTouching)
    );
    assert_eq!(
        refused(&mut s, place(B, 2, 2)),
        RuleError::Placement(PlaceError::NotTouching),
        "(2,2) touches A's (1,1) only at a corner"
    );
}

#[test]
fn a_card_may_partly_cover_one_card_but_not_more_than_half() {
    let mut s = rock();
    // Half over A (its right column), a quarter, and the whole of it.
    ok(&mut s.clone(), place(B, 1, 0));
    ok(&mut s.clone(), place(B, 1, 1));
    assert_eq!(
        refused(&mut s, place(B, 0, 0)),
        RuleError::Placement(PlaceError::CoversMoreThanHalf(A))
    );
    ok(&mut s, place(B, 1, 0));
    // The next card cannot lie over two cards, nor hide what is left of A.
    assert!(matches!(
        refused(&mut s, place(C, 0, -1)),
        RuleError::Placement(PlaceError::CoversTwoCards(x, y)) if [x, y] == [B, A] || [x, y] == [A, B]
    ));
    assert_eq!(
        refused(&mut s, place(C, -1, 0)),
        RuleError::Placement(PlaceError::CoversWholeCard(A))
    );
}

#[test]
fn a_lit_orb_cannot_be_covered() {
    let mut s = fixture(None, B);
    ok(&mut s, place(B, 2, 0));
    // B's blue orb at (2,1) holds a gem now.
    let next = s.drawn.unwrap();
    let err = s
        .cavern
        .check(&s.faces, next, Pos::new(2, 1), Rotation(0))
        .unwrap_err();
    assert_eq!(err, PlaceError::CoversLitOrb(Pos::new(2, 1)));
}

#[test]
fn only_quarter_turns_horizontal_or_vertical_exist_and_only_the_drawn_card_is_placed() {
    let mut s = fixture(None, B);
    assert_eq!(
        refused(
            &mut s,
            Input::Place {
                card: B,
                at: Pos::new(2, 0),
                rot: Rotation(2)
            }
        ),
        RuleError::BadRotation
    );
    assert_eq!(refused(&mut s, place(C, 0, 2)), RuleError::NotInHand(C));
    for input in legal(&s) {
        if let Input::Place { card, rot, .. } = input {
            assert_eq!(card, B);
            assert!(rot.0 < 2);
        }
    }
}

#[test]
fn a_placed_card_never_moves() {
    let mut s = fixture(None, B);
    ok(&mut s, place(B, 2, 0));
    let before = s.cavern.placed.clone();
    while let Some(input) = legal(&s)
        .into_iter()
        .find(|i| matches!(i, Input::Place { .. }))
    {
        ok(&mut s, input);
        if s.phase != Phase::Explore {
            break;
        }
        assert_eq!(s.cavern.placed[..before.len()], before[..]);
    }
}

#[test]
fn a_drawn_card_with_no_place_is_discarded_and_only_then() {
    let mut s = fixture(None, B);
    assert_eq!(
        refused(&mut s, Input::Discard { card: B }),
        RuleError::HasPlace(B)
    );
    // A cavern without a crystal: nothing can touch it, so the drawn card has no place.
    let mut f = faces(None);
    f[A as usize] = face([o(RedOrb), o(Blue)], [o(Yellow), o(Green)], None);
    let mut s = game(f, A, B, vec![C], vec![]);
    assert_eq!(legal(&s), vec![Input::Discard { card: B }]);
    let events = ok(&mut s, Input::Discard { card: B });
    assert!(events.contains(&Event::Discarded { card: B }));
    assert_eq!(s.drawn, Some(C));
    assert_eq!(s.discarded, vec![B]);
}

#[test]
fn the_seven_configurations_are_the_only_places_beside_or_over_one_card() {
    // A second card against the first, mirror images counted once: beside (aligned,
    // shifted half a card), below (aligned, shifted), over half (a column, a row), over a
    // quarter. Nothing else: not wholly over it, not corner to corner.
    let s = rock();
    let mut accepted = Vec::new();
    for dy in -3..=3 {
        for dx in -3..=3 {
            if s.cavern
                .check(&s.faces, B, Pos::new(dx, dy), Rotation(0))
                .is_ok()
            {
                accepted.push((dx, dy));
            }
        }
    }
    let mut classes: Vec<(i32, i32)> = accepted.iter().map(|(x, y)| (x.abs(), y.abs())).collect();
    classes.sort_unstable();
    classes.dedup();
    assert_eq!(
        classes,
        vec![(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)],
        "{accepted:?}"
    );
    assert_eq!(accepted.len(), 20);
}

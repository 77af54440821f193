//! Phase 2, "Trapping the Black Dragon": its setup (the nine set-aside cards and any
//! left over, face up; the cavern cleared; the rest shuffled into the cavern deck; the
//! battle card; the missing-colour rule), sets marking the dragon, and its end.

use super::support::*;
use crystal_clans_crystallo::state::Magic;
use crystal_clans_crystallo::*;

/// Every creature free but the blue one's last bond, which B's set frees. The draw
/// pile holds two cards: left over for phase 2. `green` gives a set-aside card a green
/// orb (else no face-up card has one).
fn last_bond(green: bool) -> State {
    let mut f = faces(None);
    if green {
        f[20] = face([c(Purple, Double), o(Green)], [o(RedOrb), o(Blue)], None);
    }
    let mut s = game(f, A, B, vec![10, 11], vec![4, 5, 6, 7, 8, 9, 20, 21, 22]);
    s.bonds = [0, 0, 0, 0, 1, 0];
    s
}

#[test]
fn freeing_every_creature_starts_phase_two_with_the_nine_and_the_leftovers_face_up() {
    let mut s = last_bond(true);
    let events = ok(&mut s, place(B, 2, 0));
    assert!(events.contains(&Event::CreatureFreed { colour: Blue }));
    // "If you have any cards left after freeing the creatures, add them to the stack
    // of 9 you set aside earlier. [...] Clear the play area".
    let mut up = s.face_up.clone();
    up.sort_unstable();
    assert_eq!(up, vec![4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22]);
    assert!(s.cavern.is_empty());
    // "shuffle the remaining cavern cards": the two placed cards.
    let mut deck = s.cavern_deck.clone();
    deck.sort_unstable();
    assert_eq!(deck, vec![A, B]);
    assert_eq!(s.phase, Phase::Dragon);
    // The first card lies in the centre, whichever is chosen.
    assert!(
        legal(&s)
            .iter()
            .all(|i| matches!(i, Input::Place { at, .. } if *at == Pos::new(0, 0)))
    );
}

#[test]
fn a_missing_colour_is_searched_for_after_a_discard() {
    // "If you are missing one [...] choose one of your face up cards to discard and draw
    // from the cavern deck until you find one with an orb of the missing color."
    let mut s = last_bond(false);
    ok(&mut s, place(B, 2, 0));
    assert_eq!(s.phase, Phase::MissingColour(Green));
    assert_eq!(refused(&mut s, place(4, 0, 0)), RuleError::ChooseDiscard);
    assert_eq!(legal(&s).len(), s.face_up.len());
    let events = ok(&mut s, Input::Discard { card: 4 });
    let Some(Event::ColourSearch { found, passed, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::ColourSearch { .. }))
    else {
        panic!("a search");
    };
    assert_eq!(*found, Some(B), "B is the only card with a green orb");
    assert!(s.face_up.contains(&B) && !s.face_up.contains(&4));
    assert_eq!(s.discarded, vec![4]);
    assert_eq!(
        s.passed.len(),
        *passed as usize,
        "the cards turned over stay out"
    );
    assert_eq!(s.phase, Phase::Dragon);
}

/// Phase 2 with A in the cavern and B plus `extra` face-up cards; every dragon orb but
/// the blue one is marked.
fn one_orb_to_go(extra: &[u8]) -> State {
    let mut s = last_bond(true);
    s.bonds = [0; 6];
    s.drawn = None;
    s.draw.clear();
    s.set_aside.clear();
    s.phase = Phase::Dragon;
    s.dragon = [true, true, true, true, false, true];
    s.face_up = [B].into_iter().chain(extra.iter().copied()).collect();
    s
}

#[test]
fn a_set_marks_the_dragon_and_the_cards_remaining_give_the_title() {
    // "when you create a crystal set, mark the orb with one gem of the appropriate
    // color, **and** place another gem of that color on the Black Dragon card".
    for (extra, title) in [
        (&[][..], Title::Vanquisher),
        (&[4][..], Title::Knight),
        (&[4, 5][..], Title::Hero),
        (&[4, 5, 6][..], Title::Champion),
        (&[4, 5, 6, 7, 8][..], Title::Champion),
    ] {
        let mut s = one_orb_to_go(extra);
        let events = ok(&mut s, place(B, 2, 0));
        assert!(events.contains(&Event::DragonMarked { colour: Blue }));
        let o = s.outcome().expect("the dragon is trapped");
        assert!(o.trapped);
        assert_eq!(o.title, title, "{} cards remaining", extra.len());
        assert_eq!(o.cards_left as usize, extra.len());
    }
}

#[test]
fn a_set_of_a_marked_colour_marks_nothing() {
    let mut s = one_orb_to_go(&[4]);
    s.dragon = [true; 6];
    s.dragon[RedOrb.index()] = false;
    let events = ok(&mut s, place(B, 2, 0));
    assert!(sets(&events).is_empty());
    assert!(!s.is_over());
}

#[test]
fn running_out_of_cards_in_phase_two_is_a_liberator() {
    // "If you have freed all the creatures, but failed to trap the dragon".
    let mut s = one_orb_to_go(&[]);
    s.dragon = [false; 6];
    ok(&mut s, place(B, 2, 0));
    let o = s.outcome().expect("no card left");
    assert_eq!(o.title, Title::Liberator);
    assert_eq!(o.score, 150);
}

#[test]
fn the_magic_power_can_mark_the_dragon_instead() {
    // "a complete **magic** treasure collection will allow you to place one gem on the
    // dragon for free, if you haven't already used its power".
    let mut s = one_orb_to_go(&[4, 5]);
    s.magic = Magic::Ready;
    assert_eq!(
        refused(&mut s, Input::Magic { colour: RedOrb }),
        RuleError::AlreadyMarked(RedOrb)
    );
    ok(&mut s, Input::Magic { colour: Blue });
    let o = s.outcome().expect("trapped by magic");
    assert_eq!(o.title, Title::Champion);
    assert_eq!(o.cards_left, 3);
}

#[test]
fn three_battle_treasures_draw_one_more_card() {
    // At the start of phase 2.
    let mut s = last_bond(true);
    for k in [12u8, 13, 14] {
        s.faces[k as usize].treasure = Some(Treasure::Battle);
    }
    s.treasures = vec![12, 13, 14];
    let events = ok(&mut s, place(B, 2, 0));
    let Some(Event::BattleCard { card }) = events
        .iter()
        .find(|e| matches!(e, Event::BattleCard { .. }))
    else {
        panic!("the battle card");
    };
    assert!(s.face_up.contains(card));
    assert_eq!(s.face_up.len(), 12);
    assert!(s.battle_drawn);

    // "If you complete your battle treasure collection during this phase, you may draw
    // the extra card then": A is the third, collected in phase 2.
    let mut s = one_orb_to_go(&[4, 5]);
    s.dragon = [false; 6];
    for k in [12u8, 13, A] {
        s.faces[k as usize].treasure = Some(Treasure::Battle);
    }
    s.treasures = vec![12, 13];
    s.cavern_deck = vec![20, 21];
    s.cavern.place(E, Pos::new(0, -2), Rotation(0));
    s.cavern.light(Pos::new(0, 0));
    s.face_up = vec![C, 4];
    let events = ok(&mut s, place(C, 0, 2));
    assert!(events.contains(&Event::Collection {
        kind: Treasure::Battle
    }));
    assert!(events.contains(&Event::BattleCard { card: 21 }));
    assert_eq!(s.face_up, vec![4, 21]);
}

/// Regression (audit of issue 52): the last face-up card completed the magic
/// collection and the game was scored a Liberator, although the power marks the last
/// open orb. "Continue in this way until you either run out of cards or succeed [...]
/// Remember, a complete **magic** treasure collection will allow you to place one gem
/// on the dragon for free". C, the last card, lights A's yellow orb (a set: the yellow
/// orb of the dragon) and A completes the magic collection; the power marks the blue
/// orb: trapped with no card remaining, a Vanquisher.
#[test]
fn a_magic_power_made_ready_by_the_last_card_marks_the_last_orb() {
    let trapped = |open: &[Colour]| {
        let mut s = one_orb_to_go(&[]);
        for k in [A, 4, 5] {
            s.faces[k as usize].treasure = Some(Treasure::Magic);
        }
        s.treasures = vec![4, 5];
        s.cavern.light(Pos::new(0, 0));
        s.face_up = vec![C];
        s.dragon = [true; 6];
        for c in open {
            s.dragon[c.index()] = false;
        }
        let events = ok(&mut s, place(C, 0, 2));
        assert!(events.contains(&Event::DragonMarked { colour: Yellow }));
        assert!(events.contains(&Event::Collection {
            kind: Treasure::Magic
        }));
        (s, events)
    };
    let (s, events) = trapped(&[Yellow, Blue]);
    assert!(events.contains(&Event::MagicUsed { colour: Blue }));
    let o = s.outcome().expect("trapped");
    assert!(o.trapped);
    assert_eq!(o.title, Title::Vanquisher);
    // Two orbs left after the last card: the power cannot trap the dragon, a Liberator.
    let (s, events) = trapped(&[Yellow, Blue, Green]);
    assert!(!events.iter().any(|e| matches!(e, Event::MagicUsed { .. })));
    assert_eq!(s.outcome().map(|o| o.title), Some(Title::Liberator));
}

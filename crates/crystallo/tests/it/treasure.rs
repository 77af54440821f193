//! "There are 9 treasure cards among the cavern cards. These treasures may be collected
//! by lighting up BOTH of the two orbs on the card. [...] If you collect all three
//! **riches** treasures, add one additional treasure to your final score. [...] all
//! three **magic** treasures, you may remove one gem from any creature OR add one gem
//! to the Black Dragon during the Black Dragon phase. [...] all three **battle**
//! treasures, you may draw one extra card during the Black Dragon phase."

use super::support::*;
use crystal_clans_crystallo::state::Magic;
use crystal_clans_crystallo::*;

/// A is a treasure card; E lights its red orb, C its yellow one.
fn light_both(kind: Treasure) -> (State, Vec<Event>) {
    let mut s = fixture(Some(kind), E);
    let first = ok(&mut s, place(E, 0, -2));
    assert_eq!(sets(&first), vec![RedOrb]);
    assert!(s.treasures.is_empty(), "one lit orb collects nothing");
    s.drawn = Some(C);
    s.draw.retain(|k| *k != C);
    let second = ok(&mut s, place(C, 0, 2));
    (s, second)
}

#[test]
fn lighting_both_orbs_of_a_treasure_card_collects_it() {
    let (s, events) = light_both(Treasure::Riches);
    assert!(events.contains(&Event::Treasure {
        card: A,
        kind: Treasure::Riches
    }));
    assert_eq!(s.treasures, vec![A]);
}

#[test]
fn all_three_riches_count_one_treasure_more() {
    let mut f = faces(Some(Treasure::Riches));
    f[4].treasure = Some(Treasure::Riches);
    f[5].treasure = Some(Treasure::Riches);
    let mut s = game(f, A, B, vec![], vec![]);
    s.treasures = vec![4, 5];
    s.cavern.place(E, Pos::new(0, -2), Rotation(0));
    // A's red orb is lit (E's set); C's set will light the yellow one.
    s.cavern.light(Pos::new(0, 0));
    s.drawn = Some(C);
    let events = ok(&mut s, place(C, 0, 2));
    assert!(events.contains(&Event::Collection {
        kind: Treasure::Riches
    }));
    // The pile is empty: the game ends, three treasures count four.
    let o = s.outcome().expect("over");
    assert_eq!(o.treasure, 4);
    assert_eq!(o.wealth, Wealth::Prosperous);
}

#[test]
fn all_three_magic_treasures_free_one_bond_once() {
    let mut f = faces(Some(Treasure::Magic));
    f[4].treasure = Some(Treasure::Magic);
    f[5].treasure = Some(Treasure::Magic);
    let mut s = fixture(None, E);
    s.faces = f;
    s.treasures = vec![4, 5];
    ok(&mut s, place(E, 0, -2));
    assert_eq!(s.magic, Magic::Locked);
    s.drawn = Some(C);
    s.draw.retain(|k| *k != C);
    ok(&mut s, place(C, 0, 2));
    assert_eq!(s.magic, Magic::Ready);
    assert!(legal(&s).contains(&Input::Magic { colour: Green }));
    let events = ok(&mut s, Input::Magic { colour: Green });
    assert!(events.contains(&Event::BondFreed {
        colour: Green,
        left: 2
    }));
    assert_eq!(
        refused(&mut s, Input::Magic { colour: Green }),
        RuleError::NoMagic
    );
}

#[test]
fn magic_cannot_free_a_creature_already_free() {
    let mut s = fixture(None, B);
    s.magic = Magic::Ready;
    s.bonds[Green.index()] = 0;
    assert_eq!(
        refused(&mut s, Input::Magic { colour: Green }),
        RuleError::AlreadyFree(Green)
    );
    assert!(!legal(&s).contains(&Input::Magic { colour: Green }));
}

/// The last card, C, lights A's yellow orb: the yellow creature's last bond comes off
/// and A completes the magic collection, with the draw pile empty. `bonds_left` are the
/// other creatures' bonds then.
fn last_card_completes_magic(bonds_left: &[(Colour, u8)]) -> (State, Vec<Event>) {
    let mut f = faces(Some(Treasure::Magic));
    f[4].treasure = Some(Treasure::Magic);
    f[5].treasure = Some(Treasure::Magic);
    let mut s = game(f, A, C, vec![], vec![10, 11, 12, 13, 14, 15, 16, 17, 18]);
    s.treasures = vec![4, 5];
    s.cavern.place(E, Pos::new(0, -2), Rotation(0));
    s.cavern.light(Pos::new(0, 0));
    s.bonds = [0; 6];
    s.bonds[Yellow.index()] = 1;
    for (colour, n) in bonds_left {
        s.bonds[colour.index()] = *n;
    }
    let events = ok(&mut s, place(C, 0, 2));
    assert!(events.contains(&Event::Collection {
        kind: Treasure::Magic
    }));
    (s, events)
}

/// Regression (audit of issue 52): the game ended as a Commoner when the draw pile ran
/// out, although the last card made the magic power ready and it frees the last
/// creature. "Continue in this way until you have freed all six creatures or run out of
/// cards"; "If you collect all three **magic** treasures, you may remove one gem from
/// any creature": the power frees the blue creature's last bond, and phase 2 begins.
#[test]
fn a_magic_power_made_ready_by_the_last_card_frees_the_last_creature() {
    let (s, events) = last_card_completes_magic(&[(Blue, 1)]);
    assert_eq!(s.magic, Magic::Used);
    assert!(events.contains(&Event::MagicUsed { colour: Blue }));
    assert!(events.contains(&Event::CreatureFreed { colour: Blue }));
    assert!(s.all_freed());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DragonPhase { .. }))
    );
    assert!(!s.is_over(), "the dragon's phase is played");
    assert_eq!(s.face_up.len(), 9);
}

/// With two bonds left the power cannot change the title: the game is scored, a
/// Commoner, and the power is not spent for nothing.
#[test]
fn a_magic_power_that_cannot_free_the_last_creature_leaves_a_commoner() {
    let (s, events) = last_card_completes_magic(&[(Blue, 1), (Green, 1)]);
    assert!(!events.iter().any(|e| matches!(e, Event::MagicUsed { .. })));
    assert_eq!(s.magic, Magic::Ready);
    let o = s.outcome().expect("over: no card left");
    assert_eq!(o.title, Title::Commoner);
    let (s, _) = last_card_completes_magic(&[(Blue, 2)]);
    assert_eq!(s.outcome().map(|o| o.title), Some(Title::Commoner));
}

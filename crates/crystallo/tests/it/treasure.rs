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

//! Small hand-made caverns: cards written as rows of symbols, a game whose first card,
//! drawn card, draw pile and set-aside pile the test chooses.

use crystal_clans_crystallo::cavern::Cavern;
use crystal_clans_crystallo::deck::Face;
use crystal_clans_crystallo::state::Magic;
use crystal_clans_crystallo::*;
use rand::SeedableRng;
use rand_pcg::Pcg32;

pub fn c(hue: Hue, shape: Shape) -> Symbol {
    Symbol::Crystal { hue, shape }
}
pub fn o(colour: Colour) -> Symbol {
    Symbol::Orb { colour }
}
pub use Colour::{Blue, Green, Orange as OrangeOrb, Purple as PurpleOrb, Red as RedOrb, Yellow};
pub use Hue::{Orange, Purple, Red};
pub use Shape::{Double, Single, Triple};

/// A face from its rows, left to right (the data files' spelling).
pub fn face(top: [Symbol; 2], bottom: [Symbol; 2], treasure: Option<Treasure>) -> Face {
    Face {
        symbols: [top[0], top[1], bottom[1], bottom[0]],
        treasure,
    }
}

/// The fixture's cards (ids 0 to 3) that the rulebook's examples are built from:
///
/// - 0 `A`, in the centre: orbs red and yellow on the left, red single and red double
///   on the right;
/// - 1 `B`, laid at (2, 0): with A's right column, red single, red triple, red double
///   and B's blue orb make a square (same colour, different shapes);
/// - 2 `C`, laid at (0, 2): red single and red triple under A's yellow orb and red
///   double: a second set that uses A's red double again;
/// - 3 `E`, laid at (0, -2): red double and red triple over A's red orb and red single.
///
/// Then fillers 4.. (one crystal, orbs of every colour but green).
pub fn faces(a_treasure: Option<Treasure>) -> Vec<Face> {
    let mut f = vec![
        face(
            [o(RedOrb), c(Red, Single)],
            [o(Yellow), c(Red, Double)],
            a_treasure,
        ),
        face(
            [c(Red, Triple), o(Green)],
            [o(Blue), c(Purple, Single)],
            None,
        ),
        face(
            [c(Red, Single), c(Red, Triple)],
            [o(PurpleOrb), o(OrangeOrb)],
            None,
        ),
        face(
            [o(Green), o(OrangeOrb)],
            [c(Red, Double), c(Red, Triple)],
            None,
        ),
    ];
    let others = [RedOrb, OrangeOrb, Yellow, Blue, PurpleOrb];
    for i in 0..20 {
        f.push(face(
            [c(Purple, Double), o(others[i % 5])],
            [o(others[(i + 1) % 5]), o(others[(i + 2) % 5])],
            None,
        ));
    }
    f
}

pub const A: u8 = 0;
pub const B: u8 = 1;
pub const C: u8 = 2;
pub const E: u8 = 3;

/// A phase-1 game of `faces`: `first` in the centre, `drawn` in hand, `draw` the pile
/// (its last card is drawn next), `set_aside` the dragon's nine.
pub fn game(faces: Vec<Face>, first: u8, drawn: u8, draw: Vec<u8>, set_aside: Vec<u8>) -> State {
    let mut cavern = Cavern::default();
    cavern.place(first, Pos::new(0, 0), Rotation(0));
    State {
        faces,
        seed: 0,
        phase: Phase::Explore,
        cavern,
        draw,
        set_aside,
        drawn: Some(drawn),
        discarded: Vec::new(),
        bonds: [3; 6],
        dragon: [false; 6],
        treasures: Vec::new(),
        magic: Magic::Locked,
        battle_drawn: false,
        face_up: Vec::new(),
        cavern_deck: Vec::new(),
        passed: Vec::new(),
        rng: Pcg32::seed_from_u64(7),
    }
}

/// The fixture with A in the centre and `drawn` in hand; fillers 10.. in the draw pile
/// and 4..=9 plus 20..=22 set aside.
pub fn fixture(a_treasure: Option<Treasure>, drawn: u8) -> State {
    let rest: Vec<u8> = [B, C, E].into_iter().filter(|k| *k != drawn).collect();
    let mut draw: Vec<u8> = (10..20).collect();
    draw.extend(rest);
    game(
        faces(a_treasure),
        A,
        drawn,
        draw,
        vec![4, 5, 6, 7, 8, 9, 20, 21, 22],
    )
}

pub fn place(card: u8, x: i32, y: i32) -> Input {
    Input::Place {
        card,
        at: Pos::new(x, y),
        rot: Rotation(0),
    }
}

/// Plays `input`, which must be accepted.
pub fn ok(state: &mut State, input: Input) -> Vec<Event> {
    match apply(state, input) {
        Ok(events) => events,
        Err(e) => panic!("{input:?} refused: {e}"),
    }
}

/// Plays `input`, which must be refused, and checks the refusal changed nothing.
pub fn refused(state: &mut State, input: Input) -> RuleError {
    let before = state.clone();
    let err = apply(state, input).expect_err("the input is refused");
    assert_eq!(*state, before, "a refused input changes nothing");
    err
}

pub fn sets(events: &[Event]) -> Vec<Colour> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Set { square } => Some(square.colour),
            _ => None,
        })
        .collect()
}

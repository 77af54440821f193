//! "TITLES" and the "SCORING TABLE", cell by cell.

use crystal_clans_crystallo::score::{TABLE, score};
use crystal_clans_crystallo::*;

#[test]
fn titles_follow_the_creatures_the_dragon_and_the_cards_remaining() {
    assert_eq!(Title::of(false, false, 0), Title::Commoner);
    assert_eq!(Title::of(false, false, 9), Title::Commoner);
    assert_eq!(Title::of(true, false, 5), Title::Liberator);
    assert_eq!(Title::of(true, true, 0), Title::Vanquisher);
    assert_eq!(Title::of(true, true, 1), Title::Knight);
    assert_eq!(Title::of(true, true, 2), Title::Hero);
    assert_eq!(Title::of(true, true, 3), Title::Champion);
    assert_eq!(Title::of(true, true, 20), Title::Champion);
}

#[test]
fn treasure_gives_impoverished_prosperous_or_wealthy() {
    // "0-3 [...] IMPOVERISHED [...] 4-6 [...] PROSPEROUS [...] 7-9 [...] WEALTHY".
    for (n, w) in [
        (0, Wealth::Impoverished),
        (3, Wealth::Impoverished),
        (4, Wealth::Prosperous),
        (6, Wealth::Prosperous),
        (7, Wealth::Wealthy),
        (9, Wealth::Wealthy),
        (10, Wealth::Wealthy),
    ] {
        assert_eq!(Wealth::of(n), w, "{n} treasure");
    }
}

#[test]
fn the_scoring_table_as_printed() {
    let printed = "
        COMMONER 50 100 200
        LIBERATOR 150 300 500
        VANQUISHER 400 600 900
        KNIGHT 750 1050 1400
        HERO 1200 1600 2000
        CHAMPION 1800 2500 3000";
    let rows: Vec<Vec<&str>> = printed
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    for (t, row) in Title::ALL.into_iter().zip(&rows) {
        assert_eq!(row[0].to_lowercase(), t.id());
        for (w, cell) in Wealth::ALL.into_iter().zip(&row[1..]) {
            assert_eq!(score(t, w), cell.parse::<u32>().unwrap(), "{t:?} {w:?}");
        }
    }
    assert_eq!(TABLE.len(), 6);
    let o = Outcome::new(true, true, 1, 5);
    assert_eq!(
        (o.title, o.wealth, o.score),
        (Title::Knight, Wealth::Prosperous, 1050)
    );
}

//! Titles and the scoring table, as the rulebook prints them.

use serde::{Deserialize, Serialize};

/// "COMMONER" to "CHAMPION".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    Commoner,
    Liberator,
    Vanquisher,
    Knight,
    Hero,
    Champion,
}

/// "IMPOVERISHED", "PROSPEROUS", "WEALTHY".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wealth {
    Impoverished,
    Prosperous,
    Wealthy,
}

impl Title {
    pub const ALL: [Title; 6] = [
        Title::Commoner,
        Title::Liberator,
        Title::Vanquisher,
        Title::Knight,
        Title::Hero,
        Title::Champion,
    ];
    pub fn id(self) -> &'static str {
        [
            "commoner",
            "liberator",
            "vanquisher",
            "knight",
            "hero",
            "champion",
        ][self as usize]
    }

    /// "If you have failed to free the creatures: [...] COMMONER. If you have freed all
    /// the creatures, but failed to trap the dragon: [...] LIBERATOR. If you have trapped
    /// the Black Dragon with no extra cards remaining: [...] VANQUISHER. [...] with 1
    /// card remaining: [...] KNIGHT. [...] with 2 cards remaining: [...] HERO. [...] with
    /// 3 or more cards remaining: [...] CHAMPION."
    pub fn of(freed_all: bool, trapped: bool, cards_left: usize) -> Title {
        match (freed_all, trapped, cards_left) {
            (false, _, _) => Title::Commoner,
            (true, false, _) => Title::Liberator,
            (true, true, 0) => Title::Vanquisher,
            (true, true, 1) => Title::Knight,
            (true, true, 2) => Title::Hero,
            (true, true, _) => Title::Champion,
        }
    }
}

impl Wealth {
    pub const ALL: [Wealth; 3] = [Wealth::Impoverished, Wealth::Prosperous, Wealth::Wealthy];
    pub fn id(self) -> &'static str {
        ["impoverished", "prosperous", "wealthy"][self as usize]
    }

    /// "0-3 treasure [...] IMPOVERISHED [...] 4-6 [...] PROSPEROUS [...] 7-9 [...]
    /// WEALTHY"; the riches bonus's tenth treasure is wealthy too.
    pub fn of(treasure: usize) -> Wealth {
        match treasure {
            0..=3 => Wealth::Impoverished,
            4..=6 => Wealth::Prosperous,
            _ => Wealth::Wealthy,
        }
    }
}

/// The scoring table, rows by title, columns by wealth.
pub const TABLE: [[u32; 3]; 6] = [
    [50, 100, 200],
    [150, 300, 500],
    [400, 600, 900],
    [750, 1050, 1400],
    [1200, 1600, 2000],
    [1800, 2500, 3000],
];

pub fn score(title: Title, wealth: Wealth) -> u32 {
    TABLE[title as usize][wealth as usize]
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub title: Title,
    pub wealth: Wealth,
    /// Treasure counted for the title: cards collected, plus one for the riches set.
    pub treasure: u8,
    pub score: u32,
    /// Face-up cards not placed when the dragon was trapped (0 otherwise).
    pub cards_left: u8,
    pub freed_all: bool,
    pub trapped: bool,
}

impl Outcome {
    pub fn new(freed_all: bool, trapped: bool, cards_left: usize, treasure: usize) -> Outcome {
        let title = Title::of(freed_all, trapped, cards_left);
        let wealth = Wealth::of(treasure);
        Outcome {
            title,
            wealth,
            treasure: treasure as u8,
            score: score(title, wealth),
            cards_left: if trapped { cards_left as u8 } else { 0 },
            freed_all,
            trapped,
        }
    }
}

//! One name per zone, everywhere (issue 28): through a random match, every text that
//! names a zone (the log, the board and battle images' words, the panels' choices) and
//! every `/clans rules` topic, in English and German, says each zone by the one name
//! `i18n::names::zone` gives it: "Ana's home (H1)" where the players are known (the
//! log, the images, the panels), "Player 1's home (H1)" where they are not (a rules
//! topic).
//! A zone id said any other way ("H1 · Ana's home", "Player one's home (H1)") fails, and
//! so does a zone said by a compass direction the board image does not show.

use std::collections::{BTreeMap, BTreeSet};

use crystal_clans::app::clans::panel;
use crystal_clans::game::board::Board;
use crystal_clans::game::{Event, Rules, Setup};
use crystal_clans::i18n::narration::Narrator;
use crystal_clans::i18n::{Lang, names};
use crystal_clans::render::{self, Table, Theme, Words};
use crystal_clans::topics;

use crate::support;

const PLAYERS: [&str; 2] = ["Ana", "Max"];

/// The old board's directions, as its zone names said them in either language.
const COMPASS: &[&str] = &[
    "north", "south", "east", "west", "centre", "nord", "süd", "ost", "mitte",
];

/// Where `id` stands in `text` as a word of its own ("C3", not the "C3" of "C30").
fn at_word(text: &str, id: &str) -> Vec<usize> {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(id)
        .map(|(at, _)| at)
        .filter(|&at| {
            !word(text[..at].chars().next_back()) && !word(text[at + id.len()..].chars().next())
        })
        .collect()
}

/// Every zone mention of one surface, checked against the zone's one name.
struct Walker<'a> {
    board: &'a Board,
    /// Each zone's names as said, by language and whether the players were known.
    said: BTreeMap<(String, bool, String), BTreeSet<String>>,
    texts: usize,
}

impl Walker<'_> {
    fn check(&mut self, surface: &str, lang: Lang, players: Option<[&str; 2]>, text: &str) {
        self.texts += 1;
        for (z, info) in self.board.zones.iter().enumerate() {
            let name = names::zone(lang, self.board, z as u8, players);
            let names: Vec<(usize, usize)> = text
                .match_indices(name.as_str())
                .map(|(at, s)| (at, at + s.len()))
                .collect();
            for at in at_word(text, &info.id) {
                assert!(
                    names
                        .iter()
                        .any(|&(a, b)| a <= at && at + info.id.len() <= b),
                    "{surface} ({lang:?}) names {} otherwise than \"{name}\": {text}",
                    info.id
                );
                self.said
                    .entry((format!("{lang:?}"), players.is_some(), info.id.clone()))
                    .or_default()
                    .insert(name.clone());
            }
        }
        let folded = text.to_lowercase();
        for kind in ["field", "crystal", "home", "gebiet"] {
            for dir in COMPASS {
                for said in [format!("{dir} {kind}"), format!("{kind} {dir}")] {
                    let hit = folded.match_indices(&said).any(|(at, _)| {
                        !folded[..at]
                            .chars()
                            .next_back()
                            .is_some_and(char::is_alphanumeric)
                    });
                    assert!(
                        !hit,
                        "{surface} ({lang:?}) says a zone by a direction: {text}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_surface_says_each_zone_by_its_one_name() {
    let rules = Rules::base();
    let theme = Theme::default();
    let board = &rules.board;
    let mut walker = Walker {
        board,
        said: BTreeMap::new(),
        texts: 0,
    };
    for lang in Lang::ALL {
        for topic in topics::all(&rules, lang) {
            walker.check("/clans rules", lang, None, &topic.text);
        }
        let t = Table {
            rules: &rules,
            theme: &theme,
            names: PLAYERS,
            lang,
        };
        let setup = Setup {
            clans: [0, 3],
            seed: 11,
            mulligan: true,
        };
        let mut battle: Vec<Event> = Vec::new();
        let (_, end) = crystal_clans::selfplay::play_random(&rules, setup, 3, |s, events| {
            let public: Vec<Event> = events.iter().map(|e| e.redact(None)).collect();
            let narrator = Narrator {
                rules: &rules,
                kinds: &s.kinds,
                names: PLAYERS,
                lang,
            };
            for line in narrator.lines(&public) {
                walker.check("the log", lang, Some(PLAYERS), &line);
            }
            let view = s.view(&rules, None);
            let board_words = Words::Board {
                view: &view,
                caption: &[],
            };
            for text in render::words(&t, board_words).map_err(|e| e.to_string())? {
                walker.check("the board image", lang, Some(PLAYERS), &text);
            }
            for e in public {
                if support::play::battle_ended(&mut battle, e) {
                    let words = Words::Battle {
                        kinds: &s.kinds,
                        view: &view,
                        events: &battle,
                    };
                    // Its paragraphs come as wrapped lines: a name may span two.
                    let text = render::words(&t, words).map_err(|e| e.to_string())?;
                    walker.check("the battle image", lang, Some(PLAYERS), &text.join(" "));
                }
            }
            for seat in s.pending().seats {
                // A player's own panel says "your home (H1)" for their home (issue 49):
                // the one other name a zone has, and only there.
                let home = rules.board.homes[seat as usize];
                let own = crystal_clans::i18n::messages::panel::zone_your_home(
                    lang,
                    rules.board.zones[home as usize].id.as_str(),
                );
                let owner = names::zone(lang, &rules.board, home, Some(PLAYERS));
                for c in panel::choices(lang, Some(PLAYERS), &rules, s, seat) {
                    let to = match &c.part {
                        panel::Part::Set { to, .. } => to.as_str(),
                        _ => "",
                    };
                    for text in [to, &c.label, &c.detail] {
                        let text = text.replace(&own, &owner);
                        walker.check("a panel", lang, Some(PLAYERS), &text);
                    }
                }
            }
            Ok(())
        })
        .expect("random play works");
        assert!(end.winner.is_some(), "the random match ends");
    }
    // Every zone was named on the way, by one name per language where the players are
    // known (the log, the images, the panels); where they are not (a rules topic), by at
    // most one other.
    for lang in Lang::ALL {
        for known in [true, false] {
            for z in &board.zones {
                let said = walker.said.get(&(format!("{lang:?}"), known, z.id.clone()));
                let count = said.map_or(0, |s| s.len());
                let fine = if known { count == 1 } else { count <= 1 };
                assert!(
                    fine,
                    "{} ({lang:?}, players known: {known}): {said:?}",
                    z.id
                );
            }
        }
    }
    assert!(walker.texts > 1000, "only {} texts", walker.texts);
}

//! The lessons of `/clans learn`, in the rulebook's order, and when each is due: a
//! lesson is shown the first time the learner's match reaches what it is about (the
//! first summon they can make, their first battle), so it explains the very screen in
//! front of them. Pure: the match's state, the events of the last outcome and the
//! lessons already seen decide it, so it is tested on played matches without Discord.

use crate::game::board::ZoneKind;
use crate::game::{Event, Input, Question, Rules, Seat, State, ZoneId};
use crate::i18n::messages::learn as t;
use crate::i18n::{Lang, explain, names};
use crate::render::Marks;

/// One lesson. Its index is its bit in the stored set of lessons seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lesson {
    /// The goal (4 crystals) and the board's zones.
    Goal,
    /// The initiative track and whose turn it is.
    Initiative,
    /// Summon units from the hand into the home.
    Summon,
    /// Activate a squad: reorder, move (all or part of it), battle.
    Activate,
    /// A battle: the secret battle card, styles, left and right effects, damage.
    Battle,
    /// Two crystal zones held: take a crystal from the market.
    Score,
    /// The clan's signature.
    Signature,
    /// A crystal's effect, once the learner may use one.
    CrystalEffect,
    /// A draw pile ran out and was reshuffled.
    Reshuffle,
    /// The match is over: what next.
    End,
}

impl Lesson {
    pub const ALL: [Lesson; 10] = [
        Lesson::Goal,
        Lesson::Initiative,
        Lesson::Summon,
        Lesson::Activate,
        Lesson::Battle,
        Lesson::Score,
        Lesson::Signature,
        Lesson::CrystalEffect,
        Lesson::Reshuffle,
        Lesson::End,
    ];

    pub fn bit(self) -> u64 {
        1 << Lesson::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }

    /// Whether `seen` (a set of bits) holds it.
    pub fn seen_in(self, seen: u64) -> bool {
        seen & self.bit() != 0
    }

    /// The lesson whose bit `bit` is.
    pub fn of_bit(bit: u64) -> Option<Lesson> {
        Lesson::ALL.into_iter().find(|l| l.bit() == bit)
    }

    /// Whether the lesson asks for a move (the learner's next input is judged against
    /// it: [`Lesson::followed`]); the others explain what happens.
    pub fn asks(self) -> bool {
        matches!(self, Lesson::Summon | Lesson::Activate | Lesson::Score)
    }

    /// Whether `input` is the move the lesson asked for. Any other legal move is
    /// allowed, and explained ([`detour`]).
    pub fn followed(self, input: &Input) -> bool {
        match self {
            Lesson::Summon => matches!(input, Input::Summon(_) | Input::SummonTo { .. }),
            Lesson::Activate => matches!(input, Input::Activate(_)),
            Lesson::Score => matches!(input, Input::Score(_)),
            _ => true,
        }
    }
}

/// Of the lessons `due` now, the one whose move the learner's next input answers: the
/// last that asks for one.
pub fn asking(due: &[Lesson]) -> Option<Lesson> {
    due.iter().rev().copied().find(|l| l.asks())
}

/// What a learner who made another move than `lesson` asked (`did`, worded as the
/// panel words it) is told: the move is fine, what the lesson's move would have
/// brought, and how to make it later.
pub fn detour(lesson: Lesson, lang: Lang, did: String) -> String {
    match lesson {
        Lesson::Summon => t::lesson_detour_summon(lang, did),
        Lesson::Activate => t::lesson_detour_activate(lang, did),
        Lesson::Score => t::lesson_detour_score(lang, did),
        _ => String::new(),
    }
}

/// What the lesson is about on the board, outlined on the lesson's picture: the zones,
/// the track, the market or a player's corner, as the match stands (`state`, after the
/// `events` of its last outcome), for the learner at `seat`.
pub fn marks(lesson: Lesson, rules: &Rules, state: &State, seat: Seat, events: &[Event]) -> Marks {
    let zones = |kind: ZoneKind, owner: Option<Seat>| -> Vec<ZoneId> {
        (0..rules.board.zones.len() as ZoneId)
            .filter(|&z| {
                let info = &rules.board.zones[z as usize];
                info.kind == kind && (owner.is_none() || info.seat == owner)
            })
            .collect()
    };
    let activatable = || -> Vec<ZoneId> {
        let mut zs: Vec<ZoneId> = state
            .legal(rules, seat)
            .iter()
            .filter_map(|i| match i {
                Input::Activate(z) => Some(*z),
                _ => None,
            })
            .collect();
        zs.dedup();
        zs
    };
    match lesson {
        Lesson::Goal => Marks {
            zones: [
                zones(ZoneKind::Crystal, None),
                zones(ZoneKind::Home, Some(seat)),
            ]
            .concat(),
            market: true,
            ..Marks::default()
        },
        Lesson::Initiative => Marks {
            track: true,
            ..Marks::default()
        },
        Lesson::Summon => Marks {
            zones: zones(ZoneKind::Home, Some(seat)),
            ..Marks::default()
        },
        Lesson::Activate => Marks {
            zones: activatable(),
            ..Marks::default()
        },
        Lesson::Battle => Marks {
            zones: state.battle.iter().map(|b| b.zone).collect(),
            ..Marks::default()
        },
        Lesson::Score => Marks {
            zones: zones(ZoneKind::Crystal, None)
                .into_iter()
                .filter(|&z| state.controls(seat, z))
                .collect(),
            market: true,
            ..Marks::default()
        },
        Lesson::Signature | Lesson::CrystalEffect => Marks {
            players: vec![seat],
            ..Marks::default()
        },
        Lesson::Reshuffle => Marks {
            players: events
                .iter()
                .filter_map(|e| match e {
                    Event::Reshuffled { seat, .. } => Some(*seat),
                    _ => None,
                })
                .collect(),
            ..Marks::default()
        },
        Lesson::End => Marks::default(),
    }
}

/// A lesson in `lang`, for the learner playing clan `clan`.
pub fn say(lesson: Lesson, lang: Lang, rules: &Rules, clan: u8) -> String {
    match lesson {
        Lesson::Goal => t::lesson_goal(lang),
        Lesson::Initiative => t::lesson_initiative(lang),
        Lesson::Summon => t::lesson_summon(lang),
        Lesson::Activate => t::lesson_activate(lang),
        Lesson::Battle => t::lesson_battle(lang),
        Lesson::Score => t::lesson_score(lang),
        Lesson::Signature => match rules.pack.clans.get(clan as usize) {
            Some(c) => t::lesson_signature(
                lang,
                names::clan(lang, c),
                names::signature(lang, c.signature),
                explain::signature(lang, c.signature, c.horde_limit),
            ),
            None => String::new(),
        },
        Lesson::CrystalEffect => t::lesson_crystal_effect(lang),
        Lesson::Reshuffle => t::lesson_reshuffle(lang),
        Lesson::End => t::lesson_end(lang),
    }
}

/// The lessons due now for the learner at `seat`, in order, none already `seen`:
/// each whose moment the match has reached (`events` are the last outcome's).
pub fn due(rules: &Rules, state: &State, seat: Seat, events: &[Event], seen: u64) -> Vec<Lesson> {
    let asked = state.waits_for(seat);
    let question = state.pending().question;
    let legal = if asked {
        state.legal(rules, seat)
    } else {
        Vec::new()
    };
    let offers = |f: fn(&Input) -> bool| legal.iter().any(f);
    let acting = asked && question == Question::Action;
    let over = state.winner.is_some();
    let is_due = |l: Lesson| match l {
        // The first two open the match, before anything else is asked.
        Lesson::Goal | Lesson::Initiative => true,
        Lesson::Summon => {
            acting && offers(|i| matches!(i, Input::Summon(_) | Input::SummonTo { .. }))
        }
        // After the summon (a squad to activate is usually the one just summoned).
        Lesson::Activate => {
            acting && Lesson::Summon.seen_in(seen) && offers(|i| matches!(i, Input::Activate(_)))
        }
        Lesson::Battle => {
            asked && matches!(question, Question::BattleCard | Question::BattleOptions)
        }
        Lesson::Score => acting && offers(|i| matches!(i, Input::Score(_))),
        // Once the basics are there: the clan's own rule.
        Lesson::Signature => acting && Lesson::Activate.seen_in(seen),
        Lesson::CrystalEffect => asked && offers(|i| matches!(i, Input::UseCrystal(_))),
        Lesson::Reshuffle => events.iter().any(|e| matches!(e, Event::Reshuffled { .. })),
        Lesson::End => over,
    };
    // A lesson that waits for another (Activate for Summon) waits for it to have been
    // seen before, not given in the same breath: the player acts between them.
    Lesson::ALL
        .into_iter()
        .filter(|&l| !l.seen_in(seen) && (l == Lesson::End || !over) && is_due(l))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::game::rng::{Pcg32, below};
    use rand::SeedableRng;

    /// What the lesson's picture outlines for the learner at seat 0 is what the lesson
    /// speaks of, as the match stands.
    fn marks_point_at_the_lesson(rules: &Rules, state: &State, events: &[Event], l: Lesson) {
        let m = marks(l, rules, state, 0, events);
        let kind = |z: &ZoneId| rules.board.zones[*z as usize].kind;
        let home = rules
            .board
            .zones
            .iter()
            .position(|z| z.kind == ZoneKind::Home && z.seat == Some(0));
        match l {
            Lesson::Goal => {
                assert!(m.market && !m.track, "{m:?}");
                assert_eq!(
                    m.zones
                        .iter()
                        .filter(|z| kind(z) == ZoneKind::Crystal)
                        .count(),
                    3
                );
                assert!(m.zones.iter().any(|&z| Some(z as usize) == home), "{m:?}");
            }
            Lesson::Initiative => assert_eq!(
                m,
                Marks {
                    track: true,
                    ..Marks::default()
                }
            ),
            Lesson::Summon => assert_eq!(m.zones, vec![home.unwrap() as ZoneId]),
            Lesson::Activate => {
                assert!(!m.zones.is_empty());
                assert!(
                    m.zones.iter().all(|&z| !state.squad(z, 0).is_empty()),
                    "{m:?}"
                );
            }
            Lesson::Battle => assert_eq!(m.zones, vec![state.battle.as_ref().unwrap().zone]),
            Lesson::Score => {
                assert!(m.market);
                assert!(m.zones.len() >= 2, "two crystal zones held: {m:?}");
                assert!(
                    m.zones
                        .iter()
                        .all(|&z| kind(&z) == ZoneKind::Crystal && state.controls(0, z))
                );
            }
            Lesson::Signature | Lesson::CrystalEffect => assert_eq!(m.players, vec![0]),
            Lesson::Reshuffle => assert!(!m.players.is_empty(), "{m:?}"),
            Lesson::End => assert!(m.is_empty()),
        }
    }

    /// A lesson that asks for a move accepts only that kind of move; any other gets an
    /// explanation in both languages that names what the learner did.
    #[test]
    fn a_move_other_than_the_one_asked_is_explained() {
        use crate::game::Input as I;
        let did = "Replenish (3 initiative)".to_string();
        for l in Lesson::ALL {
            let wish: &[I] = match l {
                Lesson::Summon => &[I::Summon(Default::default())],
                Lesson::Activate => &[I::Activate(4)],
                Lesson::Score => &[I::Score(0)],
                _ => {
                    assert!(!l.asks(), "{l:?}");
                    assert!(l.followed(&I::Replenish));
                    continue;
                }
            };
            assert!(l.asks());
            assert!(wish.iter().all(|i| l.followed(i)), "{l:?}");
            for other in [I::Replenish, I::Invade, I::Stay] {
                assert!(!l.followed(&other), "{l:?} {other:?}");
            }
            for lang in [Lang::En, Lang::De] {
                let said = detour(l, lang, did.clone());
                assert!(said.starts_with("📘 **") && said.contains(&did), "{said}");
            }
        }
        assert_eq!(
            asking(&[Lesson::Goal, Lesson::Summon, Lesson::Signature]),
            Some(Lesson::Summon)
        );
        assert_eq!(asking(&[Lesson::Battle]), None);
        for l in Lesson::ALL {
            assert_eq!(Lesson::of_bit(l.bit()), Some(l));
        }
        assert_eq!(Lesson::of_bit(0), None);
    }

    /// Played matches (random answers, battles taken): every lesson but the rare ones
    /// comes, each once, and in the order of play the rulebook's order holds for the
    /// first four.
    #[test]
    fn lessons_come_once_each_when_their_moment_comes() {
        let rules = Rules::base();
        let mut counts = [0usize; 10];
        for game in 0..20u64 {
            let setup = Setup {
                clans: [(game % 6) as u8, ((game + 1) % 6) as u8],
                seed: game,
                mulligan: false,
            };
            let (mut state, mut events) = State::new(&rules, setup).unwrap();
            let mut rng = Pcg32::seed_from_u64(game);
            let mut seen = 0u64;
            let mut order = Vec::new();
            loop {
                for l in due(&rules, &state, 0, &events, seen) {
                    assert!(!l.seen_in(seen), "{l:?} twice");
                    marks_point_at_the_lesson(&rules, &state, &events, l);
                    seen |= l.bit();
                    order.push(l);
                }
                if state.winner.is_some() {
                    break;
                }
                let seat = state.waiting()[0];
                let legal = state.legal(&rules, seat);
                let pick = legal
                    .iter()
                    .position(|i| *i == Input::Battle(true))
                    .unwrap_or_else(|| below(&mut rng, legal.len() as u32) as usize);
                events = state.apply(&rules, seat, &legal[pick]).unwrap();
            }
            assert_eq!(&order[..2], &[Lesson::Goal, Lesson::Initiative]);
            let at = |l: Lesson| order.iter().position(|&x| x == l);
            if let (Some(s), Some(a)) = (at(Lesson::Summon), at(Lesson::Activate)) {
                assert!(s < a, "{order:?}");
            }
            assert_eq!(order.last(), Some(&Lesson::End), "{order:?}");
            for l in order {
                counts[Lesson::ALL.iter().position(|&x| x == l).unwrap()] += 1;
            }
        }
        // Goal, initiative, summon, activate, signature and the end in every match; a
        // battle, scoring and the rest in some (random play).
        for (i, l) in Lesson::ALL.iter().enumerate() {
            match l {
                Lesson::Battle | Lesson::Score | Lesson::CrystalEffect | Lesson::Reshuffle => {
                    assert!(counts[i] > 0, "{l:?} never came: {counts:?}")
                }
                _ => assert_eq!(counts[i], 20, "{l:?}: {counts:?}"),
            }
        }
    }
}

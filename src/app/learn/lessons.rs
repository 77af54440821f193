//! The lessons of `/clans learn`, in the rulebook's order, and when each is due: a
//! lesson is shown the first time the learner's match reaches what it is about (the
//! first summon they can make, their first battle), so it explains the very screen in
//! front of them. Pure: the match's state, the events of the last outcome and the
//! lessons already seen decide it, so it is tested on played matches without Discord.

use crate::game::{Event, Input, Question, Rules, Seat, State};
use crate::i18n::messages::learn as t;
use crate::i18n::{Lang, explain, names};

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

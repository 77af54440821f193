//! A state's own consistency, checked from the outside: every card instance in exactly
//! one place, piles with their owner's cards, the token on the track, squads within
//! their limit. The engine keeps these by construction; the check is for states made
//! elsewhere (sample positions, scenario files, rows read back from a database) and for
//! the property tests that prove the engine keeps them.

use super::Rules;
use super::board::ZoneId;
use super::order::trigger_of;
use super::state::{State, Step, TOTAL_CARDS, owner};

impl State {
    /// The first inconsistency found, in words, or `Ok`.
    pub fn validate(&self, rules: &Rules) -> Result<(), String> {
        if self.kinds.len() != TOTAL_CARDS {
            return Err(format!(
                "{} card kinds for {TOTAL_CARDS} cards",
                self.kinds.len()
            ));
        }
        // Every card comes from the two clans' decks, in deck order (`State::new`):
        // what the engine knows of a clan's cards holds for the match's cards.
        let decks = self
            .setup
            .clans
            .iter()
            .map(|&c| rules.pack.decks.get(c as usize));
        if !decks
            .flatten()
            .flatten()
            .copied()
            .eq(self.kinds.iter().copied())
        {
            return Err("the card kinds are not the two clans' decks".into());
        }
        let mut seen = [0u8; TOTAL_CARDS];
        let mut mark = |c: u8, place: &str| -> Result<(), String> {
            let n = seen
                .get_mut(c as usize)
                .ok_or_else(|| format!("card {c} in {place} does not exist"))?;
            *n += 1;
            if *n > 1 {
                return Err(format!("card {c} is twice in the game (again in {place})"));
            }
            Ok(())
        };
        for (s, p) in self.players.iter().enumerate() {
            for &c in &p.hand {
                mark(c, "a hand")?;
            }
            // Draw and discard piles hold only their owner's cards (a stolen unit goes
            // back to its owner's discard pile).
            for (pile, name) in [(&p.draw, "draw pile"), (&p.discard, "discard pile")] {
                for &c in pile {
                    mark(c, name)?;
                    if owner(c) as usize != s {
                        return Err(format!("card {c} is in the other player's {name}"));
                    }
                }
            }
            for &c in &p.removed {
                mark(c, "the removed cards")?;
            }
        }
        for squads in &self.squads {
            for squad in squads {
                for &c in squad {
                    mark(c, "a squad")?;
                }
            }
        }
        if let Some(b) = &self.battle {
            for (s, c) in b.cards.iter().enumerate() {
                // A battle card that joined its squad is counted there.
                if let (Some(c), false) = (c, b.joined[s]) {
                    mark(*c, "the battle")?;
                }
            }
        }
        if let Some(missing) = seen.iter().position(|&n| n == 0) {
            return Err(format!("card {missing} is nowhere"));
        }
        let l = rules.board.track_length;
        if !(-l..=l).contains(&self.token) {
            return Err(format!("token {} is off the track", self.token));
        }
        if self.squads.len() != rules.board.zones.len() {
            return Err(format!(
                "{} zones of squads on a board of {}",
                self.squads.len(),
                rules.board.zones.len()
            ));
        }
        // Only while a discard-down is asked may a squad be over its limit.
        let discarding = matches!(self.agenda.last(), Some(Step::DiscardDown { .. }));
        for (z, squads) in self.squads.iter().enumerate() {
            for (s, squad) in squads.iter().enumerate() {
                if !discarding && squad.len() > self.squad_limit(rules, s as u8, z as ZoneId) {
                    return Err(format!(
                        "the squad of seat {s} in {} has {} units, over its limit",
                        rules.board.zones[z].name,
                        squad.len()
                    ));
                }
            }
        }
        // A group of simultaneous triggers holds the trigger steps it orders.
        for (i, step) in self.agenda.iter().enumerate() {
            if let Step::OrderTriggers { n } = *step
                && (i < n as usize
                    || self.agenda[i - n as usize..i]
                        .iter()
                        .any(|s| trigger_of(s).is_none()))
            {
                return Err(format!(
                    "the agenda orders {n} triggers that are not under its question"
                ));
            }
        }
        self.check_someone_can_answer(rules)
    }

    /// A match that is not over waits for someone, and everyone it waits for has an
    /// answer: a match with no legal move would wait forever. Play never gets there
    /// (`crates/engine/tests/it/always_a_move.rs`); a scenario or a stored state made
    /// elsewhere could, e.g. a player to act with the token at the far end of her
    /// opponent's side of the track, where no action is affordable.
    fn check_someone_can_answer(&self, rules: &Rules) -> Result<(), String> {
        if self.winner.is_some() {
            return Ok(());
        }
        if self.agenda.is_empty() || self.waiting_bits() == 0 {
            return Err("the match is not over but waits for nobody".into());
        }
        for seat in self.waiting() {
            if self.legal(rules, seat).is_empty() {
                return Err(format!(
                    "player {} must {} but has no legal answer",
                    seat + 1,
                    self.pending().question.describe()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::game::pack::Ability;
    use crate::game::{Rules, Setup, State};

    fn start(clans: [u8; 2]) -> (Rules, State) {
        let rules = Rules::base();
        let setup = Setup {
            clans,
            seed: 5,
            mulligan: false,
        };
        let (state, _) = State::new(&rules, setup).expect("valid setup");
        (rules, state)
    }

    #[test]
    fn card_kinds_must_be_the_two_clans_decks() {
        let (rules, mut state) = start([0, 1]);
        state.validate(&rules).unwrap();
        // A card of a third clan's deck in seat 0's deck.
        state.kinds[0] = rules.pack.decks[2][0];
        assert_eq!(
            state.validate(&rules),
            Err("the card kinds are not the two clans' decks".into())
        );
        // The decks swapped over: each card must be its owner's clan's.
        let (_, mut swapped) = start([0, 1]);
        swapped.setup.clans = [1, 0];
        assert!(swapped.validate(&rules).is_err());
    }

    #[test]
    fn an_ability_is_in_a_match_when_one_of_its_clans_decks_has_it() {
        let rules = Rules::base();
        let clan_with = |a: Ability| {
            (0..rules.pack.clans.len() as u8)
                .filter(|&c| {
                    rules.pack.decks[c as usize]
                        .iter()
                        .any(|&k| rules.pack.cards[k as usize].ability == a)
                })
                .collect::<Vec<_>>()
        };
        for ability in [Ability::HasteNetwork, Ability::Shift, Ability::RaiseTheDead] {
            let with = clan_with(ability);
            assert!(!with.is_empty(), "{ability:?} is in the base pack");
            for a in 0..rules.pack.clans.len() as u8 {
                for b in 0..rules.pack.clans.len() as u8 {
                    let (_, state) = start([a, b]);
                    assert_eq!(
                        state.in_match(&rules, ability),
                        with.contains(&a) || with.contains(&b),
                        "{ability:?} with clans {a} and {b}"
                    );
                }
            }
        }
    }
}

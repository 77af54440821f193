//! A state's own consistency, checked from the outside: every card instance in exactly
//! one place, piles with their owner's cards, the token on the track, squads within
//! their limit. The engine keeps these by construction; the check is for states made
//! elsewhere (sample positions, scenario files, rows read back from a database) and for
//! the property tests that prove the engine keeps them.

use super::Rules;
use super::board::ZoneId;
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
        Ok(())
    }
}

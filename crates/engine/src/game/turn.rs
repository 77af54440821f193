//! Taking a Turn: after each action the active player acts again while the token is
//! on her side or a neutral space; free scores owed by a reshuffle come first. And the
//! project's turn limit (rules version 5 on): the rulebook ends a match only when a
//! player holds 4 crystals, so two players who never score could make a match, its
//! log and its replay grow without end. `crates/engine/assets/packs/DESIGN-NOTES.md` gives the ruling.

use super::Rules;
use super::event::{Event, TieBreak};
use super::state::*;

/// The last turn of a match under rules version 5 on. Each player has had 100 turns
/// then (an even number: both as many), many times what a match takes when anyone
/// tries to win: random play averages 42 turns (`selfplay`, 5,000 games), the AI
/// against itself 16 (`docs/balance.md`).
pub const TURN_LIMIT: u32 = 200;

/// The first rules version with the turn limit.
const TURN_LIMIT_SINCE: u32 = 5;

impl State {
    /// After an action the active player acts again while the token is on her side
    /// or on a neutral space (her 1, the 0, the opponent's 1).
    pub fn keeps_acting(&self, seat: Seat) -> bool {
        self.initiative(seat) >= -1
    }

    /// Whether this match's rules end it at [`TURN_LIMIT`] (older rules had no limit,
    /// and their matches replay without one).
    pub fn has_turn_limit(&self) -> bool {
        self.rules_version >= TURN_LIMIT_SINCE
    }

    pub(super) fn end_action(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        self.activated = None;
        // Free scores owed because of a reshuffle come after the action. When both
        // seats are owed one, the active player orders them (simultaneous effects).
        match self.owed_scores.map(|n| n > 0) {
            [true, true] => {
                self.agenda.push(Step::EndAction);
                self.agenda.push(Step::OrderScores);
                return;
            }
            [a, b] if a || b => {
                let seat = if a { 0 } else { 1 };
                self.owed_scores[seat as usize] -= 1;
                self.agenda.push(Step::EndAction);
                self.agenda.push(Step::FreeScore { seat });
                return;
            }
            _ => {}
        }
        self.actions += 1;
        if !self.keeps_acting(self.active) {
            if self.has_turn_limit() && self.turn >= TURN_LIMIT {
                self.end_at_turn_limit(rules, ev);
                return;
            }
            self.active = opp(self.active);
            self.turn += 1;
            ev.push(Event::TurnPassed { to: self.active });
            ev.push(Event::TurnStarted {
                seat: self.active,
                turn: self.turn,
            });
        }
    }

    /// The last turn has passed: the winner is the player closer to the rulebook's
    /// goal, 4 crystals (more crystals, then more of the crystal zones that score
    /// them), and on a full tie the player who took the second turn, as the first
    /// player was ahead in every round of turns.
    fn end_at_turn_limit(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let crystals = [0, 1].map(|s: usize| self.players[s].crystals.len() as u8);
        let zones = [0, 1].map(|s| self.crystal_zones_controlled(rules, s) as u8);
        let (seat, by) = if crystals[0] != crystals[1] {
            (u8::from(crystals[1] > crystals[0]), TieBreak::Crystals)
        } else if zones[0] != zones[1] {
            (u8::from(zones[1] > zones[0]), TieBreak::Zones)
        } else {
            // A match reaches its turns only after setup chose the first player.
            (opp(self.first_player.unwrap_or(0)), TieBreak::SecondPlayer)
        };
        ev.push(Event::TurnLimit {
            turn: self.turn,
            winner: seat,
            crystals,
            zones,
            by,
        });
        self.winner = Some(seat);
        ev.push(Event::Won { seat });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match as dealt, its turns run out: no crystals, no squads.
    fn at_limit() -> (Rules, State) {
        let rules = Rules::base();
        let setup = Setup {
            clans: [0, 1],
            seed: 5,
            mulligan: false,
        };
        let (mut s, _) = State::new(&rules, setup).expect("deals");
        s.turn = TURN_LIMIT;
        (rules, s)
    }

    fn limit_event(s: &mut State, rules: &Rules) -> Event {
        let mut ev = Vec::new();
        s.end_at_turn_limit(rules, &mut ev);
        let [limit, Event::Won { seat }] = ev.as_slice() else {
            panic!("the limit and the win: {ev:?}");
        };
        assert_eq!(s.winner, Some(*seat));
        limit.clone()
    }

    #[test]
    fn crystal_zones_break_a_tie_of_crystals() {
        let (rules, mut s) = at_limit();
        let zone = rules.board.crystal_zones[0];
        s.squad_mut(zone, 1).push(27);
        let e = limit_event(&mut s, &rules);
        assert_eq!(
            e,
            Event::TurnLimit {
                turn: TURN_LIMIT,
                winner: 1,
                crystals: [0, 0],
                zones: [0, 1],
                by: TieBreak::Zones,
            }
        );
    }

    #[test]
    fn crystals_come_before_crystal_zones() {
        let (rules, mut s) = at_limit();
        let crystal = s.crystal_deck[0];
        s.players[0].crystals.push(CollectedCrystal {
            crystal,
            face_down: true,
        });
        let zone = rules.board.crystal_zones[0];
        s.squad_mut(zone, 1).push(27);
        let e = limit_event(&mut s, &rules);
        assert!(
            matches!(
                e,
                Event::TurnLimit {
                    winner: 0,
                    by: TieBreak::Crystals,
                    crystals: [1, 0],
                    ..
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn a_full_tie_goes_to_the_player_who_took_the_second_turn() {
        let (rules, mut s) = at_limit();
        let second = opp(s.first_player.expect("chosen at setup"));
        let e = limit_event(&mut s, &rules);
        assert!(
            matches!(e, Event::TurnLimit { winner, by: TieBreak::SecondPlayer, .. } if winner == second),
            "{e:?}"
        );
    }
}

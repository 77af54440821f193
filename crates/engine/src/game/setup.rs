//! Game Setup and the Initial Mulligan: shuffled decks, opening hands, the first
//! player, her opponent's extra card and the crystal market.

use super::Rules;
use super::agenda::{PLAYABLE_RULES_VERSIONS, RULES_VERSION, distinct};
use super::choice::Classes;
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::rng::{below, shuffle};
use super::state::*;
use arrayvec::ArrayVec;
use rand::SeedableRng;
use rand_pcg::Pcg32;

const DECK_SIZE_U8: u8 = super::pack::DECK_SIZE as u8;

impl State {
    /// Sets up a match: shuffled decks, opening hands, and (without the mulligan
    /// option) the first player, her opponent's extra card and the crystal market.
    pub fn new(rules: &Rules, setup: Setup) -> Result<(State, Vec<Event>), String> {
        for c in setup.clans {
            if c as usize >= rules.pack.clans.len() {
                return Err(format!("clan #{c} is not in pack `{}`", rules.pack.id));
            }
        }
        let mut kinds = ArrayVec::new();
        for seat in 0..2 {
            kinds.extend(rules.pack.decks[setup.clans[seat] as usize].iter().copied());
        }
        let squads = ZoneSquads::empty(rules.board.zones.len());
        let mut s = State {
            rules_version: RULES_VERSION,
            rng: Pcg32::seed_from_u64(setup.seed),
            setup,
            kinds,
            players: Default::default(),
            squads,
            token: 0,
            active: 0,
            first_player: None,
            market: ArrayVec::new(),
            crystal_deck: ArrayVec::new(),
            // Room for a busy moment's steps (a battle's, its triggers'): grown from
            // nothing, the agenda was reallocated a few times in every match.
            agenda: Vec::with_capacity(32),
            battle: None,
            activated: None,
            owed_scores: [0, 0],
            winner: None,
            turn: 0,
            actions: 0,
            removed_crystals: ArrayVec::new(),
            touched: 0,
        };
        let mut ev = Vec::new();
        for seat in 0..2u8 {
            let base = seat * DECK_SIZE_U8;
            let p = &mut s.players[seat as usize];
            p.draw.extend((0..DECK_SIZE_U8).map(|i| base + i));
            shuffle(&mut s.rng, &mut p.draw);
        }
        for seat in 0..2 {
            s.draw_cards(seat, HAND_TARGET as u8, &mut ev);
        }
        if s.setup.mulligan {
            s.agenda.push(Step::Mulligan {
                choices: [None, None],
            });
        } else {
            s.finish_setup(rules, &mut ev);
        }
        s.advance(rules, false, &mut ev);
        Ok((s, ev))
    }

    /// [`State::new`] under one of the [`PLAYABLE_RULES_VERSIONS`]: a stored match is
    /// replayed under the rules it was played by (its `rules_version`). Setup itself is
    /// the same in all of them; the version decides what comes later.
    pub fn new_under(
        rules: &Rules,
        setup: Setup,
        rules_version: u32,
    ) -> Result<(State, Vec<Event>), String> {
        if !PLAYABLE_RULES_VERSIONS.contains(&rules_version) {
            return Err(format!(
                "rules version {rules_version} is not one this engine plays \
                 ({PLAYABLE_RULES_VERSIONS:?})"
            ));
        }
        let (mut s, ev) = State::new(rules, setup)?;
        s.rules_version = rules_version;
        Ok((s, ev))
    }

    fn finish_setup(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let first = below(&mut self.rng, 2) as Seat;
        self.first_player = Some(first);
        self.active = first;
        self.draw_cards(opp(first), 1, ev);
        self.crystal_deck
            .extend((0..rules.pack.crystals.len()).map(|i| i as CrystalId));
        shuffle(&mut self.rng, &mut self.crystal_deck);
        self.refill_market(ev);
        self.turn = 1;
        ev.push(Event::MatchStarted { first });
        ev.push(Event::TurnStarted {
            seat: first,
            turn: 1,
        });
    }

    pub(super) fn check_mulligan(&self, seat: Seat, input: &Input) -> Result<(), RuleError> {
        match input {
            Input::Mulligan(cards) => {
                distinct(cards)?;
                let hand = &self.players[seat as usize].hand;
                if cards.iter().any(|c| !hand.contains(c)) {
                    return illegal("you can only mulligan cards from your hand");
                }
                Ok(())
            }
            _ => Err(self.wrong("choose the cards to mulligan")),
        }
    }

    /// Records one seat's secret choice; the step runs once both are in.
    pub(super) fn perform_mulligan(
        &mut self,
        seat: Seat,
        mut choices: [Option<Cards>; 2],
        input: &Input,
    ) {
        let Input::Mulligan(cards) = input else {
            unreachable!("checked by check_mulligan")
        };
        choices[seat as usize] = Some(*cards);
        *self.agenda.last_mut().expect("checked") = Step::Mulligan { choices };
    }

    pub(super) fn legal_mulligans(&self, seat: Seat, out: &mut Vec<Input>) {
        let hand = &self.players[seat as usize].hand;
        let mut classes = Classes::new();
        classes.pile(self, hand);
        classes.for_each_subset(hand.len(), |cards| out.push(Input::Mulligan(*cards)));
    }

    /// Both mulligans are in: resolved in seat order, never in arrival order.
    // Never inlined: once a match, and inlined into `advance`'s loop it made all
    // its steps spill more registers.
    #[inline(never)]
    pub(super) fn run_mulligan(
        &mut self,
        rules: &Rules,
        choices: [Option<Cards>; 2],
        ev: &mut Vec<Event>,
    ) {
        for (seat, cards) in choices.iter().enumerate() {
            let seat = seat as Seat;
            let cards = cards.as_ref().expect("both mulligans are in");
            let p = &mut self.players[seat as usize];
            p.hand.retain(|c| !cards.contains(c));
            p.draw.extend(cards.iter().copied());
            shuffle(&mut self.rng, &mut self.players[seat as usize].draw);
            ev.push(Event::Mulliganed {
                seat,
                count: cards.len() as u8,
                cards: Some(*cards),
            });
            self.draw_cards(seat, cards.len() as u8, ev);
        }
        self.finish_setup(rules, ev);
    }
}

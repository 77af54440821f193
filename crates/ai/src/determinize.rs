//! Determinization: full `State`s rebuilt from one seat's `View`, with every hidden
//! card sampled consistently with what that seat may see.
//!
//! What a seat knows: both deck lists (public: `Pack::decks` of the clans in the view),
//! every card on the board, in discard piles, removed from the game or revealed in a
//! battle, its own hand and its own committed battle card, the cards it is allowed to
//! look at right now (`View::peek`: the top of its draw pile for Inform, the opponent's
//! hand for Spy and The Bitter Blessing), the counts of every hidden pile, the face-up
//! crystals, the collected and removed crystals, and the public agenda.
//!
//! What it does not know, and is sampled here uniformly among the possibilities:
//! which of the unseen cards of each deck are in the opponent's hand, in each draw pile
//! (in which order) and, while unrevealed, which one is a committed battle card; the
//! order of the crystal deck (its set is known); the opponent's secret mulligan
//! choice; and the engine's random generator (a fresh seed each sample).
//!
//! A sample's `view(Some(seat))` equals the view it was built from (a test checks
//! this), so the seat's legal inputs are the same in every sample.

use crate::game::rng::shuffle;
use crate::game::state::{
    Battle, Cards, CrystalId, Player, Squad, Step, TOTAL_CARDS, ZoneSquads, owner,
};
use crate::game::{CardId, Rules, Seat, Setup, State, View};
use arrayvec::ArrayVec;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

use crate::game::pack::DECK_SIZE;

type Pool = ArrayVec<CardId, DECK_SIZE>;

/// Builds sampled states from one view. Building it does the bookkeeping once; each
/// [`Sampler::sample`] is a clone of the known part plus a few shuffles.
#[derive(Debug, Clone)]
pub struct Sampler {
    me: Seat,
    /// The known part: every public and own card in place; hidden hands, draw piles,
    /// hidden battle cards and the crystal deck empty.
    base: State,
    /// Per seat, the cards whose place the viewer does not know.
    pools: [Pool; 2],
    /// Per seat, how many hand cards come from the pool.
    hidden_hand: [usize; 2],
    /// Per seat, the known top of the draw pile (Inform's peek), top first.
    draw_top: [Pool; 2],
    /// Per seat, the committed battle card is hidden and comes from the pool.
    hidden_battle: [bool; 2],
    crystal_pool: ArrayVec<CrystalId, { crate::game::pack::MAX_CRYSTALS }>,
    /// The opponent's mulligan choice is made but secret.
    opp_mulligan: bool,
}

impl Sampler {
    /// The bookkeeping for `view` (which must be a seat's view, not a spectator's).
    /// Fails only if the view is inconsistent with the pack (a bug, not a rules matter).
    pub fn new(rules: &Rules, view: &View) -> Result<Sampler, String> {
        let me = view
            .viewer
            .ok_or("a spectator's view has no seat to play")?;
        let them = 1 - me;
        let clans = [view.players[0].clan, view.players[1].clan];
        let mut kinds = ArrayVec::new();
        for c in clans {
            let deck = rules
                .pack
                .decks
                .get(c as usize)
                .ok_or_else(|| format!("clan #{c} is not in the pack"))?;
            kinds.extend(deck.iter().copied());
        }
        if kinds.len() != TOTAL_CARDS {
            return Err("a deck does not have 27 cards".into());
        }

        let mut seen = [false; TOTAL_CARDS];
        let mut mark = |id: CardId, kind: u8| -> Result<(), String> {
            let i = id as usize;
            if i >= TOTAL_CARDS || kinds[i] != kind {
                return Err(format!("card #{id} does not match the deck lists"));
            }
            seen[i] = true;
            Ok(())
        };

        let mut players: [Player; 2] = Default::default();
        for (p, pv) in players.iter_mut().zip(&view.players) {
            for c in &pv.discard {
                mark(c.id, c.kind)?;
                p.discard.push(c.id);
            }
            for c in &pv.removed {
                mark(c.id, c.kind)?;
                p.removed.push(c.id);
            }
            p.crystals.extend(pv.crystals.iter().copied());
        }
        let mut squads = ZoneSquads::new();
        for z in &view.zones {
            let mut pair: [Squad; 2] = Default::default();
            for (squad, cards) in pair.iter_mut().zip(&z.squads) {
                for c in cards {
                    mark(c.id, c.kind)?;
                    squad.push(c.id);
                }
            }
            squads.push(pair);
        }
        if squads.len() != rules.board.zones.len() {
            return Err("the view's zones do not match the board".into());
        }
        let hand = view.hand.as_ref().ok_or("a seat's view shows its hand")?;
        for c in hand {
            mark(c.id, c.kind)?;
            players[me as usize].hand.push(c.id);
        }
        // Peeked cards: the top of the own draw pile, or the opponent's whole hand.
        let mut draw_top: [Pool; 2] = Default::default();
        let mut opp_hand_known = false;
        for c in &view.peek {
            mark(c.id, c.kind)?;
            if c.owner == me {
                draw_top[me as usize].push(c.id);
            } else {
                opp_hand_known = true;
                players[them as usize].hand.push(c.id);
            }
        }
        let mut battle = None;
        let mut battle_card_hidden = [false; 2];
        if let Some(b) = &view.battle {
            let mut cards = [None; 2];
            for s in 0..2 {
                if let Some(c) = b.cards[s] {
                    mark(c.id, c.kind)?;
                    cards[s] = Some(c.id);
                } else if b.chosen[s] && !b.revealed {
                    battle_card_hidden[s] = true;
                }
            }
            battle = Some(Battle {
                zone: b.zone,
                attacker: b.attacker,
                cards,
                from_deck: b.from_deck,
                revealed: b.revealed,
                left: b.left.unwrap_or([false, false]),
                joined: b.joined,
                destroyed: b.destroyed,
                predict: b.predict,
                bonus_attack: b.bonus_attack,
                bonus_defense: b.bonus_defense,
                from_bottom: b.from_bottom,
                wiped: b.wiped,
                removed: b.removed,
            });
        }

        let mut pools: [Pool; 2] = Default::default();
        for (i, &s) in seen.iter().enumerate() {
            if !s {
                pools[owner(i as CardId) as usize].push(i as CardId);
            }
        }
        let mut hidden_hand = [0usize; 2];
        if !opp_hand_known {
            hidden_hand[them as usize] = view.players[them as usize].hand_count as usize;
        } else if players[them as usize].hand.len()
            != view.players[them as usize].hand_count as usize
        {
            return Err("the peeked hand does not match the opponent's hand count".into());
        }
        if players[me as usize].hand.len() != view.players[me as usize].hand_count as usize {
            return Err("the view's hand does not match its hand count".into());
        }
        let mut hidden_battle = [false; 2];
        for s in 0..2 {
            let draw = view.players[s].draw_count as usize;
            if draw < draw_top[s].len() {
                return Err("more peeked cards than the draw pile holds".into());
            }
            let needed = hidden_hand[s] + draw - draw_top[s].len();
            let have = pools[s].len();
            // A committed card from an empty deck may be no card at all.
            match have.checked_sub(needed) {
                Some(0) => {}
                Some(1) if battle_card_hidden[s] => hidden_battle[s] = true,
                _ => {
                    return Err(format!(
                        "seat {s}: {have} unseen cards for {needed} hidden places"
                    ));
                }
            }
        }

        let mut crystal_pool = ArrayVec::new();
        if view.crystal_deck_count > 0 {
            let mut used = vec![false; rules.pack.crystals.len()];
            let mut use_c = |c: CrystalId| -> Result<(), String> {
                *used
                    .get_mut(c as usize)
                    .ok_or_else(|| format!("crystal #{c} is not in the pack"))? = true;
                Ok(())
            };
            for &c in &view.market {
                use_c(c)?;
            }
            for &c in &view.removed_crystals {
                use_c(c)?;
            }
            for p in &view.players {
                for c in &p.crystals {
                    use_c(c.crystal)?;
                }
            }
            crystal_pool
                .extend((0..rules.pack.crystals.len() as CrystalId).filter(|&c| !used[c as usize]));
            if crystal_pool.len() != view.crystal_deck_count as usize {
                return Err(format!(
                    "{} unseen crystals for a crystal deck of {}",
                    crystal_pool.len(),
                    view.crystal_deck_count
                ));
            }
        }

        let opp_mulligan = matches!(view.agenda.last(),
            Some(Step::Mulligan { choices }) if choices[them as usize].is_some());

        let base = State {
            rules_version: view.rules_version,
            setup: Setup {
                clans,
                seed: 0,
                mulligan: view.mulligan,
            },
            rng: Pcg32::seed_from_u64(0),
            kinds,
            players,
            squads,
            token: view.token,
            active: view.active,
            first_player: view.first_player,
            market: view.market.iter().copied().collect(),
            crystal_deck: ArrayVec::new(),
            agenda: view.agenda.clone(),
            battle,
            activated: view.activated,
            owed_scores: view.owed_scores,
            winner: view.winner,
            turn: view.turn,
            actions: view.actions,
            removed_crystals: view.removed_crystals.iter().copied().collect(),
            touched: 0,
        };
        Ok(Sampler {
            me,
            base,
            pools,
            hidden_hand,
            draw_top,
            hidden_battle,
            crystal_pool,
            opp_mulligan,
        })
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.me
    }

    /// One full state consistent with the view, hidden cards drawn uniformly.
    pub fn sample(&self, rng: &mut Pcg32) -> State {
        let mut s = self.base.clone();
        self.deal(rng, &mut s);
        s
    }

    /// The known part every sample starts from.
    pub fn base(&self) -> &State {
        &self.base
    }

    /// Deals the hidden cards onto `s`, a copy of [`Sampler::base`].
    pub fn deal(&self, rng: &mut Pcg32, s: &mut State) {
        s.rng = Pcg32::seed_from_u64(rng.next_u64());
        for seat in 0..2 {
            let mut pool = self.pools[seat].clone();
            shuffle(rng, &mut pool);
            let mut cards = pool.into_iter();
            if self.hidden_battle[seat]
                && let Some(b) = &mut s.battle
            {
                b.cards[seat] = cards.next();
            }
            let p = &mut s.players[seat];
            p.hand.extend(cards.by_ref().take(self.hidden_hand[seat]));
            p.draw.extend(self.draw_top[seat].iter().copied());
            p.draw.extend(cards);
        }
        s.crystal_deck.extend(self.crystal_pool.iter().copied());
        shuffle(rng, &mut s.crystal_deck);
        if self.opp_mulligan {
            let them = 1 - self.me as usize;
            let hand = s.players[them].hand;
            let chosen: Cards = hand
                .iter()
                .copied()
                .filter(|_| rng.next_u32().is_multiple_of(4))
                .take(crate::game::state::SQUAD_CAPACITY)
                .collect();
            if let Some(Step::Mulligan { choices }) = s.agenda.last_mut() {
                choices[them] = Some(chosen);
            }
        }
    }
}

//! The rules: setting up a match, validating and applying inputs, running the
//! automatic steps in between, and listing the legal inputs.
//!
//! Everything that happens is driven by the agenda (see `Step`). `apply` validates an
//! answer to the step on top, performs it (which may push more steps), then `advance`
//! runs automatic steps until a step needs an answer again. Validation happens
//! entirely before any mutation, so a refused input leaves the state untouched.

use super::Rules;
use super::board::ZoneId;
use super::choice::has_several_orders;
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::pack::{Ability, CardDef, CrystalEffect, Rank};
use super::rng::{below, shuffle};
use super::state::*;
use arrayvec::ArrayVec;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Bumped whenever a rules change would make an old match replay differently.
pub const RULES_VERSION: u32 = 3;

/// What the match waits for: which seats may answer and the question.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    pub seats: Vec<Seat>,
    pub question: Question,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "question", rename_all = "snake_case")]
pub enum Question {
    Mulligan,
    Action,
    Reorder { zone: ZoneId },
    DiscardDown { zone: ZoneId, limit: u8 },
    Move { zone: ZoneId },
    Battle { zone: ZoneId },
    BattleOptions,
    BattleCard,
    OrderEffects,
    OrderScores,
    MayDraw { max: u8 },
    RemoveOwnUnit,
    DestroyEnemyUnit,
    Flank,
    Retreat,
    ReturnBattleCard,
    ReplenishDiscard,
    FreeScore,
    FreeSummon,
    Recover { left: u8 },
    Inform,
    Spy,
    Demoralize { zone: ZoneId },
    OpponentDiscard,
    GameOver { winner: Seat },
}

impl Question {
    /// A short public description ("choose a battle card").
    pub fn describe(&self) -> &'static str {
        match self {
            Question::Mulligan => "choose cards to mulligan",
            Question::Action => "choose an action",
            Question::Reorder { .. } => "order a squad",
            Question::DiscardDown { .. } => "discard units from an oversized squad",
            Question::Move { .. } => "move the activated squad or stay",
            Question::Battle { .. } => "decide whether to battle",
            Question::BattleOptions => "use abilities or crystals as the battle starts",
            Question::BattleCard => "choose a battle card",
            Question::OrderEffects => "decide whose battle effects resolve first",
            Question::OrderScores => "decide who takes a free crystal first",
            Question::MayDraw { .. } => "decide how many cards to draw",
            Question::RemoveOwnUnit => "choose a unit to remove from the game",
            Question::DestroyEnemyUnit => "choose an enemy unit to destroy",
            Question::Flank => "decide whether to flank",
            Question::Retreat => "choose where the squad withdraws",
            Question::ReturnBattleCard => "decide whether to take the battle card back",
            Question::ReplenishDiscard => "discard cards before drawing up to 5",
            Question::FreeScore => "choose a free crystal",
            Question::FreeSummon => "decide whether to summon a unit for free",
            Question::Recover { .. } => "pick cards from the discard pile",
            Question::Inform => "keep one of the top cards of the draw pile",
            Question::Spy => "decide whether to tuck a card of the opponent's hand",
            Question::Demoralize { .. } => "decide whether to send an enemy unit home",
            Question::OpponentDiscard => "pick a card from the opponent's hand to discard",
            Question::GameOver { .. } => "nothing: the match is over",
        }
    }
}

enum Poll {
    /// The step needs an answer.
    Wait,
    /// The step has nothing to ask right now: drop it.
    Skip,
    /// An automatic step: run it.
    Run,
}

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
        let mut squads = ArrayVec::new();
        for _ in 0..rules.board.zones.len() {
            squads.push([Squad::new(), Squad::new()]);
        }
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
            agenda: Vec::new(),
            battle: None,
            activated: None,
            owed_scores: [0, 0],
            winner: None,
            turn: 0,
            actions: 0,
            removed_crystals: ArrayVec::new(),
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
        s.advance(rules, &mut ev);
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

    // ---- small queries ---------------------------------------------------------

    pub fn card<'r>(&self, rules: &'r Rules, card: CardId) -> &'r CardDef {
        &rules.pack.cards[self.kinds[card as usize] as usize]
    }

    pub fn squad(&self, zone: ZoneId, seat: Seat) -> &Squad {
        &self.squads[zone as usize][seat as usize]
    }

    fn squad_mut(&mut self, zone: ZoneId, seat: Seat) -> &mut Squad {
        &mut self.squads[zone as usize][seat as usize]
    }

    /// A seat controls a zone when it has a squad there and the opponent has none.
    pub fn controls(&self, seat: Seat, zone: ZoneId) -> bool {
        !self.squad(zone, seat).is_empty() && self.squad(zone, opp(seat)).is_empty()
    }

    pub fn crystal_zones_controlled(&self, rules: &Rules, seat: Seat) -> usize {
        rules
            .board
            .crystal_zones
            .iter()
            .filter(|&&z| self.controls(seat, z))
            .count()
    }

    /// The token position after `seat` pays `cost`, if that stays on the track.
    pub fn token_after_paying(&self, rules: &Rules, seat: Seat, cost: u8) -> Option<i8> {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                -(cost as i32)
            } else {
                cost as i32
            };
        (-l..=l).contains(&t).then_some(t as i8)
    }

    pub fn can_afford(&self, rules: &Rules, seat: Seat, cost: u8) -> bool {
        self.token_after_paying(rules, seat, cost).is_some()
    }

    /// Initiative `seat` still holds: how far the token is on her side (negative when
    /// it is on the opponent's side).
    pub fn initiative(&self, seat: Seat) -> i8 {
        if seat == 0 { self.token } else { -self.token }
    }

    /// After an action the active player acts again while the token is on her side
    /// or on a neutral space (her 1, the 0, the opponent's 1).
    pub fn keeps_acting(&self, seat: Seat) -> bool {
        self.initiative(seat) >= -1
    }

    fn pay(&mut self, rules: &Rules, seat: Seat, cost: u8, ev: &mut Vec<Event>) {
        self.token = self
            .token_after_paying(rules, seat, cost)
            .expect("costs are checked before paying");
        ev.push(Event::Paid {
            seat,
            amount: cost,
            token: self.token,
        });
    }

    /// Gaining initiative moves the token toward the gainer and stops at the end.
    pub fn gain(&mut self, rules: &Rules, seat: Seat, amount: u8, ev: &mut Vec<Event>) {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                amount as i32
            } else {
                -(amount as i32)
            };
        self.token = t.clamp(-l, l) as i8;
        ev.push(Event::InitiativeGained {
            seat,
            amount,
            token: self.token,
        });
    }

    // ---- piles -----------------------------------------------------------------

    /// The discard pile becomes the new draw pile; the opponent scores for free
    /// after the current action.
    fn reshuffle(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let moved = std::mem::take(&mut p.discard);
        p.draw.extend(moved);
        shuffle(&mut self.rng, &mut p.draw);
        ev.push(Event::Reshuffled {
            seat,
            cards: self.players[seat as usize].draw.len() as u8,
        });
        if self.first_player.is_some() {
            // Saturates: `opponent_mills(255)` on a one-card pile reshuffles 255 times
            // in one effect. No more than `MAX_CRYSTALS` scores can ever be paid (an
            // owed score with an empty market is skipped), so a capped count plays the same.
            let owed = &mut self.owed_scores[opp(seat) as usize];
            *owed = owed.saturating_add(1);
        }
    }

    /// Takes the top card of the draw pile, reshuffling first if it is empty.
    pub(super) fn take_top(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<CardId> {
        if self.players[seat as usize].draw.is_empty() {
            self.reshuffle(seat, ev);
        }
        let draw = &mut self.players[seat as usize].draw;
        (!draw.is_empty()).then(|| draw.remove(0))
    }

    fn draw_cards(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            match self.take_top(seat, ev) {
                Some(c) => {
                    self.players[seat as usize].hand.push(c);
                    drawn.push(c);
                }
                None => break,
            }
        }
        if !drawn.is_empty() {
            ev.push(Event::Drew {
                seat,
                count: drawn.len() as u8,
                cards: Some(drawn),
            });
        }
    }

    /// The seat discards the top `n` cards of her draw pile (reshuffling when it
    /// runs out, as any discard from an empty draw pile does).
    pub(super) fn mill(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        for _ in 0..n {
            match self.take_top(seat, ev) {
                Some(card) => {
                    self.discard_to_owner(card);
                    ev.push(Event::Milled { seat, card });
                }
                None => break,
            }
        }
    }

    /// Puts a card on its owner's discard pile.
    pub(super) fn discard_to_owner(&mut self, card: CardId) {
        self.players[owner(card) as usize].discard.push(card);
    }

    pub(super) fn remove_unit(&mut self, zone: ZoneId, seat: Seat, card: CardId) {
        let sq = self.squad_mut(zone, seat);
        if let Some(i) = sq.iter().position(|&c| c == card) {
            sq.remove(i);
        }
    }

    fn refill_market(&mut self, ev: &mut Vec<Event>) {
        while self.market.len() < 3 && !self.crystal_deck.is_empty() {
            let c = self.crystal_deck.remove(0);
            self.market.push(c);
            ev.push(Event::CrystalRevealed { crystal: c });
        }
    }

    fn take_crystal(
        &mut self,
        rules: &Rules,
        seat: Seat,
        crystal: CrystalId,
        cost: u8,
        free: bool,
        ev: &mut Vec<Event>,
    ) {
        self.market.retain(|c| *c != crystal);
        self.players[seat as usize].crystals.push(CollectedCrystal {
            crystal,
            face_down: false,
        });
        ev.push(Event::Scored {
            seat,
            crystal,
            cost,
            free,
        });
        self.refill_market(ev);
        if self.players[seat as usize].crystals.len() >= CRYSTALS_TO_WIN {
            self.winner = Some(seat);
            ev.push(Event::Won { seat });
            return;
        }
        self.on_gain(
            rules,
            seat,
            rules.pack.crystals[crystal as usize].effect,
            ev,
        );
    }

    /// Effects of a crystal when it is gained.
    fn on_gain(&mut self, rules: &Rules, seat: Seat, effect: CrystalEffect, ev: &mut Vec<Event>) {
        match effect {
            CrystalEffect::WindsWish => self.agenda.push(Step::Recover {
                seat,
                left: 2,
                filter: Filter::Any,
                dest: Dest::DrawTop,
            }),
            CrystalEffect::SorensBounty => {
                ev.push(Event::Replenished { seat });
                self.agenda.push(Step::ReplenishDraw { seat });
                self.agenda.push(Step::ReplenishDiscard { seat });
            }
            CrystalEffect::BitterBlessing => self.agenda.push(Step::OpponentDiscard { seat }),
            CrystalEffect::KeeperOfSouls => self.agenda.push(Step::Recover {
                seat,
                left: 1,
                filter: Filter::Rank(Rank::Hero),
                dest: Dest::Hand,
            }),
            CrystalEffect::OnGainDraw(n) => self.draw_cards(seat, n, ev),
            CrystalEffect::OnGainInitiative(n) => self.gain(rules, seat, n, ev),
            CrystalEffect::OnGainOpponentMills(n) => self.mill(opp(seat), n, ev),
            CrystalEffect::OnGainRecover(n) => self.agenda.push(Step::Recover {
                seat,
                left: n,
                filter: Filter::Rank(Rank::Common),
                dest: Dest::Hand,
            }),
            CrystalEffect::OnGainSummon => self.agenda.push(Step::FreeSummon {
                seat,
                kind: None,
                ty: None,
                from_discard: false,
                zone: None,
            }),
            // Used as a battle starts or with a summon, not when gained.
            CrystalEffect::BrokenVessel
            | CrystalEffect::MygardsShield
            | CrystalEffect::FoxTail
            | CrystalEffect::AstralPyramid
            | CrystalEffect::BattleAttack(_)
            | CrystalEffect::BattleDefense(_) => {}
        }
    }

    /// Puts units into a zone: they join the seat's squad there (if any); the squad
    /// is then cut down to its limit (see `oversized`) and may be reordered. With
    /// `entered` (whether they moved) the zone's enter triggers follow.
    pub(super) fn place_units(
        &mut self,
        seat: Seat,
        zone: ZoneId,
        cards: &[CardId],
        entered: Option<bool>,
    ) {
        let had = self.squad(zone, seat).len();
        self.squad_mut(zone, seat).extend(cards.iter().copied());
        if let Some(moved) = entered {
            self.agenda.push(Step::Entered { seat, zone, moved });
        }
        if had > 0 || cards.len() > 1 {
            self.agenda.push(Step::Reorder { seat, zone });
        }
    }

    /// A squad over its limit (Horde lost its top unit, units joined): it must be
    /// cut down at once, before anything else happens.
    fn oversized(&self, rules: &Rules) -> Option<(Seat, ZoneId)> {
        for z in 0..rules.board.zones.len() as ZoneId {
            for seat in 0..2 {
                let len = self.squad(z, seat).len();
                if len > SQUAD_LIMIT && len > self.squad_limit(rules, seat, z) {
                    return Some((seat, z));
                }
            }
        }
        None
    }

    /// The cards a summon takes: from the hand, or Undying units from the discard pile.
    fn take_for_summon(&mut self, seat: Seat, cards: &[CardId]) {
        let p = &mut self.players[seat as usize];
        p.hand.retain(|c| !cards.contains(c));
        p.discard.retain(|c| !cards.contains(c));
    }

    fn summon(
        &mut self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
        (zone, via): (ZoneId, Via),
        cost: u8,
        ev: &mut Vec<Event>,
    ) {
        self.take_for_summon(seat, cards);
        ev.push(Event::Summoned {
            seat,
            cards: cards.iter().copied().collect(),
            zone,
            cost,
        });
        match via {
            Via::Shift => {
                // The Shapeshifters step aside: back to hand, 1 initiative back.
                let shifter = self.top(zone, seat).expect("checked: Shift on top");
                self.remove_unit(zone, seat, shifter);
                self.players[seat as usize].hand.push(shifter);
                ev.push(Event::ReturnedToHand {
                    seat,
                    card: shifter,
                });
                self.gain(rules, seat, 1, ev);
            }
            Via::Pyramid => {
                let crystal = self
                    .face_up_crystal(rules, seat, |e| e == CrystalEffect::AstralPyramid)
                    .expect("checked: a face-up Astral Pyramid");
                if let Some(c) = self.players[seat as usize]
                    .crystals
                    .iter_mut()
                    .find(|c| c.crystal == crystal)
                {
                    c.face_down = true;
                }
                ev.push(Event::CrystalUsed { seat, crystal });
            }
            Via::Home | Via::Build | Via::RaiseTheDead => {}
        }
        // Arrival triggers run after the squad is settled and the zone's enter triggers.
        for &c in cards.iter().rev() {
            if matches!(
                self.card(rules, c).ability,
                Ability::Inform | Ability::Linked(_) | Ability::Rebuild(_)
            ) {
                self.agenda.push(Step::Arrived { seat, card: c });
            }
        }
        self.place_units(seat, zone, cards, Some(false));
    }

    // ---- the agenda ------------------------------------------------------------

    fn poll(&self, rules: &Rules, step: &Step) -> Poll {
        let wait_if = |b: bool| if b { Poll::Wait } else { Poll::Skip };
        match *step {
            Step::Mulligan { ref choices } => {
                if choices.iter().all(Option::is_some) {
                    Poll::Run
                } else {
                    Poll::Wait
                }
            }
            Step::ChooseAction => Poll::Wait,
            Step::Reorder { seat, zone } => {
                wait_if(has_several_orders(self, self.squad(zone, seat)))
            }
            Step::DiscardDown { seat, zone, .. } => {
                wait_if(self.squad(zone, seat).len() > self.squad_limit(rules, seat, zone))
            }
            Step::Move { seat, zone } => wait_if(self.can_move(rules, seat, zone)),
            Step::OfferBattle { seat } => wait_if(matches!(self.activated,
                Some(z) if !self.squad(z, seat).is_empty() && !self.squad(z, opp(seat)).is_empty())),
            Step::BattleOptions { seat } => wait_if(!self.battle_options(rules, seat).is_empty()),
            Step::BattleCards => {
                let b = self.battle_ref();
                let waiting = (0..2).any(|s| {
                    b.cards[s].is_none() && !b.from_deck[s] && !self.players[s].hand.is_empty()
                });
                wait_if(waiting && self.battle_squads_present())
            }
            Step::OrderEffects | Step::OrderScores => Poll::Wait,
            Step::MayDraw { max, .. } => wait_if(max > 0),
            Step::RemoveOwnUnit { seat } => self.battle_squad_poll(seat),
            Step::DestroyEnemyUnit { seat } => self.battle_squad_poll(opp(seat)),
            Step::Flank { seat } => {
                let b = self.battle_ref();
                wait_if(
                    !b.from_bottom[seat as usize]
                        && self.top_has_signature(
                            rules,
                            b.zone,
                            seat,
                            super::pack::Signature::Flank,
                        )
                        && self.squad(b.zone, opp(seat)).len() >= 2,
                )
            }
            Step::Retreat { seat } => self.battle_squad_poll(seat),
            Step::ReturnCard { seat } => {
                let b = self.battle_ref();
                wait_if(
                    b.cards[seat as usize].is_some()
                        && !b.joined[seat as usize]
                        && self
                            .triggered(rules, seat)
                            .contains(&super::pack::Effect::Return),
                )
            }
            Step::ReplenishDiscard { seat } => {
                wait_if(!self.players[seat as usize].hand.is_empty())
            }
            Step::FreeScore { .. } => wait_if(!self.market.is_empty()),
            Step::FreeSummon { .. } => wait_if(self.legal_free_summons(rules, step).len() > 1),
            Step::Recover { seat, filter, .. } => wait_if(
                self.players[seat as usize]
                    .discard
                    .iter()
                    .any(|&c| self.matches(rules, c, filter)),
            ),
            Step::Inform { .. } => Poll::Wait,
            Step::Spy { seat } => wait_if(!self.players[opp(seat) as usize].hand.is_empty()),
            Step::Demoralize { seat, zone } => {
                wait_if(!self.demoralize_targets(rules, seat, zone).is_empty())
            }
            Step::OpponentDiscard { seat } => {
                wait_if(!self.players[opp(seat) as usize].hand.is_empty())
            }
            Step::PrepareBattleCards
            | Step::Reveal
            | Step::ResolveEffects { .. }
            | Step::Damage
            | Step::EndBattle
            | Step::ReplenishDraw { .. }
            | Step::Entered { .. }
            | Step::Arrived { .. }
            | Step::Destroyed { .. }
            | Step::EndAction => Poll::Run,
        }
    }

    fn battle_squad_poll(&self, squad_seat: Seat) -> Poll {
        match &self.battle {
            Some(b) if !self.squad(b.zone, squad_seat).is_empty() => Poll::Wait,
            _ => Poll::Skip,
        }
    }

    pub(super) fn matches(&self, rules: &Rules, card: CardId, filter: Filter) -> bool {
        match filter {
            Filter::Any => true,
            Filter::Kind(k) => self.kinds[card as usize] == k,
            Filter::Rank(r) => self.card(rules, card).rank == r,
        }
    }

    /// A squad may move unless an enemy squad shares its zone (Flight flies out).
    fn can_move(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> bool {
        !self.squad(zone, seat).is_empty()
            && (self.squad(zone, opp(seat)).is_empty() || self.can_fly(rules, zone, seat))
    }

    /// Where the activated squad may move: an adjacent zone, or with Flight any zone
    /// up to 2 away.
    pub fn move_destinations(&self, rules: &Rules, seat: Seat, zone: ZoneId) -> Vec<ZoneId> {
        let mut out: Vec<ZoneId> = rules.board.neighbours(zone).collect();
        if self.can_fly(rules, zone, seat) {
            for z in out.clone() {
                for far in rules.board.neighbours(z) {
                    if far != zone && !out.contains(&far) {
                        out.push(far);
                    }
                }
            }
            out.sort_unstable();
        }
        out
    }

    /// Enemy units in `zone` that Demoralize could send home, with their cost.
    pub(super) fn demoralize_targets(
        &self,
        rules: &Rules,
        seat: Seat,
        zone: ZoneId,
    ) -> Vec<(CardId, u8)> {
        let enemy = opp(seat);
        if rules.board.homes[enemy as usize] == zone {
            return vec![];
        }
        self.squad(zone, enemy)
            .iter()
            .map(|&c| (c, self.unit_cost_for_opponent(rules, zone, enemy, c)))
            .filter(|&(_, cost)| self.can_afford(rules, seat, cost))
            .collect()
    }

    /// Runs automatic steps until one needs an answer (or the match is over).
    fn advance(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        loop {
            if self.winner.is_some() {
                self.agenda.clear();
                self.battle = None;
                return;
            }
            if let Some((seat, zone)) = self.oversized(rules) {
                // The limit can change while discarding (the top unit may go): keep
                // the question's number current.
                let limit = self.squad_limit(rules, seat, zone) as u8;
                match self.agenda.last_mut() {
                    Some(Step::DiscardDown {
                        seat: s,
                        zone: z,
                        limit: l,
                    }) if *s == seat && *z == zone => *l = limit,
                    _ => self.agenda.push(Step::DiscardDown { seat, zone, limit }),
                }
            }
            let Some(step) = self.agenda.last().cloned() else {
                self.agenda.push(Step::ChooseAction);
                return;
            };
            match self.poll(rules, &step) {
                Poll::Wait => return,
                Poll::Skip => {
                    self.agenda.pop();
                }
                Poll::Run => {
                    self.agenda.pop();
                    self.run(rules, step, ev);
                }
            }
        }
    }

    fn run(&mut self, rules: &Rules, step: Step, ev: &mut Vec<Event>) {
        match step {
            Step::Mulligan { choices } => {
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
                        cards: Some(cards.clone()),
                    });
                    self.draw_cards(seat, cards.len() as u8, ev);
                }
                self.finish_setup(rules, ev);
            }
            Step::PrepareBattleCards => self.prepare_battle_cards(rules, ev),
            Step::Reveal => self.reveal(rules, ev),
            Step::ResolveEffects {
                seat,
                after_damage,
                idx,
            } => self.resolve_effects(rules, seat, after_damage, idx, ev),
            Step::Damage => self.damage(rules, ev),
            Step::EndBattle => self.end_battle(rules, ev),
            Step::ReplenishDraw { seat } => {
                // "may draw until she has 5": drawing can force a reshuffle, so ask.
                let have = self.players[seat as usize].hand.len();
                let max = HAND_TARGET.saturating_sub(have) as u8;
                self.agenda.push(Step::MayDraw { seat, max });
            }
            Step::Entered { seat, zone, moved } => {
                if moved
                    && self.top_has(rules, zone, seat, Ability::Spy)
                    && self.enemy_in_or_next_to(rules, seat, zone)
                {
                    self.agenda.push(Step::Spy { seat });
                }
                if self.top_has(rules, zone, seat, Ability::Demoralize) {
                    self.agenda.push(Step::Demoralize { seat, zone });
                }
            }
            Step::Arrived { seat, card } => match self.card(rules, card).ability {
                Ability::Inform => {
                    let draw = &self.players[seat as usize].draw;
                    if draw.len() >= 4 {
                        self.agenda.push(Step::Inform { seat });
                    } else {
                        // Fewer than 4: just look, and never reshuffle.
                        ev.push(Event::Looked {
                            seat,
                            count: draw.len() as u8,
                            cards: Some(draw.to_vec()),
                        });
                    }
                }
                Ability::Linked(k) => self.agenda.push(Step::Recover {
                    seat,
                    left: 1,
                    filter: Filter::Kind(k),
                    dest: Dest::Hand,
                }),
                Ability::Rebuild(k) => self.agenda.push(Step::Recover {
                    seat,
                    left: 2,
                    filter: Filter::Kind(k),
                    dest: Dest::Hand,
                }),
                _ => {}
            },
            Step::Destroyed { seat, card, zone } => self.on_destroyed(rules, seat, card, zone, ev),
            Step::EndAction => self.end_action(ev),
            _ => unreachable!("only automatic steps run"),
        }
    }

    fn end_action(&mut self, ev: &mut Vec<Event>) {
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
            self.active = opp(self.active);
            self.turn += 1;
            ev.push(Event::TurnPassed { to: self.active });
            ev.push(Event::TurnStarted {
                seat: self.active,
                turn: self.turn,
            });
        }
    }

    // ---- pending / apply -------------------------------------------------------

    /// Who must answer now, and what.
    pub fn pending(&self) -> Pending {
        if let Some(w) = self.winner {
            return Pending {
                seats: vec![],
                question: Question::GameOver { winner: w },
            };
        }
        let step = self
            .agenda
            .last()
            .expect("a running match always waits on a step");
        let question = match *step {
            Step::Mulligan { .. } => Question::Mulligan,
            Step::ChooseAction => Question::Action,
            Step::Reorder { zone, .. } => Question::Reorder { zone },
            Step::DiscardDown { zone, limit, .. } => Question::DiscardDown { zone, limit },
            Step::Move { zone, .. } => Question::Move { zone },
            Step::OfferBattle { .. } => Question::Battle {
                zone: self.activated.expect("an activation is running"),
            },
            Step::BattleOptions { .. } => Question::BattleOptions,
            Step::BattleCards => Question::BattleCard,
            Step::OrderEffects => Question::OrderEffects,
            Step::OrderScores => Question::OrderScores,
            Step::MayDraw { max, .. } => Question::MayDraw { max },
            Step::RemoveOwnUnit { .. } => Question::RemoveOwnUnit,
            Step::DestroyEnemyUnit { .. } => Question::DestroyEnemyUnit,
            Step::Flank { .. } => Question::Flank,
            Step::Retreat { .. } => Question::Retreat,
            Step::ReturnCard { .. } => Question::ReturnBattleCard,
            Step::ReplenishDiscard { .. } => Question::ReplenishDiscard,
            Step::FreeScore { .. } => Question::FreeScore,
            Step::FreeSummon { .. } => Question::FreeSummon,
            Step::Recover { left, .. } => Question::Recover { left },
            Step::Inform { .. } => Question::Inform,
            Step::Spy { .. } => Question::Spy,
            Step::Demoralize { zone, .. } => Question::Demoralize { zone },
            Step::OpponentDiscard { .. } => Question::OpponentDiscard,
            _ => unreachable!("automatic steps never wait"),
        };
        Pending {
            seats: self.waiting_seats(step).to_vec(),
            question,
        }
    }

    /// The seats the waiting step asks (both for secret simultaneous choices).
    fn waiting_seats(&self, step: &Step) -> ArrayVec<Seat, 2> {
        match *step {
            Step::Mulligan { ref choices } => {
                (0..2).filter(|&s| choices[s as usize].is_none()).collect()
            }
            Step::BattleCards => {
                let b = self.battle_ref();
                (0..2)
                    .filter(|&s| b.cards[s as usize].is_none() && !b.from_deck[s as usize])
                    .collect()
            }
            Step::ChooseAction | Step::OrderEffects | Step::OrderScores => {
                [self.active].into_iter().collect()
            }
            Step::Reorder { seat, .. }
            | Step::DiscardDown { seat, .. }
            | Step::Move { seat, .. }
            | Step::OfferBattle { seat }
            | Step::BattleOptions { seat }
            | Step::MayDraw { seat, .. }
            | Step::RemoveOwnUnit { seat }
            | Step::DestroyEnemyUnit { seat }
            | Step::Flank { seat }
            | Step::Retreat { seat }
            | Step::ReturnCard { seat }
            | Step::ReplenishDiscard { seat }
            | Step::FreeScore { seat }
            | Step::FreeSummon { seat, .. }
            | Step::Recover { seat, .. }
            | Step::Inform { seat }
            | Step::Spy { seat }
            | Step::Demoralize { seat, .. }
            | Step::OpponentDiscard { seat } => [seat].into_iter().collect(),
            _ => ArrayVec::new(),
        }
    }

    /// The seats the match waits for now (no allocation: for hot loops).
    pub fn waiting(&self) -> ArrayVec<Seat, 2> {
        match (self.winner, self.agenda.last()) {
            (None, Some(step)) => self.waiting_seats(step),
            _ => ArrayVec::new(),
        }
    }

    /// Whether the match waits for this seat now.
    pub fn waits_for(&self, seat: Seat) -> bool {
        self.winner.is_none()
            && self
                .agenda
                .last()
                .is_some_and(|s| self.waiting_seats(s).contains(&seat))
    }

    /// Validates and applies one answer. On error nothing has changed.
    pub fn apply(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<Vec<Event>, RuleError> {
        if self.winner.is_some() {
            return Err(RuleError::GameOver);
        }
        if !self.waits_for(seat) {
            let pending = self.pending();
            return Err(RuleError::NotYourDecision(match pending.seats.as_slice() {
                [s] => format!("player {} must {}", s + 1, pending.question.describe()),
                _ => format!("the other player must {}", pending.question.describe()),
            }));
        }
        let step = self.agenda.last().cloned().expect("checked by waits_for");
        self.check(rules, seat, &step, input)?;
        let mut ev = Vec::new();
        self.perform(rules, seat, step, input, &mut ev);
        self.advance(rules, &mut ev);
        Ok(ev)
    }

    fn wrong(&self, expected: &str) -> RuleError {
        RuleError::WrongQuestion(format!("you need to {expected}"))
    }

    /// Every check an input must pass, with no mutation.
    fn check(
        &self,
        rules: &Rules,
        seat: Seat,
        step: &Step,
        input: &Input,
    ) -> Result<(), RuleError> {
        let s = seat as usize;
        let hand = &self.players[s].hand;
        let them = &self.players[1 - s].hand;
        match (step, input) {
            (Step::Mulligan { .. }, Input::Mulligan(cards)) => {
                distinct(cards)?;
                if cards.iter().any(|c| !hand.contains(c)) {
                    return illegal("you can only mulligan cards from your hand");
                }
                Ok(())
            }
            (Step::Mulligan { .. }, _) => Err(self.wrong("choose the cards to mulligan")),
            (Step::ChooseAction, input) => self.check_action(rules, seat, input),
            (Step::Reorder { zone, .. }, Input::Order(order)) => {
                let squad = self.squad(*zone, seat);
                distinct(order)?;
                if order.len() != squad.len() || order.iter().any(|c| !squad.contains(c)) {
                    return illegal("the new order must list every unit of the squad exactly once");
                }
                Ok(())
            }
            (Step::Reorder { .. }, _) => Err(self.wrong("order the squad")),
            (Step::DiscardDown { zone, .. }, Input::Unit(c)) => {
                if !self.squad(*zone, seat).contains(c) {
                    return illegal("that unit is not in the squad");
                }
                Ok(())
            }
            (Step::DiscardDown { .. }, _) => Err(self.wrong("choose a unit to discard")),
            (Step::Move { .. }, Input::Stay) => Ok(()),
            (Step::Move { zone, .. }, Input::Move { cards, to }) => {
                let squad = self.squad(*zone, seat);
                distinct(cards)?;
                if cards.is_empty() || cards.iter().any(|c| !squad.contains(c)) {
                    return illegal("choose one or more units of the activated squad to move");
                }
                if !self.move_destinations(rules, seat, *zone).contains(to) {
                    return illegal(
                        "a squad can only move into an adjacent zone (2 zones with Flight)",
                    );
                }
                Ok(())
            }
            (Step::Move { .. }, _) => Err(self.wrong("move or stay")),
            (Step::OfferBattle { .. }, Input::Battle(_)) => Ok(()),
            (Step::OfferBattle { .. }, Input::Move { .. }) => illegal(
                "this squad cannot move: a squad cannot leave a zone that holds an enemy squad (unless it flies); decide whether to battle",
            ),
            (Step::OfferBattle { .. }, _) => Err(self.wrong("decide whether to battle")),
            (Step::BattleOptions { .. }, Input::Done) => Ok(()),
            (Step::BattleOptions { .. }, input) => {
                if self.battle_options(rules, seat).contains(input) {
                    Ok(())
                } else {
                    Err(self.wrong("use a battle-start ability or crystal you have, or say done"))
                }
            }
            (Step::BattleCards, Input::BattleCard(c)) => {
                if self.battle_ref().cards[s].is_some() {
                    return illegal("you have already chosen your battle card");
                }
                if !hand.contains(c) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            (Step::BattleCards, _) => Err(self.wrong("choose a battle card")),
            (Step::OrderEffects, Input::First(f)) if *f < 2 => Ok(()),
            (Step::OrderEffects, _) => Err(self.wrong("choose whose effects resolve first")),
            (Step::OrderScores, Input::First(f)) if *f < 2 => Ok(()),
            (Step::OrderScores, _) => Err(self.wrong("choose who takes a free crystal first")),
            (Step::MayDraw { max, .. }, Input::Draw(n)) => {
                if n > max {
                    return illegal(format!("you may draw at most {max}"));
                }
                Ok(())
            }
            (Step::MayDraw { .. }, _) => Err(self.wrong("decide how many cards to draw")),
            (Step::RemoveOwnUnit { .. }, Input::Unit(c)) => {
                if !self.squad(self.battle_ref().zone, seat).contains(c) {
                    return illegal("choose a unit of your battling squad");
                }
                Ok(())
            }
            (Step::RemoveOwnUnit { .. }, _) => {
                Err(self.wrong("choose a unit of your battling squad to remove"))
            }
            (Step::DestroyEnemyUnit { .. }, Input::Unit(c)) => {
                if !self.squad(self.battle_ref().zone, opp(seat)).contains(c) {
                    return illegal("choose a unit of the enemy battling squad");
                }
                Ok(())
            }
            (Step::DestroyEnemyUnit { .. }, _) => {
                Err(self.wrong("choose an enemy unit to destroy"))
            }
            (Step::Flank { .. }, Input::Accept(_)) => Ok(()),
            (Step::Flank { .. }, _) => Err(self.wrong("decide whether to flank")),
            (Step::Retreat { .. }, Input::Move { cards, to }) => {
                let zone = self.battle_ref().zone;
                let squad = self.squad(zone, seat);
                if cards.len() != squad.len() || cards.iter().any(|c| !squad.contains(c)) {
                    return illegal("the whole battling squad withdraws");
                }
                if !rules.board.is_adjacent(zone, *to) {
                    return illegal("the squad withdraws to an adjacent zone");
                }
                Ok(())
            }
            (Step::Retreat { .. }, _) => Err(self.wrong("choose the zone your squad withdraws to")),
            (Step::ReturnCard { .. }, Input::Return(_)) => Ok(()),
            (Step::ReturnCard { .. }, _) => {
                Err(self.wrong("decide whether to take your battle card back"))
            }
            (Step::ReplenishDiscard { .. }, Input::Done) => Ok(()),
            (Step::ReplenishDiscard { .. }, Input::Discard(c)) => {
                if !hand.contains(c) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            (Step::ReplenishDiscard { .. }, _) => {
                Err(self.wrong("discard cards or say you are done"))
            }
            (Step::FreeScore { .. }, Input::Score(c)) => {
                if !self.market.contains(c) {
                    return illegal("that crystal is not face up");
                }
                Ok(())
            }
            (Step::FreeScore { .. }, _) => Err(self.wrong("choose a free crystal")),
            (Step::FreeSummon { .. }, Input::Done) => Ok(()),
            (Step::FreeSummon { .. }, Input::Summon(_) | Input::SummonTo { .. }) => {
                if self.free_summon_allows(rules, step, input) {
                    Ok(())
                } else {
                    illegal("that unit cannot be summoned for free here")
                }
            }
            (Step::FreeSummon { .. }, _) => Err(self.wrong("summon the unit or say done")),
            (Step::Recover { filter, .. }, Input::Pick(c)) => {
                if !self.players[s].discard.contains(c) || !self.matches(rules, *c, *filter) {
                    return illegal("pick a matching card from your discard pile");
                }
                Ok(())
            }
            (Step::Recover { .. }, Input::Done) => Ok(()),
            (Step::Recover { .. }, _) => {
                Err(self.wrong("pick a card from your discard pile or say done"))
            }
            (Step::Inform { .. }, Input::Inform { keep, order }) => {
                let top: Cards = self.players[s].draw.iter().take(4).copied().collect();
                distinct(order)?;
                if !top.contains(keep)
                    || order.len() != top.len() - 1
                    || order.iter().any(|c| c == keep || !top.contains(c))
                {
                    return illegal("keep one of the top 4 cards and order the other 3");
                }
                Ok(())
            }
            (Step::Inform { .. }, _) => {
                Err(self.wrong("keep one of the top cards of your draw pile"))
            }
            (Step::Spy { .. }, Input::Done) => Ok(()),
            (Step::Spy { .. }, Input::Tuck { card, .. }) => {
                if !them.contains(card) {
                    return illegal("that card is not in your opponent's hand");
                }
                Ok(())
            }
            (Step::Spy { .. }, _) => {
                Err(self.wrong("tuck a card of your opponent's hand or say done"))
            }
            (Step::Demoralize { .. }, Input::Done) => Ok(()),
            (Step::Demoralize { zone, .. }, Input::Unit(c)) => {
                if !self
                    .demoralize_targets(rules, seat, *zone)
                    .iter()
                    .any(|(t, _)| t == c)
                {
                    return illegal(
                        "choose an enemy unit in this zone whose activation cost you can pay",
                    );
                }
                Ok(())
            }
            (Step::Demoralize { .. }, _) => {
                Err(self.wrong("choose an enemy unit to send home or say done"))
            }
            (Step::OpponentDiscard { .. }, Input::Pick(c)) => {
                if !them.contains(c) {
                    return illegal("that card is not in your opponent's hand");
                }
                Ok(())
            }
            (Step::OpponentDiscard { .. }, _) => {
                Err(self.wrong("pick a card from your opponent's hand"))
            }
            _ => unreachable!("automatic steps never wait"),
        }
    }

    /// The cost of summoning `cards` into `zone` as an action.
    pub fn summon_cost(&self, rules: &Rules, seat: Seat, cards: &[CardId], zone: ZoneId) -> u8 {
        // Saturates: an input may name more than `MAX_SUMMON` cards before it is
        // refused, and a cost of 255 is never payable anyway (the track is at most 60).
        let total = cards.iter().fold(0u8, |sum, &c| {
            sum.saturating_add(self.card(rules, c).summon)
        });
        total.saturating_sub(self.summon_discount(rules, seat, cards, zone))
    }

    fn check_summon_cards(
        &self,
        rules: &Rules,
        seat: Seat,
        cards: &[CardId],
    ) -> Result<(), RuleError> {
        distinct(cards)?;
        if cards.is_empty() || cards.len() > MAX_SUMMON {
            return illegal("summon 1 to 3 units");
        }
        let from = self.summonable(rules, seat);
        if cards.iter().any(|c| !from.contains(c)) {
            return illegal(
                "you can only summon units from your hand (or Undying units from your discard pile)",
            );
        }
        Ok(())
    }

    fn check_action(&self, rules: &Rules, seat: Seat, input: &Input) -> Result<(), RuleError> {
        let afford = |cost: u8, what: &str| {
            if self.can_afford(rules, seat, cost) {
                Ok(())
            } else {
                illegal(format!(
                    "{what} costs {cost} initiative, which would push the token past the end of the track"
                ))
            }
        };
        match input {
            Input::Summon(cards) => {
                self.check_summon_cards(rules, seat, cards)?;
                let home = rules.board.homes[seat as usize];
                afford(self.summon_cost(rules, seat, cards, home), "that summon")
            }
            Input::SummonTo { cards, zone, via } => {
                self.check_summon_cards(rules, seat, cards)?;
                if !self
                    .special_destinations(rules, seat, cards)
                    .contains(&(*zone, *via))
                {
                    return illegal("those units cannot be summoned into that zone");
                }
                afford(self.summon_cost(rules, seat, cards, *zone), "that summon")
            }
            Input::Activate(zone) => {
                if (*zone as usize) >= rules.board.zones.len() || self.squad(*zone, seat).is_empty()
                {
                    return illegal("you have no squad in that zone");
                }
                afford(
                    self.activation_cost(rules, *zone, seat),
                    "activating that squad",
                )
            }
            Input::Score(c) => {
                if self.crystal_zones_controlled(rules, seat) < 2 {
                    return illegal("you need to control at least 2 crystal zones to score");
                }
                if !self.market.contains(c) {
                    return illegal("that crystal is not face up");
                }
                afford(rules.pack.crystals[*c as usize].cost, "that crystal")
            }
            Input::Replenish => afford(REPLENISH_COST, "replenishing"),
            Input::Invade => {
                if !self.controls(seat, rules.board.homes[opp(seat) as usize]) {
                    return illegal("you need to control your opponent's home zone to invade");
                }
                afford(INVADE_COST, "invading")
            }
            _ => Err(self.wrong("choose an action: summon, activate, score, replenish or invade")),
        }
    }

    /// The units a free summon may bring in, and whether `input` is one of them.
    fn free_summon_allows(&self, rules: &Rules, step: &Step, input: &Input) -> bool {
        self.legal_free_summons(rules, step)
            .iter()
            .any(|l| self.same_choice(l, input))
    }

    /// Applies a checked input.
    fn perform(
        &mut self,
        rules: &Rules,
        seat: Seat,
        step: Step,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let s = seat as usize;
        match (step, input) {
            (Step::Mulligan { mut choices }, Input::Mulligan(cards)) => {
                choices[s] = Some(cards.clone());
                *self.agenda.last_mut().expect("checked") = Step::Mulligan { choices };
            }
            (Step::ChooseAction, input) => {
                self.agenda.pop();
                self.agenda.push(Step::EndAction);
                self.perform_action(rules, seat, input, ev);
            }
            (Step::Reorder { zone, .. }, Input::Order(order)) => {
                self.agenda.pop();
                *self.squad_mut(zone, seat) = order.clone();
                ev.push(Event::Reordered {
                    seat,
                    zone,
                    order: order.clone(),
                });
            }
            (Step::DiscardDown { zone, .. }, Input::Unit(c)) => {
                // The step stays until the squad is within its limit.
                self.remove_unit(zone, seat, *c);
                self.discard_to_owner(*c);
                ev.push(Event::UnitDiscarded {
                    seat,
                    card: *c,
                    zone,
                });
            }
            (Step::Move { .. }, Input::Stay) => {
                self.agenda.pop();
            }
            (Step::Move { zone, .. }, Input::Move { cards, to }) => {
                self.agenda.pop();
                let order: Cards = self
                    .squad(zone, seat)
                    .iter()
                    .copied()
                    .filter(|c| cards.contains(c))
                    .collect();
                self.squad_mut(zone, seat).retain(|c| !cards.contains(c));
                ev.push(Event::Moved {
                    seat,
                    cards: order.clone(),
                    from: zone,
                    to: *to,
                });
                self.activated = Some(*to);
                if self.squad(*to, seat).is_empty() {
                    // Moved units keep the order they were given before the move.
                    self.squad_mut(*to, seat).extend(order);
                    self.agenda.push(Step::Entered {
                        seat,
                        zone: *to,
                        moved: true,
                    });
                } else {
                    self.place_units(seat, *to, &order, Some(true));
                }
            }
            (Step::OfferBattle { .. }, Input::Battle(false)) => {
                self.agenda.pop();
            }
            (Step::OfferBattle { .. }, Input::Battle(true)) => {
                self.agenda.pop();
                let zone = self.activated.expect("an activation is running");
                self.start_battle(seat, zone, ev);
            }
            (Step::BattleOptions { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::BattleOptions { .. }, input) => self.use_battle_option(rules, seat, input, ev),
            (Step::BattleCards, Input::BattleCard(c)) => {
                self.players[s].hand.retain(|x| x != c);
                self.battle_mut().cards[s] = Some(*c);
                ev.push(Event::BattleCardChosen {
                    seat,
                    from_deck: false,
                    card: Some(*c),
                });
            }
            (Step::OrderEffects, Input::First(first)) => {
                self.agenda.pop();
                ev.push(Event::EffectsOrdered { first: *first });
                self.schedule_battle(*first);
            }
            (Step::OrderScores, Input::First(first)) => {
                self.agenda.pop();
                self.owed_scores[*first as usize] -= 1;
                self.agenda.push(Step::FreeScore { seat: *first });
            }
            (Step::MayDraw { .. }, Input::Draw(n)) => {
                self.agenda.pop();
                self.draw_cards(seat, *n, ev);
            }
            (Step::RemoveOwnUnit { .. }, Input::Unit(c)) => {
                self.agenda.pop();
                let zone = self.battle_ref().zone;
                self.remove_unit(zone, seat, *c);
                self.players[owner(*c) as usize].removed.push(*c);
                ev.push(Event::UnitRemovedFromGame { card: *c, zone });
                self.note_wiped(zone, seat);
            }
            (Step::DestroyEnemyUnit { .. }, Input::Unit(c)) => {
                self.agenda.pop();
                let zone = self.battle_ref().zone;
                self.destroy_units(rules, zone, opp(seat), &[*c], ev);
            }
            (Step::Flank { .. }, Input::Accept(yes)) => {
                self.agenda.pop();
                if *yes {
                    self.battle_mut().from_bottom[s] = true;
                    ev.push(Event::FlankUsed { seat });
                }
            }
            (Step::Retreat { .. }, Input::Move { cards, to }) => {
                self.agenda.pop();
                let zone = self.battle_ref().zone;
                let units: Cards = std::mem::take(self.squad_mut(zone, seat));
                ev.push(Event::Placed {
                    seat,
                    cards: cards.clone(),
                    from: zone,
                    to: *to,
                });
                self.place_units(seat, *to, &units, Some(false));
            }
            (Step::ReturnCard { .. }, Input::Return(back)) => {
                self.agenda.pop();
                if *back {
                    let card = self.battle_mut().cards[s].take().expect("checked by poll");
                    self.players[s].hand.push(card);
                    ev.push(Event::BattleCardReturned { seat, card });
                }
            }
            (Step::ReplenishDiscard { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::ReplenishDiscard { .. }, Input::Discard(c)) => {
                self.players[s].hand.retain(|x| x != c);
                self.discard_to_owner(*c);
                ev.push(Event::CardDiscarded { seat, card: *c });
            }
            (Step::FreeScore { .. }, Input::Score(c)) => {
                self.agenda.pop();
                self.take_crystal(rules, seat, *c, 0, true, ev);
            }
            (Step::FreeSummon { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::FreeSummon { .. }, Input::Summon(cards)) => {
                self.agenda.pop();
                let home = rules.board.homes[s];
                self.summon(rules, seat, cards, (home, Via::Home), 0, ev);
            }
            (Step::FreeSummon { .. }, Input::SummonTo { cards, zone, via }) => {
                self.agenda.pop();
                self.summon(rules, seat, cards, (*zone, *via), 0, ev);
            }
            (
                Step::Recover {
                    seat: _,
                    left,
                    filter,
                    dest,
                },
                Input::Pick(c),
            ) => {
                self.agenda.pop();
                self.players[s].discard.retain(|x| x != c);
                match dest {
                    Dest::Hand => self.players[s].hand.push(*c),
                    Dest::DrawTop => self.players[s].draw.insert(0, *c),
                }
                ev.push(Event::Recovered {
                    seat,
                    card: *c,
                    to_hand: dest == Dest::Hand,
                });
                if left > 1 {
                    self.agenda.push(Step::Recover {
                        seat,
                        left: left - 1,
                        filter,
                        dest,
                    });
                }
            }
            (Step::Recover { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::Inform { .. }, Input::Inform { keep, order }) => {
                self.agenda.pop();
                let draw = &mut self.players[s].draw;
                let seen: Vec<CardId> = draw.drain(..4).collect();
                for &c in order.iter().rev() {
                    draw.insert(0, c);
                }
                self.players[s].hand.push(*keep);
                ev.push(Event::Looked {
                    seat,
                    count: 4,
                    cards: Some(seen),
                });
                ev.push(Event::Kept {
                    seat,
                    card: Some(*keep),
                });
            }
            (Step::Spy { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::Spy { .. }, Input::Tuck { card, top }) => {
                self.agenda.pop();
                let them = 1 - s;
                ev.push(Event::Looked {
                    seat,
                    count: self.players[them].hand.len() as u8,
                    cards: Some(self.players[them].hand.to_vec()),
                });
                self.players[them].hand.retain(|x| x != card);
                let pile = &mut self.players[owner(*card) as usize].draw;
                if *top {
                    pile.insert(0, *card);
                } else {
                    pile.push(*card);
                }
                ev.push(Event::Tucked {
                    seat,
                    top: *top,
                    card: Some(*card),
                });
            }
            (Step::Demoralize { .. }, Input::Done) => {
                self.agenda.pop();
            }
            (Step::Demoralize { zone, .. }, Input::Unit(c)) => {
                self.agenda.pop();
                let enemy = opp(seat);
                let cost = self.unit_cost_for_opponent(rules, zone, enemy, *c);
                self.pay(rules, seat, cost, ev);
                self.remove_unit(zone, enemy, *c);
                ev.push(Event::Demoralized {
                    seat,
                    card: *c,
                    cost,
                });
                let home = rules.board.homes[enemy as usize];
                self.place_units(enemy, home, &[*c], Some(false));
            }
            (Step::OpponentDiscard { .. }, Input::Pick(c)) => {
                self.agenda.pop();
                self.players[1 - s].hand.retain(|x| x != c);
                self.discard_to_owner(*c);
                ev.push(Event::HandCardDiscarded {
                    seat: opp(seat),
                    card: *c,
                });
            }
            _ => unreachable!("inputs are checked before they are performed"),
        }
    }

    fn perform_action(&mut self, rules: &Rules, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        match input {
            Input::Summon(cards) => {
                let zone = rules.board.homes[seat as usize];
                let cost = self.summon_cost(rules, seat, cards, zone);
                self.pay(rules, seat, cost, ev);
                self.summon(rules, seat, cards, (zone, Via::Home), cost, ev);
            }
            Input::SummonTo { cards, zone, via } => {
                let cost = self.summon_cost(rules, seat, cards, *zone);
                self.pay(rules, seat, cost, ev);
                self.summon(rules, seat, cards, (*zone, *via), cost, ev);
            }
            Input::Activate(zone) => {
                let cost = self.activation_cost(rules, *zone, seat);
                self.pay(rules, seat, cost, ev);
                ev.push(Event::Activated {
                    seat,
                    zone: *zone,
                    cost,
                });
                self.activated = Some(*zone);
                self.agenda.push(Step::OfferBattle { seat });
                self.agenda.push(Step::Move { seat, zone: *zone });
                self.agenda.push(Step::Reorder { seat, zone: *zone });
            }
            Input::Score(c) => {
                let cost = rules.pack.crystals[*c as usize].cost;
                self.pay(rules, seat, cost, ev);
                self.take_crystal(rules, seat, *c, cost, false, ev);
            }
            Input::Replenish => {
                self.pay(rules, seat, REPLENISH_COST, ev);
                ev.push(Event::Replenished { seat });
                self.agenda.push(Step::ReplenishDraw { seat });
                self.agenda.push(Step::ReplenishDiscard { seat });
            }
            Input::Invade => {
                self.pay(rules, seat, INVADE_COST, ev);
                let victim = opp(seat);
                let zone = rules.board.homes[victim as usize];
                let attack = self.squad_attack(rules, zone, seat);
                ev.push(Event::Invaded {
                    seat,
                    attack: attack.min(255) as u8,
                });
                for _ in 0..attack {
                    // A reshuffle ends the invasion without discarding any more.
                    if self.players[victim as usize].draw.is_empty() {
                        self.reshuffle(victim, ev);
                        break;
                    }
                    let card = self.players[victim as usize].draw.remove(0);
                    self.discard_to_owner(card);
                    ev.push(Event::Milled { seat: victim, card });
                }
            }
            _ => unreachable!("checked by check_action"),
        }
    }

    /// The cards the seat may look at for the question it must answer now: the top
    /// of her draw pile (Inform) or the opponent's hand (Spy, The Bitter Blessing).
    pub fn peek(&self, seat: Seat) -> Vec<CardId> {
        if !self.waits_for(seat) {
            return vec![];
        }
        let s = seat as usize;
        match self.agenda.last() {
            Some(Step::Inform { .. }) => self.players[s].draw.iter().take(4).copied().collect(),
            Some(Step::Spy { .. } | Step::OpponentDiscard { .. }) => {
                self.players[1 - s].hand.to_vec()
            }
            _ => vec![],
        }
    }
}

const DECK_SIZE_U8: u8 = super::pack::DECK_SIZE as u8;

fn distinct(cards: &[CardId]) -> Result<(), RuleError> {
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return illegal("a card is listed twice");
        }
    }
    Ok(())
}

//! The rules: setting up a match, validating and applying inputs, running the
//! automatic steps in between, and listing the legal inputs.
//!
//! Everything that happens is driven by the agenda (see `Step`). `apply` validates an
//! answer to the step on top, performs it (which may push more steps), then `advance`
//! runs automatic steps until a step needs an answer again. Validation happens
//! entirely before any mutation, so a refused input leaves the state untouched.

use super::Rules;
use super::board::ZoneId;
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::pack::{CardDef, Effect, MAX_SQUAD_LIMIT, Target};
use super::rng::{below, shuffle};
use super::state::*;
use arrayvec::ArrayVec;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// Bumped whenever a rules change would make an old match replay differently.
pub const RULES_VERSION: u32 = 1;

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
    BattleCard,
    OrderEffects,
    MayDraw { max: u8 },
    RemoveOwnUnit,
    DestroyEnemyUnit,
    ReturnBattleCard,
    ReplenishDiscard,
    FreeScore,
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
            Question::BattleCard => "choose a battle card",
            Question::OrderEffects => "decide whose battle effects resolve first",
            Question::MayDraw { .. } => "decide how many cards to draw",
            Question::RemoveOwnUnit => "choose a unit to remove from the game",
            Question::DestroyEnemyUnit => "choose an enemy unit to destroy",
            Question::ReturnBattleCard => "decide whether to take the battle card back",
            Question::ReplenishDiscard => "discard cards before drawing up to 5",
            Question::FreeScore => "choose a free crystal",
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
        };
        let mut ev = Vec::new();
        for seat in 0..2u8 {
            let base = seat as usize * DECK_SIZE_U8 as usize;
            let p = &mut s.players[seat as usize];
            p.draw.extend((0..DECK_SIZE_U8).map(|i| (base as u8) + i));
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

    /// The most units this squad may hold.
    pub fn squad_limit(&self, _rules: &Rules, _seat: Seat, _zone: ZoneId) -> usize {
        SQUAD_LIMIT
    }

    pub fn unit_attack(&self, rules: &Rules, card: CardId) -> u32 {
        self.card(rules, card).attack as u32
    }

    /// The attack value of a squad outside battle bonuses: its units' attack values.
    pub fn squad_attack(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u32 {
        self.squad(zone, seat)
            .iter()
            .map(|&c| self.unit_attack(rules, c))
            .sum()
    }

    /// The highest single activation cost among the squad's units.
    pub fn activation_cost(&self, rules: &Rules, zone: ZoneId, seat: Seat) -> u8 {
        self.squad(zone, seat)
            .iter()
            .map(|&c| self.card(rules, c).activation)
            .max()
            .unwrap_or(0)
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
    pub fn gain_initiative(&mut self, rules: &Rules, seat: Seat, amount: u8) {
        let l = rules.board.track_length as i32;
        let t = self.token as i32
            + if seat == 0 {
                amount as i32
            } else {
                -(amount as i32)
            };
        self.token = t.clamp(-l, l) as i8;
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
            self.owed_scores[opp(seat) as usize] += 1;
        }
    }

    /// Takes the top card of the draw pile, reshuffling first if it is empty.
    fn take_top(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<CardId> {
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

    /// Puts a card on its owner's discard pile.
    fn discard_to_owner(&mut self, card: CardId) {
        self.players[owner(card) as usize].discard.push(card);
    }

    fn remove_unit(&mut self, zone: ZoneId, seat: Seat, card: CardId) {
        let sq = self.squad_mut(zone, seat);
        if let Some(i) = sq.iter().position(|&c| c == card) {
            sq.remove(i);
        }
    }

    fn destroy_unit(&mut self, zone: ZoneId, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
        self.remove_unit(zone, seat, card);
        self.discard_to_owner(card);
        if let Some(b) = &mut self.battle {
            b.destroyed += 1;
        }
        ev.push(Event::UnitDestroyed { card, zone });
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
        }
    }

    /// Puts units into a zone: they join the seat's squad there (if any), then the
    /// squad is cut down to its limit and may be reordered.
    fn place_units(&mut self, seat: Seat, zone: ZoneId, cards: &[CardId]) {
        let had = self.squad(zone, seat).len();
        let sq = self.squad_mut(zone, seat);
        for &c in cards {
            sq.push(c);
        }
        // The agenda is a stack: the discard-down runs before the reorder.
        if had > 0 || cards.len() > 1 {
            self.agenda.push(Step::Reorder { seat, zone });
        }
        self.agenda.push(Step::DiscardDown { seat, zone });
    }

    // ---- the agenda ------------------------------------------------------------

    fn poll(&self, rules: &Rules, step: &Step) -> Poll {
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
                if distinct_orders(self, self.squad(zone, seat)) > 1 {
                    Poll::Wait
                } else {
                    Poll::Skip
                }
            }
            Step::DiscardDown { seat, zone } => {
                if self.squad(zone, seat).len() > self.squad_limit(rules, seat, zone) {
                    Poll::Wait
                } else {
                    Poll::Skip
                }
            }
            Step::Move { seat, zone } => {
                if self.can_move(seat, zone) {
                    Poll::Wait
                } else {
                    Poll::Skip
                }
            }
            Step::OfferBattle { seat } => match self.activated {
                Some(z)
                    if !self.squad(z, seat).is_empty() && !self.squad(z, opp(seat)).is_empty() =>
                {
                    Poll::Wait
                }
                _ => Poll::Skip,
            },
            Step::BattleCards => {
                let b = self
                    .battle
                    .as_ref()
                    .expect("battle cards are chosen in a battle");
                if b.cards
                    .iter()
                    .zip(&b.from_deck)
                    .enumerate()
                    .all(|(s, (c, d))| c.is_some() || *d || self.players[s].hand.is_empty())
                {
                    Poll::Skip
                } else {
                    Poll::Wait
                }
            }
            Step::OrderEffects => Poll::Wait,
            Step::MayDraw { max, .. } => {
                if max > 0 {
                    Poll::Wait
                } else {
                    Poll::Skip
                }
            }
            Step::RemoveOwnUnit { seat } => self.battle_squad_poll(seat),
            Step::DestroyEnemyUnit { seat } => self.battle_squad_poll(opp(seat)),
            Step::ReturnCard { seat } => {
                let b = self
                    .battle
                    .as_ref()
                    .expect("battle cards return in a battle");
                match b.cards[seat as usize] {
                    Some(c)
                        if !b.joined[seat as usize]
                            && self.triggered(rules, seat).contains(&Effect::Return) =>
                    {
                        let _ = c;
                        Poll::Wait
                    }
                    _ => Poll::Skip,
                }
            }
            Step::ReplenishDiscard { seat } => {
                if self.players[seat as usize].hand.is_empty() {
                    Poll::Skip
                } else {
                    Poll::Wait
                }
            }
            Step::FreeScore { .. } => {
                if self.market.is_empty() {
                    Poll::Skip
                } else {
                    Poll::Wait
                }
            }
            Step::PrepareBattleCards
            | Step::Reveal
            | Step::ResolveEffects { .. }
            | Step::Damage
            | Step::EndBattle
            | Step::ReplenishDraw { .. }
            | Step::EndAction => Poll::Run,
        }
    }

    fn battle_squad_poll(&self, squad_seat: Seat) -> Poll {
        match &self.battle {
            Some(b) if !self.squad(b.zone, squad_seat).is_empty() => Poll::Wait,
            _ => Poll::Skip,
        }
    }

    /// A squad may move unless an enemy squad shares its zone.
    fn can_move(&self, seat: Seat, zone: ZoneId) -> bool {
        !self.squad(zone, seat).is_empty() && self.squad(zone, opp(seat)).is_empty()
    }

    /// Runs automatic steps until one needs an answer (or the match is over).
    fn advance(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        loop {
            if self.winner.is_some() {
                self.agenda.clear();
                self.battle = None;
                return;
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
            Step::PrepareBattleCards => {
                for seat in 0..2u8 {
                    if self.players[seat as usize].hand.is_empty() {
                        let card = self.take_top(seat, ev);
                        let b = self.battle.as_mut().expect("in a battle");
                        b.cards[seat as usize] = card;
                        b.from_deck[seat as usize] = true;
                        ev.push(Event::BattleCardChosen {
                            seat,
                            from_deck: true,
                            card: None,
                        });
                    }
                }
            }
            Step::Reveal => self.reveal(rules, ev),
            Step::ResolveEffects {
                seat,
                after_damage,
                idx,
            } => self.resolve_effects(rules, seat, after_damage, idx, ev),
            Step::Damage => self.damage(rules, ev),
            Step::EndBattle => {
                let b = self.battle.take().expect("in a battle");
                for seat in 0..2 {
                    if let (Some(c), false) = (b.cards[seat], b.joined[seat]) {
                        self.discard_to_owner(c);
                        ev.push(Event::BattleCardDiscarded {
                            seat: seat as Seat,
                            card: c,
                        });
                    }
                }
                ev.push(Event::BattleEnded { zone: b.zone });
            }
            Step::ReplenishDraw { seat } => {
                let have = self.players[seat as usize].hand.len();
                if have < HAND_TARGET {
                    self.draw_cards(seat, (HAND_TARGET - have) as u8, ev);
                }
            }
            Step::EndAction => self.end_action(ev),
            _ => unreachable!("only automatic steps run"),
        }
    }

    fn end_action(&mut self, ev: &mut Vec<Event>) {
        self.activated = None;
        // Free scores owed because of a reshuffle come after the action; the opponent
        // of the active player first, then the active player.
        for seat in [opp(self.active), self.active] {
            if self.owed_scores[seat as usize] > 0 {
                self.owed_scores[seat as usize] -= 1;
                self.agenda.push(Step::EndAction);
                self.agenda.push(Step::FreeScore { seat });
                return;
            }
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

    // ---- battle ----------------------------------------------------------------

    /// The triggered effect atoms of `seat`'s battle card (empty before the reveal or
    /// without a card).
    pub fn triggered<'r>(&self, rules: &'r Rules, seat: Seat) -> &'r [Effect] {
        match &self.battle {
            Some(b) if b.revealed => match b.cards[seat as usize] {
                Some(c) => {
                    let def = self.card(rules, c);
                    if b.left[seat as usize] {
                        &def.left
                    } else {
                        &def.right
                    }
                }
                None => &[],
            },
            _ => &[],
        }
    }

    fn reveal(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let b = self.battle.as_ref().expect("in a battle");
        let styles = b.cards.map(|c| c.map(|c| self.card(rules, c).style));
        let left = [0, 1].map(|s| match (styles[s], styles[1 - s]) {
            (Some(mine), Some(theirs)) => mine.beats(theirs),
            _ => false,
        });
        let b = self.battle.as_mut().expect("in a battle");
        b.revealed = true;
        b.left = left;
        ev.push(Event::BattleCardsRevealed {
            cards: b.cards,
            left,
        });
        // The order matters only when both seats have effects that change the board.
        let interactive = [0, 1].map(|s| {
            self.triggered(rules, s)
                .iter()
                .any(|e| is_active_before_damage(*e))
        });
        if interactive[0] && interactive[1] {
            self.agenda.push(Step::OrderEffects);
        } else {
            self.schedule_battle(self.active);
        }
    }

    fn schedule_battle(&mut self, first: Seat) {
        let second = opp(first);
        // A stack: pushed in reverse order of execution.
        self.agenda.push(Step::EndBattle);
        self.agenda.push(Step::ReturnCard { seat: second });
        self.agenda.push(Step::ReturnCard { seat: first });
        for s in [second, first] {
            self.agenda.push(Step::ResolveEffects {
                seat: s,
                after_damage: true,
                idx: 0,
            });
        }
        self.agenda.push(Step::Damage);
        for s in [second, first] {
            self.agenda.push(Step::ResolveEffects {
                seat: s,
                after_damage: false,
                idx: 0,
            });
        }
    }

    fn resolve_effects(
        &mut self,
        rules: &Rules,
        seat: Seat,
        after_damage: bool,
        idx: u8,
        ev: &mut Vec<Event>,
    ) {
        let effects = self.triggered(rules, seat);
        let zone = self.battle.as_ref().expect("in a battle").zone;
        for (i, &e) in effects.iter().enumerate().skip(idx as usize) {
            let decision = match (after_damage, e) {
                (false, Effect::Draw(n)) => Some(Step::MayDraw { seat, max: n }),
                (false, Effect::Destroy(Target::Choice)) => Some(Step::DestroyEnemyUnit { seat }),
                (false, Effect::Destroy(t)) => {
                    let enemy = self.squad(zone, opp(seat));
                    let victim = if t == Target::Top {
                        enemy.first()
                    } else {
                        enemy.last()
                    };
                    if let Some(&v) = victim {
                        self.destroy_unit(zone, opp(seat), v, ev);
                    }
                    None
                }
                (false, Effect::OpponentRemovesUnit) => {
                    Some(Step::RemoveOwnUnit { seat: opp(seat) })
                }
                (false, Effect::JoinSquad) => {
                    let b = self.battle.as_ref().expect("in a battle");
                    match b.cards[seat as usize] {
                        Some(card) if !self.squad(zone, seat).is_empty() => {
                            self.battle.as_mut().expect("in a battle").joined[seat as usize] = true;
                            ev.push(Event::CardJoinedSquad { seat, card, zone });
                            // It joins as the bottom unit; as with any unit added to a
                            // squad, the controller may then discard down and reorder.
                            if i + 1 < effects.len() {
                                self.agenda.push(Step::ResolveEffects {
                                    seat,
                                    after_damage,
                                    idx: (i + 1) as u8,
                                });
                            }
                            self.place_units(seat, zone, &[card]);
                            return;
                        }
                        _ => None,
                    }
                }
                (true, Effect::DrawPerDestroyed) => {
                    let n = self.battle.as_ref().expect("in a battle").destroyed;
                    Some(Step::MayDraw { seat, max: n })
                }
                _ => None,
            };
            if let Some(d) = decision {
                if i + 1 < effects.len() {
                    self.agenda.push(Step::ResolveEffects {
                        seat,
                        after_damage,
                        idx: (i + 1) as u8,
                    });
                }
                self.agenda.push(d);
                return;
            }
        }
    }

    /// Attack and defense totals of each seat in the current battle.
    pub fn battle_totals(&self, rules: &Rules) -> ([u32; 2], [u32; 2]) {
        let b = self.battle.as_ref().expect("in a battle");
        let mut attack = [0u32; 2];
        let mut defense = [0u32; 2];
        for seat in 0..2u8 {
            let squad = self.squad(b.zone, seat);
            let mut a = self.squad_attack(rules, b.zone, seat);
            for e in self.triggered(rules, seat) {
                match *e {
                    Effect::Attack(n) => a += n as u32,
                    Effect::Defense(n) => defense[seat as usize] += n as u32,
                    Effect::AttackPer(t, n) => {
                        let count = squad
                            .iter()
                            .filter(|&&c| self.card(rules, c).types.has(t))
                            .count();
                        a += n as u32 * count as u32;
                    }
                    _ => {}
                }
            }
            attack[seat as usize] = a;
        }
        (attack, defense)
    }

    fn damage(&mut self, rules: &Rules, ev: &mut Vec<Event>) {
        let zone = self.battle.as_ref().expect("in a battle").zone;
        if self.squad(zone, 0).is_empty() || self.squad(zone, 1).is_empty() {
            ev.push(Event::NoDamage);
            return;
        }
        let (attack, defense) = self.battle_totals(rules);
        let damage = [0, 1].map(|s| attack[s].saturating_sub(defense[1 - s]));
        ev.push(Event::DamageDealt {
            attack: attack.map(clamp_u8),
            defense: defense.map(clamp_u8),
            damage: damage.map(clamp_u8),
        });
        // Work out every casualty first: damage is simultaneous.
        let mut casualties: [ArrayVec<CardId, 8>; 2] = Default::default();
        for target in 0..2u8 {
            let mut left = damage[opp(target) as usize];
            for &c in self.squad(zone, target) {
                let d = self.card(rules, c).defense as u32;
                if left < d {
                    break;
                }
                left -= d;
                casualties[target as usize].push(c);
            }
        }
        for target in 0..2u8 {
            for &c in &casualties[target as usize] {
                self.destroy_unit(zone, target, c, ev);
            }
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
        let one = |seat: Seat, question: Question| Pending {
            seats: vec![seat],
            question,
        };
        match *step {
            Step::Mulligan { ref choices } => Pending {
                seats: (0..2).filter(|&s| choices[s as usize].is_none()).collect(),
                question: Question::Mulligan,
            },
            Step::ChooseAction => one(self.active, Question::Action),
            Step::Reorder { seat, zone } => one(seat, Question::Reorder { zone }),
            Step::DiscardDown { seat, zone } => one(
                seat,
                Question::DiscardDown {
                    zone,
                    limit: SQUAD_LIMIT as u8,
                },
            ),
            Step::Move { seat, zone } => one(seat, Question::Move { zone }),
            Step::OfferBattle { seat } => one(
                seat,
                Question::Battle {
                    zone: self.activated.expect("an activation is running"),
                },
            ),
            Step::BattleCards => {
                let b = self.battle.as_ref().expect("in a battle");
                Pending {
                    seats: (0..2)
                        .filter(|&s| b.cards[s as usize].is_none() && !b.from_deck[s as usize])
                        .collect(),
                    question: Question::BattleCard,
                }
            }
            Step::OrderEffects => one(self.active, Question::OrderEffects),
            Step::MayDraw { seat, max } => one(seat, Question::MayDraw { max }),
            Step::RemoveOwnUnit { seat } => one(seat, Question::RemoveOwnUnit),
            Step::DestroyEnemyUnit { seat } => one(seat, Question::DestroyEnemyUnit),
            Step::ReturnCard { seat } => one(seat, Question::ReturnBattleCard),
            Step::ReplenishDiscard { seat } => one(seat, Question::ReplenishDiscard),
            Step::FreeScore { seat } => one(seat, Question::FreeScore),
            _ => unreachable!("automatic steps never wait"),
        }
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
        let pending = self.pending();
        if !pending.seats.contains(&seat) {
            return Err(RuleError::NotYourDecision(match pending.seats.as_slice() {
                [s] => format!("player {} must {}", s + 1, pending.question.describe()),
                _ => format!("the other player must {}", pending.question.describe()),
            }));
        }
        let step = self.agenda.last().cloned().expect("checked by pending");
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
        let hand = &self.players[seat as usize].hand;
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
            (Step::Move { zone, .. }, Input::Stay) => {
                let _ = zone;
                Ok(())
            }
            (Step::Move { zone, .. }, Input::Move { cards, to }) => {
                let squad = self.squad(*zone, seat);
                distinct(cards)?;
                if cards.is_empty() || cards.iter().any(|c| !squad.contains(c)) {
                    return illegal("choose one or more units of the activated squad to move");
                }
                if (*to as usize) >= rules.board.zones.len() || !rules.board.is_adjacent(*zone, *to)
                {
                    return illegal("a squad can only move into an adjacent zone");
                }
                Ok(())
            }
            (Step::Move { .. }, _) => Err(self.wrong("move or stay")),
            (Step::OfferBattle { .. }, Input::Battle(_)) => Ok(()),
            (Step::OfferBattle { .. }, _) => Err(self.wrong("decide whether to battle")),
            (Step::BattleCards, Input::BattleCard(c)) => {
                let b = self.battle.as_ref().expect("in a battle");
                if b.cards[seat as usize].is_some() {
                    return illegal("you have already chosen your battle card");
                }
                if !hand.contains(c) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            (Step::BattleCards, _) => Err(self.wrong("choose a battle card")),
            (Step::OrderEffects, Input::First(s)) if *s < 2 => Ok(()),
            (Step::OrderEffects, _) => Err(self.wrong("choose whose effects resolve first")),
            (Step::MayDraw { max, .. }, Input::Draw(n)) => {
                if n > max {
                    return illegal(format!("you may draw at most {max}"));
                }
                Ok(())
            }
            (Step::MayDraw { .. }, _) => Err(self.wrong("decide how many cards to draw")),
            (Step::RemoveOwnUnit { .. }, Input::Unit(c)) => {
                let zone = self.battle.as_ref().expect("in a battle").zone;
                if !self.squad(zone, seat).contains(c) {
                    return illegal("choose a unit of your battling squad");
                }
                Ok(())
            }
            (Step::RemoveOwnUnit { .. }, _) => {
                Err(self.wrong("choose a unit of your battling squad to remove"))
            }
            (Step::DestroyEnemyUnit { .. }, Input::Unit(c)) => {
                let zone = self.battle.as_ref().expect("in a battle").zone;
                if !self.squad(zone, opp(seat)).contains(c) {
                    return illegal("choose a unit of the enemy battling squad");
                }
                Ok(())
            }
            (Step::DestroyEnemyUnit { .. }, _) => {
                Err(self.wrong("choose an enemy unit to destroy"))
            }
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
            _ => unreachable!("automatic steps never wait"),
        }
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
                distinct(cards)?;
                if cards.is_empty() || cards.len() > MAX_SUMMON {
                    return illegal("summon 1 to 3 units");
                }
                let hand = &self.players[seat as usize].hand;
                if cards.iter().any(|c| !hand.contains(c)) {
                    return illegal("you can only summon units from your hand");
                }
                afford(self.summon_cost(rules, cards), "that summon")
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

    pub fn summon_cost(&self, rules: &Rules, cards: &[CardId]) -> u8 {
        cards.iter().map(|&c| self.card(rules, c).summon).sum()
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
                let had = !self.squad(*to, seat).is_empty();
                if had {
                    self.place_units(seat, *to, &order);
                } else {
                    self.squad_mut(*to, seat).extend(order);
                }
            }
            (Step::OfferBattle { .. }, Input::Battle(false)) => {
                self.agenda.pop();
            }
            (Step::OfferBattle { .. }, Input::Battle(true)) => {
                self.agenda.pop();
                let zone = self.activated.expect("an activation is running");
                self.battle = Some(Battle {
                    zone,
                    attacker: seat,
                    cards: [None, None],
                    from_deck: [false, false],
                    revealed: false,
                    left: [false, false],
                    joined: [false, false],
                    destroyed: 0,
                });
                ev.push(Event::BattleStarted {
                    attacker: seat,
                    zone,
                });
                self.agenda.push(Step::Reveal);
                self.agenda.push(Step::BattleCards);
                self.agenda.push(Step::PrepareBattleCards);
            }
            (Step::BattleCards, Input::BattleCard(c)) => {
                let hand = &mut self.players[s].hand;
                hand.retain(|x| x != c);
                self.battle.as_mut().expect("in a battle").cards[s] = Some(*c);
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
            (Step::MayDraw { .. }, Input::Draw(n)) => {
                self.agenda.pop();
                self.draw_cards(seat, *n, ev);
            }
            (Step::RemoveOwnUnit { .. }, Input::Unit(c)) => {
                self.agenda.pop();
                let zone = self.battle.as_ref().expect("in a battle").zone;
                self.remove_unit(zone, seat, *c);
                self.players[owner(*c) as usize].removed.push(*c);
                ev.push(Event::UnitRemovedFromGame { card: *c, zone });
            }
            (Step::DestroyEnemyUnit { .. }, Input::Unit(c)) => {
                self.agenda.pop();
                let zone = self.battle.as_ref().expect("in a battle").zone;
                self.destroy_unit(zone, opp(seat), *c, ev);
            }
            (Step::ReturnCard { .. }, Input::Return(back)) => {
                self.agenda.pop();
                if *back {
                    let b = self.battle.as_mut().expect("in a battle");
                    let card = b.cards[s].take().expect("checked by poll");
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
                self.take_crystal(seat, *c, 0, true, ev);
            }
            _ => unreachable!("inputs are checked before they are performed"),
        }
    }

    fn perform_action(&mut self, rules: &Rules, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        match input {
            Input::Summon(cards) => {
                let cost = self.summon_cost(rules, cards);
                self.pay(rules, seat, cost, ev);
                self.players[seat as usize]
                    .hand
                    .retain(|c| !cards.contains(c));
                let zone = rules.board.homes[seat as usize];
                ev.push(Event::Summoned {
                    seat,
                    cards: cards.clone(),
                    zone,
                    cost,
                });
                self.place_units(seat, zone, cards);
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
                self.take_crystal(seat, *c, cost, false, ev);
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
                    attack: clamp_u8(attack),
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

    // ---- legal inputs ----------------------------------------------------------

    /// Every legal answer `seat` can give now. Cards of the same kind in the same
    /// place are interchangeable, so only one instance of each is offered.
    pub fn legal(&self, rules: &Rules, seat: Seat) -> Vec<Input> {
        let mut out = Vec::new();
        if self.winner.is_some() || !self.pending().seats.contains(&seat) {
            return out;
        }
        let s = seat as usize;
        let hand = &self.players[s].hand;
        match self.agenda.last().expect("a running match waits on a step") {
            Step::Mulligan { .. } => {
                for_each_subset(self, hand, hand.len(), |cards| {
                    out.push(Input::Mulligan(cards))
                });
            }
            Step::ChooseAction => {
                for_each_subset(self, hand, MAX_SUMMON, |cards| {
                    if !cards.is_empty()
                        && self.can_afford(rules, seat, self.summon_cost(rules, &cards))
                    {
                        out.push(Input::Summon(cards));
                    }
                });
                for z in 0..rules.board.zones.len() as ZoneId {
                    if !self.squad(z, seat).is_empty()
                        && self.can_afford(rules, seat, self.activation_cost(rules, z, seat))
                    {
                        out.push(Input::Activate(z));
                    }
                }
                if self.crystal_zones_controlled(rules, seat) >= 2 {
                    for &c in &self.market {
                        if self.can_afford(rules, seat, rules.pack.crystals[c as usize].cost) {
                            out.push(Input::Score(c));
                        }
                    }
                }
                if self.can_afford(rules, seat, REPLENISH_COST) {
                    out.push(Input::Replenish);
                }
                if self.controls(seat, rules.board.homes[opp(seat) as usize])
                    && self.can_afford(rules, seat, INVADE_COST)
                {
                    out.push(Input::Invade);
                }
            }
            Step::Reorder { zone, .. } => {
                for_each_order(self, self.squad(*zone, seat), |o| out.push(Input::Order(o)));
            }
            Step::DiscardDown { zone, .. } => {
                // Position matters (which unit ends up on top), so offer every unit.
                for &c in self.squad(*zone, seat) {
                    out.push(Input::Unit(c));
                }
            }
            Step::Move { zone, .. } => {
                out.push(Input::Stay);
                let squad = self.squad(*zone, seat);
                for_each_subset(self, squad, squad.len(), |cards| {
                    if !cards.is_empty() {
                        for to in rules.board.neighbours(*zone) {
                            out.push(Input::Move {
                                cards: cards.clone(),
                                to,
                            });
                        }
                    }
                });
            }
            Step::OfferBattle { .. } => {
                out.push(Input::Battle(true));
                out.push(Input::Battle(false));
            }
            Step::BattleCards => {
                for c in one_per_kind(self, hand) {
                    out.push(Input::BattleCard(c));
                }
            }
            Step::OrderEffects => {
                out.push(Input::First(self.active));
                out.push(Input::First(opp(self.active)));
            }
            Step::MayDraw { max, .. } => {
                for n in 0..=*max {
                    out.push(Input::Draw(n));
                }
            }
            Step::RemoveOwnUnit { .. } => {
                let zone = self.battle.as_ref().expect("in a battle").zone;
                for &c in self.squad(zone, seat) {
                    out.push(Input::Unit(c));
                }
            }
            Step::DestroyEnemyUnit { .. } => {
                let zone = self.battle.as_ref().expect("in a battle").zone;
                // Position matters here (top vs bottom), so offer every unit.
                for &c in self.squad(zone, opp(seat)) {
                    out.push(Input::Unit(c));
                }
            }
            Step::ReturnCard { .. } => {
                out.push(Input::Return(true));
                out.push(Input::Return(false));
            }
            Step::ReplenishDiscard { .. } => {
                out.push(Input::Done);
                for c in one_per_kind(self, hand) {
                    out.push(Input::Discard(c));
                }
            }
            Step::FreeScore { .. } => {
                for &c in &self.market {
                    out.push(Input::Score(c));
                }
            }
            _ => unreachable!("automatic steps never wait"),
        }
        out
    }
}

const DECK_SIZE_U8: u8 = super::pack::DECK_SIZE as u8;

fn clamp_u8(v: u32) -> u8 {
    v.min(u8::MAX as u32) as u8
}

fn distinct(cards: &[CardId]) -> Result<(), RuleError> {
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return illegal("a card is listed twice");
        }
    }
    Ok(())
}

/// Atoms that change the board before damage (their order between seats can matter).
fn is_active_before_damage(e: Effect) -> bool {
    matches!(
        e,
        Effect::Draw(_) | Effect::Destroy(_) | Effect::OpponentRemovesUnit | Effect::JoinSquad
    )
}

/// The first instance of each kind among `cards`, in order.
fn one_per_kind(state: &State, cards: &[CardId]) -> ArrayVec<CardId, TOTAL_CARDS> {
    let mut out = ArrayVec::<CardId, TOTAL_CARDS>::new();
    for &c in cards {
        if !out
            .iter()
            .any(|&o| state.kinds[o as usize] == state.kinds[c as usize])
        {
            out.push(c);
        }
    }
    out
}

/// Calls `f` with every sub-multiset of `cards` of size at most `max` (including the
/// empty one), one instance per kind choice.
fn for_each_subset(state: &State, cards: &[CardId], max: usize, mut f: impl FnMut(Cards)) {
    // Group by kind so identical cards are chosen as a count, not as instances.
    let mut groups: ArrayVec<ArrayVec<CardId, TOTAL_CARDS>, TOTAL_CARDS> = ArrayVec::new();
    for &c in cards {
        match groups
            .iter_mut()
            .find(|g| state.kinds[g[0] as usize] == state.kinds[c as usize])
        {
            Some(g) => g.push(c),
            None => {
                let mut g = ArrayVec::new();
                g.push(c);
                groups.push(g);
            }
        }
    }
    let max = max.min(MAX_SQUAD_LIMIT as usize);
    fn rec(
        groups: &[ArrayVec<CardId, TOTAL_CARDS>],
        max: usize,
        cur: &mut Cards,
        f: &mut impl FnMut(Cards),
    ) {
        let Some((g, rest)) = groups.split_first() else {
            f(cur.clone());
            return;
        };
        let before = cur.len();
        for take in 0..=g.len().min(max - before) {
            if take > 0 {
                cur.push(g[take - 1]);
            }
            rec(rest, max, cur, f);
        }
        cur.truncate(before);
    }
    rec(&groups, max, &mut Cards::new(), &mut f);
}

/// Calls `f` with every distinct order of `squad` (orders that differ only by
/// swapping identical cards count once).
fn for_each_order(state: &State, squad: &[CardId], mut f: impl FnMut(Cards)) {
    fn rec(state: &State, rest: &mut Cards, cur: &mut Cards, f: &mut impl FnMut(Cards)) {
        if rest.is_empty() {
            f(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let k = state.kinds[rest[i] as usize];
            if rest[..i].iter().any(|&c| state.kinds[c as usize] == k) {
                continue;
            }
            let c = rest.remove(i);
            cur.push(c);
            rec(state, rest, cur, f);
            cur.pop();
            rest.insert(i, c);
        }
    }
    let mut rest: Cards = squad.iter().copied().collect();
    rec(state, &mut rest, &mut Cards::new(), &mut f);
}

fn distinct_orders(state: &State, squad: &[CardId]) -> usize {
    let mut n = 0;
    for_each_order(state, squad, |_| n += 1);
    n
}

//! The agenda: what the match waits for, and the loop that runs it. `apply` checks an
//! answer to the step on top, performs it (which may push more steps), then `advance`
//! runs automatic steps until a step needs an answer again. Checking happens entirely
//! before any mutation, so a refused input leaves the state untouched.
//!
//! This file only dispatches: each step's check, perform and legal answers live with
//! the rule they belong to (`actions/`, `battle/`, `piles.rs`, `squads.rs`, ...).

use super::Rules;
use super::board::ZoneId;
use super::choice::{has_several_orders, pick_order, pick_run_top};
use super::event::Event;
use super::input::{Input, RuleError, illegal};
use super::state::*;
use arrayvec::ArrayVec;

/// Bumped whenever a rules change would make an old match replay differently.
pub const RULES_VERSION: u32 = 8;

/// The rules versions this engine plays as they were played: a match started under
/// one of them keeps its rules (`State::rules_version`) to its end and on every replay.
/// Version 5 added the turn limit (`turn.rs`); version 4 has none. Version 6 lets the
/// active player order simultaneous triggers (`order.rs`), offers Undying units to a
/// free summon from hand and makes Spy compulsory. Version 7 orders gain effects
/// too and asks only where the order can change something (`commute.rs`). Version 8
/// brings Time Anomaly's Twins back only when their squad was destroyed, not removed
/// from the game (`battle/mod.rs`), counts Command's +2 when invading
/// (`abilities.rs`), and fires Demoralize on moves only, not on a summon
/// (`triggers.rs`).
pub const PLAYABLE_RULES_VERSIONS: [u32; 5] = [4, 5, 6, 7, RULES_VERSION];

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
    Reorder {
        zone: ZoneId,
    },
    DiscardDown {
        zone: ZoneId,
        limit: u8,
    },
    Move {
        zone: ZoneId,
    },
    Battle {
        zone: ZoneId,
    },
    BattleOptions,
    BattleCard,
    OrderEffects,
    OrderScores,
    /// Simultaneous triggers wait: the active player picks the one to resolve first
    /// (each offered as `Input::Resolve`).
    OrderTriggers,
    MayDraw {
        max: u8,
    },
    RemoveOwnUnit,
    DestroyEnemyUnit,
    Flank,
    Retreat,
    ReturnBattleCard,
    ReplenishDiscard,
    FreeScore,
    FreeSummon,
    Recover {
        left: u8,
    },
    Inform,
    Spy,
    Demoralize {
        zone: ZoneId,
    },
    OpponentDiscard,
    GameOver {
        winner: Seat,
    },
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
            Question::OrderTriggers => "decide which of the simultaneous effects resolves first",
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
            Step::BattleOptions { seat } => wait_if(self.has_battle_options(rules, seat)),
            Step::BattleCards => {
                let b = self.battle_ref();
                let waiting = (0..2).any(|s| {
                    b.cards[s].is_none() && !b.from_deck[s] && !self.players[s].hand.is_empty()
                });
                wait_if(waiting && self.battle_squads_present())
            }
            Step::OrderEffects | Step::OrderScores => Poll::Wait,
            Step::OrderTriggers { n } => {
                wait_if(self.triggers_to_order(rules, n) >= 2 && self.order_can_matter(rules, n))
            }
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
            Step::FreeSummon { .. } => wait_if(self.has_free_summon(rules, step)),
            Step::Recover { seat, filter, .. } => wait_if(
                self.players[seat as usize]
                    .discard
                    .iter()
                    .any(|&c| self.matches(rules, c, filter)),
            ),
            Step::Inform { .. } => Poll::Wait,
            Step::Spy { seat } => wait_if(!self.players[opp(seat) as usize].hand.is_empty()),
            Step::Demoralize { seat, zone } => wait_if(self.can_demoralize(rules, seat, zone)),
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
            | Step::Tactical { .. }
            | Step::Gain { .. }
            | Step::RefillMarket
            | Step::EndAction => Poll::Run,
        }
    }

    fn battle_squad_poll(&self, squad_seat: Seat) -> Poll {
        match &self.battle {
            Some(b) if !self.squad(b.zone, squad_seat).is_empty() => Poll::Wait,
            _ => Poll::Skip,
        }
    }

    /// Runs automatic steps until one needs an answer (or the match is over).
    ///
    /// Before each step, a squad past its limit is cut down first. Only a squad that
    /// changed can have grown past its limit, and `squad_mut` marks the zones of those
    /// (`touched`), so only they are looked at. The exception is `look_everywhere`, for the
    /// answer to a discard-down question: two squads may have been oversized at once,
    /// and the one not being cut down was marked before the question waited.
    pub(super) fn advance(&mut self, rules: &Rules, look_everywhere: bool, ev: &mut Vec<Event>) {
        if look_everywhere {
            self.touched = self.every_zone();
        }
        loop {
            if self.winner.is_some() {
                self.agenda.clear();
                self.battle = None;
                self.touched = 0;
                return;
            }
            let touched = std::mem::take(&mut self.touched);
            let oversized = if touched == 0 {
                None
            } else {
                self.oversized(rules, touched)
            };
            // Builds with debug assertions (every test) check that no change went
            // unmarked.
            debug_assert_eq!(
                oversized,
                self.oversized(rules, self.every_zone()),
                "a squad changed without squad_mut"
            );
            if let Some((seat, zone)) = oversized {
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
            let Some(step) = self.agenda.last() else {
                self.agenda.push(Step::ChooseAction);
                return;
            };
            // Polled in place: only a step that runs is taken off (no clone per turn
            // of the loop).
            match self.poll(rules, step) {
                Poll::Wait => return,
                Poll::Skip => {
                    self.agenda.pop();
                }
                Poll::Run => {
                    let step = self.agenda.pop().expect("polled above");
                    self.run(rules, step, ev);
                }
            }
        }
    }

    fn run(&mut self, rules: &Rules, step: Step, ev: &mut Vec<Event>) {
        match step {
            Step::Mulligan { choices } => self.run_mulligan(rules, choices, ev),
            Step::PrepareBattleCards => self.prepare_battle_cards(rules, ev),
            Step::Reveal => self.reveal(rules, ev),
            Step::ResolveEffects {
                seat,
                after_damage,
                idx,
            } => self.resolve_effects(rules, seat, after_damage, idx, ev),
            Step::Damage => self.damage(rules, ev),
            Step::EndBattle => self.end_battle(rules, ev),
            Step::ReplenishDraw { seat } => self.run_replenish_draw(seat),
            Step::Entered { seat, zone, moved } => self.run_entered(rules, seat, zone, moved),
            Step::Arrived { seat, card } => self.run_arrived(rules, seat, card, ev),
            Step::Destroyed { seat, card, zone } => self.on_destroyed(rules, seat, card, zone, ev),
            Step::Tactical { seat } => self.run_tactical(rules, seat, ev),
            Step::Gain { seat, amount, draw } => self.run_gain(rules, seat, amount, draw, ev),
            Step::RefillMarket => self.refill_market(ev),
            Step::EndAction => self.end_action(rules, ev),
            _ => unreachable!("only automatic steps run"),
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
            Step::OrderTriggers { .. } => Question::OrderTriggers,
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
            seats: self.waiting().to_vec(),
            question,
        }
    }

    /// The seats the waiting step asks (both for secret simultaneous choices), as a
    /// bit mask: bit `s` is seat `s` (asked about several times per input, so no list).
    fn waiting_mask(&self, step: &Step) -> u8 {
        let seat_bit = |s: Seat| 1u8 << s;
        match *step {
            Step::Mulligan { ref choices } => {
                u8::from(choices[0].is_none()) | u8::from(choices[1].is_none()) << 1
            }
            Step::BattleCards => {
                let b = self.battle_ref();
                let asks = |s: usize| u8::from(b.cards[s].is_none() && !b.from_deck[s]);
                asks(0) | asks(1) << 1
            }
            Step::ChooseAction
            | Step::OrderEffects
            | Step::OrderScores
            | Step::OrderTriggers { .. } => seat_bit(self.active),
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
            | Step::OpponentDiscard { seat } => seat_bit(seat),
            _ => 0,
        }
    }

    /// The seats the match waits for now, in seat order (no allocation).
    pub fn waiting(&self) -> ArrayVec<Seat, 2> {
        let bits = self.waiting_bits();
        (0..2).filter(|&s| bits & (1 << s) != 0).collect()
    }

    /// `waiting` as bits (seat `s` is bit `s`), for the hottest loops (the random
    /// player): a list handed back through memory cost a stall per input, as its
    /// bytes were written one way and read back another.
    // Inlined where it is asked (the random player, before every input): the match
    // on the step costs less than the call around it did.
    #[inline]
    pub fn waiting_bits(&self) -> u8 {
        match (self.winner, self.agenda.last()) {
            (None, Some(step)) => self.waiting_mask(step),
            _ => 0,
        }
    }

    /// Whether the match waits for this seat now.
    pub fn waits_for(&self, seat: Seat) -> bool {
        seat < 2 && self.waiting_bits() & (1 << seat) != 0
    }

    /// Validates and applies one answer. On error nothing has changed.
    pub fn apply(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
    ) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        self.apply_into(rules, seat, input, &mut ev)?;
        Ok(ev)
    }

    /// `apply`, appending the events to `ev` (a buffer the caller reuses in hot
    /// loops: self-play, search). On error nothing has changed, `ev` included.
    pub fn apply_into(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
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
        let step = self.agenda.last().expect("checked by waits_for");
        self.check(rules, seat, step, input)?;
        self.perform_and_advance(rules, seat, input, ev);
        Ok(())
    }

    /// `apply_into` for an input that `legal` (or `pick_legal`) just offered `seat` in
    /// this very state, which `apply` is known to accept (the property tests hold
    /// `legal` to that): it skips the checks, which cost the random player and the
    /// AI's playouts about a tenth of every input. Builds with debug assertions (every
    /// test) still run them and panic on a refused input, so the fuzzers keep proving
    /// that legal inputs are accepted. Anything else goes through `apply_into`.
    // `#[inline]` here and on `legal_into`: the search calls both from another crate
    // for every step of every playout, and they are thin wrappers the compiler did
    // not inline across crates on its own.
    #[inline]
    pub fn apply_legal_into(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        if cfg!(debug_assertions) {
            let step = self
                .agenda
                .last()
                .expect("a legal input answers a waiting step");
            assert!(
                self.waits_for(seat),
                "seat {seat} was offered {input:?} but is not asked"
            );
            if let Err(e) = self.check(rules, seat, step, input) {
                panic!("legal input {input:?} refused: {e}");
            }
        }
        self.perform_and_advance(rules, seat, input, ev);
    }

    /// Performs a checked answer to the waiting step, then runs the agenda on.
    fn perform_and_advance(
        &mut self,
        rules: &Rules,
        seat: Seat,
        input: &Input,
        ev: &mut Vec<Event>,
    ) {
        let discarding = matches!(self.agenda.last(), Some(Step::DiscardDown { .. }));
        self.perform(rules, seat, input, ev);
        self.advance(rules, discarding, ev);
    }

    pub(in crate::game) fn wrong(&self, expected: &str) -> RuleError {
        RuleError::WrongQuestion(format!("you need to {expected}"))
    }

    /// Every check an input must pass, with no mutation.
    pub(in crate::game) fn check(
        &self,
        rules: &Rules,
        seat: Seat,
        step: &Step,
        input: &Input,
    ) -> Result<(), RuleError> {
        match *step {
            Step::Mulligan { .. } => self.check_mulligan(seat, input),
            Step::ChooseAction => self.check_action(rules, seat, input),
            Step::Reorder { zone, .. } => self.check_reorder(seat, zone, input),
            Step::DiscardDown { zone, .. } => self.check_discard_down(seat, zone, input),
            Step::Move { zone, .. } => self.check_move(rules, seat, zone, input),
            Step::OfferBattle { .. } => self.check_offer_battle(input),
            Step::BattleOptions { .. } => self.check_battle_option(rules, seat, input),
            Step::BattleCards => self.check_battle_card(seat, input),
            Step::OrderEffects => self.check_order_effects(input),
            Step::OrderScores => self.check_order_scores(input),
            Step::OrderTriggers { n } => self.check_order_triggers(rules, n, input),
            Step::MayDraw { max, .. } => self.check_may_draw(max, input),
            Step::RemoveOwnUnit { .. } => self.check_remove_own_unit(seat, input),
            Step::DestroyEnemyUnit { .. } => self.check_destroy_enemy_unit(seat, input),
            Step::Flank { .. } => self.check_flank(input),
            Step::Retreat { .. } => self.check_retreat(rules, seat, input),
            Step::ReturnCard { .. } => self.check_return_card(input),
            Step::ReplenishDiscard { .. } => self.check_replenish_discard(seat, input),
            Step::FreeScore { .. } => self.check_free_score(input),
            Step::FreeSummon { .. } => self.check_free_summon(rules, step, input),
            Step::Recover { filter, .. } => self.check_recover(rules, seat, filter, input),
            Step::Inform { .. } => self.check_inform(seat, input),
            Step::Spy { .. } => self.check_spy(seat, input),
            Step::Demoralize { zone, .. } => self.check_demoralize(rules, seat, zone, input),
            Step::OpponentDiscard { .. } => self.check_opponent_discard(seat, input),
            _ => unreachable!("automatic steps never wait"),
        }
    }

    /// Applies a checked input to the waiting step. The step is matched where it lies
    /// on the agenda and only the fields each answer needs are read: a copy of the
    /// whole step (36 bytes, in a few wide loads) read it back in other pieces than it
    /// had just been written in, and stalled at nearly every input until those writes
    /// were done.
    fn perform(&mut self, rules: &Rules, seat: Seat, input: &Input, ev: &mut Vec<Event>) {
        let step = self
            .agenda
            .last()
            .expect("a checked input answers a waiting step");
        match *step {
            Step::Mulligan { choices } => self.perform_mulligan(seat, choices, input),
            Step::ChooseAction => self.perform_action(rules, seat, input, ev),
            Step::Reorder { zone, .. } => self.perform_reorder(seat, zone, input, ev),
            Step::DiscardDown { zone, .. } => self.perform_discard_down(seat, zone, input, ev),
            Step::Move { zone, .. } => self.perform_move(seat, zone, input, ev),
            Step::OfferBattle { .. } => self.perform_offer_battle(seat, input, ev),
            Step::BattleOptions { .. } => self.perform_battle_option(rules, seat, input, ev),
            Step::BattleCards => self.perform_battle_card(seat, input, ev),
            Step::OrderEffects => self.perform_order_effects(input, ev),
            Step::OrderScores => self.perform_order_scores(input),
            Step::OrderTriggers { n } => self.perform_order_triggers(seat, n, input, ev),
            Step::MayDraw { .. } => self.perform_may_draw(seat, input, ev),
            Step::RemoveOwnUnit { .. } => self.perform_remove_own_unit(seat, input, ev),
            Step::DestroyEnemyUnit { .. } => {
                self.perform_destroy_enemy_unit(rules, seat, input, ev)
            }
            Step::Flank { .. } => self.perform_flank(seat, input, ev),
            Step::Retreat { .. } => self.perform_retreat(seat, input, ev),
            Step::ReturnCard { .. } => self.perform_return_card(seat, input, ev),
            Step::ReplenishDiscard { .. } => self.perform_replenish_discard(seat, input, ev),
            Step::FreeScore { .. } => self.perform_free_score(rules, seat, input, ev),
            Step::FreeSummon { .. } => self.perform_free_summon(rules, seat, input, ev),
            Step::Recover {
                left, filter, dest, ..
            } => self.perform_recover(seat, (left, filter, dest), input, ev),
            Step::Inform { .. } => self.perform_inform(seat, input, ev),
            Step::Spy { .. } => self.perform_spy(seat, input, ev),
            Step::Demoralize { zone, .. } => self.perform_demoralize(rules, seat, zone, input, ev),
            Step::OpponentDiscard { .. } => self.perform_opponent_discard(seat, input, ev),
            _ => unreachable!("inputs are checked before they are performed"),
        }
    }

    /// Every legal answer `seat` can give now: `apply` accepts each of them, and every
    /// answer `apply` accepts is the same choice (`State::same_choice`) as exactly one.
    /// They come in an order that is a pure function of the state (panels name a
    /// choice by its index).
    pub fn legal(&self, rules: &Rules, seat: Seat) -> Vec<Input> {
        let mut out = Vec::new();
        self.legal_into(rules, seat, &mut out);
        out
    }

    /// One legal answer picked by index without building the others where that is
    /// cheap: `pick` gets the number of legal answers and returns an index below it;
    /// the answer is `legal(rules, seat)[index]`, so a random player picks exactly as
    /// from the list. A squad's orders (up to 8! of a Horde squad), Inform's answers,
    /// a draw's counts, a discard down's units and, mostly, a squad's moves and the
    /// summons among the actions are counted and the one picked is built alone; other
    /// questions go through `legal_into(buf)`.
    ///
    /// The answer stays in `buf` (alone, when built alone), to be applied from there:
    /// an input handed back by value was copied through memory in pieces of other
    /// sizes than it had been written in, a stall per input of the random player.
    pub fn pick_legal<'b>(
        &self,
        rules: &Rules,
        seat: Seat,
        buf: &'b mut Vec<Input>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<&'b Input> {
        buf.clear();
        if !self.waits_for(seat) {
            return None;
        }
        self.pick_legal_asked(rules, seat, buf, pick)
    }

    /// `pick_legal` for a seat the caller has just read off `waiting_bits` of this
    /// very state (the random player): asking again which seats wait cost about 2%
    /// of a random game. Builds with debug assertions still check it.
    pub(crate) fn pick_legal_asked<'b>(
        &self,
        rules: &Rules,
        seat: Seat,
        buf: &'b mut Vec<Input>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<&'b Input> {
        debug_assert!(self.waits_for(seat), "seat {seat} is not asked");
        if !cfg!(debug_assertions) {
            return self.pick_at(rules, seat, buf, pick);
        }
        // Builds with debug assertions (every test) check the answer built alone
        // against the list.
        let mut asked = None;
        let picked = self.pick_at(rules, seat, buf, |n| {
            let k = pick(n);
            asked = Some((n, k));
            k
        });
        self.assert_picked(rules, seat, asked, picked);
        picked
    }

    /// Checks an answer built alone: `asked` is the number of answers the pick was
    /// told of and the index it returned (none if it was not asked).
    pub(in crate::game) fn assert_picked(
        &self,
        rules: &Rules,
        seat: Seat,
        asked: Option<(usize, usize)>,
        picked: Option<&Input>,
    ) {
        let legal = self.legal(rules, seat);
        match asked {
            Some((n, k)) => {
                assert_eq!(n, legal.len(), "pick_legal counted wrong");
                assert_eq!(picked, legal.get(k), "pick_legal's answer #{k}");
            }
            None => assert_eq!(picked, None, "pick_legal picked without asking"),
        }
    }

    fn pick_at<'b>(
        &self,
        rules: &Rules,
        seat: Seat,
        buf: &'b mut Vec<Input>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<&'b Input> {
        buf.clear();
        let step = self.agenda.last().expect("a running match waits on a step");
        let pick = match *step {
            Step::ChooseAction => {
                return self
                    .pick_action(rules, seat, buf, |summons, rest| pick(summons + rest.len()));
            }
            Step::Reorder { zone, .. } => {
                buf.push(Input::Order(pick_order(
                    self,
                    self.squad(zone, seat),
                    pick,
                )?));
                return buf.first();
            }
            Step::Inform { .. } => {
                buf.push(self.pick_inform(seat, pick)?);
                return buf.first();
            }
            Step::DiscardDown { zone, .. } => {
                buf.push(Input::Unit(pick_run_top(
                    self,
                    self.squad(zone, seat),
                    pick,
                )?));
                return buf.first();
            }
            Step::MayDraw { max, .. } => {
                // The answers are the counts from 0 to `max`, in order.
                let k = u8::try_from(pick(usize::from(max) + 1)).ok();
                buf.push(Input::Draw(k.filter(|&k| k <= max)?));
                return buf.first();
            }
            Step::Move { zone, .. } => match self.pick_move(rules, seat, zone, pick) {
                Ok(input) => {
                    buf.push(input?);
                    return buf.first();
                }
                Err(pick) => pick,
            },
            _ => pick,
        };
        self.legal_at(rules, seat, step, buf);
        if buf.is_empty() {
            return None;
        }
        buf.get(pick(buf.len()))
    }

    /// `legal` into a buffer the caller reuses (cleared first), so hot loops
    /// (self-play, search) allocate nothing per question once it has grown.
    #[inline]
    pub fn legal_into(&self, rules: &Rules, seat: Seat, out: &mut Vec<Input>) {
        out.clear();
        if !self.waits_for(seat) {
            return;
        }
        let step = self.agenda.last().expect("a running match waits on a step");
        self.legal_at(rules, seat, step, out);
    }

    /// The legal answers of `seat`, whom the waiting `step` asks, appended to `out`.
    fn legal_at(&self, rules: &Rules, seat: Seat, step: &Step, out: &mut Vec<Input>) {
        match *step {
            Step::Mulligan { .. } => self.legal_mulligans(seat, out),
            Step::ChooseAction => self.legal_actions(rules, seat, out),
            Step::Reorder { zone, .. } => self.legal_reorders(seat, zone, out),
            Step::DiscardDown { zone, .. } => self.legal_discard_downs(seat, zone, out),
            Step::Move { zone, .. } => self.legal_moves(rules, seat, zone, out),
            Step::OfferBattle { .. } => {
                out.push(Input::Battle(true));
                out.push(Input::Battle(false));
            }
            Step::BattleOptions { .. } => {
                out.push(Input::Done);
                out.extend(self.battle_options(rules, seat));
            }
            Step::BattleCards => self.legal_battle_cards(seat, out),
            Step::OrderEffects | Step::OrderScores => {
                out.push(Input::First(self.active));
                out.push(Input::First(opp(self.active)));
            }
            Step::OrderTriggers { n } => self.legal_order_triggers(rules, n, out),
            Step::MayDraw { max, .. } => out.extend((0..=max).map(Input::Draw)),
            Step::RemoveOwnUnit { .. } => self.legal_remove_own_unit(seat, out),
            Step::DestroyEnemyUnit { .. } => self.legal_destroy_enemy_unit(seat, out),
            Step::Flank { .. } => {
                out.push(Input::Accept(true));
                out.push(Input::Accept(false));
            }
            Step::Retreat { .. } => self.legal_retreats(rules, seat, out),
            Step::ReturnCard { .. } => {
                out.push(Input::Return(true));
                out.push(Input::Return(false));
            }
            Step::ReplenishDiscard { .. } => self.legal_replenish_discards(seat, out),
            Step::FreeScore { .. } => out.extend(self.market.iter().map(|&c| Input::Score(c))),
            Step::FreeSummon { .. } => self.legal_free_summons(rules, step, out),
            Step::Recover { filter, .. } => self.legal_recovers(rules, seat, filter, out),
            Step::Inform { .. } => self.legal_informs(seat, out),
            Step::Spy { .. } => self.legal_spies(seat, out),
            Step::Demoralize { zone, .. } => self.legal_demoralizes(rules, seat, zone, out),
            Step::OpponentDiscard { .. } => self.legal_opponent_discards(seat, out),
            _ => unreachable!("automatic steps never wait"),
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
            Some(Step::Inform { .. }) => self.inform_top(seat).to_vec(),
            Some(Step::Spy { .. } | Step::OpponentDiscard { .. }) => {
                self.players[1 - s].hand.to_vec()
            }
            _ => vec![],
        }
    }
}

/// Refuses an answer that names a card twice.
pub(in crate::game) fn distinct(cards: &[CardId]) -> Result<(), RuleError> {
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return illegal("a card is listed twice");
        }
    }
    Ok(())
}

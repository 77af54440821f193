//! The match state: plain data, serializable, cheap to clone.
//!
//! Card instances are `u8` ids: 0..27 are owned by seat 0, 27..54 by seat 1, so the
//! owner of any card is `id / 27` and never has to be stored. Piles are fixed-capacity
//! arrays, so cloning a state is a memcpy plus one small vector (the agenda).

use super::board::ZoneId;
use super::cardvec::CardVec;
use super::pack::{DECK_SIZE, KindId, MAX_CRYSTALS, MAX_SQUAD_LIMIT, Rank, Style, TypeId};
pub use super::squads::{SquadMut, ZoneSquads};
use arrayvec::ArrayVec;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// 0 = player one, 1 = player two.
pub type Seat = u8;
/// A card instance: `0..27` belong to seat 0, `27..54` to seat 1.
pub type CardId = u8;
/// A crystal: its index in the pack.
pub type CrystalId = u8;

pub const TOTAL_CARDS: usize = 2 * DECK_SIZE;
pub const CRYSTALS_TO_WIN: usize = 4;
pub const HAND_TARGET: usize = 5;
pub const REPLENISH_COST: u8 = 3;
pub const INVADE_COST: u8 = 3;
pub const MAX_SUMMON: usize = 3;
pub const SQUAD_LIMIT: usize = 3;

/// Room for a squad while units join it, before it is cut down to its limit: a
/// full Horde squad joined by another one.
pub const SQUAD_CAPACITY: usize = 2 * MAX_SQUAD_LIMIT as usize;
/// Any ordered or unordered group of cards in an input (a summon, a squad order).
pub type Cards = CardVec<SQUAD_CAPACITY>;
/// Hands, draw and discard piles. Ordered piles list their top card first.
pub type Pile = CardVec<TOTAL_CARDS>;
/// A squad, top unit first.
pub type Squad = CardVec<SQUAD_CAPACITY>;

pub const fn owner(card: CardId) -> Seat {
    (card as usize / DECK_SIZE) as Seat
}

pub fn opp(seat: Seat) -> Seat {
    1 - seat
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectedCrystal {
    pub crystal: CrystalId,
    pub face_down: bool,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Player {
    pub hand: Pile,
    /// Top card first.
    pub draw: Pile,
    pub discard: Pile,
    pub removed: Pile,
    pub crystals: ArrayVec<CollectedCrystal, MAX_CRYSTALS>,
}

/// How a match is set up: everything needed, with the inputs, to replay it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Clan of each seat, as an index into the pack's clans.
    pub clans: [u8; 2],
    pub seed: u64,
    /// Play with the optional initial mulligan.
    #[serde(default)]
    pub mulligan: bool,
}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub zone: ZoneId,
    /// The seat whose activated squad started the battle.
    pub attacker: Seat,
    /// The committed battle cards. Secret until `revealed`.
    pub cards: [Option<CardId>; 2],
    /// The card came from the top of the draw pile (the hand was empty).
    pub from_deck: [bool; 2],
    pub revealed: bool,
    /// Which effect of each seat's card triggered: true = left.
    pub left: [bool; 2],
    /// The card became a unit (`join_squad`) and is not discarded at the end.
    pub joined: [bool; 2],
    /// Units destroyed in this battle so far (both squads, healed ones included).
    pub destroyed: u8,
    /// Each seat's Predict guess of the opponent's battle style.
    pub predict: [Option<Style>; 2],
    /// Attack and defense gained before the cards (Sacrifice, crystals). Wider than
    /// a card's `u8` numbers: up to `MAX_CRYSTALS` crystals of `battle_attack(255)` add
    /// up here (the additions also saturate, so even a hand-made state cannot wrap).
    pub bonus_attack: [u16; 2],
    pub bonus_defense: [u16; 2],
    /// The seat's damage is dealt from the enemy's bottom unit upward (Flank, The Fox Tail).
    pub from_bottom: [bool; 2],
    /// The seat's battling squad was wiped out by destruction or removal.
    pub wiped: [bool; 2],
    /// A unit of the seat's battling squad was removed from the game in this battle
    /// (kept from rules version 8 on: such a squad was not entirely destroyed).
    #[serde(default)]
    pub removed: [bool; 2],
}

/// Where a summon may put its units besides the home zone, and what allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    /// The home zone (or the zone a free summon names).
    Home,
    /// Structures into the zone of a squad whose top unit has Build.
    Build,
    /// Reanimated units into the zone of a squad whose top unit has Raise the Dead.
    RaiseTheDead,
    /// One unit into the zone of a squad whose top unit has Shift.
    Shift,
    /// One unit into a controlled crystal zone, flipping The Astral Pyramid.
    Pyramid,
}

/// Which cards a `Recover` step may pick from the discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Filter {
    Any,
    Kind(KindId),
    Rank(Rank),
}

/// Where a `Recover` step puts the picked cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dest {
    Hand,
    DrawTop,
}

/// One item of work on the agenda. The agenda is a stack: the last step runs next.
/// Steps that need an answer wait on the agenda until a seat submits one; a match
/// can be saved and reloaded at any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
// A fixed layout: the kind in the first byte, each step's fields after it in the
// order written here, so the `seat` that most steps begin with sits at the same place
// in all of them. Arms of a match on the step that read only the seat become one
// (who the step asks has five places to jump to instead of one per kind, `perform`'s
// code is 14% smaller), and the jumps on a random game's steps mispredict less:
// random games ran about 1.02 times as fast. Nothing stored changes (serde names the
// fields). Keep `seat` the first field of a step that has one.
#[repr(C, u8)]
pub enum Step {
    /// Both seats may return cards from their opening hand (secret, simultaneous).
    Mulligan {
        choices: [Option<Cards>; 2],
    },
    /// The active player picks her next action.
    ChooseAction,
    /// The controller may reorder a squad (after an activation is paid, or units joined it).
    Reorder {
        seat: Seat,
        zone: ZoneId,
    },
    /// The controller discards units of her choice until the squad is within its limit.
    DiscardDown {
        seat: Seat,
        zone: ZoneId,
        /// The squad's limit (kept current while discarding).
        limit: u8,
    },
    /// The activated squad may move some or all of its units into one adjacent zone.
    Move {
        seat: Seat,
        zone: ZoneId,
    },
    /// The activated squad may battle an enemy squad in its zone.
    OfferBattle {
        seat: Seat,
    },
    /// Empty-handed seats play the top card of their draw pile.
    PrepareBattleCards,
    /// Both seats pick a battle card in secret.
    BattleCards,
    Reveal,
    /// The active player decides whose triggered effects resolve first.
    OrderEffects,
    /// Resolve the triggered effect atoms of one seat, from atom `idx` on.
    ResolveEffects {
        seat: Seat,
        after_damage: bool,
        idx: u8,
    },
    /// The seat may draw up to `max` cards.
    MayDraw {
        seat: Seat,
        max: u8,
    },
    /// The seat chooses one unit of her battling squad to remove from the game.
    RemoveOwnUnit {
        seat: Seat,
    },
    /// The seat chooses an enemy unit in the battle to destroy.
    DestroyEnemyUnit {
        seat: Seat,
    },
    Damage,
    /// The seat may take her battle card back into her hand.
    ReturnCard {
        seat: Seat,
    },
    EndBattle,
    /// As a battle starts, the seat may use Predict, Sacrifice and battle crystals.
    BattleOptions {
        seat: Seat,
    },
    /// The seat may deal its damage from the enemy's bottom unit upward.
    Flank {
        seat: Seat,
    },
    /// The seat's battling squad withdraws to an adjacent zone of her choice.
    Retreat {
        seat: Seat,
    },
    /// The seat may summon one unit at no cost: of `kind` or type `ty` when given,
    /// from hand (and the discard pile when `from_discard`), into `zone` when given.
    FreeSummon {
        seat: Seat,
        kind: Option<KindId>,
        ty: Option<TypeId>,
        from_discard: bool,
        zone: Option<ZoneId>,
    },
    /// The seat may pick up to `left` more cards matching `filter` from her discard pile.
    Recover {
        seat: Seat,
        left: u8,
        filter: Filter,
        dest: Dest,
    },
    /// Inform: keep one of the top 4 cards of the draw pile, order the rest.
    Inform {
        seat: Seat,
    },
    /// Spy: the seat may tuck a card of the opponent's hand onto her draw pile.
    Spy {
        seat: Seat,
    },
    /// Demoralize: the seat may pay to send an enemy unit in `zone` home.
    Demoralize {
        seat: Seat,
        zone: ZoneId,
    },
    /// The seat picks a card from the opponent's hand for her to discard.
    OpponentDiscard {
        seat: Seat,
    },
    /// Units of the seat entered `zone` (by moving when `moved`): enter triggers.
    Entered {
        seat: Seat,
        zone: ZoneId,
        moved: bool,
    },
    /// The seat summoned `card`: arrival triggers.
    Arrived {
        seat: Seat,
        card: CardId,
    },
    /// `card`, controlled by `seat`, was destroyed in `zone`: death triggers.
    Destroyed {
        seat: Seat,
        card: CardId,
        zone: ZoneId,
    },
    /// Both seats are owed a free score: the active player picks who scores first.
    OrderScores,
    /// The `n` steps below this one are triggers that fired together (rules version 6
    /// on): the active player picks the one that resolves first, then is asked again
    /// about the rest (`order.rs`).
    OrderTriggers {
        n: u8,
    },
    /// Tactical (rules version 6 on, a step of its own so that it can be ordered with
    /// the other start-of-battle effects): the seat's opponent discards her top card.
    Tactical {
        seat: Seat,
    },
    /// A gain effect (rules version 7 on, a step of its own so that it can be ordered
    /// with the others of its moment): the seat gains `amount` initiative, then may
    /// draw up to `draw` cards (a right Predict: 1 and 1; Bloodlust: its kills and 0).
    Gain {
        seat: Seat,
        amount: u8,
        draw: u8,
    },
    /// The replenishing seat discards cards one at a time, then says done.
    ReplenishDiscard {
        seat: Seat,
    },
    ReplenishDraw {
        seat: Seat,
    },
    /// The seat scores a face-up crystal for free (the opponent reshuffled).
    FreeScore {
        seat: Seat,
    },
    /// The gained crystal's effects are done: refill the face-up crystals to 3
    /// (rulebook "Score": "Then she replaces it with the top card of the crystal deck").
    RefillMarket,
    /// Free scores owed, win check and passing the turn.
    EndAction,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The engine's rules version when the match started (see `RULES_VERSION`).
    pub rules_version: u32,
    pub setup: Setup,
    pub rng: Pcg32,
    /// The card kind of each card instance (54 entries).
    pub kinds: ArrayVec<KindId, TOTAL_CARDS>,
    pub players: [Player; 2],
    /// Per zone, each seat's squad (top unit first); empty = no squad.
    pub squads: ZoneSquads,
    /// The initiative token: positive on seat 0's side, negative on seat 1's.
    pub token: i8,
    pub active: Seat,
    pub first_player: Option<Seat>,
    /// Face-up crystals.
    pub market: ArrayVec<CrystalId, 3>,
    /// Top first.
    pub crystal_deck: ArrayVec<CrystalId, MAX_CRYSTALS>,
    pub agenda: Vec<Step>,
    pub battle: Option<Battle>,
    /// The zone of the squad being activated (it follows the squad when it moves).
    pub activated: Option<ZoneId>,
    /// Free scores owed to each seat after the current action (opponent reshuffled).
    pub owed_scores: [u8; 2],
    pub winner: Option<Seat>,
    /// Turns started so far (the first player's first turn is 1).
    pub turn: u32,
    /// Actions completed so far.
    pub actions: u32,
    /// Crystals that left the game (The Broken Vessel).
    pub removed_crystals: ArrayVec<CrystalId, MAX_CRYSTALS>,
    /// Zones whose squads changed since `advance` last looked for an oversized one
    /// (`squad_mut` marks them), so that it looks only there. Empty whenever the
    /// match waits for an answer: nothing to store, and 0 in a state built by hand.
    #[serde(skip)]
    pub touched: u16,
}

/// A copy of an `ArrayVec` of plain values in one `memcpy`: its derived `Clone` copies
/// element by element, with a capacity check each.
fn copied<T: Copy, const N: usize>(v: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    out.try_extend_from_slice(v)
        .expect("a list fits a list of its own capacity");
    out
}

// `Clone` by hand for the `ArrayVec`s' sake (`copied`): the search clones a state for
// every answer it prices and every sample, and the derived clone was 7% of its time.
// The fields are listed without `..`, so a new field is a compile error here until it
// is copied too.
impl Clone for Player {
    fn clone(&self) -> Player {
        let Player {
            hand,
            draw,
            discard,
            removed,
            crystals,
        } = self;
        Player {
            hand: *hand,
            draw: *draw,
            discard: *discard,
            removed: *removed,
            crystals: copied(crystals),
        }
    }
}

impl Clone for State {
    fn clone(&self) -> State {
        let State {
            rules_version,
            setup,
            rng,
            kinds,
            players,
            squads,
            token,
            active,
            first_player,
            market,
            crystal_deck,
            agenda,
            battle,
            activated,
            owed_scores,
            winner,
            turn,
            actions,
            removed_crystals,
            touched,
        } = self;
        State {
            rules_version: *rules_version,
            setup: setup.clone(),
            rng: rng.clone(),
            kinds: copied(kinds),
            // One by one: the array's clone built the pair aside and moved it
            // through the stack a few times more (a copy of half a kilobyte each).
            players: [players[0].clone(), players[1].clone()],
            squads: *squads,
            token: *token,
            active: *active,
            first_player: *first_player,
            market: copied(market),
            crystal_deck: copied(crystal_deck),
            agenda: agenda.clone(),
            battle: battle.clone(),
            activated: *activated,
            owed_scores: *owed_scores,
            winner: *winner,
            turn: *turn,
            actions: *actions,
            removed_crystals: copied(removed_crystals),
            touched: *touched,
        }
    }

    /// Overwrites `self` in place: no state built aside and moved in (a copy of the
    /// whole state more), and the agenda keeps its allocation. The search prices
    /// answers on one scratch state this way.
    fn clone_from(&mut self, source: &State) {
        let State {
            rules_version,
            setup,
            rng,
            kinds,
            players,
            squads,
            token,
            active,
            first_player,
            market,
            crystal_deck,
            agenda,
            battle,
            activated,
            owed_scores,
            winner,
            turn,
            actions,
            removed_crystals,
            touched,
        } = source;
        fn copy_into<T: Copy, const N: usize>(to: &mut ArrayVec<T, N>, from: &ArrayVec<T, N>) {
            to.clear();
            to.try_extend_from_slice(from)
                .expect("a list fits a list of its own capacity");
        }
        // The crystal lists hold a few entries, often none: copied one by one, with no
        // `memcpy` call each (five calls of eight in a copy of a state).
        fn copy_short<T: Copy, const N: usize>(to: &mut ArrayVec<T, N>, from: &ArrayVec<T, N>) {
            to.clear();
            for &x in from {
                to.push(x);
            }
        }
        self.rules_version = *rules_version;
        self.setup.clone_from(setup);
        self.rng.clone_from(rng);
        copy_into(&mut self.kinds, kinds);
        for (to, from) in self.players.iter_mut().zip(players) {
            to.hand = from.hand;
            to.draw = from.draw;
            to.discard = from.discard;
            to.removed = from.removed;
            copy_short(&mut to.crystals, &from.crystals);
        }
        self.squads = *squads;
        self.token = *token;
        self.active = *active;
        self.first_player = *first_player;
        copy_short(&mut self.market, market);
        copy_short(&mut self.crystal_deck, crystal_deck);
        self.agenda.clone_from(agenda);
        self.battle.clone_from(battle);
        self.activated = *activated;
        self.owed_scores = *owed_scores;
        self.winner = *winner;
        self.turn = *turn;
        self.actions = *actions;
        copy_short(&mut self.removed_crystals, removed_crystals);
        self.touched = *touched;
    }
}

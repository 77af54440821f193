//! What a player (or a spectator) may know of a match.
//!
//! Everything that leaves the engine for a person or a bot (embeds, images, log
//! lines, AI inputs) is built from a `View`, never from the `State`: the opponent's
//! hand is a count, the draw piles are counts, and a committed but unrevealed battle
//! card is only "chosen".

use super::Rules;
use super::agenda::Pending;
use super::board::ZoneId;
use super::pack::{KindId, Style};
use super::state::{CardId, CollectedCrystal, CrystalId, Seat, State, Step, owner};
use serde::{Deserialize, Serialize};

/// A visible card: its instance and its kind (an index into the pack's cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    pub id: CardId,
    pub kind: KindId,
    pub owner: Seat,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub clan: u8,
    pub hand_count: u8,
    pub draw_count: u8,
    pub discard: Vec<CardView>,
    pub removed: Vec<CardView>,
    pub crystals: Vec<CollectedCrystal>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneView {
    pub zone: ZoneId,
    /// Each seat's squad here, top unit first (empty = none).
    pub squads: [Vec<CardView>; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleView {
    pub zone: ZoneId,
    pub attacker: Seat,
    /// Whether each seat has committed a battle card.
    pub chosen: [bool; 2],
    /// The card came from the top of the draw pile.
    pub from_deck: [bool; 2],
    pub revealed: bool,
    /// The cards, once revealed; before that only the viewer's own hand-picked card.
    pub cards: [Option<CardView>; 2],
    /// Which effect triggered (true = left), once revealed.
    pub left: Option<[bool; 2]>,
    /// A battle card joined its squad (`join_squad`).
    pub joined: [bool; 2],
    /// Units destroyed so far in this battle.
    pub destroyed: u8,
    /// Each seat's announced Predict guess.
    pub predict: [Option<Style>; 2],
    /// Bonuses gained as the battle started (Sacrifice, crystals).
    pub bonus_attack: [u16; 2],
    pub bonus_defense: [u16; 2],
    /// The seat deals damage from the bottom unit up (Flank, The Fox Tail).
    pub from_bottom: [bool; 2],
    /// The seat's battling squad was wiped out.
    pub wiped: [bool; 2],
    /// A unit of the seat's battling squad was removed from the game (public).
    #[serde(default)]
    pub removed: [bool; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is (`None` = a spectator).
    pub viewer: Option<Seat>,
    pub track_length: i8,
    /// Positive on seat 0's side, negative on seat 1's.
    pub token: i8,
    pub active: Seat,
    pub first_player: Option<Seat>,
    pub turn: u32,
    pub winner: Option<Seat>,
    pub pending: Pending,
    pub players: [PlayerView; 2],
    pub zones: Vec<ZoneView>,
    pub market: Vec<CrystalId>,
    pub crystal_deck_count: u8,
    pub battle: Option<BattleView>,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<Vec<CardView>>,
    /// Whether each seat has already sent its mulligan (during the mulligan).
    pub mulligan_done: Option<[bool; 2]>,
    /// Hidden cards the viewer may look at to answer her current question: the top
    /// of her draw pile (Inform) or the opponent's hand (Spy, The Bitter Blessing).
    pub peek: Vec<CardView>,
    /// Crystals that left the game.
    pub removed_crystals: Vec<CrystalId>,
    /// The engine's agenda, top last (see `Step`), with secrets redacted: what the
    /// match will ask after the current question. Bots rebuild positions from it.
    pub agenda: Vec<Step>,
    /// The zone of the squad being activated.
    pub activated: Option<ZoneId>,
    /// Free scores owed after the current action.
    pub owed_scores: [u8; 2],
    /// Actions completed so far.
    pub actions: u32,
    /// The match was set up with the initial mulligan.
    pub mulligan: bool,
    /// The rules the match plays by (`State::rules_version`), so that a bot's
    /// positions rebuilt from this view play by them too. Views stored before it
    /// was given are of the current rules.
    #[serde(default = "current_rules")]
    pub rules_version: u32,
}

fn current_rules() -> u32 {
    super::RULES_VERSION
}

impl State {
    fn card_view(&self, id: CardId) -> CardView {
        CardView {
            id,
            kind: self.kinds[id as usize],
            owner: owner(id),
        }
    }

    fn card_views(&self, cards: &[CardId]) -> Vec<CardView> {
        cards.iter().map(|&c| self.card_view(c)).collect()
    }

    /// The match as `viewer` may see it (`None` = a spectator).
    pub fn view(&self, rules: &Rules, viewer: Option<Seat>) -> View {
        let pending: Pending = self.pending();
        let players = [0, 1].map(|s: usize| {
            let p = &self.players[s];
            PlayerView {
                clan: self.setup.clans[s],
                hand_count: p.hand.len() as u8,
                draw_count: p.draw.len() as u8,
                discard: self.card_views(&p.discard),
                removed: self.card_views(&p.removed),
                crystals: p.crystals.to_vec(),
            }
        });
        let zones = (0..rules.board.zones.len())
            .map(|z| ZoneView {
                zone: z as ZoneId,
                squads: [0, 1].map(|s| self.card_views(&self.squads[z][s])),
            })
            .collect();
        let battle = self.battle.as_ref().map(|b| BattleView {
            zone: b.zone,
            attacker: b.attacker,
            chosen: [0, 1].map(|s| b.cards[s].is_some() || b.from_deck[s]),
            from_deck: b.from_deck,
            revealed: b.revealed,
            cards: [0, 1].map(|s| {
                let own_pick = viewer == Some(s as Seat) && !b.from_deck[s];
                if b.revealed || own_pick {
                    b.cards[s].map(|c| self.card_view(c))
                } else {
                    None
                }
            }),
            left: b.revealed.then_some(b.left),
            joined: b.joined,
            destroyed: b.destroyed,
            predict: b.predict,
            bonus_attack: b.bonus_attack,
            bonus_defense: b.bonus_defense,
            from_bottom: b.from_bottom,
            wiped: b.wiped,
            removed: b.removed,
        });
        // The agenda is public but for the other seat's secret mulligan choice,
        // which shows only as made (an empty list).
        let agenda = self
            .agenda
            .iter()
            .map(|step| match step {
                Step::Mulligan { choices } => Step::Mulligan {
                    choices: [0, 1].map(|s| {
                        if viewer == Some(s as Seat) {
                            choices[s]
                        } else {
                            choices[s].as_ref().map(|_| Default::default())
                        }
                    }),
                },
                other => *other,
            })
            .collect();
        let mulligan_done = match self.agenda.last() {
            Some(Step::Mulligan { choices }) => Some([0, 1].map(|s| choices[s].is_some())),
            _ => None,
        };
        View {
            viewer,
            track_length: rules.board.track_length,
            token: self.token,
            active: self.active,
            first_player: self.first_player,
            turn: self.turn,
            winner: self.winner,
            pending,
            players,
            zones,
            market: self.market.to_vec(),
            crystal_deck_count: self.crystal_deck.len() as u8,
            battle,
            hand: viewer.map(|s| self.card_views(&self.players[s as usize].hand)),
            mulligan_done,
            peek: viewer
                .map(|s| self.card_views(&self.peek(s)))
                .unwrap_or_default(),
            removed_crystals: self.removed_crystals.to_vec(),
            agenda,
            activated: self.activated,
            owed_scores: self.owed_scores,
            actions: self.actions,
            mulligan: self.setup.mulligan,
            rules_version: self.rules_version,
        }
    }
}

//! Event log lines in plain English ("Ana summoned Menders and Tridents to her home
//! zone (cost 6)"). Describe a redacted event (`Event::redact`) for anyone but the
//! seat it belongs to: the text only ever says what the event holds.

use super::Rules;
use super::event::Event;
use super::pack::KindId;
use super::state::CardId;

/// Names the match's players and cards for log lines.
pub struct Narrator<'a> {
    pub rules: &'a Rules,
    /// The card kind of each card instance (`State::kinds`; deck lists are public).
    pub kinds: &'a [KindId],
    pub names: [&'a str; 2],
}

impl Narrator<'_> {
    fn card(&self, c: CardId) -> &str {
        &self.rules.pack.cards[self.kinds[c as usize] as usize].name
    }

    fn cards(&self, cards: &[CardId]) -> String {
        let names: Vec<&str> = cards.iter().map(|&c| self.card(c)).collect();
        match names.as_slice() {
            [] => "nothing".into(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }

    fn zone(&self, z: u8) -> String {
        let zone = &self.rules.board.zones[z as usize];
        format!("{} ({})", zone.name, zone.id)
    }

    fn crystal(&self, c: u8) -> &str {
        &self.rules.pack.crystals[c as usize].name
    }

    fn plural(n: u8, what: &str) -> String {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    }

    pub fn describe(&self, e: &Event) -> String {
        let who = |s: u8| self.names[s as usize];
        match e {
            Event::MatchStarted { first } => format!("{} goes first.", who(*first)),
            Event::Mulliganed { seat, count, cards } => match cards {
                Some(c) => format!(
                    "{} shuffled {} back into the deck.",
                    who(*seat),
                    self.cards(c)
                ),
                None => format!(
                    "{} mulliganed {}.",
                    who(*seat),
                    Self::plural(*count, "card")
                ),
            },
            Event::Drew { seat, count, cards } => match cards {
                Some(c) => format!("{} drew {}.", who(*seat), self.cards(c)),
                None => format!("{} drew {}.", who(*seat), Self::plural(*count, "card")),
            },
            Event::Reshuffled { seat, cards } => format!(
                "{}'s draw pile ran out: the discard pile was shuffled into a new draw pile of {}.",
                who(*seat),
                Self::plural(*cards, "card")
            ),
            Event::TurnStarted { seat, turn } => format!("Turn {turn}: {} to act.", who(*seat)),
            Event::Paid { seat, amount, .. } => format!("{} paid {amount} initiative.", who(*seat)),
            Event::Summoned {
                seat,
                cards,
                zone,
                cost,
            } => format!(
                "{} summoned {} to {} (cost {cost}).",
                who(*seat),
                self.cards(cards),
                self.zone(*zone)
            ),
            Event::Activated { seat, zone, cost } => {
                format!(
                    "{} activated the squad in {} (cost {cost}).",
                    who(*seat),
                    self.zone(*zone)
                )
            }
            Event::Reordered { seat, zone, order } => format!(
                "{} ordered the squad in {}: {} (top first).",
                who(*seat),
                self.zone(*zone),
                self.cards(order)
            ),
            Event::Moved {
                seat,
                cards,
                from,
                to,
            } => format!(
                "{} moved {} from {} to {}.",
                who(*seat),
                self.cards(cards),
                self.zone(*from),
                self.zone(*to)
            ),
            Event::UnitDiscarded { seat, card, zone } => format!(
                "{} discarded {} from the squad in {}.",
                who(*seat),
                self.card(*card),
                self.zone(*zone)
            ),
            Event::BattleStarted { attacker, zone } => {
                format!(
                    "{} started a battle in {}.",
                    who(*attacker),
                    self.zone(*zone)
                )
            }
            Event::BattleCardChosen {
                seat,
                from_deck,
                card,
            } => match (from_deck, card) {
                (true, _) => format!(
                    "{} has no cards in hand and plays the top card of the draw pile.",
                    who(*seat)
                ),
                (false, Some(c)) => {
                    format!("{} chose {} as battle card.", who(*seat), self.card(*c))
                }
                (false, None) => format!("{} chose a battle card.", who(*seat)),
            },
            Event::BattleCardsRevealed { cards, left } => {
                let side = |s: usize| match cards[s] {
                    Some(c) => format!(
                        "{} played {} ({}, {} effect)",
                        who(s as u8),
                        self.card(c),
                        self.rules.pack.cards[self.kinds[c as usize] as usize]
                            .style
                            .name(),
                        if left[s] { "left" } else { "right" }
                    ),
                    None => format!("{} had no card to play", who(s as u8)),
                };
                format!("Reveal: {}; {}.", side(0), side(1))
            }
            Event::EffectsOrdered { first } => {
                format!("{}'s battle effects resolve first.", who(*first))
            }
            Event::UnitDestroyed { card, zone } => {
                format!(
                    "{} was destroyed in {}.",
                    self.card(*card),
                    self.zone(*zone)
                )
            }
            Event::UnitRemovedFromGame { card, .. } => {
                format!("{} was removed from the game.", self.card(*card))
            }
            Event::CardJoinedSquad { seat, card, zone } => format!(
                "{}'s {} joined the squad in {}.",
                who(*seat),
                self.card(*card),
                self.zone(*zone)
            ),
            Event::DamageDealt {
                attack,
                defense,
                damage,
            } => {
                let side = |s: usize| {
                    let blocked = defense[1 - s].min(attack[s]);
                    if blocked > 0 {
                        format!(
                            "{}'s squad attacks for {}, {} absorbed by defense, {} damage dealt",
                            who(s as u8),
                            attack[s],
                            blocked,
                            damage[s]
                        )
                    } else {
                        format!("{}'s squad deals {} damage", who(s as u8), damage[s])
                    }
                };
                format!("Damage: {}; {}.", side(0), side(1))
            }
            Event::NoDamage => "A squad left the battle before damage: no damage is dealt.".into(),
            Event::BattleCardReturned { seat, card } => {
                format!("{} took {} back into hand.", who(*seat), self.card(*card))
            }
            Event::BattleCardDiscarded { seat, card } => {
                format!(
                    "{}'s battle card {} was discarded.",
                    who(*seat),
                    self.card(*card)
                )
            }
            Event::BattleEnded { zone } => format!("The battle in {} is over.", self.zone(*zone)),
            Event::Replenished { seat } => format!("{} replenished.", who(*seat)),
            Event::CardDiscarded { seat, card } => {
                format!("{} discarded {}.", who(*seat), self.card(*card))
            }
            Event::Invaded { seat, attack } => format!(
                "{} invaded with attack {attack}: the opponent discards that many cards from the draw pile.",
                who(*seat)
            ),
            Event::Milled { seat, card } => {
                format!(
                    "{} discarded {} from the top of the draw pile.",
                    who(*seat),
                    self.card(*card)
                )
            }
            Event::Scored {
                seat,
                crystal,
                cost,
                free,
            } => {
                if *free {
                    format!("{} scored {} for free.", who(*seat), self.crystal(*crystal))
                } else {
                    format!(
                        "{} scored {} (cost {cost}).",
                        who(*seat),
                        self.crystal(*crystal)
                    )
                }
            }
            Event::CrystalRevealed { crystal } => format!("{} is face up.", self.crystal(*crystal)),
            Event::TurnPassed { to } => format!("The initiative passes to {}.", who(*to)),
            Event::Won { seat } => format!("{} wins the match!", who(*seat)),
            Event::InitiativeGained { seat, amount, .. } => {
                format!("{} gained {amount} initiative.", who(*seat))
            }
            Event::Predicted { seat, style } => {
                format!("{} predicts a {} battle card.", who(*seat), style.name())
            }
            Event::PredictionRight { seat } => format!("{}'s prediction was right.", who(*seat)),
            Event::Sacrificed { seat, card, stat } => format!(
                "{} sacrificed {} for +6 {}.",
                who(*seat),
                self.card(*card),
                match stat {
                    super::pack::Stat::Attack => "attack",
                    super::pack::Stat::Defense => "defense",
                }
            ),
            Event::CrystalUsed { seat, crystal } => {
                format!(
                    "{} used {} (now face down).",
                    who(*seat),
                    self.crystal(*crystal)
                )
            }
            Event::CrystalLeftGame { seat, crystal } => {
                format!(
                    "{} gave up {}; it leaves the game.",
                    who(*seat),
                    self.crystal(*crystal)
                )
            }
            Event::FlankUsed { seat } => {
                format!("{} flanks: damage starts at the bottom unit.", who(*seat))
            }
            Event::Healed { card, zone } => format!(
                "{} was healed and set down in {}.",
                self.card(*card),
                self.zone(*zone)
            ),
            Event::Placed {
                seat,
                cards,
                from,
                to,
            } => format!(
                "{}'s {} went from {} to {}.",
                who(*seat),
                self.cards(cards),
                self.zone(*from),
                self.zone(*to)
            ),
            Event::ReturnedToHand { seat, card } => {
                format!("{} returned {} to hand.", who(*seat), self.card(*card))
            }
            Event::Looked { seat, count, cards } => match cards {
                Some(c) => format!("{} looked at {}.", who(*seat), self.cards(c)),
                None => format!(
                    "{} looked at {}.",
                    who(*seat),
                    Self::plural(*count, "hidden card")
                ),
            },
            Event::Kept { seat, card } => match card {
                Some(c) => format!("{} kept {}.", who(*seat), self.card(*c)),
                None => format!("{} kept a card.", who(*seat)),
            },
            Event::Tucked { seat, top, card } => format!(
                "{} put {} from the opponent's hand on the {} of her draw pile.",
                who(*seat),
                card.map_or("a card", |c| self.card(c)),
                if *top { "top" } else { "bottom" }
            ),
            Event::Recovered {
                seat,
                card,
                to_hand,
            } => format!(
                "{} took {} from the discard pile {}.",
                who(*seat),
                self.card(*card),
                if *to_hand {
                    "into hand"
                } else {
                    "onto the draw pile"
                }
            ),
            Event::HandCardDiscarded { seat, card } => {
                format!(
                    "{} had to discard {} from hand.",
                    who(*seat),
                    self.card(*card)
                )
            }
            Event::Demoralized { seat, card, cost } => format!(
                "{} paid {cost} to send {} back to its home zone.",
                who(*seat),
                self.card(*card)
            ),
        }
    }
}

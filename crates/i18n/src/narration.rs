//! The match log in words: each engine event as one line in the reader's language
//! ("Ana summoned Menders and Tridents to Ana's home (H1) (cost 6)."), through
//! `log.ftl`. Describe a redacted event (`Event::redact`) for anyone but the seat it
//! belongs to: a line only ever says what its event holds, so hidden cards stay hidden.

use super::Lang;
use super::messages::log as t;
use super::names;
use crate::game::Rules;
use crate::game::event::{Event, TieBreak};
use crate::game::pack::{KindId, Stat, Style};
use crate::game::state::{CardId, Seat};

/// Names the match's players, cards, crystals and zones for log lines in `lang`.
pub struct Narrator<'a> {
    pub rules: &'a Rules,
    /// The card kind of each card instance (`State::kinds`; deck lists are public).
    pub kinds: &'a [KindId],
    pub names: [&'a str; 2],
    pub lang: Lang,
}

/// Fluent selector values (see `messages::log`).
fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn style(s: Style) -> &'static str {
    match s {
        Style::Bold => "bold",
        Style::Guarded => "guarded",
        Style::Tricky => "tricky",
    }
}

impl Narrator<'_> {
    fn who(&self, s: Seat) -> &str {
        self.names[s as usize]
    }

    fn card(&self, c: CardId) -> &str {
        let def = &self.rules.pack.cards[self.kinds[c as usize] as usize];
        names::card(self.lang, def)
    }

    /// "A", "A and B", "A, B and C" in the reader's language.
    fn cards(&self, cards: &[CardId]) -> String {
        match cards {
            [] => t::log_nothing(self.lang),
            [one] => self.card(*one).to_string(),
            [init @ .., last] => {
                let init: Vec<&str> = init.iter().map(|&c| self.card(c)).collect();
                t::log_list(self.lang, init.join(", "), self.card(*last))
            }
        }
    }

    /// A zone by its one name ([`names::zone`]), its home by its owner's name.
    fn zone(&self, z: u8) -> String {
        names::zone(self.lang, &self.rules.board, z, Some(self.names))
    }

    fn crystal(&self, c: u8) -> &str {
        names::crystal(self.lang, &self.rules.pack.crystals[c as usize])
    }

    /// The lines of a public log, in order: each event's line, except that a payment is
    /// left out when the next event is the summon or activation it paid for (whose line
    /// names the cost), and a squad's new order joins the line just before it when that
    /// line named the same player's squad in that zone (the zone is not said twice).
    pub fn lines(&self, events: &[Event]) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(events.len());
        for (i, e) in events.iter().enumerate() {
            if let (Event::Paid { seat, amount, .. }, Some(next)) = (e, events.get(i + 1))
                && let Event::Summoned { seat: s, cost, .. }
                | Event::Activated { seat: s, cost, .. } = next
                && (seat, amount) == (s, cost)
            {
                continue;
            }
            if let Event::Reordered { seat, zone, order } = e
                && i > 0
                && arrives(&events[i - 1]) == Some((*seat, *zone))
                && let Some(line) = out.pop()
            {
                out.push(t::log_then_ordered(self.lang, line, self.cards(order)));
                continue;
            }
            out.push(self.describe(e));
        }
        out
    }

    /// One event's line.
    pub fn describe(&self, e: &Event) -> String {
        let l = self.lang;
        let who = |s: Seat| self.who(s);
        match e {
            Event::MatchStarted { first } => t::log_match_started(l, who(*first)),
            Event::Mulliganed { seat, count, cards } => match cards {
                Some(c) => t::log_mulliganed_cards(l, who(*seat), self.cards(c)),
                None => t::log_mulliganed(l, who(*seat), *count),
            },
            Event::Drew { seat, count, cards } => match cards {
                Some(c) => t::log_drew_cards(l, who(*seat), self.cards(c)),
                None => t::log_drew(l, who(*seat), *count),
            },
            Event::Reshuffled { seat, cards } => t::log_reshuffled(l, who(*seat), *cards),
            Event::TurnStarted { seat, turn } => t::log_turn_started(l, who(*seat), *turn),
            Event::Paid { seat, amount, .. } => t::log_paid(l, who(*seat), *amount),
            Event::Summoned {
                seat,
                cards,
                zone,
                cost,
            } => t::log_summoned(l, who(*seat), self.cards(cards), self.zone(*zone), *cost),
            Event::Activated { seat, zone, cost } => {
                t::log_activated(l, who(*seat), self.zone(*zone), *cost)
            }
            Event::Reordered { seat, zone, order } => {
                t::log_reordered(l, who(*seat), self.zone(*zone), self.cards(order))
            }
            Event::Moved {
                seat,
                cards,
                from,
                to,
            } => t::log_moved(
                l,
                who(*seat),
                self.cards(cards),
                self.zone(*from),
                self.zone(*to),
            ),
            Event::Stayed { seat, zone } => t::log_stayed(l, who(*seat), self.zone(*zone)),
            Event::UnitDiscarded { seat, card, zone } => {
                t::log_unit_discarded(l, who(*seat), self.card(*card), self.zone(*zone))
            }
            Event::BattleStarted { attacker, zone } => {
                t::log_battle_started(l, who(*attacker), self.zone(*zone))
            }
            Event::BattleCardChosen {
                seat,
                from_deck,
                card,
            } => match (from_deck, card) {
                (true, _) => t::log_battle_card_from_deck(l, who(*seat)),
                (false, Some(c)) => t::log_battle_card_chosen(l, who(*seat), self.card(*c)),
                (false, None) => t::log_battle_card_secret(l, who(*seat)),
            },
            Event::BattleCardsRevealed { cards, left } => {
                let side = |s: usize| match cards[s] {
                    Some(c) => t::log_reveal_played(
                        l,
                        who(s as Seat),
                        self.card(c),
                        style(self.rules.pack.cards[self.kinds[c as usize] as usize].style),
                        if left[s] { "left" } else { "right" },
                    ),
                    None => t::log_reveal_nothing(l, who(s as Seat)),
                };
                t::log_revealed(l, side(0), side(1))
            }
            Event::EffectsOrdered { first } => t::log_effects_ordered(l, who(*first)),
            Event::TriggerFirst { seat, trigger } => t::log_trigger_first(
                l,
                who(*seat),
                crate::questions::trigger(l, self.rules, self.kinds, self.names, trigger),
            ),
            Event::UnitDestroyed { card, zone } => {
                t::log_unit_destroyed(l, self.card(*card), self.zone(*zone))
            }
            Event::UnitRemovedFromGame { card, .. } => t::log_unit_removed(l, self.card(*card)),
            Event::CardJoinedSquad { seat, card, zone } => {
                t::log_joined_squad(l, who(*seat), self.card(*card), self.zone(*zone))
            }
            Event::DamageDealt {
                attack,
                defense,
                damage,
            } => {
                let side = |s: usize| {
                    let blocked = defense[1 - s].min(attack[s]);
                    if blocked > 0 {
                        t::log_damage_blocked(l, who(s as Seat), attack[s], blocked, damage[s])
                    } else {
                        t::log_damage_dealt(l, who(s as Seat), damage[s])
                    }
                };
                t::log_damage(l, side(0), side(1))
            }
            Event::NoDamage => t::log_no_damage(l),
            Event::BattleCardReturned { seat, card } => {
                t::log_battle_card_returned(l, who(*seat), self.card(*card))
            }
            Event::BattleCardDiscarded { seat, card } => {
                t::log_battle_card_discarded(l, who(*seat), self.card(*card))
            }
            Event::BattleEnded { zone } => t::log_battle_ended(l, self.zone(*zone)),
            Event::Replenished { seat } => t::log_replenished(l, who(*seat)),
            Event::CardDiscarded { seat, card } => {
                t::log_card_discarded(l, who(*seat), self.card(*card))
            }
            Event::Invaded { seat, attack } => t::log_invaded(l, who(*seat), *attack),
            Event::Milled { seat, card } => t::log_milled(l, who(*seat), self.card(*card)),
            Event::Scored {
                seat,
                crystal,
                cost,
                free,
            } => {
                if *free {
                    t::log_scored_free(l, who(*seat), self.crystal(*crystal))
                } else {
                    t::log_scored(l, who(*seat), self.crystal(*crystal), *cost)
                }
            }
            Event::CrystalRevealed { crystal } => {
                t::log_crystal_revealed(l, self.crystal(*crystal))
            }
            Event::TurnPassed { to } => t::log_turn_passed(l, who(*to)),
            Event::Won { seat } => t::log_won(l, who(*seat)),
            Event::TurnLimit {
                turn,
                winner,
                crystals,
                zones,
                by,
            } => {
                // A seat is 0 or 1; anything else (a damaged event) reads as 1.
                let (w, o) = (usize::from(*winner != 0), usize::from(*winner == 0));
                let (by, decided) = match by {
                    TieBreak::Crystals => ("crystals", crystals),
                    TieBreak::Zones => ("zones", zones),
                    TieBreak::SecondPlayer => ("second", zones),
                };
                t::log_turn_limit(
                    l,
                    *turn,
                    by,
                    who(*winner),
                    crystals[w],
                    decided[w],
                    decided[o],
                )
            }
            Event::InitiativeGained { seat, amount, .. } => {
                t::log_initiative_gained(l, who(*seat), *amount)
            }
            Event::Predicted { seat, style: s } => t::log_predicted(l, who(*seat), style(*s)),
            Event::PredictionRight { seat } => t::log_prediction_right(l, who(*seat)),
            Event::Sacrificed { seat, card, stat } => t::log_sacrificed(
                l,
                who(*seat),
                self.card(*card),
                match stat {
                    Stat::Attack => "attack",
                    Stat::Defense => "defense",
                },
            ),
            Event::CrystalUsed { seat, crystal } => {
                t::log_crystal_used(l, who(*seat), self.crystal(*crystal))
            }
            Event::CrystalLeftGame { seat, crystal } => {
                t::log_crystal_left_game(l, who(*seat), self.crystal(*crystal))
            }
            Event::FlankUsed { seat } => t::log_flanked(l, who(*seat)),
            Event::Healed { card, zone } => t::log_healed(l, self.card(*card), self.zone(*zone)),
            Event::Placed {
                seat,
                cards,
                from,
                to,
            } => t::log_placed(
                l,
                who(*seat),
                self.cards(cards),
                self.zone(*from),
                self.zone(*to),
            ),
            Event::ReturnedToHand { seat, card } => {
                t::log_returned_to_hand(l, who(*seat), self.card(*card))
            }
            Event::Looked { seat, count, cards } => match cards {
                Some(c) => t::log_looked_cards(l, who(*seat), self.cards(c)),
                None => t::log_looked(l, who(*seat), *count),
            },
            Event::Kept { seat, card } => match card {
                Some(c) => t::log_kept_card(l, who(*seat), self.card(*c)),
                None => t::log_kept(l, who(*seat)),
            },
            Event::Tucked { seat, top, card } => match card {
                Some(c) => t::log_tucked_card(l, who(*seat), self.card(*c), yes(*top)),
                None => t::log_tucked(l, who(*seat), yes(*top)),
            },
            Event::Recovered {
                seat,
                card,
                to_hand,
            } => t::log_recovered(l, who(*seat), self.card(*card), yes(*to_hand)),
            Event::HandCardDiscarded { seat, card } => {
                t::log_hand_card_discarded(l, who(*seat), self.card(*card))
            }
            Event::Demoralized { seat, card, cost } => {
                t::log_demoralized(l, who(*seat), self.card(*card), *cost)
            }
        }
    }
}

/// The seat and zone whose squad an event's line just named (activated, put there, cut
/// down): a reorder of that squad right after it needs neither said again.
fn arrives(e: &Event) -> Option<(Seat, u8)> {
    match *e {
        Event::Activated { seat, zone, .. } | Event::Summoned { seat, zone, .. } => {
            Some((seat, zone))
        }
        Event::Moved { seat, to, .. } => Some((seat, to)),
        Event::UnitDiscarded { seat, zone, .. } => Some((seat, zone)),
        _ => None,
    }
}

//! The alt text of each image: what the picture shows, in words a screen reader speaks
//! (and Discord shows behind an image's ALT badge), from the same inputs the picture is
//! drawn from, so the two cannot tell different stories. Every word comes from
//! `alt.ftl`; Discord allows 1,024 characters, so each text is cut at a unit (a zone,
//! a row) rather than mid-word.

use super::Table;
use super::analysis::{Chart, percent};
use super::standings::Standings;
use super::words;
use crate::game::pack::KindId;
use crate::game::view::{CardView, View};
use crate::game::{Event, Question};
use crate::i18n::messages::alt as m;
use crate::i18n::{Lang, names, questions};

/// Discord's limit on an attachment's description.
pub const MAX: usize = 1024;

/// `parts` joined by spaces, as many whole parts as fit in [`MAX`] with `more(n)` said
/// for the `n` left out; the first part is always kept (cut if it alone is too long).
fn fitted(parts: &[String], more: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        let left = parts.len() - i - 1;
        let tail = if left > 0 { more(left) } else { String::new() };
        let candidate = if out.is_empty() {
            p.clone()
        } else {
            format!("{out} {p}")
        };
        let room = if left > 0 {
            MAX - tail.chars().count() - 1
        } else {
            MAX
        };
        if candidate.chars().count() > room {
            if out.is_empty() {
                return candidate.chars().take(MAX - 1).collect::<String>() + "…";
            }
            let cut = more(parts.len() - i);
            return format!("{out} {cut}");
        }
        out = candidate;
    }
    out
}

/// The initiative in the words every surface uses: who holds it and how much (the
/// token's distance from the middle, on that player's side), or nobody.
pub fn initiative(lang: Lang, names: [&str; 2], token: i8) -> String {
    match token {
        0 => m::initiative_nobody(lang),
        t => {
            let holder = if t > 0 { 0 } else { 1 };
            m::initiative_holder(lang, names[holder], u32::from(t.unsigned_abs()))
        }
    }
}

/// [`initiative`] as said to the player in `seat` ("you have 4 initiative", "Max has 2
/// initiative").
pub fn initiative_of(lang: Lang, names: [&str; 2], token: i8, seat: u8) -> String {
    let holds = match token {
        0 => None,
        t if t > 0 => Some(0),
        _ => Some(1),
    };
    if holds == Some(seat & 1) {
        m::initiative_yours(lang, u32::from(token.unsigned_abs()))
    } else {
        initiative(lang, names, token)
    }
}

/// [`initiative_of`] starting a sentence.
pub fn initiative_to(lang: Lang, names: [&str; 2], token: i8, seat: u8) -> String {
    capital(&initiative_of(lang, names, token, seat))
}

/// A squad's units, top first (as the engine keeps them).
fn units(t: &Table, squad: &[CardView]) -> String {
    squad
        .iter()
        .map(|c| names::card(t.lang, &t.rules.pack.cards[c.kind as usize]).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each zone with its squads, top unit first, in board order ("field B4: Ana's
/// Ancestral Warriors, Risen Thralls."): the position in words, for the alt text and
/// for a board post's embed.
pub fn zones(t: &Table, view: &View) -> Vec<String> {
    view.zones
        .iter()
        .map(|z| {
            let zone = words::zone_label(t, z.zone);
            let squads: Vec<String> = (0..2)
                .filter(|&s| !z.squads[s].is_empty())
                .map(|s| m::alt_squad(t.lang, t.names[s], units(t, &z.squads[s])))
                .collect();
            match squads.as_slice() {
                [] => m::alt_zone_empty(t.lang, zone),
                [one] => m::alt_zone(t.lang, zone, one.as_str()),
                [a, b] => m::alt_zone(
                    t.lang,
                    zone,
                    m::alt_squads_both(t.lang, a.as_str(), b.as_str()),
                ),
                _ => unreachable!("a zone holds at most two squads"),
            }
        })
        .collect()
}

/// The board: whose move, the initiative, each player's crystals, the market, then
/// each occupied zone's squads (empty zones are left out: the board is mostly empty
/// fields, and a reader wants the armies).
pub fn board(t: &Table, view: &View) -> String {
    let lang = t.lang;
    let [first, second] = t.names;
    let mut parts = Vec::new();
    parts.push(match (&view.pending.question, view.turn) {
        (Question::GameOver { winner }, _) => {
            m::alt_board_over(lang, first, second, t.names[*winner as usize & 1])
        }
        (_, 0) => m::alt_board_setting_up(lang, first, second),
        (_, turn) => m::alt_board(lang, first, second, turn),
    });
    if !matches!(view.pending.question, Question::GameOver { .. }) {
        if let Some((who, count, question)) = questions::who_must(lang, t.names, &view.pending) {
            parts.push(m::alt_waiting(lang, who, count, question));
        }
        parts.push(format!(
            "{}.",
            capital(&initiative(lang, t.names, view.token))
        ));
    }
    for (s, p) in view.players.iter().enumerate() {
        parts.push(m::alt_crystals(
            lang,
            t.names[s],
            p.crystals.len(),
            crate::game::state::CRYSTALS_TO_WIN,
        ));
    }
    if !view.market.is_empty() {
        let crystals: Vec<String> = view
            .market
            .iter()
            .map(|&c| {
                let def = &t.rules.pack.crystals[c as usize];
                format!("{} ({})", names::crystal(lang, def), def.cost)
            })
            .collect();
        parts.push(m::alt_for_sale(lang, crystals.join(", ")));
    }
    let occupied: Vec<String> = zones(t, view)
        .into_iter()
        .zip(&view.zones)
        .filter(|(_, z)| z.squads.iter().any(|s| !s.is_empty()))
        .map(|(line, _)| line)
        .collect();
    let head = parts.len();
    parts.extend(occupied);
    fitted(&parts, |n| {
        if parts.len() - n < head {
            String::new()
        } else {
            m::alt_zones_more(lang, n)
        }
    })
}

/// [`board`] said after what a lesson outlines on it (`marks`), so a screen reader
/// hears first what the lesson is about.
pub fn board_marked(t: &Table, view: &View, marks: &super::Marks) -> String {
    let whole = board(t, view);
    let said = marks_said(t, marks);
    if said.is_empty() {
        return whole;
    }
    let joined = format!("{said} {whole}");
    if joined.chars().count() <= MAX {
        return joined;
    }
    // The board's own text is cut at a zone; the lesson's part stays whole.
    let room = MAX.saturating_sub(said.chars().count() + 2);
    let cut: String = whole.chars().take(room).collect();
    format!("{said} {cut}…")
}

/// The parts `marks` outlines, as one sentence (empty when there are none).
fn marks_said(t: &Table, marks: &super::Marks) -> String {
    let lang = t.lang;
    let mut parts: Vec<String> = marks
        .zones
        .iter()
        .map(|&z| words::zone_label(t, z))
        .collect();
    parts.extend(
        marks
            .players
            .iter()
            .map(|&s| m::alt_marked_player(lang, t.names[s as usize & 1])),
    );
    if marks.track {
        parts.push(m::alt_marked_track(lang));
    }
    if marks.market {
        parts.push(m::alt_marked_market(lang));
    }
    if parts.is_empty() {
        return String::new();
    }
    m::alt_marked(lang, parts.join(", "))
}

/// `s` with its first letter upper case (a phrase that starts a sentence).
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A battle from `events` (public, from its `BattleStarted`): who attacked whom where,
/// the revealed cards and the effect each triggered, then the damage and the units
/// destroyed, or, when the events stop before the damage, what is still to come.
pub fn battle(t: &Table, kinds: &[KindId], view: &View, events: &[Event]) -> String {
    let lang = t.lang;
    let card = |c: u8| &t.rules.pack.cards[kinds[c as usize] as usize];
    let mut parts = Vec::new();
    let mut resolved = false;
    let mut fell = Vec::new();
    for e in events {
        match e {
            Event::BattleStarted { attacker, zone } => parts.push(m::alt_battle(
                lang,
                words::zone_label(t, *zone),
                t.names[*attacker as usize & 1],
                t.names[(*attacker as usize + 1) & 1],
            )),
            Event::BattleCardsRevealed { cards, left } => {
                for s in 0..2 {
                    parts.push(match cards[s] {
                        Some(c) => {
                            let def = card(c);
                            let (side, effects) = if left[s] {
                                ("left", &def.left)
                            } else {
                                ("right", &def.right)
                            };
                            m::alt_battle_card(
                                lang,
                                t.names[s],
                                names::card(lang, def),
                                names::style(lang, def.style),
                                side,
                                words::effects(lang, t.rules, effects).join(", "),
                            )
                        }
                        None => m::alt_battle_card_hidden(lang, t.names[s]),
                    });
                }
            }
            Event::DamageDealt {
                attack,
                defense,
                damage,
            } => {
                resolved = true;
                for s in 0..2 {
                    parts.push(m::alt_battle_damage(
                        lang,
                        t.names[s],
                        damage[s],
                        attack[s],
                        defense[1 - s],
                    ));
                }
            }
            Event::NoDamage => {
                resolved = true;
                parts.push(m::alt_battle_no_damage(lang));
            }
            Event::UnitDestroyed { card: c, .. } if resolved => {
                fell.push(names::card(lang, card(*c)).to_string());
            }
            Event::BattleEnded { .. } => break,
            _ => {}
        }
    }
    if resolved {
        parts.push(if fell.is_empty() {
            m::alt_battle_none_fell(lang)
        } else {
            m::alt_battle_fell(
                lang,
                words::counted(&fell.iter().map(String::as_str).collect::<Vec<_>>()),
            )
        });
    } else {
        parts.push(pending(t, view));
    }
    fitted(&parts, |_| "…".to_string())
}

/// What a battle still waits for, when its picture is drawn before the damage.
fn pending(t: &Table, view: &View) -> String {
    match questions::who_must(t.lang, t.names, &view.pending) {
        Some((who, count, question)) => m::alt_battle_pending(t.lang, who, count, question),
        None => m::alt_battle_pending_nobody(t.lang),
    }
}

/// One card's printed facts.
pub fn card(t: &Table, kind: KindId) -> String {
    let lang = t.lang;
    let def = &t.rules.pack.cards[kind as usize];
    let ability = words::ability(lang, t.rules, def.ability);
    let ability = if ability.is_empty() {
        String::new()
    } else {
        m::alt_card_ability(lang, ability)
    };
    let side = |s: &[crate::game::pack::Effect]| words::effects(lang, t.rules, s).join(", ");
    m::alt_card(
        lang,
        names::card(lang, def),
        names::style(lang, def.style),
        m::alt_card_numbers(lang, def.summon, def.attack, def.defense, def.activation),
        ability,
        side(&def.left),
        side(&def.right),
    )
}

/// A hand, from its owner's view: each card's name, style, summon cost and numbers.
pub fn hand(t: &Table, view: &View) -> String {
    let lang = t.lang;
    let seat = view.viewer.unwrap_or(0) as usize & 1;
    let cards: Vec<&CardView> = view.hand.iter().flatten().collect();
    if cards.is_empty() {
        return m::alt_hand_empty(lang, t.names[seat]);
    }
    let listed: Vec<String> = cards
        .iter()
        .map(|c| {
            let def = &t.rules.pack.cards[c.kind as usize];
            m::alt_hand_card(
                lang,
                names::card(lang, def),
                names::style(lang, def.style),
                def.summon,
                def.attack,
                def.defense,
            )
        })
        .collect();
    let text = m::alt_hand(lang, t.names[seat], cards.len(), listed.join(", "));
    fitted(&[text], |_| String::new())
}

/// A replay's animation.
pub fn replay(t: &Table, id: i64, turns: usize, battles: usize) -> String {
    m::alt_replay(t.lang, id, t.names[0], t.names[1], turns, battles)
}

/// The analysis graph: player one's chance after each turn.
pub fn graph(t: &Table, chart: &Chart) -> String {
    let points: Vec<String> = chart
        .points
        .iter()
        .map(|&(turn, chance)| m::alt_graph_point(t.lang, turn, percent(chance)))
        .collect();
    let text = m::alt_graph(t.lang, t.names[0], chart.match_id, points.join(", "));
    fitted(&[text], |_| String::new())
}

/// A league's standings, best first.
pub fn standings(lang: Lang, s: &Standings) -> String {
    let rows: Vec<String> = s
        .rows
        .iter()
        .map(|r| m::alt_standings_row(lang, r.rank, r.name.as_str(), r.points))
        .collect();
    fitted(
        &[m::alt_standings(lang, s.league.as_str(), rows.join("; "))],
        |_| String::new(),
    )
}

/// A Crystallo cavern: the phase, the cards placed and left, the creatures still held,
/// the dragon's gems and the treasure.
pub fn cavern(lang: Lang, view: &crystal_clans_crystallo::View) -> String {
    use crystal_clans_crystallo::state::Phase;
    let phase = match view.phase {
        Phase::Explore => m::alt_cavern_explore(lang),
        Phase::MissingColour(_) | Phase::Dragon => m::alt_cavern_dragon(lang),
        Phase::Over(_) => m::alt_cavern_over(lang),
    };
    m::alt_cavern(
        lang,
        phase,
        view.cavern.placed.len(),
        view.draw_count,
        view.bonds.iter().filter(|&&b| b > 0).count(),
        view.dragon.iter().filter(|&&g| g).count(),
        view.treasures.len(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Theme;
    use crate::game::Rules;
    use crate::samples;

    fn table<'a>(rules: &'a Rules, theme: &'a Theme, lang: Lang) -> Table<'a> {
        Table {
            rules,
            theme,
            names: ["Ana", "Max"],
            lang,
        }
    }

    #[test]
    fn a_crowded_board_is_told_zone_by_zone_within_discords_limit() {
        let rules = Rules::base();
        let theme = Theme::default();
        let (s, _) = samples::crowded(&rules);
        let view = s.view(&rules, None);
        for lang in Lang::ALL {
            let text = board(&table(&rules, &theme, lang), &view);
            assert!(text.chars().count() <= MAX, "{text}");
            let occupied = view
                .zones
                .iter()
                .filter(|z| z.squads.iter().any(|s| !s.is_empty()))
                .count();
            let zone = words::zone_label(&table(&rules, &theme, lang), view.zones[0].zone);
            assert!(occupied > 0 && text.contains("Ana"), "{text}");
            // Each occupied zone is named, or counted in "and N more zones".
            let named = view
                .zones
                .iter()
                .filter(|z| text.contains(&words::zone_label(&table(&rules, &theme, lang), z.zone)))
                .count();
            assert!(named >= occupied.min(3), "{zone}: {text}");
            // Each squad is told top unit first, as the engine keeps it.
            for z in view.zones.iter().filter(|z| !z.squads[0].is_empty()) {
                let top = &rules.pack.cards[z.squads[0][0].kind as usize];
                let line = zones(&table(&rules, &theme, lang), &view)
                    .into_iter()
                    .find(|l| {
                        l.starts_with(&words::zone_label(&table(&rules, &theme, lang), z.zone))
                    })
                    .unwrap();
                let first = line.split_once(':').unwrap().1;
                assert!(
                    first
                        .trim_start()
                        .trim_start_matches("Ana's ")
                        .trim_start_matches("Ana: ")
                        .starts_with(names::card(lang, top)),
                    "{line}"
                );
            }
        }
        let en = board(&table(&rules, &theme, Lang::En), &view);
        assert!(en.contains("initiative"), "{en}");
        let de = board(&table(&rules, &theme, Lang::De), &view);
        assert!(de.contains("Initiative") && de.contains("Kristall"), "{de}");
    }

    #[test]
    fn the_initiative_is_said_by_who_holds_it() {
        let names = ["Ana", "Max"];
        assert_eq!(initiative(Lang::En, names, 4), "Ana has 4 initiative");
        assert_eq!(initiative(Lang::En, names, -1), "Max has 1 initiative");
        assert!(initiative(Lang::En, names, 0).starts_with("nobody"));
        assert_eq!(initiative(Lang::De, names, -3), "Max hat 3 Initiative");
    }

    #[test]
    fn a_battle_cut_before_its_damage_says_what_is_still_to_come() {
        let rules = Rules::base();
        let theme = Theme::default();
        let (s, ev) = samples::battle(&rules);
        let t = table(&rules, &theme, Lang::En);
        let view = s.view(&rules, None);
        let whole = battle(&t, &s.kinds, &view, &ev);
        assert!(whole.starts_with("Battle in"), "{whole}");
        assert!(
            whole.contains("damage") && !whole.contains("follows"),
            "{whole}"
        );
        let reveal = ev
            .iter()
            .position(|e| matches!(e, Event::BattleCardsRevealed { .. }))
            .expect("the sample reveals");
        let cut = battle(&t, &s.kinds, &view, &ev[..=reveal]);
        assert!(
            !cut.contains("dealt") && !cut.contains("Destroyed"),
            "{cut}"
        );
        assert!(
            cut.contains("still to come") || cut.contains("follows"),
            "{cut}"
        );
    }

    #[test]
    fn a_hand_and_a_card_name_their_facts() {
        let rules = Rules::base();
        let theme = Theme::default();
        let s = samples::hand(&rules);
        let t = table(&rules, &theme, Lang::En);
        let text = hand(&t, &s.view(&rules, Some(0)));
        assert!(text.starts_with("Ana's hand,"), "{text}");
        let kind = samples::card(&rules);
        let def = &rules.pack.cards[kind as usize];
        let text = card(&t, kind);
        assert!(
            text.contains(&format!("summon cost {}", def.summon)),
            "{text}"
        );
        assert!(
            text.contains("Left effect:") && text.contains("Right effect:"),
            "{text}"
        );
    }
}

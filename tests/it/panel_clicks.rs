//! How many clicks a move takes through the panel, and how many options each screen on
//! the way shows, for scripted situations: a mulligan of two cards, a summon of three
//! cards into a chosen zone, an activation that moves part of a squad. The fewest clicks
//! are found by a breadth-first search over the panel's screens (every button, every
//! option, and a multi-select's cards of the move at once, as a person picks them).
//! One more click is counted for opening the panel from the board.

use crate::panel::{check, screen};
use crystal_clans::app::clans::panel::{self, Nav};
use crystal_clans::app::ids::{CustomId, Verb};
use crystal_clans::app::msg::Row;
use crystal_clans::game::{Input, Question, Rules, Setup, State};
use crystal_clans::i18n::Lang;
use std::collections::{BTreeMap, VecDeque};

/// The clicks from the board to the commit of `want`, and the options of each screen
/// on the way (every screen checked against Discord's limits and for cut labels).
fn clicks(rules: &Rules, state: &State, seat: u8, want: usize) -> (usize, Vec<usize>) {
    let choices = panel::choices(Lang::En, crate::panel::players(), rules, state, seat);
    let picks = panel::picks(&choices, want);
    let mut queue = VecDeque::from([(Nav::Overview, 0usize, vec![])]);
    let mut seen: BTreeMap<String, ()> = BTreeMap::new();
    while let Some((nav, depth, shown)) = queue.pop_front() {
        if seen.insert(nav.arg(), ()).is_some() {
            continue;
        }
        let s = screen(Lang::En, rules, state, seat, &choices, nav);
        check(&s, &format!("{nav:?}"));
        let mut shown = shown;
        let options: usize = s
            .rows
            .iter()
            .map(|r| match r {
                Row::Buttons(bs) => bs.len(),
                Row::Select(s) => s.options.len(),
            })
            .sum();
        shown.push(options);
        let mut edges: Vec<(String, Vec<String>)> = vec![];
        for row in &s.rows {
            match row {
                Row::Buttons(bs) => edges.extend(bs.iter().map(|b| (b.id.clone(), vec![]))),
                Row::Select(sel) => {
                    edges.extend(
                        sel.options
                            .iter()
                            .map(|o| (sel.id.clone(), vec![o.value.clone()])),
                    );
                    if sel.max_values > 1 {
                        let values = picks.iter().map(usize::to_string).collect();
                        edges.push((sel.id.clone(), values));
                    }
                }
            }
        }
        for (id, values) in edges {
            let cid = CustomId::parse(&id).unwrap();
            match cid.verb {
                Verb::Input => {
                    let i: usize = values
                        .first()
                        .or(cid.arg.as_ref())
                        .unwrap()
                        .parse()
                        .unwrap();
                    if i == want {
                        return (depth + 2, shown);
                    }
                }
                Verb::Turn => {
                    let next = Nav::parse(cid.arg.as_deref(), &values);
                    queue.push_back((next, depth + 1, shown.clone()));
                }
                // Answered beside the panel: no step of a move.
                Verb::Hint => {}
                // The notes form is a modal beside the panel (tests/it/discord_notes.rs).
                Verb::Notes => {}
                v => panic!("{v:?}"),
            }
        }
    }
    panic!("no way to {want}");
}

fn median(v: &mut [usize]) -> usize {
    v.sort_unstable();
    v[v.len() / 2]
}

fn report(what: &str, moves: &[(usize, Vec<usize>)]) -> (usize, usize) {
    let n: usize = moves.iter().map(|m| m.0).sum();
    let mut options: Vec<usize> = moves.iter().flat_map(|m| m.1.clone()).collect();
    let max = *options.iter().max().unwrap();
    println!(
        "{what}: {n} clicks, options per screen median {} max {max}",
        median(&mut options)
    );
    (n, max)
}

fn play_until(rules: &Rules, s: &mut State, done: impl Fn(&State) -> bool) {
    while !done(s) {
        let seat = s.waiting()[0];
        let l = s.legal(rules, seat);
        s.apply(rules, seat, &l[0]).unwrap();
    }
}

#[test]
fn moves_take_few_clicks_and_screens_keep_discords_limits() {
    let rules = Rules::base();

    // A mulligan of two cards.
    let setup = Setup {
        clans: [1, 4],
        seed: 7,
        mulligan: true,
    };
    let (s, _) = State::new(&rules, setup).unwrap();
    assert!(matches!(s.pending().question, Question::Mulligan));
    let seat = s.waiting()[0];
    let legal = s.legal(&rules, seat);
    let want = legal
        .iter()
        .position(|i| matches!(i, Input::Mulligan(cs) if cs.len() == 2))
        .unwrap();
    let mulligan = report(
        &format!("mulligan of 2 ({} legal inputs)", legal.len()),
        &[clicks(&rules, &s, seat, want)],
    );
    assert!(mulligan.0 <= 3, "{mulligan:?}");

    // A summon of three cards (a Shapeshifters in a crystal zone lets single units go
    // there too, so the summon has destinations to choose among).
    let water = rules.pack.clan_index("water").unwrap();
    let setup = Setup {
        clans: [water, water],
        seed: 3,
        mulligan: false,
    };
    let (mut s, _) = State::new(&rules, setup).unwrap();
    play_until(&rules, &mut s, |s| s.pending().question == Question::Action);
    let seat = s.active;
    let shifter = rules.pack.kind_by_name("Shapeshifters").unwrap();
    let c = (0..54u8)
        .find(|&c| s.kinds[c as usize] == shifter && s.players[seat as usize].draw.contains(&c))
        .unwrap();
    s.players[seat as usize].draw.retain(|x| *x != c);
    s.squads
        .squad_mut(rules.board.crystal_zones[0], seat)
        .push(c);
    s.token = if seat == 0 { -5 } else { 5 };
    s.validate(&rules).unwrap();
    let legal = s.legal(&rules, seat);
    // Three cards, into the zone the player chooses where there are several.
    let cards = |i: &Input| match i {
        Input::Summon(cs) | Input::SummonTo { cards: cs, .. } => {
            let mut v = cs.to_vec();
            v.sort_unstable();
            v
        }
        _ => vec![],
    };
    let want = (0..legal.len())
        .filter(|&i| cards(&legal[i]).len() == 3)
        .max_by_key(|&i| {
            let zones = legal
                .iter()
                .filter(|o| cards(o) == cards(&legal[i]))
                .count();
            (zones, matches!(legal[i], Input::SummonTo { .. }))
        })
        .expect("a summon of three cards");
    let zones = legal
        .iter()
        .filter(|o| cards(o) == cards(&legal[want]))
        .count();
    let summon = report(
        &format!(
            "summon of 3 into {zones} possible zone(s) ({} legal inputs)",
            legal.len()
        ),
        &[clicks(&rules, &s, seat, want)],
    );
    assert!(summon.0 <= 5, "{summon:?}");

    // Three structures into a zone the player chooses: Stone's Build lets structures go
    // to a zone whose squad's top unit builds, as well as home, so the panel asks where.
    let stone = rules.pack.clan_index("stone").unwrap();
    let setup = Setup {
        clans: [stone, stone],
        seed: 5,
        mulligan: false,
    };
    let (mut s, _) = State::new(&rules, setup).unwrap();
    play_until(&rules, &mut s, |s| s.pending().question == Question::Action);
    let seat = s.active;
    let kind_of = |name: &str| rules.pack.kind_by_name(name).unwrap();
    let take = |s: &mut State, kind| {
        let p = &mut s.players[seat as usize];
        let at = p
            .draw
            .iter()
            .position(|&c| s.kinds[c as usize] == kind)
            .expect("in the draw pile");
        p.draw.remove(at)
    };
    let builder = take(&mut s, kind_of("Quarry Workers"));
    let site = rules.board.crystal_zones[0];
    s.squads.squad_mut(site, seat).push(builder);
    // The hand is three Ballistas (structures) and nothing else to summon with them.
    let hand = std::mem::take(&mut s.players[seat as usize].hand);
    s.players[seat as usize].draw.extend(hand);
    for _ in 0..3 {
        let b = take(&mut s, kind_of("Ballista"));
        s.players[seat as usize].hand.push(b);
    }
    s.token = if seat == 0 { -5 } else { 5 };
    s.validate(&rules).unwrap();
    let legal = s.legal(&rules, seat);
    let want = legal
        .iter()
        .position(|i| {
            matches!(i, Input::SummonTo { cards, zone, .. } if cards.len() == 3 && *zone == site)
        })
        .unwrap_or_else(|| panic!("three structures may go to the builders' zone: {legal:?}"));
    let built = report(
        &format!(
            "summon of 3 structures into a chosen zone ({} legal inputs)",
            legal.len()
        ),
        &[clicks(&rules, &s, seat, want)],
    );
    assert!(built.0 <= 5, "{built:?}");

    // An activation that moves part of a squad: three units at home, two of them go.
    let setup = Setup {
        clans: [2, 5],
        seed: 11,
        mulligan: false,
    };
    let (mut s, _) = State::new(&rules, setup).unwrap();
    play_until(&rules, &mut s, |s| s.pending().question == Question::Action);
    let seat = s.active;
    let home = rules.board.homes[seat as usize];
    for _ in 0..3 {
        let c = s.players[seat as usize].draw.pop().unwrap();
        s.squads.squad_mut(home, seat).push(c);
    }
    s.token = if seat == 0 { -5 } else { 5 };
    s.validate(&rules).unwrap();
    let legal = s.legal(&rules, seat);
    let activate = legal
        .iter()
        .position(|i| *i == Input::Activate(home))
        .unwrap();
    let first = clicks(&rules, &s, seat, activate);
    s.apply(&rules, seat, &legal[activate]).unwrap();
    play_until(&rules, &mut s, |s| s.waits_for(seat) || s.winner.is_some());
    // The squad's new order is asked first: the bottom unit goes on top. Asked in the
    // same panel, as the move is: no click to open it.
    let mut order = None;
    if let Question::Reorder { zone } = s.pending().question {
        let legal = s.legal(&rules, seat);
        // Keeping the squad's order is one click ("Keep this order").
        let now = s.squad(zone, seat).to_vec();
        let keep = legal
            .iter()
            .position(|i| matches!(i, Input::Order(cs) if cs[..] == now[..]))
            .expect("the order as it stands is legal");
        let kept = report("keep a squad's order", &[clicks(&rules, &s, seat, keep)]);
        assert_eq!(kept.0, 2, "open the panel, keep: {kept:?}");
        let last = legal.len() - 1;
        let (n, shown) = clicks(&rules, &s, seat, last);
        order = Some((n - 1, shown));
        s.apply(&rules, seat, &legal[last]).unwrap();
        play_until(&rules, &mut s, |s| s.waits_for(seat) || s.winner.is_some());
    }
    let legal = s.legal(&rules, seat);
    let part = legal
        .iter()
        .position(|i| matches!(i, Input::Move { cards, .. } if cards.len() == 2))
        .unwrap_or_else(|| panic!("two of three units may move: {:?} {legal:?}", s.pending()));
    // The move is asked in the same panel: no click to open it.
    let (n, shown) = clicks(&rules, &s, seat, part);
    let moved = report(
        &format!(
            "activation, a new order, then 2 of 3 units move ({} legal moves)",
            legal.len()
        ),
        &[Some(first), order, Some((n - 1, shown))]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>(),
    );
    assert!(moved.0 <= 9, "{moved:?}");
    for (n, max) in [mulligan, summon, built, moved] {
        assert!(max <= 25, "{n} clicks, {max} options on one screen");
    }
}

//! Fixed sample positions for `crystal-clans-tools render`, the golden-image tests and
//! `bench render`: an opening, a crowded mid-game board, a battle's result, a hand of
//! 8 cards and one card; and a replay's story of any length.
//!
//! Positions are built directly (the `State` fields are public) from a fixed setup
//! rather than by random play, so the images change only when the pack, the view or
//! the renderer change, not when the engine's choices do.

use super::replay::{Scene, SceneKind, Story};
use super::{Image, RenderError, Table, Theme};
use crate::game::event::Event;
use crate::game::pack::KindId;
use crate::game::state::{CardId, Cards, CollectedCrystal, Seat, owner};
use crate::game::{Rules, Setup, State, ZoneId};
use crate::i18n::Lang;
use crate::i18n::narration::Narrator;

/// Display names: a short one and a 32-character one (Discord's maximum).
pub const NAMES: [&str; 2] = ["Ana", "Maximilian von Sternenberg-Kraus"];

/// The table the samples are drawn at: the sample players' names in `lang`.
pub fn table<'a>(rules: &'a Rules, theme: &'a Theme, lang: Lang) -> Table<'a> {
    Table {
        rules,
        theme,
        names: NAMES,
        lang,
    }
}

fn kind(rules: &Rules, id: &str) -> KindId {
    rules
        .pack
        .cards
        .iter()
        .position(|c| c.id == id)
        .unwrap_or_else(|| panic!("the pack has no card `{id}`")) as KindId
}

fn zone(rules: &Rules, id: &str) -> ZoneId {
    rules
        .board
        .zones
        .iter()
        .position(|z| z.id == id)
        .unwrap_or_else(|| panic!("the board has no zone `{id}`")) as ZoneId
}

fn clan(rules: &Rules, id: &str) -> u8 {
    rules
        .pack
        .clan_index(id)
        .unwrap_or_else(|| panic!("the pack has no clan `{id}`"))
}

/// Takes a card of kind `id` from `seat`'s draw pile (else hand, else discard pile).
fn take(s: &mut State, rules: &Rules, seat: Seat, id: &str) -> CardId {
    let k = kind(rules, id);
    let kinds = s.kinds.clone();
    let p = &mut s.players[seat as usize];
    for pile in [&mut p.draw, &mut p.hand, &mut p.discard] {
        if let Some(i) = pile.iter().position(|&c| kinds[c as usize] == k) {
            return pile.remove(i);
        }
    }
    panic!("seat {seat} has no `{id}` left to take")
}

fn place(s: &mut State, rules: &Rules, seat: Seat, zone_id: &str, ids: &[&str]) {
    let z = zone(rules, zone_id);
    for id in ids {
        let c = take(s, rules, seat, id);
        s.squads.squad_mut(z, seat).push(c);
    }
}

/// Moves cards so that `seat` holds `hand` cards and has `discard` in the discard pile.
fn settle(s: &mut State, seat: Seat, hand: usize, discard: usize) {
    let p = &mut s.players[seat as usize];
    while p.hand.len() > hand {
        let c = p.hand.pop().expect("non-empty");
        p.draw.push(c);
    }
    while p.hand.len() < hand && !p.draw.is_empty() {
        let c = p.draw.remove(0);
        p.hand.push(c);
    }
    while p.discard.len() < discard && !p.draw.is_empty() {
        let c = p.draw.remove(0);
        p.discard.insert(0, c);
    }
}

fn collect(s: &mut State, seat: Seat, face_down: bool) -> u8 {
    let c = s.market.remove(0);
    if let Some(next) = s.crystal_deck.pop() {
        s.market.push(next);
    }
    s.players[seat as usize].crystals.push(CollectedCrystal {
        crystal: c,
        face_down,
    });
    c
}

fn new_state(rules: &Rules, clans: [&str; 2], seed: u64) -> State {
    let setup = Setup {
        clans: [clan(rules, clans[0]), clan(rules, clans[1])],
        seed,
        mulligan: false,
    };
    State::new(rules, setup)
        .expect("the sample setup is valid")
        .0
}

/// Log lines for a board's caption (the tools' and the bench's), as a spectator reads
/// them.
pub fn narrate(rules: &Rules, s: &State, events: &[Event]) -> Vec<String> {
    let n = Narrator {
        rules,
        kinds: &s.kinds,
        names: NAMES,
        lang: Lang::En,
    };
    events.iter().map(|e| n.describe(&e.redact(None))).collect()
}

/// The position right after setup, and its setup events.
pub fn opening(rules: &Rules) -> (State, Vec<Event>) {
    let setup = Setup {
        clans: [clan(rules, "flower"), clan(rules, "meteor")],
        seed: 3,
        mulligan: false,
    };
    State::new(rules, setup).expect("the sample setup is valid")
}

/// A crowded mid-game board: Blood (with five-unit hordes) against Stone, squads in
/// most zones, crystals collected (one face down), the token on player two's side.
pub fn crowded(rules: &Rules) -> (State, Vec<Event>) {
    let mut s = new_state(rules, ["blood", "stone"], 7);
    // Hordes as big as the clan's (provisional) Horde limit allows, led by a unit with
    // the Horde signature, so the position stays one the engine could reach.
    let horde = rules.pack.clans[clan(rules, "blood") as usize]
        .horde_limit
        .map_or(3, usize::from);
    let h1 = [
        "blood.warchief_gorrak",
        "blood.marauders",
        "blood.trappers",
        "blood.berserkers",
        "blood.war_drummers",
    ];
    place(&mut s, rules, 0, "H1", &h1[..horde.min(h1.len())]);
    place(
        &mut s,
        rules,
        0,
        "A4",
        &[
            "blood.high_shaman_iskra",
            "blood.chieftains",
            "blood.chieftains",
        ],
    );
    place(
        &mut s,
        rules,
        1,
        "A4",
        &["stone.horgaths_stone_golem", "stone.sentinels"],
    );
    place(&mut s, rules, 0, "B4", &["blood.trappers"]);
    place(
        &mut s,
        rules,
        1,
        "L3",
        &[
            "stone.siege_towers",
            "stone.lithomancers",
            "stone.supply_golem",
        ],
    );
    place(
        &mut s,
        rules,
        0,
        "C3",
        &[
            "blood.marauders",
            "blood.condor",
            "blood.aarock_riders",
            "blood.war_drummers",
            "blood.berserkers",
        ][..horde.min(5)],
    );
    place(
        &mut s,
        rules,
        1,
        "C3",
        &["stone.egg_tosser", "stone.ballista", "stone.quarry_workers"],
    );
    place(
        &mut s,
        rules,
        0,
        "R3",
        &["blood.berserkers", "blood.trappers"],
    );
    place(
        &mut s,
        rules,
        1,
        "B2",
        &["stone.horgath", "stone.sentinels", "stone.sentinels"],
    );
    place(&mut s, rules, 1, "H2", &["stone.ballista"]);
    settle(&mut s, 0, 4, 3);
    settle(&mut s, 1, 6, 2);
    let scored = collect(&mut s, 0, false);
    collect(&mut s, 0, true);
    collect(&mut s, 1, false);
    s.turn = 14;
    s.active = 1;
    s.token = -3;
    let ballista = s.squads[zone(rules, "H2") as usize][1][0];
    let mut summoned = Cards::new();
    summoned.push(ballista);
    let events = vec![
        Event::Scored {
            seat: 0,
            crystal: scored,
            cost: rules.pack.crystals[scored as usize].cost,
            free: false,
        },
        Event::TurnPassed { to: 1 },
        Event::TurnStarted { seat: 1, turn: 14 },
        Event::Summoned {
            seat: 1,
            cards: summoned,
            zone: zone(rules, "H2"),
            // The pack's cost, so the log line stays true when a balance change moves it.
            cost: s.card(rules, ballista).summon,
        },
    ];
    (s, events)
}

/// Right after a battle in the centre crystal zone: player one's horde attacked player
/// two's golem; both played a card, GUARDED beat TRICKY, units fell on both sides.
/// Returns the position and the battle's events (as the engine logs them).
pub fn battle(rules: &Rules) -> (State, Vec<Event>) {
    let mut s = new_state(rules, ["blood", "stone"], 11);
    let c3 = zone(rules, "C3");
    place(
        &mut s,
        rules,
        0,
        "H1",
        &["blood.marauders", "blood.trappers"],
    );
    place(&mut s, rules, 1, "B2", &["stone.siege_towers"]);
    // The squads as they fought (top first), and the battle cards.
    let attackers: Vec<CardId> = [
        "blood.warchief_gorrak",
        "blood.marauders",
        "blood.trappers",
        "blood.chieftains",
    ]
    .iter()
    .map(|id| take(&mut s, rules, 0, id))
    .collect();
    let defenders: Vec<CardId> = [
        "stone.horgaths_stone_golem",
        "stone.ballista",
        "stone.quarry_workers",
    ]
    .iter()
    .map(|id| take(&mut s, rules, 1, id))
    .collect();
    let card0 = take(&mut s, rules, 0, "blood.aarock_riders");
    let card1 = take(&mut s, rules, 1, "stone.sentinels");
    // Attack 8+3+3+2 +2 (Aarock Riders' right effect) = 18, less 5 defense (Sentinels'
    // left effect) = 13 damage: the golem (10) falls, the ballista (3) falls.
    // Attack 8+2+1 = 11 against no defense: Gorrak (5), Marauders (1), Trappers (1) and
    // Chieftains (2) fall.
    let fallen = [attackers.clone(), defenders[..2].to_vec()].concat();
    for &c in &fallen {
        s.players[owner(c) as usize].discard.insert(0, c);
    }
    s.squads.squad_mut(c3, 1).push(defenders[2]);
    s.players[0].discard.insert(0, card0);
    s.players[1].discard.insert(0, card1);
    settle(&mut s, 0, 3, 4);
    settle(&mut s, 1, 4, 3);
    s.turn = 9;
    s.active = 0;
    s.token = 1;
    let mut events = vec![
        Event::BattleStarted {
            attacker: 0,
            zone: c3,
        },
        Event::BattleCardChosen {
            seat: 0,
            from_deck: false,
            card: Some(card0),
        },
        Event::BattleCardChosen {
            seat: 1,
            from_deck: false,
            card: Some(card1),
        },
        Event::BattleCardsRevealed {
            cards: [Some(card0), Some(card1)],
            left: [false, true],
        },
        Event::DamageDealt {
            attack: [18, 11],
            defense: [0, 5],
            damage: [13, 11],
        },
    ];
    for &c in &fallen {
        events.push(Event::UnitDestroyed { card: c, zone: c3 });
    }
    events.push(Event::BattleCardDiscarded {
        seat: 0,
        card: card0,
    });
    events.push(Event::BattleCardDiscarded {
        seat: 1,
        card: card1,
    });
    events.push(Event::BattleEnded { zone: c3 });
    (s, events)
}

/// Player one (Water) holding 8 cards: the longest names, heroes, abilities and
/// effects not yet in play.
pub fn hand(rules: &Rules) -> State {
    let mut s = new_state(rules, ["water", "skull"], 5);
    let p = &mut s.players[0];
    while let Some(c) = p.hand.pop() {
        p.draw.push(c);
    }
    for id in [
        "water.murkmaw",
        "water.sonya_saltdaughter",
        "water.harlow_tidebringer",
        "water.tridents",
        "water.shapeshifters",
        "water.blue_oracles",
        "water.cartographers",
        "water.reef_wardens",
    ] {
        let c = take(&mut s, rules, 0, id);
        s.players[0].hand.push(c);
    }
    s
}

/// The card for the lookup sample: a hero with a German name and provisional values.
pub fn card(rules: &Rules) -> KindId {
    kind(rules, "flower.queen_bumble")
}

/// A match's story `turns` turns long, for the replay's bounds (its test and bench): a
/// fixed random match's scenes again and again, numbered on, ending on its last scene.
/// Real boards and battles, so its frames cost what a long match's do, without playing
/// one: random play seldom lasts, and the colluding players who make one are not at hand.
pub fn long_story(rules: &Rules, turns: u32) -> Story {
    let setup = Setup {
        clans: [clan(rules, "skull"), clan(rules, "meteor")],
        seed: 11,
        mulligan: false,
    };
    let inputs =
        crystal_clans_engine::selfplay::random_inputs(rules, setup.clone(), 11, |s| s.turn > 40)
            .expect("the sample match plays");
    let (state, opening) = State::new(rules, setup).expect("the sample setup is valid");
    let base = Story::replay(rules, state, &opening, inputs.iter().map(|(s, i)| (*s, i)))
        .expect("the sample match replays");
    let later = |k: &SceneKind, by: u32| match k {
        SceneKind::Turn(t) => SceneKind::Turn(t + by),
        SceneKind::Battle(t) => SceneKind::Battle(t + by),
    };
    let (last, body) = base.scenes.split_last().expect("a story has a scene");
    let span = match body.last() {
        Some(Scene {
            kind: SceneKind::Turn(t) | SceneKind::Battle(t),
            ..
        }) => *t,
        None => return base,
    };
    if !body.iter().any(|s| matches!(s.kind, SceneKind::Turn(_))) {
        return base;
    }
    let mut scenes = Vec::new();
    let mut told = 1; // the last scene's turn
    let mut round = 0;
    while told < turns {
        for scene in body {
            let turn = matches!(scene.kind, SceneKind::Turn(_));
            if turn && told >= turns {
                break;
            }
            told += u32::from(turn);
            scenes.push(Scene {
                kind: later(&scene.kind, round * span),
                ..scene.clone()
            });
        }
        round += 1;
    }
    // The turn after the last one told (a battle's turn is told after it).
    let next = match scenes.last().map(|s: &Scene| &s.kind) {
        Some(SceneKind::Turn(t)) => t + 1,
        Some(SceneKind::Battle(t)) => *t,
        None => 1,
    };
    scenes.push(Scene {
        kind: match last.kind {
            SceneKind::Turn(_) => SceneKind::Turn(next),
            SceneKind::Battle(_) => SceneKind::Battle(next),
        },
        ..last.clone()
    });
    Story {
        kinds: base.kinds,
        scenes,
    }
}

/// Every sample image, with its file name (without extension): the five in English,
/// then the crowded board, the battle and the hand in German (`.de`).
pub fn all(rules: &Rules, theme: &Theme) -> Result<Vec<(&'static str, Image)>, RenderError> {
    let t = table(rules, theme, Lang::En);
    let mut out = Vec::new();
    // The boards as the bot posts them: without log lines (it posts the log as text).
    let (s, _) = opening(rules);
    out.push(("opening", super::board(&t, &s.view(rules, None), &[])?));
    let (s, _) = crowded(rules);
    out.push(("crowded", super::board(&t, &s.view(rules, None), &[])?));
    let (s, ev) = battle(rules);
    out.push((
        "battle",
        super::battle(&t, &s.kinds, &s.view(rules, None), &ev)?,
    ));
    let s = hand(rules);
    out.push(("hand", super::hand(&t, &s.view(rules, Some(0)))?));
    out.push(("card", super::card(&t, card(rules))?));
    let de = table(rules, theme, Lang::De);
    let (s, _) = crowded(rules);
    out.push(("crowded.de", super::board(&de, &s.view(rules, None), &[])?));
    let (s, ev) = battle(rules);
    out.push((
        "battle.de",
        super::battle(&de, &s.kinds, &s.view(rules, None), &ev)?,
    ));
    let s = hand(rules);
    out.push(("hand.de", super::hand(&de, &s.view(rules, Some(0)))?));
    Ok(out)
}

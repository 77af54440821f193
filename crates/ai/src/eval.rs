//! The static evaluation: how good a (sampled) position looks for a seat.
//!
//! Used by the greedy bot to score its options and by the search where a rollout is
//! cut off. It reads a `State`, but only states the bot built itself from its view
//! (see `determinize.rs`), never the true one.

use crate::game::state::{CRYSTALS_TO_WIN, opp};
use crate::game::{Rules, Seat, State};

/// Weights of the evaluation's features (a difference between the seats, in crystals).
#[derive(Debug, Clone, Copy)]
pub struct Weights {
    pub crystal: f32,
    /// Extra for being one crystal away from winning.
    pub match_point: f32,
    pub owed_score: f32,
    pub crystal_zone: f32,
    /// Controlling two crystal zones (the right to score).
    pub can_score: f32,
    pub enemy_home: f32,
    pub unit: f32,
    pub unit_stat: f32,
    pub hand_card: f32,
    /// Penalty when the draw pile is nearly empty (a reshuffle gives the opponent a crystal).
    pub low_draw: f32,
    pub initiative: f32,
    /// Scale of the logistic that turns the difference into a win chance.
    pub scale: f32,
}

pub const WEIGHTS: Weights = Weights {
    crystal: 1.0,
    match_point: 0.4,
    owed_score: 0.8,
    crystal_zone: 0.2,
    can_score: 0.35,
    enemy_home: 0.3,
    unit: 0.08,
    unit_stat: 0.025,
    hand_card: 0.07,
    low_draw: 0.5,
    initiative: 0.035,
    scale: 1.1,
};

/// The seat's advantage, in crystals (positive = better for `seat`).
pub fn advantage(rules: &Rules, state: &State, seat: Seat, w: &Weights) -> f32 {
    let v = sides(rules, state, w);
    v[seat as usize] - v[opp(seat) as usize] + w.initiative * state.initiative(seat) as f32
}

/// The crystal zones each seat controls, in one pass for both (the search evaluates a
/// position for every rollout and every answer it prices).
fn crystal_zones(rules: &Rules, state: &State) -> [usize; 2] {
    let mut n = [0; 2];
    for &z in &rules.board.crystal_zones {
        match [0, 1].map(|s| !state.squad(z, s).is_empty()) {
            [true, false] => n[0] += 1,
            [false, true] => n[1] += 1,
            _ => {}
        }
    }
    n
}

/// The beginner's evaluation (`beginner.rs`), in crystals: [`advantage`] without the
/// terms that are the opponent's threats ([`threats`]), so she counts what is on the
/// table on both sides but not what he is about to do. A finished match is worth
/// plus or minus 100.
pub fn threat_blind(rules: &Rules, state: &State, seat: Seat) -> f32 {
    match state.winner {
        Some(w) if w == seat => 100.0,
        Some(_) => -100.0,
        None => advantage(rules, state, seat, &WEIGHTS) + threats(rules, state, opp(seat)),
    }
}

/// The terms of `seat`'s side that threaten its opponent: one crystal from winning,
/// scores owed, the right to score (two crystal zones), the opponent's home zone.
fn threats(rules: &Rules, state: &State, seat: Seat) -> f32 {
    let w = &WEIGHTS;
    let p = &state.players[seat as usize];
    let mut v = w.owed_score * state.owed_scores[seat as usize] as f32;
    if p.crystals.len() + 1 >= CRYSTALS_TO_WIN {
        v += w.match_point;
    }
    if state.crystal_zones_controlled(rules, seat) >= 2 {
        v += w.can_score;
    }
    if state.controls(seat, rules.board.homes[opp(seat) as usize]) {
        v += w.enemy_home;
    }
    v
}

/// Both seats' sides of the advantage, each summed in the order of its terms below,
/// the units in one pass over the squads for both (the search evaluates a position
/// for every rollout and every answer it prices).
fn sides(rules: &Rules, state: &State, w: &Weights) -> [f32; 2] {
    let zones = crystal_zones(rules, state);
    let mut v = [0.0f32; 2];
    for (seat, v) in v.iter_mut().enumerate() {
        let p = &state.players[seat];
        let crystals = p.crystals.len();
        *v += w.crystal * crystals as f32;
        if crystals + 1 >= CRYSTALS_TO_WIN {
            *v += w.match_point;
        }
        *v += w.owed_score * state.owed_scores[seat] as f32;
        let zones = zones[seat];
        *v += w.crystal_zone * zones as f32;
        if zones >= 2 {
            *v += w.can_score;
        }
        if state.controls(seat as Seat, rules.board.homes[opp(seat as Seat) as usize]) {
            *v += w.enemy_home;
        }
    }
    for pair in &state.squads {
        for (v, squad) in v.iter_mut().zip(pair) {
            for &c in squad {
                let def = state.card(rules, c);
                *v += w.unit + w.unit_stat * (def.attack as f32 + def.defense as f32);
            }
        }
    }
    for (v, p) in v.iter_mut().zip(&state.players) {
        *v += w.hand_card * p.hand.len().min(8) as f32;
        let draw = p.draw.len() as f32;
        if draw < 5.0 {
            *v -= w.low_draw * (5.0 - draw) / 5.0;
        }
    }
    v
}

/// The seat's estimated chance of winning, in (0, 1); exact at the end of a match.
pub fn value(rules: &Rules, state: &State, seat: Seat) -> f32 {
    value_with(rules, state, seat, &WEIGHTS)
}

pub fn value_with(rules: &Rules, state: &State, seat: Seat, w: &Weights) -> f32 {
    if let Some(winner) = state.winner {
        return if winner == seat { 1.0 } else { 0.0 };
    }
    let a = advantage(rules, state, seat, w);
    1.0 / (1.0 + (-w.scale * a).exp())
}

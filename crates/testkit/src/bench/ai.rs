//! `crystal-clans-tools bench ai`: the cost of the search's parts and the decision time of
//! each level and of a hint, on positions taken from random games.

use crate::ai::determinize::Sampler;
use crate::ai::{Bot, BotSpec, Level, decide_for, policy, positions};
use crate::game::Rules;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::json;
use std::hint::black_box;
use std::time::Instant;

/// `crystal-clans-tools bench ai`.
pub fn ai(positions_count: usize, levels: &[Level]) -> serde_json::Value {
    let rules = Rules::base();
    let pos = positions::sample(&rules, positions_count, 7);
    let mut rng = Pcg32::seed_from_u64(1);

    // The parts of one iteration.
    let samplers: Vec<Sampler> = pos
        .iter()
        .map(|(s, seat)| Sampler::new(&rules, &s.view(&rules, Some(*seat))).expect("consistent"))
        .collect();
    let reps = 2_000;
    let t = Instant::now();
    for _ in 0..reps {
        for s in &samplers {
            black_box(s.sample(&mut rng));
        }
    }
    let sample_ns = t.elapsed().as_nanos() as f64 / (reps * samplers.len()) as f64;
    let t = Instant::now();
    let mut played = 0u64;
    for _ in 0..50 {
        for s in &samplers {
            let mut st = s.sample(&mut rng);
            played += policy::playout(
                &rules,
                &mut st,
                &mut rng,
                crate::ai::mcts::PARAMS.rollout_inputs,
                crate::ai::mcts::PARAMS.squad_lookahead,
            ) as u64;
        }
    }
    let rollout_us = t.elapsed().as_secs_f64() * 1e6 / (50 * samplers.len()) as f64;
    let per_answer_ns = t.elapsed().as_nanos() as f64 / played.max(1) as f64;

    let mut per_level = serde_json::Map::new();
    for &level in levels {
        let budget = level.budget();
        let mut times = Vec::new();
        let mut iterations = 0u64;
        let mut secs = 0.0;
        for (i, (state, seat)) in pos.iter().enumerate() {
            // The level's own bot: the search at its budget, or the beginner.
            let mut bot = BotSpec::mcts(level).build(i as u64);
            let t = Instant::now();
            black_box(decide_for(bot.as_mut(), &rules, state, *seat));
            let e = t.elapsed().as_secs_f64();
            times.push(e * 1000.0);
            secs += e;
            iterations += bot.last_iterations();
        }
        times.sort_by(f64::total_cmp);
        let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
        per_level.insert(
            level.name().into(),
            json!({
                "budget_iterations": budget.iterations,
                "budget_ms": budget.time.map(|t| t.as_millis() as u64),
                "decision_ms_mean": (times.iter().sum::<f64>() / times.len() as f64 * 10.0).round() / 10.0,
                "decision_ms_p50": (pct(0.5) * 10.0).round() / 10.0,
                "decision_ms_max": (pct(1.0) * 10.0).round() / 10.0,
                "iterations_mean": iterations / pos.len() as u64,
                "iterations_per_second": (iterations as f64 / secs).round(),
            }),
        );
    }
    // A hint (`app::clans::hint`): the normal level's search rating every answer, as
    // the panel's Hint button runs it, on the same positions. It spends the whole
    // budget (a decision stops once its answer is settled), so its iterations per
    // second are the search's at the normal budget.
    let mut hint_ms = Vec::new();
    let mut hint_iterations = 0u64;
    for (i, (state, seat)) in pos.iter().enumerate() {
        let legal = state.legal(&rules, *seat);
        if legal.len() < 2 {
            continue;
        }
        let view = state.view(&rules, Some(*seat));
        let mut bot = crate::ai::mcts::MctsBot::new(i as u64, Level::Normal.budget());
        let t = Instant::now();
        black_box(bot.rate(&rules, &view, &legal));
        hint_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        hint_iterations += bot.last_iterations();
    }
    hint_ms.sort_by(f64::total_cmp);
    let hint = if hint_ms.is_empty() {
        json!(null)
    } else {
        let at = |p: f64| hint_ms[((hint_ms.len() - 1) as f64 * p).round() as usize];
        json!({
            "positions": hint_ms.len(),
            "ms_mean": (hint_ms.iter().sum::<f64>() / hint_ms.len() as f64 * 10.0).round() / 10.0,
            "ms_p50": (at(0.5) * 10.0).round() / 10.0,
            "ms_max": (at(1.0) * 10.0).round() / 10.0,
            "iterations_per_second": (hint_iterations as f64 / (hint_ms.iter().sum::<f64>() / 1000.0)).round(),
            "target": "a hint in under 0.5 seconds",
        })
    };
    json!({
        "benchmark": "ai",
        "threads": 1,
        "positions": pos.len(),
        "sample_ns": sample_ns.round(),
        "rollout_us": (rollout_us * 10.0).round() / 10.0,
        "rollout_answers": crate::ai::mcts::PARAMS.rollout_inputs,
        "ns_per_rollout_answer": per_answer_ns.round(),
        "levels": per_level,
        "hint": hint,
        "target": "a normal decision in under 100 ms (issue 51; the level stops at 800 ms)",
    })
}

//! The engine's integration tests, one binary: one module per concern. The scenario
//! files are in crates/engine/tests/scenarios (docs/scenarios.md).

mod always_a_move;
mod architecture;
mod legal;
mod properties;
mod replay_v6;
mod revisions;
mod scenarios;
mod takeback;
mod turn_limit;
mod why;

//! The benchmark drivers behind `crystal-clans-tools bench ...`: each prints JSON with
//! ratios measured in the same run.

pub mod ai;
pub mod analysis;
pub mod discord;
pub mod engine;
pub mod render;
mod replay;
pub mod store;
pub mod tick;

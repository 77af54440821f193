//! Crystal Clans: a rules engine for the 2-player card battle game, and the tools
//! around it. See ARCHITECTURE.md for the layers.

pub mod ai;
pub mod app;
pub mod bench;
pub mod bench_discord;
pub mod bench_store;
pub mod bench_tick;
pub mod cards;
pub mod discord;
pub mod fake_discord;
pub mod files;
pub mod game;
pub mod i18n;
pub mod ratings;
pub mod render;
pub mod scenario;
pub mod selfplay;
pub mod store;
pub mod topics;
pub mod transcript;

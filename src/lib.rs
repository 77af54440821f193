//! The Crystal Clans Discord bot: its use cases (`app`) and its Discord adapter
//! (`discord`). The layers below are crates of their own (crates/); they are re-exported
//! here under the names the bot's modules and tests use. See ARCHITECTURE.md.

pub mod app;
pub mod discord;

pub use crystal_clans_ai as ai;
pub use crystal_clans_crystallo as crystallo;
pub use crystal_clans_engine::{game, scenario, selfplay};
pub use crystal_clans_i18n as i18n;
pub use crystal_clans_i18n::{cards, topics};
pub use crystal_clans_render as render;
pub use crystal_clans_store as store;
pub use crystal_clans_store::glicko as ratings;

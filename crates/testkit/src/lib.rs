//! The Crystal Clans test kit: a fake Discord on loopback (`fake_discord`), the
//! transcript tool that draws a recorded conversation as each participant saw it
//! (`transcript`), the benchmark drivers (`bench`), the check that both command lines
//! document every flag (`cli_help`), and the store fault tests' child processes
//! (`store_children`), run by re-executing the test binary (`self_exec`). The bot's tests
//! and the tools binary (`crystal-clans-tools`, src/main.rs) use it; the shipped bot never
//! links it.

pub mod bench;
pub mod cli_help;
pub mod crystallo_report;
pub mod fake_discord;
pub mod lesson_deals;
pub mod self_exec;
pub mod store_children;
pub mod transcript;

// The bot and its layers, under the names the modules of this crate use for them.
use crystal_clans::{ai, app, discord, game, i18n, render, selfplay, store};

//! Crystallo's integration tests, one binary: one module per rulebook concept, each test
//! quoting the rule it checks; `properties` plays random games; `bots` checks the
//! players see only the view.

mod bots;
mod deck;
mod dragon;
mod lesson;
mod placement;
mod properties;
mod purity;
mod score;
mod sets;
mod setup;
mod support;
mod treasure;

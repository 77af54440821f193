//! The AI's integration tests, one binary.

mod ai;
mod search;

//! The images' integration tests, one binary; the golden images are in crates/render/tests/golden
//! (UPDATE_GOLDEN=1 rewrites them).

mod colour;
mod crystallo;
mod render;
mod replay;

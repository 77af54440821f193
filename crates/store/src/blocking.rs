//! The store's command-line operations run to completion on a runtime of their own:
//! what `crystal-clans verify`, `status` and `backup` call.
//!
//! Here, not in the binary that runs them: [`block_on`] is generic over its future, so
//! a crate that blocks on a future compiles that future's whole body (its sqlx queries,
//! its serde code) again. The bot's binary, blocking on these and on the bot itself,
//! spent about 33 s of every rebuild compiling the library's code a second time
//! (docs/measurements.md, "Build times"). These functions are not generic, so their
//! futures are compiled once, in this crate.

use crate::backup::{BackedUp, BackupError};
use crate::status::Health;
use crate::{Finding, MatchId, Millis, VerifyFailure, VerifySummary, block_on};
use std::path::Path;
use std::time::Duration;

/// [`crate::verify_database`], to its end.
pub fn verify(
    url: &str,
    only: Option<MatchId>,
    rearm: bool,
    found: &mut dyn FnMut(Finding),
) -> Result<VerifySummary, VerifyFailure> {
    block_on(crate::verify_database(url, only, rearm, found))
}

/// [`crate::backup::backup`], to its end.
pub fn backup(url: &str, dest: &Path) -> Result<BackedUp, BackupError> {
    block_on(crate::backup::backup(url, dest))
}

/// [`crate::status::health`], to its end.
pub fn health(url: &str, now: Millis, timeout: Duration) -> Result<Health, String> {
    block_on(crate::status::health(url, now, timeout))
}

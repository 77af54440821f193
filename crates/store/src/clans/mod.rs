//! Crystal Clans matches in the store: a match's rows and the SQL its queries share
//! (`rows.rs`), a match created, loaded (from its snapshot, or replayed) and its terms
//! (`matches.rs`), its part of the event log and a match finished with its result
//! (`submit.rs`), and takebacks in the log (`takeback.rs`). Crystallo games sit beside
//! them (`crate::crystallo`); both are saved by the one event log (`crate::log`).

pub(crate) mod matches;
pub(crate) mod rows;
pub(crate) mod submit;
pub mod takeback;

//! The store's operations as commands of the shipped binary (`verify`, `status`,
//! `backup`): the store returns typed results; these modules print them and choose the
//! exit code. Part of the binary (src/main.rs), not of the library.

pub mod backup;
pub mod status;
pub mod verify;

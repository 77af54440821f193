//! Server leagues: round robin or Swiss events whose rounds the bot pairs, starts and
//! scores. `pairing` and `standings` are the pure rules (unit-tested beside them).

pub mod pairing;
pub mod standings;

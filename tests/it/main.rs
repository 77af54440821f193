//! The bot's integration tests, one binary (each of Cargo's test binaries links the
//! whole bot again): one module per concern. The fault-injection suite, which stops the
//! shared PostgreSQL server and fills disks, is a binary of its own (tests/store_faults/)
//! so no other test runs while a fault is in place. Helpers: tests/support.

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod app;
mod app_abuse;
mod app_league;
mod app_ratings;
mod away;
mod click_cost;
mod community_transcript;
mod crystallo_app;
mod crystallo_clicks;
mod crystallo_discord;
mod crystallo_learn;
mod crystallo_store;
mod crystallo_transcript;
mod directory;
mod discord_abuse;
mod discord_admin;
mod discord_analysis;
mod discord_autocomplete;
mod discord_bench;
mod discord_e2e;
mod discord_follow;
mod discord_forget;
mod discord_gateway;
mod discord_league;
mod discord_notes;
mod discord_panels;
mod discord_ratings;
mod discord_replay;
mod discord_takeback;
mod dockerfile;
mod export;
mod german;
mod german_match;
mod german_transcript;
mod i18n;
mod lifecycle;
mod narration;
mod notify;
mod operations;
mod pack;
mod pack_revisions;
mod panel;
mod panel_clicks;
mod render_german;
mod rules_pictures;
mod scheduler;
mod sharding;
mod store;
mod store_integrity;
mod store_league;
mod store_moderation;
mod store_privacy;
mod store_ratings;
mod store_takeback;
mod transcript;
mod upgrade;
mod zone_names;

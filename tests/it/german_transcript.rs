//! The whole match of `transcript.rs` in a server set to German between two players
//! set to German, drawn as each participant sees it and screenshotted the same way:
//! `target/tmp/transcript-de/` (the pages, `screens/*.png`), for people who read German
//! to look at what the bot says there.

use crate::transcript::a_whole_match_drawn;
use crystal_clans::i18n::Lang;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_in_german_drawn_and_screenshotted_per_participant() {
    a_whole_match_drawn("transcript-de", Lang::De).await;
}

//! Posting many outcomes at once (the scheduler's backlog): several channels side by
//! side, one post at a time per channel.
//!
//! One at a time per channel because Discord keeps a channel's messages in the order
//! they were sent and limits each channel separately (about 5 messages per 5 seconds):
//! a second post to a busy channel would only wait inside the HTTP client while holding
//! a place that a post to another channel could use. So outcomes for a busy channel
//! wait here, in order, and a slow or failing channel holds back no other.

use super::Outcome;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::time::Duration;
use tokio::sync::mpsc;

/// Posts `rx`'s outcomes as they come with `post`, up to `at_once` at a time and one
/// at a time per channel (in arrival order), each given at most `limit` (a post that
/// hangs is dropped and frees its place). Takes in at most `4 * at_once` outcomes
/// ahead, so a full queue makes the senders wait. Ends when every sender is gone and
/// everything taken in was posted or given up.
pub async fn post_all<F, Fut>(
    mut rx: mpsc::Receiver<Outcome>,
    at_once: usize,
    limit: Duration,
    post: F,
) where
    F: Fn(Outcome) -> Fut,
    Fut: Future<Output = ()>,
{
    let at_once = at_once.max(1);
    let ahead = 4 * at_once;
    // Outcomes waiting per channel; the channels with a post in flight; the channels
    // with waiting outcomes and none in flight, oldest first.
    let mut waiting: HashMap<Option<u64>, VecDeque<Outcome>> = HashMap::new();
    let mut busy: HashSet<Option<u64>> = HashSet::new();
    let mut ready: VecDeque<Option<u64>> = VecDeque::new();
    let mut queued = 0usize;
    let mut running = FuturesUnordered::new();
    let mut open = true;
    loop {
        while running.len() < at_once {
            let Some(channel) = ready.pop_front() else {
                break;
            };
            let Some(out) = waiting.get_mut(&channel).and_then(VecDeque::pop_front) else {
                continue;
            };
            queued -= 1;
            busy.insert(channel);
            let job = post(out);
            running.push(async move {
                if tokio::time::timeout(limit, job).await.is_err() {
                    tracing::warn!(?channel, "a scheduled post took too long: given up");
                }
                channel
            });
        }
        if !open && running.is_empty() && queued == 0 {
            return;
        }
        tokio::select! {
            got = rx.recv(), if open && queued < ahead => match got {
                Some(out) => {
                    let channel = out.channel;
                    let line = waiting.entry(channel).or_default();
                    line.push_back(out);
                    queued += 1;
                    if line.len() == 1 && !busy.contains(&channel) {
                        ready.push_back(channel);
                    }
                }
                None => open = false,
            },
            Some(channel) = running.next(), if !running.is_empty() => {
                busy.remove(&channel);
                if waiting.get(&channel).is_some_and(|line| !line.is_empty()) {
                    ready.push_back(channel);
                } else {
                    waiting.remove(&channel);
                }
            }
        }
    }
}

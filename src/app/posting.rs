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

/// The order of a match's public posts when several clicks post at once: each click
/// takes a ticket as it is answered (`PostOrder::ticket`, before the player can click
/// again) and posts when every earlier ticket of its match is done. Without it, two
/// clicks' posts waiting on the channel's rate limit went out in whatever order the
/// HTTP client woke them: "The battle is decided" before "The battle cards are
/// revealed!".
#[derive(Clone, Default)]
pub struct PostOrder(std::sync::Arc<std::sync::Mutex<HashMap<i64, Line>>>);

/// One match's tickets: the next to give, the one being served, those done early.
struct Line {
    next: u64,
    serving: tokio::sync::watch::Sender<u64>,
    done: std::collections::BTreeSet<u64>,
}

/// A place in a match's line of posts; done when dropped.
pub struct Ticket {
    order: PostOrder,
    match_id: i64,
    n: u64,
    serving: tokio::sync::watch::Receiver<u64>,
}

impl PostOrder {
    /// The next place in `match_id`'s line.
    pub fn ticket(&self, match_id: i64) -> Ticket {
        let mut lines = self.0.lock().unwrap();
        let line = lines.entry(match_id).or_insert_with(|| Line {
            next: 0,
            serving: tokio::sync::watch::channel(0).0,
            done: Default::default(),
        });
        let n = line.next;
        line.next += 1;
        Ticket {
            order: self.clone(),
            match_id,
            n,
            serving: line.serving.subscribe(),
        }
    }
}

impl Ticket {
    /// Waits until every earlier ticket of the match is done.
    pub async fn turn(&mut self) {
        let n = self.n;
        // The sender lives while this ticket does (its line is removed only when empty).
        let _ = self.serving.wait_for(|&s| s >= n).await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut lines = self.order.0.lock().unwrap();
        let Some(line) = lines.get_mut(&self.match_id) else {
            return;
        };
        line.done.insert(self.n);
        let mut serving = *line.serving.borrow();
        while line.done.remove(&serving) {
            serving += 1;
        }
        line.serving.send_replace(serving);
        if serving == line.next {
            lines.remove(&self.match_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Posts go in ticket order, whichever click is ready first; a ticket dropped
    /// without posting lets the next go; an idle match's line is gone.
    #[tokio::test]
    async fn a_match_posts_in_ticket_order() {
        let order = PostOrder::default();
        let posted = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut first = order.ticket(7);
        let mut second = order.ticket(7);
        let skipped = order.ticket(7);
        let mut third = order.ticket(7);
        let mut other = order.ticket(8);
        // Another match's line is its own.
        other.turn().await;
        drop(other);
        let p = posted.clone();
        let late = tokio::spawn(async move {
            third.turn().await;
            p.lock().unwrap().push(3);
        });
        let p = posted.clone();
        let early = tokio::spawn(async move {
            second.turn().await;
            p.lock().unwrap().push(2);
        });
        drop(skipped);
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(posted.lock().unwrap().is_empty(), "nobody before the first");
        first.turn().await;
        posted.lock().unwrap().push(1);
        drop(first);
        early.await.unwrap();
        late.await.unwrap();
        assert_eq!(*posted.lock().unwrap(), [1, 2, 3]);
        assert!(order.0.lock().unwrap().is_empty(), "the lines are gone");
    }
}

//! A graceful stop (SIGTERM from a container runtime or systemd, or Ctrl-C): the gateway
//! is closed so no new interaction arrives, anything that arrived but had not started is
//! dropped unanswered (Discord tells the user it failed; nothing changed), the work in
//! flight (interactions being answered, the scheduler's tick and its queued posts)
//! finishes, then the store closes.

use std::time::Duration;
use tokio::sync::watch;

/// How long a stop waits for the work in flight; a container runtime's own grace period
/// should be longer (compose.yaml gives 30 s).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(20);

/// The bot's work in flight, and whether it is stopping. Cheap to clone.
#[derive(Clone)]
pub struct InFlight {
    busy: watch::Sender<usize>,
    closing: watch::Sender<bool>,
}

impl Default for InFlight {
    fn default() -> InFlight {
        InFlight {
            busy: watch::Sender::new(0),
            closing: watch::Sender::new(false),
        }
    }
}

impl std::fmt::Debug for InFlight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InFlight")
            .field("busy", &*self.busy.borrow())
            .field("closing", &*self.closing.borrow())
            .finish()
    }
}

/// Held while one piece of work runs.
pub struct Busy(watch::Sender<usize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n -= 1);
    }
}

impl InFlight {
    /// Starts a piece of work, or `None` once the bot is stopping. Counted before the
    /// check, so a stop that waits for the count to reach zero cannot miss it.
    pub fn enter(&self) -> Option<Busy> {
        self.busy.send_modify(|n| *n += 1);
        let busy = Busy(self.busy.clone());
        if *self.closing.borrow() {
            return None;
        }
        Some(busy)
    }

    /// No new work from now on.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    pub fn is_closing(&self) -> bool {
        *self.closing.borrow()
    }

    /// Resolves once [`InFlight::close`] was called.
    pub async fn closed(&self) {
        let mut rx = self.closing.subscribe();
        let _ = rx.wait_for(|c| *c).await;
    }

    /// Waits until no work is in flight or `limit` passed; how many pieces were still
    /// running (0: all finished).
    pub async fn finish(&self, limit: Duration) -> usize {
        let mut rx = self.busy.subscribe();
        let _ = tokio::time::timeout(limit, rx.wait_for(|n| *n == 0)).await;
        *self.busy.borrow()
    }
}

/// How long the gateway may take to close after a stop before the bot goes on without
/// it. Serenity's `shutdown_all` returns at once when a shard is between connections (its
/// runner is gone while it retries), and `Client::start` then never returns: a stop that
/// waited for it ignored SIGTERM until killed whenever Discord was unreachable.
pub const GATEWAY_CLOSE_LIMIT: Duration = Duration::from_secs(5);

/// SIGTERM and SIGINT (Ctrl-C), listened to from creation on, so a second signal that
/// comes while the first stop runs is not missed.
pub struct Signals {
    #[cfg(unix)]
    unix: Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>,
}

impl Signals {
    /// Installs the handlers (inside a Tokio runtime).
    pub fn listen() -> Signals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let unix = match (
                signal(SignalKind::terminate()),
                signal(SignalKind::interrupt()),
            ) {
                (Ok(term), Ok(int)) => Some((term, int)),
                _ => None,
            };
            Signals { unix }
        }
        #[cfg(not(unix))]
        Signals {}
    }

    /// The next signal's name.
    pub async fn recv(&mut self) -> &'static str {
        #[cfg(unix)]
        if let Some((term, int)) = &mut self.unix {
            return tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            };
        }
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// Waits for a first signal and returns its name; a second one ends the process at once
/// (exit code 1) whatever the stop is waiting for, as an operator who presses Ctrl-C
/// twice expects.
pub fn first_signal() -> tokio::sync::oneshot::Receiver<&'static str> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let mut signals = Signals::listen();
    tokio::spawn(async move {
        let first = signals.recv().await;
        let _ = tx.send(first);
        let second = signals.recv().await;
        tracing::warn!("{second} during the stop: exiting at once");
        std::process::exit(1);
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stop_refuses_new_work_and_waits_for_the_work_in_flight() {
        let work = InFlight::default();
        let running = work.enter().expect("work starts before the stop");
        work.close();
        assert!(work.enter().is_none(), "nothing new after the stop");
        assert_eq!(
            work.finish(Duration::from_millis(50)).await,
            1,
            "still running"
        );
        let done = tokio::spawn({
            let work = work.clone();
            async move { work.finish(Duration::from_secs(10)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(running);
        assert_eq!(done.await.unwrap(), 0, "finished once the work ended");
        tokio::time::timeout(Duration::from_secs(1), work.closed())
            .await
            .expect("closed() resolves after close()");
    }
}

//! What a test reads of the bot's traffic: the recorded requests, waits for one (each
//! request looked at once; by interaction token or channel, see the module's notes),
//! the bot's acknowledgement and answer to an interaction, the messages a user is
//! shown, rate limiting, latencies and the API violations. Kept apart from sending:
//! these only read what the REST routes recorded (`record.rs`).

use super::{Fake, Message, Recorded, SentInteraction, Violation};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl Fake {
    /// When the interaction with this token was sent to the bot.
    pub fn sent_at(&self, token: &str) -> Option<Instant> {
        self.shared.interactions.get(token).map(|i| i.at)
    }

    /// How many requests were refused for their rate limit (429).
    pub fn rate_limited(&self) -> u64 {
        self.shared.rate_limited.load(Ordering::SeqCst)
    }

    /// Every request the bot made that Discord would refuse (each answered 400 with
    /// code 50035), and every answer or event of the fake's own that breaks the spec.
    pub fn violations(&self) -> Vec<Violation> {
        self.shared.violations.lock().unwrap().clone()
    }

    /// Panics, printing each request and what was wrong with it, if anything broke
    /// Discord's API: a test calls this at its end (the bot may have swallowed the 400).
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        if !v.is_empty() {
            let all: Vec<String> = v.iter().map(ToString::to_string).collect();
            panic!(
                "{} request(s) broke Discord's API:\n{}",
                v.len(),
                all.join("\n")
            );
        }
    }

    /// Milliseconds from sending each interaction to the bot's acknowledgement
    /// (its interaction callback), sorted.
    pub fn ack_latencies(&self) -> Vec<f64> {
        let log = self.shared.log.lock().unwrap();
        let mut out: Vec<f64> = log
            .requests
            .iter()
            .filter(|r| r.ok() && r.path.ends_with("/callback"))
            .filter_map(|r| {
                let token = r.path.rsplit('/').nth(1)?;
                let t0 = self.shared.interactions.get(token)?.at;
                Some(r.at.duration_since(t0).as_secs_f64() * 1000.0)
            })
            .collect();
        drop(log);
        out.sort_by(|a, b| a.total_cmp(b));
        out
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.log.lock().unwrap().requests.clone()
    }

    /// Every interaction sent to the bot so far, in order.
    pub fn interactions(&self) -> Vec<SentInteraction> {
        self.shared.log.lock().unwrap().history.clone()
    }

    /// The user (id) who sent the interaction with this token.
    pub fn interaction_user(&self, token: &str) -> Option<u64> {
        let log = self.shared.log.lock().unwrap();
        let i = log.history.iter().find(|i| i.token() == token)?;
        i.user()["id"].as_str()?.parse().ok()
    }

    pub fn since(&self, n: usize) -> Vec<Recorded> {
        self.shared.log.lock().unwrap().requests[n..].to_vec()
    }

    pub fn count(&self) -> usize {
        self.shared.log.lock().unwrap().requests.len()
    }

    /// Waits for a request matching `f` (made at any time), up to `secs`; panics with
    /// the list of requests when none came.
    pub async fn wait_for(&self, f: impl Fn(&Recorded) -> bool, secs: u64) -> Recorded {
        match self.try_wait_for(f, Duration::from_secs(secs)).await {
            Ok(r) => r,
            Err(_) => panic!(
                "no matching request; the bot made: {:#?}",
                self.requests()
                    .iter()
                    .map(|r| format!("{} {}", r.method, r.path))
                    .collect::<Vec<_>>()
            ),
        }
    }

    /// Waits for a request matching `f` (made at any time), up to `timeout`. Each
    /// request is looked at once.
    pub async fn try_wait_for(
        &self,
        f: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Result<Recorded, String> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut seen = 0;
        loop {
            let more = self.shared.any.notified();
            tokio::pin!(more);
            more.as_mut().enable();
            {
                let log = self.shared.log.lock().unwrap();
                if let Some(r) = log.requests[seen..].iter().find(|r| f(r)) {
                    return Ok(r.clone());
                }
                seen = log.requests.len();
            }
            if tokio::time::timeout_at(deadline, more).await.is_err() {
                return Err(format!("no matching request within {timeout:?}"));
            }
        }
    }

    /// Waits up to `timeout` for a request about `key` (an interaction token, or a
    /// channel id: see the module's notes) that matches `f`, made at any time. Only
    /// that key's requests are looked at, each once.
    pub async fn try_wait_key(
        &self,
        key: &str,
        f: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Result<Recorded, String> {
        let deadline = tokio::time::Instant::now() + timeout;
        let wake = {
            let mut log = self.shared.log.lock().unwrap();
            log.wake.entry(key.to_string()).or_default().clone()
        };
        let mut seen = 0;
        loop {
            let more = wake.notified();
            tokio::pin!(more);
            more.as_mut().enable();
            {
                let log = self.shared.log.lock().unwrap();
                if let Some(list) = log.by_key.get(key) {
                    if let Some(&i) = list[seen..].iter().find(|&&i| f(&log.requests[i])) {
                        return Ok(log.requests[i].clone());
                    }
                    seen = list.len();
                }
            }
            if tokio::time::timeout_at(deadline, more).await.is_err() {
                return Err(format!(
                    "no matching request about `{key}` within {timeout:?}"
                ));
            }
        }
    }

    /// The bot's acknowledgement of the interaction `token` (its callback).
    pub async fn try_ack(&self, token: &str, timeout: Duration) -> Result<Recorded, String> {
        self.try_wait_key(
            token,
            |r| r.method == "POST" && r.path.ends_with("/callback"),
            timeout,
        )
        .await
    }

    /// The choices the bot offered for the autocomplete interaction `token`, as
    /// (name, value) pairs in the order Discord shows them.
    pub async fn try_choices(
        &self,
        token: &str,
        timeout: Duration,
    ) -> Result<Vec<(String, Value)>, String> {
        let r = self.try_ack(token, timeout).await?;
        if r.status >= 300 || r.json["type"] != 8 {
            return Err(format!("not choices ({}): {}", r.status, r.json));
        }
        let choices = r.json["data"]["choices"].as_array().cloned();
        Ok(choices
            .unwrap_or_default()
            .into_iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_string(),
                    c["value"].clone(),
                )
            })
            .collect())
    }

    /// The bot's first message for the interaction `token` after its acknowledgement:
    /// an edit of its original message (filling a deferral, or updating the panel
    /// clicked) or a follow-up.
    pub async fn try_answer(&self, token: &str, timeout: Duration) -> Result<Recorded, String> {
        self.try_wait_key(
            token,
            |r| {
                r.path.starts_with("/api/v10/webhooks/")
                    && (r.method == "POST"
                        || (r.method == "PATCH" && r.path.ends_with("/@original")))
            },
            timeout,
        )
        .await
    }

    /// The private messages `user` was shown by answers to interactions, each as it is
    /// now (after its edits), oldest first: the panels they have, and the notes.
    pub fn private_messages(&self, user: u64) -> Vec<Message> {
        let log = self.shared.log.lock().unwrap();
        let mut out: Vec<Message> = log
            .messages
            .values()
            .filter(|m| m.only_for == Some(user))
            .cloned()
            .collect();
        out.sort_by_key(|m| m.id);
        out
    }

    /// An interaction message as it is now.
    pub fn message(&self, id: u64) -> Option<Message> {
        self.shared.log.lock().unwrap().messages.get(&id).cloned()
    }
}

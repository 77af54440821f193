//! Discord's per-route rate limits: each bucket lets `limit` requests through per
//! window (the window starts with its first request), says so in the
//! `X-RateLimit-*` headers of every answer, and answers 429 with `retry_after` past it.
//! Messages posted to one channel share a bucket of 5 per 5 seconds, as on Discord;
//! other routes get a looser bucket per route and major id, so the headers are always
//! there for serenity's ratelimiter to follow.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Posts to one channel: 5 per 5 seconds.
pub const CHANNEL_POSTS: (u32, Duration) = (5, Duration::from_secs(5));
/// Every other route, per route and major id.
const OTHER: (u32, Duration) = (50, Duration::from_secs(1));

struct Window {
    start: Instant,
    used: u32,
}

pub(super) struct Buckets {
    windows: Mutex<HashMap<String, Window>>,
    /// Windows last `1 / speed` of Discord's (see [`super::Fake::speed_up_rate_limits`]).
    speed: AtomicU32,
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets {
            windows: Mutex::default(),
            speed: AtomicU32::new(1),
        }
    }
}

/// The answer's rate limit headers, and whether it was refused (429).
pub(super) struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    /// Seconds to wait when refused.
    pub retry_after: Option<f64>,
}

/// The bucket of a request (its path split after `/api/v10/`) and its limit.
fn bucket(method: &str, p: &[&str]) -> (String, (u32, Duration)) {
    match (method, p) {
        ("POST", ["channels", ch, "messages"]) => (format!("channel-posts:{ch}"), CHANNEL_POSTS),
        _ => {
            // The route with its ids blanked, except the major one (the first id).
            let mut key = method.to_string();
            let mut major = true;
            for s in p {
                let id = s.chars().all(|c| c.is_ascii_digit()) || s.len() > 40;
                key.push('/');
                if id && !major {
                    key.push_str("{id}");
                } else {
                    major &= !id;
                    key.push_str(s);
                }
            }
            (key, OTHER)
        }
    }
}

impl Buckets {
    pub(super) fn set_speed(&self, speed: u32) {
        self.speed.store(speed.max(1), Ordering::SeqCst);
    }

    /// Counts a request to `p` at `now`.
    pub(super) fn take(&self, method: &str, p: &[&str], now: Instant) -> Verdict {
        let (key, (limit, period)) = bucket(method, p);
        let period = period / self.speed.load(Ordering::SeqCst);
        let mut windows = self.windows.lock().unwrap();
        let w = windows.entry(key.clone()).or_insert(Window {
            start: now,
            used: 0,
        });
        if now.duration_since(w.start) >= period {
            *w = Window {
                start: now,
                used: 0,
            };
        }
        let left = period.saturating_sub(now.duration_since(w.start));
        let refused = w.used >= limit;
        if !refused {
            w.used += 1;
        }
        let reset = SystemTime::now() + left;
        let reset = reset.duration_since(UNIX_EPOCH).unwrap_or_default();
        let headers = vec![
            ("x-ratelimit-limit", limit.to_string()),
            ("x-ratelimit-remaining", (limit - w.used).to_string()),
            ("x-ratelimit-reset", format!("{:.3}", reset.as_secs_f64())),
            (
                "x-ratelimit-reset-after",
                format!("{:.3}", left.as_secs_f64()),
            ),
            ("x-ratelimit-bucket", format!("{:016x}", fnv(&key))),
        ];
        Verdict {
            headers,
            retry_after: refused.then_some(left.as_secs_f64()),
        }
    }
}

/// A stable opaque bucket id (Discord's are hashes too).
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_post_to_a_channel_within_five_seconds_is_refused_until_the_window_ends() {
        let b = Buckets::default();
        let t0 = Instant::now();
        let p = ["channels", "5", "messages"];
        for i in 0..5 {
            let v = b.take("POST", &p, t0 + Duration::from_millis(i * 10));
            assert!(v.retry_after.is_none());
            assert_eq!(v.headers[1].1, (4 - i).to_string());
        }
        let v = b.take("POST", &p, t0 + Duration::from_secs(1));
        let wait = v.retry_after.expect("refused");
        assert!((wait - 4.0).abs() < 0.01, "{wait}");
        // Another channel has its own bucket; the first one opens again after 5 s.
        let other = ["channels", "6", "messages"];
        assert!(
            b.take("POST", &other, t0 + Duration::from_secs(1))
                .retry_after
                .is_none()
        );
        assert!(
            b.take("POST", &p, t0 + Duration::from_secs(5))
                .retry_after
                .is_none()
        );
    }
}

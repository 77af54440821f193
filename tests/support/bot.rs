//! The real bot (`discord::client`) against a fresh fake Discord on loopback, for the
//! end-to-end tests.

use crystal_clans::app::App;
use crystal_clans::discord::{self, BotOptions, Clock};
use crystal_clans::store::Store;
use crystal_clans_testkit::fake_discord::{Fake, TOKEN};
use std::sync::Arc;
use std::time::Duration;

pub struct Bot {
    pub fake: Fake,
    /// Fails the test, when the bot is dropped without [`Bot::stop`], if any request
    /// broke Discord's API.
    _check: Check,
    pub app: App,
    /// The store the app was built on: the test reads what the bot saved through it.
    pub store: Store,
    pub task: tokio::task::JoinHandle<()>,
    pub shards: Arc<poise::serenity_prelude::ShardManager>,
}

impl Bot {
    /// Starts the bot with its timer ticking every `tick` on `clock`, once the fake has
    /// seen it identify.
    /// `store` is the one `app` was built on.
    pub async fn start(app: App, store: Store, tick: Duration, clock: Clock) -> Bot {
        Bot::start_on(Fake::start().await, app, store, (tick, clock), false).await
    }

    /// [`Bot::start`] against `fake` (set up by the test first), with the commands
    /// offered to users' own installs or not (`CLANS_USER_INSTALL`).
    pub async fn start_on(
        fake: Fake,
        app: App,
        store: Store,
        (tick, clock): (Duration, Clock),
        user_install: bool,
    ) -> Bot {
        let opts = BotOptions {
            token: TOKEN.into(),
            api_base: Some(fake.api.clone()),
            tick,
            clock,
            user_install,
        };
        let mut client = discord::client(app.clone(), &opts)
            .await
            .expect("client builds");
        let shards = client.shard_manager.clone();
        let task = tokio::spawn(async move {
            let _ = discord::start(&mut client).await;
        });
        fake.wait_ready().await;
        Bot {
            _check: Check(fake.clone()),
            fake,
            app,
            store,
            task,
            shards,
        }
    }

    /// Stops the bot process (its gateway connection and its tasks); fails the test if
    /// any request broke Discord's API (printing each and why).
    pub async fn stop(self) {
        self.fake.assert_no_violations();
        assert_battles_before_their_boards(&self.fake);
        self.shards.shutdown_all().await;
        self.task.abort();
        self.fake.disconnect();
    }
}

/// Asserts at the end of a test that every request passed Discord's checks (unless the
/// test is already failing).
pub struct Check(pub Fake);

impl Drop for Check {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            self.0.assert_no_violations();
            assert_battles_before_their_boards(&self.0);
        } else {
            // The test failed already: say whether a refused request was the cause.
            for v in self.0.violations() {
                eprintln!("{v}");
            }
        }
    }
}

/// The match and version an image of a match was drawn at, from its file name
/// (`battle-1-v33.png`, `match-1-v33.png`), and whether it is a battle's.
fn drawn_at(file: &str) -> Option<(bool, i64, i64)> {
    let (battle, rest) = match file.strip_prefix("battle-") {
        Some(rest) => (true, rest),
        None => (false, file.strip_prefix("match-")?),
    };
    let (id, version) = rest.strip_suffix(".png")?.split_once("-v")?;
    Some((battle, id.parse().ok()?, version.parse().ok()?))
}

/// A battle's picture is posted before the board that follows it: no board of its match
/// at its version or later was posted earlier (a reader sees the battle, then where it
/// left the board).
pub fn assert_battles_before_their_boards(fake: &Fake) {
    let drawn: Vec<(bool, i64, i64)> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST")
        .flat_map(|r| r.files.iter().filter_map(|(name, _)| drawn_at(name)))
        .collect();
    for (i, &(battle, id, version)) in drawn.iter().enumerate() {
        if !battle {
            continue;
        }
        let early = drawn[..i]
            .iter()
            .find(|&&(b, m, v)| !b && m == id && v >= version);
        assert!(
            early.is_none(),
            "the battle of match {id} at version {version} was posted after its board {early:?}"
        );
        // A battle's pictures in the order of its inputs (regression: under the
        // channel's rate limit, "The battle is decided" came before "The battle cards
        // are revealed!", each posted by its own click).
        let later = drawn[..i]
            .iter()
            .find(|&&(b, m, v)| b && m == id && v > version);
        assert!(
            later.is_none(),
            "the battle of match {id} at version {version} was posted after {later:?}"
        );
    }
}

/// Only the latest board of each match keeps its buttons: each earlier board post of
/// the match was edited to none (regression: a finished match's earlier boards offered
/// Resign). Waits up to `secs` for the edit that follows each post. Returns how many
/// boards were cleared.
pub async fn assert_only_the_latest_boards_have_buttons(fake: &Fake, secs: u64) -> usize {
    use crystal_clans::app::ids::{CustomId, Verb};
    let boards = |reqs: &[crystal_clans_testkit::fake_discord::Recorded]| {
        let mut out: Vec<(i64, String)> = Vec::new();
        for r in reqs.iter().filter(|r| r.is_channel_post()) {
            let of = r.custom_ids().iter().find_map(|id| {
                let id = CustomId::parse(id)?;
                matches!(id.verb, Verb::Resign | Verb::Rematch).then_some(id.match_id)
            });
            if let Some(m) = of {
                out.push((m, format!("{}/{}", r.path, r.reply_id)));
            }
        }
        out
    };
    let stale = || {
        let reqs = fake.requests();
        let cleared: Vec<&str> = reqs
            .iter()
            .filter(|r| r.ok() && r.method == "PATCH")
            .filter(|r| r.json.get("components") == Some(&serde_json::json!([])))
            .map(|r| r.path.as_str())
            .collect();
        let all = boards(&reqs);
        all.iter()
            .enumerate()
            .filter(|(i, (m, _))| all[i + 1..].iter().any(|(n, _)| n == m))
            .filter(|(_, (_, at))| !cleared.iter().any(|p| p.ends_with(at.as_str())))
            .map(|(_, b)| b.clone())
            .collect::<Vec<_>>()
    };
    let until = std::time::Instant::now() + Duration::from_secs(secs);
    while !stale().is_empty() && std::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let left = stale();
    assert!(
        left.is_empty(),
        "earlier boards kept their buttons: {left:?}"
    );
    let reqs = fake.requests();
    let all = boards(&reqs);
    (0..all.len())
        .filter(|&i| all[i + 1..].iter().any(|(n, _)| *n == all[i].0))
        .count()
}

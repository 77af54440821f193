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
        let fake = Fake::start().await;
        let opts = BotOptions {
            token: TOKEN.into(),
            api_base: Some(fake.api.clone()),
            tick,
            clock,
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
        } else {
            // The test failed already: say whether a refused request was the cause.
            for v in self.0.violations() {
                eprintln!("{v}");
            }
        }
    }
}

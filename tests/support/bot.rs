//! The real bot (`discord::client`) against a fresh fake Discord on loopback, for the
//! end-to-end test binaries.

use crystal_clans::app::App;
use crystal_clans::discord::{self, BotOptions, Clock};
use crystal_clans::fake_discord::{Fake, TOKEN};
use std::sync::Arc;
use std::time::Duration;

pub struct Bot {
    pub fake: Fake,
    pub app: App,
    pub task: tokio::task::JoinHandle<()>,
    pub shards: Arc<poise::serenity_prelude::ShardManager>,
}

impl Bot {
    /// Starts the bot with its timer ticking every `tick` on `clock`, once the fake has
    /// seen it identify.
    pub async fn start(app: App, tick: Duration, clock: Clock) -> Bot {
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
            fake,
            app,
            task,
            shards,
        }
    }

    /// Stops the bot process (its gateway connection and its tasks).
    pub async fn stop(self) {
        self.shards.shutdown_all().await;
        self.task.abort();
        self.fake.disconnect();
    }
}

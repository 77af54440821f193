//! Who may do what, through the real bot and the fake Discord (which applies Discord's
//! rule that the first follow-up after a deferral takes the deferral's visibility):
//! refusals reach only the person who asked, a board repost pings nobody and is for
//! players or the match's server, and rate limits answer "slow down" privately.

use crystal_clans::app::limits::{LimitConfig, Policy, Rate};
use crystal_clans::app::{App, Challenge, Place};
use crystal_clans::discord::Clock;
use crystal_clans::store::now_ms;
use crystal_clans_testkit::fake_discord::{CHANNEL, GUILD, Origin, Recorded};
use serde_json::{Value, json};
use std::time::Duration;

use crate::support;
use support::bot::Bot;
use support::scratch_store as scratch;

const ANA: u64 = 731_000_000_000_000_001;
const BEN: u64 = 731_000_000_000_000_002;
const EVE: u64 = 731_000_000_000_000_003;
const OTHER_GUILD: u64 = 711_000_000_000_000_001;
const OTHER_CHANNEL: u64 = 721_000_000_000_000_001;
const DM_CHANNEL: u64 = 722_000_000_000_000_001;

impl Bot {
    /// Sends `/clans <sub>` and returns everything the bot said about it: its
    /// acknowledgement, its follow-ups, and every channel post made meanwhile, once
    /// the bot has answered (a follow-up, or a callback that is a whole message).
    /// Waits for `posts` channel posts too.
    async fn command(
        &self,
        origin: Origin,
        user: u64,
        sub: &str,
        options: Value,
        posts: usize,
    ) -> Said {
        let before = self.fake.count();
        let t = self
            .fake
            .command_in(origin, user, "someone", sub, options, false);
        let ack = self
            .fake
            .try_ack(&t, Duration::from_secs(20))
            .await
            .expect("an acknowledgement");
        if ack.json["type"] == 5 {
            self.fake
                .try_answer(&t, Duration::from_secs(20))
                .await
                .expect("an answer after the deferral");
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while self
            .fake
            .since(before)
            .iter()
            .filter(|r| r.is_channel_post())
            .count()
            < posts
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{posts} posts expected"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Let anything more the bot would post arrive.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let said = self
            .fake
            .since(before)
            .into_iter()
            .filter(|r| r.path.contains(&t) || r.is_channel_post())
            .collect();
        Said(said)
    }
}

struct Said(Vec<Recorded>);

impl Said {
    /// Everything said about the command through its interaction (ack, follow-ups).
    fn answers(&self) -> impl Iterator<Item = &Recorded> {
        self.0.iter().filter(|r| !r.is_channel_post())
    }

    fn posts(&self) -> Vec<&Recorded> {
        self.0.iter().filter(|r| r.is_channel_post()).collect()
    }

    /// Asserts that the command was answered only privately, with `text`, and that
    /// nothing was posted for others.
    fn only_to_the_user(&self, text: &str) {
        assert!(self.posts().is_empty(), "posted: {:?}", self.posts());
        for r in self.answers() {
            assert!(
                r.ephemeral(),
                "{} {} is visible to everyone: {}",
                r.method,
                r.path,
                r.text()
            );
        }
        assert!(
            self.answers().any(|r| r.text().contains(text)),
            "no answer says `{text}`: {:?}",
            self.answers().map(Recorded::text).collect::<Vec<_>>()
        );
    }
}

fn here() -> Origin {
    Origin::Guild(GUILD, CHANNEL)
}

/// Ana against Ben, in the fake's server.
async fn a_match(app: &App) -> i64 {
    let now = now_ms();
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan: false,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: now + 60_000,
    };
    let place = Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    };
    app.challenges
        .accept(c, BEN, place, None, now)
        .await
        .created
        .expect("a match")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_seen_only_by_whoever_asked() {
    let store = scratch("private").await;
    // No AI plugged in: `play-ai` is refused after its deferral.
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Clock::default(),
    )
    .await;
    let said = bot
        .command(
            here(),
            EVE,
            "card",
            json!([{"name": "name", "type": 3, "value": "nosuchcard"}]),
            0,
        )
        .await;
    said.only_to_the_user("No card called `nosuchcard`");
    let said = bot
        .command(
            here(),
            EVE,
            "board",
            json!([{"name": "game", "type": 4, "value": 999}]),
            0,
        )
        .await;
    said.only_to_the_user("does not exist");
    let said = bot.command(here(), EVE, "play-ai", json!([]), 0).await;
    said.only_to_the_user("not available");
    // A card that exists is for everyone.
    let name = bot.app.rules().pack.cards[0].name.clone();
    let said = bot
        .command(
            here(),
            EVE,
            "card",
            json!([{"name": "name", "type": 3, "value": name}]),
            0,
        )
        .await;
    let shown: Vec<&Recorded> = said
        .answers()
        .filter(|r| r.text().contains(&name))
        .collect();
    assert!(!shown.is_empty() && shown.iter().all(|r| !r.ephemeral()));
    bot.stop().await;
}

/// The users a post may notify (Discord's `allowed_mentions`).
fn pinged(r: &Recorded) -> Vec<String> {
    let am = &r.json["allowed_mentions"];
    assert!(
        am.is_object(),
        "every post says whom it may ping: {}",
        r.text()
    );
    assert!(
        am["parse"].as_array().is_none_or(|p| p.is_empty()),
        "no @everyone or roles: {am}"
    );
    am["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_repost_is_for_players_or_the_server_and_pings_nobody() {
    let store = scratch("repost").await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Clock::default(),
    )
    .await;
    let id = a_match(&bot.app).await;
    let game = json!([{"name": "game", "type": 4, "value": id}]);
    // Eve is on the match's server: she may repost it here.
    let said = bot.command(here(), EVE, "board", game.clone(), 1).await;
    let posts = said.posts();
    assert_eq!(posts.len(), 1, "one board");
    let post = posts[0];
    assert!(post.path.contains(&CHANNEL.to_string()));
    assert!(post.text().contains(&format!("Match #{id}")));
    assert!(
        post.custom_ids().iter().any(|c| c.contains(":turn")),
        "with its buttons"
    );
    assert!(pinged(post).is_empty(), "a repost pings nobody");
    assert!(said.answers().all(Recorded::ephemeral));
    // From another server, Eve may not; Ben, a player, may.
    let there = Origin::Guild(OTHER_GUILD, OTHER_CHANNEL);
    let said = bot.command(there, EVE, "board", game.clone(), 0).await;
    said.only_to_the_user("only its players");
    let said = bot.command(there, BEN, "board", game.clone(), 1).await;
    assert_eq!(said.posts().len(), 1);
    assert!(said.posts()[0].path.contains(&OTHER_CHANNEL.to_string()));
    assert!(pinged(said.posts()[0]).is_empty());
    // In a direct message: players only.
    let said = bot
        .command(Origin::Dm(DM_CHANNEL), EVE, "board", game.clone(), 0)
        .await;
    said.only_to_the_user("only its players");
    let said = bot
        .command(Origin::Dm(DM_CHANNEL), ANA, "board", game, 1)
        .await;
    assert_eq!(said.posts().len(), 1);
    assert!(said.posts()[0].path.contains(&DM_CHANNEL.to_string()));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_reposts_get_a_private_slow_down() {
    let rate = Rate {
        max: 2,
        window_ms: 60_000,
    };
    let policy = Policy {
        per_user: rate,
        per_server: rate,
    };
    let limits = LimitConfig {
        board: policy,
        ..LimitConfig::default()
    };
    let store = scratch("slow").await;
    let app = App::new(store.clone())
        .with_seeds(1)
        .without_images()
        .with_limits(limits);
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Clock::default(),
    )
    .await;
    let id = a_match(&bot.app).await;
    let game = json!([{"name": "game", "type": 4, "value": id}]);
    for _ in 0..2 {
        assert_eq!(
            bot.command(here(), ANA, "board", game.clone(), 1)
                .await
                .posts()
                .len(),
            1
        );
    }
    let said = bot.command(here(), ANA, "board", game, 0).await;
    said.only_to_the_user("Slow down: you have started 2 board reposts in the last 1 minute");
    assert!(said.answers().any(|r| r.text().contains("try again in")));
    bot.stop().await;
}

/// The bug: an Accept button's custom id carried the challenge's terms and the bot
/// trusted them, so a forged one made a rated match its named challenger never offered
/// (with a timeout of 4,294,967,295 minutes, or an expiry that never lapses). The terms
/// are signed now: a forged, tampered or unreadable id gets a private "not valid" and
/// changes nothing, and the real button still works after them all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_or_tampered_challenge_buttons_change_nothing() {
    let store = scratch("forged").await;
    let app = App::new(store.clone()).with_seeds(1).without_images();
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Clock::default(),
    )
    .await;
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()}]),
        false,
    );
    let offered = fake.try_ack(&t, Duration::from_secs(20)).await.unwrap();
    let accept = offered
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .expect("an Accept button");
    assert!(accept.len() <= 100, "{accept}");
    let (terms, tag) = accept.rsplit_once('~').expect("signed");
    let far = now_ms() + 10 * 365 * 24 * 3_600_000;
    let forged = [
        // Made up from nothing: Eve as the challenger, a timeout of u32::MAX minutes.
        format!("clans:0:0:acc:{EVE}.{BEN}.0.1.0.{far}.4294967295"),
        // The real terms with the timeout stretched, under the real signature.
        format!("{terms}.4294967295~{tag}"),
        // Eve in place of the challenger, under the real signature.
        format!(
            "{}~{tag}",
            terms.replace(&ANA.to_string(), &EVE.to_string())
        ),
        // No signature.
        terms.to_string(),
    ];
    for id in &forged {
        let click = fake.click(BEN, "Ben", id, &[]);
        let said = fake
            .try_answer(&click, Duration::from_secs(20))
            .await
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(said.ephemeral(), "{id}");
        assert!(said.text().contains("not valid"), "{id}: {}", said.text());
    }
    // An id the bot cannot read at all: answered privately, not "interaction failed".
    let click = fake.click(BEN, "Ben", "clans:what:is:this", &[]);
    let said = fake.try_ack(&click, Duration::from_secs(20)).await.unwrap();
    assert!(said.ephemeral() && said.text().contains("no longer valid"));
    for user in [ANA, BEN, EVE] {
        assert!(
            bot.store
                .active_matches_of_user(user)
                .await
                .unwrap()
                .is_empty(),
            "no match from a forged button"
        );
    }
    let click = fake.click(BEN, "Ben", &accept, &[]);
    let said = fake
        .try_answer(&click, Duration::from_secs(20))
        .await
        .unwrap();
    assert!(said.text().contains("accepted"), "{}", said.text());
    let ben = bot.store.active_matches_of_user(BEN).await.unwrap();
    assert_eq!(ben.len(), 1, "the real button still works");
    assert!(ben[0].terms.timeout_minutes.is_none_or(|t| t <= 10_080));
    bot.stop().await;
}

/// Terms the bot signed itself are still bounded when read back, as the slash
/// command bounds them: a signature is not a licence for any value.
#[tokio::test]
async fn signed_terms_out_of_bounds_are_refused() {
    let store = scratch("bounded").await;
    let app = App::new(store.clone());
    let signer = app.signing.signer().await.unwrap().clone();
    let now = now_ms();
    let good = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), None],
        mulligan: false,
        timeout: Some(60),
        deadline_hour: None,
        bank_days: None,
        expires: now + 60_000,
    };
    let read = async |c: Challenge| {
        app.challenges
            .read_challenge(&signer.sign(&c.encode()), BEN, now)
            .await
    };
    assert_eq!(read(good).await, Ok(good));
    // A daily deadline's hour travels too (in place of the minutes).
    let daily = Challenge {
        timeout: None,
        deadline_hour: Some(7),
        ..good
    };
    assert!(daily.encode().ends_with(".d7"), "{}", daily.encode());
    assert_eq!(read(daily).await, Ok(daily));
    for bad in [
        Challenge {
            deadline_hour: Some(24),
            ..daily
        },
        Challenge {
            timeout: Some(0),
            ..good
        },
        Challenge {
            timeout: Some(10_081),
            ..good
        },
        Challenge {
            timeout: Some(u32::MAX),
            ..good
        },
        Challenge {
            expires: now + 24 * 3_600_000,
            ..good
        },
        Challenge {
            clans: [Some(200), None],
            ..good
        },
        Challenge {
            opponent: Some(ANA),
            ..good
        },
        Challenge {
            challenger: 7,
            ..good
        },
    ] {
        assert!(read(bad).await.is_err(), "{bad:?}");
    }
}

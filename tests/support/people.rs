//! People playing through the real bot against the fake Discord: the users, their
//! clicks on the board and in their panels, and the answers they get (shared by
//! the end-to-end tests).

use super::bot::Bot;
use super::scratch_store as scratch;
use crystal_clans::app::App;
use crystal_clans::discord::Clock;
use crystal_clans::game::Seat;
use crystal_clans::store::Store;
use crystal_clans_testkit::fake_discord::lively_pick as pick;
use crystal_clans_testkit::fake_discord::{CHANNEL, GUILD};
use crystal_clans_testkit::fake_discord::{Fake, Origin, Recorded};
use serde_json::json;
use std::time::Duration;

pub const ANA: u64 = 730_000_000_000_000_001;
pub const BEN: u64 = 730_000_000_000_000_002;
pub const EVE: u64 = 730_000_000_000_000_003;

/// Where people play: the fake Discord they click in and the bot's use cases on its
/// store (to read the match as the bot saved it). An in-process [`Bot`], or bot
/// processes sharing a store (`tests/it/sharding.rs`).
pub trait Table {
    fn fake(&self) -> &Fake;
    fn app(&self) -> &App;
    fn store(&self) -> &Store;
}

impl Table for Bot {
    fn fake(&self) -> &Fake {
        &self.fake
    }
    fn app(&self) -> &App {
        &self.app
    }
    fn store(&self) -> &Store {
        &self.store
    }
}

pub fn name(u: u64) -> &'static str {
    match u {
        ANA => "Ana",
        BEN => "Ben",
        _ => "Eve",
    }
}

pub async fn start_bot(tag: &str) -> Bot {
    let store = scratch(tag).await;
    let app = App::new(store.clone()).with_seeds(1);
    start_bot_with(app, store).await
}

/// The bot against a fake Discord whose rate limit windows are a thousandth of
/// Discord's (the buckets, headers, 429s and serenity's ratelimiter all run, but 5 posts
/// a channel per 5 ms): these tests click hundreds of times at machine speed, which no
/// player can. `bench discord` and `tests/it/discord_abuse.rs` keep Discord's pace.
pub async fn start_bot_clocked(app: App, store: Store, tick: Duration, clock: Clock) -> Bot {
    let bot = Bot::start(app, store, tick, clock).await;
    bot.fake.speed_up_rate_limits(1000);
    bot
}

/// The bot on `app`, built on `store`.
pub async fn start_bot_with(app: App, store: Store) -> Bot {
    start_bot_clocked(app, store, Duration::from_secs(3600), Clock::default()).await
}

/// Plays pseudo-random legal inputs through the bot until `until` holds.
pub async fn drive(
    bot: &impl Table,
    id: i64,
    max: usize,
    until: impl Fn(&crystal_clans::game::State) -> bool,
) {
    for step in 0..max {
        let l = bot.store().load(id).await.unwrap();
        if until(&l.state) || l.state.winner.is_some() {
            return;
        }
        let seat = l.state.waiting()[0];
        let legal = l.state.legal(bot.app().rules(), seat);
        let r = play(bot, id, l.info.version, user(seat), pick(&legal, step)).await;
        assert!(
            bot.store().info(id).await.unwrap().version > l.info.version,
            "the input was not applied: {}",
            r.text()
        );
    }
    panic!("`until` did not hold after {max} inputs");
}

/// The bot's answer to an interaction: the edit of its original message (the
/// deferral filled, or the panel clicked updated) or a follow-up.
pub async fn followup(fake: &Fake, token: &str) -> Recorded {
    match fake.try_answer(token, Duration::from_secs(20)).await {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

/// The deferral of an interaction must come first, and quickly.
pub async fn ack(fake: &Fake, token: &str) -> Recorded {
    fake.wait_for(
        |r| r.method == "POST" && r.path.ends_with(&format!("/{token}/callback")),
        5,
    )
    .await
}

/// `from` challenges `to` with `/clans challenge` (default terms); returns the
/// challenge's Accept button.
pub async fn challenge_button(fake: &Fake, from: u64, to: u64) -> String {
    let t = fake.command(
        from,
        name(from),
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": to.to_string()}]),
        false,
    );
    ack(fake, &t)
        .await
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":acc:"))
        .expect("an Accept button")
}

/// Challenge, accept: returns the match id.
pub async fn challenge_and_accept(bot: &Bot) -> i64 {
    challenge_and_accept_in(bot, Origin::Guild(GUILD, CHANNEL)).await
}

/// [`challenge_and_accept`] in another server's channel.
pub async fn challenge_and_accept_in(bot: &impl Table, origin: Origin) -> i64 {
    let fake = bot.fake();
    let t = fake.command_in(
        origin,
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BEN.to_string()},
               {"name": "clan", "type": 3, "value": "random"},
               {"name": "mulligan", "type": 5, "value": true}]),
        false,
    );
    let resp = ack(fake, &t).await;
    assert!(
        !resp.ephemeral(),
        "the challenge is public: {}",
        resp.text()
    );
    let ids = resp.custom_ids();
    let accept = ids
        .iter()
        .find(|i| i.contains(":acc:"))
        .expect("an Accept button")
        .clone();
    assert!(accept.len() <= 100);
    // Eve may not accept a challenge meant for Ben.
    let t = fake.click(EVE, "Eve", &accept, &[]);
    assert!(ack(fake, &t).await.ephemeral());
    assert!(followup(fake, &t).await.text().contains("someone else"));
    let before = bot.store().active_matches_of_user(BEN).await.unwrap();
    let t = fake.click(BEN, "Ben", &accept, &[]);
    ack(fake, &t).await;
    followup(fake, &t).await;
    let ms = bot.store().active_matches_of_user(BEN).await.unwrap();
    assert_eq!(ms.len(), before.len() + 1);
    let id = ms
        .iter()
        .find(|m| !before.iter().any(|b| b.id == m.id))
        .expect("the new match")
        .id;
    // The accept is answered before the match's thread is made and its opening board
    // posted: wait for that board, so callers find the match where it plays.
    let opening = format!("clans:{id}:0:");
    fake.try_wait_for(
        |r| r.is_channel_post() && r.custom_ids().iter().any(|c| c.starts_with(&opening)),
        Duration::from_secs(20),
    )
    .await
    .expect("the opening board is posted");
    // The challenge's post says it was accepted, without its terms or its buttons.
    let edited = fake
        .requests()
        .into_iter()
        .find(|r| {
            r.method == "PATCH"
                && r.path.contains("/channels/")
                && r.json["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&format!("#{id}.")))
        })
        .expect("the challenge's post is edited");
    assert_eq!(edited.json["embeds"], json!([]), "{}", edited.json);
    assert_eq!(edited.json["components"], json!([]), "{}", edited.json);
    id
}

pub fn user(seat: Seat) -> u64 {
    [ANA, BEN][seat as usize]
}

/// Opens the panel of `u` through the board's "Take your turn" button and returns it.
pub async fn panel(bot: &impl Table, id: i64, version: i64, u: u64) -> Recorded {
    let turn = format!("clans:{id}:{version}:turn");
    // A group DM's board is clicked there (the guild's channel is the fake's default).
    let info = bot.store().info(id).await.unwrap();
    let t = if info.reach == crystal_clans::store::Reach::Interactions {
        bot.fake().click_in(info.channel, u, name(u), &turn, &[])
    } else {
        bot.fake().click(u, name(u), &turn, &[])
    };
    assert!(ack(bot.fake(), &t).await.ephemeral());
    let p = followup(bot.fake(), &t).await;
    assert!(p.ephemeral(), "panels are private");
    p
}

/// The private message of `u` that is their latest panel of match `id` (opened from
/// the board when they have none yet).
pub async fn panel_of(bot: &impl Table, id: i64, u: u64) -> u64 {
    let mine = |fake: &Fake| {
        fake.private_messages(u)
            .into_iter()
            .rev()
            .find(|m| m.text().to_lowercase().contains(&format!("match #{id}")))
            .map(|m| m.id)
    };
    if let Some(m) = mine(bot.fake()) {
        return m;
    }
    let version = bot.store().info(id).await.unwrap().version;
    let p = panel(bot, id, version, u).await;
    p.message_id.expect("a panel is an interaction message")
}

/// Clicks `custom_id` in the panel of `u` (see [`panel_of`]); returns the token.
pub async fn click_panel(bot: &impl Table, id: i64, u: u64, custom_id: &str) -> String {
    let on = panel_of(bot, id, u).await;
    bot.fake().click_on(on, u, name(u), custom_id, &[])
}

/// Plays the choice `index` for `u` through their panel, composed part by part as a
/// person would ([`super::play::route`]: the action, the cards in one menu, where to, a
/// squad's order, the confirmation); returns the reply to the click that made it. A
/// click that cannot be composed (by someone not in the match, or with a `version` the
/// match has left) is the raw choice's id clicked in whatever panel they have, as an
/// old or forged button would be.
pub async fn play(bot: &impl Table, id: i64, version: i64, u: u64, index: usize) -> Recorded {
    let fake = bot.fake();
    let l = bot.store().load(id).await.unwrap();
    let seat = [0, 1]
        .into_iter()
        .find(|&s| l.info.seats[s].user() == Some(u));
    let (Some(seat), true) = (seat, l.info.version == version) else {
        let t = click_panel(bot, id, u, &format!("clans:{id}:{version}:in:{index}")).await;
        ack(fake, &t).await;
        return followup(fake, &t).await;
    };
    let rules = bot.app().rules();
    let lang = bot.app().directory.user_lang(u).await;
    let choices =
        crystal_clans::app::clans::panel::choices(lang, None, rules, &l.state, seat as Seat);
    let current = format!("clans:{id}:{version}:");
    let shows_now = |m: u64| {
        fake.message(m).is_some_and(|m| {
            super::play::clickables(&m.json)
                .iter()
                .any(|(c, _, _)| c.starts_with(&current))
        })
    };
    let mut on = panel_of(bot, id, u).await;
    if !shows_now(on) {
        on = panel(bot, id, version, u).await.message_id.unwrap();
    }
    for _ in 0..12 {
        let shown = super::play::clickables(&fake.message(on).unwrap().json);
        let (cid, values) = super::play::route(&choices, index, &shown).unwrap_or_else(|| {
            panic!("the panel never offered choice {index}: it shows {shown:#?}")
        });
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let t = fake.click_on(on, u, name(u), &cid, &values);
        ack(fake, &t).await;
        let reply = followup(fake, &t).await;
        if bot.store().info(id).await.unwrap().version > version {
            return reply;
        }
    }
    panic!("choice {index} was not made in 12 clicks");
}

/// The battle pictures attached to a request.
pub fn battle_pictures(r: &Recorded) -> usize {
    r.files
        .iter()
        .filter(|(name, bytes)| name.starts_with("battle-") && bytes.starts_with(b"\x89PNG"))
        .count()
}

/// `u` takes their panels by direct message (`/clans dm on:true`).
pub async fn dm_on(fake: &Fake, u: u64) {
    let t = fake.command(
        u,
        name(u),
        "dm",
        json!([{"name": "on", "type": 5, "value": true}]),
        false,
    );
    assert!(ack(fake, &t).await.ephemeral());
}

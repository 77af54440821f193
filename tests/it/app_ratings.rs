//! Ratings through the use cases (src/app) on a scratch SQLite store: the rating line
//! of a final post, the leaderboard and profiles, which results count, and the rematch
//! against the AI.

use crystal_clans::app::ids::{CustomId, Verb};
use crystal_clans::app::msg::MAX_FIELD;
use crystal_clans::app::{AiSeats, App, Challenge, Outcome, Place};
use crystal_clans::store::{GuildSettings, Player, Scope, Status, now_ms};
use std::sync::Arc;

use crate::app::ids;
use crate::support;
use support::scratch_store as scratch;

const ANA: u64 = 111_111_111_111_111_111;
const BEN: u64 = 222_222_222_222_222_222;
const EVE: u64 = 333_333_333_333_333_333;
const GUILD: u64 = 9;
const CHANNEL: u64 = 10;

fn place() -> Place {
    Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    }
}

fn named(app: App) -> App {
    app.directory.learn_name(ANA, "Ana");
    app.directory.learn_name(BEN, "Ben");
    app
}

/// Ana (clan 0) challenges Ben (clan 1), Ben accepts: the match id.
async fn start(app: &App, mulligan: bool) -> i64 {
    let c = Challenge {
        challenger: ANA,
        opponent: Some(BEN),
        clans: [Some(0), Some(1)],
        mulligan,
        timeout: None,
        deadline_hour: None,
        bank_days: None,
        expires: now_ms() + 60_000,
    };
    app.challenges
        .accept(c, BEN, place(), None, now_ms())
        .await
        .created
        .expect("a match")
}

/// A public answer (no private reply) of one embed: its whole text.
fn public_embed(out: &Outcome) -> String {
    assert!(out.reply.is_none(), "{:?}", out.reply);
    assert_eq!(out.public.len(), 1);
    let e = out.public[0].embed.as_ref().expect("an embed");
    assert!(e.title.chars().count() <= 256 && e.description.chars().count() <= 4096);
    for (k, v) in &e.fields {
        assert!(
            k.chars().count() <= 256 && v.chars().count() <= MAX_FIELD,
            "{k}"
        );
    }
    assert!(out.public[0].pings.is_empty(), "a list pings nobody");
    out.public[0].all_text()
}

fn private(out: &Outcome) -> String {
    assert!(out.public.is_empty(), "{:?}", out.public);
    out.reply
        .as_ref()
        .expect("a private answer")
        .content
        .clone()
}

#[tokio::test]
async fn a_resignation_rates_both_players_and_the_leaderboard_and_profile_show_it() {
    let store = scratch("rated").await;
    let app = named(App::new(store.clone()).without_images());
    let id = start(&app, false).await;
    let out = app.matches.resign(id, ANA).await;
    let end = &out.public[0].content;
    // Both start at 1500 (provisional); Ben won.
    assert!(end.contains("Ratings: Ana 1"), "{end}");
    let (ana, ben) = (
        store
            .rating(Scope::Guild(GUILD), ANA)
            .await
            .unwrap()
            .unwrap(),
        store
            .rating(Scope::Guild(GUILD), BEN)
            .await
            .unwrap()
            .unwrap(),
    );
    assert!(ben.rating.rating > 1500.0 && ana.rating.rating < 1500.0);
    let gain = ben.rating.rating.round() as i64 - 1500;
    assert!(
        end.contains(&format!(
            "Ben {} (provisional, +{gain})",
            ben.rating.rating.round()
        )),
        "{end}"
    );
    assert!(
        end.contains(&format!(
            "Ana {} (provisional, −{gain})",
            ana.rating.rating.round()
        )),
        "{end}"
    );

    let board = public_embed(&app.ratings.leaderboard(Some(GUILD), EVE).await);
    let (b, a) = (board.find("Ben").unwrap(), board.find("Ana").unwrap());
    assert!(b < a, "the winner first: {board}");
    assert!(board.contains("1 game, 1 win") && board.contains("1 game, 0 wins"));

    let profile = public_embed(&app.ratings.profile(Some(GUILD), EVE, BEN).await);
    assert!(profile.contains("Ben · Crystal Clans"), "{profile}");
    assert!(profile.contains(&format!(
        "Rating on this server: **{}**",
        ben.rating.shown()
    )));
    assert!(profile.contains("Across all servers"));
    let clan = &app.rules().pack.clans[1].name;
    assert!(
        profile.contains(&format!("{clan}: 1 game, 1 win")),
        "{profile}"
    );
    assert!(
        profile.contains(&format!("#{id} · won (opponent resigned) vs Ana")),
        "{profile}"
    );
    let profile = public_embed(&app.ratings.profile(Some(GUILD), EVE, ANA).await);
    assert!(
        profile.contains(&format!("#{id} · lost (resigned) vs Ben")),
        "{profile}"
    );

    // Nothing to show: a private answer.
    assert!(
        private(&app.ratings.profile(Some(GUILD), EVE, EVE).await)
            .contains("has not finished a match")
    );
    assert!(private(&app.ratings.leaderboard(None, EVE).await).contains("server"));
    assert!(private(&app.ratings.leaderboard(Some(GUILD + 1), EVE).await).contains("Nobody"));
    // Outside a server, only one's own profile (it lists every server's matches).
    assert!(private(&app.ratings.profile(None, EVE, BEN).await).contains("in a server"));
    let own = public_embed(&app.ratings.profile(None, BEN, BEN).await);
    assert!(
        own.contains(&format!("#{id} · won")) && !own.contains("this server"),
        "{own}"
    );
    // Another server's profile lists none of this server's matches.
    assert!(
        private(&app.ratings.profile(Some(GUILD + 1), EVE, BEN).await).contains("on this server")
    );
}

#[tokio::test]
async fn a_timeout_counts_and_an_abandoned_match_does_not() {
    let store = scratch("rated-timers").await;
    store
        .set_guild_settings(
            GUILD,
            &GuildSettings {
                timeout_minutes: Some(60),
                ..GuildSettings::default()
            },
        )
        .await
        .unwrap();
    let app = named(App::new(store.clone()).without_images());
    // Without a mulligan one player is waited for: she times out and loses.
    let now = now_ms();
    let id = start(&app, false).await;
    let late = store.load(id).await.unwrap().state.waiting();
    assert_eq!(late.len(), 1);
    let t = app.tick(now + 61 * 60_000).await;
    let end = &t[0].public[0].content;
    assert!(
        end.contains("ran out of time") && end.contains("Ratings:"),
        "{end}"
    );
    assert_eq!(store.rating_changes(id).await.unwrap().len(), 4);
    // With the mulligan both are waited for: nobody wins, nobody's rating moves.
    let now = now_ms();
    let id2 = start(&app, true).await;
    assert_eq!(store.load(id2).await.unwrap().state.waiting().len(), 2);
    let t = app.tick(now + 61 * 60_000).await;
    let end = &t[0].public[0].content;
    assert!(
        end.contains("abandoned") && !end.contains("Ratings"),
        "{end}"
    );
    assert!(store.rating_changes(id2).await.unwrap().is_empty());
    for u in [ANA, BEN] {
        let r = store.rating(Scope::Guild(GUILD), u).await.unwrap().unwrap();
        assert_eq!(r.games, 1);
    }
    let profile = public_embed(&app.ratings.profile(Some(GUILD), EVE, ANA).await);
    assert!(
        profile.contains(&format!("#{id2} · abandoned vs Ben")),
        "{profile}"
    );
}

#[tokio::test]
async fn a_rematch_against_the_ai_starts_a_new_match() {
    let store = scratch("ai-rematch").await;
    let app = named(
        App::new(store.clone())
            .with_seeds(21)
            .with_bot(Arc::new(AiSeats))
            .without_images(),
    );
    // Level 0 (easy) keeps the test quick.
    let thread = Some(4242);
    let id = app
        .challenges
        .play_ai(ANA, 0, [Some(2), Some(3)], place(), thread, now_ms())
        .await
        .created
        .expect("a match");
    // Not over yet: no rematch.
    assert!(private(&app.matches.rematch(id, ANA, now_ms()).await).contains("not over"));
    let out = app.matches.resign(id, ANA).await;
    let end = &out.public[0];
    assert!(
        end.content.contains("AI (easy) 1180 (fixed)"),
        "{}",
        end.content
    );
    let button = ids(end)
        .into_iter()
        .find(|i| i.contains(":rematch"))
        .expect("a rematch button after a match against the AI");
    let cid = CustomId::parse(&button).unwrap();
    assert_eq!((cid.verb, cid.match_id), (Verb::Rematch, id));
    // Only the match's player may ask for it.
    assert!(private(&app.matches.rematch(id, EVE, now_ms()).await).contains("not playing"));
    let out = app.matches.rematch(id, ANA, now_ms()).await;
    let new = out.created.expect("a new match");
    assert_ne!(new, id);
    assert!(out.reply.unwrap().content.contains(&format!("#{new}")));
    assert_eq!(out.channel, thread, "it plays on in the same thread");
    assert!(
        out.public[0]
            .content
            .contains(&format!("Match #{new} begins"))
    );
    let info = store.info(new).await.unwrap();
    assert_eq!(info.seats, [Player::User(ANA), Player::Ai(0)]);
    assert_eq!(info.setup.clans, [2, 3], "each side keeps its clan");
    assert_eq!(
        (info.status, info.guild, info.thread),
        (Status::Active, Some(GUILD), thread)
    );
}

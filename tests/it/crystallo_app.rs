//! Crystallo's use cases without Discord (`src/app/crystallo/`): the final post (the
//! daily's picture behind a spoiler until its day ends, a practice game's not; only the
//! title, score and treasure in words; the server's channel for matches), the panel told
//! nothing of the hidden cards, the set-making menu, and the rate limit. A placement
//! "somewhere else" and the clicks it takes: `crystallo_clicks.rs`.

use crate::support;
use crystal_clans::app::crystallo::ids::{CryId, Step};
use crystal_clans::app::crystallo::panel;
use crystal_clans::app::limits::{LimitConfig, Policy, Rate};
use crystal_clans::app::msg::{MAX_OPTIONS, Row};
use crystal_clans::app::{App, Place};
use crystal_clans::crystallo::deck::Deck;
use crystal_clans::crystallo::play::numbered_spots;
use crystal_clans::crystallo::{apply, legal};
use crystal_clans::i18n::Lang;
use crystal_clans::store::Store;
use crystal_clans::store::crystallo::{Game, Submitted, day_end};
use crystal_clans_testkit::fake_discord::{CHANNEL, GUILD};

const ANA: u64 = 11;
const DAY: i64 = 20_418;
const NOW: i64 = DAY * 86_400_000 + 1000;

fn here() -> Place {
    Place {
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Default::default(),
    }
}

async fn game(store: &Store, user: u64) -> Game {
    store.crystallo_active(user).await.unwrap().remove(0)
}

/// Plays `game` through the store up to its last input, which it returns (unplayed).
async fn to_the_last_input(store: &Store, id: i64) -> (Game, usize) {
    loop {
        let g = store.crystallo_game(id).await.unwrap();
        let l = legal(&g.state);
        let k = l.len() / 2;
        let mut copy = g.state.clone();
        apply(&mut copy, l[k]).unwrap();
        if copy.is_over() {
            return (g, k);
        }
        let r = store
            .submit_crystallo(id, ANA, g.version, l[k], NOW)
            .await
            .unwrap();
        assert!(matches!(r, Submitted::Applied { .. }));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_final_post_hides_the_dailys_picture_until_the_day_ends() {
    let store = support::scratch_store("cry-post").await;
    let app = App::new(store.clone()).with_seeds(5);
    let out = app.crystallo.daily(here(), ANA, NOW).await;
    let first = out.reply.expect("a panel");
    assert_eq!(first.files.len(), 1, "the cavern image");
    let g = game(&store, ANA).await;
    let (g, k) = to_the_last_input(&store, g.id).await;
    let click = CryId::new(g.id, g.version, Step::Play(Some(k)));
    let out = app.crystallo.click(click, ANA, NOW + 10).await;
    assert!(out.replaces);
    assert_eq!(out.channel, Some(CHANNEL));
    let post = &out.public[0];
    let done = store.crystallo_game(g.id).await.unwrap();
    let e = done.ending.unwrap();
    assert!(
        post.content.contains(&format!("{} points", e.score)),
        "{}",
        post.content
    );
    assert!(post.content.contains("only if you have played"));
    assert_eq!(post.files.len(), 1);
    assert!(
        post.files[0].name.starts_with("SPOILER_"),
        "{}",
        post.files[0].name
    );
    // The words name no card: no card id, no symbol, no place.
    for word in ["card ", "Place ", "crystal", " orb"] {
        assert!(!post.content.contains(word), "{word} in {}", post.content);
    }
    assert!(post.rows.is_empty());

    // A practice game's picture is not hidden. With a channel for matches set, the
    // final post goes there.
    let mut settings = store.guild_settings(GUILD).await.unwrap();
    settings.channel = Some(4242);
    app.directory
        .set_server_settings(GUILD, &settings)
        .await
        .unwrap();
    let out = app.crystallo.practice(here(), ANA, NOW).await;
    assert!(out.reply.is_some());
    let p = game(&store, ANA).await;
    let (p, k) = to_the_last_input(&store, p.id).await;
    let out = app
        .crystallo
        .click(CryId::new(p.id, p.version, Step::Play(Some(k))), ANA, NOW)
        .await;
    let post = &out.public[0];
    assert!(post.content.contains("practice cavern"), "{}", post.content);
    assert_eq!(post.files[0].name, "crystallo.png");
    assert_eq!(out.channel, Some(4242));
    assert!(NOW < day_end(DAY));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_games_are_rate_limited() {
    let p = Policy {
        per_user: Rate {
            max: 2,
            window_ms: 60_000,
        },
        per_server: Rate {
            max: 10,
            window_ms: 60_000,
        },
    };
    let store = support::scratch_store("cry-slow").await;
    let app = App::new(store.clone())
        .without_images()
        .with_limits(LimitConfig {
            crystallo: p,
            ..LimitConfig::default()
        });
    for _ in 0..2 {
        let out = app.crystallo.practice(here(), ANA, NOW).await;
        assert!(!out.reply.unwrap().rows.is_empty());
    }
    let out = app.crystallo.practice(here(), ANA, NOW + 1).await;
    let text = out.reply.unwrap().content;
    assert!(
        text.contains("Slow down") && text.contains("2 Crystallo games"),
        "{text}"
    );
    assert_eq!(store.crystallo_active(ANA).await.unwrap().len(), 2);
    // Reading the scores is never limited, and a second daily is refused without a deal.
    assert!(app.crystallo.scores(here(), ANA, NOW).await.reply.is_some());
}

/// The panel is a function of what the player may know: the same view with the hidden
/// piles dealt otherwise (`View::sample`) gives the same panel, screen by screen and
/// preview by preview, image included, all along a game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_panel_tells_nothing_of_the_hidden_cards() {
    use crystal_clans::crystallo::View;
    use crystal_clans::crystallo::bots::{Bot, Greedy};
    use rand::SeedableRng;
    let store = support::scratch_store("cry-hidden").await;
    let app = App::new(store.clone()).without_images();
    app.crystallo.practice(here(), ANA, NOW).await;
    let id = game(&store, ANA).await.id;
    let deck = Deck::provisional();
    let mut rng = rand_pcg::Pcg32::seed_from_u64(9);
    let mut checked = 0;
    for turn in 0..200 {
        let g = store.crystallo_game(id).await.unwrap();
        if g.state.is_over() {
            break;
        }
        let l = legal(&g.state);
        let mut other = g.clone();
        other.state = View::of(&g.state).sample(&mut rng);
        assert_eq!(View::of(&other.state), View::of(&g.state));
        // Every third turn, every fifth preview: the whole game at a debug build's pace.
        let mut steps = vec![];
        if turn % 3 == 0 {
            steps.push(Step::Show);
            steps.extend((0..l.len()).step_by(5).map(Step::Look));
        }
        // The places next to each card it can touch, and the preview of the first.
        if let Some(card) = g.state.drawn.filter(|_| turn % 3 == 0) {
            let view = View::of(&g.state);
            for t in crystal_clans::app::crystallo::place::touched(&view, &l, card) {
                steps.push(Step::Touch {
                    card,
                    touch: Some(t.card),
                    lies: None,
                });
                steps.push(Step::Near {
                    card,
                    touch: t.card,
                    pick: Some(t.picks[0]),
                });
            }
        }
        let images = turn % 15 == 0;
        for step in steps {
            let a = panel::panel(&g, &deck, Lang::En, step, None, images);
            let b = panel::panel(&other, &deck, Lang::En, step, None, images);
            assert_eq!(a, b, "turn {turn}, {step:?}");
            checked += 1;
        }
        let input = Greedy.decide(&View::of(&g.state), &l);
        store
            .submit_crystallo(id, ANA, g.version, input, NOW)
            .await
            .unwrap();
    }
    assert!(checked > 50, "{checked} screens compared");
}

/// In phase 2 a preview names the place of its own card, as the image numbers them for
/// that card, and the image shows that card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phase_2_preview_names_its_own_cards_place() {
    use crystal_clans::crystallo::bots::{Bot, Greedy};
    use crystal_clans::crystallo::{Input, Phase, View};
    let store = support::scratch_store("cry-phase2").await;
    let app = App::new(store.clone()).without_images();
    let deck = Deck::provisional();
    for _ in 0..6 {
        app.crystallo.practice(here(), ANA, NOW).await;
        let id = game(&store, ANA).await.id;
        for _ in 0..200 {
            let g = store.crystallo_game(id).await.unwrap();
            if g.state.is_over() {
                break;
            }
            let l = legal(&g.state);
            let second = g.state.face_up.get(1).copied();
            let spots = second.map(|c| numbered_spots(&l, c)).unwrap_or_default();
            if g.state.phase == Phase::Dragon && spots.len() > 1 {
                let card = second.unwrap();
                let mut looked = 0;
                for (i, input) in l.iter().enumerate() {
                    if let Input::Place { card: c, at, .. } = input
                        && *c == card
                    {
                        let n = spots.iter().position(|p| p == at).unwrap() + 1;
                        let m = panel::panel(&g, &deck, Lang::En, Step::Look(i), None, false);
                        assert!(m.content.contains(&format!("Place {n}, ")), "{}", m.content);
                        looked += 1;
                    }
                }
                assert!(looked > 1);
                return;
            }
            let input = Greedy.decide(&View::of(&g.state), &l);
            store
                .submit_crystallo(id, ANA, g.version, input, NOW)
                .await
                .unwrap();
        }
    }
    panic!("no phase 2 with a second face-up card of several places in 6 games");
}

/// Regression (issue 48, item 7): the daily's seed was the server and the date mixed
/// by a public formula, so tomorrow's deal and its hidden draw order could be worked
/// out today. Now it depends on the bot's secret key: two bots (two keys) deal the same
/// server and day differently, one bot deals everyone there the same, and a day keeps
/// the deal its first player got (a daily dealt before the change, here by hand).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_cannot_be_worked_out_from_the_source() {
    const BEN: u64 = 12;
    const EVE: u64 = 13;
    let seed_of = |store: Store, user: u64| async move {
        store
            .crystallo_daily(Some(GUILD), user, DAY)
            .await
            .unwrap()
            .expect("a daily")
            .seed
    };
    let one = support::scratch_store("cry-daily-key-1").await;
    let other = support::scratch_store("cry-daily-key-2").await;
    let (app1, app2) = (App::new(one.clone()), App::new(other.clone()));
    assert!(app1.crystallo.daily(here(), ANA, NOW).await.reply.is_some());
    assert!(app1.crystallo.daily(here(), BEN, NOW).await.reply.is_some());
    assert!(app2.crystallo.daily(here(), ANA, NOW).await.reply.is_some());
    let (a, b) = (
        seed_of(one.clone(), ANA).await,
        seed_of(one.clone(), BEN).await,
    );
    assert_eq!(a, b, "one deal for everyone in the server that day");
    assert_ne!(
        a,
        seed_of(other.clone(), ANA).await,
        "another key, another deal"
    );

    // A daily dealt before the change (by the old formula): the day keeps its deal.
    use crystal_clans::store::crystallo::{Kind, NewGame};
    let third = support::scratch_store("cry-daily-key-3").await;
    let old = NewGame {
        guild: Some(GUILD),
        channel: CHANNEL,
        user: ANA,
        kind: Kind::Daily(DAY),
        seed: 0x0123_4567_89ab_cdef,
    };
    third.create_crystallo(old, NOW).await.unwrap();
    let app3 = App::new(third.clone());
    assert!(app3.crystallo.daily(here(), EVE, NOW).await.reply.is_some());
    assert_eq!(seed_of(third.clone(), EVE).await, 0x0123_4567_89ab_cdef);
}

/// The morning recap comes from 08:00 of the next day in the server's zone (UTC here),
/// once; a day whose recap was missed by more than a day (the bot was down) is claimed
/// without a post, so a restart never posts last week's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recap_comes_the_next_morning_once_and_never_late() {
    use crystal_clans::app::crystallo::recap::RECAP_AFTER_MS;
    let store = support::scratch_store("cry-recap").await;
    let app = App::new(store.clone()).with_seeds(5).without_images();
    let recaps = |outs: &[crystal_clans::app::Outcome]| -> Vec<String> {
        outs.iter()
            .flat_map(|o| o.public.iter())
            .map(|m| m.content.clone())
            .filter(|c| c.contains("yesterday's cavern"))
            .collect()
    };
    for (day, user) in [(DAY, ANA), (DAY + 3, ANA)] {
        let now = day * 86_400_000 + 1000;
        app.crystallo.daily(here(), user, now).await;
        let g = game(&store, user).await;
        let (g, last) = to_the_last_input(&store, g.id).await;
        let l = legal(&g.state);
        store
            .submit_crystallo(g.id, user, g.version, l[last], now)
            .await
            .unwrap();
    }
    let morning = day_end(DAY) + RECAP_AFTER_MS;
    assert!(
        recaps(&app.tick(morning - 60_000).await).is_empty(),
        "not yet"
    );
    let first = recaps(&app.tick(morning + 60_000).await);
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(first[0].contains("1 player finished it"), "{}", first[0]);
    assert!(
        recaps(&app.tick(morning + 120_000).await).is_empty(),
        "once"
    );
    // The second daily's morning passed more than a day ago: claimed, not posted.
    let late = day_end(DAY + 4) + RECAP_AFTER_MS;
    assert!(recaps(&app.tick(late).await).is_empty());
    assert!(
        store
            .crystallo_recaps_pending(DAY)
            .await
            .unwrap()
            .is_empty()
    );
}

/// The placements that make a set come first, in their own menu: each a legal
/// placement of the card in hand (in phase 2 of every face-up card, before one is
/// chosen) that lights an orb, the most sets first, saying where it lies and what it
/// makes; choosing one shows its preview (two clicks to a set, where "somewhere else"
/// takes three or more). Measured over a practice game played by taking the first of
/// them whenever there is one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_placements_that_make_a_set_are_offered_first() {
    use crystal_clans::crystallo::play::foresee;
    let store = support::scratch_store("cry-sets").await;
    let app = App::new(store.clone()).with_seeds(5).without_images();
    app.crystallo.practice(here(), ANA, NOW).await;
    let id = game(&store, ANA).await.id;
    let deck = Deck::provisional();
    let (mut menus, mut sets_made, mut by_card) = (0, 0, 0);
    for _ in 0..60 {
        let g = store.crystallo_game(id).await.unwrap();
        if g.ending.is_some() {
            break;
        }
        let l = legal(&g.state);
        let m = panel::panel(&g, &deck, Lang::En, Step::Show, None, false);
        let sets = m.rows.iter().find_map(|r| match r {
            Row::Select(s) if s.id.ends_with(":sets") => Some(s),
            _ => None,
        });
        // The cards in hand: phase 1's drawn card, or phase 2's face-up cards.
        let in_hand: Vec<u8> = g.state.drawn.map_or(g.state.face_up.clone(), |c| vec![c]);
        let lighting: Vec<usize> = (0..l.len())
            .filter(|&i| {
                matches!(l[i], crystal_clans::crystallo::Input::Place { card, .. } if in_hand.contains(&card))
                    && !foresee(&g.state, l[i]).lit.is_empty()
            })
            .collect();
        assert_eq!(sets.is_some(), !lighting.is_empty(), "{}", m.content);
        let pick = match sets {
            Some(s) => {
                menus += 1;
                let values: Vec<usize> =
                    s.options.iter().map(|o| o.value.parse().unwrap()).collect();
                // All of them, unless the screen has no room (25 options with the
                // other menus): then the best.
                assert!(!values.is_empty() && values.len() <= lighting.len().min(MAX_OPTIONS));
                assert!(values.iter().all(|v| lighting.contains(v)));
                let most = |i: usize| foresee(&g.state, l[i]).lit.len();
                assert_eq!(
                    most(values[0]),
                    lighting.iter().map(|&i| most(i)).max().unwrap()
                );
                assert!(
                    values.windows(2).all(|w| most(w[0]) >= most(w[1])),
                    "most sets first"
                );
                assert!(
                    s.options[0].description.starts_with("makes "),
                    "{:?}",
                    s.options[0]
                );
                // Chosen, it is the preview of that placement.
                let chosen = CryId::new(g.id, g.version, Step::Sets(Some(values[0])));
                let preview = app.crystallo.click(chosen, ANA, NOW).await.reply.unwrap();
                let look = panel::panel(&g, &deck, Lang::En, Step::Look(values[0]), None, false);
                assert_eq!(preview.content, look.content);
                sets_made += 1;
                // The way without this menu: the card it touches (in phase 2 the card
                // to place first), the place next to it, Confirm.
                by_card += 3 + usize::from(g.state.drawn.is_none() && in_hand.len() > 1);
                values[0]
            }
            None => l.len() / 2,
        };
        app.crystallo
            .click(
                CryId::new(g.id, g.version, Step::Play(Some(pick))),
                ANA,
                NOW,
            )
            .await;
    }
    assert!(menus >= 3, "the menu came {menus} times");
    assert!(2 * sets_made < by_card);
    eprintln!(
        "{sets_made} set-making placements: {} clicks from the menu, {by_card} by the card they touch",
        2 * sets_made
    );
}

//! A whole match between two people through the fake Discord against the real bot,
//! drawn as each participant sees it (`crystal_clans_testkit::transcript`) and screenshotted
//! with headless Chromium at desktop and phone widths, for people to open:
//! `target/tmp/transcript/` (the pages, `screens/*.png`). The same match in German is
//! `german_transcript.rs`, through [`a_whole_match_drawn`].
//!
//! The players click what their panels show (the choice a lively scripted player
//! wants, reached through the panel's steps), open their hands now and then, and a
//! third member clicks a button of a match she is not in.
//!
//! Without Chromium the pages are still written and checked, and the screenshots are
//! skipped with a notice; `REQUIRE_SCREENSHOTS=1` (set by `.ci/run`) makes that a failure.

use crystal_clans::app::App;
use crystal_clans::app::clans::panel;
use crystal_clans::game::State;
use crystal_clans::i18n::Lang;
use crystal_clans::store::{GuildSettings, UserSettings};
use crystal_clans_testkit::fake_discord::{GUILD, Recorded, lively_pick};
use crystal_clans_testkit::transcript::{self, html, model, shots};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support;
use support::bot::Bot;
use support::play::{board_button, clickables};

const ANA: u64 = 740_000_000_000_000_001;
const MAX: u64 = 740_000_000_000_000_002;
const EVE: u64 = 740_000_000_000_000_003;

fn name(u: u64) -> &'static str {
    match u {
        ANA => "Ana",
        MAX => "Max",
        _ => "Eve",
    }
}

/// The bot's visible answer to an interaction.
async fn answer(bot: &Bot, token: &str) -> Recorded {
    support::play::answer(&bot.fake, token).await
}

struct Match {
    id: i64,
    /// Where its board and buttons are (its thread, or the channel).
    channel: u64,
}

/// One input for `user`, clicked through the panel as a person would: carry on in the
/// bot's last answer when it asks the current question (a turn of several inputs),
/// else open the panel from the board; then follow the steps towards the choice a
/// lively player wants. Returns the bot's answer to the input.
async fn take_turn(
    bot: &Bot,
    m: &Match,
    state: &State,
    user: u64,
    seat: u8,
    step: usize,
    last: Option<Recorded>,
) -> Recorded {
    let rules = bot.app.rules();
    let legal = state.legal(rules, seat);
    let want = lively_pick(&legal, step);
    let choices = panel::choices(
        bot.app.directory.user_lang(user).await,
        None,
        rules,
        state,
        seat,
    );
    let wanted = &choices[want];
    let before = bot.store.info(m.id).await.unwrap().version;
    let current = format!("clans:{}:{before}:", m.id);
    let mut screen = match last.filter(|r| {
        clickables(&r.json)
            .iter()
            .any(|(id, _, _)| id.starts_with(&current))
    }) {
        Some(r) => r,
        None => {
            // A person answers the board that pings them: wait for it (it is posted
            // after the previous input's reply), else use the last one.
            let deadline = Instant::now() + Duration::from_secs(3);
            while !board_button(&bot.fake, ":turn").is_some_and(|b| b.starts_with(&current))
                && Instant::now() < deadline
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let turn = board_button(&bot.fake, ":turn").expect("a Take your turn button");
            let t = bot.fake.click_in(m.channel, user, name(user), &turn, &[]);
            answer(bot, &t).await
        }
    };
    for _ in 0..10 {
        let shown = clickables(&screen.json);
        let Some((id, values)) = support::play::route(&choices, want, &shown) else {
            break;
        };
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let t = bot.fake.click_in(m.channel, user, name(user), &id, &values);
        screen = answer(bot, &t).await;
        if bot.store.info(m.id).await.unwrap().version > before {
            return screen;
        }
    }
    panic!(
        "the panel never offered {:?} ({:?} / {}); it showed {:#?}",
        legal[want],
        wanted.category,
        wanted.label,
        clickables(&screen.json)
    );
}

async fn play_a_match(bot: &Bot) -> Match {
    let fake = &bot.fake;
    let t = fake.command(
        ANA,
        "Ana",
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": MAX.to_string()},
               {"name": "clan", "type": 3, "value": "random"},
               {"name": "mulligan", "type": 5, "value": true}]),
        false,
    );
    let challenge = answer(bot, &t).await;
    let accept = clickables(&challenge.json)
        .into_iter()
        .find(|(id, _, _)| id.contains(":acc:"))
        .expect("an Accept button")
        .0;
    let t = fake.click(MAX, "Max", &accept, &[]);
    answer(bot, &t).await;
    let id = bot.store.active_matches_of_user(MAX).await.unwrap()[0].id;
    let info = bot.store.info(id).await.unwrap();
    let channel = info.thread.unwrap_or(info.channel);
    fake.wait_for(|r| r.is_channel_post() && !r.files.is_empty(), 20)
        .await;
    let m = Match { id, channel };
    // Someone who is not playing clicks "Take your turn".
    let turn = board_button(&bot.fake, ":turn").expect("a Take your turn button");
    let t = fake.click_in(channel, EVE, "Eve", &turn, &[]);
    answer(bot, &t).await;
    let mut hands = [0usize; 2];
    let mut last: [Option<Recorded>; 2] = [None, None];
    let mut took_back = false;
    for step in 0..2000 {
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            return m;
        }
        let seat = l.state.waiting()[0];
        let user = [ANA, MAX][seat as usize];
        // Each player looks at their hand at the start and now and then.
        if step % 40 == seat as usize * 20 && hands[seat as usize] < 3 {
            hands[seat as usize] += 1;
            if let Some(hand) = board_button(&bot.fake, ":hand") {
                let t = fake.click_in(channel, user, name(user), &hand, &[]);
                answer(bot, &t).await;
            }
        }
        let reply = take_turn(
            bot,
            &m,
            &l.state,
            user,
            seat,
            step,
            last[seat as usize].take(),
        )
        .await;
        if !took_back && step > 20 && take_back(bot, &m, seat, &reply).await {
            took_back = true;
            last = [None, None];
            continue;
        }
        last[seat as usize] = Some(reply);
    }
    panic!("the match did not end in 2000 inputs");
}

/// Once in the match: the player who just answered takes it back from their panel, the
/// other player opens the request and allows it (both sides of a takeback on the
/// pages). Only where the panel offers it and the other player must answer next.
async fn take_back(bot: &Bot, m: &Match, seat: u8, reply: &Recorded) -> bool {
    let Some(tb) = clickables(&reply.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.ends_with(":tb"))
    else {
        return false;
    };
    let l = bot.store.load(m.id).await.unwrap();
    if !l.state.waits_for(1 - seat) || l.state.waits_for(seat) {
        return false;
    }
    let (asker, other) = ([ANA, MAX][seat as usize], [ANA, MAX][1 - seat as usize]);
    let fake = &bot.fake;
    let t = fake.click_in(m.channel, asker, name(asker), &tb, &[]);
    answer(bot, &t).await;
    let request = fake
        .wait_for(
            |r| {
                r.is_channel_post()
                    && clickables(&r.json)
                        .iter()
                        .any(|(id, _, _)| id.contains(":tb?:"))
            },
            10,
        )
        .await;
    let open = clickables(&request.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.contains(":tb?:"))
        .unwrap();
    let t = fake.click_in(m.channel, other, name(other), &open, &[]);
    let prompt = answer(bot, &t).await;
    let allow = clickables(&prompt.json)
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.contains(":tb+:"))
        .expect("an Allow button");
    let t = fake.click_in(m.channel, other, name(other), &allow, &[]);
    answer(bot, &t).await;
    // The post that says it was taken back (the request's post carries its button).
    fake.wait_for(
        |r| {
            r.is_channel_post()
                && r.text().contains("↩️")
                && !r.custom_ids().iter().any(|id| id.contains(":tb?:"))
        },
        10,
    )
    .await;
    assert_eq!(bot.store.takebacks(m.id).await.unwrap().len(), 1);
    true
}

/// The size an `<img class=att>` is drawn at, from its attributes.
fn drawn_images(page: &str) -> Vec<(u32, u32, String)> {
    page.split("<img class=att ")
        .skip(1)
        .map(|tag| {
            let attr = |name: &str| -> String {
                tag.split(&format!("{name}="))
                    .nth(1)
                    .map(|s| s.trim_start_matches('"'))
                    .and_then(|s| s.split(['"', ' ', '>']).next())
                    .unwrap_or_default()
                    .to_string()
            };
            (
                attr("width").parse().unwrap(),
                attr("height").parse().unwrap(),
                attr("data-box"),
            )
        })
        .collect()
}

/// The longest stretch of a message's own words in `rendered` (the message with a
/// marker, U+0001, for each text it names): the same whatever it names, cut where a
/// name, a number or markdown goes, and escaped as a page writes it.
fn own_words(rendered: &str) -> String {
    let cut = |c: char| c == '\u{1}' || c.is_ascii_digit() || "*_`\u{2068}\u{2069}".contains(c);
    let words = rendered
        .split(cut)
        .map(str::trim)
        .max_by_key(|s| s.chars().count())
        .unwrap_or_default();
    html::esc(words)
}

/// What an attachment shows, from its file name: a board, a battle, a hand, a replay.
fn kind(file: &str) -> String {
    if file.ends_with("-replay.gif") {
        "replay".into()
    } else if file.starts_with("match-") {
        "board".into()
    } else {
        file.split(['-', '.']).next().unwrap_or(file).to_string()
    }
}

/// A whole match played in `lang` (the server's language and both players'), recorded
/// into `target/tmp/DIR/`, drawn as each participant sees it and checked: every
/// public post on every page, each private message on its owner's only, the
/// challenge closed once accepted, each image within Discord's box with its alt text
/// or the marker that it has none, at most one select opened a screen; then
/// screenshotted (Ana, Max and a spectator) with each window exactly its screen's height.
pub(crate) async fn a_whole_match_drawn(dir: &str, lang: Lang) {
    let began = Instant::now();
    let store = support::scratch_store(dir).await;
    let app = App::new(store.clone()).with_seeds(3);
    let bot = Bot::start(
        app,
        store.clone(),
        Duration::from_secs(3600),
        Default::default(),
    )
    .await;
    if lang != Lang::En {
        let code = lang.code().to_string();
        let server = GuildSettings {
            language: Some(code.clone()),
            ..GuildSettings::default()
        };
        bot.app
            .directory
            .set_server_settings(GUILD, &server)
            .await
            .unwrap();
        for user in [ANA, MAX] {
            let s = UserSettings {
                language: Some(code.clone()),
                ..UserSettings::default()
            };
            bot.app.directory.set_user_settings(user, &s).await.unwrap();
            bot.fake.set_user_locale(user, &code);
        }
        bot.fake.set_guild_locale(&code);
    }
    play_a_match(&bot).await;
    // The last posts (the final board, with its Rematch button) may still be on
    // their way.
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.custom_ids().iter().any(|i| i.ends_with(":rematch")),
            20,
        )
        .await;
    // Then its replay, drawn after the final board (seconds in a debug build).
    bot.fake
        .wait_for(
            |r| r.is_channel_post() && r.files.iter().any(|(n, _)| n.ends_with("-replay.gif")),
            300,
        )
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let out = Out::new(dir);
    let dir = &out.work;
    transcript::record_fake(&bot.fake, dir).expect("the recording is written");
    bot.stop().await;
    let played = began.elapsed();

    // Every request is placed (the replay panics on one it cannot place).
    let written = transcript::write_pages(dir, dir, 4000).expect("the pages are written");
    let c = &written.conversation;
    let page = |who: &str| page_of(&written, who);
    let (ana, max, spectator) = (page("Ana"), page("Max"), page("Spectator"));
    let shown = |html: &str, msg: &model::Message| html.contains(&format!("id=\"m{}\"", msg.id));
    let ana_id = ANA.to_string();
    let mut public = 0;
    let mut anas = 0;
    for msg in c.messages.iter().filter(|m| !m.deleted) {
        match &msg.only_for {
            None => {
                public += 1;
                for (who, html) in [("Ana", &ana), ("Max", &max), ("Spectator", &spectator)] {
                    assert!(
                        shown(html, msg),
                        "{who}'s page lacks public message {}",
                        msg.id
                    );
                }
            }
            Some(u) if *u == ana_id => {
                anas += 1;
                assert!(shown(&ana, msg), "Ana's page lacks her panel {}", msg.id);
                assert!(
                    !shown(&max, msg),
                    "Max's page shows Ana's private {}",
                    msg.id
                );
                assert!(
                    !shown(&spectator, msg),
                    "a spectator sees Ana's private {}",
                    msg.id
                );
            }
            Some(_) => assert!(
                !shown(&ana, msg),
                "Ana's page shows another's private {}",
                msg.id
            ),
        }
    }
    assert!(public > 10 && anas > 10, "{public} public, {anas} of Ana's");
    // The challenge, once accepted, is the bot's edit of it: no live Accept button,
    // and the match's thread started from it.
    let challenge = c
        .messages
        .iter()
        .find(|m| {
            m.earlier
                .iter()
                .any(|s| model::custom_ids(&s.components).any(|id| id.contains(":acc:")))
        })
        .expect("the challenge, edited");
    assert!(challenge.edited && challenge.only_for.is_none());
    assert_eq!(model::custom_ids(&challenge.components).count(), 0);
    let thread = challenge
        .thread
        .as_deref()
        .expect("a thread from the challenge");
    assert!(c.seen_in(thread, &model::Participant::spectator()).len() > 10);
    assert!(
        !c.messages
            .iter()
            .any(|m| !m.deleted && model::custom_ids(&m.components).any(|id| id.contains(":acc:"))),
        "a challenge still open"
    );
    // Both sides of the takeback: the request and what was taken back in public, the
    // asker's note on their page only, the opponent's Allow on theirs only.
    use crystal_clans::i18n::messages::takeback as said;
    let x = "\u{1}";
    for words in [
        own_words(&said::takeback_request_post(lang, x, x, x)),
        own_words(&said::takeback_done_post(lang, x, x, x)),
    ] {
        for html in [&ana, &max, &spectator] {
            assert!(html.contains(&words), "{words}");
        }
    }
    let asked = &own_words(&said::takeback_asked(lang, x, x, 24));
    let allowed = &own_words(&said::takeback_you_allowed(lang, x));
    assert!(
        ana.contains(asked) != max.contains(asked),
        "the asker's note is theirs"
    );
    assert!(
        ana.contains(allowed) != max.contains(allowed),
        "the answer is the other's"
    );
    assert!(!spectator.contains(asked) && !spectator.contains(allowed));
    // Discord's note under a private reply, in the client's language.
    let only_you = html::Ui::of(lang.code()).only_you();
    assert!(ana.contains(only_you), "{only_you}");
    assert!(!spectator.contains(only_you));
    assert!(!spectator.contains("class=\"msg eph\""));
    // Every image is drawn within Discord's box: 550x350 attached, 400x300 in an embed;
    // each with its alt text or the marker that it has none, never its file name.
    let images = drawn_images(&ana);
    assert!(images.len() > 5, "Ana's page has {} images", images.len());
    for (w, h, bx) in images.iter().chain(&drawn_images(&spectator)) {
        let (bw, bh) = bx.split_once('x').unwrap();
        assert!(
            *w <= bw.parse().unwrap() && *h <= bh.parse().unwrap(),
            "{w}x{h} in {bx}"
        );
        assert!(*w <= html::INLINE_BOX.0 && *h <= html::INLINE_BOX.1);
    }
    for html in [&ana, &spectator] {
        let badges = html.matches("class=alt-badge>").count()
            + html.matches("class=\"alt-badge none\">").count();
        assert_eq!(
            badges,
            drawn_images(html).len(),
            "an image without its ALT badge"
        );
    }
    for m in &c.messages {
        for a in &m.attachments {
            assert!(
                !ana.contains(&format!("alt=\"{}\"", a.name)),
                "{} stands in for its alt text",
                a.name
            );
        }
    }
    // The pages name people, never their raw mention syntax.
    assert!(!spectator.contains("&lt;@"), "a raw mention is drawn");
    // At most one select opened a screen, and some screens open one.
    let mut opened = 0;
    for s in &written.screens {
        let menus = std::fs::read_to_string(&s.html)
            .unwrap()
            .matches("class=menu>")
            .count();
        assert!(menus <= 1, "{} opens {menus} selects", s.html.display());
        opened += menus;
    }
    assert!(opened > 0, "no screen opens a select");
    // What the bot sent without alt text (to be asserted empty once it sends it).
    let missing = c.attachments_without_alt_text();
    let mut kinds: Vec<(String, usize)> = vec![];
    for a in &missing {
        let k = kind(&a.name);
        match kinds.iter_mut().find(|(n, _)| *n == k) {
            Some((_, count)) => *count += 1,
            None => kinds.push((k, 1)),
        }
    }
    eprintln!(
        "{} attachments without alt text in {}: {kinds:?}",
        missing.len(),
        out.at.display()
    );
    for p in c.participants() {
        let count = |w: u32| {
            written
                .screens
                .iter()
                .filter(|s| s.participant == p && s.width == w)
                .count()
        };
        eprintln!(
            "{}: {} screens at {}, {} at {}",
            p.name,
            count(shots::DESKTOP_WIDTH),
            shots::DESKTOP_WIDTH,
            count(shots::PHONE_WIDTH),
            shots::PHONE_WIDTH
        );
    }

    let Some(chromium) = shots::chromium() else {
        let required = std::env::var("REQUIRE_SCREENSHOTS").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "REQUIRE_SCREENSHOTS=1 but Chromium is not installed"
        );
        out.finish();
        eprintln!(
            "transcript screenshots SKIPPED: Chromium is not installed (Debian: apt-get \
             install chromium); the pages are in {}",
            out.at.display()
        );
        return;
    };
    let shot_began = Instant::now();
    // The two players and a spectator (Eve's page, a spectator's and one refusal, is
    // written and checked but not photographed: each screenshot costs seconds).
    let pngs = shots::shoot_all(&chromium, &written, |p| p.name != "Eve")
        .expect("the screenshots are taken");
    for s in written
        .screens
        .iter()
        .filter(|s| s.participant.name != "Eve")
    {
        let png = s.html.with_extension("png");
        let bytes = std::fs::read(&png).unwrap();
        let (w, h) = html::png_size(&bytes).expect("a PNG");
        // The window is the screen's width and its measured height: the whole of its
        // last message, and no more.
        assert_eq!((w, h), (s.width, s.height.min(12_000)), "{}", png.display());
    }
    eprintln!(
        "{} messages ({public} public); {} screenshots in {} (match {:.1} s, screenshots {:.1} s)",
        c.messages.len(),
        pngs.len(),
        out.at.join("screens").display(),
        played.as_secs_f64(),
        shot_began.elapsed().as_secs_f64()
    );
    out.finish();
}

/// The page drawn for `who` (a participant's name, or "Spectator").
pub(crate) fn page_of(written: &transcript::Written, who: &str) -> String {
    let (_, path) = written
        .pages
        .iter()
        .find(|(p, _)| p.name == who)
        .unwrap_or_else(|| panic!("no page for {who}"));
    std::fs::read_to_string(path).unwrap()
}

/// Where a transcript test writes: a folder of this process's own beside
/// `target/tmp/NAME`, put in its place when done. The target folder may be shared, and
/// another run of the test (`cargo test german` picks the German one too) would
/// otherwise empty it under this one's feet.
pub(crate) struct Out {
    /// This run's folder.
    pub work: PathBuf,
    /// `target/tmp/NAME`, where people look.
    pub at: PathBuf,
}

impl Out {
    pub fn new(name: &str) -> Out {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let work = tmp.join(format!("{name}.{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&work);
        Out {
            work,
            at: tmp.join(name),
        }
    }

    /// Puts this run's folder at `target/tmp/NAME`, in place of an earlier run's (the
    /// pages name their files relative to themselves, so they move with it).
    pub fn finish(&self) {
        for _ in 0..3 {
            let _ = std::fs::remove_dir_all(&self.at);
            if std::fs::rename(&self.work, &self.at).is_ok() {
                return;
            }
        }
        panic!(
            "{} could not replace {}",
            self.work.display(),
            self.at.display()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_drawn_and_screenshotted_per_participant() {
    a_whole_match_drawn("transcript", Lang::En).await;
}

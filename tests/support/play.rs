//! People playing a whole match through their panels, as a person clicks: each input
//! reached through the panel's steps (the choice a lively scripted player wants), in
//! the panel they have or one opened from the board, with a look at the hand now and
//! then.

use super::bot::Bot;
use super::people::{name, user};
use crystal_clans::app::clans::panel;
use crystal_clans::game::{Question, State};
use crystal_clans_testkit::fake_discord::{Fake, Recorded, lively_pick};
use serde_json::Value;
use std::time::{Duration, Instant};

/// What a player can click in a message: (custom id, the select value, the label).
pub fn clickables(json: &Value) -> Vec<(String, Option<String>, String)> {
    let mut out = vec![];
    let rows = json
        .get("components")
        .or_else(|| json.get("data").and_then(|d| d.get("components")));
    for row in rows.and_then(Value::as_array).into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else {
                continue;
            };
            let label = |v: &Value| v["label"].as_str().unwrap_or_default().to_string();
            match c["options"].as_array() {
                Some(opts) => out.extend(opts.iter().map(|o| {
                    let value = o["value"].as_str().map(str::to_string);
                    (id.to_string(), value, label(o))
                })),
                None => out.push((id.to_string(), None, label(c))),
            }
        }
    }
    out
}

/// The click that brings a player one part closer to the choice `want`, as a person who
/// knows which cards they mean composes it: among `shown` (custom id, select value,
/// label), the commit, its confirmation, the card multi-select (all its cards at once,
/// returned as the values), the next unit of an order, or the kind of action. Returns the
/// custom id and the select's values.
pub fn route(
    choices: &[panel::Choice],
    want: usize,
    shown: &[(String, Option<String>, String)],
) -> Option<(String, Vec<String>)> {
    use crystal_clans::app::ids::{CustomId, Verb};
    use panel::{Nav, Part};
    let wanted = choices.iter().find(|c| c.index == want)?;
    let cat = panel::categories(choices)
        .iter()
        .position(|k| *k == wanted.category)?;
    let picks = panel::picks(choices, want);
    let mut best: Option<(usize, String, Vec<String>)> = None;
    for (id, value, _) in shown {
        let Some(cid) = CustomId::parse(id) else {
            continue;
        };
        let arg = cid.arg.clone().unwrap_or_default();
        let values: Vec<String> = value.iter().cloned().collect();
        let (score, values) = match cid.verb {
            Verb::Input if value.as_deref().unwrap_or(&arg) == want.to_string() => (100, values),
            Verb::Turn if value.is_some() && arg == format!("m{cat}") => match wanted.part {
                Part::Set { .. } => (80, picks.iter().map(usize::to_string).collect()),
                _ => continue,
            },
            Verb::Turn => match Nav::parse(Some(&arg), &values) {
                Nav::Confirm { index } if index == want => (90, values),
                Nav::Category { cat: c, .. } if c == cat => (5, values),
                Nav::Order { prefix, len } => {
                    let digits = (0..len as usize).map(|i| (prefix >> (4 * i)) & 0xf);
                    let on_way = matches!(wanted.part, Part::Sequence(_))
                        && (len as usize) <= picks.len()
                        && digits.zip(&picks).all(|(d, &p)| d as usize == p);
                    if !on_way {
                        continue;
                    }
                    (10 + len as usize, values)
                }
                _ => continue,
            },
            _ => continue,
        };
        if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, id.clone(), values));
        }
    }
    best.map(|(_, id, values)| (id, values))
}

/// The bot's visible answer to an interaction: its message callback, an update of the
/// clicked message, or the message that fills its deferral.
pub async fn answer(fake: &Fake, token: &str) -> Recorded {
    let ack = fake
        .try_ack(token, Duration::from_secs(10))
        .await
        .expect("the bot acknowledges");
    if ack.json["type"] == 4 || ack.json["type"] == 7 {
        return ack;
    }
    fake.try_wait_key(
        token,
        |r| r.path.contains("/webhooks/") && (r.method == "POST" || r.method == "PATCH"),
        Duration::from_secs(20),
    )
    .await
    .expect("the bot answers")
}

/// The latest public post's button whose id ends with `suffix` (`:turn`, `:hand`).
pub fn board_button(fake: &Fake, suffix: &str) -> Option<String> {
    fake.requests().iter().rev().find_map(|r| {
        if !r.is_channel_post() {
            return None;
        }
        clickables(&r.json)
            .into_iter()
            .map(|(id, _, _)| id)
            .find(|id| id.ends_with(suffix))
    })
}

/// One input for `user`, clicked through their panel as a person would (in the panel
/// they have when it asks the current question, else one opened from the board),
/// following the steps to the choice a lively player wants. Returns the bot's answer.
pub async fn take_turn(
    bot: &Bot,
    at: (i64, u64),
    state: &State,
    (user, seat): (u64, u8),
    step: usize,
    last: Option<Recorded>,
) -> Recorded {
    let want = lively_pick(&state.legal(bot.app.rules(), seat), step);
    take_turn_to(bot, at, state, (user, seat), want, last)
        .await
        .0
}

/// [`take_turn`] to the legal input `want`; also returns the clicks it took (opening
/// the panel from the board included).
pub async fn take_turn_to(
    bot: &Bot,
    (id, channel): (i64, u64),
    state: &State,
    (user, seat): (u64, u8),
    want: usize,
    last: Option<Recorded>,
) -> (Recorded, usize) {
    let fake = &bot.fake;
    let rules = bot.app.rules();
    let lang = bot.app.directory.user_lang(user).await;
    let choices = panel::choices(lang, None, rules, state, seat);
    let wanted = choices
        .iter()
        .find(|c| c.index == want)
        .expect("every legal input is a choice");
    let before = bot.store.info(id).await.unwrap().version;
    let current = format!("clans:{id}:{before}:");
    let mut clicks = 0;
    let mut screen = match last.filter(|r| {
        clickables(&r.json)
            .iter()
            .any(|(c, _, _)| c.starts_with(&current))
    }) {
        Some(r) => r,
        None => {
            // The board that asks this player is posted after the previous reply (after
            // the AI's paced moves and their pictures, in a lesson match).
            let deadline = Instant::now() + Duration::from_secs(30);
            while !board_button(fake, ":turn").is_some_and(|b| b.starts_with(&current))
                && Instant::now() < deadline
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let turn = board_button(fake, ":turn").expect("a turn button");
            let t = fake.click_in(channel, user, name(user), &turn, &[]);
            clicks += 1;
            answer(fake, &t).await
        }
    };
    for _ in 0..10 {
        let shown = clickables(&screen.json);
        let Some((cid, values)) = route(&choices, want, &shown) else {
            break;
        };
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let t = fake.click_in(channel, user, name(user), &cid, &values);
        clicks += 1;
        screen = answer(fake, &t).await;
        if bot.store.info(id).await.unwrap().version > before {
            return (screen, clicks);
        }
    }
    panic!(
        "the panel never offered {:?}; it showed {:#?}",
        wanted,
        clickables(&screen.json)
    );
}

/// Plays match `id` to its end through the panels; each player opens their hand now
/// and then. Returns how many battles were fought.
pub async fn play_to_the_end(bot: &Bot, id: i64) -> usize {
    let fake = &bot.fake;
    let info = bot.store.info(id).await.unwrap();
    let channel = info.thread.unwrap_or(info.channel);
    let mut last: [Option<Recorded>; 2] = [None, None];
    let mut battles = 0;
    for step in 0..3000 {
        let l = bot.store.load(id).await.unwrap();
        if l.state.winner.is_some() {
            return battles;
        }
        if l.state.pending().question == Question::BattleCard && l.state.waits_for(0) {
            battles += usize::from(l.state.waits_for(1));
        }
        let seat = l.state.waiting()[0];
        let user = user(seat);
        if step % 50 == seat as usize * 25
            && let Some(hand) = board_button(fake, ":hand")
        {
            let t = fake.click_in(channel, user, name(user), &hand, &[]);
            answer(fake, &t).await;
        }
        let reply = take_turn(
            bot,
            (id, channel),
            &l.state,
            (user, seat),
            step,
            last[seat as usize].take(),
        )
        .await;
        last[seat as usize] = Some(reply);
    }
    panic!("the match did not end in 3000 inputs");
}

/// Keeps the public events of the battle under way in `battle` as `e` comes (a new
/// battle starts it afresh) and says whether `e` ended it, so a caller draws each
/// battle's picture from exactly its own events.
pub fn battle_ended(
    battle: &mut Vec<crystal_clans::game::Event>,
    e: crystal_clans::game::Event,
) -> bool {
    use crystal_clans::game::Event;
    if matches!(e, Event::BattleStarted { .. }) {
        battle.clear();
    }
    let ended = matches!(e, Event::BattleEnded { .. });
    battle.push(e);
    ended
}

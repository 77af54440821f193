//! The simulated players: one pair's (or one AI opponent's) clicks on legal choices,
//! and where each latency is timed. Kept apart because this is the measuring itself:
//! what counts as an acknowledgement, a reply or a visible board is decided here, one
//! match at a time, independent of how many run at once.

use super::{MAX_INPUTS_PER_MATCH, Measured, OPENING_WAIT, Sample, WAIT};
use crate::fake_discord::{Fake, Recorded, lively_pick};
use crate::game::rng::below;
use crate::game::{Seat, State};
use crate::store::Store;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;

/// Everything one simulated pair of players needs.
#[derive(Clone)]
pub(super) struct Players {
    pub(super) fake: Fake,
    /// The store the bot was built on: the players read what it saved.
    pub(super) store: Store,
    pub(super) bot: Handle,
    pub(super) think_ms: u64,
    pub(super) epoch: Instant,
}

/// A match being played, as the players track it (their own copy of the state,
/// advanced with the engine after each acknowledged input).
pub(super) struct Running {
    id: i64,
    /// Where the board is posted (the match's thread, else its channel).
    thread: String,
    users: [u64; 2],
    state: State,
    version: i64,
    inputs: usize,
}

fn user_name(u: u64) -> String {
    format!("Player{}", u % 1000)
}

/// Milliseconds since the interaction `token` was sent, at `r`.
fn since_sent(fake: &Fake, token: &str, r: &Recorded) -> Result<f64, String> {
    let t0 = fake
        .sent_at(token)
        .ok_or_else(|| format!("the fake has no send time for {token}"))?;
    Ok(r.at.saturating_duration_since(t0).as_secs_f64() * 1000.0)
}

fn ms_between(a: &Recorded, b: &Recorded) -> f64 {
    b.at.saturating_duration_since(a.at).as_secs_f64() * 1000.0
}

impl Players {
    /// Waits for the bot's private answer to `token` for as long as the AI may take,
    /// or until `stop`; `Ok(None)` when stopped.
    async fn answer_or_stop(
        &self,
        token: &str,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Result<Option<Recorded>, String> {
        // A hard decision is 3 s; with every AI match queued for a slot, many of them.
        let deadline = Instant::now() + Duration::from_secs(600);
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            if let Ok(r) = self
                .fake
                .try_answer(token, Duration::from_millis(250))
                .await
            {
                return Ok(Some(r));
            }
            if Instant::now() > deadline {
                return Err(format!("no answer to {token} in 10 minutes"));
            }
        }
        Ok(None)
    }

    /// One user playing matches against the AI until `stop`, one after another.
    pub(super) async fn play_ai(
        &self,
        user: u64,
        level: &str,
        seed: u64,
        stop: &std::sync::atomic::AtomicBool,
        m: &mut Measured,
    ) -> Result<(), String> {
        // `play-ai` offers its levels as choices, weakest first, sent as their position.
        let choice = crate::ai::Level::LADDER
            .iter()
            .position(|l| l.name() == level)
            .ok_or_else(|| format!("no AI level {level}"))?;
        let mut rng = Pcg32::seed_from_u64(seed);
        let rules = self.store.rules();
        let mut current: Option<i64> = None;
        let mut clicks = 0;
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            if self.think_ms > 0 {
                let ms = below(&mut rng, (2 * self.think_ms + 1) as u32) as u64;
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            let store = self.store.clone();
            let loaded = match current {
                Some(id) => Some(
                    self.on_bot(async move { store.load(id).await })
                        .await?
                        .map_err(|e| format!("reading AI match {id}: {e}"))?,
                ),
                None => None,
            };
            let waits = loaded
                .as_ref()
                .is_some_and(|l| l.state.winner.is_none() && l.state.waits_for(0));
            let l = match loaded {
                Some(l) if waits => l,
                loaded => {
                    if let Some(l) = loaded {
                        if l.state.winner.is_none() {
                            // The AI plays after the user's answer: its turn goes on.
                            tokio::time::sleep(Duration::from_millis(20)).await;
                            continue;
                        }
                        m.ai_moves += l.info.version as usize;
                    }
                    let t = self.fake.command(
                        user,
                        &user_name(user),
                        "play-ai",
                        json!([{"name": "level", "type": 4, "value": choice}]),
                        false,
                    );
                    self.ai_ack(&t, m).await?;
                    if self.answer_or_stop(&t, stop).await?.is_none() {
                        break;
                    }
                    let store = self.store.clone();
                    current = self
                        .on_bot(async move { store.active_matches_of_user(user).await })
                        .await?
                        .map_err(|e| format!("reading the AI match: {e}"))?
                        .first()
                        .map(|i| i.id);
                    if current.is_none() {
                        return Err("`play-ai` created no match".into());
                    }
                    m.ai_matches_started += 1;
                    continue;
                }
            };
            let legal = l.state.legal(rules, 0);
            let index = lively_pick(&legal, clicks);
            clicks += 1;
            let custom_id = format!("clans:{}:{}:in:{index}", l.info.id, l.info.version);
            let t = self.fake.click(user, &user_name(user), &custom_id, &[]);
            self.ai_ack(&t, m).await?;
            m.ai_match_inputs += 1;
            if self.answer_or_stop(&t, stop).await?.is_none() {
                break;
            }
        }
        // The AI's moves: every input of the matches played, less the user's clicks.
        if let Some(id) = current {
            let store = self.store.clone();
            if let Ok(Ok(info)) = self.on_bot(async move { store.info(id).await }).await {
                m.ai_moves += info.version as usize;
            }
        }
        m.ai_moves = m.ai_moves.saturating_sub(m.ai_match_inputs);
        Ok(())
    }

    async fn ai_ack(&self, token: &str, m: &mut Measured) -> Result<(), String> {
        let r = self
            .fake
            .try_ack(token, WAIT)
            .await
            .map_err(|e| format!("no acknowledgement of an AI match's interaction: {e}"))?;
        m.ai_ack_ms.push(since_sent(&self.fake, token, &r)?);
        Ok(())
    }

    /// Sends nothing; waits for the acknowledgement of `token` and records its latency.
    async fn ack(&self, token: &str, match_id: i64, m: &mut Measured) -> Result<Recorded, String> {
        m.interactions += 1;
        let r = self
            .fake
            .try_ack(token, WAIT)
            .await
            .map_err(|e| format!("no acknowledgement: {e}"))?;
        let ms = since_sent(&self.fake, token, &r)?;
        m.ack_ms.push(ms);
        m.ack_log.push(self.sample(token, match_id, ms));
        Ok(r)
    }

    fn sample(&self, token: &str, match_id: i64, ms: f64) -> Sample {
        let sent = self.fake.sent_at(token).unwrap_or(self.epoch);
        Sample {
            at_s: sent.saturating_duration_since(self.epoch).as_secs_f64(),
            match_id,
            ms,
        }
    }

    /// Runs a store query on the bot's runtime (where its pool lives).
    async fn on_bot<T: Send + 'static>(
        &self,
        f: impl std::future::Future<Output = T> + Send + 'static,
    ) -> Result<T, String> {
        self.bot.spawn(f).await.map_err(|e| e.to_string())
    }

    /// `/clans challenge` by `users[0]`, accepted by `users[1]`.
    pub(super) async fn start_match(
        &self,
        users: [u64; 2],
        m: &mut Measured,
    ) -> Result<Running, String> {
        let [a, b] = users;
        let fake = &self.fake;
        let t = fake.command(
            a,
            &user_name(a),
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": b.to_string()}]),
            false,
        );
        let challenge = self.ack(&t, 0, m).await?;
        let accept = challenge
            .custom_ids()
            .into_iter()
            .find(|i| i.contains(":acc:"))
            .ok_or_else(|| format!("the challenge has no Accept button: {}", challenge.text()))?;
        let t = fake.click(b, &user_name(b), &accept, &[]);
        self.ack(&t, 0, m).await?;
        let answered = fake
            .try_answer(&t, WAIT)
            .await
            .map_err(|e| format!("no answer to an accept: {e}"))?;
        m.accept_answer_ms.push(since_sent(fake, &t, &answered)?);
        let store = self.store.clone();
        let id = self
            .on_bot(async move {
                let ms = store.active_matches_of_user(b).await?;
                Ok::<_, crate::store::StoreError>(ms.first().map(|info| info.id))
            })
            .await?
            .map_err(|e| format!("reading the new match: {e}"))?
            .ok_or("the accepted challenge created no match")?;
        // The player was answered first; the thread and the opening board follow, as
        // fast as the channel's thread creations are allowed.
        let name = format!("match-{id}-v0.png");
        let opening = fake
            .try_wait_for(
                |p| p.is_channel_post() && p.files.iter().any(|f| f.0 == name),
                OPENING_WAIT,
            )
            .await
            .map_err(|e| format!("match {id}: no opening board: {e}"))?;
        m.opening_board_ms.push(since_sent(fake, &t, &opening)?);
        let store = self.store.clone();
        let loaded = self
            .on_bot(async move { store.load(id).await })
            .await?
            .map_err(|e| format!("reading the new match: {e}"))?;
        m.matches_started += 1;
        let seat_user = |s: usize| loaded.info.seats[s].user().unwrap_or(0);
        Ok(Running {
            id: loaded.info.id,
            thread: opening
                .channel
                .clone()
                .unwrap_or_else(|| loaded.info.channel.to_string()),
            users: [seat_user(0), seat_user(1)],
            state: loaded.state,
            version: loaded.info.version,
            inputs: 0,
        })
    }

    /// Plays until `turns` boards were posted, starting a new match whenever one ends.
    pub(super) async fn play(
        &self,
        mut r: Running,
        turns: usize,
        seed: u64,
        m: &mut Measured,
    ) -> Result<(), String> {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut boards = 0;
        while boards < turns {
            // Think first, so that the matches do not all click at the same moment.
            if self.think_ms > 0 {
                let ms = below(&mut rng, (2 * self.think_ms + 1) as u32) as u64;
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            if r.state.winner.is_some() {
                m.matches_finished += 1;
                r = self.start_match(r.users, m).await?;
            }
            if r.inputs >= MAX_INPUTS_PER_MATCH {
                return Err(format!(
                    "match {} did not end after {} inputs",
                    r.id, r.inputs
                ));
            }
            if self.input(&mut r, m).await? {
                boards += 1;
            }
        }
        if r.state.winner.is_some() {
            m.matches_finished += 1;
        }
        Ok(())
    }

    /// One click on a legal choice; whether the board was posted after it.
    async fn input(&self, r: &mut Running, m: &mut Measured) -> Result<bool, String> {
        let fake = &self.fake;
        let rules = self.store.rules();
        let seat: Seat = r.state.waiting()[0];
        let legal = r.state.legal(rules, seat);
        let index = lively_pick(&legal, r.inputs);
        let user = r.users[seat as usize];
        let before = r.state.clone();
        let custom_id = format!("clans:{}:{}:in:{index}", r.id, r.version);
        let t = fake.click(user, &user_name(user), &custom_id, &[]);
        let ack = self.ack(&t, r.id, m).await?;
        let reply = fake
            .try_answer(&t, WAIT)
            .await
            .map_err(|e| format!("match {}: no reply to `{custom_id}`: {e}", r.id))?;
        m.reply_ms.push(since_sent(fake, &t, &reply)?);
        if !reply.text().contains("Done") {
            return Err(format!(
                "match {}: `{custom_id}` was not applied: {}",
                r.id,
                reply.text()
            ));
        }
        r.state
            .apply(rules, seat, &legal[index])
            .map_err(|e| format!("match {}: the players' copy refused: {e:?}", r.id))?;
        r.version += 1;
        r.inputs += 1;
        m.inputs += 1;
        // The bot posts the board when someone new must act, a turn passed or the match
        // is over (right after it answers the clicker, so it is normally here already).
        let expected = crate::app::clans::posts::turn_log::posts_board(&before, &r.state);
        let name = format!("match-{}-v{}.png", r.id, r.version);
        let is_board = |p: &Recorded| p.is_channel_post() && p.files.iter().any(|f| f.0 == name);
        let wait = if expected { WAIT } else { Duration::ZERO };
        let board = match fake.try_wait_key(&r.thread, is_board, wait).await {
            Ok(b) => b,
            Err(_) if !expected => {
                m.ack_to_reply_plain_ms.push(ms_between(&ack, &reply));
                return Ok(false);
            }
            Err(e) => return Err(format!("match {}: no board `{name}`: {e}", r.id)),
        };
        if !expected {
            m.unexpected_boards += 1;
        }
        let ms = since_sent(fake, &t, &board)?;
        m.board_ms.push(ms);
        m.board_log.push(self.sample(&t, r.id, ms));
        m.ack_to_board_ms.push(ms_between(&ack, &board));
        Ok(true)
    }
}

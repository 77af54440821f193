//! `/clans practice match:N [turn] [side] [level]`: a finished match's position, at the
//! start of one of its turns, played on against the AI. A new match with the same deal,
//! the player in the seat they choose (by default the one they had), the AI in the
//! other, and the first match's inputs up to that turn already played; not rated (it is
//! marked assisted), since one side knows how the match went.
//!
//! Who may: the players of the first match, and anyone in the server where it was
//! played (as its replay), once it has ended.

use super::challenges::{Challenges, Started};
use super::{Outcome, Place, mention};
use crate::game::{Input, Seat, State};
use crate::i18n::messages::export as t;
use crate::store::{MatchId, Millis, Player, Status, StoreError};

/// The inputs of a match (`(seat, input)`, in order) made before turn `turn` began.
/// `Err(last)`: the match has no such turn (it has turns 1 to `last`).
pub fn inputs_before_turn(
    rules: &crate::game::Rules,
    start: State,
    inputs: &[(Seat, Input)],
    turn: u32,
) -> Result<Vec<(Seat, Input)>, u32> {
    let mut state = start;
    let mut played = Vec::new();
    for (seat, input) in inputs {
        if state.turn >= turn {
            return Ok(played);
        }
        if state.apply(rules, *seat, input).is_err() {
            break;
        }
        played.push((*seat, *input));
    }
    // The match ended during its last turn: a later turn never began.
    if state.turn >= turn && state.winner.is_none() {
        Ok(played)
    } else {
        Err(state.turn)
    }
}

impl Challenges {
    /// Creates the practice match (its opening board not yet drawn, as
    /// [`Challenges::create_ai`]). `Err`: what to tell the user.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_practice_from(
        &self,
        user: u64,
        source: MatchId,
        turn: Option<u32>,
        side: Option<Seat>,
        level: u8,
        place: Place,
        now: Millis,
    ) -> Result<Started, Outcome> {
        let lang = self.directory.user_lang(user).await;
        let unknown = || Outcome::private(crate::i18n::messages::log::replay_unknown(lang, source));
        let first = match self.store.load(source).await {
            Ok(l) => l,
            Err(StoreError::NotFound(_)) => return Err(unknown()),
            Err(e) => return Err(Outcome::private(self.faults.told(lang, Some(source), &e))),
        };
        let mine = super::clans::seat_of(&first, user);
        let home = place.guild.is_some() && place.guild == first.info.guild;
        if mine.is_none() && !home {
            return Err(unknown());
        }
        if first.info.status != Status::Finished {
            return Err(Outcome::private(t::practice_not_over(lang, source)));
        }
        let turn = turn.unwrap_or(1).max(1);
        let inputs: Vec<(Seat, Input)> = match self.store.inputs(source).await {
            Ok(i) => i.into_iter().map(|i| (i.seat, i.input)).collect(),
            Err(e) => return Err(Outcome::private(self.faults.told(lang, Some(source), &e))),
        };
        let rules = first.rules.clone();
        let setup = first.info.setup.clone();
        let start = match State::new_under(&rules, setup.clone(), first.info.rules_version) {
            Ok((s, _)) => s,
            Err(e) => {
                tracing::error!(match_id = source, "a practice could not deal: {e}");
                return Err(Outcome::private(t::export_failed(lang, source)));
            }
        };
        let prefix = match inputs_before_turn(&rules, start, &inputs, turn) {
            Ok(p) => p,
            Err(last) => return Err(Outcome::private(t::practice_turns(lang, source, last))),
        };
        let seat = side.or(mine).unwrap_or(0) as usize;
        let mut seats = [Player::Ai(level), Player::Ai(level)];
        seats[seat] = Player::User(user);
        let public = self.directory.public_lang(place.guild).await;
        let players = t::practice_players(
            public,
            source,
            turn,
            mention(user),
            self.directory.clan_name(public, setup.clans[seat]),
        );
        let mut started = self
            .create_ai_seated(user, seats, setup, place, None, players, now)
            .await?;
        let id = started.id();
        // Unrated before its first move: the side playing on knows how it went.
        if let Err(e) = self.store.mark_assisted(id).await {
            tracing::warn!(match_id = id, "a practice could not be marked unrated: {e}");
        }
        if !prefix.is_empty() {
            let deadlines = started.loaded.info.terms.deadlines(now);
            match self
                .store
                .submit_many(id, 0, &prefix, Some(deadlines))
                .await
            {
                Ok(s) => started.events = s.events.iter().map(|e| e.redact(None)).collect(),
                Err(e) => return Err(Outcome::private(self.faults.told(lang, Some(id), &e))),
            }
            started.loaded = match self.store.load(id).await {
                Ok(l) => l,
                Err(e) => return Err(Outcome::private(self.faults.told(lang, Some(id), &e))),
            };
        }
        Ok(started)
    }
}

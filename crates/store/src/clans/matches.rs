//! A match: created with the engine's setup, loaded from its snapshot (or replayed from
//! its inputs where the snapshot was written under other rules or another revision of
//! the pack), its terms, deadlines and thread changed, deleted.

use super::rows::{LoadRow, MatchRow, SQL, seat_cols};
use super::takeback;
use crate::error::Doing;
use crate::error::{db, db_row};
use crate::game::Rules;
use crate::game::{Event, RULES_VERSION, State};
use crate::tx::WriteTx;
use crate::{
    Deadlines, Loaded, MatchId, MatchInfo, Millis, NewMatch, Result, Status, Store, StoreError,
    StoredInput, Terms, guarded, id_in, id_out, now_ms,
};
use sqlx::AnyConnection;
use std::sync::Arc;

impl Store {
    /// Sets up a match with the engine and stores its setup and first snapshot
    /// (version 0). Returns it with the setup events (the opening hands and so on).
    pub async fn create_match(&self, new: NewMatch) -> Result<(Loaded, Vec<Event>)> {
        let rules = self.rules.clone();
        let setup = new.setup.clone();
        let (state, events) = guarded(|| State::new(&rules, setup))
            .and_then(|r| r)
            .map_err(StoreError::Setup)?;
        let setup_json = serde_json::to_string(&new.setup).expect("a setup serializes");
        let state_json = serde_json::to_string(&state).expect("a state serializes");
        let now = now_ms();
        let banks = new.terms.clock.starting_banks();
        let (s0u, s0a) = seat_cols(new.seats[0]);
        let (s1u, s1a) = seat_cols(new.seats[1]);
        let _turn = self.write_turn(Doing::write("saving a new match")).await?;
        let mut tx = WriteTx::begin(self.for_write(), Doing::write("saving a new match")).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO matches (guild_id, channel_id, thread_id, seat0_user, seat0_ai, \
             seat1_user, seat1_ai, pack_id, pack_hash, rules_version, setup, status, version, \
             created_at, updated_at, remind_at, timeout_at, remind_minutes, timeout_minutes, \
             clock, bank0_ms, bank1_ms, reach) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'active', 0, $12, $12, $13, $14, \
             $15, $16, $17, $18, $19, $20) \
             RETURNING id",
        )
        .bind(new.guild.map(id_in))
        .bind(id_in(new.channel))
        .bind(new.thread.map(id_in))
        .bind(s0u)
        .bind(s0a)
        .bind(s1u)
        .bind(s1a)
        .bind(&rules.pack.id)
        .bind(&rules.pack.hash)
        .bind(state.rules_version as i64)
        .bind(&setup_json)
        .bind(now)
        .bind(new.deadlines.remind_at)
        .bind(new.deadlines.timeout_at)
        .bind(new.terms.remind_minutes.map(i64::from))
        .bind(new.terms.timeout_minutes.map(i64::from))
        .bind(new.terms.clock.column())
        .bind(banks.map(|b| b[0]))
        .bind(banks.map(|b| b[1]))
        .bind(new.reach.column())
        .fetch_one(&mut *tx)
        .await
        .map_err(db(Doing::write("saving a new match")))?;
        sqlx::query("INSERT INTO snapshots (match_id, version, state) VALUES ($1, 0, $2)")
            .bind(id)
            .bind(&state_json)
            .execute(&mut *tx)
            .await
            .map_err(db(Doing::write("saving a new match")))?;
        tx.commit().await?;
        let info = MatchInfo {
            id,
            guild: new.guild,
            channel: new.channel,
            thread: new.thread,
            reach: new.reach,
            seats: new.seats,
            pack_id: rules.pack.id.clone(),
            pack_hash: rules.pack.hash.clone(),
            rules_version: state.rules_version,
            setup: new.setup,
            status: Status::Active,
            version: 0,
            created_at: now,
            updated_at: now,
            terms: new.terms,
            deadlines: new.deadlines,
            banks,
            assisted: false,
        };
        Ok((Loaded { info, state, rules }, events))
    }

    /// The match without its state.
    pub async fn info(&self, id: MatchId) -> Result<MatchInfo> {
        let row: Option<MatchRow> = sqlx::query_as(&SQL.select_match)
            .bind(id)
            .fetch_optional(self.db())
            .await
            .map_err(db_row(Doing::read("reading a match"), id))?;
        row.ok_or(StoreError::NotFound(id))?.into_info()
    }

    /// The match and its current state, from the snapshot, with the rules it is played
    /// by.
    pub async fn load(&self, id: MatchId) -> Result<Loaded> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading a match")))?;
        let row = load_row(&mut conn, id).await?;
        let snapshot = (row.snap_version, row.snap_state);
        let info = row.m.into_info()?;
        row.log.check(&info)?;
        let rules = self.rules_of(&info)?;
        let state = self.current_state(&info, &rules, snapshot)?;
        Ok(Loaded { info, state, rules })
    }

    /// The rules match `info` is played by: the revision of the card pack it started
    /// with (`Rules::revision`), on the default board. A revision this build does not
    /// know (a match stored by a newer build, or a pack file of an operator's own)
    /// leaves the match untouched.
    pub fn rules_of(&self, info: &MatchInfo) -> Result<Arc<Rules>> {
        self.check_compatible(info)?;
        if info.pack_hash == self.rules.pack.hash {
            return Ok(self.rules.clone());
        }
        let mut known = self.revisions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = known.get(&info.pack_hash) {
            return Ok(r.clone());
        }
        let rules = Rules::revision(&info.pack_hash).ok_or_else(|| StoreError::Incompatible {
            match_id: info.id,
            detail: format!(
                "the match started under revision {} of the card pack, which this build does \
                 not keep (it plays {})",
                info.pack_hash, self.rules.pack.hash
            ),
        })?;
        let rules = Arc::new(rules);
        known.insert(info.pack_hash.clone(), rules.clone());
        Ok(rules)
    }

    /// The state a submit continues from: the snapshot, written under the match's own
    /// rules version and pack revision (`rules`), checked.
    pub(crate) fn current_state(
        &self,
        info: &MatchInfo,
        rules: &Rules,
        snapshot: (Option<i64>, Option<String>),
    ) -> Result<State> {
        let id = info.id;
        let state = parse_snapshot(info, snapshot)?;
        // A snapshot that parses but holds nonsense would make the engine panic later:
        // check its card accounting and limits, and ask it what it waits for.
        guarded(|| {
            state.validate(rules)?;
            state.pending();
            Ok::<(), String>(())
        })
        .and_then(|r| r)
        .map_err(|detail| StoreError::Corrupt {
            match_id: id,
            detail: format!("the snapshot is inconsistent: {detail}"),
        })?;
        Ok(state)
    }

    pub(crate) fn check_compatible(&self, info: &MatchInfo) -> Result<()> {
        if info.pack_id != self.rules.pack.id {
            return Err(StoreError::Incompatible {
                match_id: info.id,
                detail: format!(
                    "the match uses card pack `{}`; this engine has `{}`",
                    info.pack_id, self.rules.pack.id
                ),
            });
        }
        if !self.replayable.contains(&info.rules_version) {
            let when = if info.rules_version > RULES_VERSION {
                "a newer"
            } else {
                "an older"
            };
            return Err(StoreError::Incompatible {
                match_id: info.id,
                detail: format!(
                    "the match was played under rules version {} ({when} version); this engine \
                     runs version {RULES_VERSION} and cannot replay it",
                    info.rules_version
                ),
            });
        }
        Ok(())
    }

    /// Replays setup and inputs with the current engine, under the rules version the
    /// match is played by.
    pub(crate) fn replay_inputs(
        &self,
        info: &MatchInfo,
        log: &(Vec<StoredInput>, i64),
    ) -> Result<State> {
        let rules = self.rules_of(info)?;
        let rules = &*rules;
        self.trips.replayed();
        let (inputs, last) = (&log.0, log.1);
        let id = info.id;
        let bad = |detail: String| StoreError::Corrupt {
            match_id: id,
            detail,
        };
        let setup = info.setup.clone();
        let version = info.rules_version;
        let (mut state, _) = guarded(|| State::new_under(rules, setup, version))
            .and_then(|r| r)
            .map_err(|e| bad(format!("the setup is refused by the engine: {e}")))?;
        let mut seq = 0;
        for inp in inputs {
            // Numbers skip only what takebacks undid (`read_inputs` checked the log).
            if inp.seq <= seq {
                return Err(bad(format!(
                    "the input log goes back from #{seq} to #{}",
                    inp.seq
                )));
            }
            seq = inp.seq;
            guarded(|| state.apply(rules, inp.seat, &inp.input))
                .map_err(|e| bad(format!("replaying input #{}: {e}", inp.seq)))?
                .map_err(|e| {
                    // Not the input itself: it may be a secret (a battle card not yet
                    // revealed), and this detail goes to the operator's log.
                    bad(format!(
                        "input #{} by seat {} is refused on replay: {e}",
                        inp.seq, inp.seat
                    ))
                })?;
        }
        if last != info.version {
            return Err(bad(format!(
                "the match is at version {} but its log ends at #{last}",
                info.version
            )));
        }
        Ok(state)
    }

    /// The inputs of a match still in force, in order (those a takeback undid are left
    /// out: [`Store::log`] has every entry): what replays the match.
    pub async fn inputs(&self, id: MatchId) -> Result<Vec<StoredInput>> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading inputs")))?;
        log_kept(&mut conn, id).await?;
        Ok(read_inputs(&mut conn, id).await?.0)
    }

    /// The match rebuilt from its setup and inputs alone (ignoring the snapshot).
    pub async fn replay(&self, id: MatchId) -> Result<Loaded> {
        let mut conn = self
            .db()
            .acquire()
            .await
            .map_err(db(Doing::read("reading a match")))?;
        let row: Option<MatchRow> = sqlx::query_as(&SQL.select_match)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db_row(Doing::read("reading a match"), id))?;
        let info = row.ok_or(StoreError::NotFound(id))?.into_info()?;
        let rules = self.rules_of(&info)?;
        log_kept(&mut conn, id).await?;
        let inputs = read_inputs(&mut conn, id).await?;
        let state = self.replay_inputs(&info, &inputs)?;
        Ok(Loaded { info, state, rules })
    }

    /// Sets the reminder and timeout of an active match. Returns false when the match is
    /// not active (finished or gone).
    pub async fn set_deadlines(&self, id: MatchId, deadlines: Deadlines) -> Result<bool> {
        self.still_there(Doing::write("saving deadlines"))?;
        let done = sqlx::query(
            "UPDATE matches SET remind_at = $2, timeout_at = $3 \
             WHERE id = $1 AND status = 'active'",
        )
        .bind(id)
        .bind(deadlines.remind_at)
        .bind(deadlines.timeout_at)
        .execute(self.db())
        .await
        .map_err(db(Doing::write("saving deadlines")))?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives an active match new terms from `now`: its reminder, timeout and clock, and
    /// deadlines counted from `now` (for a clock an absence has stopped, the time each
    /// deadline will have when it restarts). Returns false when the match is not active.
    pub async fn set_terms(&self, id: MatchId, terms: Terms, now: Millis) -> Result<bool> {
        const DOING: Doing = Doing::write("saving a match's terms");
        self.still_there(DOING)?;
        let d = terms.deadlines(now);
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let (mut changed, mut failed) = (0, None);
        for (sql, remind, timeout) in [
            (
                "UPDATE matches SET remind_minutes = $2, timeout_minutes = $3, \
                 remind_at = $4, timeout_at = $5, clock = $6, bank0_ms = $7, bank1_ms = $8 \
                 WHERE id = $1 AND status = 'active' AND paused_at IS NULL",
                d.remind_at,
                d.timeout_at,
            ),
            (
                "UPDATE matches SET remind_minutes = $2, timeout_minutes = $3, \
                 paused_remind_ms = $4, paused_timeout_ms = $5, clock = $6, bank0_ms = $7, \
                 bank1_ms = $8 \
                 WHERE id = $1 AND status = 'active' AND paused_at IS NOT NULL",
                d.remind_at.map(|t| t - now),
                d.timeout_at.map(|t| t - now),
            ),
        ] {
            let done = sqlx::query(sql)
                .bind(id)
                .bind(terms.remind_minutes.map(i64::from))
                .bind(terms.timeout_minutes.map(i64::from))
                .bind(remind)
                .bind(timeout)
                .bind(terms.clock.column())
                .bind(terms.clock.starting_banks().map(|b| b[0]))
                .bind(terms.clock.starting_banks().map(|b| b[1]))
                .execute(&mut *tx)
                .await
                .map_err(db_row(DOING, id));
            match done {
                Ok(done) => changed += done.rows_affected(),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        if let Some(e) = failed {
            tx.rollback().await;
            return Err(e);
        }
        tx.commit().await?;
        Ok(changed == 1)
    }

    /// Moves a match's posts into `thread` (made after the match, so that the player who
    /// accepted is answered before Discord's slow thread creation). Returns false when
    /// the match is gone.
    pub async fn set_thread(&self, id: MatchId, thread: u64) -> Result<bool> {
        self.still_there(Doing::write("saving a match's thread"))?;
        let done = sqlx::query("UPDATE matches SET thread_id = $2 WHERE id = $1")
            .bind(id)
            .bind(id_in(thread))
            .execute(self.db())
            .await
            .map_err(db(Doing::write("saving a match's thread")))?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks an active match as assisted (a player was given a hint): it will not be
    /// rated. Returns false when the match is not active.
    pub async fn mark_assisted(&self, id: MatchId) -> Result<bool> {
        const DOING: Doing = Doing::write("marking a match as assisted");
        self.still_there(DOING)?;
        let done =
            sqlx::query("UPDATE matches SET assisted = 1 WHERE id = $1 AND status = 'active'")
                .bind(id)
                .execute(self.db())
                .await
                .map_err(db(DOING))?;
        Ok(done.rows_affected() == 1)
    }

    /// Records `message` in `channel` as the match's live board and returns the one it
    /// replaces (whose buttons the caller takes off). `None`: there was none, the match
    /// is gone, or another post swapped at the same moment (which then has the old one
    /// to clear: a compare-and-set, so each old board is handed out once).
    pub async fn swap_live_board(
        &self,
        id: MatchId,
        channel: u64,
        message: u64,
    ) -> Result<Option<(u64, u64)>> {
        const DOING: Doing = Doing::write("saving a match's board post");
        self.still_there(DOING)?;
        let old: Option<(Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT board_channel, board_message FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(self.db())
                .await
                .map_err(db(DOING))?;
        let Some((old_channel, old_message)) = old else {
            return Ok(None);
        };
        let done = sqlx::query(
            "UPDATE matches SET board_channel = $2, board_message = $3 \
             WHERE id = $1 AND COALESCE(board_message, 0) = $4",
        )
        .bind(id)
        .bind(id_in(channel))
        .bind(id_in(message))
        .bind(old_message.unwrap_or(0))
        .execute(self.db())
        .await
        .map_err(db(DOING))?;
        Ok(match (done.rows_affected(), old_channel, old_message) {
            (1, Some(c), Some(m)) if m != id_in(message) => Some((id_out(c), id_out(m))),
            _ => None,
        })
    }

    /// Deletes a match with its inputs, snapshot and result (a data-deletion request,
    /// or benchmark clean-up). Returns whether it existed.
    pub async fn delete_match(&self, id: MatchId) -> Result<bool> {
        self.still_there(Doing::write("deleting a match"))?;
        let done = sqlx::query("DELETE FROM matches WHERE id = $1")
            .bind(id)
            .execute(self.db())
            .await
            .map_err(db(Doing::write("deleting a match")))?;
        Ok(done.rows_affected() == 1)
    }

    /// Match ids after `after`, ascending, whose logs are kept (for walking every match
    /// in pages).
    pub async fn match_ids(&self, after: MatchId, limit: i64) -> Result<Vec<MatchId>> {
        // A match whose log was deleted after the retention has nothing to walk.
        sqlx::query_scalar(
            "SELECT id FROM matches WHERE id > $1 AND log_pruned_at IS NULL ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(self.db())
        .await
        .map_err(db(Doing::read("reading matches")))
    }
}

/// A match row with its snapshot.
pub(crate) async fn load_row(conn: &mut AnyConnection, id: MatchId) -> Result<LoadRow> {
    let row: Option<LoadRow> = sqlx::query_as(&SQL.load)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_row(Doing::read("reading a match"), id))?;
    match row {
        Some(r) if r.log_pruned_at.is_some() => Err(StoreError::Pruned(id)),
        Some(r) => Ok(r),
        None => Err(StoreError::NotFound(id)),
    }
}

/// `Err(Pruned)` when match `id`'s log was deleted after the operator's retention (the
/// reads of its log alone; a load learns it with the match's row).
async fn log_kept(conn: &mut AnyConnection, id: MatchId) -> Result<()> {
    let pruned: Option<Option<i64>> =
        sqlx::query_scalar("SELECT log_pruned_at FROM matches WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db_row(Doing::read("reading a match"), id))?;
    match pruned {
        Some(Some(_)) => Err(StoreError::Pruned(id)),
        _ => Ok(()),
    }
}

/// The inputs in force, and the last number of the log (checked whole: no gap, each
/// takeback undoing inputs in force).
pub(crate) async fn read_inputs(
    conn: &mut AnyConnection,
    id: MatchId,
) -> Result<(Vec<StoredInput>, i64)> {
    let log = takeback::read_log(conn, id).await?;
    let part = log.in_force(id, 0, true)?;
    Ok((part.inputs, part.last))
}

fn parse_snapshot(info: &MatchInfo, snapshot: (Option<i64>, Option<String>)) -> Result<State> {
    let id = info.id;
    let bad = |detail: String| StoreError::Corrupt {
        match_id: id,
        detail,
    };
    let (Some(version), Some(json)) = snapshot else {
        return Err(bad("the match has no snapshot".into()));
    };
    if version != info.version {
        return Err(bad(format!(
            "the snapshot is of version {version} but the match is at version {}",
            info.version
        )));
    }
    serde_json::from_str(&json).map_err(|e| bad(format!("the snapshot is unreadable: {e}")))
}

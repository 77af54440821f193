//! Forgetting a player (`/clans forget-me`): in one transaction, what is theirs alone
//! is deleted (settings, display name, pings owed, absences, lessons, their ratings,
//! the matches they follow, their notes),
//! and where others keep a record with them in it (matches, results' rating changes,
//! leagues, Crystallo boards, challenge claims, moderators' log) their Discord id is
//! replaced by a placeholder: a number from `forgotten_users`, which no Discord account
//! has (account ids are snowflakes, far above [`PLACEHOLDER_LIMIT`]). Others' results
//! and ratings read as before; nobody can tell which account it was.
//!
//! Running matches are the app's to end first (resigned, with their posts); one that
//! starts meanwhile is anonymized too, and its clock forfeits it.

use crate::error::{Doing, db};
use crate::tx::WriteTx;
use crate::{Millis, Result, Store, id_in, id_out};

/// Placeholders are below this; a Discord account id never is (a snowflake's time
/// part alone puts it above 2^22).
pub const PLACEHOLDER_LIMIT: u64 = 1 << 22;

/// Whether `user` is a forgotten player's placeholder rather than a Discord account.
pub fn is_placeholder(user: u64) -> bool {
    user < PLACEHOLDER_LIMIT
}

/// What [`Store::forget_user`] changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Forgotten {
    /// The number that now stands for the player.
    pub placeholder: u64,
    /// Rows deleted (theirs alone).
    pub deleted: u64,
    /// Rows where the placeholder replaced them (records others keep).
    pub replaced: u64,
}

/// `(table, column)` holding a user id in records others keep.
const REPLACED: &[(&str, &str)] = &[
    ("matches", "seat0_user"),
    ("matches", "seat1_user"),
    ("rating_changes", "user_id"),
    ("league_players", "user_id"),
    ("league_games", "seat0"),
    ("league_games", "seat1"),
    ("leagues", "created_by"),
    ("crystallo_games", "user_id"),
    ("challenge_claims", "claimed_by"),
    ("moderator_actions", "moderator_id"),
];

/// `(table, column)` holding a user id in rows that are theirs alone.
const DELETED: &[(&str, &str)] = &[
    ("user_settings", "user_id"),
    ("user_names", "user_id"),
    ("notify_due", "user_id"),
    ("absences", "user_id"),
    ("lessons", "user_id"),
    ("ratings", "user_id"),
    ("match_followers", "user_id"),
    ("match_notes", "user_id"),
];

impl Store {
    /// Forgets `user` at `now` (see the module's documentation). Nothing stored about
    /// them: nothing changes, and the placeholder is 0.
    pub async fn forget_user(&self, user: u64, now: Millis) -> Result<Forgotten> {
        const DOING: Doing = Doing::write("forgetting a player");
        self.still_there(DOING)?;
        let _turn = self.write_turn(DOING).await?;
        let mut tx = WriteTx::begin(self.for_write(), DOING).await?;
        let (placeholder,): (i64,) =
            sqlx::query_as("INSERT INTO forgotten_users (forgotten_at) VALUES ($1) RETURNING id")
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .map_err(db(DOING))?;
        let mut done = Forgotten {
            placeholder: id_out(placeholder),
            ..Forgotten::default()
        };
        for (table, column) in REPLACED {
            done.replaced += sqlx::query(&format!(
                "UPDATE {table} SET {column} = $2 WHERE {column} = $1"
            ))
            .bind(id_in(user))
            .bind(placeholder)
            .execute(&mut *tx)
            .await
            .map_err(db(DOING))?
            .rows_affected();
        }
        for (table, column) in DELETED {
            done.deleted += sqlx::query(&format!("DELETE FROM {table} WHERE {column} = $1"))
                .bind(id_in(user))
                .execute(&mut *tx)
                .await
                .map_err(db(DOING))?
                .rows_affected();
        }
        if done.replaced + done.deleted == 0 {
            // Nothing to stand in for: no placeholder is used up.
            tx.rollback().await;
            return Ok(Forgotten::default());
        }
        tx.commit().await?;
        Ok(done)
    }

    /// How many rows name `user` (0 once forgotten): what `forget-me` would change.
    pub async fn rows_about(&self, user: u64) -> Result<u64> {
        let mut n = 0;
        for (table, column) in REPLACED.iter().chain(DELETED) {
            let (c,): (i64,) =
                sqlx::query_as(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1"))
                    .bind(id_in(user))
                    .fetch_one(self.db())
                    .await
                    .map_err(db(Doing::read("reading what is stored about a player")))?;
            n += c as u64;
        }
        Ok(n)
    }
}

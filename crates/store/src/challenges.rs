//! Challenge claims: accepting or declining a challenge claims it by its public terms
//! (one insert that only one process can win), so a challenge is answered once, also
//! after a restart.

use super::error::db;
use super::{ChallengeOutcome, Result, Store, id_in, now_ms};
use crate::error::Doing;

impl Store {
    /// Claims a challenge (by its public terms) for `user`: `Ok(false)` when it was
    /// already accepted or declined. The claim is what makes "accept" happen once, even
    /// with two clicks racing in two processes or a click after a restart.
    pub async fn claim_challenge(
        &self,
        challenge: &str,
        outcome: ChallengeOutcome,
        user: u64,
    ) -> Result<bool> {
        self.still_there(Doing::write("saving a challenge"))?;
        let done = sqlx::query(
            "INSERT INTO challenge_claims (challenge, outcome, claimed_by, claimed_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (challenge) DO NOTHING",
        )
        .bind(challenge)
        .bind(outcome.as_str())
        .bind(id_in(user))
        .bind(now_ms())
        .execute(self.db())
        .await
        .map_err(db(Doing::write("saving a challenge")))?;
        Ok(done.rows_affected() == 1)
    }

    /// How a challenge was claimed, if it was.
    pub async fn challenge_claim(&self, challenge: &str) -> Result<Option<ChallengeOutcome>> {
        let outcome: Option<String> =
            sqlx::query_scalar("SELECT outcome FROM challenge_claims WHERE challenge = $1")
                .bind(challenge)
                .fetch_optional(self.db())
                .await
                .map_err(db(Doing::read("reading a challenge")))?;
        Ok(outcome.map(|o| {
            if o == "declined" {
                ChallengeOutcome::Declined
            } else {
                ChallengeOutcome::Accepted
            }
        }))
    }

    /// Gives a claimed challenge back (the match could not be created after all).
    pub async fn release_challenge(&self, challenge: &str) -> Result<()> {
        self.still_there(Doing::write("saving a challenge"))?;
        sqlx::query("DELETE FROM challenge_claims WHERE challenge = $1")
            .bind(challenge)
            .execute(self.db())
            .await
            .map_err(db(Doing::write("saving a challenge")))?;
        Ok(())
    }
}

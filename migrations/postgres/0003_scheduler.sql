-- The scheduler's bookkeeping. A match it cannot load (damaged, or stored by rules this
-- engine cannot replay) is set aside: its deadlines are cleared, so the queue moves on
-- and it is not retried (or reported) every tick, and these columns say when and why,
-- so an operator can list it and re-arm it after a repair. Keep in step with ../sqlite/.

ALTER TABLE matches ADD COLUMN held_at BIGINT;      -- set aside by the scheduler (NULL: not)
ALTER TABLE matches ADD COLUMN held_reason TEXT;    -- why, without private detail

CREATE INDEX matches_held ON matches (held_at) WHERE held_at IS NOT NULL;

-- Active matches against the AI, by their last move: the idle ones are abandoned.
CREATE INDEX matches_active_ai_idle ON matches (updated_at)
    WHERE status = 'active' AND (seat0_ai IS NOT NULL OR seat1_ai IS NOT NULL);

-- Claims of expired challenges are pruned by age.
CREATE INDEX challenge_claims_claimed_at ON challenge_claims (claimed_at);

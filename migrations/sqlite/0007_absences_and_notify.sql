-- Absences (`/clans away`) and the turn clocks they pause. A match's clock pauses while
-- a player it waits for is away: its deadlines move into the `paused_*` columns as the
-- time they had left, so the scheduler's deadline indexes never see them, and come back
-- as that much time from the absence's end. Keep in step with ../postgres/.

ALTER TABLE matches ADD COLUMN paused_at INTEGER;         -- clock paused since (NULL: running)
ALTER TABLE matches ADD COLUMN paused_remind_ms INTEGER;  -- time left to the next reminder
ALTER TABLE matches ADD COLUMN paused_timeout_ms INTEGER; -- time left to the forfeit

CREATE TABLE absences (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL,        -- as planned, or when it was ended early
    note       TEXT,                    -- what the player said (shown to opponents)
    resumed_at INTEGER,                 -- when its matches' clocks restarted (NULL: not yet)
    CHECK (ends_at >= starts_at)
);

-- A player's absences by their end: the current one, and those within the last 30 days
-- (the limit counts them).
CREATE INDEX absences_user_end ON absences (user_id, ends_at);
-- Absences over whose clocks are not yet restarted: the scheduler's queue.
CREATE INDEX absences_to_resume ON absences (ends_at) WHERE resumed_at IS NULL;

-- What the bot owes a player who chose how they are pinged (`/clans notify`): the
-- catch-up message when their quiet hours end (set when a ping was held back), and
-- their next daily digest. Stored, not kept in memory, so a restart owes the same.
CREATE TABLE notify_due (
    user_id    INTEGER PRIMARY KEY,
    catchup_at INTEGER,                 -- NULL: nothing held back
    digest_at  INTEGER                  -- NULL: no digest
);

CREATE INDEX notify_due_catchup ON notify_due (catchup_at) WHERE catchup_at IS NOT NULL;
CREATE INDEX notify_due_digest ON notify_due (digest_at) WHERE digest_at IS NOT NULL;

-- A match's own time terms, agreed when the challenge was accepted (the server's
-- defaults or the challenge's own timeout), and claimed challenges, so that a challenge
-- is accepted at most once even across restarts and several bot processes; display
-- names, so images and history name players after a restart.

ALTER TABLE matches ADD COLUMN remind_minutes INTEGER;   -- idle time before a reminder (NULL: none)
ALTER TABLE matches ADD COLUMN timeout_minutes INTEGER;  -- idle time before a forfeit (NULL: none)

CREATE TABLE challenge_claims (
    challenge  TEXT    PRIMARY KEY,               -- the challenge's public terms (its button id)
    outcome    TEXT    NOT NULL CHECK (outcome IN ('accepted', 'declined')),
    claimed_by INTEGER NOT NULL,                  -- the Discord user who accepted or declined
    claimed_at INTEGER NOT NULL
);

CREATE TABLE user_names (
    user_id    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,                  -- the Discord display name last seen
    updated_at INTEGER NOT NULL
);

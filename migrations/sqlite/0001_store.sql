-- The match store (SQLite). Times are milliseconds since the Unix epoch; Discord ids
-- are 64-bit integers; JSON is stored as TEXT. Keep in step with ../postgres/.

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,                    -- NULL: a match outside any server
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    seat0_user    INTEGER,                    -- each seat is a Discord user or an AI level
    seat0_ai      INTEGER,
    seat1_user    INTEGER,
    seat1_ai      INTEGER,
    pack_id       TEXT    NOT NULL,
    pack_hash     TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    setup         TEXT    NOT NULL,           -- JSON game::Setup: clans, seed, mulligan
    status        TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    version       INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0), -- = inputs applied
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    remind_at     INTEGER,                    -- next reminder due (NULL: none)
    timeout_at    INTEGER,                    -- turn timeout (NULL: none)
    CHECK ((seat0_user IS NULL) <> (seat0_ai IS NULL)),
    CHECK ((seat1_user IS NULL) <> (seat1_ai IS NULL))
);

CREATE INDEX matches_active_seat0 ON matches (seat0_user) WHERE status = 'active';
CREATE INDEX matches_active_seat1 ON matches (seat1_user) WHERE status = 'active';
CREATE INDEX matches_active_guild ON matches (guild_id) WHERE status = 'active';
CREATE INDEX matches_remind ON matches (remind_at) WHERE status = 'active';
CREATE INDEX matches_timeout ON matches (timeout_at) WHERE status = 'active';

-- Append-only: a row is never updated; rows go only with their match.
CREATE TABLE inputs (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 1),   -- 1, 2, 3, ... with no gap
    seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
    input    TEXT    NOT NULL,                    -- JSON game::Input
    at       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER inputs_append_only BEFORE UPDATE ON inputs
BEGIN
    SELECT RAISE(ABORT, 'inputs are append-only');
END;

-- The state after `version` inputs, for fast loading.
CREATE TABLE snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    state    TEXT    NOT NULL                     -- JSON game::State
);

-- Finished matches, for history and ratings.
CREATE TABLE results (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    winner      INTEGER CHECK (winner IN (0, 1)), -- NULL: nobody won (abandoned)
    reason      TEXT    NOT NULL CHECK (reason IN ('win', 'resign', 'timeout', 'abandoned')),
    inputs      INTEGER NOT NULL,
    finished_at INTEGER NOT NULL
);

CREATE INDEX results_finished_at ON results (finished_at);

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL,                  -- JSON store::GuildSettings
    updated_at INTEGER NOT NULL
);

CREATE TABLE user_settings (
    user_id    INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL,                  -- JSON store::UserSettings
    updated_at INTEGER NOT NULL
);

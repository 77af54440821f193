-- Crystallo, the solo cavern game (`/crystallo`): one row per game played, and its
-- append-only log of inputs. A game is its seed plus its inputs; `state` is the
-- snapshot after `version` inputs for fast loading (it keeps its own card faces, so a
-- saved game plays on under the deck it was dealt). Keep in step with ../postgres/.

CREATE TABLE crystallo_games (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,                 -- the server (NULL: a practice game outside one)
    channel_id INTEGER NOT NULL,        -- where the final post goes
    user_id    INTEGER NOT NULL,
    day        INTEGER,                 -- the daily's UTC day (days since 1970-01-01); NULL: practice
    seed       INTEGER NOT NULL,        -- the deal (crystallo::rng::daily_seed for a daily)
    version    INTEGER NOT NULL,        -- inputs applied so far
    state      TEXT    NOT NULL,        -- JSON crystallo::State after `version` inputs
    status     TEXT    NOT NULL,        -- 'active' or 'finished'
    title      TEXT,                    -- when finished: the title's id, the wealth's id,
    wealth     TEXT,
    score      INTEGER,                 -- the scoring table's points,
    treasures  INTEGER,                 -- treasure cards collected
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK (status IN ('active', 'finished'))
);

-- One daily per person per server per day: the insert that only one play can win (NULL
-- days, practice games, never collide).
CREATE UNIQUE INDEX crystallo_daily_once ON crystallo_games (guild_id, user_id, day);
-- A server's leaderboard of a day, and a player's adventure log.
CREATE INDEX crystallo_games_day ON crystallo_games (guild_id, day, status);
CREATE INDEX crystallo_games_user ON crystallo_games (user_id, created_at);

CREATE TABLE crystallo_inputs (
    game_id INTEGER NOT NULL REFERENCES crystallo_games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,           -- 1, 2, 3, ... (the game's version after it)
    input   TEXT    NOT NULL,           -- JSON crystallo::Input
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER crystallo_inputs_append_only BEFORE UPDATE ON crystallo_inputs
BEGIN
    SELECT RAISE(ABORT, 'crystallo inputs are append-only');
END;

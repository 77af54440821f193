-- Server leagues: a league, its players, and its rounds' boards with their matches.
-- A round starts by a conditional update of `leagues.round` (one process wins it) in
-- the transaction that writes its boards; each board's match is created after, and a
-- board without one is created by the next scheduler tick, so a restart between the
-- two loses nothing. A board's result is its match's (`results`), or `forfeit` when it
-- was decided without a match (a player had left). Keep in step with ../postgres/.

CREATE TABLE leagues (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,                -- where its posts and threads go
    name           TEXT    NOT NULL,
    name_key       TEXT    NOT NULL,                -- the name folded for lookups
    format         TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    swiss_rounds   INTEGER,                         -- Swiss only
    days_per_round INTEGER NOT NULL CHECK (days_per_round >= 1),
    clan_rule      TEXT    NOT NULL CHECK (clan_rule IN ('free', 'fixed', 'random')),
    clan           INTEGER,                         -- the fixed rule's clan
    status         TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round          INTEGER NOT NULL DEFAULT 0,      -- the current round (0: not started)
    round_deadline INTEGER,                         -- when the current round ends
    created_by     INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);

-- A server's leagues by name; a cancelled or finished league frees its name.
CREATE UNIQUE INDEX leagues_name ON leagues (guild_id, name_key)
    WHERE status IN ('open', 'running');
-- The scheduler's look for running leagues.
CREATE INDEX leagues_running ON leagues (status, round_deadline);

CREATE TABLE league_players (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    joined_at INTEGER NOT NULL,
    clan      INTEGER,                              -- the clan chosen at joining (free rule)
    left_at   INTEGER,                              -- left: not paired again
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_games (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    board     INTEGER NOT NULL CHECK (board >= 0),
    seat0     INTEGER NOT NULL,
    seat1     INTEGER,                              -- NULL: seat0 has the bye
    match_id  INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    forfeit   INTEGER CHECK (forfeit IN (0, 1)),    -- the seat that won without a match
    PRIMARY KEY (league_id, round, board)
);

CREATE INDEX league_games_match ON league_games (match_id);

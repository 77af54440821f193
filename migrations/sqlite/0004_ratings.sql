-- Glicko-2 ratings, per server and across all servers, and what each rated match did
-- to them (the final post shows it; a profile's record per clan is counted from it).
-- A result and its rating changes are written in one transaction. Matches that nobody
-- won (abandoned) change no rating; the AI has a fixed rating per level and no row.
-- Keep in step with ../postgres/.

CREATE TABLE ratings (
    scope      INTEGER NOT NULL,                  -- the server's id, or 0: all servers
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
);

-- The leaderboard: a server's players by rating.
CREATE INDEX ratings_board ON ratings (scope, rating DESC);

CREATE TABLE rating_changes (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    scope          INTEGER NOT NULL,              -- as in ratings
    seat           INTEGER NOT NULL CHECK (seat IN (0, 1)),
    user_id        INTEGER NOT NULL,
    clan           INTEGER NOT NULL,              -- the clan this seat played
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    rating_before  REAL    NOT NULL,
    rating_after   REAL    NOT NULL,
    deviation_after REAL   NOT NULL,
    PRIMARY KEY (match_id, scope, seat)
);

-- A player's record per clan in a scope.
CREATE INDEX rating_changes_user ON rating_changes (user_id, scope);

-- A player's finished matches (a profile's recent matches, `/clans history mine`): the
-- older indexes on the seats cover active matches only.
CREATE INDEX matches_seat0_user ON matches (seat0_user);
CREATE INDEX matches_seat1_user ON matches (seat1_user);

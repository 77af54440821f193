-- Moderators' actions (`/clans-admin`): the audit log of who did what to which match
-- or league, and why. A row is written when a moderator asks (with the reason), and
-- confirmed once: the confirmation claims the row (`confirmed_at`), so a double click
-- or a second bot process acts once. Keep in step with ../postgres/.
CREATE TABLE moderator_actions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    moderator_id INTEGER NOT NULL,
    action       TEXT NOT NULL
                 CHECK (action IN ('void', 'pause', 'resume', 'extend', 'award', 'end-league')),
    match_id     INTEGER,                -- the match acted on (NULL: a league's action)
    league_id    INTEGER,                -- the league acted on (NULL: a match's action)
    detail       INTEGER,                -- extend: minutes added; award: the winning seat
    reason       TEXT NOT NULL,          -- what the moderator wrote (told to the players)
    asked_at     INTEGER NOT NULL,
    confirmed_at INTEGER,                -- confirmed or cancelled (NULL: still asked)
    outcome      TEXT                    -- 'done', 'cancelled', or why nothing changed
);

-- A server's actions, newest first (the audit's reading order).
CREATE INDEX moderator_actions_guild ON moderator_actions (guild_id, id);

-- A moderator stopped the match's clock (NULL: not): its deadlines are paused as an
-- absence pauses them, and neither a move nor an absence's end restarts them; only a
-- moderator's resume does.
ALTER TABLE matches ADD COLUMN mod_paused_at INTEGER;

-- A player's private notes on a match (the panel's Notes button, a modal): shown only
-- to their writer, at the top of their panel. Keep in step with ../postgres/.
CREATE TABLE match_notes (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    note       TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

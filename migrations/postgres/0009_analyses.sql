-- Post-game analyses (`/clans analysis`): one per finished match and analysis key,
-- stored so a second request is instant. The key names how it was computed (the
-- analysis's version, its search budget and the match's rules version): a change of
-- budget computes a new one beside the old. `body` is the analysis as JSON, drawn
-- again at each request in the asker's server's language. Keep in step with the
-- other backend's folder. Deleted with its match.

CREATE TABLE analyses (
    match_id   BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,   -- ms since the epoch
    PRIMARY KEY (match_id, key)
);

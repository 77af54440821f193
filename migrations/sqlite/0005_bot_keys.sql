-- Keys the bot keeps for itself. `custom-ids` signs the terms a challenge's buttons
-- carry: a custom id is public and a client can send one it made up, so the signature
-- is what binds an Accept to terms the bot really offered. One row per key, made on
-- first use; every bot process on this database shares it, and it outlives restarts
-- (a new key would refuse every challenge still open). Keep in step with the other
-- backend's folder.

CREATE TABLE bot_keys (
    name TEXT PRIMARY KEY,
    hex  TEXT NOT NULL      -- the key's bytes in hexadecimal
);

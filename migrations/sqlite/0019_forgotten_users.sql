-- Players who asked to be forgotten (`/clans forget-me`). Only a number and a time:
-- the Discord id is gone from every table, and in the matches, results, ratings and
-- leagues others keep, the number stands in for it (as user id `id`, which no
-- Discord account has: account ids are above 2^22). Keep in step with ../postgres/.
CREATE TABLE forgotten_users (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    forgotten_at INTEGER NOT NULL
);

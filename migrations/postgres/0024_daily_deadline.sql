-- A match's clock (store::Clock::column): NULL for the per-turn timeout, else
-- "daily HOUR ZONE", a daily deadline at a local hour of the server's time zone as it
-- was when the match started. Keep in step with ../sqlite/.
ALTER TABLE matches ADD COLUMN clock TEXT;

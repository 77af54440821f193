-- A match's clock (store::Clock::column): NULL for the per-turn timeout, else
-- "daily HOUR ZONE", a daily deadline at a local hour of the server's time zone as it
-- was when the match started, or "bank MINUTES ADD", a time bank per player. Under a
-- bank, each seat's bank in milliseconds when its clock last started (clock.rs,
-- Banks::after); NULL under the other clocks. Keep in step with ../postgres/.
ALTER TABLE matches ADD COLUMN clock TEXT;
ALTER TABLE matches ADD COLUMN bank0_ms BIGINT;
ALTER TABLE matches ADD COLUMN bank1_ms BIGINT;

-- /crystallo learn: a lesson game (the fixed lesson deal, guided by lessons) is marked,
-- so that it is never on a day's leaderboard, counts for no best score and is listed as
-- a lesson in the adventure log. Which lessons were shown is not stored: it follows
-- from the game's inputs (crates/crystallo/src/lesson.rs). Keep in step with ../postgres/.
ALTER TABLE crystallo_games ADD COLUMN lesson INTEGER NOT NULL DEFAULT 0;

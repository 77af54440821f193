-- A match in which a player asked for a hint (matches against the AI only): its
-- final post says so and it is not rated.
ALTER TABLE matches ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;

-- Unfinished Crystallo practice games expire after a month without a placement (the
-- scheduler's upkeep deletes them, their placements with them): the idle ones, oldest
-- first, found from this index alone.
CREATE INDEX crystallo_practice_idle ON crystallo_games (updated_at)
    WHERE day IS NULL AND status = 'active';

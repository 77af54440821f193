-- An operator's retention of finished matches' logs (CLANS_KEEP_FINISHED_DAYS): past
-- it, a finished match's inputs, takebacks, snapshot and analysis are deleted, and the
-- match keeps its row, its result and its rating changes (history, profiles and ratings
-- read as before). A load of such a match says so instead of reporting damage.
-- Keep in step with ../sqlite/.
ALTER TABLE matches ADD COLUMN log_pruned_at BIGINT; -- when its log was deleted (NULL: kept)

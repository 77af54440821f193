-- /clans learn: the lesson whose move the learner's next input answers (its bit, 0 for
-- none), so that another legal move is explained once, after a restart too.
ALTER TABLE lessons ADD COLUMN asked BIGINT NOT NULL DEFAULT 0;

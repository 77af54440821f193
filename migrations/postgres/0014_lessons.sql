-- /clans learn: each learner's lesson match and the lessons already shown (one bit
-- per lesson, src/app/learn/lessons.rs), so a learner resumes where they left off.
CREATE TABLE lessons (
    user_id    BIGINT PRIMARY KEY,
    match_id   BIGINT,
    seen       BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);
CREATE INDEX lessons_match ON lessons (match_id);

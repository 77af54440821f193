-- Who follows a match (its board's Follow button): added to its thread, and told by
-- direct message once when it ends (`told_at`, claimed by one process). Private: no post
-- says who follows. Keep in step with ../sqlite/.
CREATE TABLE match_followers (
    match_id    BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    followed_at BIGINT NOT NULL,
    told_at     BIGINT,                    -- told that it ended (NULL: not yet)
    PRIMARY KEY (match_id, user_id)
);

-- The followers still to be told, for the scheduler.
CREATE INDEX match_followers_untold ON match_followers (match_id) WHERE told_at IS NULL;

-- The morning recap of a server's Crystallo daily (the leaderboard, the titles, the best
-- cavern's picture): one row per server and day once it is claimed, so that it is posted
-- once, by one process, whatever restarts come between. Keep in step with ../sqlite/.
CREATE TABLE crystallo_recaps (
    guild_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    posted_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- How the bot reaches a match's channel (store::Reach): 0, it posts there; 1, only
-- through the answers to its players' interactions (a group DM the bot is not in,
-- brought there by a player's install of the app, issue 53). Keep in step with
-- ../sqlite/.
ALTER TABLE matches ADD COLUMN reach INTEGER NOT NULL DEFAULT 0;

-- The match's latest board post (where its buttons are played from): posting the next
-- one takes the buttons off this one, so a scrolled-back board offers no stale Resign.
ALTER TABLE matches ADD COLUMN board_channel BIGINT;
ALTER TABLE matches ADD COLUMN board_message BIGINT;

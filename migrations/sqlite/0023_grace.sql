-- The one automatic grace before a forfeit (a server's `grace_minutes` setting): the
-- seats that used theirs in this match, as bits (seat 0: 1, seat 1: 2). Set in the same
-- statement that moves the forfeit, so two processes grant it once. Keep in step with
-- ../postgres/.
ALTER TABLE matches ADD COLUMN grace_used INTEGER NOT NULL DEFAULT 0;

-- Takebacks: an entry of a match's log beside its inputs. The log is the inputs and
-- the takebacks together, numbered 1, 2, 3, ... with no gap (`matches.version` is the
-- last number); a takeback at `seq` undoes every input in force from `first_undone`
-- on. Nothing is deleted or rewritten: an undone input stays at its number, marked by
-- the takeback after it. Append-only, like `inputs`. Keep in step with ../sqlite/.

CREATE TABLE takebacks (
    match_id     BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq          BIGINT NOT NULL CHECK (seq >= 1),
    seat         BIGINT NOT NULL CHECK (seat IN (0, 1)),   -- who asked
    first_undone BIGINT NOT NULL CHECK (first_undone >= 1 AND first_undone < seq),
    at           BIGINT NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE FUNCTION takebacks_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'takebacks are append-only';
END;
$$;

CREATE TRIGGER takebacks_append_only BEFORE UPDATE ON takebacks
    FOR EACH ROW EXECUTE FUNCTION takebacks_append_only();

-- A request to take back, one per match and version: who asked, and whether the
-- opponent declined. A second request at the same position is refused (no repeated
-- pings), and a decline is final (Allow on an older prompt then changes nothing).
-- Deleted with its match.
CREATE TABLE takeback_requests (
    match_id    BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL,
    asker       BIGINT NOT NULL CHECK (asker IN (0, 1)),
    asked_at    BIGINT NOT NULL,
    declined_at BIGINT,
    PRIMARY KEY (match_id, version)
);

-- 0008: the move log is append-only, enforced by the database. A changed 7 Wonders pick is
-- now a move of its own (the engine's "repick:<move>", appended after the pick it
-- supersedes), so no code path updates or deletes a move row; these triggers refuse both
-- (0001 already refused UPDATE; recreated here so one migration states the whole rule).
-- A game is never deleted (lobbies end as 'abandoned'), so ON DELETE CASCADE never fires.
--
-- Games changed before 0008 hold the newest pick in the old one's place (same seq): that
-- log replays as it is, so existing rows stay untouched. pick_changes.seq now names the
-- appended change (before 0008: the pick replaced in place).

DROP TRIGGER IF EXISTS moves_no_update;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;

CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;

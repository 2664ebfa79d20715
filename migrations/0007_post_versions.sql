-- 0007: a board or result post remembers the game version it showed. "Posted" then means
-- "a post shows this version", so the start-up catch-up finds every game whose latest state
-- never reached its channel - also one that was never posted at all (a crash right after
-- Start), which the old rule (a move newer than the last post) could not see.
ALTER TABLE bot_messages ADD COLUMN version INTEGER;

-- Earlier posts showed the moves saved before them (the rule the catch-up used until now).
UPDATE bot_messages SET version = (
    SELECT COALESCE(MAX(m.seq), 0) FROM moves AS m
    WHERE m.game_id = bot_messages.game_id AND m.created_at <= bot_messages.created_at
) WHERE kind IN ('board', 'result');

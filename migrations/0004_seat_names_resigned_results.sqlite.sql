-- 0004: a human seat's display name survives restarts, and results know which human seats
-- were resigned (an AI finished them), so stats don't credit the human with the AI's result.

ALTER TABLE seats ADD COLUMN display_name TEXT;  -- the player's name as last seen; NULL: AI
                                                 -- seat, or a human not seen since 0004

-- 1: the seat's human resigned before the end. Stats count it as a game lost with 0 points.
ALTER TABLE results ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1));

-- Games finished before 0004 credited resigned humans with the AI's rank and points.
UPDATE results SET resigned = 1
WHERE user_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM seats AS s
    WHERE s.game_id = results.game_id AND s.seat = results.seat AND s.resigned_at IS NOT NULL);

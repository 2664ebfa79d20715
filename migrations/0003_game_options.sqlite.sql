-- 0003: per-game options get real columns. Until now they were bot_messages rows without a
-- Discord message behind them (message_id 0): kind 'timer' (message_id = the table's turn timer
-- in seconds) and kind 'resigned' (seat = a seat handed to the AI). Moved here and deleted.

ALTER TABLE games ADD COLUMN turn_timer_s INTEGER NOT NULL DEFAULT 0
    CHECK (turn_timer_s >= 0);                   -- seconds per turn; 0 = no timer

ALTER TABLE seats ADD COLUMN resigned_at REAL;   -- set: the seat resigned, an AI plays it

UPDATE games SET turn_timer_s = COALESCE((
    SELECT MAX(m.message_id, 0) FROM bot_messages AS m
    WHERE m.game_id = games.id AND m.kind = 'timer' ORDER BY m.id DESC LIMIT 1), 0);

UPDATE seats SET resigned_at = (
    SELECT MIN(m.created_at) FROM bot_messages AS m
    WHERE m.game_id = seats.game_id AND m.kind = 'resigned' AND m.seat = seats.seat);

-- Only these markers used the two kinds (public posts are 'resign', 'reminder', 'timeout'…).
DELETE FROM bot_messages WHERE kind IN ('timer', 'resigned');
